"""`adjudicator check`: judge saves and logs and write each one's sidecar report.

Many files (and folders of them) are checked in one process, as `audit` and `watch` do: the
game, module and chat patterns are prepared once, and every file pays only its own
replay. The exit status is the most telling of the files' (see `check --help`).
"""

from __future__ import annotations

import gc
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

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
    OptionOpt,
    OutOpt,
    RevealOpt,
    user_errors,
)
from adjudicator.report.legend import severity_help
from vmod_schema.files import printable_path

if TYPE_CHECKING:
    from adjudicator.replay.chatdice import ChatDicePattern
    from adjudicator.replay.visibility import Viewpoint
    from adjudicator.report import ReportFormat
    from adjudicator.report.sidecar import FolderRepair

EXIT_PRECEDENCE = (2, 3, 1, 4)
"""Exit statuses, most telling first: the first any file has is the command's."""


def check(
    paths: Annotated[list[Path], typer.Argument(
        metavar="PATHS", help="Saves and logs (.vlog, .vsav), or folders holding them "
        "(walked recursively).")],
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
    option: OptionOpt = None,
    replace: Annotated[bool, typer.Option(
        "--replace", help="Write only the formats asked for and remove the file's sidecars "
        "in other formats (by default those already there are kept and rewritten, so the "
        "set stays consistent).")] = False,
    no_images: Annotated[bool, typer.Option(
        "--no-images", help="Leave the module's board images out of the HTML replay page "
        "(a smaller page).")] = False,
    debug: DebugOpt = False,
) -> None:
    """Replay each of PATHS, judge every step against the game's rules, write the report
    beside it.

    Folders are walked recursively for .vlog and .vsav files; with --out, a folder's files
    keep their sub-folders under DIR. All are checked in one process (the game and the
    module are read once).

    A file's sidecars are one consistent set: sidecars already there in formats not asked
    for are rewritten with the new report (or removed, with --replace), and a set an
    interrupted run left half-written is repaired first.

    Findings name pieces as VASSAL shows them to the other player (a masked piece by its
    mask name, a hidden one or one in a hand by what stands for it) unless --reveal.

    Each file is read under two ceilings: memory (ADJUDICATOR_MEMORY_LIMIT, MiB, default
    3072) and time (ADJUDICATOR_TIME_LIMIT, seconds per file, default 300); a file past
    one is reported unreadable, naming the ceiling.

    Exit status, the first that applies in this order:

    - 2 bad input: unknown game, bad module, data or binding, an unreadable file
      (which still gets its sidecars, status `unreadable`), a missing one;
    - 3 not this game: no piece of the game was recognised (another game,
      or the wrong --module or --binding), so nothing was judged;
    - 1 illegal findings, with --fail-on-illegal;
    - 4 nothing could be checked: no rule could be, or no logged steps;
    - 0 judged, or partly judged (the report says what was not checked).

    With several files, the first of these that any file has.
    """
    from adjudicator.replay.chatdice import chat_patterns
    from adjudicator.replay.visibility import viewpoint
    from adjudicator.report import parse_formats
    from adjudicator.report.sidecar import FolderRepair

    repair = FolderRepair()
    with user_errors(debug):
        chosen = parse_formats(formats)
        patterns = chat_patterns(dice or (), dice_patterns)
        files = list(_game_files(paths))
    statuses: list[int] = []
    for index, (path, folder) in enumerate(files):
        if index == 1:
            # What the first file loaded (the game's data, module, binding) lives as long
            # as the process: out of the collector's way, it is not walked again per file.
            gc.freeze()
        try:
            with user_errors(debug):
                statuses.append(_check_file(
                    path, game=game, module=module, binding=binding, data=data or [],
                    chosen=chosen, out=_out_dir(out, path, folder), patterns=patterns,
                    view=viewpoint(reveal=reveal), fail_on_illegal=fail_on_illegal,
                    full_paths=full_paths, replace=replace, repair=repair,
                    options=option or (), images=not no_images))
        except typer.Exit as stop:
            if not _only_this_file(stop, path):
                raise
            statuses.append(int(stop.exit_code))
    status = next((code for code in EXIT_PRECEDENCE if code in statuses), 0)
    if status:
        raise typer.Exit(status)


def _check_file(path: Path, *, game: str, module: Path | None, binding: Path | None,
                data: Sequence[Path], chosen: Sequence[ReportFormat], out: Path | None,
                patterns: Sequence[ChatDicePattern], view: Viewpoint,
                fail_on_illegal: bool, full_paths: bool, replace: bool,
                repair: FolderRepair, options: Sequence[str] = (),
                images: bool = True) -> int:
    """Judge one file, write its sidecars, print its line; return its exit status."""
    from adjudicator.ceilings import CeilingExceeded, one_file
    from adjudicator.check import adjudicate, unreadable_report
    from adjudicator.report import ReportStatus, write_sidecars
    from adjudicator.report.exit import report_exit_status
    from adjudicator.report.sidecar import present_formats
    from adjudicator.report.text import problem_line, report_line
    from adjudicator.systems import find_system

    try:
        with one_file(path):
            report = adjudicate(path, game=game, module_path=module, data_files=data,
                                binding_file=binding, view=view, chat_patterns=patterns,
                                full_paths=full_paths, options=options)
    except CeilingExceeded as error:
        report = unreadable_report(find_system(game), source=path, module=module,
                                   error=str(error), full_paths=full_paths)
    except OSError as error:
        error.filename = error.filename or str(path)
        raise
    folder = out if out is not None else path.parent
    for journal in repair.before_writing(folder):
        typer.echo(f"  repaired the sidecar set an interrupted run left "
                   f"({printable_path(journal.name)})")
    kept = [] if replace else [fmt for fmt in present_formats(path, out) if fmt not in chosen]
    written = write_sidecars(report, path, [*chosen, *kept], out_dir=out, images=images)
    if report.status is ReportStatus.UNREADABLE:
        line = problem_line(report, path=printable_path(path))
        typer.echo(f"adjudicator: error: {line}", err=True)
    else:
        typer.echo(report_line(report, path=printable_path(path)))
    for sidecar in written:
        typer.echo(f"  wrote {printable_path(sidecar)}")
    if kept:
        typer.echo("  kept the " + ", ".join(fmt.extension for fmt in kept)
                   + " sidecar(s) already there, rewritten for this report (--replace "
                   "removes them)")
    return int(report_exit_status(report, fail_on_illegal=fail_on_illegal))


def _game_files(paths: Sequence[Path]) -> Iterator[tuple[Path, Path | None]]:
    """Each file named, and each save or log under each folder named (with that folder).

    Raises:
        AdjudicatorError: a folder holds no save or log.
    """
    from adjudicator.errors import AdjudicatorError
    from adjudicator.folders import game_files

    for path in paths:
        if not path.is_dir():
            yield path, None  # read as given: a missing one is its own error
            continue
        found = list(game_files(path, recursive=True))
        if not found:
            raise AdjudicatorError(f"no .vlog or .vsav file found in {printable_path(path)}")
        yield from ((file, path) for file in found)


def _out_dir(out: Path | None, path: Path, folder: Path | None) -> Path | None:
    """Where a file's sidecars go: --out, plus its sub-folder when it came from a folder."""
    if out is None or folder is None:
        return out
    return out / path.parent.relative_to(folder)


def _only_this_file(stop: typer.Exit, path: Path) -> bool:
    """Whether a bad-input exit was this file's own (it could not be opened), so the other
    files are still checked; a bad game, module, data or binding ends the command."""
    return stop.exit_code == 2 and isinstance(stop.__context__, OSError) and (
        stop.__context__.filename == str(path))


check.__doc__ = f"{check.__doc__}\n{severity_help(indent='    ')}\n"
