"""Rabble rousing (AR 9.0, 12.5): which dice resolve which table, the winner of a table,
marker values, and the exact chances each resolved table reports (digest 6.6 Examples C
and D)."""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

import pytest

from adjudicator.findings import Computation, Severity
from adjudicator.report import Report
from adjudicator.systems.american_revolution.actions import (
    DiceRolled,
    MarkersCommitted,
    TrackMoved,
)
from adjudicator.systems.american_revolution.data import bundled_data
from adjudicator.systems.american_revolution.resolution import (
    points,
    resolve,
    table_of,
    value,
    winner,
)
from tests.adjudicator.systems.scenariokit import check_scenario
from tests.conftest import REPO

AR = REPO / "fixtures" / "american-revolution"
SCENARIOS = AR / "scenarios"


def report_of(name: str, tmp_path: Path) -> Report:
    return check_scenario(SCENARIOS / f"{name}.toml", tmp_path, game="ar",
                          data_files=[AR / "data" / "fixture.toml"],
                          binding_file=AR / "binding.toml")


def rabble_computations(report: Report) -> list[Computation]:
    return [c for c in report.computations if c.kind == "rabble rousing"]


def chances(computation: Computation) -> tuple[Fraction, Fraction, Fraction]:
    p = computation.probabilities
    return (Fraction(p["American wins"].fraction), Fraction(p["tie (no change)"].fraction),
            Fraction(p["British wins"].fraction))


def roll(side: str, *dice: int, step: int = 1) -> DiceRolled:
    return DiceRolled(step=step, side=side, button=f"{len(dice)}d6", dice=dice)


def commit(side: str, table: str, *markers: str) -> MarkersCommitted:
    return MarkersCommitted(step=1, side=side, table=table, markers=markers)


def test_example_c_bop_with_two_dice_after_the_declaration(tmp_path: Path) -> None:
    # Jefferson 3 + 2d6 against 2 + 1d6: 49/54, 5/108, 5/108 (digest 6.6 Example C).
    [computed] = rabble_computations(report_of("rr-legal-bop-two-dice-after-declaration",
                                               tmp_path))
    assert chances(computed) == (Fraction(49, 54), Fraction(5, 108), Fraction(5, 108))
    assert computed.inputs["American dice"] == 2
    assert computed.result["American total"] == 5 and computed.result["British total"] == 4


def test_example_c_comparison_with_one_die_before_the_declaration(tmp_path: Path) -> None:
    # 3 + 1d6 against 2 + 1d6: 7/12, 5/36, 5/18.
    [computed] = rabble_computations(report_of("bop-legal-american-win-shifts-right",
                                               tmp_path))
    assert chances(computed) == (Fraction(7, 12), Fraction(5, 36), Fraction(5, 18))
    assert computed.inputs["American dice"] == 1


def test_example_d_revolutionary_progress_three_against_one(tmp_path: Path) -> None:
    # A 3-point marker (Adams, as Jefferson in the AAR) against 1: US 13/18, tie 1/9, GB 1/6.
    [computed] = rabble_computations(report_of("rr-legal-contested-rp-us-wins", tmp_path))
    assert chances(computed) == (Fraction(13, 18), Fraction(1, 9), Fraction(1, 6))
    assert computed.rule_id == "AR-RR-01"


def test_an_uncontested_table_reports_a_certain_win_without_dice(tmp_path: Path) -> None:
    [computed] = rabble_computations(report_of(
        "rr-legal-uncontested-loyalty-won-without-a-roll", tmp_path))
    assert chances(computed) == (1, 0, 0)
    assert computed.inputs["American dice"] == 0


def test_the_british_two_dice_finding_names_no_hidden_marker(tmp_path: Path) -> None:
    report = report_of("rr-illegal-british-rolls-two-dice", tmp_path)
    [finding] = [f for f in report.findings if f.severity is Severity.ILLEGAL]
    assert finding.rule_id == "AR-RR-01"
    assert "Rabble Rousing" not in finding.message


def test_marker_values_for_each_side() -> None:
    data = bundled_data()
    assert (value(data, "adams", "US"), value(data, "adams", "GB")) == (3, 1)
    assert (value(data, "rr_2", "US"), value(data, "rr_2", "GB")) == (2, 2)
    assert value(data, "tactics", "US") == 0
    assert points(data, [commit("US", "rp", "paine", "rr_1"), commit("US", "bop", "rr_3")],
                  "US", "rp") == 4


@pytest.mark.parametrize(("us", "gb", "us_die", "gb_die", "won"), [
    (3, 1, 2, 3, "US"), (3, 1, 1, 3, None), (3, 2, 1, 6, "GB"),
    (2, 0, None, None, "US"), (0, 2, None, None, "GB"), (0, 0, None, None, None)])
def test_the_winner_of_a_table(us: int, gb: int, us_die: int | None, gb_die: int | None,
                               won: str | None) -> None:
    us_roll = roll("US", us_die) if us_die else None
    gb_roll = roll("GB", gb_die) if gb_die else None
    assert winner(us, gb, us_roll, gb_roll) == won


def test_a_contested_table_without_dice_has_no_winner_yet() -> None:
    with pytest.raises(ValueError, match="roll of each side"):
        winner(1, 1, None, None)


def test_a_move_stands_on_each_sides_last_unspent_roll() -> None:
    commitments = (commit("US", "rp", "adams"), commit("GB", "rp", "rr_1"),
                   commit("US", "virginia", "rr_1"), commit("GB", "virginia", "rr_2"))
    tie_us, tie_gb = roll("US", 4, step=5), roll("GB", 3, step=6)   # Virginia: a tie
    rp_us, rp_gb = roll("US", 5, step=7), roll("GB", 1, step=8)
    move = TrackMoved(step=9, track="rp", before=0, after=1)
    found = resolve("1776", commitments, (tie_us, tie_gb, rp_us, rp_gb), (), move)
    assert (found.table, found.us_roll, found.gb_roll) == ("rp", rp_us, rp_gb)
    # A later table finds the rolls the RP move did not spend.
    loyalty = TrackMoved(step=10, track="loyalty", region="virginia", before=2, after=1)
    later = resolve("1776", commitments, (tie_us, tie_gb, rp_us, rp_gb), (found,), loyalty)
    assert (later.us_roll, later.gb_roll) == (tie_us, tie_gb)
    assert table_of(loyalty) == "virginia"


def test_an_uncontested_table_spends_no_roll() -> None:
    found = resolve("1776", (commit("US", "bop", "rr_3"),), (roll("US", 6),), (),
                    TrackMoved(step=3, track="bop", before=0, after=1))
    assert found.us_roll is None and found.gb_roll is None
