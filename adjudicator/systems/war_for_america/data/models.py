"""The records of the War for America map, leaders, fleets and cards.

Every model is frozen and forbids unknown keys; None on a field means no source states the
fact (see `missing_facts`). A bool without None is a fact the rulebook states for every
space, because it gives the complete list (the four fortresses of WfA 17.1, the two Major
Naval Bases of WfA 14.17, the three lake spaces of WfA 19.4, the six garrison minimums of
WfA 4.13, the British start spaces of WfA 4.6).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Annotated

from pydantic import Field, model_validator

from adjudicator.systems.common.catalog import Catalog
from adjudicator.systems.common.mapgraph import least_cost
from adjudicator.systems.common.records import GameDataQueries, NeededBy
from adjudicator.systems.war_for_america.data.charts import Charts
from adjudicator.systems.war_for_america.data.tables import WfATables
from adjudicator.systems.war_for_america.data.vocabulary import (
    DECK_SIZE,
    FIRST_YEAR,
    LAST_YEAR,
    BattleRating,
    BoxId,
    CardFlag,
    CardId,
    Colony,
    Colour,
    ConnectionKind,
    FleetId,
    LeaderId,
    Nation,
    Need,
    Owner,
    Record,
    Region,
    RuleId,
    SeaAreaId,
    SeaAreaKind,
    Side,
    Source,
    SpaceId,
    TerrainId,
)

Year = Annotated[int, Field(ge=FIRST_YEAR, le=LAST_YEAR)]

OCEAN_TRANSIT_MP = 1
"""'Reinforcements pay 1 MP to follow an Ocean Transit Line' (WfA 8.8)."""
WITH_ARROW_MP = 1
AGAINST_ARROW_MP = 2
"""Caribbean: 1 MP per circle with the arrows, 2 against (WfA 14.20)."""

# --- the map ------------------------------------------------------------------------------


class Space(Record):
    """A named space of the map (WfA 2.0, 3.3; digest 3.2)."""

    id: SpaceId
    name: str
    aliases: tuple[str, ...] = ()
    """Other spellings the rulebook uses ("New York, NY", "Quebec City")."""
    region: Region | None
    colony: Colony | None = None
    """One of the 13 Colonies; None for Canada, Florida and the Caribbean, or not stated."""
    original_owner: Owner | None = None
    """Its colour: who controls it when vacant (WfA 4.11); None: not stated."""
    key: bool | None = None
    """A key/control space: boxed or a fortress symbol (WfA 2.0)."""
    fortress: bool = False
    """Quebec City, Ticonderoga, Halifax, St. Augustine (WfA 17.1): key, magazine, -3."""
    coastal: bool | None = None
    """A coastal/port space, joined to an OBZ by a blue transit line (WfA 14.6)."""
    circle: bool | None = None
    """A circle space: Winter Quartering limit 5 (WfA 18.7)."""
    major_naval_base: bool = False
    """Halifax and Newport, the fleets' winter havens (WfA 14.17)."""
    lake: bool = False
    """Ticonderoga, Valcour, St. Jean: the lake navies' spaces (WfA 19.4)."""
    village: bool = False
    """A Six Nations village (WfA 7.0, 18.2; on the Six Nations Card)."""
    obz: SeaAreaId | None = None
    """The Ocean Blockade Zone covering this coastal space; None: not stated or not coastal."""
    garrison_min: Annotated[int, Field(ge=0)] = 0
    """SP the British need here to keep control (WfA 4.13); 0 where the list names none."""
    british_at_start: bool = False
    """British control at the start (WfA 4.6: all Canada and six named spaces)."""
    source: Source
    notes: str | None = None

    @model_validator(mode="after")
    def _facts_agree(self) -> Space:
        # A colony lies in its Region (WfA 3.3).
        if self.colony is not None and self.region not in (None, self.colony.region):
            raise ValueError(f"colony {self.colony} is in {self.colony.region}, "
                             f"not {self.region}")
        # Fortresses are key spaces (WfA 2.0, 17.1); all Caribbean spaces are ports (14.1).
        if self.fortress and self.key is False:
            raise ValueError("a fortress is a key space")
        if self.region is Region.CARIBBEAN and self.coastal is False:
            raise ValueError("every Caribbean space is a port (WfA 14.1)")
        if self.major_naval_base and self.coastal is False:
            raise ValueError("a Major Naval Base is a coastal space")
        if self.obz is not None and self.coastal is False:
            raise ValueError("only a coastal space is covered by an OBZ")
        return self

    @property
    def is_key(self) -> bool:
        """Key for certain (a fortress, or stated key)."""
        return self.fortress or self.key is True


class SeaArea(Record):
    """An Ocean Blockade Zone or a Caribbean arrow space (WfA 14.1, 14.6, 14.20, 19.29).

    The spaces an OBZ covers are those whose `Space.obz` names it (one fact, one place).
    """

    id: SeaAreaId
    name: str
    kind: SeaAreaKind
    region: Region | None = None
    circles: Annotated[int, Field(ge=0)] | None = None
    """Circles of an arrow space (WfA 14.20); None: not stated."""
    source: Source
    notes: str | None = None


class Box(Record):
    """An off-map box or holding area (digest 3.3)."""

    id: BoxId
    name: str
    side: Side | None = None
    region: Region | None = None
    source: Source


class Track(Record):
    """A track of the game (digest 3.3): its boxes run from `low` to `high`."""

    id: str
    name: str
    low: int | None = None
    high: int | None = None
    source: Source


class Terrain(Record):
    """A line type of the Terrain Effects Chart and its MP cost (WfA 12.0; chart not printed)."""

    id: TerrainId
    name: str
    mp: Annotated[int, Field(ge=0)] | None
    source: Source


class Connection(Record):
    """A line joining two places of the map (WfA 12.0, 8.8, 14.20-14.21, 19.4)."""

    a: str
    b: str
    """Space ids, a sea area id, or `europe_box` for an Ocean Transit Line."""
    kind: ConnectionKind
    terrain: TerrainId | None = None
    """The TEC line type of a land line; None: not stated."""
    water: bool | None = None
    """A continuous water connection: +1 MP bonus out of winter (WfA 12.1*, 18.1)."""
    arrow_from: str | None = None
    """The end a Caribbean arrow points away from; None: not stated."""
    circles: Annotated[int, Field(ge=0)] | None = None
    """Circles on a Caribbean line (the island chain has none, WfA 14.21)."""
    source: Source
    notes: str | None = None

    @model_validator(mode="after")
    def _fits_kind(self) -> Connection:
        if self.a == self.b:
            raise ValueError("a connection joins two different places")
        if self.kind is not ConnectionKind.LAND and (self.terrain is not None
                                                     or self.water is not None):
            raise ValueError("only a land line has a terrain type and a water flag")
        if self.kind is not ConnectionKind.CARIBBEAN_ARROW and (
                self.arrow_from is not None or self.circles is not None):
            raise ValueError("only a Caribbean arrow line has a direction and circles")
        if self.arrow_from is not None and self.arrow_from not in (self.a, self.b):
            raise ValueError(f"arrow_from {self.arrow_from!r} is not an end of the line")
        return self

    @property
    def ends(self) -> frozenset[str]:
        """The two ends, unordered."""
        return frozenset((self.a, self.b))


class DistanceBound(Record):
    """A land distance a rulebook example fixes (WfA 16.10 example): the fewest MP from a
    to b is at most `at_most` and/or more than `more_than`."""

    a: SpaceId
    b: SpaceId
    at_most: int | None = None
    more_than: int | None = None
    source: Source


# --- leaders and fleets -------------------------------------------------------------------


class Leader(Record):
    """A leader named in the rulebook (WfA 11.x; digest 1.3) and what the text states."""

    id: LeaderId
    name: str
    aliases: tuple[str, ...] = ()
    side: Side
    nation: Nation | None = None
    """The troops he belongs to; None where the text does not say (Ethan Allan)."""
    stars: Annotated[int, Field(ge=1, le=3)] | None = None
    """Rank: commands 2 / 10 / 20 SP (WfA 11.3-11.6)."""
    command: Annotated[int, Field(ge=1, le=6)] | None = None
    """Activation succeeds on D6 at most this (WfA 12.6)."""
    battle: BattleRating | None = None
    colour: Colour | None = None
    purple_name: bool = False
    """Knyphausen and Riedesel (WfA 11.2)."""
    militia_only: bool = False
    """Ethan Allan commands only militia (WfA 11.2)."""
    naval: bool = False
    """d'Estaing, a naval leader embedded in his fleet (WfA 8.4, 14.29)."""
    special: tuple[str, ...] = ()
    """The special rules the text gives him, each with its section."""
    source: Source
    notes: str | None = None


class Fleet(Record):
    """A fleet named in the rulebook (WfA 14.x): nation and numeric strength (counter)."""

    id: FleetId
    name: str
    nation: Nation
    strength: Annotated[int, Field(ge=1)] | None = None
    movement_bonus: int = 0
    """Rodney's fleet +1 to its movement D6 and combat D12 (WfA 14.2, 15.6)."""
    source: Source


# --- cards --------------------------------------------------------------------------------


class Card(Record):
    """An action card (WfA 20.x); None on a field means the text does not say."""

    id: CardId
    number: Annotated[int, Field(ge=1, le=DECK_SIZE)] | None = None
    title: str | None = None
    aliases: tuple[str, ...] = ()
    """Other names the rulebook uses ('Colonial Naval Transport')."""
    year: Year | None = None
    """The year printed on it: out of the deck until that year (WfA 6.2, 20.10)."""
    flag: CardFlag | None = None
    circled_r: bool | None = None
    defensive: bool = False
    """Playable in the opponent's AP: exactly #25, 41, 46, 47, 48, 49 (WfA 20.12)."""
    text: str | None = None
    source: Source
    notes: str | None = None

    @model_validator(mode="after")
    def _named(self) -> Card:
        if self.number is None and self.title is None:
            raise ValueError("a card needs a number or a title")
        return self

    @property
    def label(self) -> str:
        """'#24 Parliamentary Repressive Measures', '#41' or the title alone."""
        number = f"#{self.number}" if self.number is not None else ""
        return " ".join(part for part in (number, self.title or "") if part)


# --- catalog, map status, the whole -------------------------------------------------------


class MapStatus(Record):
    """Whether the lists of spaces, connections and sea areas cover the whole printed map."""

    spaces_complete: bool = False
    connections_complete: bool = False
    sea_areas_complete: bool = False
    source: tuple[str, ...] = ()


class MissingFact(Record, NeededBy):
    """A fact a check needs that neither the rulebook nor a user file has supplied;
    `why` names the rules that need it."""

    need: Need
    key: str
    """The user-file key that supplies it."""
    what: str
    rules: tuple[RuleId, ...]
    """Catalog rules whose checks depend on it."""



class WfAData(Record, GameDataQueries):
    """Everything the War for America referee knows, bundled plus user-supplied.

    `rule`, `space_named` (name or alias, ignoring case) and `unmet` come from the
    toolkit's `GameDataQueries`.
    """

    spaces: dict[str, Space]
    sea_areas: dict[str, SeaArea]
    boxes: dict[str, Box]
    tracks: dict[str, Track]
    terrain: dict[str, Terrain]
    connections: tuple[Connection, ...]
    distances: tuple[DistanceBound, ...]
    leaders: dict[str, Leader]
    fleets: dict[str, Fleet]
    cards: dict[str, Card]
    charts: Charts
    tables: WfATables
    catalog: Catalog[Need]
    map_status: MapStatus
    user_files: tuple[str, ...] = ()
    """The user data files merged in, in order."""

    @property
    def missing(self) -> list[MissingFact]:
        """Every fact still missing (see `missing_facts`)."""
        # Imported here, not at the top: `missing` builds on the models of this module.
        from adjudicator.systems.war_for_america.data.missing import missing_facts

        return missing_facts(self)

    def covered_by(self, obz: str) -> tuple[SpaceId, ...]:
        """The coastal spaces an OBZ covers (WfA 14.6, 14.25, 19.26)."""
        return tuple(s.id for s in self.spaces.values() if s.obz == obz)

    def connection(self, a: str, b: str, kind: ConnectionKind = ConnectionKind.LAND
                   ) -> Connection | None:
        """The line of `kind` between two places, if the data knows one."""
        ends = frozenset((a, b))
        return next((c for c in self.connections if c.ends == ends and c.kind is kind), None)

    def neighbours(self, place: str, kind: ConnectionKind = ConnectionKind.LAND
                   ) -> tuple[str, ...]:
        """The places joined to `place` by a known line of `kind`."""
        return tuple(c.b if c.a == place else c.a for c in self.connections
                     if c.kind is kind and place in c.ends)

    def land_cost(self, connection: Connection) -> int | None:
        """MP to cross a land line: its terrain's TEC cost (WfA 12.0); None if unknown."""
        if connection.kind is not ConnectionKind.LAND or connection.terrain is None:
            return None
        terrain = self.terrain.get(connection.terrain)
        return terrain.mp if terrain is not None else None

    def line_cost(self, line: Connection, leaving: str) -> int | None:
        """MP to cross `line` from its end `leaving`; None if the data cannot say.

        Land: the terrain's TEC cost (WfA 12.0). Ocean Transit Line: 1 (8.8). Caribbean
        arrow: 1 per circle with the arrow, 2 against (14.20); the island chain has no
        circles (14.21), so the per-circle rule gives 0 (the text states no other cost).
        Lake: no cost (12.1 table).
        """
        if leaving not in line.ends:
            raise ValueError(f"{leaving!r} is not an end of {line.a}-{line.b}")
        if line.kind is ConnectionKind.LAND:
            return self.land_cost(line)
        if line.kind is ConnectionKind.OCEAN_TRANSIT:
            return OCEAN_TRANSIT_MP
        if line.kind is ConnectionKind.LAKE:
            return 0
        if line.circles is None or line.arrow_from is None:
            return None
        per_circle = WITH_ARROW_MP if line.arrow_from == leaving else AGAINST_ARROW_MP
        return per_circle * line.circles

    def least_cost(self, start: str, goal: str, *, unknown_cost: int) -> int | None:
        """Fewest MP from `start` to `goal` over known land lines (WfA 12.0, 16.0);
        `unknown_cost` for a line whose cost is not known. None if no known path."""
        def steps(here: str) -> Iterator[tuple[str, int]]:
            for line in self.connections:
                if line.kind is not ConnectionKind.LAND or here not in line.ends:
                    continue
                known = self.land_cost(line)
                yield (line.b if line.a == here else line.a,
                       known if known is not None else unknown_cost)

        return least_cost(start, goal, steps)


def catalog_ids(data: WfAData) -> frozenset[str]:
    """Every rule id of the catalog."""
    return frozenset(data.catalog.ids)
