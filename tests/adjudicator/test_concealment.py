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
