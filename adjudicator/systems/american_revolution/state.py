"""The American Revolution's pieces and position: which counter is where, which side of it
shows, and where each track marker stands.

Entities are read from the ids a binding gives (`binding.py`): `unit:gb_regular`,
`unit:gb_regular:disrupted`, `leader:gage`, `marker:tactics`, `fortress`, `siege`,
`partisan:US`, `massacre`, `rp`, `bop`, `loyalty:new_england`.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from adjudicator.systems.common.places import Place, PlaceKind
from adjudicator.systems.common.tracker import Relocation

KINDS = frozenset({"unit", "leader", "marker", "fortress", "siege", "partisan", "massacre",
                   "rp", "bop", "loyalty"})
MAP_MARKERS = frozenset({"fortress", "siege", "partisan", "massacre"})
"""The markers of which a locale holds at most one, both sides counted (AR 15.2)."""
TRACKS = frozenset({"rp", "bop", "loyalty"})


@dataclass(frozen=True, slots=True)
class Entity:
    """A bound piece: its kind, key and whether its disrupted side shows (AR 18.4)."""

    kind: str
    key: str = ""
    disrupted: bool = False

    @classmethod
    def parse(cls, entity_id: str) -> Entity | None:
        """Read an entity id; None when it is not one of this game's.

        >>> Entity.parse("unit:gb_regular:disrupted")
        Entity(kind='unit', key='gb_regular', disrupted=True)
        >>> Entity.parse("partisan:US")
        Entity(kind='partisan', key='US', disrupted=False)
        >>> Entity.parse("rp"), Entity.parse("card:x")
        (Entity(kind='rp', key='', disrupted=False), None)
        """
        kind, _, rest = entity_id.partition(":")
        if kind not in KINDS:
            return None
        key, _, flag = rest.partition(":")
        if flag not in ("", "disrupted"):
            return None
        return cls(kind, key, flag == "disrupted")

    @property
    def combat(self) -> bool:
        """A unit or leader (what moves and fights)."""
        return self.kind in ("unit", "leader")


def track_level(place: Place | None, track: str) -> int | None:
    """The level a track box stands for: `track:rp_2` → 2, `track:bop_m1` → -1,
    `track:loyalty_new_england_p3` → 3 (None: not a box of that track).

    >>> track_level(Place(PlaceKind.TRACK, "bop_m1"), "bop")
    -1
    >>> track_level(Place(PlaceKind.TRACK, "loyalty_west_0"), "loyalty_west")
    0
    """
    if place is None or place.kind is not PlaceKind.TRACK:
        return None
    head, _, level = place.key.rpartition("_")
    if head != track:
        return None
    sign = -1 if level.startswith("m") else 1
    digits = level.lstrip("mp")
    return sign * int(digits) if digits.isdigit() else None


class ARState:
    """Where every bound piece is (mutable; the tracker's relocations keep it, undo too)."""

    __slots__ = ("pieces",)

    def __init__(self) -> None:
        self.pieces: dict[str, tuple[Entity, Place]] = {}
        """Piece id → its entity and place."""

    def apply(self, relocation: Relocation[Entity]) -> None:
        """Take one piece out of where it was and put it where it is now."""
        self.pieces.pop(relocation.piece_id, None)
        after = relocation.after
        if after is not None and after.place is not None:
            self.pieces[relocation.piece_id] = (after.entity, after.place)

    def at(self, place: Place) -> Iterator[tuple[str, Entity]]:
        """The pieces in a place."""
        for piece_id, (entity, where) in self.pieces.items():
            if where == place:
                yield piece_id, entity

    def in_locale(self, locale: str) -> list[Entity]:
        """The entities in a locale (a map space or an off-map box)."""
        return [entity for entity, where in self.pieces.values()
                if where.kind is PlaceKind.SPACE and where.key == locale]

    def where_is(self, kind: str, key: str = "") -> list[Place]:
        """Every place holding an entity of this kind and key."""
        return [where for entity, where in self.pieces.values()
                if entity.kind == kind and entity.key == key]

    def level(self, track: str, region: str = "") -> int | None:
        """Where a track marker stands: `rp`, `bop`, or `loyalty` of a region (None: not on
        its track)."""
        box = f"loyalty_{region}" if track == "loyalty" else track
        for place in self.where_is(track, region):
            found = track_level(place, box)
            if found is not None:
                return found
        return None

    def count(self, kind: str, place: Place) -> int:
        """How many pieces of a kind are in a place (campaign markers in a hand)."""
        return sum(1 for entity, where in self.pieces.values()
                   if entity.kind == kind and where == place)
