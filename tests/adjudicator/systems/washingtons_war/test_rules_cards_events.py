"""Where Event cards go once played or discarded, Special Events and Battle Cards (WW 6.3.C,
6.32.A, 6.33, 6.34), and the Operations Queue's cards (WW 6.2, 7.1.B), judged on made-up
impulses over a made-up position of the cards; the pytest id is the citation."""

from __future__ import annotations

import pytest

from adjudicator.systems.common.places import Place, PlaceKind, space
from adjudicator.systems.washingtons_war.actions import (
    CardExchanged,
    ImpulseEnded,
    ImpulseOpened,
)
from adjudicator.systems.washingtons_war.data import Side
from adjudicator.systems.washingtons_war.data.vocabulary import CardFlag
from adjudicator.systems.washingtons_war.procedure import (
    Activation,
    Battle,
    BattleCard,
    Impulse,
    PcChange,
    Use,
)
from adjudicator.systems.washingtons_war.rules.context import Context
from adjudicator.systems.washingtons_war.state import REMOVED
from tests.adjudicator.systems.washingtons_war.rulekit import Position, applied, violations

DISCARD = Place(PlaceKind.DISCARD)
WAR_ENDS = Place(PlaceKind.CARDS, "war_ends")
BR_QUEUE = Place(PlaceKind.CARDS, "br_queue")
AM_BOX = Place(PlaceKind.CARDS, "am_reinforcement")
NORTH_1779 = "lord_norths_government_falls_1"
NORTH_1781 = "lord_norths_government_falls_3"


def ended(side: Side, card: str, *, destination: Place = DISCARD, use: Use = Use.UNKNOWN,
          battles: tuple[Battle, ...] = (), queue: tuple[str, ...] = (),
          activations: tuple[Activation, ...] = ()) -> ImpulseEnded:
    """The end of an impulse played with `card` at step 1."""
    impulse = Impulse(side=side, card=card, destination=destination, step=1, player=None,
                      use=use, battles=battles, queue=queue, activations=activations)
    return ImpulseEnded(step=1, side=side.value, impulse=impulse)


def judged(action: ImpulseEnded | ImpulseOpened,
           cards: dict[Place, list[str]]) -> set[tuple[str, int]]:
    """The illegal findings of an action, the cards lying where `cards` says."""
    pieces = {place: [f"card:{c}" for c in names] for place, names in cards.items()}
    return violations(action, Position(pieces).context())


def battle(*cards: tuple[Side, str]) -> Battle:
    """A battle at Boston with the cards played or discarded in its Step 1 (steps 3, 4)."""
    return Battle(space="boston", attacker=Side.BR, general="howe",
                  entered_from=frozenset({"salem"}), step=2,
                  cards=tuple(BattleCard(3 + n, side, card)
                              for n, (side, card) in enumerate(cards)))


# ----------------------------------------------------------------- North's Government Falls

NORTH_CASES = [
    pytest.param({WAR_ENDS: [NORTH_1779]}, set(),
                 id="WW 6.34.C.iii: a North's Government Falls card goes into the War Ends box"),
    pytest.param({WAR_ENDS: [NORTH_1779], DISCARD: [NORTH_1781]}, set(),
                 id="WW 6.34.C.iii: the card already in the box goes to the discard pile"),
    pytest.param({WAR_ENDS: [NORTH_1779, NORTH_1781]}, {("WW-CARD-15", 1)},
                 id="WW 6.34.C.iii: only the card just played stays in the War Ends box"),
    pytest.param({DISCARD: [NORTH_1779]}, {("WW-CARD-15", 1)},
                 id="WW 6.34.A: a Special Event may not be discarded under any "
                 "circumstances"),
]


@pytest.mark.parametrize(("cards", "expected"), NORTH_CASES)
def test_a_north_card_goes_into_the_war_ends_box(cards: dict[Place, list[str]],
                                                 expected: set[tuple[str, int]]) -> None:
    assert judged(ended(Side.AM, NORTH_1779, destination=WAR_ENDS), cards) == expected


@pytest.mark.parametrize(("cards", "expected"), NORTH_CASES)
def test_a_north_card_drawn_at_random_goes_into_the_war_ends_box(
        cards: dict[Place, list[str]], expected: set[tuple[str, int]]) -> None:
    # WW 6.34.B: a Special Event drawn at random from a hand is carried out at once,
    # whoever drew it; the finding is at the draw (step 3).
    impulse = Impulse(side=Side.AM, card="john_paul_jones_shipping_raids",
                      destination=DISCARD, step=1, player=None, drawn=((NORTH_1779, 3),))
    found = judged(ImpulseEnded(step=5, side="AM", impulse=impulse),
                   {**cards, DISCARD: [*cards.get(DISCARD, []),
                                       "john_paul_jones_shipping_raids"]})
    assert {f for f in found if f[0] == "WW-CARD-15"} == {(r, 3) for r, _ in expected}


# ----------------------------------------------------------------- Special Events

def test_a_special_event_is_never_put_into_a_card_box() -> None:
    # WW 6.34.A: a Special Event is played as the event; it is no OPS card.
    action = ended(Side.AM, "benjamin_franklin", destination=AM_BOX)
    assert judged(action, {AM_BOX: ["benjamin_franklin"]}) == {("WW-CARD-03", 1)}


def test_a_special_event_played_goes_to_the_discard_pile() -> None:
    # WW 6.3.C: Franklin's text is not 'once per game' in the card list; it is discarded.
    action = ended(Side.AM, "benjamin_franklin")
    assert judged(action, {DISCARD: ["benjamin_franklin"]}) == set()
    assert "WW-CARD-03" in applied(action, Position(
        {DISCARD: ["card:benjamin_franklin"]}).context())


def test_a_special_event_is_never_discarded_in_a_battle() -> None:
    # WW 6.33.C: "Except for Special Event Strategy Cards, any Event Strategy Card may be
    # discarded to gain a +1".
    action = ended(Side.BR, "fixture_ops_3_a",
                   battles=(battle((Side.BR, "benjamin_franklin")),))
    assert judged(action, {DISCARD: ["benjamin_franklin", "fixture_ops_3_a"]}) == {
        ("WW-CARD-03", 3)}


# ----------------------------------------------------------------- once per game

ONCE_CASES = [
    pytest.param("line_mutinies", DISCARD, set(),
                 id="WW 6.3.C: all other cards are placed face up on the discard pile"),
    pytest.param("major_campaign", BR_QUEUE, set(),
                 id="WW 7.1.B: an Event in the queue box is WW-OPS-03's, not this rule's"),
    pytest.param("major_campaign", AM_BOX, {("WW-CARD-11", 1)},
                 id="WW 6.3.C: an Event goes to the discard pile, not a card box"),
]


@pytest.mark.parametrize(("card", "place", "expected"), ONCE_CASES)
def test_only_once_per_game_events_are_removed(card: str, place: Place,
                                               expected: set[tuple[str, int]]) -> None:
    assert judged(ended(Side.BR, card, destination=place), {place: [card]}) == expected


def test_a_card_that_is_not_once_per_game_is_never_removed() -> None:
    # WW 6.3.C, 6.32.A: with a card list that says Line Mutinies is not 'once per game',
    # removing it is illegal whether it was played or discarded.
    action = ended(Side.BR, "line_mutinies", destination=REMOVED)
    ctx = Position({REMOVED: ["card:line_mutinies"]}).context()
    record = ctx.data.cards["line_mutinies"]
    ctx.data = ctx.data.model_copy(update={"cards": {
        **ctx.data.cards, "line_mutinies": record.model_copy(update={"once_per_game": False})}})
    assert violations(action, ctx) == {("WW-CARD-11", 1)}
    ctx.data = ctx.data.model_copy(update={"cards": {
        **ctx.data.cards, "line_mutinies": record.model_copy(update={"once_per_game": True})}})
    assert violations(action, ctx) == set()


def test_a_removed_card_whose_text_is_unknown_is_unchecked() -> None:
    # The card list does not say whether Line Mutinies is 'once per game'.
    action = ended(Side.BR, "line_mutinies", destination=REMOVED)
    ctx = Position({REMOVED: ["card:line_mutinies"]}).context()
    assert violations(action, ctx) == set()
    assert ("WW-CARD-11", 1) in violations(action, ctx, "unchecked")


# ----------------------------------------------------------------- Battle Cards

BATTLE_CASES = [
    pytest.param((Side.AM, "morgans_riflemen"), {DISCARD: ["morgans_riflemen"]}, set(),
                 id="WW 6.33.A: once the battle is resolved, the card is discarded"),
    pytest.param((Side.AM, "morgans_riflemen"), {REMOVED: ["morgans_riflemen"]},
                 {("WW-CARD-08", 3)}, id="WW 6.33.A: only Benedict Arnold Treason! is "
                 "permanently removed"),
    pytest.param((Side.AM, "morgans_riflemen"), {AM_BOX: ["morgans_riflemen"]},
                 {("WW-CARD-08", 3)}, id="WW 6.33.A: a Battle Card is discarded, not kept"),
    pytest.param((Side.BR, "major_campaign"), {REMOVED: ["major_campaign"]},
                 {("WW-CARD-11", 3)}, id="WW 6.33.C, 6.32.A: an Event discarded in battle "
                 "is never removed"),
    pytest.param((Side.BR, "benedict_arnold_treason"),
                 {REMOVED: ["benedict_arnold_treason"], space("boston"): []}, set(),
                 id="WW 6.33 Clarifications: the Arnold card is permanently removed"),
    pytest.param((Side.BR, "benedict_arnold_treason"), {DISCARD: ["benedict_arnold_treason"]},
                 set(), id="WW 6.33 Clarifications: the American may discard the Arnold "
                 "card as a battle card"),
]


@pytest.mark.parametrize(("played", "cards", "expected"), BATTLE_CASES)
def test_battle_cards_go_to_the_discard_pile_after_the_battle(
        played: tuple[Side, str], cards: dict[Place, list[str]],
        expected: set[tuple[str, int]]) -> None:
    action = ended(Side.BR, "fixture_ops_3_a", battles=(battle(played),))
    assert judged(action, cards) == expected


def test_arnold_is_removed_with_the_treason_card() -> None:
    # WW 6.33 Clarifications: Arnold is permanently removed wherever he is (EX-25: the card
    # may be played even when Arnold is not on the map).
    action = ended(Side.BR, "fixture_ops_3_a",
                   battles=(battle((Side.BR, "benedict_arnold_treason")),))
    kept = Position({REMOVED: ["card:benedict_arnold_treason"],
                     Place(PlaceKind.BOX, "am_reinforcements"): ["general:arnold"]}).context()
    assert violations(action, kept) == {("WW-CARD-19", 3)}
    gone = Position({REMOVED: ["card:benedict_arnold_treason", "general:arnold"]}).context()
    assert violations(action, gone) == set()


IMPULSE_BATTLE_CASES = [
    pytest.param("benedict_arnold_treason", REMOVED, {("WW-CARD-19", 1)},
                 id="WW 6.33 Clarifications: Arnold Treason cannot be played as the event "
                 "in the Strategy Phase simply to remove Arnold"),
    pytest.param("benedict_arnold_treason", DISCARD, set(),
                 id="WW 6.33 Clarifications: the American may discard it per 6.32"),
    pytest.param("morgans_riflemen", REMOVED, {("WW-CARD-08", 1)},
                 id="WW 6.33.A: Battle Card events are implemented only in a battle"),
    pytest.param("banastre_tarleton", DISCARD, set(),
                 id="WW 6.33.A Exception: Tarleton may be played in the Strategy Phase"),
]


@pytest.mark.parametrize(("card", "place", "expected"), IMPULSE_BATTLE_CASES)
def test_a_battle_card_as_an_impulse_is_only_discarded(card: str, place: Place,
                                                       expected: set[tuple[str, int]]) -> None:
    assert judged(ended(Side.BR, card, destination=place), {place: [card]}) == expected


# ----------------------------------------------------------------- Operations Queue

def opened_into_queue(card: str, queue: tuple[str, ...]) -> ImpulseOpened:
    impulse = Impulse(side=Side.BR, card=card, destination=BR_QUEUE, step=1, player=None,
                      use=Use.QUEUE, queue=queue)
    return ImpulseOpened(step=1, side="BR", impulse=impulse, previous=None, opponent_cards=7)


def test_only_ops_cards_go_into_a_queue() -> None:
    # WW 6.2, 7.1.B.ii: "he plays an additional OPS Card into the Queue".
    assert judged(opened_into_queue("fixture_ops_1_b", ("fixture_ops_1_a", "fixture_ops_1_b")),
                  {}) == set()
    assert judged(opened_into_queue("line_mutinies", ("fixture_ops_1_a", "line_mutinies")),
                  {}) == {("WW-OPS-03", 1)}


QUEUE_BOX_CASES = [
    pytest.param(("fixture_ops_1_a", "fixture_ops_1_b"),
                 ["fixture_ops_1_a", "fixture_ops_1_b"], set(),
                 id="WW 7.1.B first example: the second 1 OPS card joins the first"),
    pytest.param(("fixture_ops_1_b",), ["fixture_ops_1_b"], set(),
                 id="WW 7.1.B second example: the abandoned queue's card went to the "
                 "discard pile; a new queue may start"),
    pytest.param(("fixture_ops_1_b",), ["fixture_ops_1_a", "fixture_ops_1_b"],
                 {("WW-OPS-04", 1)}, id="WW 7.1.B.iii: when abandoned or used, place all "
                 "the OPS cards face up on the discard pile"),
]


@pytest.mark.parametrize(("queue", "box", "expected"), QUEUE_BOX_CASES)
def test_a_finished_queue_leaves_its_box(queue: tuple[str, ...], box: list[str],
                                         expected: set[tuple[str, int]]) -> None:
    action = ended(Side.BR, "fixture_ops_1_b", destination=BR_QUEUE, use=Use.QUEUE,
                   queue=queue)
    assert judged(action, {BR_QUEUE: box}) == expected


# ----------------------------------------------------------------- exchange

EXCHANGE_CASES = [
    pytest.param("AM", "fixture_ops_2_a", set(),
                 id="WW 6.32.C example: the American gives a 2 OPS card for Henry Knox"),
    pytest.param("AM", "fixture_ops_3_a", set(),
                 id="WW 6.32.C: the American must exchange either a 2 or 3 value OPS card"),
    pytest.param("AM", "fixture_ops_1_a", {("WW-CARD-07", 2)},
                 id="EX-04: using a 1 OPS card instead would be illegal"),
    pytest.param("BR", "fixture_ops_1_a", set(),
                 id="WW 6.32.C: the British exchanges any OPS card, regardless of value"),
    pytest.param("BR", "line_mutinies", {("WW-CARD-07", 2)},
                 id="WW 6.32.C: an OPS card is exchanged for the discarded Event"),
]


@pytest.mark.parametrize(("side", "given", "expected"), EXCHANGE_CASES)
def test_an_exchange_costs_an_ops_card(side: str, given: str,
                                       expected: set[tuple[str, int]]) -> None:
    action = CardExchanged(step=2, side=side, given=given, taken="henry_knox")
    assert violations(action, Position().context()) == expected


def test_an_exchange_for_an_unknown_card_is_unchecked() -> None:
    action = CardExchanged(step=2, side="AM", given="?Strategy Card 17", taken="henry_knox")
    ctx = Position().context()
    assert violations(action, ctx) == set()
    assert violations(action, ctx, "unchecked") == {("WW-CARD-07", 2)}


# ----------------------------------------------------------------- Declaration of Independence

ONE_PER_COLONY = ("norwich", "barnstable", "newport", "hartford", "saratoga", "new_brunswick",
                  "reading", "wilmington_de", "baltimore", "alexandria", "charlotte", "camden",
                  "savannah")
"""A space of each of the thirteen colonies (NH to GA) in the fixture data."""


def declaration(placed: tuple[str, ...], flipped: tuple[str, ...] = (),
                side: Side = Side.AM) -> ImpulseEnded:
    changes = tuple(PcChange(2 + n, s, None, Side.AM) for n, s in enumerate(placed)) + tuple(
        PcChange(30 + n, s, Side.BR, Side.AM) for n, s in enumerate(flipped))
    impulse = Impulse(side=side, card="declaration_of_independence", destination=DISCARD,
                      step=1, player=None, use=Use.EVENT,
                      pcs=changes if side is Side.AM else (),
                      other_pcs=changes if side is Side.BR else ())
    return ImpulseEnded(step=1, side=side.value, impulse=impulse)


def after(placed: tuple[str, ...], **more: list[str]) -> Position:
    """The position after the card: an American PC in each placed space, and `more`."""
    pieces: dict[str | Place, list[str]] = {s: ["pc:AM"] for s in placed}
    for where, what in more.items():
        pieces.setdefault(where, []).extend(what)
    return Position(pieces)


def test_the_declaration_places_one_pc_in_each_colony() -> None:
    # WW 6.34.C.i: one PC marker in each of the thirteen colonies; whoever plays it.
    for side in Side:
        action = declaration(ONE_PER_COLONY, side=side)
        ctx = after(ONE_PER_COLONY).context()
        assert violations(action, ctx) == set()
        assert "WW-CARD-17" in applied(action, ctx)


DECLARATION_CASES = [
    pytest.param(ONE_PER_COLONY[:-1], (), {}, {("WW-CARD-17", 1)},
                 id="EX-22, WW 6.31: the placement is not optional (Savannah was open)"),
    pytest.param(ONE_PER_COLONY[:-1], (), {"savannah": ["pc:BR"], "st_marys": ["cu:BR:1"]},
                 set(), id="WW 6.34.C.i, 10.11.A.ii: Georgia had no space with no PC and no "
                 "British CU (Augusta's colony is not in the data: unchecked)"),
    pytest.param((*ONE_PER_COLONY, "long_island"), (), {}, {("WW-CARD-17", 15)},
                 id="WW 6.34.C.i: one PC marker in each colony, not two"),
    pytest.param((*ONE_PER_COLONY, "montreal"), (), {}, {("WW-CARD-17", 15)},
                 id="WW 6.34.C.i: the thirteen colonies, excluding Canada"),
    pytest.param(ONE_PER_COLONY, ("boston",), {}, {("WW-CARD-17", 30)},
                 id="WW 6.34.C.i: British PC markers cannot be flipped"),
    pytest.param(ONE_PER_COLONY, (), {"savannah": ["cu:BR:2"]}, {("WW-CARD-17", 14)},
                 id="WW 10.11.A.ii: no PC where a British CU is"),
]


@pytest.mark.parametrize(("placed", "flipped", "more", "expected"), DECLARATION_CASES)
def test_the_declaration_is_mandatory_and_exact(placed: tuple[str, ...],
                                                flipped: tuple[str, ...],
                                                more: dict[str, list[str]],
                                                expected: set[tuple[str, int]]) -> None:
    position = after((*placed, *flipped), **more)
    assert violations(declaration(placed, flipped), position.context()) == expected


def test_a_colony_whose_spaces_are_not_all_known_is_unchecked() -> None:
    action = declaration(ONE_PER_COLONY[:-1])
    ctx = after(ONE_PER_COLONY[:-1], savannah=["pc:BR"], st_marys=["cu:BR:1"]).context()
    assert ("WW-CARD-17", 1) in violations(action, ctx, "unchecked")
    placed_in_unknown = declaration((*ONE_PER_COLONY[:-1], "augusta"))
    assert ("WW-CARD-17", 1) in violations(placed_in_unknown, after(ONE_PER_COLONY).context(),
                                           "unchecked")
    assert violations(placed_in_unknown, after(ONE_PER_COLONY).context()) == set()


# ----------------------------------------------------------------- flags

def knox_ctx(flag: str | None, implied: Side | None = None) -> Context:
    ctx = Position({DISCARD: ["card:henry_knox"]}).context()
    record = ctx.data.cards["henry_knox"].model_copy(
        update={"flag": None if flag is None else CardFlag(flag), "implied_flag": implied})
    ctx.data = ctx.data.model_copy(update={"cards": {**ctx.data.cards, "henry_knox": record}})
    return ctx


def knox(side: Side, pcs: int) -> ImpulseEnded:
    changes = tuple(PcChange(2 + n, s, None, side)
                    for n, s in enumerate(("hartford", "new_haven", "newport")[:pcs]))
    impulse = Impulse(side=side, card="henry_knox", destination=DISCARD, step=1, player=None,
                      pcs=changes)
    return ImpulseEnded(step=1, side=side.value, impulse=impulse)


FLAG_CASES = [
    pytest.param("AM", Side.AM, 3, set(),
                 id="WW 6.3.B: an American flag indicates events playable by the American"),
    pytest.param("AM", Side.BR, 1, set(),
                 id="WW 6.32.A, 6.32.B: the British discards an American-flag event and "
                 "takes one PC action"),
    pytest.param("AM", Side.BR, 3, {("WW-CARD-01", 1)},
                 id="WW 6.32.A: British players must discard American-flag events"),
    pytest.param("none", Side.BR, 3, set(),
                 id="WW 6.3.B: the absence of a flag denotes events playable by either player"),
]


@pytest.mark.parametrize(("flag", "side", "pcs", "expected"), FLAG_CASES)
def test_an_opponents_event_is_only_discarded(flag: str, side: Side, pcs: int,
                                              expected: set[tuple[str, int]]) -> None:
    illegal = {v for v in violations(knox(side, pcs), knox_ctx(flag)) if v[0] == "WW-CARD-01"}
    assert illegal == expected


def test_an_implied_flag_asks_for_a_check_and_an_unknown_flag_is_unchecked() -> None:
    action = knox(Side.BR, 3)
    implied = knox_ctx(None, Side.AM)
    assert ("WW-CARD-01", 1) in violations(action, implied, "check")
    assert ("WW-CARD-01", 1) not in violations(action, implied)
    assert ("WW-CARD-01", 1) in violations(action, knox_ctx(None), "unchecked")
