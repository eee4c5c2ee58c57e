"""`adjudicator demo`: check the bundled example games."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from adjudicator.cli.options import DebugOpt, user_errors
from vmod_schema.files import printable_path


def demo(
    out: Annotated[Path, typer.Option(
        "--out", "-o", metavar="DIR", help="Folder for the demo reports.")]
    = Path("adjudicator-demo"),
    debug: DebugOpt = False,
) -> None:
    """Show a bundled PBEM series' continuity (forks, a re-roll) and whole-game dice, then
    check the bundled Washington's War example games; reports go to DIR (the examples ship
    inside the package: works from any folder after `pip install`)."""
    from adjudicator.demo import SERIES_FOLDER, run_demo, run_series_demo
    from adjudicator.report.text import report_line

    with user_errors(debug):
        series_found, series_written = run_series_demo(out)
        results = run_demo(out)
    typer.echo("A PBEM series: The American Revolution's After Action Report mailed as one "
               "log per turn, with a turn sent twice and a roll taken back "
               f"(adjudicator series {out}/{SERIES_FOLDER}):")
    for line in series_found.lines():
        typer.echo(f"  {line}")
    for series_file in series_written:
        typer.echo(f"  wrote {printable_path(series_file)}")
    typer.echo("")
    typer.echo("Washington's War games checked against the rules:")
    for report, written in results:
        typer.echo(report_line(report))
        for sidecar in written:
            typer.echo(f"  wrote {printable_path(sidecar)}")
    typer.echo(f"reports are in {out}/ (open the .md or .html files)")
