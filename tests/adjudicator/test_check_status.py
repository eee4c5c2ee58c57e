"""Honest reports: the status of a check, its headline in every format, and its exit code.

The status is derived from the referee's `Verdict` (unit tests with hand-made verdicts and
a made-up game system, so they hold whatever a referee does), then checked end to end on
files that are not a game of the right kind: another game, an unreadable file, an empty
log, and a game checked without its module.
"""

from __future__ import annotations

import json
import zipfile
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any, ClassVar

import pytest
from typer.testing import CliRunner, Result

from adjudicator.binding import Binding
from adjudicator.check import build_report, report_status
from adjudicator.cli import app
from adjudicator.findings import Finding, Severity
from adjudicator.replay import Step
from adjudicator.report import (
    Report,
    ReportStatus,
    headline,
    render_html,
    render_markdown,
    report_schema,
)
from adjudicator.scenario import build_scenario_log
from adjudicator.systems.common.catalog import Catalog, CatalogEntry, RuleSeverity
from adjudicator.systems.common.system import Referee, Verdict
from tests.conftest import REPO, corpus_file
from vmod_schema.builder import GameBuilder
from vmod_schema.buildfile import Module

WW = REPO / "fixtures" / "washingtons-war"
MODULE = WW / "module" / "buildFile.xml"
DATA = WW / "data" / "fixture-data.toml"
BINDING = WW / "binding.toml"
ILLEGAL_GAMES = sorted((WW / "games").glob("illegal-*.vlog"))
CLEAN = "no rule broken"


def _run(*args: str | Path) -> Result:
    return CliRunner().invoke(app, [str(arg) for arg in args])


def _corpus_file(relative: str) -> Path:
    """A corpus file; skipped when the corpus is absent, but a failure on CI."""
    return corpus_file(relative)


# ------------------------------------------------------------ status from a verdict


def _finding(severity: Severity, step: int = 1) -> Finding:
    return Finding(game="toy", rule_id="TOY-01", rule="Toy 1", severity=severity, step=step,
                   message="something")


@pytest.mark.parametrize(("verdict", "steps", "findings", "problems", "expected"), [
    (Verdict(checked={"TOY-01"}), 3, [], [], ReportStatus.JUDGED),
    (Verdict(checked={"TOY-01"}), 3, [_finding(Severity.ILLEGAL)], [], ReportStatus.JUDGED),
    (Verdict(checked={"TOY-01"}, recognised=False), 3, [], [], ReportStatus.NOT_THIS_GAME),
    (Verdict(recognised=False), 0, [], [], ReportStatus.NOT_THIS_GAME),
    (Verdict(), 3, [], [], ReportStatus.NOTHING_CHECKED),
    (Verdict(unchecked={"TOY-01": "no data"}), 3, [], [], ReportStatus.NOTHING_CHECKED),
    (Verdict(checked={"TOY-01"}), 0, [], [], ReportStatus.NOTHING_CHECKED),
    (Verdict(partial={"TOY-01": "steps 2, 5"}), 3, [], [], ReportStatus.PARTLY_JUDGED),
    (Verdict(checked={"TOY-01"}, partial={"TOY-02": "step 2"}), 3, [], [],
     ReportStatus.PARTLY_JUDGED),
    (Verdict(checked={"TOY-01"}), 3, [_finding(Severity.UNCHECKED)], [],
     ReportStatus.PARTLY_JUDGED),
    (Verdict(checked={"TOY-01"}), 3, [], ["bad command skipped"], ReportStatus.PARTLY_JUDGED),
])
def test_the_status_is_derived_from_the_verdict(
        verdict: Verdict, steps: int, findings: list[Finding], problems: list[str],
        expected: ReportStatus) -> None:
    assert report_status(verdict, logged_steps=steps, findings=findings,
                         problems=problems) is expected


def test_a_file_with_no_piece_and_no_step_is_nothing_checked_not_another_game() -> None:
    verdict = Verdict(recognised=False)
    assert report_status(verdict, logged_steps=0, findings=[], blank=True) is (
        ReportStatus.NOTHING_CHECKED)


class _Toy:
    """A made-up game of three rules, to build reports without any real referee."""

    id: ClassVar[str] = "toy"
    name: ClassVar[str] = "Toy War"
    aliases: ClassVar[tuple[str, ...]] = ()

    def catalog(self) -> Catalog[Any]:
        return Catalog(CatalogEntry(id=f"TOY-0{n}", citation=f"Toy {n}",
                                    severity=(RuleSeverity.ILLEGAL,), summary=f"rule {n}")
                       for n in (1, 2, 3))

    def referee(self, *, module: Module | None, data_files: Sequence[Path] = (),
                binding_file: Path | None = None) -> Referee:
        raise NotImplementedError

    def data_template(self) -> str:
        raise NotImplementedError

    def draft_binding(self, module: Module, data_files: Sequence[Path] = ()) -> Binding:
        raise NotImplementedError


def _toy_report(tmp_path: Path, verdict: Verdict, steps: int = 3,
                problems: Sequence[str] = ()) -> Report:
    source = tmp_path / "toy.vlog"
    source.write_bytes(b"toy")
    return build_report(_Toy(), verdict, [Step(i) for i in range(steps + 1)], source=source,
                        module=None, problems=problems)


def _everywhere(report: Report) -> str:
    """The report's one-line headline, Markdown and HTML, to search them all at once."""
    lead, rest = headline(report)
    return "\n".join((lead + rest, render_markdown(report), render_html(report)))


def test_partial_coverage_is_carried_and_said_in_the_headline(tmp_path: Path) -> None:
    verdict = Verdict(checked={"TOY-01"}, partial={"TOY-02": "steps 2, 3"},
                      unchecked={"TOY-03": "no data"})
    report = _toy_report(tmp_path, verdict)
    assert report.status is ReportStatus.PARTLY_JUDGED
    assert report.coverage.checked == ["TOY-01"]
    assert report.coverage.partial == {"TOY-02": "steps 2, 3"}
    assert report.coverage.unchecked == {"TOY-03": "no data"}
    _, rest = headline(report)
    assert "1 rule checked, 1 partly (steps with unresolved locations), 1 not checked" in rest
    text = _everywhere(report)
    assert CLEAN not in text and "partly judged" in text
    assert "TOY-02: steps 2, 3" in render_markdown(report)


def test_unchecked_findings_are_listed_and_keep_the_report_from_being_clean(
        tmp_path: Path) -> None:
    finding = Finding(game="toy", rule_id="TOY-BIND-01", rule="binding", step=2,
                      severity=Severity.UNCHECKED, message="location (12, 40) is not bound")
    report = _toy_report(tmp_path, Verdict(checked={"TOY-01"}, findings=[finding]))
    assert report.status is ReportStatus.PARTLY_JUDGED
    text = _everywhere(report)
    assert CLEAN not in text and "1 unchecked finding" in text
    assert "location (12, 40) is not bound" in render_markdown(report)
    assert "location (12, 40) is not bound" in render_html(report)


def test_a_judged_report_with_a_rule_checked_may_say_no_rule_broken(tmp_path: Path) -> None:
    report = _toy_report(tmp_path, Verdict(checked={"TOY-01", "TOY-02"}))
    assert report.status is ReportStatus.JUDGED
    assert headline(report) == (CLEAN, " · 2 rules checked, 1 not checked")
    assert f"**{CLEAN}** · 2 rules checked, 1 not checked" in render_markdown(report)


@pytest.mark.parametrize(("verdict", "steps", "status", "says"), [
    (Verdict(checked={"TOY-01"}, recognised=False), 3, ReportStatus.NOT_THIS_GAME,
     "⚠ not a Toy War game (or wrong module/binding): no piece of the game was recognised"
     " — nothing was judged"),
    (Verdict(), 3, ReportStatus.NOTHING_CHECKED, "⚠ nothing could be checked: "),
    (Verdict(checked={"TOY-01"}), 0, ReportStatus.NOTHING_CHECKED,
     "⚠ nothing could be checked: the file has no logged steps"),
])
def test_when_nothing_was_judged_no_rule_is_claimed_checked(
        tmp_path: Path, verdict: Verdict, steps: int, status: ReportStatus, says: str) -> None:
    report = _toy_report(tmp_path, verdict, steps)
    assert report.status is status
    assert report.coverage.checked == [] and report.coverage.partial == {}
    assert set(report.coverage.unchecked) == {"TOY-01", "TOY-02", "TOY-03"}
    text = _everywhere(report)
    assert says in text
    assert CLEAN not in text


def test_problems_come_before_the_findings_in_markdown_and_html(tmp_path: Path) -> None:
    verdict = Verdict(checked={"TOY-01"}, findings=[_finding(Severity.ILLEGAL)])
    report = _toy_report(tmp_path, verdict, problems=["a bad command was skipped"])
    assert report.status is ReportStatus.PARTLY_JUDGED
    markdown = render_markdown(report)
    assert markdown.index("a bad command was skipped") < markdown.index("### Findings")
    page = render_html(report)
    assert page.index("a bad command was skipped") < page.index("Findings (1)")
    assert "1 problem reading the file" in headline(report)[1]


def test_the_schema_publishes_the_status_and_partial_coverage() -> None:
    schema = report_schema()
    required, defs = schema["required"], schema["$defs"]
    assert isinstance(required, list) and "status" in required
    assert isinstance(defs, dict)
    assert set(defs["ReportStatus"]["enum"]) == {s.value for s in ReportStatus}
    assert "partial" in defs["Coverage"]["properties"]


# ------------------------------------------------------------ end to end: `check`


def _sidecar(out: Path, name: str, fmt: str = "json") -> Path:
    return out / f"{name}.adjudication.{fmt}"


def _status(out: Path, name: str) -> ReportStatus:
    return Report.model_validate_json(_sidecar(out, name).read_text(encoding="utf-8")).status


def test_a_save_of_another_game_is_not_this_game_and_exits_3(tmp_path: Path) -> None:
    save = _corpus_file("PathsOfGlory/Classic10-8.vsav")
    result = _run("check", save, "--game", "ww", "--out", tmp_path, "--format", "json,md",
                  "--fail-on-illegal")
    assert result.exit_code == 3, result.output
    assert "not a Washington's War game" in result.stdout
    assert CLEAN not in result.stdout
    assert _status(tmp_path, save.name) is ReportStatus.NOT_THIS_GAME
    markdown = _sidecar(tmp_path, save.name, "md").read_text(encoding="utf-8")
    assert "not a Washington's War game" in markdown and CLEAN not in markdown


def test_a_save_of_another_game_with_the_ww_module_is_still_not_this_game(
        tmp_path: Path) -> None:
    save = _corpus_file("PathsOfGlory/Historical10-8.vsav")
    result = _run("check", save, "-g", "ww", "-m", MODULE, "-o", tmp_path)
    assert result.exit_code == 3, result.output
    assert _status(tmp_path, save.name) is ReportStatus.NOT_THIS_GAME


def _random_bytes(tmp_path: Path) -> Path:
    path = tmp_path / "noise.vlog"
    path.write_bytes(bytes((n * 7919 + 13) % 256 for n in range(4096)))
    return path


def _truncated_zip(tmp_path: Path) -> Path:
    whole = (WW / "games" / "illegal-six-cus.vlog").read_bytes()
    path = tmp_path / "truncated.vlog"
    path.write_bytes(whole[: len(whole) // 2])
    return path


def _undecodable_payload(tmp_path: Path) -> Path:
    path = tmp_path / "garbled.vlog"
    with zipfile.ZipFile(path, "w") as archive:
        archive.writestr("savedGame", b"!VCSK" + bytes(range(256)))
    return path


@pytest.mark.parametrize("make", [_random_bytes, _truncated_zip, _undecodable_payload])
def test_an_unreadable_file_gets_unreadable_sidecars_one_error_line_and_exit_2(
        tmp_path: Path, make: Callable[[Path], Path]) -> None:
    path = make(tmp_path)
    out = tmp_path / "out"
    args = ("check", path, "-g", "ww", "-m", MODULE, "-o", out, "-f", "json,md,html")
    result = _run(*args)
    assert result.exit_code == 2, result.output
    errors = result.stderr.strip().splitlines()
    assert len(errors) == 1 and path.name in errors[0]
    assert "Traceback" not in result.output
    report = Report.model_validate_json(_sidecar(out, path.name).read_text(encoding="utf-8"))
    assert report.status is ReportStatus.UNREADABLE
    assert report.findings == [] and report.coverage.checked == []
    (problem,) = report.problems
    assert problem in errors[0]
    for fmt in ("md", "html"):
        text = _sidecar(out, path.name, fmt).read_text(encoding="utf-8")
        assert "could not be read" in text and CLEAN not in text
    markdown = _sidecar(out, path.name, "md").read_text(encoding="utf-8")
    assert problem.split(":")[0] in markdown
    first = {p.name: p.read_bytes() for p in out.iterdir()}
    assert _run(*args).exit_code == 2
    assert {p.name: p.read_bytes() for p in out.iterdir()} == first


def test_a_missing_file_is_bad_input_without_a_sidecar(tmp_path: Path) -> None:
    result = _run("check", tmp_path / "nowhere.vlog", "-g", "ww", "-o", tmp_path)
    assert result.exit_code == 2
    assert len(result.stderr.strip().splitlines()) == 1
    assert list(tmp_path.iterdir()) == []


def test_an_empty_log_of_the_game_is_nothing_checked_and_exits_4(tmp_path: Path) -> None:
    scenario = tmp_path / "empty.toml"
    scenario.write_text(
        'source = "made up: a log saved before anyone moved"\n'
        f"module = {json.dumps(str(MODULE))}\n"
        f"setup_files = [{json.dumps(str(WW / 'scenarios' / 't1-setup.toml'))}]\n",
        encoding="utf-8")
    log = build_scenario_log(scenario, tmp_path / "empty.vlog")
    result = _run("check", log, "-g", "ww", "-m", MODULE, "-b", BINDING, "-d", DATA,
                  "-f", "json,md", "--fail-on-illegal")
    assert result.exit_code == 4, result.output
    assert "nothing could be checked" in result.stdout and CLEAN not in result.stdout
    report = Report.model_validate_json(
        _sidecar(tmp_path, log.name).read_text(encoding="utf-8"))
    assert report.status is ReportStatus.NOTHING_CHECKED
    assert report.steps == 0 and report.coverage.checked == []
    assert "the log has no steps" in report.problems
    assert "the log has no steps" in _sidecar(tmp_path, log.name, "md").read_text(
        encoding="utf-8")


def test_a_blank_log_is_nothing_checked_and_exits_4(tmp_path: Path) -> None:
    log = GameBuilder().write(tmp_path / "blank.vlog")
    result = _run("check", log, "-g", "ww", "-m", MODULE)
    assert result.exit_code == 4, result.output
    assert _status(tmp_path, log.name) is ReportStatus.NOTHING_CHECKED


@pytest.mark.parametrize("game", ILLEGAL_GAMES, ids=lambda path: path.stem)
def test_an_illegal_fixture_game_with_module_and_binding_is_judged_and_exits_1(
        tmp_path: Path, game: Path) -> None:
    args = ("check", game, "-g", "ww", "-m", MODULE, "-b", BINDING, "-d", DATA, "-o",
            tmp_path)
    result = _run(*args, "--fail-on-illegal")
    assert result.exit_code == 1, result.output
    # Partly judged where a battle's inputs are unknown (the fixture logs do not show the
    # Turn marker's Regulars side, nor every die of WW 9.2): the battle rules say so.
    assert _status(tmp_path, game.name) in (ReportStatus.JUDGED, ReportStatus.PARTLY_JUDGED)
    assert _run(*args).exit_code == 0


def test_the_fixture_games_are_there() -> None:
    assert len(ILLEGAL_GAMES) >= 14


@pytest.mark.parametrize("game", ILLEGAL_GAMES, ids=lambda path: path.stem)
def test_an_illegal_fixture_game_without_module_is_never_clean(tmp_path: Path,
                                                               game: Path) -> None:
    result = _run("check", game, "-g", "ww", "-o", tmp_path, "-f", "json,md",
                  "--fail-on-illegal")
    assert result.exit_code != 0, result.output
    assert CLEAN not in result.stdout
    assert _status(tmp_path, game.name) is not ReportStatus.JUDGED
    assert CLEAN not in _sidecar(tmp_path, game.name, "md").read_text(encoding="utf-8")


def test_check_help_documents_every_exit_status() -> None:
    result = _run("check", "--help")
    assert result.exit_code == 0
    text = " ".join(result.stdout.split())
    for status in ("2 bad input", "3 not this game", "1 illegal findings",
                   "4 nothing could be checked", "0 judged"):
        assert status in text
