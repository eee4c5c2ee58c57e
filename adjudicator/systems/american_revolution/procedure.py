"""The American Revolution's sequence of play (AR 5.1; digest section 2), on the toolkit's
sequencer.

A turn is a year of seven phases. Initiative and rabble rousing are simultaneous; in every
other phase the First Player acts in full before the Second (AR 5.1 II-III, V, VI). The
three Campaign Phases each hold the First Player's Movement and Combat, then the Second
Player's. Nobody alternates impulses, so the turn declares no `Alternation`: the phase
comes from the log's Phase marker (or is inferred from play), and the procedure value
keeps what the rules read across a phase and a turn: the First Player, who has acted in
the phase, which pieces have moved, the markers bought.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace

from adjudicator.systems.american_revolution.actions import (
    DiceRolled,
    FirstPlayerShown,
    ForceMoved,
    MarkerPlayed,
    MarkersCommitted,
    MarkersDrawn,
    PhaseActed,
    PointsShown,
    Raised,
)
from adjudicator.systems.american_revolution.actions import TrackMoved as _TrackMoved
from adjudicator.systems.american_revolution.resolution import Resolution, resolve
from adjudicator.systems.common.actions import Action
from adjudicator.systems.common.sequence import Knowledge
from adjudicator.systems.common.sequencer import (
    Effect,
    Facts,
    NewTurn,
    Position,
    Sequencer,
    Stage,
    Transition,
    Turn,
)

SETUP = "setup"
INITIATIVE = "initiative"
POLITICAL = "political"
MOBILIZATION = "mobilization"
RABBLE = "rabble"
CAMPAIGNS = ("campaign_1", "campaign_2", "campaign_3")
SUPPLY = "supply"
END = "end"

TURN = Turn("ar", (
    Stage(SETUP, "Set-up", "AR 4.0", once=True),
    Stage(INITIATIVE, "Initiative Phase", "AR 5.1 I, 8.0"),
    Stage(POLITICAL, "Political Phase", "AR 5.1 II, 6.0", segments=("first", "second")),
    Stage(MOBILIZATION, "Mobilization Phase", "AR 5.1 III, 13.0",
          segments=("first", "second")),
    Stage(RABBLE, "Rabble Rousing Phase", "AR 5.1 IV, 9.0"),
    Stage(CAMPAIGNS[0], "First Campaign Phase", "AR 5.1 V, 14.0"),
    Stage(CAMPAIGNS[1], "Second Campaign Phase", "AR 5.1 V, 14.2, 17.0"),
    Stage(CAMPAIGNS[2], "Third Campaign Phase", "AR 5.1 V, 14.2, 17.0"),
    Stage(SUPPLY, "Supply Phase", "AR 5.1 VI, 19.0, 20.0"),
    Stage(END, "End of Turn Phase", "AR 5.1 VII, 3.0"),
))

PHASE_WORDS: Mapping[str, tuple[str, ...]] = {
    SETUP: ("set-up", "setup", "set up"),
    INITIATIVE: ("initiative", "initiative phase", "i"),
    POLITICAL: ("political", "political phase", "ii"),
    MOBILIZATION: ("mobilization", "mobilization phase", "iii"),
    RABBLE: ("rabble rousing", "rabble rousing phase", "rabble-rousing", "iv"),
    CAMPAIGNS[0]: ("campaign 1", "campaign phase 1", "first campaign phase", "v.1"),
    CAMPAIGNS[1]: ("campaign 2", "campaign phase 2", "second campaign phase", "v.2"),
    CAMPAIGNS[2]: ("campaign 3", "campaign phase 3", "third campaign phase", "v.3"),
    SUPPLY: ("supply", "supply phase", "vi"),
    END: ("end of turn", "end of turn phase", "end", "vii"),
}
"""What a module's Phase marker may say for each phase (case aside)."""
_BY_WORD = {word: phase for phase, words in PHASE_WORDS.items() for word in words}


def phase_named(text: str | None) -> str | None:
    """The phase a Phase marker's text names (None: none).

    >>> phase_named(" Campaign Phase 2 "), phase_named("Mobilization"), phase_named("x")
    ('campaign_2', 'mobilization', None)
    """
    if not text:
        return None
    return _BY_WORD.get(" ".join(text.casefold().split()))


def campaign_number(phase: str | None) -> int | None:
    """1, 2 or 3 in a Campaign Phase (None: another phase)."""
    return CAMPAIGNS.index(phase) + 1 if phase in CAMPAIGNS else None


@dataclass(frozen=True, slots=True)
class Tally:
    """A count per side (markers bought this turn, AR 7.3)."""

    us: int = 0
    gb: int = 0

    def of(self, side: str) -> int:
        """The count of a side."""
        return self.us if side == "US" else self.gb

    def plus(self, side: str, n: int) -> Tally:
        """This tally with `n` more for `side`."""
        return replace(self, us=self.us + n) if side == "US" else replace(self, gb=self.gb + n)


@dataclass(frozen=True, slots=True)
class PointsRecord:
    """A side's political points shown (AR 6.1), where play stood: the turn, the phase,
    and the rolls and marker plays of that phase before it (political points)."""

    turn: int | None
    phase: str | None
    shown: PointsShown
    dice: tuple[DiceRolled, ...]
    played: tuple[MarkerPlayed, ...]


@dataclass(frozen=True, slots=True)
class ARProcedure:
    """Where play is (immutable: undo keeps a reference)."""

    position: Position = field(default_factory=Position)
    first: str | None = None
    """The First Player this turn (AR 8.0; US on Turn 1, AR 4.7)."""
    acted: tuple[str, ...] = ()
    """The sides that acted in this phase, in the order they first did (AR 5.1)."""
    moved: frozenset[str] = frozenset()
    """The pieces that moved in this Campaign Phase (AR 16.5)."""
    marches: Tally = Tally()
    """Forces each side moved this phase, retreats aside (AR 16.4, 17.1)."""
    bought: Tally = Tally()
    """Campaign markers bought this turn (AR 7.3)."""
    raised: tuple[Raised, ...] = ()
    """The units and leaders raised this turn (one Indian per locale a turn, AR 27.2)."""
    free: Tally = Tally()
    """Markers a side may draw free this turn beyond those bought: one for the American
    per Hessian or Indian the British raise (AR 27.1, 27.2)."""
    commitments: tuple[MarkersCommitted, ...] = ()
    """The commitments revealed this turn: initiative (AR 8.1), rabble rousing (AR 9.1)."""
    phase_dice: tuple[DiceRolled, ...] = ()
    """The rolls made in this phase (initiative ties, rabble rousing, AR 8.2, 9.3)."""
    played: tuple[MarkerPlayed, ...] = ()
    """The markers played this phase (AR 7.9, 7.11)."""
    points: tuple[PointsRecord, ...] = ()
    """Every change of a side's political points the log showed, with the phase and the
    phase's rolls and plays so far (AR 6.0; political points and victory)."""
    rabble: tuple[Resolution, ...] = ()
    """Every rabble-rousing table resolved by a track move, with its turn and the rolls it
    stands on (AR 9.3; `resolution.py`)."""

    def has_played(self, side: str | None, *markers: str) -> bool:
        """Whether a side played one of these markers this phase."""
        return any(play.side == side and play.marker in markers for play in self.played)

    def placed(self, position: Position) -> ARProcedure:
        """This procedure at another position."""
        return replace(self, position=position)

    @property
    def phase(self) -> str | None:
        """The phase play is known to be in (None: not known)."""
        moment = self.position.moment
        return moment.phase if moment.known else None

    @property
    def turn(self) -> int | None:
        """The turn number (1 = 1775), when the log has shown the year."""
        shown = self.position.moment.turn
        return int(shown) - 1774 if shown and shown.isdigit() else None

    @property
    def second(self) -> str | None:
        """The Second Player this turn."""
        return None if self.first is None else ("GB" if self.first == "US" else "US")


class ARSequencer(Sequencer[ARProcedure]):
    """The declared turn, with what this game's procedure keeps: who acted in the phase,
    what moved, the First Player, the markers bought."""

    def transitions(self) -> Mapping[type[Action], Transition[ARProcedure]]:
        """The toolkit's, with a side acting in the phase noted."""
        return {**super().transitions(), PhaseActed: _acted}

    def effects(self) -> Mapping[type[Action], Effect[ARProcedure]]:
        """A new turn clears the turn's record; the First Player, moves and purchases."""
        return {NewTurn: _new_turn, FirstPlayerShown: _first, ForceMoved: _moved,
                MarkersDrawn: _drawn, MarkersCommitted: _committed, DiceRolled: _rolled,
                MarkerPlayed: _played, Raised: _raised, PointsShown: _points,
                _TrackMoved: _track_moved}

    def enter(self, proc: ARProcedure, phase: str, step: int, *, knowledge: Knowledge,
              reason: str, facts: Facts, player: str | None = None) -> ARProcedure:
        """A phase entered clears who acted and what moved in the last one."""
        entered = super().enter(proc, phase, step, knowledge=knowledge, reason=reason,
                                facts=facts, player=player)
        if entered.position.moment.phase == proc.position.moment.phase:
            return entered
        return replace(entered, acted=(), moved=frozenset(), phase_dice=(), played=(),
                       marches=Tally())


def _acted(proc: ARProcedure, action: Action, facts: Facts) -> ARProcedure:
    side = action.side
    if side is None or side in proc.acted:
        return proc
    return replace(proc, acted=(*proc.acted, side))


def _new_turn(proc: ARProcedure, action: Action) -> ARProcedure:
    return replace(proc, first=None, acted=(), moved=frozenset(), bought=Tally(),
                   free=Tally(), raised=(), commitments=(), phase_dice=(), played=(),
                   marches=Tally())


def _first(proc: ARProcedure, action: Action) -> ARProcedure:
    assert isinstance(action, FirstPlayerShown)
    return replace(proc, first=action.first)


def _moved(proc: ARProcedure, action: Action) -> ARProcedure:
    assert isinstance(action, ForceMoved)
    if action.retreat or action.side is None:
        return proc
    return replace(proc, moved=proc.moved | frozenset(action.pieces),
                   marches=proc.marches.plus(action.side, 1))


def _drawn(proc: ARProcedure, action: Action) -> ARProcedure:
    assert isinstance(action, MarkersDrawn)
    if not action.bought or action.side is None:
        return proc
    return replace(proc, bought=proc.bought.plus(action.side, action.count))


def _committed(proc: ARProcedure, action: Action) -> ARProcedure:
    assert isinstance(action, MarkersCommitted)
    return replace(proc, commitments=(*proc.commitments, action))


def _rolled(proc: ARProcedure, action: Action) -> ARProcedure:
    assert isinstance(action, DiceRolled)
    return replace(proc, phase_dice=(*proc.phase_dice, action))


def _played(proc: ARProcedure, action: Action) -> ARProcedure:
    assert isinstance(action, MarkerPlayed)
    return replace(proc, played=(*proc.played, action))


def _raised(proc: ARProcedure, action: Action) -> ARProcedure:
    assert isinstance(action, Raised)
    proc = replace(proc, raised=(*proc.raised, action))
    if action.key in ("gb_hessian", "gb_indian"):
        return replace(proc, free=proc.free.plus("US", 1))
    return proc


# --- political points -------------------------------------------------------------------


def _points(proc: ARProcedure, action: Action) -> ARProcedure:
    assert isinstance(action, PointsShown)
    record = PointsRecord(proc.turn, proc.phase, action, proc.phase_dice, proc.played)
    return replace(proc, points=(*proc.points, record))


# --- rabble rousing -----------------------------------------------------------------------


def _track_moved(proc: ARProcedure, action: Action) -> ARProcedure:
    assert isinstance(action, _TrackMoved)
    if proc.phase != RABBLE:
        return proc
    found = resolve(proc.position.moment.turn, proc.commitments, proc.phase_dice,
                    proc.rabble, action)
    return replace(proc, rabble=(*proc.rabble, found))


SEQUENCER = ARSequencer(TURN)
