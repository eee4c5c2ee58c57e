"""The map graph of a point-to-point board wargame, with constrained path search.

Land movement, retreats, interception, supply / line-of-communication and isolation checks
of several games (Washington's War, War for America, …) share this module. It holds no
game knowledge: spaces and connections are plain strings, and everything a game's rules
say about moving (what a connection costs, who may cross it, which spaces may not be
entered or end movement) is passed in as a `Constraints` of functions or sets.

The graph is built once (adjacency as `dict[str, tuple[...]]`) and searched with a heap
based Dijkstra that exits early and can stop at a cost budget, because referees call it
on every move of logs with 100,000 steps.

Incomplete data: a `MapGraph` built with `complete=False` holds only part of a map. Then
"no path" (`cheapest` returning None, `connected` returning False, a `NotAdjacent`
problem) means "unknown", not "impossible"; callers check `MapGraph.complete` before
calling a move illegal.

Bounds: when a game's data leaves a connection's kind uncertain (say kind "unknown",
which may be a normal connection costing 1 or a wilderness one costing 3), callers get
a low and a high bound by calling `cheapest` twice with two cost functions, e.g.
`kind_costs({"normal": 1, "unknown": 1})` and `kind_costs({"normal": 1, "unknown": 3})`.

>>> graph = MapGraph("ABC", [Connection("A", "B", "normal"),
...                          Connection("B", "C", "wilderness")], complete=True)
>>> graph.cheapest("A", "C", Constraints(cost=kind_costs({"normal": 1, "wilderness": 3})))
Path(spaces=('A', 'B', 'C'), cost=4)
>>> graph.follow(["A", "C"]).problem
NotAdjacent(hop=0, start='A', end='C')
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence, Set
from dataclasses import dataclass, field
from heapq import heappop, heappush
from typing import ClassVar

SpaceTest = Callable[[str], bool] | Set[str]
"""Which spaces a constraint applies to: a predicate, or a set of space names."""
CostFunction = Callable[["Connection"], int | None]
"""What crossing a connection costs (>= 0), or None when it may not be crossed."""


@dataclass(frozen=True, slots=True)
class Connection:
    """An undirected connection between two spaces.

    `kind` is the game's connection type (e.g. "normal", "wilderness", "unknown", "river",
    "arnold_only"); this module gives it no meaning, cost functions do.
    """

    a: str
    b: str
    kind: str

    def other(self, space: str) -> str:
        """The space at the other end from `space` (which must be one of the ends)."""
        if space == self.a:
            return self.b
        if space == self.b:
            return self.a
        raise ValueError(f"{space!r} is not an end of {self}")

    def joins(self, space: str) -> bool:
        """Whether `space` is one of the two ends."""
        return space in (self.a, self.b)


def kind_costs(costs: Mapping[str, int | None], *, default: int | None = None) -> CostFunction:
    """A cost function by connection kind; kinds not in `costs` cost `default`.

    A cost of None (the default for unlisted kinds) makes the connection impassable.
    """
    table = dict(costs)

    def cost(connection: Connection) -> int | None:
        return table.get(connection.kind, default)

    return cost


def _space_test(test: SpaceTest | None) -> Callable[[str], bool] | None:
    """A set of names as a predicate; None stays None (no space is affected)."""
    if test is None or callable(test):
        return test
    names = frozenset(test)
    return names.__contains__


@dataclass(frozen=True, slots=True)
class Constraints:
    """What a game's rules allow a particular mover; every part is optional.

    - `cost`: what crossing a connection costs (an int >= 0), or None when this mover may
      not cross it at all (e.g. a line only one general may cross). Default: 1 each.
    - `barred`: spaces that may not be entered at all (e.g. a lone general and a space
      with enemy units). A predicate or a set of names.
    - `stops`: spaces that may be entered only as the last space of a path, because
      entering them ends movement (e.g. a space with enemy units). Predicate or set.

    The origin of a path is never tested by `barred` or `stops`: a mover may always
    leave where it stands (a later return to the same space is tested like any entry).
    """

    cost: CostFunction | None = None
    barred: SpaceTest | None = None
    stops: SpaceTest | None = None
    _barred: Callable[[str], bool] | None = field(init=False, repr=False, compare=False)
    _stops: Callable[[str], bool] | None = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "_barred", _space_test(self.barred))
        object.__setattr__(self, "_stops", _space_test(self.stops))

    def cost_of(self, connection: Connection) -> int | None:
        """What crossing `connection` costs, or None when it may not be crossed.

        Raises:
            ValueError: the cost function returned a negative cost.
        """
        if self.cost is None:
            return 1
        cost = self.cost(connection)
        if cost is not None and cost < 0:
            raise ValueError(f"negative cost {cost} for {connection}")
        return cost

    def is_barred(self, space: str) -> bool:
        """Whether `space` may not be entered at all."""
        return self._barred is not None and self._barred(space)

    def is_stop(self, space: str) -> bool:
        """Whether entering `space` ends movement (it may only be a path's last space)."""
        return self._stops is not None and self._stops(space)


UNCONSTRAINED = Constraints()
"""Every connection costs 1; no space is barred or ends movement."""


@dataclass(frozen=True, slots=True)
class Path:
    """A path found by `MapGraph.cheapest`: the spaces from origin to destination."""

    spaces: tuple[str, ...]
    cost: int

    @property
    def origin(self) -> str:
        """The first space."""
        return self.spaces[0]

    @property
    def destination(self) -> str:
        """The last space."""
        return self.spaces[-1]

    @property
    def hops(self) -> int:
        """The number of connections crossed."""
        return len(self.spaces) - 1


@dataclass(frozen=True, slots=True)
class NotAdjacent:
    """Hop `hop` (spaces[hop] -> spaces[hop + 1]) joins spaces with no connection."""

    kind: ClassVar[str] = "not_adjacent"
    hop: int
    start: str
    end: str

    def __str__(self) -> str:
        return f"{self.start} and {self.end} are not adjacent"


@dataclass(frozen=True, slots=True)
class Impassable:
    """Hop `hop` crosses a connection this mover may not use (its cost is None)."""

    kind: ClassVar[str] = "impassable"
    hop: int
    start: str
    end: str
    connection: Connection

    def __str__(self) -> str:
        return (f"the {self.connection.kind} connection from {self.start} to {self.end} "
                f"may not be used")


@dataclass(frozen=True, slots=True)
class Barred:
    """Hop `hop` enters `space`, which this mover may not enter at all."""

    kind: ClassVar[str] = "barred"
    hop: int
    space: str

    def __str__(self) -> str:
        return f"{self.space} may not be entered"


@dataclass(frozen=True, slots=True)
class StoppedEarly:
    """Hop `hop` enters `space`, which ends movement, but the path goes on."""

    kind: ClassVar[str] = "stopped_early"
    hop: int
    space: str

    def __str__(self) -> str:
        return f"entering {self.space} ends movement, but the path goes on"


Problem = NotAdjacent | Impassable | Barred | StoppedEarly
"""The first thing wrong with a path judged by `MapGraph.follow`."""


@dataclass(frozen=True, slots=True)
class Hop:
    """One step of a followed path; `connection`/`cost` are None when missing/impassable."""

    start: str
    end: str
    connection: Connection | None
    cost: int | None


@dataclass(frozen=True, slots=True)
class PathCheck:
    """The verdict of `MapGraph.follow` on an explicit path.

    Every hop is judged (`hops`, one per consecutive pair of `spaces`); `cost` is their
    total, or None when some hop has no connection or may not be crossed. `problem` is
    the first problem in path order, or None when the path is legal.
    """

    spaces: tuple[str, ...]
    hops: tuple[Hop, ...]
    cost: int | None
    problem: Problem | None

    @property
    def ok(self) -> bool:
        """Whether the path breaks no constraint."""
        return self.problem is None


class MapGraph:
    """Spaces joined by undirected connections, built once and searched many times.

    `complete` says whether the data holds the whole map; when False, failing to find a
    path or a connection means "unknown", not "impossible". Queries about a space that
    is not on the map treat it as having no neighbours.
    """

    __slots__ = ("_adjacency", "_complete", "_connections", "_links", "_neighbours",
                 "_spaces")

    def __init__(self, spaces: Iterable[str], connections: Iterable[Connection], *,
                 complete: bool) -> None:
        """Build the adjacency.

        Repeated spaces and repeated connections (either way round, same kind) are kept
        once.

        Raises:
            ValueError: a connection joins a space to itself, names a space not in
                `spaces`, or repeats a pair of spaces with another kind.
        """
        links: dict[str, dict[str, Connection]] = {space: {} for space in spaces}
        kept: list[Connection] = []
        for connection in connections:
            a, b = connection.a, connection.b
            if a == b:
                raise ValueError(f"{connection} joins a space to itself")
            for end in (a, b):
                if end not in links:
                    raise ValueError(f"{connection} names {end!r}, which is not a space")
            existing = links[a].get(b)
            if existing is not None:
                if existing.kind != connection.kind:
                    raise ValueError(f"{connection} repeats {existing} with another kind")
                continue
            links[a][b] = connection
            links[b][a] = connection
            kept.append(connection)
        self._links = links
        self._spaces = tuple(links)
        self._connections = tuple(kept)
        self._complete = complete
        self._adjacency: dict[str, tuple[tuple[str, Connection], ...]] = {
            space: tuple(ends.items()) for space, ends in links.items()}
        self._neighbours: dict[str, tuple[str, ...]] = {
            space: tuple(ends) for space, ends in links.items()}

    def __repr__(self) -> str:
        return (f"MapGraph({len(self._spaces)} spaces, {len(self._connections)} "
                f"connections, complete={self._complete})")

    def __contains__(self, space: object) -> bool:
        return space in self._links

    def __iter__(self) -> Iterator[str]:
        return iter(self._spaces)

    def __len__(self) -> int:
        return len(self._spaces)

    @property
    def complete(self) -> bool:
        """Whether the data holds the whole map (else "no path" means "unknown")."""
        return self._complete

    @property
    def spaces(self) -> tuple[str, ...]:
        """Every space, in the order given."""
        return self._spaces

    @property
    def connections(self) -> tuple[Connection, ...]:
        """Every connection (duplicates dropped), in the order given."""
        return self._connections

    def neighbours(self, space: str) -> tuple[str, ...]:
        """The spaces connected to `space` (none for a space not on the map)."""
        return self._neighbours.get(space, ())

    def connection(self, a: str, b: str) -> Connection | None:
        """The connection between `a` and `b` (as given, either way round), if any."""
        ends = self._links.get(a)
        return None if ends is None else ends.get(b)

    def adjacent(self, a: str, b: str) -> bool:
        """Whether a connection joins `a` and `b`."""
        return self.connection(a, b) is not None

    # ----------------------------------------------------------------------------------
    # Searches

    def _dijkstra(self, origin: str, constraints: Constraints, budget: int | None,
                  destination: str | None) -> tuple[dict[str, int], dict[str, str]]:
        """Least costs from `origin` (and each space's predecessor), honouring constraints.

        Stops early once `destination` is settled; otherwise every entry is final.
        """
        if budget is not None and budget < 0:
            raise ValueError(f"negative budget {budget}")
        cost_of = constraints.cost
        barred = constraints._barred
        stops = constraints._stops
        adjacency = self._adjacency
        best: dict[str, int] = {origin: 0}
        before: dict[str, str] = {}
        refused: set[str] = set()
        heap: list[tuple[int, str]] = [(0, origin)]
        while heap:
            so_far, space = heappop(heap)
            if so_far > best[space]:
                continue
            if space == destination:
                break
            if stops is not None and space != origin and stops(space):
                continue
            for nxt, connection in adjacency.get(space, ()):
                step = 1 if cost_of is None else cost_of(connection)
                if step is None:
                    continue
                if step < 0:
                    raise ValueError(f"negative cost {step} for {connection}")
                total = so_far + step
                if budget is not None and total > budget:
                    continue
                known = best.get(nxt)
                if known is not None and total >= known:
                    continue
                if barred is not None:
                    if nxt in refused:
                        continue
                    if barred(nxt):
                        refused.add(nxt)
                        continue
                best[nxt] = total
                before[nxt] = space
                heappush(heap, (total, nxt))
        return best, before

    def cheapest(self, origin: str, destination: str,
                 constraints: Constraints = UNCONSTRAINED, *,
                 budget: int | None = None) -> Path | None:
        """The least-cost path from `origin` to `destination`, or None.

        The path enters no barred space, crosses no connection costing None, and enters a
        `stops` space only as the destination; the origin is never tested. With `budget`,
        only paths costing at most that much are found. `origin == destination` gives the
        zero-cost path `(origin,)`. None on an incomplete map means "unknown".

        For low/high bounds under uncertain data, call this twice with two cost
        functions (e.g. an "unknown" connection costing 1, then 3).

        Raises:
            ValueError: negative budget, or the cost function returned a negative cost.
        """
        if origin == destination:
            if budget is not None and budget < 0:
                raise ValueError(f"negative budget {budget}")
            return Path((origin,), 0)
        best, before = self._dijkstra(origin, constraints, budget, destination)
        cost = best.get(destination)
        if cost is None:
            return None
        spaces = [destination]
        while spaces[-1] != origin:
            spaces.append(before[spaces[-1]])
        spaces.reverse()
        return Path(tuple(spaces), cost)

    def reachable(self, origin: str, constraints: Constraints = UNCONSTRAINED,
                  budget: int | None = None) -> dict[str, int]:
        """Every space reachable from `origin` within `budget`, with its least cost.

        The origin is included at cost 0. A `stops` space is included (a path may end
        there) but nothing is reached through it. `budget=None` means no limit.

        Raises:
            ValueError: negative budget, or the cost function returned a negative cost.
        """
        best, _ = self._dijkstra(origin, constraints, budget, None)
        return best

    def follow(self, spaces: Sequence[str],
               constraints: Constraints = UNCONSTRAINED) -> PathCheck:
        """Judge an explicit path (consecutive spaces, the first being the origin).

        Each hop is checked in order for: no connection (`NotAdjacent`), a connection
        costing None (`Impassable`), entering a barred space (`Barred`), entering a
        `stops` space that is not the last (`StoppedEarly`); the first found is the
        problem. The first space is never tested; revisits are not forbidden here.

        Raises:
            ValueError: `spaces` is empty, or the cost function returned a negative cost.
        """
        route = tuple(spaces)
        if not route:
            raise ValueError("a path needs at least one space")
        last = len(route) - 1
        hops: list[Hop] = []
        total: int | None = 0
        problem: Problem | None = None
        for index in range(last):
            start, end = route[index], route[index + 1]
            connection = self.connection(start, end)
            cost: int | None = None
            found: Problem | None = None
            if connection is None:
                found = NotAdjacent(index, start, end)
            else:
                cost = constraints.cost_of(connection)
                if cost is None:
                    found = Impassable(index, start, end, connection)
                elif constraints.is_barred(end):
                    found = Barred(index, end)
                elif index + 1 < last and constraints.is_stop(end):
                    found = StoppedEarly(index, end)
            hops.append(Hop(start, end, connection, cost))
            total = None if total is None or cost is None else total + cost
            if problem is None:
                problem = found
        return PathCheck(route, tuple(hops), total, problem)

    def connected(self, start: str, *, through: Callable[[str], bool],
                  goal: Callable[[str], bool],
                  extra_neighbours: Callable[[str], Iterable[str]] | None = None) -> bool:
        """Whether a chain leads from `start` through `through` spaces to a `goal` space.

        Breadth-first. `start` itself counts (`goal(start)` gives True) and is not tested
        by `through`; every space between it and the goal must satisfy `through`; the
        goal space need not. `extra_neighbours(space)` adds virtual adjacency (e.g. all
        ports one side controls are adjacent to each other). Used for supply and
        isolation; False on an incomplete map means "not found in the data".
        """
        if goal(start):
            return True
        neighbours = self._neighbours
        seen = {start}
        queue = deque((start,))
        while queue:
            space = queue.popleft()
            candidates: Iterable[str] = neighbours.get(space, ())
            if extra_neighbours is not None:
                candidates = (*candidates, *extra_neighbours(space))
            for nxt in candidates:
                if nxt in seen:
                    continue
                seen.add(nxt)
                if goal(nxt):
                    return True
                if through(nxt):
                    queue.append(nxt)
        return False


StepsFrom = Callable[[str], Iterable[tuple[str, int]]]
"""The places one step from a place, each with what the step costs (>= 0)."""


def least_cost(start: str, goal: str, steps: StepsFrom) -> int | None:
    """The fewest total cost from `start` to `goal` taking the steps `steps` offers from each
    place (Dijkstra); None if no steps lead there. For a game's data on a partial map, where
    `MapGraph`'s checked constraints are more than a data check needs."""
    best = {start: 0}
    queue = [(0, start)]
    while queue:
        cost, here = heappop(queue)
        if here == goal:
            return cost
        if cost > best.get(here, cost):
            continue
        for there, price in steps(here):
            step = cost + price
            if step < best.get(there, step + 1):
                best[there] = step
                heappush(queue, (step, there))
    return None


__all__ = [
    "UNCONSTRAINED",
    "Barred",
    "Connection",
    "Constraints",
    "CostFunction",
    "Hop",
    "Impassable",
    "MapGraph",
    "NotAdjacent",
    "Path",
    "PathCheck",
    "Problem",
    "SpaceTest",
    "StepsFrom",
    "StoppedEarly",
    "kind_costs",
    "least_cost",
]
