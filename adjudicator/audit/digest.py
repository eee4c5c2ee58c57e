"""What the audit summary needs of one file, small enough for a worker to send back.

A worker checks a file, writes its sidecars and returns a `FileDigest` instead of the
whole report (whose computations, coverage and replay trace the summary never reads):
the status, the finding counts by severity and by rule, the first problem, the reading
(players, rolls, undos, re-rolls, position fingerprints) and, for a file that may be part
of a PBEM series, its starting and final positions (`SeriesEnds`), so that the pieces
differing at a series break are named without reading or replaying the file again.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass

from adjudicator.findings import Severity
from adjudicator.reading.models import FileReading
from adjudicator.replay.changes import Position
from adjudicator.replay.series import PieceAt, Snapshot
from adjudicator.replay.visibility import Concealment, Sight
from adjudicator.report.models import Report, ReportStatus, reading_in_memory

PieceRow = tuple[str, str, str, str, str | None, int, int, str | None, str | None,
                 str | None, str | None]
"""One piece of a position, flat: id, name, gpid, basic name, map, x, y, location, and
its sight (concealment, shown name, holder; None when not worked out)."""


@dataclass(frozen=True, slots=True)
class SeriesEnds:
    """A file's starting and final positions, flat (cheap to pickle), or why they could
    not be read (`failure`: the error's text)."""

    start: tuple[PieceRow, ...] = ()
    end: tuple[PieceRow, ...] = ()
    failure: str | None = None

    @classmethod
    def of(cls, start: Snapshot, end: Snapshot) -> SeriesEnds:
        """The two positions, flattened."""
        return cls(_rows(start), _rows(end))

    def start_snapshot(self) -> dict[str, PieceAt]:
        """The starting position, as `adjudicator.replay.series.snapshot` gave it."""
        return _snapshot(self.start)

    def end_snapshot(self) -> dict[str, PieceAt]:
        """The final position."""
        return _snapshot(self.end)


def _rows(position: Snapshot) -> tuple[PieceRow, ...]:
    rows = []
    for piece in position.values():
        where, seen = piece.position, piece.sight
        rows.append((piece.id, piece.name, piece.gpid, piece.basic_name, where.map, where.x,
                     where.y, where.location,
                     seen.concealment.value if seen is not None else None,
                     seen.name if seen is not None else None,
                     seen.holder if seen is not None else None))
    return tuple(rows)


def _snapshot(rows: tuple[PieceRow, ...]) -> dict[str, PieceAt]:
    pieces: dict[str, PieceAt] = {}
    for (piece_id, name, gpid, basic, where, x, y, location, concealment, shown,
         holder) in rows:
        seen = (Sight(Concealment(concealment), shown, holder) if concealment is not None
                else None)
        pieces[piece_id] = PieceAt(piece_id, name, gpid, basic,
                                   Position(where, x, y, location), seen)
    return pieces


@dataclass(frozen=True, slots=True)
class FileDigest:
    """The gist of one file's report that the audit summary reads (`digest_of`)."""

    sha256: str
    source_path: str
    """The report's `source.path` (how an unreadable file's problem names it)."""
    status: ReportStatus
    game: str | None
    game_name: str
    steps: int
    severities: Mapping[str, int]
    """Findings by severity value, in the order first found."""
    rules: tuple[tuple[str, str, str, int], ...]
    """(rule id, rule, severity, findings) of every rule found, unchecked ones left out,
    in the order first found."""
    problem: str | None
    """The report's first problem."""
    reading: FileReading | None
    ends: SeriesEnds | None = None
    """Where its position started and ended (only for a file that may be in a series)."""


def digest_of(report: Report, ends: SeriesEnds | None = None) -> FileDigest:
    """What the summary needs of `report` (with the file's positions, when known)."""
    severities: Counter[str] = Counter()
    rules: Counter[tuple[str, str, str]] = Counter()
    for finding in report.findings:
        severities[finding.severity.value] += 1
        if finding.severity is not Severity.UNCHECKED:
            rules[(finding.rule_id, finding.rule, finding.severity.value)] += 1
    return FileDigest(
        sha256=report.source.sha256, source_path=report.source.path, status=report.status,
        game=report.game, game_name=report.game_name, steps=report.steps,
        severities=dict(severities),
        rules=tuple((rule_id, rule, severity, count)
                    for (rule_id, rule, severity), count in rules.items()),
        problem=report.problems[0] if report.problems else None,
        reading=reading_in_memory(report.reading), ends=ends)


__all__ = ["FileDigest", "PieceRow", "SeriesEnds", "digest_of"]
