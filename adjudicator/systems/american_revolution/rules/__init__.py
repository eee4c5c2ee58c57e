"""The American Revolution's rule families, in rulebook order."""

from __future__ import annotations

from adjudicator.systems.american_revolution.rules import (
    action_markers,
    end_of_turn,
    enlistment,
    initiative,
    markers,
    mobilization,
    movement,
    sequence,
    supply,
)
from adjudicator.systems.american_revolution.rules.context import Context
from adjudicator.systems.common.rulebook import Dispatch

RULES: Dispatch[Context] = Dispatch((sequence, initiative, markers, mobilization, movement))
RULES = Dispatch((*RULES.modules, action_markers))
RULES = Dispatch((*RULES.modules, supply))
RULES = Dispatch((*RULES.modules, enlistment))
RULES = Dispatch((*RULES.modules, end_of_turn))

__all__ = ["RULES"]
