"""The WfA row records read through the common `RollTable` exactly as WfA's own `read_rows`
read them (kept here as the oracle): the calculators and rules moved onto the toolkit
without changing one result."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from adjudicator.systems.common.tables import RollTable
from adjudicator.systems.war_for_america.data.tables import RollRow


def read_rows(rows: tuple[RollRow, ...], roll: int) -> str:
    """The result of a modified roll. A roll beyond every row reads the nearest row (the
    printed tables' range is the clamp, digest 6.3 assumption)."""
    for row in rows:
        if row.covers(roll):
            return row.result

    def distance(row: RollRow) -> int:
        if row.low is not None and roll < row.low:
            return row.low - roll
        return roll - (row.high if row.high is not None else roll)

    return min(rows, key=distance).result


@st.composite
def _rows(draw: st.DrawFn) -> tuple[RollRow, ...]:
    """Non-overlapping rows with gaps and open ends, as a user's table may have them."""
    points = sorted(draw(st.sets(st.integers(-5, 20), min_size=2, max_size=12)))
    rows = [RollRow(low=low, high=high, result=f"r{low}")
            for low, high in zip(points[::2], points[1::2], strict=False)]
    if draw(st.booleans()):
        rows[0] = RollRow(low=None, high=rows[0].high, result=rows[0].result)
    if draw(st.booleans()):
        rows[-1] = RollRow(low=rows[-1].low, high=None, result=rows[-1].result)
    return tuple(draw(st.permutations(rows)))


@given(_rows(), st.integers(-15, 30))
def test_a_roll_table_reads_every_roll_as_read_rows_does(rows: tuple[RollRow, ...],
                                                        roll: int) -> None:
    assert RollTable.from_rows(rows).read(roll) == read_rows(rows, roll)
