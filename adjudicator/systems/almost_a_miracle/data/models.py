"""Almost a Miracle!'s data records: regions, areas, connections, unit kinds, leaders, the
tables, and `AaMData`, which holds them with the catalog.

A fact the rulebook does not state is None and declares what it is needed for (`Needs`);
the toolkit's walker lists the missing facts and writes the template from those
declarations (`adjudicator.systems.common.facts`).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Annotated, Any, ClassVar

from pydantic import Field, field_validator

from adjudicator.systems.almost_a_miracle.data.vocabulary import TABLE_NEEDS, Need, Side
from adjudicator.systems.common.catalog import Catalog
from adjudicator.systems.common.facts import (
    Each,
    Needs,
    Walk,
    Whole,
    incomplete,
    missing_facts,
)
from adjudicator.systems.common.records import GameDataQueries, Record, Source

Rating = Annotated[int, Field(ge=0, le=9)]


class Region(Record):
    """A colony or region, with its Area-ID prefix (AaM 2.0; digest 3.1)."""

    id: str
    name: str
    abbreviation: str | None = None
    kind: str | None = None
    id_prefix: str | None = None
    part_of: str | None = None
    capitals_blue: tuple[str | None, ...] | None = None
    """The Areas of its blue capitals (None where the text names a capital without its
    Area id)."""
    id_colour: str | None = None
    uncertain: bool = False
    note: str | None = None
    source: Source


class Area(Record):
    """An Area of the map the text names or numbers (digest 3.2): what the text states."""

    id: str
    name: str = ""
    """Empty: the text gives the Area's id only (a Transit Area endpoint)."""
    region: str | None = None
    port: bool | None = None
    port_value: int | None = None
    city: bool | None = None
    settlement: bool | None = None
    capital: str | None = None
    printed_fort: bool | None = None
    terrain: Annotated[str | None, Needs(
        Need.ADJACENCY, "the terrain of Area {id} (printed on the map)")] = None
    supply_level: str | None = None
    aliases: tuple[str, ...] = ()
    uncertain: bool = False
    note: str | None = None
    source: Source


    @field_validator("name", mode="before")
    @classmethod
    def _unnamed(cls, value: Any) -> Any:
        return "" if value is None else value


class Connection(Record):
    """A connection between two Areas (or an Area and a box) the text states; an end the
    text does not name is None (an unresolved connection)."""

    a: str | None = None
    b: str | None = None
    kind: str
    uncertain: bool = False
    note: str | None = None
    source: Source


class UnitKind(Record):
    """A kind of combat unit (AaM 1.2; digest 1.2)."""

    id: str
    name: str
    side: Side
    type: str | None = None
    arm: str | None = None
    counter_code: str | None = None
    home_colony: str | None = None
    sp_counter_mix: Annotated[int | None, Needs(
        Need.COUNTER_MIX, "how many SP of {name} the counter mix holds")] = None
    mp: Annotated[int | None, Needs(
        Need.UNIT_VALUES, "the movement allowance of {name} (printed on its counters)")] = None
    aliases: tuple[str, ...] = ()
    uncertain: bool = False
    note: str | None = None
    source: Source


class Leader(Record):
    """A leader counter (AaM 1.2, 11.1): its ratings are printed on it."""

    id: str
    name: str
    side: Side
    category: str | None = None
    rank: str | None = None
    seniority: Annotated[int | None, Needs(
        Need.LEADERS, "the seniority of {name} (printed on the counter)")] = None
    audacity: Annotated[Rating | None, Needs(
        Need.LEADERS, "the audacity rating of {name} (printed on the counter)")] = None
    tactical: Annotated[Rating | None, Needs(
        Need.LEADERS, "the tactical rating of {name} (printed on the counter)")] = None
    engineer: bool | None = None
    turn_of_entry: Annotated[str | None, Needs(
        Need.REINFORCEMENTS, "when {name} enters play (the reinforcement schedule)")] = None
    turn_of_withdrawal: str | None = None
    home_colony: str | None = None
    aliases: tuple[str, ...] = ()
    uncertain: bool = False
    note: str | None = None
    source: Source


class Table(Record):
    """A table of the rulebook (digest 5.1-5.3): printed, partial, or referenced only
    (`missing`: the Player's Aid Charts), whose rows a user file supplies."""

    id: str
    name: str | None = None
    missing: bool = False
    partial: bool = False
    rows: tuple[dict[str, Any], ...] | None = None
    """The rows, as the rulebook prints them or a user file gives them (None: not given)."""
    source: Source

    @property
    def label(self) -> str:
        """The table's name, else its id."""
        return self.name or self.id.replace("_", " ")

    @property
    def need(self) -> Need:
        """The kind of fact the table is (the catalog's word)."""
        return TABLE_NEEDS.get(self.id, Need.TEC)


def _lacks_rows(table: str) -> Callable[[Any], bool]:
    """Whether the data lacks the rows of a referenced table."""
    def lacks(data: Any) -> bool:
        found = data.tables.get(table)
        return found is not None and found.rows is None
    return lacks


class MapStatus(Record):
    """Whether the Areas and connections listed cover the whole printed map."""

    areas_complete: bool = False
    connections_complete: bool = False
    source: tuple[str, ...] = ()


class AaMData(Record, GameDataQueries):
    """Everything the Almost a Miracle! referee will read."""

    catalog: Catalog[Need]
    regions: dict[str, Region]
    areas: dict[str, Area]
    connections: tuple[Connection, ...] = ()
    unit_kinds: dict[str, UnitKind]
    leaders: dict[str, Leader]
    tables: dict[str, Table]
    map_status: MapStatus = MapStatus()
    user_files: tuple[str, ...] = ()

    walk: ClassVar[Walk] = (
        incomplete(Need.AREAS, "areas_complete", "areas", "the printed map's Areas",
                   "[areas.<id>]"),
        incomplete(Need.ADJACENCY, "connections_complete", "connections",
                   "the printed map's Area-to-Area adjacencies",
                   "[[connections]] a = ..., b = ..., kind = ..."),
        Each("areas", "areas.{id}"),
        Each("unit_kinds", "unit_kinds.{id}"),
        Each("leaders", "leaders.{id}"),
        *(Whole(need, f"tables.{table}.rows",
                f"the rows of the {table.replace('_', ' ')} (the Player's Aid Charts)",
                lacks=_lacks_rows(table))
          for table, need in TABLE_NEEDS.items()),
    )

    @property
    def missing(self) -> Sequence[Any]:
        """The facts no file has supplied yet (the missing tables included, each as the
        kind of fact it is)."""
        return missing_facts(self)

    @property
    def spaces(self) -> Mapping[str, Area]:
        """The Areas, under the toolkit's word for a map's places."""
        return self.areas

    @property
    def missing_tables(self) -> tuple[Table, ...]:
        """The referenced tables no file has supplied rows for."""
        return tuple(t for t in self.tables.values() if t.missing and t.rows is None)
