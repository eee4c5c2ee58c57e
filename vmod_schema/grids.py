"""Board grids and the location names they give to points (FORMAT.md §7.6).

Every grid answers `location_name(x, y, size)` for a **board-local** point, where `size` is
the (width, height) of the grid's container — the board, or for a grid inside a Zone the
zone polygon's bounding box — or `None` when unknown (an image board without its image).
The answer `None` means "nothing" (the caller turns it into `offboard`). Only descending
numbering needs the container size; without it such a grid answers nothing.

The arithmetic reproduces the engine's, quirks included: square-grid rows truncate toward
zero, hex-grid descending divides height by `dx` and width by `dy`, and polygon containment
is Java's `Polygon.contains`.
"""

from __future__ import annotations

import abc
import math
from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field, PrivateAttr

from vmod_schema.archive import MAX_GRID_INDEX, MAX_GRID_LEADING_ZEROS
from vmod_schema.formats import format_string

Size = tuple[int, int]
"""A container's (width, height) in pixels."""

Point = tuple[int, int]

_FROZEN = ConfigDict(frozen=True, extra="forbid")
_ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"


def index_name(value: int, kind: Literal["N", "A"], leading: int) -> str:
    """Return the name of a grid row or column index (offset already added) (§7.6).

    Numeric names get up to `leading` zeros (one per power of ten above the value);
    alphabetic names repeat the letter: 0→A, 25→Z, 26→AA, 27→BB.

    >>> index_name(5, "N", 1), index_name(12, "N", 1), index_name(5, "N", 2)
    ('05', '12', '005')
    >>> index_name(50, "N", 2), index_name(7, "N", 0), index_name(-3, "N", 1)
    ('050', '7', '-03')
    >>> index_name(0, "A", 1), index_name(25, "A", 1), index_name(26, "A", 1)
    ('A', 'Z', 'AA')
    >>> index_name(27, "A", 1), index_name(52, "A", 1), index_name(-1, "A", 1)
    ('BB', 'AAA', '-B')
    """
    sign = "-" if value < 0 else ""
    magnitude = abs(value)
    if kind == "A":
        return sign + _ALPHABET[magnitude % 26] * (magnitude // 26 + 1)
    # One zero per power of ten from `leading` down to the value's own (the engine's loop,
    # counted without it).
    zeros = max(0, min(leading, MAX_GRID_LEADING_ZEROS) - len(str(magnitude)) + 1)
    return sign + "0" * zeros + str(magnitude)


class GridNumbering(BaseModel):
    """A `SquareGridNumbering`, `HexGridNumbering` or `ObliqueHexGridNumbering` (§7.6)."""

    model_config = _FROZEN

    kind: Literal["square", "hex", "oblique"] = "square"
    first: Literal["H", "V"] = "H"
    """`H`: column name then row name; `V`: row then column."""
    sep: str = ""
    h_type: Literal["N", "A"] = "N"
    v_type: Literal["N", "A"] = "N"
    h_leading: int = 1
    v_leading: int = 1
    h_off: int = 1
    v_off: int = 1
    h_descend: bool = False
    v_descend: bool = False
    stagger: bool = True
    """Hex only: odd columns are shifted half a hex."""
    location_format: str = "$gridLocation$"

    def name(self, column: int, row: int) -> str:
        """Return the formatted location of 0-based (after descend) `column`, `row`."""
        column_name = index_name(column + self.h_off, self.h_type, self.h_leading)
        row_name = index_name(row + self.v_off, self.v_type, self.v_leading)
        if self.first == "H":
            grid_location = column_name + self.sep + row_name
        else:
            grid_location = row_name + self.sep + column_name
        return format_string(self.location_format, {
            "gridLocation": grid_location, "row": row_name, "column": column_name,
        })


class _NumberedGrid(BaseModel):
    """A grid whose cells are named by a numbering (square and hex grids, §7.6)."""

    model_config = _FROZEN

    numbering: GridNumbering | None = None

    @abc.abstractmethod
    def cell(self, x: int, y: int, size: Size | None = None) -> Point | None:
        """Return the (column, row) of a board-local point, or None if not computable."""

    def location_name(self, x: int, y: int, size: Size | None = None) -> str | None:
        """Return the numbered location of a point; a grid without numbering answers None."""
        if self.numbering is None:
            return None
        cell = self.cell(x, y, size)
        if cell is None or max(abs(cell[0]), abs(cell[1])) > MAX_GRID_INDEX:
            # Far off any board: naming it could repeat a letter millions of times.
            return None
        return self.numbering.name(*cell)


class SquareGrid(_NumberedGrid):
    """A `…board.SquareGrid`: cells `dx`×`dy` with cell (0,0) centred at (`x0`, `y0`)."""

    model_config = _FROZEN

    kind: Literal["square"] = "square"
    dx: float = 48.0
    dy: float = 48.0
    x0: int = 24
    y0: int = 24

    def cell(self, x: int, y: int, size: Size | None = None) -> Point | None:
        """Return the (column, row) of a point after descend rules, or None if not computable.

        >>> SquareGrid().cell(30, 30)
        (0, 0)
        >>> SquareGrid(y0=100).cell(0, 60)   # (60-100)/48+0.5 = -0.33 truncates to 0
        (0, 0)
        """
        column = math.floor((x - self.x0) / self.dx + 0.5)
        # The engine truncates the row toward zero (a cast), where the column is floored.
        row = int((y - self.y0) / self.dy + 0.5)
        numbering = self.numbering
        if numbering is not None and (numbering.h_descend or numbering.v_descend):
            if size is None:
                return None
            if numbering.h_descend:
                column = int(size[0] / self.dx + 0.5) - column
            if numbering.v_descend:
                row = int(size[1] / self.dy + 0.5) - row
        return column, row



class HexGrid(_NumberedGrid):
    """A `…board.HexGrid` (§7.6); `sideways` grids swap x and y before everything else."""

    model_config = _FROZEN

    kind: Literal["hex"] = "hex"
    dx: float = math.sqrt(3) / 2 * 64
    dy: float = 64.0
    x0: int = 0
    y0: int = 32
    sideways: bool = False

    def raw_cell(self, x: int, y: int) -> Point:
        """Return the raw (column, row) of a board-local point.

        >>> HexGrid(dx=50, dy=60, x0=0, y0=0).raw_cell(50, 29)
        (1, 0)
        """
        if self.sideways:
            x, y = y, x
        column = math.floor((x - self.x0) / self.dx + 0.5)
        if column % 2 == 0:
            row = math.floor((y - self.y0) / self.dy + 0.5)
        else:
            row = math.floor((y - self.y0 - self.dy / 2) / self.dy + 0.5)
        return column, row

    def cell(self, x: int, y: int, size: Size | None = None) -> Point | None:
        """Return the numbered (column, row) of a point, or None if not computable."""
        raw_column, raw_row = self.raw_cell(x, y)
        numbering = self.numbering or GridNumbering(kind="hex")
        column, row = raw_column, raw_row
        h_descend, v_descend = numbering.h_descend, numbering.v_descend
        if h_descend or v_descend:
            if size is None:
                return None
            # Sic: the engine divides the height by dx and the width by dy.
            max_rows = math.floor(size[1] / self.dx + 0.5)
            max_columns = math.floor(size[0] / self.dy + 0.5)
            if not self.sideways:
                if h_descend:
                    column = max_columns - column
                if v_descend:
                    row = max_rows - row
            else:
                if v_descend:
                    column = max_rows - column
                if h_descend:
                    row = max_columns - row
        if numbering.stagger and raw_column % 2 != 0:
            descending = h_descend if self.sideways else v_descend
            row += -1 if descending else 1
        if numbering.kind == "oblique":
            half = int(column / 2)  # Java integer division truncates toward zero.
            row = half + row if numbering.stagger else row - half + 1
        return column, row



class Region(BaseModel):
    """A `…board.Region`: a named point (board-local)."""

    model_config = _FROZEN

    name: str
    x: int
    y: int


class RegionGrid(BaseModel):
    """A `…board.RegionGrid`: a point is named after the region with the nearest origin."""

    model_config = _FROZEN

    kind: Literal["region"] = "region"
    regions: tuple[Region, ...] = ()
    _effective: tuple[Region, ...] = PrivateAttr(default=())

    def model_post_init(self, context: object, /) -> None:
        """Keep one region per origin: a later region replaces an earlier one (§7.6)."""
        by_origin: dict[Point, Region] = {}
        for region in self.regions:
            by_origin.pop((region.x, region.y), None)
            by_origin[(region.x, region.y)] = region
        self._effective = tuple(by_origin.values())

    def nearest(self, x: int, y: int) -> Region | None:
        """Return the region whose origin is nearest (squared distance, no maximum).

        Ties are unspecified in the engine (hash order); here the earliest region wins.
        """
        best: Region | None = None
        best_distance = 0
        for region in self._effective:
            distance = (region.x - x) ** 2 + (region.y - y) ** 2
            if best is None or distance < best_distance:
                best, best_distance = region, distance
        return best

    def location_name(self, x: int, y: int, size: Size | None = None) -> str | None:
        """Return the nearest region's name; a grid without regions answers None."""
        region = self.nearest(x, y)
        return region.name if region is not None else None


class UnknownGrid(BaseModel):
    """A grid of a module-specific class: it cannot be evaluated and answers nothing."""

    model_config = _FROZEN

    kind: Literal["unknown"] = "unknown"
    class_name: str

    def location_name(self, x: int, y: int, size: Size | None = None) -> str | None:
        """Return None: custom Java grids cannot be run here."""
        return None


SimpleGrid = Annotated[SquareGrid | HexGrid | RegionGrid | UnknownGrid,
                       Field(discriminator="kind")]
"""A grid that may sit in a Zone or be a ZonedGrid's background grid."""


def parse_path(path: str) -> tuple[Point, ...]:
    """Decode a Zone `path` (`x1,y1;x2,y2;…`), skipping pairs that are not two integers.

    >>> parse_path("1,2;x,3;4,5;6,7,8")
    ((1, 2), (4, 5))
    """
    from vmod_schema.sequence import split

    points: list[Point] = []
    if not path:
        return ()
    for token in split(path, ";"):
        pair = token.split(",")
        while pair and pair[-1] == "":
            pair.pop()  # Java's String.split drops trailing empty strings.
        if len(pair) != 2:
            continue
        try:
            points.append((_java_int(pair[0]), _java_int(pair[1])))
        except ValueError:
            continue
    return tuple(points)


def _java_int(text: str) -> int:
    """`Integer.parseInt`: optional sign and ASCII digits only, within 32 bits."""
    body = text[1:] if text[:1] in "+-" else text
    if not body or not body.isascii() or not body.isdigit():
        raise ValueError(text)
    value = int(text)
    if not -(2**31) <= value < 2**31:
        raise ValueError(text)
    return value


def polygon_contains(points: tuple[Point, ...], x: int, y: int) -> bool:
    """Return whether Java's `Polygon.contains` holds for the integer point (x, y).

    Half-open bounding box, even-odd crossings, horizontal edges ignored: points on the
    left/top edges are inside, on the right/bottom edges outside.

    >>> square = ((0, 0), (10, 0), (10, 10), (0, 10))
    >>> [polygon_contains(square, *p) for p in [(0, 0), (9, 9), (10, 5), (5, 10), (-1, 5)]]
    [True, True, False, False, False]
    """
    if len(points) <= 2:
        return False
    xs = [p[0] for p in points]
    ys = [p[1] for p in points]
    if not (min(xs) <= x < max(xs) and min(ys) <= y < max(ys)):
        return False
    return _crossings_odd(points, float(x), float(y))


def _crossings_odd(points: tuple[Point, ...], x: float, y: float) -> bool:
    hits = 0
    last_x, last_y = points[-1]
    for cur_x, cur_y in points:
        try:
            if cur_y == last_y:
                continue
            if cur_x < last_x:
                if x >= last_x:
                    continue
                left_x = cur_x
            else:
                if x >= cur_x:
                    continue
                left_x = last_x
            if cur_y < last_y:
                if y < cur_y or y >= last_y:
                    continue
                if x < left_x:
                    hits += 1
                    continue
                test1 = x - cur_x
                test2 = y - cur_y
            else:
                if y < last_y or y >= cur_y:
                    continue
                if x < left_x:
                    hits += 1
                    continue
                test1 = x - last_x
                test2 = y - last_y
            if test1 < test2 / (last_y - cur_y) * (last_x - cur_x):
                hits += 1
        finally:
            last_x, last_y = cur_x, cur_y
    return hits % 2 == 1


class Zone(BaseModel):
    """A `…board.mapgrid.Zone`: a named polygon of a ZonedGrid (board-local pixels)."""

    model_config = _FROZEN

    name: str
    path: tuple[Point, ...] = ()
    location_format: str = "$name$"
    use_parent_grid: bool = False
    grid: SimpleGrid | None = None
    _bounds: tuple[int, int, int, int] = PrivateAttr(default=(0, 0, 0, 0))

    def model_post_init(self, context: object, /) -> None:
        """Precompute the half-open bounding box used by `contains`."""
        if self.path:
            xs = [p[0] for p in self.path]
            ys = [p[1] for p in self.path]
            self._bounds = (min(xs), min(ys), max(xs), max(ys))

    @property
    def size(self) -> Size:
        """The bounding box's (width, height): the container size of the zone's own grid."""
        min_x, min_y, max_x, max_y = self._bounds
        return max_x - min_x, max_y - min_y

    def contains(self, x: int, y: int) -> bool:
        """Return whether the zone's polygon contains the board-local point (Java rules)."""
        if len(self.path) <= 2:
            return False
        min_x, min_y, max_x, max_y = self._bounds
        if not (min_x <= x < max_x and min_y <= y < max_y):
            return False
        return _crossings_odd(self.path, float(x), float(y))


class ZonedGrid(BaseModel):
    """A `…board.ZonedGrid`: zones in document order plus an optional background grid."""

    model_config = _FROZEN

    kind: Literal["zoned"] = "zoned"
    zones: tuple[Zone, ...] = ()
    background: SimpleGrid | None = None

    def find_zone(self, x: int, y: int) -> Zone | None:
        """Return the first zone (document order) containing the board-local point."""
        for zone in self.zones:
            if zone.contains(x, y):
                return zone
        return None

    def zone_location(self, zone: Zone, x: int, y: int, size: Size | None) -> str:
        """Return a zone's location name: its `locationFormat` with `name`, `gridLocation`."""
        if zone.use_parent_grid:
            grid_location = (self.background.location_name(x, y, size)
                             if self.background is not None else None)
        elif zone.grid is not None:
            grid_location = zone.grid.location_name(x, y, zone.size)
        else:
            grid_location = None
        return format_string(zone.location_format, {
            "name": zone.name, "gridLocation": grid_location or "",
        })

    def location_name(self, x: int, y: int, size: Size | None = None) -> str | None:
        """Return the first containing zone's location, else the background grid's answer."""
        zone = self.find_zone(x, y)
        if zone is not None:
            return self.zone_location(zone, x, y, size)
        if self.background is not None:
            return self.background.location_name(x, y, size)
        return None


Grid = Annotated[SquareGrid | HexGrid | RegionGrid | ZonedGrid | UnknownGrid,
                 Field(discriminator="kind")]
"""Any grid a Board may hold (at most one)."""
