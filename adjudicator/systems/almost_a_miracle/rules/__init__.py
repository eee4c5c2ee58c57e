"""Almost a Miracle!'s rule families, in rulebook order (AaM 8 endeavors and activation)."""

from __future__ import annotations

from adjudicator.systems.almost_a_miracle.rules import (
    combat,
    endeavor_types,
    endeavors,
    french,
    logistics,
    loyalists,
    major_victory,
    prisoners,
    random_events,
    reinforcements,
    retreat,
    sequence,
    setup,
    supply,
    victory,
)
from adjudicator.systems.almost_a_miracle.rules.context import Context
from adjudicator.systems.common.rulebook import Dispatch

RULES: Dispatch[Context] = Dispatch((sequence, supply, logistics, endeavors, endeavor_types,
                                     random_events, reinforcements, loyalists, victory,
                                     french, prisoners, setup, combat, retreat,
                                     major_victory))

__all__ = ["RULES"]
