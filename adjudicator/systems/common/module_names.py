"""The names a VASSAL module gives its pieces and locations, for drafting a binding.

Every game's `draft_binding` matches these names against its data's names
(`adjudicator.binding.match_names`); what they are is the module's, not the game's.
"""

from __future__ import annotations

from collections.abc import Iterable

from vmod_schema.buildfile import MapKind, Module
from vmod_schema.grids import RegionGrid, ZonedGrid
from vmod_schema.pieces import decode_piece
from vmod_schema.traits import Layer


def module_piece_names(module: Module) -> list[str]:
    """The names the module's pieces can show: each slot's name after prototypes are
    expanded, and every level name of a multi-level (e.g. two-sided) piece."""
    table = module.prototype_table()
    names: list[str] = []
    for slot in module.piece_slots:
        type_, state = module.expand_slot(slot, table)
        piece = decode_piece(type_, state)
        names.append(piece.name or slot.entry_name)
        for trait in piece.traits:
            if isinstance(trait, Layer):
                names += [n.strip("+") for n in trait.layout().level_names if n.strip("+")]
    return names


def module_location_names(module: Module) -> tuple[list[str], list[str]]:
    """(location names: regions, zones, decks; names of maps without a grid: hands)."""
    locations: list[str] = []
    whole_maps: list[str] = []
    for map_ in module.maps:
        locations += [pile.name for pile in map_.draw_piles]
        gridded = False
        for board in map_.boards:
            locations += list(_grid_names(board.grid))
            gridded = gridded or board.grid is not None
        if not gridded or map_.kind in (MapKind.PLAYER_HAND, MapKind.PRIVATE_MAP):
            whole_maps.append(map_.identifier)
    return locations, whole_maps


def _grid_names(grid: object) -> Iterable[str]:
    if isinstance(grid, ZonedGrid):
        for zone in grid.zones:
            yield zone.name
        yield from _grid_names(grid.background)
    elif isinstance(grid, RegionGrid):
        for region in grid.regions:
            yield region.name


__all__ = ["module_location_names", "module_piece_names"]
