"""PC marker isolation (WW 10.3), the Remove Isolated PC Markers segment (WW 10.2.3).

A PC marker is *not* isolated when it can trace a path through adjacent spaces its side
controls to an anchor (the path may pass spaces holding enemy pieces, WW 10.31 and 10.32
Notes; a marker in an anchor traces to itself):

- American (WW 10.31.A): an uncontrolled space without a British CU; the Continental
  Congress's space; an American-controlled space with an American or French CU, or with an
  American or French General.
- British (WW 10.32.A): an uncontrolled space without an American or French CU or General;
  a British-controlled port, whatever its blockade; a British-controlled space with a
  British CU.

Worked as components (the digest's §6.8): the spaces a side controls split into connected
groups; a group is safe when one of its spaces, or an uncontrolled (or Congress) space next
to it, is an anchor; every marker of an unsafe group is isolated. The segment removes the
American isolated markers all at once, then works out the British ones again on what is
left (WW 10.2.3; the rulebook's Mutual Isolation example is a test).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass

AMERICAN = "AM"
BRITISH = "BR"


@dataclass(frozen=True, slots=True)
class Occupants:
    """The pieces in a space that matter for isolation."""

    british_cus: int = 0
    american_cus: int = 0
    french_cus: int = 0
    british_generals: int = 0
    american_generals: int = 0
    french_generals: int = 0

    @property
    def patriot_units(self) -> bool:
        """An American or French CU or General is here."""
        return bool(self.american_cus or self.french_cus or self.american_generals
                    or self.french_generals)


@dataclass(frozen=True, slots=True)
class IsolationMap:
    """What isolation is worked out on: each space's controller (`AM`, `BR` or None), who
    stands where, which spaces are adjacent and which are ports, and the Congress's space."""

    control: Mapping[str, str | None]
    adjacent: Mapping[str, frozenset[str]]
    occupants: Mapping[str, Occupants]
    ports: frozenset[str]
    congress: str | None = None

    def pieces(self, space: str) -> Occupants:
        """Who is in a space (nobody when not listed)."""
        return self.occupants.get(space, _EMPTY)


_EMPTY = Occupants()


def is_anchor(side: str, space: str, board: IsolationMap) -> bool:
    """Whether a path of `side`'s controlled spaces may end at `space` (WW 10.31, 10.32)."""
    control = board.control.get(space)
    here = board.pieces(space)
    if side == AMERICAN:
        if control is None and not here.british_cus:
            return True
        if space == board.congress:
            return True
        return control == AMERICAN and here.patriot_units
    if control is None:
        return not here.patriot_units
    if control != BRITISH:
        return False
    return space in board.ports or bool(here.british_cus)


def isolated_pcs(side: str, board: IsolationMap) -> set[str]:
    """The spaces whose `side` PC markers are isolated (WW 10.3)."""
    own = {space for space, control in board.control.items() if control == side}
    isolated: set[str] = set()
    seen: set[str] = set()
    for start in sorted(own):
        if start in seen:
            continue
        group = _component(start, own, board.adjacent)
        seen |= group
        border = {n for space in group for n in board.adjacent.get(space, ()) if n not in own}
        if not any(is_anchor(side, space, board) for space in (*group, *border)):
            isolated |= group
    return isolated


def _component(start: str, own: set[str], adjacent: Mapping[str, Iterable[str]]) -> set[str]:
    group = {start}
    frontier = [start]
    while frontier:
        space = frontier.pop()
        for neighbour in adjacent.get(space, ()):
            if neighbour in own and neighbour not in group:
                group.add(neighbour)
                frontier.append(neighbour)
    return group


def isolation_segment(board: IsolationMap) -> tuple[set[str], set[str]]:
    """The Remove Isolated PC Markers segment: (American markers removed, then British
    markers removed once the American ones are gone)."""
    american = isolated_pcs(AMERICAN, board)
    after = IsolationMap(
        control={space: (None if space in american else control)
                 for space, control in board.control.items()},
        adjacent=board.adjacent, occupants=board.occupants, ports=board.ports,
        congress=board.congress)
    return american, isolated_pcs(BRITISH, after)
