"""User-file tables derived from the records they fill (common.merging.user_model) and the
one merge of a table of user records over bundled ones (RecordMerger.merge_records), on a
small made-up game."""

from __future__ import annotations

from enum import StrEnum
from pathlib import Path
from typing import Annotated, Any, NewType

import pytest
from pydantic import Field, StrictBool, StrictInt, StrictStr, ValidationError

from adjudicator.systems.common.datafiles import GameDataProblems
from adjudicator.systems.common.merging import (
    RecordMerger,
    keyed,
    listed,
    merge_user_file,
    single,
    user_file,
    user_model,
    user_type,
)
from adjudicator.systems.common.records import Record, Source

TownId = NewType("TownId", str)


class Terrain(StrEnum):
    CLEAR = "clear"
    HILLS = "hills"


class Town(Record):
    id: TownId
    name: str
    aliases: tuple[str, ...] = ()
    terrain: Terrain | None = None
    walls: bool | None = None
    size: Annotated[int, Field(ge=1, le=5)] | None = None
    road_to: TownId | None = None
    source: Source
    notes: str | None = None


class Status(Record):
    complete: bool = False
    mapped: bool = False
    source: tuple[str, ...] = ()


class Toy(Record):
    towns: dict[str, Town]
    status: Status = Status()


UserTown = user_model(Town, "UserTown", ("name", "aliases", "terrain", "walls", "size",
                                         "road_to"))
UserToy = user_file("UserToy", towns=keyed(UserTown),
                    status=single(user_model(Status, "UserStatus", ("complete", "mapped"))),
                    roads=listed(user_model(Town, "UserRoad", ("id", "road_to"),
                                            required=("id",))))


def test_a_user_type_is_the_records_type_strict_and_without_bounds() -> None:
    assert user_type(Annotated[int, Field(ge=1)] | None) == StrictInt | None
    assert user_type(TownId) == StrictStr and user_type(bool) == StrictBool
    assert user_type(tuple[str, ...]) == tuple[StrictStr, ...]
    assert user_type(Terrain) is Terrain
    town = UserTown.model_validate({"name": "Ash", "walls": True, "size": 9,
                                    "road_to": "elm", "terrain": "hills"})
    # Bounds are the record's, checked when the merged record is validated under its key.
    assert town.model_dump() == {"name": "Ash", "aliases": (), "terrain": Terrain.HILLS,
                                 "walls": True, "size": 9, "road_to": "elm", "source": None}
    for bad in ({"walls": 1}, {"size": "3"}, {"name": 7}, {"terrain": "sea"},
                {"aliases": [1]}):
        with pytest.raises(ValidationError):
            UserTown.model_validate(bad)


def test_a_user_table_has_only_the_chosen_fields_all_optional_and_closed() -> None:
    assert list(UserTown.model_fields) == ["name", "aliases", "terrain", "walls", "size",
                                           "road_to", "source"]
    assert UserTown.model_validate({}).model_dump()["aliases"] == ()
    with pytest.raises(ValidationError, match="notes"):
        UserTown.model_validate({"notes": "x"})
    with pytest.raises(ValidationError, match="extra"):
        UserTown.model_validate({"id": "ash"})


def test_required_fields_defaults_and_the_whole_file() -> None:
    road = UserToy.model_fields["roads"]
    assert road.default == ()
    with pytest.raises(ValidationError, match="id"):
        UserToy.model_validate({"roads": [{"road_to": "elm"}]})
    read = UserToy.model_validate({"status": {"complete": True}})
    assert read.model_dump() == {"towns": {}, "roads": (), "status": {
        "complete": True, "mapped": None, "source": None}}
    untitled = user_model(Status, "Untitled", ("complete",), source=False)
    with pytest.raises(ValidationError, match="source"):
        untitled.model_validate({"source": "x"})
    overridden = user_model(Town, "SizeOnly", ("size",), types={"size": StrictInt},
                            defaults={"size": 2})
    assert overridden.model_validate({}).model_dump() == {"size": 2, "source": None}


class _Merger(RecordMerger[Toy, Any]):
    def merge(self, user: Any) -> Toy:
        towns = self.merge_records("towns", self.data.towns, user.towns, Town, what="town",
                                   make=self.new_town, adjust=_hilly_walls, keep=("road_to",))
        return self.data.model_copy(update={"towns": towns,
                                            "status": self.declare(self.data.status,
                                                                   user.status)})

    def new_town(self, tid: str, new: Any) -> Town | None:
        if not self.new_id(f"towns.{tid}", "town", tid):
            return None
        return self.rebuild(f"towns.{tid}", Town, {
            **new.model_dump(exclude={"source"}, exclude_none=True), "id": tid,
            "source": (self.cite(new.source),)})


def _hilly_walls(old: Town, new: Any, update: dict[str, Any]) -> None:
    """A town on hills given here has walls (a made-up rule)."""
    if update["terrain"] is Terrain.HILLS and update["walls"] is None:
        update["walls"] = True


TOY = Toy(towns={"ash": Town(id=TownId("ash"), name="Ash", aliases=("Ashe",), size=2,
                             source=("Toy 1",))})


def _merge(tmp_path: Path, text: str) -> Toy:
    path = tmp_path / "mine.toml"
    path.write_text(text, encoding="utf-8")
    return merge_user_file(TOY, path, UserToy, _Merger)


def test_merging_fills_nulls_joins_aliases_cites_the_file_and_adjusts(tmp_path: Path) -> None:
    merged = _merge(tmp_path, '[towns.ash]\nterrain = "hills"\naliases = ["Ash Town", "Ashe"]\n'
                              'size = 2\nsource = "map"\n')
    ash = merged.towns["ash"]
    assert (ash.terrain, ash.walls, ash.size) == (Terrain.HILLS, True, 2)
    assert ash.aliases == ("Ashe", "Ash Town")
    assert ash.source == ("Toy 1", "user data mine.toml: map")


def test_merging_what_is_known_already_changes_nothing(tmp_path: Path) -> None:
    merged = _merge(tmp_path, "[towns.ash]\nsize = 2\nroad_to = \"elm\"\n")
    # `road_to` is kept for the game to merge: the generic merge leaves it alone.
    assert merged.towns["ash"] is TOY.towns["ash"]


def test_merging_makes_new_records_and_reports_every_problem_with_its_key(
        tmp_path: Path) -> None:
    merged = _merge(tmp_path, '[towns.elm]\nname = "Elm"\nwalls = false\n')
    assert merged.towns["elm"].source == ("user data mine.toml",)
    assert merged.towns["ash"] is TOY.towns["ash"]
    with pytest.raises(GameDataProblems) as caught:
        _merge(tmp_path, '[towns.ash]\nsize = 3\n[towns.Elm]\nname = "Elm"\n'
                         '[towns.oak]\nname = "Oak"\nsize = 9\n')
    assert [(p.key, p.message) for p in caught.value.problems] == [
        ("towns.ash.size", "town 'ash' size is 2 in the bundled data (Toy 1), got 3"),
        ("towns.Elm", "town id 'Elm' must be lower-case letters, digits and _"),
        ("towns.oak.size", "input should be less than or equal to 5, got 9")]


def test_a_flag_the_file_declares_is_set_and_the_file_cited(tmp_path: Path) -> None:
    assert _merge(tmp_path, "[status]\ncomplete = false\n").status is TOY.status
    status = _merge(tmp_path, '[status]\nmapped = true\nsource = "atlas"\n').status
    assert status == Status(mapped=True, source=("user data mine.toml: atlas",))


class Card(Record):
    id: str
    number: int | None = None
    copies: int | None = None
    source: Source = ("made up",)


class Deck(Record):
    cards: dict[str, Card]


class _Deck(RecordMerger[Deck, Any]):
    def merge(self, user: Any) -> Deck:
        return Deck(cards=self.merge_deck(self.data.cards, user, Card, make=lambda cid, new: Card(
            id=cid, number=new.number, copies=new.copies), size=4, citation="Toy 2.0"))


def _user_card(number: int | None, copies: int | None = None) -> Any:
    return user_model(Card, "UserCard", ("number", "copies")).model_validate(
        {"number": number, "copies": copies})


def test_a_deck_merges_new_cards_and_counts_copies_against_its_size() -> None:
    deck = Deck(cards={"a": Card(id="a", number=1)})
    merging = _Deck(deck, "more.toml")
    merged = merging.merge({"b": _user_card(2, copies=2)})
    assert sorted(merged.cards) == ["a", "b"] and not merging.problems
    too_many = _Deck(deck, "more.toml")
    too_many.merge({"b": _user_card(2, copies=3), "c": _user_card(1)})
    assert [(p.key, p.message) for p in too_many.problems] == [
        ("cards.c.number", "card number 1 is also card 'a'"),
        ("cards", "5 cards listed, but the deck has 4 (Toy 2.0)")]
