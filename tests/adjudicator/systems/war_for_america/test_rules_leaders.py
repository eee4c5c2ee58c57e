"""Leaders on and off the map (digest LDR-07, -08, -09, -10, -14): the muster, a leader from
the Leader Pool, Reinforcement Phase transfers, Carleton, Haldimand and Prévost, and the
prisoner exchange — WfA 8.1, 9.4, 11.1, 11.12, 11.15, 12.9, 19.14 on the fixture map."""

from __future__ import annotations

import pytest

from adjudicator.findings import Severity
from adjudicator.systems.war_for_america.actions import (
    BRITISH,
    COLONIAL,
    LEADER_POOL,
    Activation,
    ForceActivated,
    ForceMoved,
    LeaderMustered,
    LeaderPlaced,
    LeaderTransferred,
    Retreated,
    Surrendered,
)
from adjudicator.systems.war_for_america.procedure import REINFORCEMENT
from adjudicator.systems.war_for_america.rules.leaders import judge
from adjudicator.systems.war_for_america.state import WfAState
from tests.adjudicator.systems.war_for_america.test_rules_forces import (
    applied,
    computed,
    context,
    found,
    on,
    pulse_of,
)


def test_12_9_a_muster_pulls_adjacent_friendly_sp_up_to_the_rank() -> None:
    state = WfAState()
    on(state, "albany", "leader:lincoln", "sp:continental:5")
    action = LeaderMustered(step=4, side=COLONIAL, leader="lincoln", space="albany",
                            pulled=(("saratoga", 3), ("highlands", 2)))
    out = list(judge(action, context(state)))
    assert not found(out, "WFA-LDR-07") and applied(out, "WFA-LDR-07")


def test_9_4_a_muster_beyond_the_rank_from_far_or_from_the_enemy_is_illegal() -> None:
    state = WfAState()
    on(state, "saratoga", "sp:british:2")
    too_many = LeaderMustered(step=4, side=COLONIAL, leader="ethan_allan", space="albany",
                              pulled=(("saratoga", 3),))
    messages = [f.message for f in found(judge(too_many, context(state)), "WFA-LDR-07")]
    assert any("rank allows 2" in m for m in messages)          # 1 star: 2 SP (11.4)
    assert any("enemy units" in m for m in messages)            # 9.4
    far = LeaderMustered(step=4, side=COLONIAL, leader="lincoln", space="albany",
                         pulled=(("boston", 1), ("philadelphia", 1)))
    assert len(found(judge(far, context()), "WFA-LDR-07")) == 1  # Boston is adjacent


def test_12_9_the_muster_roll_and_a_failed_roll_a_28() -> None:
    action = ForceActivated(step=3, side=COLONIAL, kind=Activation.MUSTER, space="albany",
                            leader="lincoln", rolls=(5,))
    (result,) = computed(judge(action, context()), "WFA-LDR-07")
    assert result.result == {"p_success": "1/2", "success": False}   # command 3
    assert "A-28" in result.summary


def test_12_9_nothing_else_moves_in_a_muster_ap() -> None:
    pulse = pulse_of(COLONIAL, main=Activation.MUSTER)
    move = ForceMoved(step=5, side=COLONIAL, origin="albany", destination="saratoga",
                      units=("sp:continental:3",), sp=3)
    assert found(judge(move, context(pulse=pulse)), "WFA-LDR-07")


def test_11_1_a_pool_leader_goes_onto_friendly_sp() -> None:
    state = WfAState()
    on(state, "philadelphia", "sp:continental:2", "leader:lincoln")
    action = LeaderPlaced(step=4, side=COLONIAL, leader="lincoln", space="philadelphia",
                          origin=LEADER_POOL)
    out = list(judge(action, context(state)))
    assert not found(out, "WFA-LDR-08") and applied(out, "WFA-LDR-08")
    empty = LeaderPlaced(step=4, side=COLONIAL, leader="lincoln", space="albany",
                         origin=LEADER_POOL)
    assert found(judge(empty, context(state)), "WFA-LDR-08")


def test_11_1_not_onto_sp_under_siege() -> None:
    state = WfAState()
    on(state, "quebec", "sp:continental:2", "siege", "army:n_british", "sp:british:5")
    action = LeaderPlaced(step=4, side=COLONIAL, leader="lincoln", space="quebec",
                          origin=LEADER_POOL)
    assert found(judge(action, context(state)), "WFA-LDR-08")
    besieger = WfAState()
    on(besieger, "quebec", "sp:continental:5", "siege", "army:n_colonial", "sp:british:2")
    assert not found(judge(action, context(besieger)), "WFA-LDR-08")


def _transfer(leader: str, destination: str, side: str = BRITISH, *,
              certain: bool = True) -> LeaderTransferred:
    return LeaderTransferred(step=2, side=side, origin="boston", destination=destination,
                             leaders=(f"leader:{leader}",), certain=certain)


@pytest.mark.parametrize(("leader", "side", "destination", "stack", "illegal"), [
    ("grant", BRITISH, "martinique", (), False),          # 11.15: Grant may
    ("burgoyne", BRITISH, "martinique", (), True),        # 8.1: not the Caribbean
    ("lincoln", COLONIAL, "quebec", (), True),            # 8.1: within the 13 Colonies
    ("lincoln", COLONIAL, "albany", (), False),           # friendly or empty
    ("burgoyne", BRITISH, "newport", ("sp:british:2",), True),   # 11.15: ★★★ not on 2 SP
    ("burgoyne", BRITISH, "newport", ("sp:british:3",), False),
    ("grant", BRITISH, "newport", ("sp:british:5",) * 4, True),  # 11.15: ★★ not on 20 SP
    ("grant", BRITISH, "newport", ("sp:continental:1",), True),  # 8.1: a friendly space
], ids=["grant-caribbean", "caribbean", "colonial-canada", "colonial-colony",
        "three-star-on-2", "three-star-on-3", "two-star-on-20", "enemy-space"])
def test_8_1_11_15_reinforcement_phase_transfers(leader: str, side: str, destination: str,
                                                 stack: tuple[str, ...],
                                                 illegal: bool) -> None:
    state = WfAState()
    on(state, destination, f"leader:{leader}", *stack)
    out = list(judge(_transfer(leader, destination, side),
                     context(state, phase=REINFORCEMENT)))
    assert bool(found(out, "WFA-LDR-09")) is illegal
    assert applied(out, "WFA-LDR-09")


def test_8_1_a_lone_leaders_move_in_the_action_cycle_is_no_transfer() -> None:
    """The same drag in the Action Cycle is a leader's AP move (WfA 12.1), not judged as a
    transfer."""
    move = ForceMoved(step=2, side=BRITISH, origin="boston", destination="martinique",
                      units=("leader:burgoyne",), sp=0)
    assert not applied(list(judge(move, context())), "WFA-LDR-09")


def test_8_1_a_transfer_the_log_cannot_tell_from_an_ap_is_unchecked() -> None:
    """Without initiative dice in the log, a lone leader's move before the first roll may be
    the first AP (12.1): not judged, never illegal."""
    out = list(judge(_transfer("burgoyne", "martinique", certain=False),
                     context(WfAState(), phase=REINFORCEMENT)))
    assert not found(out, "WFA-LDR-09") and not applied(out, "WFA-LDR-09")
    assert found(out, "WFA-LDR-09", Severity.UNCHECKED)


@pytest.mark.parametrize(("destination", "illegal"), [
    ("montreal", False), ("valcour", False), ("ticonderoga", False), ("saratoga", True),
    ("albany", True)], ids=lambda v: str(v))
def test_11_12_carleton_goes_no_further_south_than_ticonderoga(destination: str,
                                                                illegal: bool) -> None:
    move = ForceMoved(step=4, side=BRITISH, origin="st_jean", destination=destination,
                      units=("leader:carleton", "sp:british:5"), sp=5)
    assert bool(found(judge(move, context()), "WFA-LDR-10")) is illegal


def test_11_12_haldimand_has_the_same_restriction_a_retreat_is_not_judged() -> None:
    move = ForceMoved(step=4, side=BRITISH, origin="ticonderoga", destination="saratoga",
                      units=("leader:haldimand",), sp=0)
    assert found(judge(move, context()), "WFA-LDR-10")
    retreat = Retreated(step=4, side=BRITISH, origin="ticonderoga", destination="saratoga",
                        units=("leader:haldimand",))
    assert found(judge(retreat, context()), "WFA-LDR-10", Severity.UNCHECKED)


@pytest.mark.parametrize(("year", "illegal"), [(1777, True), (1778, False)])
def test_11_12_prevost_stays_in_florida_until_1778(year: int, illegal: bool) -> None:
    move = ForceMoved(step=4, side=BRITISH, origin="st_augustine", destination="savannah",
                      units=("leader:prevost", "sp:british:2"), sp=2)
    assert bool(found(judge(move, context(year=year)), "WFA-LDR-10")) is illegal
    forced = Retreated(step=4, side=BRITISH, origin="st_augustine", destination="savannah",
                       units=("leader:prevost",))
    assert list(judge(forced, context(year=year))) == []


def test_19_14_a_surrendered_leader_rolls_for_the_exchange() -> None:
    action = Surrendered(step=8, side=COLONIAL, space="charleston",
                         units=("leader:lincoln", "leader:washington", "sp:continental:5"))
    out = list(judge(action, context()))
    lincoln, washington = computed(out, "WFA-LDR-14")
    assert lincoln.result == {"p_removed": "1/6", "p_pool": "5/6"}
    assert washington.result == {"p_removed": "1", "p_pool": "0"}   # never exchanged
    assert applied(out, "WFA-LDR-14")
