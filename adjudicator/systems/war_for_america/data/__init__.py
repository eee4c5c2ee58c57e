"""War for America game data: map, leaders, fleets, cards, charts, tables and rules catalog.

Every fact lives in a JSON file of this package with its `source` (a rulebook section or
the rules digest), and is loaded once per process through frozen pydantic models
(`extra="forbid"`). What the rulebook does not print (digest 8 A-1) -- the map's lines and
symbols, the leaders' values, the battle, Petite Guerre, siege and fleet combat tables, the
levy and muster charts, the calendar, the reinforcement charts and the card texts -- is an
explicit `null`, never a guess. `missing_facts` lists those gaps, `template_toml` writes a
commented TOML file for the user to fill, and `load_data(user_files)` merges filled files
over the bundled data.

Modules: `vocabulary` (ids, constants, enums), `models` (map, leaders, fleets, cards,
catalog and `WfAData`), `charts` (CLT, LMMC, MMC, transport, attrition, seasons,
reinforcements), `tables` (T-1..T-16 and the user-supplied tables), `bundled` (reading the
JSON files), `problems` (what can be wrong between files), `user_files` (the shape of a user
file), `user_data` (merging, and the merge policy) and `template` (`template_toml`). Missing facts
are declared on the models' fields and derived by the toolkit's walker
(`adjudicator.systems.common.facts.missing_facts`).
"""

from __future__ import annotations

from adjudicator.systems.common.catalog import CatalogEntry
from adjudicator.systems.common.facts import MissingFact, missing_facts
from adjudicator.systems.war_for_america.data.bundled import bundled_data
from adjudicator.systems.war_for_america.data.charts import Charts, Levy, Muster, Season
from adjudicator.systems.war_for_america.data.models import (
    Box,
    Card,
    Connection,
    DistanceBound,
    Fleet,
    Leader,
    MapStatus,
    SeaArea,
    Space,
    Terrain,
    Track,
    WfAData,
    catalog_ids,
)
from adjudicator.systems.war_for_america.data.problems import GameDataProblems
from adjudicator.systems.war_for_america.data.tables import WfATables, bundled_tables
from adjudicator.systems.war_for_america.data.template import template_toml
from adjudicator.systems.war_for_america.data.user_data import load_data
from adjudicator.systems.war_for_america.data.vocabulary import (
    BattleRating,
    CardFlag,
    Colony,
    Colour,
    ConnectionKind,
    Nation,
    Need,
    Owner,
    Region,
    SeaAreaKind,
    Side,
)

__all__ = [
    "BattleRating",
    "Box",
    "Card",
    "CardFlag",
    "CatalogEntry",
    "Charts",
    "Colony",
    "Colour",
    "Connection",
    "ConnectionKind",
    "DistanceBound",
    "Fleet",
    "GameDataProblems",
    "Leader",
    "Levy",
    "MapStatus",
    "MissingFact",
    "Muster",
    "Nation",
    "Need",
    "Owner",
    "Region",
    "SeaArea",
    "SeaAreaKind",
    "Season",
    "Side",
    "Space",
    "Terrain",
    "Track",
    "WfAData",
    "WfATables",
    "bundled_data",
    "bundled_tables",
    "catalog_ids",
    "load_data",
    "missing_facts",
    "template_toml",
]
