"""Movement, stacking, fort and siege permissions and the subordinates' Area judged by hand
(AaM 4.2.2, 4.3.2, 4.7.4, 9.0, 10.2.2, 10.5.2): each permitted play judged legal, and
AAM-MOV-09's forbidden one illegal."""

from __future__ import annotations

from dataclasses import replace

from adjudicator.systems.almost_a_miracle.actions import SeaMoved, SiegeMarked, SiegeSurrendered
from tests.adjudicator.systems.almost_a_miracle.movekit import data_with, move
from tests.adjudicator.systems.almost_a_miracle.rulekit import (
    context,
    done,
    ids,
    judged,
    position,
)

TICONDEROGA, BOSTON = "Y39", "NE13"


# AAM-MOV-09


def test_mov09_subordinates_from_the_commanders_area_move_with_him() -> None:
    """10.2.2: "The activated commanding Leader [...] in an Area may have any number of
    subordinate leaders [...] and their troops move and fight along with him that start the
    endeavor there." """
    data = data_with(connections=(("NE50", "NE51", "road"),), terrain={"NE50": "clear",
                                                                        "NE51": "clear"})
    force = move("NE50", "NE51", leaders=("howe", "clinton"), pieces=("h", "c", "s"))
    state = position(("leader:howe", "NE51"), ("leader:clinton", "NE51"),
                     ("sp:brit_regular:5", "NE51"))
    outcomes = judged(force, context(data=data, state=state))
    assert "AAM-MOV-09" in done(outcomes)
    assert "AAM-MOV-09" not in ids(outcomes)


def test_mov09_a_subordinate_from_another_area_is_illegal() -> None:
    """10.2.2: "This is for the Area that they are in only." Clinton and 5 SP from a second
    Area join the force in the step it moves."""
    data = data_with(connections=(("NE52", "NE51", "road"),), terrain={"NE52": "clear",
                                                                        "NE51": "clear"})
    joined = replace(move("NE52", "NE51", leaders=("clinton",), pieces=("c", "s")), joins=True)
    state = position(("leader:howe", "NE51"), ("leader:clinton", "NE51"),
                     ("sp:brit_regular:10", "NE51"))
    assert "AAM-MOV-09" in ids(judged(joined, context(data=data, state=state)))
    troops = replace(move("NE52", "NE51", leaders=(), pieces=("s",)), joins=True)
    assert "AAM-MOV-09" not in ids(judged(troops, context(data=data, state=state)))


# AAM-STK-02


def test_stk02_any_number_of_leaders_and_trains_move_together() -> None:
    """9.0: "There is no limit to the number of Leaders and/or baggage trains that may be in
    or move through an Area." """
    force = move("NE50", "NE51", leaders=("howe", "clinton", "percy", "grant"), trains=3,
                 pieces=("h", "c", "p", "g", "t1", "t2", "t3", "s"))
    state = position(("leader:howe", "NE51"), ("leader:clinton", "NE51"),
                     ("leader:percy", "NE51"), ("leader:grant", "NE51"),
                     ("bt:british", "NE51"), ("bt:british", "NE51"), ("bt:british", "NE51"),
                     ("sp:brit_regular:5", "NE51"))
    outcomes = judged(force, context(state=state))
    assert "AAM-STK-02" in done(outcomes)
    assert not {"AAM-STK-01", "AAM-STK-02"} & ids(outcomes)


# AAM-MOV-16


def test_mov16_embarking_and_landing_read_no_random_event() -> None:
    """10.5.2: "Embarking or debarking troops in a port does not cause an Endeavor Random
    Events check." """
    for embark in (True, False):
        moved = SeaMoved(step=5, side="british", pieces=("a",), leaders=("howe",),
                         sp=(("brit_regular", 10),), trains=0, area="Y13", embark=embark,
                         die=2)
        assert "AAM-MOV-16" in done(judged(moved, context()))


# AAM-FORT-09


def test_fort09_a_city_besieged_with_more_than_thirty_sps_inside() -> None:
    """4.2.2: "Cities may hold an unlimited number of troops." (a fort holds up to 30 SPs,
    4.2.1: the same siege on a fort is illegal)."""
    laid = SiegeMarked(step=9, side="british", area=BOSTON, before=0, after=1,
                       besieger="british")
    city = position(("sp:cont_regular:40", BOSTON), ("sp:brit_regular:45", BOSTON),
                    ("siege:1", BOSTON))
    outcomes = judged(laid, context(state=city))
    assert "AAM-FORT-09" in done(outcomes)
    assert "AAM-FORT-12" not in ids(outcomes)
    fort = position(("sp:cont_regular:40", TICONDEROGA), ("sp:brit_regular:85", TICONDEROGA),
                    ("siege:1", TICONDEROGA))
    on_fort = replace(laid, area=TICONDEROGA)
    assert "AAM-FORT-12" in ids(judged(on_fort, context(state=fort)))


# AAM-SIEGE-03


def test_siege03_the_besiegers_friends_move_into_and_through() -> None:
    """4.3.2: "If a friendly force is besieging a fort/city, friendly forces may move into
    and through that Area as though there were no enemy forces there." """
    state = position(("sp:cont_regular:20", BOSTON), ("sp:brit_regular:35", BOSTON),
                     ("siege:1", BOSTON), ("leader:clinton", "NE14"),
                     ("sp:brit_regular:3", "NE14"))
    through = move("NE12", "NE14", path=("NE12", BOSTON, "NE14"), leaders=("clinton",),
                   sp=(("brit_regular", 3),))
    outcomes = judged(through, context(state=state))
    assert "AAM-SIEGE-03" in done(outcomes)
    assert not {"AAM-MOV-12", "AAM-MOV-13", "AAM-SIEGE-03"} & ids(outcomes)


def test_siege03_a_relief_force_is_no_friend_of_the_besiegers() -> None:
    """4.3.2 is for the besieger's friends; a force of the besieged side entering is a relief
    force (4.4), not judged under it."""
    state = position(("sp:cont_regular:20", BOSTON), ("sp:brit_regular:35", BOSTON),
                     ("sp:cont_regular:10", BOSTON), ("siege:1", BOSTON))
    relief = move("NE12", BOSTON, leaders=("greene",), sp=(("cont_regular", 10),),
                  side="continental")
    assert "AAM-SIEGE-03" not in done(judged(relief, context(state=state)))


# AAM-SIEGE-12


def test_siege12_a_fort_at_level_two_may_surrender_or_stand_the_assault() -> None:
    """4.7.4: "If a fort *starts* the Siege Resolution Phase with a Siege Level 2 marker on
    it, the besieged player has two choices: he may surrender, or he may elect to stand the
    final assault." """
    state = position(("sp:brit_regular:40", TICONDEROGA), ("siege:2", TICONDEROGA))
    surrendered = SiegeSurrendered(step=9, side="british", area=TICONDEROGA, level=2,
                                   besieger="british", turn="1776-06",
                                   garrison=(("cont_regular", 10),),
                                   besiegers=(("brit_regular", 40),), surrendered=10,
                                   besieger_removed=1)
    assert "AAM-SIEGE-12" in done(judged(surrendered, context(phase="siege", state=state)))
    stood = SiegeMarked(step=9, side="british", area=TICONDEROGA, before=2, after=0,
                        besieger="british", garrison=(("cont_regular", 10),),
                        besiegers=(("brit_regular", 40),),
                        dice=(("british", 5), ("continental", 2)))
    after = position(("sp:brit_regular:40", TICONDEROGA))
    assert "AAM-SIEGE-12" in done(judged(stood, context(phase="siege", state=after)))
