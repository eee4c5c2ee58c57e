"""Washington's War game data: the map, Generals, cards, tables and rules catalog.

Every fact lives in a JSON file under `data/` with its `source` (a rulebook section, the
shared map file or the rules digest), and is loaded once through the frozen pydantic models
below (`extra="forbid"`). What the rulebook does not print -- most of the map, the Generals'
ratings (WW 2.2.B), the 110 cards (WW 2.0) and the British reinforcement numbers of the
Turn Track (WW 5.1, 8.1.A) -- is an explicit `null`, never a guess. `missing_facts` lists
those gaps, `template_toml` writes a commented TOML file for the user to fill, and
`load_data(user_files)` merges filled files over the bundled data.

Merge policy (what a user file may do):

- add spaces, connections and cards the bundled data lacks;
- fill a `null` (a General's rating, a space's colony or Winter Quarters flag, a
  connection's line type, a card's number / OPS value / flag, a year's reinforcements);
- add aliases to a space or card; declare the map complete (`[map]`).

A user value that contradicts a bundled value is an error naming the file and the key,
even when both are plausible: bundled values are rulebook facts with a citation, and a
disagreement almost always means a typo or a mis-bound piece, which must not silently
change what the referee believes. For the same reason a user file may not add a 21st port
(WW 12.3 lists every port), a fifth fortified port (WW 2.1.C), an eighth Special Event
(WW 6.34.A), a connection that a rulebook example rules out (WW 10.11.B.ii example), or a
path that lets Fort Detroit reach Point Pleasant within 4 movement points (WW 7.3.D example).
"""

from __future__ import annotations

import heapq
import re
import tomllib
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum
from functools import cache
from importlib import resources
from pathlib import Path
from typing import Annotated, Any, Literal, NewType, TypeVar

from pydantic import (
    BaseModel,
    ConfigDict,
    Field,
    StrictBool,
    StrictInt,
    StrictStr,
    ValidationError,
    model_validator,
)

from adjudicator.errors import GameDataError

SpaceId = NewType("SpaceId", str)
GeneralId = NewType("GeneralId", str)
CardId = NewType("CardId", str)
RuleId = NewType("RuleId", str)

FIRST_YEAR = 1775
"""The first Game Turn (WW 6.1.E)."""
LAST_YEAR = 1783
"""The game ends after 1783 at the latest (WW 5.7 End Phase Clarification)."""
DECK_SIZE = 110
"""Strategy cards in the game (WW 2.0)."""
SPECIAL_EVENTS = 7
"""Special Event cards, all named in WW 6.34.C."""

_PACKAGE = "adjudicator.systems.washingtons_war"
_ID = re.compile(r"^[a-z][a-z0-9_]*$")


# --- vocabulary ---------------------------------------------------------------------------


class Side(StrEnum):
    """The two players; French pieces belong to the American side (WW 12.2.C)."""

    BR = "BR"
    AM = "AM"


class Nationality(StrEnum):
    """Nationality of a General or CU (WW 2.2.A)."""

    BR = "BR"
    AM = "AM"
    FR = "FR"


class Colony(StrEnum):
    """The thirteen colonies and Canada (WW 3.0 Colony, 10.0.B)."""

    NH = "NH"
    MA = "MA"
    RI = "RI"
    CT = "CT"
    NY = "NY"
    NJ = "NJ"
    PA = "PA"
    DE = "DE"
    MD = "MD"
    VA = "VA"
    NC = "NC"
    SC = "SC"
    GA = "GA"
    CANADA = "Canada"

    @property
    def is_colony(self) -> bool:
        """Whether this is one of the thirteen colonies (Canada is not, WW 10.0.B)."""
        return self is not Colony.CANADA

    @property
    def is_south_of_winter_line(self) -> bool:
        """Whether the colony lies south of the Winter Attrition Line.

        The line runs along the Virginia-North Carolina border (WW 2.1.B), so NC, SC and
        GA are south of it and every other colony north (digest 3.2, inferred).
        """
        return self in (Colony.NC, Colony.SC, Colony.GA)


class BlockadeZone(StrEnum):
    """The seven Blockade Zones (WW 12.3)."""

    ST_LAWRENCE = "St. Lawrence"
    NEW_ENGLAND = "New England"
    LONG_ISLAND_SOUND = "Long Island Sound"
    DELAWARE = "Delaware"
    CHESAPEAKE = "Chesapeake"
    CAROLINAS = "Carolinas"
    SOUTH_ATLANTIC = "South Atlantic"


class ConnectionKind(StrEnum):
    """The two line types joining spaces (WW 3.0 Adjacent, 7.3.D)."""

    NORMAL = "normal"
    WILDERNESS = "wilderness"


class Box(StrEnum):
    """Off-map holding boxes a General or CU can start in (WW 4.0)."""

    BR_REINFORCEMENTS = "br_reinforcements"
    AM_REINFORCEMENTS = "am_reinforcements"
    FR_REINFORCEMENTS = "fr_reinforcements"


class CardKind(StrEnum):
    """OPS card (a value 1-3 at top left) or Event card (WW 3.0)."""

    OPS = "ops"
    EVENT = "event"


class CardFlag(StrEnum):
    """The flag beside an Event's title; `none` = playable by either side (WW 6.3.B)."""

    AM = "AM"
    BR = "BR"
    NONE = "none"


class Campaign(StrEnum):
    """Major (up to 3 Generals) or Minor (up to 2) Campaign (WW 7.2.A)."""

    MAJOR = "major"
    MINOR = "minor"


class RuleSeverity(StrEnum):
    """A catalog rule's severity as the digest gives it (digest conventions)."""

    ILLEGAL = "illegal"
    CHECK = "check"
    REMINDER = "reminder"
    CONFIGURABLE = "configurable"


class Need(StrEnum):
    """A family of data facts a rule's check depends on (`CatalogEntry.needs`)."""

    SPACES = "map spaces"
    CONNECTIONS = "map connections"
    COLONIES = "space colonies"
    WINTER_QUARTERS = "winter quarters"
    WINTER_LINE = "winter attrition line"
    STRATEGY = "strategy ratings"
    BATTLE = "battle ratings"
    AGILITY = "agility ratings"
    CARD_LIST = "card list"
    CARD_OPS = "card ops values"
    CARD_FLAGS = "card flags"
    CARD_KINDS = "card kinds"
    ONCE_PER_GAME = "once-per-game cards"
    RESHUFFLE = "reshuffle cards"
    CARD_TEXTS = "card texts"
    WAR_END_YEARS = "war end years"
    SCHEDULE = "reinforcement schedule"


RatingName = Literal["strategy", "battle", "agility"]
RATING_NAMES: tuple[RatingName, ...] = ("strategy", "battle", "agility")

Source = Annotated[tuple[Annotated[str, Field(min_length=1)], ...], Field(min_length=1)]
"""One or more citations; every record carries one."""


class _Record(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


# --- the map ------------------------------------------------------------------------------


class Space(_Record):
    """A space of the map (WW 2.1): circle, square (Winter Quarters) or star (fortified port)."""

    id: SpaceId
    name: str
    aliases: tuple[str, ...] = ()
    """Other spellings the rulebook uses (digest A17)."""
    colony: Colony | None
    """None: the colony is not stated in any source."""
    colony_uncertain: bool = False
    port: bool
    """Every port is in one of the Blockade Zones of WW 12.3, which lists all 20."""
    blockade_zone: BlockadeZone | None = None
    fortified: bool = False
    """An eight-point star: Quebec, Montreal, Charleston, Philadelphia (WW 2.1.C)."""
    winter_quarters: bool | None = None
    """Square or star (WW 2.1.B, 11.0); None: the printed shape is not in the text."""
    south_of_winter_line: bool | None = None
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


class Connection(_Record):
    """A line between two adjacent spaces (WW 3.0 Adjacent)."""

    a: SpaceId
    b: SpaceId
    kind: ConnectionKind | None
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


class NonAdjacency(_Record):
    """Two spaces a rulebook example shows are not adjacent (digest 3.4 N1)."""

    a: SpaceId
    b: SpaceId
    inferred: bool
    source: Source


class DistanceBound(_Record):
    """Movement cost from a to b must exceed `more_than` (digest 3.4 N2, WW 7.3.D example)."""

    a: SpaceId
    b: SpaceId
    more_than: int
    source: Source


# --- Generals -----------------------------------------------------------------------------


class Rating(_Record):
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


class RatingBounds(_Record):
    """Strategy 1-3, Potential Battle 1-6, Agility 1-3 (WW 2.2.B)."""

    strategy: tuple[int, int]
    battle: tuple[int, int]
    agility: tuple[int, int]
    source: str

    def of(self, rating: RatingName) -> tuple[int, int]:
        """The (lowest, highest) value of one rating."""
        bounds: tuple[int, int] = getattr(self, rating)
        return bounds


class General(_Record):
    """A General (WW 2.2.B, 4.0) with what is known of his ratings and special rules."""

    id: GeneralId
    name: str
    side: Side
    nationality: Nationality
    start: str
    """A space id or a `Box` value (WW 4.0)."""
    strategy: Rating
    battle: Rating
    """The Potential Battle Rating (WW 9.3)."""
    agility: Rating
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


class Card(_Record):
    """A Strategy card (WW 3.0, 6.x); None on any field means the text does not say."""

    id: CardId
    number: Annotated[int, Field(ge=1, le=DECK_SIZE)] | None = None
    name: str
    aliases: tuple[str, ...] = ()
    kind: CardKind
    ops: Annotated[int, Field(ge=1, le=3)] | None = None
    flag: CardFlag | None = None
    implied_flag: Side | None = None
    """A flag the text implies but does not state (a check should say CHECK, not ILLEGAL)."""
    special: bool | None = None
    """'Must Be Played' (WW 6.34.A)."""
    battle: bool | None = None
    """Title in a coloured box (WW 6.33.A)."""
    campaign: Campaign | None = None
    once_per_game: bool | None = None
    """Removed after being played as the event (WW 6.3.C, 6.33.A)."""
    reshuffle_on_play: bool | None = None
    reshuffle_on_discard: bool | None = None
    set_aside_at_setup: bool = False
    """Declaration of Independence and von Steuben (WW 4.0, 6.1.E)."""
    ends_war: bool = False
    """One of the five 'Lord North's Government Falls' cards (WW 6.34.C.iii)."""
    war_end_year: Annotated[int, Field(ge=1779, le=LAST_YEAR)] | None = None
    """The year on a 'Lord North's Government Falls' card (WW 6.34.C.iii)."""
    copies: Annotated[int, Field(ge=1)] | None = 1
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


# --- tables (digest section 5) ------------------------------------------------------------


class _Table(_Record):
    id: str
    title: str
    source: Source


class Placement(_Record):
    """One line of the set-up (WW 4.0)."""

    side: Side
    location: str
    generals: tuple[GeneralId, ...] = ()
    cus: int = 0
    nationality: Nationality | None = None
    pc: bool = False
    congress: bool = False
    french_navy: bool = False


class PcPlacement(_Record):
    side: Side
    pcs: int
    per_colony: int | None = None
    source: str


class SetupTotals(_Record):
    br_cus_on_map: int
    am_cus_on_map: int
    fr_cus_on_map: int
    br_pcs_before_for_the_king: int
    am_pcs_before_committees: int
    source: str


class T1Setup(_Table):
    """T1 -- Set-up (WW 4.0)."""

    placements: tuple[Placement, ...]
    committees_of_correspondence: PcPlacement
    for_the_king: PcPlacement
    turn: int
    regulars: bool
    french_alliance: int
    set_aside: tuple[CardId, ...]
    deck_at_start: int
    totals: SetupTotals


class OpsActivation(_Record):
    ops: int
    max_strategy: int


class CampaignActivation(_Record):
    major: int
    minor: int
    ratings_ignored: bool


class GloverActivation(_Record):
    generals: int
    side: Side
    movement: int
    may_battle: bool


class T2Activation(_Table):
    """T2 -- Activating a General (WW 3.0, 6.2, 7.1.A, 7.2.A, 7.3.C)."""

    ops: tuple[OpsActivation, ...]
    rule: str
    campaigns: CampaignActivation
    glover: GloverActivation


class DieRange(_Record):
    die_min: int = Field(ge=1, le=6)
    die_max: int = Field(ge=1, le=6)


class AbrRow(DieRange):
    rating: Literal["half", "full"]


class T3ActualBattleRating(_Table):
    """T3 -- Actual Battle Rating (WW 9.3)."""

    rows: tuple[AbrRow, ...]
    rounding: Literal["down"]
    capped_by_cus: bool
    no_general: int


class Modifier(_Record):
    id: str
    drm: int | None
    """None: the modifier is a variable (X CUs, Y Actual Battle Rating)."""
    applies_to: Literal["BR", "AM", "either"]
    condition: str
    source: str


class T4Modifiers(_Table):
    """T4 -- Combat Resolution DRMs (WW 9.4, 9.41-9.46)."""

    modifiers: tuple[Modifier, ...]


class LossRow(DieRange):
    lost: int


class T5LoserLosses(_Table):
    """T5 -- Loser's CU losses (WW 9.5)."""

    rows: tuple[LossRow, ...]
    capped_by_cus: bool
    capped_note: str


class WinnerLossRow(_Record):
    losing_general_agility: int | None
    """None: the losing side had no General."""
    loses_one_on_max: int


class T6WinnerLosses(_Table):
    """T6 -- Winner's CU losses (WW 9.5)."""

    rows: tuple[WinnerLossRow, ...]
    max_lost: int


class AgilityAttempt(_Record):
    attempt: Literal["interception", "retreat_before_battle"]
    succeeds_on: str
    agility_bonus: int
    bonus_generals: tuple[GeneralId, ...]


class T7Agility(_Table):
    """T7 -- Interception and retreat before battle (WW 7.8.A, 7.9.A)."""

    attempts: tuple[AgilityAttempt, ...]


class AttritionOutcome(_Record):
    kind: Literal["none", "half", "roll"]
    lost_on_max: int | None = None


class AttritionRow(_Record):
    nationality: Literal["BR", "AM"]
    cus: Literal["1", "2+"]
    with_general: bool | None
    in_winter_quarters_or_south: AttritionOutcome
    north_not_winter_quarters: AttritionOutcome
    note: str | None = None


class WashingtonExemption(_Record):
    exempt_cus: int
    where: str
    excess: str
    source: str


class FrenchAttrition(_Record):
    with_american_cus: Literal["AM"]
    alone: Literal["BR"]
    source: str


class T8WinterAttrition(_Table):
    """T8 -- Winter Attrition (WW 11.0-11.3)."""

    rows: tuple[AttritionRow, ...]
    washington: WashingtonExemption
    french: FrenchAttrition
    immune: tuple[str, ...]


class AllianceChange(_Record):
    event: str
    change: int
    note: str | None


class T9FrenchAlliance(_Table):
    """T9 -- French Alliance track changes (WW 12.1, 12.2, 7.6.B, 6.34.C.ii)."""

    changes: tuple[AllianceChange, ...]
    minimum: int
    alliance_space: int
    spaces: int


class T10BlockadeZones(_Table):
    """T10 -- Blockade Zones and their ports (WW 12.3)."""

    zones: dict[BlockadeZone, tuple[SpaceId, ...]]
    complete: bool


class BlockadeEffect(_Record):
    n: int
    effect: str
    reference: str


class T11BlockadeEffects(_Table):
    """T11 -- Effects on ports in the Blockaded Zone (WW 12.3, 12.2.C bullets)."""

    effects: tuple[BlockadeEffect, ...]
    no_effect: str


class FirstPlayerRow(_Record):
    priority: Literal["a", "b", "c"]
    condition: str
    result: str


class T12FirstPlayer(_Table):
    """T12 -- Who picks the first player (WW 5.3)."""

    rows: tuple[FirstPlayerRow, ...]


class PcActionRow(_Record):
    action: str
    american: str | None
    british: str | None


class T13PcActions(_Table):
    """T13 -- Legality of PC actions (WW 10.11, 10.12.B, 6.32.B, 7.2.B, 10.2.2)."""

    rows: tuple[PcActionRow, ...]


class RetreatRow(_Record):
    force: str
    allowed: str
    if_none: str | None


class T14Retreats(_Table):
    """T14 -- Retreat destinations (WW 9.61-9.63, 7.8.F, 7.9.B)."""

    rows: tuple[RetreatRow, ...]


class ReinforcementRules(_Record):
    uses_per_turn: int
    card: str
    cus: str
    general: str
    destination: str
    french: str | None = None


class T15Reinforcements(_Table):
    """T15 -- Reinforcements (WW 8.1, 8.2, 12.2.B.ii)."""

    british: ReinforcementRules
    american: ReinforcementRules
    british_cus_per_turn: None
    """Not in the text: see `WWData.reinforcements`."""
    british_cus_per_turn_note: str


class AutomaticVictory(_Record):
    winner: Side
    condition: str
    when: str


class GameEndVictory(_Record):
    units: int
    british_target: int
    american_target: int
    default_winner: Side
    when: str


class CanadaControl(_Record):
    spaces: tuple[SpaceId, ...]
    ignored: tuple[SpaceId, ...]


class T16Victory(_Table):
    """T16 -- Victory (WW 13.1, 13.2, 10.0.B)."""

    automatic: tuple[AutomaticVictory, ...]
    game_end: GameEndVictory
    colony_control: str
    canada_control: CanadaControl


class DifferenceRow(_Record):
    k: int
    numerator: int


class T17TwoDice(_Table):
    """T17 -- W(k) = P(d6_A - d6_D >= k), in 36ths (derived from WW 9.2 Step 4)."""

    denominator: int
    k_min: int
    k_max: int
    rows: tuple[DifferenceRow, ...]


class Tables(_Record):
    """The digest's tables T1-T17."""

    t1: T1Setup
    t2: T2Activation
    t3: T3ActualBattleRating
    t4: T4Modifiers
    t5: T5LoserLosses
    t6: T6WinnerLosses
    t7: T7Agility
    t8: T8WinterAttrition
    t9: T9FrenchAlliance
    t10: T10BlockadeZones
    t11: T11BlockadeEffects
    t12: T12FirstPlayer
    t13: T13PcActions
    t14: T14Retreats
    t15: T15Reinforcements
    t16: T16Victory
    t17: T17TwoDice


# --- catalog, schedule, the whole ---------------------------------------------------------


class CatalogEntry(_Record):
    """One rule of the digest's catalog (section 4)."""

    id: Annotated[RuleId, Field(pattern=r"^WW-[A-Z]+-\d{2}$")]
    citation: str
    severity: Annotated[tuple[RuleSeverity, ...], Field(min_length=1)]
    summary: str
    needs: tuple[Need, ...] = ()
    source: str

    @property
    def severity_text(self) -> str:
        """The severity as the digest writes it, e.g. `illegal/check`."""
        return "/".join(self.severity)


class TurnReinforcements(_Record):
    """British CUs printed on one Turn Track space (WW 5.1, 8.1.A); None: not in the text."""

    year: Annotated[int, Field(ge=FIRST_YEAR, le=LAST_YEAR)]
    british_cus: Annotated[int, Field(ge=0)] | None
    source: str


class MapStatus(_Record):
    """Whether the space and connection lists cover the whole printed map."""

    spaces_complete: bool = False
    connections_complete: bool = False
    source: tuple[str, ...] = ()


class MissingFact(_Record):
    """A fact a check needs that neither the rulebook nor a user file has supplied."""

    need: Need
    key: str | None
    """The user-file key that supplies it; None when no data file can (card texts)."""
    what: str
    rules: tuple[RuleId, ...]
    """Catalog rules whose checks depend on it."""

    @property
    def why(self) -> str:
        """Which rules need the fact, as one phrase."""
        return f"needed by {', '.join(self.rules)}" if self.rules else "not needed by any check"


class WWData(_Record):
    """Everything the Washington's War referee knows, bundled plus user-supplied."""

    spaces: dict[str, Space]
    connections: tuple[Connection, ...]
    not_adjacent: tuple[NonAdjacency, ...]
    distance_bounds: tuple[DistanceBound, ...]
    rating_bounds: RatingBounds
    generals: dict[str, General]
    cards: dict[str, Card]
    tables: Tables
    catalog: tuple[CatalogEntry, ...]
    reinforcements: tuple[TurnReinforcements, ...]
    map_status: MapStatus
    user_files: tuple[str, ...] = ()
    """The user data files merged in, in order."""

    @property
    def missing(self) -> list[MissingFact]:
        """Every fact still missing (see `missing_facts`)."""
        return missing_facts(self)

    def connection(self, a: str, b: str) -> Connection | None:
        """The connection between two spaces, if the data knows one."""
        ends = frozenset((a, b))
        return next((c for c in self.connections if c.ends == ends), None)

    def neighbours(self, space: str) -> tuple[SpaceId, ...]:
        """The spaces joined to `space` by a known connection (WW 3.0 Adjacent)."""
        return tuple(c.b if c.a == space else c.a for c in self.connections if space in c.ends)

    def space_named(self, name: str) -> Space | None:
        """The space with this name or alias, ignoring case (digest A17 spellings)."""
        wanted = name.casefold()
        return next((s for s in self.spaces.values()
                     if wanted in {s.name.casefold(), *(a.casefold() for a in s.aliases)}), None)

    def rule(self, rule_id: str) -> CatalogEntry:
        """The catalog entry of a rule id.

        Raises:
            KeyError: no such rule id.
        """
        for entry in self.catalog:
            if entry.id == rule_id:
                return entry
        raise KeyError(rule_id)

    def least_cost(self, start: str, goal: str, *, arnold: bool, unknown_cost: int
                   ) -> int | None:
        """Fewest movement points from `start` to `goal` over known connections (WW 7.3):
        1 a line, 3 a Wilderness line (7.3.D), `unknown_cost` a line of unstated type; the
        Falmouth–Quebec line only when `arnold` (7.4.D). None if no known path joins them.
        """
        best = {start: 0}
        queue = [(0, start)]
        while queue:
            cost, here = heapq.heappop(queue)
            if here == goal:
                return cost
            if cost > best.get(here, cost):
                continue
            for connection in self.connections:
                if here not in connection.ends or (connection.arnold_only and not arnold):
                    continue
                there = connection.b if connection.a == here else connection.a
                step = cost + (connection.cost if connection.cost is not None
                               else unknown_cost)
                if step < best.get(there, step + 1):
                    best[there] = step
                    heapq.heappush(queue, (step, there))
        return None

    def unmet(self, needs: Iterable[Need]) -> tuple[Need, ...]:
        """Which of `needs` still lack data (a check should then yield `unchecked`)."""
        lacking = {fact.need for fact in self.missing}
        return tuple(need for need in needs if need in lacking)


# --- bundled files ------------------------------------------------------------------------


class _File(_Record):
    about: str
    source: Source


class _SpacesFile(_File):
    complete: bool
    spaces: tuple[Space, ...]


class _ConnectionsFile(_File):
    complete: bool
    connections: tuple[Connection, ...]
    not_adjacent: tuple[NonAdjacency, ...]
    max_distance: tuple[DistanceBound, ...]


class _GeneralsFile(_File):
    bounds: RatingBounds
    generals: tuple[General, ...]


class _CardsFile(_File):
    deck_size: int
    special_events: int
    war_end_years: tuple[int, int]
    cards: tuple[Card, ...]


class _TablesFile(_File):
    tables: Tables


class _CatalogFile(_File):
    rules: tuple[CatalogEntry, ...]


class _ReinforcementsFile(_File):
    turns: tuple[TurnReinforcements, ...]


_M = TypeVar("_M", bound=BaseModel)


def _read_bundled(name: str, model: type[_M]) -> _M:
    resource = resources.files(_PACKAGE).joinpath("data").joinpath(name)
    label = f"bundled data/{name}"
    try:
        return model.model_validate_json(resource.read_bytes())
    except ValidationError as error:
        raise GameDataProblems(_problems_from(error), file=label) from None


@cache
def bundled_data() -> WWData:
    """The data shipped with the adjudicator, validated once (no user files).

    Raises:
        GameDataError: a bundled file is malformed (a bug; names the file and key).
    """
    spaces = _read_bundled("spaces.json", _SpacesFile)
    connections = _read_bundled("connections.json", _ConnectionsFile)
    generals = _read_bundled("generals.json", _GeneralsFile)
    cards = _read_bundled("cards.json", _CardsFile)
    data = WWData(
        spaces={s.id: s for s in spaces.spaces},
        connections=connections.connections,
        not_adjacent=connections.not_adjacent,
        distance_bounds=connections.max_distance,
        rating_bounds=generals.bounds,
        generals={g.id: g for g in generals.generals},
        cards={c.id: c for c in cards.cards},
        tables=_read_bundled("tables.json", _TablesFile).tables,
        catalog=_read_bundled("catalog.json", _CatalogFile).rules,
        reinforcements=_read_bundled("reinforcements.json", _ReinforcementsFile).turns,
        map_status=MapStatus(spaces_complete=spaces.complete,
                             connections_complete=connections.complete),
    )
    problems = _cross_check(data)
    if problems:
        raise GameDataProblems(problems, file="bundled data")
    return data


# --- errors -------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class DataProblem:
    """One thing wrong in a data file: the key (dotted path) and what is wrong."""

    key: str | None
    message: str


class GameDataProblems(GameDataError):
    """Every problem found in one data file, reported together.

    With one problem, the message and key are that problem's; with several, the message
    lists each with its key.
    """

    def __init__(self, problems: Sequence[DataProblem], *, file: str | Path) -> None:
        self.problems = tuple(problems)
        if len(self.problems) == 1:
            only = self.problems[0]
            super().__init__(only.message, file=file, key=only.key)
        else:
            listed = "; ".join(f"{p.message} (key {p.key})" if p.key else p.message
                               for p in self.problems)
            super().__init__(f"{len(self.problems)} problems: {listed}", file=file)


def _key(loc: Sequence[int | str]) -> str:
    key = ""
    for part in loc:
        key += f"[{part}]" if isinstance(part, int) else (f".{part}" if key else str(part))
    return key


def _problems_from(error: ValidationError) -> list[DataProblem]:
    """Pydantic's errors as one-line problems keyed by their field path."""
    problems = []
    for item in error.errors():
        loc = list(item["loc"])
        key = _key(loc) or None
        kind = item["type"]
        bad = item.get("input")
        if kind == "extra_forbidden":
            message = f"unknown key {str(loc[-1])!r}"
        elif kind == "missing":
            message = "required value is missing"
        elif kind in ("int_type", "int_parsing"):
            message = f"must be an integer, got {bad!r}"
        elif kind in ("bool_type", "bool_parsing"):
            message = f"must be true or false, got {bad!r}"
        elif kind == "string_type":
            message = f"must be a string, got {bad!r}"
        elif kind == "enum":
            message = f"must be one of {item.get('ctx', {}).get('expected', '')}, got {bad!r}"
        else:
            message = f"{item['msg'][0].lower()}{item['msg'][1:]}, got {bad!r}"
        problems.append(DataProblem(key, message))
    return problems


# --- cross-reference checks ---------------------------------------------------------------


def _cross_check(data: WWData) -> list[DataProblem]:
    """References between files: connections, set-up and zones name known things."""
    problems: list[DataProblem] = []
    known_places = set(data.spaces) | {box.value for box in Box}
    seen: set[frozenset[SpaceId]] = set()
    for i, c in enumerate(data.connections):
        for end in ("a", "b"):
            if getattr(c, end) not in data.spaces:
                problems.append(DataProblem(f"connections[{i}].{end}",
                                            f"connection names unknown space {getattr(c, end)!r}"))
        if c.ends in seen:
            problems.append(DataProblem(f"connections[{i}]",
                                        f"connection {c.a}-{c.b} is listed twice"))
        seen.add(c.ends)
    for g in data.generals.values():
        if g.start not in known_places:
            problems.append(DataProblem(f"generals.{g.id}.start",
                                        f"general {g.id!r} starts in unknown place {g.start!r}"))
    for i, p in enumerate(data.tables.t1.placements):
        if p.location not in known_places:
            problems.append(DataProblem(f"tables.t1.placements[{i}].location",
                                        f"set-up names unknown place {p.location!r}"))
        problems += [DataProblem(f"tables.t1.placements[{i}].generals",
                                 f"set-up names unknown general {g!r}")
                     for g in p.generals if g not in data.generals]
    for zone, ports in data.tables.t10.zones.items():
        for port in ports:
            space = data.spaces.get(port)
            if space is None or space.blockade_zone is not zone:
                problems.append(DataProblem(f"tables.t10.zones.{zone}",
                                            f"port {port!r} is not a space of zone {zone}"))
    zoned = {port for ports in data.tables.t10.zones.values() for port in ports}
    problems += [DataProblem(f"spaces.{s.id}.port", f"port {s.id!r} is in no zone of T10")
                 for s in data.spaces.values() if s.port and s.id not in zoned]
    return problems


# --- user files ---------------------------------------------------------------------------


class _UserModel(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class _UserMap(_UserModel):
    spaces_complete: StrictBool | None = None
    connections_complete: StrictBool | None = None


class _UserSpace(_UserModel):
    name: StrictStr | None = None
    aliases: tuple[StrictStr, ...] = ()
    colony: Colony | None = None
    port: StrictBool | None = None
    blockade_zone: BlockadeZone | None = None
    fortified: StrictBool | None = None
    winter_quarters: StrictBool | None = None
    south_of_winter_line: StrictBool | None = None
    source: StrictStr | None = None


class _UserConnection(_UserModel):
    a: StrictStr
    b: StrictStr
    kind: ConnectionKind | None = None
    source: StrictStr | None = None


class _UserGeneral(_UserModel):
    strategy: StrictInt | None = None
    battle: StrictInt | None = None
    agility: StrictInt | None = None
    source: StrictStr | None = None


class _UserCard(_UserModel):
    number: StrictInt | None = None
    name: StrictStr | None = None
    aliases: tuple[StrictStr, ...] = ()
    kind: CardKind | None = None
    ops: StrictInt | None = None
    flag: CardFlag | None = None
    special: StrictBool | None = None
    battle: StrictBool | None = None
    campaign: Campaign | None = None
    once_per_game: StrictBool | None = None
    reshuffle_on_play: StrictBool | None = None
    reshuffle_on_discard: StrictBool | None = None
    war_end_year: StrictInt | None = None
    copies: StrictInt | None = None
    source: StrictStr | None = None


class _UserData(_UserModel):
    map: _UserMap = _UserMap()
    spaces: dict[str, _UserSpace] = {}
    connections: tuple[_UserConnection, ...] = ()
    generals: dict[str, _UserGeneral] = {}
    cards: dict[str, _UserCard] = {}
    reinforcements: dict[str, StrictInt] = {}


def load_data(user_files: Sequence[Path] = ()) -> WWData:
    """The bundled data with each user TOML file merged over it, in order.

    Raises:
        GameDataError: a file cannot be read, is not TOML, or has bad values; the error
            names the file and lists every problem with its key (`GameDataProblems`).
    """
    data = bundled_data()
    for path in user_files:
        data = merge_user_data(data, path)
    return data


def merge_user_data(data: WWData, path: Path) -> WWData:
    """`data` with one user TOML file merged over it (see the module docstring's policy).

    Raises:
        GameDataError: unreadable, malformed or contradicting file (names file and keys).
    """
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as error:
        raise GameDataError(f"cannot read data file: {error}", file=path) from None
    try:
        raw = tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        raise GameDataError(f"malformed TOML: {error}", file=path) from None
    try:
        user = _UserData.model_validate(raw)
    except ValidationError as error:
        raise GameDataProblems(_problems_from(error), file=path) from None
    merger = _Merger(data, path.name)
    merged = merger.merge(user)
    if merger.problems:
        raise GameDataProblems(merger.problems, file=path)
    return merged


_T = TypeVar("_T")


class _Merger:
    """Merges one parsed user file, collecting every problem with its key."""

    def __init__(self, data: WWData, file: str) -> None:
        self.data = data
        self.file = file
        self.problems: list[DataProblem] = []

    def problem(self, key: str, message: str) -> None:
        self.problems.append(DataProblem(key, message))

    def cite(self, source: str | None) -> str:
        return f"user data {self.file}" + (f": {source}" if source else "")

    def fill(self, key: str, what: str, current: _T | None, new: _T | None,
             cited: str) -> _T | None:
        """The bundled value, or the user's where the bundled one is null."""
        if new is None or new == current:
            return current
        if current is None:
            return new
        self.problem(key, f"{what} is {_show(current)} in the bundled data ({cited}), "
                          f"got {_show(new)}")
        return current

    def merge(self, user: _UserData) -> WWData:
        spaces = self.merge_spaces(user.spaces)
        connections = self.merge_connections(user.connections, spaces)
        data = self.data.model_copy(update={
            "spaces": spaces,
            "connections": connections,
            "generals": self.merge_generals(user.generals),
            "cards": self.merge_cards(user.cards),
            "reinforcements": self.merge_reinforcements(user.reinforcements),
            "map_status": self.merge_map(user.map),
            "user_files": (*self.data.user_files, self.file),
        })
        if not self.problems:
            self.problems += _cross_check(data)
            self.check_distances(data)
        return data

    def merge_map(self, user: _UserMap) -> MapStatus:
        status = self.data.map_status
        declared = [name for name in ("spaces_complete", "connections_complete")
                    if getattr(user, name)]
        if not declared:
            return status
        update: dict[str, Any] = {name: True for name in declared}
        update["source"] = (*status.source, self.cite(None))
        return status.model_copy(update=update)

    def merge_spaces(self, user: Mapping[str, _UserSpace]) -> dict[str, Space]:
        spaces = dict(self.data.spaces)
        for sid, new in user.items():
            key = f"spaces.{sid}"
            old = spaces.get(SpaceId(sid))
            if old is None:
                made = self.new_space(sid, new)
                if made is not None:
                    spaces[made.id] = made
                continue
            cited = "; ".join(old.source)
            update: dict[str, Any] = {
                name: self.fill(f"{key}.{name}", f"space {sid!r} {name}", getattr(old, name),
                                getattr(new, name), cited)
                for name in ("name", "colony", "port", "blockade_zone", "fortified",
                             "winter_quarters", "south_of_winter_line")}
            # The line runs along the VA-NC border (WW 2.1.B): a colony given here decides it.
            if old.colony is None and new.colony is not None and update[
                    "south_of_winter_line"] is None:
                update["south_of_winter_line"] = update["colony"].is_south_of_winter_line
            update["aliases"] = (*old.aliases, *(a for a in new.aliases if a not in old.aliases))
            if all(value == getattr(old, name) for name, value in update.items()):
                continue
            update["source"] = (*old.source, self.cite(new.source))
            merged = self.rebuild(key, Space, {**old.model_dump(), **update})
            if merged is not None:
                spaces[old.id] = merged
        return spaces

    def new_space(self, sid: str, new: _UserSpace) -> Space | None:
        key = f"spaces.{sid}"
        bad = len(self.problems)
        if not _ID.match(sid):
            self.problem(key, f"space id {sid!r} must be lower-case letters, digits and _")
        if not new.name:
            self.problem(f"{key}.name", f"new space {sid!r} needs a name")
        elif (twin := self.data.space_named(new.name)) is not None:
            self.problem(f"{key}.name", f"new space {sid!r} has the name of space {twin.id!r}")
        # WW 12.3 lists every port; WW 2.1.C every fortified (star) space.
        if new.port or new.blockade_zone is not None:
            self.problem(f"{key}.port", f"new space {sid!r} cannot be a port: the 20 ports of "
                                        "WW 12.3 are the complete list")
        if new.fortified:
            self.problem(f"{key}.fortified", f"new space {sid!r} cannot be fortified: WW 2.1.C "
                                             "names the four fortified ports")
        if len(self.problems) > bad or new.name is None:
            return None
        south = new.south_of_winter_line
        if south is None and new.colony is not None:
            south = new.colony.is_south_of_winter_line
        return self.rebuild(key, Space, {
            "id": sid, "name": new.name, "aliases": new.aliases, "colony": new.colony,
            "port": False, "fortified": False, "winter_quarters": new.winter_quarters,
            "south_of_winter_line": south, "source": (self.cite(new.source),)})

    def merge_connections(self, user: Sequence[_UserConnection],
                          spaces: Mapping[str, Space]) -> tuple[Connection, ...]:
        connections = list(self.data.connections)
        for i, new in enumerate(user):
            key = f"connections[{i}]"
            unknown = [end for end in ("a", "b") if getattr(new, end) not in spaces]
            for end in unknown:
                self.problem(f"{key}.{end}",
                             f"connection names unknown space {getattr(new, end)!r}")
            if unknown:
                continue
            if new.a == new.b:
                self.problem(f"{key}.b", f"connection joins {new.a!r} to itself")
                continue
            ends = frozenset((new.a, new.b))
            ruled_out = next((n for n in self.data.not_adjacent
                              if frozenset((n.a, n.b)) == ends), None)
            if ruled_out is not None:
                self.problem(key, f"{new.a!r} and {new.b!r} are not adjacent "
                                  f"({'; '.join(ruled_out.source)})")
                continue
            at = next((j for j, c in enumerate(connections) if c.ends == ends), None)
            if at is None:
                made = self.rebuild(key, Connection, {
                    "a": new.a, "b": new.b, "kind": new.kind,
                    "source": (self.cite(new.source),)})
                if made is not None:
                    connections.append(made)
                continue
            old = connections[at]
            kind = self.fill(f"{key}.kind", f"connection {old.a}-{old.b} kind", old.kind,
                             new.kind, "; ".join(old.source))
            if kind is not old.kind:
                connections[at] = old.model_copy(
                    update={"kind": kind, "source": (*old.source, self.cite(new.source))})
        return tuple(connections)

    def check_distances(self, data: WWData) -> None:
        for bound in data.distance_bounds:
            cost = data.least_cost(bound.a, bound.b, arnold=False, unknown_cost=3)
            if cost is not None and cost <= bound.more_than:
                self.problem("connections", f"{bound.a!r} reaches {bound.b!r} in {cost} "
                                            f"movement points, but {'; '.join(bound.source)}")

    def merge_generals(self, user: Mapping[str, _UserGeneral]) -> dict[str, General]:
        generals = dict(self.data.generals)
        bounds = self.data.rating_bounds
        for gid, new in user.items():
            key = f"generals.{gid}"
            old = generals.get(GeneralId(gid))
            if old is None:
                self.problem(key, f"unknown general {gid!r} (known: {', '.join(generals)})")
                continue
            update: dict[str, Rating] = {}
            for name in RATING_NAMES:
                value: int | None = getattr(new, name)
                rating = old.rating(name)
                if value is None:
                    continue
                low, high = bounds.of(name)
                if not low <= value <= high:
                    self.problem(f"{key}.{name}",
                                 f"general {gid!r} {name} must be {low}..{high}, got {value}")
                elif rating.allowed is not None and value not in rating.allowed:
                    allowed = ", ".join(map(str, rating.allowed))
                    self.problem(f"{key}.{name}", f"general {gid!r} {name} must be one of "
                                                  f"{allowed} ({rating.source}), got {value}")
                elif rating.value is None:
                    update[name] = rating.model_copy(
                        update={"value": value, "source": self.cite(new.source)})
                else:
                    self.fill(f"{key}.{name}", f"general {gid!r} {name}", rating.value, value,
                              rating.source or "")
            if update:
                generals[old.id] = old.model_copy(update=update)
        return generals

    def merge_cards(self, user: Mapping[str, _UserCard]) -> dict[str, Card]:
        cards = dict(self.data.cards)
        for cid, new in user.items():
            key = f"cards.{cid}"
            old = cards.get(CardId(cid))
            fields = new.model_dump(exclude={"aliases", "source"})
            if old is None:
                if not _ID.match(cid):
                    self.problem(key, f"card id {cid!r} must be lower-case letters, digits and _")
                    continue
                if new.name is None or new.kind is None:
                    self.problem(key, f"new card {cid!r} needs a name and a kind "
                                      "('ops' or 'event')")
                    continue
                # WW 6.34.C names all seven Special Events; they are in the bundled data.
                if new.special:
                    self.problem(f"{key}.special", f"new card {cid!r} cannot be a Special "
                                                   "Event: WW 6.34.C names all seven")
                    continue
                made = {name: value for name, value in fields.items() if value is not None}
                made.setdefault("special", False)
                made.update(id=cid, aliases=new.aliases, source=(self.cite(new.source),))
                card = self.rebuild(key, Card, made)
            else:
                cited = "; ".join(old.source)
                update = {name: self.fill(f"{key}.{name}", f"card {cid!r} {name}",
                                          getattr(old, name), value, cited)
                          for name, value in fields.items()}
                update["aliases"] = (*old.aliases,
                                     *(a for a in new.aliases if a not in old.aliases))
                if all(value == getattr(old, name) for name, value in update.items()):
                    continue
                update["source"] = (*old.source, self.cite(new.source))
                card = self.rebuild(key, Card, {**old.model_dump(), **update})
            if card is not None:
                cards[card.id] = card
        self.check_deck(cards)
        return cards

    def check_deck(self, cards: Mapping[str, Card]) -> None:
        numbers: dict[int, CardId] = {}
        for card in cards.values():
            if card.number is None:
                continue
            if card.number in numbers:
                self.problem(f"cards.{card.id}.number", f"card number {card.number} is also "
                                                        f"card {numbers[card.number]!r}")
            numbers[card.number] = card.id
        total = sum(card.copies or 1 for card in cards.values())
        if total > DECK_SIZE:
            self.problem("cards", f"{total} cards listed, but the deck has {DECK_SIZE} (WW 2.0)")

    def merge_reinforcements(self, user: Mapping[str, int]) -> tuple[TurnReinforcements, ...]:
        turns = {turn.year: turn for turn in self.data.reinforcements}
        for year_text, cus in user.items():
            key = f"reinforcements.{year_text}"
            year = int(year_text) if year_text.isdigit() else None
            if year not in turns:
                self.problem(key, f"turn must be a year {FIRST_YEAR}..{LAST_YEAR}, "
                                  f"got {year_text!r}")
                continue
            if cus < 0:
                self.problem(key, f"British reinforcements must be 0 or more, got {cus}")
                continue
            old = turns[year]
            value = self.fill(key, f"British reinforcements for {year}", old.british_cus, cus,
                              old.source)
            if value is not old.british_cus:
                turns[year] = old.model_copy(update={"british_cus": value,
                                                     "source": self.cite(None)})
        return tuple(turns.values())

    def rebuild(self, key: str, model: type[_M], fields: Mapping[str, Any]) -> _M | None:
        """Validate a merged record; its problems are reported under `key`."""
        try:
            return model.model_validate(dict(fields))
        except ValidationError as error:
            for problem in _problems_from(error):
                where = f"{key}.{problem.key}" if problem.key else key
                self.problem(where, problem.message)
            return None


def _show(value: object) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, StrEnum):
        return repr(value.value)
    return repr(value) if isinstance(value, str) else str(value)


# --- what is missing ----------------------------------------------------------------------


def missing_facts(data: WWData) -> list[MissingFact]:
    """Every fact a check needs that the data still lacks, with the key that supplies it."""
    by_need: dict[Need, list[RuleId]] = {}
    for entry in data.catalog:
        for need in entry.needs:
            by_need.setdefault(need, []).append(entry.id)

    facts: list[MissingFact] = []

    def add(need: Need, key: str | None, what: str) -> None:
        facts.append(MissingFact(need=need, key=key, what=what,
                                 rules=tuple(by_need.get(need, ()))))

    if not data.map_status.spaces_complete:
        add(Need.SPACES, "map.spaces_complete",
            f"the rest of the printed map's spaces ({len(data.spaces)} known); add each as "
            "[spaces.<id>], then set map.spaces_complete = true")
    if not data.map_status.connections_complete:
        add(Need.CONNECTIONS, "map.connections_complete",
            f"the rest of the map's connections ({len(data.connections)} known); add each "
            "as [[connections]], then set map.connections_complete = true")
    for c in data.connections:
        if c.kind is None:
            add(Need.CONNECTIONS, f"connections[{c.a},{c.b}].kind",
                f"line type of {c.a}-{c.b}: normal (solid) or wilderness (dashed)")
    for s in data.spaces.values():
        if s.colony is None:
            add(Need.COLONIES, f"spaces.{s.id}.colony", f"colony of {s.name}")
        if s.winter_quarters is None:
            add(Need.WINTER_QUARTERS, f"spaces.{s.id}.winter_quarters",
                f"whether {s.name} is a square (Winter Quarters) space")
        if s.south_of_winter_line is None:
            add(Need.WINTER_LINE, f"spaces.{s.id}.south_of_winter_line",
                f"whether {s.name} is south of the Winter Attrition Line")
    rating_need = {"strategy": Need.STRATEGY, "battle": Need.BATTLE, "agility": Need.AGILITY}
    for g in data.generals.values():
        for name in RATING_NAMES:
            if g.rating(name).value is None:
                low, high = data.rating_bounds.of(name)
                add(rating_need[name], f"generals.{g.id}.{name}",
                    f"{g.name}'s {name} rating ({low}..{high})")
    total = sum(card.copies or 1 for card in data.cards.values())
    if total < DECK_SIZE or any(card.copies is None for card in data.cards.values()):
        add(Need.CARD_LIST, "cards", f"the card list: {total} of the {DECK_SIZE} cards are "
                                     "listed; add the others as [cards.<id>]")
    if not any(card.kind is CardKind.OPS for card in data.cards.values()):
        add(Need.CARD_OPS, "cards", "the OPS cards and their values (none listed)")
    for card in data.cards.values():
        key = f"cards.{card.id}"
        if card.number is None:
            add(Need.CARD_LIST, f"{key}.number", f"the number printed on {card.name!r}")
        if card.copies is None:
            add(Need.CARD_LIST, f"{key}.copies", f"how many {card.name!r} cards the deck has")
        if card.kind is CardKind.OPS and card.ops is None:
            add(Need.CARD_OPS, f"{key}.ops", f"the OPS value of {card.name!r}")
        if card.kind is CardKind.EVENT:
            if card.flag is None:
                add(Need.CARD_FLAGS, f"{key}.flag", f"the flag of {card.name!r}")
            if card.battle is None:
                add(Need.CARD_KINDS, f"{key}.battle", f"whether {card.name!r} is a Battle Card")
            if card.once_per_game is None:
                add(Need.ONCE_PER_GAME, f"{key}.once_per_game",
                    f"whether {card.name!r} is removed after its event")
            for flag, when in (("reshuffle_on_play", "played"),
                               ("reshuffle_on_discard", "discarded")):
                if getattr(card, flag) is None:
                    add(Need.RESHUFFLE, f"{key}.{flag}",
                        f"whether {card.name!r} triggers a reshuffle when {when}")
        if card.ends_war and card.war_end_year is None:
            add(Need.WAR_END_YEARS, f"{key}.war_end_year",
                f"the year (1779..1783) on {card.name!r} ({card.id})")
    add(Need.CARD_TEXTS, None, "the event texts of the cards (not in the rulebook and not "
                               "modelled: event effects are checked by hand)")
    for turn in data.reinforcements:
        if turn.british_cus is None:
            add(Need.SCHEDULE, f"reinforcements.{turn.year}",
                f"British CUs printed on the {turn.year} Turn Track space")
    return facts


# --- the user template --------------------------------------------------------------------


def template_toml(data: WWData) -> str:
    """A commented TOML file listing every missing fact with the key that supplies it.

    Unfilled, it parses and merges as a no-op; uncommenting a line and writing its value
    supplies that fact.
    """
    facts = missing_facts(data)
    why = {fact.need: fact.why for fact in facts}
    lines = [
        "# Washington's War: data the rulebook does not print.",
        "# Fill in what you know from the printed map, counters and cards, then run",
        "#   adjudicator check GAME.vlog --game ww --data my-ww.toml",
        "# Uncomment a line and give its value; lines left commented change nothing.",
        "# Values already in the bundled data (with a rulebook citation) cannot be changed;",
        "# a contradicting value is an error naming this file and the key.",
        "# Optional on every table: source = \"where you read it\".",
        "",
        "[map]",
        "# Set once every space (connection) of the printed map is listed below or bundled.",
        f"# {why.get(Need.SPACES, '')}",
        "# spaces_complete = true",
        f"# {why.get(Need.CONNECTIONS, '')}",
        "# connections_complete = true",
        "",
    ]
    lines += _template_generals(data, facts)
    lines += _template_spaces(data, facts, why)
    lines += _template_connections(data, why)
    lines += _template_cards(data, facts, why)
    lines += ["# --- British reinforcements: CUs printed on each Turn Track space (WW 5.1, 8.1.A)",
              f"# {why.get(Need.SCHEDULE, '')}", "[reinforcements]"]
    lines += [f"# {turn.year} = " for turn in data.reinforcements if turn.british_cus is None]
    lines += ["", "# Not fillable here: " + next(f.what for f in facts
                                                   if f.need is Need.CARD_TEXTS), ""]
    return "\n".join(lines)


def _template_generals(data: WWData, facts: Sequence[MissingFact]) -> list[str]:
    lines = ["# --- Generals' ratings (WW 2.2.B): Strategy top left (1..3), Potential Battle",
             "# top right (1..6), Agility lower right (1..3) of the stand-up counter."]
    for need in (Need.STRATEGY, Need.BATTLE, Need.AGILITY):
        rules = next((f.why for f in facts if f.need is need), "")
        lines.append(f"# {need}: {rules}")
    missing = {f.key for f in facts}
    for g in data.generals.values():
        lines += ["", f"[generals.{g.id}]  # {g.name} ({g.side}, starts in {g.start})"]
        for name in RATING_NAMES:
            rating = g.rating(name)
            if f"generals.{g.id}.{name}" not in missing:
                lines.append(f"# {name} = {rating.value} is known ({rating.source})")
                continue
            low, high = data.rating_bounds.of(name)
            hint = (f"one of {', '.join(map(str, rating.allowed))} ({rating.source})"
                    if rating.allowed else f"{low}..{high}")
            lines += [f"# {name}: {hint}", f"# {name} = "]
    return [*lines, ""]


def _template_spaces(data: WWData, facts: Sequence[MissingFact],
                     why: Mapping[Need, str]) -> list[str]:
    lines = ["# --- Spaces (WW 2.1). Known spaces with a missing fact are listed; to add a space",
             "# of the printed map, copy this block (new spaces are never ports: WW 12.3 lists",
             "# all 20; colony one of NH MA RI CT NY NJ PA DE MD VA NC SC GA Canada):",
             "# [spaces.example_space]        # lower-case id, used by connections",
             "# name = \"Example Space\"      # as printed on the map",
             "# colony = \"NJ\"",
             "# winter_quarters = false      # true if the space is a square",
             "# south_of_winter_line = false # defaults from the colony (NC, SC, GA are south)",
             f"# colony: {why.get(Need.COLONIES, '')}",
             f"# winter_quarters: {why.get(Need.WINTER_QUARTERS, '')}",
             f"# south_of_winter_line: {why.get(Need.WINTER_LINE, '')}"]
    keyed = {f.key: f for f in facts}
    for s in data.spaces.values():
        wanted = [name for name in ("colony", "winter_quarters", "south_of_winter_line")
                  if f"spaces.{s.id}.{name}" in keyed]
        if not wanted:
            continue
        lines += ["", f"[spaces.{s.id}]  # {s.name}"]
        for name in wanted:
            lines.append(f"# {name} = ")
    return [*lines, ""]


def _template_connections(data: WWData, why: Mapping[Need, str]) -> list[str]:
    lines = ["# --- Connections (WW 3.0 Adjacent, 7.3.D): kind \"normal\" (solid line) or",
             "# \"wilderness\" (dashed, costs 3). Add one block per line of the printed map:",
             "# [[connections]]",
             "# a = \"example_space\"",
             "# b = \"another_space\"",
             "# kind = \"normal\"",
             f"# {why.get(Need.CONNECTIONS, '')}",
             "# Known connections whose line type is not stated:"]
    for c in data.connections:
        if c.kind is None:
            lines += ["# [[connections]]", f"# a = \"{c.a}\"", f"# b = \"{c.b}\"", "# kind = "]
    return [*lines, ""]


def _template_cards(data: WWData, facts: Sequence[MissingFact],
                    why: Mapping[Need, str]) -> list[str]:
    lines = ["# --- Cards (WW 2.0: 110 in the deck; only the Events below are named in the text).",
             "# Add each other card; OPS cards have kind = \"ops\" and ops = 1, 2 or 3:",
             "# [cards.example_card]    # lower-case id",
             "# number = 0             # the card's number, 1..110",
             "# name = \"Example Card\"   # its title as printed",
             "# kind = \"ops\"          # or \"event\" with flag = \"AM\" | \"BR\" | \"none\"",
             "# ops = 0                # the value at top left, 1..3",
             f"# card list: {why.get(Need.CARD_LIST, '')}",
             f"# ops values: {why.get(Need.CARD_OPS, '')}",
             f"# flags: {why.get(Need.CARD_FLAGS, '')}",
             f"# battle: {why.get(Need.CARD_KINDS, '')}",
             f"# once_per_game: {why.get(Need.ONCE_PER_GAME, '')}",
             f"# reshuffle: {why.get(Need.RESHUFFLE, '')}",
             f"# war_end_year: {why.get(Need.WAR_END_YEARS, '')}"]
    per_card: dict[str, list[str]] = {}
    for fact in facts:
        if fact.key and fact.key.startswith("cards.") and fact.key.count(".") == 2:
            _, cid, name = fact.key.split(".")
            per_card.setdefault(cid, []).append(name)
    for cid, names in per_card.items():
        card = data.cards[CardId(cid)]
        lines += ["", f"[cards.{cid}]  # {card.name}"]
        lines += [f"# {name} = " for name in names]
    return [*lines, ""]


def catalog_ids(data: WWData) -> frozenset[str]:
    """Every rule id of the catalog."""
    return frozenset(entry.id for entry in data.catalog)

