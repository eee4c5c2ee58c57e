"""Game systems: one package per game, listed in one literal registry.

Adding a game means adding its package and one line to `SYSTEMS`; nothing registers
itself on import.
"""

from __future__ import annotations

from adjudicator.errors import UnknownGameError
from adjudicator.systems.base import GameSystem
from adjudicator.systems.washingtons_war import WashingtonsWar

SYSTEMS: tuple[type[GameSystem], ...] = (WashingtonsWar,)


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
