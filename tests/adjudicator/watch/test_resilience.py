"""The watcher outlives its observer: an emitter that stops (or dies of an OSError, as
watchdog's polling emitter does on a network share, watchdog issue #1065) is replaced, and
a periodic rescan hands on what arrived while no event said so."""

from __future__ import annotations

import shutil
import threading
from pathlib import Path

import pytest
from watchdog.observers.polling import PollingEmitter

from tests.adjudicator.watch.conftest import StartWatcher
from tests.adjudicator.watch.test_watcher import EXAMPLE, wait_for


def test_a_stopped_emitter_is_replaced_and_the_next_file_is_handled(
        tmp_path: Path, watching: StartWatcher) -> None:
    folder = tmp_path / "in"
    folder.mkdir()
    watcher, recorder = watching(folder, rescan=3600.0)  # only a restart can find it
    wait_for(watcher.is_alive)
    observer = watcher.observer
    assert observer is not None
    for emitter in observer.emitters:
        emitter.stop()
    wait_for(lambda: watcher.restarts == 1)
    assert watcher.observer is not observer
    shutil.copy(EXAMPLE, folder / "after.vlog")
    wait_for(lambda: len(recorder.of(folder / "after.vlog")) == 1)
    assert watcher.is_alive()


@pytest.mark.filterwarnings("ignore::pytest.PytestUnhandledThreadExceptionWarning")
def test_a_polling_emitter_killed_by_an_oserror_is_replaced_and_nothing_is_missed(
        tmp_path: Path, watching: StartWatcher, monkeypatch: pytest.MonkeyPatch) -> None:
    folder = tmp_path / "in"
    folder.mkdir()
    armed = threading.Event()
    original = PollingEmitter.queue_events

    def failing_once(emitter: PollingEmitter, timeout: float) -> None:
        if armed.is_set():
            armed.clear()
            raise OSError(112, "Host is down")  # EHOSTDOWN from an SMB share
        original(emitter, timeout)

    monkeypatch.setattr(PollingEmitter, "queue_events", failing_once)
    watcher, recorder = watching(folder, poll=True, rescan=3600.0)
    wait_for(watcher.is_alive)
    observer = watcher.observer
    assert observer is not None
    [emitter] = observer.emitters
    armed.set()
    wait_for(lambda: not emitter.is_alive())
    # Arrives while no emitter runs: the new emitter's first snapshot already holds it, so
    # no event will ever name it; only the rescan after the restart finds it.
    shutil.copy(EXAMPLE, folder / "meanwhile.vlog")
    wait_for(lambda: len(recorder.of(folder / "meanwhile.vlog")) == 1)
    assert watcher.restarts >= 1
    assert watcher.is_alive()


def test_the_periodic_rescan_hands_on_files_whose_events_were_lost_once(
        tmp_path: Path, watching: StartWatcher, monkeypatch: pytest.MonkeyPatch) -> None:
    folder = tmp_path / "in"
    folder.mkdir()
    shutil.copy(EXAMPLE, folder / "before.vlog")
    watcher, recorder = watching(folder, rescan=0.1)
    monkeypatch.setattr(watcher._handler, "on_any_event", lambda event: None)  # all lost
    wait_for(lambda: len(recorder.of(folder / "before.vlog")) == 1)
    shutil.copy(EXAMPLE, folder / "unannounced.vlog")
    wait_for(lambda: len(recorder.of(folder / "unannounced.vlog")) == 1)
    scans = 0
    rescan = watcher._rescan

    def counted() -> None:
        nonlocal scans
        scans += 1
        rescan()

    monkeypatch.setattr(watcher, "_rescan", counted)
    wait_for(lambda: scans >= 3)
    assert len(recorder.results) == 2  # an unchanged file is not handed on again


def test_a_folder_that_goes_away_and_comes_back_is_watched_again(
        tmp_path: Path, watching: StartWatcher) -> None:
    folder = tmp_path / "share"
    folder.mkdir()
    watcher, recorder = watching(folder, rescan=3600.0)
    wait_for(watcher.is_alive)
    shutil.rmtree(folder)  # an unmounted share
    wait_for(lambda: not watcher.is_alive())
    folder.mkdir()
    shutil.copy(EXAMPLE, folder / "back.vlog")
    wait_for(lambda: len(recorder.of(folder / "back.vlog")) == 1)
    assert watcher.is_alive()
