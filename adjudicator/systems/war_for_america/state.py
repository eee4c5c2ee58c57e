"""The War for America position, kept incrementally from the pieces each step moved.

Entity ids (the right-hand side of a binding's `[pieces]` table), sides being
`british`/`colonial` (`actions.SIDES`):

- `leader:<id>`; `sp:<nation>:<value>` (an SP counter of a nation, `NATIONS`), and
  `sp:militia:<value>:start` / `sp:loyalist:<value>:start` for dotted counters (WfA 10.6,
  10.24);
  `garrison:<nation>`; `tc:<nation>` (a Tactical Commander, WfA 11.26); `army:<id>`
  (`ARMY_IDS`, WfA 3.2); `fleet:<id>`;
  `lake_navy:<side>` (WfA 19.1);
- `magazine:<side>` (WfA 16.10: two-coloured, so one entity per side shown);
  `fort:<side>:build` / `fort:<side>:complete` (WfA 17.5); `entrenchment:<side>`;
  `fortress` (printed on the real map; a marker where a module draws one); `siege`,
  `mortar` (WfA 17.13, 19.15); `major_victory:<side>` (WfA 13.10);
- track markers: `pw:<side>` (WfA 5.0), `ap:<side>` (6.1, 12.2), `round` (9.2),
  `year`, `season` (3.1), `transport` (14.10);
- `marker:<kind>` for the small markers (`MARKER_KINDS`: 'D', no LOC, embarked, …);
- `card:<id>`.

Place ids (the `[locations]` and `[maps]` tables), parsed into typed `Place`s:
`space:<id>`; the data's boxes by id: `box:europe_box`, `box:<side>_leader_pool`,
`box:expended_loyalist_<region>`, `box:army_<army id>` (an army's box on the Army
Organization Cards, WfA 3.2, 11.21); and `box:six_nations`, `box:removed`;
`zone:<sea area id>` (an Ocean Blockade Zone or a Caribbean arrow space, WfA 14.1, 14.25);
`track:pw_<n>`, `track:ap_<n>`, `track:round_<n>`, `track:year_<yyyy>`,
`track:season_<id>`, `track:transport_<n>`; `deck`, `discard`, `set_aside`,
`hand:british`, `hand:colonial`.

SP counters are like money: only each nation's total in a place matters (the counters
carry a number of SP, WfA 2.0). `WfAState.apply` takes one `Relocation` and updates the
totals, so a step costs the number of pieces it touched.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Final, TypeVar

from adjudicator.systems.common.places import Place, PlaceKind, box
from adjudicator.systems.common.places import space as space_place
from adjudicator.systems.common.steps import track_box
from adjudicator.systems.common.tracker import UNKNOWN_CARD, PieceState, Placed
from adjudicator.systems.war_for_america.sides import BRITISH, COLONIAL, SIDES

T = TypeVar("T")


NATION_SIDE: Mapping[str, str | None] = MappingProxyType({
    "british": BRITISH, "german": BRITISH, "loyalist": BRITISH,
    "continental": COLONIAL, "militia": COLONIAL, "french": COLONIAL, "spanish": COLONIAL,
    "dutch": COLONIAL,
    "six_nations": None,
    # a garrison counter's nation only (WfA 19.18-19.23)
    "colonial": COLONIAL,
})
"""The side of each nation's pieces (WfA 2.0; the data's `Nation`; French, Spanish and
Dutch on the Colonial side by the digest's reading, §8 A-31). Six Nations tribes ally with
either side (SNC): None."""
NATIONS: Final = tuple(n for n in NATION_SIDE if n != "colonial")
"""The nations of SP counters (the data's `Nation`)."""
START: Final = "start"
"""The detail of a dotted SP counter: start militia (WfA 10.6) and dotted Loyalists
(10.24), which do not count against the charts; start militia never return."""
DOTTED_NATIONS: Final = frozenset({"militia", "loyalist"})
FLEET_CARRIED: Final = frozenset({"french", "spanish", "dutch"})
"""Land units that move by sea only with their own fleets (WfA 14.13, 19.30)."""
TC: Final = "tc"
"""The entity kind of a Tactical Commander (small unit leader), `tc:<nation>`: attached to
one SP of the same colour (WfA 11.26)."""
REGULAR_NATIONS: Final = frozenset({"british", "german", "continental", "french", "spanish",
                                    "dutch"})
"""Nations whose SP are regulars (WfA 13.0 Step 8 sets Regular Units apart from Loyalists
and militia, and Six Nations; 13.9: a surrender of 5 SP of regulars is a Major Victory)."""
ARMY_SIDE: Mapping[str, str] = MappingProxyType({
    "n_british": BRITISH, "s_british": BRITISH, "r": BRITISH,
    "n_colonial": COLONIAL, "s_colonial": COLONIAL, "w": COLONIAL})
"""The six armies (WfA 3.2): N and S of each side, Washington's W, the Royal R."""
ARMY_IDS: Final = tuple(ARMY_SIDE)
MARKER_KINDS: Final = ("d", "no_loc", "embarked", "off_loaded", "militia_raised",
                       "loyalist_chit", "battle_site")
"""Small markers (WfA 13.1, 16.4, 14.8, 14.29, 10.7, 10.18, 19.17)."""
TRACK_MARKERS: Final = ("round", "year", "season", "transport")
SIDED: Final = ("lake_navy", "magazine", "entrenchment", "major_victory", "pw", "ap")
"""Entity kinds whose key is a side."""
SINGLE: Final = ("fortress", "siege", "mortar", *TRACK_MARKERS)
"""Entity kinds without a key."""

EUROPE: Final = box("europe_box")
"""The Europe Box (WfA 8.5; its id is the data's, an end of the Ocean Transit Lines)."""
REMOVED: Final = box("removed")
SIX_NATIONS: Final = box("six_nations")
LEADER_POOL: Mapping[str, Place] = MappingProxyType(
    {side: box(f"{side}_leader_pool") for side in SIDES})
ARMY_BOX_PREFIX: Final = "army_"
"""Key prefix of an army's box on the Army Organization Cards (`box:army_w`)."""
TRACK_PREFIXES: Final = ("pw_", "ap_", "round_", "year_", "season_", "transport_")


@dataclass(frozen=True, slots=True)
class Entity:
    """A bound game piece: what it is, and its details."""

    kind: str
    """`leader`, `sp`, `garrison`, `army`, `fleet`, `lake_navy`, `magazine`, `fort`,
    `entrenchment`, `fortress`, `siege`, `mortar`, `major_victory`, `pw`, `ap`, `round`,
    `year`, `season`, `transport`, `marker` or `card`."""
    key: str = ""
    """Leader, army, fleet or card id; a nation (SP, garrison); a side; a marker kind."""
    value: int = 0
    """An SP counter's strength."""
    detail: str = ""
    """A fort's face: `build` or `complete`; `start` for a dotted militia or Loyalist SP
    counter (WfA 10.6, 10.24)."""

    @classmethod
    def parse(cls, entity_id: str) -> Entity | None:
        """Read an entity id; None when it is not one of this game's forms.

        >>> Entity.parse("sp:german:3"), Entity.parse("fort:british:build").detail
        (Entity(kind='sp', key='german', value=3, detail=''), 'build')
        >>> Entity.parse("sp:martian:3") is None, Entity.parse("pw:colonial").key
        (True, 'colonial')
        """
        kind, _, rest = entity_id.partition(":")
        if kind == "sp":
            nation, _, value = rest.partition(":")
            value, _, mark = value.partition(":")
            if nation in NATIONS and value.isdigit() and int(value) > 0 and (
                    not mark or (mark == START and nation in DOTTED_NATIONS)):
                return cls("sp", nation, int(value), detail=mark)
            return None
        if kind == "garrison":
            return cls(kind, rest) if rest in NATION_SIDE else None
        if kind == TC:
            return cls(kind, rest) if rest in NATIONS else None
        if kind == "fort":
            side, _, face = rest.partition(":")
            if side in SIDES and face in ("build", "complete"):
                return cls(kind, side, detail=face)
            return None
        if kind in SIDED:
            return cls(kind, rest) if rest in SIDES else None
        if kind == "army":
            return cls(kind, rest) if rest in ARMY_SIDE else None
        if kind == "marker":
            return cls(kind, rest) if rest in MARKER_KINDS else None
        if kind in ("leader", "fleet", "card"):
            return cls(kind, rest) if rest else None
        if kind in SINGLE and not rest:
            return cls(kind)
        return None

    @property
    def entity_id(self) -> str:
        """The id this entity is bound by (the inverse of `parse`)."""
        if self.kind == "sp":
            mark = f":{self.detail}" if self.detail else ""
            return f"sp:{self.key}:{self.value}{mark}"
        if self.kind == "fort":
            return f"fort:{self.key}:{self.detail}"
        return f"{self.kind}:{self.key}" if self.key else self.kind

    @property
    def side(self) -> str | None:
        """The side a piece belongs to where the piece itself says so (None: a leader,
        fleet or card, whose side is in the data; a Six Nations SP; a one-off marker)."""
        if self.kind in ("sp", "garrison", TC):
            return NATION_SIDE[self.key]
        if self.kind == "army":
            return ARMY_SIDE[self.key]
        if self.kind in (*SIDED, "fort"):
            return self.key
        return None


@dataclass(slots=True)
class Holding:
    """What one space or box holds."""

    leaders: list[str] = field(default_factory=list)
    sp: Counter[str] = field(default_factory=Counter)
    """Nation → SP here."""
    start_sp: Counter[str] = field(default_factory=Counter)
    """Nation → the dotted start SP among them (WfA 10.6, 10.24; counted in `sp` too)."""
    garrisons: Counter[str] = field(default_factory=Counter)
    tcs: Counter[str] = field(default_factory=Counter)
    """Nation → Tactical Commanders here (WfA 11.26)."""
    armies: list[str] = field(default_factory=list)
    fleets: list[str] = field(default_factory=list)
    lake_navies: list[str] = field(default_factory=list)
    magazines: list[str] = field(default_factory=list)
    """The side each magazine here shows."""
    forts: list[tuple[str, str]] = field(default_factory=list)
    """(side, `build` or `complete`) of each fort counter here."""
    entrenchments: list[str] = field(default_factory=list)
    markers: Counter[str] = field(default_factory=Counter)
    """`fortress`, `siege`, `mortar`, `major_victory:<side>` and `marker:<kind>` counts."""

    def sp_of(self, side: str) -> int:
        """The SP of one side here (Six Nations counted for neither)."""
        return sum(n for nation, n in self.sp.items() if NATION_SIDE.get(nation) == side)

    @property
    def total_sp(self) -> int:
        """Every SP here, whatever its side."""
        return sum(self.sp.values())

    @property
    def empty(self) -> bool:
        """Whether nothing is here."""
        return not (self.leaders or +self.sp or +self.garrisons or +self.tcs or self.armies
                    or self.fleets or self.lake_navies or self.magazines or self.forts
                    or self.entrenchments or +self.markers)


EMPTY: Final = Holding()


class WfAState(PieceState[Entity]):
    """The position: each place's contents, the track markers, where leaders, armies,
    fleets and cards are."""

    __slots__ = ("army_at", "card_at", "fleet_at", "hand_size", "holdings", "leader_at",
                 "tracks")

    def __init__(self) -> None:
        self.holdings: dict[Place, Holding] = {}
        self.leader_at: dict[str, Place] = {}
        self.army_at: dict[str, Place] = {}
        self.fleet_at: dict[str, Place] = {}
        self.card_at: dict[str, Place] = {}
        self.hand_size: Counter[str] = Counter()
        """Cards in each side's hand (kept as cards come and go)."""
        self.tracks: dict[str, Place] = {}
        """Track marker entity id (`pw:british`, `year`, …) → where it stands."""

    # ------------------------------------------------------------------ reading

    def at(self, place: Place) -> Holding:
        """The contents of a place (empty if nothing is there; do not mutate)."""
        return self.holdings.get(place, EMPTY)

    def space(self, key: str) -> Holding:
        """The contents of a map space."""
        return self.holdings.get(space_place(key), EMPTY)

    def with_armies(self, key: str) -> Holding:
        """A map space with the Army Cards of the armies on it (WfA 11.21: "All SP and
        leaders are placed on the appropriate location on the Army Card", so they stand
        where the army marker stands): a new holding when armies are there (do not
        mutate either way)."""
        here = self.space(key)
        if not here.armies:
            return here
        merged = Holding(leaders=list(here.leaders), sp=Counter(here.sp),
                         start_sp=Counter(here.start_sp), garrisons=Counter(here.garrisons),
                         tcs=Counter(here.tcs), armies=list(here.armies),
                         fleets=list(here.fleets), lake_navies=list(here.lake_navies),
                         magazines=list(here.magazines), forts=list(here.forts),
                         entrenchments=list(here.entrenchments),
                         markers=Counter(here.markers))
        for army in here.armies:
            card = self.at(box(ARMY_BOX_PREFIX + army))
            merged.leaders += card.leaders
            merged.sp.update(card.sp)
            merged.start_sp.update(card.start_sp)
            merged.garrisons.update(card.garrisons)
            merged.tcs.update(card.tcs)
        return merged

    def spaces_with_armies(self) -> Iterator[tuple[str, Holding]]:
        """`spaces`, each with the Army Cards of the armies on it (`with_armies`)."""
        for key, _ in self.spaces():
            yield key, self.with_armies(key)

    def spaces(self) -> Iterator[tuple[str, Holding]]:
        """Map spaces with something in them, by space id."""
        for place, holding in self.holdings.items():
            if place.kind is PlaceKind.SPACE and not holding.empty:
                yield place.key, holding

    def cards_in(self, place: Place) -> list[str]:
        """The cards in a place (a hand, the discard pile …)."""
        return [card for card, where in self.card_at.items() if where == place]

    def track_value(self, marker: str) -> int | None:
        """The number of the track box a marker stands on (`pw:british` on `track:pw_13`
        → 13); None when it is off its track or unseen. Years read as the year."""
        return track_box(self.tracks.get(marker))

    def season(self) -> str | None:
        """The season box the Seasonal marker stands on (`track:season_<id>` → id)."""
        place = self.tracks.get("season")
        if place is None or not place.key.startswith("season_"):
            return None
        return place.key.removeprefix("season_")

    # ------------------------------------------------------------------ changing

    def put(self, placed: Placed[Entity]) -> None:
        """Add a piece where it now is."""
        entity, place = placed.entity, placed.place
        if place is None:
            return
        if entity.kind == "card":
            self.card_at[entity.key] = place
            if place.kind is PlaceKind.HAND:
                self.hand_size[place.key] += 1
            return
        if entity.kind in ("pw", "ap", *TRACK_MARKERS):
            self.tracks[entity.entity_id] = place
            return
        where = {"leader": self.leader_at, "army": self.army_at, "fleet": self.fleet_at}
        if entity.kind in where:
            where[entity.kind][entity.key] = place
        holding = self.holdings.get(place)
        if holding is None:
            holding = self.holdings[place] = Holding()
        _change(holding, entity, +1)

    def take(self, placed: Placed[Entity]) -> None:
        """Remove a piece from where it was."""
        entity, place = placed.entity, placed.place
        if place is None:
            return
        if entity.kind == "card":
            if self.card_at.get(entity.key) == place:
                del self.card_at[entity.key]
                if place.kind is PlaceKind.HAND:
                    self.hand_size[place.key] -= 1
            return
        if entity.kind in ("pw", "ap", *TRACK_MARKERS):
            if self.tracks.get(entity.entity_id) == place:
                del self.tracks[entity.entity_id]
            return
        where = {"leader": self.leader_at, "army": self.army_at, "fleet": self.fleet_at}
        if entity.kind in where and where[entity.kind].get(entity.key) == place:
            del where[entity.kind][entity.key]
        holding = self.holdings.get(place)
        if holding is not None:
            _change(holding, entity, -1)


def _change(holding: Holding, entity: Entity, sign: int) -> None:
    """Add (sign +1) or take away (−1) one piece of `entity` in `holding`."""
    lists: dict[str, list[str]] = {
        "leader": holding.leaders, "army": holding.armies, "fleet": holding.fleets,
        "lake_navy": holding.lake_navies, "magazine": holding.magazines,
        "entrenchment": holding.entrenchments}
    if entity.kind == "sp":
        _count(holding.sp, entity.key, sign * entity.value)
        if entity.detail == START:
            _count(holding.start_sp, entity.key, sign * entity.value)
    elif entity.kind == "garrison":
        _count(holding.garrisons, entity.key, sign)
    elif entity.kind == TC:
        _count(holding.tcs, entity.key, sign)
    elif entity.kind == "fort":
        _edit(holding.forts, (entity.key, entity.detail), sign)
    elif entity.kind in lists:
        _edit(lists[entity.kind], entity.key, sign)
    elif entity.kind in ("fortress", "siege", "mortar"):
        _count(holding.markers, entity.kind, sign)
    elif entity.kind in ("marker", "major_victory"):
        _count(holding.markers, entity.entity_id, sign)


def _count(counter: Counter[str], key: str, amount: int) -> None:
    counter[key] += amount
    if counter[key] <= 0:
        del counter[key]


def _edit(items: list[T], item: T, sign: int) -> None:
    if sign > 0:
        items.append(item)
    elif item in items:
        items.remove(item)


__all__ = [
    "ARMY_BOX_PREFIX",
    "ARMY_IDS",
    "ARMY_SIDE",
    "DOTTED_NATIONS",
    "EMPTY",
    "EUROPE",
    "FLEET_CARRIED",
    "LEADER_POOL",
    "MARKER_KINDS",
    "NATIONS",
    "NATION_SIDE",
    "REGULAR_NATIONS",
    "REMOVED",
    "SIX_NATIONS",
    "START",
    "TC",
    "TRACK_PREFIXES",
    "UNKNOWN_CARD",
    "Entity",
    "Holding",
    "WfAState",
]
