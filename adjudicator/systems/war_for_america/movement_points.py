"""Movement points: the distribution of the MP a move rolls, and whether a path fits them
(digest 6.4; WfA 12.1-12.7, 11.10, 14.2, 17.6, 18.1).

- No leader: D6 - 2, a result of 1-2 (or less) always 1 MP (WfA 12.2; digest A-27).
- With a leader: the activation D6 at most his command value gives the full 4 MP, else 2
  (WfA 12.6-12.7). Washington re-rolls a 6; a second 6 fails (still 2 MP) (WfA 11.10), so he
  succeeds on 1..min(command, 5) of either roll.
- A leader moving with no SP: D6 + 2 (WfA 12.1). A fleet: D6, Rodney's +1 (WfA 14.2).
- Winter: all units that begin the AP in the Northern Regions (Canada included, digest
  A-36) have 2 MP, with no water bonus (WfA 18.1).
- Water bonus: +1 MP, spent on the continuous water connection the unit starts and ends on
  (WfA 12.1 note), not in winter (WfA 18.1: "There is no river bonus"), except in the
  Deep South and Tidewater, whose "Movement ... is unaffected" (pass `winter=False`).
- A path is legal when its connection costs add up to no more than the MP, or it is a
  single step (the one-space rule, digest 6.4).
- A fort is built by a movement roll of at least 4 MP (WfA 17.6).

All numbers are read from table T-10.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Literal

from adjudicator.systems.common.probability import Distribution
from adjudicator.systems.war_for_america.data.tables import WfATables

Mover = Literal["leaderless", "leader", "leader_alone", "fleet"]

_WASHINGTON_REROLL = 6
"""The face Washington re-rolls (WfA 11.10)."""


def activation_chance(command: int, *, washington: bool = False) -> Fraction:
    """P(the activation D6 is at most `command`) (WfA 12.6), Washington re-rolling a 6
    (WfA 11.10).

    >>> activation_chance(3), activation_chance(4, washington=True)
    (Fraction(1, 2), Fraction(7, 9))
    """
    if command < 0:
        raise ValueError(f"a command value cannot be negative ({command})")
    die = Distribution.die()
    if not washington:
        return die.at_most(command)
    success = min(command, _WASHINGTON_REROLL - 1)
    return die.at_most(success) + die.p(_WASHINGTON_REROLL) * die.at_most(success)


@dataclass(frozen=True, slots=True)
class MovementRoll:
    """The MP a move rolls, and what shaped them."""

    mp: Distribution[int]
    notes: tuple[str, ...] = ()


def movement_points(tables: WfATables, mover: Mover, *, command: int | None = None,
                    washington: bool = False, rodney: bool = False,
                    winter_north: bool = False, water_bonus: bool = False,
                    winter: bool = False) -> MovementRoll:
    """The MP `mover` gets.

    `winter_north`: a Winter AP begun in the Northern Regions (2 MP, WfA 18.1); `winter`
    (implied by `winter_north`): any Winter AP, so no water bonus. `water_bonus`: the
    unit starts and ends on one continuous water connection (WfA 12.1 note).
    """
    t10 = tables.t10
    die = Distribution.die()
    notes: list[str] = []
    if mover == "fleet":
        mp = die + (t10.fleet_die_modifier + (t10.rodney_modifier if rodney else 0))
        notes.append("fleet: D6 (WfA 14.2)" + (", Rodney +1" if rodney else ""))
        return MovementRoll(mp, tuple(notes))
    if winter_north:
        notes.append(f"winter in the Northern Regions: {t10.winter_north} MP (WfA 18.1)")
        mp = Distribution.constant(t10.winter_north)
    elif mover == "leaderless":
        low = t10.leaderless_minimum
        mp = (die + t10.leaderless_die_modifier).map(lambda x: max(x, low))
        notes.append("no leader: D6 - 2, at least 1 MP (WfA 12.2)")
    elif mover == "leader_alone":
        mp = die + t10.leader_alone_die_modifier
        notes.append("a leader with no SP: D6 + 2 (WfA 12.1)")
    else:
        if command is None:
            raise ValueError("a move with a leader needs his command value")
        success = activation_chance(command, washington=washington)
        mp = Distribution.from_weights({t10.with_leader: success,
                                        t10.failed_activation: 1 - success})
        notes.append(f"activation D6 <= {command}: {t10.with_leader} MP, else "
                     f"{t10.failed_activation} (WfA 12.6-12.7"
                     + (", Washington re-rolls a 6, 11.10)" if washington else ")"))
    if water_bonus:
        if winter or winter_north:
            notes.append("no water bonus in winter (WfA 18.1)")
        else:
            mp = mp + t10.water_bonus
            notes.append(f"+{t10.water_bonus} MP on the water connection (WfA 12.1)")
    return MovementRoll(mp, tuple(notes))


def fort_construction_chance(tables: WfATables, roll: MovementRoll) -> Fraction:
    """P(the movement roll gives at least the MP to build a fort) (WfA 17.6)."""
    return roll.mp.at_least(tables.t10.fort_construction_mp)


@dataclass(frozen=True, slots=True)
class PathCheck:
    """Whether a path fits the MP rolled."""

    legal: bool
    cost: int
    reason: str


def check_path(mp: int, costs: Sequence[int]) -> PathCheck:
    """Whether a path of connections costing `costs` fits `mp` MP, a single step always
    being allowed (digest 6.4, the one-space rule).

    >>> check_path(2, [1, 2]).legal, check_path(2, [3]).legal
    (False, True)
    """
    if any(cost < 0 for cost in costs):
        raise ValueError("connection costs cannot be negative")
    total = sum(costs)
    if not costs:
        return PathCheck(True, 0, "no move")
    if total <= mp:
        return PathCheck(True, total, f"costs {total} MP, within {mp}")
    if len(costs) == 1:
        return PathCheck(True, total, f"costs {total} MP, more than {mp}, but a single step "
                         "is always allowed (the one-space rule)")
    return PathCheck(False, total, f"costs {total} MP, more than the {mp} rolled")


__all__ = ["MovementRoll", "Mover", "PathCheck", "activation_chance", "check_path",
           "fort_construction_chance", "movement_points"]
