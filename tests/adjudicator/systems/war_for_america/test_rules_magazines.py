"""Magazines (digest §4.9 MAG; WfA 16.10-16.13, 18.9): placement each Early Spring, capture
and the end-of-winter removal, judged against positions on the fixture map."""

from __future__ import annotations

from collections import Counter

from adjudicator.findings import Severity
from adjudicator.systems.common.places import box
from adjudicator.systems.war_for_america.actions import (
    BRITISH,
    COLONIAL,
    MagazinePlaced,
    MagazineRemoved,
)
from adjudicator.systems.war_for_america.procedure import REINFORCEMENT, TurnBegan
from adjudicator.systems.war_for_america.rules import magazines
from adjudicator.systems.war_for_america.state import Holding
from tests.adjudicator.systems.war_for_america.test_rules_fortifications import (
    Board,
    applied,
    illegal,
    of,
    run,
)


def early_spring(**kwargs: object) -> Board:
    return Board(season="early_spring", phase=REINFORCEMENT, pulse_side=None,
                 **kwargs)  # type: ignore[arg-type]


def placed(side: str, space: str) -> MagazinePlaced:
    return MagazinePlaced(step=4, side=side, space=space)


# --- 16.11: British magazines ------------------------------------------------------------------


def test_16_11_one_british_magazine_in_a_region_with_british_regulars() -> None:
    board = early_spring().put("albany", magazines=[BRITISH]).put("saratoga",
                                                                  sp={"german": 2})
    out = run(magazines, placed(BRITISH, "albany"), board)
    assert not illegal(out, "WFA-MAG-01") and applied(out, "WFA-MAG-01")


def test_16_11_no_british_magazine_where_the_region_has_no_regulars() -> None:
    board = early_spring().put("albany", magazines=[BRITISH]).put("saratoga",
                                                                  sp={"loyalist": 2})
    (finding,) = illegal(run(magazines, placed(BRITISH, "albany"), board), "WFA-MAG-01")
    assert "regulars" in finding.message


def test_16_11_regulars_on_an_army_card_are_in_the_region() -> None:
    """11.21: the Royal Army's SP are on its card, where its marker stands (Saratoga)."""
    board = early_spring().put("albany", magazines=[BRITISH]).put("saratoga", armies=["r"])
    board.state.holdings[box("army_r")] = Holding(sp=Counter(british=5))
    out = run(magazines, placed(BRITISH, "albany"), board)
    assert not illegal(out, "WFA-MAG-01") and applied(out, "WFA-MAG-01")


def test_16_11_one_per_region() -> None:
    board = early_spring().put("albany", magazines=[BRITISH], sp={"british": 2}).put(
        "saratoga", magazines=[BRITISH])
    assert illegal(run(magazines, placed(BRITISH, "saratoga"), board), "WFA-MAG-01")


def test_16_11_canada_counts_as_its_own_region() -> None:
    board = early_spring().put("albany", magazines=[BRITISH], sp={"british": 2}).put(
        "montreal", magazines=[BRITISH], sp={"british": 2})
    assert not illegal(run(magazines, placed(BRITISH, "montreal"), board), "WFA-MAG-01")


def test_16_11_only_in_the_early_spring_reinforcement_phase() -> None:
    fall = Board(season="fall", phase=REINFORCEMENT, pulse_side=None).put(
        "albany", magazines=[BRITISH], sp={"british": 2})
    assert illegal(run(magazines, placed(BRITISH, "albany"), fall), "WFA-MAG-01")
    cycle = Board(season="early_spring").put("albany", magazines=[BRITISH])
    assert illegal(run(magazines, placed(BRITISH, "albany"), cycle), "WFA-MAG-01")
    unknown = Board(season=None, phase=None).put("albany", magazines=[BRITISH])
    out = run(magazines, placed(BRITISH, "albany"), unknown)
    assert not illegal(out, "WFA-MAG-01") and of(out, "WFA-MAG-01", Severity.UNCHECKED)


def test_16_13_a_magazine_put_down_by_sp_in_their_own_ap_may_be_a_capture() -> None:
    board = Board(season="fall").put("albany", magazines=[BRITISH], sp={"british": 3})
    out = run(magazines, placed(BRITISH, "albany"), board)
    assert not illegal(out, "WFA-MAG-01") and of(out, "WFA-MAG-01", Severity.UNCHECKED)


# --- 16.12: Colonial magazines -----------------------------------------------------------------


def test_16_12_a_second_deep_south_magazine_is_the_st_eustasius_bonus() -> None:
    board = early_spring().put("charleston", magazines=[COLONIAL]).put(
        "savannah", magazines=[COLONIAL])
    out = run(magazines, placed(COLONIAL, "savannah"), board)
    assert not illegal(out, "WFA-MAG-02") and applied(out, "WFA-MAG-02")
    assert not of(out, "WFA-MAG-02", Severity.UNCHECKED), "vacant: the Colonials' (4.11)"


def test_16_12_no_colonial_magazine_in_a_british_controlled_region() -> None:
    # Every key space of NC, SC and GA British, each a port or with a magazine (4.10).
    board = early_spring().put("wilmington_nc", sp={"british": 1}).put(
        "charleston", sp={"british": 2}).put("savannah", sp={"british": 2}).put(
        "ninety_six", sp={"british": 1}, magazines=[BRITISH])
    board.put("charleston", sp={"british": 2}, magazines=[COLONIAL])
    (finding,) = illegal(run(magazines, placed(COLONIAL, "charleston"), board), "WFA-MAG-02")
    assert "ambiguous" in finding.message


def test_16_12_no_bonus_when_the_british_hold_st_eustasius() -> None:
    board = early_spring().put("charleston", magazines=[COLONIAL]).put(
        "savannah", magazines=[COLONIAL]).put("st_eustasius", sp={"british": 2})
    (finding,) = illegal(run(magazines, placed(COLONIAL, "savannah"), board), "WFA-MAG-02")
    assert "St. Eustasius" in finding.message


def test_16_12_one_per_other_region_and_five_at_most() -> None:
    board = early_spring().put("albany", magazines=[COLONIAL]).put(
        "saratoga", magazines=[COLONIAL])
    assert illegal(run(magazines, placed(COLONIAL, "saratoga"), board), "WFA-MAG-02")
    six = early_spring()
    for key in ("boston", "albany", "baltimore", "charleston", "savannah", "wilmington_nc"):
        six.put(key, magazines=[COLONIAL])
    found = illegal(run(magazines, placed(COLONIAL, "wilmington_nc"), six), "WFA-MAG-02")
    assert any(f.expected == "at most 5" for f in found)


# --- 16.13 and 18.9 ----------------------------------------------------------------------------


def test_16_13_a_magazine_is_captured_only_when_alone() -> None:
    # The flipped magazine shows its captor; `side` is its owner before (the interpreter's).
    taken = Board().put("albany", magazines=[BRITISH], sp={"british": 3})
    out = run(magazines, MagazineRemoved(step=6, side=COLONIAL, space="albany", captured=True),
              taken)
    assert not illegal(out, "WFA-MAG-03") and applied(out, "WFA-MAG-03")
    defended = Board().put("albany", magazines=[BRITISH], sp={"british": 3, "continental": 1})
    out = run(magazines, MagazineRemoved(step=6, side=COLONIAL, space="albany", captured=True),
              defended)
    assert illegal(out, "WFA-MAG-03")


def test_18_9_all_magazines_go_at_the_end_of_winter() -> None:
    fact = TurnBegan(step=9, year=1778, season="early_spring", previous=(1777, "winter"),
                     expected=None, shown=True, markers_logged=True, administration=())
    left = Board().put("albany", magazines=[BRITISH])
    assert of(run(magazines, fact, left), "WFA-MAG-04", Severity.REMINDER)
    cleared = Board()
    out = run(magazines, fact, cleared)
    assert not of(out, "WFA-MAG-04", Severity.REMINDER) and applied(out, "WFA-MAG-04")
    spring = TurnBegan(step=9, year=1778, season="late_spring", previous=(1778, "early_spring"),
                       expected=None, shown=True, markers_logged=True, administration=())
    assert not run(magazines, spring, left)
