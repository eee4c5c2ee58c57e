"""Writing a fixture module: the buildFile XML pieces and the build every fixture builder
shares (`fixtures/build_*.py`).

A fixture module is a real VASSAL module written from a game's data: piece slots numbered
and encoded as VASSAL encodes them (FORMAT.md §7.9), zones and rows of zones on a board,
lists in a piece window, a player's private hand; `write_fixture` writes the buildFile, the
`.vmod` with its `moduledata`, every scenario as a log and the drafted binding. The layouts
themselves (where each zone stands) are each builder's own, and made up.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from pathlib import Path
from xml.sax.saxutils import escape, quoteattr

from adjudicator.binding import Binding
from vmod_schema.buildfile import Module
from vmod_schema.sequence import join

BUILD = "VASSAL.build"
GRID = f"{BUILD}.module.map.boardPicker.board"


class Slots:
    """Numbers piece slots (gpid) and writes their encoded definitions (FORMAT.md §7.9)."""

    def __init__(self, first: int = 100) -> None:
        self.next = first

    def _slot(self, tag: str, entry: str, type_: str, state: str, size: tuple[int, int]
              ) -> str:
        gpid = self.next
        self.next += 1
        # The slot's text is `/`-delimited: a `/` in a name (`New York/New Jersey`) is
        # escaped as VASSAL's encoder escapes it (FORMAT.md §3.1).
        text = join(["+", "null", type_, f"{state};{gpid};0"], "/")
        return (f'<{BUILD}.widget.{tag} entryName={quoteattr(entry)} gpid="{gpid}" '
                f'height="{size[1]}" width="{size[0]}">{escape(text)}</{BUILD}.widget.{tag}>')

    def piece(self, name: str, prototype: str | None = None, image: str = "") -> str:
        """A one-sided piece, with a prototype (its Kind) and an image (a file of the
        module's `images/`) when given."""
        if prototype is None:
            return self._slot("PieceSlot", name, f"piece;;;{image};{name}", "null;0;0",
                              (50, 50))
        return self._slot("PieceSlot", name,
                          f"prototype;{prototype}\tpiece;;;{image};{name}", "\tnull;0;0",
                          (50, 50))

    def layered(self, name: str, levels: Sequence[str], command: str = "Flip",
                level: int = 1) -> str:
        """A piece with a Layer (its sides) changed by `command`: each level shows its own
        name; it shows level `level` (1-based)."""
        images = ",".join(f"{file_name(level)}.png" for level in levels)
        layer = (f"emb2;;;;{command};;70,130;;;;;;1;false;0;0;{images};{','.join(levels)};"
                 f"true;Side;;;false;;1;1;true;;70,130;;{name} side;1.0;;")
        return self._slot("PieceSlot", name, f"{layer}\tpiece;;;;{name}",
                          f"{level}\tnull;0;0", (50, 50))

    def card(self, name: str) -> str:
        """A card (a deck's CardSlot)."""
        return self._slot("CardSlot", name, f"piece;;;;{name}", "null;0;0", (100, 150))


def file_name(name: str) -> str:
    """A name as an image file's stem (`Don't Tread` → `don_t_tread`)."""
    return "".join(c if c.isalnum() else "_" for c in name.lower())


def zone(name: str, x: int, y: int, w: int, h: int) -> str:
    """A rectangular Zone of a board's ZonedGrid."""
    path = f"{x},{y};{x + w},{y};{x + w},{y + h};{x},{y + h}"
    return (f'<{GRID}.mapgrid.Zone name={quoteattr(name)} path="{path}" '
            'locationFormat="$name$"/>')


def row(names: Iterable[str], x: int, y: int, w: int = 90, h: int = 90,
        gap: int = 5) -> list[str]:
    """Zones side by side, left to right (a track's boxes)."""
    return [zone(name, x + i * (w + gap), y, w, h) for i, name in enumerate(names)]


def list_widget(name: str, slots: Iterable[str]) -> list[str]:
    """A list of slots in a piece window."""
    return [f"<{BUILD}.widget.ListWidget name={quoteattr(name)}>", *slots,
            f"</{BUILD}.widget.ListWidget>"]


def hand(side: str) -> list[str]:
    """A side's private hand: a PlayerHand map `<side> Hand`."""
    name = f"{side} Hand"
    return [
        f'<{BUILD}.module.PlayerHand mapName="{name}" side="{side}" visible="false" '
        'edgeWidth="0" edgeHeight="0">',
        f"<{BUILD}.module.map.BoardPicker>",
        f'<{BUILD}.module.map.boardPicker.Board name="{name}" width="1200" height="300" '
        'reversible="false"/>',
        f"</{BUILD}.module.map.BoardPicker>",
        f"</{BUILD}.module.PlayerHand>"]


def write_fixture(out: Path, text: str, vmod: str, scenarios: Sequence[Path],
                  draft: Callable[[Module], Binding],
                  images: Mapping[str, bytes] | None = None) -> None:
    """Write a fixture into `out`: `module/buildFile.xml` (the buildFile `text`), the
    `vmod` zipped with its `moduledata` and `images` (file name → bytes, as
    `images/<name>`), `games/<scenario>.vlog` for every scenario, and `binding.toml`, the
    binding `draft` makes for the module (read from the `.vmod`, so boards with an image
    have its size)."""
    from adjudicator.binding import dump_binding
    from adjudicator.scenario import build_scenario_log
    from vmod_schema.buildfile import open_module
    from vmod_schema.files import atomic_write
    from vmod_schema.savefile import atomic_write_zip, metadata_xml

    data = text.encode("utf-8")
    atomic_write(out / "module" / "buildFile.xml", data)
    module = open_module(out / "module" / "buildFile.xml")
    pictures = [(f"images/{name}", data) for name, data in sorted((images or {}).items())]
    moduledata = metadata_xml([("version", module.version),
                               ("VassalVersion", module.vassal_version),
                               ("dateSaved", "1700000000000"), ("name", module.name)])
    atomic_write_zip(out / vmod, [("buildFile.xml", data), ("moduledata", moduledata),
                                  *pictures])
    for scenario in scenarios:
        build_scenario_log(scenario, out / "games" / f"{scenario.stem}.vlog")
    if pictures:
        module = open_module(out / vmod)
    atomic_write(out / "binding.toml", dump_binding(draft(module)).encode("utf-8"))
