"""The calibration page (`adjudicator calibrate`) driven in real headless Chromium, on the
real-shaped Washington's War module: from `calibrate` to a checked log with every
location resolved, with no calibration line written by hand.

The page shows the module's board image with the 12 places the at-start stacks seed; the
test clicks the other places where the fixture's made-up layout (`places.toml`) puts them
and the four stock pools as "a stock pool", exports, gives the file to `bind
--calibration`, and checks the too-far log with that binding. Skipped when Chromium or
Playwright is absent, except on CI (`CI=true`), where that fails.
"""

from __future__ import annotations

import json
import tomllib
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest
from typer.testing import CliRunner

from adjudicator.binding import load_binding, match_names
from adjudicator.cli import app
from adjudicator.systems.washingtons_war.binding import place_entities
from adjudicator.systems.washingtons_war.data.bundled import bundled_data
from tests.browser.conftest import watched_page

if TYPE_CHECKING:
    from playwright.sync_api import Browser, Page

REAL = Path(__file__).parents[2] / "fixtures" / "washingtons-war-real-shaped"
VMOD = REAL / "washingtons-war-real-shaped.vmod"
DATA = REAL.parent / "washingtons-war" / "data" / "fixture-data.toml"
TOO_FAR = REAL / "games" / "illegal-carleton-too-far.vlog"
STOCKS = ("British Stock", "American Stock", "French Stock", "PC Stock")
"""The fixture's stock pools (made up): off the map once calibrated."""


def _run(*args: str | Path) -> Any:
    result = CliRunner().invoke(app, [str(arg) for arg in args])
    assert result.exit_code == 0, result.output
    return result


@pytest.fixture
def page(browser: Browser) -> Iterator[Page]:
    """A page as tall as the board drawn 800 pixels wide; script errors fail the test."""
    yield from watched_page(browser, viewport={"width": 1200, "height": 1400},
                            accept_downloads=True)


def _layout() -> tuple[dict[str, tuple[int, int]], dict[str, tuple[int, int]]]:
    """(place id → its made-up point, stock pool name → its point) from places.toml."""
    places = tomllib.loads((REAL / "places.toml").read_text(encoding="utf-8"))["places"]
    matched, unmatched, _ = match_names(places, place_entities(bundled_data()))
    assert set(STOCKS) <= set(unmatched)
    points = {entity: (places[name]["x"], places[name]["y"]) for name, entity in matched.items()}
    return points, {name: (places[name]["x"], places[name]["y"]) for name in STOCKS}


def _click(page: Page, x: int, y: int) -> None:
    """Click the board at a map pixel."""
    box = page.locator("#overlay").bounding_box()
    assert box is not None
    page.locator("#overlay").click(position={"x": x * box["width"] / 3300,
                                             "y": y * box["height"] / 5100})


def test_a_calibration_clicked_on_the_page_resolves_every_location_of_a_checked_log(
        page: Page, tmp_path: Path) -> None:
    html = tmp_path / "calibrate.html"
    result = _run("calibrate", VMOD, "--game", "ww", "--data", DATA, "--out", html)
    assert "12 places seeded" in result.stdout
    page.goto(html.as_uri())

    # The module's own board image is drawn, with the seeded places marked on it.
    assert page.eval_on_selector("#board-image", "i => [i.complete, i.naturalWidth, "
                                 "i.naturalHeight]") == [True, 3300, 5100]
    seeded = page.eval_on_selector_all("circle.seeded", "cs => cs.map(c => "
                                       "c.querySelector('title').textContent)")
    assert len(seeded) == 12
    assert "space:quebec (at-start stack Carleton)" in seeded
    assert "track:turn_1775 (at-start stack British Regulars)" in seeded
    assert page.locator("circle.stack").count() == 10  # 5 lone British PCs, 5 pools

    points, stocks = _layout()
    remaining = page.eval_on_selector_all("#places option", "os => os.map(o => o.value)")
    assert remaining[:5] == ["space:montreal", "space:norfolk", "space:gilbert_town",
                             "space:wilmington_nc", "space:ninety_six"]
    assert not set(remaining) & {"space:quebec", "box:br_reinforcements"}
    # A wrong click (Montreal put where Hartford is) is undone: the place is back, chosen.
    _click(page, *points["space:hartford"])
    assert page.locator("circle.clicked").count() == 1
    assert page.input_value("#places") == "space:norfolk"
    page.click("#undo")
    assert page.locator("circle.clicked").count() == 0
    assert page.input_value("#places") == "space:montreal"
    assert page.eval_on_selector_all("#places option", "os => os.map(o => o.value)"
                                     ) == remaining
    clicked = 0
    for place in remaining:
        if place in points:
            page.select_option("#places", place)
            _click(page, *points[place])
            clicked += 1
    for name in STOCKS:
        page.select_option("#places", "stock")
        _click(page, *stocks[name])
    assert page.locator("circle.clicked").count() == clicked + len(STOCKS)
    assert page.locator("circle.stack").count() == 1  # the queue markers: no game piece

    with page.expect_download() as download:
        page.click("#export")
    exported = tmp_path / "calibration.toml"
    download.value.save_as(exported)
    text = exported.read_text(encoding="utf-8")
    assert text == page.input_value("#toml")
    calibration = tomllib.loads(text)["calibration"]
    assert len(calibration) == 12 + clicked + len(STOCKS)
    # Seeded points are the stacks' pixels; clicked ones the point clicked (within a screen
    # pixel: 3300 map pixels are drawn 800 wide), or the stack's when the click fell near
    # an unassigned at-start stack.
    assert calibration["space:quebec"] == {"map": "Main Map", "x": 250, "y": 250,
                                           "radius": 60}
    assert calibration["space:montreal"] == {"map": "Main Map", "x": 810, "y": 250,
                                             "radius": 60}
    for place, (x, y) in points.items():
        point = calibration[place]
        assert abs(point["x"] - x) <= 5 and abs(point["y"] - y) <= 5, place

    # `bind --calibration` takes it; the set-up's places are no longer unmatched.
    binding_file = tmp_path / "binding.toml"
    binding_file.write_text(_run("bind", VMOD, "--game", "ww", "--data", DATA,
                                 "--calibration", exported).stdout, encoding="utf-8")
    binding = load_binding(binding_file)
    assert binding.calibration["space:quebec"].x == 250
    assert not [e for e in binding.unmatched.entities if e.startswith("space:")]

    out = tmp_path / "out"
    _run("check", TOO_FAR, "--game", "ww", "--module", VMOD, "--data", DATA, "--binding",
         binding_file, "--format", "json", "--out", out)
    report = json.loads((out / f"{TOO_FAR.name}.adjudication.json").read_text())
    assert not [f for f in report["findings"] if f["rule_id"] == "REPLAY-LOCATION"]
    main = [p for p in report["replay"]["start"] if p["at"]["map"] == "Main Map"]
    assert len(main) == 115
    illegal = [(f["rule_id"], f["step"]) for f in report["findings"]
               if f["severity"] == "illegal"]
    assert illegal == [("WW-MOV-02", 2)]
