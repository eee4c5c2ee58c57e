"""WfA movement points (digest 6.4): worked example W-3 and X-12."""

from __future__ import annotations

from fractions import Fraction as F

import pytest

from adjudicator.systems.war_for_america.data.tables import WfATables
from adjudicator.systems.war_for_america.movement_points import (
    activation_chance,
    check_path,
    fort_construction_chance,
    movement_points,
)


def test_w3_leader_with_command_3(tables: WfATables) -> None:
    roll = movement_points(tables, "leader", command=3)
    assert dict(roll.mp.items()) == {2: F(1, 2), 4: F(1, 2)}
    assert roll.mp.expectation() == 3
    assert fort_construction_chance(tables, roll) == F(1, 2)


def test_w3_washington_rerolls_a_six() -> None:
    assert activation_chance(4, washington=True) == F(7, 9)  # 24/36 + 4/36
    assert activation_chance(6, washington=True) == F(35, 36), "a second 6 fails"
    assert activation_chance(4) == F(2, 3)


def test_w3_leaderless_move(tables: WfATables) -> None:
    roll = movement_points(tables, "leaderless")
    assert dict(roll.mp.items()) == {1: F(1, 2), 2: F(1, 6), 3: F(1, 6), 4: F(1, 6)}
    assert roll.mp.expectation() == 2
    assert fort_construction_chance(tables, roll) == F(1, 6)


def test_x12_winter_in_the_north_is_exactly_2_mp(tables: WfATables) -> None:
    north = movement_points(tables, "leader", command=3, winter_north=True, water_bonus=True)
    assert dict(north.mp.items()) == {2: 1} and "no water bonus" in north.notes[-1]
    assert fort_construction_chance(tables, north) == 0, "W-3: impossible in the North"
    virginia = movement_points(tables, "leader", command=3, winter=True)
    assert virginia.mp.support == (2, 4), "a force starting in Virginia moves normally"


def test_other_movers_and_the_water_bonus(tables: WfATables) -> None:
    assert movement_points(tables, "leader_alone").mp.support == tuple(range(3, 9))
    assert movement_points(tables, "fleet", rodney=True).mp.support == tuple(range(2, 8))
    wet = movement_points(tables, "leaderless", water_bonus=True)
    assert wet.mp.p(2) == F(1, 2) and wet.mp.expectation() == 3
    with pytest.raises(ValueError, match="command value"):
        movement_points(tables, "leader")


def test_w3_path_check_and_the_one_space_rule() -> None:
    assert not check_path(2, [1, 2]).legal
    one_step = check_path(2, [3])
    assert one_step.legal and "one-space" in one_step.reason
    assert check_path(4, [1, 2, 1]).legal
