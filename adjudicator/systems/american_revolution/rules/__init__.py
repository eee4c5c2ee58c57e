"""The American Revolution's rule families, in rulebook order."""

from __future__ import annotations

from adjudicator.systems.american_revolution.rules import (
    expeditions,
    forage,
    initiative,
    interception,
    markers,
    massacre,
    mobilization,
    movement,
    overrun,
    partisans,
    sequence,
    sovereignty,
    unofficial,
    upgrades,
)
from adjudicator.systems.american_revolution.rules.context import Context
from adjudicator.systems.common.rulebook import Dispatch

RULES: Dispatch[Context] = Dispatch((sequence, initiative, markers, mobilization, movement,
                                     partisans, sovereignty, upgrades, interception, expeditions,
                                     overrun, forage, massacre, unofficial))

__all__ = ["RULES"]
