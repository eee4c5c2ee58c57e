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
name a reader sees is decided, and every piece image through `shown_image`, which asks the
same `adjudicator.replay.visibility.sight`: a masked piece shows its mask image or none,
never its own; a piece not named is not drawn.

The module image each drawn piece shows (`TracePiece.image`, `TraceMove.image`,
`TraceStep.flipped`) stays out of the JSON sidecar, as board images do: the HTML page
embeds them (`adjudicator.report.html`).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path

from pydantic import BaseModel, ConfigDict, Field, PrivateAttr

from adjudicator.binding import Binding
from adjudicator.replay import visibility
from adjudicator.replay.board import Board, PieceOnBoard
from adjudicator.replay.changes import Position
from adjudicator.replay.permodule import PerModule
from adjudicator.replay.timeline import Step
from adjudicator.replay.visibility import OPPONENT, Viewpoint
from adjudicator.report.layout import schematic_layout
from vmod_schema.commands import ChangePiece
from vmod_schema.grids import RegionGrid, ZonedGrid
from vmod_schema.locations import BoardSelection, LocationResolver
from vmod_schema.module import Map, MapKind, Module
from vmod_schema.pieces import BasicPiece, Piece
from vmod_schema.traits import Layer

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


class _Imaged(BaseModel):
    """A piece the page draws, with the module image it shows (never in the JSON or its
    schema: an entry of the referee's module, embedded only by the HTML page)."""

    model_config = _MODEL
    _image: str | None = PrivateAttr(default=None)

    @property
    def image(self) -> str | None:
        """The module entry (`images/<name>`) of the image VASSAL draws for the piece as
        the reader sees it (`shown_image`), or None."""
        return self._image


class TracePiece(_Imaged):
    """A piece as the page draws it."""

    id: str
    name: str
    at: TracePoint


class TraceMove(_Imaged):
    """A piece that changed place in a step."""

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
    _flipped: tuple[tuple[str, str | None], ...] = PrivateAttr(default=())

    @property
    def flipped(self) -> tuple[tuple[str, str | None], ...]:
        """(piece id, image entry or None) of pieces the step changed the image of without
        moving them (a Layer turned, a piece masked): never in the JSON, as `image`."""
        return self._flipped


class ReplayTrace(BaseModel):
    """The starting position and every kept step's changes, for the replay page."""

    model_config = _MODEL
    maps: list[TraceMap] = Field(default_factory=list)
    start: list[TracePiece] = Field(default_factory=list)
    steps: list[TraceStep] = Field(default_factory=list)
    total_steps: int = 0
    """Logged steps in the file (more than `len(steps)` when the cap was reached)."""
    _archive: str | None = PrivateAttr(default=None)

    @property
    def archive(self) -> str | None:
        """The module file the pieces' images are in (never in the JSON)."""
        return self._archive


def shown_name(item: PieceOnBoard, board: Board, view: Viewpoint = OPPONENT) -> str | None:
    """The name a reader of the report sees for a piece; None when it is not shown at all.

    The one hook where hidden information is decided (`adjudicator.replay.visibility`): a
    masked piece shows its mask name; a hidden one, or one in a hand or a face-down deck,
    is not drawn, unless `view` reveals everything.
    """
    return visibility.shown_name(board, item, view)


MAX_IMAGE_PLANS = 10_000
"""Distinct piece types whose image plan is kept (a module has a few hundred)."""


@dataclass(frozen=True, slots=True)
class _ImagePlan:
    """What of a piece type decides its image: the basic piece's image and, outermost
    first, its Layers (trait index, one image per level, whether the level follows a
    property)."""

    basic: str
    layers: tuple[tuple[int, tuple[str, ...], bool], ...]


def _plan(piece: Piece) -> _ImagePlan:
    inner = piece.inner
    basic = inner.image_name if isinstance(inner, BasicPiece) else ""
    layers = []
    for index, trait in enumerate(piece.traits):
        if isinstance(trait, Layer):
            layout = trait.layout()
            if any(layout.image_names):
                layers.append((index, tuple(layout.image_names),
                               layout.follow_property and bool(layout.follow_property_name)))
    return _ImagePlan(basic, tuple(layers))


class ImageResolver:
    """The module image VASSAL draws for a piece (FORMAT.md §6.2, §6.5): the image of the
    active level of its outermost Layer that shows one, else its basic piece's image.

    The plan of each piece type is worked out once (keyed by its traits' type strings);
    only the Layers' states are read per piece."""

    __slots__ = ("_plans",)

    def __init__(self) -> None:
        self._plans: dict[tuple[str, ...], _ImagePlan] = {}

    def own_image(self, item: PieceOnBoard) -> str | None:
        """The entry (`images/<name>`) of the piece's own image, or None: not for a
        reader's eyes (`shown_image` decides)."""
        piece = item.piece
        key = (*(trait.raw_type for trait in piece.traits), piece.inner.raw_type)
        plan = self._plans.get(key)
        if plan is None:
            plan = _plan(piece)
            if len(self._plans) < MAX_IMAGE_PLANS:
                self._plans[key] = plan
        traits = piece.traits
        for index, images, follows in plan.layers:
            layer = traits[index]
            if not isinstance(layer, Layer):  # a plan is for one chain of types
                continue
            value = layer.effective_value(item.properties()) if follows else layer.value()
            if 0 < value <= len(images) and images[value - 1]:
                return f"images/{images[value - 1]}"
        return f"images/{plan.basic}" if plan.basic else None


def shown_image(seen: visibility.Sight, item: PieceOnBoard,
                images: ImageResolver) -> str | None:
    """The image entry a reader sees for a piece, given how it looks to the reader
    (`visibility.sight`): its own image when shown as it is; a masked piece's mask image
    (or none), never its own; none for a piece not named (hidden, in a hand, face down).
    """
    if seen.concealment is visibility.Concealment.SHOWN and seen.name is not None:
        return images.own_image(item)
    if seen.concealment is visibility.Concealment.MASKED and seen.mask_image:
        return f"images/{seen.mask_image}"
    return None


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
    _images: ImageResolver = field(default_factory=ImageResolver)
    _drawn: dict[str, str | None] = field(default_factory=dict)
    """The image each drawn piece was last drawn with (to tell a flip in place)."""

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
            name, image = self._sighted(move.piece_id, move.name, board)
            if name is None:
                continue
            self._seen(move.origin.map, move.destination.map)
            trace_move = TraceMove(id=move.piece_id, name=name,
                                   origin=self._point(move.origin),
                                   destination=self._point(move.destination))
            trace_move._image = image
            moves.append(trace_move)
        added = []
        for event in step.added:
            name, image = self._sighted(event.piece_id, event.name, board)
            if name is not None:
                self._seen(event.position.map)
                piece = TracePiece(id=event.piece_id, name=name,
                                   at=self._point(event.position))
                piece._image = image
                added.append(piece)
        flipped = self._flipped(step, board) if self.module_path is not None else ()
        chat = list(step.chat[:MAX_CHAT])
        if len(step.chat) > MAX_CHAT:
            chat.append(f"…and {len(step.chat) - MAX_CHAT} more lines")
        self._steps.append(TraceStep(
            index=step.index, player=step.player, side=step.side, moves=moves, added=added,
            removed=[event.piece_id for event in step.removed], chat=chat,
            rolls=[TraceRoll(label=roll.button, dice=list(roll.values), total=roll.total)
                   for roll in step.rolls],
            undoes=step.undoes))
        self._steps[-1]._flipped = flipped
        for event in step.removed:
            self._drawn.pop(event.piece_id, None)

    def finish(self, board: Board) -> ReplayTrace:
        """The trace of the whole replay (the board holds its final position)."""
        steps = [s.model_copy(update={"undone": True}) if s.index in self._undone else s
                 for s in self._steps]
        trace = ReplayTrace(maps=self._maps(board.selections), start=self._start,
                            steps=steps, total_steps=self._total)
        if self.module_path is not None:
            trace._archive = str(self.module_path)
        return trace

    # ---- pieces

    def _piece(self, item: PieceOnBoard, board: Board) -> TracePiece | None:
        name = shown_name(item, board, self.view)
        if name is None:
            return None
        position = board.position(item.id)
        self._seen(position.map)
        piece = TracePiece(id=item.id, name=name, at=self._point(position))
        piece._image = self._image(item, board)
        return piece

    def _sighted(self, piece_id: str, recorded: str,
                 board: Board) -> tuple[str | None, str | None]:
        """The name and image a step's moved or added piece is drawn with (None, None:
        not drawn)."""
        item = board.get(piece_id)
        if item is None:  # gone in the same step: only `--reveal` names it (no image)
            return visibility.moved_sight(board, piece_id, recorded, self.view).name, None
        name = shown_name(item, board, self.view)
        if name is None:
            return None, None
        return name, self._image(item, board)

    def _image(self, item: PieceOnBoard, board: Board) -> str | None:
        """The image a piece `shown_name` names is drawn with, remembered to tell later
        flips in place; none without a module file to take images from."""
        if self.module_path is None:
            return None
        image = shown_image(visibility.sight(board, item, self.view), item, self._images)
        if len(self._drawn) < 100_000 or item.id in self._drawn:
            self._drawn[item.id] = image
        return image

    def _flipped(self, step: Step, board: Board) -> tuple[tuple[str, str | None], ...]:
        """Pieces a step changed (`D/` commands) and did not move whose drawn image
        changed: a Layer turned, a piece masked or unmasked."""
        moved = {move.piece_id for move in step.moves}
        flipped: dict[str, str | None] = {}
        for command in step.commands:
            if not isinstance(command, ChangePiece) or command.id in moved:
                continue
            before = self._drawn.get(command.id, "")
            if before == "":  # never drawn: nothing on the page to change
                continue
            item = board.get(command.id)
            if item is None:
                continue
            name = shown_name(item, board, self.view)
            image = self._image(item, board) if name is not None else None
            if image != before:
                flipped[command.id] = image
        return tuple(flipped.items())

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


class _ModuleMaps(PerModule):
    """A module's maps as the page draws them, built once for each choice of boards: many
    files of one module share their maps' spaces (TraceMaps are frozen; none is changed
    after it is built). Kept for the latest few modules, each with its latest choices."""

    KEPT_CHOICES = 32

    def __init__(self, module: Module) -> None:
        super().__init__(module)
        self.resolver: LocationResolver | None = None
        self.built: dict[tuple[object, ...], TraceMap] = {}

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
