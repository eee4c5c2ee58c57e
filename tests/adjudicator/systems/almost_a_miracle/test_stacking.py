"""The stacking family judged by hand (AaM 9.0, 9.1)."""

from __future__ import annotations

from adjudicator.systems.almost_a_miracle.actions import ForceMoved
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
