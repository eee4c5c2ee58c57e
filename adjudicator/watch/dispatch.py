"""Turning settled files into sidecar sets, on a thread of its own: skip what is current,
reuse what is cached, check the rest on the executor, write each file's set.

For each settled file (path, version) the dispatcher decides, in order:

1. the same version was handled already → nothing (one check per settled version);
2. its sidecar set is whole and reports on the file's current sha256 (e.g. after a
   restart) → nothing (when `want_reports`, its report is taken from the cache, and a file
   whose report is not there is checked again as in 4);
3. the cache has a report for that content and configuration (an unchanged file, a renamed
   copy) → its set is written from it;
4. otherwise it is checked on the executor (`check_file`, which never raises for a file)
   and its set written, and the report cached.

Files wait in a queue while the executor works; each batch is what queued up meanwhile
(a file is never in two batches at once, so an older report never overwrites a newer
one). A file whose configuration cannot be read, or that cannot be hashed, still gets an
`unreadable` set naming the problem; only a file that is gone gets nothing.
"""

from __future__ import annotations

import logging
import queue
import threading
import time
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from enum import StrEnum
from pathlib import Path

from adjudicator.audit.cache import ReportCache
from adjudicator.audit.executor import FileExecutor
from adjudicator.check import file_sha256, unreadable_report
from adjudicator.folderconfig import FolderConfig
from adjudicator.folders import Checking, ConfigResolver, non_regular, sidecar_folder
from adjudicator.report.models import Report
from adjudicator.report.sidecar import (
    ReportFormat,
    sidecar_path,
    sidecar_set_current,
    write_sidecars,
)
from adjudicator.watch.settle import FileVersion, file_version
from vmod_schema.files import printable_path

log = logging.getLogger(__name__)


class Outcome(StrEnum):
    """What became of a settled file."""

    CHECKED = "checked"
    """Checked now; its sidecars written."""
    CACHED = "cached"
    """Its report came from the cache; its sidecars written."""
    CURRENT = "current"
    """Its sidecars already reported on its content: nothing written (the report is the
    cached one when the dispatcher wants reports, else none)."""
    NOT_WRITTEN = "not-written"
    """Checked, but its sidecars could not be written (`error` says why)."""


@dataclass(frozen=True, slots=True)
class Settled:
    """A file that settled, and when (monotonic seconds)."""

    path: Path
    version: FileVersion
    at: float


@dataclass(frozen=True, slots=True)
class Result:
    """What the dispatcher did with one settled file."""

    path: Path
    outcome: Outcome
    report: Report | None
    settled_at: float
    done_at: float
    error: str | None = None


@dataclass(slots=True)
class _Pending:
    settled: Settled
    sha256: str
    checking: Checking


class Dispatcher:
    """The worker thread between the settler and the sidecars."""

    def __init__(self, *, root: Path, out: Path | None, resolver: ConfigResolver,
                 executor: FileExecutor, cache: ReportCache | None,
                 on_result: Callable[[Result], None], want_reports: bool = False) -> None:
        self.root = root
        self.out = out
        self.resolver = resolver
        self.executor = executor
        self.cache = cache
        self.on_result = on_result
        self.want_reports = want_reports
        """Whether every result carries its report (`watch --once --fail-on`)."""
        self._queue: queue.Queue[Settled] = queue.Queue()
        self._handled: dict[Path, tuple[FileVersion, str]] = {}
        self._stop = threading.Event()
        self._outstanding = 0
        """Files submitted and not yet dealt with."""
        self._changed = threading.Condition()
        self._thread = threading.Thread(target=self._run, name="adjudicator-dispatch",
                                        daemon=True)

    def start(self) -> None:
        """Start the thread."""
        self._thread.start()

    def submit(self, settled: Settled) -> None:
        """Queue a settled file."""
        with self._changed:
            self._outstanding += 1
        self._queue.put(settled)

    def is_alive(self) -> bool:
        """Whether the thread runs."""
        return self._thread.is_alive()

    def wait_idle(self, timeout: float | None = None) -> bool:
        """Wait until every queued file has been dealt with."""
        with self._changed:
            return self._changed.wait_for(lambda: self._outstanding == 0, timeout)

    def stop(self, timeout: float | None = None) -> None:
        """Finish the batch in hand, drop what is queued, end the thread."""
        self._stop.set()
        self._thread.join(timeout)

    def _run(self) -> None:
        while not self._stop.is_set():
            try:
                first = self._queue.get(timeout=0.1)
            except queue.Empty:
                continue
            batch = [first, *self._drain()]
            try:
                self._handle(batch)
            except Exception:
                # Never reached by a bad file (each path ends in a result): a bug here
                # must not stop the watcher either.
                log.exception("internal error in the watcher's dispatcher")
            finally:
                with self._changed:
                    self._outstanding -= len(batch)
                    self._changed.notify_all()

    def _drain(self) -> list[Settled]:
        found = []
        while True:
            try:
                found.append(self._queue.get_nowait())
            except queue.Empty:
                return found

    def _handle(self, batch: list[Settled]) -> None:
        latest = {item.path: item for item in batch}
        to_check: dict[Path, _Pending] = {}
        for settled in latest.values():
            pending = self._triage(settled)
            if pending is not None:
                to_check[settled.path] = pending
        if not to_check:
            return
        items = ((path, pending.checking.config) for path, pending in to_check.items())
        for path, report in self._checked(items):
            pending = to_check[path]
            if self.cache is not None and pending.checking.key:
                self.cache.put(report, pending.checking.key)
            self._finish(pending.settled, report, Outcome.CHECKED, pending.sha256)

    def _checked(self, items: Iterator[tuple[Path, FolderConfig]]
                 ) -> Iterator[tuple[Path, Report]]:
        if self._stop.is_set():
            return iter(())
        return self.executor.map_files(items)

    def _triage(self, settled: Settled) -> _Pending | None:
        """Deal with a file that needs no check; return it when it needs one."""
        path = settled.path
        if self._handled.get(path, (None, ""))[0] == settled.version:
            return None
        try:
            sha256 = file_sha256(path)
        except OSError as error:
            if file_version(path) is None:
                return None
            checking = self.resolver.for_file(path)
            return _Pending(settled, f"unreadable:{error.errno}", checking)
        checking = self.resolver.for_file(path)
        if checking.error is not None:
            report = unreadable_report(None, source=path, module=None, sha256=sha256,
                                       error=f"{printable_path(path)}: cannot check it: "
                                       f"{checking.error}",
                                       full_paths=checking.config.full_paths)
            self._finish(settled, report, Outcome.CHECKED, sha256)
            return None
        formats = checking.config.formats
        current = (self._sidecars_regular(path, formats)
                   and sidecar_set_current(path, sha256, formats, out_dir=self._folder(path)))
        cached = (None if current and not self.want_reports
                  else self._cached(path, sha256, checking))
        if current and (cached is not None or not self.want_reports):
            self._handled[path] = (settled.version, sha256)
            self._emit(Result(path, Outcome.CURRENT, cached, settled.at, time.monotonic()))
            return None
        if cached is not None:
            self._finish(settled, cached, Outcome.CACHED, sha256)
            return None
        return _Pending(settled, sha256, checking)

    def _sidecars_regular(self, path: Path, formats: Iterable[ReportFormat]) -> bool:
        """Whether none of `path`'s sidecars is a FIFO, socket or device (reading one to see
        whether it is current could block for ever; writing the set replaces it)."""
        folder = self._folder(path)
        return all(non_regular(sidecar_path(path, fmt, folder)) in (None, "gone")
                   for fmt in formats)

    def _cached(self, path: Path, sha256: str, checking: Checking) -> Report | None:
        if self.cache is None:
            return None
        return self.cache.get(sha256, checking.key, path, full_paths=checking.config.full_paths)

    def _finish(self, settled: Settled, report: Report, outcome: Outcome,
                sha256: str) -> None:
        path = settled.path
        if file_version(path) is None:
            return
        checking = self.resolver.for_file(path)
        try:
            write_sidecars(report, path, checking.config.formats, out_dir=self._folder(path))
        except OSError as error:
            self._handled.pop(path, None)
            self._emit(Result(path, Outcome.NOT_WRITTEN, report, settled.at, time.monotonic(),
                              error=f"{printable_path(path)}: cannot write its sidecars: "
                              f"{error.strerror or error}"))
            return
        self._handled[path] = (settled.version, sha256)
        self._emit(Result(path, outcome, report, settled.at, time.monotonic()))

    def _folder(self, path: Path) -> Path | None:
        return sidecar_folder(path, self.root, self.out)

    def _emit(self, result: Result) -> None:
        try:
            self.on_result(result)
        except Exception:
            log.exception("internal error showing a result")
