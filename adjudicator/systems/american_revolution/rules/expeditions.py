"""Militia Expeditions (optional rule AR 33).

AR 33.1: "You may attempt to move militia units across regional borders if it's part of a
force moving with a commander (who can be a militia or non-militia). For each militia unit
making such an attempt, roll a die. If that result is less than or equal to the
commander's leadership value, the rolled-for militia unit moves across the border. If the
result is greater [...] but is other than a six, the rolled for militia unit ceases
movement [...] in the locale where the die roll check was made. If the result was a six,
the militia goes home; remove the militia from the map." AR 33.2: "Similarly, and under
the same requirements, militia may attempt to retreat across a regional border. Here,
however, even if it simply fails to move it's eliminated."

With the option in use, movement (AR-MOV-09) leaves a militia crossing with a commander to
this rule. The crossing is judged legal with a commander; a retreat across a border
without one is illegal. Which die is which militia unit's is not in the log (the rolls
come as one or more 1d6 before the move, beside the movement die), so each unit's
outcome is given as a computation (`attrition.militia_expedition`), not matched to a
die. Which leader commands is the player's choice: the best value is used.
"""

from __future__ import annotations

from collections.abc import Iterator

from adjudicator.systems.american_revolution.actions import ForceMoved
from adjudicator.systems.american_revolution.attrition import Expedition, militia_expedition
from adjudicator.systems.american_revolution.data import FormationType, LeaderKind, OptionalRule
from adjudicator.systems.american_revolution.rules.context import Context
from adjudicator.systems.common.actions import Action
from adjudicator.systems.common.outcomes import Check, Computed, Outcome
from adjudicator.systems.common.rulebook import RuleFamily

FAMILY = RuleFamily("militia expeditions", frozenset({"AR-MEXP-01", "AR-MEXP-02"}),
                    actions=(ForceMoved,))


def commanders(ctx: Context, leaders: tuple[str, ...]) -> list[str]:
    """The leaders who may command a militia expedition (any general or militia leader;
    an admiral commands only fleets, AR 21.7)."""
    return [key for key in leaders if (leader := ctx.data.leaders.get(key)) is not None
            and leader.kind is not LeaderKind.ADMIRAL]


def is_expedition(action: ForceMoved, ctx: Context) -> bool:
    """Whether the option is in use and a commander leads the moving force (AR 33.1)."""
    return ctx.uses(OptionalRule.MILITIA_EXPEDITIONS) and bool(commanders(ctx, action.leaders))


def _militia(ctx: Context, action: ForceMoved) -> int:
    return sum(1 for key in action.units if (f := ctx.data.formations.get(key)) is not None
               and f.type is FormationType.MILITIA)


def _crosses(ctx: Context, action: ForceMoved) -> bool | None:
    regions = [ctx.data.region_of(locale) for locale in action.path]
    if any(region is None for region in regions):
        return None
    return len({region.id for region in regions if region is not None}) > 1


def judge(action: Action, ctx: Context) -> Iterator[Outcome]:
    """Militia crossing a regional border, on the march or in retreat."""
    if not isinstance(action, ForceMoved) or ctx.phase == "setup":
        return
    militia = _militia(ctx, action)
    if not militia or not _crosses(ctx, action):
        return
    rule = "AR-MEXP-02" if action.retreat else "AR-MEXP-01"
    route = f"{ctx.name(action.origin)} → {ctx.name(action.destination)}"
    spaces = (action.origin, action.destination)
    leaders = commanders(ctx, action.leaders)
    if not leaders:
        if action.retreat:
            yield Check.illegal(rule, action.step,
                                f"{militia} militia retreated {route} across a regional "
                                "border without a commander: militia may attempt to retreat "
                                "across a border only in a force with a commander",
                                spaces=spaces)
        return
    values = [v for key in leaders if (v := ctx.data.leaders[key].value) is not None]
    yield Check.done(rule)
    if not values:
        return
    value = max(values)
    if value > 5:
        return
    outcome = militia_expedition(value, retreat=action.retreat)
    yield Computed(kind="militia expedition", step=action.step, rule_id=rule,
                   summary=f"{militia} militia {'retreating' if action.retreat else 'moving'} "
                           f"{route} with a commander of {value}: each crosses with chance "
                           f"{outcome.p(Expedition.CROSSES)}",
                   inputs={"militia": militia, "commander value": value,
                           "retreat": action.retreat},
                   probabilities={str(k): outcome.p(k) for k in Expedition})
