"""Reading siege and fort markers from a step (read_sieges): placed, flipped, removed, with
the forces and rolls around them."""

from __future__ import annotations

from adjudicator.systems.almost_a_miracle.actions import (
    ForceMoved,
    FortMarked,
    SiegeEntered,
    SiegeMarked,
    SiegeSurrendered,
)
from adjudicator.systems.almost_a_miracle.data import bundled_data
from adjudicator.systems.almost_a_miracle.interpret import Reader
from adjudicator.systems.almost_a_miracle.reading import Shown
from adjudicator.systems.almost_a_miracle.state import AaMState, Entity
from adjudicator.systems.common.places import Place, PlaceKind
from adjudicator.systems.common.steps import Rolled, StepView
from adjudicator.systems.common.tracker import Placed, Relocation

DATA = bundled_data()


def side_of(entity: Entity) -> str | None:
    if entity.kind == "sp":
        return str(DATA.unit_kinds[entity.key].side)
    if entity.kind == "leader":
        return str(DATA.leaders[entity.key].side)
    return entity.key if entity.key in ("british", "continental") else None


def at(area: str) -> Place:
    return Place(PlaceKind.SPACE, area)


def reader(*pieces: tuple[str, str, str]) -> Reader:
    """A reader over a position of (piece id, entity id, Area)."""
    state = AaMState()
    for piece, entity_id, area in pieces:
        entity = Entity.parse(entity_id)
        assert entity is not None
        state.pieces[piece] = (entity, at(area))
    return Reader(state, side_of)


def relocation(piece: str, before: tuple[str, Place] | None,
               after: tuple[str, Place] | None) -> Relocation[Entity]:
    def placed(end: tuple[str, Place] | None) -> Placed[Entity] | None:
        if end is None:
            return None
        entity = Entity.parse(end[0])
        assert entity is not None
        return Placed(entity, end[1])
    return Relocation(piece, piece, placed(before), placed(after))


def step(read: Reader, index: int, side: str | None, *moves: Relocation[Entity],
         rolls: tuple[Rolled[str | None], ...] = (), phase: str = "Endeavors"
         ) -> list[object]:
    for move in moves:
        read.state.apply(move)
    view: StepView[Entity, str | None] = StepView(
        index, side, moves, cards=(), pieces=moves, strength={}, rolls=rolls, chat=(),
        cues={}, off_board=frozenset(), waypoints={})
    return list(read.step(view, Shown("1776", "June", phase), "player", None))


def test_a_force_moves_in_and_lays_siege_the_besieger_is_its_side() -> None:
    read = reader(("g", "sp:cont_regular:10", "Y39"), ("b", "sp:brit_regular:20", "C3"))
    actions = step(read, 3, "british",
                   relocation("b", ("sp:brit_regular:20", at("C3")),
                              ("sp:brit_regular:20", at("Y39"))),
                   relocation("s", None, ("siege:1", at("Y39"))))
    marked = [a for a in actions if isinstance(a, SiegeMarked)]
    assert len(marked) == 1
    assert (marked[0].before, marked[0].after, marked[0].besieger) == (0, 1, "british")
    assert marked[0].garrison == (("cont_regular", 10),)
    assert any(isinstance(a, ForceMoved) for a in actions)
    assert any(isinstance(a, SiegeEntered) and a.area == "Y39" for a in actions)


def test_a_flip_and_a_surrender_with_the_besieger_loss() -> None:
    read = reader(("g", "sp:cont_regular:10", "Y39"), ("b", "sp:brit_regular:20", "Y39"),
                  ("s", "siege:1", "Y39"))
    flipped = step(read, 4, "british", relocation("s", ("siege:1", at("Y39")),
                                                  ("siege:2", at("Y39"))), phase="Siege Resolution")
    assert [(a.before, a.after) for a in flipped if isinstance(a, SiegeMarked)] == [(1, 2)]
    track = Place(PlaceKind.BOX, "turn_track")
    actions = step(read, 5, "continental",
                   relocation("s", ("siege:2", at("Y39")), None),
                   relocation("g", ("sp:cont_regular:10", at("Y39")),
                              ("sp:cont_regular:10", track)),
                   relocation("b", ("sp:brit_regular:20", at("Y39")), None),
                   relocation("b2", None, ("sp:brit_regular:19", at("Y39"))),
                   phase="Siege Resolution")
    marked = next(a for a in actions if isinstance(a, SiegeMarked))
    assert (marked.before, marked.after, marked.besieger) == (2, 0, "british")
    assert (marked.surrendered, marked.besieger_removed) == (10, 1)
    surrendered = [a for a in actions if isinstance(a, SiegeSurrendered)]
    assert [(a.level, a.surrendered) for a in surrendered] == [(2, 10)]


def test_a_surrender_before_the_marker_goes_is_read_at_its_own_step() -> None:
    read = reader(("g", "sp:cont_regular:10", "Y39"), ("g2", "sp:cont_regular:10", "Y39"),
                  ("b", "sp:brit_regular:30", "Y39"), ("s", "siege:1", "Y39"))
    track = Place(PlaceKind.BOX, "turn_track")
    actions = step(read, 5, "continental",
                   relocation("g", ("sp:cont_regular:10", at("Y39")),
                              ("sp:cont_regular:10", track)),
                   relocation("g2", ("sp:cont_regular:10", at("Y39")),
                              ("sp:cont_regular:10", track)),
                   phase="Siege Resolution")
    surrendered = [a for a in actions if isinstance(a, SiegeSurrendered)]
    assert [(a.area, a.level, a.besieger, a.surrendered) for a in surrendered] == \
        [("Y39", 1, "british", 20)]
    assert not [a for a in actions if isinstance(a, SiegeMarked)]


def test_the_assault_dice_are_the_last_1d6_of_each_side() -> None:
    read = reader(("g", "sp:cont_regular:10", "Y39"), ("b", "sp:brit_regular:20", "Y39"),
                  ("s", "siege:2", "Y39"))
    step(read, 6, "british", rolls=(Rolled("british", "1d6", (5,)),),
         phase="Siege Resolution")
    step(read, 7, "continental", rolls=(Rolled("continental", "1d6", (2,)),),
         phase="Siege Resolution")
    actions = step(read, 8, "british", relocation("s", ("siege:2", at("Y39")), None),
                   phase="Siege Resolution")
    marked = next(a for a in actions if isinstance(a, SiegeMarked))
    assert dict(marked.dice) == {"british": 5, "continental": 2}


def test_fort_markers_placed_flipped_swapped_destroyed() -> None:
    read = reader(("b", "sp:brit_regular:5", "Y27"))
    placed = step(read, 3, "british", relocation("f", None, ("fort:british:build", at("Y27"))),
                  phase="Logistics and Engineering")
    assert [(a.before, a.after, a.owner) for a in placed if isinstance(a, FortMarked)] == \
        [(None, "build", "british")]
    swapped = step(read, 4, "british", relocation("f", ("fort:british:build", at("Y27")), None),
                   relocation("f2", None, ("fort:british", at("Y27"))),
                   phase="Logistics and Engineering")
    assert [(a.before, a.after) for a in swapped if isinstance(a, FortMarked)] == \
        [("build", "fort")]
    destroyed = step(read, 5, "british", relocation("d", None, ("fort:destroyed", at("Y39"))),
                     phase="Logistics and Engineering")
    assert [(a.area, a.after, a.owner) for a in destroyed if isinstance(a, FortMarked)] == \
        [("Y39", "destroyed", None)]
