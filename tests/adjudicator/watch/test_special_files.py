"""A FIFO, socket or device named like a game is never opened by the watcher: refused by
name, and the watcher goes on (a FIFO opened for reading would wait for a writer forever)."""

from __future__ import annotations

import contextlib
import logging
import os
import shutil
import socket
import threading
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from adjudicator.audit.executor import open_executor
from adjudicator.check import file_sha256
from adjudicator.folders import ConfigResolver, game_files
from adjudicator.watch.dispatch import Dispatcher, Result, Settled
from adjudicator.watch.settle import FileVersion, Settler, zip_complete
from tests.adjudicator.watch.test_watcher import EXAMPLE, WAIT, Recorder, run_once, wait_for

pytestmark = pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs here")


@pytest.fixture
def fifo(tmp_path: Path) -> Iterator[Callable[[Path], Path]]:
    """Make FIFOs; at the end a writer opens each once, so a reader stuck on one (the bug
    this guards against) is released instead of hanging the suite."""
    made: list[Path] = []

    def make(path: Path) -> Path:
        os.mkfifo(path)
        made.append(path)
        return path

    yield make
    for path in made:
        with contextlib.suppress(OSError):
            os.close(os.open(path, os.O_WRONLY | os.O_NONBLOCK))


def finishes(work: Callable[[], object]) -> bool:
    """Whether `work` returns (or raises) on a thread within the test's patience."""
    thread = threading.Thread(target=lambda: _quietly(work), daemon=True)
    thread.start()
    thread.join(WAIT)
    return not thread.is_alive()


def _quietly(work: Callable[[], object]) -> None:
    with contextlib.suppress(OSError):
        work()


def test_a_fifo_is_refused_by_name_without_blocking(
        tmp_path: Path, fifo: Callable[[Path], Path]) -> None:
    path = fifo(tmp_path / "x.vlog")
    with pytest.raises(OSError, match=r"a FIFO, not a file") as refused:
        file_sha256(path)
    assert refused.value.filename == str(path)
    assert finishes(lambda: file_sha256(path))
    assert finishes(lambda: zip_complete(path))
    assert zip_complete(path) is False


def test_a_device_is_refused_by_name(tmp_path: Path) -> None:
    if not Path("/dev/null").exists():
        pytest.skip("no /dev/null")
    link = tmp_path / "dev.vsav"
    link.symlink_to("/dev/null")
    with pytest.raises(OSError, match=r"a character device"):
        file_sha256(link)


def test_once_skips_fifos_and_sockets_named_like_games_and_says_so(
        tmp_path: Path, fifo: Callable[[Path], Path], monkeypatch: pytest.MonkeyPatch,
        caplog: pytest.LogCaptureFixture) -> None:
    folder = tmp_path / "in"
    folder.mkdir()
    shutil.copy(EXAMPLE, folder / "game.vlog")
    fifo(folder / "x.vlog")
    monkeypatch.chdir(folder)  # a socket's path must be short
    with socket.socket(socket.AF_UNIX) as server:
        server.bind("y.vsav")
        with caplog.at_level(logging.WARNING, logger="adjudicator.watch"):
            recorder = Recorder()
            assert finishes(lambda: recorder.results.extend(
                run_once(folder, tmp_path / "cache").results))
    assert [r.path.name for r in recorder.results] == ["game.vlog"]
    assert "x.vlog: not checked: not a regular file (a FIFO)" in caplog.text
    assert "y.vsav: not checked: not a regular file (a socket)" in caplog.text
    assert sorted(p.name for p in folder.iterdir() if "adjudication" in p.name) == [
        "game.vlog.adjudication.json", "game.vlog.adjudication.md"]


def test_game_files_lists_only_regular_files_and_names_the_others(
        tmp_path: Path, fifo: Callable[[Path], Path]) -> None:
    shutil.copy(EXAMPLE, tmp_path / "a.vlog")
    fifo(tmp_path / "b.vlog")
    refused: list[tuple[str, str]] = []
    found = list(game_files(tmp_path, recursive=False,
                            refused=lambda path, kind: refused.append((path.name, kind))))
    assert found == [tmp_path / "a.vlog"]
    assert refused == [("b.vlog", "a FIFO")]


def test_a_file_replaced_by_a_fifo_while_settling_is_dropped(
        tmp_path: Path, fifo: Callable[[Path], Path]) -> None:
    path = tmp_path / "x.vlog"
    shutil.copy(EXAMPLE, path)
    settler = Settler(0.0, 0.0)
    settler.notice(path)
    path.unlink()
    fifo(path)
    ready: list[object] = []
    assert finishes(lambda: ready.extend(settler.settled()))
    assert ready == [] and len(settler) == 0


def test_a_fifo_swapped_in_after_settling_gets_no_report_and_blocks_nothing(
        tmp_path: Path, fifo: Callable[[Path], Path]) -> None:
    path = fifo(tmp_path / "x.vlog")
    results: list[Result] = []
    dispatcher = Dispatcher(root=tmp_path, out=None, resolver=ConfigResolver(tmp_path),
                            executor=open_executor(None, 0), cache=None,
                            on_result=results.append)
    dispatcher.start()
    try:
        dispatcher.submit(Settled(path, FileVersion(100, 1), 0.0))
        assert dispatcher.wait_idle(WAIT)
    finally:
        dispatcher.stop(WAIT)
    assert results == []
    assert sorted(p.name for p in tmp_path.iterdir()) == ["x.vlog"]


def test_a_fifo_made_in_a_watched_folder_does_not_stop_the_next_file(
        tmp_path: Path, fifo: Callable[[Path], Path],
        live: Callable[[Path], Recorder]) -> None:
    folder = tmp_path / "in"
    folder.mkdir()
    recorder = live(folder)
    fifo(folder / "x.vlog")
    shutil.copy(EXAMPLE, folder / "after.vlog")
    wait_for(lambda: len(recorder.of(folder / "after.vlog")) == 1)
    assert recorder.of(folder / "x.vlog") == []


def test_a_fifo_named_like_a_sidecar_is_replaced_not_read(
        tmp_path: Path, fifo: Callable[[Path], Path]) -> None:
    folder = tmp_path / "in"
    folder.mkdir()
    shutil.copy(EXAMPLE, folder / "game.vlog")
    sidecar = fifo(folder / "game.vlog.adjudication.json")
    recorder = Recorder()
    assert finishes(lambda: recorder.results.extend(
        run_once(folder, tmp_path / "cache").results))
    assert [r.path.name for r in recorder.results] == ["game.vlog"]
    assert sidecar.is_file()  # the set was written over it
