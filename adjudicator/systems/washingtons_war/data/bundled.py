"""The data shipped with the adjudicator: the JSON files beside this module, read once."""

from __future__ import annotations

from functools import cache

from adjudicator.systems.common.catalog import CatalogFile
from adjudicator.systems.common.datafiles import read_bundled
from adjudicator.systems.common.records import BundledFile
from adjudicator.systems.washingtons_war.data.models import (
    Card,
    Connection,
    DistanceBound,
    General,
    MapStatus,
    NonAdjacency,
    RatingBounds,
    Space,
    TurnReinforcements,
    WWData,
)
from adjudicator.systems.washingtons_war.data.problems import (
    GameDataProblems,
    cross_check,
)
from adjudicator.systems.washingtons_war.data.tables import Tables
from adjudicator.systems.washingtons_war.data.vocabulary import Need

_PACKAGE = "adjudicator.systems.washingtons_war.data"


class _SpacesFile(BundledFile):
    complete: bool
    spaces: tuple[Space, ...]


class _ConnectionsFile(BundledFile):
    complete: bool
    connections: tuple[Connection, ...]
    not_adjacent: tuple[NonAdjacency, ...]
    max_distance: tuple[DistanceBound, ...]


class _GeneralsFile(BundledFile):
    bounds: RatingBounds
    generals: tuple[General, ...]


class _CardsFile(BundledFile):
    deck_size: int
    special_events: int
    war_end_years: tuple[int, int]
    cards: tuple[Card, ...]


class _TablesFile(BundledFile):
    tables: Tables


class _CatalogFile(CatalogFile[Need]):
    prefix = "WW"


class _ReinforcementsFile(BundledFile):
    turns: tuple[TurnReinforcements, ...]


@cache
def bundled_data() -> WWData:
    """The data shipped with the adjudicator, validated once (no user files).

    Raises:
        GameDataError: a bundled file is malformed (a bug; names the file and key).
    """
    spaces = read_bundled(_PACKAGE, "spaces.json", _SpacesFile)
    connections = read_bundled(_PACKAGE, "connections.json", _ConnectionsFile)
    generals = read_bundled(_PACKAGE, "generals.json", _GeneralsFile)
    cards = read_bundled(_PACKAGE, "cards.json", _CardsFile)
    data = WWData(
        spaces={s.id: s for s in spaces.spaces},
        connections=connections.connections,
        not_adjacent=connections.not_adjacent,
        distance_bounds=connections.max_distance,
        rating_bounds=generals.bounds,
        generals={g.id: g for g in generals.generals},
        cards={c.id: c for c in cards.cards},
        tables=read_bundled(_PACKAGE, "tables.json", _TablesFile).tables,
        catalog=read_bundled(_PACKAGE, "catalog.json", _CatalogFile).rules,
        reinforcements=read_bundled(_PACKAGE, "reinforcements.json", _ReinforcementsFile).turns,
        map_status=MapStatus(spaces_complete=spaces.complete,
                             connections_complete=connections.complete),
    )
    problems = cross_check(data)
    if problems:
        raise GameDataProblems(problems, file="bundled data")
    return data
