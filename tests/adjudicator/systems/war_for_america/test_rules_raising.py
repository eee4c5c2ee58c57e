"""Raising units (digest §4.13 RAISE, MIL, LOY; WfA 10.1–10.24) judged on `UnitsRaised`
placements over positions built on the fixture data."""

from __future__ import annotations

import pytest

from adjudicator.findings import Severity
from adjudicator.systems.common.outcomes import Computed, Outcome
from adjudicator.systems.common.places import box
from adjudicator.systems.war_for_america.actions import (
    BRITISH,
    COLONIAL,
    FreeAction,
    FreeKind,
    MilitiaRaisedMarked,
    RaiseKind,
    StartUnitsPlaced,
    UnitsRaised,
)
from adjudicator.systems.war_for_america.data import load_data
from adjudicator.systems.war_for_america.procedure import (
    ACTION_CYCLE,
    REINFORCEMENT,
    SETUP,
    TurnBegan,
)
from adjudicator.systems.war_for_america.rules import (
    RULES,
    continentals,
    loyalists,
    militia,
)
from adjudicator.systems.war_for_america.rules.placing import half_up
from tests.adjudicator.systems.war_for_america.test_rules_control import (
    Board,
    applied,
    violations,
)


def test_families_are_registered() -> None:
    for module in (continentals, militia, loyalists):
        assert module.FAMILY in RULES.families


def _raised(kind: RaiseKind, nation: str, place: str, sp: int, side: str = COLONIAL,
            roll: int | None = None, region: str | None = None) -> UnitsRaised:
    return UnitsRaised(step=3, side=side, kind=kind, place=place, units=(f"sp:{nation}",),
                       sp=sp, roll=roll, region=region)


def _levy(board: Board, place: str, sp: int, *, year: int = 1776,
          season: str = "early_spring", roll: int | None = None,
          region: str | None = None) -> list[Outcome]:
    """Put `sp` Continental SP on `place` (the step's effect) and judge the placement."""
    board.put(f"sp:continental:{sp}", place)
    action = _raised(RaiseKind.CONTINENTAL_LEVY, "continental", place, sp, roll=roll,
                     region=region)
    return list(continentals.judge(action, board.ctx(year=year, season=season, pulse=None,
                                                     phase=REINFORCEMENT)))


# --- Continentals (WfA 10.2-10.5, 4.12) -----------------------------------------------------


def test_10_2_a_levy_in_early_spring_1776_is_legal() -> None:
    outcomes = _levy(Board(), "philadelphia", 2)
    assert not [o for o in outcomes if getattr(o, "severity", None) is Severity.ILLEGAL]
    for rule in ("WFA-RAISE-01", "WFA-RAISE-02", "WFA-RAISE-03", "WFA-RAISE-04"):
        assert applied(outcomes, rule), rule


@pytest.mark.parametrize(("year", "season"), [(1775, "early_spring"), (1777, "fall")],
                         ids=["10.2-not-in-1775", "10.2-only-early-spring"])
def test_10_2_a_levy_at_another_time_is_illegal(year: int, season: str) -> None:
    (finding,) = violations(_levy(Board(), "philadelphia", 2, year=year, season=season),
                            "WFA-RAISE-01")
    assert "Early Spring" in finding.message


def test_10_2_never_more_than_40_continentals_on_the_board() -> None:
    """35 SP at Albany and 5 on Washington's Army Card (on the board, 11.21), then 1."""
    board = Board().put("sp:continental:5", "albany", 7).put("sp:continental:5",
                                                             box("army_w"))
    (finding,) = violations(_levy(board, "philadelphia", 1), "WFA-RAISE-02")
    assert finding.observed == "41"
    assert not violations(_levy(Board().put("sp:continental:5", "albany", 7),
                                "philadelphia", 1), "WFA-RAISE-02")


def test_10_4_at_most_four_sp_a_space() -> None:
    assert violations(_levy(Board(), "philadelphia", 5), "WFA-RAISE-03")
    assert not violations(_levy(Board(), "philadelphia", 4), "WFA-RAISE-03")


def test_10_4_only_in_the_colonies_listed() -> None:
    (finding,) = violations(_levy(Board(), "montreal", 1), "WFA-RAISE-03")
    assert "outside the 13 Colonies" in finding.message


def test_4_12_10_5_none_in_a_british_controlled_colony() -> None:
    board = Board().put("sp:british:5", "boston")
    (finding,) = violations(_levy(board, "boston", 2), "WFA-RAISE-04")
    assert "MA" in finding.message
    assert not violations(_levy(Board(), "boston", 2), "WFA-RAISE-04")


def test_levy_rules_withheld_when_it_may_be_a_reinforcement() -> None:
    """Bundled data: the reinforcement charts are not complete, so a Continental placed
    in 1775 may be a reinforcement: unchecked, not illegal."""
    board = Board()
    board.put("sp:continental:2", "philadelphia")
    action = _raised(RaiseKind.CONTINENTAL_LEVY, "continental", "philadelphia", 2)
    outcomes = list(continentals.judge(action, board.ctx(year=1775, data=load_data([]))))
    assert not violations(outcomes, "WFA-RAISE-01")
    assert violations(outcomes, "WFA-RAISE-01", Severity.UNCHECKED)


def test_10_3_the_levy_roll_with_the_british_control_modifier() -> None:
    """Fixture CLT, Tidewater: roll 9 → 4 SP; with Maryland British-controlled (Baltimore,
    a coastal key space) −1 → 8 → 3 SP (once per Region, A-19)."""
    outcomes = _levy(Board(), "richmond", 1, roll=9, region="tidewater")
    (free,) = [o for o in outcomes if isinstance(o, Computed)]
    assert free.result == {"sp": 4}
    outcomes = _levy(Board().put("sp:british:5", "baltimore"), "richmond", 1, roll=9,
                     region="tidewater")
    (modified,) = [o for o in outcomes if isinstance(o, Computed)]
    assert (modified.inputs["modifier"], modified.result) == (-1, {"sp": 3})


def test_10_3_an_unknown_colony_leaves_the_modifier_unchecked() -> None:
    """The fixture gives New Hampshire no key space: whether it is British is unknown."""
    outcomes = _levy(Board(), "new_haven", 1, roll=8, region="new_england")
    assert not [o for o in outcomes if isinstance(o, Computed)]
    assert violations(outcomes, "WFA-RAISE-01", Severity.UNCHECKED)


def test_19_12_from_1780_the_lowest_clt_value() -> None:
    outcomes = _levy(Board(), "new_haven", 1, year=1780, region="new_england")
    (lowest,) = [o for o in outcomes if isinstance(o, Computed)]
    assert lowest.result == {"sp": 1}


# --- Militia (WfA 10.6-10.17) ---------------------------------------------------------------


def _militia(board: Board, place: str, sp: int, roll: int | None = None) -> list[Outcome]:
    board.put(f"sp:militia:{sp}", place)
    action = _raised(RaiseKind.MILITIA, "militia", place, sp, roll=roll)
    return list(militia.judge(action, board.ctx(year=1776, season="early_spring",
                                                pulse=BRITISH)))


def test_10_12_militia_on_a_free_space_of_a_colonial_colony() -> None:
    outcomes = _militia(Board(), "new_haven", 2)
    assert not [o for o in outcomes if getattr(o, "severity", None) in (
        Severity.ILLEGAL, Severity.CHECK)]
    assert applied(outcomes, "WFA-MIL-03") and applied(outcomes, "WFA-MIL-04")


def test_10_12_at_most_four_militia_a_space() -> None:
    assert violations(_militia(Board(), "albany", 5), "WFA-MIL-04")


def test_10_17_no_militia_in_a_british_controlled_colony() -> None:
    board = Board().put("sp:british:5", "boston")
    (finding,) = violations(_militia(board, "boston", 1), "WFA-MIL-03")
    assert "MA" in finding.message


def test_10_12_a_british_held_space_is_a_check_for_the_re_raise() -> None:
    board = Board().put("sp:british:2", "albany")
    outcomes = _militia(board, "albany", 1)
    assert not violations(outcomes, "WFA-MIL-04")
    assert violations(outcomes, "WFA-MIL-05", Severity.CHECK)


def test_10_17_more_militia_than_the_mmc_is_a_check() -> None:
    """Fixture MMC: Connecticut 3."""
    board = Board().put("sp:militia:2", "new_london")
    (check,) = violations(_militia(board, "new_haven", 2), "WFA-MIL-03", Severity.CHECK)
    assert "4 militia SP are in CT" in check.message


def test_10_6_dotted_start_militia_do_not_count_against_the_mmc() -> None:
    """10.6: the start militia "do not count against the militia values listed on the
    Militia Maximums Chart": 2 dotted + 3 new in Connecticut (MMC 3) is no check."""
    board = Board().put("sp:militia:2:start", "new_london")
    outcomes = _militia(board, "new_haven", 3)
    assert not violations(outcomes, "WFA-MIL-03", Severity.CHECK)
    (check,) = violations(_militia(board, "new_london", 1), "WFA-MIL-03", Severity.CHECK)
    assert "besides 2 dotted start militia" in check.message


def _returned(phase: str | None, year: int = 1777) -> list[Outcome]:
    board = Board().put("sp:militia:1:start", "boston")
    action = StartUnitsPlaced(step=6, side=COLONIAL, nation="militia", sp=1,
                              places=("boston",))
    return list(militia.judge(action, board.ctx(year=year, phase=phase)))  # type: ignore[arg-type]


def test_10_6_start_militia_never_return() -> None:
    """10.6: "if destroyed, never return to the game": more dotted militia in play after
    the set-up is illegal; at the set-up they start the game."""
    assert violations(_returned(ACTION_CYCLE), "WFA-MIL-06")
    assert violations(_returned(REINFORCEMENT), "WFA-MIL-06")
    at_setup = _returned(SETUP, year=1775)
    assert not violations(at_setup, "WFA-MIL-06") and applied(at_setup, "WFA-MIL-06")


def test_10_6_a_return_in_an_unknown_phase_of_1775_is_unchecked() -> None:
    outcomes = _returned(None, year=1775)
    assert not violations(outcomes, "WFA-MIL-06")
    assert violations(outcomes, "WFA-MIL-06", Severity.UNCHECKED)


def test_dotted_loyalists_may_come_back_the_rulebook_says_nothing_of_them() -> None:
    """10.24 only keeps dotted Loyalists out of the chart totals."""
    board = Board()
    action = StartUnitsPlaced(step=6, side=BRITISH, nation="loyalist", sp=1)
    assert list(militia.judge(action, board.ctx(year=1777))) == []


def test_10_9_the_muster_portion() -> None:
    """Fixture LMMC: 2 → half; MMC Connecticut 3 → 2 (rounded up)."""
    (computed,) = [o for o in _militia(Board(), "new_haven", 2, roll=2)
                   if isinstance(o, Computed)]
    assert computed.result == {"sp": 2, "portion": "half"}
    assert half_up(3) == 2


def test_militia_outside_the_colonies_is_illegal_unless_a_card_was_played() -> None:
    board = Board().put("sp:militia:1", "montreal")
    action = _raised(RaiseKind.MILITIA, "militia", "montreal", 1)
    assert violations(militia.judge(action, board.ctx(pulse=COLONIAL)), "WFA-MIL-04")
    withheld = list(militia.judge(action, board.ctx(pulse=COLONIAL, cards=("some_card",))))
    assert not violations(withheld, "WFA-MIL-04")
    assert violations(withheld, "WFA-MIL-04", Severity.UNCHECKED)


def test_10_7_early_spring_1776_reminds_the_regions_with_british_regulars() -> None:
    board = Board().put("sp:british:5", "boston").put("sp:loyalist:3", "charleston")
    board.put("garrison:british", "norfolk")
    fact = TurnBegan(step=1, year=1776, season="early_spring", previous=(1775, "winter"),
                     expected=(1776, "early_spring"), shown=True, markers_logged=True,
                     administration=())
    (reminder,) = violations(militia.judge(fact, board.ctx()), "WFA-MIL-01",
                             Severity.REMINDER)
    assert "New England (5 SP)" in reminder.message
    assert "Deep South" not in reminder.message and "Tidewater" not in reminder.message


# --- Loyalists (WfA 10.18-10.24) -------------------------------------------------------------


def _loyalists(board: Board, place: str, sp: int, *, year: int = 1777,
               pulse: str = BRITISH, roll: int | None = None) -> list[Outcome]:
    board.put(f"sp:loyalist:{sp}", place)
    action = _raised(RaiseKind.LOYALIST, "loyalist", place, sp, side=BRITISH, roll=roll)
    return list(loyalists.judge(action, board.ctx(year=year, season="fall", pulse=pulse)))


def test_10_18_a_raise_in_a_british_ap_in_a_region_with_british_sp() -> None:
    board = Board().put("sp:british:3", "new_york_city")
    outcomes = _loyalists(board, "albany", 3)
    assert not [o for o in outcomes if getattr(o, "severity", None) is Severity.ILLEGAL]
    assert applied(outcomes, "WFA-LOY-01") and applied(outcomes, "WFA-LOY-03")


def test_10_18_british_sp_on_an_army_card_are_in_the_region() -> None:
    """11.21: the Royal Army's SP are on its card, at its marker's space."""
    board = Board().put("army:r", "new_york_city").put("sp:british:5", box("army_r"))
    outcomes = _loyalists(board, "albany", 3)
    assert not [o for o in outcomes if getattr(o, "severity", None) is Severity.ILLEGAL]


@pytest.mark.parametrize(("year", "pulse", "british_at"), [
    (1775, BRITISH, "new_york_city"), (1777, COLONIAL, "new_york_city"),
    (1777, BRITISH, "charleston")],
    ids=["10.18-after-1775", "10.19-british-ap-only", "10.18-region-with-british-sp"])
def test_10_18_10_19_illegal_raises(year: int, pulse: str, british_at: str) -> None:
    board = Board().put("sp:british:3", british_at)
    assert violations(_loyalists(board, "albany", 2, year=year, pulse=pulse), "WFA-LOY-01")


def test_10_22_at_most_four_a_space() -> None:
    board = Board().put("sp:british:3", "new_york_city")
    assert violations(_loyalists(board, "albany", 5), "WFA-LOY-03")


def test_10_23_one_sp_of_the_middle_states_may_go_to_montreal() -> None:
    board = Board().put("sp:british:3", "new_york_city")
    assert not violations(_loyalists(board, "montreal", 1), "WFA-LOY-03")
    assert violations(_loyalists(Board().put("sp:british:3", "new_york_city"), "st_jean", 2),
                      "WFA-LOY-03")
    assert violations(_loyalists(Board().put("sp:british:3", "quebec"), "quebec", 1),
                      "WFA-LOY-03")


def test_10_24_loyalists_outside_the_action_cycle_may_be_reinforcements() -> None:
    board = Board().put("sp:loyalist:2", "albany")
    action = _raised(RaiseKind.LOYALIST, "loyalist", "albany", 2, side=BRITISH)
    assert list(loyalists.judge(action, board.ctx(year=1775, phase=REINFORCEMENT))) == []


def test_10_20_the_loyalist_amount() -> None:
    """Fixture: Middle States full amount 4; LMMC 2 → half → 2."""
    board = Board().put("sp:british:3", "new_york_city")
    (computed,) = [o for o in _loyalists(board, "albany", 2, roll=2)
                   if isinstance(o, Computed)]
    assert computed.result == {"sp": 2, "portion": "half"}


def test_10_18_one_chit_per_region() -> None:
    board = Board().put("marker:loyalist_chit", box("expended_loyalist_middle_states"))
    chit = FreeAction(step=4, side=BRITISH, kind=FreeKind.LOYALIST_CHIT,
                      destination="expended_loyalist_middle_states")
    assert not violations(loyalists.judge(chit, board.ctx(year=1777, pulse=BRITISH)),
                          "WFA-LOY-01")
    board.put("marker:loyalist_chit", box("expended_loyalist_middle_states"))
    (finding,) = violations(loyalists.judge(chit, board.ctx(year=1777, pulse=BRITISH)),
                            "WFA-LOY-01")
    assert "Middle States" in finding.message


# WfA 10.8: "This Regional mustering of militia can only happen once. A Regional Militia
# Raised counter is placed in each Region as a reminder."
def _marked(board: Board, space_id: str) -> list[Outcome]:
    board.put("marker:militia_raised", space_id)
    action = MilitiaRaisedMarked(step=4, side=COLONIAL, space=space_id)
    return list(militia.judge(action, board.ctx(year=1776, season="early_spring")))


def test_10_8_the_regional_militia_is_raised_once() -> None:
    board = Board()
    first = _marked(board, "boston")
    assert not violations(first, "WFA-MIL-02") and applied(first, "WFA-MIL-02")
    elsewhere = _marked(board, "philadelphia")  # another Region (Middle States)
    assert not violations(elsewhere, "WFA-MIL-02")
    again = _marked(board, "new_haven")  # New England again
    assert violations(again, "WFA-MIL-02")
