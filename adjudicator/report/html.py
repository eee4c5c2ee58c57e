"""Render a report as a self-contained HTML page (markup built with ElementTree, so all
text is escaped)."""

from __future__ import annotations

from pathlib import PurePath
from xml.etree import ElementTree as ET

from adjudicator.findings import Severity
from adjudicator.report.models import Report

STYLE = """
body { font-family: system-ui, sans-serif; margin: 2em; max-width: 60em; }
table { border-collapse: collapse; width: 100%; }
td, th { border: 1px solid #ccc; padding: 0.3em 0.5em; text-align: left; vertical-align: top; }
.illegal { background: #fde2e2; } .check { background: #fff4d6; }
.reminder { background: #e6f0ff; } .unchecked { color: #666; }
code { font-size: 0.9em; }
"""


def _add(parent: ET.Element, tag: str, text: str | None = None,
         **attributes: str) -> ET.Element:
    element = ET.SubElement(parent, tag, {k.rstrip("_"): v for k, v in attributes.items()})
    if text is not None:
        element.text = text
    return element


def render_html(report: Report, *, title: str | None = None) -> str:
    """The whole report as an HTML document."""
    name = PurePath(report.source.path).name
    html = ET.Element("html", {"lang": "en"})
    head = _add(html, "head")
    _add(head, "meta", charset="utf-8")
    _add(head, "title", title or f"Adjudication of {name}")
    _add(head, "style", STYLE)
    body = _add(html, "body")
    _add(body, "h1", f"{report.game_name}: {name}")
    _add(body, "p", f"sha256 {report.source.sha256} · {report.steps} steps · "
                    f"adjudicator {report.tool_version}")
    shown = [f for f in report.findings if f.severity is not Severity.UNCHECKED]
    _add(body, "h2", f"Findings ({len(shown)})")
    if shown:
        table = _add(body, "table")
        header = _add(table, "tr")
        for label in ("Step", "Player", "Severity", "Rule", "What"):
            _add(header, "th", label)
        for finding in shown:
            row = _add(table, "tr", class_=finding.severity.value)
            _add(row, "td", "" if finding.step is None else str(finding.step))
            _add(row, "td", finding.player or "")
            _add(row, "td", finding.severity.value)
            _add(row, "td", f"{finding.rule} ({finding.rule_id})")
            _add(row, "td", finding.message)
    else:
        _add(body, "p", "No rule broken in what was checked.")
    if report.computations:
        _add(body, "h2", "Computations")
        items = _add(body, "ul")
        for computation in report.computations:
            step = "game" if computation.step is None else f"step {computation.step}"
            _add(items, "li", f"{step} · {computation.kind}: {computation.summary}")
    if report.problems:
        _add(body, "h2", "Problems reading the file")
        items = _add(body, "ul")
        for problem in report.problems:
            _add(items, "li", problem)
    _add(body, "h2", "Coverage")
    _add(body, "p", "Checked: " + (", ".join(report.coverage.checked) or "none"))
    if report.coverage.unchecked:
        items = _add(body, "ul", class_="unchecked")
        for rule_id, reason in sorted(report.coverage.unchecked.items()):
            _add(items, "li", f"{rule_id}: {reason}")
    return "<!DOCTYPE html>\n" + ET.tostring(html, encoding="unicode", method="html") + "\n"
