"""Merging one user data file over a game's data: fill nulls, refuse contradictions.

Every game lets users supply, in TOML files, what its rulebook lacks, and every game merges
such a file the same way: a user value fills a bundled `null`; a user value that differs
from a bundled one is a problem naming the file and the key (bundled values are rulebook
facts with a citation; a disagreement is almost always a typo, which must not silently
change what the referee believes); a merged record is validated again and its problems are
reported under its key; every problem of a file is collected so the user sees them all at
once. `RecordMerger` is that machinery; each game's merger subclasses it with what its
records are. `merge_user_file` reads, merges and reports one file; `MergedData` is a game's
`load_data`: the bundled data with user files merged in order, kept once per process for
files as they are now.
"""

from __future__ import annotations

import re
from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping, Sequence
from enum import StrEnum
from functools import lru_cache
from pathlib import Path
from typing import Any, Generic, Protocol, TypeVar

from pydantic import BaseModel, ValidationError

from adjudicator.systems.common.datafiles import (
    DataProblem,
    FileStamp,
    GameDataProblems,
    problems_from,
    read_user_file,
)

_ID = re.compile(r"^[a-z][a-z0-9_]*$")
"""A new record's id: lower-case letters, digits and _, starting with a letter."""

DataT = TypeVar("DataT", bound=BaseModel)
UserT = TypeVar("UserT", bound=BaseModel)
_M = TypeVar("_M", bound=BaseModel)
_T = TypeVar("_T")


class NumberedRecord(Protocol):
    """A record with an id and a printed number that may be unknown (a card)."""

    @property
    def id(self) -> str: ...

    @property
    def number(self) -> int | None: ...


class RecordMerger(ABC, Generic[DataT, UserT]):
    """Merges one parsed user file over `data`, collecting every problem with its key.

    Subclasses implement `merge` (the whole file) from the helpers here.
    """

    def __init__(self, data: DataT, file: str) -> None:
        self.data = data
        self.file = file
        self.problems: list[DataProblem] = []

    @abstractmethod
    def merge(self, user: UserT) -> DataT:
        """`data` with the user file merged over it; problems land in `problems`."""

    def problem(self, key: str, message: str) -> None:
        """Note one problem of the file at `key`."""
        self.problems.append(DataProblem(key, message))

    def cite(self, source: str | None) -> str:
        """The citation of a value this file supplies, with the user's own source if any."""
        return f"user data {self.file}" + (f": {source}" if source else "")

    def fill(self, key: str, what: str, current: _T | None, new: _T | None,
             cited: str) -> _T | None:
        """The bundled value, or the user's where the bundled one is null; a different
        user value is a problem (`what` names the value, `cited` the bundled source)."""
        if new is None or new == current:
            return current
        if current is None:
            return new
        self.problem(key, f"{what} is {show(current)} in the bundled data ({cited}), "
                          f"got {show(new)}")
        return current

    def fill_fields(self, key: str, what: str, old: BaseModel, values: Mapping[str, Any],
                    cited: str) -> dict[str, Any]:
        """`fill` for each of `values` over the same-named fields of `old` (keys
        `key.<field>`, values named `what <field>`)."""
        return {name: self.fill(f"{key}.{name}", f"{what} {name}", getattr(old, name), value,
                                cited)
                for name, value in values.items()}

    def rebuild(self, key: str, model: type[_M], fields: Mapping[str, Any]) -> _M | None:
        """Validate a merged record; its problems are reported under `key`."""
        try:
            return model.model_validate(dict(fields))
        except ValidationError as error:
            for problem in problems_from(error):
                where = f"{key}.{problem.key}" if problem.key else key
                self.problem(where, problem.message)
            return None

    def new_id(self, key: str, what: str, ident: str) -> bool:
        """Whether `ident` may name a new `what`; if not, a problem at `key`."""
        if _ID.match(ident):
            return True
        self.problem(key, f"{what} id {ident!r} must be lower-case letters, digits and _")
        return False

    def check_numbers(self, cards: Mapping[str, NumberedRecord]) -> None:
        """No two cards share a printed number."""
        numbers: dict[int, str] = {}
        for card in cards.values():
            if card.number is None:
                continue
            if card.number in numbers:
                self.problem(f"cards.{card.id}.number", f"card number {card.number} is also "
                                                        f"card {numbers[card.number]!r}")
            numbers[card.number] = card.id


def unchanged(old: BaseModel, update: Mapping[str, Any]) -> bool:
    """Whether every value of `update` is already `old`'s."""
    return all(value == getattr(old, name) for name, value in update.items())


def joined_aliases(old: Sequence[str], new: Sequence[str]) -> tuple[str, ...]:
    """`old`'s aliases, then those of `new` not among them."""
    return (*old, *(alias for alias in new if alias not in old))


def show(value: object) -> str:
    """A value as a user file writes it: `true`, `'text'`, an enum's `'value'`, `3`."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, StrEnum):
        return repr(value.value)
    return repr(value) if isinstance(value, str) else str(value)


def merge_user_file(data: DataT, path: Path, model: type[UserT],
                    merger: Callable[[DataT, str], RecordMerger[DataT, UserT]]) -> DataT:
    """`data` with the user TOML file `path` (validated as `model`) merged over it by a
    `merger` made for the file.

    Raises:
        GameDataError: unreadable, malformed or contradicting file (names file and keys).
    """
    user = read_user_file(path, model)
    merging = merger(data, path.name)
    merged = merging.merge(user)
    if merging.problems:
        raise GameDataProblems(merging.problems, file=path)
    return merged


class MergedData(Generic[DataT]):
    """A game's `load_data`: `bundled()` with each user file merged over it by `merge`, in
    order; kept once per process for files as they are now (a changed file is read again),
    so checking a thousand games with one data file reads it once."""

    def __init__(self, bundled: Callable[[], DataT],
                 merge: Callable[[DataT, Path], DataT]) -> None:
        self._bundled = bundled
        self._merge = merge
        self._merged = lru_cache(maxsize=8)(self._merge_all)

    def __call__(self, user_files: Sequence[Path] = ()) -> DataT:
        return self._merged(tuple(FileStamp.of(path) for path in user_files))

    def _merge_all(self, files: tuple[FileStamp, ...]) -> DataT:
        data = self._bundled()
        for file in files:
            data = self._merge(data, Path(file.path))
        return data


__all__ = ["MergedData", "NumberedRecord", "RecordMerger", "joined_aliases",
           "merge_user_file", "show", "unchanged"]
