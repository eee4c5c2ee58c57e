"""Leaders (AR 21): never lost to forced-march attrition; militia leaders' and admirals'
values (AR 21.5-21.7).

AR 21.5: "Leaders are never affected by forced march attrition or by lack of supply."
AR 21.6: militia leaders "may only apply their leadership factor to a force consisting
entirely of militia and/or light units and/or other militia leaders. In all other force
compositions, they have leadership values of zero." AR 21.7: admirals "may use their
leadership values only to enhance the movement of fleets, for forced marching of fleets,
for fleet combat, and for amphibious assaults". Here: the tactics a side commits to a
battle (up to its total leadership, AR 18.4(1)) count only the values that apply.
"""

from __future__ import annotations

from collections.abc import Iterator

from adjudicator.systems.american_revolution.actions import AttritionLosses, TacticsCommitted
from adjudicator.systems.american_revolution.data import LeaderKind
from adjudicator.systems.american_revolution.rules.combat import ctx_holding, leadership, who
from adjudicator.systems.american_revolution.rules.context import Context
from adjudicator.systems.common.actions import Action
from adjudicator.systems.common.outcomes import Check, Outcome
from adjudicator.systems.common.rulebook import RuleFamily

FAMILY = RuleFamily("leaders", frozenset({"AR-LDR-02", "AR-LDR-03", "AR-LDR-04"}),
                    actions=(AttritionLosses, TacticsCommitted))


def judge(action: Action, ctx: Context) -> Iterator[Outcome]:
    """A leader removed for attrition; tactics beyond the leadership that counts."""
    if isinstance(action, AttritionLosses) and not action.closing:
        if action.leaders:
            names = tuple(ctx.leader_name(key) for key in action.leaders)
            yield Check.illegal("AR-LDR-02", action.step,
                                f"{who(action.side)} removed {', '.join(names)} from "
                                f"{ctx.name(action.locale)} after a forced march: leaders "
                                "are never affected by forced-march attrition (AR 17.2, "
                                "21.5)", spaces=(ctx.name(action.locale),), pieces=names)
        else:
            yield Check.done("AR-LDR-02")
    elif isinstance(action, TacticsCommitted) and action.locale is not None and \
            all(m == "tactics" for m in action.markers):
        holding = ctx_holding(ctx, action.locale, action.side)
        kinds = {ctx.data.leaders[key].kind for kind, key, _ in holding
                 if kind == "leader" and key in ctx.data.leaders}
        effective, printed = leadership(ctx, holding)
        for kind, rule, why in (
                (LeaderKind.MILITIA, "AR-LDR-03", "a militia leader's value counts only in "
                 "a force of militia and light units and militia leaders (AR 21.6)"),
                (LeaderKind.ADMIRAL, "AR-LDR-04", "an admiral's value counts only for "
                 "fleets (AR 21.7)")):
            if kind not in kinds:
                continue
            if effective < action.committed <= printed:
                place = ctx.name(action.locale)
                yield Check.illegal(rule, action.step,
                                    f"{who(action.side)} committed {action.committed} tactics "
                                    f"to the battle in {place}, above the leadership that "
                                    f"counts there, {effective}: {why}", spaces=(place,),
                                    expected=f"at most {effective}",
                                    observed=str(action.committed))
                return
            yield Check.done(rule)
