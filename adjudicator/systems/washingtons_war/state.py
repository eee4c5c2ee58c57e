"""The Washington's War position read off a VASSAL board through a binding.

Entity ids (the right-hand side of a binding's `[pieces]` table):
`general:<id>`, `cu:<AM|BR|FR>:<value>`, `pc:<AM|BR>`, `navy`, `congress`, `card:<id>`.
Place ids (its `[locations]` and `[maps]` tables): `space:<id>`, `box:<id>` (the three
reinforcement boxes, `captured`, `congress_dispersed`, `removed`), `cards:<id>` (a
reinforcement-card box, an OPS queue, the War Ends box), `deck`, `discard`, `set_aside`,
`hand:AM`, `hand:BR`.

Only totals matter for CUs: counters are like money (WW 2.2.A, 3.0).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

from adjudicator.binding import Binding
from adjudicator.replay import Board
from adjudicator.systems.washingtons_war.data import Nationality, Side

CARD_PLACES = ("hand:", "cards:", "deck", "discard", "set_aside")
"""Places only cards occupy: an unbound piece there is an unknown card."""
UNKNOWN_CARD = "?"
"""Prefix of the card key of a card the binding does not know (followed by its name)."""

SIDE_OF = {Nationality.AM: Side.AM, Nationality.FR: Side.AM, Nationality.BR: Side.BR}
"""French pieces belong to the American side (WW 12.2.C)."""


@dataclass(frozen=True, slots=True)
class Entity:
    """A bound game piece: what it is, and its details."""

    kind: str
    """`general`, `cu`, `pc`, `navy`, `congress` or `card`."""
    key: str = ""
    """General or card id; the side of a PC; the nationality of a CU."""
    value: int = 0
    """A CU counter's denomination."""

    @classmethod
    def parse(cls, entity_id: str) -> Entity | None:
        """Read an entity id; None when it is not one of this game's forms.

        >>> Entity.parse("cu:BR:5"), Entity.parse("general:howe").key
        (Entity(kind='cu', key='BR', value=5), 'howe')
        """
        kind, _, rest = entity_id.partition(":")
        if kind == "cu":
            nationality, _, value = rest.partition(":")
            if nationality in Nationality.__members__ and value.isdigit():
                return cls("cu", nationality, int(value))
            return None
        if kind == "pc" and rest in Side.__members__:
            return cls("pc", rest)
        if kind in ("general", "card") and rest:
            return cls(kind, rest)
        if kind in ("navy", "congress") and not rest:
            return cls(kind)
        return None


@dataclass(slots=True)
class Place:
    """What one space or box holds."""

    generals: list[str] = field(default_factory=list)
    cu: Counter[Nationality] = field(default_factory=Counter)
    pcs: list[Side] = field(default_factory=list)
    congress: bool = False
    navy: bool = False

    @property
    def pc(self) -> Side | None:
        """The side whose PC marker is here (a space never holds two, WW 10.0.A)."""
        return self.pcs[0] if self.pcs else None

    def cus_of(self, side: Side) -> int:
        """The CU strength of one side here (French counted for the Americans)."""
        return sum(n for nat, n in self.cu.items() if SIDE_OF[nat] is side)

    def has_units_of(self, side: Side, generals_side: dict[str, Side]) -> bool:
        """Whether a side has a General or CU here (the Congress counts for the
        Americans: it is an American Unit, WW 3.0)."""
        if self.cus_of(side) > 0:
            return True
        if side is Side.AM and self.congress:
            return True
        return any(generals_side.get(g) is side for g in self.generals)


@dataclass(slots=True)
class WWState:
    """The position: every place's contents, where each General and card is, and what
    could not be bound."""

    places: dict[str, Place] = field(default_factory=dict)
    general_at: dict[str, str] = field(default_factory=dict)
    card_at: dict[str, str] = field(default_factory=dict)
    year: str | None = None
    unbound_pieces: Counter[str] = field(default_factory=Counter)
    """Piece names the binding does not know (ignored by the rules)."""
    unplaced: Counter[str] = field(default_factory=Counter)
    """Location names of bound pieces that the binding maps to no space or box."""

    def place(self, place_id: str) -> Place:
        """The contents of a place (empty if nothing is there)."""
        return self.places.get(place_id) or Place()

    def spaces(self) -> dict[str, Place]:
        """Map spaces only, by space id (without the `space:` prefix)."""
        return {pid[6:]: place for pid, place in self.places.items() if pid.startswith("space:")}


def read_state(board: Board, binding: Binding, *, year_property: str | None = None) -> WWState:
    """Read the WW position off a VASSAL board (pieces in stacks take their stack's place)."""
    state = WWState()
    if year_property:
        state.year = board.global_property(year_property)
    for item in board.pieces():
        entity_id = binding.entity(item.name)
        entity = Entity.parse(entity_id) if entity_id else None
        position = board.position(item.id)
        place_id = binding.place(position.map, position.location, position.x, position.y)
        if entity is None:
            if place_id is not None and place_id.startswith(CARD_PLACES):
                # A card the data does not know is still a card: its play opens an impulse.
                entity = Entity("card", UNKNOWN_CARD + item.name)
            else:
                state.unbound_pieces[item.name] += 1
                continue
        if place_id is None:
            state.unplaced[position.location or position.map or "nowhere"] += 1
            continue
        _put(state, entity, place_id)
    return state


def _put(state: WWState, entity: Entity, place_id: str) -> None:
    if entity.kind == "card":
        state.card_at[entity.key] = place_id
        return
    place = state.places.setdefault(place_id, Place())
    if entity.kind == "general":
        place.generals.append(entity.key)
        state.general_at[entity.key] = place_id
    elif entity.kind == "cu":
        place.cu[Nationality(entity.key)] += entity.value
    elif entity.kind == "pc":
        place.pcs.append(Side(entity.key))
    elif entity.kind == "congress":
        place.congress = True
    elif entity.kind == "navy":
        place.navy = True
