"""Typed game actions: what interpretation makes of the log's steps, and what rules judge.

Each action records the step it happened at, the side that took it and the player (as the
roster names them). These are the actions every game shares; a game adds its own in its
`actions` module (an activation with its card, an interception, a siege…).
"""

from __future__ import annotations

from dataclasses import dataclass

from adjudicator.systems.common.places import Place
from adjudicator.systems.common.sequence import Knowledge


@dataclass(frozen=True, slots=True, kw_only=True)
class Action:
    """Something a player did (or the sequence of play did) at one step."""

    step: int
    side: str | None = None
    player: str | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class PhaseChange(Action):
    """Play entered a phase (shown by the log or inferred from it)."""

    turn: str | None
    phase: str
    knowledge: Knowledge
    reason: str
    forward: bool = True
    """False when the phase comes before the one play was in, in the same turn."""
    previous: str | None = None
    """The phase the log showed play was in (None: not shown, or a new turn)."""


@dataclass(frozen=True, slots=True, kw_only=True)
class CardPlay(Action):
    """A card left a player's hand for a pile, box or queue."""

    card: str
    name: str
    origin: Place
    destination: Place


@dataclass(frozen=True, slots=True, kw_only=True)
class UnresolvedMove(Action):
    """A bound piece went to or came from a location the binding cannot resolve."""

    piece: str
    raw: str
    origin: Place | None
    destination: Place | None


@dataclass(frozen=True, slots=True, kw_only=True)
class Roll(Action):
    """Dice rolled at a step (button name and the values)."""

    button: str
    values: tuple[int, ...]

    @property
    def total(self) -> int:
        """The sum of the dice."""
        return sum(self.values)


__all__ = ["Action", "CardPlay", "PhaseChange", "Roll", "UnresolvedMove"]
