"""Output that cannot be written (a full disk, a closed pipe, a closed standard output)
ends every command with one line on stderr and exit status 2, never a traceback (issue 18:
`adjudicator rules ww > /dev/full` printed one).

The commands run in child processes: the failure is the process's own standard output.
Both of Python's buffering modes are covered (`PYTHONUNBUFFERED` writes each line at once).
"""

from __future__ import annotations

import io
import os
import subprocess
import sys
from pathlib import Path

import pytest

from adjudicator.cli.output import GuardedOutput, OutputError
from tests.conftest import REPO

EXAMPLE_LOG = REPO / "fixtures" / "example" / "example.vlog"
posix_only = pytest.mark.skipif(os.name != "posix", reason="POSIX file descriptors")


def run(args: list[str], *, unbuffered: bool = False,
        **options: object) -> subprocess.CompletedProcess[str]:
    env = {key: value for key, value in os.environ.items() if key != "PYTHONUNBUFFERED"}
    if unbuffered:
        env["PYTHONUNBUFFERED"] = "1"
    return subprocess.run(  # type: ignore[call-overload, no-any-return]
        [sys.executable, "-m", "adjudicator", *args], stderr=subprocess.PIPE, text=True,
        cwd=REPO, env=env, timeout=60, **options)


def assert_one_line(done: subprocess.CompletedProcess[str], reason: str) -> None:
    assert done.returncode == 2, done.stderr
    assert done.stderr == f"adjudicator: error: cannot write the output: {reason}\n"


@pytest.mark.skipif(not Path("/dev/full").exists(), reason="no /dev/full")
@pytest.mark.parametrize("unbuffered", [False, True], ids=["buffered", "unbuffered"])
@pytest.mark.parametrize("args", [["rules", "ww"], ["inspect", str(EXAMPLE_LOG), "--json"]],
                         ids=["rules", "inspect --json"])
def test_a_full_device_is_one_line_and_status_2(args: list[str], unbuffered: bool) -> None:
    with open("/dev/full", "w") as full:
        done = run(args, unbuffered=unbuffered, stdout=full)
    assert_one_line(done, os.strerror(28))


@posix_only
def test_a_pipe_whose_reader_left_is_one_line_and_status_2() -> None:
    reader, writer = os.pipe()
    os.close(reader)
    try:
        done = run(["rules", "ww"], stdout=writer)
    finally:
        os.close(writer)
    assert_one_line(done, "Broken pipe")


@posix_only
def test_a_closed_standard_output_is_one_line_and_status_2() -> None:
    done = run(["version"], preexec_fn=lambda: os.close(1))
    assert_one_line(done, "standard output is closed")


class _FailingRaw(io.RawIOBase):
    """A raw stream that accepts `room` bytes, then fails as a full disk does."""

    def __init__(self, room: int) -> None:
        super().__init__()
        self.room = room
        self.written = b""

    def writable(self) -> bool:
        return True

    def write(self, data: object, /) -> int:
        chunk = bytes(memoryview(data))  # type: ignore[arg-type]
        if len(chunk) > self.room:
            raise OSError(28, "No space left on device")
        self.room -= len(chunk)
        self.written += chunk
        return len(chunk)


def test_the_first_failed_write_is_an_output_error_and_later_ones_are_dropped() -> None:
    raw = _FailingRaw(room=4)
    guarded = GuardedOutput(raw)
    assert guarded.write(b"") == 0  # a probe is no failure, even on a full device
    assert guarded.write(b"fits") == 4
    with pytest.raises(OutputError, match="No space left on device"):
        guarded.write(b"too much")
    assert guarded.write(b"after") == 5  # dropped: the interpreter's last flush is quiet
    assert raw.written == b"fits"
