"""The POW SP boxes (AaM 15.1): each side's prisoners as SP counters in `box:pow_<side>`,
read at the end of the Attrition and Reinforcement Phases (read_pow.py); judged under
AAM-SUP-18 (15.3, POW attrition) and AAM-POW-05 (15.4.1, one for one)."""

from __future__ import annotations

from adjudicator.systems.almost_a_miracle.actions import PowTotals
from adjudicator.systems.almost_a_miracle.read_pow import pow_totals, read_pow
from adjudicator.systems.almost_a_miracle.reading import PowReading
from adjudicator.systems.almost_a_miracle.state import AaMState, Entity
from adjudicator.systems.common.places import Place, PlaceKind
from tests.adjudicator.systems.almost_a_miracle.rulekit import context, done, ids, judged


def _boxes(continental: int, british: int) -> AaMState:
    state = AaMState()
    state.pieces["c"] = (Entity("sp", "cont_regular", continental, ""),
                         Place(PlaceKind.BOX, "pow_continental"))
    state.pieces["b"] = (Entity("sp", "brit_regular", british, ""),
                         Place(PlaceKind.BOX, "pow_british"))
    return state


def _totals(phase: str, before: tuple[int, int], after: tuple[int, int]) -> PowTotals:
    return PowTotals(step=9, phase=phase, before=(("continental", before[0]),
                                                  ("british", before[1])),
                     after=(("continental", after[0]), ("british", after[1])), changed=8)


def test_the_reader_gives_the_totals_of_a_phase_when_it_ends() -> None:
    reading, actions = read_pow(PowReading(), _boxes(3, 6), 4, "attrition")
    assert actions == [] and reading.before == (("continental", 3), ("british", 6))
    reading, actions = read_pow(reading, _boxes(2, 5), 5, "attrition")
    assert actions == [] and reading.changed == 5
    reading, actions = read_pow(reading, _boxes(2, 5), 6, "reinforcement")
    assert actions == [PowTotals(step=6, phase="attrition",
                                 before=(("continental", 3), ("british", 6)),
                                 after=(("continental", 2), ("british", 5)), changed=5)]
    assert pow_totals(AaMState()) == (("continental", 0), ("british", 0))


def test_sup18_one_sp_off_each_side() -> None:
    """15.3: "In the POW attrition step of the Attrition Phase, 1 SP is deducted from each
    side's total on the POW track"."""
    found = judged(_totals("attrition", (3, 6), (2, 5)), context(phase="reinforcement"))
    assert "AAM-SUP-18" in done(found) and "AAM-SUP-18" not in ids(found, "reminder")
    none_held = judged(_totals("attrition", (0, 6), (0, 5)), context(phase="reinforcement"))
    assert "AAM-SUP-18" in done(none_held) and not ids(none_held)


def test_sup18_left_undone_is_a_reminder_and_two_sp_illegal() -> None:
    """15.3: 1 SP is deducted from each side's total (not 0, not 2)."""
    undone = judged(_totals("attrition", (3, 6), (2, 6)), context(phase="reinforcement"))
    assert "AAM-SUP-18" in ids(undone, "reminder") and "AAM-SUP-18" not in ids(undone)
    two = judged(_totals("attrition", (3, 6), (1, 5)), context(phase="reinforcement"))
    assert "AAM-SUP-18" in ids(two)


def test_pow05_exchange_one_for_one() -> None:
    """15.4.1: "If the other player agrees, the exchange is on a one-for-one basis." (The
    rulebook's example: 3 Continental and 6 British SPs; 3 of each freed.)"""
    fair = judged(_totals("reinforcement", (3, 6), (0, 3)), context(phase="logistics"))
    assert "AAM-POW-05" in done(fair) and "AAM-POW-05" not in ids(fair)
    unfair = judged(_totals("reinforcement", (3, 6), (0, 1)), context(phase="logistics"))
    assert "AAM-POW-05" in ids(unfair)
    nothing = judged(_totals("reinforcement", (3, 6), (3, 6)), context(phase="logistics"))
    assert "AAM-POW-05" not in done(nothing)
