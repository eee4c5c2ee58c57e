"""Skirmish's data: its rule catalog, its map, its units (all made up for the toy game).

The rulebook of this toy (the module docstring of `tests.toygame`) prints every fact but
one: the Red Artillery's strength is on its counter, so the bundled data leaves it None and
the field declares what needs it (`Needs`). The toolkit's walker derives the missing fact
and the `data template` from that one declaration; a user file supplies it:

    [units.red_art]
    strength = 3
"""

from __future__ import annotations

from collections.abc import Sequence
from enum import StrEnum
from typing import Annotated, Any, ClassVar

from pydantic import Field

from adjudicator.systems.common.catalog import Catalog, CatalogEntry, RuleSeverity
from adjudicator.systems.common.facts import Each, Needs, Walk, missing_facts, template_blocks
from adjudicator.systems.common.merging import (
    MergedData,
    RecordMerger,
    keyed,
    user_file,
    user_model,
)
from adjudicator.systems.common.records import Record

SOURCE = ("made up for the toy game (tests/toygame)",)


class Need(StrEnum):
    """The kinds of fact a Skirmish check may lack."""

    STRENGTHS = "unit strengths"


class Space(Record):
    """A space of the map (or the Reserve Box)."""

    id: str
    name: str
    aliases: tuple[str, ...] = ()


class Unit(Record):
    """A unit counter: its side and strength."""

    id: str
    name: str
    side: str
    strength: Annotated[Annotated[int, Field(ge=1, le=6)] | None, Needs(
        Need.STRENGTHS, "the strength of the {name} (printed on its counter)")] = None
    source: tuple[str, ...] = SOURCE


class SkirmishData(Record):
    """Everything the Skirmish referee reads."""

    catalog: Catalog[Need]
    spaces: dict[str, Space]
    connections: tuple[tuple[str, str], ...]
    units: dict[str, Unit]
    user_files: tuple[str, ...] = ()

    walk: ClassVar[Walk] = (Each("units", "units.{id}"),)
    """What the toolkit's walker lists as missing (`common.facts`)."""

    @property
    def missing(self) -> Sequence[Any]:
        """The facts no file has supplied yet."""
        return missing_facts(self)

    def adjacent(self, a: str, b: str) -> bool:
        """Whether a line joins two spaces (Toy 4.1)."""
        return (a, b) in self.connections or (b, a) in self.connections


def _rule(rule_id: str, citation: str, summary: str, *needs: Need,
          severity: RuleSeverity = RuleSeverity.ILLEGAL) -> CatalogEntry[Need]:
    return CatalogEntry[Need](id=rule_id, citation=citation, severity=(severity,),
                              summary=summary, needs=needs)


def bundled_data() -> SkirmishData:
    """The toy rulebook's facts."""
    return _BUNDLED


_BUNDLED = SkirmishData(
    catalog=Catalog((
        _rule("TOY-SEQ-01", "Toy 3.1", "Red moves first; then the sides alternate, one "
              "move each"),
        _rule("TOY-MOV-01", "Toy 4.1", "A unit moves to an adjacent space, except from "
              "the Reserve Box (Toy 4.2)"),
        _rule("TOY-STK-01", "Toy 4.3", "No more than two units in a space"),
        _rule("TOY-CBT-01", "Toy 5.1", "A unit entering an enemy's space fights: each "
              "rolls 1d6 plus strength, the defender wins ties", Need.STRENGTHS,
              severity=RuleSeverity.INFO),
    )),
    spaces={key: Space(id=key, name=name) for key, name in (
        ("hill_a", "Hill A"), ("ford_b", "Ford B"), ("village_c", "Village C"),
        ("wood_d", "Wood D"), ("reserve", "Reserve Box"))},
    connections=(("hill_a", "ford_b"), ("ford_b", "village_c"), ("ford_b", "wood_d"),
                 ("village_c", "wood_d")),
    units={unit.id: unit for unit in (
        Unit(id="red_inf", name="Red Infantry", side="Red", strength=2),
        Unit(id="red_art", name="Red Artillery", side="Red"),
        Unit(id="blue_cav", name="Blue Cavalry", side="Blue", strength=2))},
)

_UserUnit = user_model(Unit, "_UserUnit", ("strength",))
_UserData = user_file("_UserData", units=keyed(_UserUnit))


class _Merger(RecordMerger[SkirmishData, Any]):
    """A user file fills unit strengths; it adds no unit (the toy's counters are all
    known)."""

    def merge(self, user: Any) -> SkirmishData:
        units = self.merge_records("units", self.data.units, user.units, Unit, what="unit",
                                   make=self._refused)
        return self.data.model_copy(update={"units": units,
                                            "user_files": (*self.data.user_files, self.file)})

    def _refused(self, uid: str, new: Any) -> None:
        self.problem(f"units.{uid}", f"no unit {uid!r} in Skirmish")


load_data = MergedData.of(bundled_data, _UserData, _Merger)
"""The bundled data with each user file merged over it, in order."""


def template_toml(data: SkirmishData) -> str:
    """The commented TOML of every fact the toy rulebook leaves to its counters."""
    facts = missing_facts(data)
    return "\n".join(["# Skirmish (toy game): the facts its rulebook leaves to the counters.",
                      *template_blocks(facts, data.units.values(), "units.{id}", "{name}"),
                      ""])
