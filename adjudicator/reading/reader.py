"""Reading a file game-agnostically as its steps stream by: players, undos with what they
took back, rolls, re-rolls, and the fingerprints of its first and last positions.

`FileReader.add(step, board)` is called once per step (after the board has applied it) by
whoever drives the replay, so a game's referee and the reading share one pass. Memory stays
bounded: only the latest `RECENT` steps' effects are kept for an undo to describe.

What an undo took back shows pieces as VASSAL shows them to the other player unless the
reader's viewpoint reveals everything (`adjudicator.replay.visibility`): a masked piece by
its mask name, a hidden piece not at all, a piece moved into a hand only counted.
"""

from __future__ import annotations

import hashlib
from array import array
from bisect import bisect_left, bisect_right
from collections import Counter, OrderedDict
from collections.abc import Iterator
from dataclasses import dataclass, replace

from adjudicator.reading.models import (
    FileReading,
    Player,
    RerollRecord,
    RollRecord,
    UndoRecord,
)
from adjudicator.replay.board import Board
from adjudicator.replay.changes import Move, Position
from adjudicator.replay.dice import Roll
from adjudicator.replay.rerolls import RerollTracker
from adjudicator.replay.timeline import OPEN_STEPS, Step
from adjudicator.replay.visibility import (
    OPPONENT,
    Concealment,
    Viewpoint,
    counted_text,
    moved_sight,
)
from adjudicator.spill import Spilled
from vmod_schema.pieces import BasicPiece
from vmod_schema.savefile import SaveFile

RECENT = OPEN_STEPS
"""Steps whose effects are remembered for an undo to describe (as far back as replay
itself matches undos)."""
TOOK_BACK_SHOWN = 12
"""Effects listed per undo; more are counted."""


_Roll = tuple[int, str | None, str, tuple[int, ...], int | None, int | None, str]
"""A roll kept compactly: step, player, label, dice, total, sides, source."""

UNDONE = 1
REROLL = 2
"""A roll's marks: its step was undone; it re-rolls one that was."""


@dataclass(frozen=True, slots=True)
class _Effects:
    """What a step did, kept by reference until an undo may ask."""

    moves: tuple[Move, ...]
    rolls: tuple[Roll, ...]
    added: int
    removed: int
    changes: int
    chat: int
    concealed: tuple[tuple[str, int], ...] = ()
    """Moves only counted (into or within a hand or a face-down deck), by where."""


def position_fingerprint(board: Board) -> str:
    """A short hash of where every game piece stands (map, pixels, shown name), ignoring
    piece ids: two files with the same fingerprint hold the same position (pieces alike in
    definition and name are interchangeable)."""
    entries = []
    for item in board.pieces():
        inner = item.piece.inner
        gpid, basic = (inner.gpid, inner.name) if isinstance(inner, BasicPiece) else ("", "")
        position = board.position(item.id)
        entries.append(f"{gpid}\x1f{basic}\x1f{item.name}\x1f{position.map}\x1f"
                       f"{position.x}\x1f{position.y}")
    entries.sort()
    return hashlib.sha256("\x1e".join(entries).encode("utf-8", "surrogatepass")).hexdigest()[:32]


def _where(position: Position) -> str:
    if position.map is None:
        return "off the maps"
    return position.location or f"{position.map} ({position.x}, {position.y})"


def describe(effects: _Effects) -> list[str]:
    """What a step did, for the undo that took it back."""
    lines = [f"{move.name}: {_where(move.origin)} -> {_where(move.destination)}"
             for move in effects.moves]
    if effects.concealed:
        lines.append(f"{counted_text(dict(effects.concealed))} moved (concealed)")
    lines += [f"roll {roll.button}: {','.join(map(str, roll.values)) or roll.total}"
              for roll in effects.rolls]
    for count, what in ((effects.added, "added"), (effects.removed, "removed"),
                        (effects.changes, "changed")):
        if count:
            lines.append(f"{count} piece{'s' if count != 1 else ''} {what}")
    if effects.chat and not lines:
        lines.append(f"{effects.chat} chat line{'s' if effects.chat != 1 else ''}")
    if len(lines) > TOOK_BACK_SHOWN:
        lines[TOOK_BACK_SHOWN:] = [f"…and {len(lines) - TOOK_BACK_SHOWN} more"]
    return lines


class FileReader:
    """Collects a `FileReading` from a stream of replayed steps."""

    def __init__(self, save: SaveFile, *, view: Viewpoint = OPPONENT) -> None:
        self._save = save
        self._view = view
        self._recent: OrderedDict[int, _Effects] = OrderedDict()
        self._rerolls = RerollTracker()
        self._undos: list[UndoRecord] = []
        self._rolls: list[_Roll] = []
        """Compact until `finish` (a long log rolls tens of thousands of times)."""
        self._roll_steps = array("q")
        """Each roll's step, in step order (a step's rolls are found by bisection)."""
        self._roll_marks = bytearray()
        """Each roll's `UNDONE` and `REROLL` marks."""
        self._reroll_records: list[RerollRecord] = []
        self._steps = 0
        self._start = ""

    def add(self, step: Step, board: Board) -> None:
        """Take one replayed step (the board holds the position after it)."""
        if step.index == 0:
            self._start = position_fingerprint(board)
            return
        self._steps = step.index
        if step.is_undo:
            self._undo(step)
        else:
            self._remember(step, board)
        for reroll in self._rerolls.add(step):
            self._reroll_records.append(RerollRecord(
                label=reroll.button, player=reroll.player, first=reroll.first,
                undo=reroll.undo, again=reroll.again, before=list(reroll.before.values),
                after=list(reroll.after.values)))
            for index in self._rolls_of(reroll.again):
                if self._rolls[index][2] == reroll.button:
                    self._roll_marks[index] |= REROLL

    def _rolls_of(self, step: int | None) -> range:
        """Indices of the rolls `step` made."""
        if step is None:
            return range(0)
        return range(bisect_left(self._roll_steps, step), bisect_right(self._roll_steps, step))

    def _shown_moves(self, step: Step, board: Board
                     ) -> tuple[tuple[Move, ...], tuple[tuple[str, int], ...]]:
        """The step's moves as the viewer sees them, and those only counted, by where."""
        if self._view.reveal:
            return step.moves, ()
        moves: list[Move] = []
        counted: Counter[str] = Counter()
        for move in step.moves:
            seen = moved_sight(board, move.piece_id, move.name, self._view)
            if seen.shown:
                moves.append(move)
            elif seen.concealment is Concealment.MASKED and seen.name is not None:
                moves.append(replace(move, name=seen.name))
            elif seen.concealment is Concealment.PRIVATE and seen.holder is not None:
                counted[seen.holder] += 1
        return tuple(moves), tuple(counted.items())

    def _remember(self, step: Step, board: Board) -> None:
        moves, concealed = self._shown_moves(step, board)
        self._recent[step.index] = _Effects(moves, step.rolls, len(step.added),
                                            len(step.removed), len(step.changes),
                                            len(step.chat), concealed)
        if len(self._recent) > RECENT:
            self._recent.popitem(last=False)
        for roll in step.rolls:
            self._rolls.append((step.index, roll.player or step.player, roll.button,
                                tuple(roll.values), roll.total, roll.sides,
                                roll.source.value))
            self._roll_steps.append(step.index)
            self._roll_marks.append(0)

    def _undo(self, step: Step) -> None:
        effects = self._recent.pop(step.undoes, None) if step.undoes is not None else None
        self._undos.append(UndoRecord(
            step=step.index, undoes=step.undoes, player=step.player,
            took_back=describe(effects) if effects is not None else []))
        for index in self._rolls_of(step.undoes):
            self._roll_marks[index] |= UNDONE

    def _roll_records(self) -> Iterator[RollRecord]:
        for (step, player, label, dice, total, sides, source), marks in zip(
                self._rolls, self._roll_marks, strict=True):
            yield RollRecord(step=step, player=player, label=label, dice=list(dice),
                             total=total, sides=sides, source=source,
                             undone=bool(marks & UNDONE), reroll=bool(marks & REROLL))

    def finish(self, board: Board) -> FileReading:
        """The reading of the whole file (the board holds its final position)."""
        save = self._save
        module = save.moduledata
        saved = save.savedata
        return FileReading(
            kind="log" if save.kind == "log" else "save",
            vassal_version=save.vassal_version,
            module_name=module.name if module else None,
            module_version=module.version if module else None,
            saved_at=saved.saved_at if saved else None,
            players=[Player(name=p.name, side=p.side) for p in board.players],
            steps=self._steps, undo_steps=len(self._undos), undos=self._undos,
            rolls=Spilled(RollRecord, self._roll_records()), rerolls=self._reroll_records,
            pieces=sum(1 for _ in board.pieces()),
            start_position=self._start, end_position=position_fingerprint(board))
