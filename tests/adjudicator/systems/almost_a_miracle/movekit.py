"""A small map, ratings and moves for the movement and stacking tests: the printed map, the
units' MP and the leaders' ranks are data a user supplies, built here by hand."""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from adjudicator.systems.almost_a_miracle.actions import ForceMoved
from adjudicator.systems.almost_a_miracle.data import AaMData, bundled_data
from adjudicator.systems.almost_a_miracle.data.models import Area, Connection, MapStatus

SOURCE = ("tests: a hand-made map",)


def data_with(*, terrain: Mapping[str, str] | None = None,
              connections: Iterable[tuple[str, str, str]] = (), complete: bool = True,
              mp: Mapping[str, int] | None = None, tec: Mapping[str, int] | None = None,
              ranks: Mapping[str, str] | None = None,
              cities: Mapping[str, bool] | None = None) -> AaMData:
    """The bundled data with a hand-made map, TEC rows, unit MPs and leader ranks."""
    data = bundled_data()
    areas = dict(data.areas)
    for area, kind in (terrain or {}).items():
        old = areas.get(area)
        areas[area] = old.model_copy(update={"terrain": kind}) if old is not None else \
            Area(id=area, name=area, terrain=kind, source=SOURCE)
    for area, city in (cities or {}).items():
        old = areas.get(area) or Area(id=area, name=area, source=SOURCE)
        areas[area] = old.model_copy(update={"city": city})
    kinds = {key: kind.model_copy(update={"mp": (mp or {}).get(key, kind.mp)})
             for key, kind in data.unit_kinds.items()}
    leaders = {key: leader.model_copy(update={"rank": (ranks or {}).get(key, leader.rank)})
               for key, leader in data.leaders.items()}
    tables = dict(data.tables)
    if tec is not None:
        tables["terrain_effects_chart"] = tables["terrain_effects_chart"].model_copy(
            update={"rows": tuple({"terrain": k, "mp": v} for k, v in tec.items())})
    return data.model_copy(update={
        "areas": areas, "unit_kinds": kinds, "leaders": leaders, "tables": tables,
        "connections": tuple(Connection(a=a, b=b, kind=kind, source=SOURCE)
                             for a, b, kind in connections),
        "map_status": MapStatus(areas_complete=complete, connections_complete=complete)})


def move(origin: str, destination: str, *, path: tuple[str, ...] = (),
         leaders: tuple[str, ...] = ("howe",), sp: tuple[tuple[str, int], ...] = (
             ("brit_regular", 5),), trains: int = 0, side: str = "british",
         pieces: tuple[str, ...] = ("a", "b"), step: int = 3,
         die: int | None = 2) -> ForceMoved:
    """A force's move."""
    return ForceMoved(step=step, side=side, pieces=pieces, leaders=leaders, sp=sp,
                      trains=trains, origin=origin, destination=destination,
                      path=path or (origin, destination), die=die)
