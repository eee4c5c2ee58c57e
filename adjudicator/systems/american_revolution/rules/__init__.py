"""The American Revolution's rule families, in rulebook order."""

from __future__ import annotations

from adjudicator.systems.american_revolution.rules import (
    fleets,
    initiative,
    markers,
    mobilization,
    movement,
    sequence,
    setup,
    stacking,
)
from adjudicator.systems.american_revolution.rules.context import Context
from adjudicator.systems.common.rulebook import Dispatch

RULES: Dispatch[Context] = Dispatch((setup, sequence, initiative, markers, mobilization,
                                     stacking, movement, fleets))

__all__ = ["RULES"]
