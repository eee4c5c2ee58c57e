"""The Washington's War position, kept incrementally from the pieces each step moved.

Entity ids (the right-hand side of a binding's `[pieces]` table):
`general:<id>`, `cu:<AM|BR|FR>:<value>`, `pc:<AM|BR>`, `navy`, `congress`, `card:<id>`,
and the sides of two markers: `turn:regulars` / `turn:no_regulars` (the Game Turn marker,
WW 9.41) and `alliance:track` / `alliance:european_war` (the French Alliance marker, WW 12).
Place ids (its `[locations]` and `[maps]` tables) are parsed into typed `Place`s:
`space:<id>`, `box:<id>` (the three reinforcement boxes, `captured`,
`congress_dispersed`, `removed`), `zone:<blockade zone>`, `track:turn_<year>` and
`track:alliance_<0..9>` (the Turn and French Alliance tracks), `cards:<id>` (a reinforcement
card box, an OPS queue, the War Ends box), `deck`, `discard`, `set_aside`, `hand:AM`,
`hand:BR`.

Only totals matter for CUs: counters are like money (WW 2.2.A, 3.0). `WWState.apply`
takes one `Relocation` (a piece's entity and place before and after) and updates the
totals, so the cost of a step is the number of pieces it touched.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass, field

from adjudicator.systems.common.places import Place, PlaceKind, box, space
from adjudicator.systems.common.tracker import UNKNOWN_CARD, PieceState, Placed
from adjudicator.systems.washingtons_war.data import Nationality, Side

SIDE_OF = {Nationality.AM: Side.AM, Nationality.FR: Side.AM, Nationality.BR: Side.BR}
"""French pieces belong to the American side (WW 12.2.C)."""

BR_REINFORCEMENTS = box("br_reinforcements")
AM_REINFORCEMENTS = box("am_reinforcements")
FR_REINFORCEMENTS = box("fr_reinforcements")
CAPTURED = box("captured")
CONGRESS_DISPERSED = box("congress_dispersed")
REMOVED = box("removed")
REINFORCEMENT_BOX = {Side.BR: BR_REINFORCEMENTS, Side.AM: AM_REINFORCEMENTS}
MARKER_SIDES = {"turn": ("regulars", "no_regulars"), "alliance": ("track", "european_war")}
"""The sides of the two-sided markers (WW 9.41, 12.2.B.iii)."""
ALLIANCE_TRACK = "alliance_"
"""Key prefix of a French Alliance Track space (`track:alliance_4`)."""
ALLIANCE_SPACE = 9
"""The "French Alliance" space of the track (WW 12.2.A)."""


def other(side: Side) -> Side:
    """The opponent."""
    return Side.AM if side is Side.BR else Side.BR


@dataclass(frozen=True, slots=True)
class Entity:
    """A bound game piece: what it is, and its details."""

    kind: str
    """`general`, `cu`, `pc`, `navy`, `congress`, `card`, `turn` or `alliance`."""
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
        if rest in MARKER_SIDES.get(kind, ()):
            return cls(kind, rest)
        return None

    @property
    def nationality(self) -> Nationality:
        """A CU's nationality."""
        return Nationality(self.key)


@dataclass(slots=True)
class Holding:
    """What one space or box holds."""

    generals: list[str] = field(default_factory=list)
    cu: Counter[Nationality] = field(default_factory=Counter)
    pcs: list[Side] = field(default_factory=list)
    congress: int = 0
    navy: int = 0

    @property
    def pc(self) -> Side | None:
        """The side whose PC marker is here (a space never holds two, WW 10.0.A)."""
        return self.pcs[0] if self.pcs else None

    def cus_of(self, side: Side) -> int:
        """The CU strength of one side here (French counted for the Americans)."""
        return sum(n for nat, n in self.cu.items() if SIDE_OF[nat] is side)

    def generals_of(self, side: Side, sides: dict[str, Side]) -> list[str]:
        """The Generals of one side here."""
        return [g for g in self.generals if sides.get(g) is side]

    def has_units_of(self, side: Side, sides: dict[str, Side]) -> bool:
        """Whether a side has a General or CU here (the Congress counts for the
        Americans: it is an American Unit, WW 3.0)."""
        if self.cus_of(side) > 0:
            return True
        if side is Side.AM and self.congress:
            return True
        return any(sides.get(g) is side for g in self.generals)

    def copy(self) -> Holding:
        """An independent copy (for a position kept at the start of a procedure)."""
        return Holding(list(self.generals), Counter(self.cu), list(self.pcs), self.congress,
                       self.navy)


EMPTY = Holding()


class WWState(PieceState[Entity]):
    """The position: every place's contents, where each General and card is."""

    __slots__ = ("alliance", "alliance_place", "alliance_seen", "allied_in", "captured_in",
                 "card_at", "european_war", "general_at", "hand_size", "holdings",
                 "last_captured", "regulars", "turns_ended", "year")

    def __init__(self) -> None:
        self.holdings: dict[Place, Holding] = {}
        self.general_at: dict[str, Place] = {}
        self.card_at: dict[str, Place] = {}
        self.hand_size: Counter[str] = Counter()
        """Cards in each side's hand (kept as cards come and go)."""
        self.year: str | None = None
        self.regulars: bool | None = None
        """The Game Turn marker's side (WW 9.41): None while it is not bound or not seen."""
        self.alliance: int | None = None
        """The French Alliance Track space the marker is on (WW 12.0), None when it is not
        on the track (not bound, not seen, or flipped to European War)."""
        self.european_war: bool = False
        """The marker shows its European War side (WW 12.2.B.iii)."""
        self.alliance_seen: bool = False
        self.alliance_place: Place | None = None
        """Where the French Alliance marker is (a track space of either track)."""
        self.allied_in: str | None = None
        """The turn the marker reached the French Alliance space or European War, as seen
        in this log (WW 12.2: that turn's End Phase and reshuffle)."""
        """The French Alliance marker has been seen (it is bound and on the board)."""
        self.captured_in: dict[str, str | None] = {}
        """The turn each General in the Captured Generals Box was put there (WW 7.6.A)."""
        self.turns_ended: int = 0
        """How many turns the log has shown end (an End Phase, or the year changing)."""
        self.last_captured: dict[str, int | None] = {}
        """For each General last put in the Captured Generals Box, `turns_ended` then, kept
        after he leaves it (None: before the log began): he returns only in a following
        turn (WW 7.6.A)."""

    def at(self, place: Place) -> Holding:
        """The contents of a place (empty if nothing is there; do not mutate)."""
        return self.holdings.get(place, EMPTY)

    def space(self, key: str) -> Holding:
        """The contents of a map space."""
        return self.holdings.get(space(key), EMPTY)

    def spaces(self) -> Iterator[tuple[str, Holding]]:
        """Map spaces with something in them, by space id."""
        for place, holding in self.holdings.items():
            if place.kind is PlaceKind.SPACE:
                yield place.key, holding

    def cards_in(self, place: Place) -> list[str]:
        """The cards in a place (a hand, a queue, a reinforcement card box)."""
        return [card for card, where in self.card_at.items() if where == place]

    def put(self, placed: Placed[Entity]) -> None:
        """Add a piece where it now is."""
        entity, place = placed.entity, placed.place
        if entity.kind == "card":
            if place is not None:
                self.card_at[entity.key] = place
                if place.kind is PlaceKind.HAND:
                    self.hand_size[place.key] += 1
            return
        if entity.kind == "general" and place is not None:
            self.general_at[entity.key] = place
            if place == CAPTURED:
                self.captured_in[entity.key] = self.year
                self.last_captured[entity.key] = self.turns_ended
        if entity.kind in MARKER_SIDES:
            self._put_marker(entity, place)
            return
        if place is None:
            return
        holding = self.holdings.get(place)
        if holding is None:
            holding = self.holdings[place] = Holding()
        if entity.kind == "general":
            holding.generals.append(entity.key)
        elif entity.kind == "cu":
            holding.cu[entity.nationality] += entity.value
        elif entity.kind == "pc":
            holding.pcs.append(Side(entity.key))
        elif entity.kind == "congress":
            holding.congress += 1
        elif entity.kind == "navy":
            holding.navy += 1

    def take(self, placed: Placed[Entity]) -> None:
        """Remove a piece from where it was."""
        entity, place = placed.entity, placed.place
        if entity.kind == "card":
            if self.card_at.get(entity.key) == place:
                del self.card_at[entity.key]
                if place is not None and place.kind is PlaceKind.HAND:
                    self.hand_size[place.key] -= 1
            return
        if entity.kind == "general" and self.general_at.get(entity.key) == place:
            del self.general_at[entity.key]
            if place == CAPTURED:
                self.captured_in.pop(entity.key, None)
        if entity.kind == "turn":
            self.regulars = None
            return
        if entity.kind == "alliance":
            self.alliance, self.european_war, self.alliance_place = None, False, None
            return
        holding = self.holdings.get(place) if place is not None else None
        if holding is None:
            return
        if entity.kind == "general":
            if entity.key in holding.generals:
                holding.generals.remove(entity.key)
        elif entity.kind == "cu":
            holding.cu[entity.nationality] -= entity.value
            if holding.cu[entity.nationality] <= 0:
                del holding.cu[entity.nationality]
        elif entity.kind == "pc":
            side = Side(entity.key)
            if side in holding.pcs:
                holding.pcs.remove(side)
        elif entity.kind == "congress":
            holding.congress = max(holding.congress - 1, 0)
        elif entity.kind == "navy":
            holding.navy = max(holding.navy - 1, 0)

    def _put_marker(self, entity: Entity, place: Place | None) -> None:
        """The Game Turn or French Alliance marker put somewhere (or flipped)."""
        if place is None:
            return
        if entity.kind == "turn":
            self.regulars = entity.key == "regulars"
            return
        first = not self.alliance_seen
        self.alliance_seen = True
        self.alliance_place = place
        self.european_war = entity.key == "european_war"
        self.alliance = None
        if not self.european_war and place.kind is PlaceKind.TRACK and place.key.startswith(
                ALLIANCE_TRACK) and place.key[len(ALLIANCE_TRACK):].isdigit():
            self.alliance = int(place.key[len(ALLIANCE_TRACK):])
        if self.allied and self.allied_in is None and not first:
            self.allied_in = self.year

    @property
    def allied(self) -> bool | None:
        """Whether the French Alliance has happened (the marker reached the French Alliance
        space or shows European War, WW 12.2.A); None when the marker is unknown."""
        if self.european_war or self.alliance == ALLIANCE_SPACE:
            return True
        return False if self.alliance is not None else None

    def navy_zone(self) -> str | None:
        """The Blockade Zone holding the French Navy (the Blockaded Zone, WW 3.0), if any."""
        for place, holding in self.holdings.items():
            if holding.navy and place.kind is PlaceKind.ZONE:
                return place.key
        return None


__all__ = [
    "ALLIANCE_SPACE",
    "ALLIANCE_TRACK",
    "AM_REINFORCEMENTS",
    "BR_REINFORCEMENTS",
    "CAPTURED",
    "CONGRESS_DISPERSED",
    "EMPTY",
    "FR_REINFORCEMENTS",
    "MARKER_SIDES",
    "REINFORCEMENT_BOX",
    "REMOVED",
    "SIDE_OF",
    "UNKNOWN_CARD",
    "Entity",
    "Holding",
    "WWState",
    "other",
]
