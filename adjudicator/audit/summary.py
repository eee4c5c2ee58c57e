"""The season summary from the per-file reports: per game, per player, PBEM series and the
dice audit, as one `AuditReport`.

`summarise(checked)` is a pure function of what the audit got of each file: its report
(`CheckedFile`, as the watcher keeps them) or the digest a worker sent back
(`AuditedFile`, `adjudicator.audit.digest`: the counts, the reading and, for a file that may
be in a series, its starting and final positions). Player names are the names VASSAL
recorded: the roster, the player of each roll and each undo. Dice statistics come from
`adjudicator.audit.dice`; all of it describes what was recorded and judges nobody.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path

from adjudicator import __version__
from adjudicator.audit.dice import dice_entries, with_verdicts
from adjudicator.audit.digest import FileDigest, digest_of
from adjudicator.audit.series import Rereader, SeriesMember, series_summaries
from adjudicator.audit.summary_models import (
    AuditFile,
    AuditReport,
    AuditTotals,
    GameSummary,
    PlayerSummary,
    RerollTaken,
    RuleCount,
    UndoneRoll,
    UndoTaken,
)
from adjudicator.findings import Severity
from adjudicator.reading.models import RollRecord
from adjudicator.report.models import Report, ReportStatus
from vmod_schema.files import printable_path


@dataclass(frozen=True, slots=True)
class AuditedFile:
    """One file as the audit summary reads it: the digest of its report."""

    path: Path
    digest: FileDigest
    sidecars: tuple[Path, ...] = ()
    module: Path | None = None
    """The module it was checked with (to re-read it at a series break, when its
    positions were not sent back)."""
    cached: bool = False
    label: str = ""
    """How the summary names the file (default: its path as given)."""
    sidecar_labels: tuple[str, ...] = ()
    """How the summary names the sidecars (default: their paths)."""

    @property
    def name(self) -> str:
        """The file as the summary names it."""
        return self.label or printable_path(self.path)


@dataclass(frozen=True, slots=True)
class CheckedFile:
    """One file's report as the audit got it."""

    path: Path
    report: Report
    sidecars: tuple[Path, ...] = ()
    module: Path | None = None
    """The module it was checked with (to re-read it at a series break)."""
    cached: bool = False
    label: str = ""
    """How the summary names the file (default: its path as given)."""
    sidecar_labels: tuple[str, ...] = ()
    """How the summary names the sidecars (default: their paths)."""

    @property
    def name(self) -> str:
        """The file as the summary names it."""
        return self.label or printable_path(self.path)

    def audited(self) -> AuditedFile:
        """The file as the summary reads it."""
        return AuditedFile(self.path, digest_of(self.report), self.sidecars, self.module,
                           self.cached, self.label, self.sidecar_labels)


def summarise(checked: Iterable[CheckedFile | AuditedFile], *,
              differences: Rereader | None = None) -> AuditReport:
    """The audit report of the checked files (sorted by path); `differences` is passed to
    `series_summaries` (default: compare the positions the workers sent back, else re-read
    the files at a break)."""
    files = sorted((item.audited() if isinstance(item, CheckedFile) else item
                    for item in checked), key=lambda item: item.name)
    series = series_summaries(
        (SeriesMember(item.path, item.digest.sha256, item.digest.reading, item.module,
                      item.name, item.digest.ends)
         for item in files if item.digest.reading is not None),
        differences=differences)
    chronological = sorted(files, key=_chronology)
    rolls = [(item, roll) for item in chronological if item.digest.reading is not None
             for roll in item.digest.reading.rolls]
    dice = with_verdicts(dice_entries(roll for _, roll in rolls))
    statuses = Counter(item.digest.status.value for item in files)
    findings: Counter[str] = Counter()
    for item in files:
        findings.update(item.digest.severities)
    totals = AuditTotals(
        files=len(files), statuses=dict(sorted(statuses.items())),
        findings=dict(sorted(findings.items())), series=len(series),
        breaks=sum(len(s.breaks) for s in series), forks=sum(len(s.forks) for s in series),
        rolls=len(rolls), undos=sum(item.digest.reading.undo_steps for item in files
                                    if item.digest.reading is not None),
        dice_tests=sum(1 for entry in dice if entry.tests),
        dice_unusual=sum(1 for entry in dice if entry.unusual))
    return AuditReport(
        tool_version=__version__, totals=totals, files=[audit_file(item) for item in files],
        games=game_summaries(item.digest for item in files),
        players=player_summaries(chronological), series=series,
        dice=dice,
        undone_rolls=[_undone(item, roll) for item, roll in rolls if roll.undone])


def _chronology(item: AuditedFile) -> tuple[bool, datetime, str]:
    reading = item.digest.reading
    saved = reading.saved_at if reading is not None else None
    return saved is None, saved or datetime.min, item.name


def audit_file(item: AuditedFile) -> AuditFile:
    """The gist of one file's report."""
    report = item.digest
    reading = report.reading
    counts = report.severities
    return AuditFile(
        path=item.name, sha256=report.sha256,
        sidecars=list(item.sidecar_labels or (printable_path(p) for p in item.sidecars)),
        status=report.status,
        game=report.game, game_name=report.game_name, steps=report.steps,
        counts=dict(sorted(counts.items())),
        players=[player.name for player in reading.players] if reading is not None else [],
        saved_at=reading.saved_at if reading is not None else None,
        rolls=len(reading.rolls) if reading is not None else 0,
        undos=reading.undo_steps if reading is not None else 0,
        problem=report.problem if report.status is ReportStatus.UNREADABLE else None,
        cached=item.cached)


def _game_key(report: FileDigest) -> tuple[str, str]:
    return report.game or "", report.game_name


def game_summaries(reports: Iterable[Report | FileDigest]) -> list[GameSummary]:
    """Per game (files no system judged: per module name): statuses, findings by severity,
    and by rule (most frequent first, then by rule id)."""
    grouped: dict[tuple[str, str], list[FileDigest]] = defaultdict(list)
    for report in reports:
        digest = digest_of(report) if isinstance(report, Report) else report
        grouped[_game_key(digest)].append(digest)
    summaries = []
    for (game, name), group in sorted(grouped.items()):
        statuses = Counter(report.status.value for report in group)
        severities: Counter[str] = Counter()
        by_rule: Counter[tuple[str, str, str]] = Counter()
        files_by_rule: dict[tuple[str, str, str], set[int]] = defaultdict(set)
        for number, report in enumerate(group):  # by position: two files may share a name
            severities.update(report.severities)
            for rule_id, rule, severity, count in report.rules:
                key = (rule_id, rule, severity)
                by_rule[key] += count
                files_by_rule[key].add(number)
        rules = [RuleCount(rule_id=rule_id, rule=rule, severity=severity, findings=count,
                           files=len(files_by_rule[(rule_id, rule, severity)]))
                 for (rule_id, rule, severity), count in sorted(
                     by_rule.items(), key=lambda kv: (_severity_rank(kv[0][2]), -kv[1],
                                                      kv[0][0]))]
        summaries.append(GameSummary(
            game=game or None, game_name=name, files=len(group),
            statuses=dict(sorted(statuses.items())), severities=dict(sorted(
                severities.items(), key=lambda kv: _severity_rank(kv[0]))), rules=rules))
    return summaries


def _severity_rank(severity: str) -> int:
    order = [s.value for s in Severity]
    return order.index(severity) if severity in order else len(order)


@dataclass(slots=True)
class _PlayerTally:
    files: set[str] = field(default_factory=set)
    games: set[str] = field(default_factory=set)
    sides: set[str] = field(default_factory=set)
    rolls: int = 0
    undone: list[UndoTaken] = field(default_factory=list)
    rerolls: list[RerollTaken] = field(default_factory=list)


def player_summaries(files: Sequence[AuditedFile]) -> list[PlayerSummary]:
    """Per player (files in the order given): files, games, sides, rolls, each undo with
    what it took back, and re-rolls; sorted by name."""
    tallies: dict[str, _PlayerTally] = defaultdict(_PlayerTally)
    for item in files:
        reading = item.digest.reading
        if reading is None:
            continue
        path, game = item.name, item.digest.game_name

        def seen(name: str | None, path: str = path, game: str = game) -> _PlayerTally | None:
            if not name:
                return None
            tally = tallies[name]
            tally.files.add(path)
            tally.games.add(game)
            return tally

        for player in reading.players:
            tally = seen(player.name)
            if tally is not None and player.side:
                tally.sides.add(player.side)
        for roll in reading.rolls:
            if (tally := seen(roll.player)) is not None:
                tally.rolls += 1
        for undo in reading.undos:
            if (tally := seen(undo.player)) is not None:
                tally.undone.append(UndoTaken(file=path, step=undo.step, undoes=undo.undoes,
                                              took_back=undo.took_back))
        for reroll in reading.rerolls:
            if (tally := seen(reroll.player)) is not None:
                tally.rerolls.append(RerollTaken(
                    file=path, label=reroll.label, first=reroll.first, again=reroll.again,
                    before=reroll.before, after=reroll.after))
    return [PlayerSummary(name=name, files=len(t.files), games=sorted(t.games),
                          sides=sorted(t.sides), rolls=t.rolls, undos=len(t.undone),
                          undone=t.undone, rerolls=t.rerolls)
            for name, t in sorted(tallies.items())]


def _undone(item: AuditedFile, roll: RollRecord) -> UndoneRoll:
    return UndoneRoll(file=item.name, step=roll.step, player=roll.player,
                      label=roll.label, dice=roll.dice, total=roll.total,
                      rerolled=_rerolled(item, roll))


def _rerolled(item: AuditedFile, roll: RollRecord) -> bool:
    reading = item.digest.reading
    return reading is not None and any(
        reroll.first == roll.step and reroll.label == roll.label for reroll in reading.rerolls)
