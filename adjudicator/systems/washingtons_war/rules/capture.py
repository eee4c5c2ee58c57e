"""Capture of Generals outside battle (WW 7.6, 8.2 Clarification; WW-CAPT-01/02/03/05).

* WW-CAPT-01 (WW 7.6.A): an Army (a General with at least one CU) that enters a space
  holding an enemy General without CUs captures him. Judged when the impulse ends, for
  every leg of an Army that found an enemy General and no enemy CU in its destination right
  after it arrived: if an enemy General is still there without CUs, he was not captured.
  A retreat (after battle, or before it) into such a space captures him too: judged for
  every retreating drag with CUs that found a lone enemy General there. Captures by
  interception are not judged here (the space of an interception holds British CUs).
* WW-CAPT-05 (WW 8.2 Clarification): reinforcements placed in such a space capture him too
  (judged the same way, for the arrivals of a card's play).
* WW-CAPT-02 (WW 7.6.A, 5.1): every captured General goes to his side's Reinforcement Box
  in the next turn's Reinforcements Phase: when a Strategy Phase begins, a General captured
  in an earlier turn must have left the Captured Generals Box.
* WW-CAPT-03 (WW 7.6.B): Washington captured is removed from the game, not put in the
  Captured Generals Box; the British then remove 5 American PCs, at most one per colony
  (Canada counts), from spaces without an American CU, General or the Congress. The French
  Alliance marker's -3 is judged by WW-FA-01 (rules/alliance.py).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator

from adjudicator.systems.common.actions import Action
from adjudicator.systems.common.outcomes import Check, Outcome
from adjudicator.systems.common.rulebook import RuleFamily
from adjudicator.systems.washingtons_war.actions import (
    GeneralRemoved,
    ImpulseEnded,
    ImpulseReckoned,
    ReinforcementArrived,
    StrategyBegan,
)
from adjudicator.systems.washingtons_war.data import Side
from adjudicator.systems.washingtons_war.procedure import Impulse, RetreatMove
from adjudicator.systems.washingtons_war.rules import repatriation
from adjudicator.systems.washingtons_war.rules.context import Context
from adjudicator.systems.washingtons_war.state import CAPTURED, REMOVED, other

FAMILY = RuleFamily("capture", frozenset({"WW-CAPT-01", "WW-CAPT-02", "WW-CAPT-03",
                                          "WW-CAPT-05"}),
                    actions=(ImpulseEnded, ImpulseReckoned, StrategyBegan, GeneralRemoved,
                             ReinforcementArrived))
WASHINGTON = "washington"
WASHINGTON_PCS = 5
"""WW 7.6.B: the British remove 5 American PCs when Washington is captured."""


def judge(action: Action, ctx: Context) -> Iterator[Outcome]:
    """The capture checks for one action."""
    if isinstance(action, ImpulseEnded):
        yield from _lone_generals(action.impulse, ctx)
    elif isinstance(action, ImpulseReckoned):
        yield from _washington_pcs(action, ctx)
    elif isinstance(action, StrategyBegan):
        yield from _captured_return(action, ctx)
    elif isinstance(action, GeneralRemoved):
        yield from _washington_removed(action, ctx)
    elif isinstance(action, ReinforcementArrived):
        yield from repatriation.judge(action, ctx)  # WW-CAPT-02 at the placement


def lone_enemy_generals(ctx: Context, space: str, side: Side) -> list[str]:
    """The enemy Generals of `side` in a space that holds no enemy CU (WW 7.6.A)."""
    here = ctx.state.space(space)
    enemy = other(side)
    if here.cus_of(enemy) > 0:
        return []
    return here.generals_of(enemy, ctx.sides)


def _lone_generals(impulse: Impulse, ctx: Context) -> Iterator[Outcome]:
    """WW-CAPT-01 for the Armies' legs, WW-CAPT-05 for the arrivals of one impulse."""
    side = impulse.side
    for activation in impulse.activations:
        for leg in activation.legs:
            if not leg.carried or not leg.enemy_general_at_destination or (
                    leg.enemy_cus_at_destination):
                continue
            left = lone_enemy_generals(ctx, leg.destination, side)
            if left:
                names = ctx.general_names(left)
                yield Check.illegal(
                    "WW-CAPT-01", leg.step, f"{ctx.general_name(leg.general)}'s Army entered "
                    f"{ctx.space_name(leg.destination)}, where {names} stood without CUs, "
                    "and did not capture him (WW 7.6.A: he goes to the Captured Generals "
                    "Box)", spaces=(leg.destination,),
                    pieces=tuple(ctx.general_name(g) for g in left),
                    expected="captured", observed="left in the space")
            yield Check.done("WW-CAPT-01")
    for battle in impulse.battles:
        for move in battle.retreats:
            yield from _retreat_capture(ctx, battle.space, move)
    for arrival in impulse.arrivals:
        sides = {ctx.side_of(g) for g in arrival.generals}
        arriving = sides.pop() if len(sides) == 1 else (side if arrival.cu else None)
        if arriving is None:
            continue
        left = lone_enemy_generals(ctx, arrival.space, arriving)
        if left:
            names = ctx.general_names(left)
            yield Check.illegal(
                "WW-CAPT-05", arrival.step, f"reinforcements were placed in "
                f"{ctx.space_name(arrival.space)}, where {names} stood without CUs, and did "
                "not capture him (WW 8.2 Clarification)", spaces=(arrival.space,),
                pieces=tuple(ctx.general_name(g) for g in left), expected="captured",
                observed="left in the space")
        yield Check.done("WW-CAPT-05")


def _retreat_capture(ctx: Context, space: str, move: RetreatMove) -> Iterator[Outcome]:
    """WW-CAPT-01 (WW 7.6.A: 'whether by Movement, Interception, or Retreat'): CUs that
    retreated into a space where enemy Generals stood without CUs capture them."""
    if not move.found:
        return
    left = [g for g in lone_enemy_generals(ctx, move.destination, move.side)
            if g in move.found]
    if left:
        names = ctx.general_names(left)
        yield Check.illegal(
            "WW-CAPT-01", move.step, f"the force retreating from {ctx.space_name(space)} "
            f"entered {ctx.space_name(move.destination)}, where {names} stood without CUs, "
            "and did not capture him (WW 7.6.A: an Army entering by Retreat captures him)",
            spaces=(move.destination,), pieces=tuple(ctx.general_name(g) for g in left),
            expected="captured", observed="left in the space")
    yield Check.done("WW-CAPT-01")


def _captured_return(action: StrategyBegan, ctx: Context) -> Iterator[Outcome]:
    """WW-CAPT-02: no General captured in an earlier turn is still in the box."""
    year = ctx.state.year
    if year is None or not year.isdigit():
        return
    for general, place in ctx.state.general_at.items():
        if place != CAPTURED:
            continue
        captured = ctx.state.captured_in.get(general)
        if captured is None or not captured.isdigit():
            yield Check.unchecked("WW-CAPT-02", action.step, f"{ctx.general_name(general)} is "
                                  "in the Captured Generals Box and the log does not show in "
                                  "which turn he was captured", needs=("the turn of capture",),
                                  pieces=(ctx.general_name(general),))
            continue
        if int(captured) < int(year):
            yield Check.illegal("WW-CAPT-02", action.step, f"{ctx.general_name(general)}, "
                                f"captured in {captured}, is still in the Captured Generals "
                                f"Box as the {year} Strategy Phase begins: he goes to his "
                                "side's Reinforcement Box in the next Reinforcements Phase "
                                "(WW 7.6.A)", pieces=(ctx.general_name(general),),
                                expected="in his Reinforcement Box",
                                observed="in the Captured Generals Box")
        yield Check.done("WW-CAPT-02")


def _washington_removed(action: GeneralRemoved, ctx: Context) -> Iterator[Outcome]:
    """WW-CAPT-03: Washington captured leaves the game."""
    if action.general != WASHINGTON:
        return
    name = ctx.general_name(WASHINGTON)
    if action.destination == CAPTURED:
        yield Check.illegal("WW-CAPT-03", action.step, f"{name} was captured in "
                            f"{ctx.space_name(action.origin)} and put in the Captured "
                            "Generals Box: a captured Washington is removed from the game "
                            "(WW 7.6.B)", spaces=(action.origin,), pieces=(name,),
                            expected="removed from the game",
                            observed="in the Captured Generals Box")
    elif action.destination == REMOVED:
        yield Check.reminder("WW-CAPT-03", action.step, f"{name} was captured in "
                             f"{ctx.space_name(action.origin)}: the British now remove 5 "
                             "American PCs, at most one per colony (Canada counts), from "
                             "spaces without an American CU, General or the Congress, and "
                             "the French Alliance marker goes back 3 spaces if France has "
                             "not entered the war (WW 7.6.B)", spaces=(action.origin,),
                             pieces=(name,))
    yield Check.done("WW-CAPT-03")


def _washington_pcs(action: ImpulseReckoned, ctx: Context) -> Iterator[Outcome]:
    """WW-CAPT-03: the American PCs removed in the impulse in which Washington was captured
    (every American PC taken off in it: no other removal is possible in such an impulse):
    5, at most one per colony, from spaces without an American CU, General or the Congress
    (WW 7.6.B). A removal that breaks it is reported at its step; one too few at the last
    removal (or the capture, when none was made)."""
    if not action.washington_lost:
        return
    impulse = action.impulse
    removals = [c for c in (*impulse.pcs, *impulse.other_pcs)
                if c.before is Side.AM and c.after is None]
    per_colony: Counter[str] = Counter()
    unknown = False
    step = removals[-1].step if removals else action.step
    for change in removals:
        here = ctx.state.space(change.space)
        if here.has_units_of(Side.AM, ctx.sides):
            yield Check.illegal("WW-CAPT-03", change.step, "after Washington's capture the "
                                f"British removed the American PC in "
                                f"{ctx.space_name(change.space)}, which holds an American "
                                "CU, General or the Continental Congress (WW 7.6.B)",
                                spaces=(change.space,))
        record = ctx.data.spaces.get(change.space)
        if record is None or record.colony is None:
            unknown = True
            continue
        per_colony[str(record.colony)] += 1
        if per_colony[str(record.colony)] == 2:
            yield Check.illegal("WW-CAPT-03", change.step, "after Washington's capture the "
                                "British removed more than one American PC in "
                                f"{record.colony}: at most one per colony (WW 7.6.B)",
                                spaces=tuple(c.space for c in removals))
    if len(removals) > WASHINGTON_PCS:
        yield Check.illegal("WW-CAPT-03", removals[WASHINGTON_PCS].step, f"after Washington's "
                            f"capture the British "
                            f"removed {len(removals)} American PCs; the rule takes "
                            f"{WASHINGTON_PCS} (WW 7.6.B)", expected=str(WASHINGTON_PCS),
                            observed=str(len(removals)))
    elif len(removals) < WASHINGTON_PCS:
        open_colonies = None if unknown else _open_colonies(ctx, set(per_colony))
        if open_colonies is None:
            yield Check.unchecked("WW-CAPT-03", step, f"after Washington's capture the "
                                  f"British removed {len(removals)} American PCs; whether "
                                  "more could be removed is not known (a space's colony is "
                                  "not in the data)", needs=("the colony of every space",))
        elif open_colonies:
            yield Check.illegal("WW-CAPT-03", step, f"after Washington's capture the British "
                                f"removed {len(removals)} American PCs, but "
                                f"{', '.join(sorted(open_colonies))} still had an American "
                                "PC in a space without American units (WW 7.6.B: 5, at most "
                                "one per colony)", expected=str(min(
                                    WASHINGTON_PCS, len(removals) + len(open_colonies))),
                                observed=str(len(removals)))
    yield Check.done("WW-CAPT-03")


def _open_colonies(ctx: Context, used: set[str]) -> set[str] | None:
    """Colonies (Canada counts) not yet used that hold an American PC in a space without an
    American CU, General or the Congress; None when a PC's space has no known colony."""
    found: set[str] = set()
    for key, holding in ctx.state.spaces():
        if holding.pc is not Side.AM or holding.has_units_of(Side.AM, ctx.sides):
            continue
        record = ctx.data.spaces.get(key)
        if record is None or record.colony is None:
            return None
        colony = str(record.colony)
        if colony not in used:
            found.add(colony)
    return found


__all__ = ["FAMILY", "judge", "lone_enemy_generals"]
