"""The calibration file the calibration page exports, read back for `bind --calibration`.

    game = "ww"
    module = "Washington's War"
    [calibration]
    "space:quebec" = { map = "Main Map", x = 250, y = 250, radius = 60 }
    "stock:british" = { map = "Main Map", x = 250, y = 4850, radius = 60 }

The file comes from a browser the user drove, perhaps from someone else: it is read with a
size cap and validated, and a problem is one line naming the file and the key.
"""

from __future__ import annotations

import tomllib
from pathlib import Path

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from adjudicator.binding import Binding, CalibrationPoint, Unmatched, validation_problems
from adjudicator.errors import BindingError

MAX_BYTES = 2_000_000
"""A calibration file larger than this is refused (thousands of places fit in 200 kB)."""
MAX_POINTS = 10_000
"""Calibration points a file may hold."""


class CalibrationFile(BaseModel):
    """An exported calibration: for which game and module, and the points."""

    model_config = ConfigDict(frozen=True, extra="forbid")
    game: str
    module: str = ""
    calibration: dict[str, CalibrationPoint] = Field(default_factory=dict,
                                                     max_length=MAX_POINTS)


def load_calibration(path: Path) -> CalibrationFile:
    """Read an exported calibration file.

    Raises:
        BindingError: unreadable, too large, not TOML, or a wrong key (named).
    """
    try:
        with path.open("rb") as handle:
            data = handle.read(MAX_BYTES + 1)
    except OSError as error:
        raise BindingError(f"cannot read calibration: {error.strerror}", file=path) from None
    if len(data) > MAX_BYTES:
        raise BindingError(f"calibration file larger than {MAX_BYTES} bytes", file=path)
    try:
        raw = tomllib.loads(data.decode("utf-8"))
    except (UnicodeDecodeError, tomllib.TOMLDecodeError) as error:
        raise BindingError(f"not valid TOML: {error}", file=path) from None
    try:
        return CalibrationFile.model_validate(raw)
    except ValidationError as error:
        raise BindingError(f"bad calibration: {validation_problems(error, limit=5)}",
                           file=path) from None


def with_calibration(binding: Binding, calibration: CalibrationFile, *,
                     file: Path | None = None) -> Binding:
    """The binding with the file's points added (a point the binding has is replaced), and
    the places they calibrate no longer listed as unmatched.

    Raises:
        BindingError: the calibration is for another game.
    """
    if calibration.game != binding.game:
        raise BindingError(f"calibration is for game {calibration.game!r}, not "
                           f"{binding.game!r}", file=file)
    points = {**binding.calibration, **calibration.calibration}
    unmatched = binding.unmatched
    return binding.model_copy(update={
        "calibration": points,
        "unmatched": Unmatched(pieces=unmatched.pieces, locations=unmatched.locations,
                               entities=[e for e in unmatched.entities if e not in points])})


__all__ = ["MAX_BYTES", "CalibrationFile", "load_calibration", "with_calibration"]
