"""Reports: the `Report` model, its renderers (JSON, Markdown, HTML) and sidecar files."""

from adjudicator.report.html import render_html
from adjudicator.report.markdown import render_markdown
from adjudicator.report.models import (
    Coverage,
    Report,
    ReportStatus,
    SourceFile,
    coverage_text,
    headline,
    report_schema,
)
from adjudicator.report.sidecar import (
    ReportFormat,
    parse_formats,
    render,
    sidecar_path,
    write_sidecars,
)

__all__ = [
    "Coverage",
    "Report",
    "ReportFormat",
    "ReportStatus",
    "SourceFile",
    "coverage_text",
    "headline",
    "parse_formats",
    "render",
    "render_html",
    "render_markdown",
    "report_schema",
    "sidecar_path",
    "write_sidecars",
]
