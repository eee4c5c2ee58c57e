"""AaM 8.0: "The British player always conducts the first endeavor of each turn. [...] The
players alternate conducting endeavors [...] The Endeavors Phase ends when both players
pass consecutively."

- AAM-SOP-02: the first endeavor of each turn is British.
- AAM-SOP-03: endeavors alternate; a player does one endeavor or passes, then the other.
- AAM-SOP-04: the Endeavors Phase ends only after two passes in a row.
- AAM-SOP-01 (AaM 3.0): the phases run A to F (G instead of F on the last turn): a phase the
  log shows before one already played this turn is out of order.
- AAM-SOP-05 (AaM 3.0F): in the Adjustment Phase every Moved marker goes and every leader
  is flipped to his unmoved side: a reminder when a new month begins with either left.
- AAM-SOP-06 (AaM 3.0G): "On the last turn of the game, the Adjustment Phase is *replaced*
  with a second Siege Resolution Phase": a reminder when November 1779, the Campaign Game's
  last turn (AaM 17.0), goes to the Adjustment Phase with siege markers on the map (a
  battle scenario's last turn is the players' choice of scenario, not in the log).
"""

from __future__ import annotations

from collections.abc import Iterator

from adjudicator.systems.almost_a_miracle.procedure import (
    ADJUSTMENT,
    BRITISH,
    ENDEAVORS,
    LAST_SIEGE,
    SIEGE,
    TURN,
)
from adjudicator.systems.almost_a_miracle.rules.context import Context
from adjudicator.systems.common.actions import Action, PhaseChange
from adjudicator.systems.common.outcomes import Check, Outcome
from adjudicator.systems.common.rulebook import RuleFamily
from adjudicator.systems.common.sequencer import UnitOpened

FAMILY = RuleFamily("sequence", frozenset({"AAM-SOP-01", "AAM-SOP-02", "AAM-SOP-03",
                                           "AAM-SOP-04", "AAM-SOP-05", "AAM-SOP-06"}),
                    positional=frozenset({"AAM-SOP-05", "AAM-SOP-06"}),
                    actions=(UnitOpened, PhaseChange))
LAST_TURN = "1779-11"
"""The Campaign Game's last turn, November 1779 (AaM 17.0)."""
NAMES = {"british": "British", "continental": "Continental"}


def judge(action: Action, ctx: Context) -> Iterator[Outcome]:
    """An endeavor out of turn, or the Endeavors Phase left without two passes."""
    if isinstance(action, UnitOpened):
        yield from _opened(action, ctx)
    if isinstance(action, PhaseChange):
        yield from _order(action, ctx)
        yield from _last_turn(action, ctx)
    if isinstance(action, PhaseChange) and action.forward and \
            action.phase in (ADJUSTMENT, LAST_SIEGE) and action.previous == ENDEAVORS:
        if ctx.proc.passes >= 2:
            yield Check.done("AAM-SOP-04")
        else:
            yield Check.illegal("AAM-SOP-04", action.step,
                                f"the Endeavors Phase ended after {ctx.proc.passes} pass(es) "
                                "in a row: it ends only when both players pass "
                                "consecutively (AaM 8.0)",
                                expected="two passes in a row", observed=str(ctx.proc.passes))


def _opened(action: UnitOpened, ctx: Context) -> Iterator[Outcome]:
    side = action.unit.side
    if action.previous is None and action.expected is None:
        if side != BRITISH:
            yield Check.illegal("AAM-SOP-02", action.step,
                                "the Continental player took the turn's first endeavor: the "
                                "British player always conducts the first endeavor of each "
                                "turn (AaM 8.0)", expected="British", observed=NAMES[side])
        else:
            yield Check.done("AAM-SOP-02")
        return
    if action.previous is not None and action.previous.side == side:
        yield Check.illegal("AAM-SOP-03", action.step,
                            f"the {NAMES.get(side, side)} player took two endeavors in a row: "
                            "the players alternate, one endeavor or a pass each (AaM 8.0)",
                            expected=NAMES.get(_other(side), ""), observed=NAMES.get(side, side))
    else:
        yield Check.done("AAM-SOP-03")


def _other(side: str) -> str:
    return "continental" if side == BRITISH else BRITISH


def _order(action: PhaseChange, ctx: Context) -> Iterator[Outcome]:
    if action.previous is not None and not action.forward:
        yield Check.illegal("AAM-SOP-01", action.step,
                            f"the log shows the {_name(action.phase)} after the "
                            f"{_name(action.previous)} in the same turn: the phases run A to F "
                            "(G on the last turn) (AaM 3.0)", observed=_name(action.phase))
    elif action.previous is not None:
        yield Check.done("AAM-SOP-01")
    if action.phase == SIEGE and action.turn is not None and action.previous is None:
        left = [e for e in ctx.state.pieces.values()
                if e[0].kind == "moved" or (e[0].kind == "leader" and e[0].flag == "moved")]
        if left:
            yield Check.reminder("AAM-SOP-05", action.step,
                                 f"a new month began with {len(left)} Moved marker(s) or "
                                 "moved leader(s) still showing: the Adjustment Phase removes "
                                 "every Moved marker and flips every leader to his unmoved "
                                 "side (AaM 3.0F)")
        else:
            yield Check.done("AAM-SOP-05")


def _last_turn(action: PhaseChange, ctx: Context) -> Iterator[Outcome]:
    if action.turn != LAST_TURN or action.phase not in (ADJUSTMENT, LAST_SIEGE):
        return
    sieges = sum(1 for entity, _ in ctx.state.pieces.values() if entity.kind == "siege")
    if action.phase == LAST_SIEGE:
        yield Check.done("AAM-SOP-06")
    elif sieges:
        yield Check.reminder("AAM-SOP-06", action.step,
                             f"November 1779 is the Campaign Game's last turn (AaM 17.0) and "
                             f"{sieges} siege marker(s) are on the map: its Adjustment Phase "
                             "is replaced by a second Siege Resolution Phase (AaM 3.0G)")


def _name(phase: str) -> str:
    return TURN.stage(phase).name
