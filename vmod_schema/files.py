"""Writing files so that a reader (VASSAL, a watcher, a user) never sees half a file."""

from __future__ import annotations

import os
import tempfile
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import BinaryIO


@contextmanager
def atomic_writer(target: Path) -> Iterator[BinaryIO]:
    """Open a temporary file beside `target`; on success rename it into place (mode 644),
    on failure remove it, so `target` is either the old file or the whole new one."""
    target.parent.mkdir(parents=True, exist_ok=True)
    handle, temporary = tempfile.mkstemp(prefix=f".{target.name}.", dir=target.parent)
    try:
        with os.fdopen(handle, "wb") as stream:
            yield stream
        os.chmod(temporary, 0o644)
        os.replace(temporary, target)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise


def atomic_write(target: Path, data: bytes | Callable[[BinaryIO], None]) -> None:
    """Write bytes (or let a function write them) to `target` atomically."""
    with atomic_writer(target) as stream:
        if isinstance(data, bytes):
            stream.write(data)
        else:
            data(stream)


def printable_path(path: str | os.PathLike[str]) -> str:
    """A path as text that can always be printed and written to JSON: bytes of a file name
    that are not valid UTF-8 (kept by Python as surrogate escapes) are shown as `\\xff`.

    >>> printable_path(os.fsdecode(b"bad\\xff.vlog"))
    'bad\\\\xff.vlog'
    """
    text = os.fspath(path)
    return text.encode("utf-8", "surrogateescape").decode("utf-8", "backslashreplace")
