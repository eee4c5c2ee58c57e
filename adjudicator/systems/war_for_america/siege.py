"""Siege odds: the chance a besieged force surrenders on one roll, and within n rolls
(digest 6.5; WfA 17.13-17.16, 19.16).

Once the Siege Marker is placed the besieger rolls a D12 (2d6) on the Siege Table once per
own Action Phase (digest A-29), with no AP cost; the only results are 'no effect' and
'surrender' (WfA 17.13). The only modifiers are a Siege action card's and +4 when
Rochambeau's Siege Mortars have landed (WfA 17.14, 19.16); leaders' ratings do not count.
The rulebook prints no Siege Table (digest A-1): the user supplies it (`SiegeTable`), or a
question names a threshold t ("surrender on t or more"), when P = G(t - m). Rolls are
independent, so P(surrender within n rolls) = 1 - (1 - p)^n while the marker stands.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from adjudicator.systems.common.probability import Distribution
from adjudicator.systems.common.tables import RollTable
from adjudicator.systems.war_for_america.data.tables import RollRow, SiegeTable, WfATables


def threshold_table(threshold: int) -> SiegeTable:
    """A Siege Table that reads 'surrender' on `threshold` or more (a what-if, not data)."""
    return SiegeTable(rows=(RollRow(high=threshold - 1, result="no_effect"),
                            RollRow(low=threshold, result="surrender")),
                      source=(f"what-if: surrender on {threshold}+",))


def siege_modifier(tables: WfATables, *, card_drm: int = 0, mortar: bool = False) -> int:
    """The siege D12's modifier: a Siege card's and the landed mortars' +4 (WfA 17.14,
    19.16)."""
    return card_drm + (tables.t16.value("mortar_siege_drm") if mortar else 0)


def surrender_chance(table: SiegeTable, modifier: int = 0) -> Fraction:
    """P(one Siege Table roll gives 'surrender').

    >>> surrender_chance(threshold_table(12), 4)
    Fraction(5, 12)
    """
    rows = RollTable.from_rows(table.rows)
    return Distribution.dice(2).prob(lambda natural: rows.read(natural + modifier) == "surrender")


def surrender_within(chance: Fraction, rolls: int) -> Fraction:
    """P(at least one surrender in `rolls` independent rolls).

    >>> surrender_within(Fraction(5, 12), 2)
    Fraction(95, 144)
    """
    if rolls < 0:
        raise ValueError(f"rolls cannot be negative ({rolls})")
    return 1 - (1 - chance) ** rolls


@dataclass(frozen=True, slots=True)
class SiegeOdds:
    """One roll's chance and the cumulative chance over successive Action Phases."""

    modifier: int
    per_roll: Fraction
    within: tuple[Fraction, ...]
    """within[i]: P(surrender within i + 1 rolls)."""


def siege_odds(table: SiegeTable, modifier: int, rolls: int = 1) -> SiegeOdds:
    """The siege's odds over the next `rolls` rolls."""
    if rolls < 1:
        raise ValueError(f"ask about at least one roll, not {rolls}")
    p = surrender_chance(table, modifier)
    return SiegeOdds(modifier, p, tuple(surrender_within(p, n) for n in range(1, rolls + 1)))


__all__ = ["SiegeOdds", "siege_modifier", "siege_odds", "surrender_chance",
           "surrender_within", "threshold_table"]
