"""The War for America fixture module: a real .vmod our writer made, that reads back with
every space of the fixture data, the boxes and tracks, every kind of counter, a face-down
51-card deck, private hands and the D6 and D12 (2d6) buttons."""

from __future__ import annotations

import tomllib
from pathlib import Path
from types import ModuleType

import pytest

from tests.conftest import REPO, load_script, zip_entries
from vmod_schema.buildfile import MapKind, Module, open_module
from vmod_schema.grids import RegionGrid, ZonedGrid

WFA = REPO / "fixtures" / "war-for-america"
BUILDFILE = WFA / "module" / "buildFile.xml"
VMOD = WFA / "war-for-america-fixture.vmod"
DATA = WFA / "data" / "fixture.toml"


def _builder() -> ModuleType:
    return load_script(REPO / "fixtures" / "build_war_for_america.py")


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
    assert module.name == "War for America (fixture)"
    assert set(zip_entries(VMOD)) == {"buildFile.xml", "moduledata"}


def test_every_space_of_the_fixture_data_is_a_region_of_the_map(module: Module) -> None:
    data = tomllib.loads(DATA.read_text(encoding="utf-8"))
    names = {space["name"] for space in data["spaces"].values()}
    _, regions = _zones_and_regions(module)
    assert regions == names
    assert len(regions) == len(data["spaces"])


def test_boxes_sea_areas_and_tracks_are_zones(module: Module) -> None:
    zones, _ = _zones_and_regions(module)
    data = tomllib.loads(DATA.read_text(encoding="utf-8"))
    assert {area["name"] for area in data["sea_areas"].values()} <= zones
    assert {"Europe Box", "British Leader Pool", "Colonial Leader Pool"} <= zones
    # Political Will 0-15 (WfA 5.0), the AP track, rounds, years 1775-1782.
    assert {f"PW {n}" for n in range(16)} <= zones
    assert {f"AP {n}" for n in range(5)} | {f"Round {n}" for n in range(1, 5)} <= zones
    assert {f"Turn {year}" for year in range(1775, 1783)} <= zones
    assert {"Early Spring", "Late Spring", "Winter"} <= zones
    assert {"Army W Box", "Army R Box", "British Army N Box", "Colonial Army S Box"} <= zones


def test_counters_of_every_kind_are_in_the_palette(module: Module) -> None:
    names = {slot.entry_name for slot in module.piece_slots}
    for nation in ("British", "German", "Loyalist", "Six Nations", "Continental", "Militia",
                   "French", "Spanish", "Dutch"):
        assert f"{nation} SP 1" in names and f"{nation} SP 5" in names
    assert {"British Garrison", "French Garrison", "Spanish Garrison"} <= names
    assert {"Army W", "Army R", "British Army N", "Colonial Army S"} <= names
    assert {"British Lake Navy", "Colonial Lake Navy", "Siege Marker", "Siege Mortar",
            "British PW", "Colonial PW", "British AP", "Colonial AP", "Year", "Season",
            "Action Round", "Magazine", "British Fort", "Colonial Entrenchment",
            "Fortress"} <= names
    assert any("Fleet" in name for name in names)


def test_the_deck_holds_51_cards_face_down_and_the_hands_are_private(module: Module) -> None:
    (main,) = [m for m in module.maps if m.identifier == "Map"]
    decks = {pile.name: pile for pile in main.draw_piles}
    assert len(decks["Action Deck"].slots) == 51
    assert decks["Action Deck"].attributes["faceDown"] == "Always"
    hands = [m for m in module.maps if m.kind is MapKind.PLAYER_HAND]
    assert {m.identifier for m in hands} == {"British Hand", "Colonial Hand"}


def test_d12_is_two_six_sided_dice(module: Module) -> None:
    buttons = {button.name: button for button in module.dice_buttons}
    assert (buttons["1d6"].n_dice, buttons["1d6"].n_sides) == (1, 6)
    assert (buttons["2d6"].n_dice, buttons["2d6"].n_sides) == (2, 6)


def test_the_builder_writes_the_committed_buildfile_and_module(tmp_path: Path) -> None:
    builder = _builder()
    text = builder.buildfile(builder.read_source())
    assert text == BUILDFILE.read_text(encoding="utf-8")
    assert "MADE UP" in text


def test_without_a_data_file_the_builder_uses_the_bundled_data(
        tmp_path: Path) -> None:
    builder = _builder()
    source = builder.read_source(tmp_path / "absent.toml")
    assert "Boston" in source.spaces and "Halifax" in source.spaces
    assert len(source.cards) == 51
