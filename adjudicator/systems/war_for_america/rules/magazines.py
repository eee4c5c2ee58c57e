"""Magazines: placed each Early Spring, captured, removed (digest §4.9 MAG; WfA 16.10-16.13,
18.9, 7.0 Step 1).

Each check reads like its rulebook section. The position a check reads is the one after
the action's step: a magazine just placed is already on the map. Magazines placed in one
Early Spring stay until the end of the Winter Turn (18.9), so the magazines of a side on
the map during its placement are this spring's (one left over from last year breaks 18.9,
which the message says).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Final

from adjudicator.systems.common.actions import Action
from adjudicator.systems.common.outcomes import Check, Outcome
from adjudicator.systems.common.rulebook import RuleFamily
from adjudicator.systems.war_for_america.actions import (
    BRITISH,
    MagazinePlaced,
    MagazineRemoved,
    opponent,
)
from adjudicator.systems.war_for_america.data.vocabulary import Region
from adjudicator.systems.war_for_america.procedure import ACTION_CYCLE, REINFORCEMENT, TurnBegan
from adjudicator.systems.war_for_america.rules.context import Context, side_name
from adjudicator.systems.war_for_america.rules.control import (
    british_colony,
    colonies_of,
    space_control,
)
from adjudicator.systems.war_for_america.rules.forces import region_of
from adjudicator.systems.war_for_america.state import NATION_SIDE

BRITISH_REGIONS: Final = (Region.NEW_ENGLAND, Region.MIDDLE_STATES, Region.TIDEWATER,
                          Region.DEEP_SOUTH, Region.CANADA)
"""16.11: "one magazine in each Region and in Canada ... Thus, a maximum of '5'": the four
Regions of the 13 Colonies and Canada."""
COLONIAL_REGIONS: Final = (Region.NEW_ENGLAND, Region.MIDDLE_STATES, Region.TIDEWATER,
                           Region.DEEP_SOUTH)
"""16.12: "up to 4 magazines, one in each Region"."""
ST_EUSTASIUS: Final = "st_eustasius"
BRITISH_REGULARS: Final = ("british", "german")
"""16.11: "at least '1' SP of British/German regulars"."""

FAMILY = RuleFamily(
    "magazines",
    frozenset({"WFA-MAG-01", "WFA-MAG-02", "WFA-MAG-03", "WFA-MAG-04"}),
    positional=frozenset({"WFA-MAG-01", "WFA-MAG-02", "WFA-MAG-03", "WFA-MAG-04"}),
    actions=(MagazinePlaced, MagazineRemoved, TurnBegan),
)


def judge(action: Action, ctx: Context) -> Iterator[Outcome]:
    """Every magazine check the action concerns."""
    if isinstance(action, MagazinePlaced):
        rule = "WFA-MAG-01" if action.side == BRITISH else "WFA-MAG-02"
        if action.side is not None and _in_early_spring(ctx):
            yield from (british_magazine(action, ctx) if action.side == BRITISH
                        else colonial_magazine(action, ctx))
        elif action.side is not None:
            yield from _when(action, ctx, rule)
    elif isinstance(action, MagazineRemoved):
        if action.captured:
            yield from captured(action, ctx)
        else:
            yield Check.done("WFA-MAG-04")
    elif isinstance(action, TurnBegan):
        yield from removed_after_winter(action, ctx)


def _in_early_spring(ctx: Context) -> bool:
    """Whether the placement is in an Early Spring Reinforcement Phase (known)."""
    spec = ctx.season()
    return (ctx.placement.phase == REINFORCEMENT and spec is not None and spec.early_spring)


def _when(action: MagazinePlaced, ctx: Context, rule: str) -> Iterator[Outcome]:
    """WFA-MAG-01/-02 (WfA 16.11-16.12): "During the Reinforcement Phase of only the Early
    Spring Turns". Illegal in the Action Cycle of a turn still under way, or in the
    Reinforcement Phase of a known other season; unchecked when the turn is unknown, or
    when the cycle was over and the log keeps no turn markers (the next turn may have
    begun), or when it may be a capture by replacement (16.13: the placer's SP stand there
    in his own AP)."""
    side = action.side
    assert side is not None
    name = ctx.space_name(action.space)
    spec = ctx.season()
    phase = ctx.placement.phase
    pulse = ctx.pulse
    if phase == ACTION_CYCLE and ctx.procedure.over is None:
        if pulse is not None and pulse.side == side and ctx.state.with_armies(action.space).sp_of(
                side) > 0:
            yield Check.unchecked(rule, action.step, f"a {side_name(side)} magazine was put at"
                                  f" {name} during the {side_name(side)} AP: a capture (WfA "
                                  "16.13) if an enemy magazine stood there alone, else not "
                                  "allowed outside the Early Spring Reinforcement Phase",
                                  needs=("the magazine's capture",), spaces=(action.space,))
            return
        yield Check.illegal(rule, action.step, f"a {side_name(side)} magazine was placed at "
                            f"{name} during the Action Cycle; magazines are placed only in the"
                            " Reinforcement Phase of the Early Spring Turns (WfA 16.11-16.12)",
                            spaces=(action.space,), expected="Early Spring Reinforcement Phase",
                            observed="Action Cycle")
        yield Check.done(rule)
        return
    if phase == REINFORCEMENT and spec is not None and not spec.early_spring:
        yield Check.illegal(rule, action.step, f"a {side_name(side)} magazine was placed at "
                            f"{name} in the {spec.name} Reinforcement Phase; magazines are "
                            "placed only in the Early Spring Turns (WfA 16.11-16.12)",
                            spaces=(action.space,), expected="Early Spring",
                            observed=spec.name)
        yield Check.done(rule)
        return
    yield Check.unchecked(rule, action.step, f"a {side_name(side)} magazine was placed at "
                          f"{name}; whether this is an Early Spring Reinforcement Phase (WfA "
                          f"16.11-16.12) is not known ({ctx.placement.reason})",
                          needs=("turn calendar",), spaces=(action.space,))


def _placed_in(ctx: Context, side: str, region: Region) -> list[str]:
    """Spaces of `region` with a magazine of `side` on them now."""
    return [key for key, holding in ctx.state.spaces()
            for owner in holding.magazines if owner == side and region_of(ctx.data, key) is region]


def _count(ctx: Context, side: str) -> int:
    return sum(owner == side for _, holding in ctx.state.spaces()
               for owner in holding.magazines)


def british_magazine(action: MagazinePlaced, ctx: Context) -> Iterator[Outcome]:
    """WFA-MAG-01 (WfA 16.11): "the British player can place one magazine in each Region
    and in Canada if they contain at least '1' SP of British/German regulars. Thus, a
    maximum of '5' magazines can be placed." Illegal: a second one in a Region, a Region
    without British/German SP, more than five. A magazine in Florida or the Caribbean is
    outside the five the rule counts (unchecked: the text does not say so outright)."""
    space = action.space
    name = ctx.space_name(space)
    region = region_of(ctx.data, space)
    rule = "WFA-MAG-01"
    if region is None:
        yield Check.unchecked(rule, action.step, f"a British magazine at {name}: its Region "
                              "is not in the data", needs=("space regions",), spaces=(space,))
        return
    if region not in BRITISH_REGIONS:
        yield Check.unchecked(rule, action.step, f"a British magazine at {name} "
                              f"({_label(region)}): 16.11 counts one per Region and in Canada,"
                              " five at most, which leaves Florida and the Caribbean out; the "
                              "text does not forbid them outright", spaces=(space,))
        return
    yield from _one_per_region(action, ctx, rule, region, 1)
    regulars = [key for key, holding in ctx.state.spaces_with_armies()
                if region_of(ctx.data, key) is region
                and any(holding.sp[n] for n in BRITISH_REGULARS)]
    unknown = [key for key, _ in ctx.state.spaces() if region_of(ctx.data, key) is None]
    if not regulars and not unknown:
        yield Check.illegal(rule, action.step, f"a British magazine was placed at {name}, "
                            f"but {_label(region)} holds no British or German regulars; the "
                            "British place one only in a Region with at least 1 SP of "
                            "British/German regulars (WfA 16.11)", spaces=(space,),
                            expected="1 SP of British/German regulars in the Region",
                            observed="none")
    elif not regulars:
        yield Check.unchecked(rule, action.step, f"whether {_label(region)} holds British or "
                              "German regulars: some occupied spaces have no Region in the data",
                              needs=("space regions",), spaces=(space,))
    yield from _at_most(action, ctx, rule, ctx.data.tables.t16.value("british_magazines"))
    yield Check.done(rule)


def colonial_magazine(action: MagazinePlaced, ctx: Context) -> Iterator[Outcome]:
    """WFA-MAG-02 (WfA 16.12, 7.0): "up to 4 magazines, one in each Region. The Region must
    not be British controlled. If the island of St. Eustasius has not been captured by the
    British, an additional magazine can be deployed, but only to the Deep South Region" —
    five at most. Illegal: a second one in a Region (a third in the Deep South, or a
    second there while the British control St. Eustasius: WFA-CTL-02, 4.9, taken only by
    driving the enemy out and occupying it with regulars), more than five, a Region whose
    every colony the British control (`control.british_colony`, 4.10; unchecked while
    that is unknown)."""
    space = action.space
    name = ctx.space_name(space)
    region = region_of(ctx.data, space)
    rule = "WFA-MAG-02"
    if region is None:
        yield Check.unchecked(rule, action.step, f"a Colonial magazine at {name}: its Region "
                              "is not in the data", needs=("space regions",), spaces=(space,))
        return
    if region not in COLONIAL_REGIONS:
        yield Check.unchecked(rule, action.step, f"a Colonial magazine at {name} "
                              f"({_label(region)}): 16.12 counts one in each of the four "
                              "Regions (plus the Deep South bonus); the text does not forbid "
                              "others outright", spaces=(space,))
        return
    allowed = 1
    if region is Region.DEEP_SOUTH:
        # The bonus holds unless the British hold St. Eustasius (unknown: flag a third).
        captured = space_control(ctx, ST_EUSTASIUS) if ST_EUSTASIUS in ctx.data.spaces \
            else None
        allowed = 1 if captured is not None and captured.side == BRITISH else 2
        if captured is not None and captured.known:
            yield Check.done(captured.rule)
    yield from _one_per_region(action, ctx, rule, region, allowed)
    yield from _at_most(action, ctx, rule, ctx.data.tables.t16.value("colonial_magazines"))
    yield from _region_not_british(action, ctx, region)
    yield Check.done(rule)


def _region_not_british(action: MagazinePlaced, ctx: Context,
                        region: Region) -> Iterator[Outcome]:
    """16.12: "The Region must not be British controlled." The rulebook does not define a
    Region's control; read here as the British controlling every colony of it (4.10), the
    conservative reading (control of any one colony would forbid more)."""
    name = ctx.space_name(action.space)
    answers = [british_colony(ctx, colony) for colony in colonies_of(region)]
    if any(answer.british is False for answer in answers):
        return
    unknown = [answer for answer in answers if answer.british is None]
    if unknown:
        yield Check.unchecked("WFA-MAG-02", action.step, f"a Colonial magazine at {name}: "
                              f"whether the British control {_label(region)} (WfA 16.12) is "
                              f"unknown: {unknown[0].why}",
                              needs=unknown[0].needs or ("control of the Region",),
                              spaces=(action.space,))
        return
    yield Check.illegal("WFA-MAG-02", action.step, f"a Colonial magazine was placed at {name},"
                        f" but the British control every colony of {_label(region)}; the "
                        "Region must not be British controlled (WfA 16.12; the rule is "
                        "ambiguous: read as every colony, control of one would be stricter)",
                        spaces=(action.space,), expected="a Region not British controlled",
                        observed="British controlled")


def _one_per_region(action: MagazinePlaced, ctx: Context, rule: str, region: Region,
                    allowed: int) -> Iterator[Outcome]:
    side = action.side
    assert side is not None
    there = _placed_in(ctx, side, region)
    if len(there) > allowed:
        bonus = " (the Deep South bonus counted, WfA 16.12)" if allowed == 2 else ""
        held = (" — the British hold St. Eustasius, so there is no Deep South bonus"
                if region is Region.DEEP_SOUTH and allowed == 1 else "")
        yield Check.illegal(rule, action.step, f"{len(there)} {side_name(side)} magazines are "
                            f"now in {_label(region)} ("
                            + ", ".join(ctx.space_name(s) for s in there)
                            + f"); {allowed} per Region{bonus}{held} (WfA 16.11-16.12; a "
                            "magazine from last year should have gone at the end of Winter, "
                            "18.9)", spaces=tuple(dict.fromkeys(there)),
                            expected=f"at most {allowed}", observed=str(len(there)))


def _at_most(action: MagazinePlaced, ctx: Context, rule: str, limit: int) -> Iterator[Outcome]:
    side = action.side
    assert side is not None
    count = _count(ctx, side)
    if count > limit:
        yield Check.illegal(rule, action.step, f"the {side_name(side)} now has {count} "
                            f"magazines on the map; at most {limit} (WfA 16.11-16.12)",
                            spaces=(action.space,), expected=f"at most {limit}",
                            observed=str(count))


def captured(action: MagazineRemoved, ctx: Context) -> Iterator[Outcome]:
    """WFA-MAG-03 (WfA 16.13): "Enemy SP can capture a magazine if it is alone on a space
    with no SP or garrison. Once captured, it is flipped". Illegal: flipped while its
    owner's SP or garrison are still on the space. Unchecked when no capturing SP are
    seen there (they may enter in a later step)."""
    owner = action.side
    if owner is None:
        return
    space = action.space
    name = ctx.space_name(space)
    holding = ctx.state.space(space)
    defenders = holding.sp_of(owner) + sum(
        n for nation, n in holding.garrisons.items() if NATION_SIDE.get(nation) == owner)
    if defenders:
        yield Check.illegal("WFA-MAG-03", action.step, f"the {side_name(owner)} magazine at "
                            f"{name} was captured while {side_name(owner)} SP or a garrison "
                            "stand there; a magazine is captured only when alone on its space"
                            " (WfA 16.13)", spaces=(space,),
                            expected="no defending SP or garrison", observed="defended")
    elif not holding.sp_of(opponent(owner)):
        yield Check.unchecked("WFA-MAG-03", action.step, f"the {side_name(owner)} magazine at "
                              f"{name} was flipped with no {side_name(opponent(owner))} SP "
                              "seen there; enemy SP capture it (WfA 16.13)",
                              needs=("the capturing force",), spaces=(space,))
    yield Check.done("WFA-MAG-03")


def removed_after_winter(fact: TurnBegan, ctx: Context) -> Iterator[Outcome]:
    """WFA-MAG-04 (WfA 18.9): "At the end of every Winter Turn, all magazines are removed"
    — a reminder when a turn follows a Winter Turn with magazines still on the map.
    (Voluntary removal "at anytime during a player's Action Pulse" is never illegal here:
    a removal in the other AP may be a magazine destroyed by a retreat, 16.13.)"""
    previous = ctx.season(fact.previous[1]) if fact.previous[1] is not None else None
    if previous is None or not previous.winter:
        return
    left = sorted({key for key, holding in ctx.state.spaces() if holding.magazines})
    if left:
        yield Check.reminder("WFA-MAG-04", fact.step, "all magazines are removed at the end of"
                             " every Winter Turn (WfA 18.9); still on the map: "
                             + ", ".join(ctx.space_name(space) for space in left),
                             spaces=tuple(left))
    yield Check.done("WFA-MAG-04")


def _label(region: Region) -> str:
    return region.value.replace("_", " ").title()


__all__ = ["BRITISH_REGIONS", "COLONIAL_REGIONS", "FAMILY", "judge"]
