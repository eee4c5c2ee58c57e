"""Reading supply and logistics from a step (read_supply), and what the procedure remembers
of them (the supply record's effects)."""

from __future__ import annotations

from collections.abc import Sequence

from adjudicator.systems.almost_a_miracle.actions import (
    BaseShifted,
    DiceRolled,
    EndeavorTaken,
    ForceMoved,
    FrenchSeaControl,
    StrengthChanged,
    TrainFlipped,
    TrainPlaced,
    TrainRemoved,
)
from adjudicator.systems.almost_a_miracle.procedure import SEQUENCER, AaMProcedure
from adjudicator.systems.almost_a_miracle.read_supply import read_supply
from adjudicator.systems.almost_a_miracle.state import AaMState, Entity
from adjudicator.systems.common.actions import Action
from adjudicator.systems.common.places import Place, PlaceKind
from adjudicator.systems.common.sequencer import NewTurn, PhaseShown
from adjudicator.systems.common.steps import StepView
from adjudicator.systems.common.tracker import Placed, Relocation


def area(key: str) -> Place:
    return Place(PlaceKind.SPACE, key)


BOX = Place(PlaceKind.BOX, "turn")


def moved(piece: str, before: tuple[str, Place] | None, after: tuple[str, Place] | None
          ) -> Relocation[Entity]:
    def placed(end: tuple[str, Place] | None) -> Placed[Entity] | None:
        if end is None:
            return None
        entity = Entity.parse(end[0])
        assert entity is not None
        return Placed(entity, end[1])
    return Relocation(piece, piece, placed(before), placed(after))


def read(relocations: Sequence[Relocation[Entity]], phase: str | None = "attrition"
         ) -> list[Action]:
    state = AaMState()
    for relocation in relocations:
        state.apply(relocation)
    view: StepView[Entity, str | None] = StepView(
        3, None, relocations, cards=(), pieces=relocations, strength={}, rolls=(), chat=(),
        cues={}, off_board=frozenset(), waypoints={})
    return read_supply(view, state, lambda e: "continental" if e.kind == "sp" else None,
                       None, phase)


def test_an_sp_counter_changed_for_a_smaller_one_is_a_loss() -> None:
    actions = read([moved("a", ("sp:pa_militia:10", area("P20")), None),
                    moved("b", None, ("sp:pa_militia:5", area("P20"))),
                    moved("c", None, ("sp:pa_militia:3", area("P20")))])
    assert actions == [StrengthChanged(step=3, side="continental", area="P20",
                                       kind="pa_militia", before=10, after=8)]
    assert read([moved("a", ("sp:pa_militia:10", area("P20")), None)], "endeavors") == []


def test_a_train_turned_over_in_its_area_is_a_flip() -> None:
    flipped = read([moved("t", ("bt:british", area("NE13")), ("bt:british:mag", area("NE13")))],
                   "logistics")
    assert flipped == [TrainFlipped(step=3, side="british", piece="t", area="NE13",
                                    owner="british", before="", after="mag")]
    swapped = read([moved("t", ("bt:british", area("NE13")), None),
                    moved("m", None, ("bt:british:mag", area("NE13")))], "logistics")
    assert [type(a) for a in swapped] == [TrainFlipped]


def test_trains_off_and_on_the_map() -> None:
    actions = read([moved("t", ("bt:british:mag", area("NE13")), (("bt:british:mag", BOX))),
                    moved("c", None, ("bt:continental:captured", area("NE13")))])
    assert [type(a) for a in actions] == [TrainRemoved, TrainPlaced]


def test_bases_and_sea_control() -> None:
    actions = read([moved("b", ("boo:british", area("NE13")), ("boo:british", BOX)),
                    moved("s", ("sea_control:british", BOX), ("sea_control:french", BOX))],
                   "logistics")
    assert actions == [BaseShifted(step=3, side="british", owner="british", origin="NE13",
                                   destination=None), FrenchSeaControl(step=3)]


def run(actions: Sequence[Action]) -> AaMProcedure:
    proc = AaMProcedure()
    for action in actions:
        proc = SEQUENCER.advance(proc, action).after
    return proc


def test_the_record_closes_the_militia_part_at_the_first_forage_roll() -> None:
    proc = run([NewTurn(step=1, turn="1778-06", reason="x"),
                PhaseShown(step=2, phase="attrition"),
                DiceRolled(step=3, side="continental", button="1d6", dice=(5,)),
                StrengthChanged(step=4, area="P20", kind="pa_militia", before=10, after=9),
                StrengthChanged(step=5, area="P20", kind="pa_militia", before=9, after=8)])
    assert proc.supply.rolls == (("continental", 5),)
    assert proc.supply.changes == (("P20", "pa_militia", 10, 5),)
    proc = run([NewTurn(step=1, turn="1778-06", reason="x"),
                PhaseShown(step=2, phase="attrition"),
                StrengthChanged(step=4, area="P20", kind="pa_militia", before=10, after=8),
                DiceRolled(step=6, side="british", button="2d6", dice=(6, 6))])
    assert proc.supply.foraging and proc.supply.changes == ()
    assert proc.supply.highs == {"british"}
    assert run([NewTurn(step=1, turn="1778-06", reason="x"), PhaseShown(step=2,
                phase="attrition"), DiceRolled(step=3, side="british", button="2d6",
                                               dice=(1, 1)),
                NewTurn(step=9, turn="1778-07", reason="x")]).supply.foraging is False


def test_the_record_owes_a_winter_roll_after_a_winter_activation() -> None:
    start = [NewTurn(step=1, turn="1777-01", reason="x"), PhaseShown(step=2, phase="endeavors"),
             EndeavorTaken(step=3, side="british", kind="force"),
             ForceMoved(step=3, side="british", pieces=("a",), leaders=("howe",),
                        sp=(("brit_regular", 5),), trains=0, origin="Y13", destination="Y14",
                        path=(), die=2)]
    assert run(start).supply.winter_owed == ("british", 3)
    rolled = DiceRolled(step=4, side="british", button="2d6", dice=(3, 3))
    assert run([*start, rolled]).supply.winter_owed is None
    summer = [NewTurn(step=1, turn="1777-06", reason="x"), *start[1:]]
    assert run(summer).supply.winter_owed is None


def test_sps_at_sea_are_read_as_the_at_sea_box() -> None:
    at_sea = Place(PlaceKind.BOX, "at_sea")
    actions = read([moved("a", ("sp:brit_regular:3", at_sea), None),
                    moved("b", None, ("sp:brit_regular:2", at_sea))])
    assert actions == [StrengthChanged(step=3, side="continental", area="AT_SEA",
                                       kind="brit_regular", before=3, after=2)]
