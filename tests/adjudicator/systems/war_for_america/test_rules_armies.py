"""Armies (digest §4.13 ARMY; WfA 11.19–11.25, 19.18–19.19) on positions built over the
fixture data."""

from __future__ import annotations

import pytest

from adjudicator.findings import Severity
from adjudicator.systems.common.outcomes import Outcome
from adjudicator.systems.common.sequence import Knowledge
from adjudicator.systems.war_for_america.actions import (
    BRITISH,
    COLONIAL,
    ArmyCreated,
    DroppedOff,
)
from adjudicator.systems.war_for_america.procedure import (
    ACTION_CYCLE,
    Placement,
    Pulse,
    PulseClosed,
    WfAProcedure,
)
from adjudicator.systems.war_for_america.rules import armies
from adjudicator.systems.war_for_america.rules.armies import army_box
from adjudicator.systems.war_for_america.rules.context import Context
from tests.adjudicator.systems.war_for_america.test_rules_control import (
    Board,
    applied,
    fixture_data,
    violations,
)


def _create(board: Board, army: str = "w", space: str = "philadelphia", *,
            year: int = 1776) -> list[Outcome]:
    board.put(f"army:{army}", space)
    action = ArmyCreated(step=5, side=COLONIAL, army=army, space=space)
    return list(armies.judge(action, board.ctx(year=year, season="fall", pulse=COLONIAL)))


def _washington(space: str = "philadelphia", leader: str = "washington",
                sp: int = 5) -> Board:
    return Board().put(f"leader:{leader}", space).put(f"sp:continental:{sp}", space)


def test_11_20_all_six_conditions_met() -> None:
    outcomes = _create(_washington())
    assert not violations(outcomes, "WFA-ARMY-01")
    assert not violations(outcomes, "WFA-ARMY-01", Severity.UNCHECKED)
    assert applied(outcomes, "WFA-ARMY-01")


def test_11_20_units_already_on_the_army_card_count() -> None:
    board = Board().put("leader:washington", army_box("w")).put("sp:continental:5",
                                                               army_box("w"))
    assert not violations(_create(board), "WFA-ARMY-01")


@pytest.mark.parametrize(("board", "army", "space", "year", "words"), [
    (_washington(), "w", "philadelphia", 1775, "it is 1775"),
    (_washington(sp=4).put("sp:militia:3", "philadelphia"), "w", "philadelphia", 1776,
     "4 SP of regulars"),
    (_washington(leader="lee"), "w", "philadelphia", 1776, "3★"),
    (_washington().put("siege", "philadelphia"), "w", "philadelphia", 1776, "under siege"),
    (_washington(), "s_colonial", "philadelphia", 1776, "outside the Region"),
    (_washington("montreal"), "w", "montreal", 1776, "outside the Region"),
    (_washington("newport").put("sp:british:3", "newport"), "n_colonial", "newport", 1776,
     "not friendly"),
], ids=["11.20-1776-or-later", "11.20-five-sp-of-regulars", "11.20-a-three-star-leader",
        "11.20-not-under-siege", "11.19-south-army-in-the-north",
        "11.19-washington-in-the-13-colonies", "11.20-a-friendly-space"])
def test_11_20_a_condition_broken_is_illegal(board: Board, army: str, space: str, year: int,
                                             words: str) -> None:
    (finding,) = violations(_create(board, army, space, year=year), "WFA-ARMY-01")
    assert words in finding.message


def test_11_23_a_replacement_counter_is_not_judged_as_a_creation() -> None:
    """11.23: the army counter of the new Region replaces one that moved out of its
    Region: the creation conditions of 11.20 (1776, a friendly space …) do not apply."""
    board = _washington(sp=4).put("army:s_colonial", "charleston")
    action = ArmyCreated(step=5, side=COLONIAL, army="s_colonial", space="charleston",
                         replaces="n_colonial")
    outcomes = list(armies.judge(action, board.ctx(year=1775, season="fall",
                                                   pulse=COLONIAL)))
    assert not violations(outcomes, "WFA-ARMY-01")


def test_11_20_an_loc_beyond_the_space_is_unchecked() -> None:
    """Albany is an inland key space: a Colonial supply source itself (16.3)."""
    assert not violations(_create(_washington("albany"), "n_colonial", "albany"),
                          "WFA-ARMY-01", Severity.UNCHECKED)
    outcomes = _create(_washington("saratoga"), "n_colonial", "saratoga")
    (unknown,) = violations(outcomes, "WFA-ARMY-01", Severity.UNCHECKED)
    assert "LOC" in unknown.message


def _closed(board: Board, side: str) -> list[Outcome]:
    fact = PulseClosed(step=9, pulse=Pulse(side=side, step=5, round=1, number=1),
                       ap_markers_logged=True)
    return list(armies.judge(fact, board.ctx(pulse=side)))


def test_11_22_an_army_never_exceeds_20_sp() -> None:
    board = Board().put("army:r", "new_york_city").put("sp:british:5", army_box("r"), 4)
    assert not violations(_closed(board, BRITISH), "WFA-ARMY-02")
    board.put("sp:german:1", army_box("r"))
    (finding,) = violations(_closed(board, BRITISH), "WFA-ARMY-02")
    assert finding.observed == "21 SP"
    assert _closed(board, COLONIAL) == []


def _dropped(board: Board, moved: frozenset[str], dropped: frozenset[str] = frozenset(),
             space: str = "albany") -> list[Outcome]:
    board.put("garrison:british", space)
    pulse = Pulse(side=BRITISH, step=2, round=1, number=1, moved=moved, dropped=dropped)
    ctx = Context(WfAProcedure(year=1777, season="fall", pulse=pulse),
                  Placement(ACTION_CYCLE, Knowledge.SHOWN, "test", pulse=pulse),
                  data=fixture_data(), state=board.state)
    action = DroppedOff(step=6, side=BRITISH, space=space, units=("garrison:british",))
    return list(armies.judge(action, ctx))


def test_19_19_an_army_leaves_a_garrison_on_an_empty_space() -> None:
    outcomes = _dropped(Board(), frozenset({"army:r", "garrison:british"}))
    assert not violations(outcomes, "WFA-ARMY-03") and applied(outcomes, "WFA-ARMY-03")


def test_19_18_only_armies_place_british_garrisons() -> None:
    outcomes = _dropped(Board(), frozenset({"sp:british:3", "garrison:british"}))
    assert violations(outcomes, "WFA-ARMY-03")


def test_19_19_not_on_an_enemy_space() -> None:
    board = Board().put("sp:militia:1", "albany")
    assert violations(_dropped(board, frozenset({"army:r"})), "WFA-ARMY-03")


def test_19_19_a_second_garrison_in_one_move_is_a_check() -> None:
    outcomes = _dropped(Board(), frozenset({"army:r"}), frozenset({"garrison:british"}))
    assert not violations(outcomes, "WFA-ARMY-03")
    assert violations(outcomes, "WFA-ARMY-03", Severity.CHECK)

