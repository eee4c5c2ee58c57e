"""Land movement (WW 7.3–7.4): movement points along known connections, carrying CUs,
lone Generals, and the Falmouth–Quebec line that only Arnold may use.

The data knows only the connections the rulebook states (plus what a user supplies), so a
path is judged by bounds: a leg with no known path, or one crossing a line of unknown type,
cannot make a move illegal; it leaves the rule unchecked and names what is missing.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator, Sequence
from dataclasses import dataclass

from adjudicator.systems.washingtons_war.data import Nationality, Side, WWData
from adjudicator.systems.washingtons_war.rules.base import Check, Outcome
from adjudicator.systems.washingtons_war.state import WWState

BRITISH_ALLOWANCE = 4
"""WW 7.3.A: a British General may move up to 4 spaces."""
AMERICAN_ALLOWANCE = 5
"""WW 7.3.C: an American General may move 5 if he neither overruns nor ends facing enemy CUs."""
GLOVER_ALLOWANCE = 6
"""WW 7.3.C Special: John Glover's Marblehead Regiment lets one General move up to 6."""
MAX_CARRIED = 5
"""WW 7.3.A: a General never carries more than 5 CUs."""
WILDERNESS_COST = 3
"""WW 7.3.D: crossing a Wilderness Connection counts as 3 spaces."""


@dataclass(frozen=True, slots=True)
class Leg:
    """One drag of a General (with what he carries) from a space to another."""

    step: int
    general: str
    origin: str
    destination: str
    carried: Counter[Nationality]
    enemy_at_origin: int = 0
    """Enemy CUs in the origin just before this drag."""
    enemy_at_destination: int = 0
    """Enemy CUs in the destination just before this drag (a battle or overrun there)."""


def movement_legs(legs: Sequence[Leg]) -> tuple[list[Leg], Leg | None]:
    """The legs that are movement, and the leg that entered a battle if a retreat followed.

    Entering a space with enemy CUs ends the move (WW 7.3.B); a losing attacker then
    retreats to the space he came from (WW 9.61, T14), which is not movement.
    """
    for index, leg in enumerate(legs[:-1]):
        following = legs[index + 1]
        if leg.enemy_at_destination and following.destination == leg.origin:
            return list(legs[: index + 1]), leg
    return list(legs), None


@dataclass(frozen=True, slots=True)
class PathCost:
    """Bounds on the movement points of the cheapest known path between two spaces."""

    low: int
    high: int
    """Equal to `low` unless the path crosses a line whose type is not stated."""


def path_cost(data: WWData, origin: str, destination: str, *, arnold: bool) -> PathCost | None:
    """The cheapest path over known connections, or None if the data knows none (7.3).

    A line of unknown type costs 1 for the low bound and 3 for the high bound; the
    Falmouth–Quebec line is open only to Arnold (WW 7.4.D).
    """
    if origin == destination:
        return PathCost(0, 0)
    low = data.least_cost(origin, destination, arnold=arnold, unknown_cost=1)
    if low is None:
        return None
    high = data.least_cost(origin, destination, arnold=arnold, unknown_cost=WILDERNESS_COST)
    return PathCost(low, high if high is not None else low)


def allowance(side: Side, *, glover: bool, ends_facing_enemy: bool) -> int:
    """The movement allowance of an activated General (WW 7.3.A, 7.3.C)."""
    if glover:
        return GLOVER_ALLOWANCE
    if side is Side.BR or ends_facing_enemy:
        return BRITISH_ALLOWANCE
    return AMERICAN_ALLOWANCE


def check_movement(data: WWData, general: str, legs: Sequence[Leg], start: WWState, *,
                   glover: bool) -> Iterator[Outcome]:
    """WW-MOV-02/03/04/05/06/07/08/09/10 for one activated General's legs."""
    record = data.generals.get(general)
    side = record.side if record is not None else None
    name = record.name if record is not None else general
    if side is None:
        yield Check.unchecked("WW-MOV-02", legs[0].step, f"{general} is not a known General",
                              needs=("general list",))
        return
    enemy = Side.AM if side is Side.BR else Side.BR
    moving, _ = movement_legs(legs)
    yield from _arnold_only_line(data, general, name, legs)
    yield from _carrying_and_entering(name, moving, start, enemy)
    yield from _movement_points(data, general, name, side, moving, start, enemy,
                                glover=glover)


def _arnold_only_line(data: WWData, general: str, name: str,
                      legs: Sequence[Leg]) -> Iterator[Outcome]:
    # Only Arnold, alone or with CUs, may use the Falmouth–Quebec line (WW 7.4.D).
    arnold_lines = [c.ends for c in data.connections if c.arnold_only]
    for leg in legs:
        if frozenset((leg.origin, leg.destination)) in arnold_lines and general != "arnold":
            yield Check.illegal(
                "WW-MOV-06", leg.step, f"{name} crossed {_name(data, leg.origin)}–"
                f"{_name(data, leg.destination)}, a line only Arnold may use",
                spaces=(leg.origin, leg.destination), pieces=(name,))
    yield Check.done("WW-MOV-06")


def _carrying_and_entering(name: str, legs: Sequence[Leg], start: WWState,
                           enemy: Side) -> Iterator[Outcome]:
    for index, leg in enumerate(legs):
        carried = sum(leg.carried.values())
        # A General never carries more than 5 CUs (WW 7.3.A).
        if carried > MAX_CARRIED:
            yield Check.illegal("WW-MOV-07", leg.step, f"{name} carried {carried} CUs; a "
                                f"General carries at most {MAX_CARRIED}",
                                expected=f"≤ {MAX_CARRIED}", observed=str(carried),
                                spaces=(leg.destination,), pieces=(name,))
        target = start.place("space:" + leg.destination)
        enemy_cus = leg.enemy_at_destination
        if carried == 0:
            # A lone General may not enter a space with enemy CUs (WW 7.4.A) ...
            if enemy_cus:
                yield Check.illegal("WW-MOV-09", leg.step, f"{name}, alone, entered a space "
                                    f"with {enemy_cus} enemy CUs", spaces=(leg.destination,),
                                    pieces=(name,))
            # ... nor a space with an enemy PC (WW 7.4.B).
            if target.pc is enemy:
                yield Check.illegal("WW-MOV-10", leg.step, f"{name}, alone, entered a space "
                                    "with an enemy PC", spaces=(leg.destination,),
                                    pieces=(name,))
        # Entering a space with enemy CUs ends the move (WW 7.3.B).
        if enemy_cus and index < len(legs) - 1:
            following = legs[index + 1]
            if following.enemy_at_origin:
                yield Check.illegal("WW-MOV-08", following.step, f"{name} moved on after "
                                    f"entering a space with {enemy_cus} enemy CUs",
                                    spaces=(leg.destination,), pieces=(name,))
            else:
                yield Check.unchecked("WW-MOV-08", following.step, f"{name} moved on after "
                                      "the enemy CUs left his space: an overrun (WW 8.0) or "
                                      "a battle, which is not interpreted yet")
    for rule in ("WW-MOV-07", "WW-MOV-08", "WW-MOV-09", "WW-MOV-10"):
        yield Check.done(rule)


def _movement_points(data: WWData, general: str, name: str, side: Side, legs: Sequence[Leg],
                     start: WWState, enemy: Side, *, glover: bool) -> Iterator[Outcome]:
    rule = "WW-MOV-04" if glover else ("WW-MOV-02" if side is Side.BR else "WW-MOV-03")
    final = start.place("space:" + legs[-1].destination)
    limit = allowance(side, glover=glover, ends_facing_enemy=final.cus_of(enemy) > 0)
    low = high = 0
    for leg in legs:
        cost = path_cost(data, leg.origin, leg.destination, arnold=general == "arnold")
        if cost is None and data.map_status.connections_complete:
            yield Check.illegal(rule, leg.step, f"{name} moved {_name(data, leg.origin)} → "
                                f"{_name(data, leg.destination)}: no path along the map's "
                                "connections", spaces=(leg.origin, leg.destination),
                                pieces=(name,))
            return
        if cost is None:
            yield Check.unchecked(
                rule, leg.step, f"no known connection path {_name(data, leg.origin)} → "
                f"{_name(data, leg.destination)}: the map's connections are not in the data",
                needs=("map connections",))
            yield Check.unchecked("WW-MOV-05", leg.step, "path unknown",
                                  needs=("map connections",))
            return
        low += cost.low
        high += cost.high
    path = " → ".join([_name(data, legs[0].origin), *(_name(data, leg.destination)
                                                      for leg in legs)])
    spent = str(low) if low == high else f"{low}–{high}"
    yield Check.computed("movement_points", legs[-1].step, rule,
                         f"{name}: {path}, {spent} MP of {limit}",
                         inputs={"general": general, "path": path, "allowance": limit},
                         result={"low": low, "high": high})
    if low > limit:
        yield Check.illegal(rule, legs[-1].step, f"{name} moved {path}: at least {low} MP, "
                            f"more than his {limit}", expected=f"≤ {limit} MP",
                            observed=f"{low} MP", spaces=(legs[0].origin, legs[-1].destination),
                            pieces=(name,))
    elif high > limit:
        yield Check.unchecked(rule, legs[-1].step, f"{name} moved {path}: {low}–{high} MP "
                              f"against {limit}; a line's type (normal or wilderness) is not "
                              "in the data", needs=("map connections",))
        return
    yield Check.done(rule)
    yield Check.done("WW-MOV-05")


def _name(data: WWData, space: str) -> str:
    record = data.spaces.get(space)
    return record.name if record is not None else space


def sides_in(place_generals: Sequence[str], data: WWData) -> Counter[Side]:
    """How many Generals of each side are in a place."""
    return Counter(data.generals[g].side for g in place_generals if g in data.generals)


def check_at_rest(data: WWData, state: WWState, step: int) -> Iterator[Outcome]:
    """WW-MOV-11 and WW-MOV-12 on a position at rest (after an impulse's actions)."""
    generals_side = {g: record.side for g, record in data.generals.items()}
    for space, place in sorted(state.spaces().items()):
        # At rest, at most one General per side in a space (WW 3.0, 7.4.C).
        for side, count in sides_in(place.generals, data).items():
            if count > 1:
                names = ", ".join(data.generals[g].name for g in place.generals
                                  if data.generals[g].side is side)
                yield Check.illegal("WW-MOV-11", step, f"{names} share {_name(data, space)}: "
                                    "one must go to the Reinforcement Box",
                                    spaces=(space,))
        # Outside battle, no space holds units of both sides (WW 3.0).
        if place.has_units_of(Side.AM, generals_side) and place.has_units_of(Side.BR,
                                                                              generals_side):
            yield Check.illegal("WW-MOV-12", step, f"both sides have units in "
                                f"{_name(data, space)} after the impulse",
                                spaces=(space,))
    yield Check.done("WW-MOV-11")
    yield Check.done("WW-MOV-12")


__all__ = [
    "Leg",
    "PathCost",
    "allowance",
    "check_at_rest",
    "check_movement",
    "movement_legs",
    "path_cost",
]
