"""The replay page draws the game as VASSAL shows it (issue 23, part 3), in real headless
Chromium: on Washington's War, War for America, the real-shaped WW module (with its board
image) and a file of another game checked as WW.

In the page's DOM: no two shown labels (a piece's named box, a space's name) overlap, at
the first and last steps; the module's board image is drawn when it has one, and only then; a move
VASSAL reports hop by hop is drawn along its path; a file not of the game shows none of
the game's spaces. Each case writes a screenshot; `ADJUDICATOR_SCREENSHOTS=DIR` keeps
them (the README's `docs/replay-*.png` are made so).
"""

from __future__ import annotations

import os
import tomllib
from pathlib import Path
from typing import TYPE_CHECKING

from adjudicator.audit.job import check_file
from adjudicator.binding import CalibrationPoint, dump_binding, load_binding, match_names
from adjudicator.check import adjudicate
from adjudicator.folderconfig import config_for
from adjudicator.report.html import render_html
from adjudicator.report.models import Report, ReportStatus
from adjudicator.systems.washingtons_war.binding import place_entities
from adjudicator.systems.washingtons_war.data.bundled import bundled_data
from tests.conftest import REPO, corpus_file

if TYPE_CHECKING:
    from playwright.sync_api import Page

FIXTURES = REPO / "fixtures"
REAL = FIXTURES / "washingtons-war-real-shaped"
WW_MODULE = FIXTURES / "washingtons-war" / "washingtons-war-fixture.vmod"
WW_DATA = FIXTURES / "washingtons-war" / "data" / "fixture-data.toml"
PAGE_CAP = 2_500_000
"""Bytes a replay page may weigh with its board image."""

_LABELS = """svg => Array.from(svg.querySelectorAll(
    'g.piece:not(.tucked) rect, text.space-label:not(.tucked)'))
  .map(t => t.getBoundingClientRect())
  .filter(b => b.width > 0 && b.height > 0)
  .map(b => [b.left, b.top, b.right, b.bottom])"""


def _real(name: str) -> Report:
    return adjudicate(REAL / "games" / name, game="ww",
                      module_path=REAL / "washingtons-war-real-shaped.vmod",
                      data_files=[WW_DATA], binding_file=REAL / "binding.toml")


def _open(page: Page, report: Report, folder: Path, *, images: bool = True) -> str:
    html = render_html(report, images=images)
    path = folder / "report.html"
    path.write_text(html, encoding="utf-8")
    page.goto(path.as_uri())
    return html


def _overlapping_labels(page: Page) -> list[tuple[list[float], list[float]]]:
    boxes: list[list[float]] = page.locator("svg.map:not([hidden])").evaluate(_LABELS)
    assert boxes, "no label is shown on the visible map"
    slack = 0.5  # sub-pixel rounding of adjacent boxes is not an overlap
    gap = 4  # labels side by side keep a gap: two names never read as one
    return [(a, b) for i, a in enumerate(boxes) for b in boxes[i + 1:]
            if a[0] - gap + slack < b[2] and b[0] - gap + slack < a[2]
            and a[1] + slack < b[3] and b[1] + slack < a[3]]


def _assert_labels_apart(page: Page) -> None:
    for button in ("#first", "#last"):
        page.click(button)
        assert not _overlapping_labels(page), f"labels overlap after {button}"


def _board_drawn(page: Page) -> bool:
    """Whether the visible map draws a board image that Chromium decoded."""
    drawn: bool = page.locator("svg.map:not([hidden])").evaluate(
        "svg => Array.from(svg.querySelectorAll('image.board')).some(i => {"
        " const b = i.getBoundingClientRect(); return b.width > 100 && b.height > 100"
        " && i.getAttribute('href').startsWith('data:image/'); })")
    return drawn


def _screenshot(page: Page, folder: Path, name: str) -> None:
    keep = os.environ.get("ADJUDICATOR_SCREENSHOTS")
    target = Path(keep) if keep else folder
    target.mkdir(parents=True, exist_ok=True)
    page.locator("#replay").screenshot(path=str(target / f"replay-{name}.png"))
    assert (target / f"replay-{name}.png").stat().st_size > 1000


def test_the_real_shaped_module_is_drawn_on_its_own_board_image(
        page: Page, tmp_path: Path) -> None:
    report = _real("illegal-carleton-too-far.vlog")
    html = _open(page, report, tmp_path)
    assert len(html.encode()) < PAGE_CAP
    assert _board_drawn(page)
    # The board's pixels, not a schematic: the map spans the module's 3300 x 5100 board.
    assert page.get_attribute("svg.map:not([hidden])", "data-board-image") == "drawn"
    box = page.locator("svg.map:not([hidden])").get_attribute("viewBox") or ""
    assert [float(v) for v in box.split()][2:] >= [3300, 5100]
    _assert_labels_apart(page)
    # Carleton's move is drawn from his start to his end; its panel line names pixels of
    # the Main Map, never "offboard".
    assert page.locator("svg.map:not([hidden]) .arrow").count() > 0
    moves = page.text_content("#step-moves") or ""
    assert "Carleton: Main Map (" in moves and "offboard" not in moves
    _screenshot(page, tmp_path, "real-shaped-uncalibrated")


def test_without_images_the_real_shaped_page_embeds_and_draws_no_board(
        page: Page, tmp_path: Path) -> None:
    """`images=False` leaves the board image out and the page falls back to the game's
    schematic (on this made-up board, whose JPEG is small, the page shrinks only a little:
    the size test is the image's absence)."""
    report = _real("illegal-carleton-too-far.vlog")
    with_images = render_html(report)
    assert "data:image/jpeg" in with_images
    html = _open(page, report, tmp_path, images=False)
    assert "data:image/" not in html
    assert not _board_drawn(page)
    _assert_labels_apart(page)


def test_a_move_reported_hop_by_hop_is_drawn_along_its_path(
        page: Page, tmp_path: Path) -> None:
    """On the real-shaped module with its spaces calibrated (from the fixture's made-up
    points): Carleton's Quebec -> Montreal -> Ticonderoga -> Hartford is three legs."""
    places = tomllib.loads((REAL / "places.toml").read_text(encoding="utf-8"))["places"]
    matched, _, _ = match_names(places, place_entities(bundled_data()))
    calibration = {entity: CalibrationPoint(map="Main Map", x=places[name]["x"],
                                            y=places[name]["y"], radius=60)
                   for name, entity in matched.items()}
    binding = tmp_path / "calibrated.toml"
    binding.write_text(dump_binding(load_binding(REAL / "binding.toml").model_copy(
        update={"calibration": calibration})), encoding="utf-8")
    report = adjudicate(REAL / "games" / "illegal-carleton-too-far.vlog", game="ww",
                        module_path=REAL / "washingtons-war-real-shaped.vmod",
                        data_files=[WW_DATA], binding_file=binding)
    _open(page, report, tmp_path)
    page.click("#last")
    hops = page.eval_on_selector_all("svg.map:not([hidden]) .arrow",
                                     "nodes => nodes.map(n => n.dataset.hops)")
    assert hops and set(hops) == {"3"}, hops
    assert _board_drawn(page)
    assert not _overlapping_labels(page)
    _screenshot(page, tmp_path, "real-shaped")


def test_washingtons_war_labels_are_apart_and_the_arrow_follows_the_reported_path(
        page: Page, tmp_path: Path) -> None:
    games = FIXTURES / "washingtons-war" / "games"
    report = check_file(games / "battle-and-retreat.vlog", config_for(games))
    _open(page, report, tmp_path)
    assert not _board_drawn(page)  # the fixture module has no board image
    _assert_labels_apart(page)
    _screenshot(page, tmp_path, "washingtons-war")


def test_war_for_americas_labels_are_apart(page: Page, tmp_path: Path) -> None:
    games = FIXTURES / "war-for-america" / "games"
    report = check_file(games / "army-units-detached-roll-for-movement.vlog",
                        config_for(games))
    assert report.replay is not None and report.replay.maps
    _open(page, report, tmp_path)
    _assert_labels_apart(page)
    _screenshot(page, tmp_path, "war-for-america")


def test_a_file_of_another_game_shows_no_space_of_the_game(
        page: Page, tmp_path: Path) -> None:
    save = corpus_file("PathsOfGlory/Historical10-8.vsav")
    report = adjudicate(save, game="ww", module_path=WW_MODULE)
    assert report.status is ReportStatus.NOT_THIS_GAME
    html = _open(page, report, tmp_path)
    assert page.locator("g.space").count() == 0
    assert "Lexington" not in html.split('id="replay-data"')[0]
    assert not _board_drawn(page)
    page.click("#last")
    assert not _overlapping_labels(page)
    _screenshot(page, tmp_path, "not-this-game")
