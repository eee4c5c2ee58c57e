"""The `adjudicator` command line: one module per command, options declared once in
`options`. This package is the only one that imports typer; what a command prints comes
from `adjudicator.report`.

Exit status (`adjudicator.report.exit`): 0 done; 2 bad input (a file that cannot be read,
an unknown game, a bad module, data or binding file), printed as one line on stderr with no
traceback unless `--debug`. `check` also says how much it judged:

- 0: judged (no illegal finding, or illegal findings without `--fail-on-illegal`);
- 1: illegal findings, with `--fail-on-illegal` (`series`, `audit` and `watch --once`:
  what `--fail-on` names was found);
- 2: bad input; for a save or log that cannot be read the sidecars are still written
  (status `unreadable`, the error as their problem);
- 3: not this game: no piece of the game was recognised (another game, or the wrong
  module or binding), so nothing was judged;
- 4: nothing could be checked: the game was recognised but no rule could be checked, or
  the file has no logged steps.

The first that applies wins, in the order 2, 3, 1, 4, 0; with several files (`check
PATHS...`, folders walked), the first that any file has. Whatever else stops a command (its
output closed or full, memory exhausted, a bug) is one line on stderr and status 2, never
a traceback unless `--debug`.

Startup: each command's module is imported only when the command runs
(`adjudicator.cli.lazy`), so `adjudicator --help` loads no game system, report or replay.
"""

from __future__ import annotations

import contextlib
import logging
import os
import sys
from typing import Annotated, NoReturn

import typer

from adjudicator import __version__
from adjudicator.cli.helptext import PlainCommand
from adjudicator.cli.lazy import HELP_OPTIONS, LazyCommand, LazyGroup

COMMANDS = (
    LazyCommand("inspect", "adjudicator.cli.inspect", "inspect",
                "Summarise a VASSAL module, save or log (passwords are never shown; pieces "
                "are shown as VASSAL shows them to the other player unless --reveal)."),
    LazyCommand("series", "adjudicator.cli.series", "series",
                "Order a game's PBEM logs and check each starts where the previous one "
                "ended."),
    LazyCommand("check", "adjudicator.cli.check", "check",
                "Replay each of PATHS, judge every step against the game's rules, write the "
                "report beside it."),
    LazyCommand("watch", "adjudicator.cli.watch", "watch",
                "Watch FOLDER: each .vlog or .vsav that arrives or changes gets its sidecar "
                "reports once it has settled (written in full), beside it or under --out."),
    LazyCommand("audit", "adjudicator.cli.audit", "audit",
                "Check every save and log under PATHS; write their sidecars and one season "
                "summary.", short_help="Check every save and log under PATHS; write their "
                "sidecars and one season summary."),
    LazyCommand("rules", "adjudicator.cli.catalog", "rules",
                "List the game's whole rule catalog: checked, or not checked and why."),
    LazyCommand("schema", "adjudicator.cli.catalog", "schema",
                "Print the JSON Schema of the report that `check` writes, or of `audit`'s "
                "summary."),
    LazyCommand("bind", "adjudicator.cli.catalog", "bind",
                "Draft a binding from module names to game pieces and spaces."),
    LazyCommand("calibrate", "adjudicator.cli.calibrate", "calibrate",
                "Write a page to calibrate a map without a grid: click each place once, "
                "export TOML."),
    LazyCommand("demo", "adjudicator.cli.demo", "demo",
                "Show a bundled PBEM series' continuity (forks, a re-roll) and whole-game "
                "dice, then check the bundled Washington's War example games; reports go "
                "to DIR (the examples ship inside the package: works from any folder after "
                "`pip install`)."),
    LazyCommand("data", "adjudicator.cli.catalog", "data_app",
                "Game data files: facts the rulebook lacks.", group_class="PlainGroup"),
    LazyCommand("odds", "adjudicator.cli.odds", "odds_app",
                "Exact odds of what the rules leave to dice, per game.",
                group_class="OddsGroup"),
)
"""Every command but `version`, imported only when it runs (`adjudicator.cli.lazy`), with
the summary `--help` lists (a test checks each against the command's own)."""


class AdjudicatorGroup(LazyGroup):
    """The `adjudicator` group: its commands load when run."""

    lazy = COMMANDS
    order = ("inspect", "series", "check", "watch", "audit", "rules", "schema", "bind",
             "calibrate", "demo", "version", "data", "odds")


app = typer.Typer(no_args_is_help=True, pretty_exceptions_show_locals=False,
                  add_completion=False, cls=AdjudicatorGroup, rich_markup_mode="markdown",
                  context_settings=dict(HELP_OPTIONS),
                  help="Read VASSAL modules, saves and logs; replay them; check the rules.")
"""Help text is Markdown: a docstring's paragraphs are re-wrapped to the terminal (no hard
line breaks mid-sentence), its first paragraph is the command's one-line summary."""


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
    """Run the command line (library warnings stay in the reports unless --debug), its
    process under the memory ceiling (`adjudicator.ceilings`).

    Whatever escapes a command (memory exhausted where no file was being read, a bug)
    ends as one line on stderr and status 2; `--debug` shows the traceback instead.
    """
    from adjudicator.ceilings import cap_process_memory, over_memory
    from adjudicator.cli.output import OutputError, flush_output, guard_output

    # Pydantic looks for plugins in every installed package's metadata the first time a
    # model is built (some 25 ms of every process); the adjudicator uses none. Set
    # PYDANTIC_DISABLE_PLUGINS (even empty) to have pydantic load them.
    os.environ.setdefault("PYDANTIC_DISABLE_PLUGINS", "__all__")
    debug = "--debug" in sys.argv
    if debug:
        logging.basicConfig(level=logging.DEBUG, format="%(name)s: %(message)s")
    cap_process_memory()
    guard_output()
    try:
        try:
            app()
        finally:
            flush_output()
    except Exception as error:
        if debug:
            raise
        if isinstance(error, OutputError):
            _fail(f"cannot write the output: {error}")
        if isinstance(error, MemoryError):
            _fail(str(over_memory()))
        _fail(f"internal error (a bug: please report it; --debug shows where): "
              f"{type(error).__name__}")


def _fail(line: str) -> NoReturn:
    """End the process with one line on stderr and status 2 (bad input)."""
    with contextlib.suppress(OSError, ValueError):
        sys.stderr.write(f"adjudicator: error: {line}\n")
        sys.stderr.flush()
    raise SystemExit(2)
