"""The replay page draws the game as VASSAL shows it (issue 23, part 3), in real headless
Chromium: on Washington's War, War for America, the real-shaped WW module (with its board
image) and a file of another game checked as WW.

In the page's DOM: no two shown labels (a piece's named box, a space's name) overlap, at
the first and last steps; the module's board image is drawn when it has one, and only
then; the real-shaped module's pieces are drawn with their own images, stacked as VASSAL
stacks them; a move VASSAL reports hop by hop is drawn along its path; a file not of the
game shows none of the game's spaces. Each case writes a screenshot;
`ADJUDICATOR_SCREENSHOTS=DIR` keeps them (the README's `docs/replay-*.png` are made so).
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


_PIECE_IMAGES = """svg => Array.from(svg.querySelectorAll('image.piece-image')).map(i => {
  const b = i.getBoundingClientRect();
  return {name: i.dataset.name, href: i.getAttribute('href'),
          x: Number(i.getAttribute('x')) + Number(i.getAttribute('width')) / 2,
          y: Number(i.getAttribute('y')) + Number(i.getAttribute('height')) / 2,
          w: Number(i.getAttribute('width')), shown: b.width > 0 && b.height > 0};
})"""
_DECODED = """uris => Promise.all(uris.map(uri => new Promise(done => {
  const image = new Image();
  image.onload = () => done([image.naturalWidth, image.naturalHeight]);
  image.onerror = () => done(null);
  image.src = uri;
})))"""


def _piece_images(page: Page) -> list[dict[str, object]]:
    found: list[dict[str, object]] = page.locator("svg.map:not([hidden])").evaluate(
        _PIECE_IMAGES)
    return found


def test_the_real_shaped_pieces_are_drawn_with_their_own_images_stacked_as_vassal_does(
        page: Page, tmp_path: Path) -> None:
    """Every piece of the Main Map is drawn with its (made-up) module image, a `data:` URI
    Chromium decodes, centred on its VASSAL pixels; a stack's pieces each 2 pixels right
    and 4 up from the one under them, later ones on top; the name stays as the title."""
    places = tomllib.loads((REAL / "places.toml").read_text(encoding="utf-8"))["places"]
    report = _real("illegal-carleton-too-far.vlog")
    assert report.replay is not None
    on_main = [p for p in report.replay.start if p.at.map == "Main Map"]
    _open(page, report, tmp_path)
    first = _piece_images(page)
    assert len(first) == len(on_main) == 115
    assert all(str(i["href"]).startswith("data:image/png;base64,") and i["shown"]
               for i in first)
    sizes = page.evaluate(_DECODED, sorted({str(i["href"]) for i in first}))
    assert sizes and all(size == [50, 50] for size in sizes), sizes
    # Quebec's at-start stack (WW 4.0): Carleton, a British CU 2, a British PC, bottom first.
    qx, qy = places["Quebec"]["x"], places["Quebec"]["y"]
    quebec = [(i["name"], float(str(i["x"])) - qx, float(str(i["y"])) - qy) for i in first
              if abs(float(str(i["x"])) - qx) < 30 and abs(float(str(i["y"])) - qy) < 30]
    assert quebec == [("Carleton", 0, 0), ("British CU 2", 2, -4), ("British PC", 4, -8)]
    carleton = next(i["href"] for i in first if i["name"] == "Carleton")
    assert carleton != next(i["href"] for i in first if i["name"] == "British CU 2")
    titles = page.eval_on_selector_all("svg.map:not([hidden]) image.piece-image title",
                                       "nodes => nodes.map(n => n.textContent)")
    assert "Carleton" in titles
    _assert_labels_apart(page)
    # At the end Carleton and his CU stand at Hartford, in the order they moved, with
    # the same images.
    page.click("#last")
    hx, hy = places["Hartford"]["x"], places["Hartford"]["y"]
    hartford = [(i["name"], float(str(i["x"])) - hx, float(str(i["y"])) - hy, i["href"])
                for i in _piece_images(page) if abs(float(str(i["x"])) - hx) < 30
                and abs(float(str(i["y"])) - hy) < 30]
    assert [h[:3] for h in hartford] == [("Carleton", 0, 0), ("British CU 2", 2, -4)]
    assert hartford[0][3] == carleton
    assert not any(abs(float(str(i["x"])) - qx) < 30 and i["name"] == "Carleton"
                   for i in _piece_images(page))


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
    assert not _piece_images(page)  # nor any piece image: every piece drawn by name
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
