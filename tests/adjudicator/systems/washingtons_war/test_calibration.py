"""A module with no grid (like the published Washington's War module): pieces are placed
in spaces through the binding's calibration table, and the rules work the same."""

from __future__ import annotations

import re
from pathlib import Path

from adjudicator.binding import Binding, CalibrationPoint, dump_binding
from adjudicator.check import adjudicate
from adjudicator.findings import Severity
from adjudicator.scenario import build_scenario_log
from adjudicator.systems.washingtons_war.binding import draft_binding
from adjudicator.systems.washingtons_war.data import load_data
from tests.conftest import REPO
from vmod_schema.buildfile import open_module
from vmod_schema.grids import RegionGrid, ZonedGrid

WW = REPO / "fixtures" / "washingtons-war"
MODULE = WW / "module" / "buildFile.xml"
DATA = WW / "data" / "fixture-data.toml"


def _gridless_module(tmp_path: Path) -> Path:
    """The fixture module with its board's grid removed (pixels only)."""
    text = MODULE.read_text(encoding="utf-8")
    text = re.sub(r"\s*<VASSAL\.build\.module\.map\.boardPicker\.board\.ZonedGrid>.*?"
                  r"</VASSAL\.build\.module\.map\.boardPicker\.board\.ZonedGrid>", "", text,
                  flags=re.DOTALL)
    path = tmp_path / "gridless.xml"
    path.write_text(text, encoding="utf-8")
    return path


def _calibrated_binding(gridless: Path) -> Binding:
    """A binding for the gridless module whose calibration table gives each space's
    pixel point (taken here from the gridded fixture's regions) and a capture radius."""
    data = load_data([DATA])
    drafted = draft_binding(open_module(gridless), data)
    grid = open_module(MODULE).maps[0].boards[0].grid
    assert isinstance(grid, ZonedGrid) and isinstance(grid.background, RegionGrid)
    calibration = {}
    for region in grid.background.regions:
        space = data.space_named(region.name)
        assert space is not None
        calibration[f"space:{space.id}"] = CalibrationPoint(map="Map", x=region.x,
                                                            y=region.y, radius=40)
    # The boxes lost their zones too: calibrate each bound box at its zone's centre.
    gridded = draft_binding(open_module(MODULE), data)
    for zone in grid.zones:
        place = gridded.locations.get(zone.name)
        if place is None or place.startswith("space:") or not zone.path:
            continue
        xs = [x for x, _ in zone.path]
        ys = [y for _, y in zone.path]
        calibration[place] = CalibrationPoint(
            map="Map", x=(min(xs) + max(xs)) // 2, y=(min(ys) + max(ys)) // 2,
            radius=max(max(xs) - min(xs), max(ys) - min(ys)) // 2 + 1)
    return drafted.model_copy(update={"calibration": calibration})


def test_a_gridless_module_places_pieces_through_the_calibration_table(
        tmp_path: Path) -> None:
    gridless = _gridless_module(tmp_path)
    assert open_module(gridless).maps[0].boards[0].grid is None
    binding_file = tmp_path / "binding.toml"
    binding_file.write_text(dump_binding(_calibrated_binding(gridless)), encoding="utf-8")
    log = build_scenario_log(WW / "scenarios" / "illegal-carleton-too-far.toml",
                             tmp_path / "game.vlog")
    report = adjudicate(log, game="ww", module_path=gridless, data_files=[DATA],
                        binding_file=binding_file)
    illegal = [(f.rule_id, f.step) for f in report.findings if f.severity is Severity.ILLEGAL]
    assert illegal == [("WW-MOV-02", 2)]
    assert not [f for f in report.findings if f.rule_id == "REPLAY-LOCATION"]


def test_without_the_boxes_calibrated_the_verdict_is_withheld(tmp_path: Path) -> None:
    """Pieces in boxes the binding cannot place make positions unknown: the same overlong
    move is then reported unchecked, naming the unresolved location, never illegal."""
    gridless = _gridless_module(tmp_path)
    binding = _calibrated_binding(gridless)
    spaces_only = {k: v for k, v in binding.calibration.items() if k.startswith("space:")}
    binding_file = tmp_path / "binding.toml"
    binding_file.write_text(dump_binding(binding.model_copy(
        update={"calibration": spaces_only})), encoding="utf-8")
    log = build_scenario_log(WW / "scenarios" / "illegal-carleton-too-far.toml",
                             tmp_path / "game.vlog")
    report = adjudicate(log, game="ww", module_path=gridless, data_files=[DATA],
                        binding_file=binding_file)
    assert not [f for f in report.findings if f.severity is Severity.ILLEGAL]
    withheld = [f for f in report.findings if f.rule_id == "WW-MOV-02"]
    assert withheld and withheld[0].severity is Severity.UNCHECKED
    assert "offboard" in withheld[0].message
    assert "WW-MOV-02" not in report.coverage.checked


def test_a_point_outside_every_radius_is_in_no_space(tmp_path: Path) -> None:
    binding = _calibrated_binding(_gridless_module(tmp_path))
    assert binding.place("Map", "offboard", 1500, 120) == "space:quebec"
    assert binding.place("Map", "offboard", 1500, 200) is None
