"""What the watcher shows: a live status line on a terminal, a plain line per file
otherwise (a log file, a pipe, cron).

The live line (rich) says how many files were seen, checked and failed, and the last
result; each failure is also printed above it, so none goes unseen. A file *failed* when
its report is `unreadable` or its sidecars could not be written. Plain output prints one
line per file that got new sidecars (nothing for a file whose sidecars were already
current), problems on stderr.
"""

from __future__ import annotations

import sys
from dataclasses import dataclass
from typing import Protocol, TextIO

from adjudicator.report.models import ReportStatus
from adjudicator.report.text import problem_line, report_line
from adjudicator.watch.dispatch import Outcome, Result
from vmod_schema.files import printable_path


@dataclass(slots=True)
class Tally:
    """The counts the status line shows."""

    seen: int = 0
    checked: int = 0
    failed: int = 0
    last: str = ""

    def add(self, result: Result) -> str | None:
        """Count a result; the line to print for it (None: nothing new to say)."""
        if result.outcome is Outcome.CURRENT:
            return None
        self.checked += 1
        if result.outcome is Outcome.NOT_WRITTEN:
            self.failed += 1
            self.last = result.error or "sidecars not written"
        elif result.report is not None and result.report.status is ReportStatus.UNREADABLE:
            self.failed += 1
            self.last = problem_line(result.report, path=printable_path(result.path))
        elif result.report is not None:
            self.last = report_line(result.report, path=printable_path(result.path))
        return self.last

    def text(self, folder: str) -> str:
        """The status line."""
        last = f" · {self.last}" if self.last else ""
        return (f"watching {folder} · {self.seen} seen · {self.checked} checked · "
                f"{self.failed} failed{last}")


class StatusDisplay(Protocol):
    """Where the watcher reports."""

    tally: Tally

    def seen(self, count: int) -> None:
        """`count` more files were seen."""

    def result(self, result: Result) -> None:
        """A file was dealt with."""

    def close(self) -> None:
        """Stop displaying."""


class PlainStatus:
    """One line per file on stdout (problems on stderr)."""

    def __init__(self, folder: str, *, out: TextIO | None = None,
                 err: TextIO | None = None) -> None:
        self.folder = folder
        self.tally = Tally()
        self._out = out if out is not None else sys.stdout
        self._err = err if err is not None else sys.stderr

    def seen(self, count: int) -> None:
        self.tally.seen += count

    def result(self, result: Result) -> None:
        line = self.tally.add(result)
        if line is None:
            return
        failed = result.outcome is Outcome.NOT_WRITTEN or (
            result.report is not None and result.report.status is ReportStatus.UNREADABLE)
        stream = self._err if failed else self._out
        stream.write(line + "\n")
        stream.flush()

    def close(self) -> None:
        self._out.write(self.tally.text(self.folder) + "\n")
        self._out.flush()


class LiveStatus:
    """A rich live line, redrawn a few times a second."""

    def __init__(self, folder: str) -> None:
        from rich.console import Console
        from rich.live import Live
        from rich.text import Text

        self.folder = folder
        self.tally = Tally()
        self._text = Text
        self._live = Live(Text(self.tally.text(folder)), console=Console(),
                          refresh_per_second=4, transient=False)
        self._live.start()

    def seen(self, count: int) -> None:
        self.tally.seen += count
        self._update()

    def result(self, result: Result) -> None:
        failed = self.tally.failed
        if self.tally.add(result) is None:
            return
        if self.tally.failed > failed:  # a failure stays on screen, above the line
            self._live.console.print(self._text(self.tally.last, style="yellow"))
        self._update()

    def close(self) -> None:
        self._update()
        self._live.stop()

    def _update(self) -> None:
        self._live.update(self._text(self.tally.text(self.folder), no_wrap=True,
                                     overflow="ellipsis"))


def open_status(folder: str, *, live: bool) -> StatusDisplay:
    """The live line when `live` (a terminal), else plain lines."""
    return LiveStatus(folder) if live else PlainStatus(folder)
