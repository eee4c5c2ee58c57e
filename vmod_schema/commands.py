"""The VASSAL command stream as typed commands (FORMAT.md §4–5).

`decode_command(text)` rebuilds the engine's command tree: a string with real ESC
delimiters is a `Compound` of its decoded tokens (recursively); anything else is one leaf
command, classified by prefix (§4.3). Every command keeps enough of its text to re-encode
itself exactly: `decode_command(text).encode() == text` holds for everything VASSAL writes.
A module-specific or unknown command is kept verbatim as `UnknownCommand`, never dropped.

Player user ids are the players' VASSAL passwords (§4.3): they are kept for joining moves to
the roster but never shown in a `repr`.

>>> c = decode_command("M/12/Map/10/20/null/Map/1/2/null/secret")
>>> c.kind, c.new_position, c.old_position
('MovePiece', ('Map', 10, 20), ('Map', 1, 2))
>>> "secret" in repr(c)
False
>>> c.encode()
'M/12/Map/10/20/null/Map/1/2/null/secret'
"""

from __future__ import annotations

import sys
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, ClassVar

from vmod_schema.archive import MAX_COMMAND_DEPTH, MAX_PLACED_BOARDS
from vmod_schema.errors import CommandFormatError
from vmod_schema.sequence import join, split

if TYPE_CHECKING:
    from vmod_schema.pieces import Piece, PieceDecoder

ESC = "\x1b"
TAB = "\t"
NULL_ID = "null"
REDACTED = "<redacted>"


def _none_if_null(value: str) -> str | None:
    return None if value in (NULL_ID, "") else value


def _int_or_none(value: str) -> int | None:
    # The engine's Integer.parseInt: a number outside 32 bits is no number (a coordinate of
    # 4,000 digits would otherwise reach every computation made with it).
    try:
        number = int(value)
    except ValueError:
        return None
    return number if -(2**31) <= number < 2**31 else None


@dataclass(slots=True)
class Command:
    """Base of every decoded command.

    A plain class, not an `abc.ABC`: the replay asks `isinstance(command, SomeCommand)`
    hundreds of thousands of times on a long log, and an ABC routes every such check
    through `ABCMeta.__instancecheck__` (issue 24). What the ABC enforced is enforced when
    a subclass is defined instead: a command class without its own `encode` (in its class
    or a parent below `Command`) is a `TypeError` at import, so `Command.encode` is never
    the one called."""

    kind: ClassVar[str] = "Command"

    def __init_subclass__(cls) -> None:
        # No `super()` here: `dataclass(slots=True)` replaces the class, which breaks the
        # zero-argument form, and `object.__init_subclass__` does nothing.
        if cls.encode is Command.encode:
            raise TypeError(f"command class {cls.__name__} does not define encode()")

    def encode(self) -> str:
        """Return the command's text as VASSAL writes it (each subclass's own)."""
        raise TypeError("Command is a base class: only its subclasses encode")

    def walk(self) -> Iterator[Command]:
        """Yield the primitive commands in execution order (pre-order, LOG wrappers removed)."""
        yield self


@dataclass(slots=True)
class Compound(Command):
    """A command with sub-commands, executed in pre-order (§4.1)."""

    kind: ClassVar[str] = "Compound"
    children: list[Command] = field(default_factory=list)

    def encode(self) -> str:
        return join([child.encode() for child in self.children], ESC)

    def walk(self) -> Iterator[Command]:
        for child in self.children:
            yield from child.walk()


@dataclass(slots=True)
class NullCommand(Command):
    """The empty command: does nothing (§4.1)."""

    kind: ClassVar[str] = "Null"

    def encode(self) -> str:
        return ""


@dataclass(slots=True)
class BeginSave(Command):
    """`begin_save`: the engine wipes the game state here (§4.2)."""

    kind: ClassVar[str] = "BeginSave"

    def encode(self) -> str:
        return "begin_save"


@dataclass(slots=True)
class EndSave(Command):
    """`end_save`: the restore block ends and the game starts (§4.2)."""

    kind: ClassVar[str] = "EndSave"

    def encode(self) -> str:
        return "end_save"


@dataclass(slots=True)
class AddPiece(Command):
    """`+/id/type/state`: create a piece, stack or deck (§4.3, §6)."""

    kind: ClassVar[str] = "AddPiece"
    id: str
    type: str
    state: str
    extra: list[str] = field(default_factory=list)
    decoded: Piece | None = field(default=None, repr=False, compare=False)
    decoder: PieceDecoder | None = field(default=None, repr=False, compare=False)
    """The decoder of the file this command was read from (shared by its pieces, so each
    distinct piece type is decoded once), or None."""

    @property
    def piece_id(self) -> str | None:
        """The piece id, or None for `null` (definitions in a module)."""
        return _none_if_null(self.id)

    def piece(self, *, strict: bool = False) -> Piece:
        """Decode the type and state strings into a trait chain (§6.1), once, when first
        asked (a file is read without decoding its pieces)."""
        if self.decoded is None or strict:
            if self.decoder is not None and not strict:
                self.decoded = self.decoder.decode(self.type, self.state)
            else:
                from vmod_schema.pieces import decode_piece

                self.decoded = decode_piece(self.type, self.state, strict=strict)
        return self.decoded

    def encode(self) -> str:
        return "+/" + join([self.id, self.type, self.state, *self.extra], "/")


@dataclass(slots=True)
class RemovePiece(Command):
    """`-/id`: remove a piece (§4.3)."""

    kind: ClassVar[str] = "RemovePiece"
    id: str

    def encode(self) -> str:
        return "-/" + self.id


@dataclass(slots=True)
class ChangePiece(Command):
    """`D/id/newState[/oldState]`: set a piece's state (§4.3, merge rule §6.3)."""

    kind: ClassVar[str] = "ChangePiece"
    id: str
    new_state: str
    old_state: str | None = None
    extra: list[str] = field(default_factory=list)

    def encode(self) -> str:
        fields = [self.id, self.new_state]
        if self.old_state is not None:
            fields.append(self.old_state)
        return "D/" + join([*fields, *self.extra], "/")


@dataclass(slots=True)
class MovePiece(Command):
    """`M/id/newMap/newX/newY/newUnder/oldMap/oldX/oldY/oldUnder/player` (§4.5)."""

    kind: ClassVar[str] = "MovePiece"
    id: str
    new_map: str
    new_x: str
    new_y: str
    new_under: str
    old_map: str
    old_x: str
    old_y: str
    old_under: str
    player: str | None = field(default=None, repr=False)
    extra: list[str] = field(default_factory=list)

    @property
    def new_position(self) -> tuple[str | None, int | None, int | None]:
        """(map, x, y) after the move; map None when taken off its map."""
        return _none_if_null(self.new_map), _int_or_none(self.new_x), _int_or_none(self.new_y)

    @property
    def old_position(self) -> tuple[str | None, int | None, int | None]:
        """(map, x, y) before the move."""
        return _none_if_null(self.old_map), _int_or_none(self.old_x), _int_or_none(self.old_y)

    @property
    def new_under_id(self) -> str | None:
        """Id of the piece directly below in the new stack, if any."""
        return _none_if_null(self.new_under)

    @property
    def old_under_id(self) -> str | None:
        """Id of the piece that was directly below in the old stack, if any."""
        return _none_if_null(self.old_under)

    def encode(self) -> str:
        fields = [self.id, self.new_map, self.new_x, self.new_y, self.new_under,
                  self.old_map, self.old_x, self.old_y, self.old_under]
        if self.player is not None:
            fields.append(self.player)
        return "M/" + join([*fields, *self.extra], "/")


@dataclass(slots=True)
class PlayAudio(Command):
    """`AUDIO⇥file`: play a sound."""

    kind: ClassVar[str] = "PlayAudio"
    file: str

    def encode(self) -> str:
        return "AUDIO\t" + self.file


@dataclass(slots=True)
class LogEntry(Command):
    """`LOG⇥<command>`: one logged command of a step (§5.2)."""

    kind: ClassVar[str] = "Log"
    command: Command

    def encode(self) -> str:
        return "LOG\t" + self.command.encode()

    def walk(self) -> Iterator[Command]:
        yield from self.command.walk()


@dataclass(slots=True)
class Undo(Command):
    """`UNDO⇥true` / `UNDO⇥false`: the brackets around an undo (§5.3)."""

    kind: ClassVar[str] = "Undo"
    body: str

    @property
    def begins(self) -> bool:
        """True for the opening bracket `UNDO⇥true`."""
        return self.body == "true"

    def encode(self) -> str:
        return "UNDO\t" + self.body


@dataclass(slots=True)
class Chat(Command):
    """`CHAT<text>`: a chat line or an automatic report (§5.5)."""

    kind: ClassVar[str] = "Chat"
    text: str

    def encode(self) -> str:
        return "CHAT" + self.text


@dataclass(slots=True)
class PlayerJoin(Command):
    """`PLAYER⇥userId⇥name⇥side`: a roster slot (§4.3). The user id is a password."""

    kind: ClassVar[str] = "PlayerRoster.Add"
    user_id: str = field(repr=False)
    name: str
    side: str
    extra: list[str] = field(default_factory=list)

    def encode(self) -> str:
        return join(["PLAYER", self.user_id, self.name, self.side, *self.extra], TAB)


@dataclass(slots=True)
class PlayerLeave(Command):
    """`PYREMOVE⇥userId`: a roster slot removed (§4.3)."""

    kind: ClassVar[str] = "PlayerRoster.Remove"
    user_id: str = field(repr=False)

    def encode(self) -> str:
        return "PYREMOVE\t" + self.user_id


@dataclass(slots=True)
class SetGlobalProperty(Command):
    """`GlobalProperty⇥;name;value;container`: a property's value at save time (§4.3)."""

    kind: ClassVar[str] = "GlobalProperty"
    name: str
    value: str
    container: str
    extra: list[str] = field(default_factory=list)

    def encode(self) -> str:
        return join(["GlobalProperty\t", self.name, self.value, self.container, *self.extra], ";")


@dataclass(slots=True)
class ChangeGlobalProperty(Command):
    """`MutableProperty⇥name⇥old⇥new⇥container`: an in-game property change (§4.3)."""

    kind: ClassVar[str] = "MutableProperty"
    name: str
    old_value: str
    new_value: str
    container: str | None = None
    extra: list[str] = field(default_factory=list)

    def encode(self) -> str:
        fields = [self.name, self.old_value, self.new_value]
        if self.container is not None:
            fields.append(self.container)
        return "MutableProperty\t" + join([*fields, *self.extra], TAB)


@dataclass(slots=True)
class BoardPlacement:
    """One board placed on a map: name, layout cell, and whether it is rotated 180°."""

    board: str
    column: int
    row: int
    reversed: bool = False


@dataclass(slots=True)
class SelectBoards(Command):
    """`<mapId>BoardPicker⇥board⇥col⇥row…`: the boards chosen for a map (§4.3, §7.5)."""

    kind: ClassVar[str] = "BoardPicker"
    map_id: str
    fields: list[str]

    @property
    def placements(self) -> list[BoardPlacement]:
        """The placed boards in layout order.

        Raises:
            CommandFormatError: more than `MAX_PLACED_BOARDS` boards (each board placed
                costs its regions and zones in every location lookup and replay page).
        """
        if len(self.fields) // 3 > MAX_PLACED_BOARDS:
            raise CommandFormatError(
                f"{self.map_id}BoardPicker places {len(self.fields) // 3} boards, more than "
                f"the limit MAX_PLACED_BOARDS = {MAX_PLACED_BOARDS}")
        placed = []
        for i in range(0, len(self.fields) - 2, 3):
            spec = split(self.fields[i], "/")
            placed.append(BoardPlacement(
                board=spec[0], column=_int_or_none(self.fields[i + 1]) or 0,
                row=_int_or_none(self.fields[i + 2]) or 0,
                reversed=len(spec) > 1 and spec[1] == "rev"))
        return placed

    def encode(self) -> str:
        return join([self.map_id + "BoardPicker", *self.fields], TAB)


@dataclass(slots=True)
class SetTurn(Command):
    """`TURN<trackerId>⇥state`: a turn tracker's state (§4.3, §7.10)."""

    kind: ClassVar[str] = "TurnTracker"
    tracker_id: str
    state: str

    def encode(self) -> str:
        return "TURN" + self.tracker_id + "\t" + self.state


@dataclass(slots=True)
class ShowDiceResults(Command):
    """`SHOW_RESULTS⇥button⇥face…`: a Special Dice button's result (face indices, §4.3)."""

    kind: ClassVar[str] = "SpecialDiceResult"
    button: str
    faces: list[str]

    def encode(self) -> str:
        return join(["SHOW_RESULTS", self.button, *self.faces], TAB)


@dataclass(slots=True)
class ComponentCommand(Command):
    """A component's own command kept as its text (notes, clocks, start-up keys, …, §4.3).

    `kind` names the component, e.g. `Notes.Scenario` or `ChessClock`; `body` is the text
    after the prefix.
    """

    kind: ClassVar[str] = "Component"
    component: str
    prefix: str
    body: str

    @property
    def name(self) -> str:
        """The component's command name (e.g. `StartupGlobalKeyCommand`)."""
        return self.component

    def encode(self) -> str:
        return self.prefix + self.body


@dataclass(slots=True)
class UnknownCommand(Command):
    """A module-specific or unrecognised command, kept verbatim (§4.3 'Anything else')."""

    kind: ClassVar[str] = "Unknown"
    text: str

    def encode(self) -> str:
        return self.text


COMPONENT_PREFIXES: dict[str, str] = {
    "NOTES\t": "Notes.Scenario",
    "PNOTES\t": "Notes.Public",
    "PNOTE\t": "Notes.Private",
    "SNOTE\t": "Notes.Secret",
    "SGKC\t": "StartupGlobalKeyCommand",
    "SETUP_STACK\t": "SetupStack.NotNewGame",
    "UNMASK\t": "ObscurableOptions",
    "LOS\t": "LOS_Thread",
    "FLARE\t": "Flare",
    "CLOCK\t": "ChessClock",
    "CLOCKCONTROL\t": "ChessClockControl",
    "EXT\t": "Extension",
    "PLUGIN\t": "Plugin",
    "GlobalTranslatable\t": "GlobalTranslatable",
    "SEMAIL\t": "DiceServerEmail",
    "DECK\t": "DeckFile",
    "INVITE\t": "Invite",
    "PLAY\t": "Play",
    "CHECK\t": "VersionCheck",
    "LOCKSPOTAB": "ScenarioOptionsLock",
    "Events": "EventLog",
    "SYNC": "Synchronize",
    "PRIV_CHAT": "PrivateChat",
}
"""Prefix → component name for commands kept as text (FORMAT.md §4.3 'Other')."""


def kind_of(command: Command) -> str:
    """Return the name a command is counted under (MANIFEST.md's names)."""
    if isinstance(command, ComponentCommand):
        return command.component
    return command.kind


def decode_command(text: str) -> Command:
    """Decode one encoded command string into a command tree (FORMAT.md §4.1).

    Raises:
        CommandFormatError: commands nested more than `MAX_COMMAND_DEPTH` deep (each
            level holds a copy of the text below it).
    """
    return _decode(text, 0)


def _decode(text: str, depth: int) -> Command:
    if ESC not in text and not (len(text) >= 2 and text[0] == "'" and text[-1] == "'"):
        # No ESC and nothing to unquote: `split` would return the text itself (a fast
        # check first, as most commands are leaves).
        return _decode_leaf(text, depth)
    tokens = split(text, ESC)
    if len(tokens) == 1 and tokens[0] == text:
        return _decode_leaf(text, depth)
    if depth >= MAX_COMMAND_DEPTH:
        raise CommandFormatError(f"commands nest more than the limit MAX_COMMAND_DEPTH = "
                                 f"{MAX_COMMAND_DEPTH} levels deep")
    return Compound([_decode(token, depth + 1) for token in tokens])


def decode_leaf(text: str) -> Command:
    """Classify one leaf command string by its prefix (FORMAT.md §4.3).

    Raises:
        CommandFormatError: a `LOG` entry nesting more than `MAX_COMMAND_DEPTH` deep.
    """
    return _decode_leaf(text, 0)


def _decode_leaf(text: str, depth: int) -> Command:
    if not text:
        return NullCommand()
    head = text[:2]
    # For the `X/…` commands, `split(text, "/")[1:]` equals `split(text[2:], "/")` (the
    # second character is a real delimiter) without copying the (often long) text.
    if head == "+/":
        fields = split(text, "/")
        if len(fields) < 4:
            return UnknownCommand(text)
        return AddPiece(fields[1], fields[2], fields[3], fields[4:])
    if head == "D/":
        fields = split(text, "/")
        if len(fields) < 3:
            return UnknownCommand(text)
        old = fields[3] if len(fields) > 3 else None
        return ChangePiece(fields[1], fields[2], old, fields[4:])
    if head == "M/":
        fields = split(text, "/")[1:]
        if len(fields) < 9:
            return UnknownCommand(text)
        player = fields[9] if len(fields) > 9 else None
        # A long log names the same few pieces, maps and points in every move: one copy of
        # each (interned) instead of nine new strings per move halves a replay's memory.
        (piece_id, new_map, new_x, new_y, new_under,
         old_map, old_x, old_y, old_under) = map(sys.intern, fields[:9])
        return MovePiece(piece_id, new_map, new_x, new_y, new_under, old_map, old_x, old_y,
                         old_under, player=player, extra=fields[10:])
    if head == "-/":
        return RemovePiece(text[2:])
    if text.startswith("LOG\t"):
        if depth >= MAX_COMMAND_DEPTH:
            raise CommandFormatError(f"commands nest more than the limit MAX_COMMAND_DEPTH = "
                                     f"{MAX_COMMAND_DEPTH} levels deep")
        return LogEntry(_decode(text[4:], depth + 1))
    if text.startswith("CHAT"):
        return Chat(text[4:])
    if text.startswith("AUDIO\t"):
        return PlayAudio(text[6:])
    if text.startswith("MutableProperty\t"):
        fields = split(text[16:], TAB)
        if len(fields) < 3:
            return UnknownCommand(text)
        container = fields[3] if len(fields) > 3 else None
        return ChangeGlobalProperty(fields[0], fields[1], fields[2], container, fields[4:])
    if text.startswith("GlobalProperty\t"):
        fields = split(text, ";")
        if fields[0] != "GlobalProperty\t" or len(fields) < 4:
            return UnknownCommand(text)
        return SetGlobalProperty(fields[1], fields[2], fields[3], fields[4:])
    if text.startswith("UNDO\t"):
        return Undo(text[5:])
    if text.startswith("PLAYER\t"):
        fields = split(text, TAB)
        if len(fields) < 4 or fields[0] != "PLAYER":
            return UnknownCommand(text)
        return PlayerJoin(fields[1], fields[2], fields[3], fields[4:])
    if text.startswith("PYREMOVE\t"):
        return PlayerLeave(text[9:])
    if text in ("begin_save", "end_save"):
        return BeginSave() if text == "begin_save" else EndSave()
    if text.startswith("TURN") and "\t" in text:
        tracker, _, state = text[4:].partition("\t")
        return SetTurn(tracker, state)
    if text.startswith("SHOW_RESULTS\t"):
        fields = split(text, TAB)
        if len(fields) < 2 or fields[0] != "SHOW_RESULTS":
            return UnknownCommand(text)
        return ShowDiceResults(fields[1], fields[2:])
    for prefix, component in COMPONENT_PREFIXES.items():
        if text.startswith(prefix):
            return ComponentCommand(component, prefix, text[len(prefix):])
    first, tab, _ = text.partition(TAB)
    if tab and first.endswith("BoardPicker"):
        fields = split(text, TAB)
        if fields[0] == first:
            return SelectBoards(first[: -len("BoardPicker")], fields[1:])
    return UnknownCommand(text)


def encode_command(command: Command) -> str:
    """Return the text of a command tree (the inverse of `decode_command`)."""
    return command.encode()
