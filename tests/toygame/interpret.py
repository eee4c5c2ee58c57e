"""Skirmish's reading of a step: the units it moved are moves, a move into the enemy is a
battle, a new number on the Turn marker is a new turn (Toy 3.1)."""

from __future__ import annotations

from adjudicator.systems.common.actions import Action
from adjudicator.systems.common.places import PlaceKind
from adjudicator.systems.common.sequencer import NewTurn
from adjudicator.systems.common.steps import StepView
from tests.toygame.actions import Battle, Moved
from tests.toygame.data import SkirmishData
from tests.toygame.state import Entity, SkirmishState


def read(view: StepView[Entity, str], data: SkirmishData, state: SkirmishState,
         turn: str | None, player: str | None) -> list[Action]:
    """The actions of one step (`turn`: the Turn marker, when it changed in the step)."""
    actions: list[Action] = []
    if turn is not None:
        actions.append(NewTurn(step=view.index, player=player, turn=turn,
                               reason=f"the Turn marker shows {turn}"))
    for relocation in view.pieces:
        origin, destination = relocation.origin, relocation.destination
        entity = relocation.after.entity if relocation.after is not None else None
        if entity is None or origin is None or destination is None or origin == destination:
            continue
        unit = data.units.get(entity.key)
        if unit is None or PlaceKind.SPACE not in (origin.kind, destination.kind):
            continue
        actions.append(Moved(step=view.index, side=unit.side, player=player, unit=unit.id,
                             origin=origin.key, destination=destination.key,
                             reason=f"{unit.name} moved"))
        enemies = tuple(key for key in state.units_in(destination.key)
                        if data.units[key].side != unit.side)
        if destination.kind is PlaceKind.SPACE and enemies:
            actions.append(Battle(step=view.index, side=unit.side, player=player,
                                  space=destination.key, attackers=(unit.id,),
                                  defenders=enemies))
    return actions
