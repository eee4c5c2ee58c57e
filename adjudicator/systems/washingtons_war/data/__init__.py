"""Washington's War game data: the map, Generals, cards, tables and rules catalog.

Every fact lives in a JSON file of this package with its `source` (a rulebook section, the
shared map file or the rules digest), and is loaded once through frozen pydantic models
(`extra="forbid"`). What the rulebook does not print -- most of the map, the Generals'
ratings (WW 2.2.B), the 110 cards (WW 2.0) and the British reinforcement numbers of the
Turn Track (WW 5.1, 8.1.A) -- is an explicit `null`, never a guess. `missing_facts` lists
those gaps, `template_toml` writes a commented TOML file for the user to fill, and
`load_data(user_files)` merges filled files over the bundled data.

Modules: `vocabulary` (ids, constants, enums), `models` (the records and `WWData`),
`tables` (T1-T17), `bundled` (reading the JSON files), `problems` (what can be wrong in a
file), `user_data` (merging user TOML files, and the merge policy) and `template`
(`template_toml`). Missing facts are declared on the models' fields and derived by the
toolkit's walker (`adjudicator.systems.common.facts.missing_facts`).
"""

from __future__ import annotations

from adjudicator.systems.common.facts import missing_facts
from adjudicator.systems.washingtons_war.data.bundled import bundled_data
from adjudicator.systems.washingtons_war.data.models import (
    Card,
    Connection,
    DistanceBound,
    General,
    NonAdjacency,
    Space,
    WWData,
    catalog_ids,
)
from adjudicator.systems.washingtons_war.data.problems import GameDataProblems
from adjudicator.systems.washingtons_war.data.template import template_toml
from adjudicator.systems.washingtons_war.data.user_data import load_data
from adjudicator.systems.washingtons_war.data.vocabulary import (
    Box,
    Campaign,
    CardKind,
    Colony,
    ConnectionKind,
    Nationality,
    Need,
    Side,
)

__all__ = [
    "Box",
    "Campaign",
    "Card",
    "CardKind",
    "Colony",
    "Connection",
    "ConnectionKind",
    "DistanceBound",
    "GameDataProblems",
    "General",
    "Nationality",
    "Need",
    "NonAdjacency",
    "Side",
    "Space",
    "WWData",
    "bundled_data",
    "catalog_ids",
    "load_data",
    "missing_facts",
    "template_toml",
]
