"""`adjudicator watch`: check every save and log that arrives in a folder."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from adjudicator.cli.audit import FAIL_ON_CHOICES
from adjudicator.cli.options import (
    BindingOpt,
    CacheOpt,
    ConfigOpt,
    DataOpt,
    DebugOpt,
    FullPathsOpt,
    JobsOpt,
    MaybeGameOpt,
    ModuleOpt,
    OptionOpt,
    OutOpt,
    RevealOpt,
    default_jobs,
    user_errors,
)
from adjudicator.report.legend import severity_help

MaybeFormatOpt = Annotated[str | None, typer.Option(
    "--format", "-f", metavar="FORMATS",
    help="Report formats, comma-separated: json,md,html,discord (default: the "
    "folder's adjudicator.toml, else json,md).")]
RecursiveOpt = Annotated[bool, typer.Option(
    "--recursive", "-r", help="Watch sub-folders too (sidecars under --out mirror them).")]
OnceOpt = Annotated[bool, typer.Option(
    "--once", help="Check the files there now, then exit (for tests and cron).")]
PollOpt = Annotated[bool, typer.Option(
    "--poll", help="Poll the folder instead of using file-system events (network shares).")]
WatchFailOnOpt = Annotated[str | None, typer.Option(
    "--fail-on", metavar="WHAT",
    help="With --once: exit 1 when any of these is found in the folder, comma-separated: "
    f"{','.join(FAIL_ON_CHOICES)} (as audit's --fail-on; without it, 0).")]
SettleOpt = Annotated[float, typer.Option(
    "--settle", min=0.0, metavar="SECONDS",
    help="Seconds a file must stay unchanged before it is checked.")]


def watch(
    folder: Annotated[Path, typer.Argument(
        metavar="FOLDER", help="The folder where saves and logs arrive.")],
    recursive: RecursiveOpt = False,
    game: MaybeGameOpt = None,
    module: ModuleOpt = None,
    binding: BindingOpt = None,
    data: DataOpt = None,
    formats: MaybeFormatOpt = None,
    out: OutOpt = None,
    config: ConfigOpt = None,
    cache: CacheOpt = None,
    jobs: JobsOpt = None,
    once: OnceOpt = False,
    poll: PollOpt = False,
    settle: SettleOpt = 0.25,
    fail_on: WatchFailOnOpt = None,
    full_paths: FullPathsOpt = False,
    reveal: RevealOpt = False,
    option: OptionOpt = None,
    debug: DebugOpt = False,
) -> None:
    """Watch FOLDER: each .vlog or .vsav that arrives or changes gets its sidecar reports
    once it has settled (written in full), beside it or under --out.

    A folder's adjudicator.toml (or --config) names the game, module, binding, data and
    formats; options given here are laid over it. Without a game, each file's game is
    recognised from its module; a file of another game or one that cannot be read still
    gets a report saying so. Reports are cached by content: an unchanged file is not
    checked again, after a restart either. Stop with Ctrl-C or SIGTERM (exit 0, once the
    files being checked are done).

    Exit status: 2 bad input (not a folder, an unreadable --config, a bad option, --fail-on
    without --once); with --once, 1 when something --fail-on names was found among the
    files there (series breaks and forks as audit finds them); else 0.
    """
    import signal
    import sys
    import threading

    from adjudicator.audit.cache import ReportCache, default_cache_dir
    from adjudicator.audit.executor import open_executor
    from adjudicator.audit.summary import summarise
    from adjudicator.cli.audit import failures, parse_fail_on
    from adjudicator.errors import AdjudicatorError
    from adjudicator.folderconfig import load_folder_config
    from adjudicator.report.exit import ExitStatus
    from adjudicator.report.sidecar import parse_formats
    from adjudicator.watch.status import open_status
    from adjudicator.watch.watcher import Watcher, WatchOptions
    from vmod_schema.files import printable_path

    with user_errors(debug):
        root = folder.absolute()
        if not root.is_dir():
            raise AdjudicatorError(f"{printable_path(folder)}: not a folder")
        failing = parse_fail_on(fail_on) if fail_on is not None else set()
        if fail_on is not None and not once:
            raise AdjudicatorError("--fail-on needs --once: a watcher that keeps running has "
                                   "no end to fail at")
        if config is not None:
            load_folder_config(config)
        overrides: dict[str, object] = {
            "game": game, "module": _absolute(module), "binding": _absolute(binding),
            "data": tuple(p.absolute() for p in data) if data else None,
            "formats": tuple(parse_formats(formats)) if formats is not None else None,
            "full_paths": True if full_paths else None,
            "reveal": True if reveal else None,
            "options": tuple(option) if option else None}
        options = WatchOptions(
            root=root, recursive=recursive, out=out.absolute() if out is not None else None,
            config_file=config.absolute() if config is not None else None,
            overrides={key: value for key, value in overrides.items() if value is not None},
            settle=settle, poll=poll, once=once, keep_reports=bool(failing))
        executor = open_executor(None, default_jobs() if jobs is None else jobs)
    display = open_status(printable_path(root), live=sys.stdout.isatty())
    stop = threading.Event()
    watcher = Watcher(options, executor=executor,
                      cache=ReportCache(cache if cache is not None else default_cache_dir()),
                      display=display)

    def request_stop(signum: int, frame: object) -> None:
        stop.set()

    previous = {number: signal.signal(number, request_stop)
                for number in (signal.SIGINT, signal.SIGTERM)}
    try:
        watcher.run(stop)
    finally:
        for number, handler in previous.items():
            signal.signal(number, handler)
        display.close()
    if failing:
        found = failures(summarise(watcher.checked_files()), failing)
        if found:
            typer.echo(f"adjudicator: found {', '.join(found)} (--fail-on)", err=True)
            raise typer.Exit(ExitStatus.FAILED_ON)


watch.__doc__ = f"{watch.__doc__}\n{severity_help(indent='    ')}\n"


def _absolute(path: Path | None) -> Path | None:
    return path.absolute() if path is not None else None
