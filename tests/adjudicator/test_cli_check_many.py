"""`check PATHS...`: many files and folders in one process, each with the sidecars it gets
alone, the command's exit status the most telling of the files' (issue 12)."""

from __future__ import annotations

import shutil
from pathlib import Path

from typer.testing import CliRunner, Result

from adjudicator.cli import app
from tests.conftest import REPO

WW = REPO / "fixtures" / "washingtons-war"
GAMES = WW / "games"
OPTIONS = ("-g", "ww", "-m", WW / "washingtons-war-fixture.vmod", "-b", WW / "binding.toml",
           "-d", WW / "data" / "fixture-data.toml", "--format", "json,md,html")
LEGAL = "opening-turn.vlog"
ILLEGAL = "illegal-carleton-too-far.vlog"
OTHER_GAME = REPO / "fixtures" / "example" / "example.vlog"


def _run(*args: str | Path) -> Result:
    return CliRunner().invoke(app, [str(arg) for arg in args])


def _copy(folder: Path, *names: str) -> list[Path]:
    folder.mkdir(parents=True, exist_ok=True)
    return [Path(shutil.copy(GAMES / name, folder / name)) for name in names]


def _sidecars(folder: Path) -> dict[str, bytes]:
    return {str(p.relative_to(folder)): p.read_bytes()
            for p in sorted(folder.rglob("*.adjudication.*"))}


def test_many_files_get_the_sidecars_each_gets_alone(tmp_path: Path) -> None:
    alone, together = tmp_path / "alone", tmp_path / "together"
    files = [*_copy(alone, LEGAL, ILLEGAL), Path(shutil.copy(OTHER_GAME, alone))]
    for file in files:
        _run("check", file, *OPTIONS)
    _copy(together, LEGAL, ILLEGAL)
    shutil.copy(OTHER_GAME, together)
    result = _run("check", *(together / f.name for f in files), *OPTIONS)
    assert _sidecars(together) == _sidecars(alone) and len(_sidecars(alone)) == 9
    lines = [line for line in result.stdout.splitlines() if not line.startswith("  wrote")]
    assert [Path(line.split(":")[0]).name for line in lines] == [f.name for f in files]


def test_the_exit_status_is_the_most_telling_of_the_files(tmp_path: Path) -> None:
    legal, illegal = _copy(tmp_path, LEGAL, ILLEGAL)
    other = Path(shutil.copy(OTHER_GAME, tmp_path))
    assert _run("check", legal, illegal, *OPTIONS).exit_code == 0
    assert _run("check", legal, illegal, *OPTIONS, "--fail-on-illegal").exit_code == 1
    assert _run("check", illegal, other, *OPTIONS, "--fail-on-illegal").exit_code == 3
    missing = _run("check", tmp_path / "gone.vlog", legal, other, *OPTIONS)
    assert missing.exit_code == 2
    assert "gone.vlog" in missing.stderr and "Traceback" not in missing.output
    assert (tmp_path / f"{LEGAL}.adjudication.json").is_file()  # the others still checked


def test_a_folder_is_walked_and_out_keeps_its_sub_folders(tmp_path: Path) -> None:
    season = tmp_path / "season"
    _copy(season, LEGAL)
    _copy(season / "round-2", ILLEGAL)
    (season / "notes.txt").write_text("not a game", encoding="utf-8")
    out = tmp_path / "reports"
    result = _run("check", season, *OPTIONS, "--out", out)
    assert result.exit_code == 0, result.output
    assert sorted(_sidecars(out)) == sorted(
        f"{where}.adjudication.{ext}" for where in (LEGAL, f"round-2/{ILLEGAL}")
        for ext in ("html", "json", "md"))


def test_a_folder_without_games_or_a_bad_game_is_one_line_and_status_2(
        tmp_path: Path) -> None:
    (tmp_path / "empty").mkdir()
    empty = _run("check", tmp_path / "empty", *OPTIONS)
    assert empty.exit_code == 2 and "no .vlog or .vsav file found" in empty.stderr
    [legal] = _copy(tmp_path, LEGAL)
    unknown = _run("check", legal, legal, "--game", "chess")
    assert unknown.exit_code == 2 and len(unknown.stderr.strip().splitlines()) == 1
