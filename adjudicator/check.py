"""`adjudicator check`: replay a save or log, let the game's referee judge every step, and
build the report.

Replay-level observations that concern every game (an undone step, a re-rolled die) are
findings too; findings of a step that was later undone are dropped, since VASSAL's undo
took the action back.

The report's status says how much was judged (`report_status`): a file that cannot be read
still gets a report (`unreadable`, the error in `problems`), and so do a file of another
game (`not-this-game`) and one where no rule could be checked (`nothing-checked`).
"""

from __future__ import annotations

import hashlib
from collections import Counter
from collections.abc import Callable, Collection, Iterable, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import TYPE_CHECKING

from adjudicator import __version__
from adjudicator.findings import Computation, Finding, Severity, capped_reminders
from adjudicator.reading.models import FileReading
from adjudicator.reading.reader import FileReader
from adjudicator.replay import Board, Step, iter_steps
from adjudicator.replay.visibility import OPPONENT, ConcealmentLog, Viewpoint
from adjudicator.report.models import (
    Coverage,
    Report,
    ReportStatus,
    SourceFile,
    recorded_path,
)
from adjudicator.report.trace import collector_for
from adjudicator.spill import Spilled
from adjudicator.systems import find_system
from adjudicator.systems.common.system import GameSystem, Referee, Verdict
from vmod_schema.archive import Limits
from vmod_schema.buildfile import Module, open_module_once
from vmod_schema.collection import paused_collection
from vmod_schema.errors import VassalFormatError
from vmod_schema.files import open_regular, printable_path
from vmod_schema.savefile import GameKind, SaveFile, read_save

if TYPE_CHECKING:
    from adjudicator.replay.chatdice import ChatDicePattern

UNDO_RULE = ("REPLAY-UNDO", "VASSAL undo (FORMAT.md §5.3)")
NOT_IMPLEMENTED = "not implemented yet"
NO_STEPS = {GameKind.LOG: "the log has no steps",
            GameKind.SAVE: "the save has no logged steps (it holds a position, no moves)"}
"""The problem of a file with no logged step (a log without any is read as a save, so the
`.vlog` suffix decides)."""
NOT_RECOGNISED = ("no piece of this game was recognised in the file (another game, or the "
                  "wrong module or binding)")
UNREADABLE = "the file could not be read"
BOARD_HISTORY = 8
"""Undo records the checking board keeps: the referee never calls `Board.undo()` (VASSAL's
undo is replayed as inverse commands), so a few suffice and memory stays flat."""


def file_sha256(path: Path) -> str:
    """The SHA-256 of a file's bytes, read in chunks.

    Raises:
        OSError: the file cannot be read, or is no regular file (a FIFO, a device, a
            socket: opened without waiting, never read).
    """
    digest = hashlib.sha256()
    with open_regular(path) as handle:  # names the kind: "a FIFO, not a file: …"
        for chunk in iter(lambda: handle.read(1 << 20), b""):
            digest.update(chunk)
    return digest.hexdigest()


def adjudicate(path: Path, *, game: str, module_path: Path | None = None,
               data_files: Sequence[Path] = (), binding_file: Path | None = None,
               chat_patterns: Sequence[ChatDicePattern] = (),
               view: Viewpoint = OPPONENT,
               limits: Limits | None = None, full_paths: bool = False,
               options: Sequence[str] = ()) -> Report:
    """Judge one save or log against a game's rules and return the report.

    The report names the file and the module by name (`recorded_path`), or by the paths
    given with `full_paths`.

    The game, the module, the data and the binding are checked first; a file that then
    cannot be read gives a report of status `unreadable` with the error as its problem.

    Raises:
        VassalFormatError: the module cannot be read.
        AdjudicatorError: unknown game, or a bad data or binding file.
        OSError: the file cannot be opened at all (missing, a folder, no permission).
    """
    system = find_system(game)
    module = open_module_once(module_path) if module_path is not None else None
    referee = system.referee(module=module, data_files=data_files, binding_file=binding_file,
                             options=options)
    try:
        save = read_save(path, limits=limits)
        # A piece decoded while replaying may exceed a bound (`vmod_schema.archive`).
        return judge_save(save, path, system=system, referee=referee, module=module,
                          view=view, module_path=module_path, chat_patterns=chat_patterns,
                          full_paths=full_paths)
    except VassalFormatError as error:
        return unreadable_report(system, source=path, module=module_path,
                                 error=str(error.located(file=path)), full_paths=full_paths)


def judge_save(save: SaveFile, path: Path, *, system: GameSystem | None,
               referee: Referee | None, module: Module | None, module_path: Path | None,
               chat_patterns: Sequence[ChatDicePattern] = (),
               view: Viewpoint = OPPONENT,
               sha256: str | None = None, full_paths: bool = False,
               observe: Callable[[Step, Board], None] | None = None) -> Report:
    """Replay a save once: the referee (if any) judges every step while the game-agnostic
    reading (players, undos, rolls, positions) is collected, then build the report.

    `observe` is shown each step and the board that applied it, before anyone else
    (`audit` keeps the starting and final positions this way).

    Without a system (`system`/`referee` None) the report has status `no-system` and says
    what was read. The report names the file and the module as `recorded_path` says.

    Findings and computations name pieces as `view` sees them: one masked, hidden or in a
    hand at its step is named by what stands for it (`adjudicator.replay.visibility`); so
    do the undo lines of the reading and the replay trace.
    """
    board = Board.for_module(module, history_limit=BOARD_HISTORY)
    summary = StepSummary()
    reader = FileReader(save, view=view)
    concealment = ConcealmentLog(view)
    trace = collector_for(module, referee, view, module_path)
    blank = False
    with paused_collection():  # long-lived state, few cycles (vmod_schema.collection)
        for step in iter_steps(save, module, board=board, chat_patterns=chat_patterns):
            if observe is not None:
                observe(step, board)
            summary.add(step)
            reader.add(step, board)
            concealment.add(step, board)
            trace.add(step, board)
            if referee is None:
                continue
            if step.index == 0:
                blank = len(board) == 0
                referee.start(step, board)
            else:
                referee.step(step, board)
    reading = reader.finish(board)
    verdict = _concealed(referee.finish(), concealment) if referee is not None else None
    replay = trace.finish(board)
    problems = [str(p) for p in save.problems]
    if summary.count <= 1:
        kind = GameKind.LOG if path.suffix.lower() == ".vlog" else save.kind
        problems.append(NO_STEPS[kind])
    source = SourceFile(path=recorded_path(path, full=full_paths),
                        sha256=sha256 or file_sha256(path))
    module_shown = (module_path if full_paths or module_path is None
                    else Path(module_path.name))
    if system is None or verdict is None:
        return reading_report(reading, summary, source=source, module=module_shown,
                              problems=problems).model_copy(update={"replay": replay})
    return build_report(system, verdict, summary, source=source, module=module_shown,
                        problems=problems, blank=blank,
                        reading=reading).model_copy(update={"replay": replay})


def _concealed(verdict: Verdict, concealment: ConcealmentLog) -> Verdict:
    """The verdict with its findings, computations and reasons for unchecked rules naming
    no piece concealed from the reader at their step (`adjudicator.replay.visibility`, the
    one place that decides)."""
    return replace(verdict, findings=concealment.redact(verdict.findings),
                   computations=concealment.redact_computations(verdict.computations),
                   unchecked=concealment.redact_reasons(verdict.unchecked),
                   partial=concealment.redact_reasons(verdict.partial))


def reading_report(reading: FileReading, summary: StepSummary, *, source: SourceFile,
                   module: Path | None, problems: Sequence[str]) -> Report:
    """The report of a file no game system judged: what was read, no rule checked."""
    return Report(
        game=None, game_name=reading.module_name or "an unknown game",
        status=ReportStatus.NO_SYSTEM, source=source,
        module=printable_path(module) if module is not None else None,
        tool_version=__version__, steps=reading.steps,
        problems=[*problems, *_replay_problems(summary)], reading=reading)


def report_status(verdict: Verdict, *, logged_steps: int, findings: Sequence[Finding],
                  problems: Sequence[str] = (), blank: bool = False) -> ReportStatus:
    """How much of the game a verdict judged (an unreadable file never gets a verdict).

    `findings` are those the report keeps (undone steps' dropped); `blank` means the file
    held no piece and no logged step, so there was nothing to recognise.
    """
    if not verdict.recognised and not blank:
        return ReportStatus.NOT_THIS_GAME
    if logged_steps == 0 or not (verdict.checked or verdict.partial):
        return ReportStatus.NOTHING_CHECKED
    if (verdict.partial or problems
            or any(f.severity is Severity.UNCHECKED for f in findings)):
        return ReportStatus.PARTLY_JUDGED
    return ReportStatus.JUDGED


@dataclass(slots=True)
class StepSummary:
    """What the report needs of the replayed steps, kept while they stream by (the steps
    themselves are not kept: memory stays flat however long the log)."""

    count: int = 0
    """Steps seen, step 0 included."""
    undone: dict[int, tuple[int, str | None]] = field(default_factory=dict)
    """Undone step → (the undo step, who undid it)."""
    problems: Counter[str] = field(default_factory=Counter)
    """Replay problems, in first-seen order, with their counts."""

    def add(self, step: Step) -> None:
        """Take one step into account."""
        self.count += 1
        if step.undoes is not None:
            self.undone[step.undoes] = (step.index, _who(step))
        for problem in step.problems:
            self.problems[str(problem)] += 1

    @classmethod
    def of(cls, steps: Iterable[Step]) -> StepSummary:
        """The summary of steps already collected."""
        summary = cls()
        for step in steps:
            summary.add(step)
        return summary


def build_report(system: GameSystem, verdict: Verdict, steps: StepSummary | Sequence[Step], *,
                 source: Path | SourceFile, module: Path | None, problems: Sequence[str],
                 blank: bool = False, reading: FileReading | None = None) -> Report:
    """Assemble the report: undo handling, step order, status, coverage of the catalog.

    When nothing was judged (another game, no rule checked, no logged step), no rule is
    reported checked: the referee's checked rules are listed unchecked, with the reason.
    """
    summary = steps if isinstance(steps, StepSummary) else StepSummary.of(steps)
    undone = summary.undone
    findings = [f for f in verdict.findings if f.step not in undone]
    for index, (undo, who) in sorted(undone.items()):
        findings.append(Finding(
            game=system.id, rule_id=UNDO_RULE[0], rule=UNDO_RULE[1], severity=Severity.INFO,
            step=index, player=who, message=f"step {index} was undone by step "
            f"{undo}; its findings are withdrawn"))
    findings.sort(key=lambda f: (-1 if f.step is None else f.step, f.rule_id))
    findings = capped_reminders(findings)
    all_problems = [*problems, *_replay_problems(summary)]
    logged = max(summary.count - 1, 0)
    status = report_status(verdict, logged_steps=logged, findings=findings,
                           problems=all_problems, blank=blank)
    catalog_ids = [rule.id for rule in system.catalog()]
    partial = {rule_id: verdict.partial[rule_id]
               for rule_id in catalog_ids if rule_id in verdict.partial}
    checked = [rule_id for rule_id in catalog_ids
               if rule_id in verdict.checked and rule_id not in partial]
    unchecked = {rule_id: verdict.unchecked.get(rule_id, NOT_IMPLEMENTED)
                 for rule_id in catalog_ids if rule_id not in checked and rule_id not in partial}
    if status in (ReportStatus.NOT_THIS_GAME, ReportStatus.NOTHING_CHECKED):
        why = NOT_RECOGNISED if status is ReportStatus.NOT_THIS_GAME else (
            "no logged step to check it on" if logged == 0 else "its inputs were unresolved")
        unchecked = {rule_id: unchecked.get(rule_id, why) for rule_id in catalog_ids}
        checked, partial = [], {}
    return Report(
        game=system.id, game_name=system.name, status=status,
        source=source if isinstance(source, SourceFile) else SourceFile(
            path=recorded_path(source), sha256=file_sha256(source)),
        module=printable_path(module) if module is not None else None,
        tool_version=__version__, steps=logged, findings=findings,
        computations=_kept(verdict.computations, undone),
        coverage=Coverage(checked=checked, partial=partial, unchecked=unchecked),
        problems=all_problems, reading=reading)


def _kept(computations: Sequence[Computation], undone: Collection[int]
          ) -> Sequence[Computation]:
    """The computations of steps no undo took back (a referee's, spilled: filtered by
    their steps, none parsed)."""
    if isinstance(computations, Spilled):
        return computations.where(lambda step: step not in undone)
    return [computation for computation in computations if computation.step not in undone]


def _replay_problems(summary: StepSummary) -> list[str]:
    return [text if n == 1 else f"{text} (×{n})" for text, n in summary.problems.items()]


def unreadable_report(system: GameSystem | None, *, source: Path, module: Path | None,
                      error: str, sha256: str | None = None,
                      full_paths: bool = False) -> Report:
    """The report of a file that could not be read: no finding, the error as its problem.

    Without a system (the game could not be told) no catalog is listed. The file and the
    module are named as `recorded_path` says, in the error too."""
    catalog = system.catalog() if system is not None else ()
    named = recorded_path(source, full=full_paths)
    if not full_paths:
        error = error.replace(printable_path(source), named)
    return Report(
        game=system.id if system is not None else None,
        game_name=system.name if system is not None else "an unknown game",
        status=ReportStatus.UNREADABLE,
        source=SourceFile(path=named,
                          sha256=file_sha256(source) if sha256 is None else sha256),
        module=recorded_path(module, full=full_paths) if module is not None else None,
        tool_version=__version__, steps=0,
        coverage=Coverage(unchecked={rule.id: UNREADABLE for rule in catalog}),
        problems=[error])


def _who(step: Step) -> str | None:
    if step.player is None:
        return None
    return f"{step.player} ({step.side})" if step.side else step.player

