"""Toy 3.1: "Red moves first. Then the sides alternate, one move each, until the turn
ends." """

from __future__ import annotations

from collections.abc import Iterator

from adjudicator.systems.common.actions import Action
from adjudicator.systems.common.outcomes import Check, Outcome
from adjudicator.systems.common.rulebook import RuleFamily
from adjudicator.systems.common.sequencer import UnitOpened
from tests.toygame.procedure import RED
from tests.toygame.rules.context import Context

FAMILY = RuleFamily("sequence", frozenset({"TOY-SEQ-01"}), positional=frozenset(),
                    actions=(UnitOpened,))


def judge(action: Action, ctx: Context) -> Iterator[Outcome]:
    """A move out of turn: a side moving twice in a row, or Blue opening a turn."""
    if not isinstance(action, UnitOpened):
        return
    previous, side = action.previous, action.unit.side
    if previous is not None and previous.side == side:
        yield Check.illegal("TOY-SEQ-01", action.step,
                            f"{side} moved twice in a row: the other side's move was due",
                            expected="the other side", observed=side)
    elif previous is None and side != RED:
        yield Check.illegal("TOY-SEQ-01", action.step, f"{side} moved first: Red moves "
                            "first each turn", expected=RED, observed=side)
    else:
        yield Check.done("TOY-SEQ-01")
