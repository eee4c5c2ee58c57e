"""The expected values of the corpus, read from `../shared/vassal/corpus/MANIFEST.md`.

MANIFEST.md holds the output of an independent probe (counts only) in fenced blocks that
start `== GAME <file>` or `== MODULE <file>`. This module reads those blocks so tests
compare against the manifest itself rather than copies of its numbers.
"""

from __future__ import annotations

import ast
import re
from dataclasses import dataclass, field
from functools import cache
from typing import Any

from tests.conftest import CORPUS

_COUNT_DICT = re.compile(r"^(?P<label>[^:]+):\s+(?P<total>\d+)\s+(?P<dict>\{.*\})\s*$")
_STEPS = re.compile(r"^log steps \(top-level LOG tokens after end_save\): (\d+)")
_PIECES = re.compile(
    r"^pieces at end: (\d+)\s+\(piece=(\d+) stack=(\d+) deck=(\d+) other=(\d+)\)")
_ONMAP = re.compile(
    r"^on-map pieces at end: (\d+)\s+with a location name: (\d+)\s+distinct names: (\d+)")
_CHAT = re.compile(r'^chat lines: (\d+)\s+movement-report lines \(" moves A -> B"\): (\d+)')
_MOVES_AGREE = re.compile(r"^movement reports vs\. computed .*: (\d+) agree, (\d+) disagree")
_OLD = re.compile(r"^stored OldLocationName.*: loc (\d+) agree (\d+) disagree")
_NULLMAP = re.compile(r"^stacked pieces whose own state says map=null.*: (\d+)")
_MODULE_COUNT = re.compile(r"^  (\w+)\s+(\d+)$")
_MAPS = re.compile(r"^maps: (\d+)\s+(.*)$")


@dataclass
class GameExpectation:
    """What the probe found in one save or log."""

    name: str
    restore_commands: dict[str, int] = field(default_factory=dict)
    after_commands: dict[str, int] = field(default_factory=dict)
    steps: int | None = None
    pieces: dict[str, int] = field(default_factory=dict)
    trait_ids: dict[str, int] = field(default_factory=dict)
    maps_referenced: dict[str, int] = field(default_factory=dict)
    on_map: tuple[int, int, int] | None = None
    top_locations: list[tuple[str, int]] = field(default_factory=list)
    unresolved: dict[str, int] = field(default_factory=dict)
    chat_lines: int | None = None
    movement_reports: int | None = None
    movement_agree: tuple[int, int] | None = None
    old_location_agree: tuple[int, int] | None = None
    stacked_null_map: int = 0
    board_selections: dict[str, list[str]] = field(default_factory=dict)


@dataclass
class ModuleExpectation:
    """What the probe found in one module definition."""

    name: str
    maps: int = 0
    map_names: list[str] = field(default_factory=list)
    counts: dict[str, int] = field(default_factory=dict)


def _literal(text: str) -> Any:
    return ast.literal_eval(text.strip())


def _trait_ids(line: str) -> dict[str, int]:
    # "    macro; 17258, setprop; 6504, ..., stack 1399, ..." (ids keep their ';')
    counts: dict[str, int] = {}
    for item in re.finditer(r"([A-Za-z0-9]+;?) (\d+)", line):
        counts[item.group(1)] = int(item.group(2))
    return counts


@cache
def expectations() -> tuple[dict[str, GameExpectation], dict[str, ModuleExpectation]]:
    """Parse MANIFEST.md into per-game and per-module expectations, keyed by file name."""
    games: dict[str, GameExpectation] = {}
    modules: dict[str, ModuleExpectation] = {}
    lines = (CORPUS / "MANIFEST.md").read_text(encoding="utf-8").splitlines()
    game: GameExpectation | None = None
    module: ModuleExpectation | None = None
    section = ""
    previous = ""
    for line in lines:
        if line.startswith("### "):
            section = line[4:].strip()
        if line.startswith("== GAME "):
            game, module = GameExpectation(line[8:].strip()), None
            games[game.name] = game
        elif line.startswith("== MODULE "):
            module, game = ModuleExpectation(section), None
            modules[section] = module
        if module is not None:
            _read_module_line(module, line)
        if game is not None:
            _read_game_line(game, line, previous)
        previous = line
    return games, modules


def _read_module_line(module: ModuleExpectation, line: str) -> None:
    if (match := _MAPS.match(line)) is not None:
        module.maps = int(match.group(1))
        names = re.finditer(r"([^,\[]+)\[\w+\]", match.group(2))
        module.map_names = [m.group(1).strip() for m in names]
    elif line.startswith("boards: "):
        module.counts["Board"] = int(line.split(":")[1])
    elif (match := _MODULE_COUNT.match(line)) is not None:
        module.counts[match.group(1)] = int(match.group(2))


def _read_game_line(game: GameExpectation, line: str, previous: str) -> None:
    if line.startswith("commands begin_save..end_save:"):
        game.restore_commands = _literal(line.split("  ", 1)[1])
    elif line.startswith("commands after end_save:"):
        game.after_commands = _literal(line.split("  ", 1)[1])
    elif (match := _STEPS.match(line)) is not None:
        game.steps = int(match.group(1))
    elif (match := _PIECES.match(line)) is not None:
        names = ("total", "piece", "stack", "deck", "other")
        game.pieces = dict(zip(names, map(int, match.groups()), strict=True))
    elif previous.startswith("trait ids over all AddPiece commands"):
        game.trait_ids = _trait_ids(line)
    elif line.startswith("maps referenced by pieces at end:"):
        game.maps_referenced = _literal(line.split(":", 1)[1])
    elif (match := _ONMAP.match(line)) is not None:
        game.on_map = (int(match.group(1)), int(match.group(2)), int(match.group(3)))
    elif line.startswith("top locations:"):
        game.top_locations = _literal(line.split(":", 1)[1])
    elif line.startswith("unresolved:"):
        game.unresolved = _literal(line.split(":", 1)[1])
    elif (match := _CHAT.match(line)) is not None:
        game.chat_lines, game.movement_reports = int(match.group(1)), int(match.group(2))
    elif (match := _MOVES_AGREE.match(line)) is not None:
        game.movement_agree = (int(match.group(1)), int(match.group(2)))
    elif (match := _OLD.match(line)) is not None:
        game.old_location_agree = (int(match.group(1)), int(match.group(2)))
    elif (match := _NULLMAP.match(line)) is not None:
        game.stacked_null_map = int(match.group(1))
    elif line.startswith("board selections at end:"):
        game.board_selections = _literal(line.split(":", 1)[1])


def game_expectation(name: str) -> GameExpectation:
    """The probe's expectations for the corpus game with this file name."""
    return expectations()[0][name]


def module_expectation(folder: str) -> ModuleExpectation:
    """The probe's expectations for a module, by its corpus folder (e.g. `PathsOfGlory`)."""
    return expectations()[1][folder]
