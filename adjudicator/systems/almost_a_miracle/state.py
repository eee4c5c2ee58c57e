"""Almost a Miracle!'s pieces and position: which counter is where, and its side up.

Entities are read from the ids a binding gives (`binding.py`): SP counters
`sp:cont_regular:5`, leaders `leader:washington` (unmoved) and `leader:washington:moved`,
baggage trains `bt:british` / `bt:british:mag` / `bt:british:captured`, bases
`boo:british`, forts `fort:british:build` / `fort:british` / `fort:destroyed`, sieges
`siege:1` / `siege:2`, and the markers `moved`, `mv:british`, `fi`, `sea_control:french`,
`weather:rain`, `governor`.
"""

from __future__ import annotations

from dataclasses import dataclass

from adjudicator.systems.common.places import Place, PlaceKind
from adjudicator.systems.common.tracker import Relocation

KINDS = frozenset({"sp", "leader", "bt", "boo", "fort", "siege", "moved", "mv", "fi",
                   "sea_control", "weather", "governor"})


@dataclass(frozen=True, slots=True)
class Entity:
    """A bound piece: its kind, key, value (an SP counter's strength, a siege's level) and
    flag (`moved`, `mag`, `build`, `captured`)."""

    kind: str
    key: str = ""
    value: int = 0
    flag: str = ""

    @classmethod
    def parse(cls, entity_id: str) -> Entity | None:
        """Read an entity id; None when it is not one of this game's.

        >>> Entity.parse("sp:cont_regular:5")
        Entity(kind='sp', key='cont_regular', value=5, flag='')
        >>> Entity.parse("leader:howe:moved")
        Entity(kind='leader', key='howe', value=0, flag='moved')
        >>> Entity.parse("siege:2")
        Entity(kind='siege', key='', value=2, flag='')
        """
        kind, _, rest = entity_id.partition(":")
        if kind not in KINDS:
            return None
        if kind == "sp":
            key, _, value = rest.partition(":")
            return cls(kind, key, int(value)) if key and value.isdigit() else None
        if kind == "siege":
            return cls(kind, "", int(rest)) if rest.isdigit() else None
        key, _, flag = rest.partition(":")
        return cls(kind, key, 0, flag)

    @property
    def force(self) -> bool:
        """An SP counter, a leader or a baggage train (what moves in a force)."""
        return self.kind in ("sp", "leader") or (self.kind == "bt" and self.flag != "mag")


class AaMState:
    """Where every bound piece is (mutable; the tracker's relocations keep it, undo too)."""

    __slots__ = ("pieces",)

    def __init__(self) -> None:
        self.pieces: dict[str, tuple[Entity, Place]] = {}

    def apply(self, relocation: Relocation[Entity]) -> None:
        """Take one piece out of where it was and put it where it is now."""
        self.pieces.pop(relocation.piece_id, None)
        after = relocation.after
        if after is not None and after.place is not None:
            self.pieces[relocation.piece_id] = (after.entity, after.place)

    def in_area(self, area: str) -> list[Entity]:
        """The entities in an Area."""
        return [entity for entity, where in self.pieces.values()
                if where.kind is PlaceKind.SPACE and where.key == area]

    def sp_in(self, area: str, kinds: frozenset[str] | None = None) -> int:
        """The SPs of these unit kinds (None: all) in an Area."""
        return sum(e.value for e in self.in_area(area)
                   if e.kind == "sp" and (kinds is None or e.key in kinds))
