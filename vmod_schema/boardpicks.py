"""The boards chosen for a map: a `…BoardPicker` command decoded (FORMAT.md §4.3, §7.5).

Kept apart from `vmod_schema.locations` (which needs the module's models) so that
replaying a save without a module does not import them.
"""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict

from vmod_schema.commands import SelectBoards, decode_leaf
from vmod_schema.errors import CommandFormatError


class PlacedBoard(BaseModel):
    """One board of a layout: its name and grid cell; `reversed` = rotated 180°."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    name: str
    column: int = 0
    row: int = 0
    reversed: bool = False


class BoardSelection(BaseModel):
    """The boards chosen for one map (a `…BoardPicker` command, §4.3)."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    map_id: str
    boards: tuple[PlacedBoard, ...] = ()


def selection_from(command: SelectBoards) -> BoardSelection:
    """The boards a decoded `…BoardPicker` command places (§4.3, §7.5)."""
    boards = tuple(PlacedBoard(name=placed.board, column=placed.column, row=placed.row,
                               reversed=placed.reversed) for placed in command.placements)
    return BoardSelection(map_id=command.map_id, boards=boards)


def parse_board_picker(command_text: str) -> BoardSelection:
    """Decode a `<mapId>BoardPicker⇥boardSpec⇥column⇥row…` command string (§4.3).

    `boardSpec` is a `/`-list `name` [/ `rev`].

    Raises:
        CommandFormatError: not a BoardPicker command.

    >>> parse_board_picker("Grass PitchBoardPicker\\tSevens/rev\\t0\\t1").boards[0]
    PlacedBoard(name='Sevens', column=0, row=1, reversed=True)
    """
    command = decode_leaf(command_text)
    if not isinstance(command, SelectBoards):
        raise CommandFormatError(f"not a BoardPicker command: {command_text[:60]!r}")
    return selection_from(command)
