"""The `adjudicator` command line. Only this module imports typer or prints.

Exit status: 0 done; 2 bad input (a file that cannot be read), printed as one line on
stderr with no traceback unless `--debug`.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Annotated

import typer

from adjudicator import __version__
from adjudicator.errors import AdjudicatorError
from adjudicator.inspect import (
    GameSummary,
    ModuleSummary,
    StepSummary,
    inspect_path,
)
from vmod_schema.errors import VassalFormatError

app = typer.Typer(no_args_is_help=True, pretty_exceptions_show_locals=False,
                  add_completion=False,
                  help="Read VASSAL modules, saves and logs; replay them; check the rules.")

BAD_INPUT = 2

DebugOpt = Annotated[bool, typer.Option("--debug", help="Show a traceback on errors.")]
JsonOpt = Annotated[bool, typer.Option("--json", help="Print one JSON object on stdout.")]
ModuleOpt = Annotated[Path | None, typer.Option(
    "--module", "-m", exists=True, dir_okay=False,
    help="The game's module (.vmod or buildFile) to name locations with.")]


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


@app.command()
def inspect(
    path: Annotated[Path, typer.Argument(exists=True, dir_okay=False,
                                         help="A module (.vmod, buildFile), save or log.")],
    module: ModuleOpt = None,
    steps: Annotated[bool, typer.Option("--steps", help="List the log's steps.")] = False,
    as_json: JsonOpt = False,
    debug: DebugOpt = False,
) -> None:
    """Summarise a VASSAL module, save or log (passwords are never shown)."""
    with user_errors(debug):
        result = inspect_path(path, module)
    if isinstance(result, ModuleSummary):
        _emit(result.model_dump(mode="json") if as_json else None, _module_text(result))
        return
    summary, timeline = result
    if as_json:
        data: dict[str, object] = summary.model_dump(mode="json")
        if steps:
            data["steps"] = [_step_json(step) for step in timeline]
        _emit(data, "")
        return
    text = _game_text(summary)
    if steps:
        text += "\n" + _steps_text(timeline)
    _emit(None, text)


def _emit(data: object, text: str) -> None:
    if data is not None:
        sys.stdout.write(json.dumps(data, indent=2, ensure_ascii=False) + "\n")
    else:
        typer.echo(text)


def _counts(counts: dict[str, int]) -> str:
    return ", ".join(f"{name} {count}" for name, count in counts.items()) or "none"


def _module_text(summary: ModuleSummary) -> str:
    kind = "extension" if summary.is_extension else "module"
    lines = [
        f"{summary.file}: {kind} {summary.name!r} {summary.version}, "
        f"VASSAL {summary.vassal_version or '?'}",
        f"maps ({summary.maps}): {', '.join(summary.map_names)}",
        f"boards: {summary.boards}",
        f"grids: {_counts(summary.grids)}; zones {summary.zones}; regions {summary.regions}",
        f"piece slots: {summary.piece_slots}; card slots: {summary.card_slots}; "
        f"prototypes: {summary.prototypes}",
        f"dice buttons: {', '.join(summary.dice_buttons) or 'none'}; special dice: "
        f"{', '.join(summary.special_dice_buttons) or 'none'}",
        f"global properties: {summary.global_properties}; sides: "
        f"{', '.join(summary.sides) or 'none'}",
    ]
    if summary.custom_classes:
        lines.append(f"module-specific classes: {', '.join(summary.custom_classes)}")
    return "\n".join(lines)


def _game_text(summary: GameSummary) -> str:
    module = (f"module {summary.module_name!r} {summary.module_version or ''}".rstrip()
              if summary.module_name else "module unknown")
    players = ", ".join(f"{p.name} ({p.side})" for p in summary.players) or "none"
    lines = [
        f"{summary.file}: {summary.kind}, VASSAL {summary.vassal_version or '?'}, {module}, "
        f"payload {summary.payload_encoding}",
        f"players: {players}",
        f"steps: {summary.step_count} ({summary.undo_steps} undo)",
        f"commands: {_counts(summary.commands)}",
        f"pieces: {summary.pieces} (stacks {summary.stacks}, decks {summary.decks})",
        f"maps: {_counts(summary.maps)}",
    ]
    if summary.locations_resolved:
        lines.append(f"locations ({len(summary.locations)}): {_counts(summary.locations)}")
    else:
        lines.append("locations: give --module to name them")
    lines += [f"problem: {problem}" for problem in summary.problems]
    return "\n".join(lines)


def _step_json(step: StepSummary) -> dict[str, object]:
    return {
        "index": step.index, "player": step.player, "side": step.side,
        "moves": [m.model_dump_public() for m in step.moves],
        "rolls": [r.model_dump(mode="json") for r in step.rolls],
        "undone": step.undone, "is_undo": step.is_undo, "undoes": step.undoes,
        "chat": step.chat, "added": step.added, "removed": step.removed,
        "problems": step.problems,
    }


def _steps_text(steps: list[StepSummary]) -> str:
    lines = ["step  player            what"]
    for step in steps:
        who = f"{step.player} ({step.side})" if step.player else "-"
        what: list[str] = []
        if step.index == 0:
            what.append("starting position")
        if step.is_undo:
            what.append(f"undo of step {step.undoes}" if step.undoes else "undo")
        else:
            for move in step.moves:
                origin = move.from_ or "?"
                target = move.to or f"{move.map} ({move.x}, {move.y})"
                what.append(f"{move.piece}: {origin} -> {target}")
            for roll in step.rolls:
                what.append(f"roll {roll.button}: {','.join(map(str, roll.dice))} "
                            f"= {roll.total}")
            if step.added and step.index:
                what.append(f"{step.added} added")
            if step.removed:
                what.append(f"{step.removed} removed")
            if not what and step.chat:
                what.append("chat: " + step.chat[0][:60])
        mark = "  [undone]" if step.undone else ""
        problems = "".join(f"  !{p}" for p in step.problems)
        lines.append(f"{step.index:4d}  {who:<16}  {'; '.join(what) or '-'}{mark}{problems}")
    return "\n".join(lines)


@app.command()
def version() -> None:
    """Print the tool's version."""
    typer.echo(__version__)


def main() -> None:
    """Run the command line."""
    app()
