"""AR 4.7: "The American player is automatically the First Player on the first game turn."

AR 8.1: "Both players secretly and simultaneously commit any number of campaign markers of
any types [...] The player whose total number of markers is higher wins the initiative.
Both players then place their committed markers into the pool."

AR 8.2: "If both players commit no markers, or if they commit the same number of markers,
roll a die and the higher-scoring player has the initiative. In the case of die-roll
resolved draws, the committed markers of both players still go into the pool." The
rulebook does not say what a tied die does; both rolling again is the only reading that
gives a First Player (digest AR-INIT-03), so the last die of each side counts.
"""

from __future__ import annotations

from collections.abc import Iterator

from adjudicator.systems.american_revolution.actions import FirstPlayerShown
from adjudicator.systems.american_revolution.procedure import INITIATIVE
from adjudicator.systems.american_revolution.rules.context import Context
from adjudicator.systems.common.actions import Action
from adjudicator.systems.common.outcomes import Check, Outcome
from adjudicator.systems.common.rulebook import RuleFamily

FAMILY = RuleFamily("initiative", frozenset({"AR-INIT-01", "AR-INIT-02", "AR-INIT-03"}),
                    positional=frozenset(), actions=(FirstPlayerShown,))
LABEL = {"US": "the American", "GB": "the British"}


def judge(action: Action, ctx: Context) -> Iterator[Outcome]:
    """The First Player shown against the turn, the commitments and the dice."""
    if not isinstance(action, FirstPlayerShown) or action.step == 0:
        return
    turn = ctx.proc.turn
    if turn == 1:
        if action.first != "US":
            yield Check.illegal("AR-INIT-01", action.step,
                                "the British player is First Player on the first turn, 1775: "
                                "the American is, automatically",
                                expected="US", observed=action.first)
        else:
            yield Check.done("AR-INIT-01")
        return
    if turn is None:
        return
    counts = {"US": 0, "GB": 0}
    for commitment in ctx.proc.commitments:
        if commitment.table == "initiative" and commitment.side in counts:
            counts[commitment.side] += len(commitment.markers)
    us, gb = counts["US"], counts["GB"]
    if us != gb:
        winner = "US" if us > gb else "GB"
        if action.first != winner:
            yield Check.illegal(
                "AR-INIT-02", action.step,
                f"{LABEL[action.first]} player is First Player, but {LABEL[winner]} committed "
                f"more markers to initiative ({max(us, gb)} to {min(us, gb)}) and wins it "
                "outright", expected=winner, observed=action.first)
        else:
            yield Check.done("AR-INIT-02")
        return
    dice = {side: [d for roll in ctx.proc.phase_dice if roll.side == side
                   for d in roll.dice] for side in counts}
    if ctx.phase != INITIATIVE or not dice["US"] or not dice["GB"]:
        yield Check.unchecked("AR-INIT-03", action.step,
                              f"both committed {us} markers: the initiative goes to the "
                              "higher die, and the log shows no die of each side in the "
                              "Initiative Phase")
        return
    last_us, last_gb = dice["US"][-1], dice["GB"][-1]
    if last_us == last_gb:
        yield Check.unchecked("AR-INIT-03", action.step,
                              f"both committed {us} markers and both last rolled {last_us}: "
                              "a tie the dice have not yet broken")
        return
    winner = "US" if last_us > last_gb else "GB"
    if action.first != winner:
        yield Check.illegal(
            "AR-INIT-03", action.step,
            f"both committed {us} markers; {LABEL[winner]} rolled higher ({max(last_us, last_gb)} "
            f"to {min(last_us, last_gb)}) and has the initiative, yet {LABEL[action.first]} "
            "player is First Player", expected=winner, observed=action.first)
    else:
        yield Check.done("AR-INIT-03")
