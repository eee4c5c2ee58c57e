"""Raising Loyalists (digest §4.13 LOY; WfA 10.18–10.24).

A Loyalist SP coming onto the map during the Action Cycle (`UnitsRaised` of kind
`loyalist`) is a chit raise: after 1775, in a British AP only, in a Region with British
SP, ≤4 SP per space, in the Region's colonies (Middle States: 1 SP may go to Montreal or
St. Jean). Loyalists placed outside the Action Cycle may be reinforcements (10.24) and are
not judged. A Loyalist chit put in an Expended Loyalist Box (`FreeAction` of kind
`loyalist_chit`) is judged too: one per Region, ever (10.18, 10.21).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Final

from adjudicator.systems.common.actions import Action
from adjudicator.systems.common.outcomes import Check, Outcome
from adjudicator.systems.common.places import box
from adjudicator.systems.common.rulebook import RuleFamily
from adjudicator.systems.war_for_america.actions import (
    BRITISH,
    FreeAction,
    FreeKind,
    RaiseKind,
    UnitsRaised,
)
from adjudicator.systems.war_for_america.data.vocabulary import Region
from adjudicator.systems.war_for_america.procedure import ACTION_CYCLE
from adjudicator.systems.war_for_america.rules.context import Context, side_name
from adjudicator.systems.war_for_america.rules.control import region_name, side_sp
from adjudicator.systems.war_for_america.rules.placing import (
    half_up,
    per_space,
    placed,
    withheld,
)

FIRST_YEAR: Final = 1776
"""WfA 10.18: "Loyalist units can be raised after 1775"."""
CANADA_SPACES: Final = frozenset({"montreal", "st_jean"})
"""WfA 10.23: for the Middle States, 1 SP "can be placed in either Montreal or St. Jean"."""
CANADA_SP: Final = 1
EXPENDED_PREFIX: Final = "expended_loyalist_"
"""The Expended Loyalist Box of a Region (`box:expended_loyalist_<region>`, WfA 10.21)."""

FAMILY = RuleFamily(
    "loyalists",
    frozenset({"WFA-LOY-01", "WFA-LOY-02", "WFA-LOY-03"}),
    actions=(UnitsRaised, FreeAction),
)


def judge(action: Action, ctx: Context) -> Iterator[Outcome]:
    """The Loyalist rules of one action."""
    if isinstance(action, UnitsRaised) and action.kind is RaiseKind.LOYALIST:
        if ctx.placement.phase != ACTION_CYCLE:
            return  # a reinforcement, perhaps (10.24): not a chit raise
        yield from withheld(_raise(action, ctx), ctx)
    elif isinstance(action, FreeAction) and action.kind is FreeKind.LOYALIST_CHIT:
        yield from withheld(chit_spent(action, ctx), ctx)


def _raise(action: UnitsRaised, ctx: Context) -> Iterator[Outcome]:
    yield from when_and_whose(action, ctx)
    yield from per_space("WFA-LOY-03", "Loyalists", action, ctx, "10.22")
    record = ctx.data.spaces.get(action.place)
    name = ctx.space_name(action.place)
    if record is None or record.region is None:
        yield Check.unchecked("WFA-LOY-03", action.step, f"the Region of {name} is not in the "
                              "data", needs=("space regions",), spaces=(action.place,))
        return
    region = record.region
    if action.place in CANADA_SPACES:
        region = Region.MIDDLE_STATES
        if action.sp is not None and action.sp > CANADA_SP:
            yield Check.illegal("WFA-LOY-03", action.step, f"{action.sp} Loyalist SP were "
                                f"placed on {name}; only {CANADA_SP} SP of the Middle States' "
                                "Loyalists may go to Montreal or St. Jean (WfA 10.23)",
                                spaces=(action.place,), expected=f"≤ {CANADA_SP} SP",
                                observed=f"{action.sp} SP")
    elif record.colony is None:
        yield Check.illegal("WFA-LOY-03", action.step, f"Loyalists were raised on {name}, "
                            "outside the colonies of a Region; they are placed within each "
                            "colony of the Region (WfA 10.22; Montreal or St. Jean for 1 SP "
                            "of the Middle States', 10.23)", spaces=(action.place,))
    yield Check.done("WFA-LOY-03")
    yield from british_in_region(action, region, ctx)
    yield from loyalist_amount(action, region, ctx)


def when_and_whose(action: UnitsRaised | FreeAction, ctx: Context) -> Iterator[Outcome]:
    """WFA-LOY-01 (WfA 10.18–10.19): "after 1775"; "The chit can be expended anytime during
    the British player's AP, not the Colonial AP"."""
    year = ctx.procedure.year
    where = action.place if isinstance(action, UnitsRaised) else ""
    if year is not None and year < FIRST_YEAR:
        yield Check.illegal("WFA-LOY-01", action.step, f"Loyalists were raised in {year}; "
                            "they can be raised only after 1775 (WfA 10.18)",
                            expected="1776 or later", observed=str(year),
                            spaces=(where,) if where else ())
    pulse = ctx.pulse
    if pulse is None:
        yield Check.unchecked("WFA-LOY-01", action.step, "whose AP it is when the Loyalists "
                              "were raised is not known (only the British AP, WfA 10.19)",
                              needs=("the Action Pulse",))
        return
    if pulse.side != BRITISH:
        yield Check.illegal("WFA-LOY-01", action.step, f"Loyalists were raised in the "
                            f"{side_name(pulse.side)} AP; a Loyalist chit is expended only "
                            "during the British player's AP (WfA 10.19)",
                            expected="the British AP", observed=f"{side_name(pulse.side)} AP")
    yield Check.done("WFA-LOY-01")


def british_in_region(action: UnitsRaised, region: Region, ctx: Context) -> Iterator[Outcome]:
    """WFA-LOY-01 (WfA 10.18): Loyalists are raised "in any Region containing British SP"
    — counted before the placement (the new Loyalists left out)."""
    without = placed(action)
    rname = region_name(region)
    total = 0
    for key, holding in ctx.state.spaces_with_armies():
        record = ctx.data.spaces.get(key)
        if record is not None and record.region is region:
            total += side_sp(holding, BRITISH, without.get(key))
    if total == 0:
        yield Check.illegal("WFA-LOY-01", action.step, f"Loyalists were raised in {rname}, "
                            "which held no British SP; they are raised only in a Region "
                            "containing British SP (WfA 10.18)", spaces=(action.place,))
    yield Check.done("WFA-LOY-01")


def loyalist_amount(action: UnitsRaised, region: Region, ctx: Context) -> Iterator[Outcome]:
    """WFA-LOY-02 (WfA 10.20): "the British player rolls a D6 and consults the LMMC …
    either 1/2 or the full amount of Loyalist SP" (half rounded up, 10.1) — computed when
    the action carries the roll (the British D6 just before the placement). More SP placed
    in that one step than the roll gave is illegal; fewer may be the first of several
    placements (10.22: on spaces free of enemy SP), not judged."""
    muster = ctx.data.charts.muster
    full = ctx.data.charts.loyalist_amounts.get(region)
    rname = region_name(region)
    if action.roll is None:
        return
    if muster is None or full is None or action.roll not in muster.loyalists:
        yield Check.unchecked("WFA-LOY-02", action.step, f"the LMMC Loyalist amount of "
                              f"{rname} is not in the data", needs=("muster chart",))
        return
    portion = muster.loyalists[action.roll]
    amount = full if str(portion) == "full" else half_up(full)
    yield Check.computed("loyalist muster", action.step, "WFA-LOY-02",
                         f"{rname}: LMMC D6 {action.roll} → {portion}: {amount} Loyalist "
                         f"SP (full {full}; WfA 10.20)",
                         inputs={"region": str(region), "roll": action.roll},
                         result={"sp": amount, "portion": str(portion)})
    if action.sp is not None and action.sp > amount:
        yield Check.illegal("WFA-LOY-02", action.step, f"{action.sp} Loyalist SP were placed "
                            f"on {ctx.space_name(action.place)}; the LMMC D6 {action.roll} "
                            f"gives {rname} {portion} of {full}: {amount} SP (WfA 10.20)",
                            spaces=(action.place,), expected=f"at most {amount} SP",
                            observed=f"{action.sp} SP")
    yield Check.done("WFA-LOY-02")


def chit_spent(action: FreeAction, ctx: Context) -> Iterator[Outcome]:
    """WFA-LOY-01 (WfA 10.18, 10.21): "only one chit can be used per Region and once
    expended, cannot be used again"; the chit goes to the Region's Expended Loyalist Box.
    A second chit in that box (after the step) is a second raise in the Region."""
    yield from when_and_whose(action, ctx)
    destination = action.destination or ""
    if not destination.startswith(EXPENDED_PREFIX):
        return
    region = region_name(destination.removeprefix(EXPENDED_PREFIX))
    chits = ctx.state.at(box(destination)).markers.get("marker:loyalist_chit", 0)
    if chits > 1:
        yield Check.illegal("WFA-LOY-01", action.step, f"a second Loyalist chit was expended "
                            f"in {region}; only one chit can be used per Region (WfA 10.18)",
                            expected="one chit", observed=f"{chits} chits")
    yield Check.done("WFA-LOY-01")


__all__ = ["FAMILY", "judge"]
