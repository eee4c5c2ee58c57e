"""The records of the Washington's War data: map, Generals, cards, catalog and `WWData`.

Every model is frozen and forbids unknown keys; None on a field means no source states
the fact. Such a field declares what the fact is needed for (`Needs`), and `WWData.walk`
the order in which the toolkit's walker (`common.facts`) lists the missing facts.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Annotated, Any, ClassVar

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
from adjudicator.systems.washingtons_war.data.tables import Tables
from adjudicator.systems.washingtons_war.data.vocabulary import (
    DECK_SIZE,
    FIRST_YEAR,
    LAST_YEAR,
    BlockadeZone,
    Campaign,
    CardFlag,
    CardId,
    CardKind,
    Colony,
    ConnectionKind,
    GeneralId,
    Nationality,
    Need,
    RatingName,
    Record,
    Side,
    Source,
    SpaceId,
)

# --- the map ------------------------------------------------------------------------------


class Space(Record):
    """A space of the map (WW 2.1): circle, square (Winter Quarters) or star (fortified port)."""

    id: SpaceId
    name: str
    aliases: tuple[str, ...] = ()
    """Other spellings the rulebook uses (digest A17)."""
    colony: Annotated[Colony | None, Needs(Need.COLONIES, "colony of {name}")]
    """None: the colony is not stated in any source."""
    colony_uncertain: bool = False
    port: bool
    """Every port is in one of the Blockade Zones of WW 12.3, which lists all 20."""
    blockade_zone: BlockadeZone | None = None
    fortified: bool = False
    """An eight-point star: Quebec, Montreal, Charleston, Philadelphia (WW 2.1.C)."""
    winter_quarters: Annotated[bool | None, Needs(
        Need.WINTER_QUARTERS, "whether {name} is a square (Winter Quarters) space")] = None
    """Square or star (WW 2.1.B, 11.0); None: the printed shape is not in the text."""
    south_of_winter_line: Annotated[bool | None, Needs(
        Need.WINTER_LINE, "whether {name} is south of the Winter Attrition Line")] = None
    source: Source
    notes: str | None = None

    @model_validator(mode="after")
    def _port_facts_agree(self) -> Space:
        # Every port space is in one of the Blockade Zones (WW 12.3).
        if self.port != (self.blockade_zone is not None):
            raise ValueError("a port is in exactly one Blockade Zone and a non-port in none")
        # Star-shaped spaces are fortified ports and serve as Winter Quarters (WW 2.1.B-C).
        if self.fortified and not (self.port and self.winter_quarters is True):
            raise ValueError("a fortified space is a port and a Winter Quarters space")
        return self


class Connection(Record):
    """A line between two adjacent spaces (WW 3.0 Adjacent)."""

    a: SpaceId
    b: SpaceId
    kind: Annotated[ConnectionKind | None, Needs(
        Need.CONNECTIONS, "line type of {a}-{b}: normal (solid) or wilderness (dashed)")]
    """None: the line type is not stated."""
    arnold_only: bool = False
    """Falmouth-Quebec: only Arnold may move, intercept or retreat along it (WW 7.4.D)."""
    uncertain: bool = False
    """Implied by an example's wording rather than stated."""
    source: Source
    notes: str | None = None

    @model_validator(mode="after")
    def _joins_two_spaces(self) -> Connection:
        if self.a == self.b:
            raise ValueError("a connection joins two different spaces")
        return self

    @property
    def ends(self) -> frozenset[SpaceId]:
        """The two spaces, unordered."""
        return frozenset((self.a, self.b))

    @property
    def cost(self) -> int | None:
        """Movement points to cross: 3 for a Wilderness Connection, else 1 (WW 7.3.D)."""
        if self.kind is None:
            return None
        return 3 if self.kind is ConnectionKind.WILDERNESS else 1


class NonAdjacency(Record):
    """Two spaces a rulebook example shows are not adjacent (digest 3.4 N1)."""

    a: SpaceId
    b: SpaceId
    inferred: bool
    source: Source


class DistanceBound(Record):
    """Movement cost from a to b must exceed `more_than` (digest 3.4 N2, WW 7.3.D example)."""

    a: SpaceId
    b: SpaceId
    more_than: int
    source: Source


# --- Generals -----------------------------------------------------------------------------


class Rating(Record):
    """One of a General's three ratings: the printed value if known, else None."""

    value: int | None = None
    allowed: tuple[int, ...] | None = None
    """Values a rulebook example leaves possible when the value itself is not stated."""
    source: str | None = None

    @model_validator(mode="after")
    def _known_values_are_cited(self) -> Rating:
        if (self.value is not None or self.allowed is not None) and not self.source:
            raise ValueError("a known rating or a deduced range needs a source")
        if self.value is not None and self.allowed is not None and self.value not in self.allowed:
            raise ValueError(f"value {self.value} is not among the allowed {self.allowed}")
        return self


class RatingBounds(Record):
    """Strategy 1-3, Potential Battle 1-6, Agility 1-3 (WW 2.2.B)."""

    strategy: tuple[int, int]
    battle: tuple[int, int]
    agility: tuple[int, int]
    source: str

    def of(self, rating: RatingName) -> tuple[int, int]:
        """The (lowest, highest) value of one rating."""
        bounds: tuple[int, int] = getattr(self, rating)
        return bounds


def _rated(need: Need, rating: RatingName) -> Needs[Need]:
    """A General's rating is missing while its value is; within its bounds (WW 2.2.B)."""
    bounds = f"data.rating_bounds.{rating}"
    return Needs(need, f"{{name}}'s {rating} rating ({{{bounds}[0]}}..{{{bounds}[1]}})",
                 lacks=lambda value: value.value is None)


class General(Record):
    """A General (WW 2.2.B, 4.0) with what is known of his ratings and special rules."""

    id: GeneralId
    name: str
    side: Side
    nationality: Nationality
    start: str
    """A space id or a `Box` value (WW 4.0)."""
    strategy: Annotated[Rating, _rated(Need.STRATEGY, "strategy")]
    battle: Annotated[Rating, _rated(Need.BATTLE, "battle")]
    """The Potential Battle Rating (WW 9.3)."""
    agility: Annotated[Rating, _rated(Need.AGILITY, "agility")]
    rbb_bonus: int = 0
    """Added to Agility for retreat before battle: +2 Washington and Greene (WW 7.9.A)."""
    arnold_only_connection: bool = False
    """May use the Falmouth-Quebec connection (WW 7.4.D)."""
    never_to_reinforcement_box: bool = False
    """Washington (WW 7.4.C, 8.2.C)."""
    removed_when_captured: bool = False
    """Washington (WW 7.6.B)."""
    winter_exempt_cus: int = 0
    """CUs exempt from Winter Attrition in Winter Quarters or the south (WW 11.2)."""
    winter_offensive: bool = False
    """American Winter Offensive +2 (WW 9.44)."""
    enters_with_french_alliance: bool = False
    """Rochambeau (WW 12.2.B.ii)."""
    source: Source
    notes: str | None = None

    def rating(self, name: RatingName) -> Rating:
        """One rating by name."""
        rating: Rating = getattr(self, name)
        return rating


# --- cards --------------------------------------------------------------------------------


def _ops_card(card: Card) -> bool:
    return card.kind is CardKind.OPS


def _event(card: Card) -> bool:
    return card.kind is CardKind.EVENT


class Card(Record):
    """A Strategy card (WW 3.0, 6.x); None on any field means the text does not say."""

    id: CardId
    number: Annotated[Annotated[int, Field(ge=1, le=DECK_SIZE)] | None, Needs(
        Need.CARD_LIST, "the number printed on {name!r}")] = None
    name: str
    aliases: tuple[str, ...] = ()
    kind: CardKind
    ops: Annotated[Annotated[int, Field(ge=1, le=3)] | None, Needs(
        Need.CARD_OPS, "the OPS value of {name!r}", when=_ops_card)] = None
    flag: Annotated[CardFlag | None, Needs(
        Need.CARD_FLAGS, "the flag of {name!r}", when=_event)] = None
    implied_flag: Side | None = None
    """A flag the text implies but does not state (a check should say CHECK, not ILLEGAL)."""
    special: bool | None = None
    """'Must Be Played' (WW 6.34.A)."""
    battle: Annotated[bool | None, Needs(
        Need.CARD_KINDS, "whether {name!r} is a Battle Card", when=_event)] = None
    """Title in a coloured box (WW 6.33.A)."""
    campaign: Campaign | None = None
    once_per_game: Annotated[bool | None, Needs(
        Need.ONCE_PER_GAME, "whether {name!r} is removed after its event", when=_event)
        ] = None
    """Removed after being played as the event (WW 6.3.C, 6.33.A)."""
    reshuffle_on_play: Annotated[bool | None, Needs(
        Need.RESHUFFLE, "whether {name!r} triggers a reshuffle when played", when=_event)
        ] = None
    reshuffle_on_discard: Annotated[bool | None, Needs(
        Need.RESHUFFLE, "whether {name!r} triggers a reshuffle when discarded", when=_event)
        ] = None
    set_aside_at_setup: bool = False
    """Declaration of Independence and von Steuben (WW 4.0, 6.1.E)."""
    ends_war: bool = False
    """One of the five 'Lord North's Government Falls' cards (WW 6.34.C.iii)."""
    war_end_year: Annotated[Annotated[int, Field(ge=1779, le=LAST_YEAR)] | None, Needs(
        Need.WAR_END_YEARS, "the year (1779..1783) on {name!r} ({id})",
        when=lambda card: card.ends_war)] = None
    """The year on a 'Lord North's Government Falls' card (WW 6.34.C.iii)."""
    copies: Annotated[Annotated[int, Field(ge=1)] | None, Needs(
        Need.CARD_LIST, "how many {name!r} cards the deck has")] = 1
    source: Source
    notes: str | None = None

    @model_validator(mode="after")
    def _kind_fits(self) -> Card:
        # OPS cards bear a value; Event cards bear a flag (WW 3.0, 6.3.B).
        if self.kind is CardKind.EVENT and self.ops is not None:
            raise ValueError("an Event card has no OPS value")
        if self.kind is CardKind.OPS and (self.flag not in (None, CardFlag.NONE) or self.special
                                          or self.battle or self.campaign is not None):
            raise ValueError("an OPS card has no flag and is not a Special, Battle or "
                             "Campaign card")
        # Only the North's Government Falls cards show a year (WW 6.34.C.iii).
        if self.war_end_year is not None and not self.ends_war:
            raise ValueError("only a 'Lord North's Government Falls' card has a war end year")
        return self


# --- catalog, schedule, the whole ---------------------------------------------------------


class TurnReinforcements(Record):
    """British CUs printed on one Turn Track space (WW 5.1, 8.1.A); None: not in the text."""

    year: Annotated[int, Field(ge=FIRST_YEAR, le=LAST_YEAR)]
    british_cus: Annotated[Annotated[int, Field(ge=0)] | None, Needs(
        Need.SCHEDULE, "British CUs printed on the {year} Turn Track space",
        key="reinforcements.{year}")]
    source: str


class MapStatus(Record):
    """Whether the space and connection lists cover the whole printed map."""

    spaces_complete: bool = False
    connections_complete: bool = False
    source: tuple[str, ...] = ()


class WWData(Record, GameDataQueries):
    """Everything the Washington's War referee knows, bundled plus user-supplied.

    `rule`, `space_named` (any spelling of digest A17, ignoring case) and `unmet` come from
    the toolkit's `GameDataQueries`.
    """

    spaces: dict[str, Space]
    connections: tuple[Connection, ...]
    not_adjacent: tuple[NonAdjacency, ...]
    distance_bounds: tuple[DistanceBound, ...]
    rating_bounds: RatingBounds
    generals: dict[str, General]
    cards: dict[str, Card]
    tables: Tables
    catalog: Catalog[Need]
    reinforcements: tuple[TurnReinforcements, ...]
    map_status: MapStatus
    user_files: tuple[str, ...] = ()
    """The user data files merged in, in order."""

    walk: ClassVar[Walk] = (
        incomplete(Need.SPACES, "spaces_complete", "spaces", "the printed map's spaces",
                   "[spaces.<id>]"),
        incomplete(Need.CONNECTIONS, "connections_complete", "connections",
                   "the map's connections", "[[connections]]"),
        Each("connections", "connections[{a},{b}]"),
        Each("spaces", "spaces.{id}"),
        Each("generals", "generals.{id}"),
        Whole(Need.CARD_LIST, "cards", lambda data: (
            f"the card list: {_deck(data)} of the {DECK_SIZE} cards are listed; add the "
            "others as [cards.<id>]"), lacks=lambda data: _deck(data) < DECK_SIZE or any(
                card.copies is None for card in data.cards.values())),
        Whole(Need.CARD_OPS, "cards", "the OPS cards and their values (none listed)",
              lacks=lambda data: not any(card.kind is CardKind.OPS
                                         for card in data.cards.values())),
        Each("cards", "cards.{id}", fields=("number", "copies", "ops", "flag", "battle",
                                            "once_per_game", "reshuffle_on_play",
                                            "reshuffle_on_discard", "war_end_year")),
        Whole(Need.CARD_TEXTS, None, "the event texts of the cards (not in the rulebook and "
                                     "not modelled: event effects are checked by hand)"),
        Each("reinforcements", "reinforcements.{year}"),
    )
    """What the walker lists as missing, in order (`common.facts`)."""

    @property
    def missing(self) -> list[MissingFact[Need]]:
        """Every fact still missing, with the rules that need it (worked out once per data
        object)."""
        return list(missing_facts(self))

    def connection(self, a: str, b: str) -> Connection | None:
        """The connection between two spaces, if the data knows one."""
        ends = frozenset((a, b))
        return next((c for c in self.connections if c.ends == ends), None)

    def neighbours(self, space: str) -> tuple[SpaceId, ...]:
        """The spaces joined to `space` by a known connection (WW 3.0 Adjacent)."""
        return tuple(c.b if c.a == space else c.a for c in self.connections if space in c.ends)

    def least_cost(self, start: str, goal: str, *, arnold: bool, unknown_cost: int
                   ) -> int | None:
        """Fewest movement points from `start` to `goal` over known connections (WW 7.3):
        1 a line, 3 a Wilderness line (7.3.D), `unknown_cost` a line of unstated type; the
        Falmouth–Quebec line only when `arnold` (7.4.D). None if no known path joins them.
        """
        def steps(here: str) -> Iterator[tuple[str, int]]:
            for connection in self.connections:
                if here not in connection.ends or (connection.arnold_only and not arnold):
                    continue
                yield (connection.b if connection.a == here else connection.a,
                       connection.cost if connection.cost is not None else unknown_cost)

        return least_cost(start, goal, steps)


def _deck(data: Any) -> int:
    """How many cards the data lists, counting copies."""
    return sum(card.copies or 1 for card in data.cards.values())


def catalog_ids(data: WWData) -> frozenset[str]:
    """Every rule id of the catalog."""
    return frozenset(data.catalog.ids)
