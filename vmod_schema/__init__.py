"""vmod_schema: read and write VASSAL modules, saves and logs. Knows VASSAL, no game."""

from vmod_schema.errors import (
    ArchiveError,
    ArchiveLimitError,
    BuildFileError,
    CommandFormatError,
    MissingEntryError,
    NotAVassalFileError,
    ObfuscationError,
    PieceFormatError,
    SequenceDecodeError,
    VassalFormatError,
    XmlSecurityError,
)

__all__ = [
    "ArchiveError",
    "ArchiveLimitError",
    "BuildFileError",
    "CommandFormatError",
    "MissingEntryError",
    "NotAVassalFileError",
    "ObfuscationError",
    "PieceFormatError",
    "SequenceDecodeError",
    "VassalFormatError",
    "XmlSecurityError",
]
