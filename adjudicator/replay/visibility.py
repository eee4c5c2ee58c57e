"""Hidden information: how a piece looks to a player who may not see it (FORMAT.md §6.5, §7.3).

VASSAL conceals pieces from the other players in four ways, and every output of the tool
shows them the same way by default (the opponent's `Viewpoint`):

- a **masked** piece (Mask / Obscurable, `obs;`) shows its mask name (default `?`); VASSAL's
  own chat then says "? moves M5 -> L4";
- a **hidden** piece (Invisible / Hideable, `hide;`) is not shown at all;
- a piece in a **private** window (a `PlayerHand`, or a `PrivateMap` not visible to all) is
  only counted ("3 pieces in Union Hand"); so is a card in a face-down deck, whose order and
  contents no player may look at.

Which windows are private is the module's to say (`Board.private_maps`, §7.3). Without a
module (or for a map the module does not define) only the file can tell, and it tells little:
its map names, and which map it lists first. `map_privacy` then decides conservatively, as
VASSAL would show a card to the opponent when the window may be private:

- the first map the file selects boards for (VASSAL writes them in the module's order, and
  the main map comes first in every module we know) is public, and so is a map named as the
  main one (`Map`, `Main Map`: VASL's logs select no boards);
- a map whose name says it is a hand or private (`Red Hand`, `ConfederateHand`, `Private
  Notes`) is private, wherever the file lists it: everything in it is only counted;
- any other map may be a hand (Paths of Glory's hands are named after the sides, and hold
  markers as well as cards): everything in it is only counted. So without its module a file
  conceals at least what it conceals with it; a public side map's pieces (a force pool, a
  turn track) are counted too, until `--module` says the map is public.

A map whose name holds a side's name (from the roster) is taken as that side's own.

`Viewpoint(reveal=True)` (the CLI's `--reveal`, for a referee both players trust) shows
everything; `Viewpoint(side="Union")` sees what that side's players see. The user id that
masked or hid a piece is a player's password: it is compared here, never returned.

`ConcealmentLog` follows a replay step by step and keeps which pieces were concealed at each
step, so that findings and computations built from real piece names can be rewritten before
anyone reads them (`ConcealmentLog.redact`). Every output asks this module: the report's
findings and computations, the undo lines (`adjudicator.reading.reader`), the replay trace,
`inspect`, series breaks; none of them decides on its own.
"""

from __future__ import annotations

import functools
import re
from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import TYPE_CHECKING, Protocol, TypeVar

from adjudicator.replay.board import Board, PieceKind, PieceOnBoard
from adjudicator.replay.changes import PieceId
from adjudicator.spill import Spilled
from vmod_schema.commands import AddPiece, ChangePiece, MovePiece, RemovePiece
from vmod_schema.pieces import DeckState
from vmod_schema.traits import Invisible, Mask

if TYPE_CHECKING:
    from adjudicator.findings import Computation, Finding, Scalar, Value
    from adjudicator.replay.timeline import Step

CONCEALMENT_RULES = 3
"""The revision of what this module conceals: raised whenever a fix hides more, so that
reports cached under the old rules (`adjudicator.audit.cache`) are not served again.
2: without a module, hands are told from the file; computations are redacted.
3: reasons for unchecked rules are redacted; without a module, everything on a map nothing
tells about is counted."""
HIDDEN_PIECE = "a hidden piece"
"""How a finding names a piece that is invisible to the reader."""
HIDDEN_HOLDER = "hidden"
"""Where counts put invisible pieces (they are in no hand or deck)."""


class Concealment(StrEnum):
    """How a piece is concealed from a viewer (or not)."""

    SHOWN = "shown"
    MASKED = "masked"
    """Shown under its mask name (Mask, §6.5)."""
    HIDDEN = "hidden"
    """Not shown at all (Invisible, §6.5)."""
    PRIVATE = "private"
    """Only counted: in a private window or a face-down deck (§7.3, §6.6)."""


@dataclass(frozen=True, slots=True)
class Viewpoint:
    """Who is looking: by default any other player, who sees what VASSAL shows everyone.

    `side` sees what that side's players see (its own hand, pieces it masked); `reveal`
    sees everything, as a referee both players trust.
    """

    side: str | None = None
    reveal: bool = False


OPPONENT = Viewpoint()
"""The default viewpoint: a player who owns no concealed piece."""
REVEAL = Viewpoint(reveal=True)
"""Everything shown (`--reveal`)."""


def viewpoint(*, reveal: bool) -> Viewpoint:
    """The viewpoint a command's `--reveal` option asks for."""
    return REVEAL if reveal else OPPONENT


@dataclass(frozen=True, slots=True)
class Sight:
    """What a viewer sees of a piece: how it is concealed and the name it is shown by.

    `name` is None when the piece is not named (hidden, or only counted); `holder` is the
    private map or face-down deck a counted piece is in.
    """

    concealment: Concealment
    name: str | None
    holder: str | None = None
    mask_image: str = ""
    """A masked piece's mask image (the Mask's type field 1, what VASSAL draws for a
    player who may not see the piece); empty when it has none or is not masked."""

    @property
    def shown(self) -> bool:
        """Whether the viewer sees the piece as it is."""
        return self.concealment is Concealment.SHOWN

    def label(self) -> str:
        """The piece as a sentence names it: its shown name, or what stands for it."""
        if self.name is not None:
            return self.name
        if self.concealment is Concealment.PRIVATE:
            return f"a piece in {self.holder}"
        return HIDDEN_PIECE


def _may_see(board: Board, access: str, owner: str, view: Viewpoint) -> bool:
    """Whether the viewer may see through a Mask or Invisible trait (§6.5.1).

    `owner` is who masked or hid the piece: a user id (a password, compared only) or a side.
    """
    if view.side is None:
        return False
    if access.startswith("sides:"):
        return view.side in access.split(":")[1:]
    if access.startswith("side:"):
        return owner == view.side
    player = board.player(owner)
    return player is not None and player.side == view.side


class MapPrivacy(StrEnum):
    """Who may look into a map (§7.3), as far as the module or the file tells."""

    PUBLIC = "public"
    PRIVATE = "private"
    """Only some sides: everything in it is only counted for the others."""
    UNKNOWN = "unknown"
    """No module tells, and the file does not say: it may be a hand, so what lies in it is
    only counted (as VASSAL shows a hand to the opponent)."""


_PRIVATE_NAME = re.compile(r"(?i:\b(?:hands?|private)\b)|[a-z](?:Hands?|Private)\b")
"""A map name that says the map is a hand or private: `Red Hand`, `ConfederateHand`."""
_MAIN_NAME = re.compile(r"(?i)^(?:main\s*)?(?:map|board)$|^main\b")
"""A map name that says it is the game's main map (`Map`, `Main Map`, `Main Board`): public
even in a file that selects no boards (VASL's logs)."""


def map_privacy(board: Board, map_id: str) -> tuple[MapPrivacy, frozenset[str]]:
    """How private a map is, and the sides that may look into it (see the module's
    docstring: the module decides; without it, the map's name and the file's first map).

    >>> [map_privacy(Board(), name)[0].value for name in ("Blue Hand", "Table", "Main Map")]
    ['private', 'unknown', 'public']
    """
    sides = board.private_maps.get(map_id)
    if sides is not None:
        return MapPrivacy.PRIVATE, sides
    if board.known_maps is not None and map_id in board.known_maps:
        return MapPrivacy.PUBLIC, frozenset()
    owners = frozenset(player.side for player in board.players
                       if player.side and not player.side.startswith("<")
                       and re.search(rf"(?<!\w){re.escape(player.side)}(?!\w)", map_id))
    if _PRIVATE_NAME.search(map_id):  # even if the file lists it first
        return MapPrivacy.PRIVATE, owners
    if map_id == next(iter(board.selections), None) or _MAIN_NAME.search(map_id):
        return MapPrivacy.PUBLIC, frozenset()
    return MapPrivacy.UNKNOWN, owners


def _private_holder(board: Board, item: PieceOnBoard, view: Viewpoint) -> str | None:
    """The private map or face-down deck the piece lies in, unless the viewer may look."""
    container = board.container_of(item.id) if item.parent is not None else None
    if container is not None:
        deck = container[0]
        inner = deck.piece.inner
        if deck.kind is PieceKind.DECK and isinstance(inner, DeckState) and inner.face_down:
            return deck.name or "a face-down deck"
    map_id = board.point(item.id)[0]
    if map_id is None:
        return None
    privacy, sides = map_privacy(board, map_id)
    if privacy is MapPrivacy.PUBLIC or (view.side is not None and view.side in sides):
        return None
    return map_id


def sight(board: Board, piece: str | PieceOnBoard, view: Viewpoint = OPPONENT) -> Sight:
    """How `piece` (an id or the board's item) looks to `view` in the board's position."""
    item = piece if isinstance(piece, PieceOnBoard) else board[piece]
    if view.reveal:
        return Sight(Concealment.SHOWN, item.name)
    return _unrevealed(board, item, view)


def moved_sight(board: Board, piece_id: str, name: str,
                view: Viewpoint = OPPONENT) -> Sight:
    """How a piece a step moved (or added) looks to `view` after the step; `name` is the
    name the step recorded. A piece no longer on the board (moved, then removed in the same
    step) cannot be looked at: it is hidden unless `view` reveals everything."""
    item = board.get(piece_id)
    if item is None:
        return Sight(Concealment.SHOWN, name) if view.reveal else Sight(Concealment.HIDDEN, None)
    return sight(board, item, view)


def concealment(board: Board, piece: str | PieceOnBoard,
                view: Viewpoint = OPPONENT) -> Concealment:
    """`sight(...).concealment` without working out the name (a piece's name may need
    all its properties): for counting what `view` sees."""
    item = piece if isinstance(piece, PieceOnBoard) else board[piece]
    if view.reveal:
        return Concealment.SHOWN
    return _unrevealed(board, item, view, named=False).concealment


def _unrevealed(board: Board, item: PieceOnBoard, view: Viewpoint, *,
                named: bool = True) -> Sight:
    masked: str | None = None
    mask_image = ""
    for trait in item.piece.traits:
        if isinstance(trait, Invisible):
            owner = trait.hidden_by()
            if owner is not None and not _may_see(board, trait.access(), owner, view):
                return Sight(Concealment.HIDDEN, None)
        elif isinstance(trait, Mask) and masked is None:
            owner = trait.obscured_by()
            if owner is not None and not _may_see(board, trait.access(), owner, view):
                masked = trait.mask_name() or "?"
                mask_image = trait.mask_image()
    holder = _private_holder(board, item, view)
    if holder is not None:
        return Sight(Concealment.PRIVATE, None, holder)
    if masked is not None:
        return Sight(Concealment.MASKED, masked, mask_image=mask_image)
    return Sight(Concealment.SHOWN, item.name if named else None)


def shown_name(board: Board, piece: str | PieceOnBoard,
               view: Viewpoint = OPPONENT) -> str | None:
    """The name `view` sees `piece` by: its own, its mask's, or None (hidden or counted)."""
    return sight(board, piece, view).name


def counted_text(holders: Mapping[str, int]) -> str:
    """`3 pieces in Union Hand, 1 hidden piece` for pieces only counted, by where they
    are (`HIDDEN_HOLDER` counts invisible pieces)."""
    parts = []
    for holder, count in holders.items():
        noun = "piece" if count == 1 else "pieces"
        parts.append(f"{count} hidden {noun}" if holder == HIDDEN_HOLDER
                     else f"{count} {noun} in {holder}")
    return ", ".join(parts)


# --------------------------------------------------------------------------------------
# Following a replay


def touched_pieces(step: Step, board: Board) -> set[PieceId]:
    """The game pieces a step may have changed the concealment of: those its commands
    name, the members of stacks and decks they name, and those it moved, added or removed."""
    ids: set[PieceId] = set()
    for command in step.commands:
        if isinstance(command, AddPiece):
            raw = command.piece_id
        elif isinstance(command, RemovePiece | ChangePiece | MovePiece):
            raw = command.id
        else:
            continue
        if raw is None:
            continue
        ids.add(PieceId(raw))
        item = board.get(raw)
        if item is not None and item.is_container:
            ids.update(item.members)
    ids.update(move.piece_id for move in step.moves)
    ids.update(event.piece_id for event in step.added)
    ids.update(event.piece_id for event in step.removed)
    return ids


_Entry = tuple[str, str]
"""A concealed piece: its real name and what stands for it."""


class _HasStep(Protocol):
    @property
    def step(self) -> int | None: ...


_Stepped = TypeVar("_Stepped", bound=_HasStep)


class ConcealmentLog:
    """Which pieces were concealed from a viewpoint at each step of a replay.

    `add(step, board)` is called once per step, after the board has applied it (like the
    audit's `FileReader`). Only changes are kept, so memory grows with the number of times
    a piece is masked, hidden, or taken into or out of a hand, not with the log's length.
    A piece removed in a step is still concealed at that step.
    """

    def __init__(self, view: Viewpoint = OPPONENT) -> None:
        self.view = view
        self._current: dict[PieceId, _Entry] = {}
        self._events: list[tuple[int, PieceId, _Entry | None]] = []
        self._revealed: dict[str, int] = {}
        """Real name → the last step at which a piece of that name, concealed before, was
        shown (a card played from a hand, a piece unmasked)."""
        self._last = 0

    def add(self, step: Step, board: Board) -> None:
        """Take one replayed step into account."""
        if self.view.reveal:
            return
        self._last = step.index
        if step.index == 0:
            candidates: Iterable[PieceId] = [item.id for item in board.pieces()]
        else:
            candidates = touched_pieces(step, board)
        for piece_id in candidates:
            item = board.get(piece_id)
            entry: _Entry | None = None
            after = step.index
            if item is None:
                after = step.index + 1  # removed: still concealed in the step itself
            elif item.kind is PieceKind.PIECE:
                seen = sight(board, item, self.view)
                if not seen.shown and item.name:
                    entry = (item.name, seen.label())
            before = self._current.get(piece_id)
            if before == entry:
                continue
            if entry is None and item is not None and before is not None:
                self._revealed[before[0]] = step.index
            if entry is None:
                self._current.pop(piece_id, None)
            else:
                self._current[piece_id] = entry
            self._events.append((after, piece_id, entry))

    def concealed_at(self, step: int | None) -> dict[str, str]:
        """Real name → what stands for it, of every piece concealed at `step` (None: at the
        end of the replay)."""
        limit = self._last + 1 if step is None else step
        current: dict[PieceId, _Entry] = {}
        for index, piece_id, entry in self._events:
            if index > limit + 1:
                break  # events come in step order, a removal's one step late
            if index > limit:
                continue
            if entry is None:
                current.pop(piece_id, None)
            else:
                current[piece_id] = entry
        return dict(current.values())

    def redact(self, findings: Sequence[Finding]) -> list[Finding]:
        """The findings with every concealed piece's name replaced by what stands for it
        at the finding's step (nothing changes when the viewpoint reveals everything)."""
        cleaners = _Cleaners()
        return [redact_finding(finding, names, cleaners(names)) if names else finding
                for finding, names in self._names_at(findings)]

    def redact_computations(self, computations: Sequence[Computation]
                            ) -> Sequence[Computation]:
        """The computations with every concealed piece's name replaced by what stands for
        it at the computation's step, as `redact` does for findings. Spilled ones (a
        referee's, `adjudicator.spill`) stay spilled: only those whose text holds a
        concealed name are parsed."""
        if not isinstance(computations, Spilled):
            cleaners = _Cleaners()
            return [redact_computation(computation, names, cleaners(names)) if names
                    else computation for computation, names in self._names_at(computations)]
        if self.view.reveal or not self._events or not computations:
            return computations
        steps = [computations.step(index) for index in range(len(computations))]
        names_at = self._names_by_step(steps)
        cleaners = _Cleaners()

        def change(step: int | None, text: bytes
                   ) -> Callable[[Computation], Computation] | None:
            names = names_at[step]
            if not names or not _may_name(text, names):
                return None
            clean = cleaners(names)
            return lambda computation: redact_computation(computation, names, clean)

        return computations.mapped(change)

    def redact_reasons(self, reasons: Mapping[str, str]) -> dict[str, str]:
        """Why rules went unchecked, naming no concealed piece: a reason that begins `step
        N:` at that step, any other at the end of the replay."""
        if self.view.reveal or not self._events:
            return dict(reasons)
        steps = {rule_id: _reason_step(reason) for rule_id, reason in reasons.items()}
        names = self._names_by_step(steps.values())
        return {rule_id: redact_text(reason, names[steps[rule_id]])
                for rule_id, reason in reasons.items()}

    def _names_at(self, items: Sequence[_Stepped]) -> Iterator[tuple[_Stepped, dict[str, str]]]:
        """Each item with the names it must not show at its step (`_names_by_step`)."""
        if self.view.reveal or not self._events:
            yield from ((item, {}) for item in items)
            return
        names = self._names_by_step(item.step for item in items)
        for item in items:
            yield item, names[item.step]

    def _names_by_step(self, steps: Iterable[int | None]) -> dict[int | None, dict[str, str]]:
        """For each step, the names a line about it must not show: those concealed at the
        step and not shown by the file at that step or later (a battle's odds, dated at the
        battle's first step, may name the Battle Card played from the hand a step later: the
        file shows it to the reader anyway); `None`: at the end of the replay.

        One sweep of the changes in step order (a long log's thousands of computations cost
        one pass, not one pass each); steps with the same names share one dict."""
        wanted = set(steps)
        out: dict[int | None, dict[str, str]] = {}
        if None in wanted:
            out[None] = self.concealed_at(None)
        events = sorted(self._events, key=lambda event: event[0])  # stable: per piece, in order
        current: dict[PieceId, _Entry] = {}
        position = 0
        previous: dict[str, str] | None = None
        for step in sorted(s for s in wanted if s is not None):
            while position < len(events) and events[position][0] <= step:
                _, piece_id, entry = events[position]
                if entry is None:
                    current.pop(piece_id, None)
                else:
                    current[piece_id] = entry
                position += 1
            names = {real: shown for real, shown in current.values()
                     if self._revealed.get(real, -1) < step}
            if names == previous and previous is not None:
                names = previous
            out[step] = previous = names
        return out


def _may_name(text: bytes, names: Mapping[str, str]) -> bool:
    """Whether an item's JSON text may name one of `names` (any name JSON would escape is
    assumed named: its text is then parsed and redacted as a model)."""
    decoded = text.decode("utf-8")
    return any(name in decoded or _JSON_ESCAPED.search(name) for name in names)


_JSON_ESCAPED = re.compile(r'["\\\x00-\x1f]')
"""Characters JSON writes escaped: a name holding one is not found as it is in a text."""


def _reason_step(reason: str) -> int | None:
    """The step a reason for an unchecked rule was given at (`step N: …`), if it says."""
    found = _REASON_STEP.match(reason)
    return int(found[1]) if found else None


_REASON_STEP = re.compile(r"step (\d+):")
"""How a reason for an unchecked rule names the step it was given at."""


def _pattern(names: Iterable[str]) -> re.Pattern[str]:
    return _compiled(frozenset(names))


@functools.lru_cache(maxsize=256)
def _compiled(names: frozenset[str]) -> re.Pattern[str]:
    """One pattern per set of names (a long log redacts thousands of lines with the same
    few names)."""
    ordered = sorted(names, key=len, reverse=True)
    return re.compile("|".join(rf"(?<!\w){re.escape(name)}(?!\w)" for name in ordered))


def redact_text(text: str, names: Mapping[str, str]) -> str:
    """`text` with each real name of `names` (as a whole word) replaced by its stand-in."""
    if not names:
        return text
    return _pattern(names).sub(lambda match: names[match.group(0)], text)


def _cleaner(names: Mapping[str, str]) -> Callable[[str], str]:
    """`redact_text` for one set of names, remembering each text it cleaned (a long log's
    computations repeat the same keys and values thousands of times)."""
    pattern = _pattern(names)
    cleaned: dict[str, str] = {}

    def clean(text: str) -> str:
        done = cleaned.get(text)
        if done is None:
            done = cleaned[text] = pattern.sub(lambda match: names[match.group(0)], text)
        return done

    return clean


class _Cleaners:
    """One remembering cleaner per set of names in a redaction pass (`_names_by_step`
    shares one dict between steps with the same names: the cleaner goes with it)."""

    __slots__ = ("_by_names",)

    def __init__(self) -> None:
        self._by_names: dict[int, tuple[Mapping[str, str], Callable[[str], str]]] = {}

    def __call__(self, names: Mapping[str, str]) -> Callable[[str], str]:
        kept = self._by_names.get(id(names))
        if kept is None or kept[0] is not names:
            kept = self._by_names[id(names)] = (names, _cleaner(names))
        return kept[1]


def redact_finding(finding: Finding, names: Mapping[str, str],
                   clean: Callable[[str], str] | None = None) -> Finding:
    """A finding that names none of `names`' concealed pieces (message, pieces, values,
    and the facts it needs); `clean` is `names`' cleaner when the caller keeps one."""
    clean = clean or _cleaner(names)
    update: dict[str, object] = {
        "message": clean(finding.message),
        "pieces": tuple(dict.fromkeys(clean(piece) for piece in finding.pieces)),
        "needs": tuple(clean(need) for need in finding.needs),
    }
    if finding.expected is not None:
        update["expected"] = clean(finding.expected)
    if finding.observed is not None:
        update["observed"] = clean(finding.observed)
    return finding.model_copy(update=update)


def redact_computation(computation: Computation, names: Mapping[str, str],
                       clean: Callable[[str], str] | None = None) -> Computation:
    """A computation that names none of `names`' concealed pieces: its summary, and the
    keys and text values of its inputs, results and probabilities (in lists and records
    too: a route's spaces and legs). The computation itself when it names none of them
    (a long log's computations are not copied for nothing); `clean` as in
    `redact_finding`."""
    clean = clean or _cleaner(names)

    def scalar(value: Scalar) -> Scalar:
        return clean(value) if isinstance(value, str) else value

    def one(value: Value) -> Value:
        if not isinstance(value, tuple):
            return scalar(value)
        if all(isinstance(item, dict) for item in value):
            return tuple({clean(k): scalar(v) for k, v in item.items()}
                         for item in value if isinstance(item, dict))
        return tuple(scalar(item) for item in value if not isinstance(item, dict))

    def table(values: Mapping[str, Value]) -> dict[str, Value]:
        return {clean(key): one(value) for key, value in values.items()}

    update: dict[str, object] = {
        "summary": clean(computation.summary),
        "inputs": table(computation.inputs),
        "result": table(computation.result),
        "probabilities": {clean(key): value
                          for key, value in computation.probabilities.items()},
    }
    if all(value == getattr(computation, field) for field, value in update.items()):
        return computation
    return computation.model_copy(update=update)


def concealed_counts(sights: Iterable[Sight]) -> Counter[str]:
    """How many of these pieces are only counted, by holder (hidden ones as `hidden`)."""
    counts: Counter[str] = Counter()
    for seen in sights:
        if seen.concealment is Concealment.PRIVATE and seen.holder is not None:
            counts[seen.holder] += 1
        elif seen.concealment is Concealment.HIDDEN:
            counts[HIDDEN_HOLDER] += 1
    return counts


__all__ = [
    "CONCEALMENT_RULES",
    "HIDDEN_HOLDER",
    "HIDDEN_PIECE",
    "OPPONENT",
    "REVEAL",
    "Concealment",
    "ConcealmentLog",
    "MapPrivacy",
    "Sight",
    "Viewpoint",
    "concealed_counts",
    "counted_text",
    "map_privacy",
    "moved_sight",
    "redact_computation",
    "redact_finding",
    "redact_text",
    "shown_name",
    "sight",
    "touched_pieces",
    "viewpoint",
]
