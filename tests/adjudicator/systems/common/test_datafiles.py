"""Game data files: a user file merged once per process while unchanged, read again when it
changes, and a missing file one clear error."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from adjudicator.binding import load_binding
from adjudicator.errors import GameDataError
from adjudicator.systems.washingtons_war.data import load_data
from vmod_schema.files import FileStamp


def test_an_unchanged_data_file_is_merged_once_and_a_changed_one_again(tmp_path: Path) -> None:
    path = tmp_path / "ratings.toml"
    path.write_text("[generals.howe]\nstrategy = 3\n", encoding="utf-8")
    first = load_data([path])
    assert load_data([path]) is first
    path.write_text("[generals.howe]\nstrategy = 2\n", encoding="utf-8")
    stat = path.stat()
    os.utime(path, ns=(stat.st_atime_ns, stat.st_mtime_ns + 1_000_000_000))
    changed = load_data([path])
    assert changed is not first
    assert changed.generals["howe"].rating("strategy").value == 2


def test_a_missing_data_file_is_one_clear_error_every_time(tmp_path: Path) -> None:
    missing = tmp_path / "nowhere.toml"
    assert FileStamp.of(missing).size == -1
    for _ in range(2):
        with pytest.raises(GameDataError, match="cannot read data file"):
            load_data([missing])


def test_an_unchanged_binding_is_read_once(tmp_path: Path) -> None:
    path = tmp_path / "binding.toml"
    path.write_text('game = "ww"\n', encoding="utf-8")
    first = load_binding(path)
    assert load_binding(path) is first
    path.write_text('game = "wfa"\n', encoding="utf-8")
    stat = path.stat()
    os.utime(path, ns=(stat.st_atime_ns, stat.st_mtime_ns + 1_000_000_000))
    assert load_binding(path).game == "wfa"
