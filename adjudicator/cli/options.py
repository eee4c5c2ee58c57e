"""What every command shares: its options (declared once), the error guard and output.

Commands import their working code inside the command function, so that running one
command loads only what it needs.
"""

from __future__ import annotations

import json
import os
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Annotated

import typer

from adjudicator.errors import AdjudicatorError
from vmod_schema.errors import VassalFormatError

BAD_INPUT = 2
"""`adjudicator.report.exit.ExitStatus.BAD_INPUT`, without importing the report package
(every command imports this module; not every command writes a report)."""

DebugOpt = Annotated[bool, typer.Option("--debug", help="Show a traceback on errors.")]
JsonOpt = Annotated[bool, typer.Option("--json", help="Print one JSON object on stdout.")]
ModuleOpt = Annotated[Path | None, typer.Option(
    "--module", "-m", metavar="FILE",
    help="The game's module (.vmod or buildFile) to name locations with.")]
GameOpt = Annotated[str, typer.Option("--game", "-g", metavar="GAME",
                                      help="Game id: ww (Washington's War).")]
MaybeGameOpt = Annotated[str | None, typer.Option(
    "--game", "-g", metavar="GAME",
    help="Game id (ww); default: the folder's adjudicator.toml, else "
    "recognised from the module named in each file.")]
DataOpt = Annotated[list[Path] | None, typer.Option(
    "--data", "-d", metavar="FILE", help="A data file with facts the rulebook lacks (repeatable).")]
OptionOpt = Annotated[list[str] | None, typer.Option(
    "--option", metavar="RULE", help="An optional rule of the game in use (repeatable; "
    "`adjudicator rules GAME` lists them). The others are reported as not in use.")]
BindingOpt = Annotated[Path | None, typer.Option(
    "--binding", "-b", metavar="FILE", help="Binding file (see `adjudicator bind`).")]
OutOpt = Annotated[Path | None, typer.Option(
    "--out", "-o", metavar="DIR", help="Write the sidecars here instead of beside each file.")]
FormatOpt = Annotated[str, typer.Option(
    "--format", "-f", metavar="FORMATS",
    help="Report formats, comma-separated: json,md,html,discord (discord: the Markdown "
    "summary alone, sized for one Discord message).")]
DiceOpt = Annotated[list[str] | None, typer.Option(
    "--dice", metavar="PRESET",
    help="Read dice from chat with a preset's patterns (repeatable), e.g. vasl.")]
DicePatternsOpt = Annotated[Path | None, typer.Option(
    "--dice-patterns", metavar="FILE",
    help="A TOML file of chat dice patterns (regexes with named groups "
    "player, label, dice).")]
CacheOpt = Annotated[Path | None, typer.Option(
    "--cache", metavar="DIR", help="Report cache folder (default: ~/.cache/vassal-adjudicator).")]
JobsOpt = Annotated[int | None, typer.Option(
    "--jobs", "-j", min=0, metavar="N",
    help="Worker processes (default: up to 4; 0: in this process).")]
RevealOpt = Annotated[bool, typer.Option(
    "--reveal", help="Show hidden information: masked and invisible pieces by name, the "
    "cards in each hand (for a referee both players trust). By default pieces are shown "
    "as VASSAL shows them to the other player.")]
FullPathsOpt = Annotated[bool, typer.Option(
    "--full-paths", help="Name files in reports by their full paths (default: by name, so "
    "the folders above them, e.g. your home folder, stay out of reports you share).")]
ConfigOpt = Annotated[Path | None, typer.Option(
    "--config", metavar="FILE",
    help="A folder configuration (default: adjudicator.toml in the folder).")]


def default_jobs() -> int:
    """Worker processes by default: the CPUs, at most 4."""
    return max(1, min(4, os.cpu_count() or 1))


@contextmanager
def user_errors(debug: bool) -> Iterator[None]:
    """Turn a library error into one line on stderr and exit status 2."""
    try:
        yield
    except (VassalFormatError, AdjudicatorError) as error:
        if debug:
            raise
        typer.echo(f"adjudicator: error: {error}", err=True)
        raise typer.Exit(BAD_INPUT) from None
    except OSError as error:
        if debug:
            raise
        typer.echo(f"adjudicator: error: {error.strerror} ({error.filename})", err=True)
        raise typer.Exit(BAD_INPUT) from None
    except MemoryError:
        if debug:
            raise
        from adjudicator.ceilings import over_memory

        typer.echo(f"adjudicator: error: {over_memory()}", err=True)
        raise typer.Exit(BAD_INPUT) from None


def emit_json(data: object) -> None:
    """Print one JSON document on stdout."""
    sys.stdout.write(json.dumps(data, indent=2, ensure_ascii=False) + "\n")
