"""Raising Continentals (digest §4.13 RAISE; WfA 10.1–10.5, 4.12, 19.12).

A Continental SP coming onto the map (`UnitsRaised` of kind `continental_levy`, as the
interpreter names every new Continental SP) is a levy from the Continental Levy Table —
or a reinforcement from the Colonial Reinforcement Chart. It is taken for a levy when the
data's reinforcement charts are complete and give the Colonials no SP this turn; else the
levy rules' illegal verdicts are withheld (`unchecked`, with the reason). The 40-SP cap
(10.2) holds for every Continental SP, levied or not.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Final

from adjudicator.systems.common.actions import Action
from adjudicator.systems.common.outcomes import Check, Outcome, Violation
from adjudicator.systems.common.places import PlaceKind
from adjudicator.systems.common.rulebook import RuleFamily
from adjudicator.systems.war_for_america.actions import COLONIAL, RaiseKind, UnitsRaised
from adjudicator.systems.war_for_america.data.vocabulary import Region
from adjudicator.systems.war_for_america.rules.context import Context
from adjudicator.systems.war_for_america.rules.control import (
    british_colony,
    colonies_of,
    region_name,
)
from adjudicator.systems.war_for_america.rules.placing import per_space, placed, withheld
from adjudicator.systems.war_for_america.state import ARMY_BOX_PREFIX

CONTINENTAL_CAP: Final = 40
"""WfA 10.2: "At no time can the number of Continental SP on the board exceed '40'"."""
FIRST_LEVY_YEAR: Final = 1776
"""WfA 10.2: "After 1775, … every Early Spring Turn"."""
LOWEST_FROM: Final = 1780
"""WfA 19.12: from the Spring Turn of 1780 the lowest value of each Region is used."""

FAMILY = RuleFamily(
    "continentals",
    frozenset({"WFA-RAISE-01", "WFA-RAISE-02", "WFA-RAISE-03", "WFA-RAISE-04"}),
    positional=frozenset({"WFA-RAISE-01", "WFA-RAISE-02", "WFA-RAISE-04"}),
    actions=(UnitsRaised,),
)


def judge(action: Action, ctx: Context) -> Iterator[Outcome]:
    """The Continental levy rules of one new Continental SP placement."""
    if not isinstance(action, UnitsRaised) or action.kind is not RaiseKind.CONTINENTAL_LEVY:
        return
    yield from continental_cap(action, ctx)
    levy, why = is_levy(ctx)
    checks = withheld(_levy_checks(action, ctx), ctx)
    if levy is None:
        for outcome in checks:
            yield outcome.withheld(why) if isinstance(outcome, Violation) else outcome
    else:
        yield from checks


def _levy_checks(action: UnitsRaised, ctx: Context) -> Iterator[Outcome]:
    yield from levy_turn(action, ctx)
    yield from levy_roll(action, ctx)
    yield from per_space("WFA-RAISE-03", "Continentals", action, ctx, "10.4")
    yield from levy_colony(action, ctx)


def is_levy(ctx: Context) -> tuple[bool | None, str]:
    """Whether new Continental SP are a levy (True) or may be a chart reinforcement
    (None, and why)."""
    charts = ctx.data.charts
    year, season = ctx.procedure.year, ctx.procedure.season
    if not charts.reinforcements_complete:
        return None, ("the data's reinforcement charts are not complete: it may be a "
                      "Colonial reinforcement (WfA 8.0)")
    if year is None or season is None:
        return None, "the turn is not known: it may be a Colonial reinforcement (WfA 8.0)"
    due = [entry for entry in charts.reinforcements
           if entry.side == COLONIAL and entry.year == year and entry.season == season
           and entry.sp > 0]
    if due:
        return None, (f"Colonial reinforcements are due this turn ({due[0].units}): it may "
                      "be one (WfA 8.0)")
    return True, ""


def continental_cap(action: UnitsRaised, ctx: Context) -> Iterator[Outcome]:
    """WFA-RAISE-02 (WfA 10.2): "At no time can the number of Continental SP on the board
    exceed '40'. If it does, the additional SP cannot be placed." Counted on the map's
    spaces and the Army Cards (an army's SP are on the board, 11.21), after the step."""
    total = 0
    for place, holding in ctx.state.holdings.items():
        if place.kind is PlaceKind.SPACE or (place.kind is PlaceKind.BOX
                                            and place.key.startswith(ARMY_BOX_PREFIX)):
            total += holding.sp.get("continental", 0)
    if total > CONTINENTAL_CAP:
        yield Check.illegal("WFA-RAISE-02", action.step, f"{total} Continental SP are on the "
                            f"board after {action.sp or 'new'} SP were placed on "
                            f"{ctx.space_name(action.place)}; never more than "
                            f"{CONTINENTAL_CAP} (WfA 10.2)", spaces=(action.place,),
                            expected=f"≤ {CONTINENTAL_CAP}", observed=str(total))
    yield Check.done("WFA-RAISE-02")


def levy_turn(action: UnitsRaised, ctx: Context) -> Iterator[Outcome]:
    """WFA-RAISE-01 (WfA 10.2): "After 1775, the Colonial/American player raises
    Continental SP every Early Spring Turn in the Reinforcement Phase"."""
    year, season = ctx.procedure.year, ctx.procedure.season
    spec = ctx.calendar.season(season)
    if year is None or spec is None:
        yield Check.unchecked("WFA-RAISE-01", action.step, "Continental SP were levied in an "
                              "unknown turn; the levy is in Early Spring from 1776 (WfA 10.2)",
                              needs=("the turn",), spaces=(action.place,))
        return
    if year < FIRST_LEVY_YEAR or not spec.early_spring:
        yield Check.illegal("WFA-RAISE-01", action.step, f"Continental SP were levied on "
                            f"{ctx.space_name(action.place)} in {year} {spec.name}; the CLT "
                            "is rolled only in the Early Spring Turns after 1775 (WfA 10.2)",
                            spaces=(action.place,), expected="Early Spring, 1776 or later",
                            observed=f"{year} {spec.name}")
    yield Check.done("WFA-RAISE-01")


def levy_roll(action: UnitsRaised, ctx: Context) -> Iterator[Outcome]:
    """WFA-RAISE-01 (WfA 10.2–10.3, 4.12, 19.12): the Region's levy from its D12 on the CLT,
    −1 if any colony of the Region is British-controlled (once per Region, digest §8
    A-19; the other reading, −1 per colony, would lower it further); from 1780 the lowest
    value of the Region's row, without a roll. Computed when the action names the Region
    and its roll."""
    if action.region is None:
        return
    region = Region(action.region)
    rname = region_name(region)
    row = ctx.data.charts.levy.get(region)
    year = ctx.procedure.year
    if row is None:
        yield Check.unchecked("WFA-RAISE-01", action.step, f"the CLT row of {rname} is not "
                              "in the data", needs=("continental levy table",))
        return
    if year is not None and year >= LOWEST_FROM:
        yield Check.computed("continental levy", action.step, "WFA-RAISE-01",
                             f"{rname}: War Weariness, the lowest CLT value: "
                             f"{row.lowest} SP (WfA 19.12)",
                             inputs={"region": str(region), "year": year},
                             result={"sp": row.lowest})
        yield Check.done("WFA-RAISE-01")
        return
    if action.roll is None:
        return
    british = [colony for colony in colonies_of(region)
               if british_colony(ctx, colony).british is True]
    unknown = [colony for colony in colonies_of(region)
               if british_colony(ctx, colony).british is None]
    if not british and unknown:
        yield Check.unchecked("WFA-RAISE-01", action.step, f"the CLT modifier for {rname} "
                              f"needs whether the British control {unknown[0]} (WfA 10.3)",
                              needs=("colony control",))
        return
    modifier = -1 if british else 0
    modified = max(2, min(12, action.roll + modifier))
    sp = row.sp[modified]
    yield Check.computed("continental levy", action.step, "WFA-RAISE-01",
                         f"{rname}: D12 {action.roll}{modifier:+d} → {modified}: {sp} SP "
                         f"to divide among {', '.join(map(str, row.colonies))} "
                         "(WfA 10.2–10.4)",
                         inputs={"region": str(region), "roll": action.roll,
                                 "modifier": modifier},
                         result={"sp": sp})
    yield Check.done("WFA-RAISE-01")


def levy_colony(action: UnitsRaised, ctx: Context) -> Iterator[Outcome]:
    """WFA-RAISE-03 (WfA 10.4): the SP are divided among the colonies the CLT lists for the
    Region — a space outside the 13 Colonies, or in a colony no row lists, is not one of
    them. WFA-RAISE-04 (WfA 4.12, 10.5): "No Continentals can be raised in a colony
    controlled by the British" — judged on the colony before the placement. (The even
    split and the majority on key spaces, 10.4, need the whole levy, which the log does
    not mark as one: not judged.)"""
    record = ctx.data.spaces.get(action.place)
    name = ctx.space_name(action.place)
    if record is None:
        yield Check.unchecked("WFA-RAISE-03", action.step, f"{name} is not in the data",
                              needs=("map spaces",))
        return
    if record.colony is None:
        if record.region is None:
            yield Check.unchecked("WFA-RAISE-03", action.step, f"the colony of {name} is not "
                                  "in the data", needs=("space colonies",))
            return
        yield Check.illegal("WFA-RAISE-03", action.step, f"Continental SP were levied on "
                            f"{name}, outside the 13 Colonies; levies are divided among the "
                            "colonies the CLT lists (WfA 10.4)", spaces=(action.place,))
        yield Check.done("WFA-RAISE-03")
        return
    listed = [colony for row in ctx.data.charts.levy.values() if row is not None
              for colony in row.colonies]
    if listed and record.colony not in listed:
        yield Check.illegal("WFA-RAISE-03", action.step, f"Continental SP were levied in "
                            f"{record.colony}, which no CLT row lists (WfA 10.4)",
                            spaces=(action.place,))
    control = british_colony(ctx, record.colony, placed(action))
    for rule in control.rules:
        yield Check.done(rule)
    if control.british is None:
        yield Check.unchecked("WFA-RAISE-04", action.step, f"Continental SP were levied on "
                              f"{name}; whether the British control {record.colony} (no "
                              f"levy there, WfA 4.12, 10.5) is not known: {control.why}",
                              needs=control.needs, spaces=(action.place,))
        return
    if control.british:
        yield Check.illegal("WFA-RAISE-04", action.step, f"Continental SP were levied on "
                            f"{name}, in {record.colony}, which the British control "
                            f"({control.why}); no Continentals can be raised in a colony "
                            "controlled by the British (WfA 4.12, 10.5)",
                            spaces=(action.place,))
    yield Check.done("WFA-RAISE-04")


__all__ = ["CONTINENTAL_CAP", "FAMILY", "is_levy", "judge"]
