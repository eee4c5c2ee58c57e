"""The static part of a replay map as SVG: its extent, its named spaces (points, zone
outlines), a schematic's connections. Pieces and move arrows are drawn over it by the
page's script, step by step, in the `pieces` and `arrows` layers this leaves empty.

Built with ElementTree, so every name is escaped.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from xml.etree import ElementTree as ET

from adjudicator.report.trace import ReplayTrace, TraceImage, TraceMap, TracePoint

_GAME_ID = re.compile(r"[a-z]+:[a-z0-9_]+")
MARGIN = 40
"""Pixels around what is drawn when the map's size is unknown."""


@dataclass(frozen=True, slots=True)
class Extent:
    """The rectangle of map pixels an SVG shows."""

    left: float
    top: float
    width: float
    height: float

    @property
    def view_box(self) -> str:
        """The SVG `viewBox` value."""
        return f"{self.left:g} {self.top:g} {self.width:g} {self.height:g}"


def _points_on(trace: ReplayTrace, map_id: str) -> Iterable[TracePoint]:
    for piece in trace.start:
        yield piece.at
    for step in trace.steps:
        for move in step.moves:
            yield move.origin
            yield move.destination
        for piece in step.added:
            yield piece.at


def extent(trace: ReplayTrace, trace_map: TraceMap) -> Extent:
    """What to show of a map: its size when known (schematic: the layout's box), grown to
    take in every space and every piece position the trace places on it."""
    xs: list[float] = []
    ys: list[float] = []
    if trace_map.width is not None and trace_map.height is not None:
        xs += [0, trace_map.width]
        ys += [0, trace_map.height]
    for space in trace_map.spaces:
        xs.append(space.x)
        ys.append(space.y)
        for x, y in space.outline:
            xs.append(x)
            ys.append(y)
    if trace_map.placed_from != "schematic":
        for point in _points_on(trace, trace_map.id):
            if point.map == trace_map.id:
                xs.append(point.x)
                ys.append(point.y)
    if not xs:
        return Extent(0, 0, 400, 300)
    left, top = min(xs) - MARGIN, min(ys) - MARGIN
    return Extent(left, top, max(max(xs) + MARGIN - left, 200), max(max(ys) + MARGIN - top, 150))


def shown_space(name: str) -> str:
    """A space's name as a label: a game id (`space:lexington_and_concord`, a calibrated
    space) in words (`lexington and concord`); any other name as it is.

    >>> shown_space("space:lexington_and_concord"), shown_space("New York")
    ('lexington and concord', 'New York')
    """
    if _GAME_ID.fullmatch(name):
        return name.split(":", 1)[1].replace("_", " ")
    return name


def map_svg(trace: ReplayTrace, trace_map: TraceMap, number: int, *,
            backgrounds: Sequence[tuple[TraceImage, str]] = ()) -> ET.Element:
    """The SVG of one map: background (the module's board images, `data:` URIs, when
    given), spaces and empty layers for the script (piece images, arrows, pieces)."""
    box = extent(trace, trace_map)
    svg = ET.Element("svg", {
        "xmlns": "http://www.w3.org/2000/svg", "class": "map", "id": f"map-{number}",
        "viewBox": box.view_box, "data-map": trace_map.id,
        "data-placed-from": trace_map.placed_from, "role": "img",
        "aria-label": f"map {trace_map.id}"})
    defs = ET.SubElement(svg, "defs")
    marker = ET.SubElement(defs, "marker", {
        "id": f"arrowhead-{number}", "viewBox": "0 0 10 10", "refX": "9", "refY": "5",
        "markerWidth": "6", "markerHeight": "6", "orient": "auto-start-reverse"})
    ET.SubElement(marker, "path", {"d": "M 0 0 L 10 5 L 0 10 z", "class": "arrowhead"})
    ET.SubElement(svg, "rect", {"class": "ground", "x": f"{box.left:g}", "y": f"{box.top:g}",
                                "width": f"{box.width:g}", "height": f"{box.height:g}"})
    for image, uri in backgrounds:
        ET.SubElement(svg, "image", {
            "class": "board", "href": uri, "x": str(image.x), "y": str(image.y),
            "width": str(image.width), "height": str(image.height),
            "preserveAspectRatio": "none", "data-entry": image.entry})
    if backgrounds:
        svg.set("data-board-image", "drawn")
    scale = max(1.0, box.width / 1100)
    spaces = ET.SubElement(svg, "g", {"class": "spaces", "font-size": f"{16 * scale:.0f}"})
    where = {space.name: space for space in trace_map.spaces}
    for a, b in trace_map.connections:
        if a in where and b in where:
            ET.SubElement(spaces, "line", {
                "class": "connection", "x1": f"{where[a].x:g}", "y1": f"{where[a].y:g}",
                "x2": f"{where[b].x:g}", "y2": f"{where[b].y:g}"})
    for space in trace_map.spaces:
        group = ET.SubElement(spaces, "g", {"class": "space", "data-space": space.name})
        if space.outline:
            ET.SubElement(group, "polygon", {
                "class": "zone",
                "points": " ".join(f"{x:g},{y:g}" for x, y in space.outline)})
        else:
            ET.SubElement(group, "circle", {"class": "spot", "cx": f"{space.x:g}",
                                            "cy": f"{space.y:g}", "r": f"{14 * scale:.0f}"})
        label = ET.SubElement(group, "text", {"class": "space-label", "x": f"{space.x:g}",
                                              "y": f"{space.y - 18 * scale:g}",
                                              "data-x": f"{space.x:g}",
                                              "data-y": f"{space.y:g}"})
        label.text = shown_space(space.name)
    ET.SubElement(svg, "g", {"class": "piece-images"})
    ET.SubElement(svg, "g", {"class": "arrows"})
    ET.SubElement(svg, "g", {"class": "pieces"})
    return svg
