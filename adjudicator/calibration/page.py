"""The calibration page: one self-contained HTML file (no network, no server).

It shows the module's own board image with the seeded places marked (green, with the
at-start stack each came from), the at-start stacks nothing seeded (hollow: a click near
one snaps to it), and the list of places still without a point. The user picks a place
(the next one is picked for them), clicks where it is on the board, and exports the
calibration TOML (`adjudicator.calibration.file`), which `bind --calibration` reads.

Everything the module says (names, the image) is data: names go into the page as JSON a
script reads into text nodes, never as markup; the image is a data URI shown by an
`<img>` (an SVG board cannot run its scripts there).
"""

from __future__ import annotations

import base64
import json
from dataclasses import dataclass
from html import escape

from adjudicator.systems.common.calibration_seed import Seeded

IMAGE_TYPES = {"png": "image/png", "jpg": "image/jpeg", "jpeg": "image/jpeg",
               "gif": "image/gif", "svg": "image/svg+xml", "webp": "image/webp"}
"""Board image types a browser shows, by file extension."""


@dataclass(frozen=True, slots=True)
class BoardImage:
    """The map's board as the page draws it."""

    width: int
    height: int
    name: str = ""
    data: bytes = b""
    """The image file's bytes (empty: no image, a blank board of the size is drawn)."""

    @property
    def data_uri(self) -> str:
        """The image as a data URI ("" when there is none or its type is not shown)."""
        kind = IMAGE_TYPES.get(self.name.rsplit(".", 1)[-1].lower())
        if not self.data or kind is None:
            return ""
        return f"data:{kind};base64,{base64.b64encode(self.data).decode('ascii')}"


def _json_for_script(value: object) -> str:
    """JSON safe inside a `<script>` element (no `</script>`, no `<!--`)."""
    text = json.dumps(value, ensure_ascii=True, sort_keys=True)
    return text.replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026")


def calibration_page(seeded: Seeded, board: BoardImage, *, game: str, module: str,
                     radius: int) -> str:
    """The page's HTML."""
    data = {
        "game": game, "module": module, "map": seeded.map, "radius": radius,
        "width": board.width, "height": board.height,
        "seeded": [{"place": place, "x": point.x, "y": point.y, "radius": point.radius,
                    "from": seeded.sources.get(place, "")}
                   for place, point in sorted(seeded.points.items())],
        "stacks": [{"name": stack.name, "x": stack.x, "y": stack.y,
                    "pieces": list(stack.pieces[:20]), "count": len(stack.pieces),
                    "candidates": list(stack.candidates)} for stack in seeded.stacks],
        "remaining": list(seeded.remaining),
    }
    image = board.data_uri
    background = (f'<img id="board-image" src="{escape(image)}" alt="the board" '
                  f'width="{board.width}" height="{board.height}">' if image else
                  '<div id="board-image" class="blank"></div>')
    return (_PAGE.replace("@TITLE@", escape(f"Calibrate {seeded.map}"))
            .replace("@W@", str(board.width)).replace("@H@", str(board.height))
            .replace("@BACKGROUND@", background)
            .replace("@DATA@", _json_for_script(data)))


_PAGE = """<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; img-src data:; \
style-src 'unsafe-inline'; script-src 'unsafe-inline'">
<title>@TITLE@</title>
<style>
body { font-family: sans-serif; margin: 0; display: flex; gap: 1em; }
#side { width: 300px; padding: 0.5em; flex: none; }
#places { width: 100%; }
#toml { width: 100%; height: 12em; font-family: monospace; font-size: 11px; }
#board { position: relative; width: 800px; flex: none; }
#board-image { display: block; width: 100%; height: auto; }
#board-image.blank { aspect-ratio: @W@ / @H@; background: #eee; }
#overlay { position: absolute; left: 0; top: 0; width: 100%; height: 100%; cursor: crosshair; }
circle.seeded { fill: rgba(0,160,0,0.35); stroke: #060; stroke-width: 6; }
circle.clicked { fill: rgba(0,80,220,0.35); stroke: #03a; stroke-width: 6; }
circle.stack { fill: none; stroke: #666; stroke-width: 6; stroke-dasharray: 16 10; }
text { font-size: 48px; paint-order: stroke; stroke: #fff; stroke-width: 8px; }
</style></head>
<body>
<div id="side">
<h1>Calibrate <span id="map-name"></span></h1>
<p id="status"></p>
<p>Pick a place, then click where it is on the board. Green: seeded from the module's
at-start stacks and the game's set-up. Dashed: at-start stacks nothing seeded (a click
near one takes its point). Pick "a stock pool" for a pool of spare pieces: pieces there
are off the map.</p>
<label>Place <select id="places" size="14"></select></label>
<p><button id="skip" type="button">Skip this place</button>
<button id="undo" type="button">Undo the last click</button>
<label>Radius <input id="radius" type="number" min="1" max="10000"></label></p>
<p><button id="export" type="button">Export calibration</button></p>
<textarea id="toml" readonly></textarea>
</div>
<div id="board">@BACKGROUND@
<svg id="overlay" viewBox="0 0 @W@ @H@" preserveAspectRatio="none"
 xmlns="http://www.w3.org/2000/svg"></svg></div>
<script type="application/json" id="calibration-data">@DATA@</script>
<script>
"use strict";
const DATA = JSON.parse(document.getElementById("calibration-data").textContent);
const SVG = "http://www.w3.org/2000/svg";
const overlay = document.getElementById("overlay");
const select = document.getElementById("places");
const radiusInput = document.getElementById("radius");
const clicked = new Map();
const history = [];
let stocks = 0;
radiusInput.value = DATA.radius;
document.getElementById("map-name").textContent = DATA.map;

function mark(x, y, r, cls, label, title) {
  const c = document.createElementNS(SVG, "circle");
  c.setAttribute("cx", x); c.setAttribute("cy", y); c.setAttribute("r", r);
  c.setAttribute("class", cls);
  const t = document.createElementNS(SVG, "title"); t.textContent = title; c.append(t);
  overlay.append(c);
  if (label) {
    const text = document.createElementNS(SVG, "text");
    text.setAttribute("x", x + r + 6); text.setAttribute("y", y + 16);
    text.setAttribute("class", cls); text.textContent = label; overlay.append(text);
    c.label = text;
  }
  return c;
}
for (const s of DATA.seeded) {
  mark(s.x, s.y, s.radius, "seeded", s.place, s.place + " (" + s.from + ")");
}
const stackMarks = DATA.stacks.map(s => ({s: s, el: mark(s.x, s.y, DATA.radius, "stack", "",
  s.name + ": " + s.count + " pieces" + (s.candidates.length ? "; one of " +
  s.candidates.join(", ") : ""))}));
function option(value, text) {
  const o = document.createElement("option"); o.value = value; o.textContent = text;
  select.append(o); return o;
}
for (const place of DATA.remaining) option(place, place);
option("stock", "a stock pool (off the map)");
select.selectedIndex = 0;

function status() {
  const left = Array.from(select.options).filter(o => o.value !== "stock").length;
  document.getElementById("status").textContent = DATA.seeded.length + " seeded, " +
    clicked.size + " clicked, " + left + " left";
}
function next(removed) {
  const index = removed.index;
  if (removed.value !== "stock") removed.remove();
  select.selectedIndex = Math.min(index, select.options.length - 1);
  status();
}
overlay.addEventListener("click", event => {
  const chosen = select.options[select.selectedIndex];
  if (!chosen) return;
  const point = new DOMPoint(event.clientX, event.clientY)
    .matrixTransform(overlay.getScreenCTM().inverse());
  let x = Math.round(point.x), y = Math.round(point.y);
  const r = Number(radiusInput.value) || DATA.radius;
  let best = null;
  for (const m of stackMarks) {
    const d = Math.hypot(m.s.x - x, m.s.y - y);
    if (!m.used && d <= r && (!best || d < best.d)) best = {m: m, d: d};
  }
  if (best) { x = best.m.s.x; y = best.m.s.y; best.m.used = true; best.m.el.remove(); }
  const place = chosen.value === "stock" ? "stock:" + (++stocks) : chosen.value;
  clicked.set(place, {x: x, y: y, radius: r});
  history.push({place: place, index: chosen.index, stack: best ? best.m : null,
                el: mark(x, y, r, "clicked", place, place)});
  next(chosen);
});
document.getElementById("undo").addEventListener("click", () => {
  const last = history.pop();
  if (!last) return;
  clicked.delete(last.place);
  last.el.remove(); if (last.el.label) last.el.label.remove();
  if (last.stack) { last.stack.used = false; overlay.append(last.stack.el); }
  if (last.place.startsWith("stock:")) { stocks -= 1; }
  else {
    const o = document.createElement("option"); o.value = last.place;
    o.textContent = last.place;
    select.insertBefore(o, select.options[last.index] || null);
    select.selectedIndex = o.index;
  }
  status();
});
document.getElementById("skip").addEventListener("click", () => {
  const chosen = select.options[select.selectedIndex];
  if (chosen && chosen.value !== "stock") {
    select.selectedIndex = (select.selectedIndex + 1) % select.options.length;
  }
});
function tomlString(text) {
  let out = "";
  for (const ch of String(text)) {
    const code = ch.codePointAt(0);
    if (ch === "\\\\" || ch === '"') out += "\\\\" + ch;
    else if (code < 32 && ch !== "\\t" || code === 127)
      out += "\\\\u" + code.toString(16).padStart(4, "0");
    else out += ch;
  }
  return '"' + out + '"';
}
function exportToml() {
  const lines = ["# Calibration of " + tomlString(DATA.map) + " exported by the calibration page",
    "game = " + tomlString(DATA.game), "module = " + tomlString(DATA.module), "",
    "[calibration]"];
  const line = (place, p) => tomlString(place) + " = { map = " + tomlString(DATA.map) +
    ", x = " + p.x + ", y = " + p.y + ", radius = " + p.radius + " }";
  for (const s of DATA.seeded) lines.push(line(s.place, s));
  for (const [place, p] of clicked) lines.push(line(place, p));
  const text = lines.join("\\n") + "\\n";
  document.getElementById("toml").value = text;
  const link = document.createElement("a");
  link.href = URL.createObjectURL(new Blob([text], {type: "application/toml"}));
  link.download = "calibration.toml";
  document.body.append(link); link.click(); link.remove();
  return text;
}
document.getElementById("export").addEventListener("click", exportToml);
status();
</script></body></html>
"""

__all__ = ["BoardImage", "calibration_page"]
