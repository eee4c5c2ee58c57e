"""Fixtures shared by the watch tests."""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from adjudicator.audit.cache import ReportCache
from adjudicator.audit.executor import open_executor
from adjudicator.watch.watcher import Watcher, WatchOptions
from tests.adjudicator.watch.test_watcher import WAIT, Recorder


@pytest.fixture
def live(tmp_path: Path) -> Iterator[Callable[[Path], Recorder]]:
    """Start a watcher on a folder in a thread; stopped at the end of the test."""
    started: list[tuple[threading.Event, threading.Thread, Watcher]] = []

    def start(folder: Path) -> Recorder:
        recorder = Recorder()
        watcher = Watcher(WatchOptions(root=folder, settle=0.1, grace=0.5),
                          executor=open_executor(None, 0), cache=ReportCache(tmp_path / "cache"),
                          display=recorder)
        stop = threading.Event()
        thread = threading.Thread(target=watcher.run, args=(stop,))
        thread.start()
        started.append((stop, thread, watcher))
        return recorder

    yield start
    for stop, thread, watcher in started:
        assert watcher.is_alive()
        stop.set()
        thread.join(WAIT)
        assert not thread.is_alive()
