"""The shape of a War for America user data file (TOML), before it is merged.

Each table of the file is a closed model (`extra="forbid"`), so a misspelt key is an error
naming the file and the key. `source` is optional everywhere: where to read the fact.
The battle, siege and fleet combat tables keep the shapes of `tables` (its models validate
them when merged).
"""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, ConfigDict, Field, StrictBool, StrictInt, StrictStr

from adjudicator.systems.war_for_america.data.charts import SeasonColour
from adjudicator.systems.war_for_america.data.vocabulary import (
    BattleRating,
    CardFlag,
    Colony,
    Colour,
    ConnectionKind,
    MusterPortion,
    Nation,
    Owner,
    Region,
    SeaAreaKind,
    Side,
)


class UserModel(BaseModel):
    """A closed, frozen table of a user file."""

    model_config = ConfigDict(frozen=True, extra="forbid")


class UserMap(UserModel):
    spaces_complete: StrictBool | None = None
    connections_complete: StrictBool | None = None
    sea_areas_complete: StrictBool | None = None
    source: StrictStr | None = None


class UserSpace(UserModel):
    name: StrictStr | None = None
    aliases: tuple[StrictStr, ...] = ()
    region: Region | None = None
    colony: Colony | None = None
    original_owner: Owner | None = None
    key: StrictBool | None = None
    coastal: StrictBool | None = None
    circle: StrictBool | None = None
    obz: StrictStr | None = None
    village: StrictBool | None = None
    source: StrictStr | None = None


class UserSeaArea(UserModel):
    name: StrictStr | None = None
    kind: SeaAreaKind | None = None
    region: Region | None = None
    circles: StrictInt | None = None
    source: StrictStr | None = None


class UserTerrain(UserModel):
    name: StrictStr | None = None
    mp: StrictInt | None = None
    source: StrictStr | None = None


class UserConnection(UserModel):
    a: StrictStr
    b: StrictStr
    kind: ConnectionKind = ConnectionKind.LAND
    terrain: StrictStr | None = None
    water: StrictBool | None = None
    arrow_from: StrictStr | None = None
    circles: StrictInt | None = None
    source: StrictStr | None = None


class UserLeader(UserModel):
    name: StrictStr | None = None
    side: Side | None = None
    nation: Nation | None = None
    stars: StrictInt | None = None
    command: StrictInt | None = None
    battle: BattleRating | None = None
    colour: Colour | None = None
    source: StrictStr | None = None


class UserFleet(UserModel):
    name: StrictStr | None = None
    nation: Nation | None = None
    strength: StrictInt | None = None
    source: StrictStr | None = None


class UserCard(UserModel):
    number: StrictInt | None = None
    title: StrictStr | None = None
    aliases: tuple[StrictStr, ...] = ()
    year: StrictInt | None = None
    flag: CardFlag | None = None
    circled_r: StrictBool | None = None
    text: StrictStr | None = None
    source: StrictStr | None = None


class UserLevy(UserModel):
    sp: dict[int, StrictInt]
    colonies: tuple[Colony, ...] = ()
    """Defaults to every colony of the Region (WfA 3.3)."""
    source: StrictStr | None = None


class UserMuster(UserModel):
    militia: dict[int, MusterPortion]
    loyalists: dict[int, MusterPortion]
    source: StrictStr | None = None


class UserSeason(UserModel):
    id: StrictStr
    name: StrictStr
    colour: SeasonColour


class UserReinforcement(UserModel):
    side: Side
    year: StrictInt
    season: StrictStr
    units: StrictStr
    sp: StrictInt = 0
    place: StrictStr | None = None
    source: StrictStr | None = None


class UserCharts(UserModel):
    levy: dict[Region, UserLevy] = Field(default_factory=dict)
    muster: UserMuster | None = None
    loyalists: dict[Region, StrictInt] = Field(default_factory=dict)
    militia_maximums: dict[Colony, StrictInt] = Field(default_factory=dict)
    transport: dict[int, StrictInt] = Field(default_factory=dict)
    attrition: dict[int, StrictStr] = Field(default_factory=dict)
    """Fractions as text, e.g. "2/3"."""
    french_arrival: tuple[StrictInt, StrictInt] | None = None
    seasons: tuple[UserSeason, ...] | None = None
    reinforcements: tuple[UserReinforcement, ...] = ()
    reinforcements_complete: StrictBool | None = None
    source: StrictStr | None = None
    """Where the chart values without their own source were read."""


class UserTables(UserModel):
    battle: dict[str, Any] | None = None
    siege: dict[str, Any] | None = None
    fleet_combat: dict[str, Any] | None = None


class UserData(UserModel):
    """A whole user file."""

    map: UserMap = UserMap()
    spaces: dict[str, UserSpace] = Field(default_factory=dict)
    sea_areas: dict[str, UserSeaArea] = Field(default_factory=dict)
    terrain: dict[str, UserTerrain] = Field(default_factory=dict)
    connections: tuple[UserConnection, ...] = ()
    leaders: dict[str, UserLeader] = Field(default_factory=dict)
    fleets: dict[str, UserFleet] = Field(default_factory=dict)
    cards: dict[str, UserCard] = Field(default_factory=dict)
    charts: UserCharts = UserCharts()
    tables: UserTables = UserTables()
