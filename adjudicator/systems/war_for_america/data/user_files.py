"""The shape of a War for America user data file (TOML), before it is merged.

Each table of the file is a closed model (`extra="forbid"`), so a misspelt key is an error
naming the file and the key. The tables that fill records (a space, a leader, a card ...)
are derived from the records' models (`common.merging.user_model`): the record's fields,
optional, with strict scalars. `source` is optional everywhere: where to read the fact.
The charts and the battle, siege and fleet combat tables are written in the file's own
shape (the tables are validated by `tables`'s models when merged).
"""

from __future__ import annotations

from typing import Any

from pydantic import Field, StrictBool, StrictInt, StrictStr

from adjudicator.systems.common.merging import (
    UserRecord,
    keyed,
    listed,
    single,
    user_file,
    user_model,
)
from adjudicator.systems.war_for_america.data.charts import Levy, Muster, Reinforcement, Season
from adjudicator.systems.war_for_america.data.models import (
    Card,
    Connection,
    Fleet,
    Leader,
    MapStatus,
    SeaArea,
    Space,
    Terrain,
)
from adjudicator.systems.war_for_america.data.vocabulary import (
    Colony,
    ConnectionKind,
    MusterPortion,
    Region,
)

UserMap = user_model(MapStatus, "UserMap", ("spaces_complete", "connections_complete",
                                            "sea_areas_complete"))
UserSpace = user_model(Space, "UserSpace", ("name", "aliases", "region", "colony",
                                            "original_owner", "key", "coastal", "circle",
                                            "obz", "village"))
UserSeaArea = user_model(SeaArea, "UserSeaArea", ("name", "kind", "region", "circles"))
UserTerrain = user_model(Terrain, "UserTerrain", ("name", "mp"))
UserConnection = user_model(Connection, "UserConnection", (
    "a", "b", "kind", "terrain", "water", "arrow_from", "circles"), required=("a", "b"),
    defaults={"kind": ConnectionKind.LAND})
UserLeader = user_model(Leader, "UserLeader", ("name", "side", "nation", "stars", "command",
                                               "battle", "colour"))
UserFleet = user_model(Fleet, "UserFleet", ("name", "nation", "strength"))
UserCard = user_model(Card, "UserCard", ("number", "title", "aliases", "year", "flag",
                                         "circled_r", "text"))
UserLevy = user_model(Levy, "UserLevy", ("sp", "colonies"), required=("sp",),
                      types={"sp": dict[int, StrictInt]}, defaults={"colonies": ()})
"""`colonies` defaults to every colony of the Region (WfA 3.3)."""
UserMuster = user_model(Muster, "UserMuster", ("militia", "loyalists"),
                        required=("militia", "loyalists"),
                        types=dict.fromkeys(("militia", "loyalists"),
                                            dict[int, MusterPortion]))
UserSeason = user_model(Season, "UserSeason", ("id", "name", "colour"),
                        required=("id", "name", "colour"), source=False)
UserReinforcement = user_model(Reinforcement, "UserReinforcement", (
    "side", "year", "season", "units", "sp", "place"),
    required=("side", "year", "season", "units"), defaults={"sp": 0})


UserCharts = user_file(
    "UserCharts",
    levy=keyed(UserLevy, by=Region),
    muster=(UserMuster | None, None),
    loyalists=(dict[Region, StrictInt], Field(default_factory=dict)),
    militia_maximums=(dict[Colony, StrictInt], Field(default_factory=dict)),
    transport=(dict[int, StrictInt], Field(default_factory=dict)),
    attrition=(dict[int, StrictStr], Field(default_factory=dict, description=(
        'Fractions as text, e.g. "2/3".'))),
    french_arrival=(tuple[StrictInt, StrictInt] | None, None),
    seasons=(listed(UserSeason)[0] | None, None),
    reinforcements=listed(UserReinforcement),
    reinforcements_complete=(StrictBool | None, None),
    source=(StrictStr | None, Field(None, description=(
        "Where the chart values without their own source were read."))))
"""The charts' values, in the file's shape (`loyalists` fills `loyalist_amounts`)."""


class UserTables(UserRecord):
    battle: dict[str, Any] | None = None
    siege: dict[str, Any] | None = None
    fleet_combat: dict[str, Any] | None = None


UserData = user_file(
    "UserData", map=single(UserMap), spaces=keyed(UserSpace), sea_areas=keyed(UserSeaArea),
    terrain=keyed(UserTerrain), connections=listed(UserConnection), leaders=keyed(UserLeader),
    fleets=keyed(UserFleet), cards=keyed(UserCard), charts=single(UserCharts),
    tables=single(UserTables))
"""A whole user file."""
