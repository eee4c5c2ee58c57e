"""Fixtures shared by the watch tests: watchers running on a thread, stopped at the end of
the test (each still alive then: a watcher that died on its own fails the test)."""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from adjudicator.audit.cache import ReportCache
from adjudicator.audit.executor import open_executor
from adjudicator.watch.watcher import Watcher, WatchOptions
from tests.adjudicator.watch.test_watcher import WAIT, Recorder

StartWatcher = Callable[..., tuple[Watcher, Recorder]]
"""`start(folder, **options)`: a running watcher (options as `WatchOptions`) and its
results."""


@pytest.fixture
def watching(tmp_path: Path) -> Iterator[StartWatcher]:
    """Start watchers on folders in threads (settle 0.1 s, grace 0.5 s unless given)."""
    started: list[tuple[threading.Event, threading.Thread, Watcher]] = []

    def start(folder: Path, **options: object) -> tuple[Watcher, Recorder]:
        recorder = Recorder()
        settings: dict[str, object] = {"settle": 0.1, "grace": 0.5, **options}
        watcher = Watcher(WatchOptions(root=folder, **settings),  # type: ignore[arg-type]
                          executor=open_executor(None, 0), cache=ReportCache(tmp_path / "cache"),
                          display=recorder)
        stop = threading.Event()
        thread = threading.Thread(target=watcher.run, args=(stop,))
        thread.start()
        started.append((stop, thread, watcher))
        return watcher, recorder

    yield start
    for stop, thread, watcher in started:
        assert watcher.is_alive()
        stop.set()
        thread.join(WAIT)
        assert not thread.is_alive()


@pytest.fixture
def live(watching: StartWatcher) -> Callable[[Path], Recorder]:
    """Start a watcher on a folder; its results."""
    return lambda folder: watching(folder)[1]
