"""Card-play rules (WW 5.3, 7.1.B) on the rulebook's sentences and examples, judged on
made-up impulses; the pytest id is the citation. Random draws and exchanges never reach
these rules as impulses: the fixture scenarios `random-draw-is-not-a-play` and
`exchange-is-not-a-play` show the interpreter keeps them out."""

from __future__ import annotations

import pytest

from adjudicator.systems.common.places import Place, PlaceKind
from adjudicator.systems.common.sequence import Knowledge, Moment
from adjudicator.systems.washingtons_war.actions import ImpulseEnded, ImpulseOpened
from adjudicator.systems.washingtons_war.data import Side
from adjudicator.systems.washingtons_war.procedure import STRATEGY, Activation, Impulse, Use
from tests.adjudicator.systems.washingtons_war.rulekit import Position, violations

DISCARD = Place(PlaceKind.DISCARD)
QUEUE = Place(PlaceKind.CARDS, "br_queue")
IN_STRATEGY = Moment(turn="1775", phase=STRATEGY, knowledge=Knowledge.INFERRED,
                     reason="a card left a hand", since_step=1)


def impulse(side: Side, card: str, step: int, *, destination: Place = DISCARD,
            use: Use = Use.UNKNOWN, queue_total: int | None = None,
            activations: tuple[Activation, ...] = ()) -> Impulse:
    return Impulse(side=side, card=card, destination=destination, step=step, player=None,
                   use=use, queue_total=queue_total, activations=activations)


def opened(now: Impulse, previous: Impulse | None, opponent_cards: int) -> ImpulseOpened:
    return ImpulseOpened(step=now.step, side=now.side.value, impulse=now, previous=previous,
                         opponent_cards=opponent_cards)


AM_FIRST = impulse(Side.AM, "fixture_ops_1_a", 1)
BR_QUEUE_1 = impulse(Side.BR, "fixture_ops_1_b", 1, use=Use.QUEUE, queue_total=1,
                     destination=QUEUE)

CASES = [
    pytest.param(opened(impulse(Side.BR, "fixture_ops_1_b", 3), AM_FIRST, 6), set(),
                 id="WW 5.3: the players take alternate impulses"),
    pytest.param(opened(impulse(Side.AM, "fixture_ops_1_d", 3), AM_FIRST, 6),
                 {("WW-SEQ-04", 3)}, id="WW 5.3: no two impulses in a row while the "
                 "opponent holds cards"),
    pytest.param(opened(impulse(Side.AM, "fixture_ops_1_d", 3), AM_FIRST, 0), set(),
                 id="WW 5.3: the player with cards remaining continues to play"),
    pytest.param(opened(BR_QUEUE_1, None, 7), set(),
                 id="WW 7.1.B.i: a queue starts with a 1 OPS card"),
    pytest.param(opened(impulse(Side.BR, "fixture_ops_3_b", 1, use=Use.QUEUE,
                                queue_total=3, destination=QUEUE), None, 7),
                 {("WW-OPS-02", 1)}, id="WW 7.1.B.i: a queue starts with a 1 or 2 OPS card"),
    pytest.param(opened(impulse(Side.BR, "fixture_ops_3_b", 3, use=Use.QUEUE,
                                queue_total=4, destination=QUEUE), AM_FIRST, 6), set(),
                 id="WW 7.1.B.ii: any OPS card extends a queue"),
]


@pytest.mark.parametrize(("action", "expected"), CASES)
def test_card_rules_judge_the_rulebook_sentences(action: ImpulseOpened,
                                                 expected: set[tuple[str, int]]) -> None:
    ctx = Position().context()
    ctx.moment = IN_STRATEGY
    assert violations(action, ctx) == expected


QUEUE_CASES = [
    pytest.param("burgoyne", 2, set(),
                 id="WW 7.1.B first example: two 1 OPS cards activate Burgoyne"),
    pytest.param("clinton", 2, {("WW-OPS-01", 4)},
                 id="WW 7.1.B.ii: Strategy 3 needs a queue of 3"),
    pytest.param("clinton", 3, set(),
                 id="WW 7.1.B third example: three 1 OPS cards activate anyone"),
]


@pytest.mark.parametrize(("general", "total", "expected"), QUEUE_CASES)
def test_a_queue_activates_on_its_total(general: str, total: int,
                                        expected: set[tuple[str, int]]) -> None:
    played = impulse(Side.BR, "fixture_ops_1_c", 3, use=Use.QUEUE, queue_total=total,
                     destination=QUEUE, activations=(Activation(general, 4),))
    action = ImpulseEnded(step=3, side="BR", impulse=played)
    assert violations(action, Position().context()) == expected
