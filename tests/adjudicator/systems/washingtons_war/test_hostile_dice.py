"""A battle die no six-sided die shows (a file edited by hand) leaves the battle's rules
unchecked with the reason, never an internal error."""

from __future__ import annotations

from pathlib import Path

from adjudicator.check import adjudicate
from adjudicator.report.models import ReportStatus
from adjudicator.scenario import build_scenario_log
from tests.conftest import REPO

WW = REPO / "fixtures" / "washingtons-war"
SCENARIO = WW / "scenarios" / "battle-attacker-wins.toml"


def test_a_battle_die_of_nine_leaves_the_battle_unchecked_and_says_why(
        tmp_path: Path) -> None:
    text = (SCENARIO.read_text(encoding="utf-8")
            .replace('"../', f'"{WW}/')
            .replace('["setups/', f'["{SCENARIO.parent}/setups/')
            .replace("result = [5]", "result = [9]", 1))
    scenario = tmp_path / "nine.toml"
    scenario.write_text(text, encoding="utf-8")
    log = build_scenario_log(scenario, tmp_path / "nine.vlog")
    report = adjudicate(log, game="ww", module_path=WW / "module" / "buildFile.xml",
                        data_files=[WW / "data" / "fixture-data.toml"])
    assert report.status is not ReportStatus.UNREADABLE
    assert not [f for f in report.findings if f.severity == "illegal"]
    reasons = " ".join(f.message for f in report.findings if f.severity == "unchecked")
    assert "die 9" in reasons and "no face of the six-sided die" in reasons
