"""Movement paths (digest MOV-03, MOV-04, MOV-05, MOV-15; W-3 path check, X-12) on the
fixture map (made-up TEC costs: clear 1, rough 2, wilderness 3)."""

from __future__ import annotations

from adjudicator.findings import Severity
from adjudicator.systems.war_for_america.actions import (
    BRITISH,
    COLONIAL,
    Activation,
    ForceActivated,
    ForceMoved,
)
from adjudicator.systems.war_for_america.data import bundled_data
from adjudicator.systems.war_for_america.procedure import Pulse
from adjudicator.systems.war_for_america.rules.context import CardIndex
from adjudicator.systems.war_for_america.rules.movement import colonial_by_sea, judge, least_cost
from adjudicator.systems.war_for_america.state import WfAState
from tests.adjudicator.systems.war_for_america.test_rules_forces import (
    applied,
    computed,
    context,
    found,
    on,
    pulse_of,
)


def _move(origin: str, destination: str, units: tuple[str, ...] = ("sp:british:3",),
          side: str = BRITISH, water: bool = False) -> ForceMoved:
    sp = sum(int(u.rsplit(":", 1)[1]) for u in units if u.startswith("sp:"))
    return ForceMoved(step=5, side=side, origin=origin, destination=destination, units=units,
                      sp=sp, water=water)


def test_12_0_costs_are_the_tec_costs_of_the_lines() -> None:
    ctx = context()
    assert least_cost(ctx, "albany", "new_york_city") == 3     # rough 2 + clear 1
    assert least_cost(ctx, "albany", "boston") == 3            # wilderness


def test_12_0_a_route_within_the_most_mp_is_legal() -> None:
    pulse = pulse_of(BRITISH, origin="albany", at="highlands", moved=("sp:british:3",))
    out = list(judge(_move("highlands", "new_york_city"), context(pulse=pulse)))
    assert not found(out, "WFA-MOV-03") and applied(out, "WFA-MOV-03")


def test_12_0_a_route_beyond_the_most_mp_is_illegal() -> None:
    # Saratoga → Albany → Highlands → New York City → Sandy Hook → Philadelphia:
    # 1 + 2 + 1 + 1 + 2 = 7 MP, more than the 4 a force with SP can have; no water MP, for
    # Saratoga and Philadelphia are on no one continuous water connection (WfA 12.1).
    pulse = pulse_of(BRITISH, origin="saratoga", at="sandy_hook", moved=("sp:british:3",))
    (finding,) = found(judge(_move("sandy_hook", "philadelphia"), context(pulse=pulse)),
                       "WFA-MOV-03")
    assert finding.observed == "7 MP" and finding.expected == "at most 4 MP"


def test_12_0_one_step_is_always_allowed() -> None:
    # Albany–Onondaga Village is wilderness (3 MP): a force may always move one space.
    out = list(judge(_move("albany", "onondaga_village"), context()))
    assert not found(out, "WFA-MOV-03") and applied(out, "WFA-MOV-03")


def test_12_1_a_leader_who_may_have_set_out_alone_has_up_to_8_mp() -> None:
    pulse = pulse_of(BRITISH, origin="saratoga", at="sandy_hook", moved=("leader:grant",))
    out = list(judge(_move("sandy_hook", "philadelphia", ("leader:grant",)),
                     context(pulse=pulse)))
    assert not found(out, "WFA-MOV-03")


def test_18_1_winter_in_the_north_is_exactly_2_mp() -> None:
    pulse = pulse_of(BRITISH, origin="albany", at="highlands", moved=("sp:british:3",))
    (finding,) = found(judge(_move("highlands", "new_york_city"),
                             context(pulse=pulse, winter=True)), "WFA-MOV-05")
    assert finding.observed == "3 MP" and finding.expected == "at most 2 MP"


def test_18_1_extended_march_lifts_the_winter_limit() -> None:
    pulse = pulse_of(BRITISH, origin="albany", at="highlands", moved=("sp:british:3",),
                     cards=((BRITISH, "extended_march"),))
    ctx = context(pulse=pulse, winter=True,
                  cards=CardIndex(names={"extended_march": "Extended March"}))
    assert not found(judge(_move("highlands", "new_york_city"), ctx), "WFA-MOV-05")


def test_x_12_winter_in_the_south_moves_normally() -> None:
    pulse = pulse_of(BRITISH, origin="wilmington_de", at="baltimore", moved=("sp:british:3",))
    out = list(judge(_move("baltimore", "alexandria"), context(pulse=pulse, winter=True)))
    assert not found(out, "WFA-MOV-05") and not found(out, "WFA-MOV-03")


def test_14_7_a_coastal_to_coastal_jump_may_be_naval_transport() -> None:
    out = list(judge(_move("boston", "charleston"), context()))
    assert not found(out, "WFA-MOV-03")
    assert found(out, "WFA-MOV-03", Severity.UNCHECKED)


def test_an_incomplete_map_is_unchecked() -> None:
    ctx = context(data=bundled_data())
    assert found(judge(_move("boston", "newport"), ctx), "WFA-MOV-03", Severity.UNCHECKED)


def test_12_1_the_water_bonus_is_computed_and_not_in_winter() -> None:
    summer = computed(judge(_move("albany", "highlands", water=True), context()),
                      "WFA-MOV-04")
    assert summer[0].result == {"bonus_mp": 1}
    winter = computed(judge(_move("albany", "highlands", water=True), context(winter=True)),
                      "WFA-MOV-04")
    assert winter[0].result == {"bonus_mp": 0}


def test_19_5_no_moving_past_an_enemy_lake_navy() -> None:
    state = WfAState()
    on(state, "valcour", "lake_navy:colonial")
    pulse = pulse_of(BRITISH, origin="st_jean", at="valcour", moved=("sp:british:3",))
    (finding,) = found(judge(_move("valcour", "ticonderoga"), context(state, pulse=pulse)),
                       "WFA-MOV-15")
    assert finding.spaces == ("valcour", "ticonderoga")
    own = WfAState()
    on(own, "valcour", "lake_navy:british")
    assert not found(judge(_move("valcour", "ticonderoga"), context(own, pulse=pulse)),
                     "WFA-MOV-15")


def test_19_5_a_force_may_leave_the_space_it_started_in() -> None:
    state = WfAState()
    on(state, "valcour", "lake_navy:british")
    pulse = pulse_of(COLONIAL, origin="valcour", at="valcour", moved=())
    out = list(judge(_move("valcour", "ticonderoga", ("sp:continental:2",), COLONIAL),
                     context(state, pulse=pulse)))
    assert not found(out, "WFA-MOV-15")


def test_9_9_another_card_in_the_ap_leaves_the_mp_unjudged() -> None:
    pulse = pulse_of(BRITISH, origin="saratoga", at="sandy_hook", moved=("sp:british:3",),
                     cards=((BRITISH, "fixture_card_21"),))
    out = list(judge(_move("sandy_hook", "philadelphia"), context(pulse=pulse)))
    assert not found(out, "WFA-MOV-03")
    assert found(out, "WFA-MOV-03", Severity.UNCHECKED)


def test_6_4_the_mp_rolled_in_the_same_step_are_used() -> None:
    # Albany → Saratoga (clear 1) → Ticonderoga (rough 2) = 3 MP, dragged in one step.
    def legs(roll: int) -> list[ForceMoved | ForceActivated]:
        return [ForceActivated(step=5, side=BRITISH, kind=Activation.MOVE, space="albany",
                               units=("sp:british:3",), sp=3, rolls=(roll,)),
                _move("albany", "saratoga"), _move("saratoga", "ticonderoga")]

    pulse = pulse_of(BRITISH, origin="albany", at="saratoga", moved=("sp:british:3",))
    low = legs(3)   # D6 - 2 = 1 MP, none more: the route is on no water connection (12.1)
    (finding,) = found(judge(low[2], context(pulse=pulse, step_actions=tuple(low))),
                       "WFA-MOV-03")
    assert finding.expected == "at most 1 MP" and "gave it 1 MP" in finding.message
    high = legs(6)  # 4 MP
    assert not found(judge(high[2], context(pulse=pulse, step_actions=tuple(high))),
                     "WFA-MOV-03")


def test_6_4_the_mp_rolled_at_the_aps_activation_bind_later_steps_legs() -> None:
    """The force dragged one space per log step spends one allowance: the MP its
    activation rolled earlier in the AP (`Pulse.activation`), not the most the dice give."""
    def pulse(roll: int) -> Pulse:
        activation = ForceActivated(step=3, side=BRITISH, kind=Activation.MOVE,
                                    space="albany", units=("sp:british:3",), sp=3,
                                    rolls=(roll,))
        return pulse_of(BRITISH, origin="albany", at="saratoga", moved=("sp:british:3",),
                        activation=activation)

    # Albany → Saratoga (clear 1) in step 4, Saratoga → Ticonderoga (rough 2) in step 5.
    (finding,) = found(judge(_move("saratoga", "ticonderoga"), context(pulse=pulse(3))),
                       "WFA-MOV-03")
    assert finding.expected == "at most 1 MP" and "gave it 1 MP" in finding.message
    assert not found(judge(_move("saratoga", "ticonderoga"), context(pulse=pulse(6))),
                     "WFA-MOV-03")


def test_12_0_every_leg_of_the_route_is_paid_and_the_path_is_shown() -> None:
    """12.0: units "pay the cost of the transit line between joined spaces": a force that
    went Albany → Saratoga → Albany and on to Highlands paid 1 + 1 + 2 = 4 MP, more than
    the cheapest way (2); the computation shows the path, the costs and the allowance."""
    activation = ForceActivated(step=3, side=BRITISH, kind=Activation.MOVE, space="albany",
                                units=("sp:british:3",), sp=3, rolls=(4,))  # 2 MP
    pulse = pulse_of(BRITISH, origin="albany", at="albany", moved=("sp:british:3",),
                     route=("albany", "saratoga", "albany"), activation=activation)
    out = list(judge(_move("albany", "highlands"), context(pulse=pulse)))
    (finding,) = found(out, "WFA-MOV-03")
    assert finding.observed == "4 MP" and finding.expected == "at most 3 MP"
    (shown,) = computed(out, "WFA-MOV-03")
    assert (shown.inputs["waypoints"], shown.inputs["costs"]) == (
        "albany saratoga albany highlands", "1 1 2")
    assert shown.inputs["route"] == ("Albany", "Saratoga", "Albany", "Highlands")
    assert shown.inputs["legs"] == (
        {"from": "Albany", "to": "Saratoga", "mp": 1, "line": "clear", "shown": True},
        {"from": "Saratoga", "to": "Albany", "mp": 1, "line": "clear", "shown": True},
        {"from": "Albany", "to": "Highlands", "mp": 2, "line": "rough", "shown": True})
    assert shown.result == {"cost": 4, "allowance": 3}
    route = "Albany → Saratoga (1) → Albany (1) → Highlands (2), as the log shows it"
    assert route in shown.summary
    assert finding.message.startswith(f"the British force went {route}: at least 4 MP")


def test_a_drag_over_several_spaces_names_the_cheapest_route_it_was_priced_by() -> None:
    """A drag Albany → Ticonderoga (not adjacent) is priced by the cheapest way, through
    Saratoga (clear 1, rough 2), and the finding says so."""
    activation = ForceActivated(step=3, side=BRITISH, kind=Activation.MOVE, space="albany",
                                units=("sp:british:3",), sp=3, rolls=(3,))  # 1 MP
    pulse = pulse_of(BRITISH, origin="albany", at="albany", moved=("sp:british:3",),
                     activation=activation)
    out = list(judge(_move("albany", "ticonderoga"), context(pulse=pulse)))
    (shown,) = computed(out, "WFA-MOV-03")
    assert shown.summary.startswith(
        "Albany → Saratoga (1) → Ticonderoga (2), by the cheapest route the rules allow (the "
        "log shows only its ends): 3 MP")
    assert [(leg["to"], leg["shown"]) for leg in shown.inputs["legs"]  # type: ignore[union-attr]
            if isinstance(leg, dict)] == [("Saratoga", False), ("Ticonderoga", True)]


def test_a_single_step_shows_its_cost_and_that_it_is_always_allowed() -> None:
    out = list(judge(_move("albany", "onondaga_village"), context()))
    (shown,) = computed(out, "WFA-MOV-03")
    assert shown.result == {"cost": 3, "allowance": None}
    assert "always move one space" in shown.summary


def test_a_36_canada_counts_as_northern_in_winter_and_the_message_says_so() -> None:
    pulse = pulse_of(BRITISH, origin="quebec", at="st_jean", moved=("sp:british:3",))
    (finding,) = found(judge(_move("st_jean", "valcour"), context(pulse=pulse, winter=True)),
                       "WFA-MOV-05")
    assert "A-36" in finding.message and finding.observed == "3 MP"


def _after(roll: int, origin: str, at: str, route: tuple[str, ...],
           units: tuple[str, ...] = ("sp:british:3",)) -> Pulse:
    """The pulse of a force that set out from `origin` after an activation D6 of `roll`."""
    activation = ForceActivated(step=3, side=BRITISH, kind=Activation.MOVE, space=origin,
                                units=units, sp=3, rolls=(roll,))
    return pulse_of(BRITISH, origin=origin, at=at, moved=units, route=route,
                    activation=activation)


def test_12_1_the_extra_mp_is_spent_on_the_water_connection_started_and_ended_on() -> None:
    """WfA 12.1: "If a land unit starts and ends its turn on a continuous water
    connection, it is awarded '1' extra MP which must be expended on the same water
    connection." Albany - Highlands (rough 2) - New York City (clear 1) is one water
    connection: 3 MP on a roll of 2 (D6 4 - 2) is legal."""
    pulse = _after(4, "albany", "highlands", ("albany", "highlands"))
    out = list(judge(_move("highlands", "new_york_city", water=True), context(pulse=pulse)))
    assert not found(out, "WFA-MOV-03") and applied(out, "WFA-MOV-03")
    (shown,) = computed(out, "WFA-MOV-03")
    assert shown.result == {"cost": 3, "allowance": 3}


def test_12_1_no_extra_mp_for_a_route_that_does_not_start_on_the_water() -> None:
    """Saratoga - Albany (clear 1, no water) - Highlands (rough 2, water): 3 MP on a roll
    of 2 is one MP over, and the force did not start on the water connection."""
    pulse = _after(4, "saratoga", "albany", ("saratoga", "albany"))
    (finding,) = found(judge(_move("albany", "highlands", water=True), context(pulse=pulse)),
                       "WFA-MOV-03")
    assert finding.observed == "3 MP" and finding.expected == "at most 2 MP"
    assert "starts and ends on a continuous water connection" in finding.message


def test_12_1_no_extra_mp_for_a_route_that_leaves_the_water() -> None:
    """Albany - Highlands - New York City - Sandy Hook: 2 + 1 + 1 = 4 MP on a roll of 3
    (D6 5 - 2); it ends off the water connection, so the extra MP is not awarded."""
    pulse = _after(5, "albany", "new_york_city", ("albany", "highlands", "new_york_city"))
    (finding,) = found(judge(_move("new_york_city", "sandy_hook"), context(pulse=pulse)),
                       "WFA-MOV-03")
    assert finding.observed == "4 MP" and finding.expected == "at most 3 MP"


def test_12_1_the_extra_mp_pays_only_for_the_water_connections_lines() -> None:
    """Albany - Saratoga - Albany - Highlands - New York City: it starts and ends on the
    water connection, 5 MP on a roll of 4 (D6 6 - 2), but 2 of them are off the water: the
    roll pays for at most 4 MP off it, so legal; on a roll of 2 (D6 4), 2 off the water and
    3 on it is 5 > 2 + 1: illegal."""
    route = ("albany", "saratoga", "albany", "highlands")
    legal = list(judge(_move("highlands", "new_york_city", water=True),
                       context(pulse=_after(6, "albany", "highlands", route))))
    assert not found(legal, "WFA-MOV-03")
    (finding,) = found(judge(_move("highlands", "new_york_city", water=True),
                             context(pulse=_after(4, "albany", "highlands", route))),
                       "WFA-MOV-03")
    assert finding.observed == "5 MP" and finding.expected == "at most 3 MP"


def test_18_1_in_winter_the_tidewater_keeps_the_water_mp() -> None:
    """18.1: "There is no river bonus ... Movement in the Deep South and Tidewater Regions
    is unaffected": a leaderless roll of 1 MP (D6 3) in Winter pays for Baltimore -
    Alexandria - Baltimore (2 MP, all on one water connection) in the Tidewater; it cannot
    pay for Wilmington, DE - Baltimore - Alexandria (2 MP, starting off that connection)."""
    pulse = _after(3, "baltimore", "alexandria", ("baltimore", "alexandria"))
    out = list(judge(_move("alexandria", "baltimore", water=True),
                     context(pulse=pulse, winter=True)))
    assert not found(out, "WFA-MOV-03") and applied(out, "WFA-MOV-03")
    pulse = _after(3, "wilmington_de", "baltimore", ("wilmington_de", "baltimore"))
    (finding,) = found(judge(_move("baltimore", "alexandria", water=True),
                             context(pulse=pulse, winter=True)), "WFA-MOV-03")
    assert finding.expected == "at most 1 MP"


def test_14_16_a_colonial_leg_no_land_route_can_pay_for_is_a_sea_move() -> None:
    """14.16: "The Colonials can move land SP by sea once only through the play of the
    Action Card Naval Transport." Philadelphia → Charleston (coastal, no land line, far
    more than 4 MP by land) is read as a sea move; Boston → New London (coastal, no direct
    line, 2 MP by land over Newport) is a land move judged by its path."""
    units = ("sp:continental:2",)
    sea = _move("philadelphia", "charleston", units, COLONIAL)
    assert colonial_by_sea(sea, context()) is not None
    out = list(judge(sea, context()))
    assert not found(out, "WFA-MOV-03") and not found(out, "WFA-MOV-03", Severity.UNCHECKED)
    land = _move("boston", "new_london", units, COLONIAL)
    assert colonial_by_sea(land, context()) is None
    out = list(judge(land, context()))
    assert not found(out, "WFA-MOV-03") and applied(out, "WFA-MOV-03")


def test_14_16_with_the_card_the_colonial_leg_is_a_sea_move() -> None:
    pulse = pulse_of(COLONIAL, cards=((COLONIAL, "naval_transport"),))
    land_or_sea = _move("boston", "new_london", ("sp:continental:2",), COLONIAL)
    assert colonial_by_sea(land_or_sea, context(pulse=pulse)) is not None


def test_14_16_a_colonial_land_move_beyond_its_roll_stays_a_land_move() -> None:
    """Boston → New London costs 2 MP by land: any roll of 2 or more pays for it, so on a
    roll of 1 MP (D6 3 - 2) it is a land move beyond the MP (WFA-MOV-03), not a sea move."""
    units = ("sp:continental:2",)
    activation = ForceActivated(step=3, side=COLONIAL, kind=Activation.MOVE, space="boston",
                                units=units, sp=2, rolls=(3,))
    pulse = pulse_of(COLONIAL, origin="boston", at="boston", moved=(), activation=activation)
    move = _move("boston", "new_london", units, COLONIAL)
    assert colonial_by_sea(move, context(pulse=pulse)) is None
    (finding,) = found(judge(move, context(pulse=pulse)), "WFA-MOV-03")
    assert finding.expected == "at most 1 MP"
