"""The exceptions of the adjudicator layer (games, bindings, reports).

Format problems stay `vmod_schema.VassalFormatError`; everything the game layer rejects is
an `AdjudicatorError`. Both print as one line naming the file and what is wrong.
"""

from __future__ import annotations

from pathlib import Path


class AdjudicatorError(Exception):
    """A problem the adjudicator reports to the user as one line."""

    def __init__(self, message: str, *, file: str | Path | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.file = str(file) if file is not None else None

    def __str__(self) -> str:
        return f"{self.message} ({self.file})" if self.file else self.message


class UnknownFileKindError(AdjudicatorError):
    """The file is neither a VASSAL module nor a save or log."""
