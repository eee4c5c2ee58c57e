"""Toy 4.3: "No more than two units may be in a space." """

from __future__ import annotations

from collections.abc import Iterator

from adjudicator.systems.common.actions import Action
from adjudicator.systems.common.outcomes import Check, Outcome
from adjudicator.systems.common.rulebook import RuleFamily
from tests.toygame.actions import Moved
from tests.toygame.rules.context import Context

FAMILY = RuleFamily("stacking", frozenset({"TOY-STK-01"}), actions=(Moved,))
LIMIT = 2


def judge(action: Action, ctx: Context) -> Iterator[Outcome]:
    """A move that leaves more than two units in its destination (the Reserve Box holds
    any number)."""
    if not isinstance(action, Moved) or action.destination not in ctx.data.spaces or (
            action.destination == "reserve"):
        return
    units = ctx.state.units_in(action.destination)
    if len(units) > LIMIT:
        yield Check.illegal("TOY-STK-01", action.step,
                            f"{len(units)} units in {ctx.data.spaces[action.destination].name}"
                            f": no more than {LIMIT} may be in a space",
                            spaces=(action.destination,))
    else:
        yield Check.done("TOY-STK-01")
