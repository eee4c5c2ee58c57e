"""Files on disk: writing them so that a reader (VASSAL, a watcher, a user) never sees half
a file, naming them safely in messages and JSON whatever bytes their names hold, and
stamping them (`FileStamp`) so what is read from a file is kept while it is unchanged."""

from __future__ import annotations

import errno
import os
import stat
import tempfile
import unicodedata
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import BinaryIO

_BIDI_CONTROLS = frozenset("\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e"
                           "\u2066\u2067\u2068\u2069")
"""Characters that reorder the text shown around them (a name could pose as another)."""
_UNSAFE_CATEGORIES = frozenset({"Cc", "Zl", "Zp", "Cs"})
"""Control characters, line and paragraph separators, lone surrogates."""


@dataclass(frozen=True, slots=True)
class FileStamp:
    """A file as it is now: a cache key that changes when the file does."""

    path: str
    mtime_ns: int
    size: int

    @classmethod
    def of(cls, path: Path) -> FileStamp:
        """The file's stamp (-1s when it cannot be looked at: reading it will then raise
        the clear error, and the stamp changes once the file appears)."""
        try:
            stat = path.stat()
        except OSError:
            return cls(str(path), -1, -1)
        return cls(str(path), stat.st_mtime_ns, stat.st_size)



def printable_text(text: str) -> str:
    """Return `text` with every character that could break a one-line message, a terminal or
    a JSON document escaped as Python writes it (`\\n`, `\\x1b`, `\\u202e`, `\\udcff`).

    Letters of every script, spaces and ordinary symbols are kept as they are.

    >>> printable_text("turn 3\\n\\u202egol.vlog")
    'turn 3\\\\n\\\\u202egol.vlog'
    """
    if text.isprintable():
        return text
    return "".join(
        character.encode("unicode_escape").decode("ascii")
        if character in _BIDI_CONTROLS or unicodedata.category(character) in _UNSAFE_CATEGORIES
        else character
        for character in text)


def printable_path(path: str | os.PathLike[str]) -> str:
    """Render any path safely for printing and JSON: always valid UTF-8, on one line.

    On POSIX a file name is bytes, and Python represents bytes that are not UTF-8 as lone
    surrogates (`b"bad\\xff.vlog"` becomes `"bad\\udcff.vlog"`), which cannot be encoded to
    print or to write as JSON. Such bytes are shown as `\\xff`; control and direction
    characters as by `printable_text`. A backslash is kept as it is (it separates Windows
    paths), so the result names the file for a reader; open the file by its original path.

    >>> import os
    >>> printable_path(os.fsdecode(b"logs/bad\\xff.vlog"))
    'logs/bad\\\\xff.vlog'
    >>> printable_path("Élan/turn 1.vsav")
    'Élan/turn 1.vsav'
    """
    text = os.fspath(path)
    if text.isprintable():
        return text
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        text = os.fsencode(text).decode("utf-8", errors="backslashreplace")
    return printable_text(text)


class NotAFileError(OSError):
    """A path names a FIFO, a device or a socket, not a regular file (`open_regular`)."""


_NOT_FILES: tuple[tuple[Callable[[int], bool], str], ...] = (
    (stat.S_ISFIFO, "a FIFO"), (stat.S_ISCHR, "a character device"),
    (stat.S_ISBLK, "a block device"), (stat.S_ISSOCK, "a socket"))
"""Kinds of path that are not files: reading one may wait forever (a FIFO with no writer,
a terminal) or never end (`/dev/zero`)."""
_NONBLOCK = getattr(os, "O_NONBLOCK", 0)
_OPEN_FLAGS = os.O_RDONLY | getattr(os, "O_BINARY", 0) | getattr(os, "O_CLOEXEC", 0)


def special_kind(mode: int) -> str | None:
    """What a path of this mode is when it is not a regular file ("a FIFO", "a character
    device", "a block device", "a socket", "a folder", "not a regular file"); None for a
    regular file."""
    if stat.S_ISREG(mode):
        return None
    if stat.S_ISDIR(mode):
        return "a folder"
    return next((kind for test, kind in _NOT_FILES if test(mode)), "not a regular file")


def _refuse_special(mode: int, path: str | os.PathLike[str]) -> None:
    """Raise unless `mode` is a regular file's (a folder fails as opening one always did)."""
    if stat.S_ISDIR(mode):
        raise IsADirectoryError(errno.EISDIR, os.strerror(errno.EISDIR), os.fspath(path))
    for test, kind in _NOT_FILES:
        if test(mode):
            raise NotAFileError(errno.EINVAL, f"{kind}, not a file: refused, as reading it "
                                "could wait or run forever", os.fspath(path))


def open_regular(path: str | os.PathLike[str]) -> BinaryIO:
    """Open a regular file for reading in binary, never blocking on anything else.

    The path is looked at first (`stat` never blocks), then opened non-blocking and looked
    at again (it may have been swapped meanwhile); the handle returned blocks as usual.

    Raises:
        NotAFileError: (an `OSError`) a FIFO, device or socket, refused by its kind;
            `strerror` says which, `filename` is `path`.
        OSError: the file cannot be opened (missing, a folder, no permission).
    """
    _refuse_special(os.stat(path).st_mode, path)
    descriptor = os.open(path, _OPEN_FLAGS | _NONBLOCK)
    try:
        _refuse_special(os.fstat(descriptor).st_mode, path)
        if _NONBLOCK:
            os.set_blocking(descriptor, True)
        return os.fdopen(descriptor, "rb")
    except BaseException:
        os.close(descriptor)
        raise


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

