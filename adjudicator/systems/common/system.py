"""What every game system provides: the registry's protocol and the referee's verdict.

A game system is metadata plus a few hooks (like a python-chess variant). Replay is
game-agnostic; a system's `Referee` watches the replay step by step, like a PGN visitor:
`start` sees the starting position, `step` each logged step with the board after it, and
`finish` returns what it found. Violations are `Finding`s, never exceptions.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, ClassVar, Protocol

from adjudicator.binding import Binding
from adjudicator.findings import Computation, Finding
from adjudicator.replay import Board, Step
from adjudicator.systems.common.calibration_seed import SetUp
from adjudicator.systems.common.catalog import CatalogEntry
from adjudicator.systems.common.questions import AnyQuestion
from vmod_schema.buildfile import Module


@dataclass(slots=True)
class Verdict:
    """What a referee found in one game: findings, computations and rule coverage."""

    findings: list[Finding] = field(default_factory=list)
    computations: Sequence[Computation] = field(default_factory=list)
    """A referee's are `Spilled` (kept as their JSON texts: `adjudicator.spill`)."""
    checked: set[str] = field(default_factory=set)
    """Rule ids whose checks ran on this game."""
    unchecked: dict[str, str] = field(default_factory=dict)
    """Rule id → why it could not be checked here."""
    partial: dict[str, str] = field(default_factory=dict)
    """Rule id → the steps where it could not be checked (its inputs were unresolved there)
    although it was checked elsewhere in the game. A rule is in at most one of `checked`,
    `partial` and `unchecked`."""
    recognised: bool = True
    """Whether the file showed any piece of this game at all. False means the wrong game or
    the wrong module/binding: nothing was judged and the report must say so plainly."""


class Referee(Protocol):
    """Watches one replay and judges it against the game's rules."""

    def start(self, step: Step, board: Board) -> None:
        """See step 0: the starting position."""

    def step(self, step: Step, board: Board) -> None:
        """See one logged step and the board after it."""

    def finish(self) -> Verdict:
        """Return everything found."""


class GameSystem(Protocol):
    """A game the adjudicator knows: its catalog, data, binding and referee."""

    id: ClassVar[str]
    name: ClassVar[str]
    aliases: ClassVar[tuple[str, ...]]
    module_names: ClassVar[tuple[str, ...]]
    """Folded module names (`adjudicator.systems.fold_name`) that identify the game."""

    def catalog(self) -> Sequence[CatalogEntry[Any]]:
        """Every rule of the game's catalog (a `Catalog` finds one by id)."""

    def referee(self, *, module: Module | None, data_files: Sequence[Path] = (),
                binding_file: Path | None = None, options: Sequence[str] = ()) -> Referee:
        """A referee for one game, with user data files and binding merged in, judging the
        optional rules named in `options` as in use.

        Raises:
            AdjudicatorError: a data or binding file is malformed (named, with the key), or
                an option the game does not have.
        """

    def data_template(self) -> str:
        """A commented TOML file listing every fact the rulebook lacks, for users to fill."""

    def draft_binding(self, module: Module, data_files: Sequence[Path] = ()) -> Binding:
        """A binding for `module` drafted by matching names, listing what did not match."""

    def set_up(self, data_files: Sequence[Path] = ()) -> SetUp | None:
        """The game's set-up as places and tokens (which place each starting piece stands
        in), for seeding a calibration; None when the game has none."""

    def questions(self) -> Sequence[AnyQuestion]:
        """The game's what-if questions (`adjudicator odds GAME QUESTION`), in the order
        a command without a question word answers them."""
