"""What was read from one save or log, whatever its game: the `reading` of every report
`check`, `watch` and `audit` write, and the pieces of an audit's summary.

A file of a game without a system still gets a report of what was read (players, steps,
dice, undos, where its position starts and ends); it is never an error.
"""

from __future__ import annotations

from datetime import datetime

from pydantic import BaseModel, ConfigDict, Field

from adjudicator.spill import Spilled

_MODEL = ConfigDict(frozen=True, extra="forbid", use_attribute_docstrings=True)


class Player(BaseModel):
    """A player in the file's roster (never their password)."""

    model_config = _MODEL
    name: str
    side: str | None = None


class UndoRecord(BaseModel):
    """One VASSAL undo and what it took back."""

    model_config = _MODEL
    step: int
    """The undo step."""
    undoes: int | None
    """The step it took back (None when the replay could not tell)."""
    player: str | None
    """Who undid (the undo step's player)."""
    took_back: list[str] = Field(default_factory=list)
    """What the undone step did: moves (`piece: from -> to`), rolls, pieces added or
    removed, chat."""


class RollRecord(BaseModel):
    """One roll of dice, as the log recorded it."""

    model_config = _MODEL
    step: int
    player: str | None
    label: str
    """The dice button's name or the chat report's label (`IFT DR`, `2d6`)."""
    dice: list[int]
    """Each die as reported (empty when only a total was reported)."""
    total: int | None
    sides: int | None = None
    """Faces per die, when the button or report says."""
    source: str
    """Where it was read from: `button`, `default`, `property`, `special` or `chat`."""
    undone: bool = False
    """The step that rolled it was undone."""
    reroll: bool = False
    """It re-rolls a roll that was undone (`adjudicator.replay.rerolls`)."""


class RerollRecord(BaseModel):
    """A roll taken back with undo and rolled again before any other game action."""

    model_config = _MODEL
    label: str
    player: str | None
    first: int
    """The step whose roll was undone."""
    undo: int
    again: int
    """The step that rolled again."""
    before: list[int]
    after: list[int]


class FileReading(BaseModel):
    """What was read from a save or log, independent of any game's rules."""

    model_config = _MODEL
    kind: str
    """`save` or `log`."""
    vassal_version: str | None = None
    module_name: str | None = None
    """The module named in the file's metadata."""
    module_version: str | None = None
    saved_at: datetime | None = None
    """When VASSAL saved the file (its metadata), UTC."""
    players: list[Player] = Field(default_factory=list)
    steps: int = 0
    """Logged steps (the starting position not counted)."""
    undo_steps: int = 0
    undos: list[UndoRecord] = Field(default_factory=list)
    rolls: Spilled[RollRecord] = Field(default_factory=lambda: Spilled(RollRecord))
    """Kept as their JSON texts (`adjudicator.spill`): a long log rolls tens of thousands
    of times."""
    rerolls: list[RerollRecord] = Field(default_factory=list)
    pieces: int = 0
    """Game pieces at the end (stacks and decks not counted)."""
    start_position: str = ""
    """A fingerprint of where every game piece stands at the start (step 0)."""
    end_position: str = ""
    """The same at the end: a log that continues this file starts with this fingerprint."""
