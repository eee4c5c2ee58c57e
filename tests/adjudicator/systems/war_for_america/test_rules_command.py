"""Who may command a force (digest LDR-03, -04, -05, -06, -11, -12, -15), legal and illegal
plays from WfA 11.2-11.11 and 12.3-12.8, on the fixture data (made-up leader values:
Burgoyne 3★ B, Grant 2★ C, Lincoln 2★ D, Ethan Allan 1★, Knyphausen 2★ light blue)."""

from __future__ import annotations

from adjudicator.findings import Severity
from adjudicator.systems.common.places import box
from adjudicator.systems.war_for_america.actions import (
    BRITISH,
    COLONIAL,
    Activation,
    Combat,
    ForceActivated,
    ForceMoved,
    PickedUp,
)
from adjudicator.systems.war_for_america.procedure import Pulse, PulseClosed
from adjudicator.systems.war_for_america.rules.command import judge
from adjudicator.systems.war_for_america.state import WfAState
from tests.adjudicator.systems.war_for_america.test_rules_forces import (
    applied,
    computed,
    context,
    found,
    on,
    pulse_of,
    put,
)


def _leg(side: str, units: tuple[str, ...], origin: str = "boston",
         destination: str = "newport") -> ForceMoved:
    sp = sum(int(u.rsplit(":", 1)[1]) for u in units if u.startswith("sp:"))
    return ForceMoved(step=4, side=side, origin=origin, destination=destination, units=units,
                      sp=sp)


def test_11_5_a_two_star_leader_moves_up_to_10_sp() -> None:
    legal = list(judge(_leg(BRITISH, ("leader:grant", "sp:british:5", "sp:british:5")),
                       context()))
    assert not found(legal, "WFA-LDR-03") and applied(legal, "WFA-LDR-03")
    illegal = list(judge(_leg(BRITISH, ("leader:grant", "sp:british:5", "sp:british:5",
                                        "sp:british:1")), context()))
    (finding,) = found(illegal, "WFA-LDR-03")
    assert finding.observed == "11 SP" and finding.expected == "at most 10 SP"


def test_11_6_a_senior_leader_moving_along_commands_the_larger_force() -> None:
    out = list(judge(_leg(BRITISH, ("leader:grant", "leader:burgoyne", "sp:british:5",
                                    "sp:british:5", "sp:british:3")), context()))
    assert not found(out, "WFA-LDR-03")


def test_11_4_a_one_star_leader_moves_only_2_sp() -> None:
    out = list(judge(_leg(COLONIAL, ("leader:ethan_allan", "sp:militia:3"), "albany",
                          "saratoga"), context()))
    assert found(out, "WFA-LDR-03")


def test_t6_a_force_without_a_leader_moves_any_stack() -> None:
    out = list(judge(_leg(BRITISH, ("sp:british:5", "sp:british:5", "sp:british:5")),
                     context()))
    assert not found(out, "WFA-LDR-03") and not found(out, "WFA-LDR-04")


def test_11_2_the_circle_colour_limits_the_nations() -> None:
    illegal = list(judge(_leg(BRITISH, ("leader:knyphausen", "sp:german:2", "sp:british:3")),
                         context()))
    assert found(illegal, "WFA-LDR-04")
    legal = list(judge(_leg(BRITISH, ("leader:knyphausen", "leader:burgoyne", "sp:german:2",
                                      "sp:british:3")), context()))
    assert not found(legal, "WFA-LDR-04") and applied(legal, "WFA-LDR-04")


def test_12_8_only_a_new_force_is_judged_again_on_later_legs() -> None:
    pulse = pulse_of(BRITISH, origin="boston", at="newport",
                     moved=("leader:grant", "sp:british:5", "sp:british:5", "sp:british:1"))
    units = ("leader:grant", "sp:british:5", "sp:british:5", "sp:british:1")
    again = list(judge(_leg(BRITISH, units, "newport", "new_london"), context(pulse=pulse)))
    assert again == []


def test_12_5_the_whole_force_moving_under_a_junior_leader_is_illegal() -> None:
    state = WfAState()
    on(state, "boston", "leader:burgoyne")   # stayed behind; every SP left
    on(state, "newport", "leader:grant", "sp:british:5")
    action = ForceActivated(step=3, side=BRITISH, kind=Activation.MOVE, space="boston",
                            units=("leader:grant", "sp:british:5"), sp=5, rolls=(2,))
    (finding,) = found(judge(action, context(state)), "WFA-LDR-05")
    assert "Burgoyne" in finding.message


def test_12_5_a_part_of_the_force_may_go_under_a_junior() -> None:
    state = WfAState()
    on(state, "boston", "leader:burgoyne", "sp:british:3")
    action = ForceActivated(step=3, side=BRITISH, kind=Activation.MOVE, space="boston",
                            units=("leader:grant", "sp:british:5"), sp=5, rolls=(2,))
    out = list(judge(action, context(state)))
    assert not found(out, "WFA-LDR-05") and applied(out, "WFA-LDR-05")


def test_12_5_equal_rank_is_the_players_choice() -> None:
    state = WfAState()
    on(state, "boston", "leader:prevost")   # 2 stars, like Grant
    action = ForceActivated(step=3, side=BRITISH, kind=Activation.MOVE, space="boston",
                            units=("leader:grant", "sp:british:5"), sp=5, rolls=(2,))
    assert not found(judge(action, context(state)), "WFA-LDR-05")


def test_12_3_a_force_without_a_leader_cannot_pick_up() -> None:
    pulse = pulse_of(BRITISH, origin="boston", at="newport", moved=("sp:british:3",))
    action = PickedUp(step=5, side=BRITISH, space="newport", units=("sp:british:2",))
    (finding,) = found(judge(action, context(pulse=pulse)), "WFA-LDR-06")
    assert finding.spaces == ("newport",)


def test_12_8_a_force_with_a_leader_picks_up() -> None:
    pulse = pulse_of(BRITISH, origin="boston", at="newport",
                     moved=("leader:grant", "sp:british:3"))
    action = PickedUp(step=5, side=BRITISH, space="newport", units=("sp:british:2",))
    out = list(judge(action, context(pulse=pulse)))
    assert not found(out, "WFA-LDR-06") and applied(out, "WFA-LDR-06")


def test_12_8_an_armys_leaders_are_on_its_card() -> None:
    state = WfAState()
    put(state, box("army_w"), "leader:washington", "sp:continental:5")
    pulse = pulse_of(COLONIAL, origin="philadelphia", at="wilmington_de", moved=("army:w",))
    action = PickedUp(step=5, side=COLONIAL, space="wilmington_de",
                      units=("sp:continental:2",))
    assert not found(judge(action, context(state, pulse=pulse)), "WFA-LDR-06")


def test_11_11_washington_cannot_leave_the_main_army_to_another_leader() -> None:
    # Judged when the AP closes, at the step he left (a disbandment, 11.22, may take the
    # marker off after the units).
    pulse = Pulse(COLONIAL, 1, 1, 1, off_cards=(("washington", "army_w", 6),))
    closed = PulseClosed(step=9, side=COLONIAL, pulse=pulse, ap_markers_logged=True)
    state = WfAState()
    on(state, "philadelphia", "army:w", "leader:washington")
    put(state, box("army_w"), "leader:lincoln", "sp:continental:5")
    assert [getattr(o, "step", None) for o in judge(closed, context(state))
            if getattr(o, "rule_id", None) == "WFA-LDR-11"
            and getattr(o, "severity", None) is Severity.ILLEGAL] == [6]
    disbanded = WfAState()
    on(disbanded, "philadelphia", "leader:washington")
    put(disbanded, box("army_w"), "leader:lincoln", "sp:continental:5")
    assert not found(judge(closed, context(disbanded)), "WFA-LDR-11")
    emptied = WfAState()
    on(emptied, "philadelphia", "army:w", "leader:washington", "sp:continental:5")
    assert not found(judge(closed, context(emptied)), "WFA-LDR-11")


def test_11_7_11_9_the_senior_rating_and_an_armys_second_leader() -> None:
    state = WfAState()
    on(state, "newport", "leader:burgoyne", "leader:grant", "sp:british:5", "army:w",
       "sp:militia:1")
    put(state, box("army_w"), "leader:washington", "leader:lincoln", "sp:continental:5")
    action = Combat(step=7, side=BRITISH, space="newport", attacker_roll=7, defender_roll=7)
    out = list(judge(action, context(state)))
    (drm,) = computed(out, "WFA-LDR-12")
    # Burgoyne (3★ B +2) is senior to Grant; not an army: Grant adds nothing (11.7).
    # Washington's army: Washington (3★ B +2) and Lincoln (D +0) adds his rating (11.9).
    assert drm.result == {"attacker_drm": 2, "defender_drm": 2}


def test_11_9_an_armys_second_leader_adds_his_rating() -> None:
    state = WfAState()
    on(state, "newport", "army:w", "sp:british:3")
    put(state, box("army_w"), "leader:washington", "leader:arnold")
    action = Combat(step=7, side=BRITISH, space="newport", attacker_roll=7, defender_roll=7)
    (drm,) = computed(judge(action, context(state)), "WFA-LDR-12")
    assert drm.result == {"attacker_drm": 0, "defender_drm": 2 + 3}   # B +2, Arnold A +3


def test_11_6_with_no_army_a_three_star_must_command_the_largest_force() -> None:
    state = WfAState()
    on(state, "boston", "sp:british:5", "sp:british:5")
    on(state, "quebec", "leader:burgoyne", "sp:british:3")
    closed = PulseClosed(step=9, side=BRITISH, pulse=Pulse(BRITISH, 1, 1, 1),
                         ap_markers_logged=False)
    assert found(judge(closed, context(state)), "WFA-LDR-15", Severity.REMINDER)
    on(state, "boston", "leader:carleton")
    assert not found(judge(closed, context(state)), "WFA-LDR-15", Severity.REMINDER)


def test_12_5_an_army_staying_behind_means_not_the_entire_force() -> None:
    state = WfAState()
    on(state, "boston", "leader:burgoyne", "army:r")
    action = ForceActivated(step=3, side=BRITISH, kind=Activation.MOVE, space="boston",
                            units=("leader:grant", "sp:british:5"), sp=5, rolls=(2,))
    assert not found(judge(action, context(state)), "WFA-LDR-05")
