"""Missing facts, declared where the data is: one walker derives them, and the template.

A record field that may be unknown (None: no source states it) declares what it is needed
for, in its annotation: `colony: Annotated[Colony | None, Needs(Need.COLONIES, "colony of
{name}")]`. A game's data model lists, in the order a user should read them, what to walk
(`Walk`): facts about the data as a whole (`Whole`: a list is incomplete) and the records
of a collection (`Each`: every field of theirs that declares `Needs`). `missing_facts`
walks that list once per data object and gives each fact the catalog rules that need its
kind; `template_blocks` writes a template's `[table]` blocks from the same facts, so the
`data template` names exactly the keys the facts do.

`what`, `key` and `when` texts are format strings over the record's attributes (`{name}`,
`{label!r}`), its `key`, the field (`{field}`), a mapping's item (`{item}`) and the whole
data (`{data.rating_bounds.strategy[0]}`).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum
from functools import cache
from typing import Any, ClassVar, Generic, Protocol, TypeVar

from pydantic import BaseModel

from adjudicator.systems.common.records import MissingFacts, NeededBy, Record, once_per_object

NeedT = TypeVar("NeedT", bound=StrEnum)


class MissingFact(Record, NeededBy, Generic[NeedT]):
    """A fact a check needs that neither the rulebook nor a user file has supplied;
    `why` names the rules that need it."""

    need: NeedT
    key: str | None
    """The user-file key that supplies it; None when no data file can (card texts)."""
    what: str
    rules: tuple[str, ...]
    """Catalog rules whose checks depend on it, in catalog order."""


@dataclass(frozen=True, slots=True)
class Needs(Generic[NeedT]):
    """Field metadata: the field's value is a fact of kind `need`, missing while None.

    `what` says what the fact is; `key` overrides the user-file key (default
    `<record key>.<field>`); `when` limits the fact to records it holds for (an OPS value
    only on an OPS card); `lacks` tells a missing value other than None (a rating whose
    `value` is None); `each` makes every None value of a mapping field a fact (key
    `<record key>.<field>.<item>`, or `key` with `{item}`).
    """

    need: NeedT
    what: str
    key: str | None = None
    when: Callable[[Any], bool] | None = None
    lacks: Callable[[Any], bool] | None = None
    each: bool = False


@dataclass(frozen=True, slots=True)
class Whole(Generic[NeedT]):
    """A fact about the data as a whole, missing while `lacks(data)` (an incomplete list).

    `what` may be a format string or, when it needs a count, a function of the data."""

    need: NeedT
    key: str | None
    what: str | Callable[[Any], str]
    lacks: Callable[[Any], bool] = lambda data: True


@dataclass(frozen=True, slots=True)
class Each:
    """The records of one collection of the data (a mapping's values or a sequence), each
    under `key`, a format string over the record (`spaces.{id}`, `connections[{a},{b}]`);
    `records` names the data's attribute, dotted (`charts`), or is a function of it."""

    records: str | Callable[[Any], Iterable[BaseModel]]
    key: str
    fields: tuple[str, ...] | None = None
    """The declared fields to walk, in this order (default: all, in field order)."""


def incomplete(need: NeedT, flag: str, records: str, what: str, add: str) -> Whole[NeedT]:
    """The fact that a list of the map is incomplete until a user file declares it so
    (`[map] <flag> = true`): `what` names the rest (`the printed map's spaces`), `records`
    the data's attribute counted as known, `add` how a user adds one (`[spaces.<id>]`)."""
    return Whole(need, f"map.{flag}", lambda data: (
        f"the rest of {what} ({len(getattr(data, records))} known); add each as {add}, then "
        f"set map.{flag} = true"), lacks=lambda data: not getattr(data.map_status, flag))


Walk = Sequence[Whole[Any] | Each]
"""What a game's data walks for its missing facts, in the order a user reads them."""


class _Walked(Protocol):
    """A game's data: its catalog and what it walks for missing facts."""

    walk: ClassVar[Walk]

    @property
    def catalog(self) -> Iterable[Any]: ...


class _Attributes(Mapping[str, Any]):
    """A record's attributes (and a few extras) as a mapping, for `str.format_map`."""

    __slots__ = ("_extra", "_record")

    def __init__(self, record: object, **extra: Any) -> None:
        self._record = record
        self._extra = extra

    def __getitem__(self, name: str) -> Any:
        if name in self._extra:
            return self._extra[name]
        try:
            return getattr(self._record, name)
        except AttributeError:
            raise KeyError(name) from None

    def __iter__(self) -> Iterator[str]:
        return iter(self._extra)

    def __len__(self) -> int:
        return len(self._extra)


@cache
def declared_needs(model: type[BaseModel]) -> tuple[tuple[str, Needs[Any]], ...]:
    """The fields of `model` that declare `Needs`, in field order."""
    return tuple((name, meta) for name, field in model.model_fields.items()
                 for meta in field.metadata if isinstance(meta, Needs))


def _collection(data: object, records: str | Callable[[Any], Iterable[BaseModel]]
                ) -> Iterable[BaseModel]:
    if callable(records):
        return records(data)
    found: Any = data
    for part in records.split("."):
        found = getattr(found, part)
    if isinstance(found, BaseModel):
        return (found,)
    return found.values() if isinstance(found, Mapping) else found


def lacking(record: BaseModel, key: str, data: object = None,
            fields: Sequence[str] | None = None) -> Iterator[tuple[Any, str, str]]:
    """(need, key, what) for each declared fact `record` (under `key`) still lacks, in field
    order or in the order of `fields`."""
    declared = declared_needs(type(record))
    if fields is not None:
        by_name = dict(declared)
        declared = tuple((name, by_name[name]) for name in fields)
    for name, needs in declared:
        if needs.when is not None and not needs.when(record):
            continue
        value = getattr(record, name)
        if needs.each:
            for item, entry in value.items():
                if entry is None:
                    words = _Attributes(record, key=key, field=name, item=item, data=data)
                    where = (needs.key or f"{key}.{name}.{{item}}").format_map(words)
                    yield needs.need, where, needs.what.format_map(words)
            continue
        if not (needs.lacks(value) if needs.lacks is not None else value is None):
            continue
        words = _Attributes(record, key=key, field=name, data=data)
        where = needs.key.format_map(words) if needs.key else f"{key}.{name}"
        yield needs.need, where, needs.what.format_map(words)


def walk_facts(data: _Walked) -> list[tuple[Any, str | None, str]]:
    """(need, key, what) of every missing fact of `data`, in its `walk` order."""
    found: list[tuple[Any, str | None, str]] = []
    for step in type(data).walk:
        if isinstance(step, Whole):
            if step.lacks(data):
                what = step.what(data) if callable(step.what) else step.what
                found.append((step.need, step.key, what))
            continue
        for record in _collection(data, step.records):
            found += lacking(record, step.key.format_map(_Attributes(record)), data,
                             step.fields)
    return found


def derive_missing(data: _Walked) -> list[MissingFact[Any]]:
    """Every missing fact of `data` with the catalog rules (in catalog order) needing it."""
    gathered = MissingFacts(data.catalog, MissingFact[Any])
    for need, key, what in walk_facts(data):
        gathered.add(need, key, what)
    return gathered.facts


@once_per_object()
def _remembered(data: _Walked) -> tuple[MissingFact[Any], ...]:
    return tuple(derive_missing(data))


def missing_facts(data: _Walked) -> list[MissingFact[Any]]:
    """`derive_missing`, worked out once per data object in a process (the data is frozen):
    checking a thousand files with the same data derives the facts once."""
    return list(_remembered(data))


# --- the template ---------------------------------------------------------------------------


def template_blocks(facts: Iterable[MissingFact[Any]], records: Iterable[BaseModel], key: str,
                    header: str, *, fields: Sequence[str] | None = None,
                    blank: bool = True) -> list[str]:
    """A template's `[table]` block for each record under `key` (a format string over the
    record) that lacks a fact: a `[key]  # header` line, then `# field = ` for each missing
    field (in `fields` order, else the facts'); a blank line before each when `blank`."""
    wanted: dict[str, list[str]] = {}
    for fact in facts:
        if fact.key is not None and "." in fact.key:
            table, name = fact.key.rsplit(".", 1)
            wanted.setdefault(table, []).append(name)
    lines: list[str] = []
    for record in records:
        words = _Attributes(record)
        table = key.format_map(words)
        names = wanted.get(table, [])
        if fields is not None:
            names = [name for name in fields if name in names]
        if names:
            lines += [*([""] if blank else []), f"[{table}]  # {header.format_map(words)}",
                      *(f"# {name} = " for name in names)]
    return lines


__all__ = ["Each", "MissingFact", "Needs", "Walk", "Whole", "declared_needs", "derive_missing",
           "incomplete",
           "lacking", "missing_facts", "template_blocks", "walk_facts"]
