"""The American Revolution fixture module: a real .vmod our writer made, that reads back
with every locale as a region, the tables, boxes and tracks as zones, two-sided units and
leaders, every campaign marker, a face-down Marker Pool, private hands, the dice and the
global properties; and the standard set-up and the smoke scenario build on it."""

from __future__ import annotations

from pathlib import Path

import pytest

from adjudicator.scenario import build_scenario_log
from adjudicator.systems.american_revolution.data import bundled_data
from adjudicator.systems.common.module_names import module_piece_names
from tests.conftest import REPO, zip_entries
from vmod_schema.buildfile import MapKind, Module, open_module
from vmod_schema.grids import RegionGrid, ZonedGrid

AR = REPO / "fixtures" / "american-revolution"
BUILDFILE = AR / "module" / "buildFile.xml"
VMOD = AR / "american-revolution-fixture.vmod"


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
    assert module.name == "The American Revolution (fixture)"
    assert set(zip_entries(VMOD)) == {"buildFile.xml", "moduledata"}


def test_every_locale_and_off_map_box_is_a_region(module: Module) -> None:
    _, regions = _zones_and_regions(module)
    assert len(regions) == len(bundled_data().locales)
    assert {"Boston", "Fort Detroit", "Port-au-Prince", "Britain Box", "France Box",
            "Spain Box"} <= regions


def test_tables_boxes_and_tracks_are_zones(module: Module) -> None:
    zones, _ = _zones_and_regions(module)
    assert {"Initiative Box", "Played Markers", "American Battle Box", "British Battle Box",
            "American Leader Pool", "British Leader Pool", "Eliminated Units",
            "Removed From Play", "Set Aside", "Revolutionary Progress Table",
            "Balance of Power Table", "New England Loyalty Table",
            "Canada Loyalty Table"} <= zones
    assert {"Don't Tread on Me", "Articles of Confederation", "BoP -3", "BoP 0",
            "BoP +3", "Mid-Atlantic Loyalty -3", "West Loyalty 0",
            "Florida Loyalty +3"} <= zones


def test_units_and_leaders_have_a_disrupted_side(module: Module) -> None:
    names = set(module_piece_names(module))
    assert {"British Regular", "British Regular (Disrupted)", "Tory Militia (Disrupted)",
            "Washington", "Washington (Disrupted)", "Hessian", "Spanish Fleet"} <= names
    data = bundled_data()
    slots = {slot.entry_name for slot in module.piece_slots}
    assert {marker.name for marker in data.markers.values()} <= slots
    assert {"Fortress", "Siege", "Rebel Partisan", "Tory Partisan", "Massacre",
            "Revolutionary Progress", "Balance of Power", "New England Loyalty",
            "Canada Loyalty"} <= slots


def test_pool_hands_dice_and_properties(module: Module) -> None:
    (main,) = [m for m in module.maps if m.identifier == "Map"]
    (pool,) = main.draw_piles
    assert pool.name == "Marker Pool" and pool.attributes["faceDown"] == "Always"
    hands = [m for m in module.maps if m.kind is MapKind.PLAYER_HAND]
    assert {m.identifier for m in hands} == {"American Hand", "British Hand"}
    buttons = {button.name: button for button in module.dice_buttons}
    assert (buttons["1d6"].n_dice, buttons["2d6"].n_dice) == (1, 2)
    assert {p.name for p in module.global_properties} == {
        "Turn", "Phase", "First Player", "American PP", "British PP"}


def test_the_standard_set_up_builds(tmp_path: Path) -> None:
    scenario = tmp_path / "setup-only.toml"
    setups = AR / "scenarios" / "setups" / "standard.toml"
    scenario.write_text(f'source = "test"\nmodule = "{BUILDFILE}"\n'
                        f'setup_files = ["{setups}"]\n', encoding="utf-8")
    assert build_scenario_log(scenario, tmp_path / "setup.vlog").is_file()
