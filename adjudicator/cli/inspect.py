"""`adjudicator inspect`: what a module, save or log holds."""

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
    emit_json,
    user_errors,
)


def inspect(
    path: Annotated[Path, typer.Argument(help="A module (.vmod, buildFile), save or log.")],
    module: ModuleOpt = None,
    steps: Annotated[bool, typer.Option("--steps", help="List the log's steps.")] = False,
    dice: DiceOpt = None,
    dice_patterns: DicePatternsOpt = None,
    as_json: JsonOpt = False,
    debug: DebugOpt = False,
) -> None:
    """Summarise a VASSAL module, save or log (passwords are never shown)."""
    from adjudicator.audit.job import chat_patterns
    from adjudicator.inspect import ModuleSummary, inspect_path
    from adjudicator.report.text import game_text, module_text, step_json, steps_text

    with user_errors(debug):
        patterns = chat_patterns(dice or (), dice_patterns)
        result = inspect_path(path, module, chat_patterns=patterns)
    if isinstance(result, ModuleSummary):
        if as_json:
            emit_json(result.model_dump(mode="json"))
        else:
            typer.echo(module_text(result))
        return
    summary, timeline = result
    if as_json:
        data: dict[str, object] = summary.model_dump(mode="json")
        if steps:
            data["steps"] = [step_json(step) for step in timeline]
        emit_json(data)
        return
    text = game_text(summary)
    if steps:
        text += "\n" + steps_text(timeline)
    typer.echo(text)
