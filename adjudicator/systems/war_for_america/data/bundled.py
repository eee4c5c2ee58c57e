"""The data shipped with the adjudicator: the JSON files beside this module, read once."""

from __future__ import annotations

from fractions import Fraction
from functools import cache

from adjudicator.systems.common.catalog import CatalogFile
from adjudicator.systems.common.datafiles import read_bundled
from adjudicator.systems.common.records import BundledFile
from adjudicator.systems.war_for_america.data.charts import (
    ATTRITION_YEARS,
    LEVY_REGIONS,
    TRANSPORT_YEARS,
    Charts,
)
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
)
from adjudicator.systems.war_for_america.data.problems import (
    GameDataProblems,
    cross_check,
)
from adjudicator.systems.war_for_america.data.tables import bundled_tables
from adjudicator.systems.war_for_america.data.vocabulary import (
    Colony,
    Need,
    Source,
)

_PACKAGE = "adjudicator.systems.war_for_america.data"


class _SpacesFile(BundledFile):
    complete: bool
    spaces: tuple[Space, ...]


class _MapFile(BundledFile):
    sea_areas_complete: bool
    sea_areas: tuple[SeaArea, ...]
    boxes: tuple[Box, ...]
    tracks: tuple[Track, ...]


class _ConnectionsFile(BundledFile):
    complete: bool
    connections: tuple[Connection, ...]
    terrain: tuple[Terrain, ...]
    distances: tuple[DistanceBound, ...]


class _LeadersFile(BundledFile):
    leaders: tuple[Leader, ...]
    fleets: tuple[Fleet, ...]


class _CardsFile(BundledFile):
    deck_size: int
    cards: tuple[Card, ...]


class _ChartsFile(BundledFile):
    transport: dict[int, int]
    attrition: dict[int, Fraction]
    sources: dict[str, tuple[str, ...]]
    season_names: tuple[str, ...]
    season_names_source: Source


class _CatalogFile(CatalogFile[Need]):
    prefix = "WFA"


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
    spaces = read_bundled(_PACKAGE, "spaces.json", _SpacesFile)
    world = read_bundled(_PACKAGE, "map.json", _MapFile)
    lines = read_bundled(_PACKAGE, "connections.json", _ConnectionsFile)
    people = read_bundled(_PACKAGE, "leaders.json", _LeadersFile)
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
        cards={c.id: c for c in read_bundled(_PACKAGE, "cards.json", _CardsFile).cards},
        charts=_charts(read_bundled(_PACKAGE, "charts.json", _ChartsFile)),
        tables=bundled_tables(),
        catalog=read_bundled(_PACKAGE, "catalog.json", _CatalogFile).rules,
        map_status=MapStatus(spaces_complete=spaces.complete,
                             connections_complete=lines.complete,
                             sea_areas_complete=world.sea_areas_complete),
    )
    problems = cross_check(data)
    if problems:
        raise GameDataProblems(problems, file="bundled data")
    return data
