"""The records every game's data is made of: frozen, closed pydantic models with citations.

Each game keeps its bundled data (JSON) and its users' data (TOML) as trees of `Record`s;
a fact carries a `Source` (one or more citations, e.g. a rule section) so a report can say
where it came from. A record is frozen (data is shared between checks, never changed) and
closed (an unknown key is a typo the user must hear about).
"""

from __future__ import annotations

from typing import Annotated

from pydantic import BaseModel, ConfigDict, Field

Source = Annotated[tuple[Annotated[str, Field(min_length=1)], ...], Field(min_length=1)]
"""One or more citations; every record carries one."""


class Record(BaseModel):
    """The frozen, closed base of every data record."""

    model_config = ConfigDict(frozen=True, extra="forbid")


class BundledFile(Record):
    """The head every bundled JSON data file starts with: what it holds and its citations."""

    about: str
    source: Source


__all__ = ["BundledFile", "Record", "Source"]
