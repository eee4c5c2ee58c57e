"""Checking a game's scenario files as real logs: shared by every game's scenario tests.

A scenario file (`adjudicator.scenario`) is written as a VASSAL log and adjudicated; what
it expects (`[[expect]]`) is then compared with the report: exactly its illegal findings,
each other expected finding present, and no problem with the files.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from adjudicator.check import adjudicate
from adjudicator.findings import Severity
from adjudicator.report import Report
from adjudicator.scenario import build_scenario_log, load_scenario


def check_scenario(path: Path, tmp_path: Path, *, game: str, data_files: Sequence[Path],
                   binding_file: Path | None = None) -> Report:
    """The report on the scenario at `path`, written as a log under `tmp_path`, with the
    module the scenario names."""
    scenario = load_scenario(path)
    log = build_scenario_log(path, tmp_path / f"{path.stem}.vlog")
    return adjudicate(log, game=game, module_path=path.parent / scenario.module,
                      data_files=list(data_files), binding_file=binding_file,
                      options=scenario.options)


def assert_expected_findings(path: Path, report: Report) -> None:
    """`report` has exactly the illegal findings the scenario at `path` expects (rule and
    step); every other severity it lists (e.g. `unchecked`: the log cannot show enough)
    appears too; and the files gave no problem."""
    expect = load_scenario(path).expect
    expected = {(e.rule_id, e.step) for e in expect if e.severity == Severity.ILLEGAL}
    found = {(f.rule_id, f.step) for f in report.findings if f.severity is Severity.ILLEGAL}
    assert found == expected
    for e in expect:
        if e.severity != Severity.ILLEGAL:
            assert (e.rule_id, e.step, e.severity) in {
                (f.rule_id, f.step, f.severity.value) for f in report.findings}, e
    assert report.problems == []
