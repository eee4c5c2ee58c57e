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
    RevealOpt,
    emit_json,
    user_errors,
)


def inspect(
    path: Annotated[Path, typer.Argument(
        metavar="PATH", help="A module (.vmod, buildFile), save or log.")],
    module: ModuleOpt = None,
    steps: Annotated[bool, typer.Option("--steps", help="List the log's steps.")] = False,
    dice: DiceOpt = None,
    dice_patterns: DicePatternsOpt = None,
    reveal: RevealOpt = False,
    as_json: JsonOpt = False,
    debug: DebugOpt = False,
) -> None:
    """Summarise a VASSAL module, save or log (passwords are never shown; pieces are shown
    as VASSAL shows them to the other player unless --reveal)."""
    from adjudicator.audit.job import chat_patterns
    from adjudicator.inspect import ModuleSummary, inspect_path
    from adjudicator.replay.visibility import viewpoint
    from adjudicator.report.text import game_text, module_text, step_json, steps_text
    from vmod_schema.collection import paused_collection

    with user_errors(debug), paused_collection():
        patterns = chat_patterns(dice or (), dice_patterns)
        result = inspect_path(path, module, chat_patterns=patterns,
                              view=viewpoint(reveal=reveal))
    if isinstance(result, ModuleSummary):
        if as_json:
            emit_json(result.model_dump(mode="json"))
        else:
            typer.echo(module_text(result))
        return
    summary, timeline = result
    with paused_collection():  # one JSON or text of every step: no cycles
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
