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

from adjudicator.systems.american_revolution import fortress_ledger
from adjudicator.systems.american_revolution.actions import (
    DiceRolled,
    FirstPlayerShown,
    ForceMoved,
    FortressTaken,
    MapMarkerPlaced,
    MapMarkerRemoved,
    MapMarkerStranded,
    MarkerMoved,
    MarkerPlayed,
    MarkersCommitted,
    MarkersDrawn,
    MarkersReturned,
    PhaseActed,
    PointsShown,
    Raised,
    UnitsRemoved,
)
from adjudicator.systems.american_revolution.actions import TrackMoved as _TrackMoved
from adjudicator.systems.american_revolution.fortress_ledger import MarkerLedger
from adjudicator.systems.american_revolution.resolution import Resolution, resolve
from adjudicator.systems.common.actions import Action
from adjudicator.systems.common.sequence import Knowledge
from adjudicator.systems.common.sequencer import (
    Effect,
    Facts,
    NewTurn,
    PhaseShown,
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
class Noted:
    """An action kept with the turn (the Turn marker's year) and phase it came in."""

    turn: str | None
    phase: str | None
    action: Action


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
    """The sides that did anything in this phase (a `PhaseActed` of theirs), in the order
    they first did."""
    parts: tuple[str, ...] = ()
    """The sides that took their part of this phase, in the order they first did: moved a
    force, raised a unit, bought markers (AR 5.1). Marker plays, removals and retreats
    happen in either side's part (Privateers in the enemy's Movement, losses in the
    enemy's Combat), so they do not count."""
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
    noted: tuple[Noted, ...] = ()
    """Marker, point and removal actions, each with the turn and phase it came in (what
    the markers' effects, supply, enlistment and the end-of-turn chores read)."""
    points: tuple[PointsRecord, ...] = ()
    """Every change of a side's political points the log showed this turn, with the phase
    and the phase's rolls and plays so far (AR 6.0; political points and victory). An
    earlier turn's are dropped when this turn's first comes: nothing reads them, and a
    long log's would be copied at every step the undo history keeps (issue 24)."""
    last_points: tuple[tuple[str, int], ...] = ()
    """Each side's political points as the log last showed them, whatever the turn (what
    the Supply Phase's end reads, AR 6.8), sides in the order first shown."""
    losses: tuple[UnitsRemoved | ForceMoved, ...] = ()
    """Units removed from locales and retreats this phase: the traces battles leave (what
    an overrun, a massacre and a militia upgrade follow, AR 31, 34, 37)."""
    moves: tuple[ForceMoved, ...] = ()
    """The forces' moves this phase, retreats aside, in order: a move that carries on from
    the last one's destination with some of its pieces and no new die is the same force
    going on (AR 16.7), see `continues`."""
    begun: bool = False
    """Whether the log has shown a phase past the set-up (the set-up is judged at the
    first, AR 4.0)."""
    mobilized: tuple[Raised, ...] = ()
    """The units and leaders raised in this turn's Mobilization Phase (AR 13)."""
    spent: Tally = Tally()
    """Political points each side's PP record fell by in this turn's Mobilization Phase
    (AR 13.1)."""
    mob_markers: tuple[MarkerPlayed, ...] = ()
    """The markers played in this turn's Mobilization Phase (Drillmaster, Pulaski,
    Hessians: units at a lower cost or none, AR 7.9)."""
    paid_at: tuple[tuple[str, int], ...] = ()
    """The steps at which each side's PP record fell in this turn's Mobilization Phase."""
    costed: bool = False
    """Whether this turn's Mobilization Phase is over and its costs judged."""
    ashore: frozenset[str] = frozenset()
    """Land pieces whose last move was by land (not carried by a fleet): embarking them
    is an embarkation (AR 24.4(5))."""

    rabble: tuple[Resolution, ...] = ()
    """Every rabble-rousing table resolved by a track move, with its turn and the rolls it
    stands on (AR 9.3; `resolution.py`)."""

    @property
    def removals(self) -> tuple[UnitsRemoved, ...]:
        """Units taken off the map this phase (a detachment swap, AR 13.7)."""
        return tuple(loss for loss in self.losses if isinstance(loss, UnitsRemoved))
    fortresses: MarkerLedger = field(default_factory=MarkerLedger)
    """Sieges, siege costs, stranded markers and fortress fates (AR 28; fortress_ledger)."""

    @property
    def engineers_played(self) -> tuple[str | None, ...]:
        """The sides that played Engineers this phase, in order (AR 7.9)."""
        return tuple(play.side for play in self.played if play.marker == "engineers")

    def has_played(self, side: str | None, *markers: str) -> bool:
        """Whether a side played one of these markers this phase."""
        return any(play.side == side and play.marker in markers for play in self.played)

    def noted_in(self, phase: str | None = None, *kinds: type[Action]) -> list[Action]:
        """The noted actions of this turn (and of `phase`, when given), of these kinds."""
        turn = self.position.moment.turn
        return [note.action for note in self.noted
                if note.turn == turn and (phase is None or note.phase == phase)
                and (not kinds or isinstance(note.action, kinds))]

    def noted_of(self, turn: str | None, phase: str | None, *kinds: type[Action]
                 ) -> list[Action]:
        """The noted actions of a turn and phase, of these kinds."""
        return [note.action for note in self.noted
                if note.turn == turn and note.phase == phase
                and (not kinds or isinstance(note.action, kinds))]

    def last_shown(self) -> Noted | None:
        """The last phase the log showed before this action (its turn and phase)."""
        return next((note for note in reversed(self.noted)
                     if isinstance(note.action, PhaseShown)), None)

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
        own: dict[type[Action], Effect[ARProcedure]] = {
            NewTurn: _new_turn, FirstPlayerShown: _first, ForceMoved: _moved,
            MarkersDrawn: _drawn, MarkersCommitted: _committed,
            MarkerPlayed: _played, Raised: _raised, PhaseShown: _begun,
            UnitsRemoved: _lost, PointsShown: _points, DiceRolled: _rolled_noted,
            MapMarkerPlaced: _marker_placed, MapMarkerRemoved: _marker_removed,
            MapMarkerStranded: _marker_stranded, FortressTaken: _fortress_taken,
            _TrackMoved: _track_moved}
        return {**own, **{kind: _noting(own.get(kind)) for kind in NOTED}}

    def enter(self, proc: ARProcedure, phase: str, step: int, *, knowledge: Knowledge,
              reason: str, facts: Facts, player: str | None = None) -> ARProcedure:
        """A phase entered clears who acted and what moved in the last one."""
        entered = super().enter(proc, phase, step, knowledge=knowledge, reason=reason,
                                facts=facts, player=player)
        if entered.position.moment.phase == proc.position.moment.phase:
            return entered
        return replace(entered, acted=(), parts=(), moved=frozenset(), phase_dice=(), played=(),
                       marches=Tally(), losses=(), moves=())


def _acted(proc: ARProcedure, action: Action, facts: Facts) -> ARProcedure:
    """A side acted in the phase; and took its part of it, when it moved a force (not a
    retreat), raised a unit or bought markers (`ARProcedure.parts`)."""
    side = action.side
    if side is None:
        return proc
    if side not in proc.acted:
        proc = replace(proc, acted=(*proc.acted, side))
    if side not in proc.parts and _takes_part(action):
        proc = replace(proc, parts=(*proc.parts, side))
    return proc


def _takes_part(action: Action) -> bool:
    if isinstance(action, ForceMoved):
        return not action.retreat
    if isinstance(action, MarkersDrawn):
        return action.bought
    return isinstance(action, Raised)


def _new_turn(proc: ARProcedure, action: Action) -> ARProcedure:
    return replace(proc, first=None, acted=(), parts=(), moved=frozenset(), bought=Tally(),
                   free=Tally(), raised=(), commitments=(), phase_dice=(), played=(),
                   marches=Tally(), losses=(), moves=(), mobilized=(), spent=Tally(),
                   costed=False, mob_markers=(), paid_at=())


def _first(proc: ARProcedure, action: Action) -> ARProcedure:
    assert isinstance(action, FirstPlayerShown)
    return replace(proc, first=action.first)


def _moved(proc: ARProcedure, action: Action) -> ARProcedure:
    assert isinstance(action, ForceMoved)
    if action.retreat:
        return replace(proc, losses=(*proc.losses, action))
    if action.side is None:
        return proc
    going_on = bool(proc.moves) and (continues(proc.moves[-1], action)
                                     or accompanies(proc.moves[-1], action))
    pieces = frozenset(action.pieces)
    by_sea = any(unit.endswith("_fleet") for unit in action.units)
    return replace(proc, moved=proc.moved | pieces,
                   ashore=proc.ashore - pieces if by_sea else proc.ashore | pieces,
                   marches=proc.marches if going_on else proc.marches.plus(action.side, 1),
                   moves=(*proc.moves, action))


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
    proc = replace(proc, played=(*proc.played, action))
    if proc.phase == MOBILIZATION:
        proc = replace(proc, mob_markers=(*proc.mob_markers, action))
    return proc


def _raised(proc: ARProcedure, action: Action) -> ARProcedure:
    assert isinstance(action, Raised)
    proc = replace(proc, raised=(*proc.raised, action))
    if proc.phase == MOBILIZATION:
        proc = replace(proc, mobilized=(*proc.mobilized, action))
    if action.key in ("gb_hessian", "gb_indian"):
        return replace(proc, free=proc.free.plus("US", 1))
    return proc


def _begun(proc: ARProcedure, action: Action) -> ARProcedure:
    assert isinstance(action, PhaseShown)
    if action.phase not in (SETUP, MOBILIZATION) and (proc.mobilized or proc.spent.us
                                                      or proc.spent.gb):
        proc = replace(proc, costed=True)
    return proc if action.phase == SETUP or proc.begun else replace(proc, begun=True)


NOTED: tuple[type[Action], ...] = (MarkersReturned, UnitsRemoved, PointsShown, MarkerMoved,
                                   MarkersDrawn, MarkerPlayed, DiceRolled, Raised, PhaseShown)
"""The actions kept in `ARProcedure.noted` (AR 7.9, 19-20, 5.1 VI-VII)."""
NOTED_KEPT = 400
"""How many noted actions are kept (two turns' worth and more)."""


def _noting(effect: Effect[ARProcedure] | None) -> Effect[ARProcedure]:
    """An effect that also notes the action (after its own effect, if any)."""

    def noted(proc: ARProcedure, action: Action) -> ARProcedure:
        if effect is not None:
            proc = effect(proc, action)
        note = Noted(proc.position.moment.turn, proc.phase, action)
        return replace(proc, noted=(*proc.noted[-NOTED_KEPT:], note))

    return noted


# --- political points -------------------------------------------------------------------


# --- map markers (fortresses and sieges, AR 28) ----------------------------------------------


def _ledger(proc: ARProcedure, ledger: MarkerLedger) -> ARProcedure:
    return replace(proc, fortresses=ledger)


def _moment(proc: ARProcedure) -> tuple[str | None, str | None]:
    return proc.position.moment.turn, proc.phase


def _marker_placed(proc: ARProcedure, action: Action) -> ARProcedure:
    assert isinstance(action, MapMarkerPlaced)
    side = fortress_ledger.placer(action, proc.acted, proc.engineers_played)
    engineers = sum(1 for play in proc.played if play.side == side and play.marker == "engineers")
    return _ledger(proc, fortress_ledger.placed(proc.fortresses, action, side, *_moment(proc),
                                                engineers))


def _marker_removed(proc: ARProcedure, action: Action) -> ARProcedure:
    assert isinstance(action, MapMarkerRemoved)
    return _ledger(proc, fortress_ledger.removed(proc.fortresses, action))


def _marker_stranded(proc: ARProcedure, action: Action) -> ARProcedure:
    assert isinstance(action, MapMarkerStranded)
    return _ledger(proc, fortress_ledger.stranded(proc.fortresses, action, *_moment(proc)))


def _fortress_taken(proc: ARProcedure, action: Action) -> ARProcedure:
    assert isinstance(action, FortressTaken)
    return _ledger(proc, fortress_ledger.taken(proc.fortresses, action, proc.moved,
                                               *_moment(proc)))


def _points(proc: ARProcedure, action: Action) -> ARProcedure:
    assert isinstance(action, PointsShown)
    record = PointsRecord(proc.turn, proc.phase, action, proc.phase_dice, proc.played)
    this_turn = tuple(r for r in proc.points if r.turn == proc.turn)
    proc = replace(proc, points=(*this_turn, record),
                   last_points=_last_points(proc.last_points, action))
    proc = _ledger(proc, fortress_ledger.paid(proc.fortresses, action, *_moment(proc)))
    if proc.phase != MOBILIZATION or action.before is None or action.side is None:
        return proc
    return replace(proc, spent=proc.spent.plus(action.side, action.before - action.after),
                   paid_at=(*proc.paid_at, (action.side, action.step)))


def _last_points(last: tuple[tuple[str, int], ...], action: PointsShown
                 ) -> tuple[tuple[str, int], ...]:
    """`ARProcedure.last_points` after `action`."""
    side = action.side
    if side is None:
        return last
    if all(who != side for who, _ in last):
        return (*last, (side, action.after))
    return tuple((who, action.after if who == side else value) for who, value in last)


def _lost(proc: ARProcedure, action: Action) -> ARProcedure:
    assert isinstance(action, UnitsRemoved)
    return replace(proc, losses=(*proc.losses, action))


def continues(last: ForceMoved, action: ForceMoved) -> bool:
    """Whether a move is the force of the last move going on (AR 16.7: a force may drop
    off units as it moves): the same side, from where the last move ended, with some of
    its pieces and no die of its own."""
    return (action.side == last.side and action.origin == last.destination
            and action.die is None and not action.retreat
            and bool(set(action.pieces) & set(last.pieces)))


def accompanies(last: ForceMoved, action: ForceMoved) -> bool:
    """Whether a move is more of the last move's force dragged after it (AR 16.3: the force
    is designated, rolls and moves as one; a player may drag its pieces in parts): the same
    side, the same origin and destination, none of its pieces, and no die of its own."""
    return (action.side == last.side and action.origin == last.origin
            and action.destination == last.destination and action.die is None
            and not action.retreat and not last.retreat
            and not set(action.pieces) & set(last.pieces))


def force_of(moves: tuple[ForceMoved, ...]) -> tuple[ForceMoved, ...]:
    """The moves of the force the last move belongs to, first to last."""
    if not moves:
        return ()
    start = len(moves) - 1
    while start > 0 and continues(moves[start - 1], moves[start]):
        start -= 1
    return moves[start:]


def _rolled_noted(proc: ARProcedure, action: Action) -> ARProcedure:
    assert isinstance(action, DiceRolled)
    proc = _rolled(proc, action)
    return _ledger(proc, fortress_ledger.rolled(proc.fortresses, action))


# --- rabble rousing -----------------------------------------------------------------------


def _track_moved(proc: ARProcedure, action: Action) -> ARProcedure:
    assert isinstance(action, _TrackMoved)
    if proc.phase != RABBLE:
        return proc
    found = resolve(proc.position.moment.turn, proc.commitments, proc.phase_dice,
                    proc.rabble, action)
    return replace(proc, rabble=(*proc.rabble, found))


SEQUENCER = ARSequencer(TURN)
