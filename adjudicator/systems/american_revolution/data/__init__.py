"""The American Revolution game data: regions, locales, routes, formations, leaders,
campaign markers, the Mobilization Table's known lines and the rules catalog.

Every fact lives in a JSON file of this package with its `source` (a rulebook section or
the rules digest), loaded once per process through frozen pydantic models. What the
rulebook does not print (digest 5.14) is an explicit `null`, never a guess: `missing`
lists those gaps, `template_toml` writes a commented TOML file for the user to fill, and
`load_data(user_files)` merges filled files over the bundled data.
"""

from __future__ import annotations

from adjudicator.systems.american_revolution.data.bundled import bundled_data
from adjudicator.systems.american_revolution.data.models import (
    ARData,
    CampaignMarker,
    Formation,
    Leader,
    Locale,
    MobilizationCost,
    Region,
    Route,
)
from adjudicator.systems.american_revolution.data.template import template_toml
from adjudicator.systems.american_revolution.data.user import UserData, load_data
from adjudicator.systems.american_revolution.data.vocabulary import (
    FormationType,
    LeaderKind,
    LocaleKind,
    MarkerCategory,
    Nation,
    Need,
    OptionalRule,
    RouteType,
    Side,
)

__all__ = ["ARData", "CampaignMarker", "Formation", "FormationType", "Leader", "LeaderKind",
           "Locale", "LocaleKind", "MarkerCategory", "MobilizationCost", "Nation", "Need",
           "OptionalRule", "Region", "Route", "RouteType", "Side", "UserData",
           "bundled_data", "load_data", "template_toml"]
