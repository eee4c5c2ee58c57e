"""Almost a Miracle!'s sequence of play (AaM 3.0, 8.0; digest section 2), on the toolkit's
sequencer: a month of phases A to G, the Endeavors Phase an alternation of endeavors, the
British first, that ends after two passes in a row."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace

from adjudicator.systems.almost_a_miracle.actions import EndeavorTaken, ForceMoved, LeaderSpent
from adjudicator.systems.common.actions import Action
from adjudicator.systems.common.sequencer import (
    Alternation,
    Effect,
    NewTurn,
    Position,
    Sequencer,
    Stage,
    Turn,
)

BRITISH, CONTINENTAL = "british", "continental"
SIEGE, ATTRITION, REINFORCEMENT, LOGISTICS = "siege", "attrition", "reinforcement", "logistics"
ENDEAVORS, ADJUSTMENT, LAST_SIEGE = "endeavors", "adjustment", "last_siege"

TURN = Turn("aam", (
    Stage(SIEGE, "Siege Resolution Phase", "AaM 3.0A, 4.7"),
    Stage(ATTRITION, "Attrition Phase", "AaM 3.0B, 5"),
    Stage(REINFORCEMENT, "Reinforcement Phase", "AaM 3.0C, 6"),
    Stage(LOGISTICS, "Logistics and Engineering Phase", "AaM 3.0D, 7"),
    Stage(ENDEAVORS, "Endeavors Phase", "AaM 3.0E, 8.0",
          alternation=Alternation("endeavor", (BRITISH, CONTINENTAL), "AaM 8.0",
                                  passes=True)),
    Stage(ADJUSTMENT, "Adjustment Phase", "AaM 3.0F"),
    Stage(LAST_SIEGE, "Special Siege Resolution Phase", "AaM 3.0G"),
))

PHASE_WORDS: Mapping[str, tuple[str, ...]] = {
    SIEGE: ("siege resolution", "siege resolution phase", "a"),
    ATTRITION: ("attrition", "attrition phase", "b"),
    REINFORCEMENT: ("reinforcement", "reinforcement phase", "reinforcements", "c"),
    LOGISTICS: ("logistics and engineering", "logistics & engineering", "logistics", "d"),
    ENDEAVORS: ("endeavors", "endeavors phase", "endeavours", "e"),
    ADJUSTMENT: ("adjustment", "adjustment phase", "f"),
    LAST_SIEGE: ("special siege resolution", "last siege resolution", "g"),
}
_BY_WORD = {word: phase for phase, words in PHASE_WORDS.items() for word in words}
MONTHS = ("January", "February", "March", "April", "May", "June", "July", "August",
          "September", "October", "November", "December")


def phase_named(text: str | None) -> str | None:
    """The phase a Phase marker's text names (None: none).

    >>> phase_named("Logistics & Engineering"), phase_named(" Endeavors "), phase_named("x")
    ('logistics', 'endeavors', None)
    """
    if not text:
        return None
    return _BY_WORD.get(" ".join(text.casefold().split()))


def turn_named(year: str | None, month: str | None) -> str | None:
    """The turn a Year and Month marker show, as `1775-06` (None: not both known).

    >>> turn_named("1775", "June"), turn_named("1775", None)
    ('1775-06', None)
    """
    if not year or not month or not year.strip().isdigit():
        return None
    folded = month.strip().casefold()
    for number, name in enumerate(MONTHS, 1):
        if folded in (name.casefold(), name[:3].casefold(), str(number)):
            return f"{year.strip()}-{number:02d}"
    return None


@dataclass(frozen=True, slots=True)
class AaMProcedure:
    """Where play is (immutable: undo keeps a reference)."""

    position: Position = field(default_factory=Position)
    passes: int = 0
    """Passes in a row in this Endeavors Phase (two end it, AaM 8.0)."""
    activated: frozenset[str] = frozenset()
    """Leaders that activated or tried to this month (AaM 8.1.1, 11.1.1)."""
    failed: frozenset[str] = frozenset()
    """Leaders whose activation failed this month (AaM 8.1.1)."""
    trains_moved: frozenset[str] = frozenset()
    """Baggage train pieces moved in an endeavor this month (AaM 8.2)."""

    def placed(self, position: Position) -> AaMProcedure:
        """This procedure at another position."""
        return replace(self, position=position)

    @property
    def phase(self) -> str | None:
        """The phase play is known to be in (None: not known)."""
        moment = self.position.moment
        return moment.phase if moment.known else None


class AaMSequencer(Sequencer[AaMProcedure]):
    """The declared turn, with the passes in a row and the leaders spent this month."""

    def effects(self) -> Mapping[type[Action], Effect[AaMProcedure]]:
        """A new month clears the spent leaders; endeavors count passes in a row; a leader
        flipped without moving failed his activation."""
        return {NewTurn: _new_turn, EndeavorTaken: _endeavor, ForceMoved: _moved,
                LeaderSpent: _spent}


def _new_turn(proc: AaMProcedure, action: Action) -> AaMProcedure:
    return replace(proc, passes=0, activated=frozenset(), failed=frozenset(),
                   trains_moved=frozenset())


def _endeavor(proc: AaMProcedure, action: Action) -> AaMProcedure:
    assert isinstance(action, EndeavorTaken)
    return replace(proc, passes=proc.passes + 1 if action.passed else 0)


def _moved(proc: AaMProcedure, action: Action) -> AaMProcedure:
    assert isinstance(action, ForceMoved)
    if action.within:
        return proc  # a retreat, or a reaction that may not have been an endeavor
    return replace(proc, activated=proc.activated | frozenset(action.leaders),
                   trains_moved=proc.trains_moved | frozenset(action.train_pieces))


def _spent(proc: AaMProcedure, action: Action) -> AaMProcedure:
    assert isinstance(action, LeaderSpent)
    return replace(proc, activated=proc.activated | {action.leader},
                   failed=proc.failed | {action.leader})


SEQUENCER = AaMSequencer(TURN)
