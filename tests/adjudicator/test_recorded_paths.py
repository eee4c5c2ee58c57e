"""Reports name the file (and the module) by name, never by the folders above it (the
user's home folder), unless `--full-paths` is given: `check`, `watch` and `audit` alike,
unreadable files and cached reports too."""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

from typer.testing import CliRunner, Result

from adjudicator.audit.job import check_file
from adjudicator.cli import app
from adjudicator.folderconfig import load_folder_config
from tests.conftest import REPO

WW = REPO / "fixtures" / "washingtons-war"
GAME = "illegal-carleton-too-far.vlog"


def _run(*args: str | Path) -> Result:
    return CliRunner().invoke(app, [str(arg) for arg in args])


def _folder(tmp_path: Path) -> Path:
    """A copy of a bundled game with its folder configuration, deep in a 'home' folder."""
    folder = tmp_path / "home" / "ann" / "pbem"
    folder.mkdir(parents=True)
    shutil.copy(WW / "games" / GAME, folder / GAME)
    config = (WW / "games" / "adjudicator.toml").read_text()
    for name in ("washingtons-war-fixture.vmod", "binding.toml", "data/fixture-data.toml"):
        config = config.replace(f'"../{name}"', json.dumps(str(WW / name)))
    (folder / "adjudicator.toml").write_text(config)
    return folder


def _sidecar(path: Path) -> Any:
    return json.loads(path.with_name(f"{path.name}.adjudication.json").read_text())


def test_check_records_the_name_unless_full_paths(tmp_path: Path) -> None:
    game = _folder(tmp_path) / GAME
    module = WW / "washingtons-war-fixture.vmod"
    args = ("check", game, "-g", "ww", "-m", module, "-b", WW / "binding.toml",
            "-d", WW / "data" / "fixture-data.toml")
    result = _run(*args)
    assert result.exit_code == 0, result.output
    report = _sidecar(game)
    assert report["source"] == {"path": GAME, "sha256": report["source"]["sha256"]}
    assert report["module"] == module.name
    assert str(tmp_path) not in json.dumps(report)
    assert result.stdout.startswith(f"{game}: ")  # the terminal shows the path given
    assert _run(*args, "--full-paths").exit_code == 0
    full = _sidecar(game)
    assert full["source"]["path"] == str(game)
    assert full["module"] == str(module)


def test_an_unreadable_file_is_named_by_name_in_its_problem_too(tmp_path: Path) -> None:
    folder = _folder(tmp_path)
    broken = folder / "broken.vlog"
    broken.write_bytes(b"PK\x03\x04 not really a zip")
    config = load_folder_config(folder / "adjudicator.toml")
    report = check_file(broken, config)
    assert report.source.path == "broken.vlog"
    assert report.problems and str(folder) not in report.problems[0]
    full = check_file(broken, config.model_copy(update={"full_paths": True}))
    assert full.source.path == str(broken)


def test_watch_and_audit_record_names_and_full_paths_on_request(tmp_path: Path) -> None:
    folder = _folder(tmp_path)
    cache = tmp_path / "cache"
    watched = _run("watch", folder, "--once", "--jobs", "0", "--cache", cache)
    assert watched.exit_code == 0, watched.output
    assert _sidecar(folder / GAME)["source"]["path"] == GAME
    sidecars = tmp_path / "side"
    audited = _run("audit", folder, "--jobs", "0", "--cache", cache, "--sidecars", sidecars,
                   "--out", tmp_path / "summary", "--full-paths")
    assert audited.exit_code == 0, audited.output
    assert _sidecar(sidecars / GAME)["source"]["path"] == str(folder / GAME)


def test_two_files_of_one_name_count_as_two_in_the_audit_summary(tmp_path: Path) -> None:
    from adjudicator.audit.summary import game_summaries

    folder = _folder(tmp_path)
    config = load_folder_config(folder / "adjudicator.toml")
    (folder / "turn-2").mkdir()
    shutil.copy(folder / GAME, folder / "turn-2" / GAME)
    reports = [check_file(folder / GAME, config), check_file(folder / "turn-2" / GAME, config)]
    assert reports[0].source.path == reports[1].source.path == GAME
    [summary] = game_summaries(reports)
    illegal = [rule for rule in summary.rules if rule.severity == "illegal"]
    assert illegal and all(rule.files == 2 for rule in illegal)
