"""Plain-text renderings for the terminal: what `inspect`, `series`, `check`, `watch` and
`audit` print. Pure functions from models to text; the CLI only echoes them."""

from __future__ import annotations

import html
from pathlib import Path

from adjudicator.inspect import GameSummary, ModuleSummary, RollSummary, StepSummary
from adjudicator.reading.models import FileReading
from adjudicator.replay.series import SeriesReport
from adjudicator.replay.visibility import counted_text
from adjudicator.report.models import Report, headline

UNDOS_SHOWN = 10
"""Undos listed in text and Markdown (the JSON has them all)."""


def counts_text(counts: dict[str, int]) -> str:
    """`name n, name n` or `none`."""
    return ", ".join(f"{name} {count}" for name, count in counts.items()) or "none"


def module_text(summary: ModuleSummary) -> str:
    """A module's summary, one fact per line."""
    kind = "extension" if summary.is_extension else "module"
    lines = [
        f"{summary.file}: {kind} {summary.name!r} {summary.version}, "
        f"VASSAL {summary.vassal_version or '?'}",
        f"maps ({summary.maps}): {', '.join(summary.map_names)}",
        f"boards: {summary.boards}",
        f"grids: {counts_text(summary.grids)}; zones {summary.zones}; "
        f"regions {summary.regions}",
        f"piece slots: {summary.piece_slots}; card slots: {summary.card_slots}; "
        f"prototypes: {summary.prototypes}",
        f"dice buttons: {', '.join(summary.dice_buttons) or 'none'}; special dice: "
        f"{', '.join(summary.special_dice_buttons) or 'none'}",
        f"global properties: {summary.global_properties}; sides: "
        f"{', '.join(summary.sides) or 'none'}",
    ]
    if summary.custom_classes:
        lines.append(f"module-specific classes: {', '.join(summary.custom_classes)}")
    return "\n".join(lines)


def game_text(summary: GameSummary) -> str:
    """A save's or log's summary, one fact per line (passwords are not in the model)."""
    module = (f"module {summary.module_name!r} {summary.module_version or ''}".rstrip()
              if summary.module_name else "module unknown")
    players = ", ".join(f"{p.name} ({p.side})" for p in summary.players) or "none"
    lines = [
        f"{summary.file}: {summary.kind}, VASSAL {summary.vassal_version or '?'}, {module}, "
        f"payload {summary.payload_encoding}",
        f"players: {players}",
        f"steps: {summary.step_count} ({summary.undo_steps} undo)",
        f"commands: {counts_text(summary.commands)}",
        f"pieces: {summary.pieces} (stacks {summary.stacks}, decks {summary.decks})",
        f"maps: {counts_text(summary.maps)}",
    ]
    if summary.locations_resolved:
        lines.append(f"locations ({len(summary.locations)}): {counts_text(summary.locations)}")
    else:
        lines.append("locations: give --module to name them")
    lines += [f"problem: {problem}" for problem in summary.problems]
    return "\n".join(lines)


def step_json(step: StepSummary) -> dict[str, object]:
    """One step as `inspect --steps --json` prints it."""
    return {
        "index": step.index, "player": step.player, "side": step.side,
        "moves": [m.model_dump_public() for m in step.moves],
        "rolls": [r.model_dump(mode="json") for r in step.rolls],
        "undone": step.undone, "is_undo": step.is_undo, "undoes": step.undoes,
        "reroll_of": step.reroll_of, "chat": step.chat, "added": step.added,
        "removed": step.removed, "problems": step.problems, "concealed": step.concealed,
    }


STEP_ITEMS = 20
"""Moves and rolls one line of `inspect --steps` lists (the JSON has them all)."""


def steps_text(steps: list[StepSummary]) -> str:
    """The step table of `inspect --steps`."""
    lines = ["step  player            what"]
    for step in steps:
        who = step.player or "-"
        if step.player and step.side:
            who += f" ({step.side})"
        what: list[str] = []
        if step.index == 0:
            what.append("starting position")
        if step.is_undo:
            what.append(f"undo of step {step.undoes}" if step.undoes else "undo")
        else:
            for move in step.moves:
                origin = move.from_ or "?"
                target = move.to or f"{move.map} ({move.x}, {move.y})"
                what.append(f"{move.piece}: {origin} -> {target}")
            if step.concealed:
                what.append(f"{counted_text(step.concealed)} (concealed)")
            what += [roll_text(roll) for roll in step.rolls]
            if step.added and step.index:
                what.append(f"{step.added} added")
            if step.removed:
                what.append(f"{step.removed} removed")
            if not what and step.chat:
                what.append("chat: " + html.unescape(step.chat[0])[:60])
        mark = "  [undone]" if step.undone else ""
        if step.reroll_of is not None:
            mark += f"  [re-roll of step {step.reroll_of}]"
        problems = "".join(f"  !{p}" for p in step.problems)
        if len(what) > STEP_ITEMS:  # a step of 738 rolls (a file edited by hand)
            what = [*what[:STEP_ITEMS], f"…and {len(what) - STEP_ITEMS:,} more"]
        lines.append(f"{step.index:4d}  {who:<16}  {'; '.join(what) or '-'}{mark}{problems}")
    return "\n".join(lines)


def roll_text(roll: RollSummary) -> str:
    """`roll 2d6: 3,5 = 8 by Alice`."""
    dice = ",".join(map(str, roll.dice))
    total = "?" if roll.total is None else str(roll.total)
    result = f"{dice} = {total}" if dice and roll.dice != [roll.total] else total
    by = f" by {roll.player}" if roll.player else ""
    return f"roll {roll.button}: {result}{by}"


def series_text(report: SeriesReport, *, forked: bool = False) -> str:
    """The files of a series in order, then every break with its differences; `forked`:
    two logs continue one (the forks are listed after this text)."""
    lines = [f"{number:3d}. {name}" for number, name in enumerate(report.files, 1)]
    for found in report.breaks:
        count = len(found.differences) + sum(found.concealed.values())
        lines.append(f"break: {found.before} does not start where {found.after} ended "
                     f"({count} piece{'s' if count != 1 else ''})")
        lines += [f"    {difference}" for difference in found.differences]
        if found.concealed:
            lines.append(f"    {counted_text(found.concealed)} (concealed: not named)")
    if report.continuous and forked:
        lines.append(f"continuous: each of the {len(report.files)} files starts where an "
                     "earlier one ended, but the play forks:")
    elif report.continuous:
        lines.append(f"continuous: each of the {len(report.files)} files starts where the "
                     "previous one ended")
    return "\n".join(lines)


def report_line(report: Report, *, path: str | None = None) -> str:
    """One line per checked file: path, game, steps and the headline. `path` names the file
    on a terminal (default: as the report names it, which may be its name alone)."""
    lead, rest = headline(report)
    return f"{path or report.source.path}: {report.game_name}, {report.steps} steps: {lead}{rest}"


def problem_line(report: Report, *, path: str | None = None) -> str:
    """An unreadable file's one-line error, naming the file (`path`, as in `report_line`)."""
    return problem_text(report.problems[0] if report.problems else None, report.source.path,
                        path=path)


def problem_text(problem: str | None, source: str, *, path: str | None = None) -> str:
    """`problem_line` of a report whose first problem is `problem` and whose `source.path`
    is `source`."""
    problem = problem or "cannot be read"
    name = Path(source).name
    shown = path or source
    if path is not None and problem.startswith(f"{source}: "):
        return f"{shown}: {problem.removeprefix(f'{source}: ')}"
    return problem if name in problem else f"{shown}: {problem}"


def reading_lines(reading: FileReading) -> list[str]:
    """What was read, whatever the game: players, steps, undos, rolls, re-rolls."""
    players = ", ".join(f"{p.name} ({p.side})" if p.side else p.name
                        for p in reading.players) or "none in the roster"
    saved = f", saved {reading.saved_at:%Y-%m-%d %H:%M} UTC" if reading.saved_at else ""
    module = (f"module {reading.module_name} {reading.module_version or ''}".rstrip()
              if reading.module_name else "module not named")
    lines = [f"{reading.kind}, {module}, VASSAL {reading.vassal_version or '?'}{saved}",
             f"players: {players}",
             f"steps: {reading.steps} ({reading.undo_steps} undone with VASSAL's undo)",
             f"rolls: {len(reading.rolls)} ({sum(r.undone for r in reading.rolls)} undone, "
             f"{len(reading.rerolls)} re-rolled)"]
    for undo in reading.undos[:UNDOS_SHOWN]:
        what = "; ".join(undo.took_back) or "nothing recorded"
        lines.append(f"undo at step {undo.step} by {undo.player or '?'} took back step "
                     f"{undo.undoes if undo.undoes is not None else '?'}: {what}")
    if len(reading.undos) > UNDOS_SHOWN:
        lines.append(f"…and {len(reading.undos) - UNDOS_SHOWN} more undos (see the JSON)")
    return lines
