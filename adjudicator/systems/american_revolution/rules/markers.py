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
"""

from __future__ import annotations

from collections.abc import Iterator

from adjudicator.systems.american_revolution.actions import MarkerPlayed, MarkersDrawn
from adjudicator.systems.american_revolution.rules.context import Context
from adjudicator.systems.common.actions import Action
from adjudicator.systems.common.outcomes import Check, Outcome
from adjudicator.systems.common.rulebook import RuleFamily

FAMILY = RuleFamily("markers", frozenset({"AR-CM-01", "AR-CM-07"}),
                    positional=frozenset(), actions=(MarkersDrawn, MarkerPlayed))
LIMIT = 15
EUROPEAN_SUPPORT = 1
"""Balance of Power +1 and above: the American draws a die's worth free each
Mobilization Phase (AR 12.7)."""


def judge(action: Action, ctx: Context) -> Iterator[Outcome]:
    """Purchases past 15 a turn; a side-restricted marker played by the other side."""
    if isinstance(action, MarkersDrawn) and action.bought and action.side is not None:
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
