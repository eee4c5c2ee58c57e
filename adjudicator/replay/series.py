"""PBEM series: several logs of one game, in order, each starting where the last one ended.

In play by e-mail each player records a log of their turn starting from the position the
previous log ended in (FORMAT.md §5.1: a log's `begin_save … end_save` block is the game
state at the moment logging began). `check_series` orders the logs — a log whose start
equals another's end follows it; otherwise by file name — and reports every place where a
log's starting position differs from the previous log's final position: which pieces, from
where to where (a move replayed, a piece nudged, a die re-rolled offline).

Pieces are matched by id; a piece whose id appears on one side only is matched by its
definition id (gpid) and basic name, as when a piece was deleted and placed again. Only game
pieces count (stacks and decks are containers whose ids change freely); a piece inside a
stack or deck is where its container is.

What is reported shows pieces as VASSAL shows them to the other player unless `reveal`
(`adjudicator.replay.visibility`): a masked piece by its mask name, and a piece hidden, in a
hand or in a face-down deck at either end only as a count by where it was ("3 pieces in
Union Hand"), so a series never lists the cards in a player's hand.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from itertools import pairwise
from pathlib import Path
from typing import TYPE_CHECKING, Literal

from pydantic import BaseModel, ConfigDict, Field

from adjudicator.errors import AdjudicatorError
from adjudicator.replay.board import Board
from adjudicator.replay.changes import Position
from adjudicator.replay.rerolls import ReRoll, RerollTracker
from adjudicator.replay.timeline import iter_steps
from adjudicator.replay.visibility import HIDDEN_HOLDER, Concealment, Sight, sight
from vmod_schema.files import printable_path
from vmod_schema.pieces import BasicPiece
from vmod_schema.savefile import read_save

if TYPE_CHECKING:
    from adjudicator.replay.chatdice import ChatDicePattern
    from vmod_schema.module import Module

GAME_SUFFIXES = (".vlog", ".vsav")
_MODEL = ConfigDict(frozen=True, extra="forbid", populate_by_name=True)


@dataclass(frozen=True, slots=True)
class PieceAt:
    """One game piece of a position: its id, name, definition id and where it is.

    `name` is the name reports show (it follows layers and labels); `basic_name` is the
    basic piece's own name, which does not change in play.
    """

    id: str
    name: str
    gpid: str
    basic_name: str
    position: Position
    sight: Sight | None = None
    """How the other player sees it in this position (None: not worked out, shown)."""

    @property
    def key(self) -> tuple[str, str]:
        """What identifies the piece when ids differ: definition id and basic name."""
        return self.gpid, self.basic_name


Snapshot = Mapping[str, PieceAt]
"""A position: every game piece by id."""


def snapshot(board: Board) -> dict[str, PieceAt]:
    """The position of every game piece on the board, by id."""
    pieces: dict[str, PieceAt] = {}
    for item in board.pieces():
        inner = item.piece.inner
        gpid, basic = (inner.gpid, inner.name) if isinstance(inner, BasicPiece) else ("", "")
        pieces[item.id] = PieceAt(item.id, item.name, gpid, basic, board.position(item.id),
                                  sight(board, item))
    return pieces


@dataclass(frozen=True, slots=True)
class SeriesRoll:
    """One roll of a series' file, as the dice statistics want it
    (`adjudicator.audit.dice.RolledDice`): every roll counts, undone or not."""

    player: str | None
    label: str
    dice: tuple[int, ...]
    total: int | None
    sides: int | None
    undone: bool = False
    reroll: bool = False


@dataclass(frozen=True, slots=True)
class SeriesLog:
    """One file of a series: where its position started and ended, and its rolls."""

    path: Path
    start: Snapshot
    end: Snapshot
    steps: int
    rolls: tuple[SeriesRoll, ...] = ()
    rerolls: tuple[ReRoll, ...] = ()
    """Rolls taken back with VASSAL's undo and rolled again (`replay.rerolls`)."""


def read_series_log(path: Path, module: Module | None = None, *,
                    chat_patterns: Sequence[ChatDicePattern] = ()) -> SeriesLog:
    """Replay a log (or save) and keep its starting and final positions and its rolls
    (read with the module's dice buttons and `chat_patterns`).

    Raises:
        VassalFormatError: the file cannot be read.
    """
    save = read_save(path)
    board = Board.for_module(module)
    start: dict[str, PieceAt] = {}
    steps = 0
    rolls: list[SeriesRoll] = []
    rolled_at: dict[int, list[int]] = {}
    """Step -> indices into `rolls` of its rolls (to mark them undone)."""
    tracker = RerollTracker()
    rerolls: list[ReRoll] = []
    for step in iter_steps(save, module, board=board, chat_patterns=chat_patterns):
        if step.index == 0:
            start = snapshot(board)
        steps = step.index
        if step.is_undo and step.undoes is not None:
            for index in rolled_at.pop(step.undoes, ()):
                rolls[index] = replace(rolls[index], undone=True)
        again = tracker.add(step)
        rerolled = {reroll.button for reroll in again}
        rerolls += again
        if step.rolls:
            rolled_at[step.index] = list(range(len(rolls), len(rolls) + len(step.rolls)))
            if len(rolled_at) > RerollTracker.ROLLS_KEPT:
                del rolled_at[next(iter(rolled_at))]
        rolls += [SeriesRoll(roll.player or step.player, roll.button, roll.values, roll.total,
                             roll.sides, reroll=roll.button in rerolled)
                  for roll in step.rolls]
    return SeriesLog(path, start, snapshot(board), steps, tuple(rolls), tuple(rerolls))


# --------------------------------------------------------------------------------------
# Differences


class Place(BaseModel):
    """Where a piece is: map, pixels and (with the module) the location name."""

    model_config = _MODEL
    map: str | None
    x: int
    y: int
    location: str | None = None

    @classmethod
    def of(cls, position: Position) -> Place:
        """The place of a replayed position."""
        return cls(map=position.map, x=position.x, y=position.y, location=position.location)

    def __str__(self) -> str:
        if self.map is None:
            return "off the maps"
        pixels = f"{self.map} ({self.x}, {self.y})"
        return f"{self.location} [{pixels}]" if self.location else pixels


class Difference(BaseModel):
    """One piece whose place at the start of a log is not where the previous log left it.

    `moved`: it is elsewhere; `changed`: it is in the same place but shows another name
    (a layer or label changed: flipped, reduced, …); `missing`: the previous log ended with
    it, this one starts without it; `added`: this log starts with a piece the previous one
    did not end with.
    """

    model_config = _MODEL
    piece: str
    """Its name as the other player sees it (a masked piece's mask name)."""
    piece_id: str | None
    """The id in the later log (in the earlier one for a missing piece); None for a
    masked piece, whose id would tell which piece it is."""
    previous_id: str | None = None
    """The id in the earlier log, when the piece was matched by gpid and name."""
    previous_name: str | None = None
    """The name the earlier log ended with, when it is not the same."""
    kind: Literal["moved", "changed", "missing", "added"]
    from_: Place | None = Field(default=None, alias="from")
    to: Place | None = None

    def __str__(self) -> str:
        origin = str(self.from_) if self.from_ is not None else "(not there)"
        target = str(self.to) if self.to is not None else "(not there)"
        was = f" (was {self.previous_name!r})" if self.previous_name is not None else ""
        if self.kind == "changed":
            return f"{self.piece}{was}: changed at {target}"
        return f"{self.piece}{was}: {origin} -> {target}"


class Break(BaseModel):
    """Where a log does not start from the previous log's final position."""

    model_config = _MODEL
    after: str
    before: str
    differences: list[Difference]
    concealed: dict[str, int] = {}
    """Differences only counted, by where the piece was concealed (a hand, a face-down
    deck, or `hidden` for an invisible piece): their names are not shown."""


class SeriesReport(BaseModel):
    """The files in the order they were played and every break in continuity."""

    model_config = _MODEL
    files: list[str]
    breaks: list[Break]

    @property
    def continuous(self) -> bool:
        """Whether every log starts where the previous one ended."""
        return not self.breaks


def _point(piece: PieceAt) -> tuple[str | None, int, int]:
    position = piece.position
    return position.map, position.x, position.y


def _moved(before: PieceAt, after: PieceAt) -> Difference | None:
    moved = _point(before) != _point(after)
    if not moved and before.name == after.name:
        return None
    return Difference(piece=after.name, piece_id=after.id,
                      previous_id=before.id if before.id != after.id else None,
                      previous_name=before.name if before.name != after.name else None,
                      kind="moved" if moved else "changed", from_=Place.of(before.position),
                      to=Place.of(after.position))


def compare_positions(end: Snapshot, start: Snapshot) -> list[Difference]:
    """Every piece whose place in `start` differs from its place in `end`.

    Pieces alike in definition and basic name (gpid, basic name) are interchangeable, as
    in the position fingerprint: a piece standing, as shown, where a piece like it stood
    is no difference, whatever its id (a game set up afresh numbers its pieces anew). Of
    the rest, pieces are matched by id when the id names a piece alike in the other file,
    then by (gpid, basic name) in order. What is left over is missing or added. A piece in
    its place whose shown name differs (a layer or label changed) is `changed`.
    """
    rest_end = {piece_id: before for piece_id, before in end.items()
                if not _same(before, start.get(piece_id))}
    rest_start = {piece_id: after for piece_id, after in start.items()
                  if piece_id in rest_end or piece_id not in end}
    standing: dict[tuple[str, str, str | None, int, int, str], list[str]] = defaultdict(list)
    for piece_id, before in rest_end.items():
        standing[(*before.key, *_point(before), before.name)].append(piece_id)
    for piece_id, after in list(rest_start.items()):
        alike = standing.get((*after.key, *_point(after), after.name))
        if alike:
            del rest_end[alike.pop(0)], rest_start[piece_id]
    differences: list[Difference] = []
    only_end: dict[tuple[str, str], list[PieceAt]] = defaultdict(list)
    for piece_id, before in rest_end.items():
        same_id = rest_start.get(piece_id)
        if same_id is None or same_id.key != before.key:
            only_end[before.key].append(before)
            continue
        del rest_start[piece_id]
        if (moved := _moved(before, same_id)) is not None:
            differences.append(moved)
    only_start: dict[tuple[str, str], list[PieceAt]] = defaultdict(list)
    for after in rest_start.values():
        only_start[after.key].append(after)
    for key, afters in only_start.items():
        befores = only_end.pop(key, [])
        for after in afters:
            if befores:
                moved = _moved(befores.pop(0), after)
                if moved is not None:
                    differences.append(moved)
            else:
                differences.append(Difference(piece=after.name, piece_id=after.id,
                                              kind="added", to=Place.of(after.position)))
        if befores:
            only_end[key] = befores
    for befores in only_end.values():
        differences.extend(Difference(piece=b.name, piece_id=b.id, kind="missing",
                                      from_=Place.of(b.position)) for b in befores)
    return differences


def _same(before: PieceAt, after: PieceAt | None) -> bool:
    """Whether a piece of one id stands alike in both files (kind, place, shown name)."""
    return after is not None and after.key == before.key and (
        _point(after) == _point(before) and after.name == before.name)


# --------------------------------------------------------------------------------------
# Order and check


def order_logs(logs: Sequence[SeriesLog]) -> list[SeriesLog]:
    """Put logs in playing order: a log whose start equals another's end follows it.

    Chains are started from logs that follow no other, by file name; where several logs
    could follow one, the first by name does. Logs left over (a cycle) come last, by name.
    """
    return _ordered(logs)[0]


def _ordered(logs: Sequence[SeriesLog]) -> tuple[list[SeriesLog], set[int]]:
    """`order_logs`, and which of the ordered logs (by index) continue some log of the
    series: the positions are compared once."""
    named = sorted(logs, key=lambda log: (log.path.name, str(log.path)))
    follows = _follows(named)
    has_previous = {j for later in follows.values() for j in later}
    ordered: list[int] = []
    placed: set[int] = set()

    def chain(first: int) -> None:
        current: int | None = first
        while current is not None and current not in placed:
            ordered.append(current)
            placed.add(current)
            current = next((j for j in follows[current] if j not in placed), None)

    for i in range(len(named)):
        if i not in has_previous:
            chain(i)
    for i in range(len(named)):
        chain(i)
    position = {index: at for at, index in enumerate(ordered)}
    return [named[i] for i in ordered], {position[j] for j in has_previous}


def _follows(logs: Sequence[SeriesLog]) -> dict[int, list[int]]:
    """For each log (by index), the logs whose start equals its end."""
    return {i: [j for j, later in enumerate(logs)
                if i != j and not compare_positions(earlier.end, later.start)]
            for i, earlier in enumerate(logs)}


def conceal_differences(differences: Sequence[Difference], end: Snapshot, start: Snapshot
                        ) -> tuple[list[Difference], dict[str, int]]:
    """The differences as the other player may see them, and those only counted.

    A piece hidden, in a hand or in a face-down deck at either end is counted by where
    (the first such place); a piece masked at either end is named by its mask name,
    without ids or its earlier name; the others are unchanged.
    """
    shown: list[Difference] = []
    counted: Counter[str] = Counter()
    for difference in differences:
        if difference.kind == "missing":
            pieces = [end.get(difference.piece_id or "")]
        else:
            pieces = [end.get(difference.previous_id or difference.piece_id or ""),
                      start.get(difference.piece_id or "")]
            if difference.kind == "added":
                pieces = pieces[1:]
        sights = [piece.sight for piece in pieces if piece is not None and piece.sight]
        holder = next((seen.holder or HIDDEN_HOLDER for seen in sights
                       if seen.concealment in (Concealment.PRIVATE, Concealment.HIDDEN)), None)
        if holder is not None:
            counted[holder] += 1
            continue
        mask = next((seen.name for seen in reversed(sights)
                     if seen.concealment is Concealment.MASKED), None)
        if mask is not None:
            difference = difference.model_copy(update={
                "piece": mask, "piece_id": None, "previous_id": None, "previous_name": None})
        shown.append(difference)
    return shown, dict(counted)


def check_series(logs: Sequence[SeriesLog], *, reveal: bool = False) -> SeriesReport:
    """Order the logs and report each break in continuity between consecutive ones,
    with pieces as the other player sees them unless `reveal`. A log that continues
    another log of the series, not the one before it in the order (the second branch of
    a fork, which `adjudicator.audit.series.forks_among` reports), is no break."""
    ordered, continuing = _ordered(logs)
    breaks: list[Break] = []
    for index, (earlier, later) in enumerate(pairwise(ordered), 1):
        differences = compare_positions(earlier.end, later.start)
        if differences and index not in continuing:
            counted: dict[str, int] = {}
            if not reveal:
                differences, counted = conceal_differences(differences, earlier.end,
                                                           later.start)
            breaks.append(Break(after=printable_path(earlier.path),
                                before=printable_path(later.path), differences=differences,
                                concealed=counted))
    return SeriesReport(files=[printable_path(log.path) for log in ordered], breaks=breaks)


def series_files(paths: Iterable[Path]) -> list[Path]:
    """The files named, with each folder replaced by its saves and logs (sorted).

    Raises:
        AdjudicatorError: a folder holds no save or log, or no file was named.
    """
    files: list[Path] = []
    for path in paths:
        if path.is_dir():
            found = sorted(p for p in path.iterdir()
                           if p.suffix.lower() in GAME_SUFFIXES and p.is_file())
            if not found:
                raise AdjudicatorError("folder holds no .vlog or .vsav file", file=path)
            files.extend(found)
        else:
            files.append(path)
    if not files:
        raise AdjudicatorError("no files named")
    return files


def check_series_files(paths: Iterable[Path], module: Module | None = None, *,
                       reveal: bool = False) -> SeriesReport:
    """Read every file (folders give their saves and logs) and check the series.

    Raises:
        VassalFormatError: a file cannot be read (named in the error).
        AdjudicatorError: a folder holds no save or log.
        OSError: a file does not exist or cannot be read.
    """
    return check_series([read_series_log(path, module) for path in series_files(paths)],
                        reveal=reveal)
