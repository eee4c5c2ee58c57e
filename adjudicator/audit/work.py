"""An audit's per-file work, done where the files are checked (a local worker process or a
Dask worker): a batch of files in, one small `FileOutcome` per file back.

For each file of a batch (`audit_files`): its SHA-256; its report from the cache, else
checked (`check_file`) and cached; its sidecars staged; and the digest the summary reads
(`adjudicator.audit.digest`), with the file's starting and final positions when it may be
part of a PBEM series (kept while it is checked, or, for a report from the cache, by
replaying it without judging). The batch's sidecar sets are then committed together
(`SidecarBatch`: a few syncs per batch, not five per file). Nothing of this is done again
by the process that runs the audit, which only collects the outcomes and writes the
summary (and imports no game system: the checking code is imported where it runs).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from adjudicator.audit.cache import ReportCache
from adjudicator.audit.digest import FileDigest, SeriesEnds, digest_of
from adjudicator.audit.series import READ_ERRORS, read_ends
from adjudicator.folderconfig import FolderConfig
from adjudicator.replay import Board, Step
from adjudicator.replay.series import PieceAt, snapshot
from adjudicator.report.models import Report
from adjudicator.report.sidecar import SidecarBatch, write_sidecars
from vmod_schema.files import printable_path


@dataclass(frozen=True, slots=True)
class AuditJob:
    """One file to audit, and what to do with it."""

    path: Path
    config: FolderConfig
    cache_key: str = ""
    """The configuration's part of the cache key (`adjudicator.folders.config_key`)."""
    cache_dir: Path | None = None
    """The report cache (None: none)."""
    reuse: bool = True
    """Take the report from the cache when it is there (else only refresh the cache)."""
    write: bool = True
    """Write its sidecars."""
    out_dir: Path | None = None
    """Where its sidecars go (None: beside it)."""
    series: bool = False
    """It may be part of a PBEM series: send back its starting and final positions."""


@dataclass(frozen=True, slots=True)
class FileOutcome:
    """What the audit gets back for one file."""

    path: Path
    digest: FileDigest
    sidecars: tuple[Path, ...]
    """The sidecars written (none when they could not be)."""
    cached: bool


class _Ends:
    """Keeps the position at step 0 and the board, to read the final position after the
    replay (as `adjudicator.replay.series.read_series_log` does)."""

    __slots__ = ("board", "start")

    def __init__(self) -> None:
        self.board: Board | None = None
        self.start: dict[str, PieceAt] = {}

    def __call__(self, step: Step, board: Board) -> None:
        if step.index == 0:
            self.start = snapshot(board)
        self.board = board

    def ends(self) -> SeriesEnds:
        return SeriesEnds.of(self.start, snapshot(self.board) if self.board is not None
                             else {})


def audit_files(jobs: Sequence[AuditJob]) -> list[FileOutcome]:
    """Audit a batch of files (module docstring); never raises for a file."""
    batch = SidecarBatch()
    staged: list[tuple[AuditJob, FileDigest, bool, tuple[Path, ...], int | None]] = []
    added = 0
    for job in jobs:
        report, cached, ends = _report(job)
        sidecars: tuple[Path, ...] = ()
        ticket: int | None = None
        if job.write:
            try:
                sidecars = tuple(batch.add(report, job.path, job.config.formats,
                                           out_dir=job.out_dir))
                ticket, added = added, added + 1
            except OSError:
                sidecars = ()
        staged.append((job, digest_of(report, ends), cached, sidecars, ticket))
        del report  # one file's whole report at a time
    failed = batch.commit()
    return [FileOutcome(job.path, digest, () if ticket in failed else sidecars, cached)
            for job, digest, cached, sidecars, ticket in staged]


def _report(job: AuditJob) -> tuple[Report, bool, SeriesEnds | None]:
    """The file's report, whether it came from the cache, and its positions (when asked
    for and the file could be read)."""
    from adjudicator.audit.job import check_file
    from adjudicator.check import file_sha256, unreadable_report

    config = job.config
    try:
        sha256 = file_sha256(job.path)
    except OSError as error:
        return unreadable_report(None, source=job.path, module=None, sha256="",
                                 error=f"{printable_path(job.path)}: cannot read the file: "
                                 f"{error.strerror}",
                                 full_paths=config.full_paths), False, None
    cache = ReportCache(job.cache_dir) if job.cache_dir is not None else None
    if cache is not None and job.reuse:
        hit = cache.get(sha256, job.cache_key, job.path, full_paths=config.full_paths)
        if hit is not None:
            ends = _read_ends(job) if job.series and hit.reading is not None else None
            return hit, True, ends
    observer = _Ends() if job.series else None
    report = check_file(job.path, config, observe=observer, sha256=sha256)
    if cache is not None:
        cache.put(report, job.cache_key)
    ends = (observer.ends() if observer is not None and report.reading is not None
            else None)
    return report, False, ends


def _read_ends(job: AuditJob) -> SeriesEnds:
    """The positions of a file whose report came from the cache: replayed, not judged."""
    try:
        log = read_ends(job.path, job.config.module)
    except READ_ERRORS as error:
        return SeriesEnds(failure=str(error))
    return SeriesEnds.of(log.start, log.end)


def died(job: AuditJob, problem: str) -> FileOutcome:
    """The outcome of a file whose checking killed its worker (its sidecars say so)."""
    from adjudicator.check import unreadable_report

    config = job.config
    report = unreadable_report(None, source=job.path, module=config.module, error=problem,
                               full_paths=config.full_paths)
    sidecars: tuple[Path, ...] = ()
    if job.write:
        try:
            sidecars = tuple(write_sidecars(report, job.path, config.formats,
                                            out_dir=job.out_dir))
        except OSError:
            sidecars = ()
    return FileOutcome(job.path, digest_of(report), sidecars, False)


__all__ = ["AuditJob", "FileOutcome", "audit_files", "died"]
