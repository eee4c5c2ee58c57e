"""From (map, x, y) to the location name VASSAL prints (FORMAT.md §7.5–7.6).

`LocationResolver(module).resolve(map_id, x, y, selection)` answers what the engine writes
as `$location$` / `OldLocationName`; `resolve_zone` and `resolve_board` answer what it
writes as `OldZone` / `OldBoard`. Board layouts come from the latest `…BoardPicker` command
for the map (`selection`, see `parse_board_picker`), else the BoardPicker's `<setup>`,
else a single non-reversible board at column 0, row 0.
"""

from __future__ import annotations

import contextlib
from collections.abc import Mapping
from dataclasses import dataclass

from vmod_schema.boardpicks import BoardSelection, PlacedBoard, parse_board_picker, selection_from
from vmod_schema.errors import CommandFormatError
from vmod_schema.grids import Size, ZonedGrid
from vmod_schema.module import Board, Map, Module

OFFBOARD = "offboard"
"""The engine's location name for a point on no board, or that no grid names (§7.6)."""


@dataclass(frozen=True, slots=True)
class _Placed:
    board: Board
    origin: tuple[int, int] | None
    """Map coordinates of the board's top-left corner; None when not computable."""
    reversed: bool

    def contains(self, x: int, y: int) -> bool:
        if self.origin is None:
            return False
        ox, oy = self.origin
        size = self.board.size
        if size is None:
            # Unknown size (image not available): no right/bottom edge to test.
            return x >= ox and y >= oy
        return ox <= x < ox + size[0] and oy <= y < oy + size[1]

    def local(self, x: int, y: int) -> tuple[int, int] | None:
        if self.origin is None:
            return None
        lx, ly = x - self.origin[0], y - self.origin[1]
        if self.reversed:
            size = self.board.size
            if size is None:
                return None
            lx, ly = size[0] - lx, size[1] - ly
        return lx, ly


@dataclass(frozen=True, slots=True)
class Location:
    """Everything the engine derives from a map point."""

    name: str
    """The location name (`offboard` when none)."""
    board: str | None
    """The board containing the point (`OldBoard`), or None."""
    zone: str | None
    """The zone containing the point (`OldZone`), or None."""


LOCATED_LIMIT = 100_000
"""Points a resolver remembers the answer for (then it starts afresh): a process that
checks thousands of files of one module asks about the same few points again and again."""
SHARED_RESOLVERS = 8
"""Modules whose resolvers `shared_resolver` keeps."""
_shared: dict[int, tuple[Module, LocationResolver]] = {}


def shared_resolver(module: Module) -> LocationResolver:
    """The one resolver of this module object in this process, so the answers it has
    worked out serve every file replayed with the module (the latest few modules kept)."""
    entry = _shared.get(id(module))
    if entry is not None and entry[0] is module:
        return entry[1]
    if len(_shared) >= SHARED_RESOLVERS:
        del _shared[next(iter(_shared))]
    resolver = LocationResolver(module)
    _shared[id(module)] = (module, resolver)
    return resolver


class LocationResolver:
    """Answer location, zone and board names for points of a module's maps (§7.5–7.6)."""

    def __init__(self, module: Module) -> None:
        self.module = module
        self._layouts: dict[tuple[str, tuple[PlacedBoard, ...]], tuple[_Placed, ...]] = {}
        self._decks: dict[tuple[str, tuple[PlacedBoard, ...]],
                          dict[tuple[int, int], str]] = {}
        self._located: dict[tuple[str, int, int, tuple[PlacedBoard, ...]], Location] = {}
        """Answers already worked out, by point and boards in play (`locate`)."""

    # ---- layout (§7.5)

    def placements(self, map_: Map,
                   selection: Mapping[str, BoardSelection] | None = None
                   ) -> tuple[PlacedBoard, ...]:
        """Return the boards placed on `map_`: the selection, else `<setup>`, else default."""
        if selection:
            for key in (map_.identifier, map_.internal_id, map_.map_name):
                chosen = selection.get(key)
                if chosen is not None:
                    return chosen.boards
        if map_.board_setup:
            # A malformed default layout is ignored; the single-board rule still applies.
            with contextlib.suppress(CommandFormatError):
                return parse_board_picker(map_.board_setup).boards
        if len(map_.boards) == 1 and not map_.boards[0].reversible:
            return (PlacedBoard(name=map_.boards[0].name),)
        return ()

    def _layout(self, map_: Map, placed: tuple[PlacedBoard, ...]) -> tuple[_Placed, ...]:
        key = (map_.identifier, placed)
        layout = self._layouts.get(key)
        if layout is not None:
            return layout
        boards = [(spec, map_.board(spec.name)) for spec in placed]
        known = [(spec, board) for spec, board in boards if board is not None]
        result: list[_Placed] = []
        for spec, board in known:
            origin = self._origin(map_, spec, known)
            result.append(_Placed(board=board, origin=origin, reversed=spec.reversed))
        layout = tuple(result)
        self._layouts[key] = layout
        return layout

    @staticmethod
    def _origin(map_: Map, spec: PlacedBoard,
                known: list[tuple[PlacedBoard, Board]]) -> tuple[int, int] | None:
        """Edge buffer plus the widths to the left (same row) and heights above (same column)."""
        x, y = map_.edge_width, map_.edge_height
        for other, board in known:
            if other.row == spec.row and other.column < spec.column:
                if board.width is None:
                    return None
                x += board.width
            if other.column == spec.column and other.row < spec.row:
                if board.height is None:
                    return None
                y += board.height
        return x, y

    def _board_at(self, layout: tuple[_Placed, ...], x: int, y: int) -> _Placed | None:
        return next((placed for placed in layout if placed.contains(x, y)), None)

    def _deck_at(self, map_: Map, placed: tuple[PlacedBoard, ...],
                 layout: tuple[_Placed, ...], x: int, y: int) -> str | None:
        key = (map_.identifier, placed)
        decks = self._decks.get(key)
        if decks is None:
            decks = {}
            origins = {item.board.name: item.origin for item in layout}
            for pile in map_.draw_piles:
                if pile.owning_board is None:
                    position = (pile.x + map_.edge_width, pile.y + map_.edge_height)
                else:
                    origin = origins.get(pile.owning_board)
                    if origin is None:
                        continue  # the owning board is not in play (or not placeable)
                    position = (pile.x + origin[0], pile.y + origin[1])
                decks.setdefault(position, pile.name)
            self._decks[key] = decks
        return decks.get((x, y))

    # ---- answers (§7.6)

    def locate(self, map_id: str, x: int, y: int,
               selection: Mapping[str, BoardSelection] | None = None) -> Location:
        """Return location name, board and zone of a map point in one computation.

        An unknown map id gives `offboard` with no board or zone.
        """
        map_ = self.module.map(map_id)
        if map_ is None:
            return Location(OFFBOARD, None, None)
        placed = self.placements(map_, selection)
        key = (map_id, x, y, placed)
        found = self._located.get(key)
        if found is None:
            if len(self._located) >= LOCATED_LIMIT:
                self._located.clear()
            found = self._located[key] = self._locate(map_, placed, x, y)
        return found

    def _locate(self, map_: Map, placed: tuple[PlacedBoard, ...], x: int, y: int
                ) -> Location:
        layout = self._layout(map_, placed)
        deck = self._deck_at(map_, placed, layout, x, y)
        board = self._board_at(layout, x, y)
        if board is None:
            return Location(deck or OFFBOARD, None, None)
        local = board.local(x, y)
        grid = board.board.grid
        zone_name: str | None = None
        name: str | None = None
        if local is not None and grid is not None:
            size: Size | None = board.board.size
            if isinstance(grid, ZonedGrid):
                zone = grid.find_zone(*local)
                if zone is not None:
                    zone_name = zone.name
                    name = grid.zone_location(zone, local[0], local[1], size)
                elif grid.background is not None:
                    name = grid.background.location_name(local[0], local[1], size)
            else:
                name = grid.location_name(local[0], local[1], size)
        if deck is not None:
            name = deck
        return Location(name if name is not None else OFFBOARD, board.board.name, zone_name)

    def resolve(self, map_id: str, x: int, y: int,
                selection: Mapping[str, BoardSelection] | None = None) -> str:
        """Return the location name VASSAL prints for (x, y) on the map `map_id`.

        Deck positions first (a DrawPile at exactly this point names it), then the board
        under the point and its grid; `offboard` when neither answers.
        """
        return self.locate(map_id, x, y, selection).name

    def resolve_zone(self, map_id: str, x: int, y: int,
                     selection: Mapping[str, BoardSelection] | None = None) -> str | None:
        """Return the name of the zone containing the point (`OldZone`), or None."""
        return self.locate(map_id, x, y, selection).zone

    def resolve_board(self, map_id: str, x: int, y: int,
                      selection: Mapping[str, BoardSelection] | None = None) -> str | None:
        """Return the name of the board containing the point (`OldBoard`), or None."""
        return self.locate(map_id, x, y, selection).board

    def deck_position(self, map_id: str, deck_name: str,
                      selection: Mapping[str, BoardSelection] | None = None
                      ) -> tuple[int, int] | None:
        """Return the map position of the DrawPile `deck_name` on `map_id`, or None."""
        map_ = self.module.map(map_id)
        if map_ is None:
            return None
        placed = self.placements(map_, selection)
        layout = self._layout(map_, placed)
        self._deck_at(map_, placed, layout, -(2**31), -(2**31))
        decks = self._decks[(map_.identifier, placed)]
        return next((pos for pos, name in decks.items() if name == deck_name), None)


__all__ = ["OFFBOARD", "BoardSelection", "Location", "LocationResolver", "PlacedBoard",
           "parse_board_picker", "selection_from", "shared_resolver"]
