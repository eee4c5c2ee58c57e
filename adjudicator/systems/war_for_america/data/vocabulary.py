"""The words the War for America data is written in: ids, constants, enums, citations.

Also `Record`, the frozen base of every data record, and `Source`, its citations: the
toolkit's (`adjudicator.systems.common.records`), named here for the game's modules.
"""

from __future__ import annotations

from enum import StrEnum
from typing import NewType

from adjudicator.systems.common.records import Record as Record
from adjudicator.systems.common.records import Source as Source

SpaceId = NewType("SpaceId", str)
SeaAreaId = NewType("SeaAreaId", str)
BoxId = NewType("BoxId", str)
LeaderId = NewType("LeaderId", str)
FleetId = NewType("FleetId", str)
CardId = NewType("CardId", str)
TerrainId = NewType("TerrainId", str)
RuleId = NewType("RuleId", str)

FIRST_YEAR = 1775
"""The first game year (WfA 6.0)."""
LAST_YEAR = 1782
"""The last year the rulebook names: War Weariness and attrition run to 1782 (WfA 18.3, 19.12)."""
DECK_SIZE = 51
"""Action cards in the game (WfA 3.0)."""
HAND_LIMIT = 3
"""WfA 20.5: "A player can never hold more than '3' cards in his hand"."""
DEFENSIVE_CARD_NUMBERS = (25, 41, 46, 47, 48, 49)
"""The only cards playable in the opponent's AP (WfA 20.12, 9.9)."""


class Side(StrEnum):
    """The two players; 'Colonial' and 'American' are the same side (WfA 2.0)."""

    BRITISH = "british"
    COLONIAL = "colonial"


class Nation(StrEnum):
    """Who a piece belongs to (WfA 2.0, 10.6, 14.29-14.30, 19.30; digest 1.5)."""

    BRITISH = "british"
    GERMAN = "german"
    LOYALIST = "loyalist"
    SIX_NATIONS = "six_nations"
    CONTINENTAL = "continental"
    MILITIA = "militia"
    FRENCH = "french"
    SPANISH = "spanish"
    DUTCH = "dutch"


class Owner(StrEnum):
    """A space's original owner, to which it reverts when vacant (WfA 4.9, 4.11)."""

    BRITISH = "british"
    COLONIAL = "colonial"
    FRENCH = "french"
    SPANISH = "spanish"
    DUTCH = "dutch"


class Region(StrEnum):
    """The Regions of the map (WfA 3.3; digest 3.1)."""

    CANADA = "canada"
    NEW_ENGLAND = "new_england"
    MIDDLE_STATES = "middle_states"
    TIDEWATER = "tidewater"
    DEEP_SOUTH = "deep_south"
    FLORIDA = "florida"
    CARIBBEAN = "caribbean"

    @property
    def is_northern(self) -> bool:
        """Canada, New England, Middle States: the winter 2-MP Regions (WfA 18.1; digest A-36)."""
        return self in (Region.CANADA, Region.NEW_ENGLAND, Region.MIDDLE_STATES)

    @property
    def has_colonies(self) -> bool:
        """Whether the Region is made of some of the 13 Colonies (WfA 3.3)."""
        return self in (Region.NEW_ENGLAND, Region.MIDDLE_STATES, Region.TIDEWATER,
                        Region.DEEP_SOUTH)


class Colony(StrEnum):
    """The 13 Colonies (WfA 2.0, 3.3)."""

    MA = "MA"
    CT = "CT"
    NH = "NH"
    RI = "RI"
    NY = "NY"
    NJ = "NJ"
    PA = "PA"
    MD = "MD"
    DE = "DE"
    VA = "VA"
    NC = "NC"
    SC = "SC"
    GA = "GA"

    @property
    def region(self) -> Region:
        """The Region the colony belongs to (WfA 3.3)."""
        return COLONY_REGION[self]


COLONY_REGION: dict[Colony, Region] = {
    Colony.MA: Region.NEW_ENGLAND, Colony.CT: Region.NEW_ENGLAND,
    Colony.NH: Region.NEW_ENGLAND, Colony.RI: Region.NEW_ENGLAND,
    Colony.NY: Region.MIDDLE_STATES, Colony.NJ: Region.MIDDLE_STATES,
    Colony.PA: Region.MIDDLE_STATES,
    Colony.MD: Region.TIDEWATER, Colony.DE: Region.TIDEWATER, Colony.VA: Region.TIDEWATER,
    Colony.NC: Region.DEEP_SOUTH, Colony.SC: Region.DEEP_SOUTH, Colony.GA: Region.DEEP_SOUTH,
}
"""WfA 3.3: New England = MA, CT, NH, RI; Middle States = NY, NJ, PA; Tidewater = MD, DE,
VA; Deep South = NC, SC, GA."""


class SeaAreaKind(StrEnum):
    """Ocean Blockade Zone or Caribbean arrow space (WfA 14.1, 14.6, 14.20)."""

    OBZ = "obz"
    ARROW = "arrow"


class ConnectionKind(StrEnum):
    """What joins two places (WfA 12.0, 8.8, 14.20-14.21, 19.4; digest 3.4-3.5)."""

    LAND = "land"
    """A land transit line; its cost is its terrain type's on the Terrain Effects Chart."""
    LAKE = "lake"
    """Lake Champlain, along which the lake navies move (WfA 19.4)."""
    CARIBBEAN_ARROW = "caribbean_arrow"
    """A Caribbean arrow line: 1 MP per circle with the arrow, 2 against (WfA 14.20)."""
    OCEAN_TRANSIT = "ocean_transit"
    """An Ocean Transit Line from the Europe Box: 1 MP (WfA 8.8)."""


class Colour(StrEnum):
    """A leader's command circle, which says whose troops he may command (WfA 11.2)."""

    RED = "red"
    LIGHT_BLUE = "light_blue"
    ORANGE = "orange"
    DARK_BLUE = "dark_blue"


class BattleRating(StrEnum):
    """A leader's battle rating: A +3, B +2, C +1, D +0 (WfA 11.14)."""

    A = "A"
    B = "B"
    C = "C"
    D = "D"


class CardFlag(StrEnum):
    """The flag on an action card: whose event it is, or nobody's (WfA 20.6)."""

    BRITISH = "british"
    COLONIAL = "colonial"
    NONE = "none"


class MusterPortion(StrEnum):
    """What a Loyalist*Militia Muster Chart result gives (WfA 10.9, 10.20)."""

    FULL = "full"
    HALF = "half"
    NONE = "none"


class Need(StrEnum):
    """A family of data facts a rule's check depends on (`CatalogEntry.needs`)."""

    SPACES = "map spaces"
    CONNECTIONS = "map connections"
    TERRAIN = "terrain costs"
    WATER = "water connections"
    REGIONS = "space regions"
    COLONIES = "space colonies"
    OWNERS = "original owners"
    KEY_SPACES = "key spaces"
    COASTAL = "coastal spaces"
    CIRCLES = "circle spaces"
    SEA_AREAS = "sea areas"
    CARIBBEAN = "caribbean arrows"
    OCEAN_TRANSIT = "ocean transit lines"
    VILLAGES = "six nations villages"
    LEADER_RANKS = "leader ranks"
    LEADER_COMMAND = "leader command values"
    LEADER_BATTLE = "leader battle ratings"
    LEADER_COLOURS = "leader colours"
    FLEETS = "fleet strengths"
    BATTLE_TABLE = "standard battle table"
    PETITE_GUERRE = "petite guerre table"
    SIEGE_TABLE = "siege table"
    FLEET_TABLE = "fleet combat table"
    LEVY = "continental levy table"
    MUSTER = "muster chart"
    MILITIA_MAXIMUMS = "militia maximums"
    TRANSPORT = "transport capacity"
    ATTRITION = "attrition fractions"
    FRENCH_ARRIVAL = "french arrival range"
    CALENDAR = "turn calendar"
    REINFORCEMENTS = "reinforcement charts"
    CARD_LIST = "card list"
    CARD_YEARS = "card years"
    CARD_FLAGS = "card flags"
    CARD_TEXTS = "card texts"
