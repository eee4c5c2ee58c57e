"""A force's movement die is rolled in the Campaign Phase it moves in (AR 16.3), never
taken from an earlier phase's dice (the initiative die, the income dice). Found by the
long-log benchmark (bench/check_ar.py): every die ever rolled stayed in the reader's
queue, and every roll copied the growing queue."""

from __future__ import annotations

from adjudicator.systems.american_revolution.actions import ForceMoved
from adjudicator.systems.american_revolution.interpret import Reader, Shown
from adjudicator.systems.american_revolution.state import ARState, Entity
from adjudicator.systems.common.steps import Rolled
from tests.adjudicator.systems.viewkit import moved, view


def force_moves(rolled_in: str) -> list[ForceMoved]:
    """An American 1d6 of 5 rolled in `rolled_in`, then his regular moves one road in the
    First Campaign Phase without a roll of its own."""
    reader = Reader(ARState(), side_of_formation=lambda key: "US" if key.startswith("us")
                    else None, side_of_leader=lambda key: None)
    reader.begin(Shown("1776", "Initiative", None, (None, None)))
    reader.step(view(1, "US", rolls=(Rolled("US", "1d6", (5,)),)),
                Shown("1776", rolled_in, None, (None, None)), None, None)
    regular = moved(Entity.parse, "u", "unit:us_regular", "philadelphia", "wilmington")
    actions = reader.step(view(2, "US", regular),
                          Shown("1776", "First Campaign Phase", None, (None, None)), None,
                          None)
    return [action for action in actions if isinstance(action, ForceMoved)]


def test_the_initiative_die_is_not_a_campaign_s_movement_die() -> None:
    (move,) = force_moves("Initiative")
    assert move.die is None


def test_a_die_rolled_in_the_campaign_phase_is_the_movement_die() -> None:
    (move,) = force_moves("First Campaign Phase")
    assert move.die == 5
