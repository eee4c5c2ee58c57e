"""Standard output that fails in one clear way: closed, full or a broken pipe, a write
raises `OutputError`, which `adjudicator.cli.main` turns into one line on stderr and exit
status 2 (`adjudicator rules ww > /dev/full` printed a traceback; `… | head -1` exited 1,
the status of illegal findings, because click swallows a broken pipe).

An `OutputError` is not an `OSError`, so neither click (which ends a broken pipe silently
with status 1) nor a command's file-error handling mistakes it for something else. After
the first failure later writes are dropped, so the interpreter's last flush at exit adds
no second message.
"""

from __future__ import annotations

import errno
import io
import os
import sys
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from _typeshed import ReadableBuffer


class OutputError(Exception):
    """Standard output cannot be written: closed, full, or a pipe whose reader left."""


class GuardedOutput(io.RawIOBase):
    """Standard output's raw stream (None when the process started with it closed) whose
    first write failure is an `OutputError`; later writes are dropped."""

    def __init__(self, raw: io.RawIOBase | None) -> None:
        super().__init__()
        self._raw = raw
        self.failed = False

    def writable(self) -> bool:
        return True

    def isatty(self) -> bool:
        return self._raw is not None and self._raw.isatty()

    def fileno(self) -> int:
        if self._raw is None:
            raise OSError(errno.EBADF, os.strerror(errno.EBADF))
        return self._raw.fileno()

    def write(self, data: ReadableBuffer, /) -> int:
        size = memoryview(data).nbytes
        if self.failed or not size:
            # An empty write is a probe (click asks whether the stream is binary): on
            # /dev/full even that fails, and must not count as the failure.
            return size
        try:
            if self._raw is None:
                raise OSError(errno.EBADF, "standard output is closed")
            written = self._raw.write(data)
        except OSError as error:
            self.failed = True
            raise OutputError(error.strerror or str(error)) from None
        return size if written is None else written


def guard_output() -> None:
    """Put `sys.stdout` on a `GuardedOutput`, keeping its encoding and buffering (none
    with `PYTHONUNBUFFERED`).

    A stream that is not the process's own (a test runner's capture) is left alone.
    """
    stream = sys.stdout
    if stream is None:  # the process started with its standard output closed
        sys.stdout = io.TextIOWrapper(io.BufferedWriter(GuardedOutput(None)),
                                      encoding="utf-8")
        return
    buffer = getattr(stream, "buffer", None)
    raw = getattr(buffer, "raw", buffer)  # unbuffered: the buffer is the raw stream
    if not isinstance(raw, io.RawIOBase):
        return
    stream.flush()
    guarded = GuardedOutput(raw)
    sys.stdout = io.TextIOWrapper(
        guarded if buffer is raw else io.BufferedWriter(guarded),
        encoding=stream.encoding, errors=stream.errors,
        line_buffering=bool(stream.line_buffering),
        write_through=bool(getattr(stream, "write_through", False)))


def flush_output() -> None:
    """Write out what standard output still holds.

    Raises:
        OutputError: it cannot be written.
    """
    if sys.stdout is not None:
        sys.stdout.flush()
