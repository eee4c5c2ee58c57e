"""Siege probabilities appear in the report (issue 11): an army's siege of a fortress gives
the chance of surrender per Siege Table roll and within two and three rolls, exact."""

from __future__ import annotations

from pathlib import Path

from adjudicator.check import adjudicate
from adjudicator.findings import Severity
from adjudicator.scenario import build_scenario_log, load_scenario
from tests.conftest import REPO

SCENARIO = REPO / "fixtures" / "war-for-america" / "scenarios" / "fort-siege-by-an-army.toml"


def test_a_siege_by_an_army_reports_its_chances_of_surrender(tmp_path: Path) -> None:
    scenario = load_scenario(SCENARIO)
    log = build_scenario_log(SCENARIO, tmp_path / "siege.vlog")
    report = adjudicate(log, game="wfa", module_path=SCENARIO.parent / scenario.module,
                        data_files=[SCENARIO.parent / d for d in scenario.data])
    assert not [f for f in report.findings if f.severity is Severity.ILLEGAL]
    (siege,) = [c for c in report.computations if c.kind == "siege"]
    # The fixture's made-up Siege Table surrenders on 1 roll in 6: 1 - (5/6)^n.
    chances = {name: p.fraction for name, p in siege.probabilities.items()}
    assert chances == {"surrender_per_roll": "1/6", "surrender_within_2": "11/36",
                       "surrender_within_3": "91/216"}
    assert siege.rule_id == "WFA-SIEGE-02"
