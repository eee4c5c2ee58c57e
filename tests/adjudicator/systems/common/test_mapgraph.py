"""The shared map graph: constrained cheapest paths, path checks, reachability, chains."""

from __future__ import annotations

import itertools

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from adjudicator.systems.common.mapgraph import (
    Barred,
    Connection,
    Constraints,
    Impassable,
    MapGraph,
    NotAdjacent,
    Path,
    SpaceTest,
    StoppedEarly,
    kind_costs,
    least_cost,
)

# A small made-up map (no real game's), letters for spaces. Normal connections make the
# line A-B-C-D and a detour B-F-G-D around C; A-E and E-D are wilderness (cost 3); D-H is
# of "unknown" kind; C-I is "arnold_only" (only Arnold may cross it).
EDGES = (
    Connection("A", "B", "normal"),
    Connection("B", "C", "normal"),
    Connection("C", "D", "normal"),
    Connection("B", "F", "normal"),
    Connection("F", "G", "normal"),
    Connection("G", "D", "normal"),
    Connection("A", "E", "wilderness"),
    Connection("E", "D", "wilderness"),
    Connection("D", "H", "unknown"),
    Connection("C", "I", "arnold_only"),
)
GRAPH = MapGraph("ABCDEFGHI", EDGES, complete=True)
COSTS = {"normal": 1, "wilderness": 3, "unknown": 1}


def mover(*, arnold: bool = False, unknown: int = 1, barred: SpaceTest | None = None,
          stops: SpaceTest | None = None) -> Constraints:
    """The constraints of a mover on the made-up map (Arnold alone crosses C-I)."""
    costs = {**COSTS, "unknown": unknown, "arnold_only": 1 if arnold else None}
    return Constraints(cost=kind_costs(costs), barred=barred, stops=stops)


def test_adjacency_queries() -> None:
    assert GRAPH.neighbours("B") == ("A", "C", "F")
    assert GRAPH.connection("B", "A") == Connection("A", "B", "normal")
    assert GRAPH.adjacent("D", "G") and not GRAPH.adjacent("A", "C")
    assert GRAPH.spaces == tuple("ABCDEFGHI")
    assert "Z" not in GRAPH and GRAPH.neighbours("Z") == ()
    assert GRAPH.connection("Z", "A") is None


def test_bad_data_is_refused() -> None:
    with pytest.raises(ValueError, match="itself"):
        MapGraph("AB", [Connection("A", "A", "normal")], complete=True)
    with pytest.raises(ValueError, match="not a space"):
        MapGraph("AB", [Connection("A", "Z", "normal")], complete=True)
    with pytest.raises(ValueError, match="another kind"):
        MapGraph("AB", [Connection("A", "B", "normal"), Connection("B", "A", "river")],
                 complete=True)
    same = MapGraph("AB", [Connection("A", "B", "normal"), Connection("B", "A", "normal")],
                    complete=True)
    assert len(same.connections) == 1
    with pytest.raises(ValueError, match="negative cost"):
        GRAPH.cheapest("A", "D", Constraints(cost=lambda _: -1))
    with pytest.raises(ValueError, match="negative budget"):
        GRAPH.reachable("A", mover(), -1)


def test_wilderness_edge_costs_three() -> None:
    assert GRAPH.cheapest("A", "E", mover()) == Path(("A", "E"), 3)
    assert GRAPH.cheapest("A", "D", mover()) == Path(("A", "B", "C", "D"), 3)
    # Unconstrained: every connection costs 1.
    assert GRAPH.cheapest("A", "D") == Path(("A", "E", "D"), 2)


def test_origin_is_destination() -> None:
    assert GRAPH.cheapest("C", "C", mover(barred={"C"}, stops={"C"})) == Path(("C",), 0)


def test_low_and_high_bounds_by_two_cost_functions() -> None:
    low = GRAPH.cheapest("A", "H", mover(unknown=1))
    high = GRAPH.cheapest("A", "H", mover(unknown=3))
    assert low is not None and high is not None
    assert (low.cost, high.cost) == (4, 6)


def test_cheapest_avoids_a_barred_space() -> None:
    path = GRAPH.cheapest("A", "D", mover(barred={"C"}))
    assert path == Path(("A", "B", "F", "G", "D"), 4)
    assert GRAPH.cheapest("A", "C", mover(barred={"C"})) is None
    # The origin is never tested.
    assert GRAPH.cheapest("C", "D", mover(barred=lambda space: space == "C")) == Path(
        ("C", "D"), 1)


def test_stops_space_may_end_but_not_be_passed() -> None:
    stops = mover(stops={"C"})
    assert GRAPH.cheapest("A", "C", stops) == Path(("A", "B", "C"), 2)
    assert GRAPH.cheapest("A", "D", stops) == Path(("A", "B", "F", "G", "D"), 4)
    assert GRAPH.cheapest("A", "I", mover(arnold=True, stops={"C"})) is None
    # Leaving a stops space is fine when it is the origin.
    assert GRAPH.cheapest("C", "D", stops) == Path(("C", "D"), 1)


def test_impassable_connection_for_all_but_one_mover() -> None:
    assert GRAPH.cheapest("A", "I", mover()) is None
    assert GRAPH.cheapest("A", "I", mover(arnold=True)) == Path(("A", "B", "C", "I"), 3)


def test_budget_cuts_off() -> None:
    assert GRAPH.cheapest("A", "D", mover(), budget=3) == Path(("A", "B", "C", "D"), 3)
    assert GRAPH.cheapest("A", "D", mover(), budget=2) is None


def test_follow_legal_path() -> None:
    check = GRAPH.follow(["A", "B", "C", "D"], mover(stops={"D"}))
    assert check.ok and check.problem is None and check.cost == 3
    assert [hop.connection for hop in check.hops] == list(EDGES[:3])
    assert [hop.cost for hop in check.hops] == [1, 1, 1]
    single = GRAPH.follow(["A"], mover())
    assert single.ok and single.cost == 0 and single.hops == ()
    with pytest.raises(ValueError):
        GRAPH.follow([], mover())


def test_follow_not_adjacent() -> None:
    check = GRAPH.follow(["A", "B", "D"], mover())
    assert check.problem == NotAdjacent(1, "B", "D")
    assert check.problem.kind == "not_adjacent"
    assert check.cost is None and check.hops[1].connection is None
    assert str(check.problem) == "B and D are not adjacent"


def test_follow_impassable() -> None:
    check = GRAPH.follow(["A", "B", "C", "I"], mover())
    assert check.problem == Impassable(2, "C", "I", Connection("C", "I", "arnold_only"))
    assert check.problem.kind == "impassable" and check.cost is None
    assert GRAPH.follow(["A", "B", "C", "I"], mover(arnold=True)).ok


def test_follow_barred() -> None:
    check = GRAPH.follow(["A", "B", "C", "D"], mover(barred={"C"}))
    assert check.problem == Barred(1, "C")
    assert check.problem.kind == "barred" and check.cost == 3
    # A barred origin is never tested; a return to it is.
    assert GRAPH.follow(["C", "D"], mover(barred={"C"})).ok
    assert GRAPH.follow(["C", "D", "C"], mover(barred={"C"})).problem == Barred(1, "C")


def test_follow_stopped_early() -> None:
    check = GRAPH.follow(["A", "B", "C", "D"], mover(stops={"C"}))
    assert check.problem == StoppedEarly(1, "C")
    assert check.problem.kind == "stopped_early"
    assert GRAPH.follow(["C", "D"], mover(stops={"C"})).ok


def test_follow_reports_the_first_problem() -> None:
    check = GRAPH.follow(["A", "B", "C", "D", "A"], mover(barred={"D"}, stops={"C"}))
    assert check.problem == StoppedEarly(1, "C")
    assert check.cost is None  # D-A is not a connection


def test_reachable_within_budget() -> None:
    assert GRAPH.reachable("A", mover(), 3) == {
        "A": 0, "B": 1, "C": 2, "F": 2, "D": 3, "G": 3, "E": 3}
    everything = GRAPH.reachable("A", mover(arnold=True))
    assert everything["H"] == 4 and everything["I"] == 3
    stopped = GRAPH.reachable("A", mover(arnold=True, stops={"C"}), 3)
    assert stopped["C"] == 2 and "I" not in stopped
    assert GRAPH.reachable("A", mover(barred={"B"}), 3) == {"A": 0, "E": 3}


def test_connected_with_virtual_adjacency() -> None:
    friendly = {"A", "B", "G"}
    ports = {"B", "G"}

    def port_links(space: str) -> tuple[str, ...]:
        return tuple(sorted(ports - {space})) if space in ports else ()

    def is_d(space: str) -> bool:
        return space == "D"

    assert not GRAPH.connected("A", through=friendly.__contains__, goal=is_d)
    assert GRAPH.connected("A", through=friendly.__contains__, goal=is_d,
                           extra_neighbours=port_links)
    # The start counts as a goal, and is not tested by `through`.
    assert GRAPH.connected("D", through=lambda _: False, goal=is_d)
    assert GRAPH.connected("C", through=lambda _: False, goal=is_d)
    assert not GRAPH.connected("A", through=lambda _: False, goal=is_d)


def test_incomplete_map_flag() -> None:
    partial = MapGraph("ABC", [Connection("A", "B", "normal")], complete=False)
    assert not partial.complete and GRAPH.complete
    # No path in partial data: the caller must read this as "unknown".
    assert partial.cheapest("A", "C") is None
    assert "complete=False" in repr(partial)


# --------------------------------------------------------------------------------------
# Against brute force: random small graphs, every simple path enumerated.

SPACE_NAMES = "PQRSTU"


@st.composite
def random_maps(draw: st.DrawFn) -> tuple[MapGraph, Constraints, str, str, int | None]:
    """A random graph whose connection kinds are their costs ("x": impassable)."""
    size = draw(st.integers(2, len(SPACE_NAMES)))
    names = SPACE_NAMES[:size]
    edges = [Connection(a, b, draw(st.sampled_from(["0", "1", "2", "3", "4", "x"])))
             for a, b in itertools.combinations(names, 2) if draw(st.booleans())]
    barred = draw(st.sets(st.sampled_from(names), max_size=2))
    stops = draw(st.sets(st.sampled_from(names), max_size=2))
    origin = draw(st.sampled_from(names))
    destination = draw(st.sampled_from(names))
    budget = draw(st.none() | st.integers(0, 8))
    constraints = Constraints(cost=lambda c: None if c.kind == "x" else int(c.kind),
                              barred=barred, stops=stops)
    return MapGraph(names, edges, complete=True), constraints, origin, destination, budget


def brute_force(graph: MapGraph, constraints: Constraints, origin: str,
                destination: str) -> int | None:
    """The least cost over every simple path that follows the constraints."""
    if origin == destination:
        return 0
    best: int | None = None

    def walk(space: str, visited: set[str], cost: int) -> None:
        nonlocal best
        for nxt in graph.neighbours(space):
            connection = graph.connection(space, nxt)
            assert connection is not None
            step = constraints.cost_of(connection)
            if nxt in visited or step is None or constraints.is_barred(nxt):
                continue
            if nxt == destination:
                best = cost + step if best is None else min(best, cost + step)
            elif not constraints.is_stop(nxt):
                walk(nxt, visited | {nxt}, cost + step)

    walk(origin, {origin}, 0)
    return best


@settings(max_examples=400, deadline=None)
@given(random_maps())
def test_cheapest_matches_brute_force(
        case: tuple[MapGraph, Constraints, str, str, int | None]) -> None:
    graph, constraints, origin, destination, budget = case
    expected = brute_force(graph, constraints, origin, destination)
    if expected is not None and budget is not None and expected > budget:
        expected = None
    path = graph.cheapest(origin, destination, constraints, budget=budget)
    assert (None if path is None else path.cost) == expected
    if path is not None:
        assert path.origin == origin and path.destination == destination
        assert len(set(path.spaces)) == len(path.spaces)
        check = graph.follow(path.spaces, constraints)
        assert check.ok and check.cost == path.cost
    reach = graph.reachable(origin, constraints, budget)
    assert reach.get(destination) == expected


def test_least_cost_takes_the_cheapest_steps_and_says_none_without_a_path() -> None:
    steps = {"a": [("b", 5), ("c", 1)], "c": [("b", 1)], "b": [("d", 0)]}

    def offered(here: str) -> list[tuple[str, int]]:
        return steps.get(here, [])

    assert least_cost("a", "d", offered) == 2
    assert least_cost("a", "a", offered) == 0
    assert least_cost("d", "a", offered) is None
