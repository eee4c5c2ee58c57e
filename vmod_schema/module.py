"""The module definition's models: what a module declares (FORMAT.md §7).

Frozen pydantic models of a parsed `buildFile.xml` / legacy `buildFile`: the `Module` with
its maps (`Map`, with their `Board`s, `DrawPile`s and `SetupStack`s), piece definitions
(`PieceSlot`, `PrototypeDefinition`), global properties, dice buttons and turn trackers.
They know no XML: `vmod_schema.buildfile` reads a module's XML into them (`open_module`,
`parse_buildfile`). Expanding a slot's prototypes (§7.9) imports the piece layer on first use.
"""

from __future__ import annotations

import importlib
from collections.abc import Mapping
from enum import StrEnum
from typing import Literal, Protocol, cast

from pydantic import BaseModel, ConfigDict, PrivateAttr

from vmod_schema.grids import Grid, Size
from vmod_schema.metadata import Metadata

_FROZEN = ConfigDict(frozen=True, extra="forbid")


class _PrototypeApi(Protocol):
    """What this module uses of `vmod_schema.prototypes` (the piece layer, §7.9)."""

    def parse_add_piece_text(self, text: str) -> tuple[str | None, str, str]: ...

    def expand_prototypes(self, type_: str, state: str,
                          definitions: Mapping[str, tuple[str, str]]) -> tuple[str, str]: ...


def _prototype_api() -> _PrototypeApi:
    """Import the piece layer on first use: module parsing does not need it."""
    return cast(_PrototypeApi, importlib.import_module("vmod_schema.prototypes"))


class MapKind(StrEnum):
    """The four map element classes (FORMAT.md §7.3)."""

    MAP = "Map"
    PRIVATE_MAP = "PrivateMap"
    PLAYER_HAND = "PlayerHand"
    WIDGET_MAP = "WidgetMap"


class PieceSlot(BaseModel):
    """A `PieceSlot` or `CardSlot` (§7.8): a piece definition as an AddPiece text."""

    model_config = _FROZEN

    entry_name: str
    gpid: str
    """The slot's id; pieces created from it carry it in their basic state (§6.2)."""
    text: str
    """The element text, an AddPiece command `+/null/<type>/<state>`, as written."""
    is_card: bool = False
    width: int | None = None
    height: int | None = None
    path: tuple[str, ...] = ()
    """Configured names of the enclosing components, outermost first (empty names skipped)."""
    component_path: str = ""
    """The §7.14 component path of this slot (`Class:name/Class:name/…`)."""

    def definition(self) -> tuple[str, str]:
        """Return the slot's (type, state) strings, decoded from the AddPiece text.

        Raises:
            PieceFormatError: the text is not an AddPiece command.
        """
        _, type_, state = _prototype_api().parse_add_piece_text(self.text)
        return type_, state


class PrototypeDefinition(BaseModel):
    """A `PrototypeDefinition` (§7.9): named traits shared by piece definitions."""

    model_config = _FROZEN

    name: str
    description: str = ""
    text: str
    """The element text, `+/null/<type>/<state>`, as written."""
    path: tuple[str, ...] = ()


class PositionedStack(BaseModel):
    """Position attributes shared by DrawPiles and SetupStacks (§7.7)."""

    model_config = _FROZEN

    name: str
    map_id: str | None
    """Identifier of the enclosing map (None when outside any map)."""
    owning_board: str | None = None
    """Board the position is relative to; None = relative to the map's edge buffer."""
    x: int = 0
    y: int = 0
    use_grid_location: bool = False
    location: str = ""
    slots: tuple[PieceSlot, ...] = ()
    attributes: dict[str, str] = {}
    """Every attribute as written (deck options: `faceDown`, `shuffle`, `reportFormat`…)."""


class DrawPile(PositionedStack):
    """A `DrawPile` ("deck"); the game's `deck;` piece has `deckName` = this `name`."""


class SetupStack(PositionedStack):
    """A `SetupStack` ("at-start stack"); only placed when a new game starts."""


class Board(BaseModel):
    """A `Board` of a map's BoardPicker (§7.4)."""

    model_config = _FROZEN

    name: str
    image: str | None = None
    width: int | None = None
    """Pixel width: the image's when the board has one (None if the image is unavailable)."""
    height: int | None = None
    reversible: bool = False
    grid: Grid | None = None

    @property
    def size(self) -> Size | None:
        """(width, height), or None when unknown."""
        if self.width is None or self.height is None:
            return None
        return self.width, self.height


class GlobalProperty(BaseModel):
    """A `GlobalProperty` (module or map level) or `ZoneProperty` (§7.13)."""

    model_config = _FROZEN

    name: str
    initial_value: str = ""
    is_numeric: bool = False
    min: str | None = None
    max: str | None = None
    wrap: bool = False
    description: str = ""
    level: Literal["module", "map", "zone"] = "module"
    container: str = "Module"
    """`Module`, the map identifier, or `<map>:<zone>` — as in `GlobalProperty⇥` commands."""


class DiceButton(BaseModel):
    """A `DiceButton` (§7.13)."""

    model_config = _FROZEN

    name: str
    n_dice: int = 2
    n_sides: int = 6
    plus: int = 0
    """Added to each die."""
    add_to_total: int = 0
    report_total: bool = False
    report_format: str | None = None
    sort_dice: bool = False
    keep_dice: bool = False
    keep_option: str | None = None
    keep_count: int | None = None
    prompt: bool = False
    button_text: str = ""


class SpecialDieFace(BaseModel):
    """One face of a special die."""

    model_config = _FROZEN

    text: str = ""
    value: int = 0
    icon: str = ""


class SpecialDie(BaseModel):
    """A `SpecialDie` of a SpecialDiceButton."""

    model_config = _FROZEN

    name: str = ""
    format: str = "$result$"
    faces: tuple[SpecialDieFace, ...] = ()


class SpecialDiceButton(BaseModel):
    """A `SpecialDiceButton` with its dice (§7.13)."""

    model_config = _FROZEN

    name: str
    format: str = ""
    result_chatter: bool = True
    result_window: bool = False
    dice: tuple[SpecialDie, ...] = ()


class TurnLevel(BaseModel):
    """A turn-tracker level (§7.10); `kind` says which attributes apply."""

    model_config = _FROZEN

    kind: Literal["counter", "list"]
    name: str = ""
    property: str = ""
    """Global property holding the level's current value."""
    turn_format: str = ""
    start: int = 1
    incr: int = 1
    loop: bool = False
    loop_limit: int = -1
    values: tuple[str, ...] = ()
    """List levels: the values (the `list` attribute)."""
    config_first: bool = False
    config_list: bool = False
    prompt: str = ""
    levels: tuple[TurnLevel, ...] = ()


class TurnTracker(BaseModel):
    """A `TurnTracker`; its id is `TurnTracker<n>` in document order (§7.10)."""

    model_config = _FROZEN

    id: str
    name: str = ""
    turn_format: str = ""
    report_format: str = ""
    levels: tuple[TurnLevel, ...] = ()


class Map(BaseModel):
    """A map element of any of the four map classes (§7.3)."""

    model_config = _FROZEN

    map_name: str
    index: int
    """0-based position among all map elements in document order."""
    kind: MapKind
    class_name: str
    edge_width: int = 0
    edge_height: int = 0
    move_within_format: str | None = None
    """Report formats: None when the attribute is absent, `""` when explicitly empty."""
    move_to_format: str | None = None
    create_format: str | None = None
    change_format: str | None = None
    mark_moved: str | None = None
    boards: tuple[Board, ...] = ()
    board_setup: str | None = None
    """The BoardPicker's `<setup>` text: an encoded `…BoardPicker` command (§7.4)."""
    draw_piles: tuple[DrawPile, ...] = ()
    setup_stacks: tuple[SetupStack, ...] = ()
    attributes: dict[str, str] = {}
    """Every attribute of the map element as written."""

    @property
    def identifier(self) -> str:
        """The map id used in files: `mapName`, or `Map<n>` when that is empty (§7.3)."""
        return self.map_name or self.internal_id

    @property
    def internal_id(self) -> str:
        """The engine's internal id `Map<n>`."""
        return f"Map{self.index}"

    def board(self, name: str) -> Board | None:
        """Return the board called `name`, or None."""
        return next((board for board in self.boards if board.name == name), None)


class Module(BaseModel):
    """A parsed module (or extension) definition: what a rules tool needs from it."""

    model_config = _FROZEN

    name: str
    version: str = ""
    vassal_version: str = ""
    description: str = ""
    root_class: str
    is_extension: bool = False
    base_module: str | None = None
    """Extensions: the `module` attribute (base module name)."""
    maps: tuple[Map, ...] = ()
    prototypes: tuple[PrototypeDefinition, ...] = ()
    piece_slots: tuple[PieceSlot, ...] = ()
    """Every PieceSlot and CardSlot, in document order (palettes, decks, at-start stacks)."""
    global_properties: tuple[GlobalProperty, ...] = ()
    sides: tuple[str, ...] = ()
    dice_buttons: tuple[DiceButton, ...] = ()
    special_dice_buttons: tuple[SpecialDiceButton, ...] = ()
    turn_trackers: tuple[TurnTracker, ...] = ()
    player_id_format: str = "$PlayerName$"
    custom_classes: tuple[str, ...] = ()
    """Element tags that are not VASSAL classes (module-specific Java), first-seen order."""
    element_counts: dict[str, int] = {}
    """Number of elements of each tag in the buildFile."""
    metadata: Metadata | None = None
    """The `moduledata`/`extensiondata` entry, when read from a zip that has one."""
    _maps_by_id: dict[str, Map] = PrivateAttr(default_factory=dict)

    def model_post_init(self, context: object, /) -> None:
        """Index maps by `mapName` and by `Map<n>` (§7.3: accept either)."""
        index: dict[str, Map] = {}
        for map_ in self.maps:
            index.setdefault(map_.internal_id, map_)
        for map_ in self.maps:
            if map_.map_name:
                index[map_.map_name] = map_
        self._maps_by_id = index

    def map(self, map_id: str) -> Map | None:
        """Return the map with this identifier (`mapName` or `Map<n>`), or None."""
        return self._maps_by_id.get(map_id)

    @property
    def draw_piles(self) -> tuple[DrawPile, ...]:
        """Every DrawPile of every map, in document order."""
        return tuple(pile for map_ in self.maps for pile in map_.draw_piles)

    @property
    def setup_stacks(self) -> tuple[SetupStack, ...]:
        """Every SetupStack of every map, in document order."""
        return tuple(stack for map_ in self.maps for stack in map_.setup_stacks)

    def count(self, short_class: str) -> int:
        """Return how many elements have a tag ending in `.short_class` (or equal to it)."""
        return sum(number for tag, number in self.element_counts.items()
                   if tag == short_class or tag.endswith("." + short_class))

    def prototype_table(self) -> dict[str, tuple[str, str]]:
        """Return prototype name → (type, state); the last definition of a name wins (§7.9).

        Raises:
            PieceFormatError: a definition's text is not an AddPiece command.
        """
        api = _prototype_api()
        table: dict[str, tuple[str, str]] = {}
        for prototype in self.prototypes:
            _, type_, state = api.parse_add_piece_text(prototype.text)
            table[prototype.name] = (type_, state)
        return table

    def expand_slot(self, slot: PieceSlot,
                    table: Mapping[str, tuple[str, str]] | None = None) -> tuple[str, str]:
        """Return a slot's (type, state) with prototypes expanded (§7.9).

        Pass `table` (from `prototype_table()`) when expanding many slots.
        """
        type_, state = slot.definition()
        return _prototype_api().expand_prototypes(
            type_, state, table if table is not None else self.prototype_table())
