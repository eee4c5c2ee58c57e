"""The sidecar report: what `adjudicator check` writes beside a save or log.

The JSON Schema of `Report` is published by `adjudicator schema` so other tools can read
reports. A report is a pure function of the input file, the module, the binding and the
data files: re-running on an unchanged file gives the same report (no timestamps).

Its `status` says how much of the game was judged; `headline` words it for people and
never says "no rule broken" unless the game was judged and at least one rule was checked.
"""

from __future__ import annotations

import os
from enum import StrEnum
from pathlib import PurePath

from pydantic import BaseModel, ConfigDict, Field

from adjudicator.findings import Computation, Finding, Severity
from adjudicator.reading.models import FileReading
from adjudicator.report.trace import ReplayTrace
from adjudicator.spill import Spilled
from vmod_schema.files import printable_path

_MODEL = ConfigDict(frozen=True, extra="forbid", use_attribute_docstrings=True)


def recorded_path(path: str | os.PathLike[str], *, full: bool = False) -> str:
    """How a report names a file: by its name alone, since reports are shared and the
    folders above a file (the user's home folder) are private; with `full` (`--full-paths`)
    by the path as given. Printable either way (`printable_path`).

    >>> recorded_path("/home/ann/pbem/turn 3.vlog")
    'turn 3.vlog'
    >>> recorded_path("/home/ann/pbem/turn 3.vlog", full=True)
    '/home/ann/pbem/turn 3.vlog'
    """
    return printable_path(path if full else PurePath(path).name)


class SourceFile(BaseModel):
    """The file that was judged."""

    model_config = _MODEL
    path: str
    """The file's name (`recorded_path`); with `--full-paths`, its path as given."""
    sha256: str


class ReportStatus(StrEnum):
    """How much of the game the report judged."""

    JUDGED = "judged"
    """Every step was read and the checked rules were checked on all of it."""
    PARTLY_JUDGED = "partly-judged"
    """Judged in part: some rules could not be checked at some steps (their inputs, e.g.
    locations, were unresolved there), some findings are `unchecked`, or there were
    problems reading or replaying the file."""
    NOTHING_CHECKED = "nothing-checked"
    """The game was recognised but no rule could be checked: every input unresolved, or
    no logged step to judge."""
    NOT_THIS_GAME = "not-this-game"
    """No piece of the game was recognised: another game, or the wrong module or binding.
    Nothing was judged."""
    UNREADABLE = "unreadable"
    """The file could not be read (the error is in `problems`); nothing was judged."""
    NO_SYSTEM = "no-system"
    """No game system for this file (its module is not a game the tool knows, and none
    was named): nothing was judged; `reading` says what was read."""


class Coverage(BaseModel):
    """Which catalog rules were checked, and why the others were not.

    A rule is in exactly one of `checked`, `partial` and `unchecked`."""

    model_config = _MODEL
    checked: list[str] = Field(default_factory=list)
    """Rule ids the tool checked on this file."""
    partial: dict[str, str] = Field(default_factory=dict)
    """Rule id → the steps where it could not be checked (its inputs, e.g. locations, were
    unresolved there); it was checked on the rest of the file."""
    unchecked: dict[str, str] = Field(default_factory=dict)
    """Rule id → why it was not checked (missing data, not implemented yet, …)."""


class Report(BaseModel):
    """Everything the adjudicator found in one save or log."""

    model_config = _MODEL
    game: str | None
    """Game system id, e.g. `ww`; None when no system judged the file (`no-system`)."""
    game_name: str
    """The game's name (for `no-system`: the module's name, or `unknown game`)."""
    status: ReportStatus
    """How much of the game was judged: `judged`, `partly-judged`, `nothing-checked`,
    `not-this-game` or `unreadable`."""
    source: SourceFile
    module: str | None = None
    """The module file used to name locations, if any."""
    tool_version: str
    steps: int
    """Logged steps read (step 0, the starting position, not counted)."""
    findings: list[Finding] = Field(default_factory=list)
    computations: Spilled[Computation] = Field(
        default_factory=lambda: Spilled(Computation))
    """Kept as their JSON texts, on disk once they grow (`adjudicator.spill`): a list to
    whoever builds or reads the report."""
    coverage: Coverage = Field(default_factory=Coverage)
    problems: list[str] = Field(default_factory=list)
    """Problems reading or replaying the file (bad commands are skipped, not fatal); for an
    `unreadable` file, the error."""
    reading: FileReading | None = None
    """What was read, whatever the game: players, undos, rolls, re-rolls, positions (None
    for an unreadable file)."""
    replay: ReplayTrace | None = None
    """The replay trace the HTML page draws: maps, the starting position and each step's
    changes (None for an unreadable file, or a report made before traces existed)."""

    def count(self, severity: str) -> int:
        """How many findings have this severity."""
        return sum(1 for finding in self.findings if finding.severity == severity)



def held_in_memory(report: Report) -> Report:
    """The report as one kept among many (an audit's digests, a watcher's latest reports):
    its computations and rolls in memory, where a long log's are on disk (each on-disk
    list holds a temporary file open while it lives: a season of long logs would run out
    of file descriptors)."""
    update: dict[str, object] = {}
    if isinstance(report.computations, Spilled) and report.computations.on_disk:
        update["computations"] = report.computations.in_memory()
    reading = reading_in_memory(report.reading)
    if reading is not report.reading:
        update["reading"] = reading
    return report.model_copy(update=update) if update else report


def reading_in_memory(reading: FileReading | None) -> FileReading | None:
    """`held_in_memory` for a reading alone: its rolls."""
    if reading is None or not isinstance(reading.rolls, Spilled) or not reading.rolls.on_disk:
        return reading
    return reading.model_copy(update={"rolls": reading.rolls.in_memory()})

COUNTED = (Severity.ILLEGAL, Severity.CHECK, Severity.REMINDER)
"""The severities a headline counts."""


def headline(report: Report) -> tuple[str, str]:
    """The report's verdict in one line, as (lead, rest): `lead + rest` is the whole line.

    The lead is what a reader must see first (bold in Markdown and HTML). "No rule broken"
    is said only of a `judged` report that checked at least one rule.
    """
    status = report.status
    if status is ReportStatus.UNREADABLE:
        why = report.problems[0] if report.problems else "unknown error"
        return "⚠ the file could not be read", f": {why} — nothing was judged"
    if status is ReportStatus.NO_SYSTEM:
        reading = report.reading
        read = (f"{reading.steps} steps, {len(reading.rolls)} rolls and "
                f"{reading.undo_steps} undos read"
                if reading is not None else "read")
        return (f"no game system for {report.game_name}",
                f": {read} — no rule was judged (name the game with --game or in "
                "adjudicator.toml if the tool knows it)")
    if status is ReportStatus.NOT_THIS_GAME:
        hint = "" if report.module is not None else " (no module was given to name locations)"
        return (f"⚠ not a {report.game_name} game (or wrong module/binding)",
                f": no piece of the game was recognised — nothing was judged{hint}")
    if status is ReportStatus.NOTHING_CHECKED:
        why = ("the file has no logged steps" if report.steps == 0 else
               "no rule's inputs could be resolved (check the module and the binding)")
        return "⚠ nothing could be checked", f": {why} — nothing was judged"
    found = " · ".join(f"{report.count(s)} {s.value}" for s in COUNTED if report.count(s))
    coverage = coverage_text(report)
    if status is ReportStatus.JUDGED and report.coverage.checked:
        return found or "no rule broken", f" · {coverage}"
    return f"⚠ partly judged: {found or 'no finding'} in what could be checked", (
        f" · {coverage}")


def coverage_text(report: Report) -> str:
    """How many rules were checked, partly checked and not checked; unchecked steps and
    problems reading the file, when there are any."""
    coverage = report.coverage
    parts = [f"{_plural(len(coverage.checked), 'rule')} checked"]
    if coverage.partial:
        parts.append(f"{len(coverage.partial)} partly (steps with unresolved locations)")
    parts.append(f"{len(coverage.unchecked)} not checked")
    text = ", ".join(parts)
    unchecked = report.count(Severity.UNCHECKED)
    if unchecked:
        text += f" · {_plural(unchecked, 'unchecked finding')}"
    if report.problems:
        text += f" · {_plural(len(report.problems), 'problem')} reading the file"
    return text


def _plural(count: int, noun: str) -> str:
    return f"{count} {noun}{'' if count == 1 else 's'}"


def report_schema() -> dict[str, object]:
    """The JSON Schema of a report as it is written (serialization mode)."""
    return Report.model_json_schema(mode="serialization")
