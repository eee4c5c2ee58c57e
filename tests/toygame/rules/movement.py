"""Toy 4.1: "A unit moves to an adjacent space." Toy 4.2: "Units in the Reserve Box enter
on any space." """

from __future__ import annotations

from collections.abc import Iterator

from adjudicator.systems.common.actions import Action
from adjudicator.systems.common.outcomes import Check, Outcome
from adjudicator.systems.common.rulebook import RuleFamily
from tests.toygame.actions import Moved
from tests.toygame.rules.context import Context

FAMILY = RuleFamily("movement", frozenset({"TOY-MOV-01"}), actions=(Moved,))
RESERVE = "reserve"


def judge(action: Action, ctx: Context) -> Iterator[Outcome]:
    """A move between two spaces no line joins."""
    if not isinstance(action, Moved):
        return
    if action.origin == RESERVE or action.destination == RESERVE or ctx.data.adjacent(
            action.origin, action.destination):
        yield Check.done("TOY-MOV-01")
        return
    names = [ctx.data.spaces[key].name for key in (action.origin, action.destination)]
    unit = ctx.data.units[action.unit].name
    yield Check.illegal("TOY-MOV-01", action.step,
                        f"{unit} moved from {names[0]} to {names[1]}, which are not adjacent",
                        spaces=(action.origin, action.destination), pieces=(unit,))
