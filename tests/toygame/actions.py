"""Skirmish's actions: what its interpreter makes of the log's steps."""

from __future__ import annotations

from dataclasses import dataclass

from adjudicator.systems.common.actions import Action
from adjudicator.systems.common.sequencer import UnitTaken


@dataclass(frozen=True, slots=True, kw_only=True)
class Moved(UnitTaken):
    """A unit moved from one place to another: its side's move (Toy 3.1)."""

    unit: str
    origin: str
    """The space id it left, or `reserve` (the Reserve Box)."""
    destination: str


@dataclass(frozen=True, slots=True, kw_only=True)
class Battle(Action):
    """A unit entered a space the enemy holds (Toy 5.1)."""

    space: str
    attackers: tuple[str, ...]
    defenders: tuple[str, ...]
