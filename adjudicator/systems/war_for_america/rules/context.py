"""What every War for America rule reads: where the action stands in the sequence of play,
the game data, the position (`WfAState`) and the map as a graph, and names for messages.

The referee builds one `Context` per action from `procedure.Sequencer.advance`: `procedure`
is `Advance.at` (the action's pulse and round opened, its own effect not yet counted) and
`placement` is `Advance.placement`. The sequence facts of that advance (`PulseOpened` …)
are judged with the same context. Cards are looked up through `CardBook`, which the data
provides (a card's title and printed number).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Protocol

from adjudicator.systems.common.actions import Action
from adjudicator.systems.common.mapgraph import Connection as Line
from adjudicator.systems.common.mapgraph import MapGraph
from adjudicator.systems.common.records import once_per_object
from adjudicator.systems.war_for_america.data import WfAData, bundled_data
from adjudicator.systems.war_for_america.data.vocabulary import ConnectionKind
from adjudicator.systems.war_for_america.procedure import (
    DIGEST_CALENDAR,
    SPRING_BOX,
    WINTER_BOX,
    Calendar,
    Placement,
    Pulse,
    SeasonSpec,
    WfAProcedure,
)
from adjudicator.systems.war_for_america.state import WfAState


class CardBook(Protocol):
    """Card facts a rule needs (the data's Action Card list, WfA 20.0)."""

    def card_name(self, card: str) -> str:
        """A card's title (or its piece name when the data does not know it)."""
        ...

    def card_number(self, card: str) -> int | None:
        """A card's printed number (None: not known)."""
        ...


@dataclass(frozen=True, slots=True)
class CardIndex:
    """A `CardBook` from two mappings (card id → title, card id → number)."""

    names: Mapping[str, str] = field(default_factory=dict)
    numbers: Mapping[str, int] = field(default_factory=dict)

    def card_name(self, card: str) -> str:
        """A card's title, or its id without a leading `?`."""
        return self.names.get(card, card.lstrip("?"))

    def card_number(self, card: str) -> int | None:
        """A card's printed number."""
        return self.numbers.get(card)


UNKNOWN_TERRAIN = "unknown"
"""The kind of a land line whose terrain type the data does not state."""


def map_graph(data: WfAData) -> MapGraph:
    """The land map as a graph: every space and every land transit line the data knows,
    its kind the line's terrain type (`unknown` when not stated; WfA 12.0, TEC). Lake,
    Caribbean arrow and Ocean Transit lines are the naval rules' (they are in `data`).
    Complete only when the data says its connections are."""
    lines = [Line(line.a, line.b, str(line.terrain) if line.terrain else UNKNOWN_TERRAIN)
             for line in data.connections if line.kind is ConnectionKind.LAND]
    places = set(data.spaces) | {end for line in lines for end in (line.a, line.b)}
    return MapGraph(sorted(places), lines, complete=data.map_status.connections_complete)


@dataclass(slots=True)
class Context:
    """The inputs of every War for America rule check.

    `data`, `state` and `graph` default to the bundled data, an empty position and the
    bundled map, so a test may build a context from the sequence facts alone."""

    procedure: WfAProcedure
    placement: Placement
    cards: CardBook = field(default_factory=CardIndex)
    data: WfAData = field(default_factory=bundled_data)
    state: WfAState = field(default_factory=WfAState)
    graph: MapGraph | None = None
    """The map (None: built from `data` on first use)."""
    step_actions: tuple[Action, ...] = ()
    """Every action the interpreter read from the same log step, in order (a stack dragged
    in one step moved its pieces together: WfA 14.5, fleets never move stacked). Empty when
    the referee does not pass them."""

    def __post_init__(self) -> None:
        if self.graph is None:
            self.graph = map_graph(self.data)

    @property
    def map(self) -> MapGraph:
        """The map as a graph."""
        assert self.graph is not None
        return self.graph

    def space_name(self, space: str) -> str:
        """A space's printed name (its id when the data does not know it)."""
        record = self.data.spaces.get(space)
        return record.name if record is not None else space

    @property
    def pulse(self) -> Pulse | None:
        """The Action Pulse the action belongs to, when the placement knows it."""
        return self.placement.pulse

    @property
    def calendar(self) -> Calendar:
        """The seasons of a year: the data's Seasonal Turn Record Track, or the digest's
        reading (§8 A-2) when the data has none (as the referee's `Sequencer` uses)."""
        return calendar_of(self.data)

    def season(self, season: str | None = None) -> SeasonSpec | None:
        """A season of the calendar (default: the current turn's; None: unknown)."""
        return self.calendar.season(season if season is not None else self.procedure.season)


@once_per_object()
def calendar_of(data: WfAData) -> Calendar:
    """The calendar the data gives (STRT boxes, WfA 3.1), else the digest's reading; built
    once per data object, since every rule asking for a season asks for it."""
    seasons = data.charts.seasons
    if not seasons:
        return DIGEST_CALENDAR
    return Calendar.from_track(((season.id, season.name, str(season.colour))
                                for season in seasons), winter=WINTER_BOX, spring=SPRING_BOX)


def side_name(side: str | None) -> str:
    """`British`, `Colonial` or `a player`."""
    return side.capitalize() if side else "a player"


__all__ = ["UNKNOWN_TERRAIN", "CardBook", "CardIndex", "Context", "map_graph", "side_name"]
