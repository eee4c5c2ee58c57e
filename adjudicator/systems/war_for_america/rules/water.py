"""The water connection MP of WfA 12.1.

WfA 12.1, the note on the MP table (D6 − 2 without a leader, 4 with one, D6 + 2 for a
leader with no SP): "If a land unit starts and ends its turn on a continuous water
connection, it is awarded '1' extra MP which must be expended on the same water
connection." 18.1: in Winter "There is no river bonus".

A *continuous water connection* is read as a chain of land lines the data marks
`water = true` (a river or lake shore joined end to end): the connected pieces of the
water lines. The bonus MP is the force's only when the space it set out from and the
space it stops on are both on one such connection, and it may pay only for lines of that
connection: the route's other lines must fit the MP rolled. So a route may cost one MP
more than the roll only when

- its first and last spaces are on one continuous water connection `W`, and
- the lines of the route that are not `W`'s cost no more than the roll.

A leg that skips spaces (a stack dragged over several spaces at once) is read along its
cheapest land path. A line whose water flag the data does not state may be water: when the
answer depends on it, the result is unknown (None), never a guess.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from itertools import pairwise

from adjudicator.systems.common.mapgraph import Constraints, MapGraph
from adjudicator.systems.war_for_america.data.models import WfAData
from adjudicator.systems.war_for_america.data.vocabulary import ConnectionKind

Line = frozenset[str]


@dataclass(frozen=True, slots=True)
class WaterLines:
    """The land lines the data marks as water (`water`) and those it leaves unstated."""

    water: frozenset[Line]
    unstated: frozenset[Line]

    @classmethod
    def of(cls, data: WfAData) -> WaterLines:
        """The land lines of the data, by their water flag (WfA 12.1)."""
        land = [line for line in data.connections if line.kind is ConnectionKind.LAND]
        return cls(frozenset(frozenset((line.a, line.b)) for line in land if line.water),
                   frozenset(frozenset((line.a, line.b)) for line in land
                             if line.water is None))


def connections(lines: Iterable[Line]) -> list[frozenset[Line]]:
    """The continuous water connections: water lines joined end to end."""
    pieces: list[set[Line]] = []
    for line in lines:
        touching = [piece for piece in pieces if any(line & other for other in piece)]
        merged = {line}.union(*touching)
        pieces = [piece for piece in pieces if piece not in touching] + [merged]
    return [frozenset(piece) for piece in pieces]


def route_lines(graph: MapGraph, route: Sequence[str],
                cost: Constraints) -> tuple[tuple[str, ...], list[int]] | None:
    """The spaces a route goes through, each leg between adjacent spaces by their line and
    a longer leg by its cheapest path, and the cost of each line crossed. None: a leg no
    land path joins."""
    spaces: list[str] = list(route[:1])
    costs: list[int] = []
    for a, b in pairwise(route):
        path = graph.cheapest(a, b, cost)
        if path is None:
            return None
        for x, y in pairwise(path.spaces):
            line = graph.connection(x, y)
            costs.append((cost.cost_of(line) or 0) if line is not None else 0)
            spaces.append(y)
    return tuple(spaces), costs


def _fits(spaces: tuple[str, ...], costs: list[int], water: frozenset[Line], rolled: int,
          bonus: int) -> bool:
    total = sum(costs)
    if total <= rolled:
        return True
    if total > rolled + bonus:
        return False
    lines = [frozenset(pair) for pair in pairwise(spaces)]
    for piece in connections(water):
        on = {space for line in piece for space in line}
        if spaces[0] not in on or spaces[-1] not in on:
            continue
        off_water = sum(c for line, c in zip(lines, costs, strict=True) if line not in piece)
        if off_water <= rolled:
            return True
    return False


def on_one_connection(start: str, end: str, known: WaterLines) -> bool:
    """Whether two spaces are on one continuous water connection the data states."""
    return any({start, end} <= {space for line in piece for space in line}
               for piece in connections(known.water))


def bonus_fits(spaces: tuple[str, ...], costs: list[int], known: WaterLines, *, rolled: int,
               bonus: int) -> bool | None:
    """Whether a route (the spaces from the one the force set out from to the one it stands
    on, and the cost of each line between them) fits `rolled` MP plus the water
    connection's `bonus` MP (WfA 12.1). None: it fits only if a line whose water flag the
    data does not state is water."""
    if _fits(spaces, costs, known.water, rolled, bonus):
        return True
    if known.unstated and _fits(spaces, costs, known.water | known.unstated, rolled, bonus):
        return None
    return False


__all__ = ["WaterLines", "bonus_fits", "connections", "on_one_connection", "route_lines"]
