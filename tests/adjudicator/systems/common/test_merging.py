"""The toolkit's user-data merging: nulls filled, contradictions refused with their key,
merged records validated again, and a game's loader reading each file once."""

from __future__ import annotations

from enum import StrEnum
from pathlib import Path

import pytest
from pydantic import BaseModel, ConfigDict, Field

from adjudicator.systems.common.datafiles import GameDataProblems
from adjudicator.systems.common.merging import (
    MergedData,
    RecordMerger,
    joined_aliases,
    merge_user_file,
    show,
)


class _Colour(StrEnum):
    RED = "red"


class _Thing(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")
    size: int | None = Field(default=None, ge=0)
    colour: _Colour | None = None


class _Merger(RecordMerger[_Thing, _Thing]):
    def merge(self, user: _Thing) -> _Thing:
        update = self.fill_fields("thing", "thing", self.data, user.model_dump(), "T 1.0")
        merged = self.rebuild("thing", _Thing, update)
        return merged if merged is not None else self.data


def test_a_null_is_filled_and_a_contradiction_is_a_problem_with_its_key() -> None:
    merger = _Merger(_Thing(size=3), "mine.toml")
    merged = merger.merge(_Thing(size=4, colour=_Colour.RED))
    assert merged == _Thing(size=3, colour=_Colour.RED)
    assert [(p.key, p.message) for p in merger.problems] == [
        ("thing.size", "thing size is 3 in the bundled data (T 1.0), got 4")]


def test_a_merged_record_that_fails_validation_is_reported_under_its_key() -> None:
    merger = _Merger(_Thing(), "mine.toml")
    assert merger.rebuild("things.a", _Thing, {"size": -1}) is None
    assert [p.key for p in merger.problems] == ["things.a.size"]
    assert not merger.new_id("things.B", "thing", "B")
    assert merger.cite("T 2") == "user data mine.toml: T 2"


def test_values_are_shown_as_a_user_file_writes_them() -> None:
    assert [show(True), show("x"), show(_Colour.RED), show(3)] == ["true", "'x'", "'red'", "3"]
    assert joined_aliases(("a", "b"), ("b", "c")) == ("a", "b", "c")


def test_a_file_is_merged_once_until_it_changes(tmp_path: Path) -> None:
    path = tmp_path / "mine.toml"
    path.write_text("size = 2\n", encoding="utf-8")
    merges: list[Path] = []

    def merge(data: _Thing, file: Path) -> _Thing:
        merges.append(file)
        return merge_user_file(data, file, _Thing, _Merger)

    load = MergedData(_Thing, merge)
    assert load([path]) == _Thing(size=2)
    assert load([path]) == _Thing(size=2)
    assert merges == [path]
    path.write_text("size = 5\ncolour = 'red'\n", encoding="utf-8")
    assert load([path]) == _Thing(size=5, colour=_Colour.RED)
    assert len(merges) == 2


def test_a_contradicting_file_raises_every_problem_naming_the_file(tmp_path: Path) -> None:
    path = tmp_path / "mine.toml"
    path.write_text("size = 2\n", encoding="utf-8")
    with pytest.raises(GameDataProblems) as raised:
        merge_user_file(_Thing(size=1), path, _Thing, _Merger)
    assert [p.key for p in raised.value.problems] == ["thing.size"]
    assert "mine.toml" in str(raised.value)
