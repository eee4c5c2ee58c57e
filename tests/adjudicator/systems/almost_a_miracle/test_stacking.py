"""The stacking family judged by hand (AaM 9.0, 9.1)."""

from __future__ import annotations

from adjudicator.systems.almost_a_miracle.actions import EndeavorTaken, ForceMoved
from adjudicator.systems.almost_a_miracle.procedure import AaMProcedure
from adjudicator.systems.almost_a_miracle.state import AaMState
from tests.adjudicator.systems.almost_a_miracle.movekit import data_with, move
from tests.adjudicator.systems.almost_a_miracle.rulekit import (
    context,
    done,
    ids,
    judged,
    position,
)

# AAM-STK-01: 9.0 "There is no limit to the number of Leaders and/or baggage trains that may
# be in or move through an Area. There is a limit of 100 friendly SPs in any swamp, mountain,
# or wilderness Area."


def crowd(sp: int, area: str = "NE51") -> tuple[AaMState, ForceMoved]:
    state = position((f"sp:brit_regular:{sp - 5}", area), ("sp:brit_regular:5", area),
                     ("sp:cont_regular:50", area), ("leader:howe", area))
    return state, move("NE50", area, sp=(("brit_regular", 5),))


def test_stk01_over_one_hundred_in_wilderness_is_illegal() -> None:
    """9.0: 101 British SPs in a wilderness Area."""
    state, force = crowd(101)
    data = data_with(terrain={"NE51": "wilderness"})
    assert "AAM-STK-01" in ids(judged(force, context(data=data, state=state)))


def test_stk01_one_hundred_or_clear_terrain_is_legal() -> None:
    """9.0: 100 SPs in wilderness (enemy SPs do not count); 101 in clear terrain; 101 where
    the terrain is not known: unchecked."""
    state, force = crowd(100)
    wild = data_with(terrain={"NE51": "wilderness"})
    assert "AAM-STK-01" in done(judged(force, context(data=wild, state=state)))
    state, force = crowd(101)
    clear = data_with(terrain={"NE51": "clear"})
    assert "AAM-STK-01" in done(judged(force, context(data=clear, state=state)))
    assert "AAM-STK-01" in ids(judged(force, context(state=state)), "unchecked")


# AAM-STK-04: 9.1 "A moving force may drop off Leaders and SPs *once* during their movement
# but may not pick up leaders or SPs while moving."

FIRST = move("NE50", "NE51", leaders=("howe", "clinton"), sp=(("brit_regular", 10),),
             pieces=("h", "c", "s"))


def leg(*, drops: int = 0, rolled: bool = False) -> AaMProcedure:
    return AaMProcedure(leg=FIRST, route=("NE50", "NE51"), drops=drops, rolled=rolled,
                        activated=frozenset({"howe", "clinton"}))


def test_stk04_one_drop_off_is_legal() -> None:
    """9.1: Clinton and 4 SPs stay in NE51; Howe goes on with 6."""
    then = move("NE51", "NE52", leaders=("howe",), sp=(("brit_regular", 6),),
                pieces=("h", "s2"), step=4)
    outcomes = judged(then, context(proc=leg()))
    assert "AAM-STK-04" in done(outcomes)
    assert "AAM-STK-04" not in ids(outcomes)


def test_stk04_a_second_drop_off_is_illegal() -> None:
    """9.1: drop off *once*: the force already dropped off once."""
    then = move("NE51", "NE52", leaders=("howe",), sp=(("brit_regular", 6),),
                pieces=("h", "s2"), step=4)
    assert "AAM-STK-04" in ids(judged(then, context(proc=leg(drops=1))))


def test_stk04_going_on_whole_after_a_drop_off_is_legal() -> None:
    """9.1: after its one drop-off, the force goes on without leaving anything."""
    then = move("NE51", "NE52", leaders=("howe", "clinton"), sp=(("brit_regular", 10),),
                pieces=("h", "c", "s"), step=4)
    assert "AAM-STK-04" in done(judged(then, context(proc=leg(drops=1))))


def test_stk04_picking_up_a_leader_or_sps_is_illegal() -> None:
    """9.1: may not pick up leaders or SPs while moving."""
    leader = move("NE51", "NE52", leaders=("howe", "clinton", "percy"),
                  sp=(("brit_regular", 10),), pieces=("h", "c", "s", "p"), step=4)
    assert "AAM-STK-04" in ids(judged(leader, context(proc=leg())))
    sps = move("NE51", "NE52", leaders=("howe", "clinton"), sp=(("brit_regular", 14),),
               pieces=("h", "c", "s", "t"), step=4)
    assert "AAM-STK-04" in ids(judged(sps, context(proc=leg())))


def test_stk04_after_a_battle_the_force_is_not_judged() -> None:
    """9.1 / 11.4: after a roll, losses and retreats change the force."""
    then = move("NE51", "NE52", leaders=("howe",), sp=(("brit_regular", 6),),
                pieces=("h", "s2"), step=4)
    outcomes = judged(then, context(proc=leg(drops=1, rolled=True)))
    assert "AAM-STK-04" not in ids(outcomes) | done(outcomes)


# AAM-STK-03: 9.0 "There are only two circumstances when there will be both enemy and
# friendly forces in the same Area ... This second instance [a fort or city to lay siege] is
# the only occasion when both friendly and enemy forces may be in the same Area at the end of
# an endeavor."

def next_endeavor(step: int = 9) -> EndeavorTaken:
    return EndeavorTaken(step=step, side="continental", kind="pass", passed=True,
                         reason="the player says he passes")


def test_stk03_enemies_left_together_without_a_siege_are_illegal() -> None:
    """9.0: the British force stopped in NE51 (no fort, no city) and the Continentals are
    still there when the next endeavor begins."""
    data = data_with(cities={"NE51": False})
    state = position(("sp:brit_regular:10", "NE51"), ("sp:cont_regular:5", "NE51"))
    proc = AaMProcedure(leg=FIRST)
    assert "AAM-STK-03" in ids(judged(next_endeavor(), context(data=data, state=state,
                                                               proc=proc)))


def test_stk03_a_siege_or_a_clear_area_is_legal() -> None:
    """9.0: with a siege marker: legal; with the enemy gone: legal; a city without a siege
    marker: unchecked (the marker may come late)."""
    proc = AaMProcedure(leg=FIRST)
    siege = position(("sp:brit_regular:10", "NE51"), ("sp:cont_regular:5", "NE51"),
                     ("siege:1", "NE51"))
    assert "AAM-STK-03" in done(judged(next_endeavor(), context(state=siege, proc=proc)))
    alone = position(("sp:brit_regular:10", "NE51"))
    assert "AAM-STK-03" in done(judged(next_endeavor(), context(state=alone, proc=proc)))
    city = data_with(cities={"NE51": True})
    both = position(("sp:brit_regular:10", "NE51"), ("sp:cont_regular:5", "NE51"))
    outcomes = judged(next_endeavor(), context(data=city, state=both, proc=proc))
    assert "AAM-STK-03" in ids(outcomes, "unchecked")


def test_stk03_the_next_endeavor_attacking_there_is_not_judged() -> None:
    """9.0: "when a friendly force enters an Area with enemy forces to attack them"."""
    data = data_with(cities={"NE51": False})
    state = position(("sp:brit_regular:10", "NE51"), ("sp:cont_regular:5", "NE51"))
    attack = move("NE52", "NE51", side="continental", leaders=("greene",),
                  sp=(("cont_regular", 5),), step=9)
    outcomes = judged(next_endeavor(), context(data=data, state=state,
                                               proc=AaMProcedure(leg=FIRST),
                                               step_actions=(next_endeavor(), attack)))
    assert "AAM-STK-03" not in ids(outcomes) | done(outcomes)
