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
    """Check the bundled Washington's War example games and write their reports to DIR
    (shipped inside the package: works from any folder after `pip install`)."""
    from adjudicator.demo import run_demo
    from adjudicator.report.text import report_line

    with user_errors(debug):
        results = run_demo(out)
    for report, written in results:
        typer.echo(report_line(report))
        for sidecar in written:
            typer.echo(f"  wrote {printable_path(sidecar)}")
    typer.echo(f"reports are in {out}/ (open the .md or .html files)")
