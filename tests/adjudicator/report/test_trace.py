"""The replay trace collected in the referee's pass: start position, deltas, undos, cap,
maps from the module, and the deterministic schematic layout."""

from __future__ import annotations

import math
from pathlib import Path

import pytest

from adjudicator.audit.job import check_file
from adjudicator.folderconfig import config_for
from adjudicator.replay import Board, iter_steps
from adjudicator.report import trace as trace_module
from adjudicator.report.layout import schematic_layout
from adjudicator.report.trace import ReplayTrace, TraceCollector, schematic_map
from vmod_schema.savefile import read_save

GAMES = Path(__file__).parents[3] / "fixtures" / "washingtons-war" / "games"


def _trace(name: str) -> ReplayTrace:
    report = check_file(GAMES / name, config_for(GAMES))
    assert report.replay is not None
    return report.replay


def test_the_trace_holds_the_start_and_each_steps_moves() -> None:
    trace = _trace("illegal-two-things.vlog")
    assert trace.total_steps == len(trace.steps) == 3
    names = {piece.name for piece in trace.start}
    assert {"Washington", "Carleton"} <= names
    washington = next(m for m in trace.steps[1].moves if m.name == "Washington")
    assert washington.origin.location == "Lexington and Concord"
    assert washington.destination.location == "Hartford"
    assert trace.steps[1].player == "Abigail"


def test_maps_come_from_the_module_with_their_size_and_spaces() -> None:
    trace = _trace("opening-turn.vlog")
    main = next(m for m in trace.maps if m.id == "Map")
    assert (main.width, main.height) == (2600, 2400)
    assert main.placed_from == "module"
    assert any(space.name == "Delaware" and space.outline for space in main.spaces)


def test_an_undone_step_is_marked_and_its_undo_names_it() -> None:
    trace = _trace("undone-card-play.vlog")
    undos = [step for step in trace.steps if step.undoes is not None]
    assert undos
    undone = {step.index for step in trace.steps if step.undone}
    assert {step.undoes for step in undos} <= undone


def _collect(name: str, collector: TraceCollector) -> ReplayTrace:
    save = read_save(GAMES / name)
    board = Board()
    for step in iter_steps(save, board=board):
        collector.add(step, board)
    return collector.finish(board)


def test_the_cap_keeps_the_first_steps_and_counts_all() -> None:
    trace = _collect("opening-turn.vlog", TraceCollector(max_steps=2))
    assert [step.index for step in trace.steps] == [1, 2]
    assert trace.total_steps > 2


def test_a_piece_the_name_hook_hides_is_not_in_the_trace(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(trace_module, "shown_name",
                        lambda item, board, *_: None if item.name == "Washington" else item.name)
    trace = _collect("illegal-two-things.vlog", TraceCollector())
    assert "Washington" not in {piece.name for piece in trace.start}
    assert all(move.name != "Washington" for step in trace.steps for move in step.moves)
    assert any(move.name == "American CU 5" for step in trace.steps for move in step.moves)


def test_the_schematic_layout_is_deterministic_and_inside_its_box() -> None:
    ring = [("A", "B"), ("B", "C"), ("C", "D"), ("D", "A"), ("D", "E")]
    first = schematic_layout(ring, width=500, height=400, margin=20)
    assert first == schematic_layout(list(reversed(ring)), width=500, height=400, margin=20)
    assert set(first) == {"A", "B", "C", "D", "E"}
    for x, y in first.values():
        assert 20 <= x <= 480 and 20 <= y <= 380
    points = list(first.values())
    assert min(math.dist(p, q) for i, p in enumerate(points) for q in points[i + 1:]) > 10


def test_a_schematic_map_draws_joined_spaces_closer_than_unjoined_ones() -> None:
    chain = [("A", "B"), ("B", "C"), ("C", "D"), ("D", "E"), ("E", "F")]
    drawn = schematic_map("Map", chain)
    where = {space.name: (space.x, space.y) for space in drawn.spaces}
    assert drawn.placed_from == "schematic"
    assert math.dist(where["A"], where["B"]) < math.dist(where["A"], where["F"])
