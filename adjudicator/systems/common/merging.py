"""Merging one user data file over a game's data: fill nulls, refuse contradictions.

Every game lets users supply, in TOML files, what its rulebook lacks, and every game merges
such a file the same way: a user value fills a bundled `null`; a user value that differs
from a bundled one is a problem naming the file and the key (bundled values are rulebook
facts with a citation; a disagreement is almost always a typo, which must not silently
change what the referee believes); a merged record is validated again and its problems are
reported under its key; every problem of a file is collected so the user sees them all at
once. `RecordMerger` is that machinery; each game's merger subclasses it with what its
records are; `merge_records` is the one merge of a table of user records over bundled ones
(fill nulls, add new records), so a game writes only what its records add (how a new one is
made, what else follows from a value). `user_model` derives the shape a user file gives a
record from the record's model, so the two are never written twice. `merge_user_file` reads,
merges and reports one file; `MergedData` is a game's `load_data`: the bundled data with
user files merged in order, kept once per process for files as they are now.
"""

from __future__ import annotations

import re
import types
from abc import ABC, abstractmethod
from collections.abc import Callable, Iterable, Mapping, Sequence
from enum import StrEnum
from functools import lru_cache
from pathlib import Path
from typing import Annotated, Any, Generic, Protocol, TypeVar, Union, get_args, get_origin

from pydantic import (
    BaseModel,
    ConfigDict,
    Field,
    StrictBool,
    StrictInt,
    StrictStr,
    ValidationError,
    create_model,
)

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


class UserRecord(BaseModel):
    """A closed, frozen table of a user file (a misspelt key is an error naming it)."""

    model_config = ConfigDict(frozen=True, extra="forbid")


def user_type(annotation: Any) -> Any:
    """What a user file may write for a record field of type `annotation`: the same type
    without its bounds (checked when the merged record is validated, under its key), with
    strict scalars (TOML's `1` is not `true`), ids (`NewType`s of str) as strings."""
    origin = get_origin(annotation)
    args = get_args(annotation)
    if origin is Annotated:
        return user_type(args[0])
    if origin in (Union, types.UnionType):
        made: Any = Union[tuple(user_type(arg) for arg in args)]  # noqa: UP007
        return made
    if origin is tuple:
        if len(args) == 2 and args[1] is Ellipsis:
            return tuple[user_type(args[0]), ...]  # type: ignore[misc]
        return tuple[tuple(user_type(arg) for arg in args)]  # type: ignore[misc]
    if hasattr(annotation, "__supertype__"):
        return user_type(annotation.__supertype__)
    return {bool: StrictBool, int: StrictInt, str: StrictStr}.get(annotation, annotation)


def user_model(record: type[BaseModel], name: str, fields: Iterable[str], *,
               required: Iterable[str] = (), types: Mapping[str, Any] | None = None,
               defaults: Mapping[str, Any] | None = None,
               source: bool = True) -> type[UserRecord]:
    """The table a user file gives for a `record`: each of `fields` with the record's type
    (`user_type`), optional (None: not given) unless `required`; `aliases` default to none;
    `types` and `defaults` override a field's; then `source`, where the user read it."""
    types = types or {}
    defaults = defaults or {}
    wanted = set(required)
    declared: dict[str, Any] = {}
    for field in fields:
        kind = types.get(field, user_type(record.model_fields[field].annotation))
        if field in wanted:
            declared[field] = (kind, ...)
        elif field in defaults:
            declared[field] = (kind, defaults[field])
        elif field == "aliases":
            declared[field] = (kind, ())
        else:
            declared[field] = (kind | None, None)
    if source:
        declared["source"] = (StrictStr | None, None)
    made: type[UserRecord] = create_model(name, __base__=UserRecord,
                                          __module__=record.__module__, **declared)
    return made


def user_file(name: str, **tables: tuple[Any, Any]) -> type[UserRecord]:
    """A whole user file: each table with its shape and default (`single`, `keyed`,
    `listed`), closed."""
    made: type[UserRecord] = create_model(name, __base__=UserRecord, **tables)  # type: ignore[call-overload]
    return made


def single(model: type[BaseModel]) -> tuple[Any, Any]:
    """A `[table]` of the file, given once (`[map]`); empty by default."""
    return (model, model())


def keyed(model: type[BaseModel], by: Any = str) -> tuple[Any, Any]:
    """`[table.<id>]`, one per record (`[spaces.boston]`; the id `by` a type other than
    text, e.g. a Region); none by default."""
    return (types.GenericAlias(dict, (by, model)), Field(default_factory=dict))


def listed(model: type[BaseModel]) -> tuple[Any, Any]:
    """`[[table]]`, one per record (`[[connections]]`); none by default."""
    return (types.GenericAlias(tuple, (model, ...)), ())


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

    def merge_records(self, table: str, records: Mapping[str, _M], user: Mapping[str, Any],
                      model: type[_M], *, what: str,
                      make: Callable[[str, Any], _M | None],
                      adjust: Callable[[_M, Any, dict[str, Any]], None] | None = None,
                      keep: Iterable[str] = ()) -> dict[str, _M]:
        """`records` with each user record of the table merged in: a known one has its
        nulls filled (`fill`; keys `table.<id>.<field>`, values named `what '<id>' <field>`),
        its aliases joined and the user's source cited; `adjust(old, new, update)` adds what
        else follows; fields in `keep` are the game's to merge. A new one is `make(id, new)`
        (None: refused, its problems noted)."""
        merged = dict(records)
        for rid, new in user.items():
            key = f"{table}.{rid}"
            old = merged.get(rid)
            if old is None:
                made = make(rid, new)
                if made is not None:
                    merged[rid] = made
                continue
            source: tuple[str, ...] = getattr(old, "source", ())
            given = new.model_dump(exclude={"aliases", "source", *keep})
            update = self.fill_fields(key, f"{what} {rid!r}", old, given, "; ".join(source))
            if adjust is not None:
                adjust(old, new, update)
            if "aliases" in type(new).model_fields:
                update["aliases"] = joined_aliases(getattr(old, "aliases", ()), new.aliases)
            if unchanged(old, update):
                continue
            update["source"] = (*source, self.cite(new.source))
            rebuilt = self.rebuild(key, model, {**old.model_dump(), **update})
            if rebuilt is not None:
                merged[rid] = rebuilt
        return merged

    def declare(self, record: _M, user: BaseModel) -> _M:
        """`record` with each flag the user table sets true (`[map] spaces_complete =
        true`) set, and the file cited in its `source`; a flag is never unset."""
        declared = [name for name, value in user.model_dump(exclude={"source"}).items()
                    if value]
        if not declared:
            return record
        update: dict[str, Any] = dict.fromkeys(declared, True)
        update["source"] = (*getattr(record, "source", ()),
                            self.cite(getattr(user, "source", None)))
        return record.model_copy(update=update)

    def new_id(self, key: str, what: str, ident: str) -> bool:
        """Whether `ident` may name a new `what`; if not, a problem at `key`."""
        if _ID.match(ident):
            return True
        self.problem(key, f"{what} id {ident!r} must be lower-case letters, digits and _")
        return False

    def merge_deck(self, cards: Mapping[str, _M], user: Mapping[str, Any], model: type[_M], *,
                   make: Callable[[str, Any], _M | None], size: int,
                   citation: str) -> dict[str, _M]:
        """The cards with the user's merged in (`merge_records`), no two sharing a printed
        number, and no more of them (counting each card's `copies`) than the deck holds."""
        merged = self.merge_records("cards", cards, user, model, what="card", make=make)
        self.check_numbers(merged)  # type: ignore[arg-type]
        total = sum(getattr(card, "copies", None) or 1 for card in merged.values())
        if total > size:
            self.problem("cards", f"{total} cards listed, but the deck has {size} ({citation})")
        return merged

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

    @classmethod
    def of(cls, bundled: Callable[[], DataT], model: type[UserT],
           merger: Callable[[DataT, str], RecordMerger[DataT, UserT]]) -> MergedData[DataT]:
        """A game's `load_data`: each user file read as `model` and merged by a `merger`
        made for it (`merge_user_file`)."""
        return cls(bundled, lambda data, path: merge_user_file(data, path, model, merger))

    def __call__(self, user_files: Sequence[Path] = ()) -> DataT:
        """The bundled data with each user TOML file merged over it, in order.

        Raises:
            GameDataError: a file cannot be read, is not TOML, or has bad values; the
                error names the file and lists every problem with its key
                (`GameDataProblems`).
        """
        return self._merged(tuple(FileStamp.of(path) for path in user_files))

    def _merge_all(self, files: tuple[FileStamp, ...]) -> DataT:
        data = self._bundled()
        for file in files:
            data = self._merge(data, Path(file.path))
        return data


__all__ = ["MergedData", "NumberedRecord", "RecordMerger", "UserRecord", "joined_aliases",
           "keyed", "listed", "merge_user_file", "show", "single", "unchanged", "user_file",
           "user_model", "user_type"]
