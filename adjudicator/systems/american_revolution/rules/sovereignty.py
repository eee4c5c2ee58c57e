"""Indian Sovereignty (optional rule AR 30).

AR 30.1: "During each Political Phase check each Indian locale on the map. If an Indian
locale is found to be occupied by non-Indian units of either player, the non-occupying
player receives one political point for each such locale." AR 30.2: "If both players
simultaneously have non-Indian units in the same Indian locale, neither player receives a
point for that locale."

The log's PP record shows only each side's Political Phase total (towns, dice and these
points together), so the points are computed and shown beside it, not checked alone.
"""

from __future__ import annotations

from collections.abc import Iterator

from adjudicator.systems.american_revolution.actions import PointsShown
from adjudicator.systems.american_revolution.data import FormationType, LocaleKind
from adjudicator.systems.american_revolution.procedure import POLITICAL
from adjudicator.systems.american_revolution.rules.context import Context
from adjudicator.systems.common.actions import Action
from adjudicator.systems.common.outcomes import Check, Computed, Outcome
from adjudicator.systems.common.rulebook import RuleFamily

FAMILY = RuleFamily("indian sovereignty", frozenset({"AR-PP-13", "AR-ISOV-01"}),
                    actions=(PointsShown,))


def occupied(ctx: Context) -> dict[str, str]:
    """Indian locale → the one side whose non-Indian units occupy it (AR 30.1-30.2)."""
    found: dict[str, str] = {}
    for key, locale in ctx.data.locales.items():
        if locale.kind is not LocaleKind.INDIAN:
            continue
        sides = {str(f.side) for e in ctx.state.in_locale(key) if e.kind == "unit"
                 and (f := ctx.data.formations.get(e.key)) is not None
                 and f.type is not FormationType.INDIAN}
        if len(sides) == 1:
            found[key] = sides.pop()
    return found


def sovereignty_points(ctx: Context, side: str) -> int:
    """The political points a side receives for Indian locales the enemy alone occupies."""
    return sum(1 for occupier in occupied(ctx).values() if occupier != side)


def judge(action: Action, ctx: Context) -> Iterator[Outcome]:
    """Beside a side's Political Phase income, the points Indian sovereignty gives it."""
    if not isinstance(action, PointsShown) or ctx.phase != POLITICAL or action.side is None:
        return
    if action.before is None or action.after <= action.before:
        return
    side = action.side
    held = {ctx.name(key): occupier for key, occupier in occupied(ctx).items()
            if occupier != side}
    points = len(held)
    yield Computed(kind="Indian sovereignty", step=action.step, rule_id="AR-PP-13",
                   summary=f"{side} receives {points} PP for Indian locales occupied by the "
                           "enemy alone" + (f" ({', '.join(sorted(held))})" if held else ""),
                   inputs={"locales": ", ".join(sorted(held))}, result={"points": points})
    reason = (f"the PP record shows only {side}'s Political Phase total ({action.before} → "
              f"{action.after}), towns, dice and Indian sovereignty ({points}) together: "
              "this part cannot be told apart")
    yield Check.unchecked("AR-PP-13", action.step, reason)
    yield Check.unchecked("AR-ISOV-01", action.step, reason)
