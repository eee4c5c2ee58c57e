"""Every War for America scenario file, written as a real log and checked, gives exactly
the illegal findings it expects — illegal play caught with its rule and step, legal play
silent — and the bundled games are those scenarios' logs."""

from __future__ import annotations

from pathlib import Path

import pytest

from adjudicator.findings import Severity
from adjudicator.report import Report
from tests.adjudicator.systems.scenariokit import assert_expected_findings, check_scenario
from tests.conftest import REPO

WFA = REPO / "fixtures" / "war-for-america"
SCENARIOS = sorted((WFA / "scenarios").glob("*.toml"))
DATA = WFA / "data" / "fixture.toml"


def _check(path: Path, tmp_path: Path) -> Report:
    return check_scenario(path, tmp_path, game="wfa", data_files=[DATA],
                          binding_file=WFA / "binding.toml")


@pytest.mark.parametrize("path", SCENARIOS, ids=lambda p: p.stem)
def test_scenario_gives_exactly_its_expected_illegal_findings(path: Path,
                                                              tmp_path: Path) -> None:
    report = _check(path, tmp_path)
    assert_expected_findings(path, report)
    assert report.status in ("judged", "partly-judged")


@pytest.mark.parametrize("path", SCENARIOS, ids=lambda p: p.stem)
def test_every_scenario_has_its_bundled_game(path: Path) -> None:
    assert (WFA / "games" / f"{path.stem}.vlog").is_file()


def test_an_illegal_finding_names_its_rule_citation_step_and_player(tmp_path: Path) -> None:
    report = _check(WFA / "scenarios" / "illegal-second-force-in-one-ap.toml", tmp_path)
    (finding,) = [f for f in report.findings if f.severity is Severity.ILLEGAL]
    assert (finding.game, finding.rule_id, finding.step) == ("wfa", "WFA-SEQ-07", 4)
    assert finding.rule.startswith("WfA") and "9.3" in finding.rule
    assert finding.player == "Banastre (British)"


def test_an_undone_second_force_is_withdrawn(tmp_path: Path) -> None:
    report = _check(WFA / "scenarios" / "undone-second-force.toml", tmp_path)
    assert report.count("illegal") == 0
    assert [f.step for f in report.findings if f.rule_id == "REPLAY-UNDO"] == [4]
