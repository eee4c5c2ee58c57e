"""Writing a report beside its file: `game.vlog` → `game.vlog.adjudication.json` (and
`.md`/`.html` when asked), atomically (temporary file + rename)."""

from __future__ import annotations

from collections.abc import Sequence
from enum import StrEnum
from pathlib import Path

from adjudicator.errors import AdjudicatorError
from adjudicator.report.html import render_html
from adjudicator.report.markdown import render_markdown
from adjudicator.report.models import Report
from vmod_schema.files import atomic_write

SUFFIX = ".adjudication"
MARKDOWN_UNCHECKED = 15
"""Unchecked rules listed in a Markdown sidecar (the JSON has them all)."""


class ReportFormat(StrEnum):
    """The sidecar formats `check` can write."""

    JSON = "json"
    MARKDOWN = "md"
    HTML = "html"


def parse_formats(text: str) -> list[ReportFormat]:
    """The formats named in `json,md,html`.

    Raises:
        AdjudicatorError: an unknown format.
    """
    try:
        return [ReportFormat(part.strip()) for part in text.split(",") if part.strip()]
    except ValueError:
        known = ", ".join(f.value for f in ReportFormat)
        raise AdjudicatorError(f"unknown report format in {text!r}; use {known}") from None


def render(report: Report, fmt: ReportFormat) -> str:
    """The report's text in one format."""
    if fmt is ReportFormat.JSON:
        # Serialised by pydantic in one pass (the same text as json.dumps of the dumped
        # dict, without building that dict: flat memory on long logs).
        return report.model_dump_json(indent=2) + "\n"
    if fmt is ReportFormat.MARKDOWN:
        return render_markdown(report, max_unchecked=MARKDOWN_UNCHECKED)
    return render_html(report)


def sidecar_path(source: Path, fmt: ReportFormat, out_dir: Path | None = None) -> Path:
    """Where the sidecar of `source` goes: beside it, or in `out_dir`."""
    folder = out_dir if out_dir is not None else source.parent
    return folder / f"{source.name}{SUFFIX}.{fmt.value}"


def write_sidecars(report: Report, source: Path, formats: Sequence[ReportFormat], *,
                   out_dir: Path | None = None) -> list[Path]:
    """Write the report in each format; returns the paths written."""
    written = []
    for fmt in formats:
        path = sidecar_path(source, fmt, out_dir)
        atomic_write(path, render(report, fmt).encode("utf-8"))
        written.append(path)
    return written
