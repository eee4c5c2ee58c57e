"""The draw deck: reshuffles and the 1776 shuffle-in (WW 6.1, 6.1.E, 6.3.D, 12.2.B.iv).

WW 6.1 and its Reshuffle Clarification: the discard pile is shuffled back into the deck when
the deck runs out, and at the next Strategy Cards Phase after the Declaration of
Independence or "William Pitt" is played as the event, "Hortelz" is discarded, or France
enters the war (WW 12.2.B.iv); cards removed from the game and the War Ends card stay out
(WW 6.3.C, 6.34.C.iii) — WW-CARD-12. At the start of 1776, the Declaration of Independence
and von Steuben are shuffled into the deck, and that is no reshuffle: the discard pile is not
shuffled in (WW 6.1.E) — WW-CARD-13.

A log shows a played and a discarded Event alike, so any of those cards out of play counts
as a reason a reshuffle may be due; a reshuffle is illegal only when the deck still held
cards and no reason at all was seen since the last one.
"""

from __future__ import annotations

from collections.abc import Iterator

from adjudicator.systems.common.actions import Action
from adjudicator.systems.common.outcomes import Check, Outcome
from adjudicator.systems.common.places import PlaceKind
from adjudicator.systems.common.rulebook import RuleFamily
from adjudicator.systems.washingtons_war.actions import CardsIntoDeck
from adjudicator.systems.washingtons_war.data.vocabulary import FIRST_YEAR
from adjudicator.systems.washingtons_war.rules.context import Context

FAMILY = RuleFamily("deck", frozenset({"WW-CARD-12", "WW-CARD-13"}), actions=(CardsIntoDeck,))
SHUFFLE_IN_YEAR = str(FIRST_YEAR + 1)
"""WW 6.1.E: the set-aside cards join the deck at the start of 1776."""


def judge(action: Action, ctx: Context) -> Iterator[Outcome]:
    """The deck rules for cards put into the draw deck in one step."""
    if not isinstance(action, CardsIntoDeck):
        return
    discarded = [card for card, origin in action.cards if origin.kind is PlaceKind.DISCARD]
    set_aside = [ctx.card_name(card) for card, origin in action.cards
                 if origin.kind is PlaceKind.SET_ASIDE]
    # The rest came from the removed cards or the War Ends box.
    stay_out = [ctx.card_name(card) for card, origin in action.cards
                if origin.kind not in (PlaceKind.DISCARD, PlaceKind.SET_ASIDE)]
    if discarded:
        yield from _reshuffle(action, len(discarded))
    if stay_out:
        yield Check.illegal("WW-CARD-12", action.step, f"{', '.join(stay_out)} went back into "
                            "the deck: cards removed from the game and the War Ends card "
                            "stay out of it (WW 6.3.C, 6.34.C.iii)")
        yield Check.done("WW-CARD-12")
    if set_aside:
        yield from _shuffle_in(action, set_aside)


def _reshuffle(action: CardsIntoDeck, count: int) -> Iterator[Outcome]:
    """WW-CARD-12: the discard pile goes back only when the deck ran out or a reshuffle is
    due."""
    if action.deck_before and not action.due:
        cards = f"{count} card of the discard pile was" if count == 1 else (
            f"{count} cards of the discard pile were")
        yield Check.illegal("WW-CARD-12", action.step, f"{cards} shuffled into a deck still "
                            f"holding {action.deck_before}, "
                            "with no reshuffle due: the deck is reconstituted when it runs "
                            "out, or after the Declaration of Independence, 'William Pitt', "
                            "'Hortelz' or the French Alliance (WW 6.1, 6.3.D, 12.2.B.iv)",
                            expected="an empty deck or a reshuffle due",
                            observed=f"{action.deck_before} cards in the deck")
    yield Check.done("WW-CARD-12")


def _shuffle_in(action: CardsIntoDeck, names: list[str]) -> Iterator[Outcome]:
    """WW-CARD-13 (WW 6.1.E): the set-aside cards are shuffled in at the start of 1776."""
    if action.year is None:
        yield Check.unchecked("WW-CARD-13", action.step, f"{', '.join(names)} went into the "
                              "deck, and the log does not show the year")
        return
    if action.year != SHUFFLE_IN_YEAR:
        yield Check.illegal("WW-CARD-13", action.step, f"{', '.join(names)} went into the deck "
                            f"in {action.year}; the set-aside cards are shuffled in at the "
                            "start of 1776 (WW 6.1.E)", expected=SHUFFLE_IN_YEAR,
                            observed=action.year)
    yield Check.done("WW-CARD-13")


__all__ = ["FAMILY", "judge"]
