"""Winter (digest §4.11 WIN; WfA 18.2-18.10, 19.6-19.7): attrition, Winter Quartering, the
Six Nations' return, frozen lake navies — the rulebook's examples X-7 and X-8 (digest W-6)
among the tests."""

from __future__ import annotations

from collections import Counter

import pytest

from adjudicator.findings import Severity
from adjudicator.systems.common.places import box
from adjudicator.systems.war_for_america.actions import (
    BRITISH,
    COLONIAL,
    LakeNavyMoved,
    LossTaken,
    WinterStep,
)
from adjudicator.systems.war_for_america.procedure import WINTER_STEPS, TurnBegan
from adjudicator.systems.war_for_america.rules import winter
from adjudicator.systems.war_for_america.state import Holding
from tests.adjudicator.systems.war_for_america.test_rules_fortifications import (
    Board,
    applied,
    computed,
    illegal,
    of,
    run,
)


def winter_steps(year: int = 1777) -> Board:
    return Board(year=year, season="winter", phase=WINTER_STEPS, pulse_side=None, winter=True)


def attrition(space: str, sp: int, step: int = 3) -> LossTaken:
    return LossTaken(step=step, side=COLONIAL, space=space, units=("sp:continental",), sp=sp,
                     cause="attrition")


# --- 18.3-18.4: Continental attrition ----------------------------------------------------------


def test_x7_18_4_winter_1777_two_thirds_of_12_at_albany_is_8() -> None:
    board = winter_steps().put("albany", sp={"continental": 4})  # 12 before, 8 removed
    out = run(winter, attrition("albany", 8), board)
    assert not illegal(out, "WFA-WIN-01") and applied(out, "WFA-WIN-01")


def test_x7_18_4_removing_other_than_the_fraction_is_illegal() -> None:
    board = winter_steps().put("albany", sp={"continental": 6})  # 12 before, 6 removed
    (finding,) = illegal(run(winter, attrition("albany", 6), board), "WFA-WIN-01")
    assert finding.expected == "8 SP" and "A-20" in finding.message


def _army_at(board: Board, space: str, army: str, sp: dict[str, int]) -> Board:
    """An army marker on `space` with `sp` on its Army Card (WfA 11.21)."""
    board.put(space, armies=[army])
    board.state.holdings[box(f"army_{army}")] = Holding(sp=Counter(sp))
    return board


def test_11_21_an_armys_sp_on_its_card_suffer_attrition_where_it_stands() -> None:
    """11.21: the army's SP are on its Army Card: Washington's army at Albany with 4 SP
    left of 12 on the card lost 8 (2/3, WfA 18.3-18.4), legal."""
    board = _army_at(winter_steps(), "albany", "w", {"continental": 4})
    out = run(winter, attrition("albany", 8), board)
    assert not illegal(out, "WFA-WIN-01") and applied(out, "WFA-WIN-01")


def test_11_21_an_armys_sp_on_its_card_quarter_where_it_stands() -> None:
    """9 Continental SP of an army at Saratoga (circle space, limit 5): 2 lost (18.7)."""
    board = _army_at(winter_steps(), "saratoga", "n_colonial", {"continental": 7})
    out = run(winter, quartering_loss("saratoga", 2), board)
    assert not illegal(out, "WFA-WIN-02") and applied(out, "WFA-WIN-02")


def test_x7_the_attrition_step_computes_each_stack() -> None:
    board = winter_steps().put("albany", sp={"continental": 12}).put(
        "boston", sp={"continental": 3, "militia": 2})
    out = run(winter, WinterStep(step=2, kind="attrition"), board)
    lost = {c.inputs["space"]: c.result["lost"] for c in computed(out, "attrition")}
    assert lost == {"albany": 8, "boston": 2}


@pytest.mark.parametrize("year", [1775, 1776], ids=["18.4-1775", "A-18-1776"])
def test_18_4_no_attrition_in_the_winters_of_1775_and_1776(year: int) -> None:
    board = winter_steps(year).put("albany", sp={"continental": 4})
    assert illegal(run(winter, attrition("albany", 2), board), "WFA-WIN-01")


def test_18_3_only_continentals_suffer_attrition() -> None:
    board = winter_steps().put("albany", sp={"militia": 1})
    loss = LossTaken(step=3, side=COLONIAL, space="albany", units=("sp:militia",), sp=1,
                     cause="attrition")
    assert illegal(run(winter, loss, board), "WFA-WIN-01")


# --- 18.5-18.10: Winter Quartering --------------------------------------------------------------


def quartering_loss(space: str, sp: int, side: str = COLONIAL,
                    nation: str = "continental") -> LossTaken:
    return LossTaken(step=4, side=side, space=space, units=(f"sp:{nation}",), sp=sp,
                     cause="quartering")


def test_x8_18_7_nine_at_saratoga_lose_two() -> None:
    board = winter_steps().put("saratoga", sp={"continental": 7})  # 9 before
    out = run(winter, quartering_loss("saratoga", 2), board)
    assert not illegal(out, "WFA-WIN-02") and applied(out, "WFA-WIN-02")
    board = winter_steps().put("saratoga", sp={"continental": 6})  # 9 before, 3 lost
    (finding,) = illegal(run(winter, quartering_loss("saratoga", 3), board), "WFA-WIN-02")
    assert finding.expected == "2 SP"


def test_18_7_a_mixed_stacks_losses_in_one_step_are_added_up() -> None:
    # 9 SP at Saratoga (limit 5): 2 lost in all; here 2 Continentals and 2 militia go.
    losses = (quartering_loss("saratoga", 2), quartering_loss("saratoga", 2, nation="militia"))
    board = winter_steps().put("saratoga", sp={"continental": 3, "militia": 2})
    board.step_actions = losses
    (finding,) = illegal(run(winter, losses[0], board), "WFA-WIN-02")
    assert finding.observed == "4 SP" and finding.expected == "2 SP"
    assert not illegal(run(winter, losses[1], board), "WFA-WIN-02"), "judged once"
    fewer = winter_steps().put("saratoga", sp={"continental": 7, "militia": 2})  # 11: 3 due
    fewer.step_actions = losses[:1]
    out = run(winter, losses[0], fewer)
    assert not illegal(out, "WFA-WIN-02") and of(out, "WFA-WIN-02", Severity.REMINDER)
    exact = winter_steps().put("saratoga", sp={"continental": 4, "militia": 3})
    exact.step_actions = losses[:1]
    assert not illegal(run(winter, losses[0], exact), "WFA-WIN-02")


def test_w6_18_8_a_magazine_quarters_five_more() -> None:
    board = winter_steps().put("saratoga", sp={"continental": 9}, magazines=[COLONIAL])
    out = run(winter, WinterStep(step=2, kind="quartering"), board)
    (only,) = computed(out, "winter_quartering")
    assert only.result["lost"] == 0


def test_w6_18_10_both_sides_on_a_coastal_key_space_share_its_limit() -> None:
    board = winter_steps().put("boston", sp={"british": 14, "continental": 6})
    out = run(winter, WinterStep(step=2, kind="quartering"), board)
    lost = {c.inputs["side"]: c.result["lost"] for c in computed(out, "winter_quartering")}
    assert lost == {BRITISH: 2, COLONIAL: 0}


def test_18_5_no_quartering_in_1776() -> None:
    board = winter_steps(1776).put("saratoga", sp={"continental": 7})
    assert illegal(run(winter, quartering_loss("saratoga", 2), board), "WFA-WIN-02")


def test_18_5_no_quartering_in_the_caribbean() -> None:
    board = winter_steps().put("martinique", sp={"french": 2})
    loss = quartering_loss("martinique", 1, nation="french")
    assert illegal(run(winter, loss, board), "WFA-WIN-02")


# --- 18.2: the Six Nations; 19.6-19.7: lake navies ----------------------------------------------


def test_18_2_six_nations_away_from_their_villages_get_a_reminder() -> None:
    board = winter_steps().put("albany", sp={"six_nations": 1})
    out = run(winter, WinterStep(step=5, kind="six_nations_home"), board)
    assert of(out, "WFA-WIN-03", Severity.REMINDER)
    home = winter_steps().put("onondaga_village", sp={"six_nations": 1})
    out = run(winter, TurnBegan(step=6, year=1778, season="early_spring",
                                previous=(1777, "winter"), expected=None, shown=True,
                                markers_logged=True, administration=()), home)
    assert not of(out, "WFA-WIN-03", Severity.REMINDER) and applied(out, "WFA-WIN-03")


def test_19_6_lake_navies_are_frozen_in_winter() -> None:
    move = LakeNavyMoved(step=5, side=BRITISH, navy=BRITISH, origin="st_jean",
                         destination="valcour")
    assert illegal(run(winter, move, Board(season="winter", winter=True)), "WFA-WIN-04")
    assert not illegal(run(winter, move, Board()), "WFA-WIN-04")
    assert of(run(winter, move, Board(winter=None)), "WFA-WIN-04", Severity.UNCHECKED)


def test_19_7_a_lake_navy_forced_to_retreat_in_winter_is_destroyed() -> None:
    retreat = LakeNavyMoved(step=5, side=COLONIAL, navy=COLONIAL, origin="valcour",
                            destination="ticonderoga", retreat=True)
    assert illegal(run(winter, retreat, Board(season="winter", winter=True)), "WFA-WIN-04")
    assert not illegal(run(winter, retreat, Board()), "WFA-WIN-04")
