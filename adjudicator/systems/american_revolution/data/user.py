"""A user's data file for The American Revolution: the facts the rulebook leaves to the
printed map, counters and Mobilization Table, merged over the bundled data.

    [map]
    routes_complete = true
    [[routes]]
    a = "boston"
    b = "newport"
    type = "road"
    [locales.newport]
    port = true
    [leaders.gage]
    value = 2
    [costs.fleet]
    cost = 6
    [counters]
    fortress_cf = 2
"""

from __future__ import annotations

from typing import Any

from adjudicator.systems.american_revolution.data.bundled import bundled_data
from adjudicator.systems.american_revolution.data.models import (
    ARData,
    CampaignMarker,
    Formation,
    Leader,
    Locale,
    MapStatus,
    MobilizationCost,
    Route,
)
from adjudicator.systems.common.merging import (
    MergedData,
    RecordMerger,
    keyed,
    listed,
    single,
    user_file,
    user_model,
)
from adjudicator.systems.common.records import Record

_LOCALE_FIELDS = ("name", "aliases", "kind", "political_value", "region", "port", "nation")
_UserLocale = user_model(Locale, "_UserLocale", _LOCALE_FIELDS)
_UserRoute = user_model(Route, "_UserRoute", ("a", "b", "type"), required=("a", "b", "type"))
_UserFormation = user_model(Formation, "_UserFormation", ("cf", "aliases"))
_UserLeader = user_model(Leader, "_UserLeader",
                         ("name", "side", "nation", "kind", "value", "at_start", "aliases"))
_UserMarker = user_model(CampaignMarker, "_UserMarker", ("count", "aliases"))
_UserCost = user_model(MobilizationCost, "_UserCost", ("cost",))
_UserMap = user_model(MapStatus, "_UserMap", ("routes_complete", "indian_locales_complete"))


class _Counters(Record):
    fortress_cf: int | None = None
    source: str | None = None


UserData = user_file("UserData", map=single(_UserMap), routes=listed(_UserRoute),
                     locales=keyed(_UserLocale), formations=keyed(_UserFormation),
                     leaders=keyed(_UserLeader), markers=keyed(_UserMarker),
                     costs=keyed(_UserCost), counters=single(_Counters))
"""The shape of a user file (each table closed: a misspelt key is an error naming it)."""


class _Merger(RecordMerger[ARData, Any]):
    """Fills nulls, adds locales, routes and leaders the rulebook does not name, refuses
    contradictions and unknown counters."""

    def merge(self, user: Any) -> ARData:
        data = self.data
        locales = self.merge_records("locales", data.locales, user.locales, Locale,
                                     what="locale", make=self._locale)
        leaders = self.merge_records("leaders", data.leaders, user.leaders, Leader,
                                     what="leader", make=self._leader)
        formations = self.merge_records("formations", data.formations, user.formations,
                                        Formation, what="formation",
                                        make=self._refused("formation"))
        markers = self.merge_records("markers", data.markers, user.markers, CampaignMarker,
                                     what="marker", make=self._refused("campaign marker"))
        costs = self.merge_records("costs", data.costs, user.costs, MobilizationCost,
                                   what="cost", make=self._refused("Mobilization Table line"))
        routes = list(data.routes)
        known = {frozenset((route.a, route.b)) for route in routes}
        for index, new in enumerate(user.routes):
            key = f"routes[{index}]"
            ends = [end for end in (new.a, new.b) if end not in locales]
            if ends:
                self.problem(key, f"no locale {', '.join(map(repr, ends))}")
                continue
            if frozenset((new.a, new.b)) in known:
                self.problem(key, f"the route {new.a}-{new.b} is given twice")
                continue
            made = self.rebuild(key, Route, {"a": new.a, "b": new.b, "type": new.type,
                                             "source": (self.cite(new.source),)})
            if made is not None:
                routes.append(made)
                known.add(frozenset((new.a, new.b)))
        fortress = self.fill("counters.fortress_cf", "the fortress value", data.fortress_cf,
                             user.counters.fortress_cf, "bundled data")
        return data.model_copy(update={
            "locales": locales, "leaders": leaders, "formations": formations,
            "markers": markers, "costs": costs, "routes": tuple(routes),
            "fortress_cf": fortress, "map_status": self.declare(data.map_status, user.map),
            "user_files": (*data.user_files, self.file)})

    def _locale(self, lid: str, new: Any) -> Locale | None:
        if not self.new_id(f"locales.{lid}", "locale", lid):
            return None
        fields = {name: value for name, value in new.model_dump(exclude={"source"}).items()
                  if value is not None}
        return self.rebuild(f"locales.{lid}", Locale, {
            "id": lid, "name": lid.replace("_", " ").title(), **fields,
            "source": (self.cite(new.source),)})

    def _leader(self, lid: str, new: Any) -> Leader | None:
        if not self.new_id(f"leaders.{lid}", "leader", lid):
            return None
        fields = {name: value for name, value in new.model_dump(exclude={"source"}).items()
                  if value is not None}
        return self.rebuild(f"leaders.{lid}", Leader, {
            "id": lid, **fields, "source": (self.cite(new.source),)})

    def _refused(self, what: str) -> Any:
        def refuse(rid: str, new: Any) -> None:
            self.problem(rid, f"no {what} {rid!r} in The American Revolution")
        return refuse


load_data = MergedData.of(bundled_data, UserData, _Merger)
"""The bundled data with each user file merged over it, in order."""
