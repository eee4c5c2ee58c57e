"""The records of the War for America map, leaders, fleets and cards.

Every model is frozen and forbids unknown keys; None on a field means no source states the
fact, and such a field declares what the fact is needed for (`Needs`; `WfAData.walk` lists
them in order for the toolkit's walker, `common.facts`). A bool without None is a fact the
rulebook states for every space, because it gives the complete list (the four fortresses of
WfA 17.1, the two Major Naval Bases of WfA 14.17, the three lake spaces of WfA 19.4, the six
garrison minimums of WfA 4.13, the British start spaces of WfA 4.6).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Annotated, ClassVar

from pydantic import Field, model_validator

from adjudicator.systems.common.catalog import Catalog
from adjudicator.systems.common.facts import (
    Each,
    MissingFact,
    Needs,
    Walk,
    Whole,
    incomplete,
    missing_facts,
)
from adjudicator.systems.common.mapgraph import least_cost
from adjudicator.systems.common.records import GameDataQueries
from adjudicator.systems.war_for_america.data.charts import LEVY_REGIONS, Charts
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
    region: Annotated[Region | None, Needs(Need.REGIONS, "the Region of {name}")]
    colony: Annotated[Colony | None, Needs(
        Need.COLONIES, "the colony of {name}",
        when=lambda s: s.region is None or s.region.has_colonies)] = None
    """One of the 13 Colonies; None for Canada, Florida and the Caribbean, or not stated."""
    original_owner: Annotated[Owner | None, Needs(
        Need.OWNERS, "the original owner (colour) of {name}")] = None
    """Its colour: who controls it when vacant (WfA 4.11); None: not stated."""
    key: Annotated[bool | None, Needs(
        Need.KEY_SPACES, "whether {name} is a key (boxed) space")] = None
    """A key/control space: boxed or a fortress symbol (WfA 2.0)."""
    fortress: bool = False
    """Quebec City, Ticonderoga, Halifax, St. Augustine (WfA 17.1): key, magazine, -3."""
    coastal: Annotated[bool | None, Needs(
        Need.COASTAL, "whether {name} is a coastal/port space")] = None
    """A coastal/port space, joined to an OBZ by a blue transit line (WfA 14.6)."""
    circle: Annotated[bool | None, Needs(
        Need.CIRCLES, "whether {name} is a circle space")] = None
    """A circle space: Winter Quartering limit 5 (WfA 18.7)."""
    major_naval_base: bool = False
    """Halifax and Newport, the fleets' winter havens (WfA 14.17)."""
    lake: bool = False
    """Ticonderoga, Valcour, St. Jean: the lake navies' spaces (WfA 19.4)."""
    village: bool = False
    """A Six Nations village (WfA 7.0, 18.2; on the Six Nations Card)."""
    obz: Annotated[SeaAreaId | None, Needs(
        Need.SEA_AREAS, "the OBZ covering {name}", when=lambda s: s.coastal is True)] = None
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
    circles: Annotated[Annotated[int, Field(ge=0)] | None, Needs(
        Need.CARIBBEAN, "the circles of the arrow space {name}",
        when=lambda area: area.kind is SeaAreaKind.ARROW)] = None
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
    mp: Annotated[Annotated[int, Field(ge=0)] | None, Needs(
        Need.TERRAIN, "the MP cost of {name}")]
    source: Source


def _land(line: Connection) -> bool:
    return line.kind is ConnectionKind.LAND


def _arrow(line: Connection) -> bool:
    return line.kind is ConnectionKind.CARIBBEAN_ARROW


class Connection(Record):
    """A line joining two places of the map (WfA 12.0, 8.8, 14.20-14.21, 19.4)."""

    a: str
    b: str
    """Space ids, a sea area id, or `europe_box` for an Ocean Transit Line."""
    kind: ConnectionKind
    terrain: Annotated[TerrainId | None, Needs(
        Need.TERRAIN, "the TEC line type of {a}-{b}", when=_land)] = None
    """The TEC line type of a land line; None: not stated."""
    water: Annotated[bool | None, Needs(
        Need.WATER, "whether {a}-{b} is a continuous water connection", when=_land)] = None
    """A continuous water connection: +1 MP bonus out of winter (WfA 12.1*, 18.1)."""
    arrow_from: Annotated[str | None, Needs(
        Need.CARIBBEAN, "the direction of the arrow {a}-{b}", when=_arrow)] = None
    """The end a Caribbean arrow points away from; None: not stated."""
    circles: Annotated[Annotated[int, Field(ge=0)] | None, Needs(
        Need.CARIBBEAN, "the circles on {a}-{b}", when=_arrow)] = None
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


def _on_land(leader: Leader) -> bool:
    """d'Estaing is embedded in his fleet: no land rank, command or colour (WfA 14.29)."""
    return not leader.naval


class Leader(Record):
    """A leader named in the rulebook (WfA 11.x; digest 1.3) and what the text states."""

    id: LeaderId
    name: str
    aliases: tuple[str, ...] = ()
    side: Side
    nation: Nation | None = None
    """The troops he belongs to; None where the text does not say (Ethan Allan)."""
    stars: Annotated[Annotated[int, Field(ge=1, le=3)] | None, Needs(
        Need.LEADER_RANKS, "{name}'s rank (1..3 stars)", when=_on_land)] = None
    """Rank: commands 2 / 10 / 20 SP (WfA 11.3-11.6)."""
    command: Annotated[Annotated[int, Field(ge=1, le=6)] | None, Needs(
        Need.LEADER_COMMAND, "{name}'s command value (1..6)", when=_on_land)] = None
    """Activation succeeds on D6 at most this (WfA 12.6)."""
    battle: Annotated[BattleRating | None, Needs(
        Need.LEADER_BATTLE, "{name}'s battle rating (A..D)")] = None
    colour: Annotated[Colour | None, Needs(
        Need.LEADER_COLOURS, "the colour of {name}'s command circle", when=_on_land)] = None
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
    strength: Annotated[Annotated[int, Field(ge=1)] | None, Needs(
        Need.FLEETS, "the strength of {name}")] = None
    movement_bonus: int = 0
    """Rodney's fleet +1 to its movement D6 and combat D12 (WfA 14.2, 15.6)."""
    source: Source


# --- cards --------------------------------------------------------------------------------


class Card(Record):
    """An action card (WfA 20.x); None on a field means the text does not say."""

    id: CardId
    number: Annotated[Annotated[int, Field(ge=1, le=DECK_SIZE)] | None, Needs(
        Need.CARD_LIST, "the number of {label!r}")] = None
    title: Annotated[str | None, Needs(Need.CARD_LIST, "the title of {label!r}")] = None
    aliases: tuple[str, ...] = ()
    """Other names the rulebook uses ('Colonial Naval Transport')."""
    year: Annotated[Year | None, Needs(Need.CARD_YEARS, "the year printed on {label!r}")
                    ] = None
    """The year printed on it: out of the deck until that year (WfA 6.2, 20.10)."""
    flag: Annotated[CardFlag | None, Needs(Need.CARD_FLAGS, "the flag of {label!r}")] = None
    circled_r: Annotated[bool | None, Needs(
        Need.CARD_FLAGS, "whether {label!r} has a circled R")] = None
    defensive: bool = False
    """Playable in the opponent's AP: exactly #25, 41, 46, 47, 48, 49 (WfA 20.12)."""
    text: Annotated[str | None, Needs(Need.CARD_TEXTS, "the text of {label!r}")] = None
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


def _no_levy_row(region: Region) -> Callable[[WfAData], bool]:
    """Whether the data lacks the CLT row of `region` (WfA 10.2)."""
    return lambda data: data.charts.levy.get(region) is None


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

    walk: ClassVar[Walk] = (
        incomplete(Need.SPACES, "spaces_complete", "spaces", "the printed map's spaces",
                   "[spaces.<id>]"),
        incomplete(Need.CONNECTIONS, "connections_complete", "connections",
                   "the map's lines", "[[connections]]"),
        incomplete(Need.SEA_AREAS, "sea_areas_complete", "sea_areas",
                   "the OBZs and Caribbean arrow spaces", "[sea_areas.<id>]"),
        Whole(Need.OCEAN_TRANSIT, "connections",
              "the Ocean Transit Lines from the Europe Box (WfA 8.8): [[connections]] with "
              "a = \"europe_box\" and kind = \"ocean_transit\"",
              lacks=lambda data: not any(c.kind is ConnectionKind.OCEAN_TRANSIT
                                         for c in data.connections)),
        Whole(Need.VILLAGES, "spaces",
              "the Six Nations villages (WfA 18.2, Six Nations Card): village = true on each",
              lacks=lambda data: not any(s.village for s in data.spaces.values())),
        Each("sea_areas", "sea_areas.{id}"),
        Each("spaces", "spaces.{id}", fields=("region", "colony", "original_owner", "key",
                                              "coastal", "obz", "circle")),
        Each("connections", "connections[{a},{b}]"),
        Each("terrain", "terrain.{id}"),
        Whole(Need.TERRAIN, "terrain",
              "the line types of the Terrain Effects Chart and their MP costs (WfA 12.0)",
              lacks=lambda data: not data.terrain),
        Whole(Need.WATER, "connections",
              "the continuous water connections (WfA 12.1): water = true or false on each "
              "land line", lacks=lambda data: not any(c.water is not None
                                                      for c in data.connections)),
        Each("leaders", "leaders.{id}", fields=("stars", "command", "colour", "battle")),
        Each("fleets", "fleets.{id}"),
        Whole(Need.BATTLE_TABLE, "tables.battle",
              "the Standard Battle Table's columns (WfA 13.0 Steps 5-7)",
              lacks=lambda data: "standard" not in _battle_tables(data)),
        Whole(Need.PETITE_GUERRE, "tables.battle",
              "the Petite Guerre Table's columns, with the '<1' lone-garrison column "
              "(WfA 13.0 Step 6, 19.21)",
              lacks=lambda data: "petite_guerre" not in _battle_tables(data)),
        Whole(Need.SIEGE_TABLE, "tables.siege", "the Siege (Resolution) Table (WfA 17.13-17.14)",
              lacks=lambda data: data.tables.siege is None),
        Whole(Need.FLEET_TABLE, "tables.fleet_combat", "the Fleet Combat Table (WfA 15.5)",
              lacks=lambda data: data.tables.fleet_combat is None),
        *(Whole(Need.LEVY, f"charts.levy.{region}", f"the CLT row of {region} (WfA 10.2)",
                lacks=_no_levy_row(region))
          for region in LEVY_REGIONS),
        Each("charts", "charts", fields=("muster", "loyalist_amounts", "militia_maximums",
                                         "transport", "attrition", "french_arrival",
                                         "seasons")),
        Whole(Need.REINFORCEMENTS, "charts.reinforcements_complete", lambda data: (
            f"the British and Colonial Reinforcement Charts "
            f"({len(data.charts.reinforcements)} entries known); add each as "
            "[[charts.reinforcements]], then set charts.reinforcements_complete = true"),
            lacks=lambda data: not data.charts.reinforcements_complete),
        Whole(Need.CARD_LIST, "cards", lambda data: (
            f"the card list: {len(data.cards)} of the {DECK_SIZE} cards are known; add the "
            "others as [cards.<id>]"), lacks=lambda data: len(data.cards) < DECK_SIZE),
        Each("cards", "cards.{id}"),
    )
    """What the walker lists as missing, in order (`common.facts`)."""

    @property
    def missing(self) -> list[MissingFact[Need]]:
        """Every fact still missing, with the rules that need it (worked out once per data
        object: the data is frozen, and rules ask `unmet` often)."""
        return list(missing_facts(self))

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


def _battle_tables(data: WfAData) -> set[str]:
    """Which battle tables (`standard`, `petite_guerre`) the data has columns of."""
    battle = data.tables.battle
    return {column.table for column in battle.columns} if battle else set()


def catalog_ids(data: WfAData) -> frozenset[str]:
    """Every rule id of the catalog."""
    return frozenset(data.catalog.ids)
