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

AR-RP-04 (AR 13.4, 20.2) is judged here, where its two consequences show. AR 20.2: American
regulars and light troops check "until the Continental Army Professionalized level is
reached": from then on an American regular or light eliminated in the Supply Phase where
its supply does not explain it breaks RP-04 (as it breaks AR-ENL-02, whose sentence says the
same); an American enlistment loss judged legal once the Army has professionalized (the
regulars and light left out of the check) concludes RP-04. AR 13.4: "[Continental regulars]
cost 4 before the Continental Army Professionalizes and 3 PP thereafter. The lower cost is
used after that event has gone into effect": once the phase after a Mobilization Phase in
which the American raised Continental regulars at level 3 or beyond shows, a payment that
fits the table (regulars at 3) concludes RP-04, and one that is exactly the table's price
with every such regular at 4 (the old price) is illegal under RP-04; other wrong payments
are AR-MOB-03's alone (`mobilization` family).
"""

from __future__ import annotations

from collections.abc import Iterator

from adjudicator.systems.american_revolution.actions import DiceRolled, UnitsRemoved
from adjudicator.systems.american_revolution.attrition import enlistment_losses
from adjudicator.systems.american_revolution.levels import professionalized
from adjudicator.systems.american_revolution.procedure import END, MOBILIZATION, SETUP, SUPPLY
from adjudicator.systems.american_revolution.rules.context import Context
from adjudicator.systems.american_revolution.rules.mobilization_costs import (
    UNSEEN,
    cost_bounds,
)
from adjudicator.systems.american_revolution.rules.supply import (
    ENLISTING,
    ENLISTMENT_LOSS,
    dice_check,
    leader_value,
    read_removal,
    too_few,
)
from adjudicator.systems.common.actions import Action
from adjudicator.systems.common.outcomes import Check, Outcome
from adjudicator.systems.common.rulebook import RuleFamily
from adjudicator.systems.common.sequencer import PhaseShown

FAMILY = RuleFamily("enlistment", frozenset({"AR-ENL-01", "AR-ENL-02", "AR-ENL-03",
                                             "AR-ENL-04", "AR-ENL-05", "AR-RP-04"}),
                    actions=(UnitsRemoved, PhaseShown, DiceRolled))


def judge(action: Action, ctx: Context) -> Iterator[Outcome]:
    """Units removed whose enlistment does not check, and removals that do not fit the
    dice."""
    if isinstance(action, DiceRolled) and ctx.phase == SUPPLY and action.side in ("US", "GB"):
        yield from too_few(ctx, str(action.side), rule="AR-ENL-05")
        return
    if isinstance(action, PhaseShown) and action.phase == END and not any(
            isinstance(a, PhaseShown) and a.phase == END
                and a.step <= action.step and a != action
            for a in ctx.proc.noted_in(END, PhaseShown)):
        for side in ("US", "GB"):
            yield from too_few(ctx, side, rule="AR-ENL-05")
    if isinstance(action, PhaseShown):
        last = ctx.proc.last_shown()
        if action.phase == SUPPLY and (last is None or last.phase != SUPPLY):
            yield Check.reminder("AR-ENL-01", action.step,
                                 "the Supply Phase: first each side forages (First Player, "
                                 "then Second), then each checks enlistments, after supply")
        yield from _professional_cost(action, ctx)
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
        if formation in PROFESSIONAL_UNITS and professionalized(ctx.state.level("rp")):
            yield Check.illegal("AR-RP-04", action.step,
                                f"a {name} was eliminated in the Supply Phase in {where} after "
                                "the Continental Army Professionalizes: from then on American "
                                "regulars and light troops stop checking their enlistments",
                                spaces=(action.locale,), pieces=(name,))
        return
    if removal.side == "US" and removal.enlisting and professionalized(
            ctx.state.level("rp")):
        yield Check.done("AR-RP-04")
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


PROFESSIONAL_UNITS = ("us_regular", "us_light")
"""The units that stop checking enlistments once the Army professionalizes (AR 20.2)."""
OLD, NEW = "us_regular", "us_regular_professional"
"""The Mobilization Table's Continental regular lines, before and after (AR 13.4)."""


def _professional_cost(action: PhaseShown, ctx: Context) -> Iterator[Outcome]:
    """AR-RP-04, AR 13.4: what the American paid for Continental regulars raised once the
    Army had professionalized (judged when the phase after the Mobilization Phase shows)."""
    proc = ctx.proc
    if action.phase in (SETUP, MOBILIZATION) or proc.costed or not proc.mobilized:
        return
    if not professionalized(ctx.state.level("rp")):
        return
    raised = [r for r in proc.mobilized if r.side == "US"]
    regulars = sum(1 for r in raised if r.key == "us_regular")
    old, new = ctx.data.costs.get(OLD), ctx.data.costs.get(NEW)
    bounds = cost_bounds(ctx, "US", raised)
    spent = proc.spent.of("US")
    if not regulars or bounds is None or old is None or new is None or old.cost is None \
            or new.cost is None or spent == 0:
        return
    low, high, items = bounds
    if low <= spent <= high:
        yield Check.done("AR-RP-04")
        return
    plays = {play.marker for play in proc.mob_markers if play.side == "US"}
    if plays & {"pulaski", "drillmaster"} or any(ctx.uses(o.value) for o in UNSEEN):
        return
    if low == high and spent == high + regulars * (old.cost - new.cost):
        paid = [step for who, step in proc.paid_at if who == "US"]
        yield Check.illegal("AR-RP-04", paid[-1] if paid else action.step,
                            f"the American player paid {spent} PP for {items}, the price "
                            f"with each Continental regular at {old.cost}: once the "
                            "Continental Army Professionalizes, Continental regulars cost "
                            f"{new.cost} PP (the table asks {high})",
                            pieces=("American Regular",), expected=str(high),
                            observed=str(spent))
