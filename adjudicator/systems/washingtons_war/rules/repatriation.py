"""Captured Generals come back only in the following turn (WW 7.6.A, 5.1, 8.1.C, 8.2.C;
WW-CAPT-02).

"The Captured General is placed in the Captured Generals Box, and during the
Reinforcements Phase of the following game-turn, he (like every other captured General) is
placed in his side's Reinforcements Box" (WW 7.6.A); a General is brought on as a
reinforcement only from that box (WW 8.1.C, 8.2.C). So a General captured in this turn
cannot reach the map again in this turn, whether he is taken straight from the Captured
Generals Box or through his Reinforcements Box: found at the step that placed him.

A General still in the Captured Generals Box when a later turn's Strategy Phase begins is
judged by rules/capture.py, whose family (WW-CAPT-02) sends this module the placements.
The turns are told apart by the turn ends the log shows (an End Phase, or the year
changing), so a log that shows neither is still in one turn. A General captured before the
log began may return once the log shows a turn end; before that, his placement is
unchecked.
"""

from __future__ import annotations

from collections.abc import Iterator

from adjudicator.systems.common.actions import Action
from adjudicator.systems.common.outcomes import Check, Outcome
from adjudicator.systems.washingtons_war.actions import ReinforcementArrived
from adjudicator.systems.washingtons_war.rules.context import Context

RULE = "WW-CAPT-02"


def judge(action: Action, ctx: Context) -> Iterator[Outcome]:
    """WW-CAPT-02 for each General placed on the map from off it."""
    if not isinstance(action, ReinforcementArrived):
        return
    arrival = action.arrival
    state = ctx.state
    for general in arrival.generals:
        if general not in state.last_captured:
            continue
        captured = state.last_captured[general]
        name = ctx.general_name(general)
        where = ctx.space_name(arrival.space)
        if captured is None:
            yield Check.unchecked(RULE, arrival.step, f"{name} was placed in {where}; he was "
                                  "captured before the log began, and in which turn is not "
                                  "known", needs=("the turn of capture",), pieces=(name,))
            continue
        if captured == state.turns_ended:
            turn = f" ({state.year})" if state.year is not None else ""
            yield Check.illegal(RULE, arrival.step, f"{name}, captured in this turn{turn}, "
                                f"was brought back onto the map in {where} in the same turn: "
                                "a captured General goes to his Reinforcements Box only in "
                                "the following turn's Reinforcements Phase, and comes on only "
                                "from that box (WW 7.6.A, 8.1.C, 8.2.C)",
                                spaces=(arrival.space,), pieces=(name,),
                                expected="not before the following turn",
                                observed="the turn of his capture")
        yield Check.done(RULE)


__all__ = ["judge"]
