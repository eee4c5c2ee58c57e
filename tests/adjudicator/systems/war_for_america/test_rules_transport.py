"""Naval transport and reinforcements (digest §4.8 TRN; WfA 8.3-8.11, 14.7-14.16, 14.22,
6.7, 3.1) judged on typed actions over the made-up fixture map and charts (its transport
capacities after 1776 are invented; 1776 = 10 is the rulebook's, WfA 14.10)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from adjudicator.findings import Severity
from adjudicator.systems.war_for_america.actions import (
    BRITISH,
    COLONIAL,
    Activation,
    ForceActivated,
    ForceMoved,
    LeaderPlaced,
    NavalTransport,
    RaiseKind,
    TransportTrackMoved,
    UnitsRaised,
)
from adjudicator.systems.war_for_america.procedure import REINFORCEMENT
from adjudicator.systems.war_for_america.rules.fleets import judge as fleets_judge
from adjudicator.systems.war_for_america.rules.transport import (
    FAMILY,
    judge,
    naval_transport_cards,
    unit_nations,
)
from tests.adjudicator.systems.war_for_america.test_rules_naval import (
    applied,
    computed,
    illegal,
    of_severity,
    world,
)


def by_sea(origin: str | None, destination: str | None, *units: str, roll: int | None = 4,
           side: str = BRITISH, reinforcement: bool = False, sp: int | None = 2,
           step: int = 5) -> NavalTransport:
    return NavalTransport(step=step, side=side, origin=origin, destination=destination,
                          units=units or ("sp:british:2",), sp=sp, roll=roll,
                          reinforcement=reinforcement)


def test_the_family_declares_the_trn_ids_and_leaves_the_interception_bump() -> None:
    assert "WFA-TRN-08" not in FAMILY.checks
    assert len(FAMILY.checks) == 11
    assert unit_nations(("sp:french:3", "sp:british", "leader:grant")) == {"french",
                                                                           "british"}


# --- WFA-TRN-01, -02 (14.7, 14.8, 14.14) ---------------------------------------------------


def test_14_7_british_units_sail_from_a_coastal_space() -> None:
    ctx = world(("sp:british:2", "zone:new_england_obz"), year=1776)
    out = list(judge(by_sea("boston", "new_england_obz"), ctx))
    assert not illegal(out, "WFA-TRN-01") and applied(out, "WFA-TRN-01")


def test_14_14_british_units_may_not_sail_from_an_inland_space() -> None:
    ctx = world(("sp:british:2", "zone:middle_states_obz"), year=1776)
    (found,) = illegal(judge(by_sea("albany", "middle_states_obz"), ctx), "WFA-TRN-01")
    assert "inland" in found.message


def test_14_8_embarking_costs_one_mp_and_a_roll_of_one_only_embarks() -> None:
    ctx = world(("sp:british:2", "zone:new_england_obz"), year=1776)
    out = list(judge(by_sea("boston", "new_england_obz", roll=4), ctx))
    (mp,) = computed(out, "WFA-TRN-02")
    assert mp.result == {"mp": 3}
    (found,) = illegal(judge(by_sea("boston", "new_england_obz", roll=1), ctx),
                       "WFA-TRN-02")
    assert "Embarked marker" in found.message


def test_14_8_an_embarked_marker_means_the_embarking_mp_is_paid() -> None:
    ctx = world(("sp:british:2", "space:boston"), ("marker:embarked", "space:boston"),
                year=1776)
    out = list(judge(by_sea("boston", "new_england_obz", roll=1), ctx))
    assert not illegal(out, "WFA-TRN-02")
    (mp,) = computed(out, "WFA-TRN-02")
    assert mp.result == {"mp": 1}


# --- WFA-TRN-03 (14.10, digest X-3) --------------------------------------------------------


def test_x3_ten_sp_may_sail_in_1776() -> None:
    """8 SP carried so far and 2 more: 10, the 1776 capacity."""
    ctx = world(("transport", "track:transport_8"), year=1776)
    out = list(judge(by_sea("boston", "new_england_obz", sp=2), ctx))
    assert not illegal(out, "WFA-TRN-03") and applied(out, "WFA-TRN-03")


def test_x3_the_eleventh_sp_in_1776_is_illegal() -> None:
    ctx = world(("transport", "track:transport_11"), year=1776)
    (found,) = illegal(judge(by_sea("boston", "new_england_obz", sp=1), ctx), "WFA-TRN-03")
    assert "11" in found.message and "10" in found.message


def test_14_10_reinforcements_do_not_count_against_the_cap() -> None:
    ctx = world(("transport", "track:transport_11"), ("sp:british:2", "space:boston"),
                year=1776)
    out = list(judge(by_sea("europe_box", "boston", reinforcement=True), ctx))
    assert not illegal(out, "WFA-TRN-03")


def test_14_10_a_move_the_track_may_not_count_yet_is_unchecked() -> None:
    ctx = world(("transport", "track:transport_9"), year=1776)
    out = list(judge(by_sea("boston", "new_england_obz", sp=2), ctx))
    assert of_severity(out, "WFA-TRN-03", Severity.UNCHECKED)
    assert not illegal(out, "WFA-TRN-03")


def test_14_10_the_marker_moved_past_the_cap_is_illegal_at_its_move() -> None:
    """14.10: the chart "indicates the maximum number of SP allowed for movement for the
    entire year", and the Transport Track keeps count: moving the marker to 11 in 1776
    (cap 10) is illegal at that step; to 10, or down (a new year's reset), is not."""
    ctx = world(year=1776)
    (found,) = illegal(judge(TransportTrackMoved(step=7, side=BRITISH, before=8, after=11),
                             ctx), "WFA-TRN-03")
    assert found.step == 7 and found.observed == "11 SP"
    legal = list(judge(TransportTrackMoved(step=7, side=BRITISH, before=7, after=10), ctx))
    assert not illegal(legal, "WFA-TRN-03") and applied(legal, "WFA-TRN-03")
    assert not illegal(judge(TransportTrackMoved(step=7, side=BRITISH, before=12, after=0),
                             world(year=1777)), "WFA-TRN-03")


def test_14_10_units_counted_by_the_marker_first_are_not_judged_twice() -> None:
    """The marker moved past the cap in this AP before the units sailed: one finding, the
    marker's."""
    ctx = world(("transport", "track:transport_11"), year=1776)
    assert ctx.pulse is not None
    ctx.placement = replace(ctx.placement, pulse=replace(ctx.pulse, transport_marker=True))
    assert not illegal(judge(by_sea("boston", "new_england_obz", sp=1), ctx), "WFA-TRN-03")


def test_14_10_no_track_marker_is_unchecked() -> None:
    out = list(judge(by_sea("boston", "new_england_obz"), world(year=1776)))
    assert of_severity(out, "WFA-TRN-03", Severity.UNCHECKED)


# --- WFA-TRN-04 (14.11, 14.26, 8.9) --------------------------------------------------------


def test_14_11_no_transport_to_an_obz_with_an_enemy_fleet() -> None:
    """The fleet in the New England OBZ also blockades Boston, whence they sail (14.26)."""
    ctx = world(("fleet:destaing", "zone:new_england_obz"), year=1776)
    found = illegal(judge(by_sea("boston", "new_england_obz"), ctx), "WFA-TRN-04")
    assert sorted(f.message.rsplit("(WfA ", 1)[1] for f in found) == ["14.11)", "14.26)"]


def test_14_11_a_caribbean_landing_with_its_own_fleet_beside_the_enemys_is_19_31s() -> None:
    """19.31: fleets carrying land units who meet an enemy fleet on the space fight it
    first: the landing with Rodney's fleet is no TRN-04 breach (FLT-06 judges the order);
    without a friendly fleet there, 14.11 forbids it."""
    with_fleet = world(("fleet:destaing", "space:martinique"), ("fleet:rodney",
                       "space:martinique"), ("sp:british:2", "space:martinique"), year=1778)
    out = list(judge(by_sea("st_lucia", "martinique"), with_fleet))
    assert not illegal(out, "WFA-TRN-04")
    alone = world(("fleet:destaing", "space:martinique"), ("sp:british:2",
                  "space:martinique"), year=1778)
    assert illegal(judge(by_sea("st_lucia", "martinique"), alone), "WFA-TRN-04")


def test_x4_14_26_no_transport_from_a_blockaded_port() -> None:
    ctx = world(("fleet:destaing", "zone:tidewater_obz"), year=1776)
    found = illegal(judge(by_sea("norfolk", "deep_south_obz"), ctx), "WFA-TRN-04")
    assert found and "14.26" in found[0].message


def test_8_9_no_reinforcements_land_at_a_blockaded_port() -> None:
    ctx = world(("fleet:destaing", "zone:middle_states_obz"),
                ("sp:british:2", "space:new_york_city"), year=1776)
    found = illegal(judge(by_sea("europe_box", "new_york_city", reinforcement=True), ctx),
                    "WFA-TRN-04")
    assert found and "8.9" in found[0].message


def test_14_26_an_unblockaded_voyage_is_legal() -> None:
    ctx = world(("fleet:destaing", "zone:tidewater_obz"), year=1776)
    out = list(judge(by_sea("boston", "new_england_obz"), ctx))
    assert not illegal(out, "WFA-TRN-04") and applied(out, "WFA-TRN-04")


# --- WFA-TRN-05, -06 (14.7, 8.5-8.8, 8.10) -------------------------------------------------


def test_8_6_reinforcements_land_at_a_friendly_coastal_space() -> None:
    ctx = world(("sp:british:2", "space:boston"), year=1776, phase=REINFORCEMENT)
    out = list(judge(by_sea("europe_box", "boston", roll=3, reinforcement=True), ctx))
    assert not illegal(out, "WFA-TRN-05") and applied(out, "WFA-TRN-05")
    (mp,) = computed(out, "WFA-TRN-06")
    assert mp.result == {"mp_left": 2, "land_mp": 1}


def test_14_7_no_amphibious_attack_from_the_europe_box() -> None:
    ctx = world(("sp:british:2", "space:newport"), ("sp:militia:2", "space:newport"),
                year=1776)
    (found,) = illegal(judge(by_sea("europe_box", "newport", reinforcement=True), ctx),
                       "WFA-TRN-05")
    assert "amphibious" in found.message


def test_8_5_reinforcements_may_stay_at_sea() -> None:
    ctx = world(("sp:british:2", "zone:new_england_obz"), year=1776)
    out = list(judge(by_sea("europe_box", "new_england_obz", reinforcement=True), ctx))
    assert not illegal(out, "WFA-TRN-05")


def test_8_8_a_landing_off_the_ocean_transit_lines_is_unchecked() -> None:
    ctx = world(("sp:british:2", "space:newport"), year=1776)
    out = list(judge(by_sea("europe_box", "newport", reinforcement=True), ctx))
    assert of_severity(out, "WFA-TRN-06", Severity.UNCHECKED)


# --- WFA-TRN-07 (8.11, 6.7, 14.19) ---------------------------------------------------------


def test_8_11_reinforcements_may_land_at_quebec_except_in_winter() -> None:
    summer = world(("sp:british:2", "space:quebec"), ("sp:continental:3", "space:quebec"),
                   year=1777, season="early_summer")
    assert not illegal(judge(by_sea("europe_box", "quebec", reinforcement=True), summer),
                       "WFA-TRN-07")
    winter = world(("sp:british:2", "space:quebec"), year=1777, season="winter")
    (found,) = illegal(judge(by_sea("europe_box", "quebec", reinforcement=True), winter),
                       "WFA-TRN-07")
    assert "8.11" in found.message


def test_6_7_in_1775_reinforcements_land_at_halifax_once_boston_is_lost() -> None:
    lost = world(("sp:continental:3", "space:boston"), ("sp:british:2", "space:new_york_city"),
                 year=1775, season="early_spring")
    (found,) = illegal(judge(by_sea("europe_box", "new_york_city", reinforcement=True), lost),
                       "WFA-TRN-07")
    assert "Halifax" in found.message
    out = list(judge(by_sea("europe_box", "halifax", reinforcement=True), lost))
    assert not illegal(out, "WFA-TRN-07") and applied(out, "WFA-TRN-07")
    held = world(("sp:british:5", "space:boston"), year=1775, season="early_spring")
    assert not illegal(judge(by_sea("europe_box", "new_york_city", reinforcement=True), held),
                       "WFA-TRN-07")


# --- WFA-TRN-09, -10 (14.13, 19.30, 14.16) -------------------------------------------------


def test_14_13_french_land_units_sail_only_with_a_french_fleet() -> None:
    carried = world(("fleet:destaing", "zone:caribbean_obz"),
                    ("sp:french:2", "zone:caribbean_obz"), pulse=COLONIAL)
    move = by_sea("martinique", "caribbean_obz", "sp:french:2", side=COLONIAL)
    out = list(judge(move, carried))
    assert not illegal(out, "WFA-TRN-09") and applied(out, "WFA-TRN-09")
    alone = world(("sp:french:2", "zone:caribbean_obz"), pulse=COLONIAL)
    (found,) = illegal(judge(move, alone), "WFA-TRN-09")
    assert "French fleet" in found.message


def test_19_30_spanish_units_need_a_spanish_fleet_not_a_french_one() -> None:
    ctx = world(("fleet:destaing", "space:fixture_isle"), ("sp:spanish:2",
                                                          "space:fixture_isle"),
                pulse=COLONIAL)
    move = by_sea("fixture_main", "fixture_isle", "sp:spanish:2", side=COLONIAL)
    assert illegal(judge(move, ctx), "WFA-TRN-09")


def test_14_16_colonial_units_sail_only_with_the_naval_transport_card() -> None:
    cards = naval_transport_cards(world())
    assert cards == {"naval_transport"}
    move = by_sea("boston", "new_england_obz", "sp:continental:2", side=COLONIAL)
    played = world(("sp:continental:2", "zone:new_england_obz"), pulse=COLONIAL,
                   cards=((COLONIAL, "naval_transport"),))
    out = list(judge(move, played))
    assert not illegal(out, "WFA-TRN-10") and applied(out, "WFA-TRN-10")
    unplayed = world(("sp:continental:2", "zone:new_england_obz"), pulse=COLONIAL)
    (found,) = illegal(judge(move, unplayed), "WFA-TRN-10")
    assert "Naval Transport" in found.message


def test_14_16_with_no_known_pulse_the_card_is_unchecked() -> None:
    ctx = world(("sp:continental:2", "zone:new_england_obz"), phase=None, pulse=None)
    move = by_sea("boston", "new_england_obz", "sp:continental:2", side=COLONIAL)
    out = list(judge(move, ctx))
    assert of_severity(out, "WFA-TRN-10", Severity.UNCHECKED)
    assert not illegal(out, "WFA-TRN-10")


# --- WFA-TRN-11 (14.22, 3.1, digest A-7) ---------------------------------------------------


def test_14_22_no_attack_by_naval_transport_in_the_caribbean_in_late_summer() -> None:
    ctx = world(("sp:british:2", "space:martinique"), ("sp:french:2", "space:martinique"),
                ("fleet:rodney", "space:martinique"), season="late_summer")
    (found,) = illegal(judge(by_sea("st_lucia", "martinique"), ctx), "WFA-TRN-11")
    assert "Late Summer" in found.message


def test_14_22_an_attack_by_sea_on_the_mainland_in_late_summer_is_unchecked() -> None:
    # 14.22 stands under 'Late Summer Turns in the Caribbean'; 3.1 names no place.
    ctx = world(("sp:british:2", "space:charleston"), ("sp:militia:2", "space:charleston"),
                season="late_summer")
    out = list(judge(by_sea("savannah", "charleston"), ctx))
    assert not illegal(out, "WFA-TRN-11")
    (found,) = of_severity(out, "WFA-TRN-11", Severity.UNCHECKED)
    assert "Caribbean" in found.message and "3.1" in found.message


def test_a7_other_late_summer_transport_is_unchecked_naming_both_readings() -> None:
    ctx = world(("sp:british:2", "space:charleston"), season="late_summer")
    out = list(judge(by_sea("savannah", "charleston"), ctx))
    assert not illegal(out, "WFA-TRN-11")
    (found,) = of_severity(out, "WFA-TRN-11", Severity.UNCHECKED)
    assert "ambiguous" in found.message and "3.1" in found.message


@pytest.mark.parametrize("season", ["early_summer", "fall"])
def test_14_22_an_attack_by_sea_outside_late_summer_is_not_this_rule(season: str) -> None:
    ctx = world(("sp:british:2", "space:charleston"), ("sp:militia:2", "space:charleston"),
                season=season)
    out = list(judge(by_sea("savannah", "charleston"), ctx))
    assert not illegal(out, "WFA-TRN-11") and applied(out, "WFA-TRN-11")


# --- WFA-TRN-12 (8.3) ----------------------------------------------------------------------


def test_8_3_colonial_reinforcements_on_a_british_held_space_go_to_the_pool() -> None:
    ctx = world(("sp:british:3", "space:newport"), ("sp:french:2", "space:newport"),
                phase=REINFORCEMENT, pulse=None)
    arrival = UnitsRaised(step=2, side=COLONIAL, kind=RaiseKind.REINFORCEMENT,
                          place="newport", units=("sp:french",), sp=2)
    (found,) = illegal(judge(arrival, ctx), "WFA-TRN-12")
    assert "Leader Pool" in found.message
    leader = LeaderPlaced(step=3, side=COLONIAL, leader="lee", space="newport",
                          origin="europe_box")
    assert illegal(judge(leader, ctx), "WFA-TRN-12")


def test_8_3_a_free_reinforcement_space_is_legal() -> None:
    ctx = world(("sp:french:2", "space:newport"), phase=REINFORCEMENT, pulse=None)
    arrival = UnitsRaised(step=2, side=COLONIAL, kind=RaiseKind.REINFORCEMENT,
                          place="newport", units=("sp:french",), sp=2)
    out = list(judge(arrival, ctx))
    assert not illegal(out, "WFA-TRN-12") and applied(out, "WFA-TRN-12")
    levy = UnitsRaised(step=2, side=COLONIAL, kind=RaiseKind.CONTINENTAL_LEVY,
                       place="newport", units=("sp:continental",), sp=2)
    assert not list(judge(levy, world(("sp:british:3", "space:newport"))))


# --- a land force's leg to or from a sea area is naval transport ---------------------------


def test_14_7_a_force_dragged_onto_an_obz_is_judged_as_naval_transport() -> None:
    ctx = world(("sp:british:2", "zone:middle_states_obz"), year=1776)
    leg = ForceMoved(step=4, side=BRITISH, origin="albany", destination="middle_states_obz",
                     units=("sp:british:2",), sp=2)
    assert illegal(judge(leg, ctx), "WFA-TRN-01")
    on_land = ForceMoved(step=4, side=BRITISH, origin="albany", destination="saratoga",
                         units=("sp:british:2",), sp=2)
    assert list(judge(on_land, ctx)) == []


def test_14_8_the_activation_d6_of_the_same_step_is_the_voyages() -> None:
    ctx = world(("sp:british:2", "zone:new_england_obz"), year=1776)
    activated = ForceActivated(step=4, side=BRITISH, kind=Activation.MOVE, space="boston",
                               units=("sp:british:2",), sp=2, rolls=(1,))
    leg = ForceMoved(step=4, side=BRITISH, origin="boston", destination="new_england_obz",
                     units=("sp:british:2",), sp=2)
    ctx.step_actions = (activated, leg)
    (found,) = illegal(judge(leg, ctx), "WFA-TRN-02")
    assert "Embarked" in found.message


def test_14_19_land_units_by_sea_to_quebec_in_winter_are_illegal() -> None:
    ctx = world(("sp:british:2", "space:quebec"), season="winter")
    leg = ForceMoved(step=4, side=BRITISH, origin="st_lawrence_obz", destination="quebec",
                     units=("sp:british:2",), sp=2)
    assert illegal(fleets_judge(leg, ctx), "WFA-NAV-06")
