"""Initiative: how many Action Rounds a turn actually plays (digest 6.7 W-7; WfA 9.1,
20.4, 6.5, 18.1).

Each Action Round both players roll a D6 for initiative. A tie makes each draw a card; the
most recent initiative winner takes one AP, then the other, and the Action Cycle is over
(WfA 9.1 procedure, 20.4; digest A-4). Otherwise the cycle runs its 4 rounds (WfA 9.7);
Winter has 2 (WfA 18.1; digest A-3 reads 'Action Cycles' as rounds). On turn 1 a tie is
re-rolled and there are 2 rounds (WfA 6.1, 6.5), so turn 1 always plays 2.
"""

from __future__ import annotations

from fractions import Fraction

from adjudicator.systems.common.probability import Distribution, compare
from adjudicator.systems.war_for_america.data.tables import WfATables


def initiative_tie_chance() -> Fraction:
    """P(both initiative D6 are equal) = 1/6."""
    return compare(Distribution.die(), Distribution.die()).equal


def rounds_played(tables: WfATables, *, winter: bool = False,
                  first_turn: bool = False) -> Distribution[int]:
    """The number of Action Rounds a turn plays: a tie in round k ends the cycle after it.

    >>> from adjudicator.systems.war_for_america.data.tables import bundled_tables
    >>> rounds_played(bundled_tables()).p(4)
    Fraction(125, 216)
    """
    rounds = tables.t16.value("winter_action_rounds" if winter or first_turn
                              else "action_rounds")
    if first_turn:
        return Distribution.constant(rounds)
    tie = initiative_tie_chance()
    weights: dict[int, Fraction] = {}
    going_on = Fraction(1)
    for k in range(1, rounds):
        weights[k] = going_on * tie
        going_on *= 1 - tie
    weights[rounds] = going_on
    return Distribution.from_weights(weights)


__all__ = ["initiative_tie_chance", "rounds_played"]
