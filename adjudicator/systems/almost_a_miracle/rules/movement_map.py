"""The map facts movement reads (AaM 2.0, 10.1-10.8): an Area's colony, its boundaries with
their kinds, and the cheapest cost of going from one Area to another.

The map is data a user supplies (`[[connections]] a, b, kind`; `[areas.X] terrain`). A
connection's `kind` is read by its words: `road` (a road crosses the boundary), `river`,
`crossing_arrow`, `lake` (only a Crossing Arrow crosses it, AaM 10.1.5), `quadripoint` or
`corner` (the Areas touch only where four boundaries meet, AaM 10.1.3), `same_river` (both
Areas are bordered by the same river or waterway, AaM 10.6.1a; a river boundary counts as
such); `sea` and `transit_arrow` are not land boundaries. Costs the rulebook does not state
(the Terrain Effects Chart, rows `{terrain = "clear", mp = 1, road_mp = 1}`) are a `tec`
mapping; its weather rows are not read (a weather marker leaves a move unchecked).

A drag's waypoints are where the player put the pieces down, not every Area crossed: from
one waypoint to the next the force is taken to have gone by the cheapest legal way (the
reading most favourable to the player). Each cost is a pair of bounds: `low` counts only what
the rulebook states (an unknown cost as 0), `high` is None when anything is unknown.
"""

from __future__ import annotations

import heapq
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass

from adjudicator.systems.almost_a_miracle.data import AaMData
from adjudicator.systems.almost_a_miracle.movement import Step, Terrain, step_cost

_ID = re.compile(r"^([A-Za-z]+)\s*(\d+)$")
LAND_KINDS = ("land", "road", "river", "crossing", "lake", "quadripoint", "corner",
              "same_river")


def colony_of(area: str, data: AaMData) -> str | None:
    """The colony (region, or the colony it is part of) an Area is in: the Area's region in
    the data, else the region whose id prefix the Area id carries (None: not known).

    Vermont, the Iroquois Nation and Tryon County are part of New York (AaM 2.0).
    """
    known = data.areas.get(area)
    region = known.region if known is not None else None
    if region is None:
        match = _ID.match(area)
        if match is None:
            return None
        prefix = match.group(1).upper()
        region = next((r.id for r in data.regions.values()
                       if r.id_prefix and r.id_prefix.upper() == prefix), None)
    if region is None:
        return None
    parent = data.regions.get(region)
    return parent.part_of if parent is not None and parent.part_of else region


@dataclass(frozen=True, slots=True)
class Boundary:
    """A land boundary between two Areas, read from its connection's kind."""

    road: bool = False
    river: bool = False
    arrow: bool = False
    lake: bool = False
    corner: bool = False
    same_river: bool = False

    @classmethod
    def of(cls, kind: str) -> Boundary | None:
        """The boundary a connection's kind describes (None: not a land boundary)."""
        words = kind.casefold()
        if not any(word in words for word in LAND_KINDS):
            return None
        river = "river" in words.replace("same_river", "")
        return cls(road="road" in words, river=river, arrow="crossing" in words,
                   lake="lake" in words, corner="quadripoint" in words or "corner" in words,
                   same_river="same_river" in words or river)


def boundaries(data: AaMData) -> dict[str, dict[str, Boundary]]:
    """Every land boundary, both ways."""
    found: dict[str, dict[str, Boundary]] = {}
    for connection in data.connections:
        if connection.a is None or connection.b is None:
            continue
        boundary = Boundary.of(connection.kind)
        if boundary is None:
            continue
        found.setdefault(connection.a, {})[connection.b] = boundary
        found.setdefault(connection.b, {})[connection.a] = boundary
    return found


def tec_of(data: AaMData) -> dict[str, int]:
    """The Terrain Effects Chart rows a user gave (`terrain`, `mp`, `road_mp`: across a
    road), as a mapping (`clear`, `clear+road`)."""
    table = data.tables.get("terrain_effects_chart")
    rows = table.rows if table is not None and table.rows else ()
    found: dict[str, int] = {}
    for row in rows:
        if "terrain" not in row:
            continue
        terrain = str(row["terrain"]).casefold()
        if "mp" in row:
            found[terrain] = int(row["mp"])
        if "road_mp" in row:
            found[f"{terrain}+road"] = int(row["road_mp"])
    return found


@dataclass(frozen=True, slots=True)
class Bounds:
    """The MP of one step: at least `low`; exactly `high` when known."""

    low: int
    high: int | None
    rule: str


def entry_bounds(boundary: Boundary, terrain: str | None, tec: Mapping[str, int], *,
                 barred_from_swamp: bool) -> Bounds | str:
    """What entering an Area across a boundary costs, or why it is not allowed (a string
    naming the rule id)."""
    if boundary.corner:
        return "AAM-MOV-03"
    if boundary.lake and not boundary.arrow:
        return "AAM-MOV-05"
    if boundary.arrow:
        return Bounds(4, 4, "AaM 10.1.4")
    if terrain is None:
        low = 2 if boundary.river and not boundary.road else 0
        return Bounds(low, None, "terrain not known")
    try:
        kind = Terrain(terrain.casefold())
    except ValueError:
        kind = None
    if kind is Terrain.SWAMP and not boundary.road and barred_from_swamp:
        return "AAM-MOV-27"
    step = Step(terrain=kind or Terrain.CLEAR, river=boundary.river, road=boundary.road,
                same_river=boundary.same_river)
    table = dict(tec)
    if kind is None and terrain.casefold() in tec:
        table["clear"] = tec[terrain.casefold()]
    elif kind is None:
        table.pop("clear", None)
    try:
        cost, rule = step_cost(step, table)
    except ValueError:
        low = 2 if boundary.river and not boundary.road else 0
        return Bounds(low, None, "Terrain Effects Chart not given")
    return Bounds(cost, cost, rule)


@dataclass(frozen=True, slots=True)
class Leg:
    """The cheapest way from one Area to another, on each bound (None: no way; for `high`,
    also: no way whose cost is known)."""

    low: int | None
    high: int | None
    spaces: tuple[str, ...] = ()
    """The Areas of the cheapest way on the lower bound, from `start` to `goal`."""
    steps: tuple[int, ...] = ()
    """What entering each of them (after the first) costs on the lower bound."""


def cheapest(start: str, goal: str, graph: Mapping[str, Mapping[str, Boundary]],
             enter: Callable[[str, str, Boundary, bool], Bounds | str], *,
             first: bool) -> Leg:
    """The cheapest way from `start` to `goal` (Dijkstra) on the lower and the upper bounds.
    `enter(a, b, boundary, from_start)` gives a step's bounds or the rule barring it;
    Crossing Arrows are allowed only out of the move's first Area (`first`)."""

    before: dict[str, tuple[str, int]] = {}

    def run(pick: Callable[[Bounds], int | None], *, trace: bool = False) -> int | None:
        best = {start: 0}
        queue = [(0, start)]
        while queue:
            spent, here = heapq.heappop(queue)
            if here == goal:
                return spent
            if spent > best.get(here, spent):
                continue
            for there, boundary in graph.get(here, {}).items():
                if boundary.arrow and not (first and here == start):
                    continue
                bounds = enter(here, there, boundary, first and here == start)
                if isinstance(bounds, str):
                    continue
                cost = pick(bounds)
                if cost is None:
                    continue
                if spent + cost < best.get(there, spent + cost + 1):
                    best[there] = spent + cost
                    if trace:
                        before[there] = (here, cost)
                    heapq.heappush(queue, (spent + cost, there))
        return None

    low = run(lambda b: b.low, trace=True)
    if low is None or start == goal:
        return Leg(low, run(lambda b: b.high))
    spaces, steps = [goal], []
    while spaces[-1] != start:
        here, cost = before[spaces[-1]]
        spaces.append(here)
        steps.append(cost)
    return Leg(low, run(lambda b: b.high), tuple(reversed(spaces)), tuple(reversed(steps)))
