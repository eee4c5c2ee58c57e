"""The American Revolution's rule families, in rulebook order (AR 3 victory, 5 sequence,
6 political points, 7 campaign markers, 8 initiative, 9-12 rabble rousing and the tracks,
13 mobilization, 15 stacking, 16-17 movement and forced march, 18 combat, 19-21 supply,
enlistment and leaders, 24-27 fleets and alliances, 4 set-up; then the optional rules,
AR 28-39)."""

from __future__ import annotations

from adjudicator.systems.american_revolution.rules import (
    combat,
    expeditions,
    forage,
    forced_march,
    initiative,
    interception,
    leaders,
    markers,
    massacre,
    mobilization,
    movement,
    overrun,
    partisans,
    political,
    sequence,
    sovereignty,
    unofficial,
    upgrades,
    victory,
)
from adjudicator.systems.american_revolution.rules.context import Context
from adjudicator.systems.common.rulebook import Dispatch

RULES: Dispatch[Context] = Dispatch((
    victory,
    sequence,
    political,
    markers,
    initiative,
    mobilization,
    movement,
    forced_march,
    combat,
    leaders,
    partisans,
    sovereignty,
    upgrades,
    interception,
    expeditions,
    overrun,
    forage,
    massacre,
    unofficial,
))

__all__ = ["RULES"]
