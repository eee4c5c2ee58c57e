"""`concealment` (for counting) answers as `sight` does, without naming pieces (issue 12)."""

from __future__ import annotations

from collections import Counter

from adjudicator.replay import Board, iter_steps
from adjudicator.replay.visibility import (
    Concealment,
    Viewpoint,
    concealment,
    sight,
)
from adjudicator.report.models import Report
from tests.conftest import REPO
from vmod_schema.buildfile import open_module
from vmod_schema.savefile import read_save

HIDDEN = REPO / "fixtures" / "hidden"


def test_concealment_is_sights_at_every_step_for_every_viewer() -> None:
    module = open_module(HIDDEN / "hidden.vmod")
    views = [Viewpoint(), Viewpoint(reveal=True),
             *(Viewpoint(side=side) for side in sorted(module.sides))]
    seen: Counter[Concealment] = Counter()
    for name in ("part-1.vlog", "part-2.vlog"):
        board = Board.for_module(module)
        for _ in iter_steps(read_save(HIDDEN / name), module, board=board):
            for piece in board.pieces():
                for view in views:
                    expected = sight(board, piece, view).concealment
                    assert concealment(board, piece, view) is expected
                    seen[expected] += 1
    assert {Concealment.HIDDEN, Concealment.MASKED, Concealment.SHOWN} <= set(seen)


def _ww_report(name: str) -> Report:
    from adjudicator.check import adjudicate

    ww = REPO / "fixtures" / "washingtons-war"
    return adjudicate(ww / "games" / f"{name}.vlog", game="ww",
                      module_path=ww / "module" / "buildFile.xml",
                      data_files=[ww / "data" / "fixture-data.toml"])


def test_a_card_the_file_shows_later_is_named_where_an_earlier_step_speaks_of_it() -> None:
    # The battle's odds are dated at its first step (3); Morgan's Riflemen leaves the
    # American Hand at step 4, in the same battle: the log shows it to the reader.
    report = _ww_report("battle-cards-in-campaign")
    (odds,) = [c for c in report.computations if c.kind == "battle_odds"]
    assert odds.step == 3
    assert "Morgan's Riflemen +2" in str(odds.inputs["defender_modifiers"])


def test_a_card_still_in_the_hand_at_the_end_is_never_named() -> None:
    report = _ww_report("battle-cards-in-campaign")
    text = report.model_dump_json()
    assert "Fixture OPS 1 A" not in text  # drawn in the set-up, never played
