"""Every game's rule coverage comes from its rules modules, checked against its catalog and
its code — one test, parametrised over the registry, so a new game is held to it the day it
is registered (issue 19)."""

from __future__ import annotations

import importlib
import inspect
import re
from pathlib import Path
from types import ModuleType

import pytest

from adjudicator.systems import every_system
from adjudicator.systems.common.actions import Action
from adjudicator.systems.common.referee import ActionReferee
from adjudicator.systems.common.rulebook import declared
from adjudicator.systems.common.system import GameSystem
from tests.toygame import Skirmish

GAMES: tuple[type[GameSystem], ...] = (*every_system(), Skirmish)
"""Every registered game, and the toy game of the tests, held to the same declarations."""

CITED = re.compile(r'(?:Check\.\w+\(\s*|\b\w*(?:rule|RULE)\w* = )"([A-Z]+-[A-Z0-9]+-\d+)"')
"""A rule id a check cites: `Check.illegal("WW-MOV-02", ...)`, `rule = "WFA-CBT-01"`,
`RULE = "WFA-CBT-11"`."""


def _referee(system: type[GameSystem]) -> ActionReferee[object, object]:
    referee = system().referee(module=None)
    assert isinstance(referee, ActionReferee), system.id
    return referee


def _rule_modules(system: type[GameSystem]) -> tuple[ModuleType, ...]:
    """The modules of the game's rules package (`RULES`, a `Dispatch`, or the older
    `_MODULES` tuple)."""
    rules = importlib.import_module(f"{system.__module__}.rules")
    found = rules.RULES.modules if hasattr(rules, "RULES") else rules._MODULES
    assert all(isinstance(module, ModuleType) for module in found)
    return tuple(found)


@pytest.mark.parametrize("system", GAMES, ids=[s.id for s in GAMES])
def test_every_declared_rule_id_is_in_the_catalog(system: type[GameSystem]) -> None:
    catalog = {rule.id for rule in system().catalog()}
    extra = declared(_referee(system).families) - catalog
    assert not extra, sorted(extra)


@pytest.mark.parametrize("system", GAMES, ids=[s.id for s in GAMES])
def test_every_catalog_id_is_declared_or_unchecked_with_a_reason(
        system: type[GameSystem]) -> None:
    referee = _referee(system)
    catalog = {rule.id for rule in system().catalog()}
    families = declared(referee.families)
    assert catalog - families == set(referee.not_checkable), sorted(
        (catalog - families) ^ set(referee.not_checkable))
    assert all(len(reason) > 20 for reason in referee.not_checkable.values())
    assert not set(referee.unread) - families, sorted(set(referee.unread) - families)


@pytest.mark.parametrize("system", GAMES, ids=[s.id for s in GAMES])
def test_no_rule_id_is_declared_by_two_families(system: type[GameSystem]) -> None:
    seen: dict[str, str] = {}
    for family in _referee(system).families:
        for rule in family.checks:
            assert rule not in seen, f"{rule} in {seen.get(rule)} and {family.name}"
            seen[rule] = family.name


@pytest.mark.parametrize("system", GAMES, ids=[s.id for s in GAMES])
def test_every_rule_a_module_cites_in_a_check_is_declared_by_it(
        system: type[GameSystem]) -> None:
    """A rules module may only yield outcomes for rule ids its family declares."""
    for module in _rule_modules(system):
        cited = set(CITED.findall(inspect.getsource(module)))
        assert cited, module.__name__
        assert cited <= module.FAMILY.checks, (module.__name__,
                                               sorted(cited - module.FAMILY.checks))


@pytest.mark.parametrize("system", GAMES, ids=[s.id for s in GAMES])
def test_every_family_a_referee_sends_actions_to_is_a_module_of_its_rules(
        system: type[GameSystem]) -> None:
    modules = _rule_modules(system)
    assert tuple(module.FAMILY for module in modules) == _referee(system).families
    assert all(module.FAMILY.actions for module in modules), [
        module.__name__ for module in modules if not module.FAMILY.actions]


@pytest.mark.parametrize("system", GAMES, ids=[s.id for s in GAMES])
def test_every_action_type_a_module_judges_is_routed_to_it(system: type[GameSystem]) -> None:
    """The referee sends a family only the action types it lists: a judge testing for a
    type it does not list would silently never run."""
    for module in _rule_modules(system):
        source = inspect.getsource(module.judge)
        names = {name for found in re.findall(r"isinstance\(action, \(?([\w |,]+)\)?\)", source)
                 for name in re.split(r"[ |,]+", found) if name}
        tested = {name for name in names if isinstance(getattr(module, name, None), type)
                  and issubclass(getattr(module, name), Action)}
        listed = {kind.__name__ for kind in module.FAMILY.actions}
        assert tested, module.__name__
        assert tested <= listed, (module.__name__, sorted(tested - listed))


@pytest.mark.parametrize("system", GAMES, ids=[s.id for s in GAMES])
def test_every_rule_id_a_games_code_names_is_in_its_catalog(system: type[GameSystem]) -> None:
    """A finding of a rule the catalog lacks is an error (`UnknownRule`), never a blank
    citation: so every id written anywhere in the game's package, rules or not (a route's
    rule, a constant, a table of ids), must be a catalog id."""
    catalog = {rule.id for rule in system().catalog()}
    prefixes = {rule_id.split("-")[0] for rule_id in catalog}
    package = Path(inspect.getfile(importlib.import_module(system.__module__))).parent
    named = {found for path in package.rglob("*.py") if not path.name.startswith("test_")
             for found in re.findall(r'"([A-Z]+-[A-Z]+-\d+)"', path.read_text(encoding="utf-8"))
             if found.split("-")[0] in prefixes}
    assert named, system.id
    assert named <= catalog, sorted(named - catalog)
