"""PC isolation (WW 10.3): the rulebook's six examples, on small made-up maps with the
examples' own space letters, and the segment's order (American markers first)."""

from __future__ import annotations

from adjudicator.systems.washingtons_war.isolation import (
    IsolationMap,
    Occupants,
    isolated_pcs,
    isolation_segment,
)


def _map(edges: str, control: dict[str, str | None], *, occupants: dict[str, Occupants]
         | None = None, ports: str = "", congress: str | None = None) -> IsolationMap:
    adjacent: dict[str, set[str]] = {}
    for edge in edges.split():
        a, b = edge.split("-")
        adjacent.setdefault(a, set()).add(b)
        adjacent.setdefault(b, set()).add(a)
    return IsolationMap(control=control,
                        adjacent={k: frozenset(v) for k, v in adjacent.items()},
                        occupants=occupants or {}, ports=frozenset(ports.split()),
                        congress=congress)


# WW 10.31 Example 1: A-B-C, C (Newport) uncontrolled.
def test_american_example_1_an_uncontrolled_space_without_a_british_cu_anchors() -> None:
    board = _map("A-B B-C", {"A": "AM", "B": "AM", "C": None})
    assert isolated_pcs("AM", board) == set()
    guarded = _map("A-B B-C", {"A": "AM", "B": "AM", "C": None},
                   occupants={"C": Occupants(british_cus=1)})
    assert isolated_pcs("AM", guarded) == {"A", "B"}


# WW 10.31 Example 2: C holds the Continental Congress.
def test_american_example_2_the_congress_anchors() -> None:
    board = _map("A-B B-C", {"A": "AM", "B": "AM", "C": "AM"},
                 occupants={"C": Occupants(british_cus=2)}, congress="C")
    assert isolated_pcs("AM", board) == set()


# WW 10.31 Example 3: A, B, C American; A holds an American CU.
def test_american_example_3_a_friendly_cu_anchors_through_enemy_occupied_spaces() -> None:
    control: dict[str, str | None] = {"A": "AM", "B": "AM", "C": "AM", "D": "BR"}
    board = _map("A-B B-C C-D", control, occupants={"A": Occupants(american_cus=1)})
    assert isolated_pcs("AM", board) == set()
    through = _map("C-A A-B B-D", control, occupants={"C": Occupants(american_cus=1),
                                                      "A": Occupants(british_cus=3)})
    assert isolated_pcs("AM", through) == set(), "a British CU on the path does not block"
    general = _map("A-B B-C C-D", control, occupants={"A": Occupants(french_generals=1)})
    assert isolated_pcs("AM", general) == set()
    nobody = _map("A-B B-C C-D", control)
    assert isolated_pcs("AM", nobody) == {"A", "B", "C"}


# WW 10.32 Example 1: A British, B uncontrolled.
def test_british_example_1_an_uncontrolled_space_or_a_port_anchors() -> None:
    board = _map("A-B B-C", {"A": "BR", "B": None, "C": "AM"})
    assert isolated_pcs("BR", board) == set()
    blocked = _map("A-B B-C", {"A": "BR", "B": None, "C": "AM"},
                   occupants={"B": Occupants(american_generals=1)})
    assert isolated_pcs("BR", blocked) == {"A"}
    port = _map("A-B B-C", {"A": "BR", "B": "AM", "C": "AM"}, ports="A")
    assert isolated_pcs("BR", port) == set(), "a British-controlled port is never isolated"


# WW 10.32 Example 2: A British among American spaces, with a British CU.
def test_british_example_2_a_british_cu_anchors() -> None:
    control: dict[str, str | None] = {"A": "BR", "B": "AM", "C": "AM", "D": "AM"}
    board = _map("A-B A-C A-D", control, occupants={"A": Occupants(british_cus=1)})
    assert isolated_pcs("BR", board) == set()
    assert isolated_pcs("BR", _map("A-B A-C A-D", control,
                                   occupants={"A": Occupants(british_generals=1)})) == {"A"}


# WW 10.32 Example 3, Mutual Isolation: A, B British; C, D American; each pair surrounded.
def test_british_example_3_mutual_isolation_american_markers_go_first() -> None:
    control: dict[str, str | None] = {"A": "BR", "B": "BR", "C": "AM", "D": "AM"}
    board = _map("A-B C-D A-C B-D", control)
    assert isolated_pcs("BR", board) == {"A", "B"}, "isolated before the Americans go"
    american, british = isolation_segment(board)
    assert american == {"C", "D"}
    assert british == set(), "C and D are now uncontrolled, so A and B trace to them"
