"""The report model: its published JSON Schema, and its Markdown for forums and Discord."""

from __future__ import annotations

from adjudicator.findings import Finding, Severity
from adjudicator.report import (
    Coverage,
    Report,
    ReportStatus,
    SourceFile,
    render_markdown,
    report_schema,
)


def _report() -> Report:
    finding = Finding(game="ww", rule_id="WW-MOV-02", rule="WW 7.3.A",
                      severity=Severity.ILLEGAL, step=3, player="Bea (British)",
                      message="Howe moved *5* MP <b>too far</b>", pieces=("Howe",))
    return Report(game="ww", game_name="Washington's War", status=ReportStatus.JUDGED,
                  source=SourceFile(path="/x/game.vlog", sha256="ab" * 32),
                  tool_version="0.1.0", steps=4, findings=[finding],
                  coverage=Coverage(checked=["WW-MOV-02"], unchecked={"WW-BAT-01": "why"}))


def test_the_validation_and_serialization_schemas_agree() -> None:
    assert Report.model_json_schema(mode="validation") == report_schema()


def test_a_report_survives_json_round_trip() -> None:
    report = _report()
    assert Report.model_validate_json(report.model_dump_json()) == report


def test_markdown_escapes_player_text_and_uses_no_tables() -> None:
    text = render_markdown(_report())
    assert "\\*5\\*" in text and "\\<b\\>" in text
    assert "|" not in text.replace("\\|", "")
    assert "step 3" in text and "WW 7.3.A (WW-MOV-02)" in text
    assert "WW-BAT-01: why" in text
