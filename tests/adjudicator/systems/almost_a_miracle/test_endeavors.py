"""The endeavors family judged by hand (AaM 8.1, 8.1.1, 8.2, 11.1.1)."""

from __future__ import annotations

from adjudicator.systems.almost_a_miracle.actions import ForceMoved
from adjudicator.systems.almost_a_miracle.procedure import AaMProcedure
from tests.adjudicator.systems.almost_a_miracle.rulekit import context, done, ids, judged


def move(*, leaders: tuple[str, ...] = ("howe",), die: int | None = 2,
         sp: tuple[tuple[str, int], ...] = (("british_regular", 5),)) -> ForceMoved:
    return ForceMoved(step=3, side="british", pieces=("a",), leaders=leaders, sp=sp,
                      trains=0, origin="NE10", destination="NE13", path=(), die=die)


def test_sp_without_a_leader_is_illegal_and_a_lone_train_is_not() -> None:
    assert ids(judged(move(leaders=()), context())) == {"AAM-END-03"}
    lone_train = ForceMoved(step=3, side="british", pieces=("b",), leaders=(), sp=(),
                            trains=1, origin="NE10", destination="NE13", path=(), die=None)
    assert ids(judged(lone_train, context())) == set()


def test_a_leader_spent_this_month_cannot_lead_a_new_endeavor() -> None:
    spent = AaMProcedure(activated=frozenset({"howe"}))
    assert "AAM-END-10" in ids(judged(move(), context(proc=spent)))
    assert "AAM-END-10" in done(judged(move(), context()))


def test_outside_the_endeavors_phase_the_family_is_silent() -> None:
    assert judged(move(leaders=()), context(phase="attrition")) == []


def test_a_later_leg_of_the_same_move_is_not_a_second_endeavor() -> None:
    moving = AaMProcedure(activated=frozenset({"howe"}))
    leg = ForceMoved(step=4, side="british", pieces=("a",), leaders=("howe",),
                     sp=(("british_regular", 5),), trains=0, origin="NE13", destination="NE14",
                     path=(), die=2, continues=True)
    assert ids(judged(leg, context(proc=moving))) == set()


def test_a_retreat_needs_no_leader_and_a_reaction_is_not_a_second_endeavor() -> None:
    retreat = ForceMoved(step=4, side="continental", pieces=("c",), leaders=(),
                         sp=(("cont_militia", 3),), trains=0, origin="NE13",
                         destination="NE14", path=(), die=None, within="retreat")
    assert judged(retreat, context()) == []
    spent = AaMProcedure(activated=frozenset({"howe"}))
    reaction = ForceMoved(step=4, side="british", pieces=("a",), leaders=("howe",),
                          sp=(("british_regular", 5),), trains=0, origin="NE10",
                          destination="NE13", path=(), die=2, within="reaction")
    assert "AAM-END-10" not in ids(judged(reaction, context(proc=spent)))
