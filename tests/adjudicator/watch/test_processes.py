"""Nothing the watcher starts outlives it: after a `kill -9` of the watcher its workers, the
forkserver and the resource tracker all end (Linux: the processes are read from /proc)."""

from __future__ import annotations

import contextlib
import os
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[3]
WW_GAMES = REPO / "fixtures" / "washingtons-war" / "games"
WAIT = 60.0
"""Seconds a test waits before failing (never a performance bound)."""
LAUNCH = ("import typer; from adjudicator.cli.watch import watch; app = typer.Typer(); "
          "app.command()(watch); app()")

pytestmark = pytest.mark.skipif(not sys.platform.startswith("linux"),
                                reason="reads the process tree from /proc")


def descendants(pid: int) -> set[int]:
    """Every process below `pid`, from /proc/PID/task/*/children."""
    found: set[int] = set()
    stack = [pid]
    while stack:
        for children in Path(f"/proc/{stack.pop()}/task").glob("*/children"):
            try:
                pids = [int(word) for word in children.read_text().split()]
            except OSError:  # the task ended meanwhile
                continue
            stack.extend(child for child in pids if child not in found)
            found.update(pids)
    return found


def running(pid: int) -> bool:
    """Whether `pid` runs (a zombie waiting for its parent does not)."""
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return False
    return stat.rsplit(")", 1)[1].split()[0] != "Z"


def test_a_killed_watcher_leaves_no_process_behind(tmp_path: Path) -> None:
    folder = tmp_path / "in"
    folder.mkdir()
    games = sorted(WW_GAMES.glob("*.vlog"))[:4]
    for game in games:
        shutil.copy(game, folder / game.name)
    process = subprocess.Popen(
        [sys.executable, "-c", LAUNCH, str(folder), "--jobs", "2", "--cache",
         str(tmp_path / "cache")], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
        cwd=REPO)
    left: set[int] = set()
    try:
        deadline = time.monotonic() + WAIT
        # The pool is up once a file has been checked by a worker: a resource tracker, a
        # forkserver and at least one worker under the watcher.
        while not (any(folder.glob("*.adjudication.json"))
                   and len(descendants(process.pid)) >= 3):
            assert process.poll() is None, "the watcher ended by itself"
            assert time.monotonic() < deadline, "the watcher started no workers"
            time.sleep(0.05)
        left = descendants(process.pid)
        process.send_signal(signal.SIGKILL)
        process.wait()
        deadline = time.monotonic() + WAIT
        while alive := {pid for pid in left if running(pid)}:
            # A worker started after the list was made is still below the forkserver.
            left |= {child for pid in alive for child in descendants(pid)}
            if time.monotonic() > deadline:
                break
            time.sleep(0.05)
        assert {pid for pid in left if running(pid)} == set()
    finally:
        if process.poll() is None:
            process.kill()
            process.wait()
        for pid in left:  # never leak them into the rest of the suite
            if running(pid):
                with contextlib.suppress(ProcessLookupError):
                    os.kill(pid, signal.SIGKILL)
