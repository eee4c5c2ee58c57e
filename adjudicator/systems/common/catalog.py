"""A game's rule catalog: one `CatalogEntry` per rule, and the `Catalog` that finds them.

Every game's digest lists its rules the same way (an id such as `WW-MOVE-03`, the rulebook
citation, the severity, a one-line summary and the kinds of data fact its checks need), so
every game's catalog is made of the same record. A game types its entries' `needs` with its
own `Need` enum (`CatalogEntry[Need]`). `Catalog` is the lookup: an unknown rule id is an
`UnknownRule` error, never a blank citation.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator, Mapping, Sequence
from enum import StrEnum
from types import MappingProxyType
from typing import Annotated, Any, ClassVar, Generic, TypeVar, get_args, overload

from pydantic import Field, GetCoreSchemaHandler, model_validator
from pydantic_core import core_schema

from adjudicator.systems.common.records import BundledFile, Record, UnknownRule

NeedT = TypeVar("NeedT", bound=StrEnum)


class RuleSeverity(StrEnum):
    """A catalog rule's severity as a digest gives it (digest conventions, section 4)."""

    ILLEGAL = "illegal"
    CHECK = "check"
    REMINDER = "reminder"
    CONFIGURABLE = "configurable"
    INFO = "info"


class CatalogEntry(Record, Generic[NeedT]):
    """One rule of a game's catalog (its digest's section 4)."""

    id: Annotated[str, Field(min_length=1)]
    citation: Annotated[str, Field(min_length=1)]
    """The rulebook sections, e.g. `WW 7.3.A`."""
    severity: Annotated[tuple[RuleSeverity, ...], Field(min_length=1)]
    severity_text: str = ""
    """The severity as the digest prints it (`ILLEGAL if stacked move`); by default the
    severities joined by `/` (`illegal/check`)."""
    summary: str
    needs: tuple[NeedT, ...] = ()
    """The kinds of data fact the rule's checks need (e.g. `general ratings`)."""
    evidence: str | None = None
    """What in a VASSAL log shows it (the digest's 'Log evidence')."""
    notes: str | None = None
    source: str | None = None

    @model_validator(mode="before")
    @classmethod
    def _printed_severity(cls, raw: Any) -> Any:
        if isinstance(raw, dict) and not raw.get("severity_text"):
            severity = raw.get("severity", ())
            if isinstance(severity, str):
                severity = (severity,)
            return {**raw, "severity_text": "/".join(str(s) for s in severity)}
        return raw


class Catalog(Sequence[CatalogEntry[NeedT]]):
    """A game's rules in catalog order, found by id.

    Raises (when made):
        ValueError: two entries share an id.
    """

    __slots__ = ("_by_id", "_entries")

    def __init__(self, entries: Iterable[CatalogEntry[NeedT]] = ()) -> None:
        self._entries = tuple(entries)
        self._by_id = {entry.id: entry for entry in self._entries}
        if len(self._by_id) != len(self._entries):
            twice = sorted({e.id for e in self._entries
                            if sum(o.id == e.id for o in self._entries) > 1})
            raise ValueError(f"rule ids listed twice: {', '.join(twice)}")

    @overload
    def __getitem__(self, index: int) -> CatalogEntry[NeedT]: ...

    @overload
    def __getitem__(self, index: slice) -> Sequence[CatalogEntry[NeedT]]: ...

    def __getitem__(self, index: int | slice
                    ) -> CatalogEntry[NeedT] | Sequence[CatalogEntry[NeedT]]:
        return self._entries[index]

    def __len__(self) -> int:
        return len(self._entries)

    def __iter__(self) -> Iterator[CatalogEntry[NeedT]]:
        return iter(self._entries)

    def __contains__(self, item: object) -> bool:
        return item in self._by_id or item in self._entries

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Catalog) and self._entries == other._entries

    def __hash__(self) -> int:
        return hash(self._entries)

    def __repr__(self) -> str:
        return f"Catalog({len(self)} rules)"

    def entry(self, rule_id: str) -> CatalogEntry[NeedT]:
        """The entry of a rule id.

        Raises:
            UnknownRule: no such rule id (a `KeyError`).
        """
        try:
            return self._by_id[rule_id]
        except KeyError:
            raise UnknownRule(rule_id) from None

    def citation(self, rule_id: str) -> str:
        """The rulebook citation of a rule id (never blank).

        Raises:
            UnknownRule: no such rule id.
        """
        return self.entry(rule_id).citation

    @property
    def ids(self) -> tuple[str, ...]:
        """Every rule id, in catalog order."""
        return tuple(self._by_id)

    @property
    def citations(self) -> Mapping[str, str]:
        """Rule id → citation, for every rule."""
        return MappingProxyType({entry.id: entry.citation for entry in self._entries})

    def needing(self, need: object) -> tuple[str, ...]:
        """The rule ids, in catalog order, whose checks need this kind of fact."""
        return tuple(entry.id for entry in self._entries if need in entry.needs)

    @classmethod
    def __get_pydantic_core_schema__(cls, source: Any, handler: GetCoreSchemaHandler
                                     ) -> core_schema.CoreSchema:
        """Validated as a tuple of entries (typed by `Catalog[Need]`'s argument), kept as a
        `Catalog`; serialised as that tuple."""
        args = get_args(source)
        entry: Any = CatalogEntry[args[0]] if args else CatalogEntry  # type: ignore[valid-type]
        entries = handler.generate_schema(tuple[entry, ...])
        return core_schema.no_info_after_validator_function(
            _made_catalog, core_schema.no_info_before_validator_function(_entries_of, entries),
            serialization=core_schema.plain_serializer_function_ser_schema(
                tuple, return_schema=entries))


def _entries_of(value: Any) -> Any:
    return tuple(value) if isinstance(value, Catalog) else value


def _made_catalog(value: tuple[CatalogEntry[Any], ...]) -> Catalog[Any]:
    try:
        return Catalog(value)
    except ValueError as error:  # pydantic reports a ValueError as a validation error
        raise ValueError(str(error)) from None


class CatalogFile(BundledFile, Generic[NeedT]):
    """A game's bundled `catalog.json`: its head and its rules, each id `<prefix>-FAMILY-NN`."""

    prefix: ClassVar[str] = ""
    """The game's rule id prefix (`WW`); empty: any id."""
    rules: Catalog[NeedT]

    @model_validator(mode="after")
    def _ids_are_the_games(self) -> CatalogFile[NeedT]:
        if self.prefix:
            pattern = re.compile(rf"^{re.escape(self.prefix)}-[A-Z]+-\d{{2}}$")
            wrong = [entry.id for entry in self.rules if not pattern.match(entry.id)]
            if wrong:
                raise ValueError(f"rule ids not of the form {self.prefix}-FAMILY-NN: "
                                 f"{', '.join(wrong)}")
        return self


__all__ = ["Catalog", "CatalogEntry", "CatalogFile", "RuleSeverity", "UnknownRule"]
