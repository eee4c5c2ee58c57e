"""Rabble rousing contests on the RP, Loyalty and Balance of Power tables (AR 9.3-9.4, 12.5;
digest 6.2).

Each side adds its committed rabble-rousing points to one die; the higher total wins and a
tie means no change, with no re-roll (AR 9.3, 10.3, 11.4, 12.4). Once Revolutionary
Progress has reached Declaration of Independence the American rolls two dice, not one, on
the European Balance of Power table only (AR 12.5). A side that commits nothing rolls
nothing: the other wins without a roll, and if neither commits nothing happens (AR 9.4).
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from fractions import Fraction

from adjudicator.systems.common.probability import Distribution, compare

DECLARATION_OF_INDEPENDENCE = 2
"""The Declaration of Independence's index on the RP track (digest 5.6: 0 Don't Tread on
Me, 1 Continental Congress, 2 Declaration of Independence, ...)."""


class RabbleTable(StrEnum):
    """The three rabble-rousing tables (AR 9.1)."""

    PROGRESS = "progress"
    LOYALTY = "loyalty"
    BALANCE = "balance"


@dataclass(frozen=True, slots=True)
class ContestOdds:
    """Exact chances of a rabble-rousing contest, and whether dice are rolled at all."""

    us: Fraction
    tie: Fraction
    gb: Fraction
    us_dice: int
    rolled: bool
    """False: uncontested (or nobody committed), decided without a roll (AR 9.4)."""


def us_dice(table: RabbleTable, rp_level: int) -> int:
    """The dice the American rolls on `table` at RP level `rp_level` (AR 9.3, 12.5).

    >>> us_dice(RabbleTable.BALANCE, 2), us_dice(RabbleTable.PROGRESS, 4)
    (2, 1)
    """
    return 2 if table is RabbleTable.BALANCE and rp_level >= DECLARATION_OF_INDEPENDENCE else 1


def contest(us_points: int, gb_points: int, *, dice_us: int = 1) -> ContestOdds:
    """P(US wins), P(tie: no change), P(GB wins) for committed points `us_points` and
    `gb_points` (0 = nothing committed; AR 9.3-9.4, 12.5).

    >>> c = contest(3, 2, dice_us=2)
    >>> c.us, c.tie, c.gb
    (Fraction(49, 54), Fraction(5, 108), Fraction(5, 108))

    Raises:
        ValueError: negative points, or US dice other than 1 or 2.
    """
    if us_points < 0 or gb_points < 0:
        raise ValueError("rabble-rousing points cannot be negative")
    if dice_us not in (1, 2):
        raise ValueError(f"the American rolls one or two dice, not {dice_us} (AR 12.5)")
    one, zero = Fraction(1), Fraction(0)
    if not us_points and not gb_points:
        return ContestOdds(zero, one, zero, dice_us, rolled=False)
    if not gb_points:
        return ContestOdds(one, zero, zero, dice_us, rolled=False)
    if not us_points:
        return ContestOdds(zero, zero, one, dice_us, rolled=False)
    odds = compare(Distribution.dice(dice_us) + us_points, Distribution.die() + gb_points)
    return ContestOdds(odds.greater, odds.equal, odds.less, dice_us, rolled=True)


__all__ = [
    "DECLARATION_OF_INDEPENDENCE",
    "ContestOdds",
    "RabbleTable",
    "contest",
    "us_dice",
]
