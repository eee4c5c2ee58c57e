"""`adjudicator rules`, `schema`, `data template` and `bind`: what a game system knows and
needs, and the report's schema."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from adjudicator.cli.options import (
    DataOpt,
    DebugOpt,
    GameOpt,
    JsonOpt,
    OptionOpt,
    emit_json,
    user_errors,
)

data_app = typer.Typer(no_args_is_help=True, help="Game data files: facts the rulebook lacks.")


def rules(
    game: Annotated[str, typer.Argument(metavar="GAME", help="Game id, e.g. ww.")],
    data: DataOpt = None,
    option: OptionOpt = None,
    as_json: JsonOpt = False,
    debug: DebugOpt = False,
) -> None:
    """List the game's whole rule catalog: checked, or not checked and why.

    Then the game's optional rules, if it has any: off unless named with --option."""
    from adjudicator.rule_status import optional_rules, rule_statuses

    with user_errors(debug):
        statuses = rule_statuses(game, data_files=data or [], options=option or ())
        optional = optional_rules(game)
    if as_json:
        emit_json([status.model_dump(mode="json") for status in statuses])
        return
    for status in statuses:
        mark = "checked  " if status.checked else "unchecked"
        why = "" if status.checked else f"  ({status.reason})"
        typer.echo(f"{status.rule_id:<12} {mark} {status.citation:<20} {status.summary}{why}")
    if optional:
        in_use = set(option or ())
        typer.echo("\nOptional rules (--option NAME, or options = [...] in adjudicator.toml):")
        for name, title in optional:
            typer.echo(f"  {name:<20} {title}{'  (in use)' if name in in_use else ''}")


def schema(
    what: Annotated[str, typer.Argument(
        metavar="DOCUMENT",
        help="Which document: report (what `check` and `watch` write) or audit.")] = "report",
    debug: DebugOpt = False,
) -> None:
    """Print the JSON Schema of the report that `check` writes, or of `audit`'s summary."""
    from adjudicator.errors import AdjudicatorError
    from adjudicator.report import report_schema

    with user_errors(debug):
        if what == "report":
            emit_json(report_schema())
        elif what == "audit":
            from adjudicator.audit.summary_models import audit_schema

            emit_json(audit_schema())
        else:
            raise AdjudicatorError(f"unknown schema {what!r}; use report or audit")


@data_app.command("template")
def data_template(
    game: Annotated[str, typer.Argument(metavar="GAME", help="Game id, e.g. ww.")],
    debug: DebugOpt = False,
) -> None:
    """Print a commented TOML file listing every missing fact, for you to fill in."""
    from adjudicator.systems import find_system

    with user_errors(debug):
        text = find_system(game).data_template()
    typer.echo(text, nl=False)


def bind(
    module: Annotated[Path, typer.Argument(
        metavar="MODULE", help="The module (.vmod or buildFile).")],
    game: GameOpt,
    data: DataOpt = None,
    calibration: Annotated[Path | None, typer.Option(
        "--calibration", metavar="FILE",
        help="A calibration exported by `adjudicator calibrate`'s page, added to the "
        "draft.")] = None,
    debug: DebugOpt = False,
) -> None:
    """Draft a binding from module names to game pieces and spaces.

    What did not match is listed at the end for you to fill in.
    """
    from adjudicator.binding import dump_binding
    from adjudicator.ceilings import one_file
    from adjudicator.systems import find_system
    from vmod_schema.buildfile import open_module

    with user_errors(debug), one_file(module):
        drafted = find_system(game).draft_binding(open_module(module), data or [])
        if calibration is not None:
            from adjudicator.calibration.file import load_calibration, with_calibration

            drafted = with_calibration(drafted, load_calibration(calibration),
                                       file=calibration)
    typer.echo(dump_binding(drafted), nl=False)
    unmatched = drafted.unmatched
    typer.echo(f"# unmatched: {len(unmatched.pieces)} pieces, {len(unmatched.locations)} "
               f"locations, {len(unmatched.entities)} game entities", err=True)
