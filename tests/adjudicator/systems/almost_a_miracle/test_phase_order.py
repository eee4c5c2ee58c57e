"""The order of the steps inside phases B, C and D (AAM-SOP-07, AaM 3.0), judged by hand:
each with a legal and an illegal play written from the rulebook."""

from __future__ import annotations

from adjudicator.systems.almost_a_miracle.actions import (
    Arrived,
    BaseShifted,
    DiceRolled,
    FortMarked,
    TrainFlipped,
)
from adjudicator.systems.almost_a_miracle.procedure import AaMProcedure, SupplyRecord
from tests.adjudicator.systems.almost_a_miracle.rulekit import context, done, ids, judged

C, B = "continental", "british"


def seen(phase: str, *labels: tuple[str, str | None, int], highs: frozenset[str] = frozenset()
         ) -> AaMProcedure:
    return AaMProcedure(phase_steps=tuple((phase, label, side, step)
                                          for label, side, step in labels),
                        supply=SupplyRecord(highs=highs), phases_shown=3)


def flip(step: int) -> TrainFlipped:
    return TrainFlipped(step=step, side=B, piece="t", area="Y13", owner=B, before="",
                        after="mag")


def boo(step: int) -> BaseShifted:
    return BaseShifted(step=step, side=C, owner=C, origin=None, destination="P19")


def test_boo_placed_before_conversion_is_in_order() -> None:
    """3.0D: "Remove friendly BoO [...] If the BoO was not removed this turn and is off the
    map, the BoO may be placed back [...] Convert baggage trains to magazines"."""
    outcomes = judged(flip(8), context(phase="logistics", proc=seen("logistics",
                                                                     ("boo", C, 5))))
    assert "AAM-SOP-07" in done(outcomes)


def test_boo_placed_after_conversion_is_reminded() -> None:
    """3.0D: the BoO step comes before the conversion step (digest: "BoO placed after
    conversion")."""
    outcomes = judged(boo(8), context(phase="logistics", proc=seen("logistics",
                                                                    ("convert", B, 5))))
    assert "AAM-SOP-07" in ids(outcomes, "reminder")


def test_conversion_after_a_new_fort_build_marker_is_reminded() -> None:
    """3.0D: "Convert baggage trains [...] Flip Fort Build markers [...] Place new Fort
    markers on their Build side", in that order."""
    outcomes = judged(flip(9), context(phase="logistics",
                                       proc=seen("logistics", ("fort_build", B, 5))))
    assert "AAM-SOP-07" in ids(outcomes, "reminder")
    build = FortMarked(step=9, side=B, area="Y13", before=None, after="build", owner=B)
    outcomes = judged(build, context(phase="logistics",
                                     proc=seen("logistics", ("convert", B, 5))))
    assert "AAM-SOP-07" in done(outcomes)


def test_one_log_step_is_taken_as_in_order() -> None:
    """Steps shown in one log step: their order is not in the log."""
    outcomes = judged(boo(5), context(phase="logistics", proc=seen("logistics",
                                                                    ("convert", B, 5))))
    assert "AAM-SOP-07" not in ids(outcomes, "reminder")


def trains(step: int) -> Arrived:
    return Arrived(step=step, side=C, area="P19", pieces=("t",), sp=(), trains=1)


def test_trains_before_militia_generation_is_in_order() -> None:
    """3.0C: "Place available baggage trains on each side's BoO (6.4)" then "Generate
    Continental militia" (6.5)."""
    militia = Arrived(step=9, side=C, area="P20", pieces=("m",), sp=(("pa_militia", 3),))
    outcomes = judged(militia, context(phase="reinforcement", turn="1776-06",
                                       proc=seen("reinforcement", ("trains", C, 5))))
    assert "AAM-SOP-07" in done(outcomes)


def test_trains_after_militia_generation_are_reminded() -> None:
    """3.0C: the baggage trains come before the militia."""
    outcomes = judged(trains(9), context(phase="reinforcement", turn="1776-06",
                                         proc=seen("reinforcement", ("militia", C, 5))))
    assert "AAM-SOP-07" in ids(outcomes, "reminder")


def test_nothing_after_the_political_events_roll_is_judged() -> None:
    """6.6: the Political Event is carried out at once: it may place pieces."""
    outcomes = judged(trains(9), context(phase="reinforcement", turn="1776-06",
                                         proc=seen("reinforcement", ("militia", C, 5),
                                                   ("political", C, 6))))
    assert "AAM-SOP-07" not in ids(outcomes, "reminder")


def test_militia_attrition_rolled_after_foraging_is_reminded() -> None:
    """3.0B: "Continental Militia (5.1)" comes before "Check Supply and roll for Foraging
    (5.4)"."""
    die = DiceRolled(step=9, side=C, button="1d6", dice=(4,))
    outcomes = judged(die, context(phase="attrition", proc=seen("attrition",
                                                                 ("forage", C, 5))))
    assert "AAM-SOP-07" in ids(outcomes, "reminder")


def test_a_sick_leaders_die_after_an_11_is_not_militia_attrition() -> None:
    """5.4.2: on an 11 the leader goes "a number of turns ahead equal to a roll of 1d6"."""
    die = DiceRolled(step=9, side=C, button="1d6", dice=(4,))
    outcomes = judged(die, context(phase="attrition", proc=seen("attrition", ("forage", C, 5),
                                                                 highs=frozenset({C}))))
    assert "AAM-SOP-07" not in ids(outcomes, "reminder")


def test_foraging_after_militia_attrition_is_in_order() -> None:
    """3.0B: militia attrition, then foraging."""
    roll = DiceRolled(step=9, side=C, button="2d6", dice=(3, 4))
    outcomes = judged(roll, context(phase="attrition", proc=seen("attrition",
                                                                  ("militia_die", C, 5))))
    assert "AAM-SOP-07" in done(outcomes)
