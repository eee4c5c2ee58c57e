"""Replaying a VASSAL save or log on a generic board (FORMAT.md §4–§6).

The package's public names are the entry point; the work is done in its modules, each
with one job:

- `adjudicator.replay.board`: the `Board` (python-chess's `BaseBoard`), VASSAL's generic
  game state, which executes every command kind the way the engine does and can undo a step;
- `adjudicator.replay.changes`: the values it reports (`Position`, `Move`, `Changes`, …);
- `adjudicator.replay.timeline`: `iter_steps(save)`, the replay as a stream of `Step`s, and
  `replay(save)`, which collects it into a `Timeline` where an undone step is marked,
  not deleted (§5.3);
- `adjudicator.replay.dice`: the die rolls read from a step's commands (§5.6);
- `adjudicator.replay.rerolls`: a roll taken back with undo and rolled again;
- `adjudicator.replay.series`: PBEM series, several logs of one game checked in order.

The package imports only `board`, `changes` and `timeline` (which uses `dice`); `rerolls`
and `series` are imported by name, and import their siblings directly, never the package.
"""

from __future__ import annotations

from adjudicator.replay.board import Board, PieceKind, PieceOnBoard, Player
from adjudicator.replay.changes import (
    Changes,
    Drag,
    Move,
    PieceEvent,
    PieceId,
    Point,
    Position,
    PropertyChange,
    ReplayProblem,
)
from adjudicator.replay.timeline import Step, Timeline, iter_steps, replay

__all__ = [
    "Board",
    "Changes",
    "Drag",
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
