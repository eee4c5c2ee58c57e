"""The Action Card deck and hands (digest §4.15 CARD-01..04, -07; WfA 6.2, 7.0, 20.2-20.10),
the rulebook's example X-9 among them — on typed actions, with the fixture data's made-up
card years and flags (Fixture Card 3: 1776, Colonial flag; Olive Branch Petition: 1775,
British flag; Extended March: 1775, no flag)."""

from __future__ import annotations

from adjudicator.findings import Severity
from adjudicator.systems.common.places import Place, PlaceKind, hand
from adjudicator.systems.war_for_america.actions import (
    BRITISH,
    COLONIAL,
    ActionCardPlayed,
    CardDrawn,
    CardOffered,
    CardUse,
)
from adjudicator.systems.war_for_america.procedure import (
    Initiative,
    Pulse,
    PulseOpened,
    RoundOpened,
)
from adjudicator.systems.war_for_america.rules import cards
from tests.adjudicator.systems.war_for_america.test_rules_fortifications import (
    Board,
    applied,
    illegal,
    of,
    run,
)

DISCARD = Place(PlaceKind.DISCARD)


def holding(board: Board, place: Place, *card_ids: str) -> Board:
    for card in card_ids:
        board.state.card_at[card] = place
    return board


def play(card: str, side: str, use: CardUse = CardUse.ACTION, step: int = 4
         ) -> ActionCardPlayed:
    return ActionCardPlayed(step=step, side=side, card=card, name=card,
                            origin=hand(side), destination=DISCARD, use=use)


def pulse_opened(side: str = BRITISH) -> PulseOpened:
    return PulseOpened(step=3, side=side, pulse=Pulse(side=side, step=3, round=1, number=1),
                       expected=side, why="test", rule="WFA-SEQ-02", first_turn=False,
                       limit=4)


def round_one(first_turn: bool) -> RoundOpened:
    return RoundOpened(step=2, round=1, first_turn=first_turn, limit=4,
                       initiative=Initiative(british=5, colonial=2, pairs=1))


# --- 6.2: the 1775 deck -----------------------------------------------------------------------


def test_6_2_a_1775_card_drawn_in_1775() -> None:
    out = run(cards, CardDrawn(step=2, side=BRITISH, card="extended_march"), Board(year=1775))
    assert not illegal(out, "WFA-CARD-01") and applied(out, "WFA-CARD-01")


def test_6_2_no_card_marked_1776_is_drawn_in_1775() -> None:
    out = run(cards, CardDrawn(step=2, side=COLONIAL, card="fixture_card_3"), Board(year=1775))
    (finding,) = illegal(out, "WFA-CARD-01")
    assert "Fixture" not in finding.message  # a drawn card is private


def test_6_2_a_1776_card_drawn_in_1776_is_fine() -> None:
    out = run(cards, CardDrawn(step=2, side=COLONIAL, card="fixture_card_3"), Board(year=1776))
    assert not illegal(out, "WFA-CARD-01")


def test_6_2_turn_one_deck_holds_no_later_card() -> None:
    board = holding(Board(year=1775), Place(PlaceKind.DECK), "fixture_card_3",
                    "extended_march")
    (finding,) = illegal(run(cards, round_one(first_turn=True), board), "WFA-CARD-01")
    assert finding.observed == "1 card(s)"
    board = holding(Board(year=1775), Place(PlaceKind.DECK), "extended_march")
    out = run(cards, round_one(first_turn=True), board)
    assert not illegal(out, "WFA-CARD-01") and applied(out, "WFA-CARD-01")


# --- 20.5: three cards at most ------------------------------------------------------------------


def test_20_5_a_fourth_card_just_drawn_is_discarded_next() -> None:
    board = holding(Board(), hand(BRITISH), "c1", "c2", "c3", "c4")
    out = run(cards, CardDrawn(step=2, side=BRITISH, card="c4"), board)
    assert not illegal(out, "WFA-CARD-02") and applied(out, "WFA-CARD-02")


def test_20_5_a_fifth_card_means_the_extra_was_kept() -> None:
    board = holding(Board(), hand(BRITISH), "c1", "c2", "c3", "c4", "c5")
    assert illegal(run(cards, CardDrawn(step=2, side=BRITISH, card="c5"), board),
                   "WFA-CARD-02")


def test_20_5_four_cards_as_an_ap_begins_is_illegal() -> None:
    board = holding(Board(), hand(COLONIAL), "c1", "c2", "c3", "c4")
    (finding,) = illegal(run(cards, pulse_opened(), board), "WFA-CARD-02")
    assert finding.observed == "4 cards"
    board = holding(Board(), hand(COLONIAL), "c1", "c2", "c3")
    assert not illegal(run(cards, pulse_opened(), board), "WFA-CARD-02")


# --- 20.6-20.9: enemy flags -----------------------------------------------------------------------


def test_20_6_an_enemy_flag_card_is_not_kept() -> None:
    board = holding(Board(), hand(COLONIAL), "olive_branch_petition", "extended_march")
    (finding,) = illegal(run(cards, pulse_opened(), board), "WFA-CARD-03")
    assert "Olive" not in finding.message  # cards in a hand are never named


def test_20_9_own_and_unflagged_cards_are_kept() -> None:
    board = holding(Board(), hand(BRITISH), "olive_branch_petition", "extended_march")
    out = run(cards, pulse_opened(), board)
    assert not illegal(out, "WFA-CARD-03") and applied(out, "WFA-CARD-03")


def test_20_6_playing_an_enemy_flag_card_is_illegal() -> None:
    assert illegal(run(cards, play("olive_branch_petition", COLONIAL), Board()),
                   "WFA-CARD-03")


def test_20_8_a_card_to_the_discard_pile_may_be_a_rejected_offer() -> None:
    out = run(cards, play("olive_branch_petition", COLONIAL, CardUse.UNKNOWN), Board())
    assert not illegal(out, "WFA-CARD-03") and of(out, "WFA-CARD-03", Severity.UNCHECKED)


def test_20_8_a_rejected_card_goes_to_the_discard_pile() -> None:
    offer = CardOffered(step=5, side=COLONIAL, card="olive_branch_petition", accepted=False)
    board = holding(Board(), hand(COLONIAL), "olive_branch_petition")
    assert illegal(run(cards, offer, board), "WFA-CARD-03")
    board = holding(Board(), DISCARD, "olive_branch_petition")
    out = run(cards, offer, board)
    assert not illegal(out, "WFA-CARD-03") and applied(out, "WFA-CARD-03")


# --- 20.10: the new Draw Deck ---------------------------------------------------------------------


def test_20_10_the_years_cards_join_the_deck_in_early_spring() -> None:
    board = holding(Board(year=1777, season="early_spring"), Place(PlaceKind.SET_ASIDE),
                    "fixture_card_4", "fixture_card_6")
    holding(board, hand(BRITISH), "c1", "c2", "c3")
    holding(board, hand(COLONIAL), "c4", "c5", "c6")
    (reminder,) = of(run(cards, round_one(first_turn=False), board), "WFA-CARD-04",
                     Severity.REMINDER)
    assert reminder.message.startswith("1 card(s) of 1777")


def test_20_10_hands_are_filled_to_three() -> None:
    board = holding(Board(year=1777, season="early_spring"), hand(BRITISH), "c1", "c2", "c3")
    holding(board, hand(COLONIAL), "c4")
    (reminder,) = of(run(cards, round_one(first_turn=False), board), "WFA-CARD-04",
                     Severity.REMINDER)
    assert "Colonial hand holds 1" in reminder.message


def test_20_10_not_outside_early_spring() -> None:
    board = holding(Board(year=1777, season="fall"), hand(COLONIAL), "c4")
    assert not run(cards, round_one(first_turn=False), board)


# --- 20.2: the card's text trumps the rules (X-9) ---------------------------------------------


def test_x9_20_2_repressive_measures_offers_the_british_a_choice() -> None:
    out = run(cards, play("parliamentary_repressive_measures", COLONIAL, CardUse.EVENT),
              Board(year=1775))
    (reminder,) = of(out, "WFA-CARD-07", Severity.REMINDER)
    assert "comply" in reminder.message and "6.7" in reminder.message
    assert "PW goes down 1" in reminder.message
