"""WfA initiative (digest 6.7 W-7): rounds actually played."""

from __future__ import annotations

from fractions import Fraction as F

from adjudicator.systems.war_for_america.data.tables import WfATables
from adjudicator.systems.war_for_america.initiative import initiative_tie_chance, rounds_played


def test_w7_a_tie_ends_the_cycle(tables: WfATables) -> None:
    assert initiative_tie_chance() == F(1, 6)
    played = rounds_played(tables)
    assert dict(played.items()) == {1: F(1, 6), 2: F(5, 36), 3: F(25, 216), 4: F(125, 216)}
    assert dict(rounds_played(tables, winter=True).items()) == {1: F(1, 6), 2: F(5, 6)}
    assert dict(rounds_played(tables, first_turn=True).items()) == {2: 1}
