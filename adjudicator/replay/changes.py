"""What a board reports: piece ids and positions, and what one `Board.apply` changed.

These values are shared by `adjudicator.replay.board` (which produces them) and
`adjudicator.replay.timeline` (which collects them into `Step`s); they know neither.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import NewType

from vmod_schema.commands import Command

PieceId = NewType("PieceId", str)
"""A piece, stack or deck id as written in files (decimal clock milliseconds, §4.3)."""

Point = tuple[str | None, int, int]
"""(map id, x, y); the map is None when the piece is on no map."""


@dataclass(frozen=True, slots=True)
class Position:
    """Where a piece is: map, pixel coordinates and, with a module, the location name (§7.6)."""

    map: str | None
    x: int
    y: int
    location: str | None = None

    def __repr__(self) -> str:
        named = f", {self.location!r}" if self.location is not None else ""
        return f"Position({self.map!r}, {self.x}, {self.y}{named})"


# --------------------------------------------------------------------------------------
# What a step changed


@dataclass(frozen=True, slots=True)
class Move:
    """A piece whose map or position changed in a step (its container's, if in one)."""

    piece_id: PieceId
    name: str
    origin: Position
    destination: Position

    @property
    def from_location(self) -> str | None:
        """The location name before the move (None without a module)."""
        return self.origin.location

    @property
    def to_location(self) -> str | None:
        """The location name after the move (None without a module)."""
        return self.destination.location

    def __repr__(self) -> str:
        return f"Move({self.piece_id!r}, {self.name!r}, {self.origin!r} -> {self.destination!r})"


@dataclass(frozen=True, slots=True)
class Drag:
    """One drag of a step: a piece (or a whole stack, by its id) put on a map point
    (FORMAT.md §4.5). A piece dragged space by space in one step has one per drop."""

    piece_id: str
    """The piece's or stack's id (`PieceId`)."""
    map: str
    x: int
    y: int


@dataclass(frozen=True, slots=True)
class PieceEvent:
    """A piece added to or removed from the game in a step, with where it was."""

    piece_id: PieceId
    name: str
    position: Position


@dataclass(frozen=True, slots=True)
class PropertyChange:
    """One property of one piece that a step changed (None = not defined)."""

    piece_id: PieceId
    name: str
    property: str
    before: str | None
    after: str | None


@dataclass(frozen=True, slots=True)
class ReplayProblem:
    """Bad input met while replaying: the step, the command and what is wrong with it.

    The command's `repr` never shows a player's user id; `message` names ids only.
    """

    step: int
    command: Command
    message: str

    def __str__(self) -> str:
        return f"step {self.step}: {self.message}"


@dataclass(frozen=True, slots=True)
class Changes:
    """What `Board.apply` did: pieces moved, added, removed, properties changed, problems."""

    moves: tuple[Move, ...] = ()
    added: tuple[PieceEvent, ...] = ()
    removed: tuple[PieceEvent, ...] = ()
    properties: tuple[PropertyChange, ...] = ()
    problems: tuple[ReplayProblem, ...] = ()
