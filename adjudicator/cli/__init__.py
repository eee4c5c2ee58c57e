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

import typer

from adjudicator import __version__
from adjudicator.cli.audit import audit
from adjudicator.cli.catalog import bind, data_app, rules, schema
from adjudicator.cli.check import check
from adjudicator.cli.demo import demo
from adjudicator.cli.inspect import inspect
from adjudicator.cli.odds import odds
from adjudicator.cli.series import series
from adjudicator.cli.watch import watch

app = typer.Typer(no_args_is_help=True, pretty_exceptions_show_locals=False,
                  add_completion=False,
                  help="Read VASSAL modules, saves and logs; replay them; check the rules.")

app.command()(inspect)
app.command()(series)
app.command()(check)
app.command()(watch)
app.command()(audit)
app.command()(rules)
app.command()(odds)
app.command()(schema)
app.add_typer(data_app, name="data")
app.command()(bind)
app.command()(demo)


@app.command()
def version() -> None:
    """Print the tool's version."""
    typer.echo(__version__)


def main() -> None:
    """Run the command line (library warnings stay in the reports unless --debug)."""
    if "--debug" in sys.argv:
        logging.basicConfig(level=logging.DEBUG, format="%(name)s: %(message)s")
    app()
