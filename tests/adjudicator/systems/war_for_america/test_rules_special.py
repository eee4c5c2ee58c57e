"""d'Estaing's and Rochambeau's French troops and the Six Nations (digest §4.14 SPC; WfA
14.29-14.32, 9.10, 13.0 Step 8) — on typed actions against positions on the fixture map."""

from __future__ import annotations

from adjudicator.findings import Severity
from adjudicator.systems.common.places import Place, PlaceKind
from adjudicator.systems.common.places import space as space_place
from adjudicator.systems.war_for_america.actions import (
    COLONIAL,
    Combat,
    FreeAction,
    FreeKind,
    LossTaken,
)
from adjudicator.systems.war_for_america.procedure import Pulse, PulseClosed
from adjudicator.systems.war_for_america.rules import special
from adjudicator.systems.war_for_america.state import EUROPE, Holding
from tests.adjudicator.systems.war_for_america.test_rules_fortifications import (
    Board,
    applied,
    computed,
    illegal,
    of,
    run,
)


def fleet_at(board: Board, place: Place, fleet_id: str) -> Board:
    board.state.holdings.setdefault(place, Holding()).fleets.append(fleet_id)
    board.state.fleet_at[fleet_id] = place
    return board


def french_moved(step: int = 9) -> PulseClosed:
    pulse = Pulse(side=COLONIAL, step=1, round=1, number=1, moved=frozenset({"sp:french:2"}))
    return PulseClosed(step=step, side=COLONIAL, pulse=pulse, ap_markers_logged=False)


ROCHAMBEAU_WAITING = Place(PlaceKind.TRACK, "season_fall")


def test_14_29_destaings_sp_stay_one_body() -> None:
    board = fleet_at(Board(pulse_side=COLONIAL).put("newport", sp={"french": 4}),
                     ROCHAMBEAU_WAITING, "rochambeau")
    out = run(special, french_moved(), board)
    assert not illegal(out, "WFA-SPC-01") and applied(out, "WFA-SPC-01")


def test_14_29_destaings_sp_cannot_be_broken_down() -> None:
    board = fleet_at(Board(pulse_side=COLONIAL).put("newport", sp={"french": 2})
                     .put("new_london", sp={"french": 2}), ROCHAMBEAU_WAITING, "rochambeau")
    (finding,) = illegal(run(special, french_moved(), board), "WFA-SPC-01")
    assert finding.observed == "2 places" and "14.29" in finding.message


def test_14_30_with_rochambeau_three_french_places_cannot_be_told_apart() -> None:
    board = fleet_at(Board(pulse_side=COLONIAL).put("newport", sp={"french": 4})
                     .put("new_london", sp={"french": 2}).put("new_haven", sp={"french": 2}),
                     space_place("newport"), "rochambeau")
    out = run(special, french_moved(), board)
    assert not illegal(out, "WFA-SPC-01") and of(out, "WFA-SPC-01", Severity.UNCHECKED)


def test_14_30_rochambeau_breaks_down_once_only_so_four_places_are_illegal() -> None:
    board = fleet_at(Board(pulse_side=COLONIAL).put("newport", sp={"french": 4})
                     .put("new_london", sp={"french": 2}).put("new_haven", sp={"french": 2})
                     .put("boston", sp={"french": 1}), EUROPE, "rochambeau")
    assert illegal(run(special, french_moved(), board), "WFA-SPC-01")


def test_14_32_rochambeau_rates_c_only_with_his_fleet_in_the_space() -> None:
    board = fleet_at(Board(pulse_side=COLONIAL).put("newport", sp={"french": 4,
                                                                    "british": 3}),
                     space_place("newport"), "rochambeau")
    battle = Combat(step=7, side=COLONIAL, space="newport", attacker_roll=7, defender_roll=6)
    (rating,) = computed(run(special, battle, board), "french_leader")
    assert rating.result == {"destaing_rating": "C", "rochambeau_rating": "C"}
    board = Board(pulse_side=COLONIAL).put("newport", sp={"french": 4, "british": 3})
    (rating,) = computed(run(special, battle, board), "french_leader")
    assert rating.result["rochambeau_rating"] == "none"


def test_9_10_activated_six_nations_are_a_free_action() -> None:
    action = FreeAction(step=3, side=COLONIAL, kind=FreeKind.SIX_NATIONS)
    assert applied(run(special, action, Board()), "WFA-SPC-02")


def test_13_0_step_8_six_nations_first_is_unchecked_without_the_card() -> None:
    board = Board().put("albany", sp={"six_nations": 1, "militia": 1})
    loss = LossTaken(step=8, side=COLONIAL, space="albany", units=("sp:militia",), sp=1,
                     cause="combat")
    out = run(special, loss, board)
    assert not illegal(out, "WFA-SPC-02") and of(out, "WFA-SPC-02", Severity.UNCHECKED)
    first = LossTaken(step=8, side=COLONIAL, space="albany", units=("sp:six_nations",), sp=1,
                      cause="combat")
    assert applied(run(special, first, board), "WFA-SPC-02")
