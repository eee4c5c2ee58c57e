"""Almost a Miracle!'s rule families, in rulebook order (AaM 8 endeavors and activation)."""

from __future__ import annotations

from adjudicator.systems.almost_a_miracle.rules import (
    endeavor_types,
    endeavors,
    forts,
    french,
    logistics,
    loyalists,
    prisoners,
    random_events,
    reinforcements,
    sequence,
    setup,
    sieges,
    supply,
    victory,
)
from adjudicator.systems.almost_a_miracle.rules.context import Context
from adjudicator.systems.common.rulebook import Dispatch

RULES: Dispatch[Context] = Dispatch((sequence, forts, sieges, supply, logistics, endeavors,
                                     endeavor_types, random_events, reinforcements, loyalists,
                                     victory, french, prisoners, setup))

__all__ = ["RULES"]
