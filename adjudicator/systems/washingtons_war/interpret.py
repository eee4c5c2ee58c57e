"""From logged steps to Washington's War actions, in their place in the sequence of play.

`Interpreter.read` sees one step as the toolkit's step reader gives it (`READER`, a
`common.steps.StepView`: the acting side, cards apart from pieces, pieces moved together,
dice, CUs netted per space) and reads its relocations (pieces whose entity or place
changed) against the position *before* the step; `Interpreter.apply` applies them and
reads what needs the position after. What it recognises becomes typed actions (`actions`),
which its referee places as they are read (`SequencedReferee.place`: the sequencer,
`sequencer.SEQUENCER`, moves the procedure, `procedure.WWProcedure`, on and adds the
sequence facts they give rise to); both return them, in order, for the referee to judge
(`judge_placed`). It judges nothing itself:

- A card leaving a hand opens an impulse (WW 5.3) — unless a battle is open, when it is a
  Battle Card or a +1 discard of battle Step 1 (WW 9.2, 6.33; after the procedure's dice
  it is no card of the battle, WW 9.45), or it is an exchange for
  the Event the opponent just discarded (WW 6.32.C; the Event may be taken before or
  after, and an impulse opened by the card given is withdrawn), or the opponent moved it
  (a random draw, WW 6.31): neither is a play.
- Pieces of the impulse side moving between spaces are legs of an activated General
  (WW 7.3); CUs dragged separately along a General's leg join it, and CUs dragged just
  before a General of the side along the same way are his (held one drag for that).
  Entering a space with enemy CUs opens a battle there (WW 7.3.B, 9.1). The opponent's
  moves are reactions only when something provoked them: an interception into the space a
  British Army just entered (WW 7.8), a retreat before battle from the space it entered
  (WW 7.9), a retreat after a battle (WW 9.6) — a fought battle lasts until one side is
  gone, so a losing General alone still retreats (WW 9.2 Step 6), and the loser retreats
  even after the winning General was captured in Step 5 (WW 9.5 Special). Anything else is
  an `UnactivatedMove` (WW 7.0). American dice after a British leg that no interception
  followed were failed attempts (WW 7.8.E), charged to the Army that made them where one
  Army could have.
- A battle's CU removals, captures, retreat drags and the Turn and French Alliance marker
  moves after them are kept with their steps, so a finding can point at the step that
  broke a rule (WW 9.2 Steps 5–7).
- Pieces coming onto the map from a box or from stock are reinforcements (WW 8) — except
  CU counters exchanged for others of the same nationality in the same space, which is
  making change (WW 2.2.A, 3.0), in one step or several, in either order, within an
  impulse (or between two).
- PC markers placed, flipped or removed are charged to the impulse whose card allows
  them; once both hands are empty, a change the last card cannot take (its OPS value or
  one Landing Party used, or the card spent on something else) in a space holding the
  player's Army, or any placement by the player whose last card is already over, belongs
  to the Political Control Phase (WW 5.6, 10.2). A PC changed with no card being played
  and no phase shown is reported as such, not guessed.
- The phase follows the log (WW 5.0): a year property, cards dealt, cards played, both
  hands empty, winter losses, the Navy's move (between zones, or from the Turn Track),
  the dispersed Congress's return. Where nothing shows
  it, the phase is unknown and rules needing it say so.
- After the cards (WW 5.4–5.7) a phase is judged as a whole when it ends: the position at
  the start of the Winter Attrition Phase and of the Remove Isolated PC Markers segment is
  kept (`season.Season`, undone with the procedure) and compared with the position at its
  end (`WinterAttritionEnded`, `IsolationSegmentEnded`); the End Phase, shown or implied by
  the next year, is a `TurnEnded`; an End Phase the log showed, once the next year begins,
  is also an `EndPhaseEnded` (its starting position against its end, WW 12.2.B.iii). A
  log ending mid-phase judges only what was done.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

from adjudicator.systems.common.actions import CardPlay, PhaseChange
from adjudicator.systems.common.places import Place, PlaceKind, hand
from adjudicator.systems.common.places import space as space_place
from adjudicator.systems.common.sequence import Knowledge
from adjudicator.systems.common.sequencer import (
    Advance,
    Collector,
    NewTurn,
    PhaseInferred,
    PhaseShown,
    Placer,
)
from adjudicator.systems.common.steps import (
    DiceQueue,
    Group,
    StepReader,
    StepView,
    places_of,
    roster_words,
)
from adjudicator.systems.common.tracker import Relocation
from adjudicator.systems.common.values import counted, evolve
from adjudicator.systems.washingtons_war.actions import (
    ActivationEnded,
    AtRest,
    BattleCardPlayed,
    BattleResolved,
    BattleSettled,
    CardExchanged,
    CardsIntoDeck,
    CongressPlaced,
    EndPhaseEnded,
    GeneralRemoved,
    ImpulseEnded,
    ImpulseOpened,
    ImpulseReckoned,
    Interception,
    InterceptionAttempted,
    InterceptionJoined,
    IsolationSegmentEnded,
    LegMoved,
    NavyMoved,
    PcChanged,
    ReinforcementArrived,
    Retreat,
    RetreatBeforeBattle,
    SentToBox,
    StrategyBegan,
    TurnEnded,
    UnactivatedMove,
    WinterAttritionEnded,
)
from adjudicator.systems.washingtons_war.data import CardKind, Nationality, Side
from adjudicator.systems.washingtons_war.data.vocabulary import FIRST_YEAR
from adjudicator.systems.washingtons_war.procedure import (
    ARNOLD,
    END,
    FRENCH_NAVAL,
    POLITICAL_CONTROL,
    SEQUENCE,
    STRATEGY,
    STRATEGY_CARDS,
    TREASON,
    WINTER_ATTRITION,
    Activation,
    Arrival,
    Battle,
    BattleDie,
    Carried,
    Impulse,
    Leg,
    PcChange,
    Removal,
    Stop,
    Use,
    WWProcedure,
    carried_total,
)
from adjudicator.systems.washingtons_war.routes import route
from adjudicator.systems.washingtons_war.rules.battle import REGULARS_LOSS, battle_setup
from adjudicator.systems.washingtons_war.rules.capture import lone_enemy_generals
from adjudicator.systems.washingtons_war.rules.context import Context, open_to
from adjudicator.systems.washingtons_war.rules.event_discard import proven_discard
from adjudicator.systems.washingtons_war.rules.events import (
    DECLARATION,
    LINE_MUTINIES,
    played_as_event,
)
from adjudicator.systems.washingtons_war.rules.movement import MAX_CARRIED
from adjudicator.systems.washingtons_war.rules.sequence import RandomDraw
from adjudicator.systems.washingtons_war.rules.setup import (
    SET_ASIDE_IN_1775,
    SetUpEnded,
    SetUpPlacement,
    StrategyOpened,
)
from adjudicator.systems.washingtons_war.season import (
    WAR_ENDS,
    PcRemoval,
    Season,
    Snapshot,
    snapshot,
)
from adjudicator.systems.washingtons_war.sequencer import SEQUENCER
from adjudicator.systems.washingtons_war.state import (
    CAPTURED,
    CONGRESS_DISPERSED,
    REINFORCEMENT_BOX,
    REMOVED,
    SIDE_OF,
    Entity,
    other,
)

BATTLE_ALLOWANCE = 4
"""WW 7.3.A, 7.3.C: the most spaces an Army (British, or American) moves into a battle ..."""
MAX_NAVAL_CUS = 5
"""WW 7.5: a General transfers himself and up to 5 CUs by sea."""
WASHINGTON = "washington"
"""The General whose capture costs PCs and French Alliance spaces (WW 7.6.B)."""
ROCHAMBEAU = "rochambeau"
"""The French General, placed with the French CUs at the alliance (WW 12.2.B.ii)."""
ELIGIBLE = "eligible"
QUEUE_KEYS = {"am_queue": Side.AM, "br_queue": Side.BR}
CLEARED_AT_TURN_END = tuple(Place(PlaceKind.CARDS, key) for key in (
    "am_queue", "br_queue", "am_reinforcement", "br_reinforcement"))
"""The card boxes the End Phase empties into the discard pile (WW 5.7)."""
DECK = Place(PlaceKind.DECK)
DISCARD_PILE = Place(PlaceKind.DISCARD)
INTO_DECK_FROM = (DISCARD_PILE, REMOVED, Place(PlaceKind.CARDS, "war_ends"),
                  Place(PlaceKind.SET_ASIDE))
"""Card places whose cards going into the deck the deck rules judge (WW 6.1, 6.1.E)."""

REINFORCEMENT_CARD_KEYS = {"am_reinforcement": Side.AM, "br_reinforcement": Side.BR}


ROSTER_WORDS = {Side.BR: ("brit", "br", "uk", "crown", "royal"),
                Side.AM: ("amer", "am", "us", "patriot", "contin", "rebel")}
"""How a VASSAL roster side name (`British`, `American`, `BR`, …) begins, per WW side."""
roster_side = roster_words(ROSTER_WORDS)
"""The WW side of a VASSAL roster side name."""
READER: StepReader[Entity, Side] = StepReader(side_of=roster_side,
                                              is_card=lambda entity: entity.kind == "card")
"""How a WW step is read: the roster's side, cards apart from pieces."""
NO_DICE: DiceQueue[Side | None] = DiceQueue()
MOVERS = frozenset({"general", "cu", "congress", "navy"})
STEP_7_MARKERS = frozenset({"turn", "alliance"})
"""The markers a battle's Step 7 moves (WW 9.2 Step 7, 9.41, 12.1)."""
"""The pieces that move in groups (a PC marker is placed, not moved)."""


@dataclass(slots=True)
class _Group:
    """Pieces that moved together from one place to another in a step, read as WW's: the
    Generals, and the CUs by nationality."""

    origin: Place | None
    destination: Place | None
    generals: tuple[str, ...]
    cu: Counter[Nationality]
    via: tuple[str, ...] = ()
    """The spaces the step's drags put them on on the way (several drags in one step)."""

    @classmethod
    def of(cls, group: Group[Entity, bool]) -> _Group:
        """The WW reading of a group the step reader found (`StepView.groups`)."""
        generals: list[str] = []
        cu: Counter[Nationality] = Counter()
        for relocation in group.members:
            entity = _entity(relocation)
            if entity.kind == "general":
                generals.append(entity.key)
            elif entity.kind == "cu":
                cu[entity.nationality] += entity.value
        return cls(group.origin, group.destination, tuple(generals), cu,
                   tuple(group.route[1:-1]))

    @property
    def carried(self) -> Carried:
        return counted(self.cu)


@dataclass(slots=True)
class _Pending:
    """A step read against the position before it, and what `apply` does with it."""

    view: StepView[Entity, Side]
    player: str | None
    leaving: list[_Group]
    moves: list[_Group]
    arriving: list[_Group]
    pc_changes: list[PcChange]


class Interpreter(Collector[WWProcedure]):
    """Turns steps into actions and keeps the procedure (see the module docstring)."""

    def __init__(self, ctx: Context, placer: Placer[WWProcedure]) -> None:
        data, state = ctx.data, ctx.state
        self.ctx = ctx
        self.data = data
        self.state = state
        super().__init__(placer)
        self._pending: _Pending | None = None
        """A step read against the position before it, to apply (`apply`)."""
        self.sides = {g: record.side for g, record in data.generals.items()}
        self.acting: Side | None = None
        """The side of the player who made the current step (from VASSAL's roster)."""
        self._pre: Snapshot | None = None
        """The map before the current step (kept once both hands are empty): where a
        phase after the cards begins (WW 5.4, 10.2.3)."""
        self._opened: tuple[Impulse, WWProcedure] | None = None
        """The impulse last opened and the procedure just before it: if its card turns out
        to have been given in exchange (WW 6.32.C), the procedure goes back to that."""
        self._allied_at_reshuffle: bool | None = None
        """Whether France had entered the war at the last reshuffle (None: none seen)."""
        self._setup: list[SetUpPlacement] | None = None
        """While the log shows the set-up (WW 4.0): the PC markers placed so far."""
        self._dealt: list[Side] = []
        """The sides this turn's dealt cards went to, in order (WW 5.2)."""
        self._loose_dice = NO_DICE
        """Dice rolled in the impulse under way while no battle was open, each with its
        step and the side that rolled it (an interception attempt's, WW 7.8.A)."""
        self._turn_seen = False
        """Whether the log showed this turn begin (set-up, deal or year change), so that
        its first card is known to be the turn's first (WW 5.3)."""
        self._alliance_open: tuple[int | None, bool | None, Place | None, bool] = (
            None, None, None, False)
        """When the impulse under way opened: the French Alliance track space, whether the
        alliance had happened, where Washington was (WW 12.1), whether the Navy was in
        play (WW 12.2.B.i)."""

    # ------------------------------------------------------------------ public

    def _in(self, *phases: str) -> bool:
        """Whether the phase is known and one of `phases`."""
        moment = self.proc.moment
        return moment.known and moment.phase in phases

    def begin(self, year: str | None) -> list[Advance[WWProcedure]]:
        """The starting position: the turn is the year property, the phase unknown (the
        position at rest, to judge)."""
        self.state.year = year
        # The Game Turn marker, where bound, shows the Regulars' Advantage (WW 9.41).
        regulars = self.state.regulars if self.state.regulars is not None else (
            True if year == str(FIRST_YEAR) else None)
        self.proc = evolve(self.proc, moment=evolve(self.proc.moment, turn=year),
                           regulars=regulars)
        if self._at_setup():
            self._setup, self._turn_seen = [], True
        # Generals already captured when the log begins count as captured this turn.
        self.state.captured_in = {g: turn if turn is not None else year
                                  for g, turn in self.state.captured_in.items()}
        # In which turn they were captured is not known (the log may begin at the
        # Reinforcements Phase that frees them, WW 5.1).
        self.state.last_captured = dict.fromkeys(self.state.last_captured)
        self.emit(AtRest(step=0))
        return self.take()

    def read(self, view: StepView[Entity, Side], player: str | None, year: str | None,
             shown: str | None = None) -> list[Advance[WWProcedure]]:
        """Read one (non-undo) step (`READER`'s view of it) against the position before
        it; `shown` is the phase the log shows, if any. Returns the actions so read, where
        they stand; `apply` then applies the step and returns the actions read against the
        position after."""
        self.acting = view.side
        self._pending = None
        index, relocations = view.index, view.relocations
        if self._setup is not None and self._setup_step(index, relocations, player):
            return self.take()
        self._pre = snapshot(self.state) if self.hands_empty() else None
        if year is not None and year != self.state.year:
            if self.state.year is None and year == str(FIRST_YEAR) and (
                    self.proc.regulars is None):
                # The log shows the first year before any turn: it began at set-up, with
                # the Turn marker on its Regulars side (WW 4.0, 9.41).
                self.proc = evolve(self.proc, regulars=True)
            self._new_year(index, year, player)
        if shown is not None:
            self.show(shown, index, player)
        cards, pieces = view.cards, view.pieces
        incoming = {_entity(r).key: r.destination for r in cards}
        self._into_deck(index, cards, player)
        for relocation in cards:
            self._card(index, relocation, player, incoming)
        self._rolls(view)
        self._late_rolls(view)
        self._winter_rolls(view)
        groups = [_Group.of(group) for group in view.groups(pieces, _mover, _on_map)]
        pcs = [r for r in pieces if _kind(r) == "pc"]
        impulse = self.proc.impulse
        if impulse is not None and pieces:
            touched = {place.key for place in places_of(pieces, _on_map)} - impulse.touched
            unresolved = impulse.unresolved or any(r.unresolved for r in pieces)
            if touched or unresolved != impulse.unresolved:
                self._set_impulse(evolve(impulse, touched=impulse.touched | touched,
                                          unresolved=unresolved))
        # Read everything against the position before the step, then apply it.
        moves = [g for g in groups if _on_map(g.origin) and _on_map(g.destination)
                 and (g.origin != g.destination or g.via)]
        leaving = [g for g in groups if _on_map(g.origin) and not _on_map(g.destination)]
        arriving = [g for g in groups if not _on_map(g.origin) and _on_map(g.destination)]
        pc_changes = self._pc_changes(index, pcs)
        self._battle_removals(index, pieces)
        self._pending = _Pending(view, player, leaving, moves, arriving, pc_changes)
        return self.take()

    def apply(self) -> list[Advance[WWProcedure]]:
        """Apply the step `read` read, and return the actions read against the position
        after it (none when the step was a set-up placement)."""
        pending, self._pending = self._pending, None
        if pending is None:
            return []
        view, player = pending.view, pending.player
        index, pieces = view.index, view.pieces
        for relocation in view.relocations:
            self.state.apply(relocation)
        impulse = self.proc.impulse
        moved = sorted({what for r in view.relocations if (what := _alliance_piece(r))})
        if impulse is not None and moved:
            # A wrong move of these is found at its own step (WW 12.1, 12.2.B).
            self._set_impulse(evolve(impulse, alliance_moves=(
                *impulse.alliance_moves, *((what, index) for what in moved))))
        if self.proc.regulars is None and self.state.regulars is not None:
            self.proc = evolve(self.proc, regulars=self.state.regulars)
        held = self.proc.impulse.held if self.proc.impulse is not None else None
        if held is not None and not any(
                group.generals and group.origin is not None and group.destination is not None
                and (group.origin.key, group.destination.key) == (held[1], held[2])
                for group in pending.moves):
            self._release_held()
        for group in pending.leaving:
            self._leave(view, group, player)
        for group in pending.moves:
            self._move(index, group, player)
        self._arrive(index, pending.arriving, player)
        for change in pending.pc_changes:
            self._pc(index, change, player)
        self._check_battle(index, player)
        if self._in(WINTER_ATTRITION):
            self._winter_changes(index, pieces)
        if self._in(END) and self.proc.season.end_start is not None:
            self._end_changes(index, pieces)
        self._congress(index, pieces, player)
        self._navy(index, pieces, player)
        return self.take()

    def _check_battle(self, step: int, player: str | None) -> None:
        """Settle the open battle once its space holds only one side again."""
        impulse = self.proc.impulse
        if impulse is None or impulse.battle is None:
            return
        battle = impulse.battle
        there = self.state.space(battle.space)
        defender = other(battle.attacker)
        both = there.has_units_of(defender, self.sides) and there.has_units_of(
            battle.attacker, self.sides)
        if both and (there.cus_of(defender) > 0 or battle.rolled or (
                battle.intercepted and not battle.fought)):
            # Once its dice are rolled the battle lasts until one side is gone: a losing
            # General whose CUs were all lost still retreats (WW 9.2 Step 6: "the losing
            # side, which may consist only of a General") or surrenders (WW 9.63). An
            # intercepting General's CUs may be dragged in after him (WW 7.8.C).
            return
        if self.state.general_at.get(ARNOLD) == REMOVED and any(
                card.card == TREASON for card in battle.cards):
            battle = evolve(battle, treason=True)
        if battle.treason_overrun and battle.procedure_dice == 0 and (
                there.cus_of(defender) == 0):
            outcome = "overrun"  # after Treason, WW 9.7 Clarification
        elif battle.fought:
            outcome = "battle"
        elif battle.rbb and there.cus_of(defender) == 0 and not (
                battle.losses and battle.defender_cus > sum(
                    r.cus for r in battle.retreat_moves(defender, before_battle=True))):
            outcome = "retreat before battle"
        elif battle.rbb and there.cus_of(defender) == 0:
            # The CUs the retreat before battle left behind were removed with no roll: an
            # overrun (WW 7.9.B: "All remaining CUs conduct battle or are overrun as
            # appropriate"); the attacker still stops there (below).
            outcome = "overrun"
        elif battle.losses and there.cus_of(defender) == 0:
            outcome = "overrun"
        else:
            outcome = "unclear"
        activation = impulse.activation
        if outcome == "overrun" and activation is not None:
            # After an overrun the Army may move on (WW 9.7) — not after a retreat
            # before battle (WW 7.9.B), nor when it was no overrun but a battle was due
            # (WW-OVR-01): those keep the stop.
            stop = activation.stop if battle.rbb or not (
                battle.overrun_allowed or battle.treason_overrun) else None
            activation = evolve(activation, stop=stop, overruns=activation.overruns + 1)
            impulse = impulse.with_activation(activation)
        elif outcome == "battle" and activation is not None:
            activation = evolve(activation, battles=activation.battles + 1)
            impulse = impulse.with_activation(activation)
        self.emit(BattleSettled(step=step, side=battle.attacker.value, player=player,
                                battle=battle, outcome=outcome, impulse=impulse))

    def close(self, step: int) -> list[Advance[WWProcedure]]:
        """The log ended: close what is open (a phase after the cards is judged on what
        it did so far, and the game's end on the last position)."""
        self._end_setup(step, None)
        self._close_impulse(step, log_ended=True)
        moment = self.proc.moment
        if moment.known and moment.phase == WINTER_ATTRITION:
            self._end_winter(step, None, complete=False)
        elif moment.known and moment.phase == POLITICAL_CONTROL:
            self._end_isolation(step, None, complete=False)
            self._end_turn(step, None, None, final=True)
        return self.take()

    # ------------------------------------------------------------------ sequence

    def _enter(self, phase: str, step: int, reason: str, player: str | None,
               knowledge: Knowledge = Knowledge.INFERRED) -> None:
        """Play (or the log's marker) shows a phase: the sequencer enters it, once the
        impulse under way (outside the Strategy Phase) is closed; a phase after the cards
        begins or ends what it judges as a whole (`_after_cards`)."""
        if not SEQUENCER.enters(self.proc, phase, knowledge):
            # Already there, or the log shows the phase and play does not override it.
            return
        if phase != STRATEGY:
            self._close_impulse(step)
        moment = self.proc.moment
        left = moment.phase if moment.known else None
        action = (PhaseShown(step=step, player=player, phase=phase, reason=reason)
                  if knowledge is Knowledge.SHOWN else
                  PhaseInferred(step=step, player=player, phase=phase, reason=reason))
        change = self.emit(action).facts[-1]
        assert isinstance(change, PhaseChange)
        if change.forward:
            self._after_cards(left, phase, step, player)

    def show(self, phase: str, step: int, player: str | None) -> None:
        """The log shows the phase (a phase property the binding names, WW 5.0)."""
        self._enter(phase, step, "the log's phase marker shows it", player,
                    knowledge=Knowledge.SHOWN)

    def _new_year(self, step: int, year: str, player: str | None) -> None:
        self._close_impulse(step)
        if self._in(WINTER_ATTRITION):
            self._end_winter(step, player, complete=True)
        if self._in(POLITICAL_CONTROL):
            self._end_isolation(step, player, complete=True)
        if not self.proc.season.turn_ended and self.state.year is not None:
            self._end_turn(step, player, year)
        season = self.proc.season
        if season.end_start is not None:
            self.emit(EndPhaseEnded(step=step, player=player, year=self.state.year,
                                    start=season.end_start, end=snapshot(self.state),
                                    changed=season.end_changed))
        self._dealt, self._turn_seen = [], True
        self.state.year = year
        self.emit(NewTurn(step=step, player=player, turn=year,
                             reason=f"the year became {year}"))

    # ------------------------------------------------------------------ set-up

    def _at_setup(self) -> bool:
        """Whether the log begins at the set-up (WW 4.0): in 1775 (the year property, or
        with no year shown the two cards set aside until 1776 still aside, WW 6.1.E), with
        the cards bound, both hands empty and no card played yet (discard pile, queues and
        card boxes empty). Whether it shows the set-up is known once PCs are placed."""
        if not self.state.card_at:
            return False
        if self.state.year is None:
            aside = [self.state.card_at.get(card) for card in SET_ASIDE_IN_1775]
            if not all(at is not None and at.kind is PlaceKind.SET_ASIDE for at in aside):
                return False
        elif self.state.year != str(FIRST_YEAR):
            return False
        if any(self.state.hand_size[side.value] for side in Side):
            return False
        return not any(place.kind in (PlaceKind.DISCARD, PlaceKind.CARDS)
                       for place in self.state.card_at.values())

    def _setup_step(self, step: int, relocations: Sequence[Relocation[Entity]],
                    player: str | None) -> bool:
        """During the set-up, PC markers placed on the map are the Committees of
        Correspondence and For The King (WW 4.0): recorded, not charged to any card.
        Anything else ends the set-up. True when the step was a set-up placement."""
        placed = [r for r in relocations if _kind(r) == "pc" and not _on_map(r.origin)
                  and _on_map(r.destination)]
        if not relocations:
            return False  # a chat line, a roll, a property: the set-up goes on
        if len(placed) != len(relocations):
            self._end_setup(step, player)
            return False
        assert self._setup is not None
        for relocation in placed:
            self.state.apply(relocation)
            assert relocation.destination is not None
            self._setup.append(SetUpPlacement(step, Side(_entity(relocation).key),
                                              relocation.destination.key))
        return True

    def _end_setup(self, step: int, player: str | None) -> None:
        """The set-up is over: judged if the log showed it (PCs placed)."""
        placements, self._setup = self._setup, None
        if placements:
            self.emit(SetUpEnded(step=placements[-1].step, player=player,
                                 placements=tuple(placements)))

    def _last_card(self) -> bool | None:
        """Whether the card being played was the last of the Strategy Phase (both hands
        empty now); None when the log never showed both hands."""
        if len(self.state.hand_size) < len(Side):
            return None
        return self.hands_empty()

    def hands_empty(self) -> bool:
        """Whether both players' hands are empty (the Strategy Phase is over, WW 5.3)."""
        return max(self.state.hand_size.values(), default=0) <= 0

    # ------------------------------------------------------------------ cards

    def _card(self, step: int, relocation: Relocation[Entity], player: str | None,
              incoming: dict[str, Place | None]) -> None:
        origin, destination = relocation.origin, relocation.destination
        card = _entity(relocation).key
        if origin is not None and origin.kind is PlaceKind.HAND and destination != origin:
            side = Side(origin.key)
            impulse = self.proc.impulse
            record = self.data.cards.get(card)
            if impulse is not None and impulse.battle is not None and not (
                    record is not None and record.kind is CardKind.OPS):
                # Only Event cards are played or discarded in a battle (WW 6.33, 9.45): an
                # OPS card leaving a hand is the next impulse's.
                self._battle_card(step, side, card, impulse, player)
                return
            taken = self.proc.impulse or self.proc.last
            if self._is_exchange(side, destination, incoming):
                assert taken is not None
                self.emit(CardExchanged(step=step, side=side.value, player=player,
                                        given=card, taken=taken.card))
                return
            if self.acting is not None and self.acting is not side:
                # A card drawn at random from a hand by the opponent's event is not a
                # play (WW 6.31); its owner still takes the next impulse.
                self.emit(RandomDraw(step=step, side=self.acting.value, player=player,
                                     card=card, victim=side.value))
                if impulse is not None:
                    self._set_impulse(evolve(impulse, drawn=(*impulse.drawn, (card, step))))
                return
            self._open_impulse(step, side, card, relocation.name, origin,
                               destination or Place(PlaceKind.DISCARD), player)
            return
        if destination is not None and destination.kind is PlaceKind.HAND and (
                origin is not None and origin.kind is PlaceKind.DISCARD):
            self._taken_in_exchange(Side(destination.key), card)
        if destination is not None and destination.kind is PlaceKind.HAND and (
                origin is not None and origin.kind is PlaceKind.DECK):
            impulse = self.proc.impulse
            if impulse is None and not self._in(STRATEGY):
                self._enter(STRATEGY_CARDS, step, "cards were dealt from the deck", player)
            if impulse is None and self.proc.last is None:
                self._dealt.append(Side(destination.key))
                self._turn_seen = True
        if origin is not None and origin.kind is PlaceKind.CARDS and origin.key in QUEUE_KEYS:
            side = QUEUE_KEYS[origin.key]
            queue = tuple(c for c in self.proc.queue(side) if c != card)
            self.proc = self.proc.with_queue(side, queue)

    def _into_deck(self, step: int, cards: Sequence[Relocation[Entity]],
                   player: str | None) -> None:
        """Cards put into the draw deck from the discard pile, the removed cards, the War
        Ends box or the set-aside cards: judged once per step, with what made a reshuffle
        due since the last one (WW 6.1 Reshuffle Clarification, 6.1.A-B, 6.3.D, 12.2.B.iv)."""
        moved = tuple((_entity(r).key, r.origin) for r in cards
                      if r.destination == DECK and r.origin is not None
                      and r.origin in INTO_DECK_FROM)
        if not moved:
            return
        # The cards whose play (or discard) brings a reshuffle, once out of play.
        due = [f"{record.name} was played or discarded" for card, record in
               self.data.cards.items() if (record.reshuffle_on_play or record.reshuffle_on_discard)
               and self.state.card_at.get(card) in (DISCARD_PILE, REMOVED)]
        if self.state.allied and self._allied_at_reshuffle is not True:
            due.append("the French Alliance")
        if any(origin == DISCARD_PILE for _, origin in moved):
            self._allied_at_reshuffle = self.state.allied
        self.emit(CardsIntoDeck(step=step, player=player, cards=moved,
                                deck_before=len(self.state.cards_in(DECK)),
                                due=tuple(due), year=self.state.year))

    def _is_exchange(self, side: Side, destination: Place | None,
                     incoming: dict[str, Place | None]) -> bool:
        """An OPS card swapped for the Event the opponent just discarded (WW 6.32.C): the
        opponent's discarded Event comes into this side's hand in the same step, or came
        in a step before (the other order, an Event taken back after an OPS card was put on
        the discard pile, is `_taken_in_exchange`). One exchange per discard."""
        last = self.proc.impulse or self.proc.last
        if last is None or last.side is side or last.exchanged:
            return False
        if destination is None or destination.kind is not PlaceKind.DISCARD:
            return False
        record = self.data.cards.get(last.card)
        if record is not None and record.kind is not CardKind.EVENT:
            return False
        taken = incoming[last.card] if last.card in incoming else self.state.card_at.get(
            last.card)
        return taken == hand(side.value)

    def _taken_in_exchange(self, side: Side, card: str) -> None:
        """The Event the opponent discarded came into this side's hand right after this
        side put an OPS card on the discard pile, and that card did nothing: it was given
        in exchange (WW 6.32.C), not played — the impulse it opened is withdrawn."""
        opened, impulse = self._opened, self.proc.impulse
        if opened is None or impulse is None or opened[0] is not impulse:
            return
        before = opened[1]
        last = before.last
        if (impulse.side is not side or last is None or last.side is side
                or last.card != card or last.exchanged):
            return
        given, taken = self.data.cards.get(impulse.card), self.data.cards.get(card)
        if (given is not None and given.kind is not CardKind.OPS) or (
                taken is not None and taken.kind is not CardKind.EVENT):
            return
        if impulse.destination.kind is not PlaceKind.DISCARD or impulse.activations or (
                impulse.pcs or impulse.other_pcs or impulse.landing_party
                or impulse.arrivals or impulse.battles):
            return
        self._opened = None
        self.proc = before  # the impulse is withdrawn; the exchange marks the Event taken
        self.emit(CardExchanged(step=impulse.step, side=side.value, player=impulse.player,
                                given=impulse.card, taken=card))

    def _rolls(self, view: StepView[Entity, Side]) -> None:
        """Dice rolled while a battle is open belong to it (WW 9.2 Steps 2, 4, 5); others
        rolled in an impulse are kept for an interception attempt (WW 7.8.A)."""
        impulse = self.proc.impulse
        if impulse is not None and impulse.battle is None and view.rolls:
            self._loose_dice = self._loose_dice.with_rolls(self.acting, view.rolls, view.index)
        if impulse is None or impulse.battle is None or not view.rolls:
            return
        values = view.dice
        battle = impulse.battle
        mine = len(values) if self.acting is battle.attacker else 0
        dice = tuple(BattleDie(view.index, value, self.acting) for value in values)
        opened = battle.fought
        battle = evolve(battle, rolls=(*battle.rolls, *values),
                        attacker_rolls=battle.attacker_rolls + mine,
                        dice=(*battle.dice, *dice))
        if not opened and battle.fought:
            # This step began the procedure: a single defender die before it was an
            # attempt (WW 7.9.A); when the defender rolled twice, all are the battle's.
            before = len(battle.dice) - len(dice) if (mine or len(values) == 1) else 0
            battle = self._begin_procedure(battle, view.index, before)
        self._set_impulse(evolve(impulse, battle=battle))

    def _late_rolls(self, view: StepView[Entity, Side]) -> None:
        """Dice rolled after the loser left the space (the winner's loss die, WW 9.2 Step
        5) belong to the impulse's last battle while it still lacks dice and no General
        has moved since."""
        impulse = self.proc.impulse
        if impulse is None or impulse.battle is not None or not impulse.battles:
            return
        battle = impulse.battles[-1]
        setup = battle.setup
        if not view.rolls or setup is None or moved_since(impulse, battle):
            return
        values = view.dice
        if len(battle.dice) - setup.opened_at + len(values) > setup.dice_due:
            return
        dice = tuple(BattleDie(view.index, value, self.acting) for value in values)
        battle = evolve(battle, dice=(*battle.dice, *dice))
        self._set_impulse(evolve(impulse, battles=(*impulse.battles[:-1], battle)))

    def _begin_procedure(self, battle: Battle, step: int, opened_at: int) -> Battle:
        """The battle as its Combat Resolution Procedure begins (WW 9.2 Step 1): the forces
        and the modifiers the position gives, read now."""
        setup = battle_setup(self.ctx, battle, step, regulars=self.proc.regulars)
        return evolve(battle, setup=evolve(setup, opened_at=opened_at))

    def _battle_removals(self, step: int, pieces: Sequence[Relocation[Entity]]) -> None:
        """CUs taken off (net of counters put back to make change) and Generals captured in
        the space of the impulse's current or last battle, with their step; the Turn marker
        loses its Regulars side once the British have lost 3 CUs in one battle (WW 9.2
        Step 7)."""
        impulse = self.proc.impulse
        if impulse is None:
            return
        open_battle = impulse.battle is not None
        battle = impulse.battle if open_battle else (
            impulse.battles[-1] if impulse.battles else None)
        if battle is None or battle.setup is None:
            return
        lost: Counter[Side] = Counter()
        captured: list[str] = []
        markers = False
        # A loss taken from the retreated stack where it went (VASSAL players may retreat
        # first) is the battle's too, until a General moves on.
        here = space_place(battle.space)
        retreated = set() if moved_since(impulse, battle) else {
            (move.side, space_place(move.destination)) for move in battle.retreats
            if not move.before_battle}
        for relocation in pieces:
            entity = _entity(relocation)
            origin, destination = relocation.origin, relocation.destination
            if entity.kind in STEP_7_MARKERS:
                markers = True
            elif entity.kind == "cu":
                side = SIDE_OF[entity.nationality]
                if (origin == here or (side, origin) in retreated) and not _on_map(
                        destination):
                    lost[side] += entity.value
                elif (destination == here or (side, destination) in retreated) and (
                        not _on_map(origin)):
                    lost[side] -= entity.value
            elif (entity.kind == "general" and origin == space_place(battle.space)
                  and destination == CAPTURED):
                captured.append(entity.key)
        removals = tuple(Removal(step, side, n) for side, n in lost.items() if n)
        if not removals and not captured and not markers:
            return
        changed = evolve(battle, removals=(*battle.removals, *removals),
                         captured=(*battle.captured, *captured),
                         capture_steps=(*battle.capture_steps, *(step for _ in captured)),
                         marker_steps=(*battle.marker_steps, *((step,) if markers else ())))
        if open_battle:
            impulse = evolve(impulse, battle=changed)
        else:
            impulse = evolve(impulse, battles=(*impulse.battles[:-1], changed))
        self._set_impulse(impulse)
        if self.proc.regulars and changed.lost_by(Side.BR) >= REGULARS_LOSS:
            self.proc = evolve(self.proc, regulars=False)

    def _battle_card(self, step: int, side: Side, card: str, impulse: Impulse,
                     player: str | None) -> None:
        battle = impulse.battle
        assert battle is not None
        # WW 9.45, 6.33.A: cards are played in Step 1; once the procedure's dice (Step 2
        # on) are rolled, a card is no play of this battle and gives it no modifier.
        after_dice = tuple(die.step for die in battle.dice[battle.setup.opened_at:]
                           ) if battle.setup is not None else ()
        self.emit(BattleCardPlayed(step=step, side=side.value, player=player, card=card,
                                   battle=battle, impulse=impulse, after_dice=after_dice))
        if not battle.fought:
            # The first card began the Combat Resolution Procedure (WW 9.2 Step 1).
            impulse = self._impulse_now()
            assert impulse.battle is not None
            self._set_impulse(evolve(impulse, battle=self._begin_procedure(
                impulse.battle, step, len(impulse.battle.dice))))

    def _open_impulse(self, step: int, side: Side, card: str, name: str, origin: Place,
                      destination: Place, player: str | None) -> None:
        maybe_drawn = self._maybe_drawn(side, destination)
        self._close_impulse(step)
        self._enter(STRATEGY, step, "a card left a hand", player)
        # Before the card (what an exchange found later goes back to, WW 6.32.C).
        before = evolve(self.proc, change_credit=(), change_debit=())
        record = self.data.cards.get(card)
        use = Use.UNKNOWN
        queue_total: int | None = None
        cards: tuple[str, ...] = ()
        if destination.kind is PlaceKind.CARDS and destination.key in QUEUE_KEYS:
            use = Use.QUEUE
            cards = (*self.proc.queue(side), card)
            values = [self.data.cards[c].ops if c in self.data.cards else None for c in cards]
            queue_total = None if None in values else sum(v or 0 for v in values)
        elif destination.kind is PlaceKind.DISCARD and record is not None and (
                record.kind is CardKind.OPS and self.proc.queue(side)):
            # The card that completes an Operations Queue goes to the discard pile with
            # the queue's cards once it is used (WW 7.1.B.ii-iii): whether it passed
            # through the queue box first is not play. The total is what it may activate.
            values = [self.data.cards[c].ops if c in self.data.cards else None
                      for c in (*self.proc.queue(side), card)]
            queue_total = None if None in values else sum(v or 0 for v in values)
        elif destination.kind is PlaceKind.CARDS and destination.key in REINFORCEMENT_CARD_KEYS:
            use = Use.REINFORCE
        elif record is not None and record.campaign is not None:
            use = Use.CAMPAIGN
        elif record is not None and record.id == "john_glover":
            use = Use.GLOVER
        impulse = Impulse(side=side, card=card, destination=destination, step=step,
                          player=player, use=use, queue_total=queue_total, queue=cards,
                          maybe_drawn=maybe_drawn,
                          line_mutinies=self.proc.season.line_mutinies)
        previous = self.proc.last
        self._loose_dice = NO_DICE
        if previous is None and self._turn_seen:
            self._turn_seen = False
            impulse = evolve(impulse, opens_turn=True)
            self.emit(StrategyOpened(step=step, side=side.value, player=player,
                                     impulse=impulse, dealt=tuple(self._dealt),
                                     hands=tuple((s, self.state.hand_size[s.value])
                                                 for s in Side)))
        self._opened = (impulse, before)
        self._alliance_open = (self.state.alliance, self.state.allied,
                               self.state.general_at.get(WASHINGTON), self._navy_in_play())
        self.emit(CardPlay(step=step, side=side.value, player=player, card=card, name=name,
                           origin=origin, destination=destination))
        self.emit(ImpulseOpened(step=step, side=side.value, player=player, impulse=impulse,
                                previous=previous,
                                opponent_cards=self.state.hand_size[other(side).value]))

    def _maybe_drawn(self, side: Side, destination: Place) -> bool:
        """Whether a card its owner put on the discard pile may be one the opponent's Event
        under way drew at random (WW 6.31): read as a play, flagged."""
        under_way = self.proc.impulse
        if under_way is None or under_way.side is side or destination != DISCARD_PILE:
            return False
        record = self.data.cards.get(under_way.card)
        return record is None or record.kind is CardKind.EVENT

    def _close_impulse(self, step: int, *, log_ended: bool = False) -> None:
        self._release_held()
        impulse = self.proc.impulse
        if impulse is None:
            return
        self._end_activation(impulse, step)
        impulse = self.proc.impulse
        assert impulse is not None
        before, allied, washington, navy = self._alliance_open
        if allied is False and self.state.allied and impulse.use is not Use.REINFORCE:
            impulse = _alliance_placed(impulse)
        if impulse.use is Use.UNKNOWN:
            impulse = evolve(impulse, use=self._use_of(impulse))
        if impulse.card == LINE_MUTINIES:
            self._line_mutinies(impulse)
        self.emit(ImpulseEnded(step=impulse.step, side=impulse.side.value,
                               player=impulse.player, impulse=impulse, log_ended=log_ended))
        self.emit(ImpulseReckoned(
            step=impulse.step, side=impulse.side.value, player=impulse.player,
            impulse=impulse, before=before, after=self.state.alliance,
            allied_before=allied, european_war=self.state.european_war,
            washington_lost=washington is not None and washington.is_space
            and self.state.general_at.get(WASHINGTON) in (CAPTURED, REMOVED),
            navy_before=navy, marker_steps=impulse.moved("marker"),
            navy_steps=impulse.moved("navy"), french_steps=impulse.moved("french")))
        for battle in impulse.battles:
            if battle.setup is not None and not (battle.treason_overrun
                                                 and battle.procedure_dice == 0):
                self.emit(BattleResolved(step=battle.setup.step, side=battle.attacker.value,
                                         player=impulse.player, battle=battle,
                                         impulse=impulse))
        open_battles = (*impulse.battles, *((impulse.battle,) if impulse.battle else ()))
        unsettled = frozenset(b.space for b in open_battles if log_ended and not (
            b.fought or b.rbb or b.losses))
        self.emit(AtRest(step=step, player=impulse.player, spaces=impulse.touched,
                         unsettled=unsettled))

    def _line_mutinies(self, impulse: Impulse) -> None:
        """"Pennsylvania and New Jersey Line Mutinies" played this turn: `event` when play
        shows the event (`events.played_as_event`), none when it shows a discard, `maybe`
        otherwise (WW 10.11.A.iv)."""
        record = self.data.cards.get(impulse.card)
        if record is None or proven_discard(impulse, record) is not None:
            return
        shown = played_as_event(impulse, self.state.card_at.get(impulse.card)
                                or impulse.destination)
        seen = "event" if shown is not None or self.proc.season.line_mutinies == "event" \
            else "maybe"
        self._set_season(evolve(self.proc.season, line_mutinies=seen))

    def _navy_in_play(self) -> bool:
        """The French Navy is in a Blockade Zone or on the Turn Track (WW 5.5)."""
        return any(holding.navy and place.kind in (PlaceKind.ZONE, PlaceKind.TRACK)
                   for place, holding in self.state.holdings.items())

    def _use_of(self, impulse: Impulse) -> Use:
        record = self.data.cards.get(impulse.card)
        if impulse.activations:
            return Use.ACTIVATE
        own = [c for c in impulse.pcs if c.after is impulse.side]
        if record is not None and record.kind is CardKind.EVENT:
            return Use.DISCARD if impulse.destination.kind is PlaceKind.DISCARD and (
                len(impulse.pcs) <= 1) else Use.EVENT
        if own or impulse.pcs:
            return Use.PC
        if impulse.arrivals:
            return Use.REINFORCE
        return Use.UNKNOWN

    def _set_impulse(self, impulse: Impulse) -> None:
        self.proc = evolve(self.proc, impulse=impulse)

    # ------------------------------------------------------------------ movement

    def _side_of_group(self, group: _Group) -> Side | None:
        sides = {self.sides[g] for g in group.generals if g in self.sides}
        sides |= {SIDE_OF[nat] for nat in group.cu}
        return next(iter(sides)) if len(sides) == 1 else None

    def _move(self, step: int, group: _Group, player: str | None) -> None:
        assert group.origin is not None and group.destination is not None
        if not (group.origin.is_space and group.destination.is_space):
            return
        origin, destination = group.origin.key, group.destination.key
        side = self._side_of_group(group)
        impulse = self.proc.impulse
        if side is None or (not group.generals and not group.cu):
            return
        if impulse is None:
            if not self.proc.moment.known:
                why = "no card is being played and the log does not show the phase"
            else:
                why = (f"movement happens only in the Strategy Phase (now "
                       f"{SEQUENCE.name(self.proc.moment.phase)}), by an activated General")
            self.emit(UnactivatedMove(step=step, side=side.value, player=player,
                                      generals=tuple(group.generals), carried=group.carried,
                                      origin=origin, destination=destination, why=why))
            return
        battle = impulse.battle
        if battle is not None and battle.space == origin and battle.fought:
            self._retreat(step, group, side, battle, impulse, player)
            return
        settled = self._settled_battle_left(impulse, group, side, origin)
        if settled is not None:
            self._retreat(step, group, side, settled, impulse, player)
            return
        if side is impulse.side:
            self._own_move(step, group, side, impulse, player)
        else:
            self._reaction(step, group, side, impulse, player)

    def _own_move(self, step: int, group: _Group, side: Side, impulse: Impulse,
                  player: str | None) -> None:
        assert group.origin is not None and group.destination is not None
        origin, destination = group.origin.key, group.destination.key
        activation = impulse.activation
        if not group.generals:
            if activation is not None and activation.legs and (
                    (activation.legs[-1].origin, activation.legs[-1].destination)
                    == (origin, destination)) and not (
                    impulse.use is Use.CAMPAIGN and carried_total(activation.legs[-1].carried)
                    + sum(group.cu.values()) > MAX_CARRIED):
                # (In a Campaign, CUs his leg cannot take, WW 7.3.A, may be the next
                # General's, dragged before him: held.)
                # CUs dragged after their General along the same leg move with him
                # (WW 7.3.A): he was never alone, so his route is priced with them.
                last = activation.legs[-1]
                merged = Counter(dict(last.carried))
                merged.update(group.cu)
                leg = self._with_cus(last, side, counted(merged), impulse)
                activation = evolve(activation, legs=(*activation.legs[:-1], leg))
                battle = impulse.battle
                if battle is not None and battle.step == last.step and (
                        battle.space == destination and battle.setup is None):
                    impulse = evolve(impulse, battle=evolve(
                        battle, attacker_cus=self.state.space(destination).cus_of(side)))
                self._set_impulse(impulse.with_activation(activation))
                self.emit(LegMoved(step=step, side=side.value, player=player, leg=evolve(
                    leg, step=step), activation=activation, impulse=impulse))
                return
            # Held until the next drag: their General may be dragged after them.
            self._release_held()
            self._set_impulse(evolve(self._impulse_now(), held=(
                step, origin, destination, group.carried, player)))
            return
        for general in group.generals:
            self._attempts_settled()
            impulse = self._impulse_now()
            activation = impulse.activation
            if activation is None or activation.general != general:
                self._end_activation(impulse, step)
                impulse = self._impulse_now()
                activation = Activation(general=general, step=step)
                impulse = evolve(impulse, activations=(*impulse.activations, activation))
            there = self.state.space(destination)  # after the step: what is there now
            enemy = other(side)
            before_enemy = there.cus_of(enemy)
            carried = group.carried if general == group.generals[0] else ()
            held = impulse.held
            if held is not None and general == group.generals[0] and (
                    held[1], held[2]) == (origin, destination):
                # The CUs dragged just before him along the same way moved with him.
                together = Counter(dict(carried))
                together.update(dict(held[3]))
                carried = counted(together)
                impulse = evolve(impulse, held=None)
            # What he has left to enter a battle with (WW 7.3.A, 7.3.C: 4, or 6 with
            # Glover), for the spaces he may have entered the destination from.
            spent = sum(leg.low or 0 for leg in activation.legs)
            left = (self.data.tables.t2.glover.movement if impulse.use is Use.GLOVER
                     else BATTLE_ALLOWANCE) - spent
            found = route(self.ctx, origin, destination, side, arnold=general == "arnold",
                          alone=not carried, budget=max(left, 0), via=group.via)
            leg = Leg(step=step, general=general, origin=origin, destination=destination,
                      carried=carried, enemy_cus_at_destination=before_enemy,
                      enemy_general_at_destination=bool(there.generals_of(enemy, self.sides)),
                      enemy_pc_at_destination=there.pc is enemy,
                      friendly_cus_at_destination=there.cus_of(side) - carried_total(carried),
                      low=found.low, high=found.high, entered_from=found.entered_from,
                      route_problem=found.problem, route_rule=found.rule,
                      naval=self._naval(side, origin, destination, carried), via=group.via,
                      legs=found.legs)
            self.emit(LegMoved(step=step, side=side.value, player=player, leg=leg,
                               activation=activation, impulse=impulse))
            if interceptable(leg, side):
                impulse = evolve(impulse, chance=leg)
            activation = evolve(activation, legs=(*activation.legs, leg))
            if before_enemy and activation.stop is None:
                entered = found.entered_from or frozenset({origin})
                battle = Battle(space=destination, attacker=side, general=general,
                                entered_from=entered, step=step,
                                attacker_cus=there.cus_of(side), defender_cus=before_enemy,
                                defender_general=leg.enemy_general_at_destination,
                                congress=bool(there.congress), last_card=self._last_card())
                activation = evolve(activation, stop=Stop(step, destination, "battle"))
                impulse = evolve(impulse, battle=battle)
            self._set_impulse(impulse.with_activation(activation))

    def _release_held(self) -> None:
        """CUs held back (`Impulse.held`) that no General followed: they moved alone."""
        impulse = self.proc.impulse
        if impulse is None or impulse.held is None:
            return
        step, origin, destination, carried, player = impulse.held
        self._set_impulse(evolve(impulse, held=None))
        self.emit(UnactivatedMove(
            step=step, side=impulse.side.value, player=player, generals=(), carried=carried,
            origin=origin, destination=destination,
            why="CUs move only with an activated General (WW 7.0)"))

    def _with_cus(self, leg: Leg, side: Side, carried: Carried, impulse: Impulse) -> Leg:
        """A leg with the CUs that turned out to move with its General: a General first
        dragged alone was not alone (WW 7.3.A, 7.4.A–B), so his route and his Naval
        Movement are read again with them."""
        if leg.carried:
            return evolve(leg, carried=carried,
                          naval=self._naval(side, leg.origin, leg.destination, carried))
        activation = impulse.activation
        spent = sum(other_leg.low or 0 for other_leg in activation.legs[:-1]) if (
            activation is not None) else 0
        left = (self.data.tables.t2.glover.movement if impulse.use is Use.GLOVER
                else BATTLE_ALLOWANCE) - spent
        found = route(self.ctx, leg.origin, leg.destination, side,
                      arnold=leg.general == "arnold", alone=False, budget=max(left, 0),
                      via=leg.via)
        return evolve(leg, carried=carried, low=found.low, high=found.high,
                      entered_from=found.entered_from, route_problem=found.problem,
                      route_rule=found.rule, legs=found.legs,
                      naval=self._naval(side, leg.origin, leg.destination, carried))

    def _naval(self, side: Side, origin: str, destination: str, carried: Carried) -> str | None:
        """For a British port-to-port drag: `eligible`, or why not (WW 7.5, 12.3)."""
        ctx = self.ctx
        if side is not Side.BR or not ctx.is_port(origin) or not ctx.is_port(destination):
            return None
        for space in (origin, destination):
            here = self.state.space(space)
            name = ctx.space_name(space)
            if here.cus_of(Side.AM):
                return f"{name} holds American CUs"
            if here.pc is Side.AM:
                return f"{name} holds an American PC"
            if ctx.blockaded(space):
                return f"{name} is in the Blockaded Zone"
        if carried_total(carried) > MAX_NAVAL_CUS:
            return f"{carried_total(carried)} CUs went by sea; at most {MAX_NAVAL_CUS} may"
        return ELIGIBLE

    def _impulse_now(self) -> Impulse:
        impulse = self.proc.impulse
        assert impulse is not None
        return impulse

    def _end_activation(self, impulse: Impulse, step: int) -> None:
        activation = impulse.activation
        if activation is None:
            return
        self._attempts_settled()
        impulse = self._impulse_now()
        self._settle_battle(step)
        impulse = self._impulse_now()
        activation = impulse.activation
        assert activation is not None
        if activation.legs or activation.stop is not None:
            self.emit(ActivationEnded(step=activation.step, side=impulse.side.value,
                                      player=impulse.player, activation=activation,
                                      impulse=impulse))

    def _attempts_settled(self) -> None:
        """The American dice rolled since the last British leg that could be intercepted,
        with no interception following them, were failed interception attempts (WW 7.8.A,
        7.8.E): the Armies that made them are recorded."""
        impulse = self.proc.impulse
        leg = impulse.chance if impulse is not None else None
        if leg is None or impulse is None:
            return
        impulse = evolve(impulse, chance=None)
        self._set_impulse(impulse)
        dice = self._loose_dice.since(leg.step).excluding(impulse.side)
        if not dice:
            return
        candidates = interceptors(self.ctx, leg.destination)
        if not candidates:
            return
        first = next(iter(dice))
        step = first.step if first.step is not None else leg.step
        # A drag over several spaces may have passed other American PCs, next to other
        # Armies: any of them may have rolled.
        passed = passed_interceptors(self.ctx, leg)
        if passed is None or not passed <= set(candidates):
            candidates = tuple(dict.fromkeys((*candidates, *sorted(passed or ()))))
            single = False
        else:
            single = len(candidates) == 1 or len(dice) >= len(candidates)
        if single:
            # One Army could have rolled, or every Army that could did (one die each).
            for general, die in zip(candidates, dice, strict=False):
                self.emit(InterceptionAttempted(
                    step=die.step if die.step is not None else step, side=Side.AM.value,
                    player=None, general=general, candidates=candidates,
                    space=leg.destination, die=die.value, leg=leg,
                    impulse=self._impulse_now()))
            return
        self.emit(InterceptionAttempted(step=step, side=Side.AM.value, player=None,
                                        general=None, candidates=candidates,
                                        space=leg.destination, die=first.value, leg=leg,
                                        impulse=impulse))

    def _settle_battle(self, step: int) -> None:
        impulse = self._impulse_now()
        battle = impulse.battle
        if battle is None:
            return
        self._set_impulse(evolve(impulse, battle=None, battles=(*impulse.battles, battle)))

    def _reaction(self, step: int, group: _Group, side: Side, impulse: Impulse,
                  player: str | None) -> None:
        assert group.origin is not None and group.destination is not None
        origin, destination = group.origin.key, group.destination.key
        battle = impulse.battle
        activation = impulse.activation
        general = group.generals[0] if group.generals else None
        if battle is not None and battle.space == origin and not battle.fought:
            found = tuple(lone_enemy_generals(self.ctx, destination, side)) if (
                group.cu) else ()
            self.emit(RetreatBeforeBattle(step=step, side=side.value, player=player,
                                          general=general, origin=origin,
                                          destination=destination, carried=group.carried,
                                          battle=battle, impulse=impulse, found=found))
            return
        last_leg = activation.legs[-1] if activation and activation.legs else None
        if (general is not None and last_leg is not None and last_leg.destination
                == destination and side is Side.AM):
            left = self.state.space(origin).cus_of(Side.AM)
            dice = self._loose_dice.since(last_leg.step).excluding(impulse.side).values()
            if battle is not None and battle.space == destination and not battle.fought:
                # The British Army entered a space with American CUs, which opened a battle
                # there (WW 7.8.D): the attempt's die went to that battle.
                dice = (*dice, *(die.value for die in battle.dice
                                 if die.side is not impulse.side))
            # The British Army entered from where its last drag reached the space (for a
            # drag over several spaces, not the drag's origin, WW 7.8.F); the defenders are
            # the interceptors and any American CUs already there (WW 7.8.D).
            new = Battle(space=destination, attacker=impulse.side, general=last_leg.general,
                         entered_from=last_leg.entered_from or frozenset({last_leg.origin}),
                         step=step, attacker_cus=sum(n for _, n in last_leg.carried),
                         defender_cus=self.state.space(destination).cus_of(side),
                         defender_general=True, intercepted=True,
                         congress=bool(self.state.space(destination).congress),
                         last_card=self._last_card(), interceptor=general,
                         intercepted_from=origin,
                         intercepting=((step, carried_total(group.carried)),),
                         left_behind=left)
            self.emit(Interception(step=step, side=side.value, player=player,
                                   general=general, origin=origin, destination=destination,
                                   carried=group.carried, left_behind=left, impulse=impulse,
                                   leg=last_leg, dice=dice, battle=new))
            return
        if (general is None and battle is not None and battle.intercepted
                and battle.space == destination and battle.intercepted_from == origin
                and not battle.fought):
            # CUs dragged after the intercepting General: the same interception.
            self.emit(InterceptionJoined(step=step, side=side.value, player=player,
                                         origin=origin, destination=destination,
                                         carried=group.carried,
                                         left_behind=self.state.space(origin).cus_of(side)))
            return
        why = ("no British move provoked an interception or a retreat before battle, and no "
               "battle was fought there")
        if any(b.space == origin and b.rolled for b in impulse.battles):
            why = ("the battle there is over, and only its loser retreats (WW 9.2 Step 6): "
                   "a General moves only when activated")
        self.emit(UnactivatedMove(step=step, side=side.value, player=player,
                                  generals=tuple(group.generals), carried=group.carried,
                                  origin=origin, destination=destination, why=why))

    @staticmethod
    def _settled_battle_left(impulse: Impulse, group: _Group, side: Side, origin: str
                             ) -> Battle | None:
        """The impulse's last battle, when this drag is its loser's retreat after the space
        came to hold one side only: the winning General was captured in Step 5 (WW 9.5
        Special) before the loser retreated in Step 6 (WW 9.2: the losing side retreats
        whatever became of the winner). Only the defender's pieces, or the attacking
        General's, leave a fought battle's space then (the attack's movement ended there,
        WW 7.3.B), and only before any General moves on (a later drag out of the space
        may be an interception in a Campaign, WW 7.8)."""
        if impulse.battle is not None or not impulse.battles:
            return None
        battle = impulse.battles[-1]
        if battle.space != origin or not battle.rolled:
            return None
        if moved_since(impulse, battle):
            return None
        if battle.retreat_moves(other(side), before_battle=False):
            return None  # the other side retreated: it lost, this one did not
        if side is not battle.attacker:
            return battle
        return battle if battle.general is not None and battle.general in group.generals \
            else None

    def _retreat(self, step: int, group: _Group, side: Side, battle: Battle,
                 impulse: Impulse, player: str | None) -> None:
        assert group.origin is not None and group.destination is not None
        destination = group.destination.key
        found = tuple(lone_enemy_generals(self.ctx, destination, side)) if group.cu else ()
        self.emit(Retreat(step=step, side=side.value, player=player,
                          generals=tuple(group.generals), carried=group.carried,
                          origin=group.origin.key, destination=destination,
                          attacker=side is battle.attacker, battle=battle, found=found))

    # ------------------------------------------------------------------ boxes, stock

    def _leave(self, view: StepView[Entity, Side], group: _Group, player: str | None
               ) -> None:
        """Pieces that left the map: losses, captures, Generals sent to their box."""
        assert group.origin is not None
        if not group.origin.is_space:
            return
        step, origin = view.index, group.origin.key
        destination = group.destination
        for general in group.generals:
            side = self.sides.get(general)
            if side is not None and destination == REINFORCEMENT_BOX[side]:
                self.emit(SentToBox(step=step, side=side.value, player=player,
                                    general=general, origin=origin))
            elif destination in (CAPTURED, REMOVED):
                self.emit(GeneralRemoved(step=step, side=side.value if side else None,
                                         player=player, general=general, origin=origin,
                                         destination=destination,
                                         impulse=self.proc.impulse))
        if not group.cu:
            return
        impulse = self.proc.impulse
        if impulse is not None and impulse.battle is not None and impulse.battle.space == origin:
            # Losses (or an overrun); counters put back in the space in exchange are making
            # change (WW 2.2.A), credited below.
            self._set_impulse(evolve(impulse, battle=evolve(
                impulse.battle, losses=True,
                loss_steps=(*impulse.battle.loss_steps, step))))
        if self._winter_begins(impulse, origin, group, view):
            self._enter(WINTER_ATTRITION, step, "CUs were removed after both hands emptied",
                        player)
            return
        credit = Counter({(s, n): v for s, n, v in self.proc.change_credit})
        for nat, value in group.cu.items():
            credit[(origin, nat)] += value
        self.proc = evolve(self.proc, change_credit=tuple(
            (s, n, v) for (s, n), v in credit.items() if v > 0))

    def _arrive(self, step: int, groups: Sequence[_Group], player: str | None) -> None:
        """Pieces that came onto map spaces from a box or from stock (WW 8.1.C, 8.2.C,
        12.2.B.ii) — less the CU counters that only made change (WW 2.2.A, 3.0: same
        space, same nationality, same total), whichever came first: the counters taken
        off (credit, which the counters put on use up) or those put on (debit, which
        counters taken off later in the impulse cancel)."""
        if not groups and not (self.proc.change_credit and self.proc.change_debit):
            return  # nothing arrived and nothing to cancel
        credit = Counter({(s, n): v for s, n, v in self.proc.change_credit})
        debit = Counter({(s, n): v for s, n, v in self.proc.change_debit})
        impulse = self.proc.impulse
        for key in list(credit):
            cancelled = min(credit[key], debit[key])
            if cancelled:
                credit[key] -= cancelled
                debit[key] -= cancelled
                if impulse is not None:
                    impulse = _unarrive(impulse, key[0], key[1], cancelled)
        arrivals: dict[str, Arrival] = {}
        for group in groups:
            assert group.destination is not None
            if not group.destination.is_space:
                continue
            space = group.destination.key
            cu = Counter(group.cu)
            for nat in list(cu):
                used = min(cu[nat], credit[(space, nat)])
                cu[nat] -= used
                credit[(space, nat)] -= used
            cu = +cu
            generals = tuple(g for g in group.generals)
            if not generals and not cu:
                continue
            stock = cu if group.origin is None else Counter()
            for nat, value in stock.items():
                debit[(space, nat)] += value
            found = arrivals.get(space) or Arrival(step=step, space=space)
            merged = Counter(dict(found.cu))
            merged.update(cu)
            from_stock = Counter(dict(found.from_stock))
            from_stock.update(stock)
            arriving = {*found.generals, *generals}
            sides = {self.sides[g] for g in arriving if g in self.sides}
            present = tuple(g for g in self.state.space(space).generals
                            if g not in arriving and self.sides.get(g) in sides)
            arrivals[space] = evolve(found, generals=(*found.generals, *generals),
                                     cu=counted(merged), from_stock=counted(from_stock),
                                     present=present)
        self.proc = evolve(self.proc, change_credit=tuple(
            (s, n, v) for (s, n), v in credit.items() if v > 0), change_debit=tuple(
            (s, n, v) for (s, n), v in debit.items() if v > 0))
        for arrival in arrivals.values():
            self.emit(ReinforcementArrived(step=step, player=player, arrival=arrival))
            if impulse is not None:
                impulse = evolve(impulse, arrivals=(*impulse.arrivals, arrival))
        if impulse is not None:
            self._set_impulse(impulse)

    # ------------------------------------------------------------------ political control

    def _pc_changes(self, step: int, pcs: Sequence[Relocation[Entity]]) -> list[PcChange]:
        """PC changes of this step, space by space (a flip is one change)."""
        if not pcs:
            return []
        before = {place.key: self.state.space(place.key).pc
                  for place in places_of(pcs, _on_map)}
        changes = []
        for space, old in before.items():
            new, added = self._pc_after(space, pcs)
            here = self.state.space(space)
            american = here.has_units_of(Side.AM, self.sides)
            units = american or bool(here.cus_of(Side.BR) or here.generals)
            if len(here.pcs) == 2 and here.pcs[0] != here.pcs[1] and new == here.pcs[1] and (
                    added is None):
                # The old marker taken off after the new one was put beside it: the flip
                # ("place the new marker, then remove the old") was read when the new one
                # came (WW 10.11.A.iii, B.iii).
                continue
            if new != old:
                changes.append(PcChange(step, space, old, new, american_units=american,
                                        units=units))
            elif added is not None:
                # A second marker put on a space that already holds one (WW 10.0.A).
                changes.append(PcChange(step, space, old, added, american_units=american,
                                        units=units, added=True))
        return changes

    def _pc_after(self, space: str, pcs: Sequence[Relocation[Entity]]
                  ) -> tuple[Side | None, Side | None]:
        """The PC of a space after the step, and the side of a marker added beside one
        already there (None if none was)."""
        here, sides = space_place(space), list(self.state.space(space).pcs)
        count = len(sides)
        for relocation in pcs:
            before, after = relocation.before, relocation.after
            if before is not None and before.place == here and (
                    Side(before.entity.key) in sides):
                sides.remove(Side(before.entity.key))
            if after is not None and after.place == here:
                sides.append(Side(after.entity.key))
        extra = sides[-1] if len(sides) > max(count, 1) else None
        return (sides[0] if sides else None), extra

    def _pc(self, step: int, change: PcChange, player: str | None) -> None:
        """A PC change: charged to the card being played, or placed in the Political
        Control Phase (WW 5.6, 10.2) — which it is once both hands are empty and the last
        card cannot account for it (`_after_last_card`)."""
        impulse = self.proc.impulse
        actor = change.after if change.after is not None else (
            other(change.before) if change.before is not None else None)
        if impulse is not None and actor is not None and self.hands_empty():
            reading = self._after_last_card(impulse, actor, change)
            if reading == "phase":
                self._enter(POLITICAL_CONTROL, step, "both hands are empty and the last "
                            "card cannot account for this PC change", player)
                impulse = None
            elif reading == "either":
                change = evolve(change, maybe_phase=True)
        if impulse is not None:
            recorded = dict(impulse.pc_before)
            if change.space not in recorded:
                recorded[change.space] = change.before
            if actor is impulse.side and impulse.use is Use.CAMPAIGN and actor is Side.BR:
                # A British PC change with a Campaign card is a Landing Party (WW 7.2.B).
                impulse = evolve(impulse, landing_party=(*impulse.landing_party, change),
                                  pc_before=tuple(recorded.items()))
            elif actor is impulse.side:
                impulse = evolve(impulse, pcs=(*impulse.pcs, change),
                                  pc_before=tuple(recorded.items()))
            else:
                impulse = evolve(impulse, other_pcs=(*impulse.other_pcs, change),
                                  pc_before=tuple(recorded.items()))
            self._set_impulse(impulse)
        elif self.hands_empty() and self.proc.last is not None and (
                not self._in(POLITICAL_CONTROL)):
            self._enter(POLITICAL_CONTROL, step, "a PC marker changed after the Strategy "
                        "Phase", player)
        if (self.proc.impulse is None and change.after is None and change.before is not None
                and self._in(POLITICAL_CONTROL)):
            self._isolation_removal(step, change.space, change.before)
        self.emit(PcChanged(step=step, side=actor.value if actor else None, player=player,
                            change=change, impulse=self.proc.impulse,
                            phase=self.proc.moment.phase
                            if self.proc.moment.known else None))

    def _after_last_card(self, impulse: Impulse, actor: Side, change: PcChange) -> str:
        """With both hands empty, whether a PC change is the last card's (`card`), the
        Political Control Phase's (`phase`), or could be either (`either`: charged to the
        card, which allows it, and marked). The phase places or flips only where the
        player has an Army (WW 10.2.2); the card allows up to its OPS value of PC actions
        (WW 10.11), or one Landing Party (WW 7.2.B), and nothing once it was spent on
        something else (WW 5.3, 6.2). A change the card cannot take and the phase does not
        allow is the card's: it is still the Strategy Phase until the log shows otherwise.
        An OPS card never removes a PC (WW 6.32.B Play Note): a removal after it is the
        phase's (its Remove Isolated PC Markers segment, WW 10.2.3)."""
        record = self.data.cards.get(impulse.card)
        washington = self._alliance_open[2]
        if change.before is Side.AM and change.after is None and (
                washington is not None and washington.is_space
                and self.state.general_at.get(WASHINGTON) in (CAPTURED, REMOVED)):
            # Washington was captured in this impulse: "The British player immediately
            # removes 5 American PC markers" (WW 7.6.B), in the card's impulse.
            return "card"
        if change.after is None and record is not None and record.kind is CardKind.OPS and (
                not (impulse.activations or impulse.battles or impulse.battle)):
            # (With movement, Washington may have been captured: the British then remove
            # 5 American PCs in the impulse, WW 7.6.B.)
            return "phase"
        here = self.state.space(change.space)
        army = bool(here.cus_of(actor)) and bool(here.generals_of(actor, self.sides))
        if actor is not impulse.side:
            if impulse.card == DECLARATION and actor is Side.AM and change.before is None:
                # Whoever plays the Declaration, the American places its PCs (WW 6.34.C.i).
                return "either" if army else "card"
            # The other side's card was played before: his own placements now are the
            # phase's; removals of his markers stay with the card being played.
            return "phase" if change.after is actor else "card"
        if army and change.before is None and impulse.use is Use.CAMPAIGN:
            # A Landing Party places only in an empty port (WW 7.2.B): never here.
            return "phase"
        if army and change.before is not None and change.after is actor and (
                impulse.card == DECLARATION):
            # The Declaration flips no PC (WW 6.34.C.i): a flip is the phase's.
            return "phase"
        if self._absorbs(impulse):
            return "either" if army and change.after is actor else "card"
        if (army and change.after is actor) or not self._chargeable(impulse):
            return "phase"
        return "card"

    def _absorbs(self, impulse: Impulse) -> bool:
        """Whether the impulse's card can take one more PC change of its side."""
        if not self._chargeable(impulse):
            return False
        if impulse.use is Use.CAMPAIGN:
            return impulse.side is Side.BR and not impulse.landing_party
        record = self.data.cards.get(impulse.card)
        if record is not None and record.kind is CardKind.EVENT and (
                impulse.exchanged or (record.flag is not None
                                      and record.flag.value == other(impulse.side).value)):
            # A discarded Event allows one PC action (WW 6.32.B); one with the opponent's
            # flag is always discarded (WW 6.32.A), as is one taken in exchange (6.32.C).
            return not impulse.pcs
        if record is None or record.kind is not CardKind.OPS or record.ops is None:
            return True  # an Event's text is not interpreted: it may allow more
        return sum(1 for c in impulse.pcs if c.after is impulse.side) < record.ops

    def _chargeable(self, impulse: Impulse) -> bool:
        """Whether the impulse's card can still account for a PC change of its side."""
        if impulse.activations and impulse.use is not Use.CAMPAIGN:
            return False
        return not (impulse.arrivals or impulse.use in (Use.REINFORCE, Use.QUEUE, Use.GLOVER))

    # ------------------------------------------------------------------ after the cards

    def _set_season(self, season: Season) -> None:
        self.proc = evolve(self.proc, season=season)

    def _winter_begins(self, impulse: Impulse | None, origin: str, group: _Group,
                       view: StepView[Entity, Side]) -> bool:
        """Whether CUs leaving the map now begin the Winter Attrition Phase (WW 5.4): both
        hands are empty, the phase is not past the cards, the step takes CUs off the space
        (not making change) and no card being played can account for it — none, or an
        OPS card whose battle is not there (an Event's text is not interpreted)."""
        if not self.hands_empty() or self.proc.season.winter_start is not None:
            return False
        moment = self.proc.moment
        if moment.known and moment.phase not in (STRATEGY_CARDS, STRATEGY):
            return False
        net = view.net(_cus_in_space)
        if not any(net.get((origin, nat), 0) < 0 for nat in group.cu):
            return False
        if impulse is None:
            return True
        record = self.data.cards.get(impulse.card)
        return (impulse.battle is None and record is not None
                and record.kind is CardKind.OPS)

    def _winter_rolls(self, view: StepView[Entity, Side]) -> None:
        """Dice of the Winter Attrition Phase (a lone CU's roll, T8), and dice rolled once
        both hands emptied with no battle open: the roll may come before the first loss
        that shows the phase."""
        if not view.rolls:
            return
        season = self.proc.season
        impulse = self.proc.impulse
        if season.winter_done:
            return
        if not self._in(WINTER_ATTRITION) and not (
                self.hands_empty() and (impulse is None or impulse.battle is None)
                and season.winter_start is None):
            return
        self._set_season(evolve(season, winter_rolls=(*season.winter_rolls, *view.dice)))

    def _winter_changes(self, step: int, pieces: Sequence[Relocation[Entity]]) -> None:
        spaces = {place.key for place in places_of(
            [r for r in pieces if _kind(r) in ("cu", "general", "congress")], _on_map)}
        if spaces:
            self._set_season(self.proc.season.with_changes(spaces, step))

    def _end_changes(self, step: int, pieces: Sequence[Relocation[Entity]]) -> None:
        """A step of the shown End Phase that took CUs off or onto map spaces (WW 5.7)."""
        if places_of([r for r in pieces if _kind(r) == "cu"], _on_map):
            season = self.proc.season
            self._set_season(evolve(season, end_changed=(*season.end_changed, step)))

    def _after_cards(self, left: str | None, phase: str, step: int,
                     player: str | None) -> None:
        """A phase after the cards began: keep the Winter Attrition Phase's starting
        position, judge a phase that ended (WW 5.4–5.7)."""
        season = self.proc.season
        if phase == WINTER_ATTRITION:
            if season.winter_start is None:
                start = self._pre if self._pre is not None else snapshot(self.state)
                hands = (tuple(sorted((side, n) for side, n in self.state.hand_size.items()))
                         if self.proc.moment.knowledge is Knowledge.SHOWN else ())
                self._set_season(evolve(season, winter_start=start, winter_step=step,
                                        winter_hands=hands))
            return
        if phase == STRATEGY and season.new_turn:
            leftovers = tuple(sorted((box.key, card) for box in CLEARED_AT_TURN_END
                                     for card in self.state.cards_in(box)))
            self.emit(StrategyBegan(step=step, player=player, leftovers=leftovers))
        past_winter = SEQUENCE.index(phase) > SEQUENCE.index(WINTER_ATTRITION)
        if left == WINTER_ATTRITION:
            self._end_winter(step, player, complete=True)
        elif left in (STRATEGY_CARDS, STRATEGY) and past_winter and self.hands_empty():
            self._end_winter(step, player, complete=True, seen=False)
        if phase == POLITICAL_CONTROL and season.political_start is None:
            start = self._pre if self._pre is not None else snapshot(self.state)
            self._set_season(evolve(self.proc.season, political_start=start,
                                    congress_dispersed=bool(
                                        self.state.at(CONGRESS_DISPERSED).congress)))
        if left == POLITICAL_CONTROL and phase == END:
            self._end_isolation(step, player, complete=True)
        if phase == END:
            self._set_season(evolve(self.proc.season, end_start=snapshot(self.state)))
            self._end_turn(step, player, None)

    def _end_winter(self, step: int, player: str | None, *, complete: bool,
                    seen: bool = True) -> None:
        season = self.proc.season
        if season.winter_done:
            return
        now = self._pre if self._pre is not None and not seen else snapshot(self.state)
        start = season.winter_start or now
        self.emit(WinterAttritionEnded(step=step, player=player, start=start, end=now,
                                       rolls=season.winter_rolls,
                                       changed=season.winter_changed, complete=complete,
                                       seen=seen, began=season.winter_step,
                                       hands=season.winter_hands))

    def _isolation_removal(self, step: int, space: str, side: Side) -> None:
        season = self.proc.season
        if season.isolation_done:
            return
        if season.isolation_start is None:
            start = self._pre if self._pre is not None else snapshot(self.state)
            season = evolve(season, isolation_start=start, isolation_step=step)
        self._set_season(evolve(season, removals=(*season.removals,
                                                   PcRemoval(step, space, side))))

    def _end_isolation(self, step: int, player: str | None, *, complete: bool) -> None:
        season = self.proc.season
        if season.isolation_done:
            return
        start = season.isolation_start or snapshot(self.state)
        self.emit(IsolationSegmentEnded(
            step=step, player=player, start=start, removals=season.removals,
            complete=complete, phase_start=season.political_start,
            dispersed_at_start=season.congress_dispersed,
            dispersed_at_end=bool(self.state.at(CONGRESS_DISPERSED).congress)))

    def _navy(self, step: int, pieces: Sequence[Relocation[Entity]],
              player: str | None) -> None:
        """The French Navy moved: from one Blockade Zone (or the Turn Track, WW 12.2) to
        another once both hands are empty, it shows the French Naval Phase (WW 5.5)."""
        for relocation in pieces:
            origin, destination = relocation.origin, relocation.destination
            if _kind(relocation) != "navy" or origin == destination:
                continue
            moment = self.proc.moment
            # From a Blockade Zone, or from the Turn Track where "d'Estaing Sails to the
            # Caribbean" put it until the next French Navy Phase (WW 12.2).
            between_zones = (origin is not None and destination is not None
                             and origin.kind in (PlaceKind.ZONE, PlaceKind.TRACK)
                             and destination.kind is PlaceKind.ZONE)
            before_naval = not moment.known or SEQUENCE.index(moment.phase or STRATEGY) < (
                SEQUENCE.index(FRENCH_NAVAL))
            if between_zones and before_naval and self.hands_empty() and (
                    self.proc.impulse is None or self.proc.impulse.battle is None):
                self._enter(FRENCH_NAVAL, step, "the French Navy moved into a Blockade "
                            "Zone after both hands emptied", player)
                moment = self.proc.moment
            impulse = self.proc.impulse
            self.emit(NavyMoved(step=step, player=player, origin=origin,
                                destination=destination,
                                phase=moment.phase if moment.known else None,
                                card=impulse.card if impulse is not None else None,
                                year=self.state.year))

    def _congress(self, step: int, pieces: Sequence[Relocation[Entity]],
                  player: str | None) -> None:
        """The Congress put on a map space: it returns from dispersal only in the Congress
        Segment and never moves any other way (WW 10.2.1)."""
        for relocation in pieces:
            origin, destination = relocation.origin, relocation.destination
            if _kind(relocation) != "congress" or destination is None or (
                    not destination.is_space) or origin == destination or origin is None:
                continue
            moment = self.proc.moment
            if origin == CONGRESS_DISPERSED and self.hands_empty() and (
                    self.proc.last is not None or self.proc.impulse is not None) and (
                    not moment.known or SEQUENCE.index(moment.phase or STRATEGY)
                    < SEQUENCE.index(POLITICAL_CONTROL)) and (
                    self.proc.impulse is None or self.proc.impulse.battle is None):
                # The cards are over: the dispersed Congress returns in the Congress
                # Segment, the first of the Political Control Phase (WW 5.6, 10.2.1).
                self._enter(POLITICAL_CONTROL, step, "the dispersed Congress returned after "
                            "both hands emptied", player)
                moment = self.proc.moment
            self.emit(CongressPlaced(step=step, player=player, origin=origin.key,
                                     space=destination.key,
                                     from_dispersed=origin == CONGRESS_DISPERSED,
                                     phase=moment.phase if moment.known else None))

    def _end_turn(self, step: int, player: str | None, next_year: str | None, *,
                  final: bool = False) -> None:
        """The End Phase (WW 5.7): shown, implied by the next year, or where the log ends."""
        if self.proc.season.turn_ended:
            return
        if not final:
            # The turn is over: a General captured in it or before, even before the log
            # began, may return in the next (WW 7.6.A).
            for general, turn in self.state.last_captured.items():
                if turn is None:
                    self.state.last_captured[general] = self.state.turns_ended
            self.state.turns_ended += 1
        self.emit(TurnEnded(step=step, player=player, year=self.state.year,
                            next_year=next_year, war_ends=tuple(sorted(
                                self.state.cards_in(WAR_ENDS))), final=final))


def _alliance_placed(impulse: Impulse) -> Impulse:
    """The impulse in which the alliance came, with the French forces that arrived in it
    set apart as the alliance's placement (WW 12.2.B.ii), not reinforcements: no card was
    played into a Reinforcement Card box for them."""
    french = tuple(a for a in impulse.arrivals if ROCHAMBEAU in a.generals or any(
        nationality is Nationality.FR for nationality, _ in a.cu))
    if not french:
        return impulse
    return evolve(impulse, arrivals=tuple(a for a in impulse.arrivals if a not in french),
                  alliance_arrivals=french)


def moved_since(impulse: Impulse, battle: Battle) -> bool:
    """Whether a General of the impulse moved after the battle's last step: what follows
    is no longer that battle's (a die, a drag out of its space)."""
    return any(leg.step > battle.last_step for activation in impulse.activations
               for leg in activation.legs)


def interceptable(leg: Leg, side: Side) -> bool:
    """Whether a British leg gives the Americans a chance to intercept (WW 7.8.A–B): an
    Army (with CUs) entering, by land, a space with an American PC and no CU before."""
    return (side is Side.BR and bool(leg.carried) and leg.enemy_pc_at_destination
            and not leg.friendly_cus_at_destination and not leg.enemy_cus_at_destination
            and leg.naval != ELIGIBLE)


def interceptors(ctx: Context, space: str) -> tuple[str, ...]:
    """The American Armies (a General with CUs) that could intercept into `space`: those
    adjacent to it (the Falmouth–Quebec line for Arnold only, WW 7.4.D)."""
    found: list[str] = []
    for neighbour in ctx.graph.neighbours(space):
        line = ctx.graph.connection(space, neighbour)
        there = ctx.state.space(neighbour)
        if not there.cus_of(Side.AM):
            continue
        for general in there.generals_of(Side.AM, ctx.sides):
            if not open_to(line, general):
                continue
            found.append(general)
    return tuple(found)


def passed_interceptors(ctx: Context, leg: Leg) -> set[str] | None:
    """The American Armies that could have intercepted a British drag in a space it passed
    on the way to its destination (WW 7.8.A: an American PC, no American CU); None when
    the spaces it may have passed are not known (the map incomplete, no route found)."""
    if ctx.graph.adjacent(leg.origin, leg.destination):
        return set()
    budget = leg.high if leg.high is not None else leg.low
    if budget is None or not ctx.graph.complete:
        return None
    to_origin, to_destination = hops(ctx, leg.origin), hops(ctx, leg.destination)
    found: set[str] = set()
    for space, near in to_origin.items():
        if space in (leg.origin, leg.destination) or space not in to_destination:
            continue
        if near + to_destination[space] > budget:
            continue
        there = ctx.state.space(space)
        if there.pc is Side.AM and not there.cus_of(Side.AM):
            found.update(interceptors(ctx, space))
    return found


def hops(ctx: Context, origin: str) -> dict[str, int]:
    """The fewest lines from `origin` to every space (each line costs 1 MP or more)."""
    seen = {origin: 0}
    frontier = [origin]
    while frontier:
        following: list[str] = []
        for space in frontier:
            for neighbour in ctx.graph.neighbours(space):
                if neighbour not in seen:
                    seen[neighbour] = seen[space] + 1
                    following.append(neighbour)
        frontier = following
    return seen


def _unarrive(impulse: Impulse, space: str, nationality: Nationality, count: int) -> Impulse:
    """The impulse less `count` CUs of a nationality that came into a space from stock
    (latest first): they were making change, not reinforcements."""
    arrivals = list(impulse.arrivals)
    for index in range(len(arrivals) - 1, -1, -1):
        arrival = arrivals[index]
        if count == 0 or arrival.space != space:
            continue
        stock, cu = Counter(dict(arrival.from_stock)), Counter(dict(arrival.cu))
        taken = min(count, stock[nationality])
        stock[nationality] -= taken
        cu[nationality] -= taken
        count -= taken
        arrivals[index] = evolve(arrival, cu=counted(cu), from_stock=counted(stock))
    return evolve(impulse, arrivals=tuple(a for a in arrivals if a.generals or a.cu))


def _cus_in_space(entity: Entity, place: Place) -> tuple[tuple[str, Nationality], int] | None:
    """What a CU counter on a map space counts for: its space and nationality, its value."""
    if entity.kind == "cu" and place.is_space:
        return (place.key, entity.nationality), entity.value
    return None


def _mover(relocation: Relocation[Entity]) -> bool | None:
    """Pieces that move in groups are grouped whatever their side (None: not grouped)."""
    return True if _kind(relocation) in MOVERS else None


def _alliance_piece(relocation: Relocation[Entity]) -> str | None:
    """`marker`, `navy` or `french` for the French Alliance marker, the French Navy and
    the French forces (Rochambeau, French CUs) (WW 12.2.B); None for any other piece."""
    entity = _entity(relocation)
    if entity.kind == "alliance":
        return "marker"
    if entity.kind == "navy":
        return "navy"
    if (entity.kind == "general" and entity.key == ROCHAMBEAU) or (
            entity.kind == "cu" and entity.nationality is Nationality.FR):
        return "french"
    return None


def _kind(relocation: Relocation[Entity]) -> str:
    return _entity(relocation).kind


def _entity(relocation: Relocation[Entity]) -> Entity:
    placed = relocation.after if relocation.after is not None else relocation.before
    assert placed is not None
    return placed.entity


def _on_map(place: Place | None) -> bool:
    return place is not None and place.is_space


__all__ = ["FRENCH_NAVAL", "Interpreter"]
