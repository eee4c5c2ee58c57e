"""Lake navies (digest §4.14 LAKE; WfA 19.1-19.11): appearance in the Fall Turn of 1776 on
Ticonderoga and St. Jean, sailing only among the lake spaces, retreat from enemy land
units, lake navy combat — judged on typed actions against positions on the fixture map."""

from __future__ import annotations

from adjudicator.findings import Severity
from adjudicator.systems.common.places import box
from adjudicator.systems.common.places import space as space_place
from adjudicator.systems.war_for_america.actions import BRITISH, COLONIAL, LakeNavyMoved
from adjudicator.systems.war_for_america.procedure import Pulse, PulseClosed, RoundOpened
from adjudicator.systems.war_for_america.rules import lakes
from adjudicator.systems.war_for_america.state import REMOVED, Holding
from tests.adjudicator.systems.war_for_america.test_rules_fortifications import (
    Board,
    applied,
    illegal,
    of,
    run,
)


def navy(board: Board, space: str, side: str) -> Board:
    """Put a lake navy on a space (keeping what is there)."""
    place = space_place(space)
    if place not in board.state.holdings:
        board.put(space)
    board.state.holdings[place].lake_navies.append(side)
    return board


def sail(side: str, origin: str | None, destination: str | None, step: int = 5
         ) -> LakeNavyMoved:
    return LakeNavyMoved(step=step, side=side, navy=side, origin=origin,
                         destination=destination)


def closed(side: str, step: int = 9, entered: frozenset[str] = frozenset()) -> PulseClosed:
    return PulseClosed(step=step, side=side, ap_markers_logged=False, pulse=Pulse(
        side=side, step=1, round=1, number=1, lake_entered=entered))


# --- 19.4: only the three lake spaces ----------------------------------------------------------


def test_19_4_a_lake_navy_sails_among_the_lake_spaces() -> None:
    board = navy(Board(), "valcour", BRITISH)
    out = run(lakes, sail(BRITISH, "st_jean", "valcour"), board)
    assert not illegal(out, "WFA-LAKE-02") and applied(out, "WFA-LAKE-02")


def test_19_4_a_lake_navy_never_leaves_the_lake() -> None:
    board = navy(Board(), "albany", COLONIAL)
    (finding,) = illegal(run(lakes, sail(COLONIAL, "ticonderoga", "albany"), board),
                         "WFA-LAKE-02")
    assert finding.expected == "a lake space" and "19.4" in finding.message


# --- 19.1-19.3: appearance ----------------------------------------------------------------------


def test_19_1_the_colonial_navy_appears_on_ticonderoga_in_fall_1776() -> None:
    board = navy(Board(year=1776, season="fall").put("ticonderoga", sp={"continental": 2}),
                 "ticonderoga", COLONIAL)
    out = run(lakes, sail(COLONIAL, "colonial_leader_pool", "ticonderoga"), board)
    assert not illegal(out, "WFA-LAKE-01") and applied(out, "WFA-LAKE-01")


def test_19_1_no_lake_navy_before_the_fall_of_1776() -> None:
    board = navy(Board(year=1776, season="early_summer").put("st_jean", sp={"british": 2}),
                 "st_jean", BRITISH)
    (finding,) = illegal(run(lakes, sail(BRITISH, "british_leader_pool", "st_jean"), board),
                         "WFA-LAKE-01")
    assert finding.expected == "Fall 1776 or later"


def test_19_1_the_british_navy_appears_on_st_jean_only() -> None:
    board = navy(Board(year=1777), "valcour", BRITISH)
    (finding,) = illegal(run(lakes, sail(BRITISH, None, "valcour"), board), "WFA-LAKE-01")
    assert finding.expected == "St. Jean"


def test_19_2_never_a_colonial_navy_on_a_british_ticonderoga() -> None:
    board = navy(Board(year=1777).put("ticonderoga", sp={"british": 3}), "ticonderoga",
                 COLONIAL)
    (finding,) = illegal(run(lakes, sail(COLONIAL, None, "ticonderoga"), board),
                         "WFA-LAKE-01")
    assert "19.2" in finding.message


def test_19_3_the_british_navy_waits_while_st_jean_is_colonial() -> None:
    board = navy(Board(year=1777).put("st_jean", sp={"militia": 1}), "st_jean", BRITISH)
    (finding,) = illegal(run(lakes, sail(BRITISH, None, "st_jean"), board), "WFA-LAKE-01")
    assert "19.3" in finding.message


def test_19_1_a_vacant_home_space_leaves_control_unread() -> None:
    board = navy(Board(year=1777), "ticonderoga", COLONIAL)
    out = run(lakes, sail(COLONIAL, None, "ticonderoga"), board)
    assert not illegal(out, "WFA-LAKE-01") and of(out, "WFA-LAKE-01", Severity.UNCHECKED)


def test_19_11_a_destroyed_colonial_navy_is_never_replaced() -> None:
    board = navy(Board(year=1778), "ticonderoga", COLONIAL)
    out = run(lakes, sail(COLONIAL, REMOVED.key, "ticonderoga"), board)
    assert illegal(out, "WFA-LAKE-04")


def test_19_1_a_navy_still_in_its_box_in_fall_1776_is_reminded() -> None:
    board = Board(year=1776, season="fall").put("ticonderoga", sp={"continental": 2})
    board.state.holdings[box("colonial_leader_pool")] = Holding(lake_navies=[COLONIAL])
    fact = RoundOpened(step=2, round=1, initiative=None, first_turn=False, limit=4)
    (reminder,) = of(run(lakes, fact, board), "WFA-LAKE-01", Severity.REMINDER)
    assert "Ticonderoga" in reminder.message
    navy(board, "ticonderoga", COLONIAL)
    board.state.holdings[box("colonial_leader_pool")] = Holding()
    assert not of(run(lakes, fact, board), "WFA-LAKE-01", Severity.REMINDER)


# --- 19.7: retreat from enemy land units --------------------------------------------------------


def test_19_7_the_navy_retreats_to_an_empty_lake_space() -> None:
    board = navy(Board(pulse_side=BRITISH).put("ticonderoga", sp={"british": 3}), "valcour",
                 COLONIAL)
    out = run(lakes, sail(COLONIAL, "ticonderoga", "valcour"), board)
    assert not illegal(out, "WFA-LAKE-03") and applied(out, "WFA-LAKE-03")


def test_19_7_the_navy_never_retreats_into_the_enemy() -> None:
    board = navy(Board(pulse_side=BRITISH).put("ticonderoga", sp={"british": 3})
                 .put("valcour", sp={"british": 1}), "valcour", COLONIAL)
    assert illegal(run(lakes, sail(COLONIAL, "ticonderoga", "valcour"), board),
                   "WFA-LAKE-03")


def test_19_7_destroyed_only_when_it_cannot_retreat() -> None:
    board = Board(pulse_side=BRITISH).put("ticonderoga", sp={"british": 3})
    (finding,) = illegal(run(lakes, sail(COLONIAL, "ticonderoga", REMOVED.key), board),
                         "WFA-LAKE-03")
    assert "Valcour" in (finding.expected or "")


def test_19_7_in_winter_the_navy_is_destroyed() -> None:
    board = Board(season="winter", winter=True, pulse_side=BRITISH).put(
        "ticonderoga", sp={"british": 3})
    out = run(lakes, sail(COLONIAL, "ticonderoga", REMOVED.key), board)
    assert not illegal(out, "WFA-LAKE-03") and applied(out, "WFA-LAKE-03")


def test_19_7_a_navy_left_with_enemy_land_units_at_the_end_of_their_ap() -> None:
    board = navy(Board().put("valcour", sp={"british": 2}), "valcour", COLONIAL)
    (finding,) = illegal(run(lakes, closed(BRITISH), board), "WFA-LAKE-03")
    assert finding.spaces == ("valcour",)
    assert not illegal(run(lakes, closed(COLONIAL), board), "WFA-LAKE-03")


# --- 19.8-19.10: lake navy combat -------------------------------------------------------------


def test_19_8_meeting_the_enemy_navy_means_combat_whose_odds_need_the_counters() -> None:
    board = navy(navy(Board(), "valcour", COLONIAL), "valcour", BRITISH)
    (note,) = of(run(lakes, sail(BRITISH, "st_jean", "valcour"), board), "WFA-LAKE-04",
                 Severity.UNCHECKED)
    assert "modifier" in note.message and note.needs


def test_19_10_both_navies_still_together_at_the_end_of_the_ap() -> None:
    board = navy(navy(Board(), "valcour", COLONIAL), "valcour", BRITISH)
    assert illegal(run(lakes, closed(BRITISH, entered=frozenset({"valcour"})), board),
                   "WFA-LAKE-04")


def test_19_8_navies_left_together_by_an_earlier_ap_are_not_reported_again() -> None:
    # The AP that brought them together was judged at its end (19.8: "combat must ensue").
    board = navy(navy(Board(), "valcour", COLONIAL), "valcour", BRITISH)
    assert not illegal(run(lakes, closed(COLONIAL), board), "WFA-LAKE-04")


def test_19_10_the_loser_removed_in_combat_is_not_a_refused_retreat() -> None:
    board = navy(Board().put("valcour", sp={"continental": 1}), "valcour", BRITISH)
    out = run(lakes, sail(COLONIAL, "valcour", REMOVED.key), board)
    assert not illegal(out, "WFA-LAKE-03") and applied(out, "WFA-LAKE-04")


def test_19_11_the_beaten_british_navy_goes_to_the_trt_for_next_spring() -> None:
    board = navy(Board(), "valcour", COLONIAL)
    out = run(lakes, sail(BRITISH, "valcour", "season_early_spring"), board)
    assert not of(out, "WFA-LAKE-04", Severity.REMINDER) and applied(out, "WFA-LAKE-04")
    (reminder,) = of(run(lakes, sail(BRITISH, "valcour", REMOVED.key), board), "WFA-LAKE-04",
                     Severity.REMINDER)
    assert "19.11" in reminder.message
