"""Raising militia (digest §4.13 MIL; WfA 10.6–10.17).

A militia SP coming onto the map (`UnitsRaised` of kind `militia`) is judged where it was
put: ≤4 SP per space, in one of the 13 Colonies (militia appear "in each Colony", 10.7),
never in a colony the British control (10.17), not on a British-controlled space (10.12)
— except, perhaps, the re-raise of 10.11/10.17 (a CHECK). The colony's militia above the
Militia Maximums Chart is a CHECK (dotted start militia do not count, 10.6: left out where
the binding marks them). Dotted start militia put back in play after the set-up are
illegal (10.6: they never return). Early Spring 1776 gives a reminder of the Regions where
the LMMC is rolled (10.7, 10.17).
"""

from __future__ import annotations

from collections.abc import Iterator

from adjudicator.findings import Severity
from adjudicator.systems.common.actions import Action
from adjudicator.systems.common.outcomes import Check, Outcome, Violation
from adjudicator.systems.common.rulebook import RuleFamily
from adjudicator.systems.war_for_america.actions import (
    BRITISH,
    MilitiaRaisedMarked,
    RaiseKind,
    StartUnitsPlaced,
    UnitsRaised,
)
from adjudicator.systems.war_for_america.data.vocabulary import Colony
from adjudicator.systems.war_for_america.procedure import FIRST_YEAR, SETUP, TurnBegan
from adjudicator.systems.war_for_america.rules.context import Context
from adjudicator.systems.war_for_america.rules.control import (
    british_colony,
    colony_spaces,
    region_name,
    space_control,
)
from adjudicator.systems.war_for_america.rules.forces import region_of
from adjudicator.systems.war_for_america.rules.placing import (
    half_up,
    per_space,
    placed,
    withheld,
)

MUSTER_YEAR = 1776
"""WfA 10.7: "In the Early Spring Turn in 1776, if British regulars are present …"."""
BRITISH_REGULARS = ("british", "german")
"""The British side's regulars for the militia muster (10.7: garrisons do not count;
Loyalists are not regulars)."""

MILITIA_RAISED = "marker:militia_raised"
"""The Militia Raised counter's entity id, as `Holding.markers` counts it."""
FAMILY = RuleFamily(
    "militia",
    frozenset({"WFA-MIL-01", "WFA-MIL-02", "WFA-MIL-03", "WFA-MIL-04", "WFA-MIL-05",
               "WFA-MIL-06"}),
    actions=(UnitsRaised, TurnBegan, MilitiaRaisedMarked, StartUnitsPlaced),
)


def judge(action: Action, ctx: Context) -> Iterator[Outcome]:
    """The militia rules of one action."""
    if isinstance(action, UnitsRaised) and action.kind is RaiseKind.MILITIA:
        yield from withheld(_placement(action, ctx), ctx)
    elif isinstance(action, TurnBegan):
        yield from muster_1776(action, ctx)
    elif isinstance(action, MilitiaRaisedMarked):
        yield from withheld(_raised_once(action, ctx), ctx)
    elif isinstance(action, StartUnitsPlaced) and action.nation == "militia":
        yield from start_militia_never_return(action, ctx)


def start_militia_never_return(action: StartUnitsPlaced, ctx: Context) -> Iterator[Outcome]:
    """WFA-MIL-06 (WfA 10.6): "The militia starting the game on the board ... are
    distinguishable from other units by a black dot ... if destroyed, never return to the
    game." More dotted militia SP in play than before, after the set-up, is a return
    (making change for a loss keeps the count)."""
    phase = ctx.placement.phase
    if phase == SETUP:
        yield Check.done("WFA-MIL-06")
        return
    if phase is None and ctx.procedure.year in (None, FIRST_YEAR):
        yield Check.unchecked("WFA-MIL-06", action.step, f"{action.sp} dotted start militia "
                              "SP came into play in a phase the log does not show: at the "
                              "set-up they start the game (WfA 10.6), later they never return",
                              spaces=action.places)
        return
    where = ", ".join(ctx.space_name(key) for key in action.places) or "the map"
    yield Check.illegal("WFA-MIL-06", action.step, f"{action.sp} more dotted start militia "
                        f"SP were put in play ({where}); start militia only start the game "
                        "on the board and, if destroyed, never return (WfA 10.6)",
                        spaces=action.places, expected="no dotted militia added",
                        observed=f"+{action.sp} SP")
    yield Check.done("WFA-MIL-06")


def _raised_once(action: MilitiaRaisedMarked, ctx: Context) -> Iterator[Outcome]:
    """WFA-MIL-02 (WfA 10.7-10.8): the Regional raising of militia "can only happen once";
    its Militia Raised counter marks the Region. A second counter in a Region that already
    shows one is a second triggering."""
    region = region_of(ctx.data, action.space)
    name = ctx.space_name(action.space)
    if region is None:
        yield Check.unchecked("WFA-MIL-02", action.step, f"a Militia Raised counter was "
                              f"placed at {name}, whose Region is not in the data",
                              needs=("space regions",), spaces=(action.space,))
        return
    marked = [key for key, holding in ctx.state.spaces()
              if holding.markers.get(MILITIA_RAISED) and region_of(ctx.data, key) is region]
    if len(marked) > 1:
        others = [key for key in marked if key != action.space] or marked[1:]
        yield Check.illegal("WFA-MIL-02", action.step, f"a second Militia Raised counter in "
                            f"{region.value.replace('_', ' ').title()} (at {name}; already at "
                            f"{ctx.space_name(others[0])}): a Region's militia is raised by "
                            "the Regional triggering once, never to be repeated (WfA 10.7-10.8)",
                            spaces=(action.space, others[0]))
    yield Check.done("WFA-MIL-02")


def _placement(action: UnitsRaised, ctx: Context) -> Iterator[Outcome]:
    yield from per_space("WFA-MIL-04", "militia", action, ctx, "10.12")
    record = ctx.data.spaces.get(action.place)
    name = ctx.space_name(action.place)
    if record is None or (record.colony is None and record.region is None):
        yield Check.unchecked("WFA-MIL-04", action.step, f"the colony of {name} is not in the "
                              "data", needs=("space colonies",), spaces=(action.place,))
        return
    if record.colony is None:
        yield Check.illegal("WFA-MIL-04", action.step, f"militia were raised on {name}, "
                            "outside the 13 Colonies; militia are deployed in the colony "
                            "rolled for (WfA 10.7, 10.12)", spaces=(action.place,))
        return
    yield from colony_not_british(action, record.colony, ctx)
    yield from space_not_british(action, ctx)
    yield from militia_maximum(action, record.colony, ctx)
    yield from muster_portion(action, record.colony, ctx)


def colony_not_british(action: UnitsRaised, colony: Colony,
                       ctx: Context) -> Iterator[Outcome]:
    """WFA-MIL-03 (WfA 10.17): "If a Colony is controlled by the British, no militia can
    appear in that Colony" — judged on the colony before the placement."""
    control = british_colony(ctx, colony, placed(action))
    for rule in control.rules:
        yield Check.done(rule)
    if control.british is None:
        yield Check.unchecked("WFA-MIL-03", action.step, f"militia were raised in {colony}; "
                              "whether the British control it (then none may appear, WfA "
                              f"10.17) is not known: {control.why}", needs=control.needs,
                              spaces=(action.place,))
        return
    if control.british:
        yield Check.illegal("WFA-MIL-03", action.step, f"militia were raised on "
                            f"{ctx.space_name(action.place)}, in {colony}, which the British "
                            f"control ({control.why}); no militia can appear in a colony the "
                            "British control (WfA 10.17)", spaces=(action.place,))
    yield Check.done("WFA-MIL-03")


def space_not_british(action: UnitsRaised, ctx: Context) -> Iterator[Outcome]:
    """WFA-MIL-04 (WfA 10.12): militia are deployed "as long as the space is not controlled
    by the British". WFA-MIL-05 (10.11, 10.17): when the British lose a colony with
    British/German regulars still in it, its militia "can appear on any blue space in that
    colony, including a currently 'contested' space" in that Action Phase — whether a
    space the British held alone counts is not said, and the log does not show that the
    colony was just lost: a CHECK, not an illegal move."""
    control = space_control(ctx, action.place, placed(action).get(action.place))
    if not control.known:
        yield Check.unchecked("WFA-MIL-04", action.step, f"who controlled "
                              f"{ctx.space_name(action.place)} before the militia came is not "
                              f"known: {control.why}", needs=control.needs,
                              spaces=(action.place,))
        return
    yield Check.done(control.rule)
    if control.side == BRITISH:
        yield Violation("WFA-MIL-05", action.step, Severity.CHECK, f"militia were raised on "
                        f"{ctx.space_name(action.place)}, which the British controlled "
                        f"({control.why}); militia may not be deployed on a British-"
                        "controlled space (WfA 10.12) — unless this is the re-raise after "
                        "the British lost the colony with regulars still in it, in the "
                        "Action Phase it was lost (WfA 10.11, 10.17)", spaces=(action.place,))
        yield Check.done("WFA-MIL-05")
    yield Check.done("WFA-MIL-04")


def militia_maximum(action: UnitsRaised, colony: Colony, ctx: Context) -> Iterator[Outcome]:
    """WFA-MIL-03 (WfA 10.9 Note, 10.17; the maxima are the MMC's, digest §8 A-26):
    "Militia units can never be raised in a colony beyond the stated maximum … the
    excess militia are immediately removed." The colony's militia after the step above
    the maximum is a CHECK: dotted start militia do not count against it (10.6) and are
    left out where the binding marks them (`Holding.start_sp`); a binding that does not
    mark them counts them."""
    maximum = ctx.data.charts.militia_maximums.get(colony)
    if maximum is None:
        yield Check.unchecked("WFA-MIL-03", action.step, f"the militia maximum of {colony} "
                              "(MMC) is not in the data", needs=("militia maximums",))
        return
    holdings = [ctx.state.space(key) for key in colony_spaces(ctx, colony)]
    dotted = sum(h.start_sp.get("militia", 0) for h in holdings)
    total = sum(h.sp.get("militia", 0) for h in holdings) - dotted
    if total > maximum:
        yield Violation("WFA-MIL-03", action.step, Severity.CHECK, f"{total} militia SP are "
                        f"in {colony} after this placement"
                        + (f", besides {dotted} dotted start militia" if dotted else "")
                        + f"; its maximum on the MMC is {maximum} and the excess is removed "
                        "at once (WfA 10.9, 10.17) — dotted start militia do not count "
                        "against it (10.6), and a counter the binding does not mark as "
                        "dotted is counted", spaces=(action.place,))
    yield Check.done("WFA-MIL-03")


def muster_portion(action: UnitsRaised, colony: Colony, ctx: Context) -> Iterator[Outcome]:
    """WFA-MIL-03 (WfA 10.9): the LMMC D6 gives the full MMC amount, half (rounded up,
    10.1) or none — computed when the action carries the colony's roll."""
    muster = ctx.data.charts.muster
    maximum = ctx.data.charts.militia_maximums.get(colony)
    if action.roll is None or muster is None or maximum is None \
            or action.roll not in muster.militia:
        return
    portion = muster.militia[action.roll]
    amount = {"full": maximum, "half": half_up(maximum)}.get(str(portion), 0)
    yield Check.computed("militia muster", action.step, "WFA-MIL-03", f"{colony}: LMMC D6 "
                         f"{action.roll} → {portion}: {amount} militia SP (MMC {maximum}; "
                         "WfA 10.9)", inputs={"colony": str(colony), "roll": action.roll},
                         result={"sp": amount, "portion": str(portion)})


def muster_1776(fact: TurnBegan, ctx: Context) -> Iterator[Outcome]:
    """WFA-MIL-01 (WfA 10.7, 10.17): "In the Early Spring Turn in 1776, if British regulars
    are present (garrisons don't count) in a Region, Colonial Militia will appear in each
    Colony of that Region": the LMMC is rolled for each of its colonies, just after the
    CLT. The Regions are named from the position at the turn's start. (Later Early
    Springs: digest §8 A-42 — the print version says every Early Spring from 1776; only
    1776 is reminded.)"""
    if fact.year != MUSTER_YEAR or fact.season is None:
        return
    spec = ctx.calendar.season(fact.season)
    if spec is None or not spec.early_spring:
        return
    regions: dict[str, int] = {}
    for key, holding in ctx.state.spaces_with_armies():
        record = ctx.data.spaces.get(key)
        if record is None or record.region is None or not record.region.has_colonies:
            continue
        regulars = sum(holding.sp.get(nation, 0) for nation in BRITISH_REGULARS)
        if regulars:
            name = region_name(record.region)
            regions[name] = regions.get(name, 0) + regulars
    if regions:
        listed = ", ".join(f"{region} ({sp} SP)" for region, sp in sorted(regions.items()))
        yield Check.reminder("WFA-MIL-01", fact.step, "Early Spring 1776: the Colonial player "
                             "rolls on the LMMC for each colony of every Region with British "
                             f"regulars (garrisons don't count): {listed} (WfA 10.7, 10.17)")
    yield Check.done("WFA-MIL-01")


__all__ = ["FAMILY", "judge"]
