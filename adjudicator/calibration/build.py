"""`adjudicator calibrate`: seed a module's calibration and write its page.

The binding (the user's, or one drafted from the module) says which piece is which
entity; the game's set-up and the map's at-start stacks seed the points (`seed`); the
module's board image is read from the module with a size cap (`board_image`).
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from adjudicator.binding import Binding, load_binding
from adjudicator.calibration.page import BoardImage, calibration_page
from adjudicator.systems import find_system
from adjudicator.systems.common.calibration_seed import Seeded, pick_map, seed
from vmod_schema.archive import Archive, is_zip
from vmod_schema.buildfile import Module, open_module
from vmod_schema.module import Map

MAX_IMAGE_BYTES = 40_000_000
"""A board image larger than this is left out (the page draws a blank board instead)."""
BLANK_MARGIN = 100
"""Pixels past the farthest at-start stack of a blank board whose size is unknown."""


def board_image(path: Path, map_: Map, seeded: Seeded) -> BoardImage:
    """The map's first board: its size, and its image when the module holds one (within
    `MAX_IMAGE_BYTES`)."""
    board = map_.boards[0] if map_.boards else None
    size = board.size if board is not None else None
    if size is None:
        xs = [point.x for point in seeded.points.values()] + [s.x for s in seeded.stacks]
        ys = [point.y for point in seeded.points.values()] + [s.y for s in seeded.stacks]
        size = (max(xs, default=0) + BLANK_MARGIN, max(ys, default=0) + BLANK_MARGIN)
    name = board.image if board is not None and board.image else ""
    data = b""
    if name and is_zip(path):
        with Archive.open(path) as archive:
            entry = f"images/{name}"
            if archive.has(entry) and archive.size(entry) <= MAX_IMAGE_BYTES:
                data = archive.read(entry, max_bytes=MAX_IMAGE_BYTES)
    return BoardImage(width=size[0], height=size[1], name=name, data=data)


def calibrate(path: Path, game: str, *, data_files: Sequence[Path] = (),
              binding_file: Path | None = None, map_name: str | None = None,
              radius: int = 60) -> tuple[Seeded, str]:
    """The seeded calibration of a module's map and its page's HTML.

    Raises:
        AdjudicatorError: unknown game, bad binding or data file, no such map.
        VassalFormatError: the module cannot be read.
    """
    module: Module = open_module(path)
    system = find_system(game)
    binding: Binding = (load_binding(binding_file) if binding_file is not None
                        else system.draft_binding(module, data_files))
    map_ = pick_map(module, map_name)
    seeded = seed(module, map_, binding, system.set_up(data_files), radius=radius)
    page = calibration_page(seeded, board_image(path, map_, seeded), game=binding.game,
                            module=binding.module or module.name, radius=radius)
    return seeded, page


__all__ = ["MAX_IMAGE_BYTES", "board_image", "calibrate"]
