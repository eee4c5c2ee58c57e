"""The Caribbean (digest §4.14 CAR; WfA 19.28-19.35, 14.12, 13.5): four SP a nation, land
units at sea only when carried, every enemy move onto an island an immediate amphibious
attack, and no defender retreat — judged on typed actions against positions on the fixture
map (made-up islands: Martinique French, St. Lucia British, the Trade Wind Arrow)."""

from __future__ import annotations

from adjudicator.findings import Severity
from adjudicator.systems.common.places import Place, PlaceKind
from adjudicator.systems.common.places import space as space_place
from adjudicator.systems.war_for_america.actions import (
    BRITISH,
    COLONIAL,
    EnemyEntered,
    ForceMoved,
    NavalTransport,
    Retreated,
)
from adjudicator.systems.war_for_america.procedure import Pulse, PulseClosed
from adjudicator.systems.war_for_america.rules import caribbean
from adjudicator.systems.war_for_america.state import Holding
from tests.adjudicator.systems.war_for_america.test_rules_fortifications import (
    Board,
    applied,
    illegal,
    of,
    run,
)

ARROW = Place(PlaceKind.ZONE, "trade_wind_arrow")


def fleet(board: Board, place: Place, fleet_id: str) -> Board:
    board.state.holdings.setdefault(place, Holding()).fleets.append(fleet_id)
    board.state.fleet_at[fleet_id] = place
    return board


def closed(side: str, step: int = 9) -> PulseClosed:
    return PulseClosed(step=step, side=side, pulse=Pulse(side=side, step=1, round=1, number=1),
                       ap_markers_logged=False)


# --- 19.28: at most 4 SP a nation on a space -----------------------------------------------------


def test_19_28_four_sp_of_a_nation_is_the_most() -> None:
    board = Board(pulse_side=BRITISH).put("st_lucia", sp={"british": 4, "german": 3})
    move = NavalTransport(step=4, side=BRITISH, origin="halifax", destination="st_lucia",
                          units=("sp:british:2",), sp=2)
    out = run(caribbean, move, board)
    assert not illegal(out, "WFA-CAR-01") and applied(out, "WFA-CAR-01")


def test_19_28_a_fifth_sp_of_a_nation_is_illegal() -> None:
    board = Board(pulse_side=BRITISH).put("st_lucia", sp={"british": 5})
    move = NavalTransport(step=4, side=BRITISH, origin="halifax", destination="st_lucia",
                          units=("sp:british:3",), sp=3)
    (finding,) = illegal(run(caribbean, move, board), "WFA-CAR-01")
    assert finding.observed == "5 SP" and finding.spaces == ("st_lucia",)


def test_19_18_a_garrisons_2_sp_leave_the_limit_ambiguous() -> None:
    board = Board(pulse_side=COLONIAL).put("fixture_main", sp={"spanish": 3},
                                           garrisons={"spanish": 1})
    move = ForceMoved(step=4, side=COLONIAL, origin="fixture_main", destination="fixture_main",
                      units=("sp:spanish:1",), sp=1)
    out = run(caribbean, move, board)
    (note,) = of(out, "WFA-CAR-01", Severity.UNCHECKED)
    assert not illegal(out, "WFA-CAR-01") and "A-23" in note.message


def test_19_28_the_limit_is_the_caribbeans_only() -> None:
    board = Board(pulse_side=BRITISH).put("halifax", sp={"british": 9})
    move = ForceMoved(step=4, side=BRITISH, origin="quebec", destination="halifax",
                      units=("sp:british:5",), sp=5)
    assert not run(caribbean, move, board)


# --- 19.29-19.30: land units at sea only when carried ---------------------------------------------


def test_19_29_french_sp_at_sea_with_their_fleet() -> None:
    board = fleet(Board(pulse_side=COLONIAL), ARROW, "destaing")
    board.state.holdings[ARROW].sp["french"] = 4
    out = run(caribbean, closed(COLONIAL), board)
    assert not illegal(out, "WFA-CAR-02") and applied(out, "WFA-CAR-02")


def test_19_30_french_sp_at_sea_without_a_fleet_is_illegal() -> None:
    board = Board(pulse_side=COLONIAL)
    board.state.holdings[ARROW] = Holding()
    board.state.holdings[ARROW].sp["french"] = 4
    (finding,) = illegal(run(caribbean, closed(COLONIAL), board), "WFA-CAR-02")
    assert "19.29" in finding.message


def test_20_2_a_card_played_in_the_ap_may_carry_them() -> None:
    board = Board(pulse_side=COLONIAL)
    board.state.holdings[ARROW] = Holding()
    board.state.holdings[ARROW].sp["continental"] = 2
    pulse = Pulse(side=COLONIAL, step=1, round=1, number=1,
                  cards=((COLONIAL, "naval_transport"),))
    fact = PulseClosed(step=9, side=COLONIAL, pulse=pulse, ap_markers_logged=False)
    out = run(caribbean, fact, board)
    assert not illegal(out, "WFA-CAR-02") and of(out, "WFA-CAR-02", Severity.UNCHECKED)


def test_14_9_british_naval_transport_may_end_at_sea() -> None:
    board = Board(pulse_side=BRITISH)
    board.state.holdings[ARROW] = Holding()
    board.state.holdings[ARROW].sp["british"] = 3
    assert not illegal(run(caribbean, closed(BRITISH), board), "WFA-CAR-02")


# --- 19.31, 19.34-19.35: the compulsory amphibious attack ----------------------------------------


def test_19_31_entering_an_enemy_island_is_an_amphibious_attack() -> None:
    board = Board(pulse_side=BRITISH).put("martinique", sp={"british": 3, "french": 2})
    entered = EnemyEntered(step=4, side=BRITISH, space="martinique", sp=3, enemy_sp=2)
    assert applied(run(caribbean, entered, board), "WFA-CAR-03")


def test_19_31_an_island_left_contested_at_the_end_of_the_ap_is_illegal() -> None:
    board = Board(pulse_side=BRITISH).put("martinique", sp={"british": 3, "french": 2})
    (finding,) = illegal(run(caribbean, closed(BRITISH), board), "WFA-CAR-03")
    assert finding.spaces == ("martinique",)


def test_19_35_the_defender_never_retreats_in_the_caribbean() -> None:
    board = Board(pulse_side=BRITISH).put("martinique", sp={"british": 3})
    back = Retreated(step=6, side=COLONIAL, origin="martinique", destination="st_eustasius",
                     units=("sp:french:2",))
    (finding,) = illegal(run(caribbean, back, board), "WFA-CAR-04")
    assert finding.expected == "surrender or stay"
    marked = Retreated(step=6, side=COLONIAL, origin="martinique", destination="st_eustasius",
                       units=("sp:french:2",), attacker=False)
    assert illegal(run(caribbean, marked, Board(pulse_side=COLONIAL)), "WFA-CAR-04")


def test_19_35_the_beaten_attacker_goes_back_with_its_fleet() -> None:
    board = fleet(Board(pulse_side=BRITISH).put("martinique", sp={"french": 2})
                  .put("st_lucia", sp={"british": 3}), space_place("st_lucia"), "channel_fleet")
    back = Retreated(step=6, side=BRITISH, origin="martinique", destination="st_lucia",
                     units=("sp:british:3",), by_sea=True)
    out = run(caribbean, back, board)
    assert not illegal(out, "WFA-CAR-04") and not illegal(out, "WFA-CAR-05")
    assert of(out, "WFA-CAR-04", Severity.UNCHECKED)  # the closest port needs distances


def test_19_35_the_attacker_never_retreats_onto_the_enemy() -> None:
    board = fleet(Board(pulse_side=BRITISH).put("martinique", sp={"french": 2})
                  .put("st_eustasius", sp={"british": 3, "dutch": 1}),
                  space_place("st_eustasius"), "channel_fleet")
    back = Retreated(step=6, side=BRITISH, origin="martinique", destination="st_eustasius",
                     units=("sp:british:3",), by_sea=True)
    assert illegal(run(caribbean, back, board), "WFA-CAR-04")


def test_14_12_british_transport_without_a_fleet_surrenders_instead() -> None:
    board = Board(pulse_side=BRITISH).put("martinique", sp={"french": 2}).put(
        "st_lucia", sp={"british": 3})
    back = Retreated(step=6, side=BRITISH, origin="martinique", destination="st_lucia",
                     units=("sp:british:3",), by_sea=True)
    (finding,) = illegal(run(caribbean, back, board), "WFA-CAR-05")
    assert finding.expected == "surrender"
