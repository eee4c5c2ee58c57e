"""Fleets and naval movement (digest §4.6 NAV; WfA 14.1-14.6, 14.17-14.28, 19.30) judged on
typed actions over the made-up fixture map, legal and illegal plays from the rulebook."""

from __future__ import annotations

from fractions import Fraction

from adjudicator.findings import Severity
from adjudicator.systems.war_for_america.actions import (
    BRITISH,
    COLONIAL,
    FleetMoved,
    NavalTransport,
)
from adjudicator.systems.war_for_america.procedure import CycleEnded, Pulse, PulseClosed
from adjudicator.systems.war_for_america.rules import fleets
from adjudicator.systems.war_for_america.rules.fleets import FAMILY, arrow_cost, judge
from adjudicator.systems.war_for_america.rules.naval import sea_place
from tests.adjudicator.systems.war_for_america.test_rules_naval import (
    applied,
    computed,
    illegal,
    of_severity,
    world,
)


def sail(fleet: str, origin: str | None, destination: str | None, roll: int | None = 4,
         side: str = BRITISH, step: int = 5) -> FleetMoved:
    return FleetMoved(step=step, side=side, fleet=fleet, origin=origin,
                      destination=destination, roll=roll)


def test_the_family_declares_the_nav_ids_it_judges() -> None:
    assert FAMILY.checks == {f"WFA-NAV-0{n}" for n in (1, 2, 4, 5, 6, 7, 8, 9)}
    assert FleetMoved in FAMILY.actions


# --- WFA-NAV-01 (14.2, 14.5) ----------------------------------------------------------------


def test_14_2_a_fleet_moves_with_its_own_d6_and_rodney_adds_one() -> None:
    ctx = world(("fleet:rodney", "space:halifax"))
    out = list(judge(sail("rodney", "europe_box", "halifax", roll=3), ctx))
    (mp,) = computed(out, "WFA-NAV-01")
    assert mp.result == {"mp": 4} and "Rodney" in mp.summary
    assert applied(out, "WFA-NAV-01") and not illegal(out, "WFA-NAV-01")
    (plain,) = computed(judge(sail("channel_fleet", "europe_box", "halifax", roll=3), ctx),
                        "WFA-NAV-01")
    assert plain.result == {"mp": 3}


def test_14_5_two_fleets_dragged_together_with_one_d6_is_illegal() -> None:
    ctx = world(("fleet:channel_fleet", "space:halifax"), ("fleet:rodney", "space:halifax"))
    first = sail("channel_fleet", "europe_box", "halifax", roll=5)
    second = sail("rodney", "europe_box", "halifax", roll=None)
    ctx.step_actions = (first, second)
    (found,) = illegal(judge(second, ctx), "WFA-NAV-01")
    assert "14.5" in found.message and found.pieces == ("rodney", "channel_fleet")


def test_14_5_two_fleets_each_with_its_own_d6_is_legal() -> None:
    ctx = world(("fleet:channel_fleet", "space:halifax"), ("fleet:rodney", "space:halifax"))
    first = sail("channel_fleet", "europe_box", "halifax", roll=5)
    second = sail("rodney", "europe_box", "halifax", roll=2)
    origin, destination = (sea_place(ctx, "europe_box"),
                           sea_place(ctx, "halifax"))
    out = list(fleets.own_die(second, ctx, origin, destination, (first, second)))
    assert not illegal(out, "WFA-NAV-01") and applied(out, "WFA-NAV-01")


def test_14_2_a_lone_fleet_without_a_d6_is_unchecked_not_illegal() -> None:
    ctx = world(("fleet:channel_fleet", "space:boston"))
    out = list(judge(sail("channel_fleet", "new_england_obz", "boston", roll=None), ctx))
    assert not illegal(out, "WFA-NAV-01")
    assert of_severity(out, "WFA-NAV-01", Severity.UNCHECKED)


def test_moves_to_and_from_the_turn_record_track_are_not_fleet_movement() -> None:
    ctx = world(("fleet:channel_fleet", "track:year_1779"))
    assert list(judge(sail("channel_fleet", "new_england_obz", "year_1779", roll=None),
                      ctx)) == []


# --- WFA-NAV-02 (14.1, 14.6) ----------------------------------------------------------------


def test_14_1_a_fleet_may_sail_to_an_obz_a_port_or_a_caribbean_space() -> None:
    for destination in ("new_england_obz", "boston", "halifax", "martinique",
                        "trade_wind_arrow", "europe_box"):
        ctx = world(("fleet:channel_fleet", f"space:{destination}"))
        out = list(judge(sail("channel_fleet", "europe_box", destination), ctx))
        assert not illegal(out, "WFA-NAV-02"), destination
        assert applied(out, "WFA-NAV-02"), destination


def test_14_1_a_fleet_may_not_sail_to_an_inland_space() -> None:
    ctx = world(("fleet:channel_fleet", "space:albany"))
    out = list(judge(sail("channel_fleet", "new_york_city", "albany"), ctx))
    (found,) = illegal(out, "WFA-NAV-02")
    assert "Albany" in found.message and "14.1" in found.message


def test_14_1_a_lake_space_is_no_place_for_a_fleet() -> None:
    ctx = world(("fleet:channel_fleet", "space:st_jean"))
    assert illegal(judge(sail("channel_fleet", "quebec", "st_jean"), ctx), "WFA-NAV-02")


def test_14_1_an_unknown_place_is_unchecked() -> None:
    ctx = world()
    out = list(judge(sail("channel_fleet", "europe_box", "atlantis"), ctx))
    assert of_severity(out, "WFA-NAV-02", Severity.UNCHECKED)
    assert not illegal(out, "WFA-NAV-02")


# --- WFA-NAV-04 (14.20-14.21) ---------------------------------------------------------------


def test_14_20_caribbean_arrows_cost_one_a_circle_with_two_against() -> None:
    ctx = world()
    # Fixture: Windward Isles -> Trade Wind Arrow (2 circles) -> Fixture Isle (2 circles),
    # arrows pointing that way; the island chain has no circles (14.21).
    assert arrow_cost(ctx, "windward_isles", "fixture_isle") == 4
    # Back against both arrows costs 8; round the loop with the arrows costs 2.
    assert arrow_cost(ctx, "fixture_isle", "windward_isles") == 2
    assert arrow_cost(ctx, "st_eustasius", "martinique") == 0


def test_14_20_a_caribbean_move_within_the_mp_is_shown_and_legal() -> None:
    ctx = world(("fleet:destaing", "space:fixture_isle"))
    out = list(judge(sail("destaing", "windward_isles", "fixture_isle", roll=4,
                          side=COLONIAL), ctx))
    (cost,) = computed(out, "WFA-NAV-04")
    assert cost.result == {"cost": 4}
    assert applied(out, "WFA-NAV-04")


def test_14_20_a_caribbean_move_beyond_the_mp_is_unchecked_for_the_obz_way() -> None:
    ctx = world(("fleet:destaing", "space:fixture_isle"))
    out = list(judge(sail("destaing", "windward_isles", "fixture_isle", roll=3,
                          side=COLONIAL), ctx))
    assert of_severity(out, "WFA-NAV-04", Severity.UNCHECKED)
    assert not illegal(out, "WFA-NAV-04")


# --- WFA-NAV-06 (14.19) ---------------------------------------------------------------------


def test_14_19_no_naval_movement_to_quebec_in_winter() -> None:
    ctx = world(("fleet:channel_fleet", "space:quebec"), season="winter")
    (found,) = illegal(judge(sail("channel_fleet", "st_lawrence_obz", "quebec"), ctx),
                       "WFA-NAV-06")
    assert "Winter" in found.message
    transport = NavalTransport(step=6, side=BRITISH, origin="halifax", destination="quebec",
                               units=("sp:british:2",), sp=2, roll=4)
    assert illegal(judge(transport, ctx), "WFA-NAV-06")


def test_14_19_fleets_may_leave_quebec_in_winter_and_reach_it_otherwise() -> None:
    winter = world(("fleet:channel_fleet", "zone:st_lawrence_obz"), season="winter")
    assert not illegal(judge(sail("channel_fleet", "quebec", "st_lawrence_obz"), winter),
                       "WFA-NAV-06")
    summer = world(("fleet:channel_fleet", "space:quebec"), season="early_summer")
    out = list(judge(sail("channel_fleet", "st_lawrence_obz", "quebec"), summer))
    assert not illegal(out, "WFA-NAV-06") and applied(out, "WFA-NAV-06")


def test_14_19_an_unknown_season_is_unchecked() -> None:
    ctx = world(("fleet:channel_fleet", "space:quebec"), season=None)
    out = list(judge(sail("channel_fleet", "st_lawrence_obz", "quebec"), ctx))
    assert of_severity(out, "WFA-NAV-06", Severity.UNCHECKED)


# --- WFA-NAV-05 (14.17-14.18, 18.1, digest A-6) --------------------------------------------


def test_14_17_fleets_not_at_a_major_naval_base_are_reminded_as_winter_ends() -> None:
    ctx = world(("fleet:channel_fleet", "space:new_york_city"),
                ("fleet:rodney", "space:halifax"), ("fleet:destaing", "box:europe_box"),
                ("sp:british:2", "space:halifax"), season="winter")
    out = list(judge(CycleEnded(step=9, reason="its 2 Action Rounds", rounds=2), ctx))
    (found,) = of_severity(out, "WFA-NAV-05", Severity.REMINDER)
    assert found.pieces == ("channel_fleet",) and "Europe Box" in found.message
    assert applied(out, "WFA-NAV-05")


def test_14_17_a_base_held_by_the_enemy_alone_is_not_controlled() -> None:
    ctx = world(("fleet:destaing", "space:halifax"), ("sp:british:3", "space:halifax"),
                season="winter")
    out = list(judge(CycleEnded(step=9, reason="done", rounds=2), ctx))
    (found,) = of_severity(out, "WFA-NAV-05", Severity.REMINDER)
    assert "British" in found.message


def test_a6_the_first_winter_ap_deadline_is_warned_as_ambiguous() -> None:
    ctx = world(("fleet:channel_fleet", "zone:new_england_obz"), season="winter")
    pulse = Pulse(side=BRITISH, step=1, round=1, number=1)
    out = list(judge(PulseClosed(step=4, pulse=pulse, ap_markers_logged=False), ctx))
    (found,) = of_severity(out, "WFA-NAV-05", Severity.REMINDER)
    assert "ambiguous" in found.message and "18.1" in found.message
    other = Pulse(side=COLONIAL, step=1, round=1, number=2)
    assert not list(judge(PulseClosed(step=4, pulse=other, ap_markers_logged=False), ctx))


def test_no_winter_reminder_outside_winter() -> None:
    ctx = world(("fleet:channel_fleet", "space:new_york_city"), season="fall")
    assert not list(judge(CycleEnded(step=9, reason="done", rounds=4), ctx))


# --- WFA-NAV-07 (14.22, 19.30) --------------------------------------------------------------


def test_14_22_fleets_left_in_the_caribbean_in_late_summer_are_reminded() -> None:
    ctx = world(("fleet:destaing", "space:martinique"),
                ("fleet:channel_fleet", "space:boston"), season="late_summer")
    out = list(judge(CycleEnded(step=9, reason="done", rounds=4), ctx))
    (found,) = of_severity(out, "WFA-NAV-07", Severity.REMINDER)
    assert found.pieces == ("destaing",) and "14.22" in found.message


def test_19_30_sailing_into_the_caribbean_in_late_summer_is_reminded() -> None:
    ctx = world(("fleet:destaing", "zone:caribbean_obz"), season="late_summer",
                pulse=COLONIAL)
    out = list(judge(sail("destaing", "europe_box", "caribbean_obz", side=COLONIAL), ctx))
    assert of_severity(out, "WFA-NAV-07", Severity.REMINDER)
    fall = world(("fleet:destaing", "zone:caribbean_obz"), season="fall", pulse=COLONIAL)
    assert not of_severity(judge(sail("destaing", "europe_box", "caribbean_obz",
                                      side=COLONIAL), fall), "WFA-NAV-07", Severity.REMINDER)


# --- WFA-NAV-08, -09 (14.23, 14.25-14.27) --------------------------------------------------


def test_14_23_ending_in_an_obz_with_an_enemy_fleet_shows_the_interception_odds() -> None:
    ctx = world(("fleet:destaing", "zone:middle_states_obz"),
                ("fleet:channel_fleet", "zone:middle_states_obz"))
    out = list(judge(sail("channel_fleet", "new_york_city", "middle_states_obz"), ctx))
    (odds,) = computed(out, "WFA-NAV-08")
    assert odds.result["no_result"] == str(Fraction(1, 6))
    assert odds.result["mover_decides"] == str(Fraction(5, 12))
    alone = world(("fleet:channel_fleet", "zone:middle_states_obz"))
    assert not computed(judge(sail("channel_fleet", "new_york_city", "middle_states_obz"),
                              alone), "WFA-NAV-08")


def test_14_27_a_fleet_leaving_a_blockaded_port_may_have_to_fight() -> None:
    ctx = world(("fleet:channel_fleet", "zone:tidewater_obz"),
                ("fleet:destaing", "zone:tidewater_obz"))
    out = list(judge(sail("channel_fleet", "norfolk", "tidewater_obz"), ctx))
    (found,) = computed(out, "WFA-NAV-09")
    assert "14.27" in found.summary
    free = world(("fleet:channel_fleet", "zone:tidewater_obz"))
    out = list(judge(sail("channel_fleet", "norfolk", "tidewater_obz"), free))
    assert not computed(out, "WFA-NAV-09") and applied(out, "WFA-NAV-09")
