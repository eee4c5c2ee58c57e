"""The Action Card deck and the hands (digest §4.15 CARD-01..04, CARD-07; WfA 6.2-6.3, 7.0,
20.2-20.10). Cards played in a pulse (CARD-05, CARD-06) are the sequence family's.

Each check reads like its rulebook section. A card's year, flag and number come from the
data (the rulebook prints none of the 51 cards): a card the data does not describe is not
judged. Cards in a hand or face down in a deck are private, so findings about them give
counts and never name a card; a card played is public and is named.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Final

from adjudicator.systems.common.actions import Action
from adjudicator.systems.common.outcomes import Check, Outcome
from adjudicator.systems.common.places import Place, PlaceKind, hand
from adjudicator.systems.common.rulebook import RuleFamily
from adjudicator.systems.war_for_america.actions import (
    COLONIAL,
    SIDES,
    ActionCardPlayed,
    CardDrawn,
    CardOffered,
    CardUse,
    opponent,
)
from adjudicator.systems.war_for_america.data import Card, CardFlag
from adjudicator.systems.war_for_america.data.vocabulary import HAND_LIMIT
from adjudicator.systems.war_for_america.procedure import PulseOpened, RoundOpened
from adjudicator.systems.war_for_america.rules.context import Context, side_name

FIRST_YEAR: Final = 1775
"""Turn 1's year: the deck holds only cards without a later year (WfA 6.2)."""
REPRESSIVE_MEASURES: Final = 24
"""#24 Parliamentary Repressive Measures, the example of WfA 20.2."""
DECK: Final = Place(PlaceKind.DECK)
SET_ASIDE: Final = Place(PlaceKind.SET_ASIDE)
_PLAYED: Final = frozenset({CardUse.ACTION, CardUse.EVENT, CardUse.DEFENSIVE,
                            CardUse.UNKNOWN})

FAMILY = RuleFamily(
    "cards",
    frozenset({"WFA-CARD-01", "WFA-CARD-02", "WFA-CARD-03", "WFA-CARD-04", "WFA-CARD-07"}),
    actions=(CardDrawn, CardOffered, ActionCardPlayed, PulseOpened, RoundOpened),
)


def judge(action: Action, ctx: Context) -> Iterator[Outcome]:
    """Every card check the action concerns."""
    if isinstance(action, CardDrawn):
        yield from drawn_in_1775(action, ctx)
        yield from hand_after_draw(action, ctx)
    elif isinstance(action, CardOffered):
        yield from offered(action, ctx)
    elif isinstance(action, ActionCardPlayed):
        yield from enemy_flag_played(action, ctx)
        yield from card_text(action, ctx)
    elif isinstance(action, PulseOpened):
        yield from hands_at_a_pulse(action, ctx)
    elif isinstance(action, RoundOpened):
        yield from turn_one_deck(action, ctx)
        yield from new_draw_deck(action, ctx)


def card_record(ctx: Context, card: str) -> Card | None:
    """The data's record of a card (None: the data does not know it)."""
    return ctx.data.cards.get(card)


def in_hand(ctx: Context, side: str) -> list[str]:
    """The cards in a side's hand."""
    return ctx.state.cards_in(hand(side))


# --- 6.2: the 1775 deck ---------------------------------------------------------------------


def _late(ctx: Context, card: str) -> bool | None:
    """Whether a card is marked 1776 or later (None: its year is not in the data)."""
    record = card_record(ctx, card)
    if record is None or record.year is None:
        return None
    return record.year > FIRST_YEAR


def drawn_in_1775(action: CardDrawn, ctx: Context) -> Iterator[Outcome]:
    """WFA-CARD-01 (WfA 6.2): "All Action Cards marked '1776' or later, are removed from the
    Action Deck" for 1775, so none can be drawn that year."""
    if ctx.procedure.year != FIRST_YEAR:
        return
    late = _late(ctx, action.card)
    if late is None:
        yield Check.unchecked("WFA-CARD-01", action.step, f"a card was drawn by the "
                              f"{side_name(action.side)} in 1775; whether it is marked 1776 or "
                              "later is not in the data (WfA 6.2)", needs=("card years",))
        return
    if late:
        yield Check.illegal("WFA-CARD-01", action.step, f"the {side_name(action.side)} drew a "
                            "card marked 1776 or later in 1775; those cards are removed from "
                            "the Action Deck for 1775 (WfA 6.2)", expected="a 1775 card",
                            observed="a later card")
    yield Check.done("WFA-CARD-01")


def turn_one_deck(fact: RoundOpened, ctx: Context) -> Iterator[Outcome]:
    """WFA-CARD-01 (WfA 6.2) as Turn 1's first round begins: no card marked 1776 or later
    is left in the Action Deck (counted, not named: the deck is face down).

    Hands are judged card by card as they are drawn (`drawn_in_1775`); the cards a log's
    starting position already holds in a hand are that position, taken as given, and a card
    played from such a hand is not judged either."""
    if not fact.first_turn or fact.round != 1 or ctx.procedure.year != FIRST_YEAR:
        return
    cards = ctx.state.cards_in(DECK)
    late = [card for card in cards if _late(ctx, card)]
    if late:
        yield Check.illegal("WFA-CARD-01", fact.step, f"{len(late)} card(s) marked 1776 or "
                            "later are in the Action Deck on Turn 1; they are removed from it "
                            "before the deal (WfA 6.2)", expected="no card marked 1776 or later",
                            observed=f"{len(late)} card(s)")
    if any(_late(ctx, card) is not None for card in cards):
        yield Check.done("WFA-CARD-01")


# --- 20.5: three cards at most --------------------------------------------------------------


def hand_after_draw(action: CardDrawn, ctx: Context) -> Iterator[Outcome]:
    """WFA-CARD-02 (WfA 20.5): "A player can never hold more than '3' cards in his hand";
    drawing one more, "the player draws a new card, but then must discard one card of his
    choice. It can be the one he just drew." Right after a draw four cards are the moment
    before that discard; five mean an earlier extra card was kept."""
    if action.side not in SIDES:
        return
    held = len(in_hand(ctx, action.side))
    if held > HAND_LIMIT + 1:
        yield Check.illegal("WFA-CARD-02", action.step, f"the {side_name(action.side)} hand "
                            f"holds {held} cards after this draw; a player never holds more "
                            "than 3 and discards one at once after an extra draw (WfA 20.5)",
                            expected=f"at most {HAND_LIMIT + 1} just after a draw",
                            observed=f"{held} cards")
    yield Check.done("WFA-CARD-02")


def hands_at_a_pulse(fact: PulseOpened, ctx: Context) -> Iterator[Outcome]:
    """WFA-CARD-02 and WFA-CARD-03 as an Action Pulse begins: no hand holds more than 3
    cards (20.5), and none a card with the enemy's flag (20.6-20.9: an enemy-flag card drawn
    is offered at once to the opponent, "until each player has '3' cards either displaying
    the flag of his side or having no flag")."""
    for side in SIDES:
        cards = in_hand(ctx, side)
        if len(cards) > HAND_LIMIT:
            yield Check.illegal("WFA-CARD-02", fact.step, f"the {side_name(side)} hand holds "
                                f"{len(cards)} cards as the {side_name(fact.side)} AP begins; "
                                "a player can never hold more than 3 (WfA 20.5)",
                                expected=f"at most {HAND_LIMIT}",
                                observed=f"{len(cards)} cards")
        if cards:
            yield Check.done("WFA-CARD-02")
        flags = [record.flag for card in cards
                 if (record := card_record(ctx, card)) is not None and record.flag is not None]
        enemy = sum(1 for flag in flags if flag == CardFlag(opponent(side)))
        if enemy:
            yield Check.illegal("WFA-CARD-03", fact.step, f"the {side_name(side)} hand holds "
                                f"{enemy} card(s) with the {side_name(opponent(side))} flag; a "
                                "card with an enemy flag is offered to the opponent as soon as "
                                "it is drawn, who accepts or rejects it (WfA 20.6-20.9)",
                                expected="own or unflagged cards",
                                observed=f"{enemy} enemy-flag card(s)")
        if flags:
            yield Check.done("WFA-CARD-03")


# --- 20.6-20.9: enemy flags -----------------------------------------------------------------


def enemy_flag_played(action: ActionCardPlayed, ctx: Context) -> Iterator[Outcome]:
    """WFA-CARD-03 (WfA 20.6-20.9): a card with the enemy's flag never stays in a hand, so
    its drawer cannot play it. A card leaving the hand for the discard pile may be an
    offer rejected (20.8: "placed in the discard pile") unless the log says it was played."""
    if action.side not in SIDES or action.use not in _PLAYED:
        return
    record = card_record(ctx, action.card)
    if record is None or record.flag is None:
        return
    if record.flag != CardFlag(opponent(action.side)):
        yield Check.done("WFA-CARD-03")
        return
    name = ctx.cards.card_name(action.card)
    if action.use in (CardUse.ACTION, CardUse.EVENT):
        yield Check.illegal("WFA-CARD-03", action.step, f"the {side_name(action.side)} played "
                            f"{name}, which bears the {side_name(opponent(action.side))} "
                            "flag; such a card is offered to the opponent as soon as it is "
                            "drawn (WfA 20.6-20.9)", expected="an own or unflagged card",
                            observed=f"{name} (enemy flag)")
        yield Check.done("WFA-CARD-03")
        return
    yield Check.unchecked("WFA-CARD-03", action.step, f"{name}, with the "
                          f"{side_name(opponent(action.side))} flag, left the "
                          f"{side_name(action.side)} hand: played (illegal, WfA 20.6) or "
                          "offered and rejected to the discard pile (20.8); the log does not "
                          "say which", needs=("whether the card was played or rejected",))


def offered(action: CardOffered, ctx: Context) -> Iterator[Outcome]:
    """WFA-CARD-03 (WfA 20.6-20.8): the offer of an enemy-flag card; accepted, the
    opponent discards down to 3 (20.7, judged as WFA-CARD-02 at the next pulse); rejected,
    it goes to the discard pile "even if it is a card with a circled R" (20.8)."""
    record = card_record(ctx, action.card)
    if record is None or record.flag is None or action.side not in SIDES:
        return
    if action.accepted is False:
        place = ctx.state.card_at.get(action.card)
        if place is not None and place.kind is not PlaceKind.DISCARD:
            yield Check.illegal("WFA-CARD-03", action.step, "a rejected enemy-flag card is "
                                "placed in the discard pile, even with a circled R (WfA "
                                "20.8)", expected="the discard pile", observed=str(place))
    yield Check.done("WFA-CARD-03")


# --- 20.10: the new Draw Deck of Early Spring -----------------------------------------------


def new_draw_deck(fact: RoundOpened, ctx: Context) -> Iterator[Outcome]:
    """WFA-CARD-04 (WfA 7.0 Early Spring, 20.10): "Cards which have been set aside by year,
    are introduced commencing in 1776 and shuffled into the Draw Deck along with the cards
    from the Discard Deck. Each player then draws enough Action Cards to fill his hand to a
    3 card maximum" (20.3's "three cards dealt" read as this fill, digest §8 A-35). Judged
    when the first round's initiative dice open it (before any card play of the turn)."""
    year = ctx.procedure.year
    season = ctx.season()
    if (fact.round != 1 or fact.initiative is None or year is None or year <= FIRST_YEAR
            or season is None or not season.early_spring):
        return
    kept = [card for card in ctx.state.cards_in(SET_ASIDE)
            if (record := card_record(ctx, card)) is not None and record.year is not None
            and record.year <= year]
    if kept:
        yield Check.reminder("WFA-CARD-04", fact.step, f"{len(kept)} card(s) of {year} or "
                             "earlier are still set aside; in the Early Spring Turn the "
                             "year's cards join the Draw Deck (WfA 7.0, 20.10)")
    hands = {side: len(in_hand(ctx, side)) for side in SIDES}
    if any(hands.values()):
        for side, held in hands.items():
            if held < HAND_LIMIT:
                yield Check.reminder("WFA-CARD-04", fact.step, f"the {side_name(side)} hand "
                                     f"holds {held} card(s) as the Early Spring cycle begins; "
                                     "each player fills his hand to 3 (WfA 7.0, 20.10)")
    yield Check.done("WFA-CARD-04")


# --- 20.2: the card's text trumps the rules ---------------------------------------------------


def card_text(action: ActionCardPlayed, ctx: Context) -> Iterator[Outcome]:
    """WFA-CARD-07 (WfA 20.2): "The text of any Action Card played trumps any game rule."
    The rulebook's example (digest X-9): in 1775 the British must keep 4 SP in Boston
    (6.7), but if the Colonial plays #24 Parliamentary Repressive Measures the British may
    choose to comply with the card; if he does not, he forfeits 1 PW. The other cards'
    texts are the data's, not read here."""
    if action.use not in _PLAYED:
        return
    record = card_record(ctx, action.card)
    number = (action.number if action.number is not None else
              record.number if record is not None and record.number is not None else
              ctx.cards.card_number(action.card))
    if number != REPRESSIVE_MEASURES or action.side != COLONIAL:
        return
    boston = (" over-riding the 1775 rule that 4 British SP stay in Boston (WfA 6.7)"
              if ctx.procedure.year == FIRST_YEAR else "")
    yield Check.reminder("WFA-CARD-07", action.step, f"the Colonial played "
                         f"{ctx.cards.card_name(action.card)} (#{REPRESSIVE_MEASURES}); the "
                         f"British may choose to comply with the card{boston}; if he does "
                         "not, British PW goes down 1 (WfA 20.2)")
    yield Check.done("WFA-CARD-07")


__all__ = ["FAMILY", "HAND_LIMIT", "card_record", "judge"]
