"""Every Almost a Miracle! scenario file, written as a real log and checked, gives
exactly the illegal findings it expects — illegal play caught with its rule and step,
legal play silent — and the bundled games are those scenarios' logs."""

from __future__ import annotations

from pathlib import Path

import pytest

from adjudicator.report import Report
from tests.adjudicator.systems.scenariokit import assert_expected_findings, check_scenario
from tests.conftest import REPO

AAM = REPO / "fixtures" / "almost-a-miracle"
SCENARIOS = sorted((AAM / "scenarios").glob("*.toml"))
DATA = AAM / "data" / "fixture.toml"


def check(path: Path, tmp_path: Path) -> Report:
    """The report on one AAM scenario, with the fixture data and binding."""
    return check_scenario(path, tmp_path, game="aam", data_files=[DATA],
                          binding_file=AAM / "binding.toml")


@pytest.mark.parametrize("path", SCENARIOS, ids=lambda p: p.stem)
def test_scenario_gives_exactly_its_expected_illegal_findings(path: Path,
                                                              tmp_path: Path) -> None:
    report = check(path, tmp_path)
    assert_expected_findings(path, report)
    assert report.status in ("judged", "partly-judged")


@pytest.mark.parametrize("path", SCENARIOS, ids=lambda p: p.stem)
def test_every_scenario_has_its_bundled_game(path: Path) -> None:
    assert (AAM / "games" / f"{path.stem}.vlog").is_file()
