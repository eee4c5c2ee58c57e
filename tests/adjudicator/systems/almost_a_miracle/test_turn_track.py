"""The Turn Record Track's month boxes (AaM 3.0F): the French Intervention marker's month,
read where a module shows a box per month (`track:turn_1778_10`), judged under AAM-MV-05
(11.5.3) and AAM-FR-01 (14.1); digest example D8."""

from __future__ import annotations

from adjudicator.systems.almost_a_miracle.actions import Arrived, FiMoved
from adjudicator.systems.almost_a_miracle.procedure import AaMProcedure
from adjudicator.systems.almost_a_miracle.read_track import track_turn
from adjudicator.systems.almost_a_miracle.state import AaMState, Entity
from adjudicator.systems.common.places import Place, PlaceKind
from adjudicator.systems.common.sequence import Knowledge, Moment
from adjudicator.systems.common.sequencer import PhaseShown, Position
from tests.adjudicator.systems.almost_a_miracle.rulekit import context, done, ids, judged


def _state(fi: str | None, mv: str | None = "british") -> AaMState:
    state = AaMState()
    if fi is not None:
        state.pieces["fi"] = (Entity("fi", "", 0, ""), Place(PlaceKind.TRACK, fi))
    if mv is not None:
        state.pieces["mv"] = (Entity("mv", mv, 0, ""), Place(PlaceKind.SPACE, "C33"))
    return state


def _adjustment(*moves: tuple[int, str | None, str | None]) -> AaMProcedure:
    moment = Moment(turn="1778-10", phase="adjustment", knowledge=Knowledge.SHOWN)
    return AaMProcedure(fi_moves=moves, adjusting=True).placed(Position(moment=moment))


NEXT = PhaseShown(step=20, phase="siege")


def test_track_turn_reads_a_month_box() -> None:
    assert track_turn(Place(PlaceKind.TRACK, "turn_1778_10")) == "1778-10"
    assert track_turn(Place(PlaceKind.BOX, "turn_track")) is None


def test_d8_mv05_british_marker_moves_the_intervention_one_later() -> None:
    """11.5.3: "If on the British Major Victory side, the French Intervention marker moves
    later 1 turn." D8: MV British, FI October 1778, the Adjustment of September 1778: FI to
    November 1778."""
    proc = _adjustment((15, "1778-10", "1778-11"))
    ctx = context(phase="siege", turn="1778-10", proc=proc, state=_state("turn_1778_11"))
    assert "AAM-MV-05" in done(judged(NEXT, ctx))


def test_mv05_continental_marker_moves_it_earlier() -> None:
    """11.5.3: "If on the Continental Major Victory side, the French Intervention Marker
    moves earlier 1 turn"."""
    proc = _adjustment((15, "1778-10", "1778-09"))
    ctx = context(phase="siege", proc=proc, state=_state("turn_1778_09", "continental"))
    assert "AAM-MV-05" in done(judged(NEXT, ctx))
    wrong = context(phase="siege", proc=proc, state=_state("turn_1778_09", "british"))
    assert "AAM-MV-05" in ids(judged(NEXT, wrong))


def test_mv05_not_moved_is_a_reminder() -> None:
    """11.5.3: "During the Adjustment Phase, move the French Intervention Marker on the Turn
    Track"."""
    ctx = context(phase="siege", proc=_adjustment(), state=_state("turn_1778_10"))
    found = judged(NEXT, ctx)
    assert "AAM-MV-05" in ids(found, "reminder") and "AAM-MV-05" not in ids(found)


def test_mv05_a_catastrophe_shift_with_it_is_unchecked() -> None:
    """11.5.4: "A British Catastrophe moves the French Intervention marker earlier 4
    turns": with the marker British (+1), a net move of 3 turns earlier may be both."""
    proc = _adjustment((15, "1778-10", "1778-07"))
    ctx = context(phase="siege", proc=proc, state=_state("turn_1778_07", "british"))
    found = judged(NEXT, ctx)
    assert "AAM-MV-05" in ids(found, "unchecked") and "AAM-MV-05" not in ids(found)


def test_mv05_not_judged_on_a_one_box_track_or_after_the_french_came() -> None:
    one_box = AaMState()
    one_box.pieces["fi"] = (Entity("fi", "", 0, ""), Place(PlaceKind.BOX, "turn_track"))
    ctx = context(phase="siege", proc=_adjustment(), state=one_box)
    assert not [o for o in judged(NEXT, ctx) if getattr(o, "rule_id", "") == "AAM-MV-05"]
    came = context(phase="siege", proc=AaMProcedure(french_entry="1778-07", adjusting=True).placed(
        _adjustment().position), state=_state("turn_1778_10"))
    assert not [o for o in judged(NEXT, came) if getattr(o, "rule_id", "") == "AAM-MV-05"]


def test_fr01_the_french_enter_when_the_month_reaches_the_marker() -> None:
    """14.1: "The French Field Force enters when the Month/Year Markers reach the turn with
    the French Intervention Marker." Before the marker's month: illegal."""
    arrive = Arrived(step=9, side="continental", area="P20", pieces=("f",),
                     sp=(("french_regular", 5),))
    proc = AaMProcedure(first_turn="1777-06")
    on_time = context(phase="reinforcement", turn="1778-12", proc=proc,
                      state=_state("turn_1778_12"))
    assert "AAM-FR-01" in done(judged(arrive, on_time))
    early = context(phase="reinforcement", turn="1778-12", proc=proc,
                    state=_state("turn_1779_06"))
    assert "AAM-FR-01" in ids(judged(arrive, early))


def test_fi_moved_is_remembered_in_the_adjustment_phase() -> None:
    from adjudicator.systems.almost_a_miracle.procedure import SEQUENCER
    effects = SEQUENCER.effects()
    proc = effects[FiMoved](AaMProcedure(), FiMoved(step=3, piece="fi", origin="1778-10",
                                                    destination="1778-11"))
    assert proc.fi_moves == ((3, "1778-10", "1778-11"),)
    assert effects[PhaseShown](proc, PhaseShown(step=4, phase="adjustment")).fi_moves == ()


def _shift(moves: tuple[tuple[int, str | None, str | None], ...], now: str,
           loser: str) -> list[object]:
    from adjudicator.systems.almost_a_miracle.rules.major_victory import _catastrophe_shift
    from tests.adjudicator.systems.almost_a_miracle.battlekit import (
        british,
        continental,
        ended,
        joined,
    )
    battle = ended(joined(british(20), continental(60)))
    ctx = context(proc=AaMProcedure(fi_moves=moves), state=_state(now))
    return list(_catastrophe_shift(battle, ctx, loser))


def test_mv07_a_catastrophe_moves_the_intervention_four_turns() -> None:
    """11.5.4: "A British Catastrophe moves the French Intervention marker earlier 4 turns
    [...] A Continental Catastrophe moves the French Intervention marker later by 4
    turns" (A57: every Catastrophe)."""
    later = _shift(((5, "1778-10", "1779-02"),), "turn_1779_02", "continental")
    assert "AAM-MV-07" in done(later) and not ids(later)
    earlier = _shift(((5, "1778-10", "1778-06"),), "turn_1778_06", "british")
    assert "AAM-MV-07" in done(earlier) and not ids(earlier)


def test_mv07_the_wrong_way_is_illegal_and_unmoved_a_reminder() -> None:
    """11.5.4: a Continental Catastrophe moves the marker later, not earlier; left where it
    was, a reminder (the rulebook prints the shift under the large siege's effect)."""
    wrong = _shift(((5, "1778-10", "1778-06"),), "turn_1778_06", "continental")
    assert "AAM-MV-07" in ids(wrong)
    unmoved = _shift((), "turn_1778_10", "continental")
    assert "AAM-MV-07" in ids(unmoved, "reminder") and "AAM-MV-07" not in ids(unmoved)
