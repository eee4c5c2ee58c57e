"""Scenario files become real VASSAL logs that replay to the position they describe."""

from __future__ import annotations

from pathlib import Path

import pytest

from adjudicator.replay import replay
from adjudicator.scenario import ScenarioError, build_scenario_log, end_position, load_scenario
from tests.conftest import REPO
from vmod_schema.buildfile import open_module
from vmod_schema.savefile import read_save

WW = REPO / "fixtures" / "washingtons-war"
MODULE = WW / "module" / "buildFile.xml"

SMOKE = f"""
source = "made-up scenario for this test"
module = "{MODULE}"
setup_files = ["{WW / 'scenarios' / 't1-setup.toml'}"]
[players]
British = "Bea"
American = "Al"
[[actions]]
do = "play"
player = "British"
card = "Fixture OPS 3 B"
[[actions]]
do = "move"
player = "British"
pieces = ["Howe", "British CU 5"]
path = ["Boston", "Lexington and Concord", "New York"]
[[actions]]
do = "undo"
[[actions]]
do = "roll"
player = "British"
button = "1d6"
result = [4]
[[actions]]
do = "place"
player = "American"
piece = "PC"
level = "American PC"
at = "Augusta"
[[actions]]
do = "flip"
player = "British"
piece = "American PC"
at = "Augusta"
level = "British PC"
"""


def _names_at(path: Path) -> dict[str, list[str]]:
    module = open_module(MODULE)
    timeline = replay(read_save(path), module)
    assert timeline.problems == []
    places: dict[str, list[str]] = {}
    for piece in timeline.board.pieces():
        location = timeline.board.position(piece.id).location or "?"
        places.setdefault(location, []).append(piece.name)
    return places


def test_a_scenario_builds_a_log_that_replays_to_its_position(tmp_path: Path) -> None:
    scenario = tmp_path / "smoke.toml"
    scenario.write_text(SMOKE, encoding="utf-8")
    log = build_scenario_log(scenario, tmp_path / "smoke.vlog")
    save = read_save(log)
    assert save.kind == "log"
    assert [step.is_undo for step in save.steps] == [False, False, True, False, False, False]
    places = _names_at(log)
    assert sorted(places["Boston"]) == ["British CU 5", "British PC", "Howe"]
    assert places["Augusta"] == ["British PC"]
    assert "Fixture OPS 3 B" in places["Discard"]
    assert len(places["Strategy Deck"]) == 4


def test_the_move_of_a_path_is_one_step_with_a_drag_per_leg(tmp_path: Path) -> None:
    scenario = tmp_path / "smoke.toml"
    scenario.write_text(SMOKE, encoding="utf-8")
    log = build_scenario_log(scenario, tmp_path / "smoke.vlog")
    timeline = replay(read_save(log), open_module(MODULE))
    moves = timeline[2].moves
    assert {(m.name, m.from_location, m.to_location) for m in moves} == {
        ("Howe", "Boston", "New York"), ("British CU 5", "Boston", "New York")}
    assert timeline[2].undone


def test_a_scenario_naming_a_piece_the_module_lacks_is_refused(tmp_path: Path) -> None:
    scenario = tmp_path / "bad.toml"
    scenario.write_text(SMOKE.replace('"Howe", "British CU 5"', '"Napoleon"'),
                        encoding="utf-8")
    with pytest.raises(ScenarioError, match="Napoleon"):
        build_scenario_log(scenario, tmp_path / "bad.vlog")


def test_a_malformed_scenario_names_the_key(tmp_path: Path) -> None:
    scenario = tmp_path / "bad.toml"
    scenario.write_text('source = "x"\nmodule = "m"\n[[actions]]\ndo = "teleport"\n',
                        encoding="utf-8")
    with pytest.raises(ScenarioError, match=r"actions\.0"):
        load_scenario(scenario)


def test_undoing_a_flip_lets_the_scenario_refer_to_the_piece_as_it_was(tmp_path: Path) -> None:
    text = SMOKE + '''
[[actions]]
do = "undo"
[[actions]]
do = "remove"
player = "American"
piece = "American PC"
at = "Augusta"
'''
    scenario = tmp_path / "undo-flip.toml"
    scenario.write_text(text, encoding="utf-8")
    places = _names_at(build_scenario_log(scenario, tmp_path / "undo-flip.vlog"))
    assert "Augusta" not in places


AR_MODULE = REPO / "fixtures" / "american-revolution" / "module" / "buildFile.xml"
SAME_NAMES = f"""
source = "made-up scenario for this test"
module = "{AR_MODULE}"
setup = [
  {{ piece = "British Regular", at = "Boston", count = 3 }},
  {{ piece = "Tactics", at = "British Hand", count = 2 }},
  {{ piece = "Spy", at = "British Hand" }},
]
[players]
British = "Bea"
American = "Al"
[[actions]]
do = "move"
player = "British"
pieces = ["British Regular", "British Regular"]
path = ["Boston", "Newport"]
[[actions]]
do = "move"
player = "British"
pieces = ["Tactics", "Tactics"]
path = ["British Hand", "Initiative Box"]
[[actions]]
do = "flip"
player = "British"
piece = "British Regular"
at = "Newport"
level = "British Regular (Disrupted)"
[[actions]]
do = "flip"
player = "British"
piece = "British Regular"
at = "Newport"
level = "British Regular (Disrupted)"
"""


def test_pieces_of_one_name_moved_or_flipped_together_are_different_pieces(
        tmp_path: Path) -> None:
    """Two "British Regular"s moved in one step are two pieces; a hand's pieces are found
    in it wherever the hand spreads them; a second flip takes a piece not yet flipped."""
    scenario = tmp_path / "same-names.toml"
    scenario.write_text(SAME_NAMES, encoding="utf-8")
    end = {(p.piece, p.at, p.level): p.count for p in end_position(scenario)}
    assert end == {("British Regular", "Boston", None): 1,
                   ("British Regular", "Newport", "British Regular (Disrupted)"): 2,
                   ("Tactics", "Initiative Box", None): 2,
                   ("Spy", "British Hand", None): 1}
    timeline = replay(read_save(build_scenario_log(scenario, tmp_path / "s.vlog")),
                      open_module(AR_MODULE))
    assert timeline.problems == []
    assert len({m.piece_id for m in timeline[1].moves}) == 2


def test_a_hand_keeps_its_layout_from_one_scenario_to_the_next(tmp_path: Path) -> None:
    """`end_position` records where along a hand each piece lies (`slot`): the Spy dealt
    third stays third after the two Tactics before it leave, so a scenario carrying the
    game on starts with the hand as VASSAL would have saved it."""
    scenario = tmp_path / "same-names.toml"
    scenario.write_text(SAME_NAMES, encoding="utf-8")
    [spy] = [p for p in end_position(scenario) if p.piece == "Spy"]
    assert (spy.at, spy.slot) == ("British Hand", 2)
    carried = tmp_path / "carried.toml"
    carried.write_text(f"""
source = "made-up scenario for this test"
module = "{AR_MODULE}"
setup = [
  {{ piece = "Spy", at = "British Hand", slot = 2 }},
  {{ piece = "Tactics", at = "British Hand" }},
]
""", encoding="utf-8")
    spots = {p.piece: p.slot for p in end_position(carried)}
    assert spots == {"Spy": 2, "Tactics": 3}, "a piece dealt later takes the next free place"


def test_a_slot_outside_a_hand_is_an_error(tmp_path: Path) -> None:
    scenario = tmp_path / "bad-slot.toml"
    scenario.write_text(f"""
source = "made-up scenario for this test"
module = "{AR_MODULE}"
setup = [{{ piece = "Spy", at = "Boston", slot = 1 }}]
""", encoding="utf-8")
    with pytest.raises(ScenarioError, match="not a hand"):
        end_position(scenario)
