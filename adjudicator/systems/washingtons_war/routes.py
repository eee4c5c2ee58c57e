"""The route a drag took across the map, and what it cost (WW 7.3–7.4).

A VASSAL drag shows only where a General started and where he was dropped; a step holding
several drags of his stack shows each place they put him, and is priced hop by hop along
them (`via`). One hop to
an adjacent space is priced by that line as taken — even a line he may not use, which a
rule flags on its own (WW 7.4.D) rather than pricing a detour he never made. A drag over
several spaces is priced by the cheapest route a General *could legally* have taken:
never through a space with enemy CUs (entering one ends the move, WW 7.3.B), and, for a
lone General, never through enemy CUs or an enemy PC (WW 7.4.A–B; his entry into the
destination itself is judged on the leg). Lines of unstated type
give a low (1) and a high (3) bound.
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import pairwise

from adjudicator.systems.common.mapgraph import Constraints
from adjudicator.systems.common.routes import PricedLeg, legs_of
from adjudicator.systems.washingtons_war.data import Side
from adjudicator.systems.washingtons_war.rules.context import Context, line_cost
from adjudicator.systems.washingtons_war.state import other

WILDERNESS_COST = 3
"""WW 7.3.D: crossing a Wilderness Connection counts as 3 spaces."""
SEARCH_BUDGET = 6
"""The longest move any General has (Glover's 6, WW 7.3.C): routes are searched no farther."""


@dataclass(frozen=True, slots=True)
class Route:
    """How a drag crossed the map: its cost bounds, or why no legal route exists."""

    low: int | None
    high: int | None
    entered_from: frozenset[str]
    """The spaces the General may have entered the destination from."""
    problem: str | None = None
    """Why no legal route joins the two spaces (None: a route exists, or is unknown)."""
    rule: str | None = None
    """The rule every route breaks, when a route exists that ignores the limits."""
    known: bool = True
    """False when the data's map is incomplete and no route was found."""
    legs: tuple[PricedLeg, ...] = ()
    """The route priced, line by line (the cheapest legal one where the log shows only the
    ends; each line's cost at least, and at most when its type is not stated)."""


def route(ctx: Context, origin: str, destination: str, side: Side, *, arnold: bool,
          alone: bool, budget: int = SEARCH_BUDGET, via: tuple[str, ...] = ()) -> Route:
    """The cheapest legal route of one drag (see the module docstring); `via`: the spaces
    the step's drags put him on between the two, each hop priced on its own and added up.

    `entered_from` holds the space the cheapest route enters the destination from, and
    every other neighbour of the destination that a legal route reaches — without passing
    the destination — with the last line still within `budget` movement points (what the
    General had left; the lines' low cost)."""
    if via:
        return _along(ctx, (origin, *via, destination), side, arnold=arnold, alone=alone,
                      budget=budget)
    if origin == destination:
        return Route(0, 0, frozenset({origin}))
    line = ctx.graph.connection(origin, destination)
    if line is not None:
        low = line_cost(line.kind, arnold=True, unknown=1)
        high = line_cost(line.kind, arnold=True, unknown=WILDERNESS_COST)
        return Route(low, high, frozenset({origin}), legs=(PricedLeg(
            origin, destination, low, high if high != low else None, line.kind, shown=True),))
    constraints_low = _into(destination, ctx.land_constraints(side, arnold=arnold,
                                                              alone=alone, unknown=1))
    found = ctx.graph.cheapest(origin, destination, constraints_low)
    if found is None:
        return _blocked(ctx, origin, destination, side, arnold=arnold,
                        limits=constraints_low)
    constraints_high = _into(destination, ctx.land_constraints(
        side, arnold=arnold, alone=alone, unknown=WILDERNESS_COST))
    worst = ctx.graph.cheapest(origin, destination, constraints_high)
    high = worst.cost if worst is not None else found.cost
    entered = {found.spaces[-2]}
    around = Constraints(cost=constraints_low.cost, stops=constraints_low.stops,
                         barred=lambda space: space == destination or (
                             constraints_low.is_barred(space)))
    for neighbour in ctx.graph.neighbours(destination):
        if neighbour in entered or constraints_low.is_barred(neighbour) or (
                constraints_low.is_stop(neighbour) and neighbour != origin):
            continue
        line = ctx.graph.connection(neighbour, destination)
        last = constraints_low.cost_of(line) if line is not None else None
        if last is None or last > budget:
            continue
        if ctx.graph.cheapest(origin, neighbour, around, budget=budget - last) is not None:
            entered.add(neighbour)
    return Route(found.cost, high, frozenset(entered),
                 legs=legs_of(ctx.graph, found, constraints_low, high=constraints_high))


def _along(ctx: Context, spaces: tuple[str, ...], side: Side, *, arnold: bool, alone: bool,
           budget: int) -> Route:
    """A move the log shows drag by drag within one step: every line entered costs its MP
    (WW 7.3.A), so each hop is priced as a drag of its own and the costs are added up. A
    space passed that ends or bars the move (`_passed`) is reported with the cost."""
    limits = ctx.land_constraints(side, arnold=arnold, alone=alone, unknown=1)
    broken = next((found for space in spaces[1:-1]
                   if (found := _passed(ctx, space, limits)) is not None), None)
    low = high = 0
    hop = Route(0, 0, frozenset({spaces[0]}))
    legs: tuple[PricedLeg, ...] = ()
    for start, end in pairwise(spaces):
        hop = route(ctx, start, end, side, arnold=arnold, alone=alone,
                    budget=max(budget - low, 0))
        if hop.low is None or hop.high is None:
            return broken or hop
        low, high = low + hop.low, high + hop.high
        legs += hop.legs
    if broken is not None:
        # The drags show the way, so its cost is known too (WW 7.3.A): both are judged.
        return Route(low, high, hop.entered_from, problem=broken.problem, rule=broken.rule,
                     legs=legs)
    return Route(low, high, hop.entered_from, legs=legs)


def _passed(ctx: Context, space: str, limits: Constraints) -> Route | None:
    """The rule a move breaks by passing `space` on its way (a lone General may not enter
    enemy CUs or an enemy PC, WW 7.4.A-B; entering enemy CUs ends any move, WW 7.3.B), or
    None."""
    name = ctx.space_name(space)
    if limits.is_barred(space):
        if limits.is_stop(space):
            return Route(None, None, frozenset(), rule="WW-MOV-09", problem=(
                f"a lone General cannot pass {name}, which holds enemy CUs (WW 7.4.A)"))
        return Route(None, None, frozenset(), rule="WW-MOV-10", problem=(
            f"a lone General cannot pass {name}, which holds an enemy PC (WW 7.4.B)"))
    if limits.is_stop(space):
        return Route(None, None, frozenset(), rule="WW-MOV-08", problem=(
            f"the route passes {name}, which holds enemy CUs: entering it ends the move "
            "(WW 7.3.B)"))
    return None


def _into(destination: str, limits: Constraints) -> Constraints:
    """The limits with the destination itself never barred: a lone General's entry into
    it (WW 7.4.A–B) is judged on the leg, once it is known whether CUs moved with him
    (`rules.movement`), not reported a second time as a route with no way through."""
    return Constraints(cost=limits.cost, stops=limits.stops,
                       barred=lambda space: space != destination and limits.is_barred(space))


def _blocked(ctx: Context, origin: str, destination: str, side: Side, *, arnold: bool,
             limits: Constraints) -> Route:
    """No legal route: say which limit every route breaks, if any route exists at all."""
    free = Constraints(cost=lambda line: line_cost(line.kind, arnold=arnold, unknown=1))
    anyway = ctx.graph.cheapest(origin, destination, free)
    if anyway is None:
        if not ctx.graph.complete:
            return Route(None, None, frozenset(), known=False)
        return Route(None, None, frozenset(), problem=(
            f"no route joins {ctx.space_name(origin)} to {ctx.space_name(destination)}"))
    enemy = other(side)
    for space in anyway.spaces[1:]:
        if limits.is_barred(space):
            if ctx.state.space(space).cus_of(enemy):
                return Route(None, None, frozenset(), rule="WW-MOV-09", problem=(
                    f"a lone General cannot pass {ctx.space_name(space)}, which holds enemy "
                    "CUs (WW 7.4.A), and no other route exists"))
            return Route(None, None, frozenset(), rule="WW-MOV-10", problem=(
                f"a lone General cannot pass {ctx.space_name(space)}, which holds an enemy "
                "PC (WW 7.4.B), and no other route exists"))
        if space != destination and limits.is_stop(space):
            return Route(None, None, frozenset(), rule="WW-MOV-08", problem=(
                f"the route passes {ctx.space_name(space)}, which holds enemy CUs: entering "
                "it ends the move (WW 7.3.B), and no other route exists"))
    return Route(None, None, frozenset(), problem=(
        f"no route from {ctx.space_name(origin)} to {ctx.space_name(destination)} avoids "
        "spaces that end or bar the move"))


__all__ = ["WILDERNESS_COST", "Route", "route"]
