"""The War for America rule families, one module each, every check citing its rule.

Each module declares the catalog ids it judges (`FAMILY`) and a `judge(action, ctx)` that
yields outcomes for the actions it concerns. `judge` here sends each action to the families
that judge its type; coverage is derived from `FAMILIES`, never from a hand-kept list.
"""

from __future__ import annotations

from collections.abc import Iterator

from adjudicator.systems.common.actions import Action
from adjudicator.systems.common.outcomes import Outcome
from adjudicator.systems.common.rulebook import Dispatch, RuleFamily
from adjudicator.systems.war_for_america.rules import (
    activation,
    armies,
    arnold,
    cards,
    caribbean,
    combat,
    command,
    confinement,
    contact,
    continentals,
    control,
    fleet_combat,
    fleets,
    fortifications,
    lakes,
    leaders,
    loss_order,
    loyalists,
    magazines,
    major_victory,
    militia,
    movement,
    political_will,
    retreat,
    sequence,
    special,
    supply,
    tactical,
    transport,
    victory,
    winter,
)
from adjudicator.systems.war_for_america.rules.context import Context

_MODULES = (
    fleets,
    fleet_combat,
    transport,
    magazines,
    fortifications,
    winter,
    supply,
    sequence,
    combat,
    retreat,
    major_victory,
    activation,
    command,
    leaders,
    movement,
    contact,
    confinement,
    control,
    political_will,
    victory,
    continentals,
    militia,
    loyalists,
    armies,
    lakes,
    caribbean,
    special,
    arnold,
    tactical,
    cards,
    loss_order,
)
DISPATCH: Dispatch[Context] = Dispatch(_MODULES)
FAMILIES: tuple[RuleFamily, ...] = DISPATCH.families


def judge(action: Action, ctx: Context) -> Iterator[Outcome]:
    """Every family's outcomes for one action (only families that judge its type)."""
    return DISPATCH.judge(action, ctx)


def judged(action: Action) -> bool:
    """Whether any family judges this type of action."""
    return DISPATCH.judged(action)


__all__ = ["FAMILIES", "judge", "judged"]
