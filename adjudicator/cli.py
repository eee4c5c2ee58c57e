"""The `adjudicator` command line. Only this module imports typer or prints.

Exit status: 0 done; 2 bad input (a file that cannot be read, an unknown game, a bad
module, data or binding file), printed as one line on stderr with no traceback unless
`--debug`. `check` also says how much it judged:

- 0: judged (no illegal finding, or illegal findings without `--fail-on-illegal`);
- 1: illegal findings, with `--fail-on-illegal`;
- 2: bad input; for a save or log that cannot be read the sidecars are still written
  (status `unreadable`, the error as their problem);
- 3: not this game: no piece of the game was recognised (another game, or the wrong
  module or binding), so nothing was judged;
- 4: nothing could be checked: the game was recognised but no rule could be checked, or
  the file has no logged steps.

The first that applies wins, in the order 2, 3, 1, 4, 0: an illegal finding (with
`--fail-on-illegal`) beats 4, as a rule broken at the starting position is still broken.
"""

from __future__ import annotations

import html
import json
import logging
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Annotated

import typer

from adjudicator import __version__
from adjudicator.binding import dump_binding
from adjudicator.check import adjudicate
from adjudicator.demo import run_demo
from adjudicator.errors import AdjudicatorError
from adjudicator.inspect import (
    GameSummary,
    ModuleSummary,
    RollSummary,
    StepSummary,
    inspect_path,
)
from adjudicator.replay.series import SeriesReport, check_series_files
from adjudicator.report import (
    Report,
    ReportFormat,
    ReportStatus,
    headline,
    report_schema,
    write_sidecars,
)
from adjudicator.rule_status import rule_statuses
from adjudicator.systems import find_system
from vmod_schema.buildfile import open_module
from vmod_schema.errors import VassalFormatError

app = typer.Typer(no_args_is_help=True, pretty_exceptions_show_locals=False,
                  add_completion=False,
                  help="Read VASSAL modules, saves and logs; replay them; check the rules.")

BAD_INPUT = 2
ILLEGAL = 1
NOT_THIS_GAME = 3
NOTHING_CHECKED = 4

DebugOpt = Annotated[bool, typer.Option("--debug", help="Show a traceback on errors.")]
JsonOpt = Annotated[bool, typer.Option("--json", help="Print one JSON object on stdout.")]
ModuleOpt = Annotated[Path | None, typer.Option(
    "--module", "-m", help="The game's module (.vmod or buildFile) to name locations with.")]


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
    path: Annotated[Path, typer.Argument(help="A module (.vmod, buildFile), save or log.")],
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
        "reroll_of": step.reroll_of, "chat": step.chat, "added": step.added,
        "removed": step.removed, "problems": step.problems,
    }


def _steps_text(steps: list[StepSummary]) -> str:
    lines = ["step  player            what"]
    for step in steps:
        who = step.player or "-"
        if step.player and step.side:
            who += f" ({step.side})"
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
            what += [_roll_text(roll) for roll in step.rolls]
            if step.added and step.index:
                what.append(f"{step.added} added")
            if step.removed:
                what.append(f"{step.removed} removed")
            if not what and step.chat:
                what.append("chat: " + html.unescape(step.chat[0])[:60])
        mark = "  [undone]" if step.undone else ""
        if step.reroll_of is not None:
            mark += f"  [re-roll of step {step.reroll_of}]"
        problems = "".join(f"  !{p}" for p in step.problems)
        lines.append(f"{step.index:4d}  {who:<16}  {'; '.join(what) or '-'}{mark}{problems}")
    return "\n".join(lines)


def _roll_text(roll: RollSummary) -> str:
    dice = ",".join(map(str, roll.dice))
    total = "?" if roll.total is None else str(roll.total)
    result = f"{dice} = {total}" if dice and roll.dice != [roll.total] else total
    by = f" by {roll.player}" if roll.player else ""
    return f"roll {roll.button}: {result}{by}"


@app.command()
def series(
    paths: Annotated[list[Path], typer.Argument(
        help="The logs (or saves) of one game, or folders holding them.")],
    module: ModuleOpt = None,
    as_json: JsonOpt = False,
    debug: DebugOpt = False,
) -> None:
    """Order a game's PBEM logs and check each starts where the previous one ended."""
    with user_errors(debug):
        definition = open_module(module) if module is not None else None
        report = check_series_files(paths, definition)
    if as_json:
        _emit(report.model_dump(mode="json", by_alias=True), "")
    else:
        _emit(None, _series_text(report))


def _series_text(report: SeriesReport) -> str:
    lines = [f"{number:3d}. {name}" for number, name in enumerate(report.files, 1)]
    for found in report.breaks:
        count = len(found.differences)
        lines.append(f"break: {found.before} does not start where {found.after} ended "
                     f"({count} piece{'s' if count != 1 else ''})")
        lines += [f"    {difference}" for difference in found.differences]
    if report.continuous:
        lines.append(f"continuous: each of the {len(report.files)} files starts where the "
                     "previous one ended")
    return "\n".join(lines)


GameOpt = Annotated[str, typer.Option("--game", "-g", help="Game id: ww (Washington's War).")]
DataOpt = Annotated[list[Path] | None, typer.Option(
    "--data", "-d", help="A data file with facts the rulebook lacks (repeatable).")]


@app.command()
def check(
    path: Annotated[Path, typer.Argument(help="A .vlog or .vsav file.")],
    game: GameOpt,
    module: ModuleOpt = None,
    binding: Annotated[Path | None, typer.Option(
        "--binding", "-b", help="Binding file (see `adjudicator bind`).")] = None,
    data: DataOpt = None,
    formats: Annotated[str, typer.Option(
        "--format", "-f", help="Sidecar formats, comma-separated: json,md,html.")] = "json",
    out: Annotated[Path | None, typer.Option(
        "--out", "-o", help="Write the sidecars here instead of beside the file.")] = None,
    fail_on_illegal: Annotated[bool, typer.Option(
        "--fail-on-illegal", help="Exit 1 when any illegal finding is reported.")] = False,
    debug: DebugOpt = False,
) -> None:
    """Replay PATH, judge every step against the game's rules, write the report beside it.

    Exit status, the first that applies in this order:
    2 bad input: unknown game, bad module, data or binding, unreadable PATH
      (an unreadable PATH still gets its sidecars, status `unreadable`);
    3 not this game: no piece of the game was recognised (another game,
      or the wrong --module or --binding), so nothing was judged;
    1 illegal findings, with --fail-on-illegal;
    4 nothing could be checked: no rule could be, or no logged steps;
    0 judged, or partly judged (the report says what was not checked).
    """
    with user_errors(debug):
        chosen = _formats(formats)
        report = adjudicate(path, game=game, module_path=module, data_files=data or [],
                            binding_file=binding)
        written = write_sidecars(report, path, chosen, out_dir=out)
    if report.status is ReportStatus.UNREADABLE:
        typer.echo(f"adjudicator: error: {_problem_line(report)}", err=True)
    else:
        typer.echo(_report_line(report))
    for sidecar in written:
        typer.echo(f"  wrote {sidecar}")
    status = _check_status(report, fail_on_illegal=fail_on_illegal)
    if status:
        raise typer.Exit(status)


def _check_status(report: Report, *, fail_on_illegal: bool) -> int:
    """The exit status of `check` for a report (see `check --help`)."""
    if report.status is ReportStatus.UNREADABLE:
        return BAD_INPUT
    if report.status is ReportStatus.NOT_THIS_GAME:
        return NOT_THIS_GAME
    if fail_on_illegal and report.count("illegal"):
        return ILLEGAL
    if report.status is ReportStatus.NOTHING_CHECKED:
        return NOTHING_CHECKED
    return 0


def _problem_line(report: Report) -> str:
    """An unreadable file's one-line error, naming the file."""
    problem = report.problems[0] if report.problems else "cannot be read"
    name = Path(report.source.path).name
    return problem if name in problem else f"{report.source.path}: {problem}"


def _formats(text: str) -> list[ReportFormat]:
    try:
        return [ReportFormat(part.strip()) for part in text.split(",") if part.strip()]
    except ValueError:
        known = ", ".join(f.value for f in ReportFormat)
        raise AdjudicatorError(f"unknown report format in {text!r}; use {known}") from None


def _report_line(report: Report) -> str:
    lead, rest = headline(report)
    return f"{report.source.path}: {report.game_name}, {report.steps} steps: {lead}{rest}"


@app.command()
def rules(
    game: Annotated[str, typer.Argument(help="Game id, e.g. ww.")],
    data: DataOpt = None,
    as_json: JsonOpt = False,
    debug: DebugOpt = False,
) -> None:
    """List the game's whole rule catalog: checked, or not checked and why."""
    with user_errors(debug):
        statuses = rule_statuses(game, data_files=data or [])
    if as_json:
        _emit([status.model_dump(mode="json") for status in statuses], "")
        return
    for status in statuses:
        mark = "checked  " if status.checked else "unchecked"
        why = "" if status.checked else f"  ({status.reason})"
        typer.echo(f"{status.rule_id:<12} {mark} {status.citation:<20} {status.summary}{why}")


@app.command()
def schema() -> None:
    """Print the JSON Schema of the report that `check` writes."""
    _emit(report_schema(), "")


data_app = typer.Typer(no_args_is_help=True, help="Game data files: facts the rulebook lacks.")
app.add_typer(data_app, name="data")


@data_app.command("template")
def data_template(
    game: Annotated[str, typer.Argument(help="Game id, e.g. ww.")],
    debug: DebugOpt = False,
) -> None:
    """Print a commented TOML file listing every missing fact, for you to fill in."""
    with user_errors(debug):
        text = find_system(game).data_template()
    typer.echo(text, nl=False)


@app.command()
def bind(
    module: Annotated[Path, typer.Argument(help="The module (.vmod or buildFile).")],
    game: GameOpt,
    data: DataOpt = None,
    debug: DebugOpt = False,
) -> None:
    """Draft a binding from module names to game pieces and spaces.

    What did not match is listed at the end for you to fill in.
    """
    with user_errors(debug):
        drafted = find_system(game).draft_binding(open_module(module), data or [])
    typer.echo(dump_binding(drafted), nl=False)
    unmatched = drafted.unmatched
    typer.echo(f"# unmatched: {len(unmatched.pieces)} pieces, {len(unmatched.locations)} "
               f"locations, {len(unmatched.entities)} game entities", err=True)


@app.command()
def demo(
    out: Annotated[Path, typer.Option("--out", "-o", help="Folder for the demo reports.")]
    = Path("adjudicator-demo"),
    debug: DebugOpt = False,
) -> None:
    """Check the bundled Washington's War fixture games and write their reports to OUT."""
    with user_errors(debug):
        results = run_demo(out)
    for report, written in results:
        typer.echo(_report_line(report))
        for sidecar in written:
            typer.echo(f"  wrote {sidecar}")
    typer.echo(f"reports are in {out}/ (open the .md or .html files)")


@app.command()
def version() -> None:
    """Print the tool's version."""
    typer.echo(__version__)


def main() -> None:
    """Run the command line (library warnings stay in the reports unless --debug)."""
    if "--debug" in sys.argv:
        logging.basicConfig(level=logging.DEBUG, format="%(name)s: %(message)s")
    app()
