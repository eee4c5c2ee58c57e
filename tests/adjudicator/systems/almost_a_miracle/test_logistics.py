"""The logistics family judged by hand (AaM 5.4.7, 5.4.8, 7.1, 7.2, 10.5.11), each test
with the rulebook's sentence."""

from __future__ import annotations

from adjudicator.systems.almost_a_miracle.actions import (
    BaseShifted,
    TrainFlipped,
    TrainPlaced,
    TrainRemoved,
)
from adjudicator.systems.almost_a_miracle.data import bundled_data
from adjudicator.systems.almost_a_miracle.procedure import AaMProcedure, SupplyRecord
from tests.adjudicator.systems.almost_a_miracle.rulekit import (
    context,
    done,
    ids,
    judged,
    position,
)


def proc(**record: object) -> AaMProcedure:
    return AaMProcedure(supply=SupplyRecord(**record))  # type: ignore[arg-type]


def flip(owner: str = "british", before: str = "", after: str = "mag") -> TrainFlipped:
    return TrainFlipped(step=4, side=owner, piece="t1", area="NE13", owner=owner,
                        before=before, after=after)


def base(owner: str = "british", origin: str | None = None,
         destination: str | None = "NE13") -> BaseShifted:
    return BaseShifted(step=6, side=owner, owner=owner, origin=origin, destination=destination)


# -- AaM 7.2, 5.4.7a


def test_log06_conversion_in_the_logistics_phase_is_legal() -> None:
    """AaM 7.2: "Baggage trains and magazines are interchangeable. First the British player
    and then the Continental player flips over any non-captured baggage trains"."""
    outcomes = judged(flip(), context(phase="logistics"))
    assert ids(outcomes) == set()
    assert {"AAM-LOG-06", "AAM-SUP-13"} <= done(outcomes)
    back = judged(flip(before="mag", after=""), context(phase="logistics"))
    assert "AAM-LOG-06" in done(back)


def test_log06_conversion_in_another_phase_is_illegal() -> None:
    """AaM 3.0D: "Convert baggage trains to magazines and vice-versa" is a step of the
    Logistics and Engineering Phase."""
    assert ids(judged(flip(), context(phase="endeavors"))) == {"AAM-LOG-06"}
    assert "AAM-LOG-06" in ids(judged(flip(), context(phase=None)), "unchecked")


def test_log06_the_british_convert_first() -> None:
    """AaM 7.2: "First the British player and then the Continental player"."""
    late = judged(flip(), context(phase="logistics",
                                  proc=proc(flipped=frozenset({"continental"}))))
    assert "AAM-LOG-06" in ids(late, "reminder")
    first = judged(flip(owner="continental"),
                   context(phase="logistics", proc=proc(flipped=frozenset({"british"}))))
    assert "AAM-LOG-06" in done(first)


def test_sup13_a_captured_train_never_becomes_a_magazine() -> None:
    """AaM 5.4.7a: captured baggage trains "may not be used to create magazines"."""
    assert ids(judged(flip(before="captured"), context(phase="logistics"))) == {"AAM-SUP-13"}


# -- AaM 5.4.8


def test_sup17_trains_are_destroyed_in_the_attrition_phase_only() -> None:
    """AaM 5.4.8: "A player may voluntarily remove his own baggage trains and/or magazines
    from the board during the supply step of the Attrition Phase"."""
    removed = TrainRemoved(step=3, side="british", piece="t1", area="NE13", owner="british",
                           flag="mag")
    assert "AAM-SUP-17" in done(judged(removed, context(phase="attrition")))
    assert ids(judged(removed, context(phase="logistics"))) == {"AAM-SUP-17"}
    assert ids(judged(removed, context(phase="endeavors"))) == set()  # a capture, a battle


# -- AaM 5.4.7a, 11.4.2


def test_sup12_a_captured_train_goes_where_the_captor_took_it() -> None:
    """AaM 5.4.7a: "Replace it with a captured baggage train in the capturing player's
    colors"."""
    placed = TrainPlaced(step=3, side="continental", piece="c1", area="Y10",
                         owner="continental", flag="captured")
    there = position(("sp:cont_regular:5", "Y10"))
    assert "AAM-SUP-12" in done(judged(placed, context(state=there)))
    away = position(("sp:cont_regular:5", "Y16"), ("sp:brit_regular:3", "Y10"))
    assert ids(judged(placed, context(state=away))) == {"AAM-SUP-12"}


# -- AaM 7.1


def british_at(area: str) -> tuple[str, str]:
    return ("sp:brit_regular:5", area)


def test_log01_the_british_decide_first() -> None:
    """AaM 7.1: "First the British player and then the Continental player decides if he
    wants to move his BoO"."""
    state = position(british_at("NE13"))
    late = judged(base(), context(phase="logistics", state=state,
                                  proc=proc(bases=frozenset({"continental"}))))
    assert "AAM-LOG-01" in ids(late, "reminder")
    assert "AAM-LOG-01" in done(judged(base(), context(phase="logistics", state=state)))


def test_log02_a_boo_never_moves_straight_to_another_area() -> None:
    """AaM 7.1.1: "If he does wish to move it, the BoO is removed from the board and placed
    on the next turn on the Turn Record Track"."""
    moved = base(origin="NE10", destination="NE13")
    assert "AAM-LOG-02" in ids(judged(moved, context(phase="logistics",
                                                     state=position(british_at("NE13")))))
    removed = base(origin="NE10", destination=None)
    assert "AAM-LOG-02" in done(judged(removed, context(phase="logistics")))


def test_log02_a_boo_removed_comes_back_the_following_turn() -> None:
    """AaM 7.1.2: "The following turn it may be placed back on the board during this
    step"."""
    state = position(british_at("NE13"))
    off = proc(base_off=(("british", "1776-06", "logistics"),))
    same = judged(base(), context(phase="logistics", turn="1776-06", state=state, proc=off))
    assert ids(same) == {"AAM-LOG-02"}
    later = judged(base(), context(phase="logistics", turn="1776-07", state=state, proc=off))
    assert ids(later) == set() and {"AAM-LOG-02", "AAM-LOG-03"} <= done(later)
    endeavor = judged(base(), context(phase="endeavors", turn="1776-07", state=state,
                                      proc=off))
    assert ids(endeavor) == {"AAM-LOG-02"}


def test_sup15_a_captured_boo_is_placed_the_following_turn() -> None:
    """AaM 5.4.7c: "The BoO may be placed on the board in the following turn during the
    Logistics and Engineering Phase"."""
    state = position(british_at("NE13"))
    taken = proc(base_off=(("british", "1776-06", "siege"),))
    assert ids(judged(base(), context(phase="logistics", turn="1776-06", state=state,
                                      proc=taken))) == {"AAM-SUP-15"}
    assert "AAM-SUP-15" in done(judged(base(), context(phase="logistics", turn="1776-07",
                                                       state=state, proc=taken)))


def test_log03_the_british_boo_goes_to_a_port_they_control() -> None:
    """AaM 7.1.3: "The British player may place his BoO at any port Area he controls"; 2.0:
    "Control A side which has a force in an Area where there are no enemy forces"."""
    assert "AAM-LOG-03" in done(judged(base(), context(phase="logistics",
                                                       state=position(british_at("NE13")))))
    contested = position(british_at("NE13"), ("sp:cont_regular:2", "NE13"))
    assert ids(judged(base(), context(phase="logistics", state=contested))) == {"AAM-LOG-03"}
    assert ids(judged(base(), context(phase="logistics"))) == {"AAM-LOG-03"}
    inland = judged(base(destination="NE14"),
                    context(phase="logistics", state=position(british_at("NE14"))))
    assert "AAM-LOG-03" in ids(inland, "unchecked") and ids(inland) == set()
    data = bundled_data()
    areas = dict(data.areas)
    areas["NE14"] = areas["NE14"].model_copy(update={"port": False})
    not_port = context(phase="logistics", state=position(british_at("NE14")),
                       data=data.model_copy(update={"areas": areas}))
    assert ids(judged(base(destination="NE14"), not_port)) == {"AAM-LOG-03"}


def test_log03_no_boo_to_or_from_quebec_december_through_april() -> None:
    """AaM 7.1.3: "He may not move the BoO to or from Quebec during December through
    April"."""
    state = position(british_at("C24"))
    to_quebec = base(destination="C24")
    assert ids(judged(to_quebec, context(phase="logistics", turn="1777-04", state=state))) \
        == {"AAM-LOG-03"}
    assert "AAM-LOG-03" in done(judged(to_quebec, context(phase="logistics", turn="1777-05",
                                                          state=state)))
    from_quebec = base(origin="C24", destination=None)
    assert ids(judged(from_quebec, context(phase="logistics", turn="1776-12"))) == \
        {"AAM-LOG-03"}
    assert "AAM-LOG-03" in done(judged(from_quebec, context(phase="logistics",
                                                            turn="1776-06")))


def test_log04_the_continental_boo_goes_to_a_settlement_the_british_do_not_control() -> None:
    """AaM 7.1.4: "The Continental player may place his BoO at any settlement on the map
    that is not controlled by the British player"."""
    cont = base(owner="continental", destination="NE14")
    assert "AAM-LOG-04" in done(judged(cont, context(phase="logistics")))
    held = position(british_at("NE14"))
    assert ids(judged(cont, context(phase="logistics", state=held))) == {"AAM-LOG-04"}
    contested = position(british_at("NE14"), ("sp:cont_regular:2", "NE14"))
    assert "AAM-LOG-04" in done(judged(cont, context(phase="logistics", state=contested)))
    unknown = judged(base(owner="continental", destination="NE1"), context(phase="logistics"))
    assert "AAM-LOG-04" in ids(unknown, "unchecked")


def test_log05_no_british_boo_move_under_french_sea_control() -> None:
    """AaM 10.5.11: "the French Navy has obtained sea control for the remainder of the turn
    and [...] nor may the British BoO be removed for placement elsewhere, or placed if
    currently off the board"; "Sea Control from the previous turn has no effect"."""
    state = position(british_at("NE13"))
    now = proc(french_sea="1778-08")
    assert "AAM-LOG-05" in ids(judged(base(), context(phase="logistics", turn="1778-08",
                                                      state=state, proc=now)))
    assert "AAM-LOG-05" in done(judged(base(), context(phase="logistics", turn="1778-09",
                                                       state=state, proc=now)))


# -- AaM 5.4.7


def test_sup12_14_15_trains_magazines_and_a_boo_left_alone_are_captured() -> None:
    """AaM 5.4.7a: a baggage train is removed "when [...] there are no friendly forces in the
    same Area to defend it and an enemy force moves into the Area"; 5.4.7b: "The same capture
    conditions apply" to magazines; 5.4.7c: "A BoO is captured under the same conditions as
    a magazine"."""
    from adjudicator.systems.almost_a_miracle.actions import EndeavorTaken

    entered = proc(entered=(("Y10", 7),))
    following = EndeavorTaken(step=9, side="continental", kind="force")
    left = position(("sp:brit_regular:5", "Y10"), ("bt:continental", "Y10"),
                    ("bt:continental:mag", "Y10"), ("boo:continental", "Y10"))
    outcomes = judged(following, context(state=left, proc=entered))
    assert ids(outcomes) == {"AAM-SUP-12", "AAM-SUP-14", "AAM-SUP-15"}
    assert {getattr(o, "step", None) for o in outcomes
            if getattr(o, "rule_id", "") == "AAM-SUP-12"} == {7}
    taken = position(("sp:brit_regular:5", "Y10"), ("bt:british:captured", "Y10"))
    outcomes = judged(following, context(state=taken, proc=entered))
    assert ids(outcomes) == set() and {"AAM-SUP-12", "AAM-SUP-14"} <= done(outcomes)
    defended = position(("sp:brit_regular:5", "Y10"), ("bt:continental", "Y10"),
                        ("leader:greene", "Y10"))
    assert ids(judged(following, context(state=defended, proc=entered))) == set()


def test_log05_a_captured_boo_is_not_removed_by_choice() -> None:
    """AaM 11.4.4: "The BoO can never retreat. Replace the BoO with a victorious player's
    captured baggage train if available and place the BoO unit on the next game turn
    box"."""
    taken = position(("sp:cont_regular:8", "Y13"))
    outcomes = judged(base(origin="Y13", destination=None),
                      context(phase="endeavors", turn="1778-08", state=taken,
                              proc=proc(french_sea="1778-08")))
    assert "AAM-LOG-05" not in ids(outcomes)
    removed = judged(base(origin="Y13", destination=None),
                     context(phase="endeavors", turn="1778-08",
                             proc=proc(french_sea="1778-08")))
    assert ids(removed) == {"AAM-LOG-05", "AAM-LOG-02"}  # and outside Phase D


def test_log02_a_boo_comes_off_in_the_logistics_phase_or_by_capture() -> None:
    """AaM 3.0D: "Remove friendly BoO from the board if desired" is a step of the Logistics
    and Engineering Phase; 5.4.7c: "A BoO is captured under the same conditions as a
    magazine"."""
    off = base(owner="continental", origin="Y10", destination=None)
    assert ids(judged(off, context(phase="endeavors"))) == {"AAM-LOG-02"}
    taken = position(("sp:brit_regular:5", "Y10"))
    assert ids(judged(off, context(phase="endeavors", state=taken))) == set()
    assert "AAM-LOG-02" in done(judged(off, context(phase="logistics")))


# -- AaM 5.4.1b


def test_sup05_a_used_train_goes_to_the_expended_box() -> None:
    """AaM 5.4.1b: "When used to supply friendly troops in an Area, baggage trains are
    expended and placed into their Expended box of the Baggage Train Pool"."""
    used = TrainRemoved(step=3, side="british", piece="t1", area="NE13", owner="british",
                        flag="", to="box:bt_expended_british")
    outcomes = judged(used, context(phase="attrition"))
    assert "AAM-SUP-05" in done(outcomes)
    assert ids(outcomes) == set()


def test_sup05_a_used_train_put_in_the_available_box_is_illegal() -> None:
    """AaM 5.4.1b: expended trains go to the Expended box, not the Available box (5.4.8:
    a destroyed one too)."""
    used = TrainRemoved(step=3, side="british", piece="t1", area="NE13", owner="british",
                        flag="", to="box:bt_available_british")
    assert ids(judged(used, context(phase="attrition"))) == {"AAM-SUP-05"}


def test_sup05_a_captured_train_is_set_aside() -> None:
    """AaM 5.4.7a: captured trains, when used, "are not placed in the Expended section [...]
    They are set aside to be used again if needed"."""
    used = TrainRemoved(step=3, side="british", piece="t1", area="NE13", owner="british",
                        flag="captured", to="box:bt_available_british")
    assert "AAM-SUP-05" not in ids(judged(used, context(phase="attrition")))
