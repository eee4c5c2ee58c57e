"""The data shipped with the adjudicator: the JSON files beside this module, read once."""

from __future__ import annotations

from functools import cache
from importlib import resources
from typing import TypeVar

from pydantic import BaseModel, ValidationError

from adjudicator.systems.washingtons_war.data.models import (
    Card,
    CatalogEntry,
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
    problems_from,
)
from adjudicator.systems.washingtons_war.data.tables import Tables
from adjudicator.systems.washingtons_war.data.vocabulary import Record, Source

_PACKAGE = "adjudicator.systems.washingtons_war.data"


class _File(Record):
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
    resource = resources.files(_PACKAGE).joinpath(name)
    label = f"bundled data/{name}"
    try:
        return model.model_validate_json(resource.read_bytes())
    except ValidationError as error:
        raise GameDataProblems(problems_from(error), file=label) from None


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
    problems = cross_check(data)
    if problems:
        raise GameDataProblems(problems, file="bundled data")
    return data
