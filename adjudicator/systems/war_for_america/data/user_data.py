"""User TOML files merged over the bundled data (`load_data`).

Merge policy (what a user file may do):

- add spaces, sea areas, terrain types, lines, leaders, fleets, cards and chart entries
  the bundled data lacks;
- fill a `null` (a space's Region, colony, owner or symbols; a leader's rank, command,
  battle rating or colour; a fleet's strength; a card's number, title, year, flag or text;
  a chart value); supply the battle, siege and fleet combat tables;
- add aliases to a space; declare the map or the reinforcement charts complete.

A user value that contradicts a bundled one is an error naming the file and the key:
bundled values are rulebook facts with a citation, and a disagreement almost always means
a typo. For the same reason a user file may not add a fortress (WfA 17.1 lists all four),
a Major Naval Base (14.17: only Halifax and Newport), a lake space (19.4), a garrison
minimum (4.13), a 52nd card (3.0) or a seventh defensive card (20.12), nor a map on which a
distance the rulebook's example fixes (16.10) comes out otherwise.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from fractions import Fraction
from typing import Any, TypeVar

from pydantic import BaseModel

from adjudicator.systems.common.merging import (
    MergedData,
    RecordMerger,
    unchanged,
)
from adjudicator.systems.war_for_america.data.bundled import bundled_data
from adjudicator.systems.war_for_america.data.charts import (
    LEVY_REGIONS,
    Charts,
    Levy,
    Muster,
    Reinforcement,
    Season,
)
from adjudicator.systems.war_for_america.data.models import (
    Card,
    Connection,
    Fleet,
    Leader,
    SeaArea,
    Space,
    Terrain,
    WfAData,
)
from adjudicator.systems.war_for_america.data.problems import (
    cross_check,
)
from adjudicator.systems.war_for_america.data.tables import (
    BattleTables,
    FleetCombatTable,
    SiegeTable,
    WfATables,
)
from adjudicator.systems.war_for_america.data.user_files import UserData
from adjudicator.systems.war_for_america.data.vocabulary import (
    COLONY_REGION,
    DECK_SIZE,
    DEFENSIVE_CARD_NUMBERS,
    Colony,
    Region,
)

_M = TypeVar("_M", bound=BaseModel)


class _Merger(RecordMerger[WfAData, Any]):
    """Merges one parsed user file (a `UserData`), collecting every problem with its key."""

    def merge(self, user: Any) -> WfAData:
        spaces = self.merge_spaces(user.spaces)
        data = self.data.model_copy(update={
            "spaces": spaces,
            "sea_areas": self.merge_records("sea_areas", self.data.sea_areas, user.sea_areas,
                                            SeaArea, what="sea_areas", make=self.new_sea_area),
            "terrain": self.merge_records("terrain", self.data.terrain, user.terrain,
                                          Terrain, what="terrain", make=self.new_terrain),
            "connections": self.merge_connections(user.connections),
            "leaders": self.merge_records("leaders", self.data.leaders, user.leaders,
                                          Leader, what="leaders", make=self.new_leader),
            "fleets": self.merge_records("fleets", self.data.fleets, user.fleets, Fleet,
                                         what="fleets", make=self.new_fleet),
            "cards": self.merge_deck(self.data.cards, user.cards, Card, make=self.new_card,
                                     size=DECK_SIZE, citation="WfA 3.0"),
            "charts": self.merge_charts(user.charts),
            "tables": self.merge_tables(user.tables),
            "map_status": self.declare(self.data.map_status, user.map),
            "user_files": (*self.data.user_files, self.file),
        })
        if not self.problems:
            self.problems += cross_check(data)
        if not self.problems:
            self.check_distances(data)
        return data

    # --- the map ---------------------------------------------------------------------------

    def merge_spaces(self, user: Mapping[str, Any]) -> dict[str, Space]:
        return self.merge_records("spaces", self.data.spaces, user, Space, what="space",
                                  make=self.new_space, adjust=_village, keep=("village",))

    def new_space(self, sid: str, new: Any) -> Space | None:
        key = f"spaces.{sid}"
        if not self.new_id(key, "space", sid):
            return None
        if not new.name:
            self.problem(f"{key}.name", f"new space {sid!r} needs a name")
            return None
        twin = self.data.space_named(new.name)
        if twin is not None:
            self.problem(f"{key}.name", f"new space {sid!r} has the name of space {twin.id!r}")
            return None
        fields = new.model_dump(exclude={"source", "village"})
        fields = {name: value for name, value in fields.items() if value is not None}
        # WfA 4.6: the British begin the game controlling all spaces in Canada.
        canada = new.region is Region.CANADA
        return self.rebuild(key, Space, {
            **fields, "id": sid, "village": bool(new.village), "british_at_start": canada,
            "source": (self.cite(new.source),)})

    def new_sea_area(self, sid: str, new: Any) -> SeaArea | None:
        key = f"sea_areas.{sid}"
        if not self.new_id(key, "sea area", sid):
            return None
        if new.name is None or new.kind is None:
            self.problem(key, f"new sea area {sid!r} needs a name and a kind "
                              "('obz' or 'arrow')")
            return None
        return self.rebuild(key, SeaArea, {
            "id": sid, "name": new.name, "kind": new.kind, "region": new.region,
            "circles": new.circles, "source": (self.cite(new.source),)})

    def new_terrain(self, tid: str, new: Any) -> Terrain | None:
        key = f"terrain.{tid}"
        if not self.new_id(key, "terrain", tid):
            return None
        if new.name is None:
            self.problem(f"{key}.name", f"new terrain {tid!r} needs a name")
            return None
        return self.rebuild(key, Terrain, {"id": tid, "name": new.name, "mp": new.mp,
                                           "source": (self.cite(new.source),)})

    def merge_connections(self, user: Sequence[Any]) -> tuple[Connection, ...]:
        lines = list(self.data.connections)
        for i, new in enumerate(user):
            key = f"connections[{i}]"
            ends = frozenset((new.a, new.b))
            at = next((j for j, c in enumerate(lines) if c.ends == ends and c.kind is new.kind),
                      None)
            if at is None:
                made = self.rebuild(key, Connection, {
                    **new.model_dump(exclude={"source"}), "source": (self.cite(new.source),)})
                if made is not None:
                    lines.append(made)
                continue
            old = lines[at]
            cited = "; ".join(old.source)
            update = self.fill_fields(key, f"line {old.a}-{old.b}", old, {
                name: getattr(new, name)
                for name in ("terrain", "water", "arrow_from", "circles")}, cited)
            if unchanged(old, update):
                continue
            update["source"] = (*old.source, self.cite(new.source))
            merged = self.rebuild(key, Connection, {**old.model_dump(), **update})
            if merged is not None:
                lines[at] = merged
        return tuple(lines)

    def check_distances(self, data: WfAData) -> None:
        for bound in data.distances:
            cited = "; ".join(bound.source)
            if bound.at_most is not None and data.map_status.connections_complete:
                # Unknown lines may be cheap: only a complete map can be too far.
                cost = data.least_cost(bound.a, bound.b, unknown_cost=1)
                if cost is None or cost > bound.at_most:
                    shown = "no path" if cost is None else f"{cost} MP"
                    self.problem("connections", f"{bound.a!r} to {bound.b!r} is {shown}, "
                                                f"but {cited}")
            if bound.more_than is not None:
                cost = data.least_cost(bound.a, bound.b, unknown_cost=99)
                if cost is not None and cost <= bound.more_than:
                    self.problem("connections", f"{bound.a!r} reaches {bound.b!r} in {cost} "
                                                f"MP, but {cited}")

    # --- leaders, fleets ------------------------------------------------------------------

    def new_leader(self, lid: str, new: Any) -> Leader | None:
        key = f"leaders.{lid}"
        if not self.new_id(key, "leader", lid):
            return None
        if new.name is None or new.side is None or new.nation is None:
            self.problem(key, f"new leader {lid!r} needs a name, a side and a nation")
            return None
        fields = {k: v for k, v in new.model_dump(exclude={"source"}).items() if v is not None}
        return self.rebuild(key, Leader, {**fields, "id": lid,
                                          "source": (self.cite(new.source),)})

    def new_fleet(self, fid: str, new: Any) -> Fleet | None:
        key = f"fleets.{fid}"
        if not self.new_id(key, "fleet", fid):
            return None
        if new.name is None or new.nation is None:
            self.problem(key, f"new fleet {fid!r} needs a name and a nation")
            return None
        return self.rebuild(key, Fleet, {"id": fid, "name": new.name, "nation": new.nation,
                                         "strength": new.strength,
                                         "source": (self.cite(new.source),)})

    # --- cards ----------------------------------------------------------------------------

    def new_card(self, cid: str, new: Any) -> Card | None:
        key = f"cards.{cid}"
        if not self.new_id(key, "card", cid):
            return None
        # WfA 20.12 names all six defensive cards; they are in the bundled data.
        if new.number in DEFENSIVE_CARD_NUMBERS:
            self.problem(f"{key}.number", f"card #{new.number} is the defensive card "
                                          f"'card_{new.number}' (WfA 20.12): fill that")
            return None
        fields = {k: v for k, v in new.model_dump(exclude={"source"}).items() if v is not None}
        return self.rebuild(key, Card, {**fields, "id": cid, "source": (self.cite(new.source),)})

    # --- charts and tables ----------------------------------------------------------------

    def merge_charts(self, user: Any) -> Charts:
        old = self.data.charts
        cite = self.cite(user.source)
        sources = dict(old.sources)
        update: dict[str, Any] = {}

        def fill_map(name: str, field: str, values: Mapping[Any, Any],
                     convert: Any = None) -> None:
            """Fill the nulls of the chart `field`, written `name` in user files."""
            current: dict[Any, Any] = dict(getattr(old, field))
            for item, value in values.items():
                key = f"charts.{name}.{item}"
                if item not in current:
                    self.problem(key, f"{name} has no entry {str(item)!r} (known: "
                                      f"{', '.join(str(k) for k in current)})")
                    continue
                if convert is not None:
                    value = convert(key, value)
                    if value is None:
                        continue
                cited = "; ".join(old.sources.get(f"{name}.{item}", ()))
                filled = self.fill(key, f"{name} {item}", current[item], value, cited)
                if filled is not current[item]:
                    current[item] = filled
                    sources[f"{name}.{item}"] = (cite,)
            update[field] = current

        fill_map("militia_maximums", "militia_maximums", user.militia_maximums)
        fill_map("loyalists", "loyalist_amounts", user.loyalists)
        fill_map("transport", "transport", user.transport)
        fill_map("attrition", "attrition", user.attrition, self.fraction)
        levy: dict[Region, Levy | None] = dict(old.levy)
        for region, row in user.levy.items():
            key = f"charts.levy.{region}"
            if region not in LEVY_REGIONS:
                self.problem(key, f"the CLT has rows for {', '.join(LEVY_REGIONS)} only "
                                  "(WfA 10.2)")
                continue
            colonies = row.colonies or _colonies_of(region)
            made = self.rebuild(key, Levy, {"region": region, "sp": row.sp,
                                            "colonies": colonies,
                                            "source": (self.cite(row.source or user.source),)})
            if made is not None:
                levy[region] = self.fill(key, f"CLT row {region}", levy[region], made, "")
        update["levy"] = levy
        if user.muster is not None:
            made_muster = self.rebuild("charts.muster", Muster, {
                **user.muster.model_dump(exclude={"source"}),
                "source": (self.cite(user.muster.source or user.source),)})
            update["muster"] = self.fill("charts.muster", "the LMMC", old.muster, made_muster,
                                         "")
        if user.french_arrival is not None:
            update["french_arrival"] = self.fill("charts.french_arrival",
                                                 "the French arrival range",
                                                 old.french_arrival, user.french_arrival, "")
        if user.seasons is not None:
            seasons = tuple(self.rebuild(f"charts.seasons[{i}]", Season, {
                **season.model_dump(), "source": (cite,)}) for i, season in enumerate(user.seasons))
            if all(s is not None for s in seasons):
                update["seasons"] = self.fill("charts.seasons", "the seasons", old.seasons,
                                              tuple(s for s in seasons if s is not None), "")
        added = [self.rebuild(f"charts.reinforcements[{i}]", Reinforcement, {
            **entry.model_dump(exclude={"source"}),
            "source": (self.cite(entry.source or user.source),)})
            for i, entry in enumerate(user.reinforcements)]
        update["reinforcements"] = (*old.reinforcements, *(r for r in added if r is not None))
        if user.reinforcements_complete:
            update["reinforcements_complete"] = True
        update["sources"] = sources
        merged = self.rebuild("charts", Charts, {**old.model_dump(), **update})
        return merged if merged is not None else old

    def fraction(self, key: str, text: str) -> Fraction | None:
        try:
            return Fraction(text)
        except (ValueError, ZeroDivisionError):
            self.problem(key, f"must be a fraction like \"2/3\", got {text!r}")
            return None

    def merge_tables(self, user: Any) -> WfATables:
        tables = self.data.tables
        update: dict[str, Any] = {}
        for name, model in (("battle", BattleTables), ("siege", SiegeTable),
                            ("fleet_combat", FleetCombatTable)):
            raw = getattr(user, name)
            if raw is None:
                continue
            made = self.rebuild(f"tables.{name}", model, _cited(raw, self.cite(None)))
            current = getattr(tables, name)
            if made is not None:
                update[name] = self.fill(f"tables.{name}", f"table {name}", current, made,
                                         "an earlier user file")
        return tables.model_copy(update=update) if update else tables


def _village(old: Space, new: Any, update: dict[str, Any]) -> None:
    """A user file may mark a Six Nations village (WfA 18.2), never unmark one."""
    if new.village and not old.village:
        update["village"] = True


def _colonies_of(region: Region) -> tuple[Colony, ...]:
    return tuple(colony for colony, home in COLONY_REGION.items() if home is region)


def _cited(raw: Any, cite: str, *, cited_level: bool = True) -> Any:
    """A user table with every `source` a list of citations naming the file; the table
    and its columns get the file's name as source when they give none."""
    if isinstance(raw, dict):
        out = {key: _cited(value, cite, cited_level=key == "columns")
               for key, value in raw.items()}
        given = out.get("source")
        if given is not None:
            listed = [given] if isinstance(given, str) else list(given)
            out["source"] = [f"{cite}: {part}" for part in listed] or [cite]
        elif cited_level:
            out["source"] = [cite]
        return out
    if isinstance(raw, list):
        return [_cited(item, cite, cited_level=cited_level) for item in raw]
    return raw


load_data = MergedData.of(bundled_data, UserData, _Merger)
"""The bundled data with each user TOML file merged over it, in order (kept once per
process for files as they are now; see the module docstring's policy)."""

