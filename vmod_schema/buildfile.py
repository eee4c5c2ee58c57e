"""Reading a module definition (`buildFile.xml` / legacy `buildFile`) into a `Module`.

FORMAT.md §7. The XML reader; the models it builds (`Module`, `Map`, `PieceSlot`, …) are
in `vmod_schema.module` and are re-exported here. Elements are matched by their Java class
name; unknown elements (custom classes, UI components, folders, widgets) are treated as
containers whose children are walked, so a component inside any folder or widget is still
found. Element order is build order: it fixes the `Map<n>` ids (§7.3), the `TurnTracker<n>`
ids (§7.10) and "later definition wins" rules (§7.9).

`open_module` reads a `.vmod`/`.vext` zip or a bare buildFile; `parse_buildfile` parses the
XML bytes. Both return a frozen `Module`.
"""

from __future__ import annotations

import functools
import math
from collections import Counter
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Literal

from lxml import etree

from vmod_schema.archive import MAX_BUILDFILE_BYTES, Archive, is_zip
from vmod_schema.errors import BuildFileError, NotAVassalFileError, VassalFormatError
from vmod_schema.grids import (
    Grid,
    GridNumbering,
    HexGrid,
    Region,
    RegionGrid,
    SimpleGrid,
    SquareGrid,
    UnknownGrid,
    Zone,
    ZonedGrid,
    parse_path,
)
from vmod_schema.images import image_size
from vmod_schema.metadata import Metadata, parse_metadata
from vmod_schema.module import (
    Board,
    DiceButton,
    DrawPile,
    GlobalProperty,
    Map,
    MapKind,
    Module,
    PieceSlot,
    PositionedStack,
    PrototypeDefinition,
    SetupStack,
    SpecialDiceButton,
    SpecialDie,
    SpecialDieFace,
    TurnLevel,
    TurnTracker,
)
from vmod_schema.safexml import parse_xml

__all__ = [
    "EXTENSION_ROOT",
    "MAP_CLASSES",
    "MODULE_ROOTS",
    "Board",
    "DiceButton",
    "DrawPile",
    "GlobalProperty",
    "Map",
    "MapKind",
    "Module",
    "PieceSlot",
    "PositionedStack",
    "PrototypeDefinition",
    "SetupStack",
    "SpecialDiceButton",
    "SpecialDie",
    "SpecialDieFace",
    "TurnLevel",
    "TurnTracker",
    "is_custom_class",
    "open_module",
    "parse_buildfile",
]

# Element classes (FORMAT.md §7). Maps: §7.3.
MAP_CLASSES: dict[str, str] = {
    "VASSAL.build.module.Map": "Map",
    "VASSAL.build.module.PrivateMap": "PrivateMap",
    "VASSAL.build.module.PlayerHand": "PlayerHand",
    "VASSAL.build.widget.WidgetMap": "WidgetMap",
}
MODULE_ROOTS = ("VASSAL.build.GameModule", "VASSAL.launch.BasicModule")
EXTENSION_ROOT = "VASSAL.build.module.ModuleExtension"
_BOARD = "VASSAL.build.module.map.boardPicker.Board"
_BOARD_PICKER = "VASSAL.build.module.map.BoardPicker"
_GRID_PACKAGE = "VASSAL.build.module.map.boardPicker.board."
_ZONED_GRID = _GRID_PACKAGE + "ZonedGrid"
_ZONE = _GRID_PACKAGE + "mapgrid.Zone"
_HEX_GRID = _GRID_PACKAGE + "HexGrid"
_SQUARE_GRID = _GRID_PACKAGE + "SquareGrid"
_REGION_GRID = _GRID_PACKAGE + "RegionGrid"
_REGION = _GRID_PACKAGE + "Region"
_NUMBERINGS: dict[str, Literal["square", "hex", "oblique"]] = {
    "SquareGridNumbering": "square",
    "HexGridNumbering": "hex",
    "ObliqueHexGridNumbering": "oblique",
}
_DRAW_PILE = "VASSAL.build.module.map.DrawPile"
_SETUP_STACK = "VASSAL.build.module.map.SetupStack"
_PIECE_SLOT = "VASSAL.build.widget.PieceSlot"
_CARD_SLOT = "VASSAL.build.widget.CardSlot"
_PROTOTYPE = "VASSAL.build.module.PrototypeDefinition"
_GLOBAL_PROPERTY = "VASSAL.build.module.properties.GlobalProperty"
_ZONE_PROPERTY = "VASSAL.build.module.properties.ZoneProperty"
_PLAYER_ROSTER = "VASSAL.build.module.PlayerRoster"
_GLOBAL_OPTIONS = "VASSAL.build.module.GlobalOptions"
_DICE_BUTTON = "VASSAL.build.module.DiceButton"
_SPECIAL_DICE_BUTTON = "VASSAL.build.module.SpecialDiceButton"
_TURN_TRACKER = "VASSAL.build.module.turn.TurnTracker"
_COUNTER_LEVEL = "VASSAL.build.module.turn.CounterTurnLevel"
_LIST_LEVEL = "VASSAL.build.module.turn.ListTurnLevel"
_NO_BOARD = ("", "<any>")
"""`owningBoard` values meaning "no owning board" (§7.7)."""


# --------------------------------------------------------------------------------------
# Attribute readers (typed reads with defaults, like the engine's setAttribute)


def _int(element: etree._Element, name: str, default: int) -> int:
    # A number outside Java's 32-bit int is none (the engine's parseInt fails on it).
    value = element.get(name)
    if value is None:
        return default
    try:
        number = int(value.strip())
    except ValueError:
        try:
            real = float(value.strip())
        except ValueError:
            return default
        if not math.isfinite(real):
            return default
        number = int(real)
    return number if -(2**31) <= number < 2**31 else default


def _opt_int(element: etree._Element, name: str) -> int | None:
    if element.get(name) is None:
        return None
    value = _int(element, name, -(2**63))
    return None if value == -(2**63) else value


def _float(element: etree._Element, name: str, default: float) -> float:
    value = element.get(name)
    if value is None:
        return default
    try:
        number = float(value.strip())
    except ValueError:
        return default
    return number if math.isfinite(number) else default


def _bool(element: etree._Element, name: str, default: bool = False) -> bool:
    value = element.get(name)
    if value is None:
        return default
    return value.strip() == "true"


def _str(element: etree._Element, name: str, default: str = "") -> str:
    value = element.get(name)
    return default if value is None else value


def _text(element: etree._Element) -> str:
    return element.text or ""


def _attributes(element: etree._Element) -> dict[str, str]:
    return {str(key): str(value) for key, value in element.attrib.items()}


def _children(element: etree._Element) -> Iterator[etree._Element]:
    for child in element:
        if isinstance(child.tag, str):
            yield child


def _configured_name(element: etree._Element) -> str:
    """The name a component path uses for an element (§7.14)."""
    for attribute in ("mapName", "entryName", "name"):
        value = element.get(attribute)
        if value is not None:
            return value
    return ""


def _short(tag: str) -> str:
    return tag.rsplit(".", 1)[-1]


def is_custom_class(tag: str) -> bool:
    """Return whether an element tag names a module-specific class (not `VASSAL.…`).

    Data elements (`option`, `entry`, `setup`, …) are lower-case and not classes.

    >>> is_custom_class("BBCounterFactory"), is_custom_class("ForThePeople.FTPMover")
    (True, True)
    >>> is_custom_class("VASSAL.build.module.Map"), is_custom_class("option")
    (False, False)
    """
    if tag.startswith("VASSAL."):
        return False
    return "." in tag or tag[:1].isupper()


# --------------------------------------------------------------------------------------
# Grids (§7.6)


def _numbering(grid: etree._Element) -> GridNumbering | None:
    for child in _children(grid):
        kind = _NUMBERINGS.get(_short(child.tag)) if child.tag.startswith("VASSAL.") else None
        if kind is None:
            continue
        first = _str(child, "first", "H")
        h_type = _str(child, "hType", "N")
        v_type = _str(child, "vType", "N")
        return GridNumbering(
            kind=kind,
            first="V" if first == "V" else "H",
            sep=_str(child, "sep"),
            h_type="A" if h_type == "A" else "N",
            v_type="A" if v_type == "A" else "N",
            h_leading=_int(child, "hLeading", 1),
            v_leading=_int(child, "vLeading", 1),
            h_off=_int(child, "hOff", 1),
            v_off=_int(child, "vOff", 1),
            h_descend=_bool(child, "hDescend"),
            v_descend=_bool(child, "vDescend"),
            stagger=_bool(child, "stagger", True),
            location_format=_str(child, "locationFormat", "$gridLocation$"),
        )
    return None


def _simple_grid(element: etree._Element) -> SquareGrid | HexGrid | RegionGrid | None:
    tag = element.tag
    if tag == _SQUARE_GRID:
        return SquareGrid(
            dx=_float(element, "dx", 48.0), dy=_float(element, "dy", 48.0),
            x0=_int(element, "x0", 24), y0=_int(element, "y0", 24),
            numbering=_numbering(element),
        )
    if tag == _HEX_GRID:
        dy = _float(element, "dy", 64.0)
        return HexGrid(
            dx=_float(element, "dx", math.sqrt(3) / 2 * dy), dy=dy,
            x0=_int(element, "x0", 0), y0=_int(element, "y0", 32),
            sideways=_bool(element, "sideways"),
            numbering=_numbering(element),
        )
    if tag == _REGION_GRID:
        return RegionGrid(regions=tuple(
            Region(name=_str(child, "name"), x=_int(child, "originx", 0),
                   y=_int(child, "originy", 0))
            for child in _children(element) if child.tag == _REGION
        ))
    return None


def _zone(element: etree._Element) -> Zone:
    grid: SimpleGrid | None = None
    for child in _children(element):
        grid = _simple_grid(child)
        if grid is not None:
            break
    return Zone(
        name=_str(element, "name"),
        path=parse_path(_str(element, "path")),
        location_format=_str(element, "locationFormat", "$name$"),
        use_parent_grid=_bool(element, "useParentGrid"),
        grid=grid,
    )


def _is_grid_like(tag: str) -> bool:
    """A Board child of an unknown class is taken to be a custom grid."""
    return not tag.startswith("VASSAL.") and is_custom_class(tag)


def _board_grid(board: etree._Element) -> Grid | None:
    for child in _children(board):
        if child.tag == _ZONED_GRID:
            zones: list[Zone] = []
            background: SimpleGrid | None = None
            for item in _children(child):
                if item.tag == _ZONE:
                    zones.append(_zone(item))
                elif background is None:
                    background = _simple_grid(item)
            return ZonedGrid(zones=tuple(zones), background=background)
        simple = _simple_grid(child)
        if simple is not None:
            return simple
        if _is_grid_like(child.tag):
            return UnknownGrid(class_name=child.tag)
    return None


def _board(element: etree._Element, image_sizes: Mapping[str, tuple[int, int]]) -> Board:
    image = element.get("image") or None
    width: int | None
    height: int | None
    if image is not None:
        size = image_sizes.get(image)
        width, height = size if size is not None else (None, None)
    else:
        width, height = _opt_int(element, "width"), _opt_int(element, "height")
    return Board(
        name=_str(element, "name"), image=image, width=width, height=height,
        reversible=_bool(element, "reversible"), grid=_board_grid(element),
    )


# --------------------------------------------------------------------------------------
# Other components


def _special_dice_button(element: etree._Element) -> SpecialDiceButton:
    dice: list[SpecialDie] = []
    for die in element.iter("VASSAL.build.module.SpecialDie"):
        faces = tuple(
            SpecialDieFace(text=_str(face, "text"), value=_int(face, "value", 0),
                           icon=_str(face, "icon"))
            for face in _children(die) if face.tag == "VASSAL.build.module.SpecialDieFace"
        )
        dice.append(SpecialDie(name=_str(die, "name"), format=_str(die, "format", "$result$"),
                               faces=faces))
    return SpecialDiceButton(
        name=_str(element, "name"), format=_str(element, "format"),
        result_chatter=_bool(element, "resultChatter", True),
        result_window=_bool(element, "resultWindow"), dice=tuple(dice),
    )


def _dice_button(element: etree._Element) -> DiceButton:
    return DiceButton(
        name=_str(element, "name"),
        n_dice=_int(element, "nDice", 2),
        n_sides=_int(element, "nSides", 6),
        plus=_int(element, "plus", 0),
        add_to_total=_int(element, "addToTotal", 0),
        report_total=_bool(element, "reportTotal"),
        report_format=element.get("reportFormat"),
        sort_dice=_bool(element, "sortDice"),
        keep_dice=_bool(element, "keepDice"),
        keep_option=element.get("keepOption"),
        keep_count=_opt_int(element, "keepCount"),
        prompt=_bool(element, "prompt"),
        button_text=element.get("buttonText") or _str(element, "text"),
    )


def _turn_levels(element: etree._Element) -> tuple[TurnLevel, ...]:
    levels: list[TurnLevel] = []
    for child in _children(element):
        if child.tag == _COUNTER_LEVEL:
            levels.append(TurnLevel(
                kind="counter", name=_str(child, "name"), property=_str(child, "property"),
                turn_format=_str(child, "turnFormat"), start=_int(child, "start", 1),
                incr=_int(child, "incr", 1), loop=_bool(child, "loop"),
                loop_limit=_int(child, "loopLimit", -1), levels=_turn_levels(child),
            ))
        elif child.tag == _LIST_LEVEL:
            from vmod_schema.sequence import split

            raw = _str(child, "list")
            levels.append(TurnLevel(
                kind="list", name=_str(child, "name"), property=_str(child, "property"),
                turn_format=_str(child, "turnFormat"),
                values=tuple(split(raw, ",")) if raw else (),
                config_first=_bool(child, "configFirst"),
                config_list=_bool(child, "configList"), prompt=_str(child, "prompt"),
                levels=_turn_levels(child),
            ))
    return tuple(levels)


def _global_property(element: etree._Element, level: Literal["module", "map", "zone"],
                     container: str) -> GlobalProperty:
    return GlobalProperty(
        name=_str(element, "name"), initial_value=_str(element, "initialValue"),
        is_numeric=_bool(element, "isNumeric"), min=element.get("min"),
        max=element.get("max"), wrap=_bool(element, "wrap"),
        description=_str(element, "description"), level=level, container=container,
    )


def _owning_board(element: etree._Element) -> str | None:
    value = element.get("owningBoard")
    return None if value is None or value in _NO_BOARD else value


# --------------------------------------------------------------------------------------
# The walk


@dataclass
class _MapBuilder:
    element: etree._Element
    index: int
    boards: list[Board] = field(default_factory=list)
    board_setup: str | None = None
    draw_piles: list[DrawPile] = field(default_factory=list)
    setup_stacks: list[SetupStack] = field(default_factory=list)

    @property
    def identifier(self) -> str:
        return self.element.get("mapName") or f"Map{self.index}"

    def build(self) -> Map:
        element = self.element
        edge_width = _int(element, "edgeWidth", 0)
        edge_height = _int(element, "edgeHeight", 0)
        legacy = element.get("edge")
        if legacy is not None and element.get("edgeWidth") is None:
            parts = legacy.split(",")
            if len(parts) == 2 and all(p.strip().lstrip("-").isdigit() for p in parts):
                edge_width, edge_height = int(parts[0]), int(parts[1])
        return Map(
            map_name=_str(element, "mapName"), index=self.index,
            kind=MapKind(MAP_CLASSES[element.tag]), class_name=element.tag,
            edge_width=edge_width, edge_height=edge_height,
            move_within_format=element.get("moveWithinFormat"),
            move_to_format=element.get("moveToFormat"),
            create_format=element.get("createFormat"),
            change_format=element.get("changeFormat"),
            mark_moved=element.get("markMoved"),
            boards=tuple(self.boards), board_setup=self.board_setup,
            draw_piles=tuple(self.draw_piles), setup_stacks=tuple(self.setup_stacks),
            attributes=_attributes(element),
        )


@dataclass(frozen=True)
class _Context:
    map: _MapBuilder | None = None
    zone: str | None = None
    stack: list[PieceSlot] | None = None
    names: tuple[str, ...] = ()
    steps: tuple[str, ...] = ()


@dataclass
class _Walker:
    image_sizes: Mapping[str, tuple[int, int]]
    maps: list[Map] = field(default_factory=list)
    map_count: int = 0
    prototypes: list[PrototypeDefinition] = field(default_factory=list)
    slots: list[PieceSlot] = field(default_factory=list)
    properties: list[GlobalProperty] = field(default_factory=list)
    sides: list[str] = field(default_factory=list)
    dice: list[DiceButton] = field(default_factory=list)
    special_dice: list[SpecialDiceButton] = field(default_factory=list)
    trackers: list[TurnTracker] = field(default_factory=list)
    player_id_format: str | None = None

    def walk_children(self, element: etree._Element, context: _Context) -> None:
        for child in _children(element):
            self.visit(child, context)

    @staticmethod
    def _enter(element: etree._Element, context: _Context) -> _Context:
        """The context of `element`'s children: its name appended to the paths."""
        name = _configured_name(element)
        step = f"{element.tag}:{name}" if name else element.tag
        names = (*context.names, name) if name else context.names
        return replace(context, names=names, steps=(*context.steps, step))

    def visit(self, element: etree._Element, context: _Context) -> None:
        tag = element.tag
        if tag in MAP_CLASSES:
            self._map(element, context)
        elif tag == _BOARD_PICKER:
            self._board_picker(element, context)
        elif tag == _BOARD:
            if context.map is not None:
                context.map.boards.append(_board(element, self.image_sizes))
            self.walk_children(element, self._enter(element, context))
        elif tag == _ZONE:
            self.walk_children(element, replace(self._enter(element, context),
                                                zone=_str(element, "name")))
        elif tag in (_DRAW_PILE, _SETUP_STACK):
            self._stack(element, context)
        elif tag in (_PIECE_SLOT, _CARD_SLOT):
            self._slot(element, context)
        elif tag == _PROTOTYPE:
            self.prototypes.append(PrototypeDefinition(
                name=_str(element, "name"), description=_str(element, "description"),
                text=_text(element), path=context.names,
            ))
        elif tag == _GLOBAL_PROPERTY:
            if context.map is not None:
                self.properties.append(_global_property(element, "map",
                                                        context.map.identifier))
            else:
                self.properties.append(_global_property(element, "module", "Module"))
        elif tag == _ZONE_PROPERTY:
            map_id = context.map.identifier if context.map is not None else ""
            self.properties.append(_global_property(
                element, "zone", f"{map_id}:{context.zone or ''}"))
        elif tag == _PLAYER_ROSTER:
            self.sides.extend(_text(child) for child in _children(element)
                              if child.tag == "entry")
        elif tag == _GLOBAL_OPTIONS:
            if element.get("playerIdFormat") is not None:
                self.player_id_format = element.get("playerIdFormat")
            self.walk_children(element, self._enter(element, context))
        elif tag == _DICE_BUTTON:
            self.dice.append(_dice_button(element))
        elif tag == _SPECIAL_DICE_BUTTON:
            self.special_dice.append(_special_dice_button(element))
        elif tag == _TURN_TRACKER:
            self.trackers.append(TurnTracker(
                id=f"TurnTracker{len(self.trackers)}", name=_str(element, "name"),
                turn_format=_str(element, "turnFormat"),
                report_format=_str(element, "reportFormat"), levels=_turn_levels(element),
            ))
        else:
            # Folders, widgets, windows and unknown classes only group: keep walking.
            self.walk_children(element, self._enter(element, context))

    def _map(self, element: etree._Element, context: _Context) -> None:
        builder = _MapBuilder(element=element, index=self.map_count)
        self.map_count += 1
        self.walk_children(element, replace(self._enter(element, context), map=builder))
        self.maps.append(builder.build())

    def _board_picker(self, element: etree._Element, context: _Context) -> None:
        if context.map is not None:
            for child in _children(element):
                if child.tag == "setup" and context.map.board_setup is None:
                    context.map.board_setup = _text(child)
        self.walk_children(element, self._enter(element, context))

    def _stack(self, element: etree._Element, context: _Context) -> None:
        slots: list[PieceSlot] = []
        self.walk_children(element, replace(self._enter(element, context), stack=slots))
        values = {
            "name": _str(element, "name"),
            "map_id": context.map.identifier if context.map is not None else None,
            "owning_board": _owning_board(element),
            "x": _int(element, "x", 0),
            "y": _int(element, "y", 0),
            "use_grid_location": _bool(element, "useGridLocation"),
            "location": _str(element, "location"),
            "slots": tuple(slots),
            "attributes": _attributes(element),
        }
        if element.tag == _DRAW_PILE:
            pile = DrawPile.model_validate(values)
            if context.map is not None:
                context.map.draw_piles.append(pile)
        else:
            stack = SetupStack.model_validate(values)
            if context.map is not None:
                context.map.setup_stacks.append(stack)

    def _slot(self, element: etree._Element, context: _Context) -> None:
        name = _configured_name(element)
        slot = PieceSlot(
            entry_name=_str(element, "entryName"), gpid=_str(element, "gpid"),
            text=_text(element), is_card=element.tag == _CARD_SLOT,
            width=_opt_int(element, "width"), height=_opt_int(element, "height"),
            path=context.names,
            component_path="/".join(
                (*context.steps, f"{element.tag}:{name}" if name else element.tag)),
        )
        self.slots.append(slot)
        if context.stack is not None:
            context.stack.append(slot)


def parse_buildfile(
    xml: bytes,
    *,
    file: str,
    entry: str | None = None,
    image_sizes: Mapping[str, tuple[int, int]] | None = None,
    metadata: Metadata | None = None,
) -> Module:
    """Parse a module or extension definition (FORMAT.md §7) into a `Module`.

    `image_sizes` maps board image file names to their pixel size (§7.5); boards whose
    image is not in it have an unknown size.

    Raises:
        XmlSecurityError: the XML declares a DTD or entity.
        BuildFileError: malformed XML, or a root element that is not a module.
    """
    root = parse_xml(xml, file=file, entry=entry)
    tag = root.tag if isinstance(root.tag, str) else ""
    is_extension = tag == EXTENSION_ROOT or tag.endswith("ModuleExtension")
    if tag not in MODULE_ROOTS and not is_extension and not tag.endswith("Module"):
        raise BuildFileError(f"root element {tag!r} is not a VASSAL module",
                             file=file, entry=entry)
    walker = _Walker(image_sizes=image_sizes or {})
    walker.walk_children(root, _Context())
    counts = Counter(element.tag for element in root.iter() if isinstance(element.tag, str))
    custom = tuple(dict.fromkeys(
        element.tag for element in root.iter()
        if isinstance(element.tag, str) and is_custom_class(element.tag)
    ))
    return Module(
        name=_str(root, "name"),
        version=_str(root, "version"),
        vassal_version=root.get("VassalVersion") or _str(root, "vassalVersion"),
        description=_str(root, "description"),
        root_class=tag,
        is_extension=is_extension,
        base_module=root.get("module") if is_extension else None,
        maps=tuple(walker.maps),
        prototypes=tuple(walker.prototypes),
        piece_slots=tuple(walker.slots),
        global_properties=tuple(walker.properties),
        sides=tuple(walker.sides),
        dice_buttons=tuple(walker.dice),
        special_dice_buttons=tuple(walker.special_dice),
        turn_trackers=tuple(walker.trackers),
        player_id_format=(walker.player_id_format if walker.player_id_format is not None
                          else "$PlayerName$"),
        custom_classes=custom,
        element_counts=dict(counts),
        metadata=metadata,
    )


_IMAGE_HEAD_BYTES = 4 * 1024 * 1024
"""How much of a board image is read for its size (`_ArchiveImageSizes`)."""


class _ArchiveImageSizes(Mapping[str, tuple[int, int]]):
    """Board image sizes read on demand from `images/<name>` entries of a module zip."""

    def __init__(self, archive: Archive) -> None:
        self._archive = archive
        self._cache: dict[str, tuple[int, int] | None] = {}

    def _head(self, entry: str) -> bytes:
        """The first `_IMAGE_HEAD_BYTES` of an image: its size is in its header, and a map
        image may be tens of MB (a JPEG's header may follow a long EXIF block)."""
        head = bytearray()
        stream = self._archive.stream(entry)
        try:
            for chunk in stream:
                head += chunk
                if len(head) >= _IMAGE_HEAD_BYTES:
                    break
        finally:
            stream.close()
        return bytes(head)

    def _lookup(self, name: str) -> tuple[int, int] | None:
        if name not in self._cache:
            entry = f"images/{name}"
            size = None
            if self._archive.has(entry):
                try:
                    size = image_size(self._head(entry))
                except VassalFormatError:
                    size = None
            self._cache[name] = size
        return self._cache[name]

    def __getitem__(self, name: str) -> tuple[int, int]:
        size = self._lookup(name)
        if size is None:
            raise KeyError(name)
        return size

    def __iter__(self) -> Iterator[str]:
        prefix = "images/"
        return (n[len(prefix):] for n in self._archive.names()
                if n.startswith(prefix) and self._lookup(n[len(prefix):]) is not None)

    def __len__(self) -> int:
        return sum(1 for _ in self)


def open_module(path: str | Path) -> Module:
    """Read a module: a `.vmod`/`.vext` zip, or a bare `buildFile`/`buildFile.xml` file.

    In a zip, `buildFile.xml` is preferred over the legacy `buildFile` (§1.2); the optional
    `moduledata`/`extensiondata` entry becomes `Module.metadata`, and board sizes come from
    the headers of `images/…` entries (§7.5).

    Raises:
        NotAVassalFileError: a zip without a buildFile (e.g. a saved game).
        ArchiveError: unreadable or oversized file.
        BuildFileError, XmlSecurityError: bad module XML.
    """
    source = Path(path)
    display = str(path)
    if is_zip(source):
        with Archive.open(source) as archive:
            entry = next((name for name in ("buildFile.xml", "buildFile")
                          if archive.has(name)), None)
            if entry is None:
                what = "a saved game or log" if archive.has("savedGame") else "no buildFile"
                raise NotAVassalFileError(f"not a VASSAL module: {what}", file=display)
            metadata = None
            for meta_entry in ("extensiondata", "moduledata"):
                if archive.has(meta_entry):
                    metadata = parse_metadata(archive.read(meta_entry), file=display,
                                              entry=meta_entry)
                    break
            xml = archive.read(entry, max_bytes=MAX_BUILDFILE_BYTES,
                               limit_name="MAX_BUILDFILE_BYTES")
            return parse_buildfile(xml, file=display, entry=entry,
                                   image_sizes=_ArchiveImageSizes(archive),
                                   metadata=metadata)
    try:
        size = source.stat().st_size
        if size > MAX_BUILDFILE_BYTES:
            raise BuildFileError(f"buildFile of {size} bytes is larger than the limit "
                                 f"MAX_BUILDFILE_BYTES = {MAX_BUILDFILE_BYTES}", file=display)
        data = source.read_bytes()
    except OSError as error:
        raise NotAVassalFileError(f"cannot read file: {error.strerror}", file=display) from None
    return parse_buildfile(data, file=display)


@functools.lru_cache(maxsize=8)
def _module_version(path: str | Path, mtime_ns: int, size: int) -> Module:
    return open_module(path)


def open_module_once(path: str | Path) -> Module:
    """`open_module`, read once per process while the file is unchanged (same path,
    modification time and size): checking many files of one game parses its module once.

    Raises:
        As `open_module`; OSError when the file cannot be looked at.
    """
    stat = Path(path).stat()
    return _module_version(path, stat.st_mtime_ns, stat.st_size)
