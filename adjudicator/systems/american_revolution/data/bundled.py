"""The data shipped with the adjudicator: the JSON files beside this module, read once."""

from __future__ import annotations

from functools import cache
from typing import Any, ClassVar

from adjudicator.systems.american_revolution.data.models import (
    ARData,
    CampaignMarker,
    Formation,
    Leader,
    Locale,
    MobilizationCost,
    Region,
)
from adjudicator.systems.american_revolution.data.vocabulary import Need
from adjudicator.systems.common.catalog import CatalogFile
from adjudicator.systems.common.datafiles import read_bundled
from adjudicator.systems.common.records import BundledFile, Record

_PACKAGE = "adjudicator.systems.american_revolution.data"


class _Catalog(CatalogFile[Need]):
    prefix: ClassVar[str] = "AR"


class _Totals(Record):
    note: str
    by_region: dict[str, int]
    all_towns: int
    colonial_regions: int
    military_victory_threshold: int
    source: str


class _TownsFile(BundledFile):
    totals: _Totals
    regions: tuple[Region, ...]
    locales: tuple[Locale, ...]


class _ForcesFile(BundledFile):
    formations: tuple[Formation, ...]
    leaders: tuple[Leader, ...]
    markers: tuple[CampaignMarker, ...]
    costs: tuple[MobilizationCost, ...]


class _TablesFile(BundledFile):
    tables: dict[str, Any]


@cache
def bundled_data() -> ARData:
    """The rulebook's facts, as the digest transcribes them (`towns.json`, `forces.json`,
    `catalog.json`); `tables.json` is read to check it stays well formed."""
    towns = read_bundled(_PACKAGE, "towns.json", _TownsFile)
    forces = read_bundled(_PACKAGE, "forces.json", _ForcesFile)
    catalog = read_bundled(_PACKAGE, "catalog.json", _Catalog)
    read_bundled(_PACKAGE, "tables.json", _TablesFile)
    return ARData(
        catalog=catalog.rules,
        regions={region.id: region for region in towns.regions},
        locales={locale.id: locale for locale in towns.locales},
        formations={formation.id: formation for formation in forces.formations},
        leaders={leader.id: leader for leader in forces.leaders},
        markers={marker.id: marker for marker in forces.markers},
        costs={cost.id: cost for cost in forces.costs})


def military_victory_threshold() -> int:
    """The PV a side's units must hold for a military victory (AR 3.1(1)): 36."""
    return read_bundled(_PACKAGE, "towns.json", _TownsFile).totals.military_victory_threshold
