"""`adjudicator inspect`: what a module, save or log holds."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Annotated

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

if TYPE_CHECKING:
    from adjudicator.replay.chatdice import ChatDicePattern


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
    from adjudicator.ceilings import one_file
    from adjudicator.inspect import ModuleSummary, inspect_path
    from adjudicator.replay.visibility import viewpoint
    from vmod_schema.collection import paused_collection

    with user_errors(debug), paused_collection(), one_file(path):
        patterns: tuple[ChatDicePattern, ...] = ()
        if dice or dice_patterns:  # the patterns' models load only when asked for
            from adjudicator.replay.chatdice import chat_patterns

            patterns = chat_patterns(dice or (), dice_patterns)
        result = inspect_path(path, module, chat_patterns=patterns,
                              view=viewpoint(reveal=reveal))
    if isinstance(result, ModuleSummary):
        from adjudicator.report.text import module_text

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
                from adjudicator.report.text import step_json

                data["steps"] = [step_json(step) for step in timeline]
            emit_json(data)
            return
        from adjudicator.report.text import game_text, steps_text

        text = game_text(summary)
        if steps:
            text += "\n" + steps_text(timeline)
    typer.echo(text)
