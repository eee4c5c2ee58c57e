"""Almost a Miracle!'s rule families, in rulebook order (AaM 8 endeavors and activation)."""

from __future__ import annotations

from adjudicator.systems.almost_a_miracle.rules import (
    endeavor_types,
    endeavors,
    french,
    invasion,
    logistics,
    loyalists,
    movement,
    prisoners,
    random_events,
    reinforcements,
    sea_movement,
    sequence,
    setup,
    stacking,
    supply,
    victory,
)
from adjudicator.systems.almost_a_miracle.rules.context import Context
from adjudicator.systems.common.rulebook import Dispatch

RULES: Dispatch[Context] = Dispatch((sequence, supply, logistics, endeavors, endeavor_types,
                                     random_events, reinforcements, loyalists, victory,
                                     french, prisoners, setup, stacking, movement,
                                     sea_movement, invasion))

__all__ = ["RULES"]
