"""`adjudicator check`: judge one save or log and write its sidecar report."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from adjudicator.cli.options import (
    BindingOpt,
    DataOpt,
    DebugOpt,
    DiceOpt,
    DicePatternsOpt,
    FormatOpt,
    FullPathsOpt,
    GameOpt,
    ModuleOpt,
    OutOpt,
    RevealOpt,
    user_errors,
)
from adjudicator.report.legend import severity_help
from vmod_schema.files import printable_path


def check(
    path: Annotated[Path, typer.Argument(
        metavar="PATH", help="A .vlog or .vsav file.")],
    game: GameOpt,
    module: ModuleOpt = None,
    binding: BindingOpt = None,
    data: DataOpt = None,
    formats: FormatOpt = "json",
    out: OutOpt = None,
    dice: DiceOpt = None,
    dice_patterns: DicePatternsOpt = None,
    fail_on_illegal: Annotated[bool, typer.Option(
        "--fail-on-illegal", help="Exit 1 when any illegal finding is reported.")] = False,
    full_paths: FullPathsOpt = False,
    reveal: RevealOpt = False,
    debug: DebugOpt = False,
) -> None:
    """Replay PATH, judge every step against the game's rules, write the report beside it.

    Findings name pieces as VASSAL shows them to the other player (a masked piece by its
    mask name, a hidden one or one in a hand by what stands for it) unless --reveal.

    Exit status, the first that applies in this order:

    - 2 bad input: unknown game, bad module, data or binding, unreadable PATH
      (an unreadable PATH still gets its sidecars, status `unreadable`);
    - 3 not this game: no piece of the game was recognised (another game,
      or the wrong --module or --binding), so nothing was judged;
    - 1 illegal findings, with --fail-on-illegal;
    - 4 nothing could be checked: no rule could be, or no logged steps;
    - 0 judged, or partly judged (the report says what was not checked).
    """
    from adjudicator.audit.job import chat_patterns
    from adjudicator.check import adjudicate
    from adjudicator.replay.visibility import viewpoint
    from adjudicator.report import ReportStatus, parse_formats, write_sidecars
    from adjudicator.report.exit import report_exit_status
    from adjudicator.report.text import problem_line, report_line

    with user_errors(debug):
        chosen = parse_formats(formats)
        report = adjudicate(path, game=game, module_path=module, data_files=data or [],
                            binding_file=binding, view=viewpoint(reveal=reveal),
                            chat_patterns=chat_patterns(dice or (), dice_patterns),
                            full_paths=full_paths)
        written = write_sidecars(report, path, chosen, out_dir=out)
    if report.status is ReportStatus.UNREADABLE:
        line = problem_line(report, path=printable_path(path))
        typer.echo(f"adjudicator: error: {line}", err=True)
    else:
        typer.echo(report_line(report, path=printable_path(path)))
    for sidecar in written:
        typer.echo(f"  wrote {printable_path(sidecar)}")
    status = report_exit_status(report, fail_on_illegal=fail_on_illegal)
    if status:
        raise typer.Exit(status)


check.__doc__ = f"{check.__doc__}\n{severity_help(indent='    ')}\n"
