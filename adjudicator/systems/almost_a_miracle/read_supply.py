"""Almost a Miracle!'s supply and logistics as its log shows them (AaM 5, 7).

- In the Attrition Phase, the SPs of each unit kind in each Area (or At Sea) that a step changes
  (`StrengthChanged`: counters reduced, removed or replaced by smaller ones), and the
  leaders taken off the map (`LeaderRemoved`, AaM 5.4.2).
- In any phase, a baggage train or magazine turned over in its Area (`TrainFlipped`; a
  counter deleted and another put in its Area in the same step is read as one flip), taken
  off the map (`TrainRemoved`) or put on it (`TrainPlaced`); a Base of Operations taken
  off, put on or moved (`BaseShifted`); the Sea Control marker turned to its French side
  (`FrenchSeaControl`, AaM 10.5.11).

A move of trains from one Area to another is the force's move (`ForceMoved`), not read
here.
"""

from __future__ import annotations

from collections.abc import Callable

from adjudicator.systems.almost_a_miracle.actions import (
    BaseShifted,
    FrenchSeaControl,
    LeaderRemoved,
    StrengthChanged,
    TrainFlipped,
    TrainPlaced,
    TrainRemoved,
)
from adjudicator.systems.almost_a_miracle.procedure import ATTRITION
from adjudicator.systems.almost_a_miracle.state import AaMState, Entity
from adjudicator.systems.common.actions import Action
from adjudicator.systems.common.places import Place, PlaceKind
from adjudicator.systems.common.steps import StepView
from adjudicator.systems.common.tracker import Relocation

AT_SEA = "AT_SEA"
"""The At Sea box, as the Area key of the SPs in it (AaM 5.4.3, 10.5.6)."""


def _held_at(place: Place) -> str | None:
    """The Area (or `AT_SEA`) SPs at a place count in."""
    if place.kind is PlaceKind.SPACE:
        return place.key
    if place.kind is PlaceKind.BOX and place.key == "at_sea":
        return AT_SEA
    return None


def _strength(entity: Entity, place: Place) -> tuple[tuple[str, str], int] | None:
    """An SP counter's SPs, keyed by its Area (or the At Sea box) and unit kind."""
    held = _held_at(place)
    if entity.kind != "sp" or held is None:
        return None
    return (held, entity.key), entity.value


def held_sp(state: AaMState, area: str, kind: str) -> int:
    """The SPs of a unit kind in an Area, or in the At Sea box (`AT_SEA`)."""
    return sum(entity.value for entity, place in state.pieces.values()
               if entity.kind == "sp" and entity.key == kind and _held_at(place) == area)


def _area(place: Place | None) -> str | None:
    return place.key if place is not None and place.kind is PlaceKind.SPACE else None


def read_supply(view: StepView[Entity, str | None], state: AaMState,
                side_of: Callable[[Entity], str | None], player: str | None,
                phase: str | None) -> list[Action]:
    """The supply and logistics actions of one step (the state already moved on)."""
    actions: list[Action] = []
    if phase == ATTRITION:
        actions += _strengths(view, state, side_of, player)
    removed: list[tuple[Relocation[Entity], Entity, str]] = []
    placed: list[tuple[Relocation[Entity], Entity, str]] = []
    for relocation in view.relocations:
        before = relocation.before.entity if relocation.before is not None else None
        after = relocation.after.entity if relocation.after is not None else None
        origin, destination = _area(relocation.origin), _area(relocation.destination)
        entity = after or before
        if entity is None:
            continue
        if entity.kind == "sea_control" and after is not None and after.key == "french" and \
                (before is None or before.key != "french"):
            actions.append(FrenchSeaControl(step=view.index, player=player))
        elif entity.kind == "boo" and origin != destination:
            actions.append(BaseShifted(step=view.index, side=entity.key or None, player=player,
                                       owner=entity.key, origin=origin,
                                       destination=destination))
        elif entity.kind == "bt":
            if origin is not None and origin == destination and before is not None and \
                    after is not None and before.flag != after.flag:
                actions.append(TrainFlipped(step=view.index, side=entity.key or None,
                                            player=player, piece=relocation.piece_id,
                                            area=origin, owner=entity.key,
                                            before=before.flag, after=after.flag))
            elif origin is not None and destination is None and before is not None:
                removed.append((relocation, before, origin))
            elif origin is None and destination is not None and after is not None:
                placed.append((relocation, after, destination))
        elif entity.kind == "leader" and phase == ATTRITION and origin is not None and \
                destination is None and before is not None:
            actions.append(LeaderRemoved(step=view.index, side=side_of(before), player=player,
                                         leader=before.key, area=origin))
    actions += _trains(view.index, player, removed, placed)
    return actions


def _strengths(view: StepView[Entity, str | None], state: AaMState,
               side_of: Callable[[Entity], str | None], player: str | None) -> list[Action]:
    actions: list[Action] = []
    for (area, kind), change in sorted(view.net(_strength).items()):
        if change == 0:
            continue
        after = held_sp(state, area, kind)
        actions.append(StrengthChanged(step=view.index, side=side_of(Entity("sp", kind)),
                                       player=player, area=area, kind=kind,
                                       before=after - change, after=after))
    return actions


def _trains(step: int, player: str | None,
            removed: list[tuple[Relocation[Entity], Entity, str]],
            placed: list[tuple[Relocation[Entity], Entity, str]]) -> list[Action]:
    """Removals and placements; a counter taken off and another of the same owner put in
    the same Area with another face in one step is a flip."""
    actions: list[Action] = []
    left = list(placed)
    for relocation, entity, area in removed:
        twin = next((p for p in left if p[2] == area and p[1].key == entity.key
                     and p[1].flag != entity.flag and "captured" not in (p[1].flag,
                                                                         entity.flag)), None)
        if twin is not None:
            left.remove(twin)
            actions.append(TrainFlipped(step=step, side=entity.key or None, player=player,
                                        piece=twin[0].piece_id, area=area, owner=entity.key,
                                        before=entity.flag, after=twin[1].flag))
            continue
        to = relocation.destination
        actions.append(TrainRemoved(step=step, side=entity.key or None, player=player,
                                    piece=relocation.piece_id, area=area, owner=entity.key,
                                    flag=entity.flag, to=str(to) if to is not None else ""))
    for relocation, entity, area in left:
        actions.append(TrainPlaced(step=step, side=entity.key or None, player=player,
                                   piece=relocation.piece_id, area=area, owner=entity.key,
                                   flag=entity.flag))
    return actions
