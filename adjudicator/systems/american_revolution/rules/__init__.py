"""The American Revolution's rule families, in rulebook order."""

from __future__ import annotations

from adjudicator.systems.american_revolution.rules import (
    initiative,
    markers,
    mobilization,
    movement,
    political,
    rabble,
    sequence,
    tracks,
    victory,
)
from adjudicator.systems.american_revolution.rules.context import Context
from adjudicator.systems.common.rulebook import Dispatch

RULES: Dispatch[Context] = Dispatch((
    victory,
    sequence,
    political,
    initiative, markers, mobilization, movement,
    rabble, tracks))

__all__ = ["RULES"]
