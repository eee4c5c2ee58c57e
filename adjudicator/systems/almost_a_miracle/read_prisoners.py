"""Almost a Miracle!'s reading of prisoners (AaM 14.1.6, 15.1-15.4): every piece put into a
POW box (a Leader POW box, or a module's POW track), taken out of one into an Area, or
taken off the At Sea box out of play, as one `Boxed` action each. Moves between POW boxes
are not read."""

from __future__ import annotations

from typing import TYPE_CHECKING

from adjudicator.systems.almost_a_miracle.actions import Boxed
from adjudicator.systems.almost_a_miracle.read_reinforcements import in_play
from adjudicator.systems.almost_a_miracle.reading import ReaderLike
from adjudicator.systems.common.actions import Action
from adjudicator.systems.common.places import Place, PlaceKind
from adjudicator.systems.common.steps import StepView

if TYPE_CHECKING:
    from adjudicator.systems.almost_a_miracle.state import Entity


def pow_box(place: Place | None) -> bool:
    """A POW box or track (AaM 15.1-15.2)."""
    return place is not None and place.kind is not PlaceKind.SPACE and \
        "pow" in place.key.casefold()


def at_sea(place: Place | None) -> bool:
    """The At Sea box (AaM 10.5.6)."""
    return place is not None and place.kind is not PlaceKind.SPACE and \
        "sea" in place.key.casefold()


def read_prisoners(reader: ReaderLike, view: StepView[Entity, str | None],
                   player: str | None) -> list[Action]:
    """The pieces of one step that went into or out of a POW box, or off the At Sea box."""
    actions: list[Action] = []
    for relocation in view.pieces:
        if relocation.unresolved:
            continue
        origin, destination = relocation.origin, relocation.destination
        into = pow_box(destination) and not pow_box(origin)
        out = pow_box(origin) and destination is not None and \
            destination.kind is PlaceKind.SPACE
        lost = at_sea(origin) and not in_play(destination) and not into
        placed = relocation.after if into or out else relocation.before
        if not (into or out or lost) or placed is None:
            continue
        entity = placed.entity
        area = next((p.key for p in (origin, destination)
                     if p is not None and p.kind is PlaceKind.SPACE), None)
        actions.append(Boxed(step=view.index, side=reader.side_of(entity), player=player,
                             piece=relocation.piece_id, kind=entity.kind, key=entity.key,
                             value=entity.value, origin=str(origin) if origin else "",
                             destination=str(destination) if destination else "",
                             area=area))
    return actions
