"""Sidecar sets: after a crash at any point a file has the whole old set or the whole new one."""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Iterable
from pathlib import Path

import pytest

from adjudicator.audit.job import check_file
from adjudicator.folderconfig import FolderConfig
from adjudicator.report import sidecar
from adjudicator.report.models import Report
from adjudicator.report.sidecar import (
    ReportFormat,
    journal_path,
    recover_sidecar_sets,
    sidecar_path,
    sidecar_set_current,
    sidecar_sha256,
    write_sidecars,
)

REPO = Path(__file__).resolve().parents[3]
EXAMPLE = REPO / "fixtures" / "example" / "example.vlog"
WW_GAME = REPO / "fixtures" / "washingtons-war" / "games" / "arnold-line.vlog"
ALL = list(ReportFormat)


def reports() -> tuple[Report, Report]:
    """Two reports on different content (an old and a new version of one file)."""
    return check_file(EXAMPLE, FolderConfig()), check_file(WW_GAME, FolderConfig())


def shas(source: Path) -> set[str | None]:
    return {sidecar_sha256(sidecar_path(source, fmt)) for fmt in ALL}


def leftovers(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.iterdir() if p.name.startswith("."))


def dead_pid() -> int:
    child = subprocess.run([sys.executable, "-c", "import os; print(os.getpid())"],
                           capture_output=True, text=True, check=True)
    return int(child.stdout)


def test_every_sidecar_of_a_set_names_the_reported_content(tmp_path: Path) -> None:
    old, _ = reports()
    source = tmp_path / "game.vlog"
    written = write_sidecars(old, source, ALL)
    assert [p.name for p in written] == ["game.vlog.adjudication.html",
                                         "game.vlog.adjudication.discord.md",
                                         "game.vlog.adjudication.md", "game.vlog.adjudication.json"]
    assert shas(source) == {old.source.sha256}
    assert sidecar_set_current(source, old.source.sha256, ALL)
    assert leftovers(tmp_path) == []


@pytest.mark.parametrize("renamed", [0, 1, 2])
def test_a_crash_between_renames_is_rolled_forward_at_restart(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, renamed: int) -> None:
    old, new = reports()
    source = tmp_path / "game.vlog"
    write_sidecars(old, source, ALL)
    real_replace = os.replace
    calls = []

    def crashing_replace(src: str | Path, dst: str | Path) -> None:
        calls.append(dst)
        if len(calls) == 2 + renamed:  # the journal's rename, then `renamed` sidecars
            raise KeyboardInterrupt("killed")
        real_replace(src, dst)

    monkeypatch.setattr(sidecar.os, "replace", crashing_replace)
    with pytest.raises(KeyboardInterrupt):
        write_sidecars(new, source, ALL)
    monkeypatch.setattr(sidecar.os, "replace", real_replace)
    assert journal_path(source).exists()
    expected = {old.source.sha256, new.source.sha256} if renamed else {old.source.sha256}
    assert shas(source) == expected
    assert not sidecar_set_current(source, new.source.sha256, ALL)
    assert recover_sidecar_sets(tmp_path) == [journal_path(source)]
    assert shas(source) == {new.source.sha256}
    assert leftovers(tmp_path) == []


def test_a_crash_before_the_journal_leaves_the_old_set_and_recovery_removes_the_temps(
        tmp_path: Path) -> None:
    old, _ = reports()
    source = tmp_path / "game.vlog"
    write_sidecars(old, source, ALL)
    pid = dead_pid()
    for fmt in ALL:
        target = sidecar_path(source, fmt)
        (tmp_path / f".{target.name}.tmp-{pid}-0badc0de").write_text("half a report")
    recover_sidecar_sets(tmp_path)
    assert leftovers(tmp_path) == []
    assert shas(source) == {old.source.sha256}


def test_the_temps_and_journal_of_a_live_writer_are_left_alone(tmp_path: Path) -> None:
    parent = os.getppid()
    temp = tmp_path / f".game.vlog.adjudication.json.tmp-{parent}-0123abcd"
    temp.write_text("being written")
    journal = tmp_path / ".game.vlog.adjudication.set"
    journal.write_text(f'{{"pid": {parent}, "renames": [], "remove": []}}')
    assert recover_sidecar_sets(tmp_path) == []
    assert temp.exists() and journal.exists()


def test_a_failed_write_leaves_no_temp_and_the_old_set(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    old, new = reports()
    source = tmp_path / "game.vlog"
    write_sidecars(old, source, ALL)
    real = sidecar._write_new
    calls = []

    def failing(path: Path, chunks: Iterable[bytes], *, sync: bool = False) -> None:
        calls.append(path)
        if len(calls) == 2:
            raise OSError(28, "No space left on device")
        real(path, chunks, sync=sync)

    monkeypatch.setattr(sidecar, "_write_new", failing)
    with pytest.raises(OSError):
        write_sidecars(new, source, ALL)
    assert leftovers(tmp_path) == []
    assert shas(source) == {old.source.sha256}


def test_formats_no_longer_asked_for_are_removed_with_the_new_set(tmp_path: Path) -> None:
    old, new = reports()
    source = tmp_path / "game.vlog"
    write_sidecars(old, source, ALL)
    write_sidecars(new, source, [ReportFormat.JSON])
    assert sorted(p.name for p in tmp_path.iterdir()) == ["game.vlog.adjudication.json"]


def test_a_partial_set_is_not_current(tmp_path: Path) -> None:
    old, _ = reports()
    source = tmp_path / "game.vlog"
    write_sidecars(old, source, ALL)
    sidecar_path(source, ReportFormat.MARKDOWN).unlink()
    assert not sidecar_set_current(source, old.source.sha256, ALL)
    assert sidecar_set_current(source, old.source.sha256, [ReportFormat.JSON])
