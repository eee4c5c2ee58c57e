"""The sea facts the naval rule families share: whose a fleet is, what a place is, who
blockades a port, and which turns are Winter or Late Summer (WfA 3.1, 14.1, 14.25-14.28).

Places are named by the key a `FleetMoved` or `NavalTransport` carries: a space id, a sea
area id (an Ocean Blockade Zone or a Caribbean arrow space), `europe_box`, or a track box
(`year_1777`: a fleet under repair, WfA 15.7). Every answer that the data cannot give is
None, so a check can yield `unchecked` instead of guessing.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import Final

from adjudicator.systems.common.places import Place, PlaceKind
from adjudicator.systems.war_for_america.actions import (
    BRITISH,
    COLONIAL,
    ForceActivated,
    ForceMoved,
    NavalTransport,
    on_turn_track,
    opponent,
)
from adjudicator.systems.war_for_america.data.vocabulary import Region, SeaAreaKind
from adjudicator.systems.war_for_america.procedure import DIGEST_CALENDAR
from adjudicator.systems.war_for_america.rules.context import Context
from adjudicator.systems.war_for_america.state import EUROPE

EUROPE_BOX: Final = EUROPE.key
"""The Europe Box's id: an end of the Ocean Transit Lines (WfA 8.8)."""
QUEBEC: Final = "quebec"
"""Quebec City: no naval movement to it in Winter (WfA 14.19, 8.11)."""
LATE_SUMMER_COLOUR: Final = "yellow"
"""'Late Summer Turns (coloured yellow on the TRT)' (WfA 14.22, 3.1)."""


@dataclass(frozen=True, slots=True)
class SeaPlace:
    """What a place is for the naval rules (WfA 14.1, 19.29)."""

    key: str
    kind: str
    """`space`, `obz`, `arrow`, `europe` (the Europe Box), `repair` (a Turn Record Track
    box, WfA 15.7) or `unknown` (the data does not know it)."""
    coastal: bool | None = None
    """A coastal/port space (every Caribbean space is a port, 14.1); None: not stated."""
    caribbean: bool | None = None
    """On the Caribbean map (a Caribbean space, arrow space or the Caribbean OBZ)."""
    major_naval_base: bool = False
    """Halifax or Newport (WfA 14.17)."""
    obz: str | None = None
    """The OBZ covering a coastal space (WfA 14.25)."""
    circles: int | None = None
    """An arrow space's circles (WfA 14.1: fleets may be in one 'with a circle')."""

    @property
    def at_sea(self) -> bool:
        """An OBZ or a Caribbean arrow space."""
        return self.kind in ("obz", "arrow")

    @property
    def on_map(self) -> bool:
        """A space or a sea area of the map."""
        return self.kind in ("space", "obz", "arrow")


def sea_place(ctx: Context, key: str | None) -> SeaPlace | None:
    """The place a naval action names (None: no place)."""
    if key is None:
        return None
    if key == EUROPE_BOX:
        return SeaPlace(key, "europe")
    space = ctx.data.spaces.get(key)
    if space is not None:
        caribbean = None if space.region is None else space.region is Region.CARIBBEAN
        coastal = True if caribbean else space.coastal
        return SeaPlace(key, "space", coastal=coastal, caribbean=caribbean,
                        major_naval_base=space.major_naval_base, obz=space.obz)
    area = ctx.data.sea_areas.get(key)
    if area is not None:
        caribbean = None if area.region is None else area.region is Region.CARIBBEAN
        kind = "obz" if area.kind is SeaAreaKind.OBZ else "arrow"
        return SeaPlace(key, kind, caribbean=caribbean, circles=area.circles)
    if on_turn_track(key):
        return SeaPlace(key, "repair")
    return SeaPlace(key, "unknown")


def place_of(key: str, ctx: Context) -> Place | None:
    """The state's place for a key (a space, a sea area or the Europe Box)."""
    if key == EUROPE_BOX:
        return EUROPE
    if key in ctx.data.spaces:
        return Place(PlaceKind.SPACE, key)
    if key in ctx.data.sea_areas:
        return Place(PlaceKind.ZONE, key)
    return None


def fleet_side(ctx: Context, fleet: str) -> str | None:
    """A fleet's side from its nation: British fleets British; French, Spanish and Dutch
    Colonial (digest §8 A-31). None: a fleet the data does not know."""
    record = ctx.data.fleets.get(fleet)
    if record is None:
        return None
    return BRITISH if str(record.nation) == "british" else COLONIAL


def fleet_nation(ctx: Context, fleet: str) -> str | None:
    """A fleet's nation (None: not known)."""
    record = ctx.data.fleets.get(fleet)
    return None if record is None else str(record.nation)


def fleets_at(ctx: Context, key: str, side: str | None = None) -> tuple[str, ...]:
    """The fleets on a place now (of one side, when given), by id, sorted."""
    place = place_of(key, ctx)
    if place is None:
        return ()
    return tuple(sorted(fleet for fleet, where in ctx.state.fleet_at.items()
                        if where == place and (side is None or fleet_side(ctx, fleet) == side)))


def fleets_on_map(ctx: Context) -> Iterator[tuple[str, str, SeaPlace]]:
    """(fleet, side, place) of every fleet of a known side on a space or sea area."""
    for fleet, where in sorted(ctx.state.fleet_at.items()):
        side = fleet_side(ctx, fleet)
        if side is None or where.kind not in (PlaceKind.SPACE, PlaceKind.ZONE):
            continue
        found = sea_place(ctx, where.key)
        if found is not None:
            yield fleet, side, found


@dataclass(frozen=True, slots=True)
class Blockade:
    """Whether a coastal/port space is blockaded for a side (WfA 14.25, 14.28)."""

    blockaded: bool | None
    """None: the data cannot say (the space's coast or OBZ is not stated)."""
    why: str


def blockade(ctx: Context, key: str, side: str) -> Blockade:
    """WfA 14.25: units "are blockaded if in a port/coastal space and an enemy fleet is
    directly on it or in the OBZ covering the space"; 14.28: "Units and fleets on a
    Caribbean space can never be blockaded". Digest X-4: a French fleet in the Tidewater
    OBZ blockades the British at Baltimore, Alexandria, Fredericksburg, Richmond, Norfolk."""
    place = sea_place(ctx, key)
    name = ctx.space_name(key)
    if place is None or place.kind != "space":
        return Blockade(False, f"{name} is not a coastal/port space")
    if place.caribbean:
        return Blockade(False, f"{name} is a Caribbean space: never blockaded (WfA 14.28)")
    if place.coastal is False:
        return Blockade(False, f"{name} is not a coastal/port space")
    enemy = opponent(side)
    on_it = fleets_at(ctx, key, enemy)
    if on_it:
        return Blockade(True, f"an enemy fleet ({_names(ctx, on_it)}) is on {name} "
                              "(WfA 14.25)")
    if place.coastal is None or place.caribbean is None:
        return Blockade(None, f"whether {name} is a coastal space outside the Caribbean is "
                              "not in the data")
    if place.obz is None:
        return Blockade(None, f"the OBZ covering {name} is not in the data")
    in_obz = fleets_at(ctx, place.obz, enemy)
    if in_obz:
        zone = ctx.data.sea_areas[place.obz].name if place.obz in ctx.data.sea_areas \
            else place.obz
        return Blockade(True, f"an enemy fleet ({_names(ctx, in_obz)}) is in the {zone}, "
                              f"which covers {name} (WfA 14.25)")
    return Blockade(False, f"no enemy fleet is on {name} or in its OBZ")


def _names(ctx: Context, fleets: tuple[str, ...]) -> str:
    """Fleets by name (their ids when the data does not know them)."""
    return ", ".join(ctx.data.fleets[f].name if f in ctx.data.fleets else f for f in fleets)


def by_sea(action: ForceMoved, ctx: Context) -> NavalTransport | None:
    """A land force's leg to or from a sea area (an OBZ or a Caribbean arrow space) as the
    naval transport it is (WfA 14.7, 14.9: land units may end their move in an OBZ); its
    D6 is its activation's when that is in the same log step. None: a leg on land."""
    if action.origin not in ctx.data.sea_areas and action.destination not in ctx.data.sea_areas:
        return None
    rolls = [other.rolls[-1] for other in ctx.step_actions
             if isinstance(other, ForceActivated) and other.rolls and other.side == action.side
             and other.space == action.origin and other.step == action.step]
    return NavalTransport(step=action.step, side=action.side, origin=action.origin,
                          destination=action.destination, units=action.units, sp=action.sp,
                          roll=rolls[-1] if rolls else None)


NAVAL_TRANSPORT_CARD: Final = "naval transport"
"""The card's title or alias, as the data gives it (WfA 14.16, 16.9)."""


def naval_transport_cards(ctx: Context) -> frozenset[str]:
    """The ids of the *Naval Transport* card (title or alias, WfA 14.16)."""
    return frozenset(card.id for card in ctx.data.cards.values()
                     if any(NAVAL_TRANSPORT_CARD in name.casefold()
                            for name in (card.title or "", *card.aliases)))


def late_summer(ctx: Context) -> bool | None:
    """Whether the turn is a Late Summer (yellow) turn (WfA 3.1, 14.22): the printed
    Seasonal Turn Record Track when the data gives it, else the digest's calendar (§8 A-2).
    None: the season is unknown."""
    season = ctx.procedure.season
    if season is None:
        return None
    seasons = ctx.data.charts.seasons
    if seasons:
        colours = {entry.id: entry.colour for entry in seasons}
        if season not in colours:
            return None
        return colours[season] == LATE_SUMMER_COLOUR
    if DIGEST_CALENDAR.season(season) is None:
        return None
    return season == "late_summer"


def winter(ctx: Context) -> bool | None:
    """Whether the turn is a Winter (blue) turn (WfA 3.1); None: unknown."""
    return ctx.placement.winter


def turns_later(ctx: Context, turns: int) -> str | None:
    """The turn `turns` turns after the current one, named (`1778 Fall`); None: unknown."""
    year, season = ctx.procedure.year, ctx.procedure.season
    track = ctx.calendar
    if year is None or season is None:
        return None
    for _ in range(turns):
        following = track.following(year, season)
        if following is None:
            return None
        year, season = following
    return track.name(year, season)


def turn_name(ctx: Context) -> str:
    """The turn as the placement names it (`1778 Late Summer`), else as the calendar names
    the procedure's year and season, else `this turn`."""
    return (ctx.placement.turn or ctx.calendar.name(ctx.procedure.year, ctx.procedure.season)
            or "this turn")


__all__ = ["EUROPE_BOX", "LATE_SUMMER_COLOUR", "NAVAL_TRANSPORT_CARD", "QUEBEC", "Blockade",
           "SeaPlace", "blockade", "by_sea", "fleet_nation", "fleet_side", "fleets_at",
           "fleets_on_map", "late_summer", "naval_transport_cards", "place_of", "sea_place",
           "turn_name", "turns_later", "winter"]
