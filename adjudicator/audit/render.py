"""The audit report for people: Markdown and a self-contained HTML page (and the terminal
lines of `adjudicator series`' whole-game dice, `series_dice_lines`).

Both are drawn from one outline (`outline(audit)`: headings, paragraphs, lists and tables
of plain text), so they always say the same thing; each renderer escapes the text its own
way (Markdown's special characters; HTML through ElementTree). Long lists are cut at
`SHOWN` items with a line saying how many more the JSON holds.

Dice figures are headed and worded as statistics of what was recorded, never as
judgements of anyone.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import PurePath
from xml.etree import ElementTree as ET

from adjudicator.audit.dice import (
    EXACT_MAX_DICE,
    EXACT_MAX_SIDES,
    MIN_DICE_PER_FACE_FOR_VERDICT,
    UNUSUAL_Q,
    DiceEntry,
)
from adjudicator.audit.summary_models import AuditReport, SeriesSummary
from adjudicator.report.legend import legend_line
from adjudicator.report.markdown import escape

SHOWN = 20
"""Items listed per list in Markdown and HTML (the JSON has them all)."""
DIFFERENCES_SHOWN = 8
"""Pieces listed per series break."""
DICE_NOTE = ("Statistics of the rolls the files recorded, per player, label and number of "
             "dice. Small samples vary a lot; a low p-value says the faces are uneven, not "
             "why. These figures describe the dice and judge nobody.")
DICE_METHOD = (
    f"p: how often fair dice give faces at least this uneven, by the exact test (up to "
    f"{EXACT_MAX_DICE} dice of up to {EXACT_MAX_SIDES} faces) or else the chi-square "
    f"approximation. q: p corrected for every test in the table at once (Benjamini–"
    f"Hochberg). An entry is called unusual only when q < {UNUSUAL_Q}: then, on average, "
    f"at most 1 in {round(1 / UNUSUAL_Q)} of the entries so called come from "
    f"fair dice. "
    f"No verdict below {MIN_DICE_PER_FACE_FOR_VERDICT} dice per face: so few dice cannot "
    f"tell fair dice from biased ones.")


@dataclass(frozen=True, slots=True)
class Heading:
    level: int
    text: str


@dataclass(frozen=True, slots=True)
class Paragraph:
    text: str
    strong: str = ""
    """Bold text before `text`."""


@dataclass(frozen=True, slots=True)
class Bullets:
    items: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Table:
    header: tuple[str, ...]
    rows: tuple[tuple[str, ...], ...]
    marked: frozenset[int] = frozenset()
    """Rows (by index) to draw attention to: dice entries whose verdict is "unusual"."""


Block = Heading | Paragraph | Bullets | Table


def _cut(items: Sequence[str], limit: int = SHOWN) -> tuple[str, ...]:
    if len(items) <= limit:
        return tuple(items)
    return (*items[:limit], f"…and {len(items) - limit} more (see the JSON report)")


def _name(path: str) -> str:
    return PurePath(path).name


def _plural(count: int, noun: str, nouns: str | None = None) -> str:
    return f"{count} {noun if count == 1 else nouns or noun + 's'}"


def _counts(counts: dict[str, int]) -> str:
    return ", ".join(f"{n} {what}" for what, n in counts.items()) or "none"


def _gap(seconds: float | None, *, saved_before: bool = False) -> str:
    if saved_before:
        return "saved before it (clock?)"
    if seconds is None:
        return ""
    if seconds < 3600:
        return f"{seconds / 60:.0f} min"
    if seconds < 2 * 86400:
        return f"{seconds / 3600:.1f} h"
    return f"{seconds / 86400:.1f} days"


def outline(audit: AuditReport) -> list[Block]:
    """The report's content as blocks of plain text, in reading order."""
    totals = audit.totals
    blocks: list[Block] = [
        Heading(1, f"Audit of {totals.files} files"),
        Paragraph(f" · statuses: {_counts(totals.statuses)} · findings: "
                  f"{_counts(totals.findings)} · {_plural(totals.series, 'series', 'series')}"
                  f", {_plural(totals.breaks, 'break')}, {_plural(totals.forks, 'fork')} · "
                  f"{_plural(totals.rolls, 'roll')}, {_plural(totals.undos, 'undo')} · "
                  f"adjudicator {audit.tool_version}",
                  strong=f"{totals.files} files"),
    ]
    blocks += _games(audit)
    blocks += _players(audit)
    blocks += _series(audit)
    blocks += _dice(audit)
    blocks += _files(audit)
    blocks.append(Paragraph(legend_line()))
    return blocks


def _games(audit: AuditReport) -> list[Block]:
    blocks: list[Block] = [Heading(2, "Games")]
    for game in audit.games:
        blocks.append(Heading(3, f"{game.game_name} ({game.game or 'no game system'})"))
        blocks.append(Paragraph(f"{game.files} files · {_counts(game.statuses)} · findings: "
                                f"{_counts(game.severities)}"))
        if game.rules:
            blocks.append(Table(("Rule", "Citation", "Severity", "Findings", "Files"), tuple(
                (rule.rule_id, rule.rule, rule.severity, str(rule.findings), str(rule.files))
                for rule in game.rules)))
    return blocks


def _players(audit: AuditReport) -> list[Block]:
    blocks: list[Block] = [Heading(2, "Players")]
    if not audit.players:
        return [*blocks, Paragraph("No player was named in the files.")]
    blocks.append(Table(("Player", "Files", "Sides", "Rolls", "Undos", "Re-rolls"), tuple(
        (player.name, str(player.files), ", ".join(player.sides), str(player.rolls),
         str(player.undos), str(len(player.rerolls))) for player in audit.players)))
    for player in audit.players:
        if not player.undone and not player.rerolls:
            continue
        blocks.append(Heading(3, f"{player.name}: undos and re-rolls"))
        undos = [f"{_name(u.file)} step {u.step}: took back "
                 f"{'step ' + str(u.undoes) if u.undoes is not None else 'a step'}"
                 f"{': ' + '; '.join(u.took_back) if u.took_back else ''}"
                 for u in player.undone]
        rerolls = [f"{_name(r.file)} {r.label}: rolled {r.before} at step {r.first}, undone, "
                   f"rolled again {r.after} at step {r.again}" for r in player.rerolls]
        if undos:
            blocks.append(Bullets(_cut(undos)))
        if rerolls:
            blocks.append(Bullets(_cut(rerolls)))
    return blocks


def _series(audit: AuditReport) -> list[Block]:
    blocks: list[Block] = [Heading(2, "PBEM series")]
    if not audit.series:
        return [*blocks, Paragraph("No folder holds two or more files of one module.")]
    for series in audit.series:
        blocks += _one_series(series)
    return blocks


def _one_series(series: SeriesSummary) -> list[Block]:
    title = f"{series.folder} · {series.module_name or 'module not named'}"
    blocks: list[Block] = [
        Heading(3, title),
        Paragraph(f"{_plural(len(series.files), 'file')}, {series.continued} continuing "
                  f"another · {_plural(len(series.breaks), 'break')} · "
                  f"{_plural(len(series.forks), 'fork')} · "
                  f"{_plural(len(series.roster_changes), 'roster change')}"),
    ]
    if series.note:
        blocks.append(Paragraph(series.note))
    rows = []
    for number, entry in enumerate(series.files, 1):
        follows = ("" if entry.previous is None else
                   f"continues {_name(entry.previous)}" if entry.continues else
                   f"BREAK after {_name(entry.previous)}")
        roster = "; ".join(part for part in (
            f"joined: {', '.join(entry.joined)}" if entry.joined else "",
            f"left: {', '.join(entry.left)}" if entry.left else "") if part)
        copies = ", ".join(_name(copy) for copy in entry.copies)
        rows.append((str(number), _name(entry.path), follows,
                     _gap(entry.gap_seconds, saved_before=entry.saved_before_previous),
                     roster, copies))
    blocks.append(Table(("#", "File", "Follows", "Time since", "Roster", "Identical copies"),
                        tuple(rows[:SHOWN * 5])))
    if len(rows) > SHOWN * 5:
        blocks.append(Paragraph(f"…and {len(rows) - SHOWN * 5} more files (see the JSON)"))
    for fork in series.forks:
        blocks.append(Paragraph(
            f" {_name(fork.parent)} is continued by {len(fork.children)} different files: "
            + ", ".join(_name(child) for child in fork.children[:SHOWN])
            + (" …" if len(fork.children) > SHOWN else ""), strong="Fork:"))
    for found in series.breaks[:SHOWN]:
        blocks.append(Paragraph(f" {_name(found.before)} does not start where "
                                f"{_name(found.after)} ended" +
                                (f" ({found.note})" if found.note else ""), strong="Break:"))
        if found.differences:
            blocks.append(Bullets(_cut([str(d) for d in found.differences],
                                       DIFFERENCES_SHOWN)))
    if len(series.breaks) > SHOWN:
        blocks.append(Paragraph(f"…and {len(series.breaks) - SHOWN} more breaks (see the "
                                "JSON report)"))
    return blocks


def _p_value(entry: DiceEntry) -> str:
    if entry.p_value is not None:
        return f"{entry.p_value:.4g} ({entry.p_method})"
    return f"n/a ({entry.chi_square_note})" if entry.chi_square_note else "n/a"


def _q_value(entry: DiceEntry) -> str:
    return "" if entry.q_value is None else f"{entry.q_value:.4g} ({entry.tests})"


def _verdict(entry: DiceEntry) -> str:
    if entry.verdict is not None:
        return entry.verdict
    return f"no verdict: {entry.verdict_note}" if entry.verdict_note else "no verdict"


def _tested(entries: Sequence[DiceEntry]) -> Paragraph:
    tests = sum(1 for entry in entries if entry.tests)
    unusual = sum(1 for entry in entries if entry.unusual)
    if not tests:
        return Paragraph(" no entry has enough dice for a verdict.", strong="Verdicts:")
    return Paragraph(f" {_plural(tests, 'test')}; {unusual} unusual after correction "
                     f"(q < {UNUSUAL_Q}), {tests - unusual} consistent with fair dice.",
                     strong="Verdicts:")


def _extremes(entry: DiceEntry) -> str:
    if not entry.dice:
        return ""
    highest = "?" if entry.all_max is None else str(entry.all_max)
    expected = ("" if entry.extreme_expected is None
                else f" (fair dice: {entry.extreme_expected} each)")
    return f"{entry.all_ones} / {highest}{expected}"


def _dice(audit: AuditReport) -> list[Block]:
    blocks: list[Block] = [Heading(2, "Dice statistics"), Paragraph(DICE_NOTE),
                           Paragraph(DICE_METHOD)]
    if not audit.dice:
        return [*blocks, Paragraph("No rolls were recorded.")]
    blocks.append(_tested(audit.dice))
    blocks.append(Table(
        ("Player", "Label", "Dice", "Rolls", "Faces", "Mean (fair)", "p (test)",
         "q (tests)", "Verdict", "Longest run", "All 1s / all max", "Undone", "Re-rolls"),
        tuple((entry.player or "(not recorded)", entry.label, str(entry.dice),
               str(entry.rolls), " ".join(f"{face}:{n}" for face, n in entry.faces.items()),
               f"{entry.mean}" + (f" ({entry.expected_mean})"
                                  if entry.expected_mean is not None else ""),
               _p_value(entry), _q_value(entry), _verdict(entry),
               f"{entry.longest_streak.length}× {entry.longest_streak.total}",
               _extremes(entry), str(entry.undone), str(entry.rerolls))
              for entry in audit.dice),
        marked=frozenset(i for i, entry in enumerate(audit.dice) if entry.unusual)))
    for series in audit.series:
        if series.dice:
            blocks += _series_dice(series)
    if audit.undone_rolls:
        blocks.append(Heading(3, "Rolls made and then undone"))
        blocks.append(Bullets(_cut([
            f"{_name(roll.file)} step {roll.step} · {roll.player or '(not recorded)'} · "
            f"{roll.label}: {','.join(map(str, roll.dice)) or roll.total}"
            + (" · rolled again" if roll.rerolled else "")
            for roll in audit.undone_rolls])))
    return blocks


def _series_dice(series: SeriesSummary) -> list[Block]:
    """A series' whole-game dice: every file of it pooled, corrected for its own tests."""
    return [
        Heading(3, f"Whole game: {series.folder} · {series.module_name or 'module not named'}"),
        Paragraph(f"The rolls of the series' {_plural(len(series.files), 'file')} pooled per "
                  "player, label and number of dice, corrected for the tests of this series."),
        _tested(series.dice),
        Table(("Player", "Label", "Dice", "Rolls", "Faces", "p (test)", "q (tests)",
               "Verdict"),
              tuple((entry.player or "(not recorded)", entry.label, str(entry.dice),
                     str(entry.rolls),
                     " ".join(f"{face}:{n}" for face, n in entry.faces.items()),
                     _p_value(entry), _q_value(entry), _verdict(entry))
                    for entry in series.dice),
              marked=frozenset(i for i, entry in enumerate(series.dice) if entry.unusual)),
    ]


def series_dice_lines(entries: Sequence[DiceEntry]) -> list[str]:
    """Whole-game dice of a series, one line per player, label and number of dice: rolls,
    p-value (and its test), q-value (and the number of tests), verdict or why none."""
    if not entries:
        return []
    tests = sum(1 for entry in entries if entry.tests)
    unusual = sum(1 for entry in entries if entry.unusual)
    lines = [f"dice across the series: {tests} test{'s' if tests != 1 else ''} with a "
             f"verdict, {unusual} unusual after correction (q < {UNUSUAL_Q}); statistics of "
             "the rolls recorded, judging nobody"]
    for entry in entries:
        p = (f"p = {entry.p_value:.3g} ({entry.p_method})" if entry.p_value is not None
             else "no p-value")
        q = f", q = {entry.q_value:.3g}" if entry.q_value is not None else ""
        verdict = entry.verdict or f"no verdict: {entry.verdict_note or 'no test'}"
        taken_back = "".join(
            f", {count} {what}" for count, what in ((entry.undone, "undone"),
                                                    (entry.rerolls, "re-rolled")) if count)
        lines.append(f"    {entry.player or '(not recorded)'} · {entry.label} · "
                     f"{entry.dice} {'die' if entry.dice == 1 else 'dice'}: "
                     f"{entry.rolls} roll{'s' if entry.rolls != 1 else ''}{taken_back}"
                     f", {p}{q}: {verdict}")
    return lines


def _files(audit: AuditReport) -> list[Block]:
    rows = tuple(
        (file.path, file.game_name, file.status.value, str(file.steps), _counts(file.counts),
         file.problem or ", ".join(_name(s) for s in file.sidecars))
        for file in audit.files)
    return [Heading(2, "Files"),
            Table(("File", "Game", "Status", "Steps", "Findings", "Sidecars or problem"),
                  rows)]


# --------------------------------------------------------------------------------------
# Markdown


def _cell(text: str) -> str:
    return escape(text).replace("\n", " ")


def render_markdown(audit: AuditReport) -> str:
    """The audit report as Markdown."""
    lines: list[str] = []
    for block in outline(audit):
        if isinstance(block, Heading):
            lines += [f"{'#' * block.level} {escape(block.text)}", ""]
        elif isinstance(block, Paragraph):
            lead = f"**{escape(block.strong)}**" if block.strong else ""
            lines += [lead + escape(block.text), ""]
        elif isinstance(block, Bullets):
            lines += [*(f"- {escape(item)}" for item in block.items), ""]
        else:
            lines.append("| " + " | ".join(_cell(h) for h in block.header) + " |")
            lines.append("|" + "---|" * len(block.header))
            lines += ["| " + " | ".join(_cell(c) for c in row) + " |" for row in block.rows]
            lines.append("")
    return "\n".join(lines)


# --------------------------------------------------------------------------------------
# HTML

STYLE = """
body { font-family: system-ui, sans-serif; margin: 2em; max-width: 75em; }
table { border-collapse: collapse; margin: 0.5em 0 1em; }
td, th { border: 1px solid #ccc; padding: 0.25em 0.5em; text-align: left; vertical-align: top; }
th { background: #f3f3f3; }
tr.unusual td { background: #fde8d8; }
"""


def _add(parent: ET.Element, tag: str, text: str | None = None) -> ET.Element:
    element = ET.SubElement(parent, tag)
    if text is not None:
        element.text = text
    return element


def render_html(audit: AuditReport) -> str:
    """The audit report as one self-contained HTML page (no scripts, no external files)."""
    html = ET.Element("html", {"lang": "en"})
    head = _add(html, "head")
    ET.SubElement(head, "meta", {"charset": "utf-8"})
    _add(head, "title", f"Audit of {audit.totals.files} files")
    _add(head, "style", STYLE)
    body = _add(html, "body")
    for block in outline(audit):
        if isinstance(block, Heading):
            _add(body, f"h{block.level}", block.text)
        elif isinstance(block, Paragraph):
            paragraph = _add(body, "p")
            if block.strong:
                _add(paragraph, "strong", block.strong).tail = block.text
            else:
                paragraph.text = block.text
        elif isinstance(block, Bullets):
            items = _add(body, "ul")
            for item in block.items:
                _add(items, "li", item)
        else:
            table = _add(body, "table")
            header = _add(table, "tr")
            for label in block.header:
                _add(header, "th", label)
            for index, row in enumerate(block.rows):
                cells = _add(table, "tr")
                if index in block.marked:
                    cells.set("class", "unusual")
                for cell in row:
                    _add(cells, "td", cell)
    return "<!DOCTYPE html>\n" + ET.tostring(html, encoding="unicode", method="html") + "\n"
