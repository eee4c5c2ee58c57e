"""Reports cached by the checked file's content (SHA-256), so an unchanged file is not
checked again, after a restart too, and a renamed copy is recognised as the same game.

A cached report is valid for one configuration: the key also holds a digest of what the
report depends on besides the file (the tool's version, the game, the module, binding and
data files' contents, the dice patterns, and the revision of the concealment rules, so that
a report cached before a fix to hidden information is never served again;
`adjudicator.folders.config_key`). Entries are JSON
files written atomically under `DIR/ab/abcdef…-<config>.json`; an unreadable entry is a
miss, never an error.
"""

from __future__ import annotations

import os
from pathlib import Path

from pydantic import ValidationError

from adjudicator.audit.executor import WORKER_DIED
from adjudicator.report.models import Report, ReportStatus, SourceFile, recorded_path
from vmod_schema.files import atomic_write


def default_cache_dir() -> Path:
    """`$XDG_CACHE_HOME/vassal-adjudicator`, else `~/.cache/vassal-adjudicator`."""
    base = os.environ.get("XDG_CACHE_HOME")
    root = Path(base) if base else Path.home() / ".cache"
    return root / "vassal-adjudicator"


class ReportCache:
    """Reports by (file content, configuration)."""

    def __init__(self, directory: Path) -> None:
        self.directory = directory

    def _entry(self, sha256: str, key: str) -> Path:
        return self.directory / sha256[:2] / f"{sha256}-{key}.json"

    def get(self, sha256: str, key: str, source: Path, *,
            full_paths: bool = False) -> Report | None:
        """The cached report of content `sha256`, as the report of `source` (a renamed copy
        gets its own name in the report, or path with `full_paths`), or None."""
        entry = self._entry(sha256, key)
        try:
            report = Report.model_validate_json(entry.read_bytes())
        except (OSError, ValueError, ValidationError):
            return None
        if report.source.sha256 != sha256:
            return None
        return report.model_copy(update={"source": SourceFile(
            path=recorded_path(source, full=full_paths), sha256=sha256)})

    def put(self, report: Report, key: str) -> None:
        """Remember a report (reports of unreadable files too: the same bytes stay
        unreadable). Does nothing when the report has no content hash or is transient."""
        sha256 = report.source.sha256
        if not sha256 or is_transient(report):
            return
        try:
            atomic_write(self._entry(sha256, key), report.model_dump_json().encode("utf-8"))
        except OSError:
            return


def is_transient(report: Report) -> bool:
    """Whether a report says something about this run rather than the file's bytes (a
    worker died, memory ran out, an internal error): never cached, checked again next time."""
    from adjudicator.audit.job import TRANSIENT_PROBLEMS  # the checking code, where it runs

    if report.status is not ReportStatus.UNREADABLE or not report.problems:
        return False
    problem = report.problems[0]
    return problem == WORKER_DIED or any(text in problem for text in TRANSIENT_PROBLEMS)


__all__ = ["ReportCache", "default_cache_dir"]
