"""Build saves and logs command by command, the way the engine records them.

`GameBuilder` keeps the restore block (pieces, roster, board choices, properties) and a list
of logged steps, then writes a real `.vsav`/`.vlog` through `savefile.write_game`. It is
what fixtures and scenario files use; the files it writes are read by the same code that
reads the real corpus.

Steps are wrapped as the engine's logger wraps them (FORMAT.md §5.2): the step's root (a
null command) and each child become `LOG⇥…` entries. `undo()` writes the engine's undo
step (§5.3): `UNDO⇥true`, the inverses of the last step's commands in reverse order, and
`UNDO⇥false`.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

from vmod_schema.commands import (
    AddPiece,
    BeginSave,
    ChangeGlobalProperty,
    ChangePiece,
    Chat,
    Command,
    Compound,
    EndSave,
    LogEntry,
    MovePiece,
    NullCommand,
    PlayerJoin,
    RemovePiece,
    SelectBoards,
    SetGlobalProperty,
    Undo,
)
from vmod_schema.obfuscation import PayloadEncoding
from vmod_schema.savefile import GameFileInfo, write_game
from vmod_schema.sequence import join

NULL = "null"


def basic_piece_type(name: str, image: str = "") -> str:
    """The type string of a plain basic piece (FORMAT.md §6.2)."""
    return join(["piece", "", "", image, name], ";")


def basic_piece_state(map_id: str | None, x: int, y: int, gpid: str = "",
                      properties: Sequence[tuple[str, str]] = ()) -> str:
    """The state string of a basic piece: map; x; y; gpid; propCount; key; value…"""
    fields = [map_id or NULL, str(x), str(y), gpid, str(len(properties))]
    for key, value in properties:
        fields += [key, value]
    return join(fields, ";")


def stack_state(map_id: str | None, x: int, y: int, members: Sequence[str]) -> str:
    """The state string of a stack (FORMAT.md §4.4): map; x; y; member ids bottom first."""
    return join([map_id or NULL, str(x), str(y), *members], ";")


def inverse(command: Command) -> Command:
    """The command that undoes `command` (FORMAT.md §5.3)."""
    if isinstance(command, MovePiece):
        return MovePiece(command.id, command.old_map, command.old_x, command.old_y,
                         command.old_under, command.new_map, command.new_x, command.new_y,
                         command.new_under, player=command.player)
    if isinstance(command, ChangePiece):
        return ChangePiece(command.id, command.old_state or command.new_state,
                           command.new_state)
    if isinstance(command, AddPiece):
        return RemovePiece(command.id)
    if isinstance(command, Chat):
        return Chat("* UNDO: " + command.text.lstrip("* ").rstrip())
    if isinstance(command, ChangeGlobalProperty):
        return ChangeGlobalProperty(command.name, command.new_value, command.old_value,
                                    command.container)
    return NullCommand()


@dataclass
class GameBuilder:
    """Collects a restore block and logged steps, then writes a save or a log."""

    map_ids: list[str] = field(default_factory=list)
    pieces: dict[str, AddPiece] = field(default_factory=dict)
    roster: list[PlayerJoin] = field(default_factory=list)
    boards: list[SelectBoards] = field(default_factory=list)
    properties: list[SetGlobalProperty] = field(default_factory=list)
    steps: list[list[Command]] = field(default_factory=list)
    _undoable: list[int] = field(default_factory=list)
    _next_id: int = 1_600_000_000_000

    def new_id(self) -> str:
        """A fresh piece id (decimal, like the engine's clock-derived ids)."""
        self._next_id += 1
        return str(self._next_id)

    def add_player(self, user_id: str, name: str, side: str) -> None:
        """Put a player in the roster (the user id is that player's password)."""
        self.roster.append(PlayerJoin(user_id, name, side))

    def select_board(self, map_id: str, board: str, column: int = 0, row: int = 0) -> None:
        """Record the board placed on a map."""
        self.boards.append(SelectBoards(map_id, [board, str(column), str(row)]))

    def set_property(self, name: str, value: str, container: str = "Module") -> None:
        """Give a global property its value at the start."""
        self.properties.append(SetGlobalProperty(name, value, container))

    def place(self, type_: str, state: str, piece_id: str | None = None) -> str:
        """Add a piece (or stack/deck) to the starting position; returns its id."""
        piece_id = piece_id or self.new_id()
        self.pieces[piece_id] = AddPiece(piece_id, type_, state)
        return piece_id

    def place_piece(self, name: str, map_id: str, x: int, y: int, gpid: str = "") -> str:
        """Add a plain named piece at (map, x, y) to the starting position."""
        return self.place(basic_piece_type(name), basic_piece_state(map_id, x, y, gpid))

    def step(self, *commands: Command) -> int:
        """Record one logged step made of `commands`; returns its 1-based number."""
        self.steps.append(list(commands))
        self._undoable.append(len(self.steps) - 1)
        return len(self.steps)

    def undo(self) -> int:
        """Record the engine's undo of the latest step not yet undone (FORMAT.md §5.3);
        successive undos take back successively earlier steps.

        Raises:
            IndexError: nothing is left to undo.
        """
        last = self.steps[self._undoable.pop()]
        inverses = [inverse(command) for command in reversed(last)]
        self.steps.append([Undo("true"), *inverses, Undo("false")])
        return len(self.steps)

    def restore_block(self) -> list[Command]:
        """The top-level commands `begin_save … end_save`."""
        pieces = Compound([NullCommand(), *self.pieces.values()])
        return [BeginSave(), NullCommand(), pieces, *self.roster, *self.boards,
                *self.properties, EndSave()]

    def top_level(self) -> list[Command]:
        """The whole file's top-level commands: restore block then one token per step."""
        logged = [Compound([LogEntry(NullCommand()), *(LogEntry(c) for c in step)])
                  for step in self.steps]
        return [*self.restore_block(), *logged]

    def write(self, path: str | Path, *, info: GameFileInfo | None = None,
              encoding: PayloadEncoding = PayloadEncoding.VCSK, key: int | None = None) -> Path:
        """Write the game: a log when there are steps, a save otherwise."""
        return write_game(path, self.top_level(), info=info, encoding=encoding, key=key)


def moved(piece_id: str, to: tuple[str, int, int], frm: tuple[str, int, int], *,
          player: str | None = None, under: str | None = None) -> MovePiece:
    """A MovePiece of `piece_id` from `frm` to `to`, each (map, x, y)."""
    return MovePiece(piece_id, to[0], str(to[1]), str(to[2]), under or NULL,
                     frm[0], str(frm[1]), str(frm[2]), NULL, player=player)

