"""Steps as a game's reader sees them (`StepView`), built by hand for reader tests: pieces
moved between map spaces, and dice rolled."""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

from adjudicator.systems.common.places import Place, PlaceKind
from adjudicator.systems.common.steps import Rolled, StepView
from adjudicator.systems.common.tracker import Placed, Relocation

E = TypeVar("E")


def moved(parse: Callable[[str], E | None], piece: str, entity_id: str, before: str,
          after: str) -> Relocation[E]:
    """A piece of `entity_id` (read by the game's `Entity.parse`) moved between spaces."""
    entity = parse(entity_id)
    assert entity is not None
    return Relocation(piece, piece, Placed(entity, Place(PlaceKind.SPACE, before)),
                      Placed(entity, Place(PlaceKind.SPACE, after)))


def view(index: int, side: str, *relocations: Relocation[E],
         rolls: tuple[Rolled[str | None], ...] = ()) -> StepView[E, str | None]:
    """Step `index` of `side`: these pieces moved, these dice rolled."""
    return StepView(index, side, relocations, cards=(), pieces=relocations, strength={},
                    rolls=rolls, chat=(), cues={}, off_board=frozenset(), waypoints={})
