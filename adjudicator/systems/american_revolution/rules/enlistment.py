"""Enlistments: the Supply Phase's Enlistment Phase (AR 20; digest 4.14).

AR 20.1: enlistments are checked "after checking for supply". AR 20.2: American regulars
and light troops check "until the Continental Army Professionalized level is reached". AR
20.3: militia check only "if there are no enemy units in their colonial region"; the FAQ
limits this to American militia (British and Spanish militia never check), which the
digest's AAR contradicts (digest 8 A26-A27): the rulebook and FAQ are followed. AR 20.4:
Indian units outside Indian locales check. AR 20.5: a die per checked unit; "any one leader
in a checked unit's force may apply his leadership value" (may: a removal on a final 1-4
without him is legal); "on a final result of one through four, a checked unit is
eliminated". A militia leader counts only in an all-militia/light force (AR 21.6), an
admiral never (AR 21.7); Leader Arises is a leader of value one.

The log shows the Supply Phase's rolls and removals, not which are for forage and which
for enlistment: a removal either reading explains is legal (the `supply` family reads
the forage side). The expected losses come from `attrition.enlistment_losses`.
"""

from __future__ import annotations

from collections.abc import Iterator

from adjudicator.systems.american_revolution.actions import UnitsRemoved
from adjudicator.systems.american_revolution.attrition import enlistment_losses
from adjudicator.systems.american_revolution.procedure import SUPPLY
from adjudicator.systems.american_revolution.rules.context import Context
from adjudicator.systems.american_revolution.rules.supply import (
    ENLISTING,
    ENLISTMENT_LOSS,
    dice_check,
    leader_value,
    read_removal,
)
from adjudicator.systems.common.actions import Action
from adjudicator.systems.common.outcomes import Check, Outcome
from adjudicator.systems.common.rulebook import RuleFamily
from adjudicator.systems.common.sequencer import PhaseShown

FAMILY = RuleFamily("enlistment", frozenset({"AR-ENL-01", "AR-ENL-02", "AR-ENL-03",
                                             "AR-ENL-04", "AR-ENL-05"}),
                    actions=(UnitsRemoved, PhaseShown))


def judge(action: Action, ctx: Context) -> Iterator[Outcome]:
    """Units removed whose enlistment does not check, and removals that do not fit the
    dice."""
    if isinstance(action, PhaseShown):
        last = ctx.proc.last_shown()
        if action.phase == SUPPLY and (last is None or last.phase != SUPPLY):
            yield Check.reminder("AR-ENL-01", action.step,
                                 "the Supply Phase: first each side forages (First Player, "
                                 "then Second), then each checks enlistments, after supply")
        return
    removal = read_removal(action, ctx)
    if removal is None or not isinstance(action, UnitsRemoved):
        return
    where = ctx.name(action.locale)
    automatic = [entry for entry in removal.barred if entry[3]]
    foraging = [entry for entry in removal.barred if not entry[3]]
    if automatic or (foraging and removal.forage.unfed < len(foraging) + len(removal.others)):
        formation, reason, rule, _ = (automatic or foraging)[0]
        name = ctx.unit_name(formation)
        yield Check.illegal(rule, action.step,
                            f"a {name} was eliminated in the Supply Phase in {where}, where "
                            f"it is in supply and its enlistment is not checked: {reason}",
                            spaces=(action.locale,), pieces=(name,))
        return
    for formation in removal.enlisting:
        yield Check.done(ENLISTING[formation])
    if not removal.enlisting:
        if removal.barred:
            yield from dice_check(action, ctx, removal, "AR-SUP-02", 3)
        return
    yield from dice_check(action, ctx, removal, "AR-ENL-05", ENLISTMENT_LOSS)
    side = removal.side
    units = [e.key for e in ctx.state.in_locale(action.locale) if e.kind == "unit"]
    value = leader_value(ctx, side, action.locale, [*units, *action.units])
    checked = len(removal.enlisting)
    distribution = enlistment_losses(checked, value)
    yield Check.computed(
        "enlistment losses", action.step, "AR-ENL-05",
        f"{checked} checked unit(s) in {where}, best leader value {value}: each eliminated on "
        "a final 1-4",
        inputs={"locale": where, "checked": checked, "leader value": value},
        result={"expected losses": str(distribution.expectation())},
        probabilities={f"{k} lost": distribution.p(k) for k in range(checked + 1)})
