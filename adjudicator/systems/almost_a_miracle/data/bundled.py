"""The data shipped with the adjudicator: the JSON files beside this module, read once."""

from __future__ import annotations

from functools import cache
from typing import Any, ClassVar

from adjudicator.systems.almost_a_miracle.data.models import (
    AaMData,
    Area,
    Connection,
    Leader,
    Region,
    Table,
    UnitKind,
)
from adjudicator.systems.almost_a_miracle.data.vocabulary import Need
from adjudicator.systems.common.catalog import CatalogFile
from adjudicator.systems.common.datafiles import read_bundled
from adjudicator.systems.common.records import BundledFile

_PACKAGE = "adjudicator.systems.almost_a_miracle.data"


class _Catalog(CatalogFile[Need]):
    prefix: ClassVar[str] = "AAM"


class _MapFile(BundledFile):
    regions: tuple[Region, ...]
    areas: tuple[Area, ...]
    places_without_area_id: tuple[dict[str, Any], ...]
    boxes: tuple[dict[str, Any], ...]
    waters: tuple[dict[str, Any], ...]
    connections: tuple[Connection, ...]
    unresolved_connections: tuple[Connection, ...]
    missing: tuple[str, ...]


class _ForcesFile(BundledFile):
    leader_categories: dict[str, Any]
    unit_kinds: tuple[UnitKind, ...]
    supply_and_fort_counters: tuple[dict[str, Any], ...]
    leaders: tuple[Leader, ...]


class _TablesFile(BundledFile):
    tables: dict[str, dict[str, Any]]


class _ScenariosFile(BundledFile):
    notes: Any
    scenarios: Any


def _table(key: str, raw: dict[str, Any]) -> Table:
    source = raw.get("source") or ("shared/rules/almost-a-miracle.md section 5",)
    return Table(id=key, name=raw.get("name"), missing=bool(raw.get("missing")),
                 partial=bool(raw.get("partial")),
                 rows=None if raw.get("missing") else tuple(raw.get("rows", ())) or None,
                 source=tuple(source) if isinstance(source, list) else (source,))


@cache
def bundled_data() -> AaMData:
    """The rulebook's facts, as the digest transcribes them (`map.json`, `forces.json`,
    `tables.json`, `catalog.json`; `scenarios.json` is read to check it stays well
    formed)."""
    board = read_bundled(_PACKAGE, "map.json", _MapFile)
    forces = read_bundled(_PACKAGE, "forces.json", _ForcesFile)
    tables = read_bundled(_PACKAGE, "tables.json", _TablesFile)
    catalog = read_bundled(_PACKAGE, "catalog.json", _Catalog)
    read_bundled(_PACKAGE, "scenarios.json", _ScenariosFile)
    return AaMData(
        catalog=catalog.rules,
        regions={region.id: region for region in board.regions},
        areas={area.id: area for area in board.areas},
        connections=board.connections,
        unit_kinds={kind.id: kind for kind in forces.unit_kinds},
        leaders={leader.id: leader for leader in forces.leaders},
        tables={key: _table(key, raw) for key, raw in tables.tables.items()})
