"""`adjudicator check`: replay a save or log, let the game's referee judge every step, and
build the report.

Replay-level observations that concern every game (an undone step, a re-rolled die) are
findings too; findings of a step that was later undone are dropped, since VASSAL's undo
took the action back.
"""

from __future__ import annotations

import hashlib
from collections import Counter
from collections.abc import Iterable, Sequence
from pathlib import Path

from adjudicator import __version__
from adjudicator.findings import Finding, Severity
from adjudicator.replay import Board, Step, iter_steps
from adjudicator.report.models import Coverage, Report, SourceFile
from adjudicator.systems import find_system
from adjudicator.systems.base import GameSystem, Verdict
from vmod_schema.buildfile import open_module
from vmod_schema.savefile import read_save

UNDO_RULE = ("REPLAY-UNDO", "VASSAL undo (FORMAT.md §5.3)")
NOT_IMPLEMENTED = "not implemented yet"


def file_sha256(path: Path) -> str:
    """The SHA-256 of a file's bytes, read in chunks."""
    digest = hashlib.sha256()
    with path.open("rb") as handle:
        for chunk in iter(lambda: handle.read(1 << 20), b""):
            digest.update(chunk)
    return digest.hexdigest()


def adjudicate(path: Path, *, game: str, module_path: Path | None = None,
               data_files: Sequence[Path] = (), binding_file: Path | None = None) -> Report:
    """Judge one save or log against a game's rules and return the report.

    Raises:
        VassalFormatError: the file or the module cannot be read.
        AdjudicatorError: unknown game, or a bad data or binding file.
    """
    system = find_system(game)
    save = read_save(path)
    module = open_module(module_path) if module_path is not None else None
    referee = system.referee(module=module, data_files=data_files, binding_file=binding_file)
    board = Board.for_module(module)
    steps: list[Step] = []
    for step in iter_steps(save, module, board=board):
        steps.append(step)
        if step.index == 0:
            referee.start(step, board)
        else:
            referee.step(step, board)
    verdict = referee.finish()
    return build_report(system, verdict, steps, source=path, module=module_path,
                        problems=[str(p) for p in save.problems])


def build_report(system: GameSystem, verdict: Verdict, steps: Sequence[Step], *,
                 source: Path, module: Path | None, problems: Sequence[str]) -> Report:
    """Assemble the report: undo handling, step order, coverage of the whole catalog."""
    undone = {step.undoes: step for step in steps if step.undoes is not None}
    findings = [f for f in verdict.findings if f.step not in undone]
    for index, undo in sorted(undone.items()):
        findings.append(Finding(
            game=system.id, rule_id=UNDO_RULE[0], rule=UNDO_RULE[1], severity=Severity.INFO,
            step=index, player=_who(undo), message=f"step {index} was undone by step "
            f"{undo.index}; its findings are withdrawn"))
    findings.sort(key=lambda f: (-1 if f.step is None else f.step, f.rule_id))
    catalog_ids = [rule.rule_id for rule in system.catalog()]
    checked = [rule_id for rule_id in catalog_ids if rule_id in verdict.checked]
    unchecked = {rule_id: verdict.unchecked.get(rule_id, NOT_IMPLEMENTED)
                 for rule_id in catalog_ids if rule_id not in verdict.checked}
    replay_problems = _grouped(str(p) for step in steps for p in step.problems)
    return Report(
        game=system.id, game_name=system.name,
        source=SourceFile(path=str(source), sha256=file_sha256(source)),
        module=str(module) if module is not None else None, tool_version=__version__,
        steps=max(len(steps) - 1, 0), findings=findings,
        computations=[c for c in verdict.computations if c.step not in undone],
        coverage=Coverage(checked=checked, unchecked=unchecked),
        problems=[*problems, *replay_problems])


def _grouped(problems: Iterable[str]) -> list[str]:
    """Problems in first-seen order, a repeated one written once with its count."""
    counts = Counter(problems)
    return [text if n == 1 else f"{text} (×{n})" for text, n in counts.items()]


def _who(step: Step) -> str | None:
    if step.player is None:
        return None
    return f"{step.player} ({step.side})" if step.side else step.player

