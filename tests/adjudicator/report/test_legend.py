"""The severities' legend: one entry per severity, said the same way in `--help` of
`check`, `watch` and `audit`, at the end of the Markdown report and in the Discord summary."""

from __future__ import annotations

import pytest
from typer.testing import CliRunner

from adjudicator.cli import app
from adjudicator.findings import Severity
from adjudicator.report import Coverage, Report, ReportStatus, SourceFile
from adjudicator.report.legend import LEGEND, legend_line, mark, meaning, rank, severity_help
from adjudicator.report.markdown import escape, render_markdown, render_summary


def test_every_severity_has_one_entry_most_serious_first() -> None:
    assert [m.severity for m in LEGEND] == [Severity.ILLEGAL, Severity.CHECK,
                                           Severity.REMINDER, Severity.UNCHECKED,
                                           Severity.INFO]
    assert sorted(Severity, key=rank)[0] is Severity.ILLEGAL
    assert len({m.mark for m in LEGEND}) == len(LEGEND)
    assert mark(Severity.ILLEGAL) == "❌ illegal"
    assert meaning(Severity.UNCHECKED).text.endswith("neither legal nor illegal.")


def test_the_one_line_legend_names_every_severity_in_order() -> None:
    line = legend_line()
    positions = [line.index(f"{m.mark} {m.severity.value} = {m.short}") for m in LEGEND]
    assert positions == sorted(positions)


@pytest.mark.parametrize("command", ["check", "watch", "audit"])
def test_help_explains_every_severity(command: str) -> None:
    result = CliRunner().invoke(app, [command, "--help"])
    assert result.exit_code == 0, result.output
    words = " ".join(result.output.split())  # help is re-wrapped to the terminal
    assert "Findings have a severity:" in words
    for entry in LEGEND:
        assert f"• {entry.severity.value}: {entry.text}" in words


def test_severity_help_is_indented_to_match_a_docstring() -> None:
    lines = severity_help(indent="    ").splitlines()
    assert all(line.startswith("    ") or line == "" for line in lines)
    assert lines[2] == f"    - illegal: {meaning(Severity.ILLEGAL).text}"


def test_the_markdown_report_ends_with_the_legend_and_the_summary_carries_it() -> None:
    report = Report(game="ww", game_name="WW", status=ReportStatus.JUDGED,
                    source=SourceFile(path="g.vlog", sha256="0" * 64), tool_version="0",
                    steps=1, coverage=Coverage(checked=["WW-SEQ-06"]))
    legend = f"_{escape(legend_line())}_"
    assert render_markdown(report).rstrip().endswith(legend)
    assert render_markdown(report).count(legend) == 1
    assert render_summary(report).rstrip().endswith(legend)
