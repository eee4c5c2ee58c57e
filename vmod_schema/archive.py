"""Safe reading of VASSAL's zip containers (.vmod, .vext, .vsav, .vlog) in memory.

Entries are never extracted to disk. Every read is bounded: the number of entries, each
entry's uncompressed size (checked against the header *and* while inflating, so a lying
header cannot smuggle a zip bomb through), and the compression ratio.
"""

from __future__ import annotations

import io
import lzma
import struct
import zipfile
import zlib
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import BinaryIO

from vmod_schema.errors import (
    ArchiveError,
    ArchiveLimitError,
    MissingEntryError,
    VassalFormatError,
)

MAX_ENTRIES = 100_000
"""More entries than any real module has; a bound on the central directory walk."""
MAX_ENTRY_BYTES = 256 * 1024 * 1024
"""Largest uncompressed entry read (real savedGame entries are a few MB)."""
MAX_RATIO = 200
"""Largest compression ratio accepted for an entry over 1 MB (text compresses ~10-30x)."""
RATIO_FLOOR_BYTES = 1024 * 1024
CHUNK = 1024 * 1024


@dataclass(frozen=True, slots=True)
class Limits:
    """Bounds applied while reading an archive."""

    max_entries: int = MAX_ENTRIES
    max_entry_bytes: int = MAX_ENTRY_BYTES
    max_ratio: int = MAX_RATIO


class Archive:
    """An opened zip container whose entries are read on demand, with limits.

    Example: `Archive.open(path).read("savedGame")`.
    """

    def __init__(self, zip_file: zipfile.ZipFile, name: str, limits: Limits,
                 handle: BinaryIO) -> None:
        self._zip = zip_file
        self._handle = handle
        self.name = name
        self.limits = limits
        self._infos = {info.filename: info for info in zip_file.infolist()}

    @classmethod
    def open(cls, source: str | Path | bytes, *, limits: Limits | None = None,
             name: str | None = None) -> Archive:
        """Open a zip file (a path, or its bytes) without extracting anything.

        Raises:
            ArchiveError: not a zip file, or a truncated or corrupt one.
            ArchiveLimitError: more entries than allowed.
        """
        limits = limits or Limits()
        display = name or (str(source) if not isinstance(source, bytes) else "<bytes>")
        try:
            handle = (io.BytesIO(source) if isinstance(source, bytes)
                      else Path(source).open("rb"))  # noqa: SIM115 - kept open by the ZipFile
        except OSError as error:
            raise ArchiveError(f"cannot open file: {error.strerror}", file=display) from None
        try:
            declared = _declared_entry_count(handle)
            if declared is not None and declared > limits.max_entries:
                raise ArchiveLimitError(
                    f"archive declares {declared} entries, more than the limit "
                    f"{limits.max_entries}", file=display)
            zip_file = zipfile.ZipFile(handle)
        except VassalFormatError:
            handle.close()
            raise
        except zipfile.BadZipFile as error:
            handle.close()
            raise ArchiveError(f"not a zip archive, or a truncated one: {error}",
                               file=display) from None
        except (OSError, ValueError, EOFError, struct.error) as error:
            handle.close()
            raise ArchiveError(f"corrupt zip archive: {error}", file=display) from None
        if len(zip_file.infolist()) > limits.max_entries:
            zip_file.close()
            handle.close()
            raise ArchiveLimitError(
                f"archive has {len(zip_file.infolist())} entries, more than the limit "
                f"{limits.max_entries}", file=display)
        return cls(zip_file, display, limits, handle)

    def close(self) -> None:
        """Close the archive and the file under it."""
        self._zip.close()
        self._handle.close()

    def __enter__(self) -> Archive:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def names(self) -> list[str]:
        """Return the entry names in archive order."""
        return list(self._infos)

    def has(self, entry: str) -> bool:
        """Return whether an entry of exactly this (case-sensitive) name exists."""
        return entry in self._infos

    def size(self, entry: str) -> int:
        """Return the entry's uncompressed size as its header declares it."""
        return self._info(entry).file_size

    def _info(self, entry: str) -> zipfile.ZipInfo:
        try:
            return self._infos[entry]
        except KeyError:
            raise MissingEntryError(f"missing zip entry {entry!r}", file=self.name,
                                    entry=entry) from None

    def read(self, entry: str, *, max_bytes: int | None = None) -> bytes:
        """Return an entry's uncompressed bytes, enforcing the size and ratio limits.

        Raises:
            MissingEntryError: no such entry.
            ArchiveLimitError: the entry is (or inflates to) more than the limit, or its
                compression ratio is that of a zip bomb.
            ArchiveError: the entry's data is corrupt or truncated.
        """
        buffer = io.BytesIO()
        for chunk in self.stream(entry, max_bytes=max_bytes):
            buffer.write(chunk)
        # getvalue() hands over the buffer without copying it.
        return buffer.getvalue()

    def stream(self, entry: str, *, max_bytes: int | None = None,
               chunk_size: int = CHUNK) -> Iterator[bytes]:
        """Yield an entry's uncompressed bytes chunk by chunk, with the limits of `read`.

        The whole entry is never held in memory here; every limit is checked before a
        chunk is handed out, and the size and checksum checks run at the end (a caller that
        stops early gets no verdict on the rest). Raises what `read` raises.
        """
        info = self._info(entry)
        limit = self.limits.max_entry_bytes if max_bytes is None else max_bytes
        if info.file_size > limit:
            raise ArchiveLimitError(
                f"entry declares {info.file_size} bytes, more than the limit {limit}",
                file=self.name, entry=entry)
        self._check_ratio(info, info.file_size)
        # Past this many bytes the ratio limit is exceeded; checked once per chunk.
        ratio_cap = max(RATIO_FLOOR_BYTES, self.limits.max_ratio * max(info.compress_size, 1))
        total = 0
        try:
            with self._zip.open(info) as stream:
                while True:
                    chunk = stream.read(chunk_size)
                    if not chunk:
                        break
                    total += len(chunk)
                    if total > limit:
                        raise ArchiveLimitError(
                            f"entry inflates past the limit {limit} bytes",
                            file=self.name, entry=entry, position=total)
                    if total > ratio_cap:
                        self._check_ratio(info, total)
                    yield chunk
        except VassalFormatError:
            raise
        except RuntimeError as error:  # zipfile's "password required" for encrypted entries
            raise ArchiveError(f"zip entry cannot be read: {error}", file=self.name,
                               entry=entry) from None
        except (zipfile.BadZipFile, zlib.error, lzma.LZMAError, EOFError, OSError, ValueError,
                NotImplementedError) as error:
            raise ArchiveError(f"corrupt or truncated zip entry: {error}", file=self.name,
                               entry=entry, position=total) from None
        if total != info.file_size:
            raise ArchiveError(
                f"entry holds {total} bytes but its header declares {info.file_size}",
                file=self.name, entry=entry, position=total)

    def _check_ratio(self, info: zipfile.ZipInfo, size: int) -> None:
        if size <= RATIO_FLOOR_BYTES:
            return
        compressed = max(info.compress_size, 1)
        if size / compressed > self.limits.max_ratio:
            raise ArchiveLimitError(
                f"entry expands {size // compressed}x, past the zip-bomb limit "
                f"{self.limits.max_ratio}x", file=self.name, entry=info.filename)

    def read_text(self, entry: str, *, max_bytes: int | None = None) -> str:
        """Return an entry as text: UTF-8, falling back to cp1252 for very old files."""
        data = self.read(entry, max_bytes=max_bytes)
        try:
            return data.decode("utf-8")
        except UnicodeDecodeError:
            return data.decode("cp1252", errors="replace")


_EOCD = b"PK\x05\x06"
_EOCD64_LOCATOR = b"PK\x06\x07"
_EOCD_SEARCH = 22 + 65535  # the record plus the longest archive comment


def _declared_entry_count(handle: BinaryIO) -> int | None:
    """The entry count the end-of-central-directory record declares, read before zipfile
    builds one record per entry (so a huge directory is refused cheaply); None if absent."""
    handle.seek(0, io.SEEK_END)
    size = handle.tell()
    start = max(0, size - _EOCD_SEARCH)
    handle.seek(start)
    tail = handle.read()
    handle.seek(0)
    at = tail.rfind(_EOCD)
    if at < 0 or at + 22 > len(tail):
        return None
    (count,) = struct.unpack_from("<H", tail, at + 10)
    if count == 0xFFFF and at >= 20 and tail[at - 20 : at - 16] == _EOCD64_LOCATOR:
        (offset,) = struct.unpack_from("<Q", tail, at - 20 + 8)
        handle.seek(offset)
        record = handle.read(56)
        handle.seek(0)
        if len(record) == 56 and record[:4] == b"PK\x06\x06":
            (count64,) = struct.unpack_from("<Q", record, 32)
            return int(count64)
    return int(count)


def is_zip(data_or_path: bytes | str | Path) -> bool:
    """Return whether the bytes (or the file) start like a zip archive."""
    if isinstance(data_or_path, bytes):
        head = data_or_path[:4]
    else:
        with Path(data_or_path).open("rb") as handle:
            head = handle.read(4)
    return head in (b"PK\x03\x04", b"PK\x05\x06")
