"""The registry is data (issue 24): each line names a game and where its class lives, the
line's names are the class's own, every game package has its line, and checking one
game's file imports no other game's package."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from adjudicator.errors import UnknownGameError
from adjudicator.systems import SYSTEMS, GameEntry, every_system, find_system, recognise_system
from tests.adjudicator.test_startup import loaded_by
from tests.conftest import REPO
from tests.toygame.test_toy_game import TOY

WW = REPO / "fixtures" / "washingtons-war"
LINES = (*SYSTEMS, TOY)


@pytest.mark.parametrize("entry", LINES, ids=[entry.id for entry in LINES])
def test_each_line_holds_the_names_its_class_declares(entry: GameEntry) -> None:
    system = entry.load()
    assert (entry.id, entry.aliases, entry.module_names) == (
        system.id, system.aliases, system.module_names)
    assert GameEntry.of(system) == entry


def test_every_game_package_has_one_line_and_every_line_a_package() -> None:
    folders = sorted(f"adjudicator.systems.{folder.name}"
                     for folder in (REPO / "adjudicator" / "systems").iterdir()
                     if (folder / "__init__.py").is_file() and folder.name != "common")
    assert sorted(entry.target.partition(":")[0] for entry in SYSTEMS) == folders
    assert len({entry.id for entry in SYSTEMS}) == len(SYSTEMS)


def test_no_two_lines_share_a_name() -> None:
    names = [name for entry in SYSTEMS for name in (entry.id, *entry.aliases)]
    assert len(names) == len(set(names))


def test_a_game_is_found_by_id_alias_and_module_name() -> None:
    assert find_system("WW").id == "ww"
    assert find_system("War-For-America").id == "wfa"
    assert find_system("S&T 270").id == "ar"
    found = recognise_system("Almost_a_Miracle v1.2")
    assert found is not None and found.id == "aam"
    assert [system.id for system in every_system()] == [entry.id for entry in SYSTEMS]
    with pytest.raises(UnknownGameError, match="known games: ww, wfa, ar, aam"):
        find_system("chess")


def _games_loaded(tmp_path: Path, *args: str) -> set[str]:
    """The game packages in `sys.modules` of a fresh process that ran `adjudicator ARGS`."""
    modules = loaded_by(tmp_path, *args)
    assert "adjudicator.systems" in modules
    return {name.split(".")[2] for name in modules
            if name.startswith("adjudicator.systems.") and name.split(".")[2] != "common"}


def test_checking_a_ww_file_imports_no_other_game(tmp_path: Path) -> None:
    log = WW / "games" / "battle-and-retreat.vlog"
    assert _games_loaded(
        tmp_path, "check", str(log), "-g", "ww",
        "-m", str(WW / "washingtons-war-fixture.vmod"), "-b", str(WW / "binding.toml"),
        "-d", str(WW / "data" / "fixture-data.toml"), "--out", str(tmp_path),
        "--format", "json,md,html") == {"washingtons_war"}
    assert all((tmp_path / f"{log.name}.adjudication.{suffix}").is_file()
               for suffix in ("json", "md", "html"))


def test_a_file_recognised_by_its_module_name_imports_only_its_game(tmp_path: Path) -> None:
    # `audit` finds the game by the module name in the file's metadata.
    folder = tmp_path / "games"
    folder.mkdir()
    shutil.copy(WW / "games" / "battle-and-retreat.vlog", folder)
    assert _games_loaded(tmp_path, "audit", str(folder), "--jobs", "0", "--no-cache",
                         "--cache", str(tmp_path / "cache"),
                         "--out", str(tmp_path / "summary")) == {"washingtons_war"}


def test_odds_of_one_game_imports_no_other_game(tmp_path: Path) -> None:
    assert _games_loaded(tmp_path, "odds", "washingtons-war", "battle", "--attacker-cus",
                         "5", "--attacker-rating", "4", "--defender-cus", "4") == {
        "washingtons_war"}
