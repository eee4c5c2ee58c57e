"""Almost a Miracle! game data: regions, Areas, connections, unit kinds, leaders, the tables
and the rules catalog (bundled JSON, every fact with its `source`); `missing` lists what
the map, counters and Player's Aid Charts must supply, `template_toml` writes the file a
user fills, `load_data(user_files)` merges filled files over the bundled data."""

from __future__ import annotations

from adjudicator.systems.almost_a_miracle.data.bundled import bundled_data
from adjudicator.systems.almost_a_miracle.data.models import (
    AaMData,
    Area,
    Connection,
    Leader,
    Region,
    Table,
    UnitKind,
)
from adjudicator.systems.almost_a_miracle.data.template import template_toml
from adjudicator.systems.almost_a_miracle.data.user import UserData, load_data
from adjudicator.systems.almost_a_miracle.data.vocabulary import Need, Side

__all__ = ["AaMData", "Area", "Connection", "Leader", "Need", "Region", "Side", "Table",
           "UnitKind", "UserData", "bundled_data", "load_data", "template_toml"]
