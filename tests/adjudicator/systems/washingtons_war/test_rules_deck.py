"""The draw deck's reshuffles and the 1776 shuffle-in (WW 6.1, 6.1.E, 6.3.D, 12.2.B.iv), on
made-up card movements; the pytest id is the citation."""

from __future__ import annotations

import pytest

from adjudicator.systems.common.places import Place, PlaceKind
from adjudicator.systems.washingtons_war.actions import CardsIntoDeck
from adjudicator.systems.washingtons_war.state import REMOVED
from tests.adjudicator.systems.washingtons_war.rulekit import Position, applied, violations

DISCARD = Place(PlaceKind.DISCARD)
SET_ASIDE = Place(PlaceKind.SET_ASIDE)
WAR_ENDS = Place(PlaceKind.CARDS, "war_ends")
PILE = (("fixture_ops_1_a", DISCARD), ("fixture_ops_2_b", DISCARD))


def into_deck(cards: tuple[tuple[str, Place], ...], *, deck_before: int = 0,
              due: tuple[str, ...] = (), year: str | None = "1777") -> CardsIntoDeck:
    return CardsIntoDeck(step=5, cards=cards, deck_before=deck_before, due=due, year=year)


@pytest.mark.parametrize(("action", "expected"), [
    pytest.param(into_deck(PILE), set(), id="WW 6.1.A: the deck ran out and is reconstituted"),
    pytest.param(into_deck(PILE, deck_before=12), {("WW-CARD-12", 5)},
                 id="WW 6.1: no reshuffle while the deck holds cards and none is due"),
    pytest.param(into_deck(PILE, deck_before=12,
                           due=("Declaration of Independence was played or discarded",)),
                 set(), id="WW 6.1 Reshuffle Clarification: after the Declaration"),
    pytest.param(into_deck(PILE, deck_before=12, due=("the French Alliance",)), set(),
                 id="WW 12.2.B.iv: the deck is reshuffled after the alliance"),
    pytest.param(into_deck((*PILE, ("lord_norths_government_falls_1", WAR_ENDS))),
                 {("WW-CARD-12", 5)}, id="WW 6.34.C.iii: the War Ends card stays out"),
    pytest.param(into_deck((*PILE, ("benedict_arnold_treason", REMOVED))),
                 {("WW-CARD-12", 5)}, id="WW 6.3.C: a removed card stays out"),
    pytest.param(into_deck((("declaration_of_independence", SET_ASIDE),
                            ("baron_von_steuben", SET_ASIDE)), deck_before=30, year="1776"),
                 set(), id="WW 6.1.E: at the start of 1776 the set-aside cards go in"),
    pytest.param(into_deck((("declaration_of_independence", SET_ASIDE),), deck_before=30,
                           year="1775"),
                 {("WW-CARD-13", 5)}, id="WW 6.1.E: not before 1776"),
    pytest.param(into_deck((("baron_von_steuben", SET_ASIDE), *PILE), deck_before=30,
                           year="1776"),
                 {("WW-CARD-12", 5)},
                 id="WW 6.1.E: the discard pile is not shuffled in with them"),
])
def test_the_deck(action: CardsIntoDeck, expected: set[tuple[str, int]]) -> None:
    ctx = Position({}).context()
    assert violations(action, ctx) == expected
    assert applied(action, ctx) & {"WW-CARD-12", "WW-CARD-13"}


def test_the_year_unknown_leaves_the_shuffle_in_unchecked() -> None:
    action = into_deck((("baron_von_steuben", SET_ASIDE),), deck_before=30, year=None)
    ctx = Position({}).context()
    assert violations(action, ctx) == set()
    assert violations(action, ctx, "unchecked") == {("WW-CARD-13", 5)}
