"""Replaying a VASSAL save or log on a generic board (FORMAT.md §4–§6).

The public entry point; the work is done in three modules, each with one job:

- `adjudicator.board`: the `Board` (python-chess's `BaseBoard`), VASSAL's generic game
  state, which executes every command kind the way the engine does and can undo a step;
- `adjudicator.changes`: the values it reports (`Position`, `Move`, `Changes`, …);
- `adjudicator.timeline`: `iter_steps(save)`, the replay as a stream of `Step`s, and
  `replay(save)`, which collects it into a `Timeline` where an undone step is marked,
  not deleted (§5.3).
"""

from __future__ import annotations

from adjudicator.board import Board, PieceKind, PieceOnBoard, Player
from adjudicator.changes import (
    Changes,
    Move,
    PieceEvent,
    PieceId,
    Point,
    Position,
    PropertyChange,
    ReplayProblem,
)
from adjudicator.timeline import Step, Timeline, iter_steps, replay

__all__ = [
    "Board",
    "Changes",
    "Move",
    "PieceEvent",
    "PieceId",
    "PieceKind",
    "PieceOnBoard",
    "Player",
    "Point",
    "Position",
    "PropertyChange",
    "ReplayProblem",
    "Step",
    "Timeline",
    "iter_steps",
    "replay",
]
