"""Forced march: attrition, one march a phase, and the battle it owes (AR 17.2-17.4,
21.5).

AR 17.2: "At the end of each forced march, immediately roll a die for each combat unit in
the moved force. On a result of six, a rolled-for unit is eliminated. Don't roll for
leaders or commanders." Fleets are combat formations (AR 2.11), but whether a fleet
rolls is not said (FAQ: units carried by a fleet "all roll, including marines"): a roll
for the fleets' passengers alone, or none for a fleet alone, is accepted too. The log
shows the roll (one die per combat unit) and the removals
from the force that follow it: their number must equal the 6s rolled (digest AR-FM-02).
AR 17.3: "No unit or leader may engage in more than one forced march per Second and Third
Movement Phase." AR 17.4: a force that ends a forced march in the same locale as an enemy
force "must attack during the ensuing Combat Phase" (the optional siege of AR 28.9
excepted).
"""

from __future__ import annotations

from collections.abc import Iterator

from adjudicator.systems.american_revolution.actions import (
    AttritionLosses,
    AttritionRolled,
    CombatOwed,
    ForceMoved,
)
from adjudicator.systems.american_revolution.attrition import forced_march_losses
from adjudicator.systems.american_revolution.procedure import CAMPAIGNS, accompanies, continues
from adjudicator.systems.american_revolution.rules.combat import (
    _names,
    exempt,
    out_of_turn,
    who,
)
from adjudicator.systems.american_revolution.rules.context import Context
from adjudicator.systems.american_revolution.rules.interception import was_interception
from adjudicator.systems.common.actions import Action
from adjudicator.systems.common.outcomes import Check, Computed, Outcome
from adjudicator.systems.common.rulebook import RuleFamily

FAMILY = RuleFamily("forced march", frozenset({"AR-FM-02", "AR-FM-03", "AR-FM-04"}),
                    actions=(AttritionRolled, AttritionLosses, ForceMoved, CombatOwed))


def judge(action: Action, ctx: Context) -> Iterator[Outcome]:
    """The attrition roll and its losses; a second forced march; the battle owed."""
    if isinstance(action, AttritionRolled):
        yield from _rolled(action, ctx)
    elif isinstance(action, AttritionLosses):
        yield from _losses(action, ctx)
    elif isinstance(action, ForceMoved) and not action.retreat and \
            ctx.phase in CAMPAIGNS[1:]:
        if ctx.proc.moves and (continues(ctx.proc.moves[-1], action)
                               or accompanies(ctx.proc.moves[-1], action)):
            return  # the same march going on (AR 16.7), or dragged in parts
        again = [p for p in action.pieces if p in ctx.proc.moved]
        if again and all(any(p in move.pieces and was_interception(move, ctx)
                             for move in ctx.proc.moves) for p in again):
            yield Check.unchecked("AR-FM-03", action.step,
                                  f"{len(again)} piece(s) forced-marched from "
                                  f"{ctx.name(action.origin)} had moved this phase in what "
                                  "may have been an interception in the enemy's Movement "
                                  "Phase (AR 32.2), not a forced march of their own: the "
                                  "log does not show which",
                                  spaces=(ctx.name(action.origin),))
        elif again:
            yield Check.illegal("AR-FM-03", action.step,
                                f"{who(action.side)} forced-marched a force from "
                                f"{ctx.name(action.origin)} with {len(again)} piece(s) that "
                                "already forced-marched in this phase: no unit or leader may "
                                "make more than one forced march a phase (AR 17.3)",
                                spaces=(ctx.name(action.origin),))
        else:
            yield Check.done("AR-FM-03")
    elif isinstance(action, CombatOwed) and not out_of_turn(action, ctx):
        for locale, us, gb in action.locales:
            if locale in action.forced and not exempt(ctx, locale, us, gb):
                yield Check.illegal("AR-FM-04", action.step,
                                    f"{who(action.side)}'s force ended a forced march in "
                                    f"{ctx.name(locale)} with the enemy and did not attack "
                                    "in the ensuing Combat Phase (AR 17.4)",
                                    spaces=(ctx.name(locale),), pieces=_names(ctx, us + gb))
                return
        if action.forced:
            yield Check.done("AR-FM-04")


def _intercepted(action: AttritionRolled | AttritionLosses, ctx: Context) -> bool:
    """Whether the "march" was a move shaped like an interception (AR 32.2, 7.11: a Tactics
    marker played in the enemy's Movement Phase), which makes no attrition roll: the dice
    that follow may be the battle's."""
    moves = [m for m in ctx.proc.moves
             if m.side == action.side and m.destination == action.locale]
    return bool(moves) and was_interception(moves[-1], ctx)


def _rolled(action: AttritionRolled, ctx: Context) -> Iterator[Outcome]:
    place = ctx.name(action.locale)
    losses = forced_march_losses(action.units)
    yield Computed(kind="forced-march attrition", step=action.step, rule_id="AR-FM-02",
                   summary=f"{action.units} combat unit(s) roll in {place}: "
                           f"{action.dice.count(6)} six(es) rolled, so as many units are "
                           "lost",
                   inputs={"units": action.units, "dice": len(action.dice)},
                   result={"sixes": action.dice.count(6)},
                   probabilities={"no loss": losses.p(0), "at least one loss": 1 - losses.p(0)})
    if len(action.dice) != action.units and len(action.dice) != action.units - action.fleets \
            and _intercepted(action, ctx):
        yield Check.unchecked("AR-FM-02", action.step,
                              f"the force that moved into {place} may have intercepted (AR "
                              "32.2), which rolls no attrition: whether these dice are "
                              "attrition or the battle's, the log does not show",
                              spaces=(place,))
    elif len(action.dice) != action.units and len(action.dice) != action.units - action.fleets:
        yield Check.illegal("AR-FM-02", action.step,
                            f"{who(action.side)} rolled {len(action.dice)} attrition dice "
                            f"for a forced march into {place} of {action.units} combat "
                            "unit(s): one die for each combat unit, none for leaders "
                            "(AR 17.2)", spaces=(place,), expected=str(action.units),
                            observed=str(len(action.dice)))
    else:
        yield Check.done("AR-FM-02")


def _losses(action: AttritionLosses, ctx: Context) -> Iterator[Outcome]:
    place = ctx.name(action.locale)
    if _intercepted(action, ctx):
        return  # no attrition for an interception: its dice, if any, are the battle's
    if action.sixes is None:
        if action.closing and action.units == 0 and not action.leaders and \
                not action.fleets_only:
            yield Check.illegal("AR-FM-02", action.step,
                                f"no attrition roll after {who(action.side)}'s forced march "
                                f"into {place}: at the end of each forced march roll a die "
                                "for each combat unit (AR 17.2)", spaces=(place,))
        return
    if action.units > action.sixes:
        yield Check.illegal("AR-FM-02", action.step,
                            f"{who(action.side)} removed {action.units} unit(s) from {place} "
                            f"for forced-march attrition, but rolled {action.sixes} six(es): "
                            "a unit is eliminated only on a six (AR 17.2)", spaces=(place,),
                            expected=str(action.sixes), observed=str(action.units))
    elif action.closing and action.units < action.sixes:
        yield Check.illegal("AR-FM-02", action.step,
                            f"{who(action.side)} removed {action.units} unit(s) from {place} "
                            f"after rolling {action.sixes} six(es) for forced-march "
                            "attrition: each six eliminates a unit (AR 17.2)",
                            spaces=(place,), expected=str(action.sixes),
                            observed=str(action.units))
    elif action.closing:
        yield Check.done("AR-FM-02")
