"""Land and naval movement (WW 7.3–7.5), overruns (WW 9.7) and stacking at rest (WW 3.0).

A leg is judged as it is moved (carrying, the Arnold-only line, moving on after the move
had to end); a lone General's entries and an activation's movement points when it ends
(CUs dragged after him along the same leg moved with him), on the routes
`routes.route` priced (one hop by its own line; a longer drag by the cheapest legal
route). A British port-to-port drag that is eligible for Naval Movement is the whole move
and is not priced overland (WW 7.5).
"""

from __future__ import annotations

from collections.abc import Generator, Iterator

from adjudicator.systems.common.actions import Action
from adjudicator.systems.common.outcomes import Check, Outcome
from adjudicator.systems.common.routes import how_priced, route_data, route_text
from adjudicator.systems.common.rulebook import RuleFamily
from adjudicator.systems.washingtons_war.actions import (
    ActivationEnded,
    AtRest,
    BattleSettled,
    ImpulseEnded,
    LegMoved,
    SentToBox,
)
from adjudicator.systems.washingtons_war.data import Side
from adjudicator.systems.washingtons_war.procedure import (
    Activation,
    Impulse,
    Leg,
    Use,
    carried_total,
)
from adjudicator.systems.washingtons_war.rules.context import Context, open_to
from adjudicator.systems.washingtons_war.state import other

FAMILY = RuleFamily("movement", frozenset({
    "WW-MOV-02", "WW-MOV-03", "WW-MOV-04", "WW-MOV-05", "WW-MOV-06", "WW-MOV-07",
    "WW-MOV-08", "WW-MOV-09", "WW-MOV-10", "WW-MOV-11", "WW-MOV-12", "WW-NAV-01",
    "WW-OVR-01", "WW-OVR-02", "WW-OVR-05", "WW-RBB-04"}),
    actions=(LegMoved, ActivationEnded, BattleSettled, SentToBox, AtRest, ImpulseEnded))

BRITISH_ALLOWANCE = 4
"""WW 7.3.A: a General may move up to 4 spaces."""
AMERICAN_ALLOWANCE = 5
"""WW 7.3.C: an American General moves 5 if he neither overruns nor ends facing enemy CUs."""
MAX_CARRIED = 5
"""WW 7.3.A: a General never carries more than 5 CUs."""
OVERRUN_CUS = (4, 5)
"""WW 9.7: an overrun needs an Army of exactly 4 or 5 CUs ..."""
OVERRUN_DEFENDERS = 1
"""... entering a space with exactly 1 enemy CU and no enemy General."""
ELIGIBLE = "eligible"
GLOVER = "john_glover"
"""The card that activates one American General with a move of its own (WW 7.3.C)."""


def judge(action: Action, ctx: Context) -> Iterator[Outcome]:
    """The movement rules of one action."""
    if isinstance(action, LegMoved):
        yield from _leg(action, ctx)
    elif isinstance(action, ActivationEnded):
        for leg in action.activation.legs:
            yield from _alone(leg, ctx)
        yield from _movement_points(action.activation, action.impulse, ctx)
        yield from _stop_with_enemy_general(action.activation, ctx)
    elif isinstance(action, BattleSettled):
        yield from _overrun(action, ctx)
    elif isinstance(action, SentToBox):
        yield from _sent_to_box(action, ctx)
    elif isinstance(action, ImpulseEnded) and action.impulse.card == GLOVER:
        yield from _glover_activates_one(action.impulse, ctx)
    elif isinstance(action, AtRest):
        yield from _at_rest(action.step, ctx, action.spaces, action.unsettled)


def _glover_activates_one(impulse: Impulse, ctx: Context) -> Iterator[Outcome]:
    """WW-MOV-04 (WW 7.3.C Special): John Glover's Marblehead Regiment "activates one
    American General"; a second one moved with it is reported at his first move."""
    generals = list(dict.fromkeys(a.general for a in impulse.activations))
    if not generals:
        return
    if len(generals) > 1:
        yield Check.illegal("WW-MOV-04", impulse.activations[1].step,
                            f"{ctx.card_name(impulse.card)} activates one General, but "
                            f"{ctx.general_names(generals)} moved")
    yield Check.done("WW-MOV-04")


def allowance(side: Side, activation: Activation, *, glover: int | None) -> tuple[int, str]:
    """A General's movement allowance and the rule that sets it (WW 7.3.A, 7.3.C); `glover`
    is the move John Glover's Marblehead Regiment gives (table T2), when it activated him."""
    if glover is not None:
        return glover, "WW-MOV-04"
    if side is Side.BR:
        return BRITISH_ALLOWANCE, "WW-MOV-02"
    if activation.overruns:
        return BRITISH_ALLOWANCE, "WW-OVR-02"
    if activation.stop is not None and activation.stop.reason in ("battle", "interception"):
        return BRITISH_ALLOWANCE, "WW-MOV-03"
    return AMERICAN_ALLOWANCE, "WW-MOV-03"


def _leg(action: LegMoved, ctx: Context) -> Iterator[Outcome]:
    leg, activation = action.leg, action.activation
    name = ctx.general_name(leg.general)
    carried = carried_total(leg.carried)
    spaces = (leg.origin, leg.destination)
    # Only Arnold may use the Falmouth–Quebec line (WW 7.4.D).
    line = ctx.graph.connection(leg.origin, leg.destination)
    if not open_to(line, leg.general):
        yield Check.illegal("WW-MOV-06", leg.step, f"{name} crossed "
                            f"{ctx.space_name(leg.origin)}–{ctx.space_name(leg.destination)}"
                            ", a line only Arnold may use", spaces=spaces, pieces=(name,))
    yield Check.done("WW-MOV-06")
    # A General never carries more than 5 CUs (WW 7.3.A).
    if carried > MAX_CARRIED:
        yield Check.illegal("WW-MOV-07", leg.step, f"{name} carried {carried} CUs; a General "
                            f"carries at most {MAX_CARRIED}", expected=f"≤ {MAX_CARRIED}",
                            observed=str(carried), spaces=(leg.destination,), pieces=(name,))
    yield Check.done("WW-MOV-07")
    # Entering a space with enemy CUs ends the move, even after a retreat before battle;
    # a battle ends it too (WW 7.3.B, 7.9.B, 9.1).
    stop = activation.stop
    if stop is not None and leg.origin == stop.space:
        rule = "WW-RBB-04" if stop.reason == "retreat before battle" else "WW-MOV-08"
        yield Check.illegal(rule, leg.step, f"{name} moved on from "
                            f"{ctx.space_name(stop.space)} after his move ended there "
                            f"({stop.reason}, step {stop.step})", spaces=(stop.space,),
                            pieces=(name,))
        if stop.reason == "retreat before battle":
            yield Check.done("WW-OVR-05")
    yield Check.done("WW-MOV-08")
    yield Check.done("WW-RBB-04")


def _alone(leg: Leg, ctx: Context) -> Iterator[Outcome]:
    """WW-MOV-09/10 (WW 7.4.A–B) on a leg of an activation that is over: only then is it
    known whether CUs dragged after the General along the same leg moved with him (WW
    7.3.A; the order in which the counters of one stack are dragged is not play)."""
    if carried_total(leg.carried) or leg.naval == ELIGIBLE:
        return
    name = ctx.general_name(leg.general)
    # A lone General may not enter a space with enemy CUs (WW 7.4.A) ...
    if leg.enemy_cus_at_destination:
        yield Check.illegal("WW-MOV-09", leg.step, f"{name}, alone, entered "
                            f"{ctx.space_name(leg.destination)}, which holds "
                            f"{leg.enemy_cus_at_destination} enemy CUs",
                            spaces=(leg.destination,), pieces=(name,))
    yield Check.done("WW-MOV-09")
    # ... nor a space with an enemy PC (WW 7.4.B).
    if leg.enemy_pc_at_destination:
        yield Check.illegal("WW-MOV-10", leg.step, f"{name}, alone, entered "
                            f"{ctx.space_name(leg.destination)}, which holds an enemy PC",
                            spaces=(leg.destination,), pieces=(name,))
    yield Check.done("WW-MOV-10")


def _movement_points(activation: Activation, impulse: Impulse,
                     ctx: Context) -> Iterator[Outcome]:
    """WW-MOV-02/03/04/05, WW-NAV-01, WW-OVR-02 for one activation."""
    if not activation.legs:
        return
    side = ctx.side_of(activation.general)
    name = ctx.general_name(activation.general)
    legs = activation.legs
    last = legs[-1]
    if side is None:
        yield Check.unchecked("WW-MOV-02", last.step, f"{name} is not a known General",
                              needs=("general list",))
        return
    card = ctx.card(impulse.card)
    glover = impulse.use is Use.GLOVER or (card is not None and card.id == "john_glover")
    limit, rule = allowance(side, activation, glover=ctx.data.tables.t2.glover.movement
                            if glover else None)
    naval = yield from _naval(activation, limit, ctx)
    if naval:
        return
    low = high = 0
    over_low: Leg | None = None
    """The leg on which the move went over the allowance (WW 7.3.A, 7.3.C)."""
    over_high: Leg | None = None
    for leg in legs:
        if leg.route_problem is not None:
            yield Check.illegal(leg.route_rule or rule, leg.step, f"{name} moved "
                                f"{ctx.space_name(leg.origin)} → "
                                f"{ctx.space_name(leg.destination)}: {leg.route_problem}",
                                spaces=(leg.origin, leg.destination), pieces=(name,))
            if leg.low is None:
                return  # no way there: its cost is unknown
            # The step's drags showed the way he took: its cost is judged too.
        if leg.low is None or leg.high is None:
            yield Check.unchecked(rule, leg.step, f"no known route "
                                  f"{ctx.space_name(leg.origin)} → "
                                  f"{ctx.space_name(leg.destination)}: the map's connections "
                                  "are not in the data", needs=("map connections",))
            yield Check.unchecked("WW-MOV-05", leg.step, f"{name}'s route "
                                  f"{ctx.space_name(leg.origin)} → "
                                  f"{ctx.space_name(leg.destination)} is unknown",
                                  needs=("map connections",), pieces=(name,),
                                  spaces=(leg.origin, leg.destination))
            return
        low += leg.low
        high += leg.high
        if over_low is None and low > limit:
            over_low = leg
        if over_high is None and high > limit:
            over_high = leg
    path = " → ".join([ctx.space_name(legs[0].origin),
                       *(ctx.space_name(leg.destination) for leg in legs)])
    priced = tuple(line for leg in legs for line in leg.legs)
    # The route priced, line by line, and how it is known (the drags, or the cheapest).
    route = f"{route_text(priced, ctx.space_name)}, {how_priced(priced)}" if priced else path
    spent = str(low) if low == high else f"{low}–{high}"
    yield Check.computed("movement_points", last.step, rule, f"{name}: {route}: {spent} "
                         f"MP of {limit}", inputs={"general": activation.general, "path": path,
                                                "allowance": limit,
                                                **route_data(priced, ctx.space_name)},
                         result={"low": low, "high": high})
    if low > limit:
        why = {"WW-OVR-02": " (an American Army that overruns moves at most 4)",
               "WW-MOV-03": "" if limit == AMERICAN_ALLOWANCE else
               " (an American Army that ends facing enemy CUs moves at most 4)"}.get(rule, "")
        assert over_low is not None
        yield Check.illegal(rule, over_low.step, f"{name} moved {route}: at least {low} MP, "
                            f"more than his {limit}{why}", expected=f"≤ {limit} MP",
                            observed=f"{low} MP", spaces=(legs[0].origin, last.destination),
                            pieces=(name,))
    elif high > limit:
        assert over_high is not None
        yield Check.unchecked(rule, over_high.step, f"{name} moved {route}: {low}–{high} MP "
                              f"against {limit}; a line's type (normal or wilderness) is not "
                              "in the data", needs=("map connections",))
        return
    yield Check.done(rule)
    yield Check.done("WW-MOV-05")


def _sea_only(leg: Leg, limit: int) -> bool:
    """Whether a British port-to-port drag can only have been made by sea: no legal land
    route, or one longer than the General's whole allowance (WW 7.5). Not when the map's
    data knows no route at all (it may be a land move), nor when the step's drags put him
    on spaces between the two (`Leg.via`): Naval Movement is one transfer from port to
    port, the entire move, so a stack set down on the way moved by land."""
    return leg.naval is not None and not leg.via and (leg.route_problem is not None or (
        leg.low is not None and leg.low > limit))


def _naval(activation: Activation, limit: int, ctx: Context) -> Generator[Outcome, None, bool]:
    """WW-NAV-01 (WW 7.5): a drag from one port to another that no land move explains is
    Naval Movement — the General's *entire* move, from an eligible port to an eligible
    port, with at most 5 CUs. True when the activation was judged here (naval, or naval
    refused), so it is not priced overland."""
    legs = activation.legs
    name = ctx.general_name(activation.general)
    by_sea = [index for index, leg in enumerate(legs) if _sea_only(leg, limit)]
    if not by_sea:
        # One drag between eligible ports is legal by sea even where the data knows no
        # land route to price.
        if len(legs) == 1 and legs[0].naval == ELIGIBLE and legs[0].low is None:
            by_sea = [0]
        else:
            return False
    leg = legs[by_sea[0]]
    spaces = (leg.origin, leg.destination)
    route = f"{ctx.space_name(leg.origin)} → {ctx.space_name(leg.destination)}"
    if leg.naval != ELIGIBLE:
        yield Check.illegal("WW-NAV-01", leg.step, f"{name} moved {route}, only possible by "
                            f"sea, but {leg.naval} (WW 7.5)", spaces=spaces, pieces=(name,))
        return True
    if len(legs) > 1:
        # Reported where the second part of the move was made.
        land, step = (legs[1], legs[1].step) if by_sea[0] == 0 else (legs[0], leg.step)
        yield Check.illegal("WW-NAV-01", step, f"{name} moved {route} by sea and also "
                            f"moved by land ({ctx.space_name(land.origin)} → "
                            f"{ctx.space_name(land.destination)}): Naval Movement is the "
                            "entire move (WW 7.5)", spaces=spaces, pieces=(name,))
        return True
    yield Check.computed("naval_movement", leg.step, "WW-NAV-01",
                         f"{name}: naval movement {route}",
                         inputs={"general": activation.general},
                         result={"carried": carried_total(leg.carried)})
    yield Check.done("WW-NAV-01")
    return True


def _stop_with_enemy_general(activation: Activation, ctx: Context) -> Iterator[Outcome]:
    """WW-MOV-09 (WW 7.4.A): a General moving without a CU may pass through a space holding
    only a lone enemy General, but may not stop there (where his move ends)."""
    if not activation.legs:
        return
    last = activation.legs[-1]
    if (not last.carried and not last.friendly_cus_at_destination
            and last.enemy_general_at_destination and not last.enemy_cus_at_destination):
        name = ctx.general_name(activation.general)
        yield Check.illegal("WW-MOV-09", last.step, f"{name}, alone, ended his move in "
                            f"{ctx.space_name(last.destination)} with a lone enemy General; "
                            "he may pass through such a space but not stop there",
                            spaces=(last.destination,), pieces=(name,))


def _overrun(action: BattleSettled, ctx: Context) -> Iterator[Outcome]:
    """WW-OVR-01 (WW 9.7): enemy CUs removed with no battle roll is an overrun, which needs
    an Army of 4 or 5 CUs entering exactly 1 enemy CU with no enemy General."""
    battle = action.battle
    if action.outcome != "overrun" or battle.treason_overrun:
        # After Treason the overrun is WW 9.7 Clarification's (WW-OVR-04, rules.treason).
        return
    problems = []
    defenders, general = battle.defender_cus, battle.defender_general
    if battle.rbb:
        # After a retreat before battle, the CUs left behind are overrun or fight (WW
        # 7.9.B): those that did not retreat, without the General who did.
        gone = sum(r.cus for r in battle.retreat_moves(other(battle.attacker),
                                                       before_battle=True))
        defenders, general = defenders - gone, False
    if battle.attacker_cus not in OVERRUN_CUS:
        problems.append(f"the Army had {battle.attacker_cus} CUs (4 or 5 needed)")
    if defenders != OVERRUN_DEFENDERS:
        problems.append(f"the space held {defenders} enemy CUs (exactly 1 allowed)")
    if general:
        problems.append("an enemy General was there")
    if problems:
        yield Check.illegal("WW-OVR-01", action.step, f"enemy CUs in "
                            f"{ctx.space_name(battle.space)} were removed with no battle "
                            f"roll, but {'; '.join(problems)}: a battle was due",
                            spaces=(battle.space,))
    yield Check.done("WW-OVR-01")


def _sent_to_box(action: SentToBox, ctx: Context) -> Iterator[Outcome]:
    """WW-MOV-11 (WW 7.4.C, 8.2.C): Washington may never be removed to the Reinforcement
    Box."""
    record = ctx.data.generals.get(action.general)
    if record is not None and record.never_to_reinforcement_box:
        yield Check.illegal("WW-MOV-11", action.step, f"{record.name} was sent to the "
                            "Reinforcement Box; he may never be", spaces=(action.origin,),
                            pieces=(record.name,))
    yield Check.done("WW-MOV-11")


def _at_rest(step: int, ctx: Context, spaces: frozenset[str] | None,
             unsettled: frozenset[str] = frozenset()) -> Iterator[Outcome]:
    """WW-MOV-11 and WW-MOV-12 on a position at rest (after an impulse): the spaces the
    impulse touched (every space at the start). A battle the log ended before settling
    leaves its space not at rest: unchecked there, not illegal."""
    holdings = ctx.state.spaces() if spaces is None else (
        (space, ctx.state.space(space)) for space in sorted(spaces))
    for space, holding in holdings:
        if len(holding.generals) < 2 and not holding.cu:
            continue
        # At rest, at most one General per side in a space (WW 3.0, 7.4.C).
        for side in Side:
            generals = holding.generals_of(side, ctx.sides)
            if len(generals) > 1:
                names = ", ".join(ctx.general_name(g) for g in generals)
                yield Check.illegal("WW-MOV-11", step, f"{names} share "
                                    f"{ctx.space_name(space)}: one must go to the "
                                    "Reinforcement Box", spaces=(space,))
        # Outside battle, "no space may contain Generals and/or CUs of both sides" (WW
        # 3.0 Stacking Limits): the Congress, an American Unit but neither, is left to the
        # dispersal rules (WW 7.7, WW-CONG-01/02).
        if all(holding.cus_of(side) or holding.generals_of(side, ctx.sides)
               for side in Side):
            if space in unsettled:
                yield Check.unchecked("WW-MOV-12", step, f"the log ends with a battle in "
                                      f"{ctx.space_name(space)} not yet settled",
                                      spaces=(space,))
                continue
            yield Check.illegal("WW-MOV-12", step, f"both sides have units in "
                                f"{ctx.space_name(space)} after the impulse", spaces=(space,))
    yield Check.done("WW-MOV-11")
    yield Check.done("WW-MOV-12")


__all__ = ["AMERICAN_ALLOWANCE", "BRITISH_ALLOWANCE", "FAMILY", "allowance", "judge"]
