"""The watch loop: file-system events in, settled files out to the dispatcher.

`Watcher.run(stop)` repairs the sidecar sets a killed run left (`recover_sidecar_sets`),
notices every game file already there, starts a watchdog observer (inotify where the
system has it, else, or with `poll`, a polling observer) and then, every tick, feeds the
observer's events to the `Settler` and the files that settled to the `Dispatcher`, until
`stop` is set (or, with `once`, until every file there at the start has been dealt with).
It then stops the observer, lets the dispatcher finish the batch in hand and closes the
executor.

The observer is not trusted to run for ever. On a network share an emitter (the thread that
reads the folder) can stop for good after one error while the observer's own thread goes on
(watchdog issue #1065), so every `HEALTH_INTERVAL` the watcher looks at the observer and each
of its emitters, and replaces the observer when any thread has stopped, then rescans the
folder. It also rescans every `rescan` seconds anyway: a file whose version differs from the
one last handed to the dispatcher (new, or changed while events were lost) is noticed again.
"""

from __future__ import annotations

import logging
import queue
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path

from watchdog.events import FileSystemEvent, FileSystemEventHandler
from watchdog.observers import Observer
from watchdog.observers.api import BaseObserver
from watchdog.observers.polling import PollingObserver

from adjudicator.audit.cache import ReportCache
from adjudicator.audit.executor import FileExecutor
from adjudicator.audit.run import audit_label
from adjudicator.audit.summary import CheckedFile
from adjudicator.folders import ConfigResolver, game_files, is_game_file, non_regular
from adjudicator.report.models import Report, held_in_memory
from adjudicator.report.sidecar import recover_sidecar_sets
from adjudicator.watch.dispatch import Dispatcher, Result, Settled
from adjudicator.watch.settle import (
    DEFAULT_GRACE,
    DEFAULT_SETTLE,
    FileVersion,
    Settler,
    file_version,
)
from adjudicator.watch.status import StatusDisplay
from vmod_schema.files import printable_path

log = logging.getLogger(__name__)

TICK = 0.05
"""Seconds between two looks at the settling files."""
POLL_INTERVAL = 0.5
"""Seconds between two scans of the polling observer."""
HEALTH_INTERVAL = 1.0
"""Seconds between two looks at the observer's threads."""
OBSERVER_STOP_WAIT = 5.0
"""Seconds the watcher waits for its observer to stop when it exits."""
DEFAULT_RESCAN = 30.0
"""Seconds between two rescans of the whole folder (events may have been lost)."""
_NOTICED = frozenset({"created", "modified", "closed", "moved", "attrib"})
_GONE = frozenset({"deleted", "moved"})


@dataclass(frozen=True, slots=True)
class WatchOptions:
    """How to watch a folder."""

    root: Path
    recursive: bool = False
    out: Path | None = None
    config_file: Path | None = None
    overrides: dict[str, object] = field(default_factory=dict)
    """Command-line options laid over each folder's configuration (`with_options`)."""
    settle: float = DEFAULT_SETTLE
    grace: float = DEFAULT_GRACE
    poll: bool = False
    once: bool = False
    rescan: float = DEFAULT_RESCAN
    """Seconds between two rescans of the folder while watching."""
    keep_reports: bool = False
    """Keep every file's latest report, also of files whose sidecars were current
    (`checked_files`, for `--fail-on`)."""


def _stop_observer(observer: BaseObserver, *, wait: float) -> None:
    """Stop an observer, waiting at most `wait` seconds: its `stop()` joins each emitter, and
    an emitter stuck on an unreachable share must not keep the watcher from going on (or
    from exiting). The observer's threads are daemons."""
    stopping = threading.Thread(target=observer.stop, name="adjudicator-stop-observer",
                                daemon=True)
    stopping.start()
    stopping.join(wait)
    if wait > 0:
        observer.join(wait)


class _Events(FileSystemEventHandler):
    """Hands watchdog's events (from its thread) to the loop through a queue."""

    def __init__(self) -> None:
        self.events: queue.SimpleQueue[tuple[str, bool, str, str]] = queue.SimpleQueue()

    def on_any_event(self, event: FileSystemEvent) -> None:
        self.events.put((event.event_type, event.is_directory, _text(event.src_path),
                         _text(event.dest_path)))


def _text(path: str | bytes) -> str:
    return path.decode("utf-8", "surrogateescape") if isinstance(path, bytes) else path


class Watcher:
    """Watches one folder until told to stop; see the module docstring."""

    def __init__(self, options: WatchOptions, *, executor: FileExecutor,
                 cache: ReportCache | None, display: StatusDisplay) -> None:
        self.options = options
        self.display = display
        self.settler = Settler(options.settle, options.grace)
        self.resolver = ConfigResolver(options.root, options.config_file, options.overrides)
        self.dispatcher = Dispatcher(root=options.root, out=options.out, resolver=self.resolver,
                                     executor=executor, cache=cache, on_result=self._result,
                                     want_reports=options.keep_reports)
        self.executor = executor
        self._handler = _Events()
        self._observer: BaseObserver | None = None
        self._seen: set[Path] = set()
        self._refused: set[Path] = set()
        self._reports: dict[Path, Report] = {}
        self._reports_lock = threading.Lock()
        self._handed: dict[Path, FileVersion] = {}
        """The version of each file last handed to the dispatcher (what a rescan compares)."""
        self._observer_failing = False
        self.using_polling = False
        self.restarts = 0
        """How many times a stopped observer was replaced."""

    def run(self, stop: threading.Event) -> None:
        """Watch until `stop` is set (with `once`: until the files there are done)."""
        options = self.options
        recover_sidecar_sets(options.out or options.root, recursive=options.recursive)
        self.dispatcher.start()
        try:
            if not options.once:
                self._observer = self._start_observer()
            self._notice_all(options.root)
            next_look = time.monotonic() + HEALTH_INTERVAL
            next_rescan = time.monotonic() + options.rescan
            while not stop.is_set():
                self._take_events()
                now = time.monotonic()
                if not options.once and now >= next_look:
                    next_look = now + HEALTH_INTERVAL
                    if not self._observer_healthy():
                        self._restart_observer()
                        next_rescan = now  # what happened meanwhile had no events
                if not options.once and now >= next_rescan:
                    next_rescan = now + options.rescan
                    self._rescan()
                for path, version in self.settler.settled():
                    self._handed[path] = version
                    self.dispatcher.submit(Settled(path, version, time.monotonic()))
                if options.once and not len(self.settler) and self.dispatcher.wait_idle(0):
                    break
                stop.wait(TICK)
        finally:
            self.close()

    def close(self) -> None:
        """Stop the observer, let the dispatcher finish its batch, close the executor."""
        if self._observer is not None:
            _stop_observer(self._observer, wait=OBSERVER_STOP_WAIT)
            self._observer = None
        self.dispatcher.stop(timeout=None)
        self.executor.close()

    def checked_files(self) -> list[CheckedFile]:
        """Each file's latest report (with `keep_reports`; else none), as `audit` has them,
        named relative to the watched folder."""
        with self._reports_lock:
            reports = dict(self._reports)
        files = []
        for path, report in reports.items():
            config = self.resolver.for_file(path).config
            files.append(CheckedFile(path, report, module=config.module,
                                     label=audit_label(path, self.options.root,
                                                       full=config.full_paths)))
        return files

    def _result(self, result: Result) -> None:
        if self.options.keep_reports and result.report is not None:
            with self._reports_lock:
                self._reports[result.path] = held_in_memory(result.report)
        self.display.result(result)

    def is_alive(self) -> bool:
        """Whether the dispatcher runs and, when watching, the observer and every one of its
        emitters too (one that stopped is replaced within `HEALTH_INTERVAL`)."""
        observing = self.options.once or self._observer_healthy()
        return observing and self.dispatcher.is_alive()

    @property
    def observer(self) -> BaseObserver | None:
        """The observer in use (None: not watching, or not started again yet)."""
        return self._observer

    def _observer_healthy(self) -> bool:
        observer = self._observer
        if observer is None or not observer.is_alive():
            return False
        emitters = observer.emitters.copy()  # one C call: safe while watchdog changes it
        return bool(emitters) and all(emitter.is_alive() for emitter in emitters)

    def _restart_observer(self) -> None:
        """Replace an observer one of whose threads stopped (never waiting for it: a thread
        stuck on an unreachable share must not stop the loop). When no observer can be
        started (the folder is gone), say so once and try again at the next look."""
        old, self._observer = self._observer, None
        if old is not None:
            _stop_observer(old, wait=0.0)
        try:
            self._observer = self._start_observer()
        except OSError as error:
            if not self._observer_failing:
                log.warning("%s: cannot watch the folder (%s); trying again",
                            printable_path(self.options.root), error.strerror or error)
            self._observer_failing = True
            return
        self._observer_failing = False
        self.restarts += 1
        log.warning("%s: the file-system watch had stopped; restarted it",
                    printable_path(self.options.root))

    def _rescan(self) -> None:
        """Notice each game file whose version is not the one last handed on (new, changed,
        or back), unless it is settling already; forget the versions of files gone."""
        found: dict[Path, FileVersion] = {}
        for path in game_files(self.options.root, recursive=self.options.recursive,
                               refused=self._refuse):
            version = file_version(path)
            if version is None:
                continue
            found[path] = version
            if path not in self.settler and self._handed.get(path) != version:
                self._notice(path)
        self._handed = {path: version for path, version in self._handed.items()
                        if path in found}

    def _start_observer(self) -> BaseObserver:
        """Start an observer: file-system events, else (or with `poll`) polling.

        Raises:
            OSError: the folder cannot be watched at all (gone, unreachable).
        """
        root = str(self.options.root)
        if not self.options.poll and not self.using_polling:
            observer = Observer()
            try:
                observer.schedule(self._handler, root, recursive=self.options.recursive)
                observer.start()
                return observer
            except OSError as error:
                if not self.options.root.is_dir():
                    raise  # not a reason to poll: nothing can watch it now
                log.warning("file-system events unavailable (%s); polling instead", error)
        self.using_polling = True
        polling = PollingObserver(timeout=POLL_INTERVAL)
        polling.schedule(self._handler, root, recursive=self.options.recursive)
        polling.start()
        return polling

    def _notice_all(self, folder: Path) -> None:
        for path in game_files(folder, recursive=self.options.recursive,
                               refused=self._refuse):
            self._notice(path)

    def _take_events(self) -> None:
        events = self._handler.events
        while True:
            try:
                kind, directory, source, destination = events.get_nowait()
            except queue.Empty:
                break
            if directory:
                if kind in ("created", "moved") and self.options.recursive:
                    self._notice_all(Path(destination or source))
                continue
            if kind in _GONE:
                self.settler.forget(Path(source))
            if kind in _NOTICED:
                path = Path(destination if kind == "moved" else source)
                if is_game_file(path):
                    what = non_regular(path)
                    if what is None or what == "gone":
                        self._notice(path)
                    else:
                        self._refuse(path, what)

    def _refuse(self, path: Path, kind: str) -> None:
        """A FIFO, socket or device with a game's name: never opened; said once."""
        if path not in self._refused:
            self._refused.add(path)
            log.warning("%s: not checked: not a regular file (%s)", printable_path(path), kind)

    def _notice(self, path: Path) -> None:
        self.settler.notice(path)
        if path not in self._seen:
            self._seen.add(path)
            self.display.seen(1)
