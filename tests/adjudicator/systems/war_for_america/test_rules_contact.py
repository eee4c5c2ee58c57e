"""Meeting the enemy (digest MOV-06, -07, -08, -09, -10; W-2, W-8): compulsory and optional
combat, retreat before combat, overrun and the Regional militia trigger — WfA 9.5, 10.7-
10.13, 11.25, 12.10-12.17 on the fixture map (Newport key, Sandy Hook not)."""

from __future__ import annotations

import pytest

from adjudicator.findings import Severity
from adjudicator.systems.common.places import box
from adjudicator.systems.war_for_america.actions import (
    BRITISH,
    COLONIAL,
    Activation,
    Combat,
    EnemyEntered,
    ForceMoved,
    Overrun,
    RetreatBeforeCombat,
    Retreated,
)
from adjudicator.systems.war_for_america.procedure import PulseClosed
from adjudicator.systems.war_for_america.rules.contact import judge
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


def test_9_5_moving_on_from_an_enemy_non_key_space_is_illegal() -> None:
    state = WfAState()
    on(state, "sandy_hook", "sp:continental:2")
    on(state, "philadelphia", "sp:british:5")
    pulse = pulse_of(BRITISH, origin="new_york_city", at="sandy_hook",
                     moved=("sp:british:5",))
    move = ForceMoved(step=6, side=BRITISH, origin="sandy_hook", destination="philadelphia",
                      units=("sp:british:5",), sp=5)
    (finding,) = found(judge(move, context(state, pulse=pulse)), "WFA-MOV-06")
    assert finding.spaces == ("sandy_hook", "philadelphia")


def _went_back(units: tuple[str, ...]) -> Retreated:
    return Retreated(step=7, side=BRITISH, origin="saratoga", destination="albany",
                     units=units, attacker=True, entered_from="albany", cancelled=True)


@pytest.mark.parametrize(("attackers", "defenders", "illegal"), [
    (("sp:british:2",), ("sp:continental:3", "sp:militia:3", "sp:militia:1"), False),  # 1:4
    (("sp:british:2",), ("sp:continental:3", "sp:militia:3"), False),  # 2 vs 6: 1:3 allowed
    (("sp:british:2",), ("sp:continental:3",), True),  # 1:2
], ids=["cancelled-at-1-4", "at-1-3", "at-1-2"])
def test_13_0_step_2_an_attack_below_1_3_is_cancelled_and_the_attacker_retreats(
        attackers: tuple[str, ...], defenders: tuple[str, ...], illegal: bool) -> None:
    """13.0 Step 2: "If the final odds for the attacker are lower than 1:3, the attack is
    cancelled and the attacker must do a compulsory 'retreat'"; at 1:3 or better on a
    non-key space combat is compulsory (9.5), so going back before the dice is MOV-06's."""
    state = WfAState()
    on(state, "saratoga", *defenders)
    on(state, "albany", *attackers)
    out = list(judge(_went_back(attackers), context(state)))
    at_1_3 = len(defenders) == 2
    assert bool(found(out, "WFA-MOV-06")) is (illegal or at_1_3)
    if not (illegal or at_1_3):
        assert applied(out, "WFA-MOV-06")


def test_13_0_step_2_odds_that_cannot_be_counted_leave_it_unchecked() -> None:
    """d'Estaing's rank is not in the fixture data: the defender's SP cannot be counted."""
    state = WfAState()
    on(state, "saratoga", "sp:french:3", "leader:destaing")
    out = list(judge(_went_back(("sp:british:2",)), context(state)))
    assert not found(out, "WFA-MOV-06")
    assert found(out, "WFA-MOV-06", Severity.UNCHECKED)


@pytest.mark.parametrize(("to", "illegal"), [("albany", True), ("ticonderoga", False)])
def test_12_12_not_to_the_space_the_mover_came_from(to: str, illegal: bool) -> None:
    """12.12: "The retreat must be to any space void of enemy SP but not the space from
    which the moving player came" (the British came Albany -> Saratoga)."""
    state = WfAState()
    on(state, "saratoga", "sp:british:3")
    on(state, to, "leader:lincoln")
    pulse = pulse_of(BRITISH, origin="albany", at="saratoga", moved=("sp:british:3",),
                     route=("albany", "saratoga"))
    rbc = RetreatBeforeCombat(step=5, side=COLONIAL, origin="saratoga", destination=to,
                              roll=1, units=("leader:lincoln",))
    out = list(judge(rbc, context(state, pulse=pulse)))
    assert bool([f for f in found(out, "WFA-MOV-08") if "12.12" in f.message
                 and "came from" in f.message]) is illegal


def test_12_10_after_a_retreat_before_combat_the_mover_goes_on() -> None:
    state = WfAState()
    on(state, "philadelphia", "sp:british:5")   # Sandy Hook is empty: the defender left
    pulse = pulse_of(BRITISH, origin="new_york_city", at="sandy_hook",
                     moved=("sp:british:5",))
    move = ForceMoved(step=6, side=BRITISH, origin="sandy_hook", destination="philadelphia",
                      units=("sp:british:5",), sp=5)
    assert not found(judge(move, context(state, pulse=pulse)), "WFA-MOV-06")


def test_12_15_on_a_key_space_combat_is_optional() -> None:
    state = WfAState()
    on(state, "newport", "sp:militia:2")
    on(state, "new_london", "sp:british:5")
    pulse = pulse_of(BRITISH, origin="boston", at="newport", moved=("sp:british:5",))
    move = ForceMoved(step=6, side=BRITISH, origin="newport", destination="new_london",
                      units=("sp:british:5",), sp=5)
    out = list(judge(move, context(state, pulse=pulse)))
    assert not found(out, "WFA-MOV-06") and applied(out, "WFA-MOV-07")


def test_12_17_ending_the_ap_with_the_enemy_on_a_non_key_space_is_illegal() -> None:
    state = WfAState()
    on(state, "sandy_hook", "sp:continental:2", "sp:british:5")
    pulse = pulse_of(BRITISH, origin="new_york_city", at="sandy_hook",
                     moved=("sp:british:5",), main=Activation.MOVE)
    closed = PulseClosed(step=9, side=BRITISH, pulse=pulse, ap_markers_logged=False)
    assert found(judge(closed, context(state)), "WFA-MOV-06")
    key = WfAState()
    on(key, "newport", "sp:militia:2", "sp:british:5")
    at_key = PulseClosed(step=9, side=BRITISH, ap_markers_logged=False,
                         pulse=pulse_of(BRITISH, origin="boston", at="newport",
                                        main=Activation.MOVE))
    assert not found(judge(at_key, context(key)), "WFA-MOV-06")


def test_12_16_the_defenders_attack_needs_his_activation_roll() -> None:
    attack = Combat(step=7, side=COLONIAL, space="newport", by_defender=True)
    assert found(judge(attack, context()), "WFA-MOV-07", Severity.UNCHECKED)
    mover = Combat(step=7, side=BRITISH, space="newport")
    assert applied(judge(mover, context()), "WFA-MOV-07")


@pytest.mark.parametrize(("roll", "illegal"), [(3, False), (4, True)])
def test_12_16_the_defender_attacks_only_on_a_successful_initiative_roll(
        roll: int, illegal: bool) -> None:
    # Lincoln's command value is 3 (fixture): a 4 fails, "no attack is possible".
    state = WfAState()
    on(state, "newport", "leader:lincoln", "sp:continental:3", "sp:british:5")
    attack = Combat(step=7, side=COLONIAL, space="newport", by_defender=True,
                    initiative_roll=roll)
    out = list(judge(attack, context(state)))
    assert bool(found(out, "WFA-MOV-07")) is illegal and applied(out, "WFA-MOV-07")


def _rbc(units: tuple[str, ...], roll: int | None, destination: str | None = "new_haven"
         ) -> RetreatBeforeCombat:
    return RetreatBeforeCombat(step=6, side=COLONIAL, origin="new_london",
                               destination=destination, roll=roll, units=units)


@pytest.mark.parametrize(("units", "roll", "illegal"), [
    (("leader:lincoln", "sp:continental:3"), 3, False),    # command 3: D6 <= 3
    (("leader:lincoln", "sp:continental:3"), 4, True),
    (("sp:continental:3",), 2, False),                     # no leader: 1-2
    (("sp:continental:3",), 3, True),
    (("leader:ethan_allan", "sp:militia:3"), 3, True),     # 1 star, 3 SP: insufficient rank
    (("leader:lincoln",), 6, False),                       # a lone leader always may
], ids=["command-3", "command-4", "leaderless-2", "leaderless-3", "insufficient-rank",
        "lone-leader"])
def test_12_11_the_retreat_before_combat_roll(units: tuple[str, ...], roll: int,
                                              illegal: bool) -> None:
    out = list(judge(_rbc(units, roll), context()))
    assert bool(found(out, "WFA-MOV-08")) is illegal
    assert applied(out, "WFA-MOV-08")


def test_11_25_an_army_retreats_with_minus_1() -> None:
    # W-8: an army with command 4 retreats on D6 - 1 <= 4, i.e. 5/6.
    state = WfAState()
    put(state, box("army_w"), "leader:washington", "sp:continental:5")
    out = list(judge(_rbc(("army:w",), 5), context(state)))
    assert not found(out, "WFA-MOV-08")
    assert computed(out, "WFA-MOV-08")[0].result == {"success": True, "p_success": "5/6"}


def test_12_12_the_retreat_goes_one_space_to_no_enemy() -> None:
    state = WfAState()
    on(state, "new_haven", "sp:british:2")
    (finding,) = found(judge(_rbc(("leader:lincoln",), 1), context(state)), "WFA-MOV-08")
    assert "enemy" in finding.message
    far = list(judge(_rbc(("leader:lincoln",), 1, "philadelphia"), context()))
    assert any("one space" in f.message for f in found(far, "WFA-MOV-08"))


def test_w_2_an_overrun_needs_8_to_1_and_no_fortress() -> None:
    legal = list(judge(Overrun(step=6, side=BRITISH, space="sandy_hook", sp=10, enemy_sp=1),
                       context()))
    assert not found(legal, "WFA-MOV-09") and applied(legal, "WFA-MOV-09")
    short = Overrun(step=6, side=BRITISH, space="sandy_hook", sp=10, enemy_sp=2)
    assert found(judge(short, context()), "WFA-MOV-09")      # W-2: 10 against 2 is 5:1
    fortress = Overrun(step=6, side=BRITISH, space="ticonderoga", sp=16, enemy_sp=1)
    assert found(judge(fortress, context()), "WFA-MOV-09")   # 12.14
    caribbean = Overrun(step=6, side=BRITISH, space="martinique", sp=16, enemy_sp=1)
    assert found(judge(caribbean, context()), "WFA-MOV-09")  # 12.14


def test_12_13_entering_reports_whether_it_is_an_overrun() -> None:
    entered = EnemyEntered(step=6, side=BRITISH, space="sandy_hook", sp=10, enemy_sp=1,
                           key=False)
    (result,) = computed(judge(entered, context()), "WFA-MOV-09")
    assert result.result["overrun"] is True


def test_10_8_a_first_entry_into_a_region_is_a_reminder_from_1776() -> None:
    move = ForceMoved(step=6, side=BRITISH, origin="new_york_city", destination="sandy_hook",
                      units=("sp:german:3",), sp=3)
    tidewater = ForceMoved(step=6, side=BRITISH, origin="philadelphia",
                           destination="wilmington_de", units=("sp:german:3",), sp=3)
    state = WfAState()
    on(state, "wilmington_de", "sp:german:3")
    assert found(judge(tidewater, context(state, year=1776)), "WFA-MOV-10", Severity.REMINDER)
    assert not found(judge(tidewater, context(state, year=1775)), "WFA-MOV-10",
                     Severity.REMINDER)
    raised = WfAState()
    on(raised, "baltimore", "marker:militia_raised")
    assert not found(judge(tidewater, context(raised, year=1777)), "WFA-MOV-10",
                     Severity.REMINDER)
    assert list(judge(move, context(year=1777))) == []   # within the Middle States


@pytest.mark.parametrize("units", [("sp:continental:1",),
                                   ("leader:ethan_allan", "sp:continental:5",
                                    "sp:continental:5", "sp:continental:3")],
                         ids=["w-2-no-leader", "w-1-one-star-with-13-sp"])
def test_w_1_w_2_without_a_leader_able_to_command_the_escape_is_one_in_three(
        units: tuple[str, ...]) -> None:
    out = list(judge(_rbc(units, 1), context()))
    assert computed(out, "WFA-MOV-08")[0].result == {"success": True, "p_success": "1/3"}
