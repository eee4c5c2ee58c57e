"""The HTML replay page driven in real headless Chromium (Debian's `chromium`, through
Playwright's Python package; the fixtures are in `conftest.py`).

On the bundled Washington's War games and on real corpus files without a game system: the
map renders pieces with real size, every finding's text is on the page, and moving the
step controls (buttons, slider, arrow keys, a finding's link) changes what is drawn.
Skipped when Chromium or Playwright is absent, except on CI (`CI=true`), where that fails.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

import pytest

from adjudicator.audit.job import check_file
from adjudicator.findings import Severity
from adjudicator.folderconfig import FolderConfig, config_for
from adjudicator.report.html import render_html
from adjudicator.report.models import Report
from tests.conftest import corpus_file

if TYPE_CHECKING:
    from playwright.sync_api import Page

GAMES = Path(__file__).parents[2] / "fixtures" / "washingtons-war" / "games"
SHOWCASE = ("illegal-two-things.vlog", "undone-card-play.vlog", "battle-and-retreat.vlog",
            "opening-turn.vlog")


def _open(page: Page, report: Report, folder: Path) -> None:
    path = folder / "report.html"
    path.write_text(render_html(report), encoding="utf-8")
    page.goto(path.as_uri())


def _drawn(page: Page) -> dict[str, str]:
    """Piece id → its transform, for every piece drawn on any map."""
    result: dict[str, str] = page.eval_on_selector_all(
        "g.piece", "nodes => Object.fromEntries(nodes.map("
                   "n => [n.dataset.id, n.getAttribute('transform')]))")
    return result


def _assert_visible_map(page: Page) -> None:
    boxes = [box for box in (piece.bounding_box()
                             for piece in page.locator("svg.map:not([hidden]) g.piece").all())
             if box is not None]
    assert boxes, "no piece is drawn on the visible map"
    assert all(box["width"] > 0 and box["height"] > 0 for box in boxes)
    ground = page.locator("svg.map:not([hidden])").bounding_box()
    assert ground is not None and ground["width"] > 100 and ground["height"] > 50


def _assert_findings_present(page: Page, report: Report) -> None:
    text = page.text_content("body") or ""
    for finding in report.findings:
        assert finding.message in text, finding.message


def _assert_steps_change_positions(page: Page) -> None:
    start = _drawn(page)
    page.click("#last")
    end = _drawn(page)
    assert start != end, "the last step draws the same position as the first"
    page.click("#first")
    assert _drawn(page) == start
    page.locator("#slider").fill(page.get_attribute("#slider", "max") or "0")
    assert _drawn(page) == end
    page.locator("body").click(position={"x": 5, "y": 5})
    page.keyboard.press("Home")
    assert _drawn(page) == start
    page.keyboard.press("ArrowRight")
    assert page.get_attribute("body", "data-step") == "1"


@pytest.mark.parametrize("name", SHOWCASE)
def test_a_bundled_game_replays_in_chromium(page: Page, tmp_path: Path, name: str) -> None:
    report = check_file(GAMES / name, config_for(GAMES))
    _open(page, report, tmp_path)
    _assert_visible_map(page)
    _assert_findings_present(page, report)
    _assert_steps_change_positions(page)


def test_every_bundled_game_renders_its_map_and_findings(page: Page, tmp_path: Path) -> None:
    config = config_for(GAMES)
    games = sorted(GAMES.glob("*.vlog"))
    assert len(games) > 50
    for game in games:
        report = check_file(game, config)
        _open(page, report, tmp_path)
        _assert_visible_map(page)
        _assert_findings_present(page, report)


def test_a_findings_link_moves_the_replay_to_its_step_and_highlights(
        page: Page, tmp_path: Path) -> None:
    report = check_file(GAMES / "illegal-two-things.vlog", config_for(GAMES))
    illegal = next(f for f in report.findings if f.severity is Severity.ILLEGAL)
    _open(page, report, tmp_path)
    assert page.get_attribute("body", "data-step") == "0"
    page.click("tr.finding.illegal a.goto")
    assert page.get_attribute("body", "data-step") == str(illegal.step)
    assert page.locator("g.piece.hl").count() > 0
    assert illegal.message in (page.text_content("#step-findings") or "")


def test_a_corpus_log_without_a_system_shows_vassals_own_pieces(
        page: Page, tmp_path: Path) -> None:
    log = corpus_file("BBVassal/testlog.vlog")
    report = check_file(log, FolderConfig(module=corpus_file("BBVassal/buildFile")))
    assert report.game is None and report.replay is not None
    _open(page, report, tmp_path)
    _assert_visible_map(page)
    _assert_steps_change_positions(page)
    locations = {move.destination.location for step in report.replay.steps
                 for move in step.moves if move.destination.location}
    panel = page.text_content("#step-panel") or ""
    page.click("#first")
    shown = ""
    for _ in report.replay.steps:
        page.click("#next")
        shown += page.text_content("#step-moves") or ""
    assert all(location in shown for location in locations), (locations, panel)


def test_a_vasl_log_renders_its_maps(page: Page, tmp_path: Path) -> None:
    report = check_file(corpus_file("vasl-templates/multiple-1.vlog"), FolderConfig())
    _open(page, report, tmp_path)
    _assert_visible_map(page)
    _assert_findings_present(page, report)
    assert page.locator("svg.map").count() == len(report.replay.maps if report.replay else [])
    page.click("#last")
    assert page.get_attribute("body", "data-step") == str(len(report.replay.steps)
                                                          if report.replay else 0)
