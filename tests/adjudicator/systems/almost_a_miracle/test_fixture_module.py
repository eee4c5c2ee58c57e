"""The Almost a Miracle! fixture module: a real .vmod our writer made, that reads back with
every Area as a region, the boxes as zones, SP counters in six made-up denominations,
two-sided leaders, trains, forts and markers, the dice and the global properties; and the
Scenario 1 set-up builds on it."""

from __future__ import annotations

from pathlib import Path

import pytest

from adjudicator.binding import normalize_name
from adjudicator.scenario import build_scenario_log
from adjudicator.systems.almost_a_miracle.binding import piece_entities, place_entities
from adjudicator.systems.almost_a_miracle.data import load_data
from adjudicator.systems.common.module_names import module_piece_names
from tests.conftest import REPO, zip_entries
from vmod_schema.buildfile import Module, open_module
from vmod_schema.grids import RegionGrid, ZonedGrid

AAM = REPO / "fixtures" / "almost-a-miracle"
BUILDFILE = AAM / "module" / "buildFile.xml"
VMOD = AAM / "almost-a-miracle-fixture.vmod"
DATA = AAM / "data" / "fixture.toml"


@pytest.fixture(scope="module")
def module() -> Module:
    return open_module(VMOD)


def _zones_and_regions(module: Module) -> tuple[set[str], set[str]]:
    zones: set[str] = set()
    regions: set[str] = set()
    for map_ in module.maps:
        for board in map_.boards:
            grid = board.grid
            if isinstance(grid, ZonedGrid):
                zones |= {zone.name for zone in grid.zones}
                grid = grid.background
            if isinstance(grid, RegionGrid):
                regions |= {region.name for region in grid.regions}
    return zones, regions


def test_the_vmod_reads_back_as_the_same_module_as_its_buildfile(module: Module) -> None:
    bare = open_module(BUILDFILE)
    assert module.model_dump(exclude={"metadata"}) == bare.model_dump(exclude={"metadata"})
    assert module.name == "Almost a Miracle (fixture)"
    assert set(zip_entries(VMOD)) == {"buildFile.xml", "moduledata"}


def test_every_area_is_a_region_and_every_box_a_zone(module: Module) -> None:
    zones, regions = _zones_and_regions(module)
    assert len(regions) == len(load_data([DATA]).areas) == 53
    assert {"NE13 Boston", "Y13 New York City", "Y48", "I7", "NE12",
            "M1 Annapolis"} <= regions
    months = {zone for zone in zones if zone[-4:].isdigit()}
    assert len(months) == 77 and {"Jun 1775", "Oct 1778", "Oct 1781"} <= months
    assert zones - months == {"At Sea", "Transit Area", "Eliminated", "Turn Record Track",
                              "Weather Box", "Continental BT Available",
                              "Continental BT Expended", "Continental Leader POW",
                              "Continental POW", "British BT Available",
                              "British BT Expended", "British Leader POW", "British POW"}


def test_counters_leaders_and_markers(module: Module) -> None:
    names = set(module_piece_names(module))
    assert {"Continental Regulars 1 SP", "Continental Regulars 20 SP", "Iroquois 10 SP",
            "New York/New Jersey Militia 3 SP", "Washington", "Washington (Moved)",
            "British Baggage Train", "British Magazine", "British Captured Baggage Train",
            "Continental Base of Operations", "Continental Fort (Build)",
            "Continental Fort", "Destroyed Fort", "Siege L1", "Siege L2", "Moved",
            "Continental Major Victory", "British Major Victory", "French Intervention",
            "British Sea Control", "French Sea Control", "Rain", "Flood",
            "Royal Governor"} <= names
    assert len([name for name in names if name.endswith(" SP")]) == 12 * 6


def test_dice_roster_and_properties(module: Module) -> None:
    buttons = {button.name: button for button in module.dice_buttons}
    assert (buttons["1d6"].n_dice, buttons["2d6"].n_dice) == (1, 2)
    assert {p.name for p in module.global_properties} == {
        "Year", "Month", "Phase", "Active Player"}
    assert "<entry>Continental</entry><entry>British</entry>" in BUILDFILE.read_text(
        encoding="utf-8")


def test_no_name_is_claimed_by_two_entities() -> None:
    data = load_data([DATA])
    for table in (piece_entities(data), place_entities(data)):
        owner: dict[str, str] = {}
        for entity, forms in table.items():
            for form in forms:
                assert owner.setdefault(normalize_name(form), entity) == entity, form


def test_the_scenario_1_set_up_builds(tmp_path: Path) -> None:
    scenario = tmp_path / "setup-only.toml"
    setups = AAM / "scenarios" / "setups" / "scenario1.toml"
    scenario.write_text(f'source = "test"\nmodule = "{BUILDFILE}"\n'
                        f'setup_files = ["{setups}"]\n', encoding="utf-8")
    assert build_scenario_log(scenario, tmp_path / "setup.vlog").is_file()
