"""WfA fleet and lake combat and the single-roll procedures (digest 6.7 W-5, W-8, W-1 step 1,
W-2)."""

from __future__ import annotations

from fractions import Fraction as F

from adjudicator.systems.war_for_america.data.tables import WfATables
from adjudicator.systems.war_for_america.naval_odds import (
    FleetSide,
    combined_fleet_chance,
    fleet_combat,
    lake_navy_battle,
    weather_gauge,
)
from adjudicator.systems.war_for_america.rolls import (
    arnold_defects_chance,
    arnold_still_loyal,
    interception,
    leader_lost_on_exchange,
    retreat_before_combat_chance,
)
from tests.adjudicator.systems.war_for_america.conftest import threshold_fleet

FRENCH, BRITISH = FleetSide(6), FleetSide(4)


def test_w5_weather_gauge_and_modifiers(tables: WfATables) -> None:
    assert dict(weather_gauge().items()) == {"attacker": F(5, 12), "defender": F(5, 12),
                                             "nobody": F(1, 6)}
    odds = fleet_combat(tables, FRENCH, BRITISH)
    assert odds.fixed_modifiers == (("odds_1_5", 1),)
    assert dict(odds.drm.items()) == {3: F(5, 12), 1: F(1, 6), -1: F(5, 12)}
    assert dict(odds.other_drm.items()) == {3: F(5, 12), 1: F(7, 12)}
    assert odds.outcomes is None and "no Fleet Combat Table" in odds.notes[-1]


def test_w5_both_readings_with_attacker_wins_on_10(tables: WfATables) -> None:
    odds = fleet_combat(tables, FRENCH, BRITISH, table=threshold_fleet(10))
    assert odds.outcomes is not None and odds.other_outcomes is not None
    assert odds.outcomes.p("defender_to_trt") == F(35, 108)
    assert odds.other_outcomes.p("defender_to_trt") == F(175, 432)
    flipped = fleet_combat(tables, FRENCH, BRITISH, table=threshold_fleet(10),
                           reading="attacker_only")
    assert flipped.outcomes == odds.other_outcomes
    assert combined_fleet_chance(tables) == F(1, 6)


def test_port_option_and_spanish_modifiers(tables: WfATables) -> None:
    port = fleet_combat(tables, FleetSide(4, spanish_alone=True), FleetSide(4), in_port=True)
    assert dict(port.drm.items()) == {-3: 1} and "15.1" in port.notes[0]
    assert fleet_combat(tables, FleetSide(2, rodney=True), FleetSide(4, spanish_alone=True)
                        ).fixed_modifiers == (("odds_1_2", -1), ("rodney", 1),
                                              ("spanish_defending_alone", -1))


def test_w8_lake_navy_arnold_exchange_interception(tables: WfATables) -> None:
    lake = lake_navy_battle(1, 0)
    assert (lake.british_roll, lake.tie_roll, lake.colonial_roll) == (F(21, 36), F(5, 36),
                                                                     F(10, 36))
    assert lake.british_wins == F(21, 31) and lake.colonial_wins == F(10, 31)
    assert arnold_defects_chance(tables) == F(7, 12)
    assert arnold_still_loyal(tables, 3) == F(5, 12) ** 3
    assert leader_lost_on_exchange(tables) == F(1, 6)
    assert leader_lost_on_exchange(tables, washington=True) == 1
    found = interception()
    assert found.moving_player_decides == F(15, 36) and found.no_result == F(1, 6)


def test_retreat_before_combat_w1_w2_w8(tables: WfATables) -> None:
    assert retreat_before_combat_chance(tables, 3, commands_stack=False) == F(1, 3)  # W-1
    assert retreat_before_combat_chance(tables, None) == F(1, 3)  # W-2
    assert retreat_before_combat_chance(tables, 4, army=True) == F(5, 6)  # W-8
    assert retreat_before_combat_chance(tables, 4) == F(2, 3)
