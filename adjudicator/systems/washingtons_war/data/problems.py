"""What can be wrong between the Washington's War data files: `cross_check` finds
references that name unknown things. The problem records and their error are the toolkit's
(`adjudicator.systems.common.datafiles`), re-exported here."""

from __future__ import annotations

from adjudicator.systems.common.datafiles import DataProblem, GameDataProblems, problems_from
from adjudicator.systems.washingtons_war.data.models import WWData
from adjudicator.systems.washingtons_war.data.vocabulary import Box, SpaceId


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


__all__ = ["DataProblem", "GameDataProblems", "cross_check", "problems_from"]
