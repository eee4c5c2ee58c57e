"""The phases after the cards (WW 5.4–5.7) as immutable records: what the referee keeps
from the start of a phase to its end, so that a phase is judged as a whole.

Winter Attrition (WW 11) and the Remove Isolated PC Markers segment (WW 10.2.3) are
judged on the position *at their start* against the position *at their end*: players
remove a 5-CU counter and put back a 3, roll a die and then take a counter off, remove
the American markers before the British ones. `Snapshot` is a position frozen at such a
moment (only what those rules read: Generals, CUs by nationality, the PC marker, the
Congress); `Season` is what is under way in the current turn. Both are values, kept in
the interpreter's immutable procedure, so undo restores them by reference.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from adjudicator.systems.common.places import Place, PlaceKind
from adjudicator.systems.common.values import evolve
from adjudicator.systems.washingtons_war.data import Nationality, Side
from adjudicator.systems.washingtons_war.state import SIDE_OF, WWState

WAR_ENDS = Place(PlaceKind.CARDS, "war_ends")
"""The War Ends box, holding the current War Ends card (WW 6.34.C.iii)."""
Forces = tuple[tuple[Nationality, int], ...]
"""CUs by nationality (sorted), as an immutable value."""


@dataclass(frozen=True, slots=True)
class SpaceAt:
    """What one map space held at a moment."""

    space: str
    generals: tuple[str, ...] = ()
    cu: Forces = ()
    pc: Side | None = None
    congress: bool = False

    def cus(self, nationality: Nationality) -> int:
        """CUs of one nationality here."""
        return sum(n for nat, n in self.cu if nat is nationality)

    def cus_of(self, side: Side) -> int:
        """CUs of one side here (French counted for the Americans)."""
        return sum(n for nat, n in self.cu if SIDE_OF[nat] is side)


@dataclass(frozen=True, slots=True)
class Snapshot:
    """Every map space holding something, at one moment (sorted by space id)."""

    spaces: tuple[SpaceAt, ...] = ()

    def at(self, space: str) -> SpaceAt:
        """A space's contents (empty when it held nothing)."""
        for held in self.spaces:
            if held.space == space:
                return held
        return SpaceAt(space)

    def keys(self) -> set[str]:
        """The spaces holding something."""
        return {held.space for held in self.spaces}


def snapshot(state: WWState) -> Snapshot:
    """The map part of the position, frozen."""
    held = []
    for key, holding in state.spaces():
        cu = tuple(sorted((nat, n) for nat, n in holding.cu.items() if n > 0))
        if not (holding.generals or cu or holding.pcs or holding.congress):
            continue
        held.append(SpaceAt(key, tuple(sorted(holding.generals)), cu, holding.pc,
                            bool(holding.congress)))
    return Snapshot(tuple(sorted(held, key=lambda s: s.space)))


@dataclass(frozen=True, slots=True)
class PcRemoval:
    """A PC marker taken off the map in the Political Control Phase."""

    step: int
    space: str
    side: Side


@dataclass(frozen=True, slots=True)
class Season:
    """What the turn's phases after the cards have seen so far (WW 5.4–5.7)."""

    winter_start: Snapshot | None = None
    """The position when the Winter Attrition Phase began (None: not begun)."""
    winter_step: int = 0
    winter_rolls: tuple[int, ...] = ()
    """Dice rolled in the phase (a lone CU's roll, T8), and those rolled after both hands
    emptied but before the phase was recognised (the roll comes before the removal)."""
    winter_changed: tuple[tuple[str, int], ...] = ()
    """Space → last step at which its CUs, Generals or the Congress changed in the phase."""
    winter_done: bool = False
    winter_hands: tuple[tuple[str, int], ...] = ()
    """Cards in each hand when the log showed the phase begin (empty: not shown)."""
    isolation_start: Snapshot | None = None
    """The position when the first PC marker was removed in the Political Control Phase
    (the Remove Isolated PC Markers segment began, WW 10.2.3)."""
    isolation_step: int = 0
    removals: tuple[PcRemoval, ...] = ()
    isolation_done: bool = False
    political_start: Snapshot | None = None
    """The position when the Political Control Phase began (its Congress Segment)."""
    congress_dispersed: bool = False
    """The Continental Congress was in its Dispersed Box when the phase began."""
    line_mutinies: str | None = None
    """"Pennsylvania and New Jersey Line Mutinies" this turn (WW 10.11.A.iv): `event` when
    play showed it played as the event, `maybe` when it was played and may have been the
    event or a discard; None: not played this turn."""
    end_start: Snapshot | None = None
    """The position when the log showed the End Phase begin (WW 5.7)."""
    end_changed: tuple[int, ...] = ()
    """The steps of the shown End Phase that took CUs off or onto map spaces."""
    turn_ended: bool = False
    new_turn: bool = False
    """The year changed in the log: the turn's Strategy Phase has not begun yet."""
    """The End Phase was judged (shown by the log) before the next year began."""

    def changed_at(self, space: str) -> int | None:
        """The last step at which a space's CUs changed in the Winter Attrition Phase."""
        found = None
        for key, step in self.winter_changed:
            if key == space:
                found = step
        return found

    def with_changes(self, spaces: Iterable[str], step: int) -> Season:
        """The same, with spaces whose CUs changed at `step`."""
        fresh = set(spaces)
        kept = tuple((k, s) for k, s in self.winter_changed if k not in fresh)
        return evolve(self, winter_changed=(*kept, *((k, step) for k in sorted(fresh))))


__all__ = ["WAR_ENDS", "Forces", "PcRemoval", "Season", "Snapshot", "SpaceAt", "snapshot"]
