"""Runs one AR scenario and returns its report (shared by the rules' unit tests)."""

from __future__ import annotations

from pathlib import Path

from adjudicator.findings import Severity
from adjudicator.report import Report
from tests.adjudicator.systems.scenariokit import check_scenario
from tests.conftest import REPO

AR = REPO / "fixtures" / "american-revolution"


def report_of(name: str, tmp_path: Path) -> Report:
    """The report on the AR scenario `name`."""
    return check_scenario(AR / "scenarios" / f"{name}.toml", tmp_path, game="ar",
                          data_files=[AR / "data" / "fixture.toml"],
                          binding_file=AR / "binding.toml")


def illegal(report: Report) -> list[tuple[str, int | None, str]]:
    """The illegal findings: rule, step, message."""
    return [(f.rule_id, f.step, f.message) for f in report.findings
            if f.severity is Severity.ILLEGAL]
