"""Partisans (optional rule AR 29).

AR 29.2: "Partisans are created in Mobilization Phases [...] Indicate a colonial region.
Expend two political points if the area is pro your side, three if it's neutral, and four
if it is pro-enemy. Roll a die. On a one through three, no partisan is placed; on a four
through six, place one partisan unit in any locale in the region." (Committee of
Correspondence places one "during any phase [...] at no cost [...] Normal rules of
placement must otherwise be followed, and you must still roll for the marker", AR 7.9:
no Mobilization Phase and no cost, but the roll of 4-6 still, judged with the marker as
AR-CM-11; the rulebook's text is followed over digest A47's "no roll".) AR 29.3: the
locale "may contain enemy units (or not); however, it may not
contain another friendly partisan unit. It may contain an enemy partisan unit, in which
case remove that enemy partisan [...] You may only place partisans in [...] New England,
the Mid-Atlantic Colonies, Virginia, the Deep South, the West, Florida and Canada."
AR 29.4(2): "An enemy force that enters an area containing one of your side's partisan
units must cease movement in that locale [...] An enemy force starting its move in such
a locale may move out normally." AR 29.5: a partisan is eliminated only by an enemy
partisan's placement (the rulebook's "rule 28.3" means 29.3, digest A9) or by a massacre
(AR 37.2(1)).

The roll a placement follows is the placing side's last 1d6 of the phase; the political
points paid are shown as a computation (the log's PP record mixes every expense).
"""

from __future__ import annotations

from collections.abc import Iterator

from adjudicator.systems.american_revolution.actions import (
    DiceRolled,
    ForceMoved,
    MapMarkerPlaced,
    MapMarkerRemoved,
)
from adjudicator.systems.american_revolution.attrition import PARTISAN_PLACEMENT
from adjudicator.systems.american_revolution.data import Need, OptionalRule
from adjudicator.systems.american_revolution.procedure import CAMPAIGNS, MOBILIZATION
from adjudicator.systems.american_revolution.rules.context import Context
from adjudicator.systems.common.actions import Action
from adjudicator.systems.common.outcomes import Check, Computed, Outcome
from adjudicator.systems.common.rulebook import RuleFamily

FAMILY = RuleFamily("partisans",
                    frozenset({"AR-PART-01", "AR-PART-02", "AR-PART-03", "AR-PART-04"}),
                    actions=(MapMarkerPlaced, MapMarkerRemoved, ForceMoved))
NAMES = {"US": "Rebel", "GB": "Tory"}
COMMITTEE = "committee"
"""Committee of Correspondence: a partisan placed in any phase, at no cost, the roll still
made (AR 7.9; the roll is judged as AR-CM-11)."""


def other(side: str) -> str:
    """The enemy side."""
    return "GB" if side == "US" else "US"


def judge(action: Action, ctx: Context) -> Iterator[Outcome]:
    """Partisans placed, removed and met by moving forces."""
    if ctx.phase == "setup":
        return
    if isinstance(action, MapMarkerPlaced) and action.kind == "partisan":
        yield from _placed(action, ctx)
    elif isinstance(action, MapMarkerRemoved) and action.kind == "partisan":
        yield from _removed(action, ctx)
    elif isinstance(action, ForceMoved) and not action.retreat:
        yield from _stopped(action, ctx)


def _placed(action: MapMarkerPlaced, ctx: Context) -> Iterator[Outcome]:
    side = action.key
    if side not in NAMES:
        return
    name = f"{NAMES[side]} Partisan"
    where = ctx.name(action.locale)
    region = ctx.data.region_of(action.locale)
    if region is None:
        yield Check.unchecked("AR-PART-02", action.step,
                              f"the region of {where} is not known: whether a partisan may "
                              "be placed there cannot be checked", needs=(str(Need.REGIONS),),
                              spaces=(action.locale,), pieces=(name,))
    elif not region.colonial:
        yield Check.illegal("AR-PART-02", action.step,
                            f"a {name} was placed in {where} ({region.name}): partisans are "
                            "placed only in New England, the Mid-Atlantic Colonies, "
                            "Virginia, the Deep South, the West, Florida and Canada",
                            spaces=(action.locale,), pieces=(name,))
    elif sum(1 for e in ctx.state.in_locale(action.locale)
             if e.kind == "partisan" and e.key == side) > 1:
        yield Check.illegal("AR-PART-02", action.step,
                            f"a {name} was placed in {where}, which already holds a friendly "
                            "partisan: the locale may not contain another friendly partisan",
                            spaces=(action.locale,), pieces=(name,))
    else:
        yield Check.done("AR-PART-02")
    yield from _created(action, ctx, name, region.id if region is not None else None)


def _created(action: MapMarkerPlaced, ctx: Context, name: str,
             region: str | None) -> Iterator[Outcome]:
    side = action.key
    where = ctx.name(action.locale)
    if ctx.proc.has_played(side, COMMITTEE) or ctx.phase is None:
        return
    if ctx.phase != MOBILIZATION:
        yield Check.illegal("AR-PART-01", action.step,
                            f"a {name} was placed in {where} outside the Mobilization Phase: "
                            "partisans are created in Mobilization Phases (only Committee of "
                            "Correspondence places one in any phase)",
                            spaces=(action.locale,), pieces=(name,))
        return
    roll = _last_die(ctx, side)
    cost = _cost(ctx, side, region)
    yield Computed(kind="partisan placement", step=action.step, rule_id="AR-PART-01",
                   summary=f"{name} in {where}: placed on 4-6, chance {PARTISAN_PLACEMENT}"
                           + (f", cost {cost} PP" if cost is not None else ""),
                   inputs={"region": region or "", "die": roll if roll is not None else "",
                           "loyalty": ctx.state.level("loyalty", region or "") or 0},
                   result={"cost": cost if cost is not None else ""},
                   probabilities={"placed": PARTISAN_PLACEMENT})
    if roll is None:
        yield Check.unchecked("AR-PART-01", action.step,
                              f"no die roll was shown for the {name} placed in {where}: a "
                              "partisan is placed only on a roll of 4-6",
                              spaces=(action.locale,), pieces=(name,))
    elif roll <= 3:
        yield Check.illegal("AR-PART-01", action.step,
                            f"a {name} was placed in {where} after a roll of {roll}: on a one "
                            "through three no partisan is placed",
                            spaces=(action.locale,), pieces=(name,),
                            expected="a roll of 4-6", observed=str(roll))
    else:
        yield Check.done("AR-PART-01")


def _last_die(ctx: Context, side: str) -> int | None:
    rolls = [roll for roll in ctx.proc.phase_dice if roll.side == side
             and roll.button == "1d6" and len(roll.dice) == 1]
    rolls += [a for a in ctx.step_actions if isinstance(a, DiceRolled) and a.side == side
              and a.button == "1d6" and len(a.dice) == 1 and a not in rolls]
    return rolls[-1].dice[0] if rolls else None


def _cost(ctx: Context, side: str, region: str | None) -> int | None:
    """2 PP where the region is pro the placing side, 3 neutral, 4 pro-enemy (AR 29.2);
    Loyalty above 0 is pro-American."""
    if region is None:
        return None
    level = ctx.state.level("loyalty", region)
    if level is None:
        return None
    pro = level if side == "US" else -level
    return 2 if pro > 0 else 3 if pro == 0 else 4


def _removed(action: MapMarkerRemoved, ctx: Context) -> Iterator[Outcome]:
    side = action.key
    if side not in NAMES:
        return
    name = f"{NAMES[side]} Partisan"
    where = ctx.name(action.locale)
    enemy = other(side)
    here = ctx.state.in_locale(action.locale)
    placed_now = any(isinstance(a, MapMarkerPlaced) and a.locale == action.locale and (
        (a.kind == "partisan" and a.key == enemy) or a.kind == "massacre")
        for a in ctx.step_actions)
    there = any((e.kind == "partisan" and e.key == enemy) or e.kind == "massacre"
                for e in here)
    if placed_now or there:
        yield Check.done("AR-PART-04")
        return
    phase = ctx.phase
    if phase is None:
        return
    may_follow = (phase == MOBILIZATION or ctx.proc.has_played(enemy, COMMITTEE)
                  or (phase in CAMPAIGNS and ctx.uses(OptionalRule.MASSACRE)))
    if may_follow:
        yield Check.unchecked("AR-PART-04", action.step,
                              f"a {name} was removed from {where} before any enemy partisan "
                              "or massacre marker was placed there: whether one follows is "
                              "not yet shown", spaces=(action.locale,), pieces=(name,))
        return
    yield Check.illegal("AR-PART-04", action.step,
                        f"a {name} was removed from {where} with no enemy partisan placed "
                        "there and no massacre: a partisan is eliminated only by an enemy "
                        "partisan's placement or by a massacre",
                        spaces=(action.locale,), pieces=(name,))


def _stopped(action: ForceMoved, ctx: Context) -> Iterator[Outcome]:
    side = action.side
    if side is None:
        return
    enemy = other(side)

    def held(locale: str) -> bool:
        return any(e.kind == "partisan" and e.key == enemy for e in ctx.state.in_locale(locale))

    passed = [locale for locale in action.path[1:-1] if held(locale)]
    if passed:
        yield Check.illegal("AR-PART-03", action.step,
                            f"a force moved on through {ctx.name(passed[0])}, which holds a "
                            f"{NAMES[enemy]} Partisan: an enemy force entering it must cease "
                            "movement there", spaces=(passed[0],))
    elif held(action.destination) or held(action.origin):
        yield Check.done("AR-PART-03")


def political_value(ctx: Context, locale: str, side: str) -> int | None:
    """A locale's political value for a side (None: not known): its printed value, 0 where
    an enemy partisan stands (AR 29.4(1), forage included; a friendly partisan changes
    nothing) or a Massacre marker (AR 37.2(3)). For the political-point and forage rules."""
    found = ctx.data.locales.get(locale)
    if found is None or found.political_value is None:
        return None
    for entity in ctx.state.in_locale(locale):
        if entity.kind == "massacre" and ctx.uses(OptionalRule.MASSACRE):
            return 0
        if entity.kind == "partisan" and entity.key == other(side) \
                and ctx.uses(OptionalRule.PARTISANS):
            return 0
    return found.political_value
