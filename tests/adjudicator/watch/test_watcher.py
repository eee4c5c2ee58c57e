"""The watch loop on real fixture games: settled files get one sidecar set per version,
cached results are reused, bad files and hostile names get reports, inputs stay as they are."""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import threading
import time
from collections.abc import Callable
from pathlib import Path

import pytest

from adjudicator.audit.cache import ReportCache
from adjudicator.audit.executor import open_executor
from adjudicator.report.models import ReportStatus
from adjudicator.report.sidecar import ReportFormat
from adjudicator.watch.dispatch import Outcome, Result
from adjudicator.watch.status import Tally
from adjudicator.watch.watcher import Watcher, WatchOptions

REPO = Path(__file__).resolve().parents[3]
WW = REPO / "fixtures" / "washingtons-war"
GAMES = sorted((WW / "games").glob("*.vlog"))
EXAMPLE = REPO / "fixtures" / "example" / "example.vlog"
WAIT = 30.0
"""Seconds a test waits for the watcher before failing (never a performance bound)."""


class Recorder:
    """A display that keeps every result."""

    def __init__(self) -> None:
        self.tally = Tally()
        self.results: list[Result] = []
        self.lock = threading.Lock()

    def seen(self, count: int) -> None:
        self.tally.seen += count

    def result(self, result: Result) -> None:
        with self.lock:
            self.tally.add(result)
            self.results.append(result)

    def close(self) -> None:
        """Nothing to release: the results stay for the test to read."""

    def of(self, path: Path) -> list[Result]:
        with self.lock:
            return [r for r in self.results if r.path == path]


def run_once(folder: Path, cache: Path, **options: object) -> Recorder:
    recorder = Recorder()
    watcher = Watcher(WatchOptions(root=folder, once=True, settle=0.05, **options),
                      executor=open_executor(None, 0), cache=ReportCache(cache),
                      display=recorder)
    watcher.run(threading.Event())
    return recorder


def wait_for(condition: Callable[[], bool]) -> None:
    deadline = time.monotonic() + WAIT
    while not condition():
        if time.monotonic() > deadline:
            pytest.fail("the watcher did not get there")
        time.sleep(0.02)


def json_sidecar(path: Path) -> dict[str, object]:
    data = json.loads((path.parent / f"{path.name}.adjudication.json").read_bytes())
    assert isinstance(data, dict)
    return data


def sha(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def ww_folder(tmp_path: Path, games: list[Path]) -> Path:
    folder = tmp_path / "games"
    folder.mkdir()
    (folder / "adjudicator.toml").write_text(
        f'game = "ww"\nmodule = "{WW / "washingtons-war-fixture.vmod"}"\n'
        f'binding = "{WW / "binding.toml"}"\ndata = ["{WW / "data" / "fixture-data.toml"}"]\n'
        'formats = ["json", "md"]\n')
    for game in games:
        shutil.copy(game, folder / game.name)
    return folder


def test_once_checks_every_file_with_the_folder_configuration_and_overlaid_options(
        tmp_path: Path) -> None:
    folder = ww_folder(tmp_path, GAMES[:3])
    formats = (ReportFormat.HTML, ReportFormat.JSON)
    recorder = run_once(folder, tmp_path / "cache", overrides={"formats": formats})
    assert {r.outcome for r in recorder.results} == {Outcome.CHECKED}
    for game in GAMES[:3]:
        copy = folder / game.name
        assert json_sidecar(copy)["game"] == "ww"
        assert json_sidecar(copy)["status"] in ("judged", "partly-judged")
        assert (folder / f"{game.name}.adjudication.html").is_file()
        assert not (folder / f"{game.name}.adjudication.md").exists()


def test_a_restart_skips_files_whose_sidecars_are_current(tmp_path: Path) -> None:
    folder = ww_folder(tmp_path, GAMES[:4])
    run_once(folder, tmp_path / "cache")
    again = run_once(folder, tmp_path / "cache")
    assert [r.outcome for r in again.results] == [Outcome.CURRENT] * 4


def test_a_renamed_copy_reuses_the_cached_report(tmp_path: Path) -> None:
    folder = ww_folder(tmp_path, GAMES[:1])
    run_once(folder, tmp_path / "cache")
    original = folder / GAMES[0].name
    renamed = folder / "turn 7 (resent).vlog"
    original.rename(renamed)
    recorder = run_once(folder, tmp_path / "cache")
    assert [r.outcome for r in recorder.of(renamed)] == [Outcome.CACHED]
    assert json_sidecar(renamed)["source"] == {"path": renamed.name, "sha256": sha(renamed)}


def test_hostile_names_get_sidecars_and_no_input_changes(tmp_path: Path) -> None:
    folder = tmp_path / "in"
    folder.mkdir()
    names = [os.fsdecode(b"bad \xff\xfe name.vlog"), "with  spaces.vlog", "Ünïcødé 🎲.VLOG",
             "-leading-dash.vsav", "--help.vlog"]
    for name in names:
        shutil.copy(EXAMPLE, folder / name)
    (folder / "broken.vlog").write_bytes(b"PK\x03\x04 not really")
    before = {p.name: sha(p) for p in folder.iterdir()}
    run_once(folder, tmp_path / "cache")
    for name in names:
        data = json_sidecar(folder / name)
        assert data["status"] == "no-system"
        assert data["source"]["sha256"] == before[name]  # type: ignore[index]
    assert json_sidecar(folder / "broken.vlog")["status"] == "unreadable"
    assert {p.name: sha(p) for p in folder.iterdir() if p.name in before} == before


def test_a_bad_folder_configuration_becomes_each_files_report(tmp_path: Path) -> None:
    folder = tmp_path / "in"
    folder.mkdir()
    (folder / "adjudicator.toml").write_text("game = [unclosed\n")
    shutil.copy(EXAMPLE, folder / "game.vlog")
    run_once(folder, tmp_path / "cache")
    data = json_sidecar(folder / "game.vlog")
    assert data["status"] == "unreadable"
    assert "configuration" in str(data["problems"])


def test_recursive_watch_mirrors_sub_folders_under_out(tmp_path: Path) -> None:
    folder = tmp_path / "in"
    (folder / "round 1").mkdir(parents=True)
    shutil.copy(EXAMPLE, folder / "round 1" / "game.vlog")
    out = tmp_path / "out"
    run_once(folder, tmp_path / "cache", recursive=True, out=out)
    assert (out / "round 1" / "game.vlog.adjudication.json").is_file()
    assert sorted(p.name for p in (folder / "round 1").iterdir()) == ["game.vlog"]


def test_each_settled_version_is_checked_once_and_a_failed_recheck_says_so(
        tmp_path: Path, live: Callable[[Path], Recorder]) -> None:
    folder = tmp_path / "in"
    folder.mkdir()
    recorder = live(folder)
    target = folder / "game.vlog"
    data = EXAMPLE.read_bytes()
    with target.open("wb") as stream:  # written slowly, like VASSAL saving in place
        for start in range(0, len(data), 256):
            stream.write(data[start:start + 256])
            stream.flush()
            time.sleep(0.03)
    wait_for(lambda: len(recorder.of(target)) == 1)
    assert recorder.of(target)[0].outcome is Outcome.CHECKED
    assert recorder.of(target)[0].report.status is ReportStatus.NO_SYSTEM  # type: ignore[union-attr]

    os.utime(target)  # a new time, the same bytes: no check
    wait_for(lambda: len(recorder.of(target)) == 2)
    assert recorder.of(target)[1].outcome is Outcome.CURRENT

    target.write_bytes(data[: len(data) // 2])  # rewritten, now truncated
    wait_for(lambda: len(recorder.of(target)) == 3)
    assert json_sidecar(target)["status"] == "unreadable"
    assert json_sidecar(target)["source"]["sha256"] == sha(target)  # type: ignore[index]
    time.sleep(0.5)
    assert len(recorder.of(target)) == 3
    assert [r.outcome for r in recorder.of(target)].count(Outcome.CHECKED) == 2


def test_files_moved_in_and_sidecars_written_are_not_checked_twice(
        tmp_path: Path, live: Callable[[Path], Recorder]) -> None:
    folder = tmp_path / "in"
    folder.mkdir()
    recorder = live(folder)
    staging = tmp_path / "staging.vlog"
    shutil.copy(EXAMPLE, staging)
    staging.rename(folder / "arrived.vlog")
    wait_for(lambda: len(recorder.of(folder / "arrived.vlog")) == 1)
    time.sleep(0.5)
    assert len(recorder.results) == 1


def test_names_near_the_length_limit_get_sidecars_or_a_clear_error(tmp_path: Path) -> None:
    folder = tmp_path / "in"
    folder.mkdir()
    fits = "f" * (255 - len(".vlog.adjudication.html")) + ".vlog"  # its sidecars just fit
    too_long = "t" * 250 + ".vlog"  # no sidecar name can be this long
    for name in (fits, too_long):
        shutil.copy(EXAMPLE, folder / name)
    recorder = run_once(folder, tmp_path / "cache")
    assert json_sidecar(folder / fits)["status"] == "no-system"
    [failed] = recorder.of(folder / too_long)
    assert failed.outcome is Outcome.NOT_WRITTEN
    assert failed.error is not None and "cannot write its sidecars" in failed.error
    assert sorted(p.name for p in folder.iterdir() if p.name.startswith(".")) == []


def test_the_polling_observer_sees_new_files(tmp_path: Path) -> None:
    folder = tmp_path / "in"
    folder.mkdir()
    recorder = Recorder()
    watcher = Watcher(WatchOptions(root=folder, settle=0.1, poll=True),
                      executor=open_executor(None, 0), cache=ReportCache(tmp_path / "cache"),
                      display=recorder)
    stop = threading.Event()
    thread = threading.Thread(target=watcher.run, args=(stop,))
    thread.start()
    try:
        wait_for(lambda: watcher.using_polling)
        shutil.copy(EXAMPLE, folder / "polled.vlog")
        wait_for(lambda: len(recorder.of(folder / "polled.vlog")) == 1)
    finally:
        stop.set()
        thread.join(WAIT)
    assert json_sidecar(folder / "polled.vlog")["status"] == "no-system"


def test_startup_repairs_what_a_killed_run_left_and_rewrites_mixed_sets(
        tmp_path: Path) -> None:
    from adjudicator.check import file_sha256
    from adjudicator.report.sidecar import sidecar_sha256

    folder = tmp_path / "in"
    folder.mkdir()
    game = folder / "game.vlog"
    shutil.copy(EXAMPLE, game)
    run_once(folder, tmp_path / "cache")
    markdown = folder / "game.vlog.adjudication.md"
    markdown.write_text(markdown.read_text().replace(file_sha256(game), "0" * 64))
    dead = 2 ** 22 + 17  # above the default pid_max: never a running process
    (folder / f".game.vlog.adjudication.json.tmp-{dead}-0badc0de").write_text("half")
    (folder / f"..game.vlog.adjudication.set.tmp-{dead}-0badc0de").write_text("{")
    recorder = run_once(folder, tmp_path / "cache")
    assert [r.outcome for r in recorder.of(game)] == [Outcome.CACHED]
    assert sidecar_sha256(markdown) == file_sha256(game)
    assert sorted(p.name for p in folder.iterdir()) == [
        "game.vlog", "game.vlog.adjudication.json", "game.vlog.adjudication.md"]
