"""`adjudicator series`: a game's PBEM logs in order, and where they do not continue."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from adjudicator.cli.options import (
    DebugOpt,
    DiceOpt,
    DicePatternsOpt,
    JsonOpt,
    ModuleOpt,
    RevealOpt,
    emit_json,
    user_errors,
)

SERIES_FAIL_ON = ("break", "fork")


def series(
    paths: Annotated[list[Path], typer.Argument(
        metavar="PATHS", help="The logs (or saves) of one game, or folders holding them.")],
    module: ModuleOpt = None,
    as_json: JsonOpt = False,
    fail_on: Annotated[str | None, typer.Option(
        "--fail-on", metavar="WHAT", help="Exit 1 when any of these is found, comma-separated: "
        "break,fork (a fork: two different logs continuing the same log).")] = None,
    reveal: RevealOpt = False,
    dice: DiceOpt = None,
    dice_patterns: DicePatternsOpt = None,
    debug: DebugOpt = False,
) -> None:
    """Order a game's PBEM logs and check each starts where the previous one ended.

    Whole-game dice statistics follow: each player's rolls pooled across the logs (an
    identical copy counted once), with a p-value (exact for small samples), a q-value
    corrected for the number of tests, and a verdict in plain words.

    Exit status: 2 bad input; 1 something --fail-on names was found; else 0.
    """
    from adjudicator.audit.series import find_in_series
    from adjudicator.errors import AdjudicatorError
    from adjudicator.replay.chatdice import chat_patterns
    from adjudicator.report.exit import ExitStatus
    from vmod_schema.buildfile import open_module

    with user_errors(debug):
        failing = {part.strip() for part in (fail_on or "").split(",") if part.strip()}
        unknown = sorted(failing - set(SERIES_FAIL_ON))
        if unknown:
            raise AdjudicatorError(f"--fail-on: unknown {', '.join(unknown)}; use "
                                   f"{','.join(SERIES_FAIL_ON)}")
        definition = open_module(module) if module is not None else None
        found_in = find_in_series(paths, definition,
                                  chat_patterns=chat_patterns(dice or (), dice_patterns),
                                  reveal=reveal)
    report, forks = found_in.report, found_in.forks
    if as_json:
        emit_json(found_in.json())
    else:
        for line in found_in.lines():
            typer.echo(line)
    found = [f"{len(report.breaks)} break{'s' if len(report.breaks) != 1 else ''}"
             if "break" in failing and report.breaks else "",
             f"{len(forks)} fork{'s' if len(forks) != 1 else ''}"
             if "fork" in failing and forks else ""]
    if any(found):
        typer.echo(f"adjudicator: found {', '.join(f for f in found if f)} (--fail-on)",
                   err=True)
        raise typer.Exit(ExitStatus.FAILED_ON)
