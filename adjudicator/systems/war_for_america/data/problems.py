"""What can be wrong between the War for America data files: references to unknown things.

The one-line problem records and their error (`DataProblem`, `GameDataProblems`,
`problems_from`) are the toolkit's (`adjudicator.systems.common.datafiles`).
"""

from __future__ import annotations

from adjudicator.systems.common.datafiles import (
    DataProblem,
    GameDataProblems,
    problems_from,
)
from adjudicator.systems.war_for_america.data.models import WfAData
from adjudicator.systems.war_for_america.data.vocabulary import (
    ConnectionKind,
    Owner,
    Region,
    SeaAreaKind,
)

__all__ = ["DataProblem", "GameDataProblems", "cross_check", "problems_from"]


BRITISH_CARIBBEAN_POSSESSIONS = 3
"""'4 SP per space are distributed among the three British possessions in the Caribbean'
(WfA 13.14)."""


def cross_check(data: WfAData) -> list[DataProblem]:
    """References between files: lines, OBZs, terrain and distances name known things; the
    garrison minimums agree with table T-1 (WfA 4.13), the 1776 transport cap with T-16
    (WfA 14.10), and a complete map has the three British Caribbean possessions (13.14)."""
    problems = _references(data)
    problems += _agreements(data)
    return problems


def _references(data: WfAData) -> list[DataProblem]:
    problems: list[DataProblem] = []
    places = set(data.spaces) | set(data.sea_areas) | set(data.boxes)
    seen: set[tuple[frozenset[str], ConnectionKind]] = set()
    for i, line in enumerate(data.connections):
        key = f"connections[{i}]"
        for end in (line.a, line.b):
            if end not in places:
                problems.append(DataProblem(key, f"connection names unknown place {end!r}"))
        if line.kind is ConnectionKind.LAND and not {line.a, line.b} <= set(data.spaces):
            problems.append(DataProblem(key, f"land line {line.a}-{line.b} must join two "
                                             "spaces"))
        if line.kind is ConnectionKind.OCEAN_TRANSIT and "europe_box" not in line.ends:
            problems.append(DataProblem(key, f"Ocean Transit Line {line.a}-{line.b} must "
                                             "start at the Europe Box (WfA 8.8)"))
        if line.terrain is not None and line.terrain not in data.terrain:
            problems.append(DataProblem(f"{key}.terrain",
                                        f"connection names unknown terrain {line.terrain!r}"))
        if (line.ends, line.kind) in seen:
            problems.append(DataProblem(key, f"connection {line.a}-{line.b} ({line.kind}) "
                                             "is listed twice"))
        seen.add((line.ends, line.kind))
    for space in data.spaces.values():
        if space.obz is None:
            continue
        area = data.sea_areas.get(space.obz)
        if area is None or area.kind is not SeaAreaKind.OBZ:
            problems.append(DataProblem(f"spaces.{space.id}.obz",
                                        f"space {space.id!r} names unknown OBZ {space.obz!r}"))
    for i, bound in enumerate(data.distances):
        for end in (bound.a, bound.b):
            if end not in data.spaces:
                problems.append(DataProblem(f"distances[{i}]",
                                            f"distance names unknown space {end!r}"))
    return problems


def _agreements(data: WfAData) -> list[DataProblem]:
    problems: list[DataProblem] = []
    minimums: dict[str, int] = {}
    for row in data.tables.t1.rows:
        named = data.space_named(row.space)
        if named is None:
            problems.append(DataProblem("tables.t1", f"table T-1 names unknown space "
                                                     f"{row.space!r}"))
        else:
            minimums[named.id] = row.min_sp
    for space in data.spaces.values():
        wanted = minimums.get(space.id, 0)
        if space.garrison_min != wanted:
            problems.append(DataProblem(f"spaces.{space.id}.garrison_min",
                                        f"garrison minimum of {space.id!r} is "
                                        f"{space.garrison_min}, table T-1 says {wanted}"))
    seasons = {season.id for season in data.charts.seasons or ()}
    places = set(data.spaces) | set(data.boxes)
    for i, entry in enumerate(data.charts.reinforcements):
        key = f"charts.reinforcements[{i}]"
        if entry.place is not None and entry.place not in places:
            problems.append(DataProblem(f"{key}.place", f"reinforcements arrive at unknown "
                                                        f"place {entry.place!r}"))
        if seasons and entry.season not in seasons:
            problems.append(DataProblem(f"{key}.season", f"unknown season {entry.season!r} "
                                                         f"(known: {', '.join(sorted(seasons))})"))
    cap = data.tables.t16.value("naval_transport_1776")
    if data.charts.transport.get(1776) != cap:
        problems.append(DataProblem("charts.transport.1776", f"the 1776 transport cap is "
                                    f"{data.charts.transport.get(1776)}, table T-16 says {cap}"))
    if data.map_status.spaces_complete:
        british = sorted(s.id for s in data.spaces.values()
                         if s.region is Region.CARIBBEAN and s.original_owner is Owner.BRITISH)
        if len(british) != BRITISH_CARIBBEAN_POSSESSIONS:
            problems.append(DataProblem("map.spaces_complete", f"a complete map has the "
                                        f"{BRITISH_CARIBBEAN_POSSESSIONS} British Caribbean "
                                        f"possessions of WfA 13.14, found {len(british)}: "
                                        f"{', '.join(british) or 'none'}"))
    return problems
