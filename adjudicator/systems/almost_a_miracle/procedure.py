"""Almost a Miracle!'s sequence of play (AaM 3.0, 8.0; digest section 2), on the toolkit's
sequencer: a month of phases A to G, the Endeavors Phase an alternation of endeavors, the
British first, that ends after two passes in a row."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace

from adjudicator.systems.almost_a_miracle.actions import (
    DiceRolled,
    EndeavorTaken,
    ForceMoved,
    LeaderSpent,
    SeaControlTaken,
    SeaMoved,
    TransitMoved,
)
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
    # movement (AaM 9.1, 10.1, 10.3)
    leg: ForceMoved | None = None
    """The last leg of the force moving in this endeavor (None: none yet)."""
    route: tuple[str, ...] = ()
    """The Areas the moving force has gone through in this endeavor, its legs joined."""
    drops: int = 0
    """Drop-offs the moving force has made (AaM 9.1: one at most)."""
    rolled: bool = False
    """A die was rolled since the last leg (a battle, a retreat before combat)."""
    embarked: frozenset[str] = frozenset()
    """Pieces embarked this month (AaM 10.5.7: they land next turn at the earliest)."""
    landed: frozenset[str] = frozenset()
    """Pieces landed this month: moved, no further endeavor (AaM 10.5.9-10.5.10)."""
    transit: frozenset[str] = frozenset()
    """Pieces moved into the Transit Area this month (AaM 10.1.6: out next turn)."""
    french_sea_control: bool = False
    """The French Navy took sea control this month (AaM 10.5.11)."""

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
                LeaderSpent: _spent, **MOVEMENT_EFFECTS}


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


# movement (AaM 9.1, 10.1, 10.3): the moving force's legs, drop-offs and rolls between legs


def continues(proc: AaMProcedure, move: ForceMoved) -> bool:
    """Whether a move is the next leg of the force that moved last in this endeavor: the same
    side, from where that leg ended, some of the same pieces."""
    leg = proc.leg
    return leg is not None and leg.side == move.side and leg.destination == move.origin \
        and bool(set(leg.pieces) & set(move.pieces))


def dropped_off(leg: ForceMoved, move: ForceMoved) -> bool:
    """Whether a leg left leaders or SPs behind (AaM 9.1): fewer SPs or a leader left."""
    return move.strength < leg.strength or bool(set(leg.leaders) - set(move.leaders))


def _leg(proc: AaMProcedure, action: Action) -> AaMProcedure:
    assert isinstance(action, ForceMoved)
    proc = _moved(proc, action)
    if action.within or action.joins:
        return proc  # a retreat or reaction by the other side, or a second Area joining
    path = action.path or (action.origin, action.destination)
    if continues(proc, action) and not proc.rolled:
        assert proc.leg is not None
        return replace(proc, leg=action, route=proc.route + path[1:], rolled=False,
                       drops=proc.drops + dropped_off(proc.leg, action))
    return replace(proc, leg=action, route=path, drops=0, rolled=False)


def _new_endeavor(proc: AaMProcedure, action: Action) -> AaMProcedure:
    return replace(_endeavor(proc, action), leg=None, route=(), drops=0, rolled=False)


def _new_month(proc: AaMProcedure, action: Action) -> AaMProcedure:
    return replace(_new_turn(proc, action), leg=None, route=(), drops=0, rolled=False,
                   embarked=frozenset(), landed=frozenset(), transit=frozenset(),
                   french_sea_control=False)


def _by_sea(proc: AaMProcedure, action: Action) -> AaMProcedure:
    assert isinstance(action, SeaMoved)
    if action.embark:
        return replace(proc, embarked=proc.embarked | set(action.pieces))
    return replace(proc, landed=proc.landed | set(action.pieces),
                   activated=proc.activated | set(action.leaders))


def _sea_control(proc: AaMProcedure, action: Action) -> AaMProcedure:
    return replace(proc, french_sea_control=True)


def _through_transit(proc: AaMProcedure, action: Action) -> AaMProcedure:
    assert isinstance(action, TransitMoved)
    proc = replace(proc, activated=proc.activated | set(action.leaders))
    if action.entering:
        return replace(proc, transit=proc.transit | set(action.pieces))
    return proc


def _rolled(proc: AaMProcedure, action: Action) -> AaMProcedure:
    return replace(proc, rolled=True) if proc.leg is not None else proc


MOVEMENT_EFFECTS: Mapping[type[Action], Effect[AaMProcedure]] = {
    ForceMoved: _leg, EndeavorTaken: _new_endeavor, NewTurn: _new_month, DiceRolled: _rolled,
    SeaMoved: _by_sea, TransitMoved: _through_transit,
    SeaControlTaken: _sea_control}
"""The movement family's effects: each wraps the sequence's own (`_moved`, `_endeavor`,
`_new_turn`) and keeps the moving force's legs."""

SEQUENCER = AaMSequencer(TURN)
