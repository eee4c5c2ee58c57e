"""`adjudicator audit`: check a season's saves and logs and write one summary report."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from adjudicator.cli.options import (
    BindingOpt,
    CacheOpt,
    ConfigOpt,
    DataOpt,
    DebugOpt,
    DiceOpt,
    FullPathsOpt,
    JobsOpt,
    MaybeGameOpt,
    ModuleOpt,
    OptionOpt,
    RevealOpt,
    default_jobs,
    user_errors,
)
from adjudicator.report.legend import severity_help
from vmod_schema.files import printable_path

if TYPE_CHECKING:
    from adjudicator.audit.summary import AuditedFile
    from adjudicator.audit.summary_models import AuditReport

FAIL_ON_CHOICES = ("break", "fork", "illegal", "unreadable")
FAIL_ON_DEFAULT = frozenset({"unreadable"})
"""What fails an audit when `--fail-on` is not given: a file that could not be read (a
season with a corrupt or truncated file is not a clean season)."""
SUMMARY_FORMATS = ("md", "html", "json")
SUMMARY_NAME = "audit"
PROBLEMS_SHOWN = 20
"""Unreadable files named on stderr (the summary lists them all)."""

AuditFormatOpt = Annotated[str, typer.Option(
    "--format", "-f", metavar="FORMATS",
    help="Summary formats, comma-separated: md,html,json (each file's "
    "sidecars take the formats of its folder's adjudicator.toml).")]
ExecutorOpt = Annotated[str | None, typer.Option(
    "--executor", metavar="WHERE",
    help="Where to check the files: local (a process pool, the default) or "
    "dask://HOST:PORT (a Dask cluster; pip install 'vassal-adjudicator\\[distributed]').")]
SummaryOutOpt = Annotated[Path | None, typer.Option(
    "--out", "-o", metavar="PATH",
    help="Where the summary goes: a folder (audit.md … in it) or a file "
    "name (its suffix replaced per format). Default: audit.* in the current folder.")]
FailOnOpt = Annotated[str | None, typer.Option(
    "--fail-on", metavar="WHAT", help="Exit 1 when any of these is found, comma-separated: "
    "break,fork,illegal,unreadable (default: unreadable; none: never).")]
SidecarsOpt = Annotated[Path | None, typer.Option(
    "--sidecars", metavar="DIR", help="Write each file's sidecars under this folder (mirroring the "
    "sub-folders) instead of beside the file.")]
NoCacheOpt = Annotated[bool, typer.Option(
    "--no-cache", help="Check every file again (the cache is still refreshed).")]


def audit(
    paths: Annotated[list[Path], typer.Argument(
        metavar="PATHS", help="Saves, logs, or folders holding them (walked recursively).")],
    formats: AuditFormatOpt = "md,json",
    jobs: JobsOpt = None,
    executor: ExecutorOpt = None,
    out: SummaryOutOpt = None,
    sidecars: SidecarsOpt = None,
    config: ConfigOpt = None,
    game: MaybeGameOpt = None,
    module: ModuleOpt = None,
    binding: BindingOpt = None,
    data: DataOpt = None,
    dice: DiceOpt = None,
    cache: CacheOpt = None,
    no_cache: NoCacheOpt = False,
    fail_on: FailOnOpt = None,
    full_paths: FullPathsOpt = False,
    reveal: RevealOpt = False,
    option: OptionOpt = None,
    debug: DebugOpt = False,
) -> None:
    """Check every save and log under PATHS, write each file's sidecars, and write one
    summary: per game (findings by severity and rule), per player (undos with what they
    took back, re-rolls), PBEM series (breaks, forks, roster changes, time between files)
    and dice statistics.

    Each folder's adjudicator.toml (or --config) says what its files are checked with;
    options given here are laid over it. Files of a game the tool has no system for are
    read and summarised, never an error. Reports are cached by content, as the watcher's.

    Exit status: 2 bad input (no file found, an unreadable configuration, a bad option);
    1 something --fail-on names was found (by default a file that could not be read,
    which still gets its sidecars and its line in the summary); else 0.
    """
    import sys
    from contextlib import ExitStack

    from adjudicator.audit.executor import LocalExecutor, open_executor
    from adjudicator.errors import AdjudicatorError
    from adjudicator.report.exit import ExitStatus
    from adjudicator.report.models import ReportStatus

    with user_errors(debug), ExitStack() as stack:
        chosen = parse_summary_formats(formats)
        failing = parse_fail_on(fail_on)
        pool = stack.enter_context(open_executor(executor, default_jobs() if jobs is None
                                                 else jobs))
        if isinstance(pool, LocalExecutor):
            pool.start()  # the workers get ready while this process finds the files
        from adjudicator.audit.cache import ReportCache, default_cache_dir
        from adjudicator.audit.run import (
            Resolvers,
            check_all,
            collect_files,
            configuration_errors,
        )
        from adjudicator.folderconfig import load_folder_config

        files = collect_files(paths)
        if config is not None:
            load_folder_config(config)
        overrides: dict[str, object] = {
            "game": game, "module": _absolute(module), "binding": _absolute(binding),
            "data": tuple(p.absolute() for p in data) if data else None,
            "dice": tuple(dice) if dice else None,
            "full_paths": True if full_paths else None,
            "reveal": True if reveal else None,
            "options": tuple(option) if option else None}
        resolvers = Resolvers.create(config.absolute() if config is not None else None,
                                     {k: v for k, v in overrides.items() if v is not None})
        errors = configuration_errors(files, resolvers)
        if errors:
            raise AdjudicatorError(errors[0])
        targets = summary_paths(out, chosen)
        store = ReportCache(cache if cache is not None else default_cache_dir())
        with _progress(len(files.files), live=sys.stderr.isatty()) as advance:
            checked = check_all(files, resolvers, executor=pool, cache=store,
                                reuse=not no_cache, on_result=advance,
                                sidecar_dir=_absolute(sidecars))
    from adjudicator.audit.summary import summarise
    from adjudicator.report.text import problem_text

    unreadable = [item for item in checked if item.digest.status is ReportStatus.UNREADABLE]
    for item in unreadable[:PROBLEMS_SHOWN]:
        line = problem_text(item.digest.problem, item.digest.source_path,
                            path=printable_path(item.path))
        typer.echo(f"adjudicator: warning: {line}", err=True)
    if len(unreadable) > PROBLEMS_SHOWN:
        typer.echo(f"adjudicator: warning: …and {len(unreadable) - PROBLEMS_SHOWN} more "
                   "unreadable files (listed in the summary)", err=True)
    report = summarise(checked)
    with user_errors(debug):
        for fmt, target in targets.items():
            _write_summary(report, fmt, target)
    typer.echo(summary_line(report, checked))
    for target in targets.values():
        typer.echo(f"  wrote {printable_path(target)}")
    found = failures(report, failing)
    if found:
        typer.echo(f"adjudicator: found {', '.join(found)} (--fail-on)", err=True)
        raise typer.Exit(ExitStatus.FAILED_ON)


audit.__doc__ = f"{audit.__doc__}\n{severity_help(indent='    ')}\n"


def plural(count: int, noun: str, nouns: str | None = None) -> str:
    """`1 fork`, `2 forks`."""
    return f"{count} {noun if count == 1 else nouns or noun + 's'}"


def _absolute(path: Path | None) -> Path | None:
    return path.absolute() if path is not None else None


def parse_summary_formats(text: str) -> list[str]:
    """The summary formats named in `md,html,json`.

    Raises:
        AdjudicatorError: an unknown format, or none.
    """
    from adjudicator.errors import AdjudicatorError

    named = [part.strip() for part in text.split(",") if part.strip()]
    unknown = [part for part in named if part not in SUMMARY_FORMATS]
    if unknown or not named:
        raise AdjudicatorError(f"unknown summary format in {text!r}; use "
                               f"{','.join(SUMMARY_FORMATS)}")
    return list(dict.fromkeys(named))


def parse_fail_on(text: str | None) -> set[str]:
    """What `--fail-on` names (`FAIL_ON_DEFAULT` when not given; `none`: nothing).

    Raises:
        AdjudicatorError: an unknown name.
    """
    from adjudicator.errors import AdjudicatorError

    if text is None:
        return set(FAIL_ON_DEFAULT)
    named = {part.strip() for part in text.split(",") if part.strip()} - {"none"}
    unknown = sorted(named - set(FAIL_ON_CHOICES))
    if unknown:
        raise AdjudicatorError(f"--fail-on: unknown {', '.join(unknown)}; use "
                               f"{','.join(FAIL_ON_CHOICES)} or none")
    return named


def summary_paths(out: Path | None, formats: list[str]) -> dict[str, Path]:
    """Where each summary format goes: `--out` as a file name (suffix replaced per format)
    when it has a known suffix, else as a folder; default the current folder."""
    if out is not None and out.suffix.lstrip(".") in SUMMARY_FORMATS:
        return {fmt: out.with_suffix(f".{fmt}") for fmt in formats}
    folder = out if out is not None else Path.cwd()
    return {fmt: folder / f"{SUMMARY_NAME}.{fmt}" for fmt in formats}


def _write_summary(report: AuditReport, fmt: str, target: Path) -> None:
    from adjudicator.audit.render import render_html, render_markdown
    from vmod_schema.files import atomic_write

    if fmt == "json":
        text = report.model_dump_json(indent=2, by_alias=True) + "\n"
    elif fmt == "html":
        text = render_html(report)
    else:
        text = render_markdown(report)
    target.parent.mkdir(parents=True, exist_ok=True)
    atomic_write(target, text.encode("utf-8"))


def failures(report: AuditReport, failing: set[str]) -> list[str]:
    """What `--fail-on` asked about and the audit found, worded for one line."""
    totals = report.totals
    found = {"break": totals.breaks, "fork": totals.forks,
             "illegal": totals.findings.get("illegal", 0),
             "unreadable": totals.statuses.get("unreadable", 0)}
    words = {"break": "series break", "fork": "fork", "illegal": "illegal finding",
             "unreadable": "unreadable file"}
    return [f"{found[name]} {words[name]}{'s' if found[name] != 1 else ''}"
            for name in FAIL_ON_CHOICES if name in failing and found[name]]


def summary_line(report: AuditReport, checked: list[AuditedFile]) -> str:
    """One line: files, how many came from the cache, statuses, findings, series."""
    totals = report.totals
    cached = sum(1 for item in checked if item.cached)
    statuses = ", ".join(f"{n} {status}" for status, n in totals.statuses.items())
    findings = ", ".join(f"{n} {severity}" for severity, n in totals.findings.items())
    return (f"audited {totals.files} files ({cached} from the cache): {statuses} · "
            f"findings: {findings or 'none'} · {plural(totals.series, 'series', 'series')}, "
            f"{plural(totals.breaks, 'break')}, {plural(totals.forks, 'fork')} · "
            f"{plural(totals.rolls, 'roll')}, {plural(totals.undos, 'undo')}")


class _Bar:
    """A rich progress bar on stderr (or nothing when stderr is not a terminal)."""

    def __init__(self, total: int, *, live: bool) -> None:
        from rich.console import Console
        from rich.progress import (
            BarColumn,
            MofNCompleteColumn,
            Progress,
            TextColumn,
            TimeElapsedColumn,
            TimeRemainingColumn,
        )

        self._progress = Progress(
            TextColumn("checking"), BarColumn(), MofNCompleteColumn(),
            TextColumn("{task.fields[last]}"), TimeElapsedColumn(), TimeRemainingColumn(),
            console=Console(stderr=True), disable=not live, transient=False)
        self._task = self._progress.add_task("audit", total=total, last="")

    def __enter__(self) -> _Bar:
        self._progress.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self._progress.stop()

    def __call__(self, item: AuditedFile) -> None:
        from vmod_schema.files import printable_path

        self._progress.update(self._task, advance=1, last=printable_path(item.path.name)[:40])


def _progress(total: int, *, live: bool) -> _Bar:
    return _Bar(total, live=live)
