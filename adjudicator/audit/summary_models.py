"""The season summary `adjudicator audit` writes: per file, per game, per player, PBEM
series and dice, as one `AuditReport` whose JSON Schema is published (`audit_schema()`).

Everything here is a description of what the files hold. Counts of undos, re-rolls and dice
statistics are statistics, not judgements of anyone; only a game's rules (the per-file
reports' findings) say what is illegal.
"""

from __future__ import annotations

from datetime import datetime

from pydantic import BaseModel, ConfigDict, Field

from adjudicator.audit.dice import DiceEntry
from adjudicator.replay.series import Difference
from adjudicator.report.models import ReportStatus

_MODEL = ConfigDict(frozen=True, extra="forbid", use_attribute_docstrings=True)


class AuditFile(BaseModel):
    """One checked file and the gist of its report."""

    model_config = _MODEL
    path: str
    sha256: str
    sidecars: list[str] = Field(default_factory=list)
    """The sidecar reports written for it."""
    status: ReportStatus
    game: str | None
    """Game system id; None when no system judged the file."""
    game_name: str
    steps: int
    counts: dict[str, int] = Field(default_factory=dict)
    """Findings by severity (`illegal`, `check`, …; severities with none are left out)."""
    players: list[str] = Field(default_factory=list)
    saved_at: datetime | None = None
    rolls: int = 0
    undos: int = 0
    problem: str | None = None
    """For an unreadable file, why (the report's first problem)."""
    cached: bool = False
    """The report came from the cache (the file was checked before, unchanged)."""


class RuleCount(BaseModel):
    """How often one rule was found broken (or flagged) across the files of a game."""

    model_config = _MODEL
    rule_id: str
    rule: str
    """The rulebook citation, e.g. `WW 7.3.A`."""
    severity: str
    findings: int
    files: int


class GameSummary(BaseModel):
    """The files of one game: how far they were judged and what was found."""

    model_config = _MODEL
    game: str | None
    """Game system id; None for files no system judged (grouped by the module's name)."""
    game_name: str
    files: int
    statuses: dict[str, int]
    """Files by report status."""
    severities: dict[str, int]
    """Findings by severity (unchecked findings included)."""
    rules: list[RuleCount] = Field(default_factory=list)
    """Findings by rule, most frequent first (unchecked findings not listed)."""


class UndoTaken(BaseModel):
    """One undo by a player and what it took back."""

    model_config = _MODEL
    file: str
    step: int
    undoes: int | None
    took_back: list[str] = Field(default_factory=list)


class RerollTaken(BaseModel):
    """A roll a player took back with undo and rolled again."""

    model_config = _MODEL
    file: str
    label: str
    first: int
    """The step whose roll was undone."""
    again: int
    """The step that rolled again."""
    before: list[int]
    after: list[int]


class PlayerSummary(BaseModel):
    """One player across the audited files (by the name VASSAL records)."""

    model_config = _MODEL
    name: str
    files: int
    """Files naming this player (roster, rolls or undos)."""
    games: list[str] = Field(default_factory=list)
    sides: list[str] = Field(default_factory=list)
    rolls: int = 0
    undos: int = 0
    undone: list[UndoTaken] = Field(default_factory=list)
    """Each undo and what it took back."""
    rerolls: list[RerollTaken] = Field(default_factory=list)


class SeriesFile(BaseModel):
    """One file of a series, in playing order, and how it follows the file before it."""

    model_config = _MODEL
    path: str
    sha256: str
    saved_at: datetime | None = None
    previous: str | None = None
    """The file it continues, or (at a break) the file before it in order; None for the
    first."""
    continues: bool = False
    """It starts exactly where `previous` ended."""
    gap_seconds: float | None = None
    """Time between `previous` and it (their saves' metadata); None when unknown or when
    it says it was saved first (`saved_before_previous`)."""
    saved_before_previous: bool = False
    """Its metadata says it was saved before `previous` (a clock set wrong, or an edited
    file): no time between them is given."""
    joined: list[str] = Field(default_factory=list)
    """Players in its roster that `previous` did not have."""
    left: list[str] = Field(default_factory=list)
    """Players of `previous` missing from its roster."""
    copies: list[str] = Field(default_factory=list)
    """Identical copies (same SHA-256) found elsewhere in the series; not forks."""


class SeriesBreak(BaseModel):
    """Consecutive files where the later does not start where the earlier ended."""

    model_config = _MODEL
    after: str
    before: str
    differences: list[Difference] = Field(default_factory=list)
    """The pieces that differ (from re-reading both files)."""
    note: str | None = None
    """Why `differences` is empty when it is (e.g. a file could not be re-read)."""


class SeriesFork(BaseModel):
    """Two or more different files continuing the same file: a turn replayed and re-sent,
    or a game taken two ways."""

    model_config = _MODEL
    parent: str
    children: list[str]


class RosterChange(BaseModel):
    """Players appearing or disappearing between two consecutive files."""

    model_config = _MODEL
    after: str
    before: str
    joined: list[str] = Field(default_factory=list)
    left: list[str] = Field(default_factory=list)


class SeriesSummary(BaseModel):
    """The files of one folder and module: a candidate PBEM series, ordered by continuity
    (file B follows A when B starts with A's final position), then time and name."""

    model_config = _MODEL
    folder: str
    module_name: str | None
    files: list[SeriesFile]
    continued: int
    """Files that start where another file of the series ended."""
    breaks: list[SeriesBreak] = Field(default_factory=list)
    forks: list[SeriesFork] = Field(default_factory=list)
    roster_changes: list[RosterChange] = Field(default_factory=list)
    note: str | None = None
    """A remark on the grouping, e.g. that no file continues another."""
    dice: list[DiceEntry] = Field(default_factory=list)
    """Whole-game dice statistics: the rolls of every distinct file of the series (an
    identical copy counted once; both branches of a fork counted: both were rolled), pooled
    per player, label and number of dice, with q-values corrected for the tests of this
    series (`adjudicator.audit.dice.with_verdicts`)."""


class UndoneRoll(BaseModel):
    """A roll made and then taken back with undo."""

    model_config = _MODEL
    file: str
    step: int
    player: str | None
    label: str
    dice: list[int]
    total: int | None
    rerolled: bool = False
    """A later roll re-rolled it (see the player's `rerolls`)."""


class AuditTotals(BaseModel):
    """Counts over the whole audit."""

    model_config = _MODEL
    files: int
    statuses: dict[str, int]
    findings: dict[str, int]
    """Findings by severity."""
    series: int
    breaks: int
    forks: int
    rolls: int
    undos: int
    dice_tests: int = 0
    """Dice entries with a verdict: the tests the audit's `dice` q-values are corrected for."""
    dice_unusual: int = 0
    """Of them, entries whose verdict is "unusual" (q-value below 0.01)."""


class AuditReport(BaseModel):
    """The season summary: every file checked, per game, per player, series and dice."""

    model_config = _MODEL
    tool_version: str
    totals: AuditTotals
    files: list[AuditFile]
    games: list[GameSummary]
    players: list[PlayerSummary]
    series: list[SeriesSummary]
    dice: list[DiceEntry]
    """Dice statistics per player, label and number of dice, every file pooled, with
    q-values corrected for the tests of the whole audit (`adjudicator.audit.dice`); each
    series has its own in `series[].dice`."""
    undone_rolls: list[UndoneRoll] = Field(default_factory=list)


def audit_schema() -> dict[str, object]:
    """The JSON Schema of the audit report as written (serialization mode)."""
    return AuditReport.model_json_schema(mode="serialization", by_alias=True)
