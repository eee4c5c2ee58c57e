"""`adjudicator calibrate`: the calibration page of a module whose map has no grid."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from adjudicator.cli.options import BindingOpt, DataOpt, DebugOpt, GameOpt, user_errors


def calibrate(
    module: Annotated[Path, typer.Argument(
        metavar="MODULE", help="The module (.vmod or buildFile).")],
    game: GameOpt,
    data: DataOpt = None,
    binding: BindingOpt = None,
    map_name: Annotated[str | None, typer.Option(
        "--map", metavar="MAP", help="The map to calibrate (default: the one with the most "
        "at-start stacks).")] = None,
    radius: Annotated[int, typer.Option(
        "--radius", min=1, max=10_000, metavar="PIXELS",
        help="Capture radius of each point, in map pixels.")] = 60,
    out: Annotated[Path | None, typer.Option(
        "--out", "-o", metavar="FILE", help="The page to write (default: MODULE's name "
        "with .calibration.html, in the current folder).")] = None,
    debug: DebugOpt = False,
) -> None:
    """Write a page to calibrate a map without a grid: click each place once, export TOML.

    The places where the module's at-start stacks stand are seeded from the game's set-up;
    the page shows them on the module's board image. Give the exported file to `bind
    --calibration`.
    """
    from adjudicator.calibration.build import calibrate as build
    from adjudicator.ceilings import one_file

    target = out or Path(f"{module.stem}.calibration.html")
    with user_errors(debug), one_file(module):
        seeded, page = build(module, game, data_files=data or [], binding_file=binding,
                             map_name=map_name, radius=radius)
        target.write_text(page, encoding="utf-8")
    typer.echo(f"wrote {target}: {len(seeded.points)} places seeded from at-start stacks, "
               f"{len(seeded.remaining)} to click, {len(seeded.stacks)} at-start stacks "
               f"unassigned")
