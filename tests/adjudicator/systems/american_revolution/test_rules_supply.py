"""Supply (AR 19): a locale feeds 2x its value pro your side, 1x otherwise; unfed units
roll, 1-3 eliminated; automatic supply uses no forage; removals match the dice."""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

from tests.adjudicator.systems.american_revolution._markers_kit import illegal, report_of


def test_a_fed_unit_eliminated_names_the_forage_limit(tmp_path: Path) -> None:
    found = illegal(report_of("sup-illegal-fed-unit-eliminated", tmp_path))
    assert [(r, s) for r, s, _ in found] == [("AR-SUP-01", 5)]
    assert "feeds 6" in found[0][2] and "twice" in found[0][2]


def test_unfed_units_roll_and_the_losses_are_computed(tmp_path: Path) -> None:
    report = report_of("sup-legal-pro-side-doubles", tmp_path)
    assert not illegal(report)
    losses = [c for c in report.computations if c.kind == "supply losses"]
    assert losses and losses[0].inputs["unfed"] == 1 and losses[0].inputs["capacity"] == 6
    assert Fraction(losses[0].probabilities["0 lost"].fraction) == Fraction(1, 2)


def test_an_enemy_partisan_leaves_no_forage(tmp_path: Path) -> None:
    report = report_of("sup-legal-unfed-units-roll", tmp_path)
    assert not illegal(report)
    losses = [c for c in report.computations if c.kind == "supply losses"]
    assert losses and losses[0].inputs["unfed"] == 8 and losses[0].inputs["capacity"] == 0


def test_removals_must_match_the_dice(tmp_path: Path) -> None:
    on_a_4 = illegal(report_of("sup-illegal-unfed-unit-removed-on-a-4", tmp_path))
    kept = illegal(report_of("sup-illegal-unfed-unit-kept-on-a-2", tmp_path))
    assert [r for r, _, _ in on_a_4] == ["AR-SUP-02"] == [r for r, _, _ in kept]


def test_automatic_supply(tmp_path: Path) -> None:
    assert [r for r, _, _ in illegal(report_of("sup-illegal-fleet-eliminated", tmp_path))] \
        == ["AR-SUP-03"]
    assert [r for r, _, _ in illegal(report_of("sup-illegal-embarked-marine-eliminated",
                                               tmp_path))] == ["AR-SUP-04"]
    assert not illegal(report_of("sup-legal-embarked-regular-rolls", tmp_path))
