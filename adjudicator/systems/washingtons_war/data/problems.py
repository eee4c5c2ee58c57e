"""What can be wrong in a data file, and the error that reports it all at once.

`problems_from` turns pydantic's errors into one-line problems keyed by their field path;
`cross_check` finds references between files that name unknown things.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from pydantic import ValidationError

from adjudicator.errors import GameDataError
from adjudicator.systems.washingtons_war.data.models import WWData
from adjudicator.systems.washingtons_war.data.vocabulary import Box, SpaceId


@dataclass(frozen=True, slots=True)
class DataProblem:
    """One thing wrong in a data file: the key (dotted path) and what is wrong."""

    key: str | None
    message: str


class GameDataProblems(GameDataError):
    """Every problem found in one data file, reported together.

    With one problem, the message and key are that problem's; with several, the message
    lists each with its key.
    """

    def __init__(self, problems: Sequence[DataProblem], *, file: str | Path) -> None:
        self.problems = tuple(problems)
        if len(self.problems) == 1:
            only = self.problems[0]
            super().__init__(only.message, file=file, key=only.key)
        else:
            listed = "; ".join(f"{p.message} (key {p.key})" if p.key else p.message
                               for p in self.problems)
            super().__init__(f"{len(self.problems)} problems: {listed}", file=file)


def _key(loc: Sequence[int | str]) -> str:
    key = ""
    for part in loc:
        key += f"[{part}]" if isinstance(part, int) else (f".{part}" if key else str(part))
    return key


def problems_from(error: ValidationError) -> list[DataProblem]:
    """Pydantic's errors as one-line problems keyed by their field path."""
    problems = []
    for item in error.errors():
        loc = list(item["loc"])
        key = _key(loc) or None
        kind = item["type"]
        bad = item.get("input")
        if kind == "extra_forbidden":
            message = f"unknown key {str(loc[-1])!r}"
        elif kind == "missing":
            message = "required value is missing"
        elif kind in ("int_type", "int_parsing"):
            message = f"must be an integer, got {bad!r}"
        elif kind in ("bool_type", "bool_parsing"):
            message = f"must be true or false, got {bad!r}"
        elif kind == "string_type":
            message = f"must be a string, got {bad!r}"
        elif kind == "enum":
            message = f"must be one of {item.get('ctx', {}).get('expected', '')}, got {bad!r}"
        else:
            message = f"{item['msg'][0].lower()}{item['msg'][1:]}, got {bad!r}"
        problems.append(DataProblem(key, message))
    return problems


def cross_check(data: WWData) -> list[DataProblem]:
    """References between files: connections, set-up and zones name known things."""
    problems: list[DataProblem] = []
    known_places = set(data.spaces) | {box.value for box in Box}
    seen: set[frozenset[SpaceId]] = set()
    for i, c in enumerate(data.connections):
        for end in ("a", "b"):
            if getattr(c, end) not in data.spaces:
                problems.append(DataProblem(f"connections[{i}].{end}",
                                            f"connection names unknown space {getattr(c, end)!r}"))
        if c.ends in seen:
            problems.append(DataProblem(f"connections[{i}]",
                                        f"connection {c.a}-{c.b} is listed twice"))
        seen.add(c.ends)
    for g in data.generals.values():
        if g.start not in known_places:
            problems.append(DataProblem(f"generals.{g.id}.start",
                                        f"general {g.id!r} starts in unknown place {g.start!r}"))
    for i, p in enumerate(data.tables.t1.placements):
        if p.location not in known_places:
            problems.append(DataProblem(f"tables.t1.placements[{i}].location",
                                        f"set-up names unknown place {p.location!r}"))
        problems += [DataProblem(f"tables.t1.placements[{i}].generals",
                                 f"set-up names unknown general {g!r}")
                     for g in p.generals if g not in data.generals]
    for zone, ports in data.tables.t10.zones.items():
        for port in ports:
            space = data.spaces.get(port)
            if space is None or space.blockade_zone is not zone:
                problems.append(DataProblem(f"tables.t10.zones.{zone}",
                                            f"port {port!r} is not a space of zone {zone}"))
    zoned = {port for ports in data.tables.t10.zones.values() for port in ports}
    problems += [DataProblem(f"spaces.{s.id}.port", f"port {s.id!r} is in no zone of T10")
                 for s in data.spaces.values() if s.port and s.id not in zoned]
    return problems
