"""Render a report as Markdown that reads well pasted into a forum post or Discord.

Discord renders no tables, so findings are bullet lines: step, who, severity, rule, what.
"""

from __future__ import annotations

from pathlib import PurePath

from adjudicator.findings import Finding, Severity
from adjudicator.report.models import Report

SEVERITY_MARK = {
    Severity.ILLEGAL: "❌ illegal",
    Severity.CHECK: "⚠️ check",
    Severity.REMINDER: "🔔 reminder",
    Severity.INFO: "ℹ️ info",
    Severity.UNCHECKED: "❔ unchecked",
}
_MARKDOWN_SPECIAL = str.maketrans({c: "\\" + c for c in "\\`*_{}[]<>#|~"})


def escape(text: str) -> str:
    """Escape Markdown's special characters in free text (piece and player names).

    >>> escape("Howe *5 CU*")
    'Howe \\\\*5 CU\\\\*'
    """
    return text.translate(_MARKDOWN_SPECIAL)


def finding_line(finding: Finding) -> str:
    """One finding as a bullet: step, player, severity, citation, message."""
    where = f"step {finding.step}" if finding.step is not None else "whole game"
    who = f" · {escape(finding.player)}" if finding.player else ""
    line = (f"- **{where}**{who} · {SEVERITY_MARK[finding.severity]} · "
            f"{finding.rule} ({finding.rule_id}): {escape(finding.message)}")
    if finding.expected is not None or finding.observed is not None:
        line += (f" — expected {escape(finding.expected or '?')}, "
                 f"observed {escape(finding.observed or '?')}")
    return line


def render_markdown(report: Report, *, max_unchecked: int | None = None) -> str:
    """The whole report as Markdown; `max_unchecked` shortens the coverage list."""
    name = PurePath(report.source.path).name
    counts = " · ".join(
        f"{report.count(severity)} {severity.value}" for severity in
        (Severity.ILLEGAL, Severity.CHECK, Severity.REMINDER) if report.count(severity))
    lines = [
        f"## Adjudication: {escape(report.game_name)}",
        f"`{name}` · sha256 `{report.source.sha256[:12]}` · {report.steps} steps · "
        f"adjudicator {report.tool_version}",
        "",
        f"**{counts or 'no rule broken'}** · {len(report.coverage.checked)} rules checked, "
        f"{len(report.coverage.unchecked)} not checked",
        "",
    ]
    shown = [f for f in report.findings if f.severity is not Severity.UNCHECKED]
    if shown:
        lines += ["### Findings", *(finding_line(f) for f in shown), ""]
    if report.computations:
        lines.append("### Computations")
        for computation in report.computations:
            where = f"step {computation.step}" if computation.step is not None else "game"
            cite = f" ({computation.rule})" if computation.rule else ""
            lines.append(f"- **{where}** · {computation.kind}{cite}: "
                         f"{escape(computation.summary)}")
        lines.append("")
    if report.problems:
        lines += ["### Problems reading the file",
                  *(f"- {escape(problem)}" for problem in report.problems), ""]
    lines.append("### Coverage")
    if report.coverage.checked:
        lines.append("Checked: " + ", ".join(report.coverage.checked))
    unchecked = sorted(report.coverage.unchecked.items())
    if max_unchecked is not None and len(unchecked) > max_unchecked:
        hidden = len(unchecked) - max_unchecked
        unchecked = unchecked[:max_unchecked]
    else:
        hidden = 0
    if unchecked:
        lines.append("Not checked:")
        lines += [f"- {rule_id}: {escape(reason)}" for rule_id, reason in unchecked]
    if hidden:
        lines.append(f"- … and {hidden} more (see the JSON report)")
    return "\n".join(lines) + "\n"
