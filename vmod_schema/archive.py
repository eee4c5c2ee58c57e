"""Safe reading of VASSAL's zip containers (.vmod, .vext, .vsav, .vlog) in memory.

Entries are never extracted to disk. Every read is bounded (`Limits`, the one place the
bounds are set): the file's size, the number of entries, each entry's uncompressed size
(checked against the header *and* while inflating, so a lying header cannot smuggle a zip
bomb through), and the compression ratio. A zip feature VASSAL never writes (a compression
method other than stored or deflated, bzip2 and LZMA aside; encryption; a newer zip version)
is an `ArchiveError` naming it, never a traceback. A FIFO, device or socket is refused by
its kind, never opened in a way that waits (`open_file`).

The bounds on what the text inside holds (counts, depths, lengths read from it) are the
`MAX_…` constants below `Limits`, applied where that text is decoded.
"""

from __future__ import annotations

import io
import lzma
import os
import struct
import zipfile
import zlib
from collections.abc import Generator
from dataclasses import dataclass
from pathlib import Path
from typing import BinaryIO

from vmod_schema.errors import (
    ArchiveError,
    ArchiveLimitError,
    MissingEntryError,
    VassalFormatError,
)
from vmod_schema.files import NotAFileError, open_regular, printable_path

MB = 1024 * 1024
MAX_FILE_BYTES = 1024 * MB
"""Largest archive opened: the biggest modules hold a few hundred MB of images."""
MAX_GAME_FILE_BYTES = 64 * MB
"""Largest save or log opened: the biggest corpus save (Paths of Glory) is 1.9 MB zipped."""
MAX_ENTRIES = 100_000
"""More entries than any real module has; a bound on the central directory walk."""
MAX_ENTRY_BYTES = 256 * MB
"""Largest uncompressed entry read (a module's biggest map image is tens of MB)."""
MAX_PAYLOAD_BYTES = 128 * MB
"""Largest uncompressed `savedGame` entry: the biggest corpus save (Paths of Glory, 1.9 MB
zipped) holds 27.8 MB (its text in hex), so this leaves 4.6x room, while refusing a 65 MB
log that expands to 200 MB."""
MAX_BUILDFILE_BYTES = 64 * MB
"""Largest module definition (`buildFile.xml`) read: the biggest corpus one (Paths of Glory)
is 1.1 MB; its parsed tree takes about ten times its size."""
MAX_RATIO = 200
"""Largest compression ratio accepted for an entry over 1 MB (text compresses ~10-30x)."""
MAX_STEPS = 100_000
"""Most top-level commands after a log's restore block (its steps) that are read. Real
PBEM logs record hundreds to a few thousand; replaying one costs memory and time per step
(the benchmark checks 100,000), so a longer log is refused before any of it is replayed."""
RATIO_FLOOR_BYTES = MB
CHUNK = MB

# Bounds on counts, lengths and depths read from a file's text. They are applied where the
# text is decoded (pieces decode lazily, long after `read_save` and its `Limits`), so they
# are constants; each is far above what any real file holds and far below what would
# exhaust memory or time. Exceeding one raises the layer's `VassalFormatError` naming it.
MAX_PIECE_PROPERTIES = 1_000
"""Most persistent properties a basic piece's state may claim (its `propCount`, §6.2).
The corpus's most is 10 (`UniqueID` and the `Old…` family); a count is read from the file,
and the engine reads that many pairs whatever the string holds, so a claimed
2,000,000,000 would allocate without end."""
MAX_PIECE_TRAITS = 1_000
"""Most trait levels in one piece's type chain (§6.1). The corpus's deepest piece has 206.
A chain `d` levels deep holds at least `d²/2` backslashes (each level escapes the TABs
below it), and decoding it level by level re-splits the rest of the chain at each level,
so the work grows as the cube of the depth."""
MAX_COMMAND_DEPTH = 32
"""Deepest nesting of commands (compounds and `LOG` entries, §4.1). The deepest corpus and
fixture file nests 6 levels; each level holds its own copy of the text below it, so a deep
nesting of a large text multiplies it (before this bound: up to Python's stack, ~500)."""
MAX_PLACED_BOARDS = 1_000
"""Most boards one `…BoardPicker` command places on a map (§4.3, §7.5). The largest VASL
layouts place a few dozen; each placed board repeats its regions and zones in location
lookups and on the replay page, and the layout is quadratic in their number."""
MAX_FORMATTED_CHARS = 1_000_000
"""Longest text a `$property$` format may produce (§7.11): a piece name, a label, a report.
Each reference copies a value, so a name format `$pieceName$$pieceName$` applied by forty
Text Labels of one 4 KB piece would double the name forty times (a terabyte)."""
MAX_TABLE_CELLS = 100_000
"""Most cells of a Spreadsheet trait (`table;`): rows times columns, read from its type."""
MAX_GRID_INDEX = 100_000
"""Largest grid column or row (in absolute value) that is given a name (§7.6): a point
further than that from a grid's origin lies off any board, and naming it would repeat a
letter `index / 26` times (alphabetic numbering). Not an error: such a point has no grid
location, like any point a grid cannot name."""
MAX_GRID_LEADING_ZEROS = 32
"""Most leading zeros a grid numbering may ask for (`hLeading`, `vLeading`, §7.6); real
modules ask for 0 to 3. Not an error: more are written as this many."""


@dataclass(frozen=True, slots=True)
class Limits:
    """Every bound on the container applied while reading a VASSAL file, in one place (the
    bounds on what its text holds are the `MAX_…` constants of this module).

    Exceeding one is an `ArchiveLimitError` naming the limit (by its field name here) and the
    value, raised before the memory is spent: sizes are checked as the zip declares them,
    then again while inflating. Pass your own to `Archive.open` or `read_save`, e.g.
    `read_save(path, limits=Limits(max_payload_bytes=512 * MB))` for a monster game.
    """

    max_file_bytes: int = MAX_FILE_BYTES
    """Size of any archive file (`Archive.open`)."""
    max_game_file_bytes: int = MAX_GAME_FILE_BYTES
    """Size of a save or log file (`read_save`)."""
    max_entries: int = MAX_ENTRIES
    """Entries in an archive's central directory."""
    max_entry_bytes: int = MAX_ENTRY_BYTES
    """Uncompressed size of any one entry."""
    max_payload_bytes: int = MAX_PAYLOAD_BYTES
    """Uncompressed size of a save's or log's `savedGame` entry (`read_save`)."""
    max_ratio: int = MAX_RATIO
    """Uncompressed size over compressed size, for entries over 1 MB."""
    max_steps: int = MAX_STEPS
    """Top-level commands after a log's restore block (`read_save`)."""


COMPRESSION_METHODS: dict[int, str] = {
    0: "stored", 1: "shrunk", 2: "reduced", 3: "reduced", 4: "reduced", 5: "reduced",
    6: "imploded", 8: "deflate", 9: "deflate64", 10: "PKWARE implode", 12: "bzip2",
    14: "LZMA", 16: "IBM z/OS CMPSC", 18: "IBM TERSE", 19: "IBM LZ77", 20: "zstd (old id)",
    93: "Zstandard", 94: "MP3", 95: "XZ", 96: "JPEG", 97: "WavPack", 98: "PPMd",
    99: "AES encryption",
}
"""The zip compression methods by number (PKWARE APPNOTE 4.4.5), to name them in errors."""
SUPPORTED_COMPRESSION = frozenset({zipfile.ZIP_STORED, zipfile.ZIP_DEFLATED,
                                   zipfile.ZIP_BZIP2, zipfile.ZIP_LZMA})
"""What Python's zipfile inflates; VASSAL itself writes only stored and deflate."""
_ENCRYPTED_FLAGS = 0x1 | 0x40
"""General-purpose flag bits 0 (encrypted) and 6 (strong encryption)."""


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
             name: str | None = None, max_file_bytes: int | None = None) -> Archive:
        """Open a zip file (a path, or its bytes) without extracting anything.

        `max_file_bytes` overrides `limits.max_file_bytes` (`read_save` passes
        `limits.max_game_file_bytes`).

        Raises:
            ArchiveError: not a zip file, or a truncated or corrupt one.
            ArchiveLimitError: a larger file, or more entries, than allowed.
            ArchiveError: an entry needs a newer zip version than Python reads.
        """
        limits = limits or Limits()
        display = (printable_path(name) if name is not None
                   else printable_path(source) if not isinstance(source, bytes) else "<bytes>")
        if max_file_bytes is None:
            max_file_bytes, limit_name = limits.max_file_bytes, "max_file_bytes"
        else:
            limit_name = "max_game_file_bytes"
        handle = (io.BytesIO(source) if isinstance(source, bytes)
                  else open_file(source, display=display))
        try:
            size = (len(source) if isinstance(source, bytes)
                    else os.fstat(handle.fileno()).st_size)
            if size > max_file_bytes:
                raise ArchiveLimitError(
                    f"file is {size} bytes, more than the limit {limit_name} = "
                    f"{max_file_bytes}", file=display)
            declared = _declared_entry_count(handle)
            if declared is not None and declared > limits.max_entries:
                raise ArchiveLimitError(
                    f"archive declares {declared} entries, more than the limit "
                    f"max_entries = {limits.max_entries}", file=display)
            zip_file = zipfile.ZipFile(handle)
        except VassalFormatError:
            handle.close()
            raise
        except zipfile.BadZipFile as error:
            handle.close()
            raise ArchiveError(f"not a zip archive, or a truncated one: {error}",
                               file=display) from None
        except NotImplementedError as error:  # an entry needing a newer zip version
            needing = _entry_needing_newer_zip(handle)
            handle.close()
            if needing is None:
                raise ArchiveError(f"unsupported zip archive: {error}",
                                              file=display) from None
            entry, version = needing
            raise ArchiveError(
                f"entry {entry} needs zip version {version / 10:.1f} to extract, which is not "
                f"supported (up to {zipfile.MAX_EXTRACT_VERSION / 10:.1f})",
                file=display, entry=entry) from None
        except (OSError, ValueError, EOFError, struct.error) as error:
            handle.close()
            raise ArchiveError(f"corrupt zip archive: {error}", file=display) from None
        if len(zip_file.infolist()) > limits.max_entries:
            zip_file.close()
            handle.close()
            raise ArchiveLimitError(
                f"archive has {len(zip_file.infolist())} entries, more than the limit "
                f"max_entries = {limits.max_entries}", file=display)
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

    def read(self, entry: str, *, max_bytes: int | None = None,
             limit_name: str | None = None) -> bytes:
        """Return an entry's uncompressed bytes, enforcing the size and ratio limits.

        `max_bytes` (named `limit_name` in errors) overrides `limits.max_entry_bytes`.

        Raises:
            MissingEntryError: no such entry.
            ArchiveLimitError: the entry is (or inflates to) more than the limit, or its
                compression ratio is that of a zip bomb.
            ArchiveError: the entry is encrypted, or compressed by a method
                Python cannot inflate.
            ArchiveError: the entry's data is corrupt or truncated.
        """
        buffer = io.BytesIO()
        for chunk in self.stream(entry, max_bytes=max_bytes, limit_name=limit_name):
            buffer.write(chunk)
        # getvalue() hands over the buffer without copying it.
        return buffer.getvalue()

    def stream(self, entry: str, *, max_bytes: int | None = None,
               limit_name: str | None = None, chunk_size: int = CHUNK
               ) -> Generator[bytes, None, None]:
        """Yield an entry's uncompressed bytes chunk by chunk, with the limits of `read`.

        The whole entry is never held in memory here; every limit is checked before a
        chunk is handed out, and the size and checksum checks run at the end (a caller that
        stops early gets no verdict on the rest). Raises what `read` raises.
        """
        info = self._info(entry)
        self._check_supported(info)
        if max_bytes is None:
            limit, limit_name = self.limits.max_entry_bytes, "max_entry_bytes"
        else:
            limit, limit_name = max_bytes, limit_name or "the limit"
        if info.file_size > limit:
            raise ArchiveLimitError(
                f"entry declares {info.file_size} bytes uncompressed, more than {limit_name} = "
                f"{limit}", file=self.name, entry=entry)
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
                            f"entry inflates past {limit_name} = {limit} bytes",
                            file=self.name, entry=entry, position=total)
                    if total > ratio_cap:
                        self._check_ratio(info, total)
                    yield chunk
        except VassalFormatError:
            raise
        except RuntimeError as error:  # an unsupported feature `_check_supported` missed
            raise ArchiveError(f"zip entry cannot be read: {error}",
                                          file=self.name, entry=entry) from None
        except (zipfile.BadZipFile, zlib.error, lzma.LZMAError, EOFError, OSError, ValueError,
                NotImplementedError) as error:
            raise ArchiveError(f"corrupt or truncated zip entry: {error}", file=self.name,
                               entry=entry, position=total) from None
        if total != info.file_size:
            raise ArchiveError(
                f"entry holds {total} bytes but its header declares {info.file_size}",
                file=self.name, entry=entry, position=total)

    def _check_supported(self, info: zipfile.ZipInfo) -> None:
        """Refuse, by name, an entry Python's zipfile cannot inflate (it would raise a bare
        NotImplementedError or RuntimeError)."""
        if info.flag_bits & _ENCRYPTED_FLAGS:
            raise ArchiveError(
                f"entry {info.filename} is encrypted, which VASSAL never does: it cannot be "
                "read without a password", file=self.name, entry=info.filename)
        method = info.compress_type
        if method not in SUPPORTED_COMPRESSION:
            name = COMPRESSION_METHODS.get(method, "unknown")
            raise ArchiveError(
                f"entry {info.filename} uses zip compression method {method} ({name}), which "
                "is not supported", file=self.name, entry=info.filename)

    def _check_ratio(self, info: zipfile.ZipInfo, size: int) -> None:
        if size <= RATIO_FLOOR_BYTES:
            return
        compressed = max(info.compress_size, 1)
        if size / compressed > self.limits.max_ratio:
            raise ArchiveLimitError(
                f"entry expands {size // compressed}x, past the zip-bomb limit "
                f"max_ratio = {self.limits.max_ratio}", file=self.name, entry=info.filename)

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


_CENTRAL_HEADER = b"PK\x01\x02"


def _entry_needing_newer_zip(handle: BinaryIO) -> tuple[str, int] | None:
    """The first entry whose central-directory record needs a zip version newer than
    Python's zipfile extracts, with that version (e.g. 99 for 9.9); None if none is found.

    Only called after zipfile refused the archive, to name the entry in the error.
    """
    handle.seek(0, io.SEEK_END)
    size = handle.tell()
    start = max(0, size - _EOCD_SEARCH)
    handle.seek(start)
    tail = handle.read()
    at = tail.rfind(_EOCD)
    if at < 0 or at + 22 > len(tail):
        return None
    directory_size, directory_offset = struct.unpack_from("<II", tail, at + 12)
    handle.seek(min(directory_offset, size))
    directory = handle.read(min(directory_size, size))
    offset = 0
    while directory.startswith(_CENTRAL_HEADER, offset) and offset + 46 <= len(directory):
        extract_version = directory[offset + 6]
        name_length, extra_length, comment_length = struct.unpack_from(
            "<HHH", directory, offset + 28)
        if extract_version > zipfile.MAX_EXTRACT_VERSION:
            raw_name = directory[offset + 46 : offset + 46 + name_length]
            flags = struct.unpack_from("<H", directory, offset + 8)[0]
            name = raw_name.decode("utf-8" if flags & 0x800 else "cp437", errors="replace")
            return name, extract_version
        offset += 46 + name_length + extra_length + comment_length
    return None


def is_zip(data_or_path: bytes | str | Path) -> bool:
    """Return whether the bytes (or the file) start like a zip archive.

    Raises:
        ArchiveError: the path cannot be opened, or is not a regular file (`open_file`).
    """
    if isinstance(data_or_path, bytes):
        head = data_or_path[:4]
    else:
        with open_file(data_or_path) as handle:
            head = handle.read(4)
    return head in (b"PK\x03\x04", b"PK\x05\x06")


def open_file(path: str | os.PathLike[str], *, display: str | None = None) -> BinaryIO:
    """`vmod_schema.files.open_regular`, its errors as `ArchiveError`s naming the file
    (`display`, default `printable_path(path)`): a FIFO, device or socket named `x.vlog` is
    refused by name, never opened in a blocking way.

    Raises:
        ArchiveError: the file cannot be opened, or is not a regular file.
    """
    display = display if display is not None else printable_path(path)
    try:
        return open_regular(path)
    except NotAFileError as error:
        raise ArchiveError(error.strerror or "not a file", file=display) from None
    except OSError as error:
        raise ArchiveError(f"cannot open file: {error.strerror}", file=display) from None
    except ValueError as error:  # e.g. a NUL byte in the path
        raise ArchiveError(f"cannot open file: {error}", file=display) from None
