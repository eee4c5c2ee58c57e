"""The walker of declared needs (common.facts): optional fields say what they are needed
for, a data model says in which order to walk, and one walk gives the missing facts, the
rules needing each, and the template's blocks — on a small made-up game."""

from __future__ import annotations

from enum import StrEnum
from typing import Annotated, ClassVar

from adjudicator.systems.common.catalog import Catalog, CatalogEntry, RuleSeverity
from adjudicator.systems.common.facts import (
    Each,
    Needs,
    Walk,
    Whole,
    declared_needs,
    derive_missing,
    missing_facts,
    template_blocks,
)
from adjudicator.systems.common.records import Record


class Need(StrEnum):
    MAP = "map"
    TERRAIN = "terrain"
    RATINGS = "ratings"
    TURNS = "turns"


class Rating(Record):
    value: int | None = None


class Hex(Record):
    id: str
    name: str
    water: bool = False
    terrain: Annotated[str | None, Needs(Need.TERRAIN, "the terrain of {name}",
                                         when=lambda hex_: not hex_.water)] = None
    height: Annotated[int | None, Needs(Need.MAP, "how high {name!r} is")] = None


class Leader(Record):
    id: str
    name: str
    skill: Annotated[Rating, Needs(Need.RATINGS, "{name}'s skill (1..{data.top})",
                                   lacks=lambda rating: rating.value is None)]


class Calendar(Record):
    turns: Annotated[dict[int, str | None], Needs(
        Need.TURNS, "the name of turn {item}", key="calendar.turn.{item}", each=True)]


class Toy(Record):
    catalog: Catalog[Need]
    hexes: dict[str, Hex]
    leaders: tuple[Leader, ...]
    calendar: Calendar
    complete: bool = False
    top: int = 6

    walk: ClassVar[Walk] = (
        Whole(Need.MAP, "map.complete", lambda data: f"the other hexes ({len(data.hexes)} known)",
              lacks=lambda data: not data.complete),
        Each("leaders", "leaders.{id}"),
        Each("hexes", "hexes.{id}", fields=("height", "terrain")),
        Each("calendar", "calendar"),
        Whole(Need.MAP, None, "the hexes' pictures (not in any file)"),
    )


CATALOG = Catalog(CatalogEntry[Need](id=f"TOY-A-0{n}", citation=f"Toy {n}",
                                     severity=(RuleSeverity.CHECK,), summary="s", needs=needs)
                  for n, needs in ((1, (Need.MAP,)), (2, (Need.TERRAIN, Need.MAP)), (3, ())))


def _toy(**changes: object) -> Toy:
    made = Toy(catalog=CATALOG,
               hexes={"a": Hex(id="a", name="Alpha"), "b": Hex(id="b", name="Bay", water=True,
                                                               height=0)},
               leaders=(Leader(id="x", name="Xan", skill=Rating()),
                        Leader(id="y", name="Yor", skill=Rating(value=3))),
               calendar=Calendar(turns={1: "Spring", 2: None}))
    return made.model_copy(update=changes)


def test_fields_declare_their_needs_in_field_order() -> None:
    assert [(name, needs.need) for name, needs in declared_needs(Hex)] == [
        ("terrain", Need.TERRAIN), ("height", Need.MAP)]
    assert declared_needs(Record) == ()


def test_the_walk_lists_each_missing_fact_in_order_with_its_key_and_words() -> None:
    facts = derive_missing(_toy())
    assert [(f.need, f.key, f.what) for f in facts] == [
        (Need.MAP, "map.complete", "the other hexes (2 known)"),
        (Need.RATINGS, "leaders.x.skill", "Xan's skill (1..6)"),
        (Need.MAP, "hexes.a.height", "how high 'Alpha' is"),
        (Need.TERRAIN, "hexes.a.terrain", "the terrain of Alpha"),
        # The bay is water: its terrain is not asked (`when`); its height is known.
        (Need.TURNS, "calendar.turn.2", "the name of turn 2"),
        (Need.MAP, None, "the hexes' pictures (not in any file)")]


def test_each_fact_carries_the_rules_needing_its_kind_in_catalog_order() -> None:
    facts = {f.key: f for f in derive_missing(_toy())}
    assert facts["hexes.a.height"].rules == ("TOY-A-01", "TOY-A-02")
    assert facts["hexes.a.terrain"].rules == ("TOY-A-02",)
    assert facts["leaders.x.skill"].rules == ()
    assert facts["leaders.x.skill"].why == "not needed by any check"


def test_supplied_facts_are_no_longer_missing() -> None:
    toy = _toy(complete=True, hexes={"a": Hex(id="a", name="Alpha", terrain="hill", height=2)},
               calendar=Calendar(turns={1: "Spring"}))
    assert [f.key for f in derive_missing(toy)] == ["leaders.x.skill", None]


def test_the_facts_are_derived_once_per_data_object() -> None:
    toy = _toy()
    first = missing_facts(toy)
    assert first == derive_missing(toy)
    first.clear()
    assert all(a is b for a, b in zip(missing_facts(toy), missing_facts(toy), strict=True))
    assert missing_facts(toy)
    assert missing_facts(_toy(complete=True)) != missing_facts(toy)


def test_template_blocks_name_exactly_the_missing_keys_of_each_record() -> None:
    toy = _toy()
    facts = derive_missing(toy)
    assert template_blocks(facts, toy.hexes.values(), "hexes.{id}", "{name}") == [
        "", "[hexes.a]  # Alpha", "# height = ", "# terrain = "]
    assert template_blocks(facts, toy.hexes.values(), "hexes.{id}", "{name}",
                           fields=("terrain", "height"), blank=False) == [
        "[hexes.a]  # Alpha", "# terrain = ", "# height = "]
    assert template_blocks(facts, toy.leaders, "leaders.{id}", "{name} ({id})") == [
        "", "[leaders.x]  # Xan (x)", "# skill = "]
