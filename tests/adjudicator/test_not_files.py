"""A FIFO, a device or a socket named like a game or a module is refused by its kind, in
one line and exit status 2, never opened in a way that waits (issue 18: `inspect` or `check`
on a FIFO named `x.vlog` hung forever).

The commands run in child processes with a timeout, so a regression fails the test instead
of hanging the suite.
"""

from __future__ import annotations

import os
import socket
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

from tests.conftest import REPO
from vmod_schema.archive import is_zip
from vmod_schema.errors import ArchiveError
from vmod_schema.files import NotAFileError, open_regular

EXAMPLE_LOG = REPO / "fixtures" / "example" / "example.vlog"
posix_only = pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs FIFOs (POSIX)")


def run(*args: str) -> subprocess.CompletedProcess[str]:
    """`adjudicator ARGS` in a child process that may not take long."""
    return subprocess.run([sys.executable, "-m", "adjudicator", *args], capture_output=True,
                          text=True, cwd=REPO, timeout=60)


def fifo(path: Path) -> Path:
    os.mkfifo(path)
    return path


def zero(path: Path) -> Path:
    if not Path("/dev/zero").exists():
        pytest.skip("no /dev/zero")
    path.symlink_to("/dev/zero")
    return path


@posix_only
@pytest.mark.parametrize(("make", "kind"), [(fifo, "a FIFO"), (zero, "a character device")],
                         ids=["FIFO", "/dev/zero"])
@pytest.mark.parametrize("command", [("inspect",), ("check", "--game", "ww")],
                         ids=["inspect", "check"])
def test_a_game_that_is_not_a_file_is_refused_by_its_kind_in_one_line(
        tmp_path: Path, make: Callable[[Path], Path], kind: str, command: tuple[str, ...]) -> None:
    target = make(tmp_path / "x.vlog")
    done = run(*command, str(target))
    assert done.returncode == 2, done.stderr
    assert done.stderr.count("\n") == 1, done.stderr
    assert done.stderr.startswith(f"adjudicator: error: {kind}, not a file")
    assert str(target) in done.stderr
    assert list(tmp_path.iterdir()) == [target]  # no sidecar beside it


@posix_only
def test_a_module_that_is_a_fifo_is_refused_by_its_kind(tmp_path: Path) -> None:
    module = fifo(tmp_path / "x.vmod")
    done = run("inspect", str(EXAMPLE_LOG), "--module", str(module))
    assert done.returncode == 2, done.stderr
    assert done.stderr.count("\n") == 1, done.stderr
    assert "a FIFO, not a file" in done.stderr and str(module) in done.stderr


@pytest.mark.skipif(not hasattr(socket, "AF_UNIX"), reason="needs Unix sockets")
def test_a_socket_named_like_a_save_is_refused_by_its_kind(tmp_path: Path) -> None:
    path = tmp_path / "x.vsav"
    with socket.socket(socket.AF_UNIX) as server:
        try:
            server.bind(str(path))
        except OSError as error:  # e.g. the path is too long for a socket address
            pytest.skip(f"cannot bind a Unix socket here: {error}")
        with pytest.raises(NotAFileError, match="a socket, not a file") as caught:
            open_regular(path)
        assert caught.value.filename == str(path)
        with pytest.raises(ArchiveError, match="a socket, not a file"):
            is_zip(path)


def test_a_regular_file_opens_and_a_folder_fails_as_before(tmp_path: Path) -> None:
    with open_regular(EXAMPLE_LOG) as handle:
        assert handle.read(2) == b"PK"
    with pytest.raises(IsADirectoryError):
        open_regular(tmp_path)
    with pytest.raises(FileNotFoundError):
        open_regular(tmp_path / "missing.vlog")
