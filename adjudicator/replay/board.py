"""The generic board: VASSAL's game state, changed command by command (FORMAT.md §4–§6).

Nothing here knows a game: a `Board` holds what the engine's `GameState` holds — pieces,
stacks and decks by id, global properties, the boards chosen for each map, the player
roster and the turn trackers — and executes every command kind the way the engine does.
Like python-chess's `Board`, it accepts whatever the log did, even impossible positions;
judging is someone else's job.

Cheapness: `Board.apply` records a snapshot of only the pieces a step touches (for its
diff and for `Board.undo`), never a copy of the whole board, and keeps an index of what lies
at each exact map point so that a drop merges with a stack without scanning the map, and
one of the game pieces alone so that `pieces()` never walks the stacks. A stack the board
made itself (a drop on a lone piece, §4.5) is gone once its last piece leaves it: no file
names it, so nothing can bring it back but `undo()`, and a long back-and-forth log keeps
a constant number of stacks instead of one more per drop.

>>> from vmod_schema.commands import decode_command
>>> board = Board()
>>> board.restore([decode_command("+/1/piece;;;;Rifle/Map;10;20")])
[]
>>> changes = board.apply([decode_command("M/1/Map/30/40/null/Map/10/20/null")])
>>> changes.moves
(Move('1', 'Rifle', Position('Map', 10, 20) -> Position('Map', 30, 40)),)
"""

from __future__ import annotations

import logging
from collections import Counter, deque
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from typing import TYPE_CHECKING, TypeVar

from adjudicator.replay.changes import (
    Changes,
    Move,
    PieceEvent,
    PieceId,
    Point,
    Position,
    PropertyChange,
    ReplayProblem,
)
from adjudicator.replay.clip import clip_name
from adjudicator.replay.permodule import PerModule
from vmod_schema.commands import (
    AddPiece,
    BeginSave,
    ChangeGlobalProperty,
    ChangePiece,
    Command,
    MovePiece,
    PlayerJoin,
    PlayerLeave,
    RemovePiece,
    SelectBoards,
    SetGlobalProperty,
    SetTurn,
)
from vmod_schema.pieces import DeckState, Piece, StackState, apply_state, decode_piece

if TYPE_CHECKING:
    from vmod_schema.locations import BoardSelection, LocationResolver
    from vmod_schema.module import Module

log = logging.getLogger(__name__)

_PRIVATE_KINDS = ("PrivateMap", "PlayerHand")
"""Map classes whose window may be restricted to some sides (FORMAT.md §7.3)."""

_K = TypeVar("_K")
_V = TypeVar("_V")


class PieceKind(StrEnum):
    """What an id names: a game piece, a stack, or a deck (innermost type, §4.4, §6.1)."""

    PIECE = "piece"
    STACK = "stack"
    DECK = "deck"


def _kind_of(piece: Piece) -> PieceKind:
    inner = piece.inner
    if isinstance(inner, StackState):
        return PieceKind.STACK
    if isinstance(inner, DeckState):
        return PieceKind.DECK
    return PieceKind.PIECE  # a basic piece, or an unknown innermost type kept as a piece


def _member_ids(piece: Piece) -> tuple[str, ...]:
    inner = piece.inner
    if isinstance(inner, StackState | DeckState):
        return inner.member_ids
    return ()


def _point_of(piece: Piece) -> Point:
    """The (map, x, y) the piece's own innermost state names (§6.2, §4.4)."""
    map_id = piece.map_id
    if map_id is None:
        return None, 0, 0
    return map_id, piece.x or 0, piece.y or 0


# --------------------------------------------------------------------------------------
# What the board holds


@dataclass(slots=True, eq=False)
class PieceOnBoard:
    """A piece, stack or deck on the board: its decoded trait chain and where it is.

    `map`, `x`, `y` are the item's own position; a piece inside a stack or deck is where its
    container is (§4.4), which `Board.position` answers. `parent` is the id of that
    container; `members` (containers only) lists the contents bottom first, as the
    container's state does.
    """

    id: PieceId
    kind: PieceKind
    piece: Piece
    map: str | None = None
    x: int = 0
    y: int = 0
    parent: PieceId | None = None
    members: list[PieceId] = field(default_factory=list)
    _described: _Description | None = field(default=None, repr=False)

    def describe(self) -> _Description:
        """Name and properties of the current state, computed once per state."""
        described = self._described
        if described is None or described.piece is not self.piece:
            described = _Description.of(self.piece)
            self._described = described
        return described

    @property
    def name(self) -> str:
        """The piece's name as reports show it (§6.2); a deck's is its deck name."""
        return self.describe().name

    @property
    def is_container(self) -> bool:
        """Whether this is a stack or a deck."""
        return self.kind is not PieceKind.PIECE

    def properties(self) -> dict[str, str]:
        """The properties the piece's traits expose: markers, dynamic properties, layers,
        labels, hidden/masked state, basic-piece properties (§6.4–6.5)."""
        return dict(self.describe().properties)

    def __repr__(self) -> str:
        where = f"{self.map!r}, {self.x}, {self.y}"
        inside = f", in={self.parent!r}" if self.parent is not None else ""
        count = f", members={len(self.members)}" if self.is_container else ""
        head = f"{self.id!r}, {self.kind.value}, {self.name!r}"
        return f"PieceOnBoard({head}, {where}{inside}{count})"


class _Description:
    """A piece state's name and properties, each worked out when first asked and kept
    (computing them walks every trait; most pieces are only ever named)."""

    __slots__ = ("_name", "_properties", "piece")

    def __init__(self, piece: Piece) -> None:
        self.piece = piece
        self._name: str | None = None
        self._properties: Mapping[str, str] | None = None

    @classmethod
    def of(cls, piece: Piece) -> _Description:
        return cls(piece)

    @property
    def name(self) -> str:
        """The piece's name (§6.2), cut to what a report can carry (`clip_name`)."""
        if self._name is None:
            self._name = clip_name(self.piece.name)
        return self._name

    @property
    def properties(self) -> Mapping[str, str]:
        """The properties its traits expose (§6.4–6.5)."""
        if self._properties is None:
            self._properties = self.piece.properties()
        return self._properties


@dataclass(frozen=True, slots=True)
class Player:
    """A roster slot as shown to users: name and side (the user id is a password, §4.3)."""

    name: str
    side: str


# --------------------------------------------------------------------------------------
# Undo records


@dataclass(frozen=True, slots=True)
class _Snapshot:
    kind: PieceKind
    piece: Piece
    map: str | None
    x: int
    y: int
    parent: PieceId | None
    members: tuple[PieceId, ...]
    where: Point
    """Effective position (the container's, for a member) when first touched."""
    described: _Description | None


@dataclass(slots=True)
class _Record:
    """The state before one `apply` of everything it touched (a small `_BoardState`)."""

    pieces: dict[PieceId, _Snapshot | None] = field(default_factory=dict)
    properties: dict[tuple[str, str], str | None] = field(default_factory=dict)
    selections: dict[str, BoardSelection | None] = field(default_factory=dict)
    roster: dict[str, Player | None] = field(default_factory=dict)
    turns: dict[str, str | None] = field(default_factory=dict)
    problems: list[ReplayProblem] = field(default_factory=list)
    emptied: list[PieceId] = field(default_factory=list)
    """The board's own stacks this step emptied and dropped (undo makes them its own again)."""


# --------------------------------------------------------------------------------------
# The set-up, decoded once per module


class SetUpPieces(PerModule):
    """The pieces of a module's set-ups, decoded once: many files of one game start from
    the same restore block, whose pieces (type and state strings alike) then decode to the
    same traits. Kept for the latest few modules, each up to `KEPT_PIECES` pieces (the
    oldest dropped); traits and innermost pieces are immutable, so files share them, and
    each piece handed out gets its own `traits` list."""

    KEPT_PIECES = 8192

    def __init__(self, module: Module) -> None:
        super().__init__(module)
        self.pieces: dict[tuple[str, str], Piece] = {}

    def decode(self, command: AddPiece) -> None:
        """Decode the command's piece (`AddPiece.piece`), reusing an earlier file's."""
        if command.decoded is not None:
            return
        key = (command.type, command.state)
        known = self.pieces.get(key)
        if known is None:
            decoded = command.piece()
            if len(self.pieces) >= self.KEPT_PIECES:
                del self.pieces[next(iter(self.pieces))]
            self.pieces[key] = Piece(list(decoded.traits), decoded.inner)
            return
        command.decoded = Piece(list(known.traits), known.inner)


# --------------------------------------------------------------------------------------
# The board


class Board:
    """VASSAL's generic game state, changed command by command as the engine does (§5.4).

    Pieces, stacks and decks by id, with stack/deck membership kept from the containers'
    states and from the MovePiece rules (§4.4–4.5); global properties by (container, name);
    the boards chosen for each map; the roster; the turn trackers' states.

    With a `LocationResolver` (from the module) positions carry location names (§7.6), and
    with `known_maps` a command naming another map is reported. `history_limit` bounds how
    many applied steps `undo()` can take back (the oldest records are dropped); None keeps
    them all. A consumer that never calls `undo()` (VASSAL's own undo is replayed as inverse
    commands) can set a small one, so a long log's replay does not keep a record per step.
    `private_maps` names the maps only some sides may look at (a `PlayerHand` or
    `PrivateMap` not visible to all, §7.3), by map id, with those sides; what lies there is
    hidden from everyone else (`adjudicator.replay.visibility`).
    """

    def __init__(self, resolver: LocationResolver | None = None, *,
                 known_maps: Iterable[str] | None = None,
                 history_limit: int | None = None,
                 private_maps: Mapping[str, Iterable[str]] | None = None) -> None:
        self.resolver = resolver
        self.known_maps = frozenset(known_maps) if known_maps is not None else None
        self.private_maps: Mapping[str, frozenset[str]] = {
            map_id: frozenset(sides) for map_id, sides in (private_maps or {}).items()}
        self._items: dict[PieceId, PieceOnBoard] = {}
        self._pieces: dict[PieceId, PieceOnBoard] = {}
        """The game pieces of `_items` (no stack or deck), in the same order."""
        self._made: set[PieceId] = set()
        """The stacks the board made itself (`_new_stack`), dropped when they empty."""
        self._at: dict[tuple[str, int, int], list[PieceId]] = {}
        self._properties: dict[tuple[str, str], str] = {}
        self._selections: dict[str, BoardSelection] = {}
        self._roster: dict[str, Player] = {}
        self._turns: dict[str, str] = {}
        self._locations: dict[Point, str | None] = {}
        self._positions: dict[Point, Position] = {}
        """One `Position` per point (they are immutable): a long log's moves share them."""
        self._record: _Record | None = None
        self._history: deque[_Record] = deque(maxlen=history_limit)
        self._problems: list[ReplayProblem] = []
        self._step = 0
        self._new_ids = 0
        self.set_up: SetUpPieces | None = None
        """Where the set-up's pieces are decoded (a module's board: once per module)."""

    @classmethod
    def for_module(cls, module: Module | None, *, history_limit: int | None = None) -> Board:
        """Return an empty board that names locations with `module`'s grids (if given)."""
        if module is None:
            return cls(history_limit=history_limit)
        known: set[str] = set()
        private: dict[str, list[str]] = {}
        for map_ in module.maps:
            known.update((map_.identifier, map_.internal_id))
            if (map_.kind in _PRIVATE_KINDS
                    and map_.attributes.get("visible", "false") != "true"):
                # A private window's `side` attribute lists the sides that may open it.
                sides = [s.strip() for s in map_.attributes.get("side", "").split(",")]
                for map_id in (map_.identifier, map_.internal_id):
                    private[map_id] = [side for side in sides if side]
        from vmod_schema.locations import shared_resolver  # the module's models: only with one

        board = cls(shared_resolver(module), known_maps=known, history_limit=history_limit,
                    private_maps=private)
        board.set_up = SetUpPieces.of(module)
        return board

    # ---- reading the position

    def __len__(self) -> int:
        return len(self._items)

    def __contains__(self, piece_id: object) -> bool:
        return piece_id in self._items

    def __getitem__(self, piece_id: str) -> PieceOnBoard:
        return self._items[PieceId(piece_id)]

    def get(self, piece_id: str) -> PieceOnBoard | None:
        """Return the piece, stack or deck with this id, or None."""
        return self._items.get(PieceId(piece_id))

    def items(self) -> Iterator[PieceOnBoard]:
        """Every piece, stack and deck, in the order they were created."""
        return iter(self._items.values())

    def pieces(self) -> Iterator[PieceOnBoard]:
        """Every game piece (not stacks or decks), in the order they were created."""
        return iter(self._pieces.values())

    def containers(self) -> Iterator[PieceOnBoard]:
        """Every stack and deck, in the order they were created."""
        return (item for item in self._items.values() if item.kind is not PieceKind.PIECE)

    def counts(self) -> Counter[PieceKind]:
        """How many pieces, stacks and decks there are."""
        return Counter(item.kind for item in self._items.values())

    def members(self, container_id: str) -> list[PieceOnBoard]:
        """The contents of a stack or deck, bottom first (a deck's last is drawn next)."""
        container = self._items[PieceId(container_id)]
        return [self._items[member] for member in container.members]

    def container_of(self, piece_id: str) -> tuple[PieceOnBoard, int] | None:
        """The stack or deck holding a piece and its place in it (0 = bottom), or None."""
        item = self._items[PieceId(piece_id)]
        if item.parent is None:
            return None
        container = self._items[item.parent]
        return container, container.members.index(item.id)

    def point(self, piece_id: str) -> Point:
        """Return (map, x, y) of a piece: its container's if it is in one (§4.4)."""
        return self._where(self._items[PieceId(piece_id)])

    def position(self, piece_id: str) -> Position:
        """Return where a piece is, with its location name when the board has a resolver."""
        return self._position(self._where(self._items[PieceId(piece_id)]))

    def location(self, map_id: str | None, x: int, y: int) -> str | None:
        """The location name of a map point (§7.6), or None without a resolver or map."""
        key = (map_id, x, y)
        if key in self._locations:
            return self._locations[key]
        name = None
        if self.resolver is not None and map_id is not None:
            name = self.resolver.resolve(map_id, x, y, self._selections)
        self._locations[key] = name
        return name

    def at(self, map_id: str, x: int, y: int) -> list[PieceOnBoard]:
        """The stacks, decks and lone pieces standing exactly at (x, y) on a map."""
        return [self._items[item] for item in self._at.get((map_id, x, y), ())]

    @property
    def global_properties(self) -> Mapping[tuple[str, str], str]:
        """Global property values by (container, name); container `Module`, a map's name,
        `<map>:<zone>`, or empty (§4.3)."""
        return self._properties

    def global_property(self, name: str, container: str | None = None) -> str | None:
        """The value of a global property; without `container`, the first one so named."""
        if container is not None:
            return self._properties.get((container, name))
        key = self._find_property(name)
        return None if key is None else self._properties[key]

    @property
    def selections(self) -> Mapping[str, BoardSelection]:
        """The boards chosen for each map, by map id (latest `…BoardPicker`, §4.3)."""
        return self._selections

    @property
    def players(self) -> tuple[Player, ...]:
        """The roster's names and sides, in joining order (user ids are never exposed)."""
        return tuple(self._roster.values())

    def player(self, user_id: str | None) -> Player | None:
        """The roster entry for a user id (a password: do not show it), or None."""
        return None if user_id is None else self._roster.get(user_id)

    @property
    def turns(self) -> Mapping[str, str]:
        """Turn tracker states by tracker id (`TurnTracker0`…), as encoded (§4.3)."""
        return self._turns

    @property
    def history(self) -> int:
        """How many applied steps `undo()` can take back (at most `history_limit`)."""
        return len(self._history)

    @property
    def history_limit(self) -> int | None:
        """The most applied steps `undo()` can take back; None for no limit."""
        return self._history.maxlen

    def __repr__(self) -> str:
        counts = self.counts()
        return (f"Board(pieces={counts[PieceKind.PIECE]}, stacks={counts[PieceKind.STACK]}, "
                f"decks={counts[PieceKind.DECK]})")

    # ---- changing it

    def restore(self, commands: Iterable[Command]) -> list[ReplayProblem]:
        """Set the position from a restore block's primitive commands (§4.2).

        Like `begin_save`, this wipes the board first. Every piece is created before any
        stack or deck membership is resolved, because old files list containers before
        their members; member ids that do not resolve are skipped. The block is not
        recorded for `undo()`. Returns the problems met (reported as step 0).
        """
        self._clear()
        self._problems, self._step = [], 0
        later: list[Command] = []
        containers: list[PieceOnBoard] = []
        set_up = self.set_up
        for command in commands:
            if isinstance(command, AddPiece):
                if set_up is not None:
                    set_up.decode(command)
                item = self._create(command)
                if item.is_container:
                    containers.append(item)
            else:
                later.append(command)
        for container in containers:
            if self._items.get(container.id) is container:
                self._fill(container, _member_ids(container.piece))
        for command in later:
            self._execute(command)
        return self._problems

    def apply(self, commands: Iterable[Command], *, step: int = 0) -> Changes:
        """Execute a step's primitive commands in order and return what changed.

        Keeps an undo record of only the pieces and values touched (`undo()` takes it
        back; the oldest is dropped past `history_limit`). Commands naming an unknown piece
        are skipped and reported with `step`.
        """
        record = _Record()
        self._record, self._step, self._problems = record, step, record.problems
        try:
            for command in commands:
                self._execute(command)
        finally:
            self._record = None
        self._history.append(record)
        return self._changes(record)

    def undo(self) -> None:
        """Take back the last `apply` (the board's own undo, not VASSAL's UNDO step).

        Raises:
            IndexError: nothing has been applied (or every record was dropped, past
                `history_limit`).
        """
        record = self._history.pop()
        for piece_id in record.pieces:
            current = self._items.get(piece_id)
            if current is not None:
                self._unindex(current)
        kinds_changed = False
        for piece_id, snapshot in record.pieces.items():
            if snapshot is None:
                self._forget(piece_id)
                continue
            item = self._items.get(piece_id)
            if item is None:
                item = PieceOnBoard(piece_id, snapshot.kind, snapshot.piece)
                self._add(item)
            kinds_changed |= item.kind is not snapshot.kind
            item.kind, item.piece = snapshot.kind, snapshot.piece
            item.map, item.x, item.y = snapshot.map, snapshot.x, snapshot.y
            item.parent, item.members = snapshot.parent, list(snapshot.members)
            item._described = snapshot.described
        for piece_id, snapshot in record.pieces.items():
            if snapshot is not None:
                self._index(self._items[piece_id])
        self._made.update(record.emptied)
        if kinds_changed:  # an id re-created as another kind within the step: rare
            self._pieces = {pid: item for pid, item in self._items.items()
                            if item.kind is PieceKind.PIECE}
        _restore_values(self._properties, record.properties)
        _restore_values(self._roster, record.roster)
        _restore_values(self._turns, record.turns)
        if record.selections:
            _restore_values(self._selections, record.selections)
            self._locations.clear()
            self._positions.clear()

    # ---- command execution (§4.3)

    def _execute(self, command: Command) -> None:
        if isinstance(command, MovePiece):
            self._move(command)
        elif isinstance(command, ChangePiece):
            self._change(command)
        elif isinstance(command, AddPiece):
            item = self._create(command)
            if item.is_container:
                self._fill(item, _member_ids(item.piece))
        elif isinstance(command, RemovePiece):
            self._remove(command)
        elif isinstance(command, SetGlobalProperty):
            self._set_property((command.container, command.name), command.value)
        elif isinstance(command, ChangeGlobalProperty):
            self._change_property(command)
        elif isinstance(command, SelectBoards):
            self._select_boards(command)
        elif isinstance(command, PlayerJoin):
            if self._record is not None:
                _remember(self._record.roster, self._roster, command.user_id)
            self._roster[command.user_id] = Player(command.name, command.side)
        elif isinstance(command, PlayerLeave):
            if self._record is not None:
                _remember(self._record.roster, self._roster, command.user_id)
            self._roster.pop(command.user_id, None)
        elif isinstance(command, SetTurn):
            if self._record is not None:
                _remember(self._record.turns, self._turns, command.tracker_id)
            self._turns[command.tracker_id] = command.state
        elif isinstance(command, BeginSave):
            self._clear()
        # Chat, sounds, notes, clocks, dice results, undo brackets, unknown and null
        # commands do not change the position (§4.3, §5.4).

    def _problem(self, command: Command, message: str) -> None:
        problem = ReplayProblem(self._step, command, message)
        log.warning("replay %s", problem)
        self._problems.append(problem)

    def _check_map(self, command: Command, map_id: str | None) -> None:
        if map_id is not None and self.known_maps is not None and map_id not in self.known_maps:
            self._problem(command, f"{command.kind} names unknown map {map_id!r}")

    def _create(self, command: AddPiece) -> PieceOnBoard:
        """AddPiece: create a piece, stack or deck and apply its state (§4.3, §6.3)."""
        piece_id = command.piece_id
        if piece_id is None:
            piece_id = self._new_id()  # the engine gives an id-less piece a fresh one
        pid = PieceId(piece_id)
        if pid in self._items:
            self._discard(self._items[pid])  # the engine replaces a piece re-added by id
        piece = command.piece()
        self._check_map(command, piece.map_id)
        self._touch(pid)
        item = PieceOnBoard(pid, _kind_of(piece), piece)
        self._add(item)
        item.map, item.x, item.y = _point_of(piece)
        self._index(item)
        return item

    def _remove(self, command: RemovePiece) -> None:
        """RemovePiece: the piece leaves the game; a removed container's contents stay."""
        item = self._items.get(PieceId(command.id))
        if item is None:
            self._problem(command, f"RemovePiece names unknown piece {command.id!r}")
            return
        self._discard(item)

    def _discard(self, item: PieceOnBoard) -> None:
        self._touch(item.id)
        if item.is_container:
            for member_id in list(item.members):
                self._release(self._items[member_id], item)
        self._detach(item)
        self._forget(item.id)

    def _change(self, command: ChangePiece) -> None:
        """ChangePiece: set the state with the merge rule (§6.3); positions follow it (§4.5)."""
        item = self._items.get(PieceId(command.id))
        if item is None:
            self._problem(command, f"ChangePiece names unknown piece {command.id!r}")
            return
        self._touch(item.id)
        old_piece = item.piece
        piece = apply_state(old_piece, command.new_state, command.old_state)
        item.piece = piece
        if piece.inner is old_piece.inner:
            return  # the innermost state (position, contents) did not change
        point = _point_of(piece)
        self._check_map(command, point[0])
        if item.is_container:
            if point != (item.map, item.x, item.y):
                self._unindex(item)
                self._touch_members(item)
                item.map, item.x, item.y = point
                self._index(item)
            self._fill(item, _member_ids(piece))
        elif item.parent is not None:
            # The engine's BasicPiece.setState moves the piece only when the new map differs
            # from the one it is on (its container's); a null map leaves it where it is.
            container = self._items[item.parent]
            if point[0] is not None and point[0] != container.map:
                self._detach(item)
                item.map, item.x, item.y = point
                self._index(item)
        elif point != (item.map, item.x, item.y):
            self._unindex(item)
            item.map, item.x, item.y = point
            self._index(item)

    def _move(self, command: MovePiece) -> None:
        """MovePiece, as the engine's `MovePiece.executeCommand` (§4.5)."""
        item = self._items.get(PieceId(command.id))
        if item is None:
            self._problem(command, f"MovePiece names unknown piece {command.id!r}")
            return
        new_map, new_x, new_y = command.new_position
        if new_map is None:
            # "If newMap is null the piece is taken off its old map (not deleted)."
            self._place_alone(item, None, 0, 0)
            return
        self._check_map(command, new_map)
        target = (new_map, new_x or 0, new_y or 0)
        under_id = command.new_under_id
        if under_id is not None:
            under = self._items.get(PieceId(under_id))
            if under is None:
                self._problem(command, f"MovePiece names unknown piece {under_id!r} beneath")
            elif self._where(under) == target:
                # "The moved piece is inserted directly above it."
                self._merge(under, item)
                return
            if not self._merge_at(item, target):
                self._place_alone(item, *target)
            return
        # "null = merged with whatever stack is already there (as its bottom piece), or
        # stands alone": the engine merges on top, then moves a single piece to index 0.
        if not self._merge_at(item, target):
            self._place_alone(item, *target)
        if item.parent is not None:
            self._insert(item, self._items[item.parent], 0)

    # ---- stacking (the engine's StackMetrics.merge and Stack.insert)

    def _merge_at(self, moving: PieceOnBoard, target: tuple[str, int, int]) -> bool:
        """Merge with the topmost deck, non-empty stack or lone piece at exactly `target`."""
        for candidate_id in reversed(self._at.get(target, ())):
            candidate = self._items[candidate_id]
            if candidate.kind is PieceKind.STACK and not candidate.members:
                continue  # an empty stack has no top piece to merge with
            self._merge(candidate, moving)
            return True
        return False

    def _merge(self, fixed: PieceOnBoard, moving: PieceOnBoard) -> None:
        """Place `moving` (a piece, or a stack's contents) directly above `fixed`."""
        while fixed.is_container and fixed.members:
            fixed = self._items[fixed.members[-1]]
        parent = self._items[fixed.parent] if fixed.parent is not None else None
        index = parent.members.index(fixed.id) + 1 if parent is not None else 0
        if moving is fixed or moving is parent:
            return
        if parent is None:
            if fixed.is_container:
                parent, index = fixed, len(fixed.members)
            else:
                parent, index = self._new_stack(fixed), 1
        if moving.is_container:
            for member_id in list(moving.members):
                self._insert(self._items[member_id], parent, index)
                index += 1
            return
        if moving.parent == parent.id:
            index -= 1
        self._insert(moving, parent, index)

    def _insert(self, item: PieceOnBoard, container: PieceOnBoard, index: int) -> None:
        """Put `item` at `index` (0 = bottom) of `container`, taking it from where it was."""
        self._touch(item.id)
        self._touch(container.id)
        if item.parent == container.id:
            container.members.remove(item.id)
        else:
            self._detach(item)
        index = max(0, min(index, len(container.members)))
        container.members.insert(index, item.id)
        item.parent = container.id
        item.map, item.x, item.y = container.map, container.x, container.y

    def _fill(self, container: PieceOnBoard, member_ids: Sequence[str]) -> None:
        """Set a container's contents from its state; ids that do not resolve are skipped."""
        wanted: list[PieceId] = []
        seen: set[PieceId] = set()  # a state may list thousands of ids: no list search
        for raw in member_ids:
            member = self._items.get(PieceId(raw))
            if member is None or member.is_container or member.id in seen:
                if member is None:
                    log.debug("container %s lists unknown piece %s", container.id, raw)
                continue
            wanted.append(member.id)
            seen.add(member.id)
        if wanted == container.members:
            return
        self._touch(container.id)
        keep = set(wanted)
        for member_id in list(container.members):
            if member_id not in keep:
                self._release(self._items[member_id], container)
        for member_id in wanted:
            member = self._items[member_id]
            if member.parent != container.id:
                self._touch(member_id)
                self._detach(member)
                member.parent = container.id
                member.map, member.x, member.y = container.map, container.x, container.y
        container.members = wanted

    def _release(self, member: PieceOnBoard, container: PieceOnBoard) -> None:
        """Take a piece out of a container; it stays where the container is."""
        self._touch(member.id)
        self._touch(container.id)
        container.members.remove(member.id)
        member.parent = None
        member.map, member.x, member.y = container.map, container.x, container.y
        self._index(member)

    def _place_alone(self, item: PieceOnBoard, map_id: str | None, x: int, y: int) -> None:
        """Map.placeAt: the item stands alone at the point (or on no map)."""
        self._touch(item.id)
        if item.is_container:
            self._touch_members(item)
        self._detach(item)
        item.map, item.x, item.y = map_id, x, y
        self._index(item)

    def _new_stack(self, lone: PieceOnBoard) -> PieceOnBoard:
        """The stack the engine makes when a piece is dropped on a lone piece (§4.5).

        A recording client logs it as an AddPiece; a replaying one makes it unseen, so it
        gets a board-local id (`~new1`, …) that no file uses.
        """
        map_id, x, y = self._where(lone)
        state = f"{map_id if map_id is not None else 'null'};{x};{y}"
        pid = self._new_id()
        self._touch(pid)
        stack = PieceOnBoard(pid, PieceKind.STACK, decode_piece("stack", state), map_id, x, y)
        self._add(stack)
        self._made.add(pid)
        self._index(stack)
        self._insert(lone, stack, 0)
        return stack

    def _new_id(self) -> PieceId:
        self._new_ids += 1
        return PieceId(f"~new{self._new_ids}")

    # ---- bookkeeping

    def _where(self, item: PieceOnBoard) -> Point:
        if item.parent is not None:
            container = self._items.get(item.parent)
            if container is not None:
                return container.map, container.x, container.y
        return item.map, item.x, item.y

    def _position(self, point: Point) -> Position:
        position = self._positions.get(point)
        if position is None:
            map_id, x, y = point
            position = Position(map_id, x, y, self.location(map_id, x, y))
            self._positions[point] = position
        return position

    def _index(self, item: PieceOnBoard) -> None:
        if item.parent is None and item.map is not None:
            self._at.setdefault((item.map, item.x, item.y), []).append(item.id)

    def _unindex(self, item: PieceOnBoard) -> None:
        if item.parent is None and item.map is not None:
            key = (item.map, item.x, item.y)
            here = self._at.get(key)
            if here is not None and item.id in here:
                here.remove(item.id)
                if not here:
                    del self._at[key]

    def _detach(self, item: PieceOnBoard) -> None:
        """Take the item out of its container or out of the point index (caller touched it)."""
        if item.parent is None:
            self._unindex(item)
            return
        container = self._items.get(item.parent)
        if container is not None:
            self._touch(container.id)
            if item.id in container.members:
                container.members.remove(item.id)
            if not container.members and container.id in self._made:
                self._unindex(container)  # the board's own stack, now empty, is gone
                self._forget(container.id)
                if self._record is not None:
                    self._record.emptied.append(container.id)
        item.parent = None

    def _add(self, item: PieceOnBoard) -> None:
        """Put a new item on the board (its id is not there)."""
        self._items[item.id] = item
        if item.kind is PieceKind.PIECE:
            self._pieces[item.id] = item

    def _forget(self, piece_id: PieceId) -> None:
        """Take an item off the board (the caller took it out of the point index)."""
        self._items.pop(piece_id, None)
        self._pieces.pop(piece_id, None)
        self._made.discard(piece_id)

    def _touch(self, piece_id: PieceId) -> None:
        """Remember the item's state before this step first changes it."""
        record = self._record
        if record is None or piece_id in record.pieces:
            return
        item = self._items.get(piece_id)
        if item is None:
            record.pieces[piece_id] = None
            return
        record.pieces[piece_id] = _Snapshot(
            item.kind, item.piece, item.map, item.x, item.y, item.parent,
            tuple(item.members), self._where(item), item._described)

    def _touch_members(self, container: PieceOnBoard) -> None:
        # Members move with their container: touch them before it moves.
        if self._record is not None:
            for member_id in container.members:
                self._touch(member_id)

    def _find_property(self, name: str) -> tuple[str, str] | None:
        return next((key for key in self._properties if key[1] == name), None)

    def _set_property(self, key: tuple[str, str], value: str) -> None:
        if self._record is not None:
            _remember(self._record.properties, self._properties, key)
        self._properties[key] = value

    def _change_property(self, command: ChangeGlobalProperty) -> None:
        """MutableProperty: a missing container means the first property so named (§4.3)."""
        key: tuple[str, str] | None
        if command.container is None:
            key = self._find_property(command.name) or ("", command.name)
        else:
            key = (command.container, command.name)
        self._set_property(key, command.new_value)

    def _select_boards(self, command: SelectBoards) -> None:
        """`…BoardPicker`: the boards chosen for a map; location names follow (§7.5)."""
        if self._record is not None:
            _remember(self._record.selections, self._selections, command.map_id)
        from vmod_schema.boardpicks import selection_from

        self._selections[command.map_id] = selection_from(command)
        self._locations.clear()
        self._positions.clear()

    def _clear(self) -> None:
        self._items.clear()
        self._pieces.clear()
        self._made.clear()
        self._at.clear()
        self._properties.clear()
        self._selections.clear()
        self._roster.clear()
        self._turns.clear()
        self._locations.clear()
        self._positions.clear()
        self._history.clear()

    def _changes(self, record: _Record) -> Changes:
        """Diff the touched pieces against their snapshots (game pieces only)."""
        moves: list[Move] = []
        added: list[PieceEvent] = []
        removed: list[PieceEvent] = []
        properties: list[PropertyChange] = []
        for piece_id, before in record.pieces.items():
            after = self._items.get(piece_id)
            kind = after.kind if after is not None else before.kind if before else None
            if kind is not PieceKind.PIECE:
                continue
            if after is None:
                if before is not None:
                    removed.append(PieceEvent(piece_id, _described(before).name,
                                              self._position(before.where)))
                continue
            if before is None:
                added.append(PieceEvent(piece_id, after.name,
                                        self._position(self._where(after))))
                continue
            where = self._where(after)
            if where != before.where:
                moves.append(Move(piece_id, after.name, self._position(before.where),
                                  self._position(where)))
            if not _same_levels(before.piece, after.piece):
                properties.extend(_property_changes(piece_id, _described(before),
                                                    after.describe()))
        return Changes(tuple(moves), tuple(added), tuple(removed), tuple(properties),
                       tuple(record.problems))


def _remember(saved: dict[_K, _V | None], values: Mapping[_K, _V], key: _K) -> None:
    """Keep a value's state before the step first changes it (None = absent)."""
    if key not in saved:
        saved[key] = values.get(key)


def _restore_values(values: dict[_K, _V], saved: Mapping[_K, _V | None]) -> None:
    for key, value in saved.items():
        if value is None:
            values.pop(key, None)
        else:
            values[key] = value


def _same_levels(before: Piece, after: Piece) -> bool:
    if before is after:
        return True
    if before.inner is not after.inner or len(before.traits) != len(after.traits):
        return False
    return all(a is b for a, b in zip(before.traits, after.traits, strict=True))


def _described(snapshot: _Snapshot) -> _Description:
    described = snapshot.described
    if described is None or described.piece is not snapshot.piece:
        described = _Description.of(snapshot.piece)
    return described


def _property_changes(piece_id: PieceId, before: _Description,
                      after: _Description) -> list[PropertyChange]:
    old, new = before.properties, after.properties
    if old == new:
        return []
    return [PropertyChange(piece_id, after.name, key, old.get(key), new.get(key))
            for key in dict.fromkeys([*old, *new]) if old.get(key) != new.get(key)]
