"""An audit's per-file work in its workers (`adjudicator.audit.work`): the summary from
their digests is the summary from whole reports, series breaks named from the positions
they send back as by re-reading the files, on a Dask cluster as in this process; and the
sidecar sets a batch commits are whole after a crash at any point."""

from __future__ import annotations

import json
import os
import shutil
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from adjudicator.audit.cache import ReportCache
from adjudicator.audit.executor import FileExecutor, LocalExecutor, open_executor
from adjudicator.audit.job import check_file
from adjudicator.audit.render import render_html, render_markdown
from adjudicator.audit.run import Resolvers, check_all, collect_files
from adjudicator.audit.summary import AuditedFile, CheckedFile, summarise
from adjudicator.audit.summary_models import AuditReport
from adjudicator.folderconfig import FolderConfig
from adjudicator.report import sidecar
from adjudicator.report.models import Report
from adjudicator.report.sidecar import (
    ReportFormat,
    SidecarBatch,
    recover_sidecar_sets,
    sidecar_path,
    sidecar_set_current,
    sidecar_sha256,
    stamped,
    write_sidecars,
)
from tests.conftest import REPO

WW = REPO / "fixtures" / "washingtons-war"
HIDDEN = REPO / "fixtures" / "hidden"
EXAMPLE = REPO / "fixtures" / "example" / "example.vlog"
ALL = list(ReportFormat)
# Games that start where another ends (a continuing series), one from elsewhere (a
# break), and an identical copy (`tests/adjudicator/audit/test_audit_cli.py`).
WW_GAMES = ("illegal-phase-marker-goes-back.vlog", "opening-turn.vlog",
            "queue-activation.vlog", "glover-overrun-six.vlog", "illegal-two-things.vlog")


def _season(tmp_path: Path) -> Path:
    """A Washington's War season folder (a series with breaks and forks) and a folder of
    logs with pieces hidden and in hands (breaks naming concealed pieces)."""
    season = tmp_path / "season"
    (season / "ww").mkdir(parents=True)
    for name in WW_GAMES:
        shutil.copy(WW / "games" / name, season / "ww" / name)
    shutil.copy(WW / "games" / WW_GAMES[1], season / "ww" / "copy-of-opening.vlog")
    (season / "ww" / "adjudicator.toml").write_text(
        f'game = "ww"\nmodule = "{(WW / "washingtons-war-fixture.vmod").as_posix()}"\n'
        f'binding = "{(WW / "binding.toml").as_posix()}"\n'
        f'data = ["{(WW / "data" / "fixture-data.toml").as_posix()}"]\n'
        'formats = ["json", "md"]\n', encoding="utf-8")
    (season / "hidden").mkdir()
    for name in ("part-1.vlog", "part-2.vlog"):
        shutil.copy(HIDDEN / name, season / "hidden" / name)
    (season / "hidden" / "adjudicator.toml").write_text(
        f'module = "{(HIDDEN / "hidden.vmod").as_posix()}"\nformats = ["json"]\n',
        encoding="utf-8")
    (season / "lone").mkdir()
    shutil.copy(EXAMPLE, season / "lone" / "example.vlog")
    return season


def _audit(season: Path, executor: FileExecutor, out: Path, *,
           cache: ReportCache | None = None) -> tuple[list[AuditedFile], AuditReport]:
    files = collect_files([season])
    checked = check_all(files, Resolvers.create(None, {}), executor=executor, cache=cache,
                        sidecar_dir=out / "sidecars")
    return checked, summarise(checked)


def _texts(report: AuditReport) -> tuple[str, str, str]:
    return (report.model_dump_json(indent=2, by_alias=True), render_markdown(report),
            render_html(report))


def test_the_summary_from_digests_is_the_summary_from_whole_reports(tmp_path: Path) -> None:
    season = _season(tmp_path)
    checked, report = _audit(season, LocalExecutor(0), tmp_path / "a")
    assert all(item.digest.ends is not None for item in checked
               if item.path.parent.name != "lone")  # alone in its folder: no positions
    assert [item.digest.ends for item in checked if item.path.parent.name == "lone"] == [None]
    # The same files as the watcher keeps them (whole reports; breaks named by re-reading).
    whole = [CheckedFile(item.path, check_file(item.path, _config(item.path)),
                         sidecars=item.sidecars, module=item.module, label=item.label,
                         sidecar_labels=item.sidecar_labels) for item in checked]
    assert _texts(summarise(whole)) == _texts(report)
    assert report.totals.breaks >= 2 and report.totals.series == 2
    assert any(b.differences for s in report.series for b in s.breaks)
    assert any(b.note and "hidden information" in b.note
               for s in report.series for b in s.breaks)


def _config(path: Path) -> FolderConfig:
    return Resolvers.create(None, {}).checking(path, path.parent.parent).config


def test_reports_from_the_cache_still_name_the_pieces_at_a_break(tmp_path: Path) -> None:
    season = _season(tmp_path)
    cache = ReportCache(tmp_path / "cache")
    _, first = _audit(season, LocalExecutor(0), tmp_path / "a", cache=cache)
    checked, again = _audit(season, LocalExecutor(0), tmp_path / "b", cache=cache)
    assert all(item.cached for item in checked)
    assert again.series == first.series


def test_a_pool_and_this_process_write_the_same_summary_and_sidecars(tmp_path: Path) -> None:
    season = _season(tmp_path)
    _, here = _audit(season, LocalExecutor(0), tmp_path / "a")
    with open_executor("local", 2) as pool:
        _, there = _audit(season, pool, tmp_path / "b")
    assert _texts(there) == _texts(here)
    assert _tree(tmp_path / "a") == _tree(tmp_path / "b")


def test_the_dask_executor_writes_the_same_summary_byte_for_byte(tmp_path: Path) -> None:
    import distributed  # the `distributed` extra, part of the dev install

    season = _season(tmp_path)
    _, here = _audit(season, LocalExecutor(0), tmp_path / "a")
    with distributed.LocalCluster(n_workers=1, processes=False, protocol="tcp",  # type: ignore[no-untyped-call]
                                  dashboard_address=None) as cluster:
        address = cluster.scheduler_address.replace("tcp://", "dask://")
        with open_executor(address, 1) as dask:
            _, there = _audit(season, dask, tmp_path / "b")
    assert _texts(there) == _texts(here)
    assert _tree(tmp_path / "a") == _tree(tmp_path / "b")


def _tree(folder: Path) -> dict[str, bytes]:
    return {str(path.relative_to(folder)): path.read_bytes()
            for path in sorted(folder.rglob("*")) if path.is_file()}


# ------------------------------------------------------------ sidecar sets by batch


def _reports() -> tuple[Report, Report]:
    """Two reports on different content (an old and a new version of one file)."""
    return (check_file(EXAMPLE, FolderConfig()),
            check_file(WW / "games" / WW_GAMES[1], FolderConfig()))


def _whole_or_absent(folder: Path, reports: tuple[Report, ...]) -> None:
    """Every sidecar under its final name is one report's whole text."""
    texts = {stamped(report, fmt).encode("utf-8") for report in reports for fmt in ALL}
    for path in folder.iterdir():
        if not path.name.startswith("."):
            assert path.read_bytes() in texts, path.name
        elif path.name.endswith(sidecar.JOURNAL_SUFFIX):
            json.loads(path.read_bytes())  # a journal is whole too


CRASH_POINTS = 24
"""Calls to a batch's writes, renames and syncs for two files in four formats, plus one:
10 writes (4 temps and a journal each), 3 syncs, 2 journal and 8 sidecar renames."""


@pytest.mark.skipif(not hasattr(os, "fork"), reason="simulates a crash in a forked child")
@pytest.mark.parametrize("crash_at", range(CRASH_POINTS))
def test_a_crash_in_a_batch_leaves_every_set_whole_and_earlier_batches_committed(
        tmp_path: Path, crash_at: int) -> None:
    old, new = _reports()
    earlier = [tmp_path / "a.vlog", tmp_path / "b.vlog"]
    crashing = [tmp_path / "c.vlog", tmp_path / "d.vlog"]
    for source in crashing:
        write_sidecars(old, source, ALL)
    child = os.fork()
    if child == 0:  # the writer: one batch committed, then killed inside the next
        try:
            first = SidecarBatch()
            for source in earlier:
                first.add(new, source, ALL)
            first.commit()
            calls = 0

            def crash_first(real: Callable[..., Any]) -> Callable[..., Any]:
                def call(*args: Any, **kwargs: Any) -> Any:
                    nonlocal calls
                    if calls == crash_at:
                        os._exit(3)  # no clean-up, as in a crash
                    calls += 1
                    return real(*args, **kwargs)
                return call

            patch = pytest.MonkeyPatch()  # in the child only: it never returns
            patch.setattr(sidecar, "_write_new", crash_first(sidecar._write_new))
            patch.setattr(sidecar, "sync_paths", crash_first(sidecar.sync_paths))
            patch.setattr(os, "replace", crash_first(os.replace))
            second = SidecarBatch()
            for source in crashing:
                second.add(new, source, ALL)
            second.commit()
        finally:
            os._exit(0)
    _, status = os.waitpid(child, 0)
    finished = os.waitstatus_to_exitcode(status) == 0
    _whole_or_absent(tmp_path, (old, new))
    recover_sidecar_sets(tmp_path)
    _whole_or_absent(tmp_path, (old, new))
    assert sorted(p.name for p in tmp_path.iterdir() if p.name.startswith(".")) == []
    for source in earlier:
        assert sidecar_set_current(source, new.source.sha256, ALL)
    for source in crashing:
        found = {sidecar_sha256(sidecar_path(source, fmt)) for fmt in ALL}
        assert found in ({old.source.sha256}, {new.source.sha256})
        if finished:
            assert found == {new.source.sha256}
    assert finished is (crash_at == CRASH_POINTS - 1)  # the points cover the whole batch
    if crash_at == 0:
        assert all(sidecar_set_current(s, old.source.sha256, ALL) for s in crashing)


def test_a_batch_commits_with_a_few_syncs_not_several_per_file(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    _, new = _reports()
    synced: list[int] = []
    real = sidecar.sync_paths

    def counted(files: list[Path], folders: set[Path]) -> None:
        synced.append(len(folders))
        real(files, folders)

    monkeypatch.setattr(sidecar, "sync_paths", counted)
    fsyncs: list[int] = []
    monkeypatch.setattr(os, "fsync", fsyncs.append)
    batch = SidecarBatch()
    sources = [tmp_path / f"game-{n}.vlog" for n in range(8)]
    for source in sources:
        batch.add(new, source, [ReportFormat.JSON, ReportFormat.MARKDOWN])
    assert batch.commit() == set()
    assert len(synced) == 3
    if sys.platform.startswith("linux"):
        assert fsyncs == []  # one syncfs a stage instead
    assert all(sidecar_set_current(s, new.source.sha256,
                                   [ReportFormat.JSON, ReportFormat.MARKDOWN])
               for s in sources)


def deadly_batch(batch: tuple[str, ...]) -> list[str]:
    """A batch's work, except that a file named `poison…` kills the worker outright."""
    if any(name.startswith("poison") for name in batch):
        os._exit(9)
    return [name.upper() for name in batch]


def test_a_batch_that_kills_its_worker_is_split_and_only_the_deadly_file_is_blamed() -> None:
    batches = [("a", "b"), ("c", "poison", "d"), ("e",), ("f", "g")]
    with LocalExecutor(2) as pool:
        results = list(pool.run(deadly_batch, batches,
                                died=lambda batch: [f"died: {name}" for name in batch],
                                split=lambda batch: [(name,) for name in batch]))
    assert sorted(name for _, found in results for name in found) == [
        "A", "B", "C", "D", "E", "F", "G", "died: poison"]
