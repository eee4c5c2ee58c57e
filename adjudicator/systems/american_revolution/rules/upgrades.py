"""British Militia Upgrades (optional rule AR 31).

AR 31.1: "The British player may choose to upgrade friendly militia units to regular or
light units [...] during the Mobilization Phase. To do so, indicate the militia unit to be
upgraded. It must be in the same locale as a British regular or light unit. Expend two
political points and replace the militia unit with a British regular or light unit."
AR 31.2: "No more than one militia unit may be upgraded per locale per Mobilization
Phase." AR 31.3: the militia removed "may be re-mobilized normally into play, but not prior
to the next game turn."

An upgrade shows as a British Regular or Light put into a locale (not the Britain box)
where a Tory Militia is taken off in the same step, or was earlier in the phase. A
British Regular raised on the map with no militia removed there is no upgrade (and is
judged with mobilization, AR-MOB-05). Which militia counter comes back later is not in
the log, so AR 31.3 is not checked; the 2 PP show only in the PP total.
"""

from __future__ import annotations

from collections.abc import Iterator

from adjudicator.systems.american_revolution.actions import Raised, UnitsRemoved
from adjudicator.systems.american_revolution.data import OptionalRule
from adjudicator.systems.american_revolution.procedure import MOBILIZATION
from adjudicator.systems.american_revolution.rules.context import Context
from adjudicator.systems.common.actions import Action
from adjudicator.systems.common.outcomes import Check, Outcome
from adjudicator.systems.common.rulebook import RuleFamily

FAMILY = RuleFamily("militia upgrades", frozenset({"AR-MUP-01"}), actions=(Raised,))
UPGRADED = frozenset({"gb_regular", "gb_light"})
"""What a Tory militia becomes (AR 31.1), and what it must stand with."""
MILITIA = "gb_militia"


def militia_removed(ctx: Context, locale: str) -> int:
    """Tory militia taken out of a locale this phase (this step included)."""
    seen: list[UnitsRemoved] = []
    for act in (*ctx.proc.losses, *ctx.step_actions):
        if isinstance(act, UnitsRemoved) and act.locale == locale and act not in seen:
            seen.append(act)
    return sum(act.units.count(MILITIA) for act in seen)


def is_upgrade(action: Raised, ctx: Context) -> bool:
    """Whether a raised unit is a militia upgrade (the option in use, a British Regular or
    Light put on the map where a Tory Militia came off this phase)."""
    return (ctx.uses(OptionalRule.MILITIA_UPGRADES) and action.entity == "unit"
            and action.key in UPGRADED and action.locale != "britain_box"
            and militia_removed(ctx, action.locale) > 0)


def judge(action: Action, ctx: Context) -> Iterator[Outcome]:
    """A militia upgrade: when, where and how many."""
    if not isinstance(action, Raised) or ctx.phase == "setup" or not is_upgrade(action, ctx):
        return
    where = ctx.name(action.locale)
    name = ctx.unit_name(action.key)
    spaces, pieces = (action.locale,), (name, "Tory Militia")
    if ctx.phase is not None and ctx.phase != MOBILIZATION:
        yield Check.illegal("AR-MUP-01", action.step,
                            f"a Tory Militia in {where} was upgraded to a {name} outside the "
                            "Mobilization Phase: upgrades are made during the Mobilization "
                            "Phase", spaces=spaces, pieces=pieces)
        return
    here = [e for e in ctx.state.in_locale(action.locale) if e.kind == "unit"
            and e.key in UPGRADED]
    if len(here) < 2:
        yield Check.illegal("AR-MUP-01", action.step,
                            f"a Tory Militia in {where} was upgraded to a {name} with no "
                            "British Regular or Light in that locale: the militia must be in "
                            "the same locale as one", spaces=spaces, pieces=pieces)
        return
    before = [r for r in ctx.proc.raised if r.locale == action.locale and r.key in UPGRADED
              and r.step != action.step]
    if before and militia_removed(ctx, action.locale) > 1:
        yield Check.illegal("AR-MUP-01", action.step,
                            f"a second Tory Militia in {where} was upgraded this Mobilization "
                            f"Phase (the first at step {before[0].step}): no more than one per "
                            "locale per Mobilization Phase", spaces=spaces, pieces=pieces)
        return
    yield Check.done("AR-MUP-01")
