"""Enlistments (AR 20): who checks (US regulars and light until Continental Army
Professionalizes, American militia with no enemy in the region, Indians outside Indian
locales) and the roll (1d6 + one leader, 1-4 eliminated)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.adjudicator.systems.american_revolution._markers_kit import illegal, report_of


@pytest.mark.parametrize(("name", "rule"), [
    ("enl-illegal-regular-after-professionalizes", "AR-ENL-02 AR-RP-04"),
    ("enl-illegal-militia-leaves-enemy-in-region", "AR-ENL-03"),
    ("enl-illegal-tory-militia-checks", "AR-ENL-03"),
    ("enl-illegal-indian-in-indian-locale", "AR-ENL-04"),
    ("enl-illegal-regular-leaves-on-a-5", "AR-ENL-05"),
    ("enl-illegal-regular-kept-on-a-2", "AR-ENL-05"),
])
def test_an_enlistment_removal_against_the_rules(name: str, rule: str,
                                                 tmp_path: Path) -> None:
    assert [r for r, _, _ in illegal(report_of(name, tmp_path))] == rule.split()


def test_a_leader_keeps_a_unit_and_the_losses_are_computed(tmp_path: Path) -> None:
    report = report_of("enl-legal-leader-keeps-a-unit", tmp_path)
    assert not illegal(report)
    losses = [c for c in report.computations if c.kind == "enlistment losses"]
    assert losses and losses[0].inputs["leader value"] == 3
    assert "AR-ENL-05" in report.coverage.checked
