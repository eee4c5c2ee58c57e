"""`adjudicator watch` from the command line: --once, bad input, and a clean stop on SIGTERM."""

from __future__ import annotations

import json
import os
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
import typer
from typer.testing import CliRunner

from adjudicator.cli.watch import watch

REPO = Path(__file__).resolve().parents[3]
WW_GAMES = REPO / "fixtures" / "washingtons-war" / "games"
EXAMPLE = REPO / "fixtures" / "example" / "example.vlog"
WAIT = 60.0
"""Seconds a test waits for the watcher before failing (never a performance bound)."""
LAUNCH = ("import typer; from adjudicator.cli.watch import watch; app = typer.Typer(); "
          "app.command()(watch); app()")


def cli() -> typer.Typer:
    app = typer.Typer()
    app.command()(watch)
    return app


def test_once_on_the_bundled_games_folder_uses_its_configuration(tmp_path: Path) -> None:
    folder = tmp_path / "games"
    shutil.copytree(WW_GAMES, folder, ignore=lambda _, names: [
        n for n in names if n.endswith(".vlog") and not n.startswith("arnold")])
    (folder / "adjudicator.toml").write_text(
        (WW_GAMES / "adjudicator.toml").read_text().replace('"../', f'"{WW_GAMES.parent}/'))
    result = CliRunner().invoke(cli(), [str(folder), "--once", "--jobs", "0",
                                        "--cache", str(tmp_path / "cache")])
    assert result.exit_code == 0, result.output
    assert "arnold-line.vlog: Washington's War" in result.output
    assert "1 checked · 0 failed" in result.output
    report = json.loads((folder / "arnold-line.vlog.adjudication.json").read_text())
    assert report["game"] == "ww" and report["status"] in ("judged", "partly-judged")
    assert (folder / "arnold-line.vlog.adjudication.md").is_file()


def test_command_line_options_are_laid_over_the_folder_configuration(tmp_path: Path) -> None:
    folder = tmp_path / "in"
    folder.mkdir()
    (folder / "adjudicator.toml").write_text('formats = ["md"]\n')
    shutil.copy(EXAMPLE, folder / "game.vlog")
    result = CliRunner().invoke(cli(), [str(folder), "--once", "--jobs", "0", "--format",
                                        "json", "--cache", str(tmp_path / "cache")])
    assert result.exit_code == 0, result.output
    assert sorted(p.name for p in folder.iterdir()) == [
        "adjudicator.toml", "game.vlog", "game.vlog.adjudication.json"]


@pytest.mark.parametrize("arguments, problem", [
    (["missing-folder"], "not a folder"),
    (["."], "unknown report format"),
])
def test_bad_input_is_one_line_and_exit_2(tmp_path: Path, arguments: list[str],
                                          problem: str) -> None:
    os.chdir(tmp_path)
    extra = ["--format", "pdf"] if problem == "unknown report format" else []
    result = CliRunner().invoke(cli(), [*arguments, "--once", *extra])
    assert result.exit_code == 2
    assert problem in result.output
    assert "Traceback" not in result.output


def test_sigterm_stops_the_watcher_cleanly(tmp_path: Path) -> None:
    folder = tmp_path / "in"
    folder.mkdir()
    process = subprocess.Popen(
        [sys.executable, "-c", LAUNCH, str(folder), "--jobs", "1", "--cache",
         str(tmp_path / "cache")], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
        cwd=REPO)
    try:
        shutil.copy(EXAMPLE, folder / "game.vlog")
        sidecar = folder / "game.vlog.adjudication.json"
        deadline = time.monotonic() + WAIT
        while not sidecar.exists():
            assert process.poll() is None, process.communicate()
            assert time.monotonic() < deadline, "no sidecar"
            time.sleep(0.05)
        process.send_signal(signal.SIGTERM)
        out, err = process.communicate(timeout=WAIT)
    finally:
        if process.poll() is None:
            process.kill()
            process.wait()
    assert process.returncode == 0, err
    assert b"Traceback" not in err
    assert b"1 checked" in out
    assert sorted(p.name for p in folder.iterdir()) == [
        "game.vlog", "game.vlog.adjudication.json", "game.vlog.adjudication.md"]


def test_once_on_the_real_corpus_writes_a_report_for_every_file_elsewhere(
        tmp_path: Path) -> None:
    from tests.conftest import CORPUS, corpus_games, require_corpus

    require_corpus()
    games = corpus_games()
    before = {game: game.stat().st_mtime_ns for game in games}
    out = tmp_path / "out"
    result = CliRunner().invoke(cli(), [str(CORPUS), "--recursive", "--once", "--out",
                                        str(out), "--jobs", "0", "--cache",
                                        str(tmp_path / "cache")])
    assert result.exit_code == 0, result.output
    for game in games:
        sidecar = out / game.parent.relative_to(CORPUS) / f"{game.name}.adjudication.json"
        report = json.loads(sidecar.read_text())
        assert report["status"] != "unreadable", report["problems"]
        assert report["reading"]["steps"] == report["steps"]
    assert {game: game.stat().st_mtime_ns for game in games} == before


# `watch --once --fail-on`: audit's exit statuses for a fleet of watched folders.

OPENING = "illegal-phase-marker-goes-back.vlog"
"""Ends in the opening position the two below start from (see the audit tests)."""
FROM_OPENING = ("opening-turn.vlog", "queue-activation.vlog")
ILLEGAL = "illegal-two-things.vlog"


def ww_season(folder: Path, *names: str) -> Path:
    """A folder holding these fixture games and an adjudicator.toml for them."""
    folder.mkdir(parents=True)
    for name in names:
        shutil.copy(WW_GAMES / name, folder / name)
    (folder / "adjudicator.toml").write_text(
        (WW_GAMES / "adjudicator.toml").read_text().replace('"../', f'"{WW_GAMES.parent}/'))
    return folder


def once(folder: Path, cache: Path, *options: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(cli(), [str(folder), "--once", "--jobs", "0", "--cache",
                                        str(cache), *options])
    return result.exit_code, result.stdout, result.stderr


def test_once_fail_on_illegal_exits_1_only_when_an_illegal_finding_was_made(
        tmp_path: Path) -> None:
    legal = ww_season(tmp_path / "legal", FROM_OPENING[0])
    code, out, err = once(legal, tmp_path / "cache", "--fail-on", "illegal")
    assert code == 0, out + err
    illegal = ww_season(tmp_path / "illegal", ILLEGAL)
    code, out, err = once(illegal, tmp_path / "cache", "--fail-on", "illegal")
    assert code == 1, out + err
    assert "adjudicator: found 1 illegal finding (--fail-on)" in err
    assert (illegal / f"{ILLEGAL}.adjudication.json").is_file()


def test_once_fail_on_fork_exits_1_also_when_every_sidecar_was_current(
        tmp_path: Path) -> None:
    folder = ww_season(tmp_path / "season", OPENING, *FROM_OPENING)
    code, out, err = once(folder, tmp_path / "cache", "--fail-on", "fork,break")
    assert code == 1, out + err
    assert "found 1 fork (--fail-on)" in err
    # Again: every sidecar set is current, the reports come from the cache.
    code, out, err = once(folder, tmp_path / "cache", "--fail-on", "fork")
    assert (code, "0 checked" in out) == (1, True), out + err
    # Again without the cache: the files are checked again to know.
    code, out, err = once(folder, tmp_path / "empty-cache", "--fail-on", "fork")
    assert code == 1 and "found 1 fork (--fail-on)" in err, out + err
    code, out, err = once(folder, tmp_path / "cache", "--fail-on", "illegal")
    assert code == 1 and "illegal finding" in err, out + err  # OPENING breaks a rule


@pytest.mark.parametrize("options, problem", [
    (["--fail-on", "illegal"], "--fail-on needs --once"),
    (["--once", "--fail-on", "typo"], "--fail-on: unknown typo; use break,fork,illegal"),
])
def test_fail_on_without_once_or_unknown_is_one_line_and_exit_2(
        tmp_path: Path, options: list[str], problem: str) -> None:
    result = CliRunner().invoke(cli(), [str(tmp_path), "--jobs", "0", *options])
    assert result.exit_code == 2
    [line] = result.stderr.strip().splitlines()
    assert line.startswith(f"adjudicator: error: {problem}")
    assert list(tmp_path.iterdir()) == []


def test_once_fail_on_unreadable_exits_1_for_a_corrupt_file_and_plain_once_exits_0(
        tmp_path: Path) -> None:
    folder = ww_season(tmp_path / "season", FROM_OPENING[0])
    (folder / "corrupt.vlog").write_bytes(b"PK\x03\x04 not a whole zip")
    code, out, err = once(folder, tmp_path / "cache")
    assert code == 0, out + err
    code, out, err = once(folder, tmp_path / "cache", "--fail-on", "unreadable")
    assert code == 1, out + err
    assert "found 1 unreadable file (--fail-on)" in err
