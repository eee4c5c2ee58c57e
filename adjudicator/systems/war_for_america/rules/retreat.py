"""Retreat, surrender and the 'D' marker after a land battle (digest §4.4 CBT-13..16 and 20;
WfA 13.0 Step 9, 13.1-13.8, 16.8-16.9, 16.13).

A `Retreated` is judged on the map (one space along a land line), on the position after
the step (no enemy SP where the force went; a fleet for a retreat by sea) and on the space
the attacker entered the battle from (the attacker must go back there, the defender may
not), when the log showed it. Loss priority (CBT-11, WfA 13.0 Step 8)
needs each side's losses of a battle together, and the interpreter gives one `LossTaken`
per nation: no family declares it yet.
"""

from __future__ import annotations

from collections.abc import Iterator

from adjudicator.systems.common.actions import Action
from adjudicator.systems.common.outcomes import Check, Outcome
from adjudicator.systems.common.places import Place, PlaceKind
from adjudicator.systems.common.rulebook import RuleFamily
from adjudicator.systems.war_for_america.actions import (
    COLONIAL,
    Overrun,
    Rallied,
    Retreated,
    Surrendered,
    opponent,
)
from adjudicator.systems.war_for_america.rules.context import Context, side_name
from adjudicator.systems.war_for_america.state import NATION_SIDE

FAMILY = RuleFamily(
    "retreat",
    frozenset({"WFA-CBT-13", "WFA-CBT-14", "WFA-CBT-15", "WFA-CBT-16",
               "WFA-CBT-20"}),
    positional=frozenset({"WFA-CBT-13", "WFA-CBT-15", "WFA-CBT-16", "WFA-CBT-20"}),
    actions=(Retreated, Surrendered, Rallied, Overrun),
)


def judge(action: Action, ctx: Context) -> Iterator[Outcome]:
    """Every retreat check that concerns the action."""
    if isinstance(action, Retreated):
        yield from by_sea(action, ctx)
        yield from one_space_back(action, ctx)
        yield from magazine_lost(action.side, action.origin, action.step, ctx)
    elif isinstance(action, Overrun) and action.side is not None:
        yield from magazine_lost(opponent(action.side), action.space, action.step, ctx)
    elif isinstance(action, Surrendered):
        yield from no_retreat(action, ctx)
    elif isinstance(action, Rallied):
        yield from rally(action, ctx)


def one_space_back(action: Retreated, ctx: Context) -> Iterator[Outcome]:
    """WFA-CBT-13 (WfA 13.0 Step 9, 13.1, 13.3): the loser "is moved back one space" —
    the attacker "to the space from which he last moved"; the defender not "to the adjacent
    space from which the attacker moved" and "to a space vacant of enemy forces and if
    possible, has an LOC". Not adjacent on a complete map, or enemy SP or a garrison where
    it went, is illegal; the attacker's entry space and the LOC are not in the log."""
    step, side = action.step, action.side
    if action.by_sea or side is None:
        return
    origin, destination = ctx.space_name(action.origin), ctx.space_name(action.destination)
    graph = ctx.map
    if not graph.adjacent(action.origin, action.destination):
        if graph.complete and action.origin in graph and action.destination in graph:
            yield Check.illegal("WFA-CBT-13", step, f"the {side_name(side)} force retreated "
                                f"from {origin} to {destination}, which is not one space "
                                "away; a retreating force is moved back one space (WfA 13.1)",
                                spaces=(action.origin, action.destination),
                                expected="an adjacent space", observed=destination)
        else:
            yield Check.unchecked("WFA-CBT-13", step, f"whether {destination} is one space "
                                  f"from {origin} is not in the map data (WfA 13.1)",
                                  needs=("map connections",),
                                  spaces=(action.origin, action.destination))
            return
    there = ctx.state.space(action.destination)
    enemy = opponent(side)
    enemy_sp = there.sp_of(enemy)
    garrisons = sum(n for nation, n in there.garrisons.items()
                    if nation == enemy or _nation_side(nation) == enemy)
    if enemy_sp or garrisons:
        yield Check.illegal("WFA-CBT-13", step, f"the {side_name(side)} force retreated into "
                            f"{destination}, which holds {side_name(enemy)} "
                            + (f"{enemy_sp} SP" if enemy_sp else "a garrison")
                            + "; it must retreat to a space vacant of enemy forces (WfA 13.3;"
                            " 16.8: surrounded, it surrenders)",
                            spaces=(action.destination,), expected="a space free of enemy",
                            observed=f"{enemy_sp} enemy SP, {garrisons} garrison(s)")
    yield from entry_space(action, ctx)
    yield Check.done("WFA-CBT-13")


def entry_space(action: Retreated, ctx: Context) -> Iterator[Outcome]:
    """WFA-CBT-13 (WfA 13.3): "The attacker must retreat to the space from which he last
    moved. The defender cannot retreat to the adjacent space from which the attacker
    moved." Judged when the log showed the attacker's entry (`Retreated.entered_from`) and
    who retreated; the defender's "if possible, has an LOC" needs every other way out and
    its LOC, which is not judged."""
    step, entered = action.step, action.entered_from
    destination = ctx.space_name(action.destination)
    if entered is None or action.attacker is None:
        yield Check.unchecked("WFA-CBT-13", step, f"whether {destination} is the space the "
                              "attacker entered the battle from (the attacker must retreat "
                              "there, the defender may not, WfA 13.3) is not in the log",
                              needs=("the attacker's entry space",),
                              spaces=(action.destination,))
        return
    came = ctx.space_name(entered)
    if action.attacker and action.destination != entered:
        yield Check.illegal("WFA-CBT-13", step, f"the attacker retreated from "
                            f"{ctx.space_name(action.origin)} to {destination}; the attacker "
                            f"must retreat to the space from which he last moved, {came} "
                            "(WfA 13.3)", spaces=(action.origin, action.destination, entered),
                            expected=came, observed=destination)
    elif not action.attacker and action.destination == entered:
        yield Check.illegal("WFA-CBT-13", step, f"the defender retreated to {came}, the "
                            "space the attacker moved from; the defender cannot retreat "
                            "there (WfA 13.3)", spaces=(action.origin, entered),
                            expected=f"a space other than {came}", observed=came)


def by_sea(action: Retreated, ctx: Context) -> Iterator[Outcome]:
    """WFA-CBT-16 (WfA 13.5, 13.6, 16.9): SP using Naval Transport forced to retreat by sea
    "must surrender, unless a fleet is present"; amphibious SP "move with the fleet to the
    closest friendly coastal space"; "Colonial units never retreat by sea, even if a French
    fleet is present in the OBZ" (a card may allow 2 SP: the digest's card exception, not
    in the text, so a Colonial retreat by sea with a card played in the AP is unchecked).
    "Colonial" is "American" (WfA 2.0): Continentals and militia; French, Spanish and Dutch
    SP of the Colonial side retreat by sea with a fleet present, as 13.5 allows."""
    if not action.by_sea or action.side is None:
        return
    step, side = action.step, action.side
    origin = ctx.space_name(action.origin)
    nations = {unit.split(":")[1] for unit in action.units if unit.startswith("sp:")}
    if side == COLONIAL and (not nations or nations & AMERICAN):
        pulse = ctx.pulse
        if pulse is not None and pulse.cards:
            yield Check.unchecked("WFA-CBT-16", step, f"Colonial units retreated by sea from "
                                  f"{origin}; they never do (WfA 16.9) unless a card allows "
                                  "it, and a card was played in this AP",
                                  needs=("card texts",), spaces=(action.origin,))
            return
        yield Check.illegal("WFA-CBT-16", step, f"Colonial units retreated by sea from "
                            f"{origin}; Colonial units never retreat by sea (WfA 16.9)",
                            spaces=(action.origin,), expected="a retreat by land or surrender",
                            observed="a retreat by sea")
        yield Check.done("WFA-CBT-16")
        return
    fleets = _fleets_of(ctx, side, action.origin) + _fleets_of(ctx, side, action.destination)
    record = ctx.data.spaces.get(action.origin)
    obz = record.obz if record is not None else None
    if obz is not None:
        sea = ctx.state.at(Place(PlaceKind.ZONE, obz))
        fleets += [f for f in sea.fleets if _fleet_side(ctx, f) == side]
    if not fleets:
        if record is None or (record.coastal is not False and obz is None):
            yield Check.unchecked("WFA-CBT-16", step, f"no fleet of the {side_name(side)} is "
                                  f"shown at {origin}; which sea area covers it is not in the "
                                  "data (WfA 13.5)", needs=("coastal spaces",),
                                  spaces=(action.origin,))
            return
        yield Check.illegal("WFA-CBT-16", step, f"the {side_name(side)} force retreated by "
                            f"sea from {origin} with no friendly fleet present; it must "
                            "surrender (WfA 13.5, 13.6)", spaces=(action.origin,),
                            expected="surrender", observed="a retreat by sea")
    yield Check.done("WFA-CBT-16")


def no_retreat(action: Surrendered, ctx: Context) -> Iterator[Outcome]:
    """WFA-CBT-15 (WfA 13.4, 13.9, 16.8): "If a force has no legal space to which it can
    retreat, the entire force surrenders"; "A force surrounded by enemy SP or a garrison,
    made to retreat, also surrenders". A surrender where two or more adjacent spaces are
    free of enemy (one of them cannot be the attacker's entry space) may still be a siege
    (17.14) or an LOC surrender (16.5): unchecked, never illegal."""
    side = action.side
    if side is None:
        return
    graph = ctx.map
    if action.space not in graph or not graph.complete:
        yield Check.unchecked("WFA-CBT-15", action.step, "whether the surrendered force had a "
                              "retreat needs the map (WfA 13.4)", needs=("map connections",),
                              spaces=(action.space,))
        return
    enemy = opponent(side)
    free = [n for n in graph.neighbours(action.space)
            if not ctx.state.with_armies(n).sp_of(enemy) and not any(
                _nation_side(nation) == enemy for nation in ctx.state.space(n).garrisons)]
    if len(free) >= 2:
        names = ", ".join(ctx.space_name(n) for n in free)
        yield Check.unchecked("WFA-CBT-15", action.step, f"the {side_name(side)} force at "
                              f"{ctx.space_name(action.space)} surrendered, but {names} were "
                              "free of enemy; a surrender needs no legal retreat (WfA 13.4) "
                              "unless it came from a siege or a cut LOC (17.14, 16.5), which "
                              "the log does not say", needs=("why the force surrendered",),
                              spaces=(action.space, *free))
        return
    yield Check.done("WFA-CBT-15")


def rally(action: Rallied, ctx: Context) -> Iterator[Outcome]:
    """WFA-CBT-14 (WfA 13.2, 13.8): the 'D' marker "remains on the force until rallied, at
    no cost, at the beginning of the player's next AP. If forced to retreat again, the force
    must lose an extra '1' SP." A 'D' removed in the opponent's AP spares the force that
    extra loss: illegal."""
    pulse = ctx.pulse
    if pulse is None or action.side is None:
        return
    if pulse.side != action.side:
        yield Check.illegal("WFA-CBT-14", action.step, f"a {side_name(action.side)} 'D' "
                            f"marker was removed at {ctx.space_name(action.space)} in the "
                            f"{side_name(pulse.side)} AP; it is rallied at the beginning of "
                            "its owner's next AP (WfA 13.2)", spaces=(action.space,),
                            expected=f"a rally in a {side_name(action.side)} AP",
                            observed=f"a rally in the {side_name(pulse.side)} AP")
    yield Check.done("WFA-CBT-14")


def magazine_lost(side: str | None, space: str, step: int, ctx: Context
                  ) -> Iterator[Outcome]:
    """WFA-CBT-20 (WfA 16.13): "If friendly SP are forced to retreat (including overrun),
    the magazine is destroyed." A friendly magazine still on the space after the step."""
    if side is None:
        return
    here = ctx.state.space(space)
    if side in here.magazines and not here.sp_of(side):
        yield Check.reminder("WFA-CBT-20", step, f"the {side_name(side)} magazine at "
                             f"{ctx.space_name(space)} is destroyed: its SP were forced out "
                             "(WfA 16.13)", spaces=(space,))
    yield Check.done("WFA-CBT-20")


AMERICAN = frozenset({"continental", "militia"})
"""The Colonial ('American', WfA 2.0) nations of 16.9's "Colonial units"."""


def _fleets_of(ctx: Context, side: str, space: str) -> list[str]:
    return [f for f in ctx.state.space(space).fleets if _fleet_side(ctx, f) == side]


def _fleet_side(ctx: Context, fleet: str) -> str | None:
    record = ctx.data.fleets.get(fleet)
    if record is None:
        return None
    return "british" if str(record.nation) == "british" else COLONIAL


def _nation_side(nation: str) -> str | None:
    return NATION_SIDE.get(nation)


__all__ = ["FAMILY", "by_sea", "judge", "magazine_lost", "no_retreat",
           "one_space_back", "rally"]
