"""The memory and time ceilings every command runs under (`adjudicator.ceilings`): a file
past one gets the `unreadable` report naming it, never a hang, a crash or a traceback."""

from __future__ import annotations

import json
import subprocess
import sys
import time
from pathlib import Path

import pytest
from typer.testing import CliRunner

from adjudicator import ceilings
from adjudicator.audit import job
from adjudicator.audit.job import check_file
from adjudicator.cli import app
from adjudicator.folderconfig import FolderConfig
from adjudicator.report.models import Report, ReportStatus
from tests.conftest import REPO

WW = REPO / "fixtures" / "washingtons-war"
GAME = WW / "games" / "arnold-line.vlog"
MODULE = WW / "module" / "buildFile.xml"


def _slow(*args: object, **kwargs: object) -> object:
    time.sleep(30)
    raise AssertionError("the time ceiling did not stop the reading")


def _hungry(*args: object, **kwargs: object) -> object:
    raise MemoryError


def test_ceilings_come_from_the_environment_and_zero_means_none(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(ceilings.MEMORY_VARIABLE, raising=False)
    monkeypatch.delenv(ceilings.TIME_VARIABLE, raising=False)
    assert ceilings.memory_ceiling() == ceilings.MEMORY_CEILING_MIB * ceilings.MIB
    assert ceilings.time_ceiling() == ceilings.TIME_CEILING_SECONDS
    monkeypatch.setenv(ceilings.MEMORY_VARIABLE, "512")
    monkeypatch.setenv(ceilings.TIME_VARIABLE, "0")
    assert ceilings.memory_ceiling() == 512 * ceilings.MIB
    assert ceilings.time_ceiling() is None
    monkeypatch.setenv(ceilings.MEMORY_VARIABLE, "lots")
    assert ceilings.memory_ceiling() == ceilings.MEMORY_CEILING_MIB * ceilings.MIB


def test_a_file_past_the_time_ceiling_stops_with_an_error_naming_the_ceiling() -> None:
    with pytest.raises(ceilings.OverTime, match="ADJUDICATOR_TIME_LIMIT") as stopped, \
            ceilings.one_file("slow.vlog", seconds=0.2):
        _slow()
    assert "slow.vlog" in str(stopped.value)


def test_a_memory_error_inside_one_file_names_the_memory_ceiling() -> None:
    with pytest.raises(ceilings.OverMemory, match="ADJUDICATOR_MEMORY_LIMIT"), \
            ceilings.one_file("big.vlog"):
        _hungry()


def test_check_reports_a_file_past_the_time_ceiling_as_unreadable(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(ceilings.TIME_VARIABLE, "0.2")
    monkeypatch.setattr("adjudicator.check.read_save", _slow)
    result = CliRunner().invoke(app, ["check", str(GAME), "-g", "ww", "-m", str(MODULE),
                                      "--out", str(tmp_path)])
    assert result.exit_code == 2
    assert "took longer than the limit" in result.stderr
    assert "Traceback" not in result.output
    report = Report.model_validate_json(
        (tmp_path / f"{GAME.name}.adjudication.json").read_text(encoding="utf-8"))
    assert report.status is ReportStatus.UNREADABLE
    assert "ADJUDICATOR_TIME_LIMIT" in report.problems[0]


def test_check_file_of_the_workers_reports_memory_past_the_ceiling_as_unreadable(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(job, "read_save", _hungry)
    report = check_file(GAME, FolderConfig())
    assert report.status is ReportStatus.UNREADABLE
    assert "needs more memory than the limit allows" in report.problems[0]
    assert "ADJUDICATOR_MEMORY_LIMIT" in report.problems[0]


def test_audit_in_its_own_process_reports_a_file_past_the_time_ceiling(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(ceilings.TIME_VARIABLE, "0.2")
    monkeypatch.setattr(job, "read_save", _slow)
    result = CliRunner().invoke(app, [
        "audit", str(GAME), "--jobs", "0", "--no-cache", "--cache", str(tmp_path / "cache"),
        "--sidecars", str(tmp_path / "sidecars"), "--out", str(tmp_path / "summary"),
        "-g", "ww", "--fail-on", "none"])
    assert "Traceback" not in result.output
    summary = json.loads((tmp_path / "summary" / "audit.json").read_text(encoding="utf-8"))
    assert summary["totals"]["statuses"] == {"unreadable": 1}
    assert "took longer than the limit" in result.stderr


def test_inspect_past_the_time_ceiling_is_one_line_and_status_2(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(ceilings.TIME_VARIABLE, "0.2")
    monkeypatch.setattr("adjudicator.inspect.read_save", _slow)
    result = CliRunner().invoke(app, ["inspect", str(GAME)])
    assert result.exit_code == 2
    assert result.stderr.count("\n") == 1
    assert "took longer than the limit" in result.stderr


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="RLIMIT_AS is POSIX")
def test_the_process_cap_turns_a_runaway_allocation_into_a_memory_error() -> None:
    code = ("from adjudicator import ceilings\n"
            "assert ceilings.cap_process_memory(64 * ceilings.MIB)\n"
            "try:\n"
            "    block = bytearray(512 * ceilings.MIB)\n"
            "except MemoryError:\n"
            "    print('refused')\n"
            "small = bytearray(ceilings.MIB)\n"
            "print('goes on')\n")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          check=True, cwd=REPO)
    assert done.stdout.split() == ["refused", "goes", "on"]


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="RLIMIT_AS is POSIX")
def test_the_command_line_runs_under_the_memory_ceiling(tmp_path: Path) -> None:
    code = ("import resource, sys\n"
            "from adjudicator import cli\n"
            "sys.argv = ['adjudicator', 'version']\n"
            "try:\n"
            "    cli.main()\n"
            "except SystemExit:\n"
            "    pass\n"
            "print(resource.getrlimit(resource.RLIMIT_AS)[0])\n")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          check=True, cwd=REPO,
                          env={"PATH": "/usr/bin:/bin", "ADJUDICATOR_MEMORY_LIMIT": "900"})
    cap = int(done.stdout.split()[-1])
    assert 900 * ceilings.MIB < cap < 900 * ceilings.MIB + 2 * 1024 ** 3


def test_an_internal_error_is_reported_by_its_kind_never_by_its_text(
        monkeypatch: pytest.MonkeyPatch) -> None:
    def broken(*args: object, **kwargs: object) -> object:
        raise KeyError("Carleton hides under a mask")

    monkeypatch.setattr(job, "read_save", broken)
    monkeypatch.setattr(job.log, "exception", lambda *args, **kwargs: None)  # expected
    report = check_file(GAME, FolderConfig())
    assert report.status is ReportStatus.UNREADABLE
    assert report.problems == [f"{job.INTERNAL_ERROR}: KeyError"]


def test_an_escaping_error_is_one_line_and_status_2_without_debug(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    from adjudicator import cli

    def broken() -> None:
        raise RuntimeError("Carleton hides under a mask")

    monkeypatch.setattr(cli, "app", broken)
    monkeypatch.setattr(sys, "argv", ["adjudicator", "rules", "ww"])
    monkeypatch.setattr(ceilings, "cap_process_memory", lambda: None)
    with pytest.raises(SystemExit) as stopped:
        cli.main()
    assert stopped.value.code == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "internal error" in err and "Carleton" not in err


def test_a_file_past_the_time_ceiling_stops_in_a_thread_no_timer_signal_reaches() -> None:
    # The watcher's dispatcher checks in a thread of its own with --jobs 0.
    import threading

    from adjudicator.replay import iter_steps
    from vmod_schema.savefile import read_save

    save = read_save(GAME)
    outcome: list[object] = []

    def replay_slowly() -> None:
        try:
            with ceilings.one_file("slow.vlog", seconds=0.05):
                for _ in iter_steps(save, None):
                    time.sleep(0.1)
        except ceilings.OverTime as error:
            outcome.append(error)

    worker = threading.Thread(target=replay_slowly)
    worker.start()
    worker.join(10)
    assert len(outcome) == 1 and "slow.vlog" in str(outcome[0])
    assert ceilings.check_deadline() is None  # no deadline left behind in this thread
