"""What every Washington's War rule reads: the data, the position, the map graph, the
sequence-of-play moment, and names for messages."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

from adjudicator.systems.common.mapgraph import Connection as Line
from adjudicator.systems.common.mapgraph import Constraints, MapGraph
from adjudicator.systems.common.sequence import Moment
from adjudicator.systems.washingtons_war.data import Card, ConnectionKind, Side, WWData
from adjudicator.systems.washingtons_war.state import WWState, other

UNKNOWN_LINE = "unknown"
ARNOLD_LINE = "arnold_only"


def map_graph(data: WWData) -> MapGraph:
    """The map as a graph: every known space and connection, with its line type.

    The Falmouth–Quebec line is kind `arnold_only` (a wilderness line only Arnold may
    use, WW 7.4.D); a line of unstated type is `unknown`.
    """
    lines = []
    for connection in data.connections:
        if connection.arnold_only:
            kind = ARNOLD_LINE
        elif connection.kind is None:
            kind = UNKNOWN_LINE
        else:
            kind = connection.kind.value
        lines.append(Line(connection.a, connection.b, kind))
    spaces = set(data.spaces) | {c.a for c in data.connections} | {c.b for c in data.connections}
    return MapGraph(sorted(spaces), lines, complete=data.map_status.connections_complete)


def listed(names: Iterable[str]) -> str:
    """Names in a sentence, each once, in order: `A`, `A and B`, `A, B and C`.

    >>> listed(["Boston", "Salem", "Boston", "Hartford"])
    'Boston, Salem and Hartford'
    """
    unique = list(dict.fromkeys(names))
    if len(unique) <= 1:
        return "".join(unique)
    return f"{', '.join(unique[:-1])} and {unique[-1]}"


def open_to(line: Line | None, general: str | None = None) -> bool:
    """Whether a line joins its two spaces for `general` (None: for no General, e.g. a PC's
    adjacency): the Falmouth–Quebec line makes them adjacent "to Arnold only" (WW 3.0
    Adjacent, 7.4.D); every other line for everyone. No line (None) is not this one."""
    return line is None or line.kind != ARNOLD_LINE or general == "arnold"


def line_cost(kind: str, *, arnold: bool, unknown: int) -> int | None:
    """Movement points to cross a line (WW 7.3.D): 1, or 3 for a Wilderness line; the
    Falmouth–Quebec line only for Arnold (WW 7.4.D); `unknown` for an unstated type."""
    if kind == ARNOLD_LINE:
        return 3 if arnold else None
    if kind == ConnectionKind.WILDERNESS.value:
        return 3
    if kind == UNKNOWN_LINE:
        return unknown
    return 1


@dataclass(slots=True)
class Context:
    """The inputs of every rule check."""

    data: WWData
    state: WWState
    graph: MapGraph
    moment: Moment = field(default_factory=Moment)
    sides: dict[str, Side] = field(default_factory=dict)

    def __post_init__(self) -> None:
        self.sides = {g: record.side for g, record in self.data.generals.items()}

    def space_name(self, space: str) -> str:
        """A space's printed name."""
        record = self.data.spaces.get(space)
        return record.name if record is not None else space

    def general_name(self, general: str) -> str:
        """A General's name."""
        record = self.data.generals.get(general)
        return record.name if record is not None else general

    def general_names(self, generals: Iterable[str]) -> str:
        """Generals named in a sentence, each once: `Howe`, `Howe and Clinton`."""
        return listed(self.general_name(g) for g in generals)

    def space_names(self, spaces: Iterable[str]) -> str:
        """Spaces named in a sentence, each once: `Boston, Salem and Hartford`."""
        return listed(self.space_name(s) for s in spaces)

    def card(self, card: str) -> Card | None:
        """The card's record, if the data knows it."""
        return self.data.cards.get(card)

    def card_name(self, card: str) -> str:
        """A card's title (or the piece name of an unknown card)."""
        record = self.data.cards.get(card)
        return record.name if record is not None else card.lstrip("?")

    def side_of(self, general: str) -> Side | None:
        """A General's side."""
        return self.sides.get(general)

    def pc_neighbours(self, space: str) -> frozenset[str]:
        """The spaces adjacent to `space` for a PC marker: the Falmouth–Quebec line joins
        them "to Arnold only" (WW 3.0 Adjacent), so no PC is adjacent along it."""
        return frozenset(n for n in self.graph.neighbours(space)
                         if open_to(self.graph.connection(space, n)))

    def is_port(self, space: str) -> bool | None:
        """Whether a space is a port (None: not a known space)."""
        record = self.data.spaces.get(space)
        return record.port if record is not None else None

    def navy_known(self) -> bool:
        """Whether the French Navy's whereabouts are known: it is not at a location the
        binding could not resolve (then no port's blockade can be judged)."""
        return not any(holding.navy and not place.resolved
                       for place, holding in self.state.holdings.items())

    def blockaded(self, space: str) -> bool:
        """Whether a port is in the Blockaded Zone (the French Navy's, WW 3.0, 12.3)."""
        record = self.data.spaces.get(space)
        zone = self.state.navy_zone()
        return (record is not None and zone is not None and record.blockade_zone is not None
                and record.blockade_zone.value == zone)

    def land_constraints(self, side: Side, *, arnold: bool, alone: bool,
                         unknown: int) -> Constraints:
        """How a General may move by land (WW 7.3–7.4): entering enemy CUs ends the move
        (7.3.B); a lone General may not enter enemy CUs or an enemy PC (7.4.A–B)."""
        enemy = other(side)
        state = self.state

        def barred(space: str) -> bool:
            here = state.space(space)
            return alone and (here.cus_of(enemy) > 0 or here.pc is enemy)

        def stops(space: str) -> bool:
            return state.space(space).cus_of(enemy) > 0

        return Constraints(cost=lambda line: line_cost(line.kind, arnold=arnold,
                                                       unknown=unknown),
                           barred=barred, stops=stops)


__all__ = ["ARNOLD_LINE", "UNKNOWN_LINE", "Context", "line_cost", "listed", "map_graph",
           "open_to"]
