"""What the Almost a Miracle! reader keeps from step to step (`Reading`, immutable: undo goes
back to it) and what the step readers (`read_*.py`) use of the reader (`ReaderLike`): they
read it and the position, and hand back actions, without importing `interpret` (which
imports them)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Protocol

from adjudicator.systems.almost_a_miracle.actions import (
    BattleJoined,
    BattleSide,
    EndeavorTaken,
    ForceMoved,
    LossTaken,
    Retreated,
)
from adjudicator.systems.almost_a_miracle.procedure import turn_named
from adjudicator.systems.almost_a_miracle.state import AaMState, Entity
from adjudicator.systems.common.actions import Action
from adjudicator.systems.common.steps import DiceQueue


@dataclass(frozen=True, slots=True)
class Battle:
    """A battle being read (immutable: undo goes back to it)."""

    joined: BattleJoined
    shown: bool = False
    """Whether `joined` has been given (the battle showed a roll, loss or retreat)."""
    rolls: tuple[tuple[str, int, tuple[int, ...]], ...] = ()
    losses: tuple[LossTaken, ...] = ()
    retreats: tuple[Retreated, ...] = ()
    moved_on: tuple[ForceMoved, ...] = ()
    left: tuple[BattleSide, ...] = ()
    last_step: int = 0
    marker: str | None = None
    """The side the Major Victory marker shows (None: not on the board)."""
    marker_turned: tuple[tuple[int, str], ...] = ()
    bayonets: int | None = None
    """The step of a chat line declaring fixed bayonets before the combat (AaM 11.2.1)."""

    @property
    def area(self) -> str:
        """The battle's Area."""
        return self.joined.area

    @property
    def sides(self) -> tuple[str, str]:
        """(attacker, defender)."""
        return self.joined.attacker.side, self.joined.defender.side

    @property
    def combat_begun(self) -> bool:
        """Whether the combat itself began: a loss, or a roll of the attacker (a retreat
        before combat rolls the defender's die only, AaM 11.3.1; the combat's first roll,
        surprise or battle winner, may be either side's)."""
        rolled = {side for side, _, _ in self.rolls}
        return bool(self.losses) or self.sides[0] in rolled

    @property
    def fought(self) -> bool:
        """Whether both sides rolled, or the attacker lost SPs (an overrun shows neither)."""
        rolled = {side for side, _, _ in self.rolls}
        return set(self.sides) <= rolled or any(
            loss.side == self.sides[0] and loss.strength > 0 for loss in self.losses)

    @property
    def retreated(self) -> str | None:
        """The side that retreated after the combat (None: none yet)."""
        for retreat in self.retreats:
            if not retreat.before_combat:
                return retreat.side
        return None


@dataclass(frozen=True, slots=True)
class Due:
    """A weather marker due since a Rain result (AaM 8.3.3)."""

    step: int
    expected: str
    """`rain` or `flood`."""
    before: str
    either: bool = False
    """Rain rolled with the Rain marker up, the roll before (shown) not a Rain: not "a second
    consecutive time" (AaM 8.3.3), yet the marker shows Rain: Rain or Flood."""


@dataclass(frozen=True, slots=True)
class PowReading:
    """What the reader keeps: the phase last seen and the totals when it began."""

    phase: str | None = None
    before: tuple[tuple[str, int], ...] | None = None
    changed: int | None = None


@dataclass(frozen=True, slots=True)
class Shown:
    """The global properties as the board holds them after a step."""

    year: str | None
    month: str | None
    phase: str | None

    @property
    def turn(self) -> str | None:
        """The turn they show (`1775-06`)."""
        return turn_named(self.year, self.month)


@dataclass(frozen=True, slots=True)
class Reading:
    """What the reader keeps from step to step (immutable: undo goes back to it)."""

    shown: Shown = Shown(None, None, None)
    dice: DiceQueue[str] = field(default_factory=DiceQueue)
    last: ForceMoved | None = None
    """The endeavor's force as it last moved (None: no force moving)."""
    leaders: frozenset[str] = frozenset()
    """Every leader of the endeavor's force since it began (one dropped off on the way is
    flipped at its end with the rest, AaM 9.1, 11.1.1)."""
    stayed: ForceMoved | None = None
    """The leaders of this endeavor flipped where they stood (a failed activation, or a
    force that activated and fights or recruits where it is): their force, as a move that
    went nowhere."""
    due: Due | None = None
    """A weather marker due since a Rain result (AaM 8.3.3)."""
    last_event: str = ""
    """The last Endeavor Random Event read (AaM 8.3.3: a Rain "a second consecutive
    time")."""
    pending: EndeavorTaken | None = None
    """The endeavor a move into the Area the enemy just entered opened, if it was not a
    reaction (the next endeavor tells)."""
    battle: Battle | None = None
    """The battle being read (read_battles.py)."""
    landed: tuple[str, str] | None = None
    """(side, Area) of this endeavor's sea landing into an Area holding enemy SPs (AaM
    10.5.10): its force, beaten, goes back to the At Sea box (read_movement.py)."""
    pow: PowReading = field(default_factory=PowReading)
    """The POW SP boxes' totals when the phase began (read_pow.py)."""


class ReaderLike(Protocol):
    """What a step reader uses of the game's reader (`interpret.Reader`)."""

    reading: Reading
    state: AaMState
    side_of: Callable[[Entity], str | None]

    def _taken(self, taken: EndeavorTaken) -> list[Action]:
        """An endeavor taken: its action, after the one a move left pending if it was
        one."""
        ...


__all__ = ["Battle", "Due", "PowReading", "ReaderLike", "Reading", "Shown"]
