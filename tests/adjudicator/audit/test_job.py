"""Checking one file for `watch` and `audit`: game-agnostic reading, the game chosen from
configuration, metadata or a folder binding, and bad files as reports, never exceptions."""

from __future__ import annotations

import os
import shutil
import sys
from pathlib import Path

import pytest

from adjudicator.audit.cache import ReportCache
from adjudicator.audit.executor import DaskExecutor, LocalExecutor, open_executor
from adjudicator.audit.job import check_file, choose_system, folder_binding
from adjudicator.errors import AdjudicatorError
from adjudicator.folderconfig import FolderConfig, config_for, load_folder_config, with_options
from adjudicator.folders import config_key
from adjudicator.report import Report, ReportFormat, ReportStatus
from adjudicator.systems import fold_name, recognise_system
from tests.conftest import REPO, corpus_file

WW = REPO / "fixtures" / "washingtons-war"
WW_GAME = WW / "games" / "battle-and-retreat.vlog"
WW_CONFIG = FolderConfig(game="ww", module=WW / "washingtons-war-fixture.vmod",
                         binding=WW / "binding.toml",
                         data=(WW / "data" / "fixture-data.toml",))
EXAMPLE = REPO / "fixtures" / "example" / "example.vlog"


def test_a_configured_game_is_judged_and_read_in_one_pass() -> None:
    report = check_file(WW_GAME, WW_CONFIG)
    assert report.game == "ww"
    assert report.status in (ReportStatus.JUDGED, ReportStatus.PARTLY_JUDGED)
    assert report.reading is not None
    assert [p.name for p in report.reading.players] == ["Abigail", "Banastre"]
    assert report.reading.steps == report.steps
    assert report.reading.rolls, "the battle's die rolls are read"
    assert report.reading.start_position != report.reading.end_position


def test_the_game_is_recognised_from_the_module_named_in_the_file(tmp_path: Path) -> None:
    game = tmp_path / WW_GAME.name
    shutil.copy(WW_GAME, game)
    shutil.copy(WW / "binding.toml", tmp_path / "binding.toml")
    config = FolderConfig(module=WW_CONFIG.module, data=WW_CONFIG.data)
    report = check_file(game, config)
    assert report.game == "ww"
    assert report.status in (ReportStatus.JUDGED, ReportStatus.PARTLY_JUDGED)


def test_module_names_fold_before_matching() -> None:
    assert fold_name("Washington's War (fixture)") == "washingtons war fixture"
    system = recognise_system("Washingtons_War v1.3")
    assert system is not None and system.id == "ww"
    assert recognise_system("Washington Crossing") is None
    assert recognise_system("VASL") is None
    assert recognise_system(None) is None


def test_a_folder_binding_names_the_game_when_the_module_name_does_not(tmp_path: Path) -> None:
    (tmp_path / "ours.binding.toml").write_text('game = "ww"\nmodule = "Renamed Module"\n')
    assert folder_binding(tmp_path, "Renamed Module", None) == tmp_path / "ours.binding.toml"
    system, binding = choose_system(FolderConfig(), "Renamed Module", tmp_path)
    assert system is not None and system.id == "ww"
    assert binding == tmp_path / "ours.binding.toml"
    (tmp_path / "other.binding.toml").write_text('game = "ww"\nmodule = "Another"\n')
    assert folder_binding(tmp_path, "Third", None) is None, "two bindings, neither fits"


def test_a_file_of_a_game_without_a_system_is_read_not_refused() -> None:
    log = corpus_file("vasl-templates/4players.vlog")
    report = check_file(log, FolderConfig(dice=("vasl",)))
    assert report.status is ReportStatus.NO_SYSTEM
    assert report.game is None and report.game_name == "VASL"
    assert report.reading is not None
    assert report.reading.steps == 40
    players = {roll.player for roll in report.reading.rolls}
    assert players == {"Alice", "Bob", "Chuck", "Dave"}
    assert not report.coverage.checked


def test_an_unreadable_file_is_a_report_naming_the_problem(tmp_path: Path) -> None:
    bad = tmp_path / "truncated.vlog"
    bad.write_bytes(WW_GAME.read_bytes()[:300])
    report = check_file(bad, WW_CONFIG)
    assert report.status is ReportStatus.UNREADABLE
    assert report.problems and "truncated.vlog" in report.problems[0]
    missing = check_file(tmp_path / "gone.vlog", WW_CONFIG)
    assert missing.status is ReportStatus.UNREADABLE
    assert "cannot read the file" in missing.problems[0]


def test_a_bad_configuration_is_reported_per_file_not_raised() -> None:
    report = check_file(WW_GAME, FolderConfig(game="chess"))
    assert report.status is ReportStatus.UNREADABLE
    assert "unknown game 'chess'" in report.problems[0]


def test_undos_say_what_they_took_back() -> None:
    report = check_file(EXAMPLE, FolderConfig(module=REPO / "fixtures" / "example" /
                                              "example.vmod"))
    assert report.reading is not None
    undos = report.reading.undos
    assert undos, "the example log has undo steps"
    assert all(undo.undoes is not None for undo in undos)
    assert any(" -> " in line for undo in undos for line in undo.took_back)


# ------------------------------------------------------------------- configuration


def test_folder_configuration_paths_are_relative_to_the_file(tmp_path: Path) -> None:
    (tmp_path / "adjudicator.toml").write_text(
        'game = "ww"\nmodule = "m.vmod"\ndata = ["a.toml"]\nformats = ["json", "html"]\n'
        'dice = ["vasl"]\n')
    config = config_for(tmp_path)
    assert config.game == "ww"
    assert config.module == tmp_path / "m.vmod"
    assert config.data == (tmp_path / "a.toml",)
    assert config.formats == (ReportFormat.JSON, ReportFormat.HTML)
    overlaid = with_options(config, game=None, formats=(ReportFormat.MARKDOWN,))
    assert overlaid.game == "ww" and overlaid.formats == (ReportFormat.MARKDOWN,)
    assert config_for(tmp_path / "nowhere") == FolderConfig()


@pytest.mark.parametrize("text", ['gmae = "ww"\n', 'formats = ["pdf"]\n', "game = \n"])
def test_a_bad_folder_configuration_is_one_clear_error(tmp_path: Path, text: str) -> None:
    path = tmp_path / "adjudicator.toml"
    path.write_text(text)
    with pytest.raises(AdjudicatorError, match=r"adjudicator\.toml"):
        load_folder_config(path)


# ------------------------------------------------------------------- cache


def test_the_cache_recognises_a_renamed_copy(tmp_path: Path) -> None:
    cache = ReportCache(tmp_path / "cache")
    key = config_key(WW_CONFIG)
    report = check_file(WW_GAME, WW_CONFIG)
    assert cache.get(report.source.sha256, key, WW_GAME) is None
    cache.put(report, key)
    copy = tmp_path / "renamed.vlog"
    shutil.copy(WW_GAME, copy)
    hit = cache.get(report.source.sha256, key, copy)
    assert hit is not None
    assert hit.source.path == "renamed.vlog"
    full = cache.get(report.source.sha256, key, copy, full_paths=True)
    assert full is not None and full.source.path == str(copy)
    assert hit.findings == report.findings
    other = config_key(WW_CONFIG.model_copy(update={"game": None}))
    assert other != key and cache.get(report.source.sha256, other, copy) is None


def test_a_damaged_cache_entry_is_a_miss(tmp_path: Path) -> None:
    cache = ReportCache(tmp_path)
    report = check_file(WW_GAME, WW_CONFIG)
    cache.put(report, "k")
    for entry in tmp_path.rglob("*.json"):
        entry.write_text("{not json")
    assert cache.get(report.source.sha256, "k", WW_GAME) is None


# ------------------------------------------------------------------- executors


def _items(tmp_path: Path) -> list[tuple[Path, FolderConfig]]:
    bad = tmp_path / "garbage.vlog"
    bad.write_bytes(b"PK\x03\x04 not really a zip")
    return [(WW_GAME, WW_CONFIG), (bad, WW_CONFIG), (EXAMPLE, FolderConfig())]


def test_a_local_pool_checks_every_file_like_this_process(tmp_path: Path) -> None:
    items = _items(tmp_path)
    with LocalExecutor(0) as inline:
        here = {path: report.status for path, report in inline.map_files(items)}
    with open_executor("local", 2) as pool:
        there = {path: report.status for path, report in pool.map_files(items)}
    assert here == there
    assert there[items[1][0]] is ReportStatus.UNREADABLE


def deadly_check(path: Path, config: FolderConfig) -> Report:
    """`check_file`, except that a file named `poison…` kills the worker outright."""
    if path.name.startswith("poison"):
        os._exit(9)
    return check_file(path, config)


def test_workers_that_die_are_replaced_and_only_the_deadly_file_is_blamed(
        tmp_path: Path) -> None:
    poison = tmp_path / "poison.vlog"
    shutil.copy(WW_GAME, poison)
    items = [*_items(tmp_path), (poison, WW_CONFIG), (WW_GAME, FolderConfig())]
    with LocalExecutor(2, task=deadly_check) as pool:
        results = list(pool.map_files(items))
    assert sorted(str(path) for path, _ in results) == sorted(str(p) for p, _ in items)
    died = [path for path, report in results if "stopped the worker" in report.problems[:1][0:1]
            or any("stopped the worker" in problem for problem in report.problems)]
    assert died == [poison]
    statuses = {str(path): report.status for path, report in results}
    assert statuses[str(EXAMPLE)] is ReportStatus.NO_SYSTEM


def greedy_check(path: Path, config: FolderConfig) -> Report:
    """`check_file`, after trying to take 2 GiB at once (past a small ceiling)."""
    try:
        bytearray(2 * 1024 ** 3)
    except MemoryError:
        return check_file(path, config)
    raise AssertionError("the worker ran without its memory ceiling")


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="RLIMIT_AS is POSIX")
def test_workers_run_under_the_memory_ceiling(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("ADJUDICATOR_MEMORY_LIMIT", "256")
    with LocalExecutor(1, task=greedy_check) as pool:
        [(path, report)] = list(pool.map_files([(EXAMPLE, FolderConfig())]))
    assert path == EXAMPLE and report.status is ReportStatus.NO_SYSTEM


def test_an_unknown_executor_is_refused() -> None:
    with pytest.raises(AdjudicatorError, match="unknown executor"):
        open_executor("ftp://x", 1)


def test_the_dask_executor_gives_the_same_reports(tmp_path: Path) -> None:
    import distributed  # the `distributed` extra, part of the dev install

    items = _items(tmp_path)
    with distributed.LocalCluster(n_workers=1, processes=False, protocol="tcp",
                                  dashboard_address=None) as cluster:
        address = cluster.scheduler_address.replace("tcp://", "dask://")
        with open_executor(address, 1) as dask:
            assert isinstance(dask, DaskExecutor)
            dask.in_flight = 2  # fewer than the files: the window refills as files finish
            there = {path: report.status for path, report in dask.map_files(items)}
    with LocalExecutor(0) as inline:
        here = {path: report.status for path, report in inline.map_files(items)}
    assert there == here


def test_a_no_system_report_says_what_was_read_and_claims_no_coverage() -> None:
    from adjudicator.report import render

    report = check_file(EXAMPLE, FolderConfig())
    text = render(report, ReportFormat.MARKDOWN)
    assert "no game system for Example Skirmish" in text
    assert "### What was read" in text and "players: Alice (Red), Bob (Blue)" in text
    assert "took back step" in text
    assert "Coverage" not in text and "no rule broken" not in text
    page = render(report, ReportFormat.HTML)
    assert "What was read" in page and "no rule broken" not in page.lower()


def test_transient_reports_are_never_cached(tmp_path: Path) -> None:
    from adjudicator.audit.executor import WORKER_DIED
    from adjudicator.check import unreadable_report

    cache = ReportCache(tmp_path)
    for problem in (WORKER_DIED, "x.vlog: checking it needs more memory than the limit "
                    "allows; nothing was judged"):
        report = unreadable_report(None, source=WW_GAME, module=None, error=problem)
        cache.put(report, "k")
        assert cache.get(report.source.sha256, "k", WW_GAME) is None
    lasting = unreadable_report(None, source=WW_GAME, module=None, error="not a zip")
    cache.put(lasting, "k")
    assert cache.get(lasting.source.sha256, "k", WW_GAME) is not None


def test_options_laid_over_a_configuration_are_validated() -> None:
    overlaid = with_options(FolderConfig(), formats=["html"], game="ww")
    assert overlaid.formats == (ReportFormat.HTML,)
    with pytest.raises(AdjudicatorError, match="bad option formats"):
        with_options(FolderConfig(), formats=["pdf"])
