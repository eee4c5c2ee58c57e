"""Almost a Miracle!'s rule families, in rulebook order (AaM 3 sequence of play to 17
scenarios)."""

from __future__ import annotations

from adjudicator.systems.almost_a_miracle.rules import (
    combat,
    endeavor_types,
    endeavors,
    forts,
    french,
    invasion,
    logistics,
    loyalists,
    major_victory,
    movement,
    phase_order,
    prisoners,
    random_events,
    reinforcements,
    retreat,
    sea_movement,
    sequence,
    setup,
    sieges,
    stacking,
    supply,
    victory,
)
from adjudicator.systems.almost_a_miracle.rules.context import Context
from adjudicator.systems.common.rulebook import Dispatch

RULES: Dispatch[Context] = Dispatch((sequence,
                                     phase_order,
                                     forts, sieges, supply, reinforcements, logistics,
                                     endeavors, endeavor_types, random_events, stacking,
                                     movement, sea_movement, invasion, combat, retreat,
                                     major_victory, loyalists, victory, french, prisoners,
                                     setup))

__all__ = ["RULES"]
