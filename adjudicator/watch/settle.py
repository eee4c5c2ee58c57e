"""When a file being written is ready to check: settling and debouncing.

VASSAL writes saves and logs in place, not atomically, so a watcher sees a burst of events
and half-written files. A file is *settled* once, with no event for the settle interval,
its size and modification time have been the same for the settle interval and its zip
central directory is complete (`zip_complete`). A file whose size and time stay the same
but whose zip never completes (truncated, corrupt) is settled after the longer `grace`
interval anyway, so it still gets a report saying what is wrong with it.

Each settled *version* (size, mtime_ns) is handed out once: a file is watched from an event
until it settles, then dropped until the next event; the watcher skips a version it has
already handled (and, by content hash, a version whose bytes it has already reported).

Only regular files are ever opened, and never in a way that could block: a FIFO, socket or
device named like a game (`x.vlog`), or swapped in for one between two looks, is opened
non-blocking and refused by what `fstat` says of the open file
(`vmod_schema.files.open_regular`).
"""

from __future__ import annotations

import os
import struct
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import BinaryIO

from vmod_schema.files import open_regular

END_OF_CENTRAL_DIRECTORY = b"PK\x05\x06"
ZIP64_LOCATOR = b"PK\x06\x07"
CENTRAL_HEADER = b"PK\x01\x02"
_EOCD_SIZE = 22
_MAX_COMMENT = 0xFFFF
DEFAULT_SETTLE = 0.25
"""Seconds a file's size and time must stay the same before it is checked."""
DEFAULT_GRACE = 1.0
"""Seconds a file whose zip is incomplete must stay the same before it is checked anyway."""


@dataclass(frozen=True, slots=True)
class FileVersion:
    """One version of a file as the file system shows it."""

    size: int
    mtime_ns: int


def file_version(path: Path) -> FileVersion | None:
    """The file's current version (None: gone, or not a regular file)."""
    try:
        stat = os.stat(path)
    except OSError:
        return None
    if not os.path.isfile(path):
        return None
    return FileVersion(stat.st_size, stat.st_mtime_ns)


def zip_complete(path: Path) -> bool:
    """Whether the file ends with a whole zip central directory: an end-of-central-directory
    record whose comment reaches the end of the file, and a central directory that ends
    where that record (or its zip64 locator) begins and starts with a central header."""
    try:
        with open_regular(path) as handle:
            size = handle.seek(0, os.SEEK_END)
            if size < _EOCD_SIZE:
                return False
            start = max(0, size - _EOCD_SIZE - _MAX_COMMENT)
            handle.seek(start)
            tail = handle.read()
            position = tail.rfind(END_OF_CENTRAL_DIRECTORY)
            while position >= 0:
                record = tail[position:position + _EOCD_SIZE]
                if len(record) == _EOCD_SIZE:
                    entries, cd_size, cd_offset, comment = struct.unpack("<10xHIIH", record)
                    if position + _EOCD_SIZE + comment == len(tail):
                        return _directory_fits(handle, start + position, entries, cd_size,
                                               cd_offset, tail, position)
                position = tail.rfind(END_OF_CENTRAL_DIRECTORY, 0, position)
    except OSError:
        return False
    return False


def _directory_fits(handle: BinaryIO, eocd_at: int, entries: int, cd_size: int,
                    cd_offset: int, tail: bytes, position: int) -> bool:
    zip64 = tail[max(0, position - 20):position].startswith(ZIP64_LOCATOR)
    if zip64 or 0xFFFFFFFF in (cd_size, cd_offset) or entries == 0xFFFF:
        # A zip64 archive: the locator's presence is the check (its record is larger
        # than this needs to read).
        return zip64
    if cd_offset + cd_size != eocd_at:
        return False
    if entries == 0:
        return cd_size == 0
    handle.seek(cd_offset)
    return bool(handle.read(4) == CENTRAL_HEADER)


@dataclass(slots=True)
class _Watch:
    version: FileVersion | None
    same_since: float
    last_event: float


class Settler:
    """The files being written, and which of them have settled.

    `notice(path)` on every event; `settled()` (called often, e.g. every 50 ms) stats the
    watched files and returns those that settled, each once per settled version. Not
    thread-safe: call both from one thread.
    """

    def __init__(self, settle: float = DEFAULT_SETTLE, grace: float = DEFAULT_GRACE, *,
                 clock: Callable[[], float] = time.monotonic,
                 complete: Callable[[Path], bool] = zip_complete) -> None:
        self.settle = settle
        self.grace = max(grace, settle)
        self._clock = clock
        self._complete = complete
        self._watching: dict[Path, _Watch] = {}

    def __len__(self) -> int:
        return len(self._watching)

    def __contains__(self, path: object) -> bool:
        """Whether `path` is being watched until it settles."""
        return path in self._watching

    def notice(self, path: Path) -> None:
        """Something happened to `path`: watch it until it settles (again)."""
        now = self._clock()
        watch = self._watching.get(path)
        if watch is None:
            self._watching[path] = _Watch(file_version(path), now, now)
        else:
            watch.last_event = now

    def forget(self, path: Path) -> None:
        """Stop watching `path` (it was deleted or moved away)."""
        self._watching.pop(path, None)

    def settled(self) -> list[tuple[Path, FileVersion]]:
        """The watched files that have settled since the last call, in the order noticed;
        files that disappeared are dropped."""
        now = self._clock()
        ready: list[tuple[Path, FileVersion]] = []
        for path, watch in list(self._watching.items()):
            version = file_version(path)
            if version is None:
                del self._watching[path]
                continue
            if version != watch.version:
                watch.version = version
                watch.same_since = now
                continue
            quiet = min(now - watch.same_since, now - watch.last_event)
            if quiet < self.settle:
                continue
            if quiet < self.grace and not self._complete(path):
                continue
            del self._watching[path]
            ready.append((path, version))
        return ready
