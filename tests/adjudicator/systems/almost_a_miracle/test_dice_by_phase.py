"""A die belongs to the phase it was rolled in: an endeavor's activation die is never one
rolled in an earlier phase for attrition or events (AaM 8.1.1). Found by the long-log
benchmark (bench/check_aam.py): dice no endeavor used piled up for the whole game, so a
force that moved without rolling took a militia attrition die as its activation roll,
and every later roll copied the growing pile."""

from __future__ import annotations

from adjudicator.systems.almost_a_miracle.actions import ForceMoved
from adjudicator.systems.almost_a_miracle.interpret import Reader
from adjudicator.systems.almost_a_miracle.reading import Shown
from adjudicator.systems.almost_a_miracle.state import AaMState, Entity
from adjudicator.systems.common.steps import Rolled
from tests.adjudicator.systems.viewkit import moved, view


def side_of(entity: Entity) -> str | None:
    return {"washington": "continental", "cont_regular": "continental"}.get(entity.key)


def force_moves(rolled_in: str) -> list[ForceMoved]:
    """A Continental 1d6 of 2 rolled in `rolled_in`, then Washington's force moves in the
    Endeavors Phase without a roll of its own."""
    reader = Reader(AaMState(), side_of)
    reader.begin(Shown("1776", "June", "Attrition"))
    reader.step(view(1, "continental", rolls=(Rolled("continental", "1d6", (2,)),)),
                Shown("1776", "June", rolled_in), None, None)
    force = (moved(Entity.parse, "w", "leader:washington", "P20", "P19"),
             moved(Entity.parse, "s", "sp:cont_regular:10", "P20", "P19"))
    actions = reader.step(view(2, "continental", *force), Shown("1776", "June", "Endeavors"),
                          None, None)
    return [action for action in actions if isinstance(action, ForceMoved)]


def test_an_attrition_die_is_not_the_next_phase_s_activation_die() -> None:
    (move,) = force_moves("Attrition")
    assert move.die is None  # AAM-END-04 then says no activation die was rolled


def test_a_die_rolled_in_the_endeavors_phase_is_the_activation_die() -> None:
    (move,) = force_moves("Endeavors")
    assert move.die == 2
