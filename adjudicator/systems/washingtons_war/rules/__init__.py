"""The Washington's War rule families, one module each, every check citing its rule.

Each module declares the catalog ids it judges (`FAMILY`) and a `judge(action, ctx)`
that yields outcomes for the actions it concerns. `judge` here sends each action to every
family; coverage is derived from `FAMILIES`, never from a hand-kept list.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator

from adjudicator.systems.common.actions import Action
from adjudicator.systems.common.outcomes import Outcome
from adjudicator.systems.common.rulebook import RuleFamily
from adjudicator.systems.washingtons_war.rules import (
    activation,
    cards,
    movement,
    political_control,
    reactions,
    reinforcements,
)
from adjudicator.systems.washingtons_war.rules.context import Context

_MODULES = (cards, activation, movement, reactions, reinforcements, political_control)
FAMILIES: tuple[RuleFamily, ...] = tuple(module.FAMILY for module in _MODULES)
_JUDGES: tuple[Callable[[Action, Context], Iterator[Outcome]], ...] = tuple(
    module.judge for module in _MODULES)


def judge(action: Action, ctx: Context) -> Iterator[Outcome]:
    """Every family's outcomes for one action."""
    for family_judge in _JUDGES:
        yield from family_judge(action, ctx)


__all__ = ["FAMILIES", "judge"]
