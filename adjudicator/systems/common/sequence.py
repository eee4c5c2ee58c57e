"""The sequence of play as a state machine: turns, ordered phases, and how we know.

Every game's digest (section 2) gives a turn as an ordered list of phases, some with
segments; `SequenceSpec` holds that list as data. `SequenceOfPlay` is the machine: it
knows the current turn and phase and *how it knows* — the log showed it (a phase or turn
property, a turn tracker), it was inferred from what happened (a card left a hand: the
card phase; the hands are empty and a marker was placed: a later phase), or it is unknown
(the log starts mid-turn and nothing has shown the phase yet). A rule that needs the
phase asks `moment`; when the phase is unknown it reports `unchecked` with `reason`.

Moving backwards within a turn is a sequence violation the game reports (e.g. WW-SEQ-01);
`advance` returns whether the move was forward, so each game cites its own rule.
`Moment` is immutable, so a referee's undo keeps a reference, not a copy.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from enum import StrEnum


@dataclass(frozen=True, slots=True)
class PhaseSpec:
    """One phase of a game turn."""

    id: str
    name: str
    citation: str
    segments: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class SequenceSpec:
    """A game's turn: its phases in order."""

    game: str
    phases: tuple[PhaseSpec, ...]

    def __post_init__(self) -> None:
        ids = [phase.id for phase in self.phases]
        if len(set(ids)) != len(ids):
            raise ValueError(f"{self.game}: duplicate phase ids in {ids}")

    def index(self, phase_id: str) -> int:
        """The phase's position in the turn.

        Raises:
            KeyError: no such phase.
        """
        for number, phase in enumerate(self.phases):
            if phase.id == phase_id:
                return number
        raise KeyError(phase_id)

    def phase(self, phase_id: str) -> PhaseSpec:
        """The phase with this id."""
        return self.phases[self.index(phase_id)]

    def name(self, phase_id: str | None) -> str:
        """The phase's name, or "unknown phase"."""
        return self.phase(phase_id).name if phase_id is not None else "unknown phase"


class Knowledge(StrEnum):
    """How the referee knows the current phase."""

    SHOWN = "shown"
    """The log showed it (a phase property, a turn tracker)."""
    INFERRED = "inferred"
    """Deduced from what happened (the reason says from what)."""
    UNKNOWN = "unknown"


@dataclass(frozen=True, slots=True)
class Moment:
    """Where the game is in its sequence of play."""

    turn: str | None = None
    phase: str | None = None
    segment: str | None = None
    knowledge: Knowledge = Knowledge.UNKNOWN
    reason: str = "the log has not shown the phase yet"
    since_step: int = 0

    @property
    def known(self) -> bool:
        """Whether the phase is known (shown or inferred)."""
        return self.phase is not None and self.knowledge is not Knowledge.UNKNOWN


class SequenceOfPlay:
    """The sequence-of-play state machine of one game being replayed."""

    __slots__ = ("moment", "spec")

    def __init__(self, spec: SequenceSpec, moment: Moment | None = None) -> None:
        self.spec = spec
        self.moment = moment or Moment()

    def is_in(self, *phases: str) -> bool:
        """Whether the phase is known and one of `phases`."""
        return self.moment.known and self.moment.phase in phases

    def advance(self, phase: str, step: int, *, knowledge: Knowledge, reason: str,
                segment: str | None = None) -> bool:
        """Enter `phase` (same turn). Returns False if that goes backwards in the turn."""
        self.spec.index(phase)
        forward = True
        current = self.moment
        if current.known and current.phase is not None and current.phase != phase:
            forward = self.spec.index(phase) > self.spec.index(current.phase)
        if current.phase != phase or current.segment != segment or not current.known:
            self.moment = replace(current, phase=phase, segment=segment, knowledge=knowledge,
                                  reason=reason, since_step=step)
        return forward

    def new_turn(self, turn: str, step: int, *, first_phase: str | None = None,
                 knowledge: Knowledge = Knowledge.INFERRED,
                 reason: str = "the turn changed") -> None:
        """A new turn begins (in `first_phase`, or with the phase unknown)."""
        if first_phase is None:
            self.moment = Moment(turn=turn, knowledge=Knowledge.UNKNOWN,
                                 reason=f"turn {turn} began and no phase has been shown",
                                 since_step=step)
        else:
            self.moment = Moment(turn=turn, phase=first_phase, knowledge=knowledge,
                                 reason=reason, since_step=step)

    def describe(self) -> str:
        """e.g. `1776, Strategy Phase (inferred: a card left a hand)`."""
        moment = self.moment
        turn = f"{moment.turn}, " if moment.turn else ""
        how = moment.knowledge.value
        return f"{turn}{self.spec.name(moment.phase)} ({how}: {moment.reason})"


def phases(*specs: tuple[str, str, str] | tuple[str, str, str, Sequence[str]]
           ) -> tuple[PhaseSpec, ...]:
    """Phase specs from short tuples (id, name, citation[, segments])."""
    found = []
    for spec in specs:
        segments: tuple[str, ...] = tuple(spec[3]) if len(spec) == 4 else ()
        found.append(PhaseSpec(spec[0], spec[1], spec[2], segments))
    return tuple(found)


__all__ = ["Knowledge", "Moment", "PhaseSpec", "SequenceOfPlay", "SequenceSpec", "phases"]
