"""What each finding severity means, said once and shown by every format.

A reader meets `illegal`, `check`, `reminder`, `unchecked` and `info` in the Markdown, the
HTML page, the Discord summary and the JSON; the `--help` of `check`, `watch` and `audit`
explains them too. The words live here so that every place says the same thing.
"""

from __future__ import annotations

from dataclasses import dataclass

from adjudicator.findings import Severity


@dataclass(frozen=True, slots=True)
class Meaning:
    """How a severity is shown and what it tells a referee."""

    severity: Severity
    mark: str
    """A symbol that stands out in chat (an emoji)."""
    short: str
    """A few words, for one-line legends."""
    text: str
    """A sentence, for `--help` and full legends."""


LEGEND: tuple[Meaning, ...] = (
    Meaning(Severity.ILLEGAL, "❌", "the rules forbid it",
            "The rules forbid what happened: a move, play or result to take back or redo."),
    Meaning(Severity.CHECK, "⚠️", "recompute and compare",
            "An outcome the tool could not decide alone: the players recompute it and "
            "compare."),
    Meaning(Severity.REMINDER, "🔔", "a step not to forget",
            "A mandatory step the players must not forget (nothing was broken)."),
    Meaning(Severity.UNCHECKED, "❔", "not checked here, and why",
            "A rule the tool could not check at this step, and why (missing data, or not "
            "implemented yet): neither legal nor illegal."),
    Meaning(Severity.INFO, "ℹ️", "context",
            "Context: what the tool saw or worked out."),
)
"""Every severity, most serious first."""

_BY_SEVERITY = {meaning.severity: meaning for meaning in LEGEND}


def meaning(severity: Severity) -> Meaning:
    """The legend entry of one severity."""
    return _BY_SEVERITY[severity]


def mark(severity: Severity) -> str:
    """The severity with its symbol, e.g. `❌ illegal`."""
    return f"{_BY_SEVERITY[severity].mark} {severity.value}"


def rank(severity: Severity) -> int:
    """Where a severity comes in the legend (0 = most serious): findings sort by it."""
    return LEGEND.index(_BY_SEVERITY[severity])


def legend_line() -> str:
    """The legend in one plain line (no markup), for chat and the end of a report.

    >>> legend_line().split(" · ")[0]
    'Severities: ❌ illegal = the rules forbid it'
    """
    return "Severities: " + " · ".join(f"{mark(m.severity)} = {m.short}" for m in LEGEND)


def severity_help(indent: str = "") -> str:
    """The legend as a Markdown list for a command's `--help` (each line prefixed with
    `indent`, to match the docstring it is appended to)."""
    lines = ["Findings have a severity:", ""]
    lines += [f"- {m.severity.value}: {m.text}" for m in LEGEND]
    return "\n".join(f"{indent}{line}" if line else "" for line in lines)


__all__ = ["LEGEND", "Meaning", "legend_line", "mark", "meaning", "rank", "severity_help"]
