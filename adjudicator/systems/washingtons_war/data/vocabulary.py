"""The words the Washington's War data is written in: ids, constants, enums, citations.

Also `Record`, the frozen base of every data record, and `Source`, its citations: the
toolkit's (`adjudicator.systems.common.records`), named here for the game's modules.
"""

from __future__ import annotations

from enum import StrEnum
from typing import Literal, NewType

from adjudicator.systems.common.records import Record as Record
from adjudicator.systems.common.records import Source as Source

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
