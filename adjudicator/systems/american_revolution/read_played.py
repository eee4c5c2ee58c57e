"""Campaign markers the interpreter's own reading leaves aside: a played marker leaving the
Played Markers zone (AR 7.7), a marker passed from one hand to the other (Mutiny & Treason,
AR 7.9), a marker put into a hand from outside the pool (`MarkerMoved`)."""

from __future__ import annotations

from adjudicator.systems.american_revolution.actions import MarkerMoved
from adjudicator.systems.american_revolution.state import Entity
from adjudicator.systems.common.actions import Action
from adjudicator.systems.common.places import Place, PlaceKind
from adjudicator.systems.common.steps import StepView

PLAYED = Place(PlaceKind.ZONE, "played")
DECK = Place(PlaceKind.DECK)


def marker_moves(view: StepView[Entity, str | None], player: str | None) -> list[Action]:
    """The step's marker moves out of play, between hands, or from the palette."""
    actions: list[Action] = []
    for relocation in view.pieces:
        placed = (relocation.before or relocation.after) if relocation.origin == PLAYED \
            else (relocation.after or relocation.before)
        if placed is None or placed.entity.kind != "marker":
            continue
        origin, destination = relocation.origin, relocation.destination
        if origin == destination:
            continue
        into_hand = destination is not None and destination.kind is PlaceKind.HAND
        out_of_hand = origin is not None and origin.kind is PlaceKind.HAND
        if origin == PLAYED or (into_hand and out_of_hand) or (
                into_hand and origin is None):
            side = origin.key if out_of_hand and origin is not None else (
                destination.key if into_hand and destination is not None and origin is None
                else view.side)
            actions.append(MarkerMoved(
                step=view.index, side=side, player=player, marker=placed.entity.key,
                origin=None if origin is None else str(origin),
                destination=None if destination is None else str(destination)))
    return actions

