"""Reading for mobilization, stacking and the set-up: the map markers (fortress, siege,
partisan, massacre) put into a locale (AR 15.2, 28, 29, 37)."""

from __future__ import annotations

from adjudicator.systems.american_revolution.actions import MapMarkerPlaced
from adjudicator.systems.american_revolution.state import MAP_MARKERS, Entity
from adjudicator.systems.common.actions import Action
from adjudicator.systems.common.places import PlaceKind
from adjudicator.systems.common.steps import StepView


def map_markers(view: StepView[Entity, str | None], player: str | None) -> list[Action]:
    """A map marker that arrived in a locale this step (from the palette, a box or
    another locale)."""
    actions: list[Action] = []
    for relocation in view.pieces:
        placed = relocation.after
        if placed is None or placed.entity.kind not in MAP_MARKERS:
            continue
        origin, destination = relocation.origin, relocation.destination
        if destination is None or destination.kind is not PlaceKind.SPACE or \
                origin == destination:
            continue
        entity = placed.entity
        side = entity.key if entity.kind == "partisan" and entity.key in ("US", "GB") \
            else view.side
        actions.append(MapMarkerPlaced(step=view.index, side=side, player=player,
                                       kind=entity.kind, key=entity.key,
                                       locale=destination.key))
    return actions
