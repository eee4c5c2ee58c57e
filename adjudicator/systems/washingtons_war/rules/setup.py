"""The set-up (WW 4.0, table T1) and the start of each turn's Strategy Phase (WW 5.2–5.3).

The set-up is judged only when the log shows it: a 1775 log that begins with both hands
empty, the discard pile empty and cards bound, and whose first steps place PC markers
(Committees of Correspondence, then For The King) before any card or other piece moves.
Its end (`SetUpEnded`) is judged on the position then: the T1 pieces (WW-SETUP-01), the
13 American PCs (WW-SETUP-03), the 3 British PCs (WW-SETUP-04) and the two cards set aside
(WW-SETUP-02). A log that begins later, or with the PCs already on the board, shows no
set-up and none of this is judged.

The start of a turn's Strategy Phase (`StrategyOpened`) is judged when the log shows the
turn begin (its cards dealt, or the year change): seven cards each, the American dealt
first (WW-SEQ-02), and who played the first card (WW-SEQ-03, table T12).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass

from adjudicator.findings import Severity
from adjudicator.systems.common.actions import Action
from adjudicator.systems.common.outcomes import Check, Outcome, Violation
from adjudicator.systems.common.places import Place, PlaceKind, box, space
from adjudicator.systems.common.rulebook import RuleFamily
from adjudicator.systems.washingtons_war.actions import ImpulseEnded, ImpulseOpened
from adjudicator.systems.washingtons_war.data import Nationality, Side
from adjudicator.systems.washingtons_war.data.tables import T1Setup
from adjudicator.systems.washingtons_war.data.vocabulary import FIRST_YEAR, Colony
from adjudicator.systems.washingtons_war.procedure import Impulse
from adjudicator.systems.washingtons_war.rules.context import Context, listed
from adjudicator.systems.washingtons_war.state import Holding

HAND_SIZE = 7
"""WW 5.2: seven Strategy Cards are dealt to each player."""
FOR_THE_KING = 3
"""WW 4.0: the British place 3 For The King PC markers."""
SET_ASIDE_IN_1775 = ("declaration_of_independence", "baron_von_steuben")
"""WW 4.0, 6.1.E: out of the deck until the 1776 turn."""


@dataclass(frozen=True, slots=True)
class SetUpPlacement:
    """A PC marker placed during the set-up: who placed it, where, at which step."""

    step: int
    side: Side
    space: str


@dataclass(frozen=True, slots=True, kw_only=True)
class SetUpEnded(Action):
    """The log's set-up is over (the first card or other piece moved, or the log ended):
    judged on the position then, with the PC placements the log showed in order."""

    placements: tuple[SetUpPlacement, ...]


@dataclass(frozen=True, slots=True, kw_only=True)
class StrategyOpened(Action):
    """The first card of a turn whose start the log showed (its deal or its year change)."""

    impulse: Impulse
    dealt: tuple[Side, ...]
    """The sides the cards dealt this turn went to, in order (empty: no deal seen)."""
    hands: tuple[tuple[Side, int], ...]
    """Cards in each hand just before the first card was played."""


FAMILY = RuleFamily("setup", frozenset({"WW-SETUP-01", "WW-SETUP-02", "WW-SETUP-03",
                                        "WW-SETUP-04", "WW-SEQ-02", "WW-SEQ-03"}),
                    positional=frozenset({"WW-SETUP-01", "WW-SETUP-03", "WW-SETUP-04"}),
                    actions=(SetUpEnded, StrategyOpened, ImpulseOpened, ImpulseEnded))


def judge(action: Action, ctx: Context) -> Iterator[Outcome]:
    """The set-up and turn-start rules of one action."""
    if isinstance(action, SetUpEnded):
        yield from _t1(action, ctx)
        yield from _committees(action, ctx)
        yield from _for_the_king(action, ctx)
        yield from _set_aside(action, ctx)
    elif isinstance(action, StrategyOpened):
        yield from _deal(action, ctx)
        yield from _first_player(action, ctx)
    elif isinstance(action, ImpulseOpened):
        yield from _played_in_1775(action, ctx)
    elif isinstance(action, ImpulseEnded) and action.impulse.opens_turn:
        yield from _first_campaign(action.impulse, ctx)


# ---------------------------------------------------------------------- set-up (WW 4.0)


def _location(ctx: Context, key: str) -> Place:
    """A T1 location: a map space, or a box (`br_reinforcements`, …)."""
    return space(key) if key in ctx.data.spaces else box(key)


def _t1_pcs(t1: T1Setup, side: Side) -> frozenset[str]:
    return frozenset(p.location for p in t1.placements if p.pc and p.side is side)


def _place_name(ctx: Context, place: Place) -> str:
    if place.kind is PlaceKind.SPACE:
        return ctx.space_name(place.key)
    return place.key.replace("_", " ")


def _t1(action: SetUpEnded, ctx: Context) -> Iterator[Outcome]:
    """WW-SETUP-01 (WW 4.0, T1): the pieces, the Congress, the Turn and French Alliance
    markers where T1 puts them. Pieces the log never showed (not bound) are not judged."""
    t1, state, step = ctx.data.tables.t1, ctx.state, action.step
    problems: list[tuple[str, tuple[str, ...]]] = []
    # Generals: every one where T1 puts him.
    for placement in t1.placements:
        where = _location(ctx, placement.location)
        for general in placement.generals:
            at = state.general_at.get(general)
            if at is not None and at != where:
                problems.append((f"{ctx.general_name(general)} is in {_place_name(ctx, at)}, "
                                 f"not {_place_name(ctx, where)}", (placement.location,)))
    # CUs on the map: exactly T1's, space by space and nationality by nationality.
    expected: Counter[tuple[str, Nationality]] = Counter()
    for placement in t1.placements:
        if placement.cus and placement.nationality and placement.location in ctx.data.spaces:
            expected[(placement.location, placement.nationality)] += placement.cus
    actual: Counter[tuple[str, Nationality]] = Counter()
    for key, holding in state.spaces():
        for nationality, count in holding.cu.items():
            actual[(key, nationality)] += count
    cus_seen = bool(actual) or any(state.at(box(p.location)).cu for p in t1.placements)
    if cus_seen:
        for key, nationality in sorted(set(expected) | set(actual)):
            want, have = expected[(key, nationality)], actual[(key, nationality)]
            if want != have:
                problems.append((f"{ctx.space_name(key)} holds {have} {nationality.value} "
                                 f"CU{'s' if have != 1 else ''}, T1 puts {want} there",
                                 (key,)))
    # The French CUs and the Navy wait in the French Reinforcement Box.
    for key, holding in state.spaces():
        if holding.navy:
            problems.append((f"the French Navy is in {ctx.space_name(key)}, not in the "
                             "French Reinforcement Box", (key,)))
    zone = state.navy_zone()
    if zone is not None:
        problems.append((f"the French Navy is in the {zone} Blockade Zone, not in the "
                         "French Reinforcement Box", ()))
    # PCs: T1's markers of each side.
    any_pc = any(holding.pcs for _, holding in state.spaces())
    if any_pc:
        for side in Side:
            for key in sorted(_t1_pcs(t1, side)):
                if side not in state.space(key).pcs:
                    problems.append((f"{ctx.space_name(key)} lacks the {side.value} PC T1 "
                                     "puts there", (key,)))
    # The Continental Congress in Philadelphia.
    congress = [key for key, holding in state.spaces() if holding.congress]
    for placement in t1.placements:
        if placement.congress and congress and placement.location not in congress:
            problems.append((f"the Continental Congress is in "
                             f"{ctx.space_names(congress)}, not in "
                             f"{ctx.space_name(placement.location)}", tuple(congress)))
    # The Turn marker on its Regulars side, the French Alliance marker on 0.
    if state.regulars is False and t1.regulars:
        problems.append(("the Game Turn marker shows No Regulars; the game begins with "
                         "British Regulars up", ()))
    if state.alliance_seen and state.alliance != t1.french_alliance:
        problems.append((f"the French Alliance marker is on "
                         f"{state.alliance if state.alliance is not None else 'its other side'}"
                         f", not on {t1.french_alliance}", ()))
    for problem, spaces in problems:
        yield Check.illegal("WW-SETUP-01", step, f"At the set-up {problem} (WW 4.0, T1)",
                            spaces=spaces)
    if not cus_seen or not any_pc:
        missing = listed([what for what, seen in (("CUs", cus_seen), ("PC markers", any_pc))
                          if not seen])
        yield Check.unchecked("WW-SETUP-01", step, f"no {missing} were seen at the set-up "
                              "(not bound?): their T1 places are not judged")
    yield Check.done("WW-SETUP-01")


def _placed_step(action: SetUpEnded, side: Side, key: str) -> int:
    for placement in action.placements:
        if placement.side is side and placement.space == key:
            return placement.step
    return action.step


def _british_piece(holding: Holding, ctx: Context) -> bool:
    return bool(holding.cus_of(Side.BR) or holding.generals_of(Side.BR, ctx.sides))


def _committees(action: SetUpEnded, ctx: Context) -> Iterator[Outcome]:
    """WW-SETUP-03 (WW 4.0): exactly one American PC in each of the Thirteen Colonies (none
    in Canada), each in a space with no British playing piece."""
    t1 = ctx.data.tables.t1
    own = _t1_pcs(t1, Side.AM)
    british = _t1_pcs(t1, Side.BR)
    placed = sorted(key for key, holding in ctx.state.spaces()
                    if Side.AM in holding.pcs and key not in own)
    by_colony: dict[Colony, list[str]] = {}
    unknown: list[str] = []
    for key in placed:
        record = ctx.data.spaces.get(key)
        colony = record.colony if record is not None else None
        step = _placed_step(action, Side.AM, key)
        here = ctx.state.space(key)
        if colony is None:
            unknown.append(key)
        elif not colony.is_colony:
            yield Check.illegal("WW-SETUP-03", step, f"a Committees of Correspondence PC "
                                f"was placed in {ctx.space_name(key)}, in Canada; they go "
                                "in the Thirteen Colonies (WW 4.0)", spaces=(key,))
        else:
            by_colony.setdefault(colony, []).append(key)
        if key in british or _british_piece(here, ctx):
            yield Check.illegal("WW-SETUP-03", step, f"a Committees of Correspondence PC "
                                f"was placed in {ctx.space_name(key)}, which holds a British "
                                "playing piece (WW 4.0)", spaces=(key,))
    for colony, keys in sorted(by_colony.items()):
        if len(keys) > 1:
            last = max(_placed_step(action, Side.AM, key) for key in keys)
            yield Check.illegal("WW-SETUP-03", last,
                                f"{len(keys)} Committees of Correspondence PCs were placed "
                                f"in {colony.value} ({ctx.space_names(keys)}); one per colony "
                                "(WW 4.0)", spaces=tuple(keys), expected="1",
                                observed=str(len(keys)))
    if unknown:
        yield Check.unchecked("WW-SETUP-03", action.step, f"the colony of "
                              f"{ctx.space_names(unknown)} is not in the data: one PC per "
                              "colony is not judged for them", needs=("space colonies",),
                              spaces=tuple(unknown))
        return
    missing = [c.value for c in Colony if c.is_colony and c not in by_colony]
    if missing:
        yield Check.illegal("WW-SETUP-03", action.step, f"the set-up ended with no "
                            f"Committees of Correspondence PC in {listed(missing)}; the "
                            "American places one in each of the Thirteen Colonies (WW 4.0)",
                            expected="13", observed=str(len(placed)))
    yield Check.done("WW-SETUP-03")


def _for_the_king(action: SetUpEnded, ctx: Context) -> Iterator[Outcome]:
    """WW-SETUP-04 (WW 4.0, 10.11.B): after the Committees of Correspondence, up to 3 British
    PCs, each in a space with no other PC and no American unit, adjacent to a space that
    held a British PC before For The King (British ports are adjacent to each other).
    Digest A15: one adjacent only to another For The King PC (daisy-chaining) is a CHECK."""
    t1 = ctx.data.tables.t1
    before = _t1_pcs(t1, Side.BR)
    placed = sorted(key for key, holding in ctx.state.spaces()
                    if Side.BR in holding.pcs and key not in before)
    if len(placed) > FOR_THE_KING:
        yield Check.illegal("WW-SETUP-04", action.step, f"the British placed {len(placed)} "
                            f"For The King PCs ({ctx.space_names(placed)}); the rule allows "
                            f"{FOR_THE_KING} (WW 4.0)", spaces=tuple(placed),
                            expected=str(FOR_THE_KING), observed=str(len(placed)))
    last_american = max((p.step for p in action.placements if p.side is Side.AM), default=0)
    early = [p for p in action.placements if p.side is Side.BR and p.step < last_american]
    if early:
        yield Check.illegal("WW-SETUP-04", early[0].step, f"the British placed a For The "
                            f"King PC in {ctx.space_name(early[0].space)} before the American "
                            "finished the Committees of Correspondence; For The King comes "
                            "after them (WW 4.0)", spaces=(early[0].space,))
    british_ports = any(ctx.is_port(key) for key in before)
    for key in placed:
        step = _placed_step(action, Side.BR, key)
        here = ctx.state.space(key)
        if len(here.pcs) > 1:
            yield Check.illegal("WW-SETUP-04", step, f"a For The King PC was placed in "
                                f"{ctx.space_name(key)}, which already held a PC "
                                "(WW 10.11.B)", spaces=(key,))
        if here.cus_of(Side.AM) or here.generals_of(Side.AM, ctx.sides):
            yield Check.illegal("WW-SETUP-04", step, f"a For The King PC was placed in "
                                f"{ctx.space_name(key)}, which holds an American unit "
                                "(WW 10.11.B)", spaces=(key,))
        if any(ctx.graph.adjacent(key, b) for b in before) or (
                british_ports and ctx.is_port(key)):
            continue
        chained = [b for b in placed if b != key and ctx.graph.adjacent(key, b)]
        if not ctx.graph.complete:
            yield Check.unchecked("WW-SETUP-04", step, f"whether {ctx.space_name(key)} is "
                                  "adjacent to a British PC is not in the data",
                                  needs=("map connections",), spaces=(key,))
        elif chained:
            yield Violation("WW-SETUP-04", step, Severity.CHECK, f"the For The King PC in "
                            f"{ctx.space_name(key)} is adjacent only to another For The King "
                            f"PC ({ctx.space_names(chained)}); the rulebook does not say "
                            "whether they may be chained. The digest's reading (A15) is that "
                            "each must be adjacent to a British PC already there before For "
                            "The King, which makes this illegal; the other reading allows it",
                            spaces=(key, *chained))
        else:
            yield Check.illegal("WW-SETUP-04", step, f"a For The King PC was placed in "
                                f"{ctx.space_name(key)}, which is not adjacent to a British "
                                "PC (WW 10.11.B)", spaces=(key,))
    if ctx.graph.complete or not placed:
        yield Check.done("WW-SETUP-04")


def _set_aside(action: SetUpEnded, ctx: Context) -> Iterator[Outcome]:
    """WW-SETUP-02 (WW 4.0, 6.1.E): Declaration of Independence and von Steuben are set
    aside, not in the deck nor in a hand, during 1775."""
    found = False
    for card in SET_ASIDE_IN_1775:
        at = ctx.state.card_at.get(card)
        if at is None:
            continue
        found = True
        if at.kind in (PlaceKind.DECK, PlaceKind.HAND):
            yield Check.illegal("WW-SETUP-02", action.step, f"{ctx.card_name(card)} is in "
                                f"the {'deck' if at.kind is PlaceKind.DECK else 'hand'} at the "
                                "set-up; it is set aside until 1776 (WW 4.0, 6.1.E)")
    if found:
        yield Check.done("WW-SETUP-02")
    else:
        yield Check.unchecked("WW-SETUP-02", action.step, "where Declaration of "
                              "Independence and von Steuben are is not in the log (the cards "
                              "are not bound)")


def _played_in_1775(action: ImpulseOpened, ctx: Context) -> Iterator[Outcome]:
    """WW-SETUP-02: neither card set aside may be played in 1775."""
    impulse = action.impulse
    if impulse.card not in SET_ASIDE_IN_1775 or ctx.state.year is None:
        return
    if ctx.state.year == str(FIRST_YEAR):
        yield Check.illegal("WW-SETUP-02", impulse.step, f"{ctx.card_name(impulse.card)} "
                            "was played in 1775; it stays out of the deck until 1776 "
                            "(WW 4.0, 6.1.E)")
    yield Check.done("WW-SETUP-02")


# ---------------------------------------------------------------------- turn start (WW 5.2–5.3)


def _deal(action: StrategyOpened, ctx: Context) -> Iterator[Outcome]:
    """WW-SEQ-02 (WW 5.2): seven cards each, the American dealt first; judged only where
    the log showed the deal."""
    if not action.dealt:
        return
    step = action.impulse.step
    if action.dealt[0] is not Side.AM:
        yield Check.illegal("WW-SEQ-02", step, "the first card of the deal went to the "
                            "British; the American is always dealt the first card (WW 5.2)",
                            expected="AM", observed=action.dealt[0].value)
    hands = dict(action.hands)
    for side in Side:
        if hands.get(side, 0) != HAND_SIZE:
            yield Check.illegal("WW-SEQ-02", step, f"the {side.value} hand held "
                                f"{hands.get(side, 0)} cards when the first card of the turn "
                                f"was played; each player is dealt {HAND_SIZE} (WW 5.2)",
                                expected=str(HAND_SIZE), observed=str(hands.get(side, 0)))
    yield Check.done("WW-SEQ-02")


def _first_player(action: StrategyOpened, ctx: Context) -> Iterator[Outcome]:
    """WW-SEQ-03 (WW 5.3, T12): the American playing first, or the British playing a
    Campaign card first, is always allowed; the British playing another card first is
    allowed only if the player who chooses (the American, or the British after a
    dispersed Congress) chose him, which the log does not show."""
    impulse = action.impulse
    if impulse.side is Side.AM:
        yield Check.done("WW-SEQ-03")
        return
    card = ctx.card(impulse.card)
    if card is None:
        yield Check.unchecked("WW-SEQ-03", impulse.step, f"the British played the first "
                              f"card of the turn ({ctx.card_name(impulse.card)}), which the "
                              "data does not know: whether it is a Campaign card (WW 5.3 a) "
                              "is not judged", needs=("card list",))
        return
    if card.campaign is not None:
        return  # judged when the card is over (`_first_campaign`)
    yield Check.unchecked("WW-SEQ-03", impulse.step, f"the British played the first card "
                          f"of the turn, {card.name}, not a Campaign card: legal only if the "
                          "player who chooses (the American, or the British if the Congress "
                          "was dispersed last turn) chose the British to go first (WW 5.3 "
                          "b–c), which the log does not show")


def _first_campaign(impulse: Impulse, ctx: Context) -> Iterator[Outcome]:
    """WW-SEQ-03 (WW 5.3 a: "The British player may declare himself the first player by
    playing a Campaign card"): a British Campaign card that opened the turn and activated
    no General and made no Landing Party may have been discarded, which is no such play."""
    card = ctx.card(impulse.card)
    if impulse.side is not Side.BR or card is None or card.campaign is None:
        return
    if impulse.activations or impulse.landing_party:
        yield Check.done("WW-SEQ-03")
        return
    yield Check.unchecked("WW-SEQ-03", impulse.step, f"the British played the first card of "
                          f"the turn, {card.name}, but no General moved and no Landing Party "
                          "came with it: if it was discarded, not played as the event, the "
                          "British went first only if the player who chooses chose them "
                          "(WW 5.3 a-c), which the log does not show")


__all__ = ["FAMILY", "SET_ASIDE_IN_1775", "SetUpEnded", "SetUpPlacement", "StrategyOpened",
           "judge"]
