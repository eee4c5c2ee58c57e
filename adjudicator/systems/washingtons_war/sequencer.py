"""Washington's War on the common sequencer (`adjudicator.systems.common.sequencer`).

The turn is declared in `procedure.TURN`. This module writes only where WW's rules
differ from the common transitions, and what an action does to the procedure:

- a phase play is known to be in is not entered again, even when the log's marker then
  shows it;
- a new turn (WW 5.0) empties the record of the Operations Queues (WW 7.1.B) and forgets
  the change being made (WW 2.2.A) and the last impulse;
- an impulse opens with its card (WW 5.3): any other play abandons the side's queue, a
  card into the queue box adds to it (WW 7.1.B); it closes with its last record, and a
  queue used to activate a General is over (WW 7.1.B.iii); making change never spans an
  impulse (WW 2.2.A, 3.0);
- a card given for the opponent's discarded Event (WW 6.32.C) marks that impulse taken;
- an interception (WW 7.8) opens its battle and stops the British General; an attempt
  that failed marks the Army (WW 7.8.E); a Battle Card or discard in Step 1 (WW 9.45)
  joins the open battle, one after the procedure's dice does not; a retreat's drag joins
  its battle (WW 9.61.B); a battle settled joins its impulse's
  battles (WW 9.1, 9.2); a retreat before battle (WW 7.9) marks the battle and stops the
  activated General;
- the phases after the cards are judged once each (WW 5.4–5.7): the Strategy Phase's
  start, the Winter Attrition Phase's end, the isolation segment's end and the turn's end
  are each recorded in the turn's `Season` as they are judged (a turn ended only because
  the log did is not over).
"""

from __future__ import annotations

from collections.abc import Mapping

from adjudicator.systems.common.actions import Action
from adjudicator.systems.common.sequence import Knowledge, Moment
from adjudicator.systems.common.sequencer import (
    Effect,
    Facts,
    Placement,
    Sequencer,
    Transition,
)
from adjudicator.systems.common.values import evolve
from adjudicator.systems.washingtons_war.actions import (
    BattleCardPlayed,
    BattleSettled,
    CardExchanged,
    ImpulseEnded,
    ImpulseOpened,
    Interception,
    InterceptionAttempted,
    InterceptionJoined,
    IsolationSegmentEnded,
    Retreat,
    RetreatBeforeBattle,
    StrategyBegan,
    TurnEnded,
    WinterAttritionEnded,
)
from adjudicator.systems.washingtons_war.data import Side
from adjudicator.systems.washingtons_war.procedure import (
    TURN,
    BattleCard,
    Impulse,
    RetreatMove,
    Stop,
    Use,
    WWProcedure,
    carried_total,
)
from adjudicator.systems.washingtons_war.season import Season

SEASON_MARKS: Mapping[type[Action], tuple[str, bool]] = {
    StrategyBegan: ("new_turn", False), WinterAttritionEnded: ("winter_done", True),
    IsolationSegmentEnded: ("isolation_done", True), TurnEnded: ("turn_ended", True)}
"""What each phase judged after the cards marks in the turn's `Season`."""


class WWSequencer(Sequencer[WWProcedure]):
    """The common sequencer with WW's transitions (see the module docstring)."""

    __slots__ = ("_placed",)

    def __init__(self) -> None:
        super().__init__(TURN)
        self._placed = Placement(Moment())
        """The last placement made (most actions in a row share their moment)."""

    def transitions(self) -> Mapping[type[Action], Transition[WWProcedure]]:
        """The common transitions, and WW's impulses, exchanges, battles and the phases
        after the cards."""
        return {**super().transitions(), ImpulseOpened: self._impulse_opened,
                ImpulseEnded: self._impulse_ended, CardExchanged: self._exchanged,
                BattleSettled: self._battle_settled,
                **dict.fromkeys(SEASON_MARKS, self._season)}

    def enters(self, proc: WWProcedure, phase: str, knowledge: Knowledge) -> bool:
        """Whether entering `phase` changes anything: not when play is known to be in it
        (shown or not), nor when play suggests a phase other than the one shown."""
        moment = proc.moment
        if moment.known and moment.phase == phase:
            return False
        return moment.knowledge is not Knowledge.SHOWN or knowledge is Knowledge.SHOWN

    def new_turn(self, proc: WWProcedure, turn: str, step: int, *, reason: str,
                 facts: Facts, player: str | None = None) -> WWProcedure:
        """A new turn begins in the Reinforcements Phase (WW 5.1)."""
        proc = evolve(proc, season=Season(new_turn=True))
        proc = super().new_turn(proc, turn, step, reason=reason, facts=facts, player=player)
        return evolve(proc, queues=(), change_credit=(), change_debit=(), last=None)

    def placement(self, proc: WWProcedure, action: Action | None) -> Placement:
        """Where an action stands: the moment (WW's impulse, activation and battle are
        its own records, which the actions carry)."""
        placed = self._placed
        if placed.moment is not proc.moment:
            placed = self._placed = Placement(proc.moment)
        return placed

    def effects(self) -> Mapping[type[Action], Effect[WWProcedure]]:
        """What a reaction or a Battle Card does to the battle (see the module docstring)."""
        return {BattleCardPlayed: self._battle_card, Interception: self._interception,
                RetreatBeforeBattle: self._retreat_before_battle, Retreat: self._retreat,
                InterceptionAttempted: self._attempted, InterceptionJoined: self._joined}

    @staticmethod
    def _battle_card(proc: WWProcedure, action: Action) -> WWProcedure:
        assert isinstance(action, BattleCardPlayed)
        assert action.side is not None  # the interpreter names the side a card left
        if action.after_dice:
            return proc  # no Step 1 card of the battle (WW 9.45): no modifier
        card = BattleCard(action.step, Side(action.side), action.card)
        battle = evolve(action.battle, cards=(*action.battle.cards, card))
        return evolve(proc, impulse=evolve(action.impulse, battle=battle))

    @staticmethod
    def _retreat(proc: WWProcedure, action: Action) -> WWProcedure:
        assert isinstance(action, Retreat)
        impulse = proc.impulse
        if impulse is None:
            return proc
        side = Side(action.side) if action.side else action.battle.attacker
        move = RetreatMove(action.step, side, action.destination, action.generals,
                           carried_total(action.carried), found=action.found)
        if impulse.battle is not None:
            battle = evolve(impulse.battle, retreats=(*impulse.battle.retreats, move))
            return evolve(proc, impulse=evolve(impulse, battle=battle))
        if impulse.battles and impulse.battles[-1].space == action.origin:
            # A retreat from a battle already settled (its winner was captured first).
            last = impulse.battles[-1]
            last = evolve(last, retreats=(*last.retreats, move))
            return evolve(proc, impulse=evolve(impulse, battles=(*impulse.battles[:-1], last)))
        return proc

    @staticmethod
    def _joined(proc: WWProcedure, action: Action) -> WWProcedure:
        assert isinstance(action, InterceptionJoined)
        impulse = proc.impulse
        if impulse is None or impulse.battle is None:
            return proc
        battle = impulse.battle
        battle = evolve(battle, left_behind=action.left_behind, intercepting=(
            *battle.intercepting, (action.step, carried_total(action.carried))))
        return evolve(proc, impulse=evolve(impulse, battle=battle))

    @staticmethod
    def _attempted(proc: WWProcedure, action: Action) -> WWProcedure:
        assert isinstance(action, InterceptionAttempted)
        impulse = proc.impulse
        if impulse is None:
            return proc
        if action.general is None:
            return evolve(proc, impulse=evolve(impulse, may_have_intercepted=(
                impulse.may_have_intercepted | set(action.candidates))))
        return evolve(proc, impulse=evolve(
            impulse, intercepted_by=impulse.intercepted_by | {action.general}))

    @classmethod
    def _interception(cls, proc: WWProcedure, action: Action) -> WWProcedure:
        assert isinstance(action, Interception)
        # The interception is the attempt the dice since the British leg were for.
        impulse = evolve(action.impulse, chance=None,
                         intercepted_by=action.impulse.intercepted_by | {action.general})
        return evolve(proc, impulse=evolve(cls._stopped(
            impulse, action.step, action.destination, "interception"), battle=action.battle))

    @classmethod
    def _retreat_before_battle(cls, proc: WWProcedure, action: Action) -> WWProcedure:
        assert isinstance(action, RetreatBeforeBattle)
        move = RetreatMove(action.step, Side(action.side) if action.side else Side.AM,
                           action.destination, (action.general,) if action.general else (),
                           carried_total(action.carried), before_battle=True,
                           found=action.found)
        battle = evolve(action.battle, rbb=True,
                        retreats=(*action.battle.retreats, move))
        return evolve(proc, impulse=evolve(cls._stopped(
            action.impulse, action.step, battle.space, "retreat before battle"),
            battle=battle))

    @staticmethod
    def _stopped(impulse: Impulse, step: int, space: str, reason: str) -> Impulse:
        """The impulse with its activated General's movement stopped (WW 7.3.B)."""
        activation = impulse.activation
        if activation is None:
            return impulse
        return impulse.with_activation(evolve(activation, stop=Stop(step, space, reason)))

    @staticmethod
    def _impulse_opened(proc: WWProcedure, action: Action, facts: Facts) -> WWProcedure:
        assert isinstance(action, ImpulseOpened)
        impulse = action.impulse
        proc = evolve(proc, change_credit=(), change_debit=())
        if impulse.use is Use.QUEUE:
            proc = proc.with_queue(impulse.side, impulse.queue)
        elif proc.queue(impulse.side):
            # Any other play abandons the queue (WW 7.1.B.iii).
            proc = proc.with_queue(impulse.side, ())
        return evolve(proc, impulse=impulse)

    @staticmethod
    def _impulse_ended(proc: WWProcedure, action: Action, facts: Facts) -> WWProcedure:
        assert isinstance(action, ImpulseEnded)
        impulse = action.impulse
        if impulse.use is Use.QUEUE and impulse.activations:
            # A queue used to activate a General is over (WW 7.1.B.iii): the next card
            # into the queue box starts a new one.
            proc = proc.with_queue(impulse.side, ())
        # Making change is done within an impulse (or between two): what the counters
        # taken off and put on did not net out is no longer change (WW 2.2.A, 3.0).
        return evolve(proc, impulse=None, last=impulse, change_credit=(), change_debit=())

    @staticmethod
    def _exchanged(proc: WWProcedure, action: Action, facts: Facts) -> WWProcedure:
        if proc.impulse is not None:
            return evolve(proc, impulse=evolve(proc.impulse, exchanged=True))
        if proc.last is not None:
            return evolve(proc, last=evolve(proc.last, exchanged=True))
        return proc

    @staticmethod
    def _season(proc: WWProcedure, action: Action, facts: Facts) -> WWProcedure:
        if isinstance(action, TurnEnded) and action.final:
            return proc  # the log ended: the turn is not over
        mark, value = SEASON_MARKS[type(action)]
        return evolve(proc, season=evolve(proc.season, **{mark: value}))

    @staticmethod
    def _battle_settled(proc: WWProcedure, action: Action, facts: Facts) -> WWProcedure:
        assert isinstance(action, BattleSettled)
        impulse = action.impulse
        return evolve(proc, impulse=evolve(impulse, battle=None,
                                           battles=(*impulse.battles, action.battle)))


SEQUENCER = WWSequencer()
"""The one WW sequencer (it keeps no state of play: the procedure is its argument)."""


__all__ = ["SEQUENCER", "WWSequencer"]
