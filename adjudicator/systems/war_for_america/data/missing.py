"""The facts the checks need that the data still lacks, each with the key that supplies it.

Every key is a key of a user TOML file (`user_data`); `template_toml` lists them all.
"""

from __future__ import annotations

from collections.abc import Callable

from adjudicator.systems.common.records import MissingFacts, once_per_object
from adjudicator.systems.war_for_america.data.charts import LEVY_REGIONS
from adjudicator.systems.war_for_america.data.models import MissingFact, WfAData
from adjudicator.systems.war_for_america.data.vocabulary import (
    DECK_SIZE,
    ConnectionKind,
    Need,
    SeaAreaKind,
)

_Add = Callable[[Need, str, str], None]


def missing_facts(data: WfAData) -> list[MissingFact]:
    """Every fact a check needs that the data still lacks, with the key that supplies it
    (worked out once per data object: the data is frozen, and rules ask `unmet` often)."""
    return list(_missing(data))


@once_per_object()
def _missing(data: WfAData) -> tuple[MissingFact, ...]:
    gathered = MissingFacts(data.catalog, MissingFact)
    add: _Add = gathered.add
    _map_facts(data, add)
    _space_facts(data, add)
    _line_facts(data, add)
    _leader_facts(data, add)
    _table_facts(data, add)
    _chart_facts(data, add)
    _card_facts(data, add)
    return tuple(gathered.facts)


def _map_facts(data: WfAData, add: _Add) -> None:
    status = data.map_status
    if not status.spaces_complete:
        add(Need.SPACES, "map.spaces_complete",
            f"the rest of the printed map's spaces ({len(data.spaces)} known); add each as "
            "[spaces.<id>], then set map.spaces_complete = true")
    if not status.connections_complete:
        add(Need.CONNECTIONS, "map.connections_complete",
            f"the rest of the map's lines ({len(data.connections)} known); add each as "
            "[[connections]], then set map.connections_complete = true")
    if not status.sea_areas_complete:
        add(Need.SEA_AREAS, "map.sea_areas_complete",
            f"the rest of the OBZs and Caribbean arrow spaces ({len(data.sea_areas)} known); "
            "add each as [sea_areas.<id>], then set map.sea_areas_complete = true")
    if not any(c.kind is ConnectionKind.OCEAN_TRANSIT for c in data.connections):
        add(Need.OCEAN_TRANSIT, "connections",
            "the Ocean Transit Lines from the Europe Box (WfA 8.8): [[connections]] with "
            "a = \"europe_box\" and kind = \"ocean_transit\"")
    if not any(s.village for s in data.spaces.values()):
        add(Need.VILLAGES, "spaces",
            "the Six Nations villages (WfA 18.2, Six Nations Card): village = true on each")
    for area in data.sea_areas.values():
        if area.kind is SeaAreaKind.ARROW and area.circles is None:
            add(Need.CARIBBEAN, f"sea_areas.{area.id}.circles",
                f"the circles of the arrow space {area.name}")


def _space_facts(data: WfAData, add: _Add) -> None:
    for s in data.spaces.values():
        key = f"spaces.{s.id}"
        if s.region is None:
            add(Need.REGIONS, f"{key}.region", f"the Region of {s.name}")
        if s.colony is None and (s.region is None or s.region.has_colonies):
            add(Need.COLONIES, f"{key}.colony", f"the colony of {s.name}")
        if s.original_owner is None:
            add(Need.OWNERS, f"{key}.original_owner",
                f"the original owner (colour) of {s.name}")
        if s.key is None:
            add(Need.KEY_SPACES, f"{key}.key", f"whether {s.name} is a key (boxed) space")
        if s.coastal is None:
            add(Need.COASTAL, f"{key}.coastal", f"whether {s.name} is a coastal/port space")
        elif s.coastal and s.obz is None:
            add(Need.SEA_AREAS, f"{key}.obz", f"the OBZ covering {s.name}")
        if s.circle is None:
            add(Need.CIRCLES, f"{key}.circle", f"whether {s.name} is a circle space")


def _line_facts(data: WfAData, add: _Add) -> None:
    for c in data.connections:
        key = f"connections[{c.a},{c.b}]"
        if c.kind is ConnectionKind.LAND:
            if c.terrain is None:
                add(Need.TERRAIN, f"{key}.terrain", f"the TEC line type of {c.a}-{c.b}")
            if c.water is None:
                add(Need.WATER, f"{key}.water",
                    f"whether {c.a}-{c.b} is a continuous water connection")
        if c.kind is ConnectionKind.CARIBBEAN_ARROW:
            if c.arrow_from is None:
                add(Need.CARIBBEAN, f"{key}.arrow_from",
                    f"the direction of the arrow {c.a}-{c.b}")
            if c.circles is None:
                add(Need.CARIBBEAN, f"{key}.circles", f"the circles on {c.a}-{c.b}")
    for terrain in data.terrain.values():
        if terrain.mp is None:
            add(Need.TERRAIN, f"terrain.{terrain.id}.mp", f"the MP cost of {terrain.name}")
    if not data.terrain:
        add(Need.TERRAIN, "terrain",
            "the line types of the Terrain Effects Chart and their MP costs (WfA 12.0)")
    if not any(c.water is not None for c in data.connections):
        add(Need.WATER, "connections",
            "the continuous water connections (WfA 12.1): water = true or false on each "
            "land line")


def _leader_facts(data: WfAData, add: _Add) -> None:
    for leader in data.leaders.values():
        key = f"leaders.{leader.id}"
        # d'Estaing is embedded in his fleet: no land rank, command or colour (WfA 14.29).
        if not leader.naval:
            if leader.stars is None:
                add(Need.LEADER_RANKS, f"{key}.stars", f"{leader.name}'s rank (1..3 stars)")
            if leader.command is None:
                add(Need.LEADER_COMMAND, f"{key}.command",
                    f"{leader.name}'s command value (1..6)")
            if leader.colour is None:
                add(Need.LEADER_COLOURS, f"{key}.colour",
                    f"the colour of {leader.name}'s command circle")
        if leader.battle is None:
            add(Need.LEADER_BATTLE, f"{key}.battle",
                f"{leader.name}'s battle rating (A..D)")
    for fleet in data.fleets.values():
        if fleet.strength is None:
            add(Need.FLEETS, f"fleets.{fleet.id}.strength", f"the strength of {fleet.name}")


def _table_facts(data: WfAData, add: _Add) -> None:
    tables = data.tables
    kinds = {column.table for column in tables.battle.columns} if tables.battle else set()
    if "standard" not in kinds:
        add(Need.BATTLE_TABLE, "tables.battle",
            "the Standard Battle Table's columns (WfA 13.0 Steps 5-7)")
    if "petite_guerre" not in kinds:
        add(Need.PETITE_GUERRE, "tables.battle",
            "the Petite Guerre Table's columns, with the '<1' lone-garrison column "
            "(WfA 13.0 Step 6, 19.21)")
    if tables.siege is None:
        add(Need.SIEGE_TABLE, "tables.siege", "the Siege (Resolution) Table (WfA 17.13-17.14)")
    if tables.fleet_combat is None:
        add(Need.FLEET_TABLE, "tables.fleet_combat", "the Fleet Combat Table (WfA 15.5)")


def _chart_facts(data: WfAData, add: _Add) -> None:
    charts = data.charts
    for region in LEVY_REGIONS:
        if charts.levy.get(region) is None:
            add(Need.LEVY, f"charts.levy.{region}", f"the CLT row of {region} (WfA 10.2)")
    if charts.muster is None:
        add(Need.MUSTER, "charts.muster", "the Loyalist and Militia Muster Chart (WfA 10.9)")
    for region, amount in charts.loyalist_amounts.items():
        if amount is None:
            add(Need.MUSTER, f"charts.loyalists.{region}",
                f"the full Loyalist amount of {region} (WfA 10.20)")
    for colony, maximum in charts.militia_maximums.items():
        if maximum is None:
            add(Need.MILITIA_MAXIMUMS, f"charts.militia_maximums.{colony}",
                f"the militia maximum of {colony} (MMC, WfA 10.9)")
    for year, cap in charts.transport.items():
        if cap is None:
            add(Need.TRANSPORT, f"charts.transport.{year}",
                f"British Naval Transport capacity in {year} (WfA 14.10)")
    for year, fraction in charts.attrition.items():
        if fraction is None:
            add(Need.ATTRITION, f"charts.attrition.{year}",
                f"Continental attrition in the Winter of {year} (CRC, WfA 18.3)")
    if charts.french_arrival is None:
        add(Need.FRENCH_ARRIVAL, "charts.french_arrival",
            "the D6 range bringing d'Estaing in Early Spring 1778 (CRC, WfA 8.4)")
    if charts.seasons is None:
        add(Need.CALENDAR, "charts.seasons",
            "the turns of a year in order, with their STRT colours (WfA 3.1; digest A-2)")
    if not charts.reinforcements_complete:
        add(Need.REINFORCEMENTS, "charts.reinforcements_complete",
            f"the British and Colonial Reinforcement Charts ({len(charts.reinforcements)} "
            "entries known); add each as [[charts.reinforcements]], then set "
            "charts.reinforcements_complete = true")


def _card_facts(data: WfAData, add: _Add) -> None:
    if len(data.cards) < DECK_SIZE:
        add(Need.CARD_LIST, "cards", f"the card list: {len(data.cards)} of the {DECK_SIZE} "
                                     "cards are known; add the others as [cards.<id>]")
    for card in data.cards.values():
        key = f"cards.{card.id}"
        if card.number is None:
            add(Need.CARD_LIST, f"{key}.number", f"the number of {card.label!r}")
        if card.title is None:
            add(Need.CARD_LIST, f"{key}.title", f"the title of {card.label!r}")
        if card.year is None:
            add(Need.CARD_YEARS, f"{key}.year", f"the year printed on {card.label!r}")
        if card.flag is None:
            add(Need.CARD_FLAGS, f"{key}.flag", f"the flag of {card.label!r}")
        if card.circled_r is None:
            add(Need.CARD_FLAGS, f"{key}.circled_r", f"whether {card.label!r} has a circled R")
        if card.text is None:
            add(Need.CARD_TEXTS, f"{key}.text", f"the text of {card.label!r}")
