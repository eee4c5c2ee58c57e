"""Tactical Commanders, the small unit leaders (digest LDR-13; WfA 11.26-11.27).

WfA 11.26: "Small Unit Leaders, also known as Tactical Commanders (TC), come into play
through the use of an Action Card. They are attached to a single SP of the same colour ...
If the SP are destroyed, the TC is destroyed. Once eliminated, TC never return to the
game." 11.27: "They add +1 if in an army" (the battle modifier is the combat family's,
`battle_sides.BattleSide.tactical_commander`).

A TC's colour is its nation (`tc:<nation>`). Judged: where it comes into play (SP of its
nation there, one TC to an SP), that it does not come back from the Removed From Play box,
that a card of its side was played in the AP (a check: the card's text is not in the
rulebook), and a reminder when its nation's SP are gone from under it after a loss.
"""

from __future__ import annotations

from collections.abc import Iterator

from adjudicator.findings import Severity
from adjudicator.systems.common.actions import Action
from adjudicator.systems.common.outcomes import Check, Outcome, Violation
from adjudicator.systems.common.places import Place, box
from adjudicator.systems.common.places import space as space_place
from adjudicator.systems.common.rulebook import RuleFamily
from adjudicator.systems.war_for_america.actions import (
    BattleLosses,
    LossTaken,
    TacticalCommanderPlaced,
)
from adjudicator.systems.war_for_america.rules.context import Context, side_name
from adjudicator.systems.war_for_america.state import REMOVED

FAMILY = RuleFamily(
    "tactical",
    frozenset({"WFA-LDR-13"}),
    actions=(TacticalCommanderPlaced, LossTaken, BattleLosses),
)


def judge(action: Action, ctx: Context) -> Iterator[Outcome]:
    """The Tactical Commander checks of one action."""
    if isinstance(action, TacticalCommanderPlaced):
        yield from into_play(action, ctx)
    elif isinstance(action, BattleLosses) or (isinstance(action, LossTaken)
                                              and action.cause != "combat"):
        # A battle's losses are looked at when the battle is over (BattleLosses).
        yield from destroyed_with_its_sp(action.step, action.space, ctx)


def _colour(nation: str) -> str:
    """A nation as printed (`six_nations` → `Six Nations`)."""
    return nation.replace("_", " ").title()


def _place(ctx: Context, key: str) -> Place:
    return space_place(key) if key in ctx.data.spaces else box(key)


def into_play(action: TacticalCommanderPlaced, ctx: Context) -> Iterator[Outcome]:
    """11.26: a card brings it in, attached to one SP of its colour; never back once
    eliminated."""
    step, nation = action.step, action.nation
    where = ctx.space_name(action.place)
    pieces = (f"tc:{nation}",)
    colour = _colour(nation)
    if action.origin == REMOVED.key:
        yield Check.illegal("WFA-LDR-13", step, f"a {colour} Tactical Commander came back "
                            f"from the Removed From Play box to {where}; once eliminated, "
                            "TC never return to the game (WfA 11.26)", spaces=(action.place,),
                            pieces=pieces, expected="no return", observed="returned")
    held = ctx.state.at(_place(ctx, action.place))
    sp, tcs = held.sp.get(nation, 0), held.tcs.get(nation, 0)
    if sp == 0:
        yield Check.illegal("WFA-LDR-13", step, f"a {colour} Tactical Commander was placed at "
                            f"{where}, where no {colour} SP are; a TC is attached to a single "
                            "SP of the same colour (WfA 11.26)", spaces=(action.place,),
                            pieces=pieces, expected=f"{colour} SP", observed="none")
    elif tcs > sp:
        yield Check.illegal("WFA-LDR-13", step, f"{tcs} {colour} Tactical Commanders are at "
                            f"{where} with {sp} {colour} SP; each TC is attached to a single "
                            "SP (WfA 11.26)", spaces=(action.place,), pieces=pieces,
                            expected=f"at most {sp}", observed=str(tcs))
    yield from by_a_card(action, ctx)
    yield Check.done("WFA-LDR-13")


def by_a_card(action: TacticalCommanderPlaced, ctx: Context) -> Iterator[Outcome]:
    """"Come into play through the use of an Action Card": a check when its side played
    none in the AP (the card may have been played earlier; its text is not given)."""
    pulse = ctx.pulse
    side = action.side
    if pulse is None or side is None:
        yield Check.unchecked("WFA-LDR-13", action.step, "which Action Pulse the Tactical "
                              "Commander came into play in is not known, so the card that "
                              "brings it (WfA 11.26) cannot be looked for",
                              spaces=(action.place,))
        return
    if not pulse.cards_of(side):
        yield Violation("WFA-LDR-13", action.step, Severity.CHECK, f"a {_colour(action.nation)} "
                        f"Tactical Commander came into play at {ctx.space_name(action.place)} "
                        f"and the {side_name(side)} player played no Action Card in this AP; "
                        "TC come into play through the use of an Action Card (WfA 11.26)",
                        (action.place,), (f"tc:{action.nation}",))


def destroyed_with_its_sp(step: int, space: str, ctx: Context) -> Iterator[Outcome]:
    """"If the SP are destroyed, the TC is destroyed": after a loss, a TC left on the
    space (or its armies' cards) with no SP of its colour is reminded."""
    holding = ctx.state.with_armies(space)
    for nation in sorted(holding.tcs):
        if holding.sp.get(nation, 0) == 0:
            yield Check.reminder("WFA-LDR-13", step, f"a {_colour(nation)} Tactical "
                                 f"Commander is left at {ctx.space_name(space)} with no "
                                 f"{_colour(nation)} SP; if the SP are destroyed, the TC is "
                                 "destroyed, and it never returns (WfA 11.26)",
                                 spaces=(space,), pieces=(f"tc:{nation}",))


__all__ = ["FAMILY", "judge"]
