"""Wargame tables: roll tables, column tables (a combat results table) and the modifiers
read on them, each modifier with its reason and its rule.

Nothing here is game-specific. A game's tables are data (`data/*.json` or constants with a
citation); this module reads them.

- A **roll table** maps a die or dice result to a result, by rows of ranges (`1-4`, `5`,
  `6`). A modified roll beyond every printed row reads the nearest row: the printed range
  is the clamp, unless the table says otherwise.
- A **column table** is a row of columns chosen by a value (an odds ratio, a differential,
  a strength), each column a roll table. A CRT: find the column the value falls in, apply
  the column shifts, which stop at the table's edges, then read the modified roll down
  that column.
- A **modifier** (`Modifier`, a die-roll modifier) and a **shift** (`Shift`, columns) each
  carry why they apply and the rule they come from, so a report can say both.

>>> crt = ColumnTable.by_odds(("1:2", "1:1", "2:1", "3:1"), [
...     RollTable.of([(1, 4, "AR"), (5, 6, "EX")]),
...     RollTable.of([(1, 2, "AR"), (3, 4, "EX"), (5, 6, "DR")]),
...     RollTable.of([(1, 1, "EX"), (2, 6, "DR")]),
...     RollTable.of([(1, 6, "DE")])])
>>> crt.column(odds_ratio(5, 2)).label       # 5:2 rounds down, for the defender, to 2:1
'2:1'
>>> read = crt.column(odds_ratio(5, 2), [Shift("river", -1, "X 7.2")])
>>> read.label, read.shifted
('1:1', -1)
>>> crt.column(9, [Shift("surprise", +2, "X 7.4")]).label   # 9:1 is 3:1; no 4th column
'3:1'
>>> resolve(crt, Fraction(1), Distribution.die(), [Modifier("leader", 1, "X 8.1")]).results
Distribution({'AR': 1/6, 'DR': 1/2, 'EX': 1/3})
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from itertools import pairwise
from typing import Generic, Protocol, TypeVar

from adjudicator.systems.common.probability import Distribution

R = TypeVar("R")
R_co = TypeVar("R_co", covariant=True)
C = TypeVar("C")
Number = int | Fraction


class OffTable(ValueError):
    """A value or roll that no column or row of a table covers."""


@dataclass(frozen=True, slots=True)
class Modifier:
    """A die-roll modifier: why it applies, how much, and the rule it comes from."""

    name: str
    drm: int
    source: str

    def __str__(self) -> str:
        return f"{self.name} {self.drm:+d} ({self.source})"


@dataclass(frozen=True, slots=True)
class Shift:
    """A column shift: why, how many columns (right +, left -), and the rule."""

    name: str
    columns: int
    source: str

    def __str__(self) -> str:
        return f"{self.name} {self.columns:+d} column{'' if abs(self.columns) == 1 else 's'} " \
               f"({self.source})"


def total_drm(modifiers: Iterable[Modifier]) -> int:
    """The modifiers' sum."""
    return sum(m.drm for m in modifiers)


# --------------------------------------------------------------------------------------
# Roll tables


@dataclass(frozen=True, slots=True)
class Row(Generic[R]):
    """Rolls `low..high` (inclusive; None: open-ended) and what they give."""

    low: int | None
    high: int | None
    result: R

    def covers(self, roll: int) -> bool:
        """Whether `roll` falls in this row."""
        return (self.low is None or roll >= self.low) and (self.high is None or roll <= self.high)

    def distance(self, roll: int) -> int:
        """How far `roll` lies outside the row (0: inside)."""
        if self.low is not None and roll < self.low:
            return self.low - roll
        if self.high is not None and roll > self.high:
            return roll - self.high
        return 0


class RowLike(Protocol[R_co]):
    """A game's own row record: rolls `low..high` (None: open-ended) and a result."""

    @property
    def low(self) -> int | None: ...
    @property
    def high(self) -> int | None: ...
    @property
    def result(self) -> R_co: ...


@dataclass(frozen=True, slots=True)
class RollTable(Generic[R]):
    """Rows of rolls and their results, in printed order.

    `clamp`: a roll beyond every row reads the nearest row (the first of two equally near);
    otherwise it raises `OffTable`. Rows may not overlap, so a roll reads one result.
    """

    rows: tuple[Row[R], ...]
    source: str = ""
    clamp: bool = True

    def __post_init__(self) -> None:
        if not self.rows:
            raise ValueError("a roll table needs at least one row")
        for i, row in enumerate(self.rows):
            if row.low is not None and row.high is not None and row.low > row.high:
                raise ValueError(f"row {row.low}..{row.high} is empty")
            for other in self.rows[i + 1:]:
                if _overlap(row, other):
                    raise ValueError(f"rows {row.result!r} and {other.result!r} overlap")

    @classmethod
    def of(cls, rows: Iterable[tuple[int | None, int | None, R]], *, source: str = "",
           clamp: bool = True) -> RollTable[R]:
        """A table from (low, high, result) triples."""
        return cls(tuple(Row(low, high, result) for low, high, result in rows), source, clamp)

    @classmethod
    def from_rows(cls, rows: Iterable[RowLike[R]], *, source: str = "",
                  clamp: bool = True) -> RollTable[R]:
        """A table from a game's row records (each with `low`, `high` and `result`)."""
        return cls.of(((row.low, row.high, row.result) for row in rows), source=source,
                      clamp=clamp)

    def row(self, roll: int) -> Row[R]:
        """The row `roll` reads (see `clamp`)."""
        for row in self.rows:
            if row.covers(roll):
                return row
        if not self.clamp:
            raise OffTable(f"roll {roll} is on no row{_of(self.source)}")
        return min(self.rows, key=lambda row: row.distance(roll))

    def read(self, roll: int) -> R:
        """The result `roll` reads."""
        return self.row(roll).result

    def gaps(self, low: int, high: int) -> tuple[int, ...]:
        """The rolls in `low..high` that no row covers (none for a complete table).

        >>> RollTable.of([(2, 6, "miss"), (8, 12, "hit")]).gaps(2, 12)
        (7,)
        """
        return tuple(n for n in range(low, high + 1)
                     if not any(row.covers(n) for row in self.rows))

    def roll(self, dice: Distribution[int],
             modifiers: Iterable[Modifier] = ()) -> Distribution[R]:
        """What `dice`, modified, read on the table.

        >>> RollTable.of([(None, 7, "miss"), (8, None, "hit")]).roll(
        ...     Distribution.dice(2), [Modifier("veterans", 1, "X 5.1")])
        Distribution({'hit': 7/12, 'miss': 5/12})
        """
        drm = total_drm(modifiers)
        return dice.map(lambda natural: self.read(natural + drm))


def _overlap(a: Row[R], b: Row[R]) -> bool:
    lows = [x for x in (a.low, b.low) if x is not None]
    highs = [x for x in (a.high, b.high) if x is not None]
    return not lows or not highs or max(lows) <= min(highs)


def _of(source: str) -> str:
    return f" of {source}" if source else ""


# --------------------------------------------------------------------------------------
# Column tables


@dataclass(frozen=True, slots=True)
class Column(Generic[C]):
    """One column: the values `low` (inclusive) up to `below` (exclusive) that choose it
    (None: open-ended), its printed label, and its body (a `RollTable` for a CRT)."""

    label: str
    low: Number | None
    below: Number | None
    body: C

    def covers(self, value: Number) -> bool:
        """Whether `value` chooses this column."""
        return (self.low is None or value >= self.low) and (
            self.below is None or value < self.below)


@dataclass(frozen=True, slots=True)
class ColumnRead(Generic[C]):
    """The column a value reads, after its shifts, and how it got there."""

    column: Column[C]
    index: int
    found: Column[C]
    """The column the value itself falls in, before any shift."""
    shifts: tuple[Shift, ...] = ()
    shifted: int = 0
    """Columns actually moved: the shifts' sum, stopped at the table's edge."""

    @property
    def label(self) -> str:
        """The printed label of the column read."""
        return self.column.label

    @property
    def body(self) -> C:
        """The column read."""
        return self.column.body

    @property
    def clamped(self) -> bool:
        """Whether the table's edge stopped some of the shifts."""
        return self.shifted != sum(s.columns for s in self.shifts)


@dataclass(frozen=True, slots=True)
class ColumnTable(Generic[C]):
    """Columns from left to right, chosen by a value; shifts stop at the edges."""

    columns: tuple[Column[C], ...]
    source: str = ""

    def __post_init__(self) -> None:
        if not self.columns:
            raise ValueError("a column table needs at least one column")
        for column in self.columns:
            if column.low is not None and column.below is not None and \
                    column.low >= column.below:
                raise ValueError(f"column {column.label!r} is empty")
        for left, right in pairwise(self.columns):
            if left.below is None or right.low is None or right.low < left.below:
                raise ValueError(f"columns {left.label!r} and {right.label!r} overlap or "
                                 "are out of order")

    @classmethod
    def by_thresholds(cls, labels: Sequence[str], lows: Sequence[Number],
                      bodies: Sequence[C], *, source: str = "",
                      open_low: bool = True) -> ColumnTable[C]:
        """Columns each running from its `low` up to the next column's low; values past the
        last column read it. `open_low`: values below the first column read it too, else
        they are off the table (e.g. an attack below the lowest odds)."""
        if not len(labels) == len(lows) == len(bodies):
            raise ValueError("a label, a low and a body per column")
        if any(right <= left for left, right in pairwise(lows)):
            raise ValueError(f"column lows {list(lows)} are out of order")
        belows: list[Number | None] = [*lows[1:], None]
        return cls(tuple(Column(label, None if open_low and i == 0 else low, below, body)
                         for i, (label, low, below, body)
                         in enumerate(zip(labels, lows, belows, bodies, strict=True))), source)

    @classmethod
    def by_odds(cls, labels: Sequence[str], bodies: Sequence[C], *, source: str = "",
                open_low: bool = True) -> ColumnTable[C]:
        """An odds CRT from its printed labels (`1:2`, `1:1`, `3:2`, `2:1` ...): a ratio
        reads the column of the highest odds it reaches, rounding for the defender."""
        return cls.by_thresholds(labels, [parse_odds(label) for label in labels], bodies,
                                 source=source, open_low=open_low)

    def index(self, value: Number) -> int:
        """The index of the column `value` falls in."""
        for i, column in enumerate(self.columns):
            if column.covers(value):
                return i
        raise OffTable(f"{value} is on no column{_of(self.source)}")

    def column(self, value: Number, shifts: Iterable[Shift] = ()) -> ColumnRead[C]:
        """The column `value` reads after `shifts`, stopped at the table's edges."""
        found = self.index(value)
        shifts = tuple(shifts)
        index = min(max(found + sum(s.columns for s in shifts), 0), len(self.columns) - 1)
        return ColumnRead(self.columns[index], index, self.columns[found], shifts,
                          index - found)

    def labels(self) -> tuple[str, ...]:
        """The printed labels, left to right."""
        return tuple(c.label for c in self.columns)


def parse_odds(label: str) -> Fraction:
    """An odds label as a ratio.

    >>> parse_odds("3:2"), parse_odds("1:3")
    (Fraction(3, 2), Fraction(1, 3))
    """
    attacker, sep, defender = label.partition(":")
    if not sep:
        raise ValueError(f"odds label {label!r} is not 'a:b'")
    return Fraction(int(attacker), int(defender))


def odds_ratio(attacker: Number, defender: Number) -> Fraction:
    """The exact ratio of attacker to defender strength (a column table rounds it).

    >>> odds_ratio(7, 2)
    Fraction(7, 2)
    """
    if defender <= 0:
        raise ValueError(f"the defender's strength must be positive, not {defender}")
    return Fraction(attacker) / Fraction(defender)


@dataclass(frozen=True, slots=True)
class Resolution(Generic[R]):
    """A CRT read: the column, the roll's modifiers and the results' distribution."""

    column: ColumnRead[RollTable[R]]
    modifiers: tuple[Modifier, ...]
    results: Distribution[R]

    @property
    def drm(self) -> int:
        """The modifiers' sum."""
        return total_drm(self.modifiers)


def resolve(table: ColumnTable[RollTable[R]], value: Number, dice: Distribution[int],
            modifiers: Iterable[Modifier] = (), shifts: Iterable[Shift] = ()) -> Resolution[R]:
    """`value`'s column after `shifts`, and `dice` plus `modifiers` read down it."""
    read = table.column(value, shifts)
    modifiers = tuple(modifiers)
    return Resolution(read, modifiers, read.body.roll(dice, modifiers))


__all__ = ["Column", "ColumnRead", "ColumnTable", "Modifier", "Number", "OffTable",
           "Resolution", "RollTable", "Row", "RowLike", "Shift", "odds_ratio", "parse_odds",
           "resolve", "total_drm"]
