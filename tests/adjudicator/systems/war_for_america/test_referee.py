"""The War for America system end to end: registered, recognised by its module's name, its
referee judging the fixture games through the procedure and the rule families, and the
commands `check`, `rules` and `data template` on it."""

from __future__ import annotations

import json
import tomllib
from pathlib import Path

from typer.testing import CliRunner, Result

from adjudicator.cli import app
from adjudicator.report import Report
from adjudicator.scenario import build_scenario_log
from adjudicator.systems import find_system, recognise_system
from adjudicator.systems.war_for_america import WarForAmerica
from adjudicator.systems.war_for_america.actions import Combat, ForceMoved, InitiativeDie
from adjudicator.systems.war_for_america.referee import WfAReferee
from tests.conftest import REPO
from vmod_schema.buildfile import open_module

WFA = REPO / "fixtures" / "war-for-america"
MODULE = WFA / "war-for-america-fixture.vmod"
DATA = WFA / "data" / "fixture.toml"
BINDING = WFA / "binding.toml"
CATALOG_SIZE = 167
"""Rules in the digest's catalog (digest §4)."""


def _run(*args: str | Path) -> Result:
    return CliRunner().invoke(app, [str(arg) for arg in args])


def test_the_system_is_registered_under_its_id_and_aliases() -> None:
    for name in ("wfa", "WfA", "war-for-america", "War for America"):
        assert isinstance(find_system(name), WarForAmerica)
    found = recognise_system("War for America (fixture)")
    assert found is not None and found.id == "wfa"
    other = recognise_system("Washington's War (fixture)")
    assert other is not None and other.id == "ww"


def test_the_catalog_has_the_digests_167_rules_each_cited() -> None:
    catalog = find_system("wfa").catalog()
    assert len(catalog) == CATALOG_SIZE
    assert len({rule.id for rule in catalog}) == CATALOG_SIZE
    assert all(rule.id.startswith("WFA-") and rule.citation for rule in catalog)


def test_the_referee_feeds_the_interpreted_actions_to_the_sequence_and_rules(
        tmp_path: Path) -> None:
    referee = find_system("wfa").referee(module=open_module(MODULE), data_files=[DATA],
                                         binding_file=BINDING)
    assert isinstance(referee, WfAReferee)
    referee.actions = []  # record them
    log = build_scenario_log(WFA / "scenarios" / "opening-pulses.toml", tmp_path / "o.vlog")
    from adjudicator.check import judge_save
    from vmod_schema.savefile import read_save

    report = judge_save(read_save(log), log, system=find_system("wfa"), referee=referee,
                        module=open_module(MODULE), module_path=MODULE)
    kinds = {type(action) for action in referee.actions}
    assert {ForceMoved, Combat, InitiativeDie} <= kinds
    # The procedure saw the first round and the second's initiative (WfA 6.4-6.5).
    assert referee.procedure.round == 2
    assert report.count("illegal") == 0


def test_coverage_is_honest_every_rule_checked_or_unchecked_with_a_reason(
        tmp_path: Path) -> None:
    log = build_scenario_log(WFA / "scenarios" / "opening-pulses.toml", tmp_path / "o.vlog")
    result = _run("check", log, "--game", "wfa", "--module", MODULE, "--data", DATA,
                  "--binding", BINDING, "--format", "json,md")
    assert result.exit_code == 0, result.output
    report = Report.model_validate_json(
        (tmp_path / "o.vlog.adjudication.json").read_text(encoding="utf-8"))
    assert (report.game, report.game_name, report.source.path) == (
        "wfa", "War for America", "o.vlog")
    markdown = (tmp_path / "o.vlog.adjudication.md").read_text(encoding="utf-8")
    assert "War for America" in markdown and "o.vlog" in markdown
    catalog = {rule.id for rule in find_system("wfa").catalog()}
    checked = set(report.coverage.checked)
    partial = set(report.coverage.partial)
    unchecked = set(report.coverage.unchecked)
    assert checked | partial | unchecked == catalog
    assert not (checked & unchecked) and not (checked & partial)
    # Every rule not judged says why (not implemented yet, data missing, or the steps).
    assert all(reason for reason in report.coverage.unchecked.values())
    assert all(reason for reason in report.coverage.partial.values())
    assert "WFA-SEQ-07" in checked


def test_rules_lists_the_167_rules_with_their_status() -> None:
    result = _run("rules", "wfa", "--json")
    assert result.exit_code == 0, result.output
    statuses = json.loads(result.stdout)
    assert len(statuses) == CATALOG_SIZE
    by_id = {s["rule_id"]: s for s in statuses}
    assert by_id["WFA-SEQ-07"]["checked"] is True
    assert all(s["checked"] or s["reason"] for s in statuses)


def test_data_template_is_toml_listing_the_missing_facts() -> None:
    result = _run("data", "template", "wfa")
    assert result.exit_code == 0, result.output
    assert result.stdout.strip()
    tomllib.loads(result.stdout)


def test_bind_drafts_the_committed_binding() -> None:
    result = _run("bind", MODULE, "--game", "wfa", "--data", DATA)
    assert result.exit_code == 0, result.output
    assert result.stdout == BINDING.read_text(encoding="utf-8")


def test_cards_in_hands_stay_hidden_unless_revealed(tmp_path: Path) -> None:
    log = build_scenario_log(WFA / "scenarios" / "opening-pulses.toml", tmp_path / "o.vlog")
    args = ("check", log, "--game", "wfa", "--module", MODULE, "--data", DATA, "--binding",
            BINDING, "--format", "json,html")
    assert _run(*args, "--out", tmp_path / "seen").exit_code == 0
    assert _run(*args, "--out", tmp_path / "all", "--reveal").exit_code == 0
    seen = "".join(p.read_text(encoding="utf-8") for p in (tmp_path / "seen").iterdir())
    revealed = "".join(p.read_text(encoding="utf-8") for p in (tmp_path / "all").iterdir())
    # Fixture Cards 21 and 23 stay in the hands (WfA 6.2); 22 is played, so shown.
    assert "Fixture Card 22" in seen
    assert "Fixture Card 21" not in seen and "Fixture Card 23" not in seen
    assert "Fixture Card 21" in revealed and "Fixture Card 23" in revealed


def test_a_force_dragged_space_by_space_in_one_step_moves_leg_by_leg(tmp_path: Path) -> None:
    from adjudicator.check import judge_save
    from vmod_schema.savefile import read_save

    log = build_scenario_log(WFA / "scenarios" / "march-two-spaces.toml", tmp_path / "m.vlog")
    referee = find_system("wfa").referee(module=None, data_files=[DATA],
                                         binding_file=BINDING)
    referee.actions = []  # record them
    assert isinstance(referee, WfAReferee)
    judge_save(read_save(log), log, system=find_system("wfa"), referee=referee,
               module=open_module(MODULE), module_path=MODULE)
    legs = [(a.step, a.origin, a.destination) for a in referee.actions
            if isinstance(a, ForceMoved)]
    assert legs == [(3, "quebec", "montreal"), (3, "montreal", "st_jean")]


def test_a_battle_open_at_the_logs_end_is_closed_and_the_interpreter_reads_the_data(
        tmp_path: Path) -> None:
    from adjudicator.check import judge_save
    from adjudicator.systems.war_for_america.actions import BattleLosses, Surrendered
    from vmod_schema.savefile import read_save

    referee = find_system("wfa").referee(module=open_module(MODULE), data_files=[DATA],
                                         binding_file=BINDING)
    assert isinstance(referee, WfAReferee)
    referee.actions = []  # record them
    # The Winter and the British Caribbean possessions come from the fixture data.
    assert referee.interpreter.winter_seasons == {"winter"}
    assert {"st_lucia", "windward_isles"} <= referee.interpreter.british_caribbean
    assert "quebec" in referee.interpreter.mainland
    scenario = WFA / "scenarios" / "int-surrender-with-a-major-victory.toml"
    log = build_scenario_log(scenario, tmp_path / "s.vlog")
    report = judge_save(read_save(log), log, system=find_system("wfa"), referee=referee,
                        module=open_module(MODULE), module_path=MODULE)
    (over,) = [a for a in referee.actions if isinstance(a, BattleLosses)]
    assert (over.step, over.surrendered) == (8, "colonial")
    assert [a.step for a in referee.actions if isinstance(a, Surrendered)] == [8]
    # The surrender is judged: 5 SP of regulars, a British Major Victory (WfA 13.9-13.10).
    assert ("WFA-MV-02", 8) in {(f.rule_id, f.step) for f in report.findings}


def test_announced_winter_attrition_and_quartering_are_checked_with_what_is_due(
        tmp_path: Path) -> None:
    from tests.adjudicator.systems.scenariokit import check_scenario

    report = check_scenario(WFA / "scenarios" / "int2-winter-attrition-and-quartering.toml",
                            tmp_path, game="wfa", data_files=[WFA / "data" / "fixture.toml"],
                            binding_file=WFA / "binding.toml")
    assert {"WFA-WIN-01", "WFA-WIN-02"} <= set(report.coverage.checked)
    due = [(c.rule_id, c.step, c.result) for c in report.computations
           if c.rule_id in ("WFA-WIN-01", "WFA-WIN-02")]
    assert ("WFA-WIN-01", 1, {"lost": 4}) in due
    assert ("WFA-WIN-02", 3, {"lost": 1}) in due
    assert report.count("illegal") == 0
