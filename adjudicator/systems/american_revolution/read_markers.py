"""The reading of partisan and massacre markers (optional rules AR 29, 37): a marker
put into a locale is placed, one taken off a locale removed; one moved from locale to
locale is both (partisans and massacres never move).

Which side a placement is: the partisan's own (Rebels American, Tories British), a
massacre's the player's who placed it. A removal is the player's who took it off.
"""

from __future__ import annotations

from adjudicator.systems.american_revolution.actions import MapMarkerPlaced, MapMarkerRemoved
from adjudicator.systems.american_revolution.state import Entity
from adjudicator.systems.common.actions import Action
from adjudicator.systems.common.places import Place, PlaceKind
from adjudicator.systems.common.steps import StepView

KINDS = frozenset({"partisan", "massacre"})
"""The map markers read here (fortresses and sieges are read with their own rule)."""


def map_markers(view: StepView[Entity, str | None], player: str | None) -> list[Action]:
    """The partisan and massacre markers a step placed and removed, removals first."""
    removed: list[Action] = []
    placed: list[Action] = []
    for relocation in view.pieces:
        after = relocation.after or relocation.before
        entity = after.entity if after is not None else None
        if entity is None or entity.kind not in KINDS:
            continue
        origin, destination = relocation.origin, relocation.destination
        if origin == destination:
            continue
        if _locale(origin):
            assert origin is not None
            removed.append(MapMarkerRemoved(
                step=view.index, side=view.side, player=player, kind=entity.kind,
                key=entity.key, locale=origin.key,
                to=None if destination is None else str(destination)))
        if _locale(destination):
            assert destination is not None
            side = entity.key if entity.key in ("US", "GB") else view.side
            placed.append(MapMarkerPlaced(
                step=view.index, side=side, player=player, kind=entity.kind,
                key=entity.key, locale=destination.key,
                origin=None if origin is None else str(origin)))
    return removed + placed


def _locale(place: Place | None) -> bool:
    return place is not None and place.kind is PlaceKind.SPACE
