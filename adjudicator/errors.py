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
        self.file = None
        if file is not None:
            # Imported here: `adjudicator.cli.main` imports this module before any command
            # (its memory ceiling), and `--help` loads no format code.
            from vmod_schema.files import printable_path

            self.file = printable_path(file)

    def __str__(self) -> str:
        return f"{self.message} ({self.file})" if self.file else self.message


class UnknownFileKindError(AdjudicatorError):
    """The file is neither a VASSAL module nor a save or log."""


class GameDataError(AdjudicatorError):
    """A game data file (bundled or user-supplied) is malformed: names the file and key."""

    def __init__(self, message: str, *, file: str | Path | None = None,
                 key: str | None = None) -> None:
        super().__init__(message, file=file)
        self.key = key

    def __str__(self) -> str:
        where = ", ".join(part for part in (self.file, self.key and f"key {self.key}") if part)
        return f"{self.message} ({where})" if where else self.message


class BindingError(AdjudicatorError):
    """A binding file (VASSAL pieces and places → game entities) is malformed or wrong."""


class UnknownGameError(AdjudicatorError):
    """No game system has the requested id; the message lists the known ones."""
