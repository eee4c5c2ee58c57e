"""Reading pieces that come onto the map or leave it (read_reinforcements.py): counters
from the counter mix, change made with it (AaM 2.0: SPs work like money), withdrawals and
a Loyalist recruitment with its activation die (AaM 12.1, 8.1)."""

from __future__ import annotations

from dataclasses import replace

from adjudicator.systems.almost_a_miracle.actions import (
    Arrived,
    EndeavorTaken,
    Left,
    PrisonerReleased,
)
from adjudicator.systems.almost_a_miracle.interpret import Reader
from adjudicator.systems.almost_a_miracle.read_reinforcements import read_reinforcements
from adjudicator.systems.almost_a_miracle.state import AaMState, Entity
from adjudicator.systems.common.places import Place, PlaceKind
from adjudicator.systems.common.steps import Rolled, StepView
from adjudicator.systems.common.tracker import Placed, Relocation

SIDES = {"cont_regular": "continental", "ne_militia": "continental",
         "brit_regular": "british", "loyalist_militia": "british", "johnson": "british"}


def side_of(entity: Entity) -> str | None:
    return SIDES.get(entity.key) or (entity.key if entity.kind in ("bt", "boo") else None)


def area(key: str) -> Place:
    return Place(PlaceKind.SPACE, key)


def moved(piece: str, entity_id: str, before: Place | None, after: Place | None,
          after_id: str | None = None) -> Relocation[Entity]:
    entity = Entity.parse(entity_id)
    later = Entity.parse(after_id or entity_id)
    assert entity is not None and later is not None
    return Relocation(piece, piece, Placed(entity, before), Placed(later, after))


def view(*relocations: Relocation[Entity], side: str | None = None,
         rolls: tuple[Rolled[str | None], ...] = ()) -> StepView[Entity, str | None]:
    return StepView(5, side, relocations, cards=(), pieces=relocations, strength={},
                    rolls=rolls, chat=(), cues={}, off_board=frozenset(), waypoints={})


def reader(state: AaMState | None = None) -> Reader:
    return Reader(state or AaMState(), side_of)


def test_a_counter_from_the_mix_arrives() -> None:
    actions = read_reinforcements(reader(), view(moved("a", "sp:cont_regular:2", None,
                                                       area("NE14"))), None, "reinforcement")
    assert actions == [Arrived(step=5, side="continental", area="NE14", pieces=("a",),
                               sp=(("cont_regular", 2),))]


def test_change_made_with_the_counter_mix_is_no_arrival() -> None:
    """2.0: counters "can be broken down or combined freely within a type"."""
    actions = read_reinforcements(reader(), view(
        moved("five", "sp:cont_regular:5", area("NE14"), None),
        moved("three", "sp:cont_regular:3", None, area("NE14")),
        moved("two", "sp:cont_regular:2", None, area("NE14"))), None, "attrition")
    assert actions == []


def test_a_withdrawal_leaves_the_map() -> None:
    actions = read_reinforcements(reader(), view(
        moved("a", "sp:brit_regular:4", area("Y13"), Place(PlaceKind.BOX, "removed"))),
        None, "reinforcement")
    assert actions == [Left(step=5, side="british", area="Y13", pieces=("a",),
                            sp=(("brit_regular", 4),))]


def test_a_landing_from_the_at_sea_box_is_no_arrival() -> None:
    """10.5.6: a force At Sea is still in play (its landing is a move)."""
    actions = read_reinforcements(reader(), view(
        moved("a", "sp:brit_regular:4", Place(PlaceKind.BOX, "at_sea"), area("Y13"))),
        None, "endeavors")
    assert actions == []


def test_a_recruitment_is_an_endeavor_with_its_activation_die() -> None:
    """8.0: Loyalist Militia Recruitment is an endeavor; 8.1: the leader must activate."""
    state = AaMState()
    state.pieces["j"] = (Entity("leader", "johnson"), area("I7"))
    read = reader(state)
    read.reading = replace(read.reading, dice=read.reading.dice.with_rolls(
        "british", (Rolled("british", "1d6", (2,)),), 4))
    actions = read_reinforcements(read, view(moved("l", "sp:loyalist_militia:1", None,
                                                   area("I7"))), None, "endeavors")
    assert isinstance(actions[0], EndeavorTaken) and actions[0].kind == "recruit"
    assert isinstance(actions[1], Arrived) and actions[1].die == 2


def test_a_leader_taken_out_of_the_pow_box_is_read() -> None:
    """6.2.4: a captured leader's withdrawal waits for his exchange: his leaving the Leader
    POW box for anywhere but the map is read."""
    pow_box = Place(PlaceKind.BOX, "leader_pow_british")
    actions = read_reinforcements(reader(), view(
        moved("b", "leader:burgoyne", pow_box, Place(PlaceKind.BOX, "eliminated"))),
        None, "reinforcement")
    assert actions == [PrisonerReleased(step=5, side=None, leader="burgoyne", piece="b",
                                        origin="box:leader_pow_british", to="box:eliminated")]
