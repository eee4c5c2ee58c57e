"""Almost a Miracle!'s movement-point accounting along a path, a force's allowance and the
overrun test (AaM 10.1-10.6; digest 6.6, 6.8).

A path is a list of `Step`s given as data: what the Area entered is and what the boundary
crossed has (a river, a road, a Crossing Arrow, a four-boundary intersection), and what
is in it (enemy SPs, a fort or city). The Terrain Effects Chart is on the Player's Aid
Card, not in the rulebook: the cost of entering an Area that no stated rule covers (clear
terrain, a road, weather) is an input (`tec`), never a constant. The rulebook states:

- a river boundary without a road costs 2 MP (10.1.2);
- Wilderness or Mountain without a road costs 4 MP, or 2 into a Wilderness Area from an
  Area bordered by the same river or waterway (10.6.1a);
- a Crossing Arrow costs 4 MP in all, from the Area the force began in, after activation
  and a roll of 5 or less (automatic with an engineer) (10.1.4);
- a force moves at its slowest part (10.1.1); a leader alone has 12 MP (10.2.3); a
  baggage train 4 (10.1.1);
- no move across a point where four boundaries meet (10.1.3); no British SP, French unit
  or Continental regular into a swamp but across a road (10.6);
- entering an Area with enemy forces ends the move (10.3) unless they are only besieged by
  a friendly siege (4.3.2) or overrun (10.4).

Rulebook against the digest: 10.6.1a gives the same-river 2 MP only for a **Wilderness**
Area; the digest's pseudo-code (6.8) extends it to Mountain. The rulebook is followed.
How the 10.1.2 river cost combines with the 10.6.1a Wilderness cost is not said: as in the
digest, the Wilderness/Mountain cost is charged alone.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from fractions import Fraction

LONE_LEADER_MP = 12
"""A leader moving on his own (AaM 10.2.3)."""
BAGGAGE_TRAIN_MP = 4
"""A baggage train's allowance (AaM 10.1.1 example; the number in the wagon, 5.4.1b)."""
RIVER_MP = 2
"""Into an Area across a river boundary with no road (AaM 10.1.2)."""
WILDERNESS_MP = 4
"""Into Wilderness or Mountain without a road (AaM 10.6.1a)."""
SAME_RIVER_MP = 2
"""Into Wilderness from an Area bordered by the same river or waterway (AaM 10.6.1a)."""
CROSSING_ARROW_MP = 4
"""Across a blue Crossing Arrow, whatever the terrain beyond (AaM 10.1.4)."""
CROSSING_ARROW_ROLL = 5
"""A Crossing Arrow is crossed on 1d6 ≤ 5, automatically with an engineer (AaM 10.1.4)."""
OVERRUN_ODDS = 6
"""An overrun needs odds of at least 6:1 (AaM 10.4.1)."""
OVERRUN_MAX_SP = 3
"""...against 1 to 3 enemy SPs (AaM 10.4.1), paying 1 MP per SP overrun (10.4.2)."""


class Terrain(StrEnum):
    """The terrain of an Area entered, as far as the rulebook names it."""

    CLEAR = "clear"
    WILDERNESS = "wilderness"
    MOUNTAIN = "mountain"
    SWAMP = "swamp"


@dataclass(frozen=True, slots=True)
class Step:
    """One Area entered: the Area and the boundary crossed into it."""

    terrain: Terrain = Terrain.CLEAR
    river: bool = False
    """The boundary crossed is a river."""
    road: bool = False
    """A road crosses the boundary."""
    same_river: bool = False
    """The Area left is bordered by the same river or waterway as the one entered."""
    crossing_arrow: bool = False
    quadripoint: bool = False
    """Across a point where four boundaries meet (forbidden, AaM 10.1.3)."""
    enemy_sp: int = 0
    """Enemy SPs in the Area (not counting those besieged by a friendly siege, 4.3.2)."""
    fort_or_city: bool = False
    """An enemy fort or a city in the Area (no overrun, 10.4.1, A38)."""
    extra_mp: int = 0
    """MP added by the Terrain Effects Chart or the weather (PAC), given as data."""
    militia_barred: bool = False
    """The force holds militia that may not enter this Area (AaM 10.8)."""


@dataclass(frozen=True, slots=True)
class Force:
    """What moves: its parts' allowances, its SPs, whether swamps bar it."""

    part_mps: tuple[int, ...] = ()
    """Each part's MP: units and baggage trains (4)."""
    sp: int = 0
    lone_leader: bool = False
    engineer: bool = False
    """A leader with engineering ability: the Crossing Arrow roll succeeds (10.1.4)."""
    swamp_barred: bool = False
    """It holds British SPs, French units or Continental regulars (AaM 10.6)."""


def force_mp(force: Force) -> int:
    """The force's allowance: a lone leader 12 (10.2.3), else its slowest part (10.1.1).

    >>> force_mp(Force((8, 12, BAGGAGE_TRAIN_MP))), force_mp(Force(lone_leader=True))
    (4, 12)

    Raises:
        ValueError: no parts and not a lone leader, or a lone leader with parts.
    """
    if force.lone_leader:
        if force.part_mps or force.sp:
            raise ValueError("a leader moving on his own has no SPs or baggage trains "
                             "(AaM 10.2.3)")
        return LONE_LEADER_MP
    if not force.part_mps:
        raise ValueError("a force needs its parts' MPs (units without a leader cannot move, "
                         "AaM 10.1)")
    if min(force.part_mps) < 0:
        raise ValueError("an MP allowance cannot be negative")
    return min(force.part_mps)


@dataclass(frozen=True, slots=True)
class Overrun:
    """The overrun test of a force entering an Area with enemy SPs (AaM 10.4)."""

    allowed: bool
    reason: str
    mp: int
    """MP it costs (the enemy SPs overrun), 0 if not allowed."""


def overrun(mover_sp: int, enemy_sp: int, *, fort_or_city: bool = False) -> Overrun:
    """Whether a moving force overruns the enemy in an Area: no enemy fort or city, 1 to 3
    enemy SPs, at least 6:1 odds; it pays 1 MP per SP overrun (AaM 10.4.1-10.4.2;
    digest 6.6).

    >>> overrun(20, 3).allowed, overrun(17, 3).allowed, overrun(12, 2).mp
    (True, False, 2)
    """
    if enemy_sp < 1:
        raise ValueError("an overrun needs enemy SPs in the Area")
    if fort_or_city:
        return Overrun(False, "an enemy fort or city is in the Area (AaM 10.4.1)", 0)
    if enemy_sp > OVERRUN_MAX_SP:
        return Overrun(False, f"{enemy_sp} enemy SPs: only 1 to 3 are overrun (AaM 10.4.1)",
                       0)
    if mover_sp < OVERRUN_ODDS * enemy_sp:
        return Overrun(False, f"{mover_sp} SPs against {enemy_sp}: under 6:1 (AaM 10.4.1)", 0)
    return Overrun(True, f"{mover_sp} against {enemy_sp}: 6:1 or better (AaM 10.4.1)",
                   enemy_sp)


def step_cost(step: Step, tec: Mapping[str, int]) -> tuple[int, str]:
    """The MP to enter one Area and the rule that sets it (digest 6.8).

    Raises:
        ValueError: a cost the rulebook leaves to the Terrain Effects Chart not in `tec`.
    """
    if step.crossing_arrow:
        base, rule = CROSSING_ARROW_MP, "AaM 10.1.4"
    elif step.terrain in (Terrain.WILDERNESS, Terrain.MOUNTAIN) and not step.road:
        if step.terrain is Terrain.WILDERNESS and step.same_river:
            base, rule = SAME_RIVER_MP, "AaM 10.6.1a (same river)"
        else:
            base, rule = WILDERNESS_MP, "AaM 10.6.1a"
    elif step.river and not step.road:
        base, rule = RIVER_MP, "AaM 10.1.2"
    else:
        key = f"{step.terrain.value}+road" if step.road else step.terrain.value
        keys = (key, "road") if step.road else (key,)
        found = next((tec[k] for k in keys if k in tec), None)
        if found is None:
            raise ValueError(f"the cost of entering {key} is on the Terrain Effects Chart "
                             f"(PAC), not in the rulebook: give it (tec {key}=MP)")
        base, rule = found, "PAC Terrain Effects Chart"
    if step.extra_mp:
        rule += f" +{step.extra_mp} (PAC)"
    return base + step.extra_mp, rule


@dataclass(frozen=True, slots=True)
class StepReport:
    """One Area entered along a path."""

    cost: int
    rule: str
    spent: int
    """MP spent once in this Area (an overrun included)."""
    overrun: Overrun | None = None
    stop: str | None = None
    """Why the move ends here, if it does."""


@dataclass(frozen=True, slots=True)
class PathCost:
    """A path's MP accounting against the force's allowance (digest 6.8)."""

    allowance: int
    steps: tuple[StepReport, ...]
    legal: bool
    problems: tuple[str, ...] = field(default=())
    """Why the path is illegal, with the rule."""

    @property
    def spent(self) -> int:
        """MP spent in the last Area reached."""
        return self.steps[-1].spent if self.steps else 0

    @property
    def left(self) -> int:
        """MP left (never below 0: an overrun may halt the force with MP owed)."""
        return max(0, self.allowance - self.spent)


def path_cost(force: Force, steps: Sequence[Step], tec: Mapping[str, int] | None = None,
              ) -> PathCost:
    """Walk a path step by step: each Area's cost, the allowance, overruns and stops,
    and every illegal step the rulebook states (AaM 10.1-10.6, 4.3.2; digest 6.6, 6.8).

    The move is illegal where a step crosses a four-boundary point (10.1.3), uses a
    Crossing Arrow other than as its first step (10.1.4), takes a barred force into a
    swamp without a road (10.6), takes militia where they may not go (10.8), costs more
    than the MP left (10.1), or goes on after a stop: enemy forces it cannot overrun
    (10.3) or an overrun costing more than the MP left (10.4.3).

    >>> p = path_cost(Force((8,), 20), [Step(crossing_arrow=True), Step(river=True)])
    >>> p.spent, p.left, p.legal
    (6, 2, True)
    """
    allowance = force_mp(force)
    table = dict(tec or {})
    reports: list[StepReport] = []
    problems: list[str] = []
    spent = 0
    stopped: str | None = None
    for index, step in enumerate(steps, start=1):
        where = f"step {index}"
        if stopped is not None:
            problems.append(f"{where}: the move has ended ({stopped})")
            break
        if step.quadripoint:
            problems.append(f"{where}: across a point where four boundaries meet (AaM 10.1.3)")
        if step.crossing_arrow and index != 1:
            problems.append(f"{where}: a Crossing Arrow must be crossed from the Area the "
                            "force began in (AaM 10.1.4, A34)")
        if step.terrain is Terrain.SWAMP and not step.road and force.swamp_barred:
            problems.append(f"{where}: British SPs, French units and Continental regulars "
                            "enter a swamp only across a road (AaM 10.6)")
        if step.militia_barred:
            problems.append(f"{where}: militia barred from this Area (AaM 10.8)")
        cost, rule = step_cost(step, table)
        spent += cost
        if spent > allowance:
            problems.append(f"{where}: {spent} MP spent, more than the {allowance} allowed "
                            f"({rule})")
            reports.append(StepReport(cost, rule, spent))
            break
        test: Overrun | None = None
        if step.enemy_sp:
            test = overrun(force.sp, step.enemy_sp, fort_or_city=step.fort_or_city)
            if test.allowed:
                spent += test.mp
                if spent > allowance:
                    stopped = "halted by the overrun's MP (AaM 10.4.3)"
            else:
                stopped = f"enemy forces: combat ({test.reason}; AaM 10.3)"
        reports.append(StepReport(cost, rule, spent, test, stopped))
    return PathCost(allowance, tuple(reports), not problems, tuple(problems))


def crossing_chance(*, engineer: bool) -> Fraction:
    """P(a Crossing Arrow is crossed once activated): 5/6, 1 with an engineer
    (AaM 10.1.4).

    >>> crossing_chance(engineer=False)
    Fraction(5, 6)
    """
    return Fraction(1) if engineer else Fraction(CROSSING_ARROW_ROLL, 6)


__all__ = [
    "BAGGAGE_TRAIN_MP",
    "CROSSING_ARROW_MP",
    "CROSSING_ARROW_ROLL",
    "LONE_LEADER_MP",
    "OVERRUN_MAX_SP",
    "OVERRUN_ODDS",
    "RIVER_MP",
    "SAME_RIVER_MP",
    "WILDERNESS_MP",
    "Force",
    "Overrun",
    "PathCost",
    "Step",
    "StepReport",
    "Terrain",
    "crossing_chance",
    "force_mp",
    "overrun",
    "path_cost",
    "step_cost",
]
