"""`adjudicator series`: a game's PBEM logs in order, and where they do not continue."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from adjudicator.cli.options import DebugOpt, JsonOpt, ModuleOpt, emit_json, user_errors


def series(
    paths: Annotated[list[Path], typer.Argument(
        help="The logs (or saves) of one game, or folders holding them.")],
    module: ModuleOpt = None,
    as_json: JsonOpt = False,
    debug: DebugOpt = False,
) -> None:
    """Order a game's PBEM logs and check each starts where the previous one ended."""
    from adjudicator.replay.series import check_series_files
    from adjudicator.report.text import series_text
    from vmod_schema.buildfile import open_module

    with user_errors(debug):
        definition = open_module(module) if module is not None else None
        report = check_series_files(paths, definition)
    if as_json:
        emit_json(report.model_dump(mode="json", by_alias=True))
    else:
        typer.echo(series_text(report))
