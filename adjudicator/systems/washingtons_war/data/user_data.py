"""User TOML files merged over the bundled data (`load_data`).

Merge policy (what a user file may do):

- add spaces, connections and cards the bundled data lacks;
- fill a `null` (a General's rating, a space's colony or Winter Quarters flag, a
  connection's line type, a card's number / OPS value / flag, a year's reinforcements);
- add aliases to a space or card; declare the map complete (`[map]`).

A user value that contradicts a bundled value is an error naming the file and the key,
even when both are plausible: bundled values are rulebook facts with a citation, and a
disagreement almost always means a typo or a mis-bound piece, which must not silently
change what the referee believes. For the same reason a user file may not add a 21st port
(WW 12.3 lists every port), a fifth fortified port (WW 2.1.C), an eighth Special Event
(WW 6.34.A), a connection that a rulebook example rules out (WW 10.11.B.ii example), or a
path that lets Fort Detroit reach Point Pleasant within 4 movement points (WW 7.3.D example).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from pydantic import StrictInt

from adjudicator.systems.common.merging import (
    MergedData,
    RecordMerger,
    keyed,
    listed,
    single,
    user_file,
    user_model,
)
from adjudicator.systems.washingtons_war.data.bundled import bundled_data
from adjudicator.systems.washingtons_war.data.models import (
    Card,
    Connection,
    General,
    MapStatus,
    Rating,
    Space,
    TurnReinforcements,
    WWData,
)
from adjudicator.systems.washingtons_war.data.problems import cross_check
from adjudicator.systems.washingtons_war.data.vocabulary import (
    DECK_SIZE,
    FIRST_YEAR,
    LAST_YEAR,
    RATING_NAMES,
    GeneralId,
)

# The tables of a user file, derived from the records they fill.
_UserMap = user_model(MapStatus, "_UserMap", ("spaces_complete", "connections_complete"),
                      source=False)
_UserSpace = user_model(Space, "_UserSpace", (
    "name", "aliases", "colony", "port", "blockade_zone", "fortified", "winter_quarters",
    "south_of_winter_line"))
_UserConnection = user_model(Connection, "_UserConnection", ("a", "b", "kind"),
                             required=("a", "b"))
_UserGeneral = user_model(General, "_UserGeneral", RATING_NAMES,
                          types=dict.fromkeys(RATING_NAMES, StrictInt))
"""A General's ratings are given as their values (WW 2.2.B)."""
_UserCard = user_model(Card, "_UserCard", (
    "number", "name", "aliases", "kind", "ops", "flag", "special", "battle", "campaign",
    "once_per_game", "reshuffle_on_play", "reshuffle_on_discard", "war_end_year", "copies"))
_UserData = user_file(
    "_UserData", map=single(_UserMap), spaces=keyed(_UserSpace),
    connections=listed(_UserConnection), generals=keyed(_UserGeneral), cards=keyed(_UserCard),
    reinforcements=(dict[str, StrictInt], {}))


class _Merger(RecordMerger[WWData, Any]):
    """Merges one parsed user file (a `_UserData`), collecting every problem with its key."""

    def merge(self, user: Any) -> WWData:
        spaces = self.merge_spaces(user.spaces)
        connections = self.merge_connections(user.connections, spaces)
        data = self.data.model_copy(update={
            "spaces": spaces,
            "connections": connections,
            "generals": self.merge_generals(user.generals),
            "cards": self.merge_deck(self.data.cards, user.cards, Card, make=self.new_card,
                                     size=DECK_SIZE, citation="WW 2.0"),
            "reinforcements": self.merge_reinforcements(user.reinforcements),
            "map_status": self.declare(self.data.map_status, user.map),
            "user_files": (*self.data.user_files, self.file),
        })
        if not self.problems:
            self.problems += cross_check(data)
            self.check_distances(data)
        return data

    def merge_spaces(self, user: Mapping[str, Any]) -> dict[str, Space]:
        return self.merge_records("spaces", self.data.spaces, user, Space, what="space",
                                  make=self.new_space, adjust=_winter_line)

    def new_space(self, sid: str, new: Any) -> Space | None:
        key = f"spaces.{sid}"
        bad = len(self.problems)
        self.new_id(key, "space", sid)
        if not new.name:
            self.problem(f"{key}.name", f"new space {sid!r} needs a name")
        elif (twin := self.data.space_named(new.name)) is not None:
            self.problem(f"{key}.name", f"new space {sid!r} has the name of space {twin.id!r}")
        # WW 12.3 lists every port; WW 2.1.C every fortified (star) space.
        if new.port or new.blockade_zone is not None:
            self.problem(f"{key}.port", f"new space {sid!r} cannot be a port: the 20 ports of "
                                        "WW 12.3 are the complete list")
        if new.fortified:
            self.problem(f"{key}.fortified", f"new space {sid!r} cannot be fortified: WW 2.1.C "
                                             "names the four fortified ports")
        if len(self.problems) > bad or new.name is None:
            return None
        south = new.south_of_winter_line
        if south is None and new.colony is not None:
            south = new.colony.is_south_of_winter_line
        return self.rebuild(key, Space, {
            "id": sid, "name": new.name, "aliases": new.aliases, "colony": new.colony,
            "port": False, "fortified": False, "winter_quarters": new.winter_quarters,
            "south_of_winter_line": south, "source": (self.cite(new.source),)})

    def merge_connections(self, user: Sequence[Any],
                          spaces: Mapping[str, Space]) -> tuple[Connection, ...]:
        connections = list(self.data.connections)
        for i, new in enumerate(user):
            key = f"connections[{i}]"
            unknown = [end for end in ("a", "b") if getattr(new, end) not in spaces]
            for end in unknown:
                self.problem(f"{key}.{end}",
                             f"connection names unknown space {getattr(new, end)!r}")
            if unknown:
                continue
            if new.a == new.b:
                self.problem(f"{key}.b", f"connection joins {new.a!r} to itself")
                continue
            ends = frozenset((new.a, new.b))
            ruled_out = next((n for n in self.data.not_adjacent
                              if frozenset((n.a, n.b)) == ends), None)
            if ruled_out is not None:
                self.problem(key, f"{new.a!r} and {new.b!r} are not adjacent "
                                  f"({'; '.join(ruled_out.source)})")
                continue
            at = next((j for j, c in enumerate(connections) if c.ends == ends), None)
            if at is None:
                made = self.rebuild(key, Connection, {
                    "a": new.a, "b": new.b, "kind": new.kind,
                    "source": (self.cite(new.source),)})
                if made is not None:
                    connections.append(made)
                continue
            old = connections[at]
            kind = self.fill(f"{key}.kind", f"connection {old.a}-{old.b} kind", old.kind,
                             new.kind, "; ".join(old.source))
            if kind is not old.kind:
                connections[at] = old.model_copy(
                    update={"kind": kind, "source": (*old.source, self.cite(new.source))})
        return tuple(connections)

    def check_distances(self, data: WWData) -> None:
        for bound in data.distance_bounds:
            cost = data.least_cost(bound.a, bound.b, arnold=False, unknown_cost=3)
            if cost is not None and cost <= bound.more_than:
                self.problem("connections", f"{bound.a!r} reaches {bound.b!r} in {cost} "
                                            f"movement points, but {'; '.join(bound.source)}")

    def merge_generals(self, user: Mapping[str, Any]) -> dict[str, General]:
        generals = dict(self.data.generals)
        bounds = self.data.rating_bounds
        for gid, new in user.items():
            key = f"generals.{gid}"
            old = generals.get(GeneralId(gid))
            if old is None:
                self.problem(key, f"unknown general {gid!r} (known: {', '.join(generals)})")
                continue
            update: dict[str, Rating] = {}
            for name in RATING_NAMES:
                value: int | None = getattr(new, name)
                rating = old.rating(name)
                if value is None:
                    continue
                low, high = bounds.of(name)
                if not low <= value <= high:
                    self.problem(f"{key}.{name}",
                                 f"general {gid!r} {name} must be {low}..{high}, got {value}")
                elif rating.allowed is not None and value not in rating.allowed:
                    allowed = ", ".join(map(str, rating.allowed))
                    self.problem(f"{key}.{name}", f"general {gid!r} {name} must be one of "
                                                  f"{allowed} ({rating.source}), got {value}")
                elif rating.value is None:
                    update[name] = rating.model_copy(
                        update={"value": value, "source": self.cite(new.source)})
                else:
                    self.fill(f"{key}.{name}", f"general {gid!r} {name}", rating.value, value,
                              rating.source or "")
            if update:
                generals[old.id] = old.model_copy(update=update)
        return generals

    def new_card(self, cid: str, new: Any) -> Card | None:
        key = f"cards.{cid}"
        if not self.new_id(key, "card", cid):
            return None
        if new.name is None or new.kind is None:
            self.problem(key, f"new card {cid!r} needs a name and a kind ('ops' or 'event')")
            return None
        # WW 6.34.C names all seven Special Events; they are in the bundled data.
        if new.special:
            self.problem(f"{key}.special", f"new card {cid!r} cannot be a Special "
                                           "Event: WW 6.34.C names all seven")
            return None
        made = {name: value for name, value in new.model_dump(exclude={"aliases", "source"})
                .items() if value is not None}
        made.setdefault("special", False)
        made.update(id=cid, aliases=new.aliases, source=(self.cite(new.source),))
        return self.rebuild(key, Card, made)

    def merge_reinforcements(self, user: Mapping[str, int]) -> tuple[TurnReinforcements, ...]:
        turns = {turn.year: turn for turn in self.data.reinforcements}
        for year_text, cus in user.items():
            key = f"reinforcements.{year_text}"
            year = int(year_text) if year_text.isdigit() else None
            if year not in turns:
                self.problem(key, f"turn must be a year {FIRST_YEAR}..{LAST_YEAR}, "
                                  f"got {year_text!r}")
                continue
            if cus < 0:
                self.problem(key, f"British reinforcements must be 0 or more, got {cus}")
                continue
            old = turns[year]
            value = self.fill(key, f"British reinforcements for {year}", old.british_cus, cus,
                              old.source)
            if value is not old.british_cus:
                turns[year] = old.model_copy(update={"british_cus": value,
                                                     "source": self.cite(None)})
        return tuple(turns.values())



def _winter_line(old: Space, new: Any, update: dict[str, Any]) -> None:
    """The line runs along the VA-NC border (WW 2.1.B): a colony given here decides it."""
    if old.colony is None and new.colony is not None and update[
            "south_of_winter_line"] is None:
        update["south_of_winter_line"] = update["colony"].is_south_of_winter_line


load_data = MergedData.of(bundled_data, _UserData, _Merger)
"""The bundled data with each user TOML file merged over it, in order (kept once per
process for files as they are now; see the module docstring's policy)."""
