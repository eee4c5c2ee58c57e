"""War for America's sequence of play as a state machine: turns, rounds, pulses.

A game turn (WfA 7.0, digest §2.1) is: Step 1 Reinforcements; Steps 2–3 the Action Cycle —
Action Rounds, each opened by both players' initiative D6 and made of one Action Pulse
(AP) per player, the winner first (9.1); in Winter Turns the end-of-winter steps after the
two rounds (7.0 "Winter Turns Only", 18.3–18.11); Step 4 Administration (victory check,
then the Year/Season markers advance). `TURN` declares it for the toolkit's sequencer
(`adjudicator.systems.common.sequencer`); `Sequencer` is that sequencer with WfA's
transitions: `advance` consumes one typed action (`actions`) at a time and says where it
belongs (`Placement`: phase, round, pulse, or unknown and why), and emits the sequence
facts the rules judge (`RoundOpened`, `PulseOpened`, `PulseClosed`, `CycleEnded`,
`TurnBegan`).

How many rounds (WfA 9.7, 9.8, 6.1, 3.1, digest §8 A-3): four; two in Winter Turns; two on
Turn 1, whose first round has no initiative roll (the British move first, 6.4) and whose
second-round ties are re-rolled (6.5). After any other tie each player draws a card, the
last initiative winner (A-4: the most recent one, this turn's or the previous turn's)
takes one AP, the other one AP, and the cycle is over (9.1, 20.4; digest W-7). Both
players passing in one round (9.6) ends it; by A-5 the cycle is then treated as over, but
more APs are not flagged either way.

Seasons (digest §8 A-2): the rulebook never lists them. This module follows the digest's
reading — six turns a year: Early Spring, a second spring turn, Early Summer, Late Summer,
Fall, Winter — as `DIGEST_CALENDAR`, and takes the calendar as data (`Calendar`) so the
printed Turn Record Track can replace it. The first turn is 1775 in the calendar's first
season (WfA 6.0 says only "the Spring Turn").

Every record is frozen, so a referee's undo keeps a reference, not a copy.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from fractions import Fraction
from typing import Any, Final, TypeAlias

from adjudicator.systems.common import sequencer as toolkit
from adjudicator.systems.common.actions import Action, PhaseChange
from adjudicator.systems.common.sequence import Knowledge, Moment
from adjudicator.systems.common.sequencer import (
    Alternation,
    Calendar,
    Effect,
    Facts,
    Position,
    SeasonSpec,
    Stage,
    Transition,
    Turn,
    cycle_lengths,
)
from adjudicator.systems.common.values import evolve
from adjudicator.systems.war_for_america.actions import (
    BRITISH,
    COLONIAL,
    LEADER_POOL,
    ActionCardPlayed,
    Activation,
    AdministrationStep,
    ApMarkerMoved,
    ArmyCreated,
    CardUse,
    Combat,
    DroppedOff,
    EnemyEntered,
    EntrenchmentBuilt,
    FleetMoved,
    ForceActivated,
    ForceMoved,
    FortBuilt,
    FortRolled,
    FreeAction,
    FreeKind,
    InitiativeDie,
    LakeNavyMoved,
    LeaderMustered,
    LeaderPlaced,
    LeaderTransferred,
    LossTaken,
    MagazinePlaced,
    MagazineRemoved,
    NavalTransport,
    Overrun,
    Pass,
    PickedUp,
    RaiseKind,
    Rallied,
    RetreatBeforeCombat,
    RoundMarkerMoved,
    SiegeAttempt,
    TransportTrackMoved,
    TurnMarkerMoved,
    UnitsRaised,
    WinterStep,
)
from adjudicator.systems.war_for_america.state import ARMY_BOX_PREFIX

SETUP: Final = "setup"
REINFORCEMENT: Final = "reinforcement"
ACTION_CYCLE: Final = "action_cycle"
WINTER_STEPS: Final = "winter_steps"
ADMINISTRATION: Final = "administration"

TURN = Turn("wfa", (
    Stage(SETUP, "Set Up", "WfA 6.0–6.3", once=True),
    Stage(REINFORCEMENT, "Reinforcement Phase", "WfA 7.0 Step 1"),
    Stage(ACTION_CYCLE, "Action Cycle", "WfA 7.0 Steps 2–3, 9.0", ("initiative", "pulse"),
          alternation=Alternation(unit="pulse", sides=(BRITISH, COLONIAL),
                                  citation="WfA 9.1", passes=True)),
    Stage(WINTER_STEPS, "End-of-Winter Steps", "WfA 7.0 Winter Turns Only, 18.3–18.11"),
    Stage(ADMINISTRATION, "Administration Phase", "WfA 7.0 Step 4"),
))
"""A turn of War for America (WfA 7.0): the Action Cycle's rounds are one Action Pulse
(AP) a player (9.1), a player may pass (9.6); the end-of-winter steps only in Winter
Turns. The set-up (6.0–6.3) is played once."""

SEQUENCE = TURN.spec
"""The phases of `TURN` alone, for the toolkit's `SequenceOfPlay`."""

ROUNDS: Final = 4
"""Action Rounds in an Action Cycle (WfA 9.1, 9.7)."""
WINTER_ROUNDS: Final = 2
"""In Winter Turns (WfA 9.8, 3.1, 18.1)."""
FIRST_TURN_ROUNDS: Final = 2
"""On Turn 1 (WfA 6.1, 6.6: "2 Action Cycles" read as rounds, digest §8 A-3)."""
FIRST_YEAR: Final = 1775
NORTHERN_REGIONS: Final = frozenset({"canada", "new_england", "middle_states"})
"""The Northern Regions (WfA 3.3); Canada included (digest §8 A-36)."""
WINTER_MP: Final = 2
"""MP of a land force that begins its AP in a Northern Region in Winter (WfA 18.1)."""


WINTER_BOX, SPRING_BOX = "blue", "green"
"""The Seasonal Turn Record Track's colours: blue boxes are Winter Turns, the year's first
green box its early spring (WfA 3.1, 7.0)."""
DIGEST_CALENDAR = Calendar((
    SeasonSpec("early_spring", "Early Spring", early_spring=True),
    SeasonSpec("spring", "Spring"),
    SeasonSpec("early_summer", "Early Summer"),
    SeasonSpec("late_summer", "Late Summer"),
    SeasonSpec("fall", "Fall"),
    SeasonSpec("winter", "Winter", winter=True),
))
"""The digest's reading of the year (§8 A-2): six turns; confirm on the printed STRT."""


def rounds_due(*, first_turn: bool, winter: bool) -> int:
    """Action Rounds in a turn's cycle when no tie ends it early (WfA 6.1, 9.7, 9.8)."""
    if first_turn:
        return FIRST_TURN_ROUNDS
    return WINTER_ROUNDS if winter else ROUNDS


def rounds_distribution(*, first_turn: bool, winter: bool) -> dict[int, Fraction]:
    """How many Action Rounds a cycle lasts, with its probability (digest W-7).

    An initiative tie (two D6 equal: 1/6) ends the cycle after its round (WfA 9.1, 20.4);
    Turn 1 always has its two rounds (its first has no roll, its ties are re-rolled, 6.5).

    >>> rounds_distribution(first_turn=False, winter=True)
    {1: Fraction(1, 6), 2: Fraction(5, 6)}
    """
    due = rounds_due(first_turn=first_turn, winter=winter)
    return {due: Fraction(1)} if first_turn else cycle_lengths(due, Fraction(1, 6))


def winter_march(*, winter: bool, region: str | None) -> int | None:
    """The MP a land force has when it begins its AP in `region` (WfA 18.1, digest X-12):
    exactly 2 in a Winter Turn in a Northern Region (3.3; Canada included, A-36); None when
    the season does not limit it (Tidewater and the Deep South are unaffected) or the
    region is unknown. An *Extended March* card overrides it (18.1)."""
    if not winter or region is None:
        return None
    return WINTER_MP if region in NORTHERN_REGIONS else None


# --- The records of a turn -----------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Initiative:
    """Both players' initiative D6 in one round (WfA 6.5, 9.1); `pairs` counts complete
    pairs (a Turn 1 tie is re-rolled)."""

    british: int | None = None
    colonial: int | None = None
    pairs: int = 0
    ties: int = 0
    """How many complete pairs were ties."""
    step: int = 0

    @property
    def complete(self) -> bool:
        """Both dice of the latest pair are in."""
        return self.british is not None and self.colonial is not None

    @property
    def tie(self) -> bool:
        """The latest pair is a tie."""
        return self.complete and self.british == self.colonial

    @property
    def winner(self) -> str | None:
        """The higher roller of the latest pair (None: incomplete or a tie)."""
        if not self.complete or self.tie:
            return None
        assert self.british is not None and self.colonial is not None
        return BRITISH if self.british > self.colonial else COLONIAL

    def describe(self) -> str:
        """e.g. `British 5, Colonial 3`."""
        def shown(value: int | None) -> str:
            return "not rolled" if value is None else str(value)
        return f"British {shown(self.british)}, Colonial {shown(self.colonial)}"


@dataclass(frozen=True, slots=True)
class Pulse:
    """One Action Pulse (WfA 9.1, 9.3) and what was done in it so far."""

    side: str
    step: int
    round: int | None
    """The Action Round (None: unknown, the log began mid-cycle)."""
    number: int
    """1 for the round's first pulse, 2 for the second."""
    main: Activation | None = None
    """The AP's one main action (None: none yet, or a pass)."""
    activations: int = 0
    """How many times a force was activated (ForceActivated) in it."""
    activation: ForceActivated | None = None
    """Its first activation, with the dice that gave the force its MP (WfA 12.1-12.7),
    for the force's later legs."""
    force_space: str | None = None
    """Where the activated force is now."""
    origin: str | None = None
    """The one space the force set out from (9.3)."""
    route: tuple[str, ...] = ()
    """The spaces the force went through, from `origin` to `force_space`, leg by leg."""
    moved: frozenset[str] = frozenset()
    """Units that moved in the force."""
    dropped: frozenset[str] = frozenset()
    """Units dropped off on the way (they may not move again this AP, 9.3)."""
    fought: bool = False
    """The force had combat (not an overrun): it moves no further (9.3)."""
    combat_step: int | None = None
    landings: frozenset[str] = frozenset()
    """Spaces British land units reached by British Naval Transport in it (free, WfA
    9.10: "Moving land units via British Naval Transport")."""
    free_battle: tuple[str, int] | None = None
    """(space, step) of the first battle fought in it by units the British brought there by
    Naval Transport, not by its force ("completely 'free' and outside the AP system", WfA
    9.10; 14.7: an amphibious attack): `fought` is its force's (9.3)."""
    passed: bool = False
    cards: tuple[tuple[str, str], ...] = ()
    """(side, card) of each card played in it, not counting discards."""
    ap_marker: bool = False
    """The owner's AP marker moved in it (6.1, 12.2)."""
    free: tuple[FreeKind, ...] = ()
    """Free actions of its owner (9.10)."""
    sieges: frozenset[str] = frozenset()
    """Spaces a Siege Marker was placed on in it (17.13: the Siege Table is rolled "During
    his next AP, after the Siege Marker has been placed")."""
    siege_rolls: frozenset[str] = frozenset()
    """Spaces whose Siege Table D12 was rolled in it (17.13: "once per Action Phase")."""
    transport_marker: bool = False
    """The British Transport Track marker moved in it (14.10)."""
    lake_entered: frozenset[str] = frozenset()
    """Spaces a lake navy moved onto in it (19.8: "If both Lake Navies occupy the same
    space, combat must ensue"; the AP that brought them together is the one at fault)."""
    forts_begun: frozenset[str] = frozenset()
    """Spaces a fort's 'Build' counter was placed on in it (17.6: "In the player's next AP,
    it is flipped to its fort side")."""
    forts_unrolled: tuple[tuple[str, int], ...] = ()
    """(space, step) of each 'Build' counter placed in it whose movement D6 (17.6) the log
    has not shown, before the placement or right after it."""
    last_step: int | None = None
    """The step of the last action placed in it (None: none yet)."""
    off_cards: tuple[tuple[str, str, int], ...] = ()
    """(leader, Army Card box, step) of each leader taken off an Army Card onto the map in
    it (WfA 11.11, 11.21-11.22: whether he left his army is seen when the AP closes)."""
    militia_raised: frozenset[str] = frozenset()
    """Spaces the other side deployed militia on in it (WfA 10.8, 10.13: the British "may
    not be able to continue moving if the Colonial player has deployed militia in the
    space")."""
    spent_at: str | None = None
    """Where its AP went before any force was activated: a leader from the Leader Pool
    placed there (WfA 11.1: "by expending an AP"; "he also activates any SP with which he
    is placed") or an army created there outside a muster (11.20: "by expending the
    pulse")."""

    def cards_of(self, side: str) -> tuple[str, ...]:
        """The cards a side played in this pulse."""
        return tuple(card for who, card in self.cards if who == side)


@dataclass(frozen=True, slots=True)
class WfAProcedure:
    """Where a War for America game is in its sequence of play."""

    moment: Moment = field(default_factory=Moment)
    year: int | None = None
    season: str | None = None
    first_turn: bool | None = None
    """Whether this is Turn 1 (None: unknown)."""
    round: int | None = None
    """The current Action Round (0: the cycle has not begun; None: unknown)."""
    round_sides: tuple[str, ...] = ()
    """The sides that had a pulse this round, in order."""
    initiative: Initiative | None = None
    """This round's initiative dice (None: none rolled yet)."""
    last_winner: str | None = None
    """The most recent initiative winner (A-4)."""
    over: str | None = None
    """Why the cycle is over (None: it is not, or not known to be)."""
    soft_over: bool = False
    """Over only because both players passed (9.6, A-5): more APs are not judged."""
    round_passes: frozenset[str] = frozenset()
    pulse: Pulse | None = None
    reinforced: tuple[str, ...] = ()
    """Sides that placed reinforcements this Reinforcement Phase, in order (7.0 Step 1)."""
    magazines: tuple[str, ...] = ()
    """Sides that placed magazines this Reinforcement Phase, in order (7.0, 16.11)."""
    administration: tuple[str, ...] = ()
    """Administration steps seen this turn, in order (7.0 Step 4)."""
    evidence: frozenset[str] = frozenset()
    """What this log has shown at least once: `dice` (initiative dice), `ap_marker`,
    `turn_marker`, `round_marker`; a rule that needs a marker judges only a log that
    logs it."""

    @property
    def tied(self) -> bool:
        """This round's initiative was a tie after Turn 1: the cycle's last round (WfA
        9.1, 20.4; a Turn 1 tie is re-rolled, 6.5)."""
        return (self.initiative is not None and self.initiative.ties > 0
                and self.first_turn is not True)

    @property
    def position(self) -> Position[Pulse]:
        """Where play is, as the common sequencer sees it: the moment, the pulse under way
        and the round's sides and passes."""
        return Position(moment=self.moment, unit=self.pulse, round_sides=self.round_sides,
                        passes=self.round_passes)

    def placed(self, position: Position[Any]) -> WfAProcedure:
        """This procedure at a new position (see `position`)."""
        return evolve(self, moment=position.moment, pulse=position.unit,
                      round_sides=position.round_sides, round_passes=position.passes)

    @classmethod
    def at_start(cls, calendar: Calendar = DIGEST_CALENDAR) -> WfAProcedure:
        """The game's beginning (WfA 6.0): Set Up, 1775, the first season, Turn 1."""
        moment = Moment(turn=calendar.name(FIRST_YEAR, calendar.first), phase=SETUP,
                        knowledge=Knowledge.INFERRED, reason="the log begins at set-up")
        return cls(moment=moment, year=FIRST_YEAR, season=calendar.first, first_turn=True,
                   round=0)


# --- Sequence facts the rules judge --------------------------------------------------------


@dataclass(frozen=True, slots=True, kw_only=True)
class RoundOpened(Action):
    """An Action Round began (WfA 9.1): its initiative as rolled (None: no dice seen)."""

    round: int | None
    initiative: Initiative | None
    first_turn: bool | None
    limit: int | None
    """The rounds the cycle may have (None: unknown)."""
    beyond: str | None = None
    """Why the cycle was already over (a tie, its rounds done), when it was."""
    soft_over: bool = False
    dice_logged: bool = False
    """The log has shown initiative dice before (the players roll them in VASSAL)."""


@dataclass(frozen=True, slots=True, kw_only=True)
class PulseOpened(Action):
    """An Action Pulse began: whose, and whose it should have been (WfA 6.4, 9.1, 20.4)."""

    pulse: Pulse
    expected: str | None
    """The side due to take this pulse (None: not known)."""
    why: str
    """Why that side (or why it is not known)."""
    rule: str
    """The catalog rule that says so (WFA-SEQ-01 on Turn 1's first round, WFA-SEQ-02
    after an initiative, WFA-SEQ-03 after a Turn 1 tie, WFA-SEQ-04 after a tie)."""
    first_turn: bool | None
    limit: int | None
    beyond: str | None = None
    """Why the cycle was already over as this pulse began (an extra AP), if it was."""
    soft_over: bool = False


@dataclass(frozen=True, slots=True, kw_only=True)
class PulseClosed(Action):
    """An Action Pulse ended (the other side's began, a round or phase ended)."""

    pulse: Pulse
    ap_markers_logged: bool
    """The log has shown an AP marker move before (WfA 12.2 is judged only then)."""

    @property
    def left_at(self) -> int:
        """The step that left the position judged at the AP's close: its last action's
        (`step` is where the next thing began, which broke nothing)."""
        return self.pulse.last_step if self.pulse.last_step is not None else self.step


@dataclass(frozen=True, slots=True, kw_only=True)
class CycleEnded(Action):
    """The Action Cycle is over (WfA 9.1, 9.6, 9.7, 9.8, 20.4): why, and rounds played."""

    reason: str
    rounds: int | None


@dataclass(frozen=True, slots=True, kw_only=True)
class TurnBegan(Action):
    """A new game turn began (WfA 7.0 Step 4: the Year/Season markers advance)."""

    year: int | None
    season: str | None
    previous: tuple[int | None, str | None]
    expected: tuple[int, str] | None
    """The turn the calendar says comes next (None: the previous turn is unknown)."""
    shown: bool
    """The markers showed it (False: inferred from play)."""
    markers_logged: bool
    administration: tuple[str, ...]
    """The previous turn's Administration steps seen, in order."""


@dataclass(frozen=True, slots=True)
class Placement:
    """Where one action belongs in the sequence of play (unknown: why)."""

    phase: str | None
    knowledge: Knowledge
    reason: str
    turn: str | None = None
    round: int | None = None
    pulse: Pulse | None = None
    """The pulse it belongs to (its effect on the pulse not yet counted)."""
    free: bool = False
    """A free action (WfA 9.10): no AP cost."""
    winter: bool | None = None

    @property
    def known(self) -> bool:
        """Whether the phase is known."""
        return self.phase is not None and self.knowledge is not Knowledge.UNKNOWN

    def describe(self) -> str:
        """e.g. `1777 Fall, Action Cycle, round 2, Colonial AP (inferred: …)`."""
        parts = [self.turn] if self.turn else []
        parts.append(SEQUENCE.name(self.phase))
        if self.round is not None and self.phase == ACTION_CYCLE:
            parts.append(f"round {self.round}")
        if self.pulse is not None:
            parts.append(f"{self.pulse.side.capitalize()} AP")
        return f"{', '.join(parts)} ({self.knowledge.value}: {self.reason})"


Advance: TypeAlias = toolkit.Advance[WfAProcedure, Placement]
"""What one action did to the procedure (`Sequencer.advance`). Its `action` is the action
as its phase reads it (`Sequencer.read`): a leaders-only move in the Reinforcement Phase is
a `LeaderTransferred` (WfA 8.1), a fleet moved after the cycle's last AP is moved by the
rules at no cost (`FleetMoved.forced`, 14.18, 14.22); None for the log's end."""


# --- The machine ----------------------------------------------------------------------------

_FREE_REACTIONS: Final = frozenset({FreeKind.RETREAT_BEFORE_COMBAT,
                                    FreeKind.WINTER_FLEET_WITHDRAWAL,
                                    FreeKind.CARIBBEAN_FLEET_WITHDRAWAL})
_MAIN_KINDS: Final = {LeaderMustered: Activation.MUSTER, ArmyCreated: Activation.CREATE_ARMY}
TURN_MARKERS: Final = "turn_marker"
"""The evidence that the log moved the Year and Season markers: a new turn is then shown by
their move (WfA 3.1, 7.0)."""
TURN_MARKERS_STANDING: Final = "turn_markers_standing"
"""The evidence that the Year and Season markers stood on their track at the start: play
going on after the cycle's end without their move is the same turn (an extra round after a
tie, 9.1, 20.4), unless the next turn shows itself otherwise (reinforcements placed, the AP
markers set back up, 7.0 Step 1, 6.1)."""
_OVER_TIE: Final = "the round's initiative was a tie (WfA 9.1, 20.4)"
_OVER_BOTH_PASSED: Final = "both players passed in the round (WfA 9.6; digest §8 A-5)"


def _own_ap(action: Action, proc: WfAProcedure) -> bool:
    """Whether the action is its side's own AP's (WfA 9.3, 9.10: free actions are done in
    one's own AP), so that it opens that side's pulse; reactions in the opponent's AP
    (retreat before combat, a defensive card, losses) never do."""
    if isinstance(action, (Pass, Rallied, ForceActivated, ForceMoved, PickedUp, DroppedOff,
                           EnemyEntered, Overrun, SiegeAttempt, EntrenchmentBuilt,
                           LeaderMustered, ArmyCreated, FortBuilt)):
        return True
    if isinstance(action, ApMarkerMoved):
        # Down the track as an AP is taken (6.1); placed or moved up is a reset.
        return action.before is not None and (action.after is None
                                              or action.after < action.before)
    if isinstance(action, Combat):
        return not action.by_defender
    if isinstance(action, (FleetMoved, LakeNavyMoved, LeaderPlaced)) and _before_the_dice(proc):
        # The Reinforcement Phase of a log that shows the initiative dice: no AP yet (a
        # lake navy appearing, a repaired fleet, a leader arriving, WfA 7.0 Step 1, 19.1).
        return False
    if isinstance(action, FleetMoved):
        return not action.forced
    if isinstance(action, LakeNavyMoved):
        return not action.retreat
    if isinstance(action, FreeAction):
        if action.kind in _FREE_REACTIONS:
            return False
        return not (action.kind is FreeKind.EUROPE_BOX and proc.moment.phase == REINFORCEMENT)
    if isinstance(action, NavalTransport):
        return not (action.reinforcement and proc.moment.phase == REINFORCEMENT)
    if isinstance(action, MagazineRemoved):
        return not action.captured and proc.moment.phase == ACTION_CYCLE
    if isinstance(action, LeaderPlaced):
        return action.origin == LEADER_POOL
    if isinstance(action, ActionCardPlayed):
        if action.use in (CardUse.ACTION, CardUse.EVENT):
            return True
        # Before the turn's initiative dice (in a log that shows them) or after its
        # cycle, a card leaving a hand is a discard (WfA 20.10: the Early Spring's unwanted
        # cards go face up on the discard pile), not an AP.
        outside = _before_the_dice(proc) or (proc.moment.known and proc.moment.phase in (
            WINTER_STEPS, ADMINISTRATION) and "dice" in proc.evidence)
        return action.use is CardUse.UNKNOWN and proc.pulse is None and not outside
    return False


def _leaders_only(units: tuple[str, ...], sp: int | None) -> bool:
    """Whether a force is leaders and nothing else (no SP, no army)."""
    return bool(units) and not sp and all(unit.startswith("leader:") for unit in units)


def _before_the_dice(proc: WfAProcedure) -> bool:
    """The turn's Reinforcement Phase in a log that shows initiative dice: every Action
    Round opens with them (WfA 9.1; Turn 1's first excepted, 6.4, which has no
    Reinforcement Phase before it), so no AP has begun."""
    return (proc.moment.known and proc.moment.phase == REINFORCEMENT
            and "dice" in proc.evidence)


def _free(action: Action) -> bool:
    """Whether the action is one of the free actions of WfA 9.10 (no AP cost)."""
    if isinstance(action, (FreeAction, FleetMoved, LakeNavyMoved)):
        return True
    if isinstance(action, NavalTransport):
        return action.side == BRITISH or action.reinforcement
    if isinstance(action, SiegeAttempt):
        return True
    if isinstance(action, FortBuilt):
        return action.completed
    return isinstance(action, RetreatBeforeCombat)


class Sequencer(toolkit.Sequencer[WfAProcedure, Placement]):
    """The common sequencer with WfA's turn (`TURN`) and transitions: its phases, rounds
    and pulses, read from the actions the log shows (see the module docstring)."""

    __slots__ = ("calendar",)

    def __init__(self, calendar: Calendar = DIGEST_CALENDAR) -> None:
        self.calendar = calendar
        super().__init__(TURN)

    def winter(self, proc: WfAProcedure) -> bool | None:
        """Whether the current turn is a Winter Turn (None: unknown)."""
        spec = self.calendar.season(proc.season)
        return spec.winter if spec is not None else None

    def limit(self, proc: WfAProcedure) -> int | None:
        """Rounds this turn's cycle may have (None: unknown)."""
        if proc.first_turn:
            return FIRST_TURN_ROUNDS
        winter = self.winter(proc)
        if proc.first_turn is None or winter is None:
            return None
        return rounds_due(first_turn=False, winter=winter)

    def transitions(self) -> Mapping[type[Action], Transition[WfAProcedure]]:
        """Where each kind of action puts play: the markers and steps the log shows, the
        reinforcements, the initiative dice; any other action of a side's own AP opens
        its pulse (`_play`)."""
        return {**super().transitions(), Action: self._play,
                PhaseChange: self._shown_phase, TurnMarkerMoved: self._turn_marker,
                RoundMarkerMoved: self._round_marker,
                AdministrationStep: self._administration, WinterStep: self._winter_step,
                LossTaken: self._loss, UnitsRaised: self._raised,
                MagazinePlaced: self._magazine_placed, InitiativeDie: self._initiative}

    def effects(self) -> Mapping[type[Action], Effect[WfAProcedure]]:
        """Every action is recorded once placed (`_record`)."""
        return {Action: self._record}

    # -- reading an action in its phase --

    def read(self, proc: WfAProcedure, action: Action,
             facts: Facts) -> tuple[WfAProcedure, Action | None]:
        """What the phase makes of a move the log shows alike in every phase. None: the
        action is no action of its own there (a leaders-only activation in the
        Reinforcement Phase: the transfer that follows it is judged)."""
        if isinstance(action, ForceActivated) and action.kind is Activation.MOVE and (
                _leaders_only(action.units, action.sp)):
            moved, read = self._transfer(proc, action, facts)
            return (moved, None) if isinstance(read, LeaderTransferred) else (proc, action)
        if isinstance(action, ForceMoved) and _leaders_only(action.units, action.sp):
            return self._transfer(proc, action, facts)
        if isinstance(action, FleetMoved) and not action.forced and self._after_the_cycle(
                proc, action):
            return proc, replace(action, forced=True)
        return proc, action

    def _transfer(self, proc: WfAProcedure, action: ForceMoved | ForceActivated,
                  facts: Facts) -> tuple[WfAProcedure, Action]:
        """Leaders moved alone in the Reinforcement Phase are transferred (WfA 8.1), not
        moved by an AP. The phase is the known Reinforcement Phase, or the next turn's when
        the cycle is over and the log keeps no Year/Season markers."""
        moment = proc.moment
        if not (moment.known and moment.phase == REINFORCEMENT):
            closing: Facts = []
            closed = (self.close_unit(proc, action.step, closing)
                      if moment.phase == ACTION_CYCLE and proc.pulse is not None else proc)
            if not self._turn_over_unlogged(closed, shown_otherwise=True):
                return proc, action
            facts.extend(closing)
            proc = self._new_turn(closed, None, facts, shown=False, step=action.step)
        if isinstance(action, ForceActivated):
            return proc, LeaderTransferred(step=action.step, side=action.side,
                                           origin=action.space, destination=action.space,
                                           leaders=action.units)
        transfer = LeaderTransferred(step=action.step, side=action.side, origin=action.origin,
                                     destination=action.destination, leaders=action.units,
                                     certain="dice" in proc.evidence)
        return proc, transfer

    def _after_the_cycle(self, proc: WfAProcedure, action: FleetMoved) -> bool:
        """Whether a fleet is moved after the Action Cycle's last AP: by the end-of-winter
        steps or in Administration, or once the cycle is over (its last pulse closed or
        closing) — the fleets the rules move at no cost (WfA 14.18: "placed in the Europe
        Box"; 14.22: "moved at no cost, to Halifax/Newport if controlled, or the Europe
        Box"). A fleet of the last pulse's own side that rolled a D6 is still moving in
        that pulse."""
        moment = proc.moment
        if not moment.known:
            return False
        if moment.phase in (WINTER_STEPS, ADMINISTRATION):
            return True
        if not self._cycle_over(proc, action.step):
            return False
        pulse = proc.pulse
        return pulse is None or pulse.side != action.side or action.roll is None

    def _cycle_over(self, proc: WfAProcedure, step: int) -> bool:
        """Whether the Action Cycle is over once the pulse under way closes (its last AP
        taken: a tie or its rounds played; both passing is not counted, 9.6, A-5)."""
        if not (proc.moment.known and proc.moment.phase == ACTION_CYCLE):
            return False
        closed = self.close_unit(proc, step, []) if proc.pulse is not None else proc
        return closed.over is not None and not closed.soft_over

    # -- placing --

    def placement(self, proc: WfAProcedure, action: Action | None) -> Placement:
        """Where an action judged against `proc` stands: its phase, round and pulse, with
        whether it is a free action and the turn a Winter Turn."""
        moment = proc.moment
        in_cycle = moment.phase == ACTION_CYCLE and moment.known
        round_ = proc.round if in_cycle and proc.round else None
        reason = moment.reason
        if in_cycle and round_ is None:
            reason += "; the round is unknown (the log began mid-cycle)"
        return Placement(phase=moment.phase if moment.known else None,
                         knowledge=moment.knowledge if moment.phase is not None
                         else Knowledge.UNKNOWN,
                         reason=reason, turn=moment.turn, round=round_,
                         pulse=proc.pulse if in_cycle else None,
                         free=action is not None and _free(action),
                         winter=self.winter(proc))

    def _turn_marker(self, proc: WfAProcedure, action: Action,
                     facts: Facts) -> WfAProcedure:
        assert isinstance(action, TurnMarkerMoved)
        return self._new_turn(proc, action, facts, shown=True)

    def _administration(self, proc: WfAProcedure, action: Action,
                        facts: Facts) -> WfAProcedure:
        proc = self.close_unit(proc, action.step, facts)
        return self._enter(proc, ADMINISTRATION, action.step,
                           "an Administration step was shown", facts)

    def _winter_step(self, proc: WfAProcedure, action: Action,
                     facts: Facts) -> WfAProcedure:
        proc = self.close_unit(proc, action.step, facts)
        return self._enter(proc, WINTER_STEPS, action.step, "an end-of-winter step was shown",
                           facts)

    def _loss(self, proc: WfAProcedure, action: Action, facts: Facts) -> WfAProcedure:
        assert isinstance(action, LossTaken)
        if action.cause in ("attrition", "quartering"):
            return self._winter_step(proc, action, facts)
        return self._play(proc, action, facts)

    def _raised(self, proc: WfAProcedure, action: Action, facts: Facts) -> WfAProcedure:
        assert isinstance(action, UnitsRaised)
        if action.kind in (RaiseKind.REINFORCEMENT, RaiseKind.CONTINENTAL_LEVY):
            return self._reinforcement(proc, action.step, facts)
        return self._play(proc, action, facts)

    def _magazine_placed(self, proc: WfAProcedure, action: Action,
                         facts: Facts) -> WfAProcedure:
        if proc.moment.phase != ACTION_CYCLE:
            return self._reinforcement(proc, action.step, facts)
        return self._play(proc, action, facts)

    def _play(self, proc: WfAProcedure, action: Action, facts: Facts) -> WfAProcedure:
        """Any other action: of its side's own AP, it opens that side's pulse."""
        if isinstance(action, ApMarkerMoved) and TURN_MARKERS_STANDING in proc.evidence and (
                action.before is not None and action.after is not None
                and action.after > action.before):
            # The AP markers set back up: a new turn's (6.1), its markers left unmoved.
            return self._reinforcement(proc, action.step, facts)
        if ((isinstance(action, MagazineRemoved) or _free(action))
                and _markers_shown(proc) and self._cycle_over(proc, action.step)):
            # After the cycle's last AP, in a log whose turn markers show when the next
            # turn begins: the end of the turn's own steps (18.9: "At the end of every
            # Winter Turn, all magazines are removed"; 18.11: the British Withdrawal "in
            # this phase"); a free action is outside the AP system (9.10).
            return proc
        if action.side in (BRITISH, COLONIAL) and _own_ap(action, proc):
            return self._own_pulse(proc, action, facts)
        return proc

    @staticmethod
    def _round_marker(proc: WfAProcedure, action: Action, facts: Facts) -> WfAProcedure:
        """The Action Round marker moved: evidence, and the round's number when play has
        not shown it (a log begun mid-game): the round its dice just opened, or else the
        one about to open. A number known from play is never replaced."""
        assert isinstance(action, RoundMarkerMoved)
        proc = evolve(proc, evidence=proc.evidence | {"round_marker"})
        if proc.round is not None or action.round is None:
            return proc
        opened = proc.initiative is not None and not proc.round_sides
        return evolve(proc, round=action.round if opened else action.round - 1)

    def enters(self, proc: WfAProcedure, phase: str, knowledge: Knowledge) -> bool:
        """Whether entering `phase` changes anything. Play may show that a later phase has
        begun than the log's phase marker shows (an AP is taken in the Action Cycle), never
        an earlier one: the marker then wins, as in Washington's War."""
        moment = proc.moment
        if moment.phase == phase and moment.known:
            return False
        return not (moment.knowledge is Knowledge.SHOWN and moment.phase is not None
                    and SEQUENCE.index(phase) < SEQUENCE.index(moment.phase))

    def _enter(self, proc: WfAProcedure, phase: str, step: int, reason: str,
               facts: Facts) -> WfAProcedure:
        """Enter a phase inferred from play (`enter`), recording the change as a
        `PhaseChange` fact."""
        return self.enter(proc, phase, step, knowledge=Knowledge.INFERRED, reason=reason,
                          facts=facts)

    def _reinforcement(self, proc: WfAProcedure, step: int,
                       facts: Facts) -> WfAProcedure:
        """Reinforcements placed: the Reinforcement Phase (WfA 7.0 Step 1), of the next
        turn when the cycle is over and the log keeps no Year/Season markers."""
        moment = proc.moment
        if moment.known and moment.phase in (SETUP, REINFORCEMENT):
            return proc
        if moment.phase == ACTION_CYCLE and proc.pulse is not None:
            # The last pulse is over if its closing ends the cycle.
            closing: Facts = []
            closed = self.close_unit(proc, step, closing)
            if self._turn_over_unlogged(closed, shown_otherwise=True):
                facts.extend(closing)
                proc = closed
        if self._turn_over_unlogged(proc, shown_otherwise=True):
            return self._new_turn(proc, None, facts, shown=False, step=step)
        if not moment.known:
            return self._enter(proc, REINFORCEMENT, step, "reinforcements were placed", facts)
        return proc

    @staticmethod
    def _turn_over_unlogged(proc: WfAProcedure, *, shown_otherwise: bool = False) -> bool:
        """The turn's play is over (its cycle ended, or its winter steps or Administration
        were under way) and the log never moved the Year/Season markers: what comes next
        begins the next turn. When the markers stand on the board, only an action that
        shows the next turn otherwise (`shown_otherwise`: reinforcements, the AP markers
        reset) begins it; more dice and APs are the same turn's (9.1, 20.4)."""
        if TURN_MARKERS in proc.evidence or not proc.moment.known:
            return False
        if TURN_MARKERS_STANDING in proc.evidence and not shown_otherwise:
            return False
        if proc.moment.phase in (WINTER_STEPS, ADMINISTRATION):
            return True
        return proc.moment.phase == ACTION_CYCLE and proc.over is not None and (
            not proc.soft_over)

    def _shown_phase(self, proc: WfAProcedure, action: Action, facts: Facts) -> WfAProcedure:
        """The log shows the phase (a phase marker the binding names): it is taken as
        shown; leaving the Action Cycle ends the pulse under way."""
        assert isinstance(action, PhaseChange)
        if action.phase not in {p.id for p in SEQUENCE.phases}:
            return proc
        if action.phase != ACTION_CYCLE:
            proc = self.close_unit(proc, action.step, facts)
        return evolve(proc, moment=Moment(turn=proc.moment.turn, phase=action.phase,
                                          knowledge=action.knowledge, reason=action.reason,
                                          since_step=action.step))

    def _new_turn(self, proc: WfAProcedure, action: TurnMarkerMoved | None,
                  facts: Facts, *, shown: bool, step: int | None = None
                  ) -> WfAProcedure:
        step = action.step if action is not None else (step or 0)
        proc = self.close_unit(proc, step, facts)
        expected = (self.calendar.following(proc.year, proc.season)
                    if proc.year is not None and proc.season is not None else None)
        year = action.year if action is not None and action.year is not None else None
        season = action.season if action is not None and action.season is not None else None
        if action is not None and (year is None) != (season is None):
            # Only one marker moved: the other keeps its box (or follows the calendar).
            if year is None:
                year = expected[0] if expected is not None else proc.year
            if season is None:
                season = proc.season if expected is None else expected[1]
        if action is None and expected is not None:
            year, season = expected
        if (proc.year, proc.season) == (year, season) and action is not None:
            return evolve(proc, evidence=proc.evidence | {TURN_MARKERS})
        evidence = proc.evidence | ({TURN_MARKERS} if shown else set())
        facts.append(TurnBegan(step=step, year=year, season=season,
                               previous=(proc.year, proc.season), expected=expected,
                               shown=shown, markers_logged=TURN_MARKERS in evidence,
                               administration=proc.administration))
        # A turn that follows another is never Turn 1, unless the markers show 1775's first.
        first = year == FIRST_YEAR and season == self.calendar.first
        how = ("the Year/Season markers advanced" if shown
               else "the cycle was over and play went on (the markers were not logged)")
        moment = Moment(turn=self.calendar.name(year, season), phase=REINFORCEMENT,
                        knowledge=Knowledge.INFERRED, reason=how, since_step=step)
        return WfAProcedure(moment=moment, year=year, season=season, first_turn=first,
                            round=0, last_winner=proc.last_winner, evidence=evidence)

    def _initiative(self, proc: WfAProcedure, action: Action, facts: Facts) -> WfAProcedure:
        """One initiative D6 (WfA 6.5, 9.1): the first die after a pulse opens a round; a
        pair complete with no pulse since is followed by a re-roll in the same round."""
        assert isinstance(action, InitiativeDie)
        if action.side not in (BRITISH, COLONIAL):
            return proc
        step = action.step
        proc = evolve(proc, evidence=proc.evidence | {"dice"})
        if self._turn_over_unlogged(proc):
            proc = self._new_turn(proc, None, facts, shown=False, step=step)
        proc = self._enter(proc, ACTION_CYCLE, step, "initiative dice were rolled", facts)
        current = proc.initiative
        if current is None or proc.round_sides:
            proc = self.close_unit(proc, step, facts)
            proc = self._open_round(proc, step, facts, Initiative(step=step), announce=False)
            current = Initiative(step=step)
        elif current.complete:
            current = Initiative(pairs=current.pairs, ties=current.ties, step=step)
        if action.side == BRITISH:
            current = evolve(current, british=action.value)
        else:
            current = evolve(current, colonial=action.value)
        if not current.complete:
            return evolve(proc, initiative=current)
        current = evolve(current, pairs=current.pairs + 1, ties=current.ties + current.tie)
        proc = evolve(proc, initiative=current)
        if current.winner is not None:
            proc = evolve(proc, last_winner=current.winner)
        facts.append(self._round_fact(proc, step))
        return proc

    def _round_fact(self, proc: WfAProcedure, step: int) -> RoundOpened:
        beyond = proc.over
        return RoundOpened(step=step, round=proc.round or None, initiative=proc.initiative,
                           first_turn=proc.first_turn, limit=self.limit(proc),
                           beyond=beyond, soft_over=proc.soft_over,
                           dice_logged="dice" in proc.evidence)

    def _open_round(self, proc: WfAProcedure, step: int, facts: Facts,
                    initiative: Initiative | None, *, announce: bool) -> WfAProcedure:
        """A new round begins (with its dice, or inferred from play without them)."""
        round_ = proc.round + 1 if proc.round is not None else None
        over = proc.over
        limit = self.limit(proc)
        if over is None and proc.round is not None and limit is not None and (
                proc.round >= limit):
            over = f"its {limit} Action Rounds were played (WfA 9.7, 9.8, 6.1)"
        proc = evolve(proc, round=round_, round_sides=(), initiative=initiative,
                      round_passes=frozenset(), over=over)
        if announce:
            facts.append(self._round_fact(proc, step))
        return proc

    def _own_pulse(self, proc: WfAProcedure, action: Action,
                   facts: Facts) -> WfAProcedure:
        """An action of its side's own AP: the pulse under way, or a new one
        (`open_unit`)."""
        side = action.side
        assert side is not None
        step = action.step
        if self._turn_over_unlogged(proc) and not (
                proc.pulse is not None and proc.pulse.side == side):
            proc = self._new_turn(proc, None, facts, shown=False, step=step)
        if not (proc.moment.known and proc.moment.phase == ACTION_CYCLE):
            if not (proc.moment.known and proc.moment.phase in (SETUP, REINFORCEMENT)):
                # Entered from an unknown phase: which round this is cannot be known.
                proc = evolve(proc, round=None if not proc.round else proc.round)
            proc = self._enter(proc, ACTION_CYCLE, step, "an Action Pulse was taken", facts)
        pulse = proc.pulse
        if pulse is not None and pulse.side == side and not self._second_main(
                pulse, action, proc):
            return proc
        return self.open_unit(proc, side, step, facts)

    def open_unit(self, proc: WfAProcedure, side: str, step: int, facts: Facts, *,
                  passed: bool = False) -> WfAProcedure:
        """A side's pulse opens: the one under way closes; a new round begins when both
        sides had their pulse, or the side already had its own (WfA 9.1)."""
        proc = self.close_unit(proc, step, facts)
        if proc.round == 0 or len(proc.round_sides) >= 2 or side in proc.round_sides:
            proc = self._open_round(proc, step, facts, None, announce=True)
        number = len(proc.round_sides) + 1
        pulse = Pulse(side=side, step=step, round=proc.round or None, number=number,
                      passed=passed)
        expected, why, rule = self._expected(proc, number)
        proc = evolve(proc, pulse=pulse, round_sides=(*proc.round_sides, side))
        facts.append(PulseOpened(step=step, side=side, pulse=pulse, expected=expected, why=why,
                                 rule=rule, first_turn=proc.first_turn,
                                 limit=self.limit(proc), beyond=proc.over,
                                 soft_over=proc.soft_over))
        return proc

    @staticmethod
    def _second_main(pulse: Pulse, action: Action, proc: WfAProcedure) -> bool:
        """Whether a main action of the pulse's own side starts its next pulse: only when
        the round is complete (back-to-back pulses across rounds, 9.1 Note); otherwise it
        is a second activation in one AP, which WFA-SEQ-07 judges."""
        if not isinstance(action, (ForceActivated, Pass)):
            return False
        if pulse.main is None and not pulse.passed:
            return False
        return len(proc.round_sides) >= 2

    def _expected(self, proc: WfAProcedure, number: int) -> tuple[str | None, str, str]:
        """Who is due to take the pulse `number` of the current round, why, and the rule."""
        first = proc.round_sides[0] if proc.round_sides else None
        if number >= 2:
            if first is None:
                return None, "the round's first pulse is unknown", "WFA-SEQ-02"
            other = COLONIAL if first == BRITISH else BRITISH
            return other, "each player takes one AP a round (WfA 9.1, 9.6)", "WFA-SEQ-05"
        if proc.first_turn and proc.round == 1:
            return BRITISH, "the British take Turn 1's first AP (WfA 6.4)", "WFA-SEQ-01"
        initiative = proc.initiative
        if initiative is None or not initiative.complete:
            return None, "no initiative roll was seen for the round", "WFA-SEQ-02"
        if initiative.tie and proc.first_turn:
            return None, (f"the initiative was a tie ({initiative.describe()}) on Turn 1: "
                          "it must be re-rolled (WfA 6.5)"), "WFA-SEQ-03"
        if initiative.tie:
            last = proc.last_winner
            if last is None:
                return None, (f"the initiative was a tie ({initiative.describe()}); the last "
                              "initiative winner is unknown"), "WFA-SEQ-04"
            return last, (f"the initiative was a tie ({initiative.describe()}): the last "
                          "initiative winner moves first (WfA 9.1, 20.4; digest §8 A-4)"), \
                "WFA-SEQ-04"
        winner = initiative.winner
        return winner, f"the higher initiative roller moves first ({initiative.describe()}, " \
            "WfA 9.1)", "WFA-SEQ-02"

    def close_unit(self, proc: WfAProcedure, step: int, facts: Facts) -> WfAProcedure:
        """The pulse under way closes; the cycle ends with it when the round was its last
        (a tie, both players passed, its rounds played: WfA 9.1, 9.6, 9.7, 9.8, 20.4)."""
        pulse = proc.pulse
        if pulse is None:
            return proc
        facts.append(PulseClosed(step=step, side=pulse.side, pulse=pulse,
                                 ap_markers_logged="ap_marker" in proc.evidence))
        proc = evolve(proc, pulse=None)
        if len(proc.round_sides) >= 2 and proc.over is None:
            limit = self.limit(proc)
            reason = None
            if proc.tied:
                reason = _OVER_TIE
            elif proc.round_passes >= {BRITISH, COLONIAL}:
                reason = _OVER_BOTH_PASSED
            elif proc.round is not None and limit is not None and proc.round >= limit:
                reason = f"its {limit} Action Rounds were played (WfA 9.7, 9.8, 6.1)"
            if reason is not None:
                proc = evolve(proc, over=reason, soft_over=reason == _OVER_BOTH_PASSED)
                facts.append(CycleEnded(step=step, reason=reason, rounds=proc.round or None))
        return proc

    # -- recording an action's effect in its pulse --

    @staticmethod
    def _record(proc: WfAProcedure, action: Action) -> WfAProcedure:
        """The action's effect: evidence of the markers, the Reinforcement Phase's order,
        Administration steps, and its pulse's record (`_pulse_effect`)."""
        if isinstance(action, ApMarkerMoved):
            proc = evolve(proc, evidence=proc.evidence | {"ap_marker"})
        if isinstance(action, UnitsRaised) and action.kind is RaiseKind.REINFORCEMENT and (
                action.side is not None and proc.moment.phase == REINFORCEMENT
                and action.side not in proc.reinforced):
            proc = evolve(proc, reinforced=(*proc.reinforced, action.side))
        if isinstance(action, MagazinePlaced) and action.side is not None and (
                proc.moment.phase == REINFORCEMENT and action.side not in proc.magazines):
            proc = evolve(proc, magazines=(*proc.magazines, action.side))
        if isinstance(action, AdministrationStep):
            proc = evolve(proc, administration=(*proc.administration, action.kind))
        pulse = proc.pulse
        if pulse is None or proc.moment.phase != ACTION_CYCLE:
            return proc
        return evolve(proc, pulse=evolve(_pulse_effect(pulse, action), last_step=action.step),
                      round_passes=proc.round_passes | (
                          {action.side} if isinstance(action, Pass) and action.side else set()))


def _markers_shown(proc: WfAProcedure) -> bool:
    """Whether the log shows the Year and Season markers (moved, or standing on the board)."""
    return TURN_MARKERS in proc.evidence or TURN_MARKERS_STANDING in proc.evidence


def _pulse_effect(pulse: Pulse, action: Action) -> Pulse:
    """The pulse with one action counted."""
    own = action.side == pulse.side
    if isinstance(action, ForceActivated) and own:
        return evolve(pulse, main=pulse.main or action.kind, activations=pulse.activations + 1,
                      force_space=action.space, origin=pulse.origin or action.space,
                      moved=pulse.moved, activation=pulse.activation or action)
    if isinstance(action, ForceMoved) and own:
        route = pulse.route if pulse.route and pulse.route[-1] == action.origin \
            else (action.origin,)
        return evolve(pulse, main=pulse.main or Activation.MOVE,
                      force_space=action.destination,
                      origin=pulse.origin or action.origin,
                      moved=pulse.moved | frozenset(action.units),
                      route=(*route, action.destination))
    if isinstance(action, UnitsRaised) and not own and action.kind is RaiseKind.MILITIA:
        return evolve(pulse, militia_raised=pulse.militia_raised | {action.place})
    if isinstance(action, DroppedOff) and own:
        return evolve(pulse, dropped=pulse.dropped | frozenset(action.units))
    if isinstance(action, PickedUp) and own:
        return evolve(pulse, dropped=pulse.dropped - frozenset(action.units))
    if isinstance(action, NavalTransport) and own and action.side == BRITISH \
            and action.destination is not None:
        return evolve(pulse, landings=pulse.landings | {action.destination})
    if isinstance(action, Combat) and own and not action.by_defender \
            and action.space in pulse.landings and action.space != pulse.force_space:
        return evolve(pulse, free_battle=pulse.free_battle or (action.space, action.step))
    if isinstance(action, Combat):
        return evolve(pulse, fought=True, combat_step=action.step)
    if isinstance(action, Pass) and own:
        return evolve(pulse, passed=True)
    if isinstance(action, ApMarkerMoved) and own:
        return evolve(pulse, ap_marker=True)
    if type(action) in _MAIN_KINDS and own and not (
            isinstance(action, ArmyCreated) and action.replaces is not None):
        spent = action.space if isinstance(action, ArmyCreated) and pulse.main is None \
            else pulse.spent_at
        return evolve(pulse, main=pulse.main or _MAIN_KINDS[type(action)], spent_at=spent)
    if isinstance(action, LeaderPlaced) and action.origin.startswith(ARMY_BOX_PREFIX):
        return evolve(pulse, off_cards=(*pulse.off_cards,
                                        (action.leader, action.origin, action.step)))
    if isinstance(action, LeaderPlaced) and own and action.origin == LEADER_POOL:
        return evolve(pulse, main=pulse.main or Activation.LEADER_FROM_POOL,
                      spent_at=action.space if pulse.main is None else pulse.spent_at)
    if isinstance(action, FortBuilt) and own and not action.completed:
        unrolled = ((action.space, action.step),) if action.roll is None else ()
        return evolve(pulse, main=pulse.main or Activation.BUILD_FORT,
                      forts_begun=pulse.forts_begun | {action.space},
                      forts_unrolled=pulse.forts_unrolled + unrolled)
    if isinstance(action, FortRolled):
        return evolve(pulse, forts_unrolled=tuple(
            fort for fort in pulse.forts_unrolled if fort != (action.space, action.placed)))
    if isinstance(action, ActionCardPlayed) and action.side is not None and action.use not in (
            CardUse.DISCARD, CardUse.REJECTED):
        return evolve(pulse, cards=(*pulse.cards, (action.side, action.card)))
    if isinstance(action, FreeAction) and own:
        return evolve(pulse, free=(*pulse.free, action.kind))
    if isinstance(action, TransportTrackMoved):
        return evolve(pulse, transport_marker=True)
    if isinstance(action, LakeNavyMoved) and action.destination is not None:
        return evolve(pulse, lake_entered=pulse.lake_entered | {action.destination})
    if isinstance(action, SiegeAttempt):
        if action.marker_placed:
            return evolve(pulse, sieges=pulse.sieges | {action.space})
        if action.table_roll is not None:
            return evolve(pulse, siege_rolls=pulse.siege_rolls | {action.space})
    return pulse


__all__ = [
    "ACTION_CYCLE",
    "ADMINISTRATION",
    "DIGEST_CALENDAR",
    "FIRST_TURN_ROUNDS",
    "FIRST_YEAR",
    "NORTHERN_REGIONS",
    "REINFORCEMENT",
    "ROUNDS",
    "SEQUENCE",
    "SETUP",
    "TURN_MARKERS",
    "TURN_MARKERS_STANDING",
    "WINTER_MP",
    "WINTER_ROUNDS",
    "WINTER_STEPS",
    "Advance",
    "Calendar",
    "CycleEnded",
    "Initiative",
    "Placement",
    "Pulse",
    "PulseClosed",
    "PulseOpened",
    "RoundOpened",
    "SeasonSpec",
    "Sequencer",
    "TurnBegan",
    "WfAProcedure",
    "rounds_distribution",
    "rounds_due",
    "winter_march",
]
