"""Coverage comes from the rules modules: what each family declares, and the action types
it judges, are checked against the catalog and the code (issue 7)."""

from __future__ import annotations

import inspect
import re

from adjudicator.systems.washingtons_war import actions
from adjudicator.systems.washingtons_war.data import bundled_data
from adjudicator.systems.washingtons_war.rules import _MODULES, FAMILIES
from adjudicator.systems.washingtons_war.rules.context import map_graph

CATALOG = {entry.id for entry in bundled_data().catalog}
ACTION_TYPES = {name for name, value in vars(actions).items()
                if inspect.isclass(value) and name[0].isupper()}


def test_every_declared_rule_id_is_in_the_catalog() -> None:
    declared = {rule for family in FAMILIES for rule in family.checks}
    assert declared <= CATALOG, sorted(declared - CATALOG)


def test_no_rule_id_is_declared_by_two_families() -> None:
    seen: dict[str, str] = {}
    for family in FAMILIES:
        for rule in family.checks:
            assert rule not in seen, f"{rule} in {seen.get(rule)} and {family.name}"
            seen[rule] = family.name


def test_every_rule_a_module_cites_in_a_check_is_declared_by_it() -> None:
    """A rules module may only yield outcomes for rule ids its family declares."""
    for module in _MODULES:
        source = inspect.getsource(module)
        cited = set(re.findall(r'Check\.\w+\(\s*"(WW-[A-Z]+-\d\d)"', source))
        cited |= set(re.findall(r'(?:rule|rule_uses) = "(WW-[A-Z]+-\d\d)"', source))
        assert cited, module.__name__
        assert cited <= module.FAMILY.checks, (module.__name__,
                                               sorted(cited - module.FAMILY.checks))


def test_every_action_type_a_module_judges_is_routed_to_it() -> None:
    """The referee sends a family only the action types it lists: a judge testing for a
    type it does not list would silently never run."""
    for module in _MODULES:
        source = inspect.getsource(module.judge)
        tested = set(re.findall(r"isinstance\(action, (\w+)\)", source)) & ACTION_TYPES
        listed = {kind.__name__ for kind in module.FAMILY.actions}
        assert tested, module.__name__
        assert tested <= listed, (module.__name__, sorted(tested - listed))


def test_the_bundled_map_graph_knows_the_falmouth_quebec_line_is_arnolds() -> None:
    graph = map_graph(bundled_data())
    line = graph.connection("falmouth", "quebec")
    assert line is not None and line.kind == "arnold_only"
