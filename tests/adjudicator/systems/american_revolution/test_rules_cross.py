"""Rules whose substance is spread over other families (AR-RP-04, AR-LOY-02, AR-BOP-02,
AR-BOP-03, AR-ALLY-02, AR-LDR-01): each judged from its own scenarios, legal and illegal."""

from __future__ import annotations

from pathlib import Path

import pytest

from adjudicator.systems.common.outcomes import Applied, Check
from tests.adjudicator.systems.american_revolution._markers_kit import illegal, report_of


@pytest.mark.parametrize(("name", "rules"), [
    ("rp-illegal-continental-four-after-professionalizes", ["AR-MOB-03", "AR-RP-04"]),
    ("rp-illegal-regular-enlists-after-professionalizes", ["AR-ENL-02", "AR-RP-04"]),
    ("ldr-illegal-lone-leader-town-left-out", ["AR-LDR-01"]),
    ("ally-illegal-neutral-town-counted", ["AR-ALLY-02", "AR-PP-06"]),
    ("bop-illegal-free-draws-beyond-the-die", ["AR-BOP-02"]),
    ("bop-illegal-free-draw-at-zero", ["AR-BOP-02"]),
    ("bop-illegal-spain-acts-at-plus-2", ["AR-ALLY-01", "AR-BOP-03"]),
    ("loy-illegal-militia-at-the-neutral-cost", ["AR-LOY-02"]),
])
def test_a_play_against_a_cross_rule(name: str, rules: list[str], tmp_path: Path) -> None:
    assert sorted(r for r, _, _ in illegal(report_of(name, tmp_path))) == rules


@pytest.mark.parametrize(("name", "rule"), [
    ("rp-legal-continental-three-after-professionalizes", "AR-RP-04"),
    ("rp-legal-militia-enlists-regular-stays", "AR-RP-04"),
    ("ldr-legal-lone-leader-town-counted", "AR-LDR-01"),
    ("ally-legal-neutral-town-gives-nothing", "AR-ALLY-02"),
    ("bop-legal-european-support-free-draw", "AR-BOP-02"),
    ("bop-legal-paid-draws-at-zero", "AR-BOP-02"),
    ("bop-legal-spain-allied-at-plus-3", "AR-BOP-03"),
    ("ally-legal-french-force-moves-when-allied", "AR-BOP-03"),
    ("loy-legal-militia-at-the-pro-own-cost", "AR-LOY-02"),
])
def test_a_legal_play_concludes_the_rule(name: str, rule: str, tmp_path: Path,
                                         monkeypatch: pytest.MonkeyPatch) -> None:
    concluded: list[str] = []
    done = Check.done

    def spy(rule_id: str) -> Applied:
        concluded.append(rule_id)
        return done(rule_id)

    monkeypatch.setattr(Check, "done", staticmethod(spy))
    report = report_of(name, tmp_path)
    assert not illegal(report)
    assert rule in concluded
