"""The data shipped with the adjudicator: the JSON files beside this module, read once."""

from __future__ import annotations

from fractions import Fraction
from functools import cache
from importlib import resources
from typing import TypeVar

from pydantic import BaseModel, ValidationError

from adjudicator.systems.war_for_america.data.charts import (
    ATTRITION_YEARS,
    LEVY_REGIONS,
    TRANSPORT_YEARS,
    Charts,
)
from adjudicator.systems.war_for_america.data.models import (
    Box,
    Card,
    CatalogEntry,
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
)
from adjudicator.systems.war_for_america.data.problems import (
    GameDataProblems,
    cross_check,
    problems_from,
)
from adjudicator.systems.war_for_america.data.tables import bundled_tables
from adjudicator.systems.war_for_america.data.vocabulary import (
    Colony,
    Record,
    Source,
)

_PACKAGE = "adjudicator.systems.war_for_america.data"


class _File(Record):
    about: str
    source: Source


class _SpacesFile(_File):
    complete: bool
    spaces: tuple[Space, ...]


class _MapFile(_File):
    sea_areas_complete: bool
    sea_areas: tuple[SeaArea, ...]
    boxes: tuple[Box, ...]
    tracks: tuple[Track, ...]


class _ConnectionsFile(_File):
    complete: bool
    connections: tuple[Connection, ...]
    terrain: tuple[Terrain, ...]
    distances: tuple[DistanceBound, ...]


class _LeadersFile(_File):
    leaders: tuple[Leader, ...]
    fleets: tuple[Fleet, ...]


class _CardsFile(_File):
    deck_size: int
    cards: tuple[Card, ...]


class _ChartsFile(_File):
    transport: dict[int, int]
    attrition: dict[int, Fraction]
    sources: dict[str, tuple[str, ...]]
    season_names: tuple[str, ...]
    season_names_source: Source


class _CatalogFile(_File):
    rules: tuple[CatalogEntry, ...]


_M = TypeVar("_M", bound=BaseModel)


def _read_bundled(name: str, model: type[_M]) -> _M:
    resource = resources.files(_PACKAGE).joinpath(name)
    try:
        return model.model_validate_json(resource.read_bytes())
    except ValidationError as error:
        raise GameDataProblems(problems_from(error), file=f"bundled data/{name}") from None


def _charts(file: _ChartsFile) -> Charts:
    """The stated chart values, every other one None (digest 5 T-16, T-17)."""
    return Charts(
        levy=dict.fromkeys(LEVY_REGIONS),
        militia_maximums=dict.fromkeys(Colony),
        loyalist_amounts=dict.fromkeys(LEVY_REGIONS),
        transport={year: file.transport.get(year) for year in TRANSPORT_YEARS},
        attrition={year: file.attrition.get(year) for year in ATTRITION_YEARS},
        season_names=file.season_names,
        sources={**file.sources, "season_names": file.season_names_source},
    )


@cache
def bundled_data() -> WfAData:
    """The data shipped with the adjudicator, validated once per process (no user files).

    Raises:
        GameDataError: a bundled file is malformed (a bug; names the file and key).
    """
    spaces = _read_bundled("spaces.json", _SpacesFile)
    world = _read_bundled("map.json", _MapFile)
    lines = _read_bundled("connections.json", _ConnectionsFile)
    people = _read_bundled("leaders.json", _LeadersFile)
    data = WfAData(
        spaces={s.id: s for s in spaces.spaces},
        sea_areas={a.id: a for a in world.sea_areas},
        boxes={b.id: b for b in world.boxes},
        tracks={t.id: t for t in world.tracks},
        terrain={t.id: t for t in lines.terrain},
        connections=lines.connections,
        distances=lines.distances,
        leaders={leader.id: leader for leader in people.leaders},
        fleets={f.id: f for f in people.fleets},
        cards={c.id: c for c in _read_bundled("cards.json", _CardsFile).cards},
        charts=_charts(_read_bundled("charts.json", _ChartsFile)),
        tables=bundled_tables(),
        catalog=_read_bundled("catalog.json", _CatalogFile).rules,
        map_status=MapStatus(spaces_complete=spaces.complete,
                             connections_complete=lines.complete,
                             sea_areas_complete=world.sea_areas_complete),
    )
    problems = cross_check(data)
    if problems:
        raise GameDataProblems(problems, file="bundled data")
    return data
