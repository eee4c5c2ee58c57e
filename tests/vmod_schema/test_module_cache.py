"""A process that checks many files of one game reads its module once and remembers where
points are, and still sees a module file that changed (issue 12)."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

from vmod_schema.buildfile import open_module, open_module_once
from vmod_schema.locations import LocationResolver, shared_resolver

EXAMPLE = Path(__file__).resolve().parents[2] / "fixtures" / "example" / "example.vmod"


def test_a_module_is_read_once_until_its_file_changes(tmp_path: Path) -> None:
    copy = tmp_path / "game.vmod"
    shutil.copyfile(EXAMPLE, copy)
    first = open_module_once(copy)
    assert open_module_once(copy) is first
    copy.write_bytes(copy.read_bytes() + b"\0")  # another size: another module file
    os.utime(copy, ns=(1, 1))
    changed = open_module_once(copy)
    assert changed is not first and changed.name == first.name


def test_one_resolver_per_module_answers_as_a_fresh_one() -> None:
    module = open_module(EXAMPLE)
    shared = shared_resolver(module)
    assert shared_resolver(module) is shared
    assert shared_resolver(open_module(EXAMPLE)) is not shared
    fresh = LocationResolver(module)
    map_id = module.maps[0].identifier
    points = [(x, y) for x in range(0, 900, 37) for y in range(0, 700, 41)]
    for x, y in points * 2:  # the second pass is answered from memory
        assert shared.locate(map_id, x, y) == fresh.locate(map_id, x, y)
    assert {shared.resolve(map_id, x, y) for x, y in points} - {"offboard"}
