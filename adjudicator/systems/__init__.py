"""Game systems: one package per game, listed in one literal registry of data.

Adding a game means adding its package and one line to `SYSTEMS`; nothing registers
itself on import. A line holds what names the game (its id, aliases and module names) and
where its class lives, so finding a game imports its package and no other: checking a
Washington's War file never imports War for America (issue 24). Each line's data is the
class's own declaration (a test holds them equal).
"""

from __future__ import annotations

import gc
import importlib
import re
import sys
from dataclasses import dataclass
from typing import TYPE_CHECKING

from adjudicator.errors import UnknownGameError
from vmod_schema.collection import paused_collection

if TYPE_CHECKING:
    from adjudicator.systems.common.system import GameSystem


@dataclass(frozen=True, slots=True)
class GameEntry:
    """One line of the registry: the names of a game, and its class as `module:Class`,
    imported only when the game is asked for."""

    id: str
    aliases: tuple[str, ...]
    module_names: tuple[str, ...]
    """Folded module names (`fold_name`) that identify the game."""
    target: str
    """The game's class: `adjudicator.systems.washingtons_war:WashingtonsWar`."""

    @classmethod
    def of(cls, system: type[GameSystem]) -> GameEntry:
        """The line of a class already imported (a game defined elsewhere, as in tests)."""
        return cls(system.id, system.aliases, system.module_names,
                   f"{system.__module__}:{system.__qualname__}")

    def names(self, wanted: str) -> bool:
        """Whether `wanted` (case-folded) is this game's id or one of its aliases."""
        return wanted == self.id or wanted in self.aliases

    def load(self) -> type[GameSystem]:
        """The game's class, its package imported now (once: Python keeps modules).

        An import makes objects that live as long as the process (classes, functions,
        tables); the cyclic collector would walk them again at every full collection, for
        nothing. So it is paused while the package is imported, and what is then alive is
        frozen out of its way (`gc.freeze`: once per game and process)."""
        module, _, name = self.target.partition(":")
        first = module not in sys.modules
        with paused_collection():
            system: type[GameSystem] = getattr(importlib.import_module(module), name)
        if first:
            gc.freeze()
        return system


SYSTEMS: tuple[GameEntry, ...] = (
    GameEntry("ww", ("washingtons-war", "washingtons_war", "washington's war"),
              ("washingtons war",), "adjudicator.systems.washingtons_war:WashingtonsWar"),
    GameEntry("wfa", ("war-for-america", "war_for_america", "war for america", "warforamerica"),
              ("war for america",), "adjudicator.systems.war_for_america:WarForAmerica"),
    GameEntry("ar", ("american-revolution", "american_revolution", "the american revolution",
                     "st270", "s&t 270"),
              ("the american revolution", "american revolution decision in north america"),
              "adjudicator.systems.american_revolution:AmericanRevolution"),
    GameEntry("aam", ("almost-a-miracle", "almost_a_miracle", "almost a miracle"),
              ("almost a miracle",), "adjudicator.systems.almost_a_miracle:AlmostAMiracle"),
)
"""Every game the adjudicator knows, one line each, in the order they are listed."""


def every_system() -> tuple[type[GameSystem], ...]:
    """Every registered game's class, each package imported: for what lists all games
    (`odds`, the snapshot of reports, tests), never for checking one file."""
    return tuple(entry.load() for entry in SYSTEMS)


def find_system(name: str) -> GameSystem:
    """The game system with this id or alias (case-insensitive); only its package is
    imported.

    Raises:
        UnknownGameError: no such game; the message lists the known ids.
    """
    wanted = name.casefold()
    for entry in SYSTEMS:
        if entry.names(wanted):
            return entry.load()()
    known = ", ".join(entry.id for entry in SYSTEMS)
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
    None when no system claims it (the file is still read and reported). Only the package
    of the game recognised is imported."""
    if not module_name:
        return None
    folded = f" {fold_name(module_name)} "
    for entry in SYSTEMS:
        if any(f" {name} " in folded for name in entry.module_names):
            return entry.load()()
    return None
