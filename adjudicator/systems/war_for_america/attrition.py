"""Winter losses: Continental attrition (expired enlistments) and Winter Quartering
(digest 6.6; WfA 18.3-18.10).

- Attrition (WfA 18.3-18.4): in the Winter Turns of 1777-1782 the Colonial player loses the
  Colonial Reinforcement Chart's fraction of his Continental SP (1/4 to 3/4; 2/3 in 1777,
  by the rulebook's example), rounded down; applied per stack (digest A-20). None in
  1775-1776 (digest A-18). The CRC's fractions are user data; a question names one.
- Winter Quartering (WfA 18.5-18.10, table T-13): a space holds 20 SP (key, coastal), 15
  (coastal), 10 (key, inland) or 5 (circle), +5 with a magazine; half the excess, rounded
  down, is lost. With both sides on the space each has half the limit, rounded down. All
  of a side's SP count (digest A-21). None in 1775-1776.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Literal

from adjudicator.systems.war_for_america.data.tables import WfATables

SpaceKind = Literal["key_coastal", "coastal", "key_inland", "circle"]

_LOWEST = Fraction(1, 4)
_HIGHEST = Fraction(3, 4)


def attrition_loss(continental_sp: int, fraction: Fraction) -> int:
    """Continental SP lost from one stack: floor(fraction x SP) (WfA 18.3-18.4).

    >>> attrition_loss(12, Fraction(2, 3))  # WfA 18.4's example: 12 SP at Albany
    8
    """
    if continental_sp < 0:
        raise ValueError(f"SP cannot be negative ({continental_sp})")
    if not _LOWEST <= fraction <= _HIGHEST:
        raise ValueError(f"attrition runs from 1/4 to 3/4 (WfA 18.3), not {fraction}")
    return int(fraction * continental_sp)


def attrition_applies(year: int) -> bool:
    """Whether the Winter Turn of `year` has Continental attrition and Winter Quartering
    (1777-1782; none in 1775-1776, digest A-18)."""
    return 1777 <= year <= 1782


@dataclass(frozen=True, slots=True)
class Quartering:
    """One side's Winter Quartering on a space."""

    limit: int
    excess: int
    lost: int


def quartering(tables: WfATables, sp: int, kind: SpaceKind, *, magazine: bool = False,
               shared: bool = False) -> Quartering:
    """SP lost by a side of `sp` SP quartering on a space of `kind` (WfA 18.7-18.10).

    >>> from adjudicator.systems.war_for_america.data.tables import bundled_tables
    >>> quartering(bundled_tables(), 9, "circle").lost  # WfA 18.7's example: Saratoga
    2
    """
    if sp < 0:
        raise ValueError(f"SP cannot be negative ({sp})")
    t13 = tables.t13
    limit = t13.limit(kind) + (t13.magazine_bonus if magazine else 0)
    if shared:
        limit //= 2
    excess = max(0, sp - limit)
    return Quartering(limit, excess, excess // 2)


__all__ = ["Quartering", "SpaceKind", "attrition_applies", "attrition_loss", "quartering"]
