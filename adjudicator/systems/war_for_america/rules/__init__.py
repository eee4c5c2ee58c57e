"""The War for America rule families, one module each, every check citing its rule.

Each module declares the catalog ids it judges (`FAMILY`) and a `judge(action, ctx)` that
yields outcomes for the actions it concerns. `RULES` sends each action to the families that
judge its type, in the order listed (the order in which one action's findings are
reported); coverage is derived from its families, never from a hand-kept list.
"""

from __future__ import annotations

from adjudicator.systems.common.rulebook import Dispatch
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

RULES: Dispatch[Context] = Dispatch((
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
))

__all__ = ["RULES"]
