"""The exceptions of the VASSAL format layer.

Every problem with a file is a `VassalFormatError` subclass that names the file, the
zip entry, and where possible the position (character or byte offset, or command
index) and the log step. `str(error)` is one line: what is wrong, then where.
Messages never contain a player's password (VASSAL stores it in clear as the user id).
The file and entry names are kept as `printable_path` renders them, so an error can always be
printed or written to JSON, whatever bytes the file's name holds.
"""

from __future__ import annotations

import copy
from pathlib import Path

from vmod_schema.files import printable_path, printable_text


class VassalFormatError(Exception):
    """A VASSAL module, save or log that cannot be read as VASSAL wrote it."""

    def __init__(
        self,
        message: str,
        *,
        file: str | Path | None = None,
        entry: str | None = None,
        position: int | None = None,
        step: int | None = None,
    ) -> None:
        super().__init__(message)
        self.message = message
        self.file = printable_path(file) if file is not None else None
        """The file, as `printable_path` renders it (to name it, not to open it)."""
        self.entry = printable_text(entry) if entry is not None else None
        self.position = position
        self.step = step

    def located(
        self,
        *,
        file: str | Path | None = None,
        entry: str | None = None,
        position: int | None = None,
        step: int | None = None,
    ) -> VassalFormatError:
        """Return a copy with the missing location fields filled in (known ones are kept)."""
        located = copy.copy(self)
        if located.file is None and file is not None:
            located.file = printable_path(file)
        if located.entry is None and entry is not None:
            located.entry = printable_text(entry)
        if located.position is None:
            located.position = position
        if located.step is None:
            located.step = step
        return located

    def where(self) -> str:
        """Describe the location: file, entry, position and step, as far as known."""
        parts = []
        if self.file is not None:
            parts.append(self.file)
        if self.entry is not None:
            parts.append(f"entry {self.entry}")
        if self.step is not None:
            parts.append(f"step {self.step}")
        if self.position is not None:
            parts.append(f"position {self.position}")
        return ", ".join(parts)

    def __str__(self) -> str:
        where = self.where()
        # One line, printable: a message may quote a hostile file's bytes (an entry name).
        message = printable_text(self.message)
        return f"{message} ({where})" if where else message

    def __reduce__(self) -> tuple[object, ...]:
        return (_rebuild, (type(self), self.message, self.file, self.entry, self.position,
                           self.step))


def _rebuild(
    cls: type[VassalFormatError],
    message: str,
    file: str | None,
    entry: str | None,
    position: int | None,
    step: int | None,
) -> VassalFormatError:
    return cls(message, file=file, entry=entry, position=position, step=step)


class NotAVassalFileError(VassalFormatError):
    """The file is a readable container but holds neither a game nor a module."""


class ArchiveError(VassalFormatError):
    """The zip container is missing, truncated or corrupt."""


class MissingEntryError(ArchiveError):
    """A required zip entry (e.g. `savedGame`) is absent."""


class ArchiveLimitError(ArchiveError):
    """The file, an entry, its compression ratio or its number of steps exceeds a safety
    limit (`vmod_schema.archive.Limits`); the message names the limit and the value."""


class ObfuscationError(VassalFormatError):
    """The `savedGame` payload has a bad header, odd-length or non-hex obfuscated text."""


class SequenceDecodeError(VassalFormatError):
    """A SequenceEncoder string has an escape the engine's encoder could not have written."""


class PieceFormatError(VassalFormatError):
    """A piece type or state string cannot be decoded into a trait chain."""


class CommandFormatError(VassalFormatError):
    """A command string is malformed (e.g. a MovePiece with a non-numeric coordinate)."""


class BuildFileError(VassalFormatError):
    """The module definition XML is malformed or not a VASSAL module."""


class XmlSecurityError(BuildFileError):
    """The XML declares a DTD, an entity or an external reference, which VASSAL never writes."""
