"""Replay as a stream of steps, and the timeline collected from it (FORMAT.md §5).

`iter_steps(save)` is the replay as a stream: step 0 is the starting position (the
`begin_save … end_save` block, §4.2, plus the non-`LOG` prelude of very old logs, §5.1),
then one `Step` per logged step (§5.2) with what it changed. `replay(save)` collects the
stream into a `Timeline`, where an undone step is marked, not deleted (§5.3). Who acted
(§5.7) and which step an undo retracts (§5.3) are worked out here; the `Board` only
executes commands.
"""

from __future__ import annotations

import logging
import re
from collections import deque
from collections.abc import Iterable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from adjudicator.ceilings import check_deadline
from adjudicator.replay.board import Board
from adjudicator.replay.changes import (
    Drag,
    Move,
    PieceEvent,
    PropertyChange,
    ReplayProblem,
)
from adjudicator.replay.clip import clip_chat
from adjudicator.replay.dice import DiceReader, Roll
from vmod_schema.collection import paused_collection
from vmod_schema.commands import (
    AddPiece,
    ChangePiece,
    Chat,
    Command,
    Compound,
    MovePiece,
    RemovePiece,
)
from vmod_schema.errors import VassalFormatError
from vmod_schema.savefile import SAVED_GAME

if TYPE_CHECKING:
    from adjudicator.replay.chatdice import ChatDicePattern
    from vmod_schema.module import Module
    from vmod_schema.savefile import SaveFile

log = logging.getLogger(__name__)

_UNDO_CHAT = "* UNDO: "
_UNDO_SEARCH = 64
"""How many recent steps an undo's pieces are matched against (interleaved online play)."""
OPEN_STEPS = 4096
"""How many of the latest steps not yet undone replay remembers for undos to retract: an
undo reaching further back (more than 4,096 successive undos) names no step. Bounds the
memory of a long log's replay."""
TIMELINE_HISTORY = 8
"""Undo records a `Timeline`'s board keeps (`Board.undo`): VASSAL's own undo is replayed as
inverse commands, so a timeline needs none of its own, and a record per step would be a
fifth of a long replay's memory."""
_TYPED_CHAT = re.compile(r"^(?:<|&lt;)(?P<who>.+?)(?:>|&gt;) - ")


@dataclass(frozen=True, slots=True, repr=False)
class Step:
    """One entry of the timeline: step 0 is the starting position, then one per logged step.

    A logged step is what VASSAL's "step forward" plays: everything one user action produced
    (§5.2). `player`/`side` say who acted, from the roster (§5.7); the user id itself is
    never kept. `undoes` (undo steps) is the index of the step it retracts; `undone` is set
    on that step in a `Timeline` (§5.3). `rolls` are the dice rolled in the step, read by
    `adjudicator.replay.dice` (an undo step has none: its commands are inverses).
    """

    index: int
    commands: tuple[Command, ...] = ()
    player: str | None = None
    side: str | None = None
    moves: tuple[Move, ...] = ()
    added: tuple[PieceEvent, ...] = ()
    removed: tuple[PieceEvent, ...] = ()
    changes: tuple[PropertyChange, ...] = ()
    chat: tuple[str, ...] = ()
    rolls: tuple[Roll, ...] = ()
    is_undo: bool = False
    undoes: int | None = None
    undone: bool = False
    problems: tuple[ReplayProblem, ...] = ()

    @property
    def drags(self) -> tuple[Drag, ...]:
        """Every drop of a piece on a map point in the step, in execution order (§4.1,
        §4.5): the waypoints of a piece dragged several times, which `moves` (where each
        piece ended) does not show. A drag off every map is not one."""
        return tuple(_drags(self.commands))

    def __repr__(self) -> str:
        parts = [str(self.index)]
        if self.player is not None:
            parts.append(f"player={self.player!r}")
        for label, items in (("moves", self.moves), ("added", self.added),
                             ("removed", self.removed), ("changes", self.changes),
                             ("chat", self.chat), ("rolls", self.rolls),
                             ("problems", self.problems)):
            if items:
                parts.append(f"{label}={len(items)}")
        if self.is_undo:
            parts.append(f"undoes={self.undoes}")
        if self.undone:
            parts.append("undone=True")
        return f"Step({', '.join(parts)})"


def _drags(commands: Iterable[Command]) -> Iterator[Drag]:
    """The drops of `MovePiece` commands, compounds opened in execution order."""
    for command in commands:
        if isinstance(command, Compound):
            yield from _drags(command.children)
        elif isinstance(command, MovePiece):
            map_id, x, y = command.new_position
            if map_id is not None and x is not None and y is not None:
                yield Drag(command.id, map_id, x, y)


def _chat_lines(commands: Iterable[Command]) -> tuple[str, ...]:
    """The step's chat lines, each cut to what a report can carry (`clip_chat`)."""
    return tuple(clip_chat(command.text) for command in commands if isinstance(command, Chat))


def _acting_player(board: Board, commands: Sequence[Command],
                   chat: Sequence[str]) -> tuple[str | None, str | None]:
    """Who made a step (§5.7): the mover's user id via the roster, else typed chat."""
    for command in commands:
        if isinstance(command, MovePiece) and command.player:
            player = board.player(command.player)
            if player is not None:
                return player.name, player.side
    for line in chat:
        match = _TYPED_CHAT.match(line)
        if match is not None:
            who = match.group("who")
            side = next((p.side for p in board.players if p.name == who), None)
            return who, side
    return None, None


def _undo_signature(commands: Iterable[Command], *, undo: bool) -> frozenset[tuple[str, str]]:
    """The pieces and chat lines a step touches; an undo names the same (§5.3)."""
    items: set[tuple[str, str]] = set()
    for command in commands:
        if isinstance(command, AddPiece | RemovePiece | ChangePiece | MovePiece):
            items.add(("piece", command.id))
        elif isinstance(command, Chat):
            text = command.text
            if undo and text.startswith(_UNDO_CHAT):
                text = text[len(_UNDO_CHAT):]
            items.add(("chat", text))
    return frozenset(items)


def iter_steps(save: SaveFile, module: Module | None = None, *,
               board: Board | None = None,
               chat_patterns: Sequence[ChatDicePattern] = ()) -> Iterator[Step]:
    """Replay a save or log, yielding step 0 (the starting position) and each logged step.

    The board (a new one for `module` unless given) holds the position after the step just
    yielded, so a consumer can inspect it between steps. An undo step (it opens with
    `UNDO⇥true`, §5.3) is applied like any other (its commands are the inverses) and names
    in `undoes` the step it retracts: the latest not yet undone whose pieces and chat lines
    it names, else simply the latest not yet undone (of the last `OPEN_STEPS`). Each logged
    step is decoded when reached and nothing of past steps is kept here, so memory does not
    grow with the log's length. Dice rolls are read with the
    module's dice buttons (`adjudicator.replay.dice`) and `chat_patterns`, the chat dice
    patterns of rolls the module's own code reports (`adjudicator.replay.chatdice`). Bad
    commands are reported in `Step.problems` and skipped; replay goes on.
    """
    if board is None:
        board = Board.for_module(module)
    dice = DiceReader.for_module(module, chat_patterns=chat_patterns)
    restore = list(save.restore_commands())
    prelude = [c for top in save.prelude for c in top.walk()]
    with _located(save, 0):
        problems = board.restore(restore)
        if prelude:
            problems = [*problems, *board.apply(prelude).problems]
    yield Step(0, tuple(restore + prelude), chat=_chat_lines(prelude),
               problems=tuple(problems))
    open_steps: deque[tuple[int, frozenset[tuple[str, str]]]] = deque(maxlen=OPEN_STEPS)
    for logged in save.logged_steps():
        check_deadline()  # the time ceiling, in threads no timer's signal reaches
        index = logged.number
        commands = logged.commands()
        with _located(save, index):
            changes = board.apply(commands, step=index)
        chat = _chat_lines(commands)
        player, side = _acting_player(board, commands, chat)
        undoes: int | None = None
        is_undo = logged.is_undo
        rolls = () if is_undo else dice.rolls(commands, player)
        if player is None:
            # A dice report naming its player (§5.7, item 3).
            player = next((roll.player for roll in rolls if roll.player), None)
            side = next((p.side for p in board.players if p.name == player), None)
        if is_undo:
            undoes = _retracted(open_steps, _undo_signature(commands, undo=True))
            if undoes is None:
                log.warning("replay step %d: undo with no step left to undo", index)
        else:
            open_steps.append((index, _undo_signature(commands, undo=False)))
        yield Step(index, tuple(commands), player, side, changes.moves, changes.added,
                   changes.removed, changes.properties, chat, rolls, is_undo=is_undo,
                   undoes=undoes, problems=changes.problems)


@contextmanager
def _located(save: SaveFile, step: int) -> Iterator[None]:
    """Name the file, its `savedGame` entry and the step in a format error raised while a
    step is applied (a piece decoded then may exceed a bound, `vmod_schema.archive`)."""
    try:
        yield
    except VassalFormatError as error:
        raise error.located(file=save.path, entry=SAVED_GAME, step=step) from None


def _retracted(open_steps: deque[tuple[int, frozenset[tuple[str, str]]]],
               signature: frozenset[tuple[str, str]]) -> int | None:
    """Pop the step an undo retracts: the latest matching one, else the latest (§5.3)."""
    if not open_steps:
        return None
    chosen = len(open_steps) - 1
    if signature:
        for position in range(chosen, max(chosen - _UNDO_SEARCH, -1), -1):
            if open_steps[position][1] == signature:
                chosen = position
                break
    index = open_steps[chosen][0]
    del open_steps[chosen]
    return index


@dataclass(slots=True)
class Timeline:
    """A replayed game: step 0 (starting position) and every logged step, in order.

    Undone steps stay in the list with `undone=True`; the undo is an entry of its own.
    `board` is the final position.
    """

    steps: list[Step]
    board: Board

    def __len__(self) -> int:
        return len(self.steps)

    def __iter__(self) -> Iterator[Step]:
        return iter(self.steps)

    def __getitem__(self, index: int) -> Step:
        return self.steps[index]

    @property
    def problems(self) -> list[ReplayProblem]:
        """Every problem met, in step order."""
        return [problem for step in self.steps for problem in step.problems]

    @property
    def undone(self) -> frozenset[int]:
        """Indices of the steps that a later undo retracted."""
        return frozenset(step.index for step in self.steps if step.undone)

    def __repr__(self) -> str:
        return f"Timeline(steps={len(self.steps)}, {self.board!r})"


def replay(save: SaveFile, module: Module | None = None, *,
           chat_patterns: Sequence[ChatDicePattern] = ()) -> Timeline:
    """Replay a whole save or log into a `Timeline` (undone steps marked, §5.3);
    `chat_patterns` as for `iter_steps`. The board keeps the last `TIMELINE_HISTORY` undo
    records."""
    board = Board.for_module(module, history_limit=TIMELINE_HISTORY)
    with paused_collection():  # long-lived steps, no cycles (vmod_schema.collection)
        steps = list(iter_steps(save, module, board=board, chat_patterns=chat_patterns))
    undone = {step.undoes for step in steps if step.undoes is not None}
    if undone:
        steps = [replace(step, undone=True) if step.index in undone else step
                 for step in steps]
    return Timeline(steps, board)
