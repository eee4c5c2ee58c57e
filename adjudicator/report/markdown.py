"""Render a report as Markdown that reads well pasted into a forum post or Discord.

Discord renders no tables, so findings are bullet lines: step, who, severity, rule, what.
"""

from __future__ import annotations

from pathlib import PurePath

from adjudicator.findings import Finding, Severity
from adjudicator.report.models import Report, headline
from adjudicator.report.text import reading_lines

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
    """The whole report as Markdown; `max_unchecked` shortens the unchecked lists."""
    name = PurePath(report.source.path).name
    lead, rest = headline(report)
    lines = [
        f"## Adjudication: {escape(report.game_name)}",
        f"`{name}` · sha256 `{report.source.sha256[:12]}` · {report.steps} steps · "
        f"adjudicator {report.tool_version}",
        "",
        f"**{escape(lead)}**{escape(rest)}",
        "",
    ]
    if report.reading is not None:
        lines += ["### What was read", *(f"- {escape(line)}"
                                         for line in reading_lines(report.reading)), ""]
    if report.problems:
        lines += ["### Problems reading the file",
                  *(f"- {escape(problem)}" for problem in report.problems), ""]
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
    skipped = [f for f in report.findings if f.severity is Severity.UNCHECKED]
    if skipped:
        lines.append("### Not checked at these steps")
        lines += [finding_line(f) for f in skipped[:max_unchecked]]
        if max_unchecked is not None and len(skipped) > max_unchecked:
            lines.append(f"- … and {len(skipped) - max_unchecked} more (see the JSON report)")
        lines.append("")
    if report.game is None:
        return "\n".join(lines)
    lines.append("### Coverage")
    if report.coverage.checked:
        lines.append("Checked: " + ", ".join(report.coverage.checked))
    if report.coverage.partial:
        lines.append("Partly checked (not at steps whose locations were unresolved):")
        lines += [f"- {rule_id}: {escape(steps)}"
                  for rule_id, steps in report.coverage.partial.items()]
    unchecked = sorted(report.coverage.unchecked.items())
    reasons = set(report.coverage.unchecked.values())
    if len(unchecked) > 1 and len(reasons) == 1:
        lines.append(f"Not checked: all {len(unchecked)} rules: {escape(reasons.pop())}")
        unchecked = []
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
