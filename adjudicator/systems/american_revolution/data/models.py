"""The American Revolution's data records: regions, locales, routes, formations, leaders,
campaign markers, mobilization costs, and `ARData`, which holds them with the catalog.

A fact the rulebook does not state is None and declares what it is needed for (`Needs`);
the toolkit's walker lists the missing facts and writes the template from those
declarations (`adjudicator.systems.common.facts`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import cached_property
from typing import Annotated, Any, ClassVar

from pydantic import Field

from adjudicator.systems.american_revolution.data.vocabulary import (
    FormationType,
    LeaderKind,
    LocaleKind,
    MarkerCategory,
    Nation,
    Need,
    RouteType,
    Side,
)
from adjudicator.systems.common.catalog import Catalog
from adjudicator.systems.common.facts import Each, Needs, Walk, incomplete, missing_facts
from adjudicator.systems.common.records import GameDataQueries, Record, Source

CF = Annotated[int, Field(ge=0, le=12)]
Cost = Annotated[int, Field(ge=0, le=30)]


class Region(Record):
    """A political division (AR 2.7). The seven colonial ones have a Loyalty track."""

    id: str
    name: str
    colonial: bool
    nation: str | None = None
    """FR or SP for the French and Spanish colonies closed until their nation allies
    (AR 26.3)."""
    aliases: tuple[str, ...] = ()
    source: Source
    note: str | None = None


def _not_a_box(locale: Locale) -> bool:
    return locale.kind is not LocaleKind.BOX


def _a_town(locale: Locale) -> bool:
    return locale.kind is LocaleKind.TOWN


class Locale(Record):
    """A locale of the map, or an off-map box (AR 2.1-2.8)."""

    id: str
    name: str
    aliases: tuple[str, ...] = ()
    kind: Annotated[LocaleKind | None, Needs(
        Need.KINDS, "what kind of locale {name} is (town, wilderness, indian)")] = None
    political_value: Annotated[int | None, Needs(
        Need.VALUES, "the political value of {name}", when=_a_town)] = None
    region: Annotated[str | None, Needs(
        Need.REGIONS, "the region {name} lies in", when=_not_a_box)] = None
    port: Annotated[bool | None, Needs(Need.PORTS, "whether {name} is a port")] = None
    nation: str | None = None
    """The nation of an off-map box (GB, FR, SP)."""
    setup_fortress: bool = False
    subregion: str | None = None
    holder_setup_or_early_aar: str | None = None
    evidence: str | None = None
    implied_political_value: int | None = None
    pv_note: str | None = None
    port_note: str | None = None
    uncertain: bool = False
    uncertain_note: str | None = None
    source: Source

    @property
    def pv(self) -> int:
        """The political value it yields: 0 unless a town with a known value (AR 2.3,
        6.5)."""
        return self.political_value or 0


class Route(Record):
    """A route joining two locales (AR 2.6, 16.2)."""

    a: str
    b: str
    type: RouteType
    source: Source


class Formation(Record):
    """A kind of combat counter of one nation (`unit:gb_regular`) (AR 2.11-2.14)."""

    id: str
    """`<nation>_<type>` (`gb_regular`)."""
    name: str
    nation: Nation
    type: FormationType
    cf: Annotated[CF | None, Needs(
        Need.FORMATIONS, "the combat factor of a {name} (printed on its counter)")] = None
    aliases: tuple[str, ...] = ()
    source: Source

    @property
    def side(self) -> Side:
        """Who runs it (AR 26.1, 27)."""
        return self.nation.side


class Leader(Record):
    """A leader counter (AR 2.10, 21.0)."""

    id: str
    name: str
    side: Side
    nation: Nation
    kind: Annotated[LeaderKind | None, Needs(
        Need.LEADERS, "whether {name} is a general, militia leader or admiral")] = None
    value: Annotated[Annotated[int, Field(ge=0, le=6)] | None, Needs(
        Need.LEADERS, "the leadership value of {name} (printed on its counter)")] = None
    at_start: str | None = None
    """Where the set-up puts him: a locale id, `pool`, or `set_aside` (AR 4.2-4.10)."""
    aliases: tuple[str, ...] = ()
    note: str | None = None
    source: Source


class CampaignMarker(Record):
    """A campaign marker (AR 7.0): its category, who may play it, its rabble-rousing value
    to each side."""

    id: str
    name: str
    category: MarkerCategory
    only_side: Side | None = None
    """Side-restricted markers (AR 7.8)."""
    once_per_game: bool = False
    optional_rule: str | None = None
    """Set aside unless this optional rule is in use (AR 7 Design Note)."""
    rr_us: int | None = None
    rr_gb: int | None = None
    count: Annotated[Annotated[int, Field(ge=0, le=40)] | None, Needs(
        Need.COUNTER_MIX, "how many {name} markers the counter sheet has")] = None
    aliases: tuple[str, ...] = ()
    source: Source


class MobilizationCost(Record):
    """One line of the Mobilization Table (AR 7.1, 11.6, 13.1): most of it is printed on
    the map only (digest 5.5, 5.14)."""

    id: str
    name: str
    cost: Annotated[Cost | None, Needs(
        Need.COSTS, "the mobilization cost of {name} in PP (Mobilization Table)")] = None
    note: str | None = None
    source: Source


class MapStatus(Record):
    """Whether the routes and Indian locales listed cover the whole printed map."""

    routes_complete: bool = False
    indian_locales_complete: bool = False
    source: tuple[str, ...] = ()


class ARData(Record, GameDataQueries):
    """Everything the American Revolution referee reads."""

    catalog: Catalog[Need]
    regions: dict[str, Region]
    locales: dict[str, Locale]
    routes: tuple[Route, ...] = ()
    formations: dict[str, Formation]
    leaders: dict[str, Leader]
    markers: dict[str, CampaignMarker]
    costs: dict[str, MobilizationCost]
    fortress_cf: Annotated[CF | None, Needs(
        Need.FORTRESSES, "the combat value of a fortress marker (AR 28.3; printed on it)",
        key="counters.fortress_cf")] = None
    map_status: MapStatus = MapStatus()
    user_files: tuple[str, ...] = ()

    walk: ClassVar[Walk] = (
        incomplete(Need.ROUTES, "routes_complete", "routes", "the printed map's routes",
                   "[[routes]] a = ..., b = ..., type = ..."),
        incomplete(Need.INDIAN_LOCALES, "indian_locales_complete", "indian_locales",
                   "the map's Indian locales", "[locales.<id>] kind = \"indian\""),
        Each("locales", "locales.{id}"),
        Each("formations", "formations.{id}"),
        Each("leaders", "leaders.{id}"),
        Each("markers", "markers.{id}"),
        Each("costs", "costs.{id}"),
        Each(lambda data: (data,), "counters", fields=("fortress_cf",)),
    )

    @property
    def missing(self) -> Sequence[Any]:
        """The facts no file has supplied yet."""
        return missing_facts(self)

    @property
    def spaces(self) -> Mapping[str, Locale]:
        """The locales, under the toolkit's word for a map's places."""
        return self.locales

    @property
    def indian_locales(self) -> tuple[Locale, ...]:
        """The Indian locales known (AR 2.4)."""
        return tuple(locale for locale in self.locales.values()
                     if locale.kind is LocaleKind.INDIAN)

    @cached_property
    def _routes_from(self) -> dict[str, dict[str, RouteType]]:
        joined: dict[str, dict[str, RouteType]] = {}
        for route in self.routes:
            joined.setdefault(route.a, {})[route.b] = route.type
            joined.setdefault(route.b, {})[route.a] = route.type
        return joined

    def route(self, a: str, b: str) -> RouteType | None:
        """The route joining two locales, None when none is known (AR 16.2)."""
        return self._routes_from.get(a, {}).get(b)

    def region_of(self, locale: str) -> Region | None:
        """The region a locale lies in, when known."""
        found = self.locales.get(locale)
        return self.regions.get(found.region) if found and found.region else None
