"""Where forces may go and must stay (digest MOV-11, -12, -13, -16, -17): militia in their
Region, Florida, armies in their Regions, the French troops and the siege mortars — WfA
3.3, 10.6, 10.15-10.17, 11.19-11.24, 14.29-14.31, 19.15 on the fixture map."""

from __future__ import annotations

from dataclasses import replace

import pytest

from adjudicator.findings import Severity
from adjudicator.systems.common.places import Place, PlaceKind
from adjudicator.systems.war_for_america.actions import (
    BRITISH,
    COLONIAL,
    FleetMoved,
    ForceMoved,
    MortarMoved,
    Retreated,
)
from adjudicator.systems.war_for_america.procedure import Pulse, PulseClosed
from adjudicator.systems.war_for_america.rules.confinement import judge
from adjudicator.systems.war_for_america.state import WfAState
from tests.adjudicator.systems.war_for_america.test_rules_forces import (
    applied,
    context,
    found,
    on,
    pulse_of,
    put,
)


def _closed(pulse: Pulse) -> PulseClosed:
    return PulseClosed(step=9, side=pulse.side, pulse=pulse, ap_markers_logged=False)


def _militia(destination: str) -> ForceMoved:
    return ForceMoved(step=5, side=COLONIAL, origin="philadelphia", destination=destination,
                      units=("sp:militia:1", "sp:continental:2"), sp=3)


def test_10_17_militia_never_leave_their_region() -> None:
    out = list(judge(_militia("wilmington_de"), context(year=1776)))
    (finding,) = found(out, "WFA-MOV-11")
    assert "Middle States" in finding.message and "Tidewater" in finding.message
    within = list(judge(_militia("sandy_hook"), context(year=1776)))
    assert not found(within, "WFA-MOV-11") and applied(within, "WFA-MOV-11")


def test_10_6_start_militia_before_1776_are_not_judged() -> None:
    out = list(judge(_militia("wilmington_de"), context(year=1775)))
    assert not found(out, "WFA-MOV-11")
    assert found(out, "WFA-MOV-11", Severity.UNCHECKED)


def test_10_15_militia_retreated_out_of_their_region_are_removed() -> None:
    retreat = Retreated(step=5, side=COLONIAL, origin="philadelphia",
                        destination="wilmington_de", units=("sp:militia:2",))
    assert found(judge(retreat, context()), "WFA-MOV-11", Severity.REMINDER)


@pytest.mark.parametrize(("units", "illegal"), [
    (("sp:spanish:2",), False), (("sp:british:3", "sp:loyalist:1"), False),
    (("sp:continental:2",), True), (("sp:french:2",), True)],
    ids=["spanish", "british", "continental", "french"])
def test_3_3_only_british_and_spanish_enter_florida(units: tuple[str, ...],
                                                    illegal: bool) -> None:
    move = ForceMoved(step=5, side=COLONIAL, origin="savannah", destination="st_augustine",
                      units=units, sp=2)
    out = list(judge(move, context()))
    assert bool(found(out, "WFA-MOV-12")) is illegal and applied(out, "WFA-MOV-12")


def test_3_3_only_british_and_spanish_fleets_in_florida() -> None:
    french = FleetMoved(step=5, side=COLONIAL, fleet="destaing", origin="florida_obz",
                        destination="st_augustine")
    assert found(judge(french, context()), "WFA-MOV-12")
    # 3.3's Regions are land spaces: whether the Florida OBZ is "in Florida" is open.
    at_sea = replace(french, origin="deep_south_obz", destination="florida_obz")
    out = list(judge(at_sea, context()))
    assert not found(out, "WFA-MOV-12") and found(out, "WFA-MOV-12", Severity.UNCHECKED)
    spanish = FleetMoved(step=5, side=COLONIAL, fleet="spanish_fleet",
                         origin="deep_south_obz", destination="florida_obz")
    assert not found(judge(spanish, context()), "WFA-MOV-12")


def test_11_23_an_army_moved_out_of_its_region_must_be_replaced() -> None:
    state = WfAState()
    on(state, "baltimore", "army:r")
    moved = pulse_of(BRITISH, origin="wilmington_de", at="baltimore", moved=("army:r",))
    (finding,) = found(judge(_closed(moved), context(state)), "WFA-MOV-13")
    assert "Royal Army" in finding.message
    forced = pulse_of(BRITISH, origin="boston", at="newport", moved=("sp:british:3",))
    assert found(judge(_closed(forced), context(state)), "WFA-MOV-13", Severity.REMINDER)


def test_11_19_washingtons_army_operates_in_the_13_colonies() -> None:
    state = WfAState()
    on(state, "baltimore", "army:w")
    pulse = pulse_of(COLONIAL, origin="wilmington_de", at="baltimore", moved=("army:w",))
    out = list(judge(_closed(pulse), context(state)))
    assert not found(out, "WFA-MOV-13") and applied(out, "WFA-MOV-13")


def _fleet(state: WfAState, fleet: str, where: Place) -> None:
    put(state, where, f"fleet:{fleet}")


def test_14_29_french_seasonal_troops_end_with_a_french_fleet() -> None:
    state = WfAState()
    on(state, "norfolk", "sp:french:2")
    pulse = pulse_of(COLONIAL, origin="portsmouth_va", at="norfolk", moved=("sp:french:2",))
    assert found(judge(_closed(pulse), context(state)), "WFA-MOV-16")
    _fleet(state, "destaing", Place(PlaceKind.SPACE, "norfolk"))
    out = list(judge(_closed(pulse), context(state)))
    assert not found(out, "WFA-MOV-16") and applied(out, "WFA-MOV-16")


def test_14_31_rochambeaus_troops_within_two_spaces_of_his_fleet() -> None:
    state = WfAState()
    on(state, "fredericksburg", "sp:french:3")
    _fleet(state, "rochambeau", Place(PlaceKind.SPACE, "baltimore"))   # two lines away
    pulse = pulse_of(COLONIAL, origin="richmond", at="fredericksburg",
                     moved=("sp:french:3",))
    assert not found(judge(_closed(pulse), context(state)), "WFA-MOV-16")
    far = WfAState()
    on(far, "richmond", "sp:french:3")
    _fleet(far, "rochambeau", Place(PlaceKind.SPACE, "baltimore"))     # three lines away
    at_richmond = pulse_of(COLONIAL, origin="fredericksburg", at="richmond",
                           moved=("sp:french:3",))
    assert found(judge(_closed(at_richmond), context(far)), "WFA-MOV-16")


def test_19_15_mortars_within_one_space_of_rochambeaus_fleet() -> None:
    state = WfAState()
    on(state, "wilmington_de", "mortar")
    _fleet(state, "rochambeau", Place(PlaceKind.SPACE, "baltimore"))
    pulse = pulse_of(BRITISH)
    out = list(judge(_closed(pulse), context(state)))
    assert not found(out, "WFA-MOV-17") and applied(out, "WFA-MOV-17")
    far = WfAState()
    on(far, "philadelphia", "mortar")
    _fleet(far, "rochambeau", Place(PlaceKind.SPACE, "baltimore"))
    assert found(judge(_closed(pulse), context(far)), "WFA-MOV-17")
    at_sea = WfAState()
    on(at_sea, "baltimore", "mortar")
    _fleet(at_sea, "rochambeau", Place(PlaceKind.ZONE, "tidewater_obz"))
    assert not found(judge(_closed(pulse), context(at_sea)), "WFA-MOV-17")


def test_19_16_landed_mortars_move_only_one_space() -> None:
    state = WfAState()
    on(state, "new_haven", "mortar")
    _fleet(state, "rochambeau", Place(PlaceKind.SPACE, "new_london"))
    def moved(origin: str) -> MortarMoved:
        return MortarMoved(step=5, side=COLONIAL, origin=origin, destination="new_haven")
    out = list(judge(moved("new_london"), context(state)))
    assert not found(out, "WFA-MOV-17") and applied(out, "WFA-MOV-17")
    assert found(judge(moved("newport"), context(state)), "WFA-MOV-17")   # two spaces
    embarked = WfAState()
    on(embarked, "new_haven", "mortar")
    _fleet(embarked, "rochambeau", Place(PlaceKind.SPACE, "new_haven"))   # with the fleet
    assert not list(judge(moved("newport"), context(embarked)))
