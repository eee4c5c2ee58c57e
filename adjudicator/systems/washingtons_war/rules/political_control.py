"""Political Control (WW 10.0–10.2; tables T13): PC actions with OPS cards, the British
Landing Party (WW 7.2.B) and the Political Control Phase placements (WW 10.2.2).

A Strategy Phase placement or flip is judged against the position **before the card was
played** (WW 10.11.B.ii: adjacency to a space that held a British PC before this card —
no daisy-chaining).
"""

from __future__ import annotations

from collections.abc import Iterator

from adjudicator.systems.common.actions import Action
from adjudicator.systems.common.outcomes import Check, Outcome
from adjudicator.systems.common.rulebook import RuleFamily
from adjudicator.systems.washingtons_war.actions import (
    ImpulseEnded,
    IsolationSegmentEnded,
    PcChanged,
)
from adjudicator.systems.washingtons_war.data import Card, CardKind, Side
from adjudicator.systems.washingtons_war.procedure import (
    POLITICAL_CONTROL,
    SEQUENCE,
    Impulse,
    PcChange,
)
from adjudicator.systems.washingtons_war.rules.context import Context
from adjudicator.systems.washingtons_war.rules.event_discard import proven_discard
from adjudicator.systems.washingtons_war.rules.wording import pc_changes_text
from adjudicator.systems.washingtons_war.state import CONGRESS_DISPERSED

FAMILY = RuleFamily("political_control", frozenset({
    "WW-PC-01", "WW-PC-02", "WW-PC-03", "WW-PC-04", "WW-PC-05", "WW-PC-06", "WW-OPS-05",
    "WW-CAMP-04", "WW-CONG-04", "WW-POL-01"}),
    actions=(PcChanged, ImpulseEnded, IsolationSegmentEnded))
LANDING_PARTIES = 1
"""WW 7.2.B: one Landing Party per Campaign card."""


def judge(action: Action, ctx: Context) -> Iterator[Outcome]:
    """The political control rules of one action."""
    if isinstance(action, PcChanged):
        if not (action.change.added and action.impulse is not None):
            yield from _single_marker(action.change, ctx)
        if action.impulse is None and action.phase == POLITICAL_CONTROL:
            yield from _phase_placement(action.change, ctx)
        elif action.impulse is None:
            yield from _no_card(action, ctx)
    elif isinstance(action, IsolationSegmentEnded):
        yield from _phase_omissions(action, ctx)
    elif isinstance(action, ImpulseEnded):
        impulse = action.impulse
        for change in (*impulse.pcs, *impulse.other_pcs, *impulse.landing_party):
            if change.added:
                # Judged once the card is over: the old marker may be taken off after the
                # new one was put beside it (a flip).
                yield from _single_marker(change, ctx)
        if impulse.landing_party:
            yield from _landing_party(impulse, ctx)
        if [c for c in impulse.pcs if c.after is impulse.side]:
            yield from _pc_actions(impulse, ctx)


def _single_marker(change: PcChange, ctx: Context) -> Iterator[Outcome]:
    """WW-PC-01 (WW 10.0.A): a space never holds more than one PC marker."""
    count = len(ctx.state.space(change.space).pcs)
    if count > 1:
        yield Check.illegal("WW-PC-01", change.step, f"{ctx.space_name(change.space)} holds "
                            f"{count} PC markers; a space holds at most one",
                            spaces=(change.space,))
    yield Check.done("WW-PC-01")


def _pc_actions(impulse: Impulse, ctx: Context) -> Iterator[Outcome]:
    """WW-OPS-05, WW-PC-02/03/04/05/06, WW-CONG-04 for one card's PC actions."""
    own = [c for c in impulse.pcs if c.after is impulse.side]
    card = ctx.card(impulse.card)
    step = own[-1].step
    if card is not None and card.kind is not CardKind.OPS:
        yield from _discard_placements(impulse, card, ctx)
    if card is None or card.kind is not CardKind.OPS:
        what = ctx.card_name(impulse.card)
        yield Check.unchecked("WW-OPS-05", step, f"PCs changed after {what} "
                              f"({pc_changes_text(own, ctx)}): event texts and event "
                              "discards are not interpreted", needs=("card texts",),
                              spaces=tuple(dict.fromkeys(c.space for c in own)))
        return
    # Place or flip at most as many PCs as the card's OPS value (WW 10.11.A.i, B.i).
    if card.ops is None:
        yield Check.unchecked("WW-OPS-05", step, f"the OPS value of {card.name} is not in "
                              f"the data ({pc_changes_text(own, ctx)})",
                              needs=("card ops values",))
    elif len(own) > card.ops:
        yield Check.illegal("WW-OPS-05", step, f"{len(own)} PCs placed or flipped with "
                            f"{card.name}, a {card.ops}-OPS card: "
                            f"{pc_changes_text(own, ctx)}", expected=f"≤ {card.ops}",
                            observed=str(len(own)),
                            spaces=tuple(dict.fromkeys(c.space for c in own)))
    else:
        yield Check.done("WW-OPS-05")
    for change in own:
        if impulse.side is Side.AM:
            yield from _american(change, impulse, ctx)
        else:
            yield from _british(change, impulse, ctx)


def _discard_placements(impulse: Impulse, card: Card, ctx: Context) -> Iterator[Outcome]:
    """WW-CONG-04 (WW 10.11.A.iv) for an Event card's American placements: "The American
    player may not use OPS Cards or an Event discard to place PC Markers if the Continental
    Congress is dispersed ... or if the 'Pennsylvania and New Jersey Line Mutinies' Event
    ... has been played as the event during the current turn" -- but "can still play Events
    to place PC markers": only a discard the play proves (`proven_discard`) is judged, and a
    placement the Political Control Phase may have made is unchecked."""
    placed = [c for c in impulse.pcs if c.before is None and c.after is Side.AM]
    if impulse.side is not Side.AM or not placed:
        return
    proof = proven_discard(impulse, card)
    if not ctx.state.at(CONGRESS_DISPERSED).congress:
        for change in placed:
            if proof is not None:
                yield from mutinies(change, impulse, ctx, f"{card.name}, discarded")
        yield Check.done("WW-CONG-04")
        return
    for change in placed:
        name = ctx.space_name(change.space)
        if proof is None or change.maybe_phase:
            yield Check.unchecked("WW-CONG-04", change.step, f"American PC placed in {name} "
                                  f"after {card.name} while the Continental Congress is "
                                  "dispersed: forbidden by a discard, allowed by the event's "
                                  "own text or the Political Control Phase (WW 10.11.A.iv, "
                                  "10.2.2), which the log does not tell apart",
                                  spaces=(change.space,), needs=("card texts",))
            continue
        yield Check.illegal("WW-CONG-04", change.step, f"American PC placed in {name} with "
                            f"{card.name}, discarded ({proof}), while the Continental "
                            "Congress is dispersed (WW 10.11.A.iv)", spaces=(change.space,))
    yield Check.done("WW-CONG-04")


def _american(change: PcChange, impulse: Impulse, ctx: Context) -> Iterator[Outcome]:
    here = ctx.state.space(change.space)
    name = ctx.space_name(change.space)
    if change.action == "place":
        # No placement with OPS while the Congress is dispersed (WW 10.11.A.iv; WW-PC-04
        # is the same rule, reported once as WW-CONG-04).
        if ctx.state.at(CONGRESS_DISPERSED).congress and change.maybe_phase:
            yield Check.unchecked("WW-CONG-04", change.step, f"American PC placed in {name} "
                                  "while the Continental Congress is dispersed, after the "
                                  "last card: the log does not show whether the card placed "
                                  "it (not allowed) or the Political Control Phase did "
                                  "(allowed where an American Army is, WW 10.2.2)")
        elif ctx.state.at(CONGRESS_DISPERSED).congress:
            yield Check.illegal("WW-CONG-04", change.step, f"American PC placed in {name} "
                                "with an OPS card while the Continental Congress is "
                                "dispersed; flips are still allowed", spaces=(change.space,))
        else:
            yield from mutinies(change, impulse, ctx, "an OPS card")
        yield Check.done("WW-CONG-04")
        yield Check.done("WW-PC-04")
        # An American placement needs a space with no PC and no British CU (WW 10.11.A.ii).
        if here.cus_of(Side.BR):
            yield Check.illegal("WW-PC-02", change.step, f"American PC placed in {name}, "
                                "which holds British CUs", spaces=(change.space,))
        yield Check.done("WW-PC-02")
    else:
        # An American flip needs an American or French General there (WW 10.11.A.iii).
        if not here.generals_of(Side.AM, ctx.sides):
            yield Check.illegal("WW-PC-03", change.step, f"British PC in {name} flipped "
                                "with no American General there", spaces=(change.space,))
        yield Check.done("WW-PC-03")


def mutinies(change: PcChange, impulse: Impulse, ctx: Context, means: str
             ) -> Iterator[Outcome]:
    """WW-CONG-04 (WW 10.11.A.iv): no American placement with an OPS card or an Event
    discard if "Pennsylvania and New Jersey Line Mutinies" was played as the event this
    turn; unchecked when it was played and may have been discarded instead."""
    if impulse.line_mutinies is None or change.maybe_phase:
        return
    name = ctx.space_name(change.space)
    message = (f"American PC placed in {name} with {means} after Pennsylvania and New "
               "Jersey Line Mutinies was played this turn")
    if impulse.line_mutinies == "event":
        yield Check.illegal("WW-CONG-04", change.step, message + " as the event (WW "
                            "10.11.A.iv)", spaces=(change.space,))
    else:
        yield Check.unchecked("WW-CONG-04", change.step, message + ": forbidden if it was "
                              "played as the event, not discarded (WW 10.11.A.iv), which the "
                              "log does not show", spaces=(change.space,),
                              needs=("card texts",))


def _british(change: PcChange, impulse: Impulse, ctx: Context) -> Iterator[Outcome]:
    here = ctx.state.space(change.space)
    name = ctx.space_name(change.space)
    british_army = here.cus_of(Side.BR) > 0 and bool(here.generals_of(Side.BR, ctx.sides))
    if british_army:
        # With a British Army in the space, place or flip anywhere (WW 10.11.B.iii).
        yield Check.done("WW-PC-06")
        return
    if change.action == "flip":
        yield Check.illegal("WW-PC-06", change.step, f"American PC in {name} flipped with no "
                            "British Army (General and CUs) there", spaces=(change.space,))
        return
    # A British placement needs no PC and no American Unit in the space (WW 10.11.B.ii) ...
    if here.has_units_of(Side.AM, ctx.sides):
        yield Check.illegal("WW-PC-05", change.step, f"British PC placed in {name}, which "
                            "holds an American Unit", spaces=(change.space,))
        return
    # ... adjacent to a space that held a British PC before the card; for the British all
    # ports are adjacent to each other (WW 10.11.B Important).
    british = {space for space, holding in ctx.state.spaces()
               if impulse.pc_at_start(space, holding.pc) is Side.BR}
    british |= {space for space, before in impulse.pc_before if before is Side.BR}
    if ctx.is_port(change.space) and any(ctx.is_port(s) for s in british):
        yield Check.done("WW-PC-05")
        return
    # The Falmouth–Quebec line joins them "to Arnold only" (WW 3.0 Adjacent): not for a PC.
    if british & ctx.pc_neighbours(change.space):
        yield Check.done("WW-PC-05")
        return
    if ctx.graph.complete:
        yield Check.illegal("WW-PC-05", change.step, f"British PC placed in {name}, not "
                            "adjacent to a space with a British PC before the card",
                            spaces=(change.space,))
    else:
        yield Check.unchecked("WW-PC-05", change.step, f"no known connection joins {name} to "
                              "a British-controlled space", needs=("map connections",))


def _landing_party(impulse: Impulse, ctx: Context) -> Iterator[Outcome]:
    """WW-CAMP-04 (WW 7.2.B): with a Campaign card the British may, in place of one
    activation, flip an American PC in a non-blockaded, non-fortified port holding no
    American General, CU or Congress, or place a British PC in an empty such port; once
    per card. No adjacency is needed."""
    changes = impulse.landing_party
    if len(changes) > LANDING_PARTIES:
        yield Check.illegal("WW-CAMP-04", changes[1].step, f"{len(changes)} Landing Party PC "
                            f"changes with one Campaign card "
                            f"({ctx.card_name(impulse.card)}): "
                            f"{pc_changes_text(changes, ctx)}; one is allowed",
                            expected="1", observed=str(len(changes)),
                            spaces=tuple(dict.fromkeys(c.space for c in changes)))
    for change in changes:
        name = ctx.space_name(change.space)
        record = ctx.data.spaces.get(change.space)
        here = ctx.state.space(change.space)
        problems = []
        if record is None:
            yield Check.unchecked("WW-CAMP-04", change.step, f"{name} is not a known space",
                                  needs=("map spaces",))
            continue
        if not record.port:
            problems.append("it is not a port")
        if record.fortified:
            problems.append("it is a fortified port")
        if ctx.blockaded(change.space):
            problems.append("it is in the Blockaded Zone")
        # The space as the Landing Party was made: a later activation of the same card
        # may enter it (WW 7.2.B Design Note).
        american = change.american_units if change.american_units is not None else (
            here.has_units_of(Side.AM, ctx.sides))
        units = change.units if change.units is not None else (
            american or bool(here.cus_of(Side.BR) or here.generals))
        if change.action == "flip" and american:
            problems.append("it holds an American General, CU or the Congress")
        if change.action == "place" and units:
            problems.append("it is not empty")
        for problem in problems:
            if change.maybe_phase:
                # The British Army is there and both hands are empty: the change may be
                # the Political Control Phase's (WW 10.2.2).
                yield Check.unchecked("WW-CAMP-04", change.step, f"Landing Party in {name}, "
                                      f"but {problem}, unless it was the Political Control "
                                      "Phase's flip (WW 10.2.2), which the log does not show",
                                      spaces=(change.space,))
                continue
            yield Check.illegal("WW-CAMP-04", change.step, f"Landing Party in {name}, but "
                                f"{problem}", spaces=(change.space,))
    yield Check.done("WW-CAMP-04")


def _phase_omissions(action: IsolationSegmentEnded, ctx: Context) -> Iterator[Outcome]:
    """WW-POL-01 (WW 10.2.2): "Each player places a PC marker in any uncontrolled space and
    flips to friendly control any enemy PC marker in any space currently occupied by one
    of his Armies" — mandatory wording. Judged when the log showed the whole phase: every
    space that held a player's Army (a General with CUs) as the phase began and not his PC
    holds his PC when the Remove Isolated PC Markers segment begins. An omission is a
    reminder (the catalog's severity for the duty; the digest's REMINDER), the placement
    limits being the illegal half (`_phase_placement`)."""
    start = action.phase_start
    if not action.complete or start is None:
        return
    for held in start.spaces:
        for side in Side:
            army = held.cus_of(side) > 0 and any(ctx.side_of(g) is side
                                                 for g in held.generals)
            if not army or held.pc is side:
                continue
            if action.start.at(held.space).pc is not side:
                what = "place" if held.pc is None else "flip"
                yield Check.reminder("WW-POL-01", action.step, f"{side.value} did not "
                                    f"{what} a PC in {ctx.space_name(held.space)}, where his "
                                    "Army stood, in the Political Control Phase: each player "
                                    "places or flips a PC in every space with one of his "
                                    "Armies (WW 10.2.2)", spaces=(held.space,))
    yield Check.done("WW-POL-01")


def _no_card(action: PcChanged, ctx: Context) -> Iterator[Outcome]:
    """A PC placed or flipped with no card being played, outside the Political Control
    Phase — or where the log does not show the phase: say so, do not guess."""
    change = action.change
    if change.after is None:
        return
    where = ctx.space_name(change.space)
    if action.phase is None:
        why = "the log does not show the phase (it may be the Political Control Phase)"
    else:
        why = f"it is the {SEQUENCE.name(action.phase)}"
    yield Check.unchecked("WW-POL-01", change.step, f"{change.after.value} PC "
                          f"{'placed' if change.action == 'place' else 'flipped'} in {where} "
                          f"with no card being played; {why}")


def _phase_placement(change: PcChange, ctx: Context) -> Iterator[Outcome]:
    """WW-POL-01 (WW 10.2.2): in the Political Control Phase each player places or flips
    a PC only in a space holding one of his Armies (a General with CUs)."""
    if change.after is None:
        return
    side = change.after
    here = ctx.state.space(change.space)
    generals, cus = here.generals_of(side, ctx.sides), here.cus_of(side)
    if not (generals and cus):
        there = ("only a General with no CUs" if generals else "only CUs without a General"
                 if cus else "no unit of his")
        yield Check.illegal("WW-POL-01", change.step, f"{side.value} PC "
                            f"{'placed' if change.action == 'place' else 'flipped'} in "
                            f"{ctx.space_name(change.space)} in the Political Control Phase, "
                            f"where he has {there}: an Army (a General with CUs) is needed",
                            spaces=(change.space,))
    yield Check.done("WW-POL-01")


__all__ = ["FAMILY", "judge", "mutinies"]
