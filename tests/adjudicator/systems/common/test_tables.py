"""Roll tables, column tables and modifiers: the road the CRT games (AR, AaM) take."""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from adjudicator.systems.common.probability import Distribution
from adjudicator.systems.common.tables import (
    Column,
    ColumnTable,
    Modifier,
    OffTable,
    RollTable,
    Shift,
    odds_ratio,
    parse_odds,
    resolve,
    total_drm,
)

# A made-up fire table in AR 5.1's shape: 1-4 nothing, 5 disrupt, 6 eliminate.
FIRE = RollTable.of([(1, 4, "none"), (5, 5, "disrupt"), (6, 6, "eliminate")], source="T1")
ODDS = ("1:3", "1:2", "1:1", "3:2", "2:1", "3:1")
CRT = ColumnTable.by_odds(ODDS, [RollTable.of([(1, 6, label)]) for label in ODDS],
                          source="CRT")


# --- roll tables ------------------------------------------------------------------------


def test_a_roll_reads_the_row_whose_range_holds_it() -> None:
    assert [FIRE.read(n) for n in range(1, 7)] == ["none"] * 4 + ["disrupt", "eliminate"]


def test_a_modified_roll_past_the_printed_rows_reads_the_nearest_row() -> None:
    assert FIRE.read(9) == "eliminate"
    assert FIRE.read(-2) == "none"


def test_a_table_that_does_not_clamp_says_the_roll_is_off_the_table() -> None:
    strict = RollTable.of([(1, 4, "none"), (5, 6, "hit")], source="T2", clamp=False)
    with pytest.raises(OffTable, match="roll 7 is on no row of T2"):
        strict.read(7)


def test_a_roll_in_a_gap_reads_the_nearer_row_and_the_first_on_a_tie() -> None:
    table = RollTable.of([(2, 4, "low"), (8, 12, "high")])
    assert table.gaps(2, 12) == (5, 6, 7)
    assert table.read(5) == "low"
    assert table.read(7) == "high"
    assert table.read(6) == "low"  # 2 from either row: the first printed row


@pytest.mark.parametrize("rows", [
    [(1, 4, "a"), (4, 6, "b")],
    [(None, 3, "a"), (None, 6, "b")],
    [(1, None, "a"), (6, 6, "b")],
])
def test_overlapping_rows_are_refused(rows: list[tuple[int | None, int | None, str]]) -> None:
    with pytest.raises(ValueError, match="overlap"):
        RollTable.of(rows)


def test_an_empty_row_or_table_is_refused() -> None:
    with pytest.raises(ValueError, match="empty"):
        RollTable.of([(5, 4, "a")])
    with pytest.raises(ValueError, match="at least one row"):
        RollTable.of([])


def test_open_ended_rows_cover_every_roll() -> None:
    table = RollTable.of([(None, 7, "miss"), (8, None, "hit")])
    assert table.gaps(-20, 40) == ()


@given(st.lists(st.integers(1, 5), min_size=1, max_size=5, unique=True))
def test_rows_split_at_any_points_cover_two_d6_exactly_once(cuts: list[int]) -> None:
    points = sorted({2 + c for c in cuts} | {2})
    rows = [(low, high - 1, i) for i, (low, high) in enumerate(zip(points, [*points[1:], 13],
                                                                    strict=True))]
    table = RollTable.of(rows)
    assert table.gaps(2, 12) == ()
    results = table.roll(Distribution.dice(2))
    assert sum(p for _, p in results.items()) == 1
    assert set(results.support) == set(range(len(rows)))


def test_a_roll_through_the_table_adds_every_modifier() -> None:
    drms = [Modifier("leader", 1, "X 8.1"), Modifier("militia", -2, "X 16.1")]
    assert total_drm(drms) == -1
    assert FIRE.roll(Distribution.die(), drms) == Distribution.from_weights(
        {"none": 5, "disrupt": 1})


# --- modifiers and shifts ----------------------------------------------------------------


def test_modifiers_and_shifts_keep_their_reason_and_rule() -> None:
    drm = Modifier("attacking a fortress", -3, "WfA 17.2")
    assert (drm.name, drm.drm, drm.source) == ("attacking a fortress", -3, "WfA 17.2")
    assert str(drm) == "attacking a fortress -3 (WfA 17.2)"
    assert str(Shift("river", -1, "X 7.2")) == "river -1 column (X 7.2)"
    assert str(Shift("surprise", 2, "X 7.4")) == "surprise +2 columns (X 7.4)"


def test_a_crt_read_keeps_its_modifiers_and_shifts_with_their_reasons() -> None:
    drms = (Modifier("leader", 1, "X 8.1"),)
    shifts = (Shift("river", -1, "X 7.2"),)
    read = resolve(CRT, odds_ratio(4, 2), Distribution.die(), drms, shifts)
    assert read.column.found.label == "2:1"
    assert read.column.label == "3:2"
    assert read.column.shifts == shifts
    assert read.modifiers == drms
    assert read.drm == 1
    assert read.results == Distribution.constant("3:2")


# --- column tables ------------------------------------------------------------------------


@pytest.mark.parametrize(("attacker", "defender", "label"), [
    (1, 1, "1:1"), (5, 4, "1:1"), (3, 2, "3:2"), (19, 10, "3:2"), (2, 1, "2:1"),
    (29, 10, "2:1"), (3, 1, "3:1"), (12, 1, "3:1"), (1, 2, "1:2"), (1, 3, "1:3"),
    (1, 9, "1:3"),
])
def test_odds_round_down_for_the_defender_and_the_edges_take_the_rest(
        attacker: int, defender: int, label: str) -> None:
    assert CRT.column(odds_ratio(attacker, defender)).label == label


def test_shifts_move_columns_and_stop_at_the_table_edges() -> None:
    right = CRT.column(2, [Shift("surprise", 1, "X"), Shift("artillery", 1, "X")])
    assert (right.label, right.shifted, right.clamped) == ("3:1", 1, True)
    left = CRT.column(Fraction(1, 2), [Shift("river", -3, "X")])
    assert (left.label, left.index, left.shifted, left.clamped) == ("1:3", 0, -1, True)
    inside = CRT.column(1, [Shift("river", -1, "X"), Shift("surprise", 2, "X")])
    assert (inside.label, inside.shifted, inside.clamped) == ("3:2", 1, False)
    none = CRT.column(1)
    assert (none.label, none.shifted, none.clamped) == ("1:1", 0, False)


@given(st.fractions(min_value=Fraction(1, 20), max_value=20), st.integers(-8, 8))
def test_any_odds_and_any_shift_land_on_a_column(ratio: Fraction, shift: int) -> None:
    read = CRT.column(ratio, [Shift("s", shift, "X")])
    assert 0 <= read.index < len(ODDS)
    assert read.index == min(max(CRT.index(ratio) + shift, 0), len(ODDS) - 1)
    assert read.clamped == (read.shifted != shift)


def test_odds_below_a_closed_table_are_off_it() -> None:
    closed = ColumnTable.by_odds(("1:1", "2:1"), ["a", "b"], source="CRT", open_low=False)
    assert closed.column(Fraction(3, 2)).label == "1:1"
    with pytest.raises(OffTable, match="1/2 is on no column of CRT"):
        closed.column(Fraction(1, 2))


def test_a_differential_table_chooses_by_the_difference() -> None:
    table = ColumnTable.by_thresholds(("-2", "-1", "0", "+1", "+2"), (-2, -1, 0, 1, 2),
                                      list("abcde"))
    assert [table.column(d).label for d in (-5, -2, 0, 1, 7)] == ["-2", "-2", "0", "+1", "+2"]


def test_columns_that_overlap_or_run_backwards_are_refused() -> None:
    with pytest.raises(ValueError, match="overlap"):
        ColumnTable((Column("a", 1, 5, 0), Column("b", 3, None, 0)))
    with pytest.raises(ValueError, match="out of order"):
        ColumnTable.by_thresholds(("a", "b"), (5, 1), [0, 0])


def test_a_gap_between_columns_is_off_the_table() -> None:
    table = ColumnTable((Column("1-2", 1, 3, "small"), Column("5+", 5, None, "big")))
    assert table.column(2).body == "small"
    with pytest.raises(OffTable):
        table.column(4)


def test_odds_labels_parse_and_a_ratio_needs_a_defender() -> None:
    assert parse_odds("1:2") == Fraction(1, 2)
    with pytest.raises(ValueError, match="not 'a:b'"):
        parse_odds("2-1")
    with pytest.raises(ValueError, match="positive"):
        odds_ratio(3, 0)
