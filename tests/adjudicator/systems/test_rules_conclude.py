"""Every rule `adjudicator rules GAME` lists as checked concludes on a log that shows all
its inputs: some scenario of the game (a real VASSAL log) makes it give a verdict, legal
(`Applied`) or a finding that decides (`illegal`, `check`).

A checked rule no scenario concludes is either a rule the reading never reaches on a real
log (a bug: the log shows its inputs but no action carries them to the rule) or one with
no scenario yet. `NOT_CONCLUDED` lists them per game, each with why; the test fails when
a rule concludes that the list still names (take it off) and when one stops concluding.
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from functools import cache
from pathlib import Path

import pytest

from adjudicator.check import judge_save
from adjudicator.findings import Severity
from adjudicator.scenario import build_scenario_log, load_scenario
from adjudicator.systems import find_system
from adjudicator.systems.common.referee import ActionReferee
from tests.conftest import REPO
from vmod_schema.buildfile import open_module
from vmod_schema.savefile import read_save

FIXTURES = {"ww": REPO / "fixtures" / "washingtons-war",
            "wfa": REPO / "fixtures" / "war-for-america",
            "ar": REPO / "fixtures" / "american-revolution",
            "aam": REPO / "fixtures" / "almost-a-miracle"}
BINDING = {"wfa": "binding.toml", "ar": "binding.toml", "aam": "binding.toml"}
"""The games whose scenarios are read with the fixture's binding file."""
DATA = {"wfa": "data/fixture.toml", "ar": "data/fixture.toml", "aam": "data/fixture.toml"}
"""The games whose scenarios are all read with the fixture's data file (as their scenario
tests read them); the others read the data each scenario names."""
NOT_CONCLUDED_FILE = Path(__file__).with_name("not_concluded.toml")
DECIDING = (Severity.ILLEGAL, Severity.CHECK)


def not_concluded(game: str) -> dict[str, str]:
    """Rule id → why no scenario of `game` concludes it (the data file's table)."""
    with NOT_CONCLUDED_FILE.open("rb") as file:
        table: dict[str, str] = tomllib.load(file).get(game, {})
    return table


@dataclass(frozen=True)
class Played:
    """One scenario's log judged: the rules it applied (judged legal), the findings that
    decide, the rules the scenario expects a finding of."""

    scenario: str
    applied: frozenset[str]
    deciding: frozenset[str]
    expected: frozenset[str]


@cache
def played(game: str, folder: Path) -> tuple[Played, ...]:
    """Every scenario of `game` written as a log under `folder` and judged."""
    system = find_system(game)
    root = FIXTURES[game]
    binding = root / BINDING[game] if game in BINDING else None
    found = []
    for path in sorted((root / "scenarios").glob("*.toml")):
        if path.name == "t1-setup.toml":
            continue
        scenario = load_scenario(path)
        log = build_scenario_log(path, folder / f"{game}-{path.stem}.vlog")
        module = open_module(path.parent / scenario.module)
        data = ([root / DATA[game]] if game in DATA
                else [path.parent / name for name in scenario.data])
        referee = system.referee(module=module, binding_file=binding, data_files=data,
                                 options=scenario.options)
        report = judge_save(read_save(log), log, system=system, referee=referee,
                            module=module, module_path=None)
        assert isinstance(referee, ActionReferee)
        found.append(Played(path.stem, frozenset(referee.ledger.applied),
                            frozenset(f.rule_id for f in report.findings
                                      if f.severity in DECIDING),
                            frozenset(e.rule_id for e in scenario.expect)))
    return tuple(found)


def concluded(game: str, folder: Path) -> frozenset[str]:
    """The rules some scenario of `game` concludes (each log written under `folder`)."""
    return frozenset(rule for one in played(game, folder)
                     for rule in one.applied | one.deciding)


def logs_folder(factory: pytest.TempPathFactory, game: str) -> Path:
    """One folder per game and test session, so that the scenarios are judged once."""
    folder = factory.getbasetemp() / f"{game}-scenario-logs"
    folder.mkdir(exist_ok=True)
    return folder


def listed_checked(game: str) -> set[str]:
    """The rules `adjudicator rules GAME` lists as checked, with every optional rule of the
    game in use."""
    system = find_system(game)
    referee = system.referee(module=None, data_files=[], binding_file=None)
    assert isinstance(referee, ActionReferee)
    referee.use_options(rule.name for rule in referee.optional_rules)
    return set(referee.finish().checked)


@pytest.mark.parametrize("game", sorted(FIXTURES))
def test_every_rule_listed_as_checked_concludes_on_some_scenario(
        game: str, tmp_path_factory: pytest.TempPathFactory) -> None:
    checked = listed_checked(game)
    never = checked - concluded(game, logs_folder(tmp_path_factory, game))
    expected = not_concluded(game)
    assert sorted(never - set(expected)) == [], "checked rules no scenario concludes"
    assert sorted(set(expected) - never) == [], "rules that now conclude: take them off"
    assert all(reason.strip() for reason in expected.values())


PAIRED = {"aam": REPO / "tests" / "adjudicator" / "systems" / "almost_a_miracle"
                 / "one_sided.toml"}
"""The games held to a legal and an illegal scenario for every checked rule, each with the
file that lists the rules that cannot have one side, and why."""


def one_sided(game: str) -> dict[str, dict[str, str]]:
    """`legal` / `illegal` → rule id → why no scenario of that side can exist."""
    path = PAIRED[game]
    if not path.is_file():
        return {"legal": {}, "illegal": {}}
    with path.open("rb") as file:
        table = tomllib.load(file)
    return {side: dict(table.get(side, {})) for side in ("legal", "illegal")}


@pytest.mark.parametrize("game", sorted(PAIRED))
def test_every_checked_rule_has_a_legal_and_an_illegal_scenario(
        game: str, tmp_path_factory: pytest.TempPathFactory) -> None:
    """A legal scenario applies the rule without expecting a finding of it; an illegal one
    expects its finding (its reminder or check, for a rule that only reminds or checks)."""
    checked = listed_checked(game)
    logs = played(game, logs_folder(tmp_path_factory, game))
    legal = {rule for one in logs for rule in one.applied - one.expected}
    illegal = {rule for one in logs for rule in one.expected}
    listed = one_sided(game)
    assert sorted(checked - legal - set(listed["legal"])) == [], "no legal scenario"
    assert sorted(checked - illegal - set(listed["illegal"])) == [], "no illegal scenario"
    assert sorted(set(listed["legal"]) & legal) == [], "a legal scenario now: take it off"
    assert sorted(set(listed["illegal"]) & illegal) == [], \
        "an illegal scenario now: take it off"
    assert all(why.strip() for side in listed.values() for why in side.values())
