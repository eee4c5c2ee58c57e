"""`check` keeps a file's sidecars one consistent set: the formats already there are kept
(rewritten) unless `--replace`, and a set a killed run left half-written is repaired."""

from __future__ import annotations

import multiprocessing
import os
import shutil
import signal
from pathlib import Path

import pytest
from typer.testing import CliRunner, Result

from adjudicator.audit.job import check_file
from adjudicator.cli import app
from adjudicator.folderconfig import FolderConfig
from adjudicator.report import sidecar
from adjudicator.report.sidecar import (
    ReportFormat,
    journal_path,
    sidecar_path,
    sidecar_set_current,
    sidecar_sha256,
    write_sidecars,
)
from tests.conftest import REPO

WW = REPO / "fixtures" / "washingtons-war"
GAME = WW / "games" / "arnold-line.vlog"
OTHER = REPO / "fixtures" / "example" / "example.vlog"
MODULE = WW / "module" / "buildFile.xml"
ALL = list(ReportFormat)


def _check(source: Path, formats: str, *extra: str) -> Result:
    return CliRunner().invoke(app, ["check", str(source), "-g", "ww", "-m", str(MODULE),
                                    "-f", formats, *extra])


def _game(tmp_path: Path) -> Path:
    source = tmp_path / "game.vlog"
    shutil.copyfile(GAME, source)
    return source


def _hidden_leftovers(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.iterdir() if p.name.startswith("."))


def test_md_alone_keeps_the_other_formats_and_rewrites_them_for_the_new_content(
        tmp_path: Path) -> None:
    source = _game(tmp_path)
    old = check_file(OTHER, FolderConfig())
    write_sidecars(old, source, [ReportFormat.JSON, ReportFormat.HTML])
    result = _check(source, "md")
    assert result.exit_code == 0, result.output
    assert "kept the json, html sidecar(s)" in result.stdout
    sha = sidecar_sha256(sidecar_path(source, ReportFormat.MARKDOWN))
    assert sha is not None and sha != old.source.sha256
    assert sidecar_set_current(source, sha, [ReportFormat.JSON, ReportFormat.HTML,
                                             ReportFormat.MARKDOWN])


def test_replace_writes_only_the_formats_asked_for(tmp_path: Path) -> None:
    source = _game(tmp_path)
    assert _check(source, "json,html").exit_code == 0
    result = _check(source, "md", "--replace")
    assert result.exit_code == 0, result.output
    assert "kept" not in result.stdout
    assert sorted(p.name for p in tmp_path.iterdir()) == [
        "game.vlog", "game.vlog.adjudication.md"]


def _killed_at(point: int, source: Path) -> None:
    """In a child process: write the new set and die by SIGKILL at the `point`-th file
    operation of the protocol (temps, journal, renames, removals)."""
    calls = 0

    def dies(real: object) -> object:
        def wrapped(*args: object, **kwargs: object) -> object:
            nonlocal calls
            calls += 1
            if calls == point:
                os.kill(os.getpid(), signal.SIGKILL)
            return real(*args, **kwargs)  # type: ignore[operator]
        return wrapped

    sidecar._write_new = dies(sidecar._write_new)  # type: ignore[assignment]
    sidecar.os.replace = dies(os.replace)  # type: ignore[assignment]
    write_sidecars(check_file(source, FolderConfig()), source, ALL)


@pytest.mark.skipif(not hasattr(os, "fork"), reason="needs fork to die mid-write")
@pytest.mark.parametrize("point", range(1, 11))
def test_a_check_killed_at_any_point_is_repaired_by_the_next_check(
        tmp_path: Path, point: int) -> None:
    source = _game(tmp_path)
    write_sidecars(check_file(OTHER, FolderConfig()), source, ALL)
    child = multiprocessing.get_context("fork").Process(target=_killed_at,
                                                         args=(point, source))
    child.start()
    child.join()
    assert child.exitcode in (-signal.SIGKILL, 0)
    result = _check(source, "json")
    assert result.exit_code == 0, result.output
    sha = sidecar_sha256(sidecar_path(source, ReportFormat.JSON))
    assert sha is not None
    assert sidecar_set_current(source, sha, ALL)
    assert not journal_path(source).exists()
    assert _hidden_leftovers(tmp_path) == []


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs here")
def test_a_fifo_named_like_a_journal_or_sidecar_is_never_waited_on(tmp_path: Path) -> None:
    source = _game(tmp_path)
    os.mkfifo(journal_path(source))
    os.mkfifo(sidecar_path(source, ReportFormat.MARKDOWN))
    child = multiprocessing.get_context("fork").Process(
        target=sidecar.recover_sidecar_sets, args=(tmp_path,))
    child.start()
    child.join(30)
    stuck = child.is_alive()
    if stuck:
        child.kill()
    assert not stuck
    assert sidecar.sidecar_sha256(sidecar_path(source, ReportFormat.MARKDOWN)) is None
