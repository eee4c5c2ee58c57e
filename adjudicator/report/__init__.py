"""Reports: the `Report` model, its renderers (JSON, Markdown, HTML) and sidecar files.

Each public name is imported from its module on first use (PEP 562), so a command that needs
only the model does not load the HTML replay renderer and its trace and layout code.
"""

import importlib
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # the same names, for type checkers and readers
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

_LAZY: dict[str, str] = {
    "render_html": "adjudicator.report.html",
    "render_markdown": "adjudicator.report.markdown",
    **{name: "adjudicator.report.models" for name in (
        "Coverage", "Report", "ReportStatus", "SourceFile", "coverage_text", "headline",
        "report_schema")},
    **{name: "adjudicator.report.sidecar" for name in (
        "ReportFormat", "parse_formats", "render", "sidecar_path", "write_sidecars")},
}
"""Public name → its defining module, imported on first use."""


def __getattr__(name: str) -> object:
    """Import a public name's module the first time the name is used."""
    module = _LAZY.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(importlib.import_module(module), name)
    globals()[name] = value
    return value


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
