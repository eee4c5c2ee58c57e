"""A fixture scenario written as a real log and checked, for the tests of the phases after
the cards (winter, isolation, victory) that follow a whole phase through the interpreter."""

from __future__ import annotations

from pathlib import Path

from adjudicator.check import adjudicate
from adjudicator.report import Report
from adjudicator.scenario import build_scenario_log, load_scenario
from tests.conftest import REPO

SCENARIOS = REPO / "fixtures" / "washingtons-war" / "scenarios"


def scenario_report(name: str, tmp_path: Path) -> Report:
    """The report of one scenario (`fixtures/washingtons-war/scenarios/<name>.toml`)."""
    path = SCENARIOS / f"{name}.toml"
    scenario = load_scenario(path)
    log = build_scenario_log(path, tmp_path / f"{name}.vlog")
    return adjudicate(log, game="ww", module_path=path.parent / scenario.module,
                      data_files=[path.parent / data for data in scenario.data])
