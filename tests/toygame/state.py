"""Skirmish's pieces and position: which unit is where."""

from __future__ import annotations

from dataclasses import dataclass

from adjudicator.systems.common.places import Place, PlaceKind
from adjudicator.systems.common.tracker import Relocation


@dataclass(frozen=True, slots=True)
class Entity:
    """A bound piece: a unit (`unit:red_inf`), or a card the binding does not know."""

    kind: str
    key: str = ""

    @classmethod
    def parse(cls, entity_id: str) -> Entity | None:
        """Read an entity id; None when it is not one of Skirmish's.

        >>> Entity.parse("unit:red_inf"), Entity.parse("general:howe")
        (Entity(kind='unit', key='red_inf'), None)
        """
        kind, _, key = entity_id.partition(":")
        return cls(kind, key) if kind == "unit" and key else None


class SkirmishState:
    """Where each unit is (a space, the Reserve Box, or off the board)."""

    __slots__ = ("unit_at",)

    def __init__(self) -> None:
        self.unit_at: dict[str, Place] = {}

    def apply(self, relocation: Relocation[Entity]) -> None:
        """Take one piece out of where it was and put it where it is now."""
        if relocation.before is not None and relocation.before.entity.kind == "unit":
            self.unit_at.pop(relocation.before.entity.key, None)
        after = relocation.after
        if after is not None and after.entity.kind == "unit" and after.place is not None:
            self.unit_at[after.entity.key] = after.place

    def units_in(self, key: str) -> list[str]:
        """The units in a map space."""
        return [unit for unit, place in self.unit_at.items()
                if place.kind is PlaceKind.SPACE and place.key == key]
