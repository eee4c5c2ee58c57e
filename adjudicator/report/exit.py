"""Exit statuses shared by every command (documented in the README and `--help`).

0 done; 1 what `--fail-on` asked to fail on was found (illegal findings, a series break or
fork); 2 bad input; 3 not this game; 4 nothing could be checked. For one report the first
that applies wins, in the order 2, 3, 1, 4, 0: an illegal finding (when asked to fail on it)
beats 4, as a rule broken at the starting position is still broken.
"""

from __future__ import annotations

from enum import IntEnum

from adjudicator.report.models import Report, ReportStatus


class ExitStatus(IntEnum):
    """The process exit statuses."""

    OK = 0
    FAILED_ON = 1
    """Something `--fail-on` (or `--fail-on-illegal`) named was found."""
    BAD_INPUT = 2
    NOT_THIS_GAME = 3
    NOTHING_CHECKED = 4


def report_exit_status(report: Report, *, fail_on_illegal: bool) -> ExitStatus:
    """The exit status of `check` for one report (see `check --help`)."""
    if report.status is ReportStatus.UNREADABLE:
        return ExitStatus.BAD_INPUT
    if report.status is ReportStatus.NOT_THIS_GAME:
        return ExitStatus.NOT_THIS_GAME
    if fail_on_illegal and report.count("illegal"):
        return ExitStatus.FAILED_ON
    if report.status is ReportStatus.NOTHING_CHECKED:
        return ExitStatus.NOTHING_CHECKED
    return ExitStatus.OK
