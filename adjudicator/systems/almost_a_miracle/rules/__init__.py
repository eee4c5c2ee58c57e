"""Almost a Miracle!'s rule families, in rulebook order (AaM 8 endeavors and activation)."""

from __future__ import annotations

from adjudicator.systems.almost_a_miracle.rules import (
    combat,
    endeavors,
    major_victory,
    retreat,
    sequence,
)
from adjudicator.systems.almost_a_miracle.rules.context import Context
from adjudicator.systems.common.rulebook import Dispatch

RULES: Dispatch[Context] = Dispatch((sequence, endeavors, combat, retreat, major_victory))

__all__ = ["RULES"]
