"""The `adjudicator` command line: one module per command, options declared once in
`options`. This package is the only one that imports typer; what a command prints comes
from `adjudicator.report`.

Exit status (`adjudicator.report.exit`): 0 done; 2 bad input (a file that cannot be read,
an unknown game, a bad module, data or binding file), printed as one line on stderr with no
traceback unless `--debug`. `check` also says how much it judged:

- 0: judged (no illegal finding, or illegal findings without `--fail-on-illegal`);
- 1: illegal findings, with `--fail-on-illegal` (`series` and `audit`: what `--fail-on`
  names was found);
- 2: bad input; for a save or log that cannot be read the sidecars are still written
  (status `unreadable`, the error as their problem);
- 3: not this game: no piece of the game was recognised (another game, or the wrong
  module or binding), so nothing was judged;
- 4: nothing could be checked: the game was recognised but no rule could be checked, or
  the file has no logged steps.

The first that applies wins, in the order 2, 3, 1, 4, 0.
"""

from __future__ import annotations

import logging
import sys
from collections.abc import Callable
from typing import Annotated

import typer
from typer.core import TyperCommand

from adjudicator import __version__
from adjudicator.cli.audit import audit
from adjudicator.cli.catalog import bind, data_app, rules, schema
from adjudicator.cli.check import check
from adjudicator.cli.demo import demo
from adjudicator.cli.helptext import PlainCommand, PlainGroup
from adjudicator.cli.inspect import inspect
from adjudicator.cli.odds import OddsGroup, odds_app
from adjudicator.cli.series import series
from adjudicator.cli.watch import watch

HELP_OPTIONS = {"help_option_names": ["-h", "--help"]}

app = typer.Typer(no_args_is_help=True, pretty_exceptions_show_locals=False,
                  add_completion=False, cls=PlainGroup, rich_markup_mode="markdown",
                  context_settings=HELP_OPTIONS,
                  help="Read VASSAL modules, saves and logs; replay them; check the rules.")
"""Help text is Markdown: a docstring's paragraphs are re-wrapped to the terminal (no hard
line breaks mid-sentence), its first paragraph is the command's one-line summary."""

SHORT_HELP = {"audit": "Check every save and log under PATHS; write their sidecars and one "
                      "season summary."}
"""Summaries for the command list where a docstring's first paragraph is long."""
COMMANDS: tuple[Callable[..., None], ...] = (inspect, series, check, watch, audit, rules,
                                            schema)

for command in COMMANDS:
    app.command(cls=PlainCommand, short_help=SHORT_HELP.get(command.__name__))(command)
for info in data_app.registered_commands:
    if info.cls is None or info.cls is TyperCommand:
        info.cls = PlainCommand
data_app.rich_markup_mode = "markdown"
app.add_typer(data_app, name="data", cls=PlainGroup, context_settings=HELP_OPTIONS)
app.add_typer(odds_app, name="odds", cls=OddsGroup, context_settings=HELP_OPTIONS)
app.command(cls=PlainCommand)(bind)
app.command(cls=PlainCommand)(demo)


def _print_version(wanted: bool) -> None:
    if wanted:
        typer.echo(f"adjudicator {__version__}")
        raise typer.Exit()


@app.callback()
def _root(
    version: Annotated[bool, typer.Option(
        "--version", "-V", callback=_print_version, is_eager=True,
        help="Print the tool's version and exit.")] = False,
) -> None:
    """Read VASSAL modules, saves and logs; replay them; check the rules."""


@app.command(cls=PlainCommand)
def version() -> None:
    """Print the tool's version."""
    typer.echo(__version__)


def main() -> None:
    """Run the command line (library warnings stay in the reports unless --debug)."""
    if "--debug" in sys.argv:
        logging.basicConfig(level=logging.DEBUG, format="%(name)s: %(message)s")
    app()
