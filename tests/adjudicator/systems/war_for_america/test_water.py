"""The continuous water connections of WfA 12.1: "If a land unit starts and ends its turn
on a continuous water connection, it is awarded '1' extra MP which must be expended on the
same water connection"."""

from __future__ import annotations

from adjudicator.systems.war_for_america.rules.water import (
    WaterLines,
    bonus_fits,
    connections,
    on_one_connection,
)


def _line(a: str, b: str) -> frozenset[str]:
    return frozenset((a, b))


RIVER = WaterLines(frozenset({_line("a", "b"), _line("b", "c")}), frozenset())


def test_water_lines_joined_end_to_end_are_one_connection() -> None:
    pieces = connections([_line("a", "b"), _line("x", "y"), _line("b", "c")])
    assert sorted(len(p) for p in pieces) == [1, 2]
    assert on_one_connection("a", "c", RIVER) and not on_one_connection("a", "x", RIVER)


def test_the_extra_mp_is_spent_on_the_connection_started_and_ended_on() -> None:
    assert bonus_fits(("a", "b", "c"), [1, 2], RIVER, rolled=2, bonus=1) is True
    assert bonus_fits(("a", "b", "c"), [2, 2], RIVER, rolled=2, bonus=1) is False


def test_no_extra_mp_off_the_connection() -> None:
    # d - a is not water: the route starts off the connection.
    assert bonus_fits(("d", "a", "b"), [1, 2], RIVER, rolled=2, bonus=1) is False
    # a - b - d: ends off it.
    assert bonus_fits(("a", "b", "d"), [1, 2], RIVER, rolled=2, bonus=1) is False


def test_the_extra_mp_cannot_pay_for_lines_off_the_connection() -> None:
    # a - d - a - b: starts and ends on it, but 2 MP off the water on a roll of 1.
    assert bonus_fits(("a", "d", "a", "b"), [1, 1, 0], RIVER, rolled=1, bonus=1) is False
    assert bonus_fits(("a", "d", "a", "b"), [1, 1, 1], RIVER, rolled=2, bonus=1) is True


def test_an_unstated_line_leaves_the_answer_unknown() -> None:
    unsure = WaterLines(frozenset(), frozenset({_line("a", "b")}))
    assert bonus_fits(("a", "b"), [3], unsure, rolled=2, bonus=1) is None
    assert bonus_fits(("a", "b"), [2], unsure, rolled=2, bonus=1) is True
