"""Render a report as one self-contained HTML page: a replay of the game on an SVG map
with step controls, the findings (each linked to its step), the computations beside their
steps, and the coverage collapsed at the end.

Everything is inline (style, script, data, maps): the page opens from a mail attachment
with no network. Markup is built with ElementTree, so all text is escaped; the replay data
is JSON in a `<script type="application/json">` whose `<`, `>` and `&` are written as
JSON escapes, so no piece name can close the script (`</script>`).
"""

from __future__ import annotations

import json
from collections import Counter, defaultdict
from collections.abc import Sequence
from importlib.resources import files
from pathlib import PurePath
from xml.etree import ElementTree as ET

from adjudicator.findings import Computation, Finding, Severity
from adjudicator.report.boardimage import (
    IMAGE_BUDGET,
    PIECE_IMAGE_BUDGET,
    PieceImage,
    embed,
    embed_pieces,
)
from adjudicator.report.legend import LEGEND
from adjudicator.report.models import Report, ReportStatus, headline
from adjudicator.report.svgmap import map_svg
from adjudicator.report.text import reading_lines
from adjudicator.report.trace import (
    MAX_STEPS,
    ReplayTrace,
    TraceImage,
    TraceMap,
    TraceMove,
    TracePiece,
)

BATTLE_KINDS = ("battle", "siege", "interception", "retreat", "attrition")
"""Computation kinds (as substrings) that mark a step's battle on the map."""
LEGEND_ORDER = (Severity.ILLEGAL, Severity.CHECK, Severity.REMINDER, Severity.UNCHECKED,
                Severity.INFO)
REASONS_SHOWN = 5
"""Reasons the page gives for piece images left out (then a count of the others)."""


def _asset(name: str) -> str:
    return files("adjudicator.report.replay_page").joinpath(name).read_text("utf-8")


def _add(parent: ET.Element, tag: str, text: str | None = None,
         **attributes: str) -> ET.Element:
    element = ET.SubElement(parent, tag, {k.rstrip("_").replace("_", "-"): v
                                          for k, v in attributes.items()})
    if text is not None:
        element.text = text
    return element


def severity_texts() -> dict[Severity, str]:
    """What each severity means, for the page's legend (the shared legend's words)."""
    return {entry.severity: entry.text for entry in LEGEND}


def script_json(data: object) -> str:
    """JSON safe inside `<script>`: no `<`, `>` or `&` appears literally."""
    text = json.dumps(data, ensure_ascii=False, separators=(",", ":"))
    return (text.replace("&", "\\u0026").replace("<", "\\u003c").replace(">", "\\u003e")
            .replace("\u2028", "\\u2028").replace("\u2029", "\\u2029"))


def percentages(computation: Computation) -> str:
    """The computation's probabilities as `name 5/12 (41.7%)`, joined; empty if none."""
    return "; ".join(f"{name.replace('_', ' ')} {p.fraction} ({p.decimal:.1%})"
                     for name, p in computation.probabilities.items())


def _finding_data(finding: Finding, number: int) -> dict[str, object]:
    return {"n": number, "step": finding.step, "severity": finding.severity.value,
            "message": finding.message, "pieces": list(finding.pieces),
            "spaces": list(finding.spaces)}


class PieceImages:
    """The piece images a page embeds: each distinct one once (`table`, for the script),
    and the number each drawn piece refers to it by."""

    __slots__ = ("index", "table")

    def __init__(self, embedded: dict[str, PieceImage] | None = None) -> None:
        self.table: list[dict[str, object]] = []
        self.index: dict[str, int] = {}
        for entry, image in (embedded or {}).items():
            if image.uri is not None:
                self.index[entry] = len(self.table)
                self.table.append({"uri": image.uri, "w": image.width, "h": image.height})

    def number(self, entry: str | None) -> int:
        """The table number of an entry's image; -1 when it is not embedded."""
        return -1 if entry is None else self.index.get(entry, -1)


def _wanted_images(trace: ReplayTrace) -> list[str]:
    """Every piece image entry the trace draws, the most drawn first."""
    counts: Counter[str] = Counter()
    counts.update(piece.image for piece in trace.start if piece.image is not None)
    for step in trace.steps:
        counts.update(m.image for m in step.moves if m.image is not None)
        counts.update(p.image for p in step.added if p.image is not None)
        counts.update(image for _, image in step.flipped if image is not None)
    return [entry for entry, _ in sorted(counts.items(), key=lambda item: (-item[1], item[0]))]


def _piece_images(trace: ReplayTrace, budget: list[int], notes: list[str]) -> PieceImages:
    """The trace's piece images within `PIECE_IMAGE_BUDGET` and what is left of the page's
    image budget (`budget[0]`, spent here); why any is left out goes in `notes`."""
    wanted = _wanted_images(trace)
    if trace.archive is None or not wanted:
        return PieceImages()
    allowed = max(0, min(PIECE_IMAGE_BUDGET, budget[0]))
    embedded = embed_pieces(trace.archive, wanted, budget=allowed)
    images = PieceImages(embedded)
    budget[0] -= sum(len(str(row["uri"])) for row in images.table)
    left_out = [image.reason for image in embedded.values() if image.uri is None]
    if left_out:
        shown = "; ".join(left_out[:REASONS_SHOWN])
        more = len(left_out) - REASONS_SHOWN
        notes.append(f"{len(left_out)} piece image{'s' if len(left_out) != 1 else ''} left "
                     f"out (those pieces are drawn by name): {shown}"
                     + (f"; and {more} more" if more > 0 else "") + ".")
    return images


def _trace_data(trace: ReplayTrace, images: PieceImages) -> dict[str, object]:
    """The trace as the script reads it: its JSON, each drawn piece with the number of its
    embedded image (`img`), each step with the pieces it flipped in place (`flipped`)."""
    data = trace.model_dump(mode="json")
    if not images.index:
        return data

    def mark(rows: list[dict[str, object]], pieces: list[TracePiece] | list[TraceMove]
             ) -> None:
        for row, piece in zip(rows, pieces, strict=True):
            number = images.number(piece.image)
            if number >= 0:
                row["img"] = number

    mark(data["start"], trace.start)
    for row, step in zip(data["steps"], trace.steps, strict=True):
        mark(row["moves"], step.moves)
        mark(row["added"], step.added)
        if step.flipped:
            row["flipped"] = [[piece_id, images.number(image)]
                              for piece_id, image in step.flipped]
    return data


def _page_data(report: Report, trace: ReplayTrace, findings: list[Finding],
               images: PieceImages | None = None) -> dict[str, object]:
    battles = sorted({c.step for c in report.computations if c.step is not None
                      and any(kind in c.kind for kind in BATTLE_KINDS)})
    images = images or PieceImages()
    return {"trace": _trace_data(trace, images),
            "findings": [_finding_data(f, n) for n, f in enumerate(findings)],
            "battles": battles, "pieceImages": images.table}


def render_html(report: Report, *, title: str | None = None, images: bool = True) -> str:
    """The whole report as one HTML document; `images=False` leaves the module's board
    images out (a smaller page)."""
    name = PurePath(report.source.path).name
    html = ET.Element("html", {"lang": "en"})
    head = _add(html, "head")
    _add(head, "meta", charset="utf-8")
    _add(head, "meta", name="viewport", content="width=device-width, initial-scale=1")
    _add(head, "title", title or f"Adjudication of {name}")
    _add(head, "style", _asset("replay.css"))
    body = _add(html, "body")
    _add(body, "h1", f"{report.game_name}: {name}")
    _add(body, "p", f"sha256 {report.source.sha256} · {report.steps} steps · "
                    f"adjudicator {report.tool_version}", class_="meta")
    lead, rest = headline(report)
    verdict = _add(body, "p", class_=f"status {report.status.value}")
    _add(verdict, "strong", lead).tail = rest
    if report.problems:
        problems = _add(body, "div", class_="problems")
        _add(problems, "h2", "Problems reading the file")
        items = _add(problems, "ul")
        for problem in report.problems:
            _add(items, "li", problem)
    shown = [f for f in report.findings if f.severity is not Severity.UNCHECKED]
    trace = _as_drawn(report, report.replay or ReplayTrace(), images=images)
    pieces = PieceImages()
    if report.replay is not None:
        pieces = _replay_section(body, report, trace, images=images)
    _findings_section(body, report, shown)
    _computations_section(body, report.computations)
    _unchecked_section(body, report)
    _legend(body)
    if report.reading is not None:
        _add(body, "h2", "What was read")
        items = _add(body, "ul", class_="reading")
        for line in reading_lines(report.reading):
            _add(items, "li", line)
    _coverage_section(body, report)
    data = _add(body, "script", type="application/json", id="replay-data")
    data.text = script_json(_page_data(report, trace, shown, pieces))
    _add(body, "script", _asset("replay.js"))
    return "<!DOCTYPE html>\n" + ET.tostring(html, encoding="unicode", method="html") + "\n"


def _as_drawn(report: Report, trace: ReplayTrace, *, images: bool) -> ReplayTrace:
    """The trace's maps as the page draws them.

    A map whose module has a board image is drawn as VASSAL shows it, the image under
    the pieces at their pixels, not as a schematic of the game's connections. A file that
    is not of the game gets no game overlay: no calibrated or schematic spaces of the
    game (the module's own regions and zones stay)."""
    foreign = report.status is ReportStatus.NOT_THIS_GAME
    maps = []
    for m in trace.maps:
        board = images and bool(m.images) and m.placed_from == "schematic"
        if board or (foreign and m.placed_from in ("schematic", "calibration")):
            width = max((i.x + i.width for i in m.images), default=None)
            height = max((i.y + i.height for i in m.images), default=None)
            if m.placed_from == "calibration":
                width, height = m.width, m.height
            m = TraceMap(id=m.id, width=width, height=height,
                         spaces=[] if foreign else [s for s in m.spaces
                                                    if m.placed_from != "schematic"],
                         ).with_images(m.images)
        maps.append(m)
    return trace.model_copy(update={"maps": maps})


def _backgrounds(trace_map: TraceMap, budget: list[int],
                 notes: list[str]) -> list[tuple[TraceImage, str]]:
    """The map's board images as `data:` URIs, within what is left of the page's image
    budget (`budget[0]`, spent here); why any is left out goes in `notes`."""
    drawn = []
    for image in trace_map.images:
        embedded = embed(image, budget=budget[0])
        if embedded.uri is None:
            notes.append(f"Board image of {trace_map.id} left out: {embedded.reason}.")
            continue
        budget[0] -= len(embedded.uri)
        drawn.append((image, embedded.uri))
    return drawn


def _replay_section(body: ET.Element, report: Report, trace: ReplayTrace, *,
                    images: bool) -> PieceImages:
    """The replay's controls, maps and step panel; the piece images the page embeds."""
    section = _add(body, "section", id="replay")
    _add(section, "h2", "Replay")
    if trace.total_steps > len(trace.steps):
        _add(section, "p", f"First {len(trace.steps)} steps shown of {trace.total_steps} "
                           f"(a page keeps at most {MAX_STEPS:,}).", class_="capped")
    controls = _add(section, "div", class_="controls")
    for button_id, label, hint in (("first", "|◀", "first step"), ("prev", "◀", "previous"),
                                   ("next", "▶", "next"), ("last", "▶|", "last step")):
        _add(controls, "button", label, id=button_id, type="button", title=hint,
             aria_label=hint)
    _add(controls, "input", id="slider", type="range", min="0",
         max=str(len(trace.steps)), value="0", aria_label="step")
    _add(controls, "span", "step 0 (starting position)", id="step-label")
    if len(trace.maps) > 1:
        tabs = _add(section, "div", class_="tabs", role="tablist")
        for number, trace_map in enumerate(trace.maps):
            _add(tabs, "button", trace_map.id, type="button", class_="tab",
                 data_map=str(number), role="tab")
    layout = _add(section, "div", class_="stage")
    maps = _add(layout, "div", class_="maps")
    budget: list[int] = [IMAGE_BUDGET]
    notes: list[str] = []
    for number, trace_map in enumerate(trace.maps):
        backgrounds = _backgrounds(trace_map, budget, notes) if images else []
        maps.append(map_svg(trace, trace_map, number, backgrounds=backgrounds))
    pieces = _piece_images(trace, budget, notes) if images else PieceImages()
    for note in notes:
        _add(section, "p", note, class_="capped")
    if not trace.maps:
        _add(maps, "p", "No piece stands on a map in this file.", class_="empty")
    panel = _add(layout, "aside", id="step-panel")
    _add(panel, "h3", "Starting position", id="step-title")
    _add(panel, "p", "", id="step-player")
    _add(panel, "ul", id="step-moves")
    _add(panel, "ul", id="step-dice")
    _add(panel, "ul", id="step-chat")
    computations = _add(panel, "div", id="step-computations")
    for computation in report.computations:
        if computation.step is None:
            continue
        item = _add(computations, "p", class_="computation", data_step=str(computation.step),
                    hidden="hidden")
        _add(item, "strong", computation.kind.replace("_", " ")).tail = (
            f": {computation.summary}")
        if computation.probabilities:
            _add(item, "span", f" · {percentages(computation)}", class_="odds")
    _add(panel, "ul", id="step-findings")
    return pieces


def _findings_section(body: ET.Element, report: Report, shown: list[Finding]) -> None:
    _add(body, "h2", f"Findings ({len(shown)})")
    if not shown:
        judged = report.status is ReportStatus.JUDGED and report.coverage.checked
        _add(body, "p", "No rule broken in what was checked." if judged else "No finding.")
        return
    table = _add(body, "table", class_="findings")
    header = _add(table, "tr")
    for label in ("Step", "Player", "Severity", "Rule", "What"):
        _add(header, "th", label)
    for number, finding in enumerate(shown):
        row = _add(table, "tr", class_=f"finding {finding.severity.value}",
                   data_finding=str(number))
        cell = _add(row, "td")
        if finding.step is None:
            cell.text = "game"
        else:
            _add(cell, "a", f"step {finding.step}", href=f"#step-{finding.step}",
                 class_="goto", data_finding=str(number))
        _add(row, "td", finding.player or "")
        _add(row, "td", finding.severity.value, class_="severity")
        _add(row, "td", f"{finding.rule} ({finding.rule_id})")
        _add(row, "td", finding.message, class_="message")


def _computations_section(body: ET.Element, computations: Sequence[Computation]) -> None:
    if not computations:
        return
    _add(body, "h2", "Computations")
    items = _add(body, "ul", class_="computations")
    for computation in computations:
        item = _add(items, "li")
        if computation.step is None:
            item.text = "game · "
        else:
            _add(item, "a", f"step {computation.step}", href=f"#step-{computation.step}",
                 class_="goto", data_step=str(computation.step)).tail = " · "
        _add(item, "strong", computation.kind.replace("_", " ")).tail = (
            f": {computation.summary}")
        if computation.probabilities:
            _add(item, "span", f" · {percentages(computation)}", class_="odds")


def _unchecked_section(body: ET.Element, report: Report) -> None:
    skipped = [f for f in report.findings if f.severity is Severity.UNCHECKED]
    if not skipped:
        return
    details = _add(body, "details", class_="unchecked")
    _add(details, "summary", f"Not checked at these steps ({len(skipped)})")
    items = _add(details, "ul")
    for finding in skipped:
        where = "game" if finding.step is None else f"step {finding.step}"
        _add(items, "li", f"{where} · {finding.rule} ({finding.rule_id}): {finding.message}")


def _legend(body: ET.Element) -> None:
    texts = severity_texts()
    legend = _add(body, "dl", class_="legend")
    for severity in LEGEND_ORDER:
        _add(legend, "dt", severity.value, class_=severity.value)
        _add(legend, "dd", texts.get(severity, ""))


def _coverage_section(body: ET.Element, report: Report) -> None:
    coverage = report.coverage
    _add(body, "h2", "Coverage")
    checked = _add(body, "details", class_="coverage")
    _add(checked, "summary", f"Checked ({len(coverage.checked)} rules)")
    _add(checked, "p", ", ".join(coverage.checked) or "none")
    if coverage.partial:
        partial = _add(body, "details", class_="coverage")
        _add(partial, "summary", f"Partly checked ({len(coverage.partial)} rules: not at "
                                 "steps whose locations were unresolved)")
        items = _add(partial, "ul")
        for rule_id, steps in coverage.partial.items():
            _add(items, "li", f"{rule_id}: {steps}")
    by_reason: dict[str, list[str]] = defaultdict(list)
    for rule_id, reason in sorted(coverage.unchecked.items()):
        by_reason[reason].append(rule_id)
    for reason, rule_ids in sorted(by_reason.items(), key=lambda item: -len(item[1])):
        group = _add(body, "details", class_="coverage unchecked")
        _add(group, "summary", f"Not checked: {reason} ({len(rule_ids)} "
                               f"rule{'s' if len(rule_ids) != 1 else ''})")
        _add(group, "p", ", ".join(rule_ids))
