"""The designer's unofficial rules (AR 39): Demoralization and Battle Tactics.

Demoralization: "disrupted units remain disrupted until rallied [...] Units attempt to
rally at the end of each and every friendly Battle Phase [...] A player rallies units in a
space by having a commander in it. Each commander rallies a number of units equal to his
leader value. Demoralized leaders rally themselves but not other units." So, with the
option in use, a unit flipped back to its good side must be in a Campaign Phase, in a
locale with a good-order commander of its side whose values cover the units rallied there
in the step. Its movement (-1) and enlistment and supply (-1) effects are not judged here.

Battle Tactics (line and reserve boxes, secret commitments) has no place on the fixture
map and is not judged.
"""

from __future__ import annotations

from collections.abc import Iterator

from adjudicator.systems.american_revolution.actions import Disrupted
from adjudicator.systems.american_revolution.data import LeaderKind, Need, OptionalRule
from adjudicator.systems.american_revolution.procedure import CAMPAIGNS
from adjudicator.systems.american_revolution.rules.context import Context
from adjudicator.systems.common.actions import Action
from adjudicator.systems.common.outcomes import Check, Outcome
from adjudicator.systems.common.rulebook import RuleFamily

FAMILY = RuleFamily("demoralization", frozenset({"AR-UNOF-01"}), actions=(Disrupted,))


def judge(action: Action, ctx: Context) -> Iterator[Outcome]:
    """A demoralized unit rallied: when, and by which commanders."""
    if not isinstance(action, Disrupted) or not action.restored or not action.units \
            or ctx.phase in (None, "setup") or not ctx.uses(OptionalRule.DEMORALIZATION):
        return
    where = ctx.name(action.locale)
    names = tuple(ctx.unit_name(key) for key in action.units)
    spaces = (action.locale,)
    if ctx.phase not in CAMPAIGNS:
        yield Check.illegal("AR-UNOF-01", action.step,
                            f"{len(action.units)} demoralized units in {where} were rallied "
                            "outside a Campaign Phase: they rally only at the end of a "
                            "friendly Battle Phase", spaces=spaces, pieces=names)
        return
    rallied_now = set(action.leaders)
    values: list[int] = []
    unknown: list[str] = []
    for entity in ctx.state.in_locale(action.locale):
        leader = ctx.data.leaders.get(entity.key) if entity.kind == "leader" else None
        if leader is None or str(leader.side) != action.side or entity.disrupted \
                or entity.key in rallied_now or leader.kind is LeaderKind.ADMIRAL:
            continue
        if leader.value is None:
            unknown.append(leader.name)
        else:
            values.append(leader.value)
    total = sum(values)
    if len(action.units) <= total:
        yield Check.done("AR-UNOF-01")
    elif unknown:
        yield Check.unchecked("AR-UNOF-01", action.step,
                              f"{len(action.units)} units rallied in {where}, more than the "
                              f"known commanders' values ({total}): the value of "
                              f"{', '.join(unknown)} is needed", needs=(str(Need.LEADERS),),
                              spaces=spaces, pieces=names)
    else:
        yield Check.illegal("AR-UNOF-01", action.step,
                            f"{len(action.units)} demoralized units rallied in {where} "
                            f"with commanders there worth {total}: each commander in good "
                            "order rallies as many units as his leader value (demoralized "
                            "leaders rally only themselves)", spaces=spaces, pieces=names,
                            expected=f"at most {total}", observed=str(len(action.units)))
