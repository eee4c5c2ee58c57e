"""The replay trace: what the HTML replay page needs to redraw every step of a game.

`TraceCollector.add(step, board)` is called once per replayed step, in the same streaming
pass as the referee and `adjudicator.reading.reader.FileReader`; `finish(board)` returns a
`ReplayTrace`. The trace keeps the starting position in full, then only each step's
*deltas* (moves, pieces added and removed, chat, dice), so its size grows with what
happened, not with the number of pieces times steps. At most `MAX_STEPS` steps are kept
(the page then says "first N steps shown").

The map each piece stands on is described by `TraceMap`: its size when the module gives
it, and its named spaces, placed from the module's regions and zones, from the binding's
calibration table, or (a game system with connections but no positions) from a
deterministic schematic layout (`adjudicator.report.layout`).

Hidden information: every piece name goes through `shown_name`, the one place where the
name a reader sees is decided.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import ClassVar

from pydantic import BaseModel, ConfigDict, Field, PrivateAttr

from adjudicator.binding import Binding
from adjudicator.replay import visibility
from adjudicator.replay.board import Board, PieceOnBoard
from adjudicator.replay.changes import Position
from adjudicator.replay.timeline import Step
from adjudicator.replay.visibility import OPPONENT, Viewpoint
from adjudicator.report.layout import schematic_layout
from vmod_schema.grids import RegionGrid, ZonedGrid
from vmod_schema.locations import BoardSelection, LocationResolver
from vmod_schema.module import Map, MapKind, Module

MAX_STEPS = 5000
"""Logged steps a trace keeps: a longer game's page shows its first 5,000 steps (about a
megabyte of page for a busy game), and says so."""
MAX_CHAT = 20
"""Chat lines kept per step (a pasted wall of text is cut, with a count)."""

_MODEL = ConfigDict(frozen=True, extra="forbid", use_attribute_docstrings=True)


class TraceSpace(BaseModel):
    """A named space drawn on a map."""

    model_config = _MODEL
    name: str
    x: float
    y: float
    outline: list[tuple[float, float]] = Field(default_factory=list)
    """A zone's polygon in map pixels (empty for a point)."""


class TraceImage(BaseModel):
    """A board image of the module, where it lies on its map (map pixels).

    Kept out of the JSON sidecar (it names a file on the referee's disk); the HTML page
    reads, downscales and embeds it (`adjudicator.report.boardimage`)."""

    model_config = _MODEL
    archive: str
    """The module file the image is in."""
    entry: str
    """Its entry in the module zip (`images/<name>`)."""
    x: int
    y: int
    width: int
    height: int


class TraceMap(BaseModel):
    """One map of the game as the page draws it."""

    model_config = _MODEL
    id: str
    """The map id used in the file (`mapName` or `Map<n>`)."""
    width: int | None = None
    """Pixels, when the module gives the boards' sizes."""
    height: int | None = None
    spaces: list[TraceSpace] = Field(default_factory=list)
    placed_from: str = "pieces"
    """Where the spaces come from: `module` (regions, zones), `calibration` (the binding's
    table), `schematic` (a layout of the game's connections) or `pieces` (none known: only
    VASSAL's own piece positions)."""
    connections: list[tuple[str, str]] = Field(default_factory=list)
    """Space pairs joined on a schematic map."""
    _images: tuple[TraceImage, ...] = PrivateAttr(default=())

    @property
    def images(self) -> tuple[TraceImage, ...]:
        """The module's board images under this map (never in the JSON or its schema:
        see `TraceImage`)."""
        return self._images

    def with_images(self, images: Iterable[TraceImage]) -> TraceMap:
        """This map with these board images."""
        copy = self.model_copy()
        copy._images = tuple(images)
        return copy


class TracePoint(BaseModel):
    """Where a piece is: a map, pixels, and the location name when known."""

    model_config = _MODEL
    map: str | None
    x: int
    y: int
    location: str | None = None
    space: str | None = None
    """The game system's space id (through the binding), when known and different from
    the location name."""


class TracePiece(BaseModel):
    """A piece as the page draws it."""

    model_config = _MODEL
    id: str
    name: str
    at: TracePoint


class TraceMove(BaseModel):
    """A piece that changed place in a step."""

    model_config = _MODEL
    id: str
    name: str
    origin: TracePoint
    destination: TracePoint


class TraceRoll(BaseModel):
    """A die roll of a step."""

    model_config = _MODEL
    label: str
    dice: list[int]
    total: int | None = None
    """None when the log does not tell it (a Special Dice face the module does not
    define, a button's `_result` that is no number)."""


class TraceStep(BaseModel):
    """What one logged step did."""

    model_config = _MODEL
    index: int
    player: str | None = None
    side: str | None = None
    moves: list[TraceMove] = Field(default_factory=list)
    added: list[TracePiece] = Field(default_factory=list)
    removed: list[str] = Field(default_factory=list)
    """Ids of pieces removed."""
    chat: list[str] = Field(default_factory=list)
    rolls: list[TraceRoll] = Field(default_factory=list)
    undoes: int | None = None
    """For an undo step: the step it took back."""
    undone: bool = False
    """Whether a later undo took this step back."""


class ReplayTrace(BaseModel):
    """The starting position and every kept step's changes, for the replay page."""

    model_config = _MODEL
    maps: list[TraceMap] = Field(default_factory=list)
    start: list[TracePiece] = Field(default_factory=list)
    steps: list[TraceStep] = Field(default_factory=list)
    total_steps: int = 0
    """Logged steps in the file (more than `len(steps)` when the cap was reached)."""


def shown_name(item: PieceOnBoard, board: Board, view: Viewpoint = OPPONENT) -> str | None:
    """The name a reader of the report sees for a piece; None when it is not shown at all.

    The one hook where hidden information is decided (`adjudicator.replay.visibility`): a
    masked piece shows its mask name; a hidden one, or one in a hand or a face-down deck,
    is not drawn, unless `view` reveals everything.
    """
    return visibility.shown_name(board, item, view)


@dataclass(slots=True)
class TraceCollector:
    """Collects a `ReplayTrace` from a stream of replayed steps."""

    module: Module | None = None
    binding: Binding | None = None
    connections: tuple[tuple[str, str], ...] = ()
    """Space pairs of the game system's map graph (for a schematic when nothing is
    placed)."""
    max_steps: int = MAX_STEPS
    view: Viewpoint = OPPONENT
    """Whose eyes the pieces are shown through (`--reveal`: everything)."""
    module_path: Path | None = None
    """The module's file, whose board images the page may draw."""
    _start: list[TracePiece] = field(default_factory=list)
    _steps: list[TraceStep] = field(default_factory=list)
    _undone: set[int] = field(default_factory=set)
    _total: int = 0
    _maps_seen: dict[str, None] = field(default_factory=dict)
    _points: dict[Position, TracePoint] = field(default_factory=dict)

    def _point(self, position: Position) -> TracePoint:
        """The trace's point of a position (one object per distinct position)."""
        point = self._points.get(position)
        if point is None:
            space = None
            if self.binding is not None:
                space = self.binding.place(position.map, position.location, position.x,
                                           position.y)
            point = TracePoint(map=position.map, x=position.x, y=position.y,
                               location=position.location,
                               space=space if space != position.location else None)
            if len(self._points) < 100_000:
                self._points[position] = point
        return point

    def add(self, step: Step, board: Board) -> None:
        """Take one replayed step (the board holds the position after it)."""
        if step.index == 0:
            self._start = [piece for item in board.pieces()
                           if (piece := self._piece(item, board)) is not None]
            return
        self._total = step.index
        if step.undoes is not None:
            self._undone.add(step.undoes)
        if len(self._steps) >= self.max_steps:
            return
        moves = []
        for move in step.moves:
            name = self._name(move.piece_id, move.name, board)
            if name is None:
                continue
            self._seen(move.origin.map, move.destination.map)
            moves.append(TraceMove(id=move.piece_id, name=name, origin=self._point(move.origin),
                                   destination=self._point(move.destination)))
        added = []
        for event in step.added:
            name = self._name(event.piece_id, event.name, board)
            if name is not None:
                self._seen(event.position.map)
                added.append(TracePiece(id=event.piece_id, name=name,
                                        at=self._point(event.position)))
        chat = list(step.chat[:MAX_CHAT])
        if len(step.chat) > MAX_CHAT:
            chat.append(f"…and {len(step.chat) - MAX_CHAT} more lines")
        self._steps.append(TraceStep(
            index=step.index, player=step.player, side=step.side, moves=moves, added=added,
            removed=[event.piece_id for event in step.removed], chat=chat,
            rolls=[TraceRoll(label=roll.button, dice=list(roll.values), total=roll.total)
                   for roll in step.rolls],
            undoes=step.undoes))

    def finish(self, board: Board) -> ReplayTrace:
        """The trace of the whole replay (the board holds its final position)."""
        steps = [s.model_copy(update={"undone": True}) if s.index in self._undone else s
                 for s in self._steps]
        return ReplayTrace(maps=self._maps(board.selections), start=self._start,
                           steps=steps, total_steps=self._total)

    # ---- pieces

    def _piece(self, item: PieceOnBoard, board: Board) -> TracePiece | None:
        name = shown_name(item, board, self.view)
        if name is None:
            return None
        position = board.position(item.id)
        self._seen(position.map)
        return TracePiece(id=item.id, name=name, at=self._point(position))

    def _name(self, piece_id: str, recorded: str, board: Board) -> str | None:
        item = board.get(piece_id)
        if item is None:  # gone in the same step: only `--reveal` names it
            return visibility.moved_sight(board, piece_id, recorded, self.view).name
        return shown_name(item, board, self.view)

    def _seen(self, *maps: str | None) -> None:
        for map_id in maps:
            if map_id is not None:
                self._maps_seen.setdefault(map_id, None)

    # ---- maps

    def _maps(self, selections: Mapping[str, BoardSelection]) -> list[TraceMap]:
        """The maps the game used, in the module's order, then any others seen."""
        ids = list(self._maps_seen)
        result: list[TraceMap] = []
        placed: set[str] = set()
        if self.module is not None:
            maps_of = _ModuleMaps.of(self.module)
            for map_ in self.module.maps:
                if map_.identifier not in self._maps_seen and (
                        map_.internal_id not in self._maps_seen):
                    continue
                if map_.kind is not MapKind.MAP and map_.identifier not in self._maps_seen:
                    continue
                map_id = (map_.identifier if map_.identifier in self._maps_seen
                          else map_.internal_id)
                placed.add(map_id)
                result.append(maps_of.get(map_id, map_, selections, archive=self.module_path))
        for map_id in ids:
            if map_id not in placed:
                result.append(TraceMap(id=map_id))
        maps = [self._calibrated(trace_map) for trace_map in result]
        if self.connections and maps and not any(m.spaces for m in maps):
            # Nothing placed the game's spaces: draw its connections on the first map
            # (the page draws the module's board instead when it has an image: the
            # images stay with the map, out of the JSON).
            maps[0] = schematic_map(maps[0].id, self.connections).with_images(
                maps[0].images)
        return maps

    def _calibrated(self, trace_map: TraceMap) -> TraceMap:
        """The binding's calibrated spaces added to those the module placed."""
        binding = self.binding
        if binding is None:
            return trace_map
        named = {space.name for space in trace_map.spaces}
        spaces = [TraceSpace(name=space, x=point.x, y=point.y)
                  for space, point in sorted(binding.calibration.items())
                  if point.map == trace_map.id and space not in named]
        if not spaces:
            return trace_map
        return trace_map.model_copy(update={
            "spaces": [*trace_map.spaces, *spaces],
            "placed_from": trace_map.placed_from if trace_map.spaces else "calibration"})


def schematic_map(map_id: str, connections: Iterable[tuple[str, str]], *,
                  width: int = 1000, height: int = 800) -> TraceMap:
    """A map of spaces placed by a deterministic force-directed layout of the connections
    (for a game system that knows its spaces' connections but not where they are drawn)."""
    pairs = sorted({(a, b) if a <= b else (b, a) for a, b in connections})
    points = schematic_layout(pairs, width=width, height=height)
    return TraceMap(id=map_id, width=width, height=height, placed_from="schematic",
                    spaces=[TraceSpace(name=name, x=round(x, 1), y=round(y, 1))
                            for name, (x, y) in sorted(points.items())],
                    connections=[(a, b) for a, b in pairs])


class _ModuleMaps:
    """A module's maps as the page draws them, built once for each choice of boards: many
    files of one module share their maps' spaces (TraceMaps are frozen; none is changed
    after it is built). Kept for the latest few modules, each with its latest choices."""

    KEPT_MODULES = 4
    KEPT_CHOICES = 32
    _latest: ClassVar[dict[int, _ModuleMaps]] = {}

    def __init__(self, module: Module) -> None:
        self.module = module
        self.resolver: LocationResolver | None = None
        self.built: dict[tuple[object, ...], TraceMap] = {}

    @classmethod
    def of(cls, module: Module) -> _ModuleMaps:
        """The maps of this module (by identity: the same object read once per process)."""
        found = cls._latest.get(id(module))
        if found is None or found.module is not module:
            if len(cls._latest) >= cls.KEPT_MODULES:
                del cls._latest[next(iter(cls._latest))]
            found = cls._latest[id(module)] = cls(module)
        return found

    def get(self, map_id: str, map_: Map, selections: Mapping[str, BoardSelection], *,
            archive: Path | None) -> TraceMap:
        """`_module_map` of one map, built the first time these boards are chosen."""
        key = (map_id, id(map_), archive, tuple(sorted(selections.items())))
        found = self.built.get(key)
        if found is None:
            if self.resolver is None:
                self.resolver = LocationResolver(self.module)
            if len(self.built) >= self.KEPT_CHOICES:
                del self.built[next(iter(self.built))]
            found = self.built[key] = _module_map(map_id, self.resolver, map_, selections,
                                                  archive=archive)
        return found


def _module_map(map_id: str, resolver: LocationResolver, map_: Map,
                selections: Mapping[str, BoardSelection], *,
                archive: Path | None = None) -> TraceMap:
    """A module map's size and named spaces (regions and zones of its placed boards), and
    its boards' images when the module file (`archive`) is a zip."""
    placements = resolver.placements(map_, selections)
    x0, y0 = map_.edge_width, map_.edge_height
    width = height = 0
    known_size = bool(placements)
    spaces: list[TraceSpace] = []
    images: list[TraceImage] = []
    for spec in placements:
        board = map_.board(spec.name)
        if board is None or board.size is None:
            known_size = False
            continue
        left = x0 + sum(b.width or 0 for other in placements if other.row == spec.row
                        and other.column < spec.column
                        for b in (map_.board(other.name),) if b is not None)
        top = y0 + sum(b.height or 0 for other in placements if other.column == spec.column
                       and other.row < spec.row
                       for b in (map_.board(other.name),) if b is not None)
        bw, bh = board.size
        width, height = max(width, left + bw), max(height, top + bh)
        spaces += _grid_spaces(board.grid, left, top, bw, bh, reversed_=spec.reversed)
        if archive is not None and board.image and not spec.reversed:
            images.append(TraceImage(archive=str(archive), entry=f"images/{board.image}",
                                     x=left, y=top, width=bw, height=bh))
    return TraceMap(id=map_id, width=width + map_.edge_width if known_size else None,
                    height=height + map_.edge_height if known_size else None,
                    spaces=spaces, placed_from="module" if spaces else "pieces",
                    ).with_images(images)


def _grid_spaces(grid: object, left: int, top: int, width: int, height: int, *,
                 reversed_: bool) -> list[TraceSpace]:
    """Named points (regions) and outlines (zones) of a board's grid, in map pixels."""
    def place(x: float, y: float) -> tuple[float, float]:
        if reversed_:
            x, y = width - x, height - y
        return left + x, top + y

    spaces: list[TraceSpace] = []
    if isinstance(grid, RegionGrid):
        for region in grid.regions:
            x, y = place(region.x, region.y)
            spaces.append(TraceSpace(name=region.name, x=x, y=y))
    elif isinstance(grid, ZonedGrid):
        for zone in grid.zones:
            outline = [place(px, py) for px, py in zone.path]
            if not outline:
                continue
            cx = sum(p[0] for p in outline) / len(outline)
            cy = sum(p[1] for p in outline) / len(outline)
            spaces.append(TraceSpace(name=zone.name, x=cx, y=cy, outline=outline))
            if isinstance(zone.grid, RegionGrid):
                spaces += _grid_spaces(zone.grid, left, top, width, height,
                                       reversed_=reversed_)
        if isinstance(grid.background, RegionGrid):
            # The named points of the board outside its zones (a map's land spaces).
            spaces += _grid_spaces(grid.background, left, top, width, height,
                                   reversed_=reversed_)
    return spaces


def collector_for(module: Module | None, referee: object, view: Viewpoint = OPPONENT,
                  module_path: Path | None = None) -> TraceCollector:
    """A collector for one replay, with what the referee knows of the map: its binding's
    calibration table and its map graph's connections (when it has them)."""
    binding = getattr(referee, "binding", None)
    graph = getattr(getattr(referee, "ctx", None), "graph", None)
    connections = getattr(graph, "connections", ())
    pairs = tuple((c.a, c.b) for c in connections
                  if isinstance(getattr(c, "a", None), str)
                  and isinstance(getattr(c, "b", None), str))
    return TraceCollector(module=module,
                          binding=binding if isinstance(binding, Binding) else None,
                          connections=pairs, view=view, module_path=module_path)
