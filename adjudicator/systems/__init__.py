"""Game systems: one package per game, listed in one literal registry.

Adding a game means adding its package and one line to `SYSTEMS`; nothing registers
itself on import.
"""

from __future__ import annotations

import re

from adjudicator.errors import UnknownGameError
from adjudicator.systems.almost_a_miracle import AlmostAMiracle
from adjudicator.systems.american_revolution import AmericanRevolution
from adjudicator.systems.common.system import GameSystem
from adjudicator.systems.war_for_america import WarForAmerica
from adjudicator.systems.washingtons_war import WashingtonsWar

SYSTEMS: tuple[type[GameSystem], ...] = (WashingtonsWar, WarForAmerica, AmericanRevolution,
                                          AlmostAMiracle)


def find_system(name: str) -> GameSystem:
    """The game system with this id or alias (case-insensitive).

    Raises:
        UnknownGameError: no such game; the message lists the known ids.
    """
    wanted = name.casefold()
    for system in SYSTEMS:
        if wanted == system.id or wanted in system.aliases:
            return system()
    known = ", ".join(system.id for system in SYSTEMS)
    raise UnknownGameError(f"unknown game {name!r}; known games: {known}")


def fold_name(name: str) -> str:
    """A module name folded for matching: lower case, apostrophes dropped, runs of other
    punctuation as one space (`Washington's War (fixture)` → `washingtons war fixture`).

    >>> fold_name("Washington's_War v2.1")
    'washingtons war v2 1'
    """
    text = re.sub(r"['’`]", "", name.casefold())
    return " ".join(re.split(r"[^0-9a-z]+", text)).strip()


def recognise_system(module_name: str | None) -> GameSystem | None:
    """The game system whose module this is, by the module name a save's metadata gives;
    None when no system claims it (the file is still read and reported)."""
    if not module_name:
        return None
    folded = f" {fold_name(module_name)} "
    for system in SYSTEMS:
        if any(f" {name} " in folded for name in system.module_names):
            return system()
    return None
