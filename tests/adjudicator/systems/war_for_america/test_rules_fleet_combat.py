"""Fleet combat (digest §4.7 FLT; WfA 15.0-15.8, 19.31-19.33) judged on typed actions over
the made-up fixture (its fleet strengths and Fleet Combat Table — attacker to the TRT on 5
or less, both on 6-8, defender on 9 or more — are invented; the rulebook prints none)."""

from __future__ import annotations

from adjudicator.findings import Severity
from adjudicator.systems.war_for_america.actions import (
    BRITISH,
    COLONIAL,
    Combat,
    FleetCombat,
    FleetMoved,
)
from adjudicator.systems.war_for_america.procedure import REINFORCEMENT, Pulse, PulseClosed
from adjudicator.systems.war_for_america.rules.fleet_combat import FAMILY, judge
from tests.adjudicator.systems.war_for_america.test_rules_naval import (
    applied,
    computed,
    illegal,
    of_severity,
    world,
)


def test_the_family_declares_the_flt_ids() -> None:
    assert FAMILY.checks == {f"WFA-FLT-0{n}" for n in range(1, 7)}


# --- WFA-FLT-01, -02 (15.0-15.1, 15.4) -----------------------------------------------------


def test_15_0_a_fleet_arriving_on_a_port_with_an_enemy_fleet_must_fight() -> None:
    ctx = world(("fleet:channel_fleet", "space:boston"), ("fleet:destaing", "space:boston"))
    move = FleetMoved(step=3, side=BRITISH, fleet="channel_fleet", origin="new_england_obz",
                      destination="boston", roll=2)
    out = list(judge(move, ctx))
    (odds,) = computed(out, "WFA-FLT-04")
    assert "Option 1" in odds.summary and "defender_in_port -1" in odds.summary
    assert odds.result["in_port_drm"] == -1 and odds.result["at_sea_fixed_drm"] == 0
    assert applied(out, "WFA-FLT-01")


def test_15_4_two_friendly_fleets_show_the_combined_fleet_chance() -> None:
    ctx = world(("fleet:channel_fleet", "space:boston"), ("fleet:rodney", "space:boston"),
                ("fleet:destaing", "space:boston"))
    move = FleetMoved(step=3, side=BRITISH, fleet="rodney", origin="new_england_obz",
                      destination="boston", roll=2)
    out = list(judge(move, ctx))
    (combined,) = computed(out, "WFA-FLT-02")
    assert combined.result == {"added": "1/6"}
    assert of_severity(out, "WFA-FLT-04", Severity.UNCHECKED)


def test_15_0_an_ap_ending_with_enemy_fleets_on_one_port_is_reminded() -> None:
    ctx = world(("fleet:channel_fleet", "space:boston"), ("fleet:destaing", "space:boston"))
    british = Pulse(side=BRITISH, step=1, round=1, number=1)
    out = list(judge(PulseClosed(step=5, pulse=british, ap_markers_logged=False), ctx))
    (found,) = of_severity(out, "WFA-FLT-01", Severity.REMINDER)
    assert found.pieces == ("channel_fleet", "destaing")
    at_sea = world(("fleet:channel_fleet", "zone:new_england_obz"),
                   ("fleet:destaing", "zone:new_england_obz"))
    assert not list(judge(PulseClosed(step=5, pulse=british, ap_markers_logged=False),
                          at_sea))


# --- WFA-FLT-03, -04, -05 (15.5-15.7) ------------------------------------------------------


def test_15_5_the_weather_gauge_odds_and_spain_alone_modify_the_attackers_d12() -> None:
    """5 against 3: odds 1.5:1 (+1), the Spanish fleet defending alone (-1), the British
    won the gauge (+2): D12 7 + 2 = 9, the defender to the TRT two turns later."""
    ctx = world(("fleet:channel_fleet", "zone:caribbean_obz"),
                ("fleet:spanish_fleet", "zone:caribbean_obz"), season="early_summer")
    battle = FleetCombat(step=7, side=BRITISH, place="caribbean_obz",
                         gauge_rolls=((BRITISH, 5), (COLONIAL, 2)), roll=7)
    out = list(judge(battle, ctx))
    (found,) = computed(out, "WFA-FLT-04")
    assert found.result["modified"] == 9 and found.result["result"] == "defender_to_trt"
    assert "1778 Fall" in found.summary
    assert applied(out, "WFA-FLT-03") and applied(out, "WFA-FLT-05")


def test_15_1_in_port_the_attacker_has_minus_one_and_no_weather_gauge() -> None:
    ctx = world(("fleet:channel_fleet", "space:boston"), ("fleet:destaing", "space:boston"))
    battle = FleetCombat(step=7, side=BRITISH, place="boston",
                         gauge_rolls=((BRITISH, 6), (COLONIAL, 1)), roll=7)
    (found,) = computed(judge(battle, ctx), "WFA-FLT-04")
    assert found.result["modified"] == 6 and found.result["result"] == "both_to_trt"
    assert found.inputs["gauge"] == "nobody"


def test_a13_the_defenders_weather_gauge_gives_both_readings() -> None:
    ctx = world(("fleet:channel_fleet", "zone:new_england_obz"),
                ("fleet:destaing", "zone:new_england_obz"))
    battle = FleetCombat(step=7, side=BRITISH, place="new_england_obz",
                         gauge_rolls=((BRITISH, 1), (COLONIAL, 4)), roll=9)
    (found,) = computed(judge(battle, ctx), "WFA-FLT-04")
    assert found.result["modified"] == 7 and found.result["result"] == "both_to_trt"
    assert found.result["other_reading"] == "defender_to_trt"
    assert "ambiguous" in found.summary


def test_15_5_a_battle_at_sea_without_gauge_dice_or_d12_is_flagged() -> None:
    ctx = world(("fleet:channel_fleet", "zone:new_england_obz"),
                ("fleet:destaing", "zone:new_england_obz"))
    out = list(judge(FleetCombat(step=7, side=BRITISH, place="new_england_obz"), ctx))
    assert of_severity(out, "WFA-FLT-03", Severity.REMINDER)
    assert of_severity(out, "WFA-FLT-03", Severity.UNCHECKED)
    assert not computed(out, "WFA-FLT-04")


def test_15_8_a_repaired_fleet_comes_back_through_the_europe_box() -> None:
    ctx = world(("fleet:channel_fleet", "box:europe_box"), year=1779, season="early_spring",
                phase=REINFORCEMENT)
    back = FleetMoved(step=2, side=BRITISH, fleet="channel_fleet", origin="year_1779",
                      destination="europe_box", forced=True)
    out = list(judge(back, ctx))
    assert not illegal(out, "WFA-FLT-05") and applied(out, "WFA-FLT-05")
    assert not of_severity(out, "WFA-FLT-05", Severity.REMINDER)


def test_15_8_a_repaired_fleet_may_not_come_straight_to_a_port_or_early() -> None:
    ctx = world(("fleet:channel_fleet", "space:boston"), year=1778)
    straight = FleetMoved(step=2, side=BRITISH, fleet="channel_fleet", origin="year_1779",
                          destination="boston", forced=True)
    found = illegal(judge(straight, ctx), "WFA-FLT-05")
    assert len(found) == 2
    assert {"Europe Box" in f.message or "before" in f.message for f in found} == {True}
    assert of_severity(judge(straight, ctx), "WFA-FLT-05", Severity.REMINDER)


# --- WFA-FLT-06 (19.31-19.33) --------------------------------------------------------------


def test_19_31_a_caribbean_landing_beside_the_defending_fleet_is_illegal() -> None:
    ctx = world(("fleet:destaing", "space:martinique"), ("sp:british:2", "space:martinique"),
                ("sp:french:2", "space:martinique"))
    attack = Combat(step=8, side=BRITISH, space="martinique", attacker_roll=7,
                    defender_roll=6)
    (found,) = illegal(judge(attack, ctx), "WFA-FLT-06")
    assert "19.31" in found.message and found.pieces == ("destaing",)


def test_19_33_once_the_defending_fleet_has_retreated_the_landing_may_fight() -> None:
    ctx = world(("fleet:channel_fleet", "space:martinique"),
                ("sp:british:2", "space:martinique"), ("sp:french:2", "space:martinique"))
    attack = Combat(step=8, side=BRITISH, space="martinique")
    out = list(judge(attack, ctx))
    assert not illegal(out, "WFA-FLT-06") and applied(out, "WFA-FLT-06")


def test_19_31_is_about_the_caribbean_only() -> None:
    ctx = world(("fleet:destaing", "space:boston"))
    assert not list(judge(Combat(step=8, side=BRITISH, space="boston"), ctx))
