"""Card plays and the impulse sequence (WW 5.3, 6.2, 6.3, 6.33, 6.34, 7.1.B; tables
T2, T12). Where Event cards go and the Special and Battle Cards' limits are `events`."""

from __future__ import annotations

from collections.abc import Iterator

from adjudicator.systems.common.actions import Action
from adjudicator.systems.common.outcomes import Check, Outcome
from adjudicator.systems.common.places import PlaceKind
from adjudicator.systems.common.rulebook import RuleFamily
from adjudicator.systems.common.sequence import Knowledge
from adjudicator.systems.washingtons_war.actions import (
    BattleCardPlayed,
    CardExchanged,
    ImpulseEnded,
    ImpulseOpened,
)
from adjudicator.systems.washingtons_war.data import CardKind, Side
from adjudicator.systems.washingtons_war.procedure import Impulse, Use
from adjudicator.systems.washingtons_war.rules import events
from adjudicator.systems.washingtons_war.rules.alliance import FRANKLIN
from adjudicator.systems.washingtons_war.rules.context import Context
from adjudicator.systems.washingtons_war.rules.event_discard import proven_discard
from adjudicator.systems.washingtons_war.rules.wording import (
    arrivals_text,
    moves_text,
    pc_changes_text,
)

FAMILY = RuleFamily("cards", frozenset({"WW-SEQ-04", "WW-SEQ-06", "WW-CARD-09",
                                        "WW-CARD-14", "WW-OPS-02", "WW-OPS-03", "WW-OPS-04",
                                        "WW-CARD-07"})
                    | events.IDS,
                    positional=frozenset({"WW-SEQ-06", "WW-CARD-14"}),
    actions=(ImpulseOpened, ImpulseEnded, BattleCardPlayed, CardExchanged))
TOURNAMENT_EVENTS = (events.DECLARATION, FRANKLIN)
"""WW 6.34.C.i Optional Tournament Rule: the British play of either Special Event may be
followed at once by another British action."""
QUEUE_START_VALUES = (1, 2)
"""WW 7.1.B.i: a queue is started with a 1 or 2 OPS card."""
AMERICAN_EXCHANGE_VALUES = (2, 3)
"""WW 6.32.C: the American gives a 2 or 3 OPS card for a discarded Event (the British any)."""


def judge(action: Action, ctx: Context) -> Iterator[Outcome]:
    """The card and sequence rules of one action."""
    if isinstance(action, ImpulseOpened):
        yield from _alternation(action, ctx)
        yield from _queue_start(action, ctx)
        yield from _queue_card(action.impulse, ctx)
    elif isinstance(action, ImpulseEnded):
        yield from _one_thing(action.impulse, ctx)
        yield from _destination(action.impulse, ctx)
        yield from _queue_leftovers(action.impulse, ctx)
        yield from events.impulse_event(action.impulse, ctx)
        yield from events.drawn_events(action.impulse, ctx)
        yield from events.battle_cards(action.impulse, ctx)
    elif isinstance(action, BattleCardPlayed):
        yield from _battle_cards(action, ctx)
    elif isinstance(action, CardExchanged):
        yield from _exchange(action, ctx)


def _alternation(action: ImpulseOpened, ctx: Context) -> Iterator[Outcome]:
    """WW-SEQ-04 (WW 5.3): the players alternate impulses; a player plays twice in a row
    only when his opponent's hand is empty. A card drawn at random (WW 6.31), an exchange
    (WW 6.32.C) and cards of a battle (WW 6.33) are not impulses."""
    previous, impulse = action.previous, action.impulse
    moment = ctx.moment
    if previous is None or moment.knowledge is Knowledge.UNKNOWN:
        return
    if previous.step < moment.since_step:
        return
    if previous.side is impulse.side and action.opponent_cards > 0:
        if previous.maybe_drawn and not (previous.activations or previous.pcs
                                         or previous.arrivals or previous.landing_party):
            # WW 6.31: "Loss of a Strategy Card from one's hand in this fashion does not
            # constitute a play ... the player losing the Strategy Card still makes the
            # next play." The earlier card did nothing, went to the discard pile during the
            # opponent's Event, moved by its owner: it may have been drawn at random.
            yield Check.unchecked("WW-SEQ-04", impulse.step, f"{impulse.side.value} played "
                                  f"{ctx.card_name(impulse.card)} right after "
                                  f"{ctx.card_name(previous.card)}, which did nothing and "
                                  "went to the discard pile during the opponent's Event: if "
                                  "that Event drew it at random (WW 6.31), this is his play",
                                  needs=("card texts",))
            return
        if impulse.side is Side.BR and previous.card in TOURNAMENT_EVENTS:
            # WW 6.34.C.i Optional Tournament Rule: after playing either event the British
            # player "may then draw a replacement card and immediately take another action
            # using any card"; whether the game uses it the log does not say (WW-CARD-20).
            yield Check.unchecked("WW-SEQ-04", impulse.step, f"BR played "
                                  f"{ctx.card_name(impulse.card)} right after his own "
                                  f"{ctx.card_name(previous.card)}: legal only under the "
                                  "Optional Tournament Rule (WW 6.34.C.i), which the log "
                                  "does not show", needs=("optional rules",))
            return
        yield Check.illegal("WW-SEQ-04", impulse.step, f"{impulse.side.value} played "
                            f"{ctx.card_name(impulse.card)} right after his own "
                            f"{ctx.card_name(previous.card)}, while his opponent held "
                            f"{action.opponent_cards} card"
                            f"{'s' if action.opponent_cards != 1 else ''}",
                            expected="alternate impulses",
                            observed="two in a row")
    yield Check.done("WW-SEQ-04")


def _queue_start(action: ImpulseOpened, ctx: Context) -> Iterator[Outcome]:
    """WW-OPS-02 (WW 7.1.B.i): an Operations Queue starts with a 1 or 2 OPS card."""
    impulse = action.impulse
    if impulse.use is not Use.QUEUE or impulse.queue_total is None:
        return
    card = ctx.card(impulse.card)
    if card is None or card.ops is None or impulse.queue_total != card.ops:
        return
    if card.ops not in QUEUE_START_VALUES:
        yield Check.illegal("WW-OPS-02", impulse.step, f"an Operations Queue was started "
                            f"with {card.name}, a {card.ops} OPS card",
                            expected="a 1 or 2 OPS card", observed=str(card.ops))
    yield Check.done("WW-OPS-02")


def _queue_card(impulse: Impulse, ctx: Context) -> Iterator[Outcome]:
    """WW-OPS-03 (WW 7.1.B.i–iii): only OPS cards go into an Operations Queue."""
    if impulse.use is not Use.QUEUE:
        return
    card = ctx.card(impulse.card)
    if card is None:
        yield Check.unchecked("WW-OPS-03", impulse.step, f"{ctx.card_name(impulse.card)} "
                              "went into an Operations Queue; the card is not in the card "
                              "list", needs=("card list",))
        return
    if card.kind is not CardKind.OPS:
        yield Check.illegal("WW-OPS-03", impulse.step, f"{impulse.side.value} put the Event "
                            f"card {card.name} into his Operations Queue; a queue is built "
                            "of OPS cards (WW 6.2, 7.1.B)", expected="an OPS card",
                            observed="an Event card")
    yield Check.done("WW-OPS-03")


def _queue_leftovers(impulse: Impulse, ctx: Context) -> Iterator[Outcome]:
    """WW-OPS-04 (WW 6.2, 7.1.B.iii): once a queue is used or abandoned its cards go to the
    discard pile, so a queue box holds only the cards of the queue under way. Judged when
    the next card goes into the box: cards left from a queue that is over would otherwise
    seem to count towards the new one."""
    if impulse.use is not Use.QUEUE or impulse.destination.kind is not PlaceKind.CARDS:
        return
    box = impulse.destination
    leftovers = [c for c in ctx.state.cards_in(box) if c not in impulse.queue]
    if leftovers:
        yield Check.illegal("WW-OPS-04", impulse.step, f"{ctx.card_name(impulse.card)} went "
                            f"into the Operations Queue while "
                            f"{', '.join(map(ctx.card_name, leftovers))} still lay there "
                            "from a queue already used or abandoned; those cards go to the "
                            "discard pile and do not count", expected="an empty queue box",
                            observed=f"{len(leftovers)} old card"
                            f"{'s' if len(leftovers) != 1 else ''}")
    yield Check.done("WW-OPS-04")


def _exchange(action: CardExchanged, ctx: Context) -> Iterator[Outcome]:
    """WW-CARD-07 (WW 6.32.C): the Event the opponent discarded as his impulse may be taken
    for an OPS card from the hand: an American gives a 2 or 3, a British any value."""
    given, taken = ctx.card(action.given), ctx.card_name(action.taken)
    side = action.side
    if given is None:
        yield Check.unchecked("WW-CARD-07", action.step, f"{side} took {taken} in exchange "
                              f"for {ctx.card_name(action.given)}, a card the card list does "
                              "not know", needs=("card list",))
        return
    if given.kind is not CardKind.OPS:
        yield Check.illegal("WW-CARD-07", action.step, f"{side} gave the Event {given.name} "
                            f"for {taken}; the exchange costs an OPS card",
                            expected="an OPS card", observed="an Event card")
    elif side == "AM" and given.ops is None:
        yield Check.unchecked("WW-CARD-07", action.step, f"AM took {taken} in exchange for "
                              f"{given.name}, whose OPS value is not in the card list",
                              needs=("card ops values",))
        return
    elif side == "AM" and given.ops not in AMERICAN_EXCHANGE_VALUES:
        yield Check.illegal("WW-CARD-07", action.step, f"AM gave {given.name}, a {given.ops} "
                            f"OPS card, for {taken}; the American exchanges a 2 or 3 OPS card",
                            expected="2 or 3", observed=str(given.ops))
    yield Check.done("WW-CARD-07")


def things_done(impulse: Impulse, ctx: Context) -> list[str]:
    """What one card did, in the words of WW 5.3 (a)–(d), naming the Generals moved (and
    where), the spaces whose PCs were placed or flipped and where reinforcements came."""
    done = []
    if impulse.activations:
        done.append(f"moved {moves_text(impulse.activations, ctx)}")
    own_pcs = [c for c in impulse.pcs if c.after is impulse.side]
    if own_pcs:
        done.append(pc_changes_text(own_pcs, ctx))
    if impulse.arrivals:
        done.append(f"brought reinforcements ({arrivals_text(impulse.arrivals, ctx)})")
    return done


def _one_thing(impulse: Impulse, ctx: Context) -> Iterator[Outcome]:
    """WW-SEQ-06 (WW 5.3, 6.2): each card play does exactly one thing. An Event played as
    the event does what its text says, all of it (WW 6.31: "card text takes precedence"),
    which may be more than one of these; the card list lacks the texts, so an Event not
    proven discarded (WW 6.32) is unchecked — except a Campaign, whose activations are its
    text (WW 7.2)."""
    kinds = things_done(impulse, ctx)
    card = ctx.card(impulse.card)
    if len(kinds) > 1 and card is not None and card.kind is CardKind.EVENT and (
            card.campaign is None and proven_discard(impulse, card) is None):
        yield Check.unchecked("WW-SEQ-06", impulse.step, f"one card "
                              f"({ctx.card_name(impulse.card)}) {' and '.join(kinds)}: an "
                              "Event played as the event does all its text says (WW 6.31), "
                              "which the card list lacks", needs=("card texts",))
        return
    if len(kinds) > 1:
        generals = tuple(dict.fromkeys(ctx.general_name(a.general)
                                       for a in impulse.activations))
        spaces = tuple(dict.fromkeys(
            [s for a in impulse.activations if a.legs
             for s in (a.legs[0].origin, a.legs[-1].destination)]
            + [c.space for c in impulse.pcs if c.after is impulse.side]
            + [a.space for a in impulse.arrivals]))
        yield Check.illegal("WW-SEQ-06", _second_thing(impulse), f"one card "
                            f"({ctx.card_name(impulse.card)}) {' and '.join(kinds)}; a card "
                            "does one of these", spaces=spaces, pieces=generals)
    yield Check.done("WW-SEQ-06")


def _second_thing(impulse: Impulse) -> int:
    """The step at which a card began doing a second thing (WW 5.3): the first step of
    the kind of action that began second."""
    firsts = [min(a.step for a in impulse.activations)] if impulse.activations else []
    own = [c.step for c in impulse.pcs if c.after is impulse.side]
    if own:
        firsts.append(min(own))
    if impulse.arrivals:
        firsts.append(min(a.step for a in impulse.arrivals))
    firsts.sort()
    return firsts[1] if len(firsts) > 1 else impulse.step


def _destination(impulse: Impulse, ctx: Context) -> Iterator[Outcome]:
    """WW-CARD-14 (WW 6.2, 8.1.B, 8.2.B): an OPS card used to reinforce goes into a
    Reinforcement Card box; one used to move or place PCs goes to the discard pile (or
    into an Operations Queue, WW 7.1.B)."""
    card = ctx.card(impulse.card)
    if card is None or card.kind is not CardKind.OPS:
        return
    destination = impulse.destination
    to_box = destination.kind is PlaceKind.CARDS and "reinforcement" in destination.key
    acted = bool(impulse.activations or [c for c in impulse.pcs if c.after is impulse.side])
    if impulse.arrivals and not to_box:
        yield Check.illegal("WW-CARD-14", impulse.step, f"reinforcements "
                            f"({arrivals_text(impulse.arrivals, ctx)}) came with "
                            f"{card.name}, which was not put into a Reinforcement Card box",
                            spaces=tuple(dict.fromkeys(a.space for a in impulse.arrivals)))
    elif to_box and acted and not impulse.arrivals:
        used = " and ".join(things_done(impulse, ctx))
        yield Check.illegal("WW-CARD-14", impulse.step, f"{card.name} was put into the "
                            f"Reinforcement Card box but it {used}; a card that moves a "
                            "General or places PCs goes to the discard pile")
    yield Check.done("WW-CARD-14")


def _battle_cards(action: BattleCardPlayed, ctx: Context) -> Iterator[Outcome]:
    """WW-CARD-09 (WW 6.33.D, 9.2 Step 1): in each battle each side plays or discards at
    most one card, the attacker deciding first."""
    battle = action.battle
    side = action.side
    if action.after_dice:
        yield from _after_the_dice(action, ctx)
        return
    played = [c for c in battle.cards if c.side.value == side]
    if played:
        yield Check.illegal("WW-CARD-09", action.step, f"{side} played a second card "
                            f"({ctx.card_name(action.card)}) in the battle at "
                            f"{ctx.space_name(battle.space)}", spaces=(battle.space,),
                            expected="at most 1 card per side", observed="2")
    elif side == battle.attacker.value and battle.cards:
        yield Check.illegal("WW-CARD-09", action.step, f"the attacker played "
                            f"{ctx.card_name(action.card)} after the defender's card in the "
                            f"battle at {ctx.space_name(battle.space)}; the attacker decides "
                            "first", spaces=(battle.space,))
    yield Check.done("WW-CARD-09")


def _after_the_dice(action: BattleCardPlayed, ctx: Context) -> Iterator[Outcome]:
    """WW-CARD-08/09 (WW 9.45, 9.2 Step 1, 6.33.A): a card is played or discarded for a
    battle in Step 1, before the Actual Battle Rating dice of Step 2; a Battle Card's event
    happens only then. A card that left a hand after the procedure's dice is no play of the
    battle: it gives no modifier (the battle is judged without it)."""
    battle = action.battle
    record = ctx.card(action.card)
    rule = "WW-CARD-08" if record is not None and record.battle else "WW-CARD-09"
    steps = ", ".join(str(s) for s in action.after_dice)
    plural = "s" if len(action.after_dice) > 1 else ""
    what = "played" if rule == "WW-CARD-08" else "played or discarded"
    yield Check.illegal(rule, action.step, f"{action.side} {what} "
                        f"{ctx.card_name(action.card)} in the battle at "
                        f"{ctx.space_name(battle.space)} after its dice (step{plural} "
                        f"{steps}): Battle Cards and discards are played in Step 1, before "
                        "the Actual Battle Rating dice (WW 9.2, 9.45, 6.33.A); it gives the "
                        "battle no modifier", spaces=(battle.space,),
                        expected="a card in Step 1", observed="a card after the dice")
    yield Check.done(rule)


__all__ = ["FAMILY", "judge", "things_done"]
