"""The American Revolution's rule families, in rulebook order."""

from __future__ import annotations

from adjudicator.systems.american_revolution.rules import (
    combat,
    forced_march,
    initiative,
    leaders,
    markers,
    mobilization,
    movement,
    sequence,
)
from adjudicator.systems.american_revolution.rules.context import Context
from adjudicator.systems.common.rulebook import Dispatch

RULES: Dispatch[Context] = Dispatch((sequence, initiative, markers, mobilization, movement,
                                     forced_march, combat, leaders))

__all__ = ["RULES"]
