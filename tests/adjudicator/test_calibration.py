"""Calibration seeded from at-start stacks and a game's set-up, its page and its file.

On the real-shaped Washington's War module (made-up layout, `fixtures/
build_washingtons_war_real.py`); the page itself is driven in Chromium by
`tests/browser/test_calibration_in_chromium.py`.
"""

from __future__ import annotations

import json
import re
from collections import Counter
from pathlib import Path

import pytest
from typer.testing import CliRunner

from adjudicator.binding import Binding, CalibrationPoint, is_stock, load_binding
from adjudicator.calibration.file import MAX_BYTES, load_calibration, with_calibration
from adjudicator.calibration.page import BoardImage, calibration_page
from adjudicator.cli import app
from adjudicator.errors import BindingError
from adjudicator.systems import find_system
from adjudicator.systems.common.calibration_seed import Seeded, StackPoint, pick_map, seed
from adjudicator.systems.washingtons_war.setup_seed import tokens
from tests.conftest import REPO
from vmod_schema.buildfile import open_module

REAL = REPO / "fixtures" / "washingtons-war-real-shaped"
VMOD = REAL / "washingtons-war-real-shaped.vmod"
BINDING = REAL / "binding.toml"
LONE_BRITISH_PCS = ("space:montreal", "space:norfolk", "space:gilbert_town",
                    "space:wilmington_nc", "space:ninety_six")


def _seeded(set_up: bool = True) -> Seeded:
    module = open_module(VMOD)
    return seed(module, pick_map(module, None), load_binding(BINDING),
                find_system("ww").set_up() if set_up else None, radius=60)


def test_the_real_shaped_stacks_seed_the_twelve_places_of_t1_they_match_alone() -> None:
    seeded = _seeded()
    assert seeded.map == "Main Map"
    assert {place: (p.x, p.y) for place, p in seeded.points.items()} == {
        "space:quebec": (250, 250), "space:fort_detroit": (1370, 250),
        "space:boston": (1930, 250), "space:lexington_and_concord": (2490, 250),
        "space:newport": (810, 810), "space:philadelphia": (810, 1370),
        "space:charleston": (250, 2490), "box:br_reinforcements": (250, 4250),
        "box:am_reinforcements": (850, 4250), "box:fr_reinforcements": (1450, 4250),
        "track:turn_1775": (200, 4550), "track:alliance_0": (1640, 4550)}
    assert seeded.sources["space:quebec"] == "at-start stack Carleton"
    assert seeded.sources["space:fort_detroit"] == "at-start stack British CU 1"
    # Five places start with one British PC each: the stacks cannot tell them apart, so
    # each is left with the five as candidates, and the five come first in the list.
    lone = [stack for stack in seeded.stacks if stack.candidates]
    assert len(lone) == 5 and all(stack.candidates == LONE_BRITISH_PCS for stack in lone)
    assert seeded.remaining[:5] == LONE_BRITISH_PCS
    # The stock pools and the queue markers are in no set-up line.
    assert sorted(stack.name for stack in seeded.stacks if not stack.candidates) == [
        "American CU 1", "American OPS Queue", "American PC", "British CU 1 2",
        "French CU 1"]
    assert not set(seeded.remaining) & set(seeded.points)
    assert "space:hartford" in seeded.remaining and "zone:New England" in seeded.remaining


def test_a_cu_counts_its_value_so_a_two_and_a_three_make_a_five_cu_line() -> None:
    assert tokens("cu:BR:2") + tokens("cu:BR:3") == tokens("cu:BR:5") == Counter({"cu:BR": 5})
    assert tokens("general:howe") == Counter({"general:howe": 1})
    assert tokens("cu:BR:x") == Counter({"cu:BR:x": 1})


def test_a_game_without_a_set_up_seeds_nothing_and_leaves_every_stack() -> None:
    assert find_system("wfa").set_up() is None
    seeded = _seeded(set_up=False)
    assert seeded.points == {} and len(seeded.stacks) == 22
    assert "space:quebec" in seeded.remaining


def test_the_bindings_own_points_are_kept_and_shown_as_the_bindings() -> None:
    module = open_module(VMOD)
    own = CalibrationPoint(map="Main Map", x=260, y=255, radius=40)
    binding = load_binding(BINDING).model_copy(update={"calibration": {
        "space:quebec": own,
        "space:hartford": CalibrationPoint(map="Cards", x=1, y=1, radius=5)}})
    seeded = seed(module, pick_map(module, None), binding, find_system("ww").set_up(),
                  radius=60)
    assert seeded.points["space:quebec"] == own
    assert seeded.sources["space:quebec"] == "the binding"
    assert "space:hartford" not in seeded.points and "space:hartford" not in seeded.remaining
    assert len(seeded.points) == 12  # Carleton's stack seeded nothing more


def test_a_named_map_is_calibrated_and_an_unknown_one_is_refused() -> None:
    module = open_module(VMOD)
    assert pick_map(module, "Cards").identifier == "Cards"
    with pytest.raises(Exception, match="no map 'Nowhere'"):
        pick_map(module, "Nowhere")


def test_the_page_carries_hostile_names_as_data_never_as_markup() -> None:
    evil = "</script><script>alert(1)</script><b>"
    seeded = Seeded(map=evil, points={evil: CalibrationPoint(map=evil, x=1, y=2, radius=3)},
                    sources={evil: evil},
                    stacks=(StackPoint(evil, evil, 5, 6, (evil,), (evil,)),),
                    remaining=(evil,))
    page = calibration_page(seeded, BoardImage(width=100, height=50), game="ww", module=evil,
                            radius=60)
    assert evil not in page and "<b>" not in page
    assert page.count("<script") == 2 and page.count("</script>") == 2
    data = re.search(r'<script type="application/json" id="calibration-data">(.*?)</script>',
                     page, re.S)
    assert data is not None
    parsed = json.loads(data.group(1))
    assert parsed["map"] == evil and parsed["remaining"] == [evil]
    assert parsed["seeded"][0] == {"place": evil, "x": 1, "y": 2, "radius": 3, "from": evil}
    # No image: a blank board of the size, no data URI.
    assert 'class="blank"' in page and "data:image" not in page


def test_the_page_embeds_the_modules_board_image(tmp_path: Path) -> None:
    out = tmp_path / "page.html"
    result = CliRunner().invoke(app, ["calibrate", str(VMOD), "--game", "ww", "--out",
                                      str(out)])
    assert result.exit_code == 0, result.output
    assert result.stdout.strip() == (f"wrote {out}: 12 places seeded from at-start stacks, "
                                     "66 to click, 10 at-start stacks unassigned")
    page = out.read_text(encoding="utf-8")
    assert 'src="data:image/png;base64,' in page and 'viewBox="0 0 3300 5100"' in page
    assert "http://" not in page.replace('"http://www.w3.org/2000/svg"', "")


@pytest.mark.parametrize(("text", "message"), [
    ("game = ", "not valid TOML"),
    ('game = "ww"\n[calibration]\nx = { map = "M", x = 1, y = 2, radius = 0 }\n',
     "key calibration.x.radius"),
    ('game = "ww"\nextra = 1\n', "key extra"),
])
def test_a_bad_calibration_file_is_one_line_naming_the_problem(
        tmp_path: Path, text: str, message: str) -> None:
    path = tmp_path / "calibration.toml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(BindingError, match=re.escape(message)):
        load_calibration(path)
    result = CliRunner().invoke(app, ["bind", str(VMOD), "--game", "ww", "--calibration",
                                      str(path)])
    assert result.exit_code == 2
    assert message in result.output and "Traceback" not in result.output


def test_an_oversized_calibration_file_is_refused_unread(tmp_path: Path) -> None:
    path = tmp_path / "calibration.toml"
    path.write_bytes(b"#" * (MAX_BYTES + 1))
    with pytest.raises(BindingError, match="larger than"):
        load_calibration(path)


def test_a_calibration_for_another_game_is_refused_and_one_for_this_game_is_merged(
        tmp_path: Path) -> None:
    path = tmp_path / "calibration.toml"
    path.write_text('game = "wfa"\n', encoding="utf-8")
    with pytest.raises(BindingError, match="for game 'wfa', not 'ww'"):
        with_calibration(load_binding(BINDING), load_calibration(path))
    path.write_text('game = "ww"\n[calibration]\n"space:hartford" = { map = "Main Map", '
                    'x = 3050, y = 810, radius = 60 }\n', encoding="utf-8")
    merged = with_calibration(load_binding(BINDING), load_calibration(path))
    assert merged.calibration["space:hartford"] == CalibrationPoint(
        map="Main Map", x=3050, y=810, radius=60)
    assert "space:hartford" in load_binding(BINDING).unmatched.entities
    assert "space:hartford" not in merged.unmatched.entities


def test_a_stock_pool_resolves_to_a_stock_place_id_that_is_no_place_of_the_game() -> None:
    binding = Binding(game="ww", calibration={
        "stock:british": CalibrationPoint(map="Main Map", x=250, y=4850, radius=60)})
    assert binding.place("Main Map", None, 255, 4850) == "stock:british"
    assert is_stock("stock:british") and not is_stock("space:stockbridge")
