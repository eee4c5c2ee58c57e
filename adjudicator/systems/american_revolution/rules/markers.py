"""Campaign markers (AR 7.0).

AR 7.3: "neither player may ever purchase more than 15 markers during any one Political
Phase." The rulebook says Political Phase; 7.1(1) says points buy markers in the
Mobilization Phase, which the sequence of play (5.1 III) confirms, so the 15 count over the
turn's purchases (digest AR-CM-01, 8.2 A3). Free draws are not purchases: the American's
General European Support die each Mobilization Phase (Balance of Power +1 or more,
AR 12.7) and his marker for each Hessian or Indian the British raise (AR 27.1, 27.2).

AR 7.8: "Certain markers may be played only by one player. If the other player picks it,
he may hold it indefinitely in order to keep it out of play" (Pulaski and Shot Heard
Round the World are American only, AR 7.9).

AR-BOP-02 (AR 12.7 and the Balance of Power table, digest 5.8): at +1 (General European
Support) and beyond "the American player rolls one die and picks that many campaign markers
from the pool for free" each Mobilization Phase. The log shows every draw of the phase
alike; the free ones are those the American PP paid for nothing. Judged when the phase
after the Mobilization Phase shows: the draws the payment can cover at most (the units
raised at their cheapest, each marker at the table's price) leave the free ones; beyond the
markers owed for Hessians and Indians (AR 27), free draws at Balance of Power 0 or below
are illegal, and at +1 or more so are more than his highest one-die roll of the phase.
Unchecked without an American PP record this turn, or when it did not change in the phase
(nothing paid is as likely an unkept record as free draws), with a Mobilization Table line
missing,
or with optional purchases in use (a failed partisan attempt leaves no piece). The table's
other effects are judged elsewhere: the British extra die at -1 (AR-PP-09), the alliances
at +2 and +3 (AR-ALLY-01 and AR-PP-06 read them); -2 is missing from the sources, and the
British movement through French and Spanish regions at -3 is not judged.
"""

from __future__ import annotations

from collections.abc import Iterator

from adjudicator.systems.american_revolution.actions import (
    DiceRolled,
    MarkerPlayed,
    MarkersDrawn,
)
from adjudicator.systems.american_revolution.levels import signed
from adjudicator.systems.american_revolution.procedure import MOBILIZATION, SETUP
from adjudicator.systems.american_revolution.rules.context import Context
from adjudicator.systems.american_revolution.rules.mobilization_costs import (
    UNSEEN,
    cost_bounds,
)
from adjudicator.systems.common.actions import Action
from adjudicator.systems.common.outcomes import Check, Outcome
from adjudicator.systems.common.rulebook import RuleFamily
from adjudicator.systems.common.sequencer import PhaseShown

FAMILY = RuleFamily("markers", frozenset({"AR-CM-01", "AR-CM-07", "AR-BOP-02"}),
                    positional=frozenset(), actions=(MarkersDrawn, MarkerPlayed, PhaseShown))
LIMIT = 15
EUROPEAN_SUPPORT = 1
"""Balance of Power +1 and above: the American draws a die's worth free each
Mobilization Phase (AR 12.7)."""


def judge(action: Action, ctx: Context) -> Iterator[Outcome]:
    """Purchases past 15 a turn; a side-restricted marker played by the other side."""
    if isinstance(action, PhaseShown):
        yield from _european_support(action, ctx)
    elif isinstance(action, MarkersDrawn) and action.bought and action.side is not None:
        yield from _purchase(action, ctx)
    elif isinstance(action, MarkerPlayed):
        marker = ctx.data.markers.get(action.marker)
        if marker is None or marker.only_side is None:
            return
        if action.side != marker.only_side:
            yield Check.illegal("AR-CM-07", action.step,
                                f"the British player played {marker.name}, a marker only "
                                "the American may play (he may only hold it)",
                                pieces=(marker.name,))
        else:
            yield Check.done("AR-CM-07")


def _purchase(action: MarkersDrawn, ctx: Context) -> Iterator[Outcome]:
    side = action.side
    assert side is not None
    total = ctx.proc.bought.of(side) + action.count
    allowed = LIMIT + ctx.proc.free.of(side)
    bonus = ""
    if side == "US" and (ctx.state.level("bop") or 0) >= EUROPEAN_SUPPORT:
        dice = [d for roll in ctx.proc.phase_dice if roll.side == "US" and len(roll.dice) == 1
                for d in roll.dice]
        allowed += dice[-1] if dice else 6
        bonus = " and the General European Support draw"
    if total > allowed:
        who = "American" if side == "US" else "British"
        yield Check.illegal("AR-CM-01", action.step,
                            f"the {who} player has drawn {total} campaign markers in this "
                            f"Mobilization Phase: at most {LIMIT} may be bought a turn"
                            f"{' (plus free draws' + bonus + ')' if allowed > LIMIT else ''}",
                            expected=f"at most {allowed}", observed=str(total))
    else:
        yield Check.done("AR-CM-01")


def _european_support(action: PhaseShown, ctx: Context) -> Iterator[Outcome]:
    """AR-BOP-02: the American's free draws of the Mobilization Phase just ended."""
    last = ctx.proc.last_shown()
    if action.phase in (SETUP, MOBILIZATION) or last is None or last.phase != MOBILIZATION:
        return
    proc = ctx.proc
    draws = [a for a in proc.noted_in(MOBILIZATION, MarkersDrawn)
             if isinstance(a, MarkersDrawn) and a.side == "US"]
    drawn = sum(a.count for a in draws)
    if not drawn:
        return
    at = draws[-1].step
    bop = ctx.state.level("bop")
    raised = [r for r in proc.mobilized if r.side == "US"]
    bounds = cost_bounds(ctx, "US", raised)
    price = ctx.data.costs.get("marker")
    shown = any(r.shown.side == "US" and r.turn == proc.turn for r in proc.points)
    if bop is None or bounds is None or price is None or not price.cost or not shown \
            or any(ctx.uses(o.value) for o in UNSEEN):
        yield Check.unchecked("AR-BOP-02", at,
                              "which of the American's markers drawn in the Mobilization "
                              "Phase were free cannot be told: the log lacks the Balance of "
                              "Power, his political points this turn or a Mobilization "
                              "Table line, or optional purchases are in use")
        return
    cost = price.cost
    units_low = bounds[0] - proc.bought.of("US") * cost
    spent = proc.spent.of("US")
    if spent < units_low:
        return  # the units are underpaid: AR-MOB-03's to judge, not a free draw
    paid = min(drawn, (spent - units_low) // cost)
    free = drawn - paid
    owed = proc.free.of("US")
    rolls = [d for a in proc.noted_in(MOBILIZATION, DiceRolled)
             if isinstance(a, DiceRolled) and a.side == "US" and len(a.dice) == 1
             for d in a.dice]
    if bop >= EUROPEAN_SUPPORT and not rolls:
        if free > owed:
            yield Check.unchecked("AR-BOP-02", at,
                                  f"the American drew {free} campaign marker(s) free at "
                                  f"Balance of Power {signed(bop)}, and the log shows no die "
                                  "of his in the Mobilization Phase for General European "
                                  "Support")
        else:
            yield Check.done("AR-BOP-02")
        return
    support = max(rolls) if bop >= EUROPEAN_SUPPORT else 0
    if free <= owed + support:
        yield Check.done("AR-BOP-02")
        return
    if spent == 0:
        yield Check.unchecked("AR-BOP-02", at,
                              f"the American drew {drawn} campaign marker(s) in the "
                              "Mobilization Phase and his political points record did not "
                              "change: whether he paid for them cannot be told")
        return
    if bop >= EUROPEAN_SUPPORT:
        why = (f"at Balance of Power {signed(bop)} (General European Support) he rolls one "
               f"die and picks that many markers free: his die shows {support}")
    else:
        why = (f"the Balance of Power is at {signed(bop)}: the American picks markers free "
               "only from +1 (General European Support) on")
    extra = f" (and {owed} for Hessians or Indians raised)" if owed else ""
    yield Check.illegal("AR-BOP-02", at,
                        f"the American drew {drawn} campaign marker(s) in the Mobilization "
                        f"Phase and his political points paid for at most {paid}: {free} "
                        f"were free; {why}{extra}",
                        expected=f"at most {owed + support} free", observed=str(free))
