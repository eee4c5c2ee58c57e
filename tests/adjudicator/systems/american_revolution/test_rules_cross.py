"""Rules whose substance is spread over other families (AR-RP-04, ...): each judged from
its own scenarios, legal and illegal."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.adjudicator.systems.american_revolution._markers_kit import illegal, report_of


@pytest.mark.parametrize(("name", "rules"), [
    ("rp-illegal-continental-four-after-professionalizes", ["AR-MOB-03", "AR-RP-04"]),
    ("rp-illegal-regular-enlists-after-professionalizes", ["AR-ENL-02", "AR-RP-04"]),
])
def test_a_play_against_a_cross_rule(name: str, rules: list[str], tmp_path: Path) -> None:
    assert sorted(r for r, _, _ in illegal(report_of(name, tmp_path))) == rules


@pytest.mark.parametrize(("name", "rule"), [
    ("rp-legal-continental-three-after-professionalizes", "AR-RP-04"),
    ("rp-legal-militia-enlists-regular-stays", "AR-RP-04"),
])
def test_a_legal_play_concludes_the_rule(name: str, rule: str, tmp_path: Path) -> None:
    report = report_of(name, tmp_path)
    assert not illegal(report)
    assert rule in report.coverage.checked
