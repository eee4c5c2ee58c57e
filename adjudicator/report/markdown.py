"""Render a report as Markdown that reads well pasted into a forum post, an e-mail or
Discord.

The report opens with a *summary* (verdict, counts, the first findings, "…and N more")
that always fits in one Discord message (`DISCORD_LIMIT`): it is built line by line
against a budget, and every piece of free text (names, messages, problems) is clipped
before it is escaped, so a clipped line never ends inside an escape or a markup pair.
`--format discord` writes the summary alone. Discord renders no tables, so findings are
bullet lines: step, who, severity, rule, what.
"""

from __future__ import annotations

from collections import Counter
from pathlib import PurePath

from adjudicator.findings import Finding, Severity
from adjudicator.report.legend import legend_line, mark, rank
from adjudicator.report.models import Report, headline
from adjudicator.report.text import reading_lines

DISCORD_LIMIT = 2000
"""Characters in one Discord message (counted as UTF-16 code units, as Discord's client
counts them: an emoji outside the Basic Multilingual Plane counts twice)."""
ELLIPSIS = "…"
_MARKDOWN_SPECIAL = str.maketrans({c: "\\" + c for c in "\\`*_{}[]<>#|~@"})
_LINE_BREAKS = frozenset("\n\r\v\f\x1c\x1d\x1e\x85\u2028\u2029")
_NAME_ROOM = 80
"""Characters a game, file or player name may take in the summary."""
_HEADLINE_ROOM = 400
MIN_SUMMARY = 1000
"""The least `limit` a summary accepts: its header (each part clipped) and the "…and N
more" line always fit in it."""
_MIN_MESSAGE = 24
"""A finding whose message would be clipped shorter than this is left to "…and N more"."""


def escape(text: str) -> str:
    """Escape Markdown's special characters in free text (piece and player names); `@`
    too, so a name cannot mention everyone in Discord.

    >>> escape("Howe *5 CU*")
    'Howe \\\\*5 CU\\\\*'
    """
    return text.translate(_MARKDOWN_SPECIAL)


def inline(text: str) -> str:
    """Free text on one line: line breaks and other control characters become spaces
    (a name with a line break could otherwise start a heading or a list)."""
    return "".join(" " if c in _LINE_BREAKS or (c < " " or c == "\x7f") else c
                   for c in text)


def measure(text: str) -> int:
    """The length Discord counts: UTF-16 code units (never fewer than characters)."""
    return len(text.encode("utf-16-le", "surrogatepass")) // 2


def clip(text: str, room: int) -> str:
    """`text` on one line, escaped, at most `room` long (`measure`): clipped before it is
    escaped and ended with "…" when it does not fit ("" when not even that fits)."""
    flat = inline(text)
    whole = escape(flat)
    if measure(whole) <= room:
        return whole
    low, high = 0, len(flat)
    while low < high:  # the longest prefix whose escaped text and "…" fit
        middle = (low + high + 1) // 2
        if measure(escape(flat[:middle]) + ELLIPSIS) <= room:
            low = middle
        else:
            high = middle - 1
    if low == 0:
        return ELLIPSIS if room >= 1 else ""
    return escape(flat[:low]).rstrip() + ELLIPSIS


def finding_line(finding: Finding) -> str:
    """One finding as a bullet: step, player, severity, citation, message."""
    where = f"step {finding.step}" if finding.step is not None else "whole game"
    who = f" · {escape(inline(finding.player))}" if finding.player else ""
    line = (f"- **{where}**{who} · {mark(finding.severity)} · "
            f"{escape(inline(finding.rule))} ({escape(inline(finding.rule_id))}): "
            f"{escape(inline(finding.message))}")
    if finding.expected is not None or finding.observed is not None:
        line += (f" — expected {escape(inline(finding.expected or '?'))}, "
                 f"observed {escape(inline(finding.observed or '?'))}")
    return line


def more_line(count: int) -> str:
    """The line standing for the findings the summary leaves out."""
    return f"- …and {count} more (see the full report)"


def counts_line(report: Report) -> str:
    """How many findings of each severity, most serious first."""
    seen = Counter(finding.severity for finding in report.findings)
    if not seen:
        return "No findings."
    return "Findings: " + " · ".join(f"{seen[s]} {mark(s)}" for s in sorted(seen, key=rank))


class _Budget:
    """Lines of text that never exceed a length (`measure`, lines joined by newlines)."""

    __slots__ = ("lines", "room")

    def __init__(self, limit: int) -> None:
        self.lines: list[str] = []
        self.room = limit

    def cost(self, line: str) -> int:
        """What adding `line` would take (its newline included after the first)."""
        return measure(line) + (1 if self.lines else 0)

    def fits(self, line: str, *, keep: int = 0) -> bool:
        """Whether `line` fits and leaves `keep` for what must follow."""
        return self.cost(line) + keep <= self.room

    def add(self, line: str) -> bool:
        """Add `line` when it fits; whether it did."""
        if not self.fits(line):
            return False
        self.room -= self.cost(line)
        self.lines.append(line)
        return True

    def left(self, *, keep: int = 0) -> int:
        """Room for the text of one more line (its newline taken off), `keep` aside."""
        return self.room - keep - (1 if self.lines else 0)


def _summary_finding(finding: Finding, room: int) -> str | None:
    """A finding as one short bullet of at most `room`, its message clipped (None: it
    would say too little)."""
    where = f"step {finding.step}" if finding.step is not None else "whole game"
    who = f" · {clip(finding.player, _NAME_ROOM)}" if finding.player else ""
    head = f"- **{where}** · {mark(finding.severity)} · {clip(finding.rule_id, 40)}{who}: "
    message = clip(finding.message, room - measure(head))
    if len(message) < min(_MIN_MESSAGE, len(escape(inline(finding.message)))):
        return None
    return head + message


def render_summary(report: Report, *, limit: int = DISCORD_LIMIT,
                   with_legend: bool = True) -> str:
    """The report's summary, at most `limit` long as Discord counts (`measure`, newline
    included): verdict, counts, the first findings, most serious first, with "…and N
    more" for the rest, and (`with_legend`, when it fits) the severities' legend."""
    if limit < MIN_SUMMARY:
        raise ValueError(f"a summary needs at least {MIN_SUMMARY} characters, not {limit}")
    budget = _Budget(limit - 1)  # the final newline
    findings = sorted(report.findings, key=lambda f: (rank(f.severity),
                                                      f.step if f.step is not None else -1))
    lead, rest = headline(report)
    name = PurePath(report.source.path).name
    for line in (f"## Adjudication: {clip(report.game_name, _NAME_ROOM)}",
                 f"File: {clip(name, _NAME_ROOM)} · sha256 `{report.source.sha256[:12]}` · "
                 f"{report.steps} steps · adjudicator {clip(report.tool_version, 20)}",
                 "",
                 f"**{clip(lead, 150)}**{clip(rest, _HEADLINE_ROOM - 150)}",
                 counts_line(report)):
        budget.add(line)  # each part clipped: together they take less than MIN_SUMMARY
    shown = 0
    for finding in findings:
        after = len(findings) - shown - 1
        keep = budget.cost(more_line(after)) if after else 0
        bullet = _summary_finding(finding, budget.left(keep=keep))
        # The bullet's head alone may be longer than the room: it must leave the "…and N
        # more" line its room.
        if bullet is None or not budget.fits(bullet, keep=keep):
            break
        budget.add(bullet)
        shown += 1
    if shown < len(findings):
        budget.add(more_line(len(findings) - shown))
    if with_legend:
        legend = f"_{escape(legend_line())}_"
        if budget.fits("") and budget.fits(legend, keep=1):
            budget.add("")
            budget.add(legend)
    return "\n".join(budget.lines) + "\n"


def render_markdown(report: Report, *, max_unchecked: int | None = None) -> str:
    """The whole report as Markdown: the summary (`render_summary`, so its first part
    can be pasted into Discord as is), then what was read, the problems, every finding,
    the computations and the coverage, and the severities' legend at the end;
    `max_unchecked` shortens the unchecked lists."""
    lines = [render_summary(report, with_legend=False)]
    if report.reading is not None:
        lines += ["### What was read", *(f"- {escape(inline(line))}"
                                         for line in reading_lines(report.reading)), ""]
    if report.problems:
        lines += ["### Problems reading the file",
                  *(f"- {escape(inline(problem))}" for problem in report.problems), ""]
    shown = [f for f in report.findings if f.severity is not Severity.UNCHECKED]
    if shown:
        lines += ["### Findings", *(finding_line(f) for f in shown), ""]
    if report.computations:
        lines.append("### Computations")
        for computation in report.computations:
            where = f"step {computation.step}" if computation.step is not None else "game"
            cite = f" ({computation.rule})" if computation.rule else ""
            lines.append(f"- **{where}** · {computation.kind}{cite}: "
                         f"{escape(inline(computation.summary))}")
        lines.append("")
    skipped = [f for f in report.findings if f.severity is Severity.UNCHECKED]
    if skipped:
        lines.append("### Not checked at these steps")
        lines += [finding_line(f) for f in skipped[:max_unchecked]]
        if max_unchecked is not None and len(skipped) > max_unchecked:
            lines.append(f"- … and {len(skipped) - max_unchecked} more (see the JSON report)")
        lines.append("")
    if report.game is None:
        return "\n".join([*lines, _legend()])
    lines.append("### Coverage")
    if report.coverage.checked:
        lines.append("Checked: " + ", ".join(report.coverage.checked))
    if report.coverage.partial:
        lines.append("Partly checked (not at steps whose locations were unresolved):")
        lines += [f"- {rule_id}: {escape(inline(steps))}"
                  for rule_id, steps in report.coverage.partial.items()]
    unchecked = sorted(report.coverage.unchecked.items())
    reasons = set(report.coverage.unchecked.values())
    if len(unchecked) > 1 and len(reasons) == 1:
        lines.append(f"Not checked: all {len(unchecked)} rules: {escape(inline(reasons.pop()))}")
        unchecked = []
    if max_unchecked is not None and len(unchecked) > max_unchecked:
        hidden = len(unchecked) - max_unchecked
        unchecked = unchecked[:max_unchecked]
    else:
        hidden = 0
    if unchecked:
        lines.append("Not checked:")
        lines += [f"- {rule_id}: {escape(inline(reason))}" for rule_id, reason in unchecked]
    if hidden:
        lines.append(f"- … and {hidden} more (see the JSON report)")
    return "\n".join([*lines, "", _legend()])


def _legend() -> str:
    return f"_{escape(legend_line())}_\n"
