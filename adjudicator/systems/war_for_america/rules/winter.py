"""Winter: Continental attrition, Winter Quartering, the Six Nations' return and frozen
lake navies (digest §4.11 WIN; WfA 7.0 "Winter Turns Only", 18.2-18.10, 19.6-19.7).

Each check reads like its rulebook section. Losses are judged per stack, as the digest
reads 18.3-18.4 (§8 A-20: the fraction applied to each space's Continentals, rounded
down; the other reading applies it to the total). The calculators are
`attrition.attrition_loss` and `attrition.quartering`; the position a check reads is the
one after the action's step, so a stack before its loss is what is left plus the loss.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Final

from adjudicator.systems.common.actions import Action
from adjudicator.systems.common.outcomes import Check, Outcome
from adjudicator.systems.common.rulebook import RuleFamily
from adjudicator.systems.war_for_america.actions import (
    BRITISH,
    COLONIAL,
    LakeNavyMoved,
    LossTaken,
    WinterStep,
)
from adjudicator.systems.war_for_america.attrition import (
    SpaceKind,
    attrition_applies,
    attrition_loss,
    quartering,
)
from adjudicator.systems.war_for_america.data.vocabulary import Region
from adjudicator.systems.war_for_america.procedure import TurnBegan
from adjudicator.systems.war_for_america.rules.context import Context, side_name
from adjudicator.systems.war_for_america.state import NATION_SIDE, Holding

CONTINENTAL: Final = "sp:continental"
"""The unit tag of Continental SP in a `LossTaken` (the interpreter's, per nation)."""
QUARTERING_REGIONS: Final = frozenset({Region.CANADA, Region.FLORIDA, Region.NEW_ENGLAND,
                                       Region.MIDDLE_STATES, Region.TIDEWATER,
                                       Region.DEEP_SOUTH})
"""WQ "takes place at the end of Winter in the 13 Colonies, Canada and Florida" (18.5)."""

FAMILY = RuleFamily(
    "winter",
    frozenset({"WFA-WIN-01", "WFA-WIN-02", "WFA-WIN-03", "WFA-WIN-04"}),
    positional=frozenset({"WFA-WIN-01", "WFA-WIN-02", "WFA-WIN-03"}),
    actions=(LossTaken, WinterStep, LakeNavyMoved, TurnBegan),
)


def judge(action: Action, ctx: Context) -> Iterator[Outcome]:
    """Every winter check the action concerns."""
    if isinstance(action, LossTaken):
        if action.cause == "attrition":
            yield from attrition_taken(action, ctx)
        elif action.cause == "quartering":
            yield from quartering_taken(action, ctx)
    elif isinstance(action, WinterStep):
        if action.kind == "attrition":
            yield from attrition_due(action, ctx)
        elif action.kind == "quartering":
            yield from quartering_due(action, ctx)
        elif action.kind == "six_nations_home":
            yield from six_nations_home(action.step, ctx)
    elif isinstance(action, LakeNavyMoved):
        yield from lake_navy_frozen(action, ctx)
    elif isinstance(action, TurnBegan):
        yield from after_winter(action, ctx)


# --- Continental attrition (18.3-18.4) -----------------------------------------------------


def attrition_taken(action: LossTaken, ctx: Context) -> Iterator[Outcome]:
    """WFA-WIN-01 (WfA 18.3-18.4): "During the Winter Turns of 1777-1782, Continental SP
    are removed according to the Colonial Reinforcement Chart ... from one-quarter to
    three-quarters (rounded down)"; "During the Winter of 1775-1776, no Continental
    Attrition takes place" (digest §8 A-18: none in the Winters of 1775 and 1776).

    Illegal: attrition taken in a year without it, by other than Continentals, or a
    stack losing other than ⌊fraction × its Continental SP⌋ (per stack, §8 A-20: the
    rule is ambiguous; applied to the total the stacks' losses could be split otherwise).
    """
    year = ctx.procedure.year
    space = action.space
    name = ctx.space_name(space)
    if year is None:
        yield Check.unchecked("WFA-WIN-01", action.step, f"Continental attrition at {name}: "
                              "the year is unknown", needs=("turn calendar",), spaces=(space,))
        return
    if not attrition_applies(year):
        yield Check.illegal("WFA-WIN-01", action.step, f"{action.sp} SP were removed for "
                            f"Continental attrition at {name} in the Winter of {year}; there is"
                            " attrition only in the Winters of 1777-1782 (WfA 18.3-18.4)",
                            spaces=(space,), expected="no attrition",
                            observed=f"{action.sp} SP")
        yield Check.done("WFA-WIN-01")
        return
    if action.units and CONTINENTAL not in action.units:
        yield Check.illegal("WFA-WIN-01", action.step, f"{', '.join(action.units)} removed for"
                            f" Continental attrition at {name}; only Continental SP are lost "
                            "to attrition (WfA 18.3)", spaces=(space,))
        yield Check.done("WFA-WIN-01")
        return
    fraction = ctx.data.charts.attrition.get(year)
    if fraction is None or action.sp is None:
        yield Check.unchecked("WFA-WIN-01", action.step, f"Continental attrition at {name} in "
                              f"{year}: " + ("the Colonial Reinforcement Chart's fraction is "
                                             "not in the data" if fraction is None else
                                             "the SP removed are not shown"),
                              needs=("attrition fractions",), spaces=(space,))
        return
    before = ctx.state.with_armies(space).sp["continental"] + action.sp
    due = attrition_loss(before, fraction)
    if action.sp != due:
        yield Check.illegal("WFA-WIN-01", action.step, f"{action.sp} Continental SP were "
                            f"removed at {name} for the Winter {year} attrition; {fraction} of "
                            f"its {before} SP, rounded down, is {due} (WfA 18.3-18.4; the rule "
                            "is ambiguous, digest §8 A-20: this is the per-stack reading — "
                            "applied to the total, the losses may be spread otherwise)",
                            spaces=(space,), expected=f"{due} SP", observed=f"{action.sp} SP")
    yield Check.done("WFA-WIN-01")


def attrition_due(action: WinterStep, ctx: Context) -> Iterator[Outcome]:
    """WFA-WIN-01: the attrition each Continental stack owes (digest W-6, X-7)."""
    year = ctx.procedure.year
    if year is None or not attrition_applies(year):
        return
    fraction = ctx.data.charts.attrition.get(year)
    if fraction is None:
        yield Check.unchecked("WFA-WIN-01", action.step, f"the Winter {year} attrition: the "
                              "Colonial Reinforcement Chart's fraction is not in the data",
                              needs=("attrition fractions",))
        return
    for space, _ in sorted(ctx.state.spaces()):
        sp = ctx.state.with_armies(space).sp["continental"]
        if sp:
            due = attrition_loss(sp, fraction)
            yield Check.computed("attrition", action.step, "WFA-WIN-01",
                                 f"{ctx.space_name(space)}: {fraction} of {sp} Continental SP"
                                 f" = {due} removed (WfA 18.3-18.4, per stack)",
                                 inputs={"space": space, "sp": sp, "fraction": str(fraction),
                                         "year": year},
                                 result={"lost": due})
    yield Check.done("WFA-WIN-01")


# --- Winter Quartering (18.5-18.10) --------------------------------------------------------


def space_kind(ctx: Context, space: str) -> tuple[SpaceKind | None, str]:
    """The WQ Chart row of a space (WfA 18.7): key coastal 20, coastal 15, key inland 10,
    circle 5; None with why when the data cannot say or the chart has no row for it."""
    record = ctx.data.spaces.get(space)
    if record is None:
        return None, "the space is not in the data"
    if record.circle:
        return "circle", ""
    if (record.key is None and not record.fortress) or record.coastal is None:
        return None, "whether it is a key or coastal space is not in the data"
    if record.is_key:
        return ("key_coastal" if record.coastal else "key_inland"), ""
    if record.coastal:
        return "coastal", ""
    if record.circle is None:
        return None, "whether it is a circle space is not in the data"
    return None, "the WQ Chart gives no limit for an inland space that is not key or circle"


def _quartering_of(ctx: Context, space: str, holding: Holding, side: str,
                   lost: int = 0) -> tuple[int, int, str] | None:
    """(SP before, SP lost by the chart, why) for one side's stack, or None if unknown. A
    magazine adds 5 (18.8), and "Fortresses inherently have a built in magazine; no counter
    is necessary" (17.1)."""
    kind, _ = space_kind(ctx, space)
    if kind is None:
        return None
    other = COLONIAL if side == BRITISH else BRITISH
    sp = holding.sp_of(side) + lost
    record = ctx.data.spaces.get(space)
    fortress = (record is not None and record.fortress) or holding.markers["fortress"] > 0
    magazine = bool(holding.magazines) or fortress
    result = quartering(ctx.data.tables, sp, kind, magazine=magazine,
                        shared=holding.sp_of(other) > 0)
    why = (f"{kind.replace('_', ' ')} limit {result.limit}"
           + (" (with the fortress's built-in magazine, WfA 17.1)" if fortress else
              " (with a magazine)" if magazine else "")
           + (" (both sides: half each)" if holding.sp_of(other) > 0 else ""))
    return sp, result.lost, why


def quartering_due(action: WinterStep, ctx: Context) -> Iterator[Outcome]:
    """WFA-WIN-02 (WfA 18.5-18.10): what each stack in the 13 Colonies, Canada and Florida
    loses to Winter Quartering — half the SP above the WQ Chart's limit, rounded down; a
    magazine adds 5; both sides on a space each have half the limit (digest W-6, X-8).
    All of a side's SP count (digest §8 A-21). None in 1775-1776 (18.5)."""
    year = ctx.procedure.year
    if year is not None and not attrition_applies(year):
        return
    for space, _ in sorted(ctx.state.spaces()):
        record = ctx.data.spaces.get(space)
        if record is None or record.region not in QUARTERING_REGIONS:
            continue
        holding = ctx.state.with_armies(space)
        for side in (BRITISH, COLONIAL):
            if not holding.sp_of(side):
                continue
            found = _quartering_of(ctx, space, holding, side)
            if found is None:
                _, why = space_kind(ctx, space)
                yield Check.unchecked("WFA-WIN-02", action.step, f"Winter Quartering at "
                                      f"{ctx.space_name(space)}: {why}",
                                      needs=("key spaces", "coastal spaces", "circle spaces"),
                                      spaces=(space,))
                continue
            sp, lost, why = found
            yield Check.computed("winter_quartering", action.step, "WFA-WIN-02",
                                 f"{ctx.space_name(space)}: {side_name(side)} {sp} SP, {why}:"
                                 f" {lost} lost (WfA 18.7)",
                                 inputs={"space": space, "side": side, "sp": sp},
                                 result={"lost": lost})
    yield Check.done("WFA-WIN-02")


def quartering_taken(action: LossTaken, ctx: Context) -> Iterator[Outcome]:
    """WFA-WIN-02 (WfA 18.5, 18.7): a loss to Winter Quartering.

    Illegal: WQ losses in 1775-1776 ("During 1775-1776, no WQ is done"); outside the 13
    Colonies, Canada and Florida; more than half the excess, rounded down (fewer: a
    reminder, the rest may follow in a later step). The side's
    losses on the space in one log step are added up (`Context.step_actions`; without
    them a loss is judged only when its nation is the side's only one left there)."""
    year = ctx.procedure.year
    space, side = action.space, action.side
    name = ctx.space_name(space)
    if year is not None and not attrition_applies(year):
        yield Check.illegal("WFA-WIN-02", action.step, f"{action.sp} SP were removed for "
                            f"Winter Quartering at {name} in {year}; during 1775-1776 no WQ "
                            "is done (WfA 18.5)", spaces=(space,), expected="no WQ losses",
                            observed=f"{action.sp} SP")
        yield Check.done("WFA-WIN-02")
        return
    record = ctx.data.spaces.get(space)
    if record is not None and record.region is not None and (
            record.region not in QUARTERING_REGIONS):
        yield Check.illegal("WFA-WIN-02", action.step, f"SP were removed for Winter "
                            f"Quartering at {name}; WQ takes place only in the 13 Colonies, "
                            "Canada and Florida (WfA 18.5)", spaces=(space,))
        yield Check.done("WFA-WIN-02")
        return
    if side is None or action.sp is None or year is None:
        yield Check.unchecked("WFA-WIN-02", action.step, f"a Winter Quartering loss at {name}:"
                              " the side, the SP or the year is not shown",
                              needs=("turn calendar",), spaces=(space,))
        return
    holding = ctx.state.with_armies(space)
    nations = {n for n, sp in holding.sp.items() if sp and NATION_SIDE.get(n) == side}
    same = [a for a in ctx.step_actions if isinstance(a, LossTaken) and a.space == space
            and a.side == side and a.cause == "quartering"]
    if same and same[0] != action:
        return  # the step's losses at this space are judged together, with the first
    lost = sum(a.sp or 0 for a in same) if same else action.sp
    found = _quartering_of(ctx, space, holding, side, lost)
    if found is None:
        _, why = space_kind(ctx, space)
        yield Check.unchecked("WFA-WIN-02", action.step, f"a Winter Quartering loss at {name}:"
                              f" {why}", needs=("key spaces", "coastal spaces", "circle spaces"),
                              spaces=(space,))
        return
    sp, due, why = found
    whole = bool(same) or nations <= {unit.removeprefix("sp:") for unit in action.units}
    if whole and lost > due:
        yield Check.illegal("WFA-WIN-02", action.step, f"the {side_name(side)} lost "
                            f"{lost} SP to Winter Quartering at {name}; with {sp} SP and "
                            f"the {why}, half the excess rounded down is {due} (WfA 18.7)",
                            spaces=(space,), expected=f"{due} SP", observed=f"{lost} SP")
    elif whole and lost < due:
        yield Check.reminder("WFA-WIN-02", action.step, f"the {side_name(side)} lost {lost} "
                             f"SP to Winter Quartering at {name}; with {sp} SP and the {why}, "
                             f"{due} are lost (WfA 18.7)", spaces=(space,))
    yield Check.done("WFA-WIN-02")


# --- the Six Nations (18.2) and lake navies (19.6-19.7) ------------------------------------


def six_nations_home(step: int, ctx: Context) -> Iterator[Outcome]:
    """WFA-WIN-03 (WfA 7.0, 18.2): at the end of Winter "Six Nations units return to their
    villages" — a reminder for Six Nations SP still on a space that is not a village."""
    villages = {key for key, record in ctx.data.spaces.items() if record.village}
    if not villages:
        yield Check.unchecked("WFA-WIN-03", step, "the Six Nations villages are not in the "
                              "data (Six Nations Card)", needs=("six nations villages",))
        return
    away = sorted(space for space, holding in ctx.state.spaces()
                  if holding.sp["six_nations"] and space not in villages)
    if away:
        yield Check.reminder("WFA-WIN-03", step, "Six Nations units return to their villages"
                             " at the end of Winter (WfA 7.0, 18.2); still away: "
                             + ", ".join(ctx.space_name(space) for space in away),
                             spaces=tuple(away))
    yield Check.done("WFA-WIN-03")


def lake_navy_frozen(action: LakeNavyMoved, ctx: Context) -> Iterator[Outcome]:
    """WFA-WIN-04 (WfA 19.6-19.7): "In Winter, the fleet is 'frozen in' and cannot move";
    a lake navy forced to retreat in Winter is destroyed instead (19.7). Unchecked where
    the season is unknown."""
    winter = ctx.placement.winter
    what = "retreated" if action.retreat else "moved"
    if winter is None:
        yield Check.unchecked("WFA-WIN-04", action.step, f"a lake navy {what}; whether it is "
                              "Winter is unknown (lake navies are frozen in Winter, WfA 19.6)",
                              needs=("turn calendar",))
        return
    if winter and action.destination is not None:
        rule = ("a lake navy that must retreat in Winter is destroyed (WfA 19.7)"
                if action.retreat else "in Winter a lake navy is frozen in and cannot move "
                "(WfA 19.6)")
        yield Check.illegal("WFA-WIN-04", action.step, f"the {side_name(action.side)} lake "
                            f"navy {what} to {ctx.space_name(action.destination)} in a Winter"
                            f" Turn; {rule}", spaces=(action.destination,),
                            expected="no lake navy move in Winter", observed=what)
    yield Check.done("WFA-WIN-04")


def after_winter(fact: TurnBegan, ctx: Context) -> Iterator[Outcome]:
    """WFA-WIN-03 when a turn follows a Winter Turn: the Six Nations are home (7.0)."""
    previous = ctx.season(fact.previous[1]) if fact.previous[1] is not None else None
    if previous is None or not previous.winter:
        return
    yield from six_nations_home(fact.step, ctx)


__all__ = ["FAMILY", "QUARTERING_REGIONS", "judge", "space_kind"]
