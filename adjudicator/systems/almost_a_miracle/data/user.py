"""A user's data file for Almost a Miracle!: what the printed map, counters and Player's Aid
Charts give, merged over the bundled data.

    [map]
    connections_complete = true
    [[connections]]
    a = "NE10"
    b = "NE13"
    kind = "land"
    [areas.NE10]
    terrain = "clear"
    [leaders.washington]
    audacity = 3
    tactical = 2
    [[tables.battle_winner_table.rows]]
    condition = "commander_tactical"
    side = "each"
    drm = 1

The Battle Winner Determination Table (AaM 11.2.3; on the Player's Aid Card) is read by
the combat family (AAM-CBT-09) when its rows are structured: each row is one DRM with
`condition`, `side` ("each" (default), "attacker" or "defender": who gets it) and `drm`
(an integer; for `commander_tactical`, per point of the rating), and an optional `note`.
The conditions: `always` (every battle), `commander_tactical` (the side's commander's
Tactical rating, AaM 11.1), `militia_majority` (a force more than half militia; waived by
the Backwoods Generals option, AaM 16.1), `bayonets` (fixed bayonets declared, AaM 11.2.1),
`surprise` (a successful surprise, AaM 11.2.2), `professional_army` (AaM 11.2.5),
`fort_defender` (the defender with its fort in the Area). The odds DRM (AaM 11.2.3) and the
Wilderness/Mountain DRMs (AaM 10.6.1b) are the rulebook's and always applied: they are not
rows. A row of any other shape leaves the winner unchecked.
"""

from __future__ import annotations

import re
from typing import Any

from pydantic import StrictStr

from adjudicator.systems.almost_a_miracle.data.bundled import bundled_data
from adjudicator.systems.almost_a_miracle.data.models import (
    AaMData,
    Area,
    Connection,
    Leader,
    MapStatus,
    Table,
    UnitKind,
)
from adjudicator.systems.common.merging import (
    MergedData,
    RecordMerger,
    UserRecord,
    keyed,
    listed,
    single,
    user_file,
    user_model,
)

_AREA_ID = re.compile(r"^[A-Za-z]{1,3}\d{0,3}$")
_UserArea = user_model(Area, "_UserArea", ("name", "aliases", "region", "port", "port_value",
                                           "city", "settlement", "capital", "printed_fort",
                                           "terrain", "supply_level"))
_UserConnection = user_model(Connection, "_UserConnection", ("a", "b", "kind"),
                             required=("a", "b", "kind"))
_UserUnitKind = user_model(UnitKind, "_UserUnitKind", ("mp", "sp_counter_mix", "aliases"))
_UserLeader = user_model(Leader, "_UserLeader",
                         ("name", "side", "category", "rank", "seniority", "audacity",
                          "tactical", "engineer", "turn_of_entry", "turn_of_withdrawal",
                          "home_colony", "aliases"))
_UserMap = user_model(MapStatus, "_UserMap", ("areas_complete", "connections_complete"))


class _UserTable(UserRecord):
    rows: tuple[dict[str, Any], ...]
    source: StrictStr | None = None


UserData = user_file("UserData", map=single(_UserMap), connections=listed(_UserConnection),
                     areas=keyed(_UserArea), unit_kinds=keyed(_UserUnitKind),
                     leaders=keyed(_UserLeader), tables=keyed(_UserTable))
"""The shape of a user file (each table closed: a misspelt key is an error naming it)."""


class _Merger(RecordMerger[AaMData, Any]):
    """Fills nulls; adds Areas, connections and leaders the text does not name; gives the
    rows of the tables the rulebook only references; refuses contradictions."""

    def merge(self, user: Any) -> AaMData:
        data = self.data
        areas = self.merge_records("areas", data.areas, user.areas, Area, what="Area",
                                   make=self._area)
        leaders = self.merge_records("leaders", data.leaders, user.leaders, Leader,
                                     what="leader", make=self._leader)
        kinds = self.merge_records("unit_kinds", data.unit_kinds, user.unit_kinds, UnitKind,
                                   what="unit kind", make=self._refused("unit kind"))
        connections = list(data.connections)
        known = {frozenset((c.a, c.b)) for c in connections}
        for index, new in enumerate(user.connections):
            key = f"connections[{index}]"
            unknown = [end for end in (new.a, new.b) if end not in areas and end != "TRANSIT"
                       and end != "AT_SEA"]
            if unknown:
                self.problem(key, f"no Area {', '.join(map(repr, unknown))}")
                continue
            if frozenset((new.a, new.b)) in known:
                self.problem(key, f"the connection {new.a}-{new.b} is given twice")
                continue
            made = self.rebuild(key, Connection, {"a": new.a, "b": new.b, "kind": new.kind,
                                                  "source": (self.cite(new.source),)})
            if made is not None:
                connections.append(made)
                known.add(frozenset((new.a, new.b)))
        tables = dict(data.tables)
        for tid, new in user.tables.items():
            old = tables.get(tid)
            if old is None:
                self.problem(f"tables.{tid}", f"no table {tid!r} in Almost a Miracle!")
                continue
            if old.rows is not None:
                self.problem(f"tables.{tid}", f"the {old.label} is printed in the rulebook "
                                              f"({'; '.join(old.source)})")
                continue
            tables[tid] = Table(id=tid, name=old.name, missing=old.missing,
                                partial=old.partial, rows=new.rows,
                                source=(*old.source, self.cite(new.source)))
        return data.model_copy(update={
            "areas": areas, "leaders": leaders, "unit_kinds": kinds,
            "connections": tuple(connections), "tables": tables,
            "map_status": self.declare(data.map_status, user.map),
            "user_files": (*data.user_files, self.file)})

    def _area(self, aid: str, new: Any) -> Area | None:
        if not _AREA_ID.match(aid):
            self.problem(f"areas.{aid}", f"Area id {aid!r} is not of the map's form (NE10)")
            return None
        fields = {k: v for k, v in new.model_dump(exclude={"source"}).items() if v is not None}
        return self.rebuild(f"areas.{aid}", Area, {"id": aid, **fields,
                                                   "source": (self.cite(new.source),)})

    def _leader(self, lid: str, new: Any) -> Leader | None:
        if not self.new_id(f"leaders.{lid}", "leader", lid):
            return None
        fields = {k: v for k, v in new.model_dump(exclude={"source"}).items() if v is not None}
        return self.rebuild(f"leaders.{lid}", Leader, {"id": lid, **fields,
                                                       "source": (self.cite(new.source),)})

    def _refused(self, what: str) -> Any:
        def refuse(rid: str, new: Any) -> None:
            self.problem(rid, f"no {what} {rid!r} in Almost a Miracle!")
        return refuse


load_data = MergedData.of(bundled_data, UserData, _Merger)
"""The bundled data with each user file merged over it, in order."""
