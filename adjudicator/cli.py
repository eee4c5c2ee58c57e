"""The `adjudicator` command line (only this module imports typer or prints)."""

from __future__ import annotations

import typer

app = typer.Typer(no_args_is_help=True, pretty_exceptions_show_locals=False)


@app.command()
def version() -> None:
    """Print the tool's version."""
    from adjudicator import __version__

    typer.echo(__version__)


def main() -> None:
    """Run the command line."""
    app()
