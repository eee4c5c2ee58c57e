"""Frontier Warfare, optional (AR 35): the initiative bonus for the side with more light
and Indian units (AR-FRW-01).

AR 35.1: "if your involved force has more light and/or Indian units than the involved enemy
force, you thereby gain a +1 for that initiative determination (in addition to all other
additives described in that rule). Further, it's received even if your force is leaderless.
This bonus isn't received, though, if either involved force contains a Fortress or Siege
marker." The first round of fire goes to the side with the higher total, die + Tactics
committed (AR 18.4(1), FAQ) + this bonus; equal totals are rolled again.

Judged on the first round of fire: the side that fired it must be the one whose total,
the bonus included, was higher. Left unchecked when a Fortress or Siege marker stands in
the locale (their own +1, AR 28.7, is the fortress family's), when Tarleton was played
(AR 7.9), or when the totals with the bonus are equal (a re-roll the log reading took as
decided). A raw tie the bonus breaks needs no re-roll: the side with the bonus fires first.

AR-FRW-02 (AR 35.2-35.3, a retreat without the enemy's final round) is a permission: the
final round of AR 18.4(4b) is the other player's to take or not, so a retreat it did not
fire on is never illegal, and no finding is owed either way; it is left undeclared.
"""

from __future__ import annotations

from collections.abc import Iterator

from adjudicator.systems.american_revolution.actions import FireRound, Holding
from adjudicator.systems.american_revolution.data import FormationType, OptionalRule
from adjudicator.systems.american_revolution.rules.context import Context
from adjudicator.systems.common.actions import Action
from adjudicator.systems.common.outcomes import Check, Outcome
from adjudicator.systems.common.places import Place, PlaceKind
from adjudicator.systems.common.rulebook import RuleFamily

FAMILY = RuleFamily("frontier warfare", frozenset({"AR-FRW-01"}), actions=(FireRound,))
SIDE_NAMES = {"US": "American", "GB": "British"}
WOODSMEN = frozenset({FormationType.LIGHT, FormationType.INDIAN})


def judge(action: Action, ctx: Context) -> Iterator[Outcome]:
    """The first round of a battle under Frontier Warfare."""
    if not isinstance(action, FireRound) or not ctx.uses(OptionalRule.FRONTIER_WARFARE):
        return
    if action.number != 1 or action.totals is None or action.locale is None or \
            action.side not in SIDE_NAMES:
        return
    place = ctx.name(action.locale)
    here = Place(PlaceKind.SPACE, action.locale)
    if ctx.state.count("fortress", here) or ctx.state.count("siege", here):
        return  # no bonus; the fortress's own +1 (AR 28.7) is judged elsewhere
    if any(ctx.proc.has_played(s, "tarleton") for s in SIDE_NAMES):
        yield Check.unchecked("AR-FRW-01", action.step,
                              f"Tarleton was played: who fires first in {place} is not "
                              "judged with the Frontier Warfare bonus", spaces=(place,))
        return
    side = action.side
    enemy = "GB" if side == "US" else "US"
    mine, theirs = woodsmen(ctx, action.firers), woodsmen(ctx, action.target)
    bonus = {side: int(mine > theirs), enemy: int(theirs > mine)}
    us, gb = action.totals
    total = {"US": us + bonus["US"], "GB": gb + bonus["GB"]}
    if us == gb and not any(bonus.values()):
        return  # a tie with no bonus to break it: rolled again (AR 18.4(1))
    if total[side] == total[enemy]:
        yield Check.unchecked("AR-FRW-01", action.step,
                              f"with the Frontier Warfare bonus the initiative totals in "
                              f"{place} were equal ({total['US']} each): they are rolled "
                              "again, and the log shows no second roll", spaces=(place,))
        return
    if total[side] < total[enemy]:
        more = SIDE_NAMES[side if mine > theirs else enemy]
        yield Check.illegal("AR-FRW-01", action.step,
                            f"the {SIDE_NAMES[side]} player fired the first round in {place}, "
                            f"but with Frontier Warfare the {SIDE_NAMES[enemy]} total was "
                            f"higher ({total[enemy]} to {total[side]}; the {more} force has "
                            "more light and Indian units and gets +1 to its initiative, "
                            "even leaderless, AR 35.1)", spaces=(place,),
                            expected=f"the {SIDE_NAMES[enemy]} player fires first",
                            observed=f"the {SIDE_NAMES[side]} player fired first")
        return
    yield Check.done("AR-FRW-01")


def woodsmen(ctx: Context, holding: Holding) -> int:
    """The light and Indian units of a force (AR 35.1)."""
    return sum(1 for kind, key, _ in holding if kind == "unit" and key in ctx.data.formations
               and ctx.data.formations[key].type in WOODSMEN)
