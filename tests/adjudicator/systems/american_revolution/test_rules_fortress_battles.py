"""Fortresses in battle and supply (AR 28.2-28.3, 28.7, 28.9, 28.11, 28.2(4), 28.8): the
fortress's dice, its fire protection and a siege negating it, the owed attack, and the
fortress's supply."""

from __future__ import annotations

from pathlib import Path

import pytest

from adjudicator.report import Report
from adjudicator.systems.american_revolution.fire import check_hits
from adjudicator.systems.common.outcomes import Applied, Check
from tests.adjudicator.systems.scenariokit import check_scenario
from tests.conftest import REPO

AR = REPO / "fixtures" / "american-revolution"


def report(name: str, tmp_path: Path) -> Report:
    return check_scenario(AR / "scenarios" / f"{name}.toml", tmp_path, game="ar",
                          data_files=[AR / "data" / "fixture.toml"],
                          binding_file=AR / "binding.toml")


def illegal(got: Report) -> list[tuple[str, int | None]]:
    return [(f.rule_id, f.step) for f in got.findings if f.severity.value == "illegal"]


@pytest.mark.parametrize(("name", "rule"), [
    ("fort-legal-protected-garrison-fives-do-nothing", "AR-FORT-02"),
    ("fort-legal-protected-garrison-fives-do-nothing", "AR-CBT-06"),
    ("fort-legal-besieged-garrison-six-eliminates", "AR-CBT-06"),
    ("fort-legal-besieged-garrison-fires-fortress-dice", "AR-FORT-06"),
    ("fort-legal-besieged-garrison-fires-fortress-dice", "AR-FORT-02"),
    ("fort-legal-besiegers-need-not-attack", "AR-FORT-07"),
    ("sup-legal-besieged-garrison-unsupplied", "AR-SUP-05"),
])
def test_legal_plays_are_judged(name: str, rule: str, tmp_path: Path,
                                monkeypatch: pytest.MonkeyPatch) -> None:
    judged: set[str] = set()
    done = Check.done

    def noting(rule_id: str) -> Applied:
        judged.add(rule_id)
        return done(rule_id)

    monkeypatch.setattr(Check, "done", staticmethod(noting))
    got = report(name, tmp_path)
    assert illegal(got) == []
    assert rule in judged


@pytest.mark.parametrize(("name", "found"), [
    ("fort-illegal-protected-garrison-disrupted-by-five", [("AR-CBT-06", 9)]),
    ("fort-illegal-attacker-fires-fortress-dice", [("AR-FORT-02", 8)]),
    ("fort-illegal-besieged-garrison-six-only-disrupts", [("AR-FORT-06", 12)]),
    ("fort-illegal-no-siege-no-attack", [("AR-FORT-07", 6)]),
    ("sup-illegal-fortress-supplied-unit-eliminated", [("AR-SUP-05", 5)]),
])
def test_illegal_plays_are_found(name: str, found: list[tuple[str, int]],
                                 tmp_path: Path) -> None:
    assert illegal(report(name, tmp_path)) == found


def test_the_protected_table_reads_a_six_as_a_disruption() -> None:
    assert check_hits(sixes=1, fives=1, fresh=1, disrupted=0, removed=0, flipped=1,
                      protected=True).fits
    assert not check_hits(sixes=0, fives=2, fresh=1, disrupted=0, removed=0, flipped=1,
                          protected=True).fits
