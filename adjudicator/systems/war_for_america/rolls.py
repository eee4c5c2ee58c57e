"""The single-roll procedures of table T-15 that decide one thing: retreat before combat,
naval interception, Arnold's treason and prisoner exchange (digest 6.7 W-1, W-8).

- Retreat before combat (WfA 12.11, 11.25): the D6 (-1 for an army) at most the leader's
  command value; with no leader or one of too low a rank for the stack, 1-2.
- Naval interception / combat decision (WfA 14.23): both roll a D6, the higher decides,
  a tie is no result.
- Arnold defects on a D12 of 2-7, else re-rolled before each Colonial AP (WfA 19.13;
  digest A-38).
- Prisoner exchange: a D6 of 1 loses the leader for good (WfA 19.14); Washington is never
  exchanged.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from adjudicator.systems.common.probability import Distribution, compare
from adjudicator.systems.war_for_america.data.tables import WfATables


def retreat_before_combat_chance(tables: WfATables, command: int | None, *,
                                 commands_stack: bool = True, army: bool = False) -> Fraction:
    """P(a retreat before combat succeeds) (WfA 12.11, 11.25).

    `command` None (no leader) or `commands_stack` False (a rank too low for the stack):
    the roll must be 1-2 (WfA 12.11).

    >>> from adjudicator.systems.war_for_america.data.tables import bundled_tables
    >>> retreat_before_combat_chance(bundled_tables(), 1, commands_stack=False)
    Fraction(1, 3)
    >>> retreat_before_combat_chance(bundled_tables(), 4, army=True)
    Fraction(5, 6)
    """
    limit = command if command is not None and commands_stack else tables.t15.rbc_no_leader_max
    roll = Distribution.die() + (tables.t9.creation.rbc_modifier if army else 0)
    return roll.at_most(limit)


@dataclass(frozen=True, slots=True)
class Interception:
    """A naval interception's chances: who decides, or no result (WfA 14.23)."""

    moving_player_decides: Fraction
    other_player_decides: Fraction
    no_result: Fraction


def interception() -> Interception:
    """Both players' D6: the higher decides whether combat occurs; a tie is no result.

    >>> interception().no_result
    Fraction(1, 6)
    """
    result = compare(Distribution.die(), Distribution.die())
    return Interception(result.greater, result.less, result.equal)


def arnold_defects_chance(tables: WfATables) -> Fraction:
    """P(Arnold defects on one D12 roll): 2-7 (WfA 19.13).

    >>> from adjudicator.systems.war_for_america.data.tables import bundled_tables
    >>> arnold_defects_chance(bundled_tables())
    Fraction(7, 12)
    """
    return Distribution.dice(2).at_most(tables.t15.arnold_defects_high)


def arnold_still_loyal(tables: WfATables, rolls: int) -> Fraction:
    """P(Arnold has not defected after `rolls` rolls): (5/12)^n."""
    if rolls < 0:
        raise ValueError(f"rolls cannot be negative ({rolls})")
    return (1 - arnold_defects_chance(tables)) ** rolls


def leader_lost_on_exchange(tables: WfATables, *, washington: bool = False) -> Fraction:
    """P(a surrendered or destroyed leader is removed for good) (WfA 19.14)."""
    if washington:
        return Fraction(1)
    return Distribution.die().at_most(tables.t15.exchange_lost_high)


__all__ = ["Interception", "arnold_defects_chance", "arnold_still_loyal", "interception",
           "leader_lost_on_exchange", "retreat_before_combat_chance"]
