"""Every Washington's War scenario file, written as a real log and checked, gives exactly
the illegal findings it expects — illegal moves caught with their rule and step, legal
play silent."""

from __future__ import annotations

from pathlib import Path

import pytest

from adjudicator.check import adjudicate
from adjudicator.findings import Severity
from adjudicator.report import Report
from adjudicator.scenario import build_scenario_log, load_scenario
from tests.adjudicator.systems.scenariokit import assert_expected_findings, check_scenario
from tests.conftest import REPO

WW = REPO / "fixtures" / "washingtons-war"
SCENARIOS = sorted(p for p in (WW / "scenarios").glob("*.toml") if p.name != "t1-setup.toml")


def _check(path: Path, tmp_path: Path) -> Report:
    scenario = load_scenario(path)
    return check_scenario(path, tmp_path, game="ww",
                          data_files=[path.parent / data for data in scenario.data])


@pytest.mark.parametrize("path", SCENARIOS, ids=lambda p: p.stem)
def test_scenario_gives_exactly_its_expected_illegal_findings(path: Path,
                                                              tmp_path: Path) -> None:
    assert_expected_findings(path, _check(path, tmp_path))


def test_the_opening_turn_is_legal_and_fully_checked_where_data_allows(tmp_path: Path) -> None:
    report = _check(WW / "scenarios" / "opening-turn.toml", tmp_path)
    assert report.count("illegal") == 0
    assert [f for f in report.findings if f.severity is Severity.UNCHECKED] == []
    moves = [c for c in report.computations if c.kind == "movement_points"]
    assert len(moves) == 11
    assert all(c.result["low"] == c.result["high"] for c in moves)


def test_every_catalog_rule_is_either_checked_or_unchecked_with_a_reason(
        tmp_path: Path) -> None:
    from adjudicator.systems import find_system

    report = _check(WW / "scenarios" / "opening-turn.toml", tmp_path)
    catalog = {rule.id for rule in find_system("ww").catalog()}
    checked = set(report.coverage.checked)
    unchecked = set(report.coverage.unchecked)
    assert checked | unchecked == catalog
    assert not checked & unchecked
    assert all(reason for reason in report.coverage.unchecked.values())


def test_findings_carry_rule_citation_step_and_player(tmp_path: Path) -> None:
    report = _check(WW / "scenarios" / "illegal-carleton-too-far.toml", tmp_path)
    (finding,) = [f for f in report.findings if f.severity is Severity.ILLEGAL]
    assert (finding.game, finding.rule_id, finding.rule) == ("ww", "WW-MOV-02", "WW 7.3.A")
    assert finding.step == 2
    assert finding.player == "Banastre (British)"
    assert finding.observed == "5 MP"
    assert "Carleton" in finding.message


def test_an_undone_illegal_move_is_withdrawn_and_noted(tmp_path: Path) -> None:
    report = _check(WW / "scenarios" / "undone-overreach.toml", tmp_path)
    assert report.count("illegal") == 0
    notes = [f for f in report.findings if f.rule_id == "REPLAY-UNDO"]
    assert [(n.step, n.severity) for n in notes] == [(2, Severity.INFO)]


def test_without_user_data_a_move_is_unchecked_not_illegal(tmp_path: Path) -> None:
    path = WW / "scenarios" / "illegal-carleton-too-far.toml"
    log = build_scenario_log(path, tmp_path / "game.vlog")
    report = adjudicate(log, game="ww", module_path=WW / "module" / "buildFile.xml")
    assert report.count("illegal") == 0
    unchecked = [f for f in report.findings if f.severity is Severity.UNCHECKED]
    assert {f.rule_id for f in unchecked} >= {"WW-OPS-01", "WW-MOV-02"}
    assert any("map connections" in f.needs for f in unchecked)
    assert "WW-MOV-02" in report.coverage.unchecked


def test_findings_name_the_pieces_and_spaces_involved(tmp_path: Path) -> None:
    report = _check(WW / "scenarios" / "illegal-lone-general.toml", tmp_path)
    (finding,) = [f for f in report.findings if f.severity is Severity.ILLEGAL]
    assert finding.pieces == ("Howe",)
    assert finding.spaces == ("Barnstable",)


@pytest.mark.corpus
def test_a_file_of_another_game_claims_no_rule_checked() -> None:
    from tests.conftest import CORPUS

    report = adjudicate(CORPUS / "BBVassal" / "testlog.vlog", game="ww")
    assert report.coverage.checked == []
    assert "no piece of this game was recognised" in report.coverage.unchecked["WW-MOV-02"]


@pytest.mark.corpus
def test_a_mismatched_module_gives_grouped_problems_not_one_per_piece() -> None:
    from tests.conftest import CORPUS

    report = adjudicate(CORPUS / "PathsOfGlory" / "Historical10-8.vsav", game="ww",
                        module_path=WW / "module" / "buildFile.xml")
    assert 0 < len(report.problems) < 20
    assert any("(×" in problem for problem in report.problems)


def test_a_finding_names_the_player_who_made_the_step_it_points_at(tmp_path: Path) -> None:
    """The French Alliance marker left short is the American's move at step 13 (he moved
    it), in a British impulse: the finding names him, not the impulse's player."""
    report = _check(WW / "scenarios" / "illegal-alliance-marker-short.toml", tmp_path)
    (short,) = [f for f in report.findings if f.rule_id == "WW-FA-01"]
    assert (short.step, short.player) == (13, "Abigail (American)")
