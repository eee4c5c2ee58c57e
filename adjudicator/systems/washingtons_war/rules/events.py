"""Where Event cards go, and the Special and Battle Cards' own limits (WW 6.3, 6.33, 6.34).

The log never says whether an Event card was played as the event or discarded (both go to
the discard pile, WW 6.3.C, 6.32.A): what these checks read is where the card lies once its
impulse (or its battle) is over. A card removed from the game was played as the event
(a discarded card is never removed, WW 6.32.A); a card put anywhere but the discard pile,
the War Ends box or the removed cards was misplaced. A Special Event is never discarded,
in an impulse or in a battle (WW 6.33.C, 6.34.A). A North's Government Falls card drawn at
random by the opponent's Event is carried out at once (WW 6.34.B): judged where it lies when
that Event's impulse is over. Facts the card list lacks (most cards' "once per game" text)
leave a check unchecked, naming the missing data.
"""

from __future__ import annotations

from collections.abc import Iterator

from adjudicator.findings import Severity
from adjudicator.systems.common.outcomes import Check, Outcome, Violation
from adjudicator.systems.common.places import Place, PlaceKind
from adjudicator.systems.washingtons_war.data import Card, CardKind, Colony, Side
from adjudicator.systems.washingtons_war.data.vocabulary import CardFlag
from adjudicator.systems.washingtons_war.procedure import BattleCard, Impulse, PcChange
from adjudicator.systems.washingtons_war.rules.context import Context
from adjudicator.systems.washingtons_war.state import REMOVED

IDS = frozenset({"WW-CARD-01", "WW-CARD-03", "WW-CARD-08", "WW-CARD-11", "WW-CARD-15", "WW-CARD-17",
                 "WW-CARD-19"})
"""The catalog ids this module checks (declared by the `cards` family)."""
DISCARD = Place(PlaceKind.DISCARD)
WAR_ENDS = Place(PlaceKind.CARDS, "war_ends")
"""The War Ends box (WW 6.34.C.iii)."""
DECLARATION = "declaration_of_independence"
LINE_MUTINIES = "line_mutinies"
"""Played as the event, it bars American placements with OPS cards or Event discards for
the rest of the turn (WW 10.11.A.iv)."""
ARNOLD_CARD = "benedict_arnold_treason"
ARNOLD = "arnold"
TARLETON_CARD = "banastre_tarleton"
"""The one Battle Card the British may play as the event in the Strategy Phase (WW 6.33.A)."""
QUEUE_BOXES = ("am_queue", "br_queue")
NEEDS_ONCE = ("card texts (once per game)",)


def where(card: str, impulse: Impulse, ctx: Context) -> Place:
    """Where a card lies now (where it went when it left the hand, if the position lost it)."""
    return ctx.state.card_at.get(card, impulse.destination)


def place_name(place: Place) -> str:
    """A card place in words."""
    if place == DISCARD:
        return "the discard pile"
    if place == WAR_ENDS:
        return "the War Ends box"
    if place == REMOVED:
        return "the removed cards"
    return place.key.replace("_", " ") or place.kind.value.replace("_", " ")


def impulse_event(impulse: Impulse, ctx: Context) -> Iterator[Outcome]:
    """WW-CARD-03, -08, -11, -15, -19 for the Event card an impulse was played with."""
    card = ctx.card(impulse.card)
    if card is None or card.kind is not CardKind.EVENT:
        return
    if card.id == DECLARATION:
        yield from declaration(impulse, ctx)
    place = where(impulse.card, impulse, ctx)
    if not place.resolved:
        return
    yield from _flag(impulse, card, place, ctx)
    if card.ends_war:
        yield from _war_ends(impulse.card, impulse.step, card, place, ctx)
        return
    if card.special and place.kind is PlaceKind.CARDS:
        yield Check.illegal("WW-CARD-03", impulse.step, f"the Special Event {card.name} was "
                            f"put into {place_name(place)}; a Special Event is played as the "
                            "event (WW 6.34.A), never used as an OPS card or discarded",
                            expected="the event", observed=place_name(place))
        yield Check.done("WW-CARD-03")
        return
    if card.special:
        yield Check.done("WW-CARD-03")
    if card.battle and place == REMOVED:
        yield from _battle_card_removed_outside_battle(impulse, card, ctx)
        return
    yield from _played_card_place(impulse.step, card, place, "its impulse")


def played_as_event(impulse: Impulse, place: Place) -> str | None:
    """What shows an Event card was played as the event rather than discarded (WW 6.32.B:
    a discard allows one PC action at most): None when nothing does."""
    if place == REMOVED:
        return "it was removed from the game"
    if impulse.activations:
        return "Generals moved with it"
    if impulse.arrivals:
        return "reinforcements came with it"
    # A change that may be the Political Control Phase's (WW 10.2.2) is not evidence.
    own = sum(1 for change in impulse.pcs if not change.maybe_phase)
    if own > 1:
        return f"{own} PC actions came with it"
    return None


def _flag(impulse: Impulse, card: Card, place: Place, ctx: Context) -> Iterator[Outcome]:
    """WW-CARD-01 (WW 6.3.B, 6.32.A): an Event with the opponent's flag may only be
    discarded; a flagless one (Campaigns, Special Events) by either side. The log shows a
    card played as the event only by what came with it (`played_as_event`)."""
    flag = card.flag
    implied = card.implied_flag
    if flag is CardFlag.NONE:
        yield Check.done("WW-CARD-01")
        return
    if flag is None and implied is None:
        yield Check.unchecked("WW-CARD-01", impulse.step, f"{impulse.side.value} played "
                              f"{card.name}, whose flag is not in the card list",
                              needs=("card flags",))
        return
    owner = Side(flag.value) if flag is not None else implied
    evidence = played_as_event(impulse, place)
    if owner is not impulse.side and evidence is not None:
        message = (f"{impulse.side.value} played {card.name}, an event with the "
                   f"{owner.value if owner else ''} flag, as the event ({evidence}); "
                   "the other side's Event may only be discarded (WW 6.32.A)")
        if flag is None:
            yield Violation("WW-CARD-01", impulse.step, Severity.CHECK, message + "; the "
                            "flag is implied by the text, not printed in it")
        else:
            yield Check.illegal("WW-CARD-01", impulse.step, message,
                                expected="a discard", observed="the event")
    yield Check.done("WW-CARD-01")


def declaration(impulse: Impulse, ctx: Context) -> Iterator[Outcome]:
    """WW-CARD-17 (WW 6.34.C.i, 6.31, 10.11.A.ii; digest EX-22): whoever plays the
    Declaration of Independence, the American places exactly one PC in each of the thirteen
    colonies (not Canada) that has a space with no PC and no British CU; no PC is flipped.
    It is mandatory, even where the PC will be isolated, and the Congress being dispersed
    does not stop it. Which colonies had an open space is read from the position after the
    card (the event only places PCs); it needs every space's colony in the data."""
    changes = [c for c in (*impulse.pcs, *impulse.other_pcs) if c.after is Side.AM]
    step = impulse.step
    flips = [c for c in changes if c.before is not None and not c.maybe_phase]
    if flips:
        yield Check.illegal("WW-CARD-17", flips[0].step, f"the Declaration of Independence "
                            f"flipped the British PC in {ctx.space_names(c.space for c in flips)};"
                            " British PC markers cannot be flipped by it (WW 6.34.C.i)",
                            spaces=tuple(c.space for c in flips))
    for change in changes:
        if change.maybe_phase and change.before is not None:
            yield Check.unchecked("WW-CARD-17", change.step, f"the British PC in "
                                  f"{ctx.space_name(change.space)} was flipped after the "
                                  "Declaration of Independence, the last card: legal in the "
                                  "Political Control Phase where an American Army stands "
                                  "(WW 10.2.2), which the log does not show",
                                  spaces=(change.space,))
    placed = [c for c in changes if c.before is None]
    by_colony: dict[Colony, list[PcChange]] = {}
    unknown: list[str] = []
    for change in placed:
        record = ctx.data.spaces.get(change.space)
        if record is None or record.colony is None:
            unknown.append(change.space)
            continue
        by_colony.setdefault(record.colony, []).append(change)
        if ctx.state.space(change.space).cus_of(Side.BR) > 0:
            yield Check.illegal("WW-CARD-17", change.step, f"the Declaration of Independence "
                                f"placed a PC in {ctx.space_name(change.space)}, which holds "
                                "a British CU (WW 10.11.A.ii)", spaces=(change.space,))
    for colony, here in by_colony.items():
        spaces = tuple(c.space for c in here)
        if any(c.maybe_phase for c in here) and (
                colony is Colony.CANADA or sum(not c.maybe_phase for c in here) <= 1):
            # A placement where an American Army stands may be the Political Control
            # Phase's (WW 10.2.2): the log does not show which.
            if colony is Colony.CANADA or len(here) > 1:
                yield Check.unchecked("WW-CARD-17", here[-1].step, f"PCs placed in "
                                      f"{ctx.space_names(spaces)} after the Declaration of "
                                      "Independence, the last card: one may be the Political "
                                      "Control Phase's (WW 10.2.2)", spaces=spaces)
            continue
        if colony is Colony.CANADA:
            yield Check.illegal("WW-CARD-17", here[0].step, f"the Declaration of Independence "
                                f"placed a PC in Canada ({ctx.space_names(spaces)}); it places "
                                "PCs in the thirteen colonies only", spaces=spaces)
        elif len(here) > 1:
            yield Check.illegal("WW-CARD-17", here[1].step, f"the Declaration of Independence "
                                f"placed {len(here)} PCs in {colony.value} "
                                f"({ctx.space_names(spaces)}); it places one per colony",
                                spaces=spaces, expected="1", observed=str(len(here)))
    if unknown:
        yield Check.unchecked("WW-CARD-17", step, "the Declaration of Independence placed PCs "
                              f"in {ctx.space_names(unknown)}, whose colony is not in the data",
                              needs=("space colonies",), spaces=tuple(unknown))
        return
    yield from _colonies_missed(impulse, by_colony, ctx)


def _colonies_missed(impulse: Impulse, by_colony: dict[Colony, list[PcChange]],
                     ctx: Context) -> Iterator[Outcome]:
    """The colonies where the Declaration could place a PC and did not (WW 6.31: all of
    the instructions must be implemented)."""
    missing = [c for c in Colony if c.is_colony and c not in by_colony]
    if not missing:
        yield Check.done("WW-CARD-17")
        return
    complete = ctx.data.map_status.spaces_complete and all(
        s.colony is not None for s in ctx.data.spaces.values())
    unsure = []
    for colony in missing:
        open_spaces = [s.id for s in ctx.data.spaces.values() if s.colony is colony
                       and ctx.state.space(s.id).pc is None
                       and ctx.state.space(s.id).cus_of(Side.BR) == 0]
        if open_spaces:
            yield Check.illegal("WW-CARD-17", impulse.step, "the Declaration of Independence "
                                f"placed no PC in {colony.value}, where "
                                f"{ctx.space_names(open_spaces)} had no PC and no British CU; "
                                "the placement is mandatory (WW 6.31, 6.34.C.i)",
                                spaces=tuple(open_spaces))
        elif not complete:
            unsure.append(colony.value)
    if unsure:
        # A space the data does not place in a colony may be an open one.
        yield Check.unchecked("WW-CARD-17", impulse.step, "the Declaration of Independence "
                              f"placed no PC in {', '.join(unsure)}; whether a space there had "
                              "no PC and no British CU needs every space's colony, which the "
                              "data lacks", needs=("map spaces", "space colonies"))
        return
    yield Check.done("WW-CARD-17")


def drawn_events(impulse: Impulse, ctx: Context) -> Iterator[Outcome]:
    """WW-CARD-15 for a North's Government Falls card this impulse's Event drew at random
    from the opponent's hand: "its event is immediately implemented" (WW 6.34.B), so once
    the impulse is over it lies in the War Ends box like a played one (WW 6.34.C.iii)."""
    for drawn, step in impulse.drawn:
        card = ctx.card(drawn)
        place = ctx.state.card_at.get(drawn)
        if card is None or not card.ends_war or place is None or not place.resolved:
            continue
        yield from _war_ends(drawn, step, card, place, ctx, how="was drawn at random (its "
                             "event is carried out at once, WW 6.34.B) and went")


def _war_ends(card_id: str, step: int, card: Card, place: Place, ctx: Context, *,
              how: str = "went") -> Iterator[Outcome]:
    """WW-CARD-15 (WW 6.34.C.iii): a North's Government Falls card goes into the War Ends
    box, and a card already there goes to the discard pile. Being a Special Event, it is
    never discarded (WW-CARD-03, 6.34.A)."""
    if place != WAR_ENDS:
        yield Check.illegal("WW-CARD-15", step, f"{card.name} {how} to "
                            f"{place_name(place)}, not into the War Ends box; it is a Special "
                            "Event, played as the event (never discarded, WW 6.34.A), and "
                            "the event puts it into the War Ends box",
                            expected="the War Ends box", observed=place_name(place))
    else:
        others = [c for c in ctx.state.cards_in(WAR_ENDS) if c != card_id]
        if others:
            yield Check.illegal("WW-CARD-15", step, f"{card.name} {how} into the War "
                                f"Ends box, but {', '.join(map(ctx.card_name, others))} "
                                "stayed there; the card already in the box goes to the "
                                "discard pile", expected="1 card in the War Ends box",
                                observed=str(len(others) + 1))
    yield Check.done("WW-CARD-15")
    yield Check.done("WW-CARD-03")


def _battle_card_removed_outside_battle(impulse: Impulse, card: Card,
                                        ctx: Context) -> Iterator[Outcome]:
    """WW-CARD-08/19 (WW 6.33.A and its Clarifications): a Battle Card's event happens only
    in a battle (Tarleton excepted); "Benedict Arnold Treason!" cannot be played in the
    Strategy Phase simply to remove Arnold. A removed card was played as the event; a card
    on the discard pile may have been discarded (WW 6.32), which is legal."""
    if card.id == TARLETON_CARD:
        yield from _played_card_place(impulse.step, card, REMOVED, "its impulse")
        return
    rule = "WW-CARD-19" if card.id == ARNOLD_CARD else "WW-CARD-08"
    yield Check.illegal(rule, impulse.step, f"{card.name} was removed from the game after "
                        "it was played as an impulse: a Battle Card's event is played only "
                        "in Step 1 of a battle (WW 6.33.A"
                        + (", 6.33 Clarifications" if rule == "WW-CARD-19" else "")
                        + "); as an impulse it can only be discarded, and a discarded card "
                        "is never removed (WW 6.32.A)", expected="the discard pile",
                        observed="removed")
    yield Check.done(rule)


def _played_card_place(step: int, card: Card, place: Place, when: str) -> Iterator[Outcome]:
    """WW-CARD-11 (WW 6.3.C, 6.32.A): a card played as a 'once per game' event is removed;
    every other played or discarded Event card goes to the discard pile."""
    if place == DISCARD:
        yield Check.done("WW-CARD-11")
        return
    if place == REMOVED:
        if card.once_per_game is None:
            yield Check.unchecked("WW-CARD-11", step, f"{card.name} was removed from the game "
                                  f"after {when}; whether its text says 'once per game' is "
                                  "not in the card list", needs=NEEDS_ONCE)
            return
        if not card.once_per_game:
            yield Check.illegal("WW-CARD-11", step, f"{card.name} was removed from the game "
                                f"after {when}; it is not a 'once per game' event, so played "
                                "or discarded it goes to the discard pile (WW 6.3.C, 6.32.A)",
                                expected="the discard pile", observed="removed")
        yield Check.done("WW-CARD-11")
        return
    if place.kind is PlaceKind.CARDS and place.key in QUEUE_BOXES:
        return  # an Event put into an Operations Queue is WW-OPS-03's
    if place.kind in (PlaceKind.CARDS, PlaceKind.DECK, PlaceKind.SET_ASIDE):
        yield Check.illegal("WW-CARD-11", step, f"the Event card {card.name} went to "
                            f"{place_name(place)} after {when}; a played or discarded Event "
                            "goes to the discard pile, or is removed if its event is once "
                            "per game (WW 6.3.C)", expected="the discard pile",
                            observed=place_name(place))
        yield Check.done("WW-CARD-11")


def battle_cards(impulse: Impulse, ctx: Context) -> Iterator[Outcome]:
    """WW-CARD-03/08/19 for the cards played or discarded in the impulse's battles, once
    every battle of the impulse is over."""
    for battle in impulse.battles:
        for played in battle.cards:
            yield from _battle_card(played, impulse, ctx)


def _battle_card(played: BattleCard, impulse: Impulse, ctx: Context) -> Iterator[Outcome]:
    card = ctx.card(played.card)
    if card is None or card.kind is not CardKind.EVENT:
        return
    name = card.name
    if card.special:
        # WW 6.33.C, 6.34.A: a Special Event is never discarded, not even for +1 in battle.
        yield Check.illegal("WW-CARD-03", played.step, f"{played.side.value} used the Special "
                            f"Event {name} in a battle; a Special Event is never discarded, "
                            "not even for a +1 DRM (WW 6.33.C, 6.34.A)",
                            expected="played as the event in the Strategy Phase",
                            observed="a battle discard")
        yield Check.done("WW-CARD-03")
        return
    place = where(played.card, impulse, ctx)
    if not place.resolved:
        return
    if card.id == ARNOLD_CARD and place == REMOVED:
        # WW 6.33 Clarifications, 9.2 Step 1: played as the event, the card and Arnold
        # are permanently removed, wherever Arnold is.
        arnold = ctx.state.general_at.get(ARNOLD)
        if arnold is not None and arnold != REMOVED:
            yield Check.illegal("WW-CARD-19", played.step, f"{name} was played as the event "
                                "but the Arnold General was not removed from the game "
                                f"(he is in {arnold.key or arnold.kind.value}); the event "
                                "removes him wherever he is",
                                pieces=(ctx.general_name(ARNOLD),),
                                expected="Arnold removed", observed="Arnold kept")
        yield Check.done("WW-CARD-19")
        yield Check.done("WW-CARD-08")
        return
    if card.battle is False and place == REMOVED:
        yield Check.illegal("WW-CARD-11", played.step, f"{name}, discarded in the battle, "
                            "was removed from the game; it is not a Battle Card, so it was "
                            "discarded (+1), and a discarded card is never removed "
                            "(WW 6.32.A, 6.33.C)", expected="the discard pile",
                            observed="removed")
        yield Check.done("WW-CARD-11")
        return
    if card.battle and place == REMOVED:
        yield Check.illegal("WW-CARD-08", played.step, f"{name} was removed from the game "
                            "after the battle; once the battle is resolved a Battle Card "
                            "goes to the discard pile ('Benedict Arnold Treason!' alone is "
                            "removed, WW 6.33.A)", expected="the discard pile",
                            observed="removed")
        yield Check.done("WW-CARD-08")
        return
    if place.kind in (PlaceKind.CARDS, PlaceKind.DECK, PlaceKind.SET_ASIDE):
        rule = "WW-CARD-08" if card.battle else "WW-CARD-11"
        yield Check.illegal(rule, played.step, f"{name}, used in the battle, went to "
                            f"{place_name(place)}; after the battle it goes to the discard "
                            "pile (WW 6.33.A, 6.3.C)", expected="the discard pile",
                            observed=place_name(place))
        yield Check.done(rule)
        return
    if card.battle and place == DISCARD:
        yield Check.done("WW-CARD-08")
    elif place in (DISCARD, REMOVED):
        yield from _played_card_place(played.step, card, place, "the battle")


__all__ = ["IDS", "battle_cards", "drawn_events", "impulse_event", "place_name", "played_as_event",
           "where"]
