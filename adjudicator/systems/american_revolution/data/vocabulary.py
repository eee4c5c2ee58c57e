"""The American Revolution's words: sides, nations, kinds of locale, route and formation,
the campaign-marker categories, and the kinds of fact the rulebook leaves out (`Need`).

Sides follow the digest (section 0): US is the American player, who also runs the French
and Spanish while they are allied (AR 1.1, 26.1); GB the British player, who runs the
British, Tories, Hessians and Indians (AR 27).
"""

from __future__ import annotations

from enum import StrEnum


class Need(StrEnum):
    """The kinds of fact a check may lack (the words of the catalog's `needs`)."""

    MARKERS = "campaign marker list"
    PORTS = "ports"
    REGIONS = "locale regions"
    FORMATIONS = "unit types and combat factors"
    TRACKS = "track levels"
    BOXES = "off-map boxes"
    COSTS = "mobilization costs"
    KINDS = "locale kinds"
    VALUES = "town political values"
    LEADERS = "leader values"
    ROUTES = "map routes"
    SETUP = "set-up lists"
    CALENDAR = "turn calendar"
    PP_DICE = "political-point dice"
    INDIAN_LOCALES = "Indian locales"
    FORTRESSES = "fortress values"
    RR_VALUES = "rabble-rousing values"
    COUNTER_MIX = "counter mix"


class Side(StrEnum):
    """The two players (digest section 0)."""

    US = "US"
    GB = "GB"

    @property
    def enemy(self) -> Side:
        """The other player."""
        return Side.GB if self is Side.US else Side.US

    @property
    def label(self) -> str:
        """The side as the rulebook names it."""
        return "American" if self is Side.US else "British"


class Nation(StrEnum):
    """Whose counter a formation is (AR 2.13): its nation decides where it is raised and
    whether it is frozen (AR 13.6, 26.1)."""

    US = "us"
    GB = "gb"
    FR = "fr"
    SP = "sp"

    @property
    def side(self) -> Side:
        """Who runs it: the French and Spanish are American allies (AR 26.1)."""
        return Side.GB if self is Nation.GB else Side.US


class LocaleKind(StrEnum):
    """The kinds of locale (AR 2.1-2.8)."""

    TOWN = "town"
    WILDERNESS = "wilderness"
    INDIAN = "indian"
    HIGH_SEAS = "high seas"
    BOX = "off-map box"


class RouteType(StrEnum):
    """The kinds of route (AR 2.6, 16.12)."""

    ROAD = "road"
    TRAIL = "trail"
    LAKE_RIVER = "lake/river"
    HIGH_SEAS = "high seas"


class FormationType(StrEnum):
    """The kinds of combat formation (AR 2.11-2.14, 24, 27)."""

    REGULAR = "regular"
    DETACHMENT = "detachment"
    GRENADIER = "grenadier"
    LIGHT = "light"
    MILITIA = "militia"
    MARINE = "marine"
    HESSIAN = "hessian"
    INDIAN = "indian"
    FLEET = "fleet"


class LeaderKind(StrEnum):
    """General, militia commander (M) or admiral (anchor) (AR 2.10, 21.0)."""

    GENERAL = "general"
    MILITIA = "militia"
    ADMIRAL = "admiral"


class MarkerCategory(StrEnum):
    """The three categories of campaign marker (AR 7.6)."""

    ACTION = "action"
    RABBLE = "rabble rousing"
    TACTICS = "tactics"
    BLANK = "blank"


class OptionalRule(StrEnum):
    """The optional rules (AR 28-38) and the designer's unofficial ones (AR 39), each
    switched on in the folder configuration (`[ar] optional_rules = [...]`)."""

    FORTRESSES = "fortresses"
    PARTISANS = "partisans"
    INDIAN_SOVEREIGNTY = "indian-sovereignty"
    MILITIA_UPGRADES = "militia-upgrades"
    INTERCEPTION = "interception"
    MILITIA_EXPEDITIONS = "militia-expeditions"
    OVERRUN = "overrun"
    FRONTIER_WARFARE = "frontier-warfare"
    FORAGE = "forage"
    MASSACRE = "massacre"
    HONORS_OF_WAR = "honors-of-war"
    DEMORALIZATION = "demoralization"
    BATTLE_TACTICS = "battle-tactics"


FIRST_YEAR = 1775
"""Turn 1 is 1775; a turn is a year (AR 1.2; AAR intro)."""
LAST_TURN = 8
SHORT_LAST_TURN = 4
"""The full game ends after 1782 (T8); the short game after 1778 (T4) (AR 3.5)."""
