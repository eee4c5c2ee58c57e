"""Washington's War on the common sequencer: its turn as declared, and the transitions its
rules change (phases, impulses, queues, exchanges, battles, the phases after the cards)."""

from __future__ import annotations

from adjudicator.systems.common.actions import PhaseChange
from adjudicator.systems.common.places import Place, PlaceKind
from adjudicator.systems.common.sequence import Knowledge, Moment
from adjudicator.systems.common.sequencer import NewTurn, PhaseInferred, PhaseShown
from adjudicator.systems.common.values import evolve
from adjudicator.systems.washingtons_war.actions import (
    BattleCardPlayed,
    BattleSettled,
    CardExchanged,
    ImpulseEnded,
    ImpulseOpened,
    Interception,
    RetreatBeforeBattle,
    TurnEnded,
)
from adjudicator.systems.washingtons_war.data import Side
from adjudicator.systems.washingtons_war.procedure import (
    REINFORCEMENTS,
    SEQUENCE,
    STRATEGY,
    STRATEGY_CARDS,
    TURN,
    Activation,
    Battle,
    BattleCard,
    Impulse,
    Use,
    WWProcedure,
)
from adjudicator.systems.washingtons_war.season import Season
from adjudicator.systems.washingtons_war.sequencer import SEQUENCER

DISCARD = Place(PlaceKind.DISCARD)
QUEUE_BOX = Place(PlaceKind.CARDS, "br_queue")


def impulse(side: Side = Side.BR, card: str = "c1", *, use: Use = Use.UNKNOWN,
            queue: tuple[str, ...] = (), step: int = 1) -> Impulse:
    return Impulse(side=side, card=card, destination=QUEUE_BOX if use is Use.QUEUE
                   else DISCARD, step=step, player=None, use=use, queue=queue)


def test_the_turn_is_declared_with_the_strategy_phase_s_impulses_and_their_battles() -> None:
    assert [p.id for p in SEQUENCE.phases][:4] == ["setup", REINFORCEMENTS, STRATEGY_CARDS,
                                                  STRATEGY]
    assert TURN.first == REINFORCEMENTS  # the set-up is played once (WW 4.0)
    strategy = TURN.alternating
    assert strategy is not None and strategy.alternation is not None
    assert strategy.alternation.unit == "impulse" and strategy.citation == "WW 5.3"
    assert TURN.citation(STRATEGY, ("activation", "battle")) == "WW 9.2"


def test_a_marker_showing_the_phase_play_is_known_to_be_in_changes_nothing() -> None:
    # WW keeps an inferred phase as it is when the marker then shows it (the common
    # sequencer would mark it shown).
    proc = SEQUENCER.advance(WWProcedure(), PhaseInferred(
        step=1, phase=STRATEGY, reason="a card left a hand")).after
    shown = SEQUENCER.advance(proc, PhaseShown(step=2, phase=STRATEGY))
    assert shown.facts == () and shown.after.moment.knowledge is Knowledge.INFERRED
    # Play never overrides a phase the log shows.
    marked = SEQUENCER.advance(WWProcedure(), PhaseShown(step=1, phase=STRATEGY)).after
    assert SEQUENCER.advance(marked, PhaseInferred(step=2, phase=STRATEGY_CARDS,
                                                   reason="dealt")).facts == ()


def test_a_new_turn_empties_the_queues_and_forgets_the_last_impulse() -> None:
    proc = WWProcedure(last=impulse(), queues=((Side.AM, ("q1",)),),
                       season=Season(turn_ended=True))
    advance = SEQUENCER.advance(proc, NewTurn(step=7, turn="1777", reason="the year"))
    change = advance.facts[-1]
    assert isinstance(change, PhaseChange) and change.phase == REINFORCEMENTS
    after = advance.after
    assert after.queues == () and after.last is None and after.season == Season(new_turn=True)
    assert after.moment == Moment(turn="1777", phase=REINFORCEMENTS,
                                  knowledge=Knowledge.INFERRED, reason="the year",
                                  since_step=7)


def test_a_card_into_the_queue_box_adds_to_the_queue_and_another_play_abandons_it() -> None:
    queued = impulse(use=Use.QUEUE, queue=("c0", "c1"))
    proc = SEQUENCER.advance(WWProcedure(queues=((Side.BR, ("c0",)),)), ImpulseOpened(
        step=1, side="BR", impulse=queued, previous=None, opponent_cards=3)).after
    assert proc.impulse is queued and proc.queue(Side.BR) == ("c0", "c1")
    ended = SEQUENCER.advance(proc, ImpulseEnded(step=1, impulse=queued)).after
    assert ended.impulse is None and ended.last is queued
    assert ended.queue(Side.BR) == ("c0", "c1")  # not used to activate: it stays
    other = impulse(card="c2", step=2)
    after = SEQUENCER.advance(ended, ImpulseOpened(step=2, side="BR", impulse=other,
                                                   previous=queued, opponent_cards=3)).after
    assert after.queue(Side.BR) == () and after.impulse is other


def test_a_queue_used_to_activate_a_general_is_over_when_its_impulse_ends() -> None:
    used = evolve(impulse(use=Use.QUEUE, queue=("c0", "c1")),
                  activations=(Activation(general="howe", step=1),))
    proc = WWProcedure(impulse=used, queues=((Side.BR, ("c0", "c1")),))
    after = SEQUENCER.advance(proc, ImpulseEnded(step=3, impulse=used)).after
    assert after.queues == () and after.last is used


def test_an_exchange_marks_the_impulse_under_way_or_else_the_last() -> None:
    exchange = CardExchanged(step=2, side="AM", given="c9", taken="c1")
    under_way = SEQUENCER.advance(WWProcedure(impulse=impulse()), exchange).after
    assert under_way.impulse is not None and under_way.impulse.exchanged
    done = SEQUENCER.advance(WWProcedure(last=impulse()), exchange).after
    assert done.last is not None and done.last.exchanged and done.impulse is None


def test_a_battle_settled_joins_its_impulse_and_a_retreat_before_battle_stops_the_general(
        ) -> None:
    battle = Battle(space="boston", attacker=Side.BR, general="howe",
                    entered_from=frozenset({"salem"}), step=4)
    activation = Activation(general="howe", step=3)
    fighting = evolve(impulse(), activations=(activation,), battle=battle)
    retreat = SEQUENCER.advance(WWProcedure(impulse=fighting), RetreatBeforeBattle(
        step=5, side="AM", general="greene", origin="boston", destination="cambridge",
        carried=(), battle=battle, impulse=fighting))
    # Judged against the battle as it stood; its effect comes after.
    assert retreat.at.impulse is fighting
    after = retreat.after.impulse
    assert after is not None and after.battle is not None and after.battle.rbb
    assert after.activation is not None and after.activation.stop is not None
    assert (after.activation.stop.space, after.activation.stop.reason) == (
        "boston", "retreat before battle")
    settled = SEQUENCER.advance(retreat.after, BattleSettled(
        step=6, side="BR", battle=after.battle, outcome="retreat before battle",
        impulse=after)).after.impulse
    assert settled is not None and settled.battle is None
    assert settled.battles == (after.battle,)


def test_a_turn_ended_only_because_the_log_did_is_not_over() -> None:
    final = TurnEnded(step=9, year="1776", next_year=None, war_ends=(), final=True)
    assert SEQUENCER.advance(WWProcedure(), final).after.season.turn_ended is False
    ended = evolve(final, final=False)
    assert SEQUENCER.advance(WWProcedure(), ended).after.season.turn_ended is True


def test_an_interception_opens_its_battle_and_a_battle_card_joins_it() -> None:
    activation = Activation(general="howe", step=3)
    moving = evolve(impulse(), activations=(activation,))
    battle = Battle(space="salem", attacker=Side.BR, general="howe",
                    entered_from=frozenset({"boston"}), step=5, intercepted=True)
    intercepted = SEQUENCER.advance(WWProcedure(impulse=moving), Interception(
        step=5, side="AM", general="greene", origin="marblehead", destination="salem",
        carried=(), left_behind=0, impulse=moving, leg=None, battle=battle)).after.impulse
    assert intercepted is not None and intercepted.battle is battle
    assert intercepted.intercepted_by == frozenset({"greene"})
    assert intercepted.activation is not None and intercepted.activation.stop is not None
    assert intercepted.activation.stop.reason == "interception"
    card = SEQUENCER.advance(WWProcedure(impulse=intercepted), BattleCardPlayed(
        step=6, side="AM", card="e7", battle=battle, impulse=intercepted)).after.impulse
    assert card is not None and card.battle is not None
    assert card.battle.cards == (BattleCard(6, Side.AM, "e7"),)
