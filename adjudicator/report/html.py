"""Render a report as a self-contained HTML page (markup built with ElementTree, so all
text is escaped)."""

from __future__ import annotations

from pathlib import PurePath
from xml.etree import ElementTree as ET

from adjudicator.findings import Severity
from adjudicator.report.models import Report, ReportStatus, headline
from adjudicator.report.text import reading_lines

STYLE = """
body { font-family: system-ui, sans-serif; margin: 2em; max-width: 60em; }
table { border-collapse: collapse; width: 100%; }
td, th { border: 1px solid #ccc; padding: 0.3em 0.5em; text-align: left; vertical-align: top; }
.illegal { background: #fde2e2; } .check { background: #fff4d6; }
.reminder { background: #e6f0ff; } .unchecked { color: #666; }
code { font-size: 0.9em; }
.status { font-size: 1.15em; } .problems { background: #fde2e2; padding: 0.3em 1em; }
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
    lead, rest = headline(report)
    verdict = _add(body, "p", class_=f"status {report.status.value}")
    _add(verdict, "strong", lead).tail = rest
    if report.reading is not None:
        _add(body, "h2", "What was read")
        items = _add(body, "ul", class_="reading")
        for line in reading_lines(report.reading):
            _add(items, "li", line)
    if report.problems:
        problems = _add(body, "div", class_="problems")
        _add(problems, "h2", "Problems reading the file")
        items = _add(problems, "ul")
        for problem in report.problems:
            _add(items, "li", problem)
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
    elif report.status is ReportStatus.JUDGED and report.coverage.checked:
        _add(body, "p", "No rule broken in what was checked.")
    else:
        _add(body, "p", "No finding.")
    if report.computations:
        _add(body, "h2", "Computations")
        items = _add(body, "ul")
        for computation in report.computations:
            step = "game" if computation.step is None else f"step {computation.step}"
            _add(items, "li", f"{step} · {computation.kind}: {computation.summary}")
    skipped = [f for f in report.findings if f.severity is Severity.UNCHECKED]
    if skipped:
        _add(body, "h2", f"Not checked at these steps ({len(skipped)})")
        items = _add(body, "ul", class_="unchecked")
        for finding in skipped:
            where = "game" if finding.step is None else f"step {finding.step}"
            _add(items, "li", f"{where} · {finding.rule} ({finding.rule_id}): "
                              f"{finding.message}")
    _add(body, "h2", "Coverage")
    _add(body, "p", "Checked: " + (", ".join(report.coverage.checked) or "none"))
    if report.coverage.partial:
        _add(body, "p", "Partly checked (not at steps whose locations were unresolved):")
        items = _add(body, "ul")
        for rule_id, steps in report.coverage.partial.items():
            _add(items, "li", f"{rule_id}: {steps}")
    reasons = set(report.coverage.unchecked.values())
    if len(report.coverage.unchecked) > 1 and len(reasons) == 1:
        _add(body, "p", f"Not checked: all {len(report.coverage.unchecked)} rules: "
                        f"{reasons.pop()}", class_="unchecked")
    elif report.coverage.unchecked:
        items = _add(body, "ul", class_="unchecked")
        for rule_id, reason in sorted(report.coverage.unchecked.items()):
            _add(items, "li", f"{rule_id}: {reason}")
    return "<!DOCTYPE html>\n" + ET.tostring(html, encoding="unicode", method="html") + "\n"
