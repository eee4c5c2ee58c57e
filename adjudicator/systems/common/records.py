"""The records every game's data is made of: frozen, closed pydantic models with citations.

Each game keeps its bundled data (JSON) and its users' data (TOML) as trees of `Record`s;
a fact carries a `Source` (one or more citations, e.g. a rule section) so a report can say
where it came from. A record is frozen (data is shared between checks, never changed) and
closed (an unknown key is a typo the user must hear about).

What every game's data answers alike lives here too, once: `GameDataQueries` (a rule's
catalog entry, a space by any of its names, which needs lack data), `NeededBy` (why a
missing fact matters) and `MissingFacts` (gathering the missing facts, each with the rules
that need it).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Annotated, Generic, Protocol, TypeVar

from pydantic import BaseModel, ConfigDict, Field

from adjudicator.replay.permodule import once_per_object

Source = Annotated[tuple[Annotated[str, Field(min_length=1)], ...], Field(min_length=1)]
"""One or more citations; every record carries one."""


class Record(BaseModel):
    """The frozen, closed base of every data record."""

    model_config = ConfigDict(frozen=True, extra="forbid")


class BundledFile(Record):
    """The head every bundled JSON data file starts with: what it holds and its citations."""

    about: str
    source: Source


# --- what every game's data answers ---------------------------------------------------------

NeedT = TypeVar("NeedT")
NeedT_co = TypeVar("NeedT_co", covariant=True)
EntryT = TypeVar("EntryT", bound="_Identified")
EntryT_co = TypeVar("EntryT_co", bound="_Identified", covariant=True)
PlaceT = TypeVar("PlaceT", bound="_Named")
PlaceT_co = TypeVar("PlaceT_co", bound="_Named", covariant=True)
FactT = TypeVar("FactT")
FactT_co = TypeVar("FactT_co", covariant=True)
NeedT_contra = TypeVar("NeedT_contra", contravariant=True)


class _Named(Protocol):
    """A place the rulebook names, perhaps in several spellings."""

    @property
    def name(self) -> str: ...

    @property
    def aliases(self) -> Sequence[str]: ...


class _Identified(Protocol):
    """A catalog entry: a rule id."""

    @property
    def id(self) -> str: ...


class _Catalogued(Protocol[EntryT_co]):
    @property
    def catalog(self) -> Sequence[EntryT_co]: ...


class _Mapped(Protocol[PlaceT_co]):
    @property
    def spaces(self) -> Mapping[str, PlaceT_co]: ...


class _Needing(Protocol[NeedT_co]):
    """A missing fact: what kind of fact it is."""

    @property
    def need(self) -> NeedT_co: ...


class _Lacking(Protocol[NeedT_co]):
    @property
    def missing(self) -> Sequence[_Needing[NeedT_co]]: ...


class _NeededByRules(Protocol):
    @property
    def rules(self) -> Sequence[str]: ...


class UnknownRule(KeyError):
    """A rule id that is not in the game's catalog."""

    def __init__(self, rule_id: str) -> None:
        super().__init__(rule_id)
        self.rule_id = rule_id


class GameDataQueries:
    """The questions every game's data answers the same way, mixed into its data model.

    The game's model supplies `catalog` (entries with an `id`), `spaces` (id → a space with
    a `name` and `aliases`) and `missing` (facts with a `need`); the answers are typed as the
    game's own records.
    """

    __slots__ = ()

    def rule(self: _Catalogued[EntryT], rule_id: str) -> EntryT:
        """The catalog entry of a rule id.

        Raises:
            UnknownRule: no such rule id (a `KeyError`).
        """
        for entry in self.catalog:
            if entry.id == rule_id:
                return entry
        raise UnknownRule(rule_id)

    def space_named(self: _Mapped[PlaceT], name: str) -> PlaceT | None:
        """The space with this name or one of its aliases (the rulebook's other spellings),
        ignoring case."""
        wanted = name.casefold()
        return next((s for s in self.spaces.values()
                     if wanted in {s.name.casefold(), *(a.casefold() for a in s.aliases)}), None)

    def unmet(self: _Lacking[NeedT], needs: Iterable[NeedT]) -> tuple[NeedT, ...]:
        """Which of `needs` still lack data (a check should then yield `unchecked`)."""
        lacking = {fact.need for fact in self.missing}
        return tuple(need for need in needs if need in lacking)


class NeededBy:
    """Mixed into a game's missing-fact record (which has `rules`): `why` it matters."""

    __slots__ = ()

    @property
    def why(self: _NeededByRules) -> str:
        """Which rules need the fact, as one phrase."""
        return f"needed by {', '.join(self.rules)}" if self.rules else "not needed by any check"


class _NeedsOfRule(Protocol[NeedT_co]):
    """A catalog entry: its rule id and the kinds of fact its checks need."""

    @property
    def id(self) -> str: ...

    @property
    def needs(self) -> Sequence[NeedT_co]: ...


class _MakesFact(Protocol[NeedT_contra, FactT_co]):
    """A game's missing-fact record, built from its fields."""

    def __call__(self, *, need: NeedT_contra, key: str | None, what: str,
                 rules: tuple[str, ...]) -> FactT_co: ...


class MissingFacts(Generic[NeedT, FactT]):
    """The facts a game's data lacks, gathered one `add` at a time, each with the catalog
    rules (in catalog order) whose checks need that kind of fact."""

    __slots__ = ("_fact", "_rules", "facts")

    def __init__(self, catalog: Iterable[_NeedsOfRule[NeedT]],
                 fact: _MakesFact[NeedT, FactT]) -> None:
        rules: dict[NeedT, list[str]] = {}
        for entry in catalog:
            for need in entry.needs:
                rules.setdefault(need, []).append(entry.id)
        self._rules = {need: tuple(ids) for need, ids in rules.items()}
        self._fact = fact
        self.facts: list[FactT] = []
        """What `add` has gathered, in order."""

    def rules_needing(self, need: NeedT) -> tuple[str, ...]:
        """The catalog rules whose checks need this kind of fact."""
        return self._rules.get(need, ())

    def add(self, need: NeedT, key: str | None, what: str) -> None:
        """Record one missing fact: its kind, the user-file key that supplies it (None when
        no data file can) and what it is, in words."""
        self.facts.append(self._fact(need=need, key=key, what=what,
                                     rules=self.rules_needing(need)))


__all__ = ["BundledFile", "GameDataQueries", "MissingFacts", "NeededBy", "Record", "Source",
           "UnknownRule", "once_per_object"]
