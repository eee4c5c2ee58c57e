"""Skirmish's rule families, in rulebook order."""

from __future__ import annotations

from adjudicator.systems.common.rulebook import Dispatch
from tests.toygame.rules import battle, movement, sequence, stacking
from tests.toygame.rules.context import Context

RULES: Dispatch[Context] = Dispatch((sequence, movement, stacking, battle))

__all__ = ["RULES"]
