"""Exact distributions: known dice odds, validation, and properties against brute force."""

from __future__ import annotations

from collections import Counter
from fractions import Fraction
from itertools import product

import pytest
from hypothesis import given
from hypothesis import strategies as st

from adjudicator.systems.common.probability import (
    Comparison,
    Distribution,
    compare,
    joint,
    maximum,
    minimum,
    through_table,
)

D6 = Distribution.die()

weights = st.dictionaries(st.integers(-6, 12), st.integers(0, 5), min_size=1, max_size=6).filter(
    lambda w: any(w.values()))
distributions = weights.map(Distribution.from_weights)


def total(d: Distribution[object]) -> Fraction:
    return sum((p for _, p in d.items()), Fraction(0))


def brute_force_dice(n: int, sides: int) -> dict[int, Fraction]:
    counts = Counter(sum(faces) for faces in product(range(1, sides + 1), repeat=n))
    return {value: Fraction(count, sides**n) for value, count in counts.items()}


# Known exact values


def test_two_dice_seven_is_one_sixth() -> None:
    two = Distribution.dice(2)
    assert two.p(7) == Fraction(1, 6)
    assert two.p(2) == two.p(12) == Fraction(1, 36)
    assert two.p(13) == 0
    assert two.support == tuple(range(2, 13))


def test_shifted_roll_against_shifted_roll() -> None:
    odds = compare(D6 + 2, D6 + 3)
    assert odds.at_least == Fraction(15, 36)
    assert odds.equal == Fraction(5, 36)
    assert odds.greater == Fraction(10, 36)
    assert odds.less == Fraction(21, 36)
    assert odds.at_most == Fraction(26, 36)


def test_maximum_and_minimum_of_two_dice() -> None:
    assert maximum(D6, D6).p(6) == Fraction(11, 36)
    assert maximum(D6, D6).p(1) == Fraction(1, 36)
    assert minimum(D6, D6).p(1) == Fraction(11, 36)
    assert maximum(D6, D6, D6).p(6) == 1 - Fraction(5, 6) ** 3
    assert maximum(D6) == D6


def test_table_lookup() -> None:
    result = through_table(D6, {range(1, 4): 1, range(4, 6): 2, 6: 3})
    assert result.items() == ((1, Fraction(1, 2)), (2, Fraction(1, 3)), (3, Fraction(1, 6)))
    assert result.expectation() == Fraction(5, 3)


def test_table_must_cover_every_roll_exactly_once() -> None:
    with pytest.raises(ValueError, match=r"roll 6 is not covered .*1\.\.3, 4\.\.5"):
        through_table(D6, {range(1, 4): "A", range(4, 6): "B"})
    with pytest.raises(ValueError, match="roll 3 is covered 2 times"):
        through_table(D6, {range(1, 4): "A", range(3, 7): "B"})
    with pytest.raises(TypeError, match="ints or ranges"):
        through_table(D6, {"1-6": "A"})  # type: ignore[dict-item]
    # Rolls that cannot occur need no entry.
    assert through_table(Distribution.die(3), {range(1, 4): "A"}) == Distribution.constant("A")


def test_constructors() -> None:
    assert Distribution.die(4).items() == tuple((v, Fraction(1, 4)) for v in range(1, 5))
    assert Distribution.uniform([3, 1, 3]).items() == ((1, Fraction(1, 3)), (3, Fraction(2, 3)))
    assert Distribution.constant(5).items() == ((5, Fraction(1)),)
    assert Distribution.from_weights({"a": 0, "b": Fraction(1, 2), "c": 1}).items() == (
        ("b", Fraction(1, 3)), ("c", Fraction(2, 3)))
    assert Distribution.dice(0) == Distribution.constant(0)


def test_validation() -> None:
    with pytest.raises(ValueError, match="sum to 1/2"):
        Distribution(((1, Fraction(1, 2)),))
    with pytest.raises(ValueError, match="listed twice"):
        Distribution(((1, Fraction(1, 2)), (1, Fraction(1, 2))))
    with pytest.raises(ValueError, match="negative"):
        Distribution(((1, Fraction(3, 2)), (2, Fraction(-1, 2))))
    with pytest.raises(TypeError, match="exact"):
        Distribution(((1, 0.5), (2, 0.5)))  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="exact"):
        Distribution.from_weights({1: 1.0})  # type: ignore[dict-item]
    with pytest.raises(ValueError, match="negative"):
        Distribution.from_weights({1: 2, 2: -1})
    with pytest.raises(ValueError, match="all be zero"):
        Distribution.from_weights({1: 0})
    with pytest.raises(ValueError, match="at least one value"):
        Distribution.uniform([])
    with pytest.raises(ValueError, match="at least one side"):
        Distribution.die(0)
    with pytest.raises(ValueError, match="negative number of dice"):
        Distribution.dice(-1)
    with pytest.raises(ValueError, match="probability 0"):
        D6.condition(lambda roll: roll > 6)


def test_zero_probabilities_are_dropped_and_order_is_canonical() -> None:
    d = Distribution(((3, Fraction(1, 2)), (2, Fraction(0)), (1, Fraction(1, 2))))
    assert d.support == (1, 3)
    assert d == Distribution(((1, Fraction(1, 2)), (3, Fraction(1, 2))))
    assert hash(d) == hash(Distribution.uniform([3, 1]))


def test_unorderable_outcomes_compare_by_content() -> None:
    a = Distribution.from_weights({1: 1, "x": 1})
    b = Distribution.from_weights({"x": 1, 1: 1})
    assert a == b
    assert hash(a) == hash(b)
    assert a != Distribution.from_weights({1: 2, "x": 1})


def test_shift_clamp_sub_and_helpers() -> None:
    assert (D6 + 2).support == tuple(range(3, 9))
    assert (2 + D6) == (D6 + 2)
    assert (D6 - 1).support == tuple(range(0, 6))
    assert sum([D6, D6], Distribution.constant(0)) == Distribution.dice(2)
    assert (D6 - D6).p(0) == Fraction(1, 6)
    clamped = (D6 + 2).clamp(1, 6)
    assert clamped.p(6) == Fraction(1, 2)
    assert clamped.support == (3, 4, 5, 6)
    assert D6.at_most(2) == Fraction(1, 3)
    assert D6.at_least(5) == Fraction(1, 3)
    assert D6.prob(lambda roll: roll % 2 == 0) == Fraction(1, 2)
    assert D6.expectation() == Fraction(7, 2)
    assert D6.condition(lambda roll: roll >= 4) == Distribution.uniform([4, 5, 6])
    assert D6.as_floats()[1] == pytest.approx(1 / 6)
    assert repr(Distribution.die(2)) == "Distribution({1: 1/2, 2: 1/2})"
    assert compare(D6, D6) == Comparison(Fraction(5, 12), Fraction(1, 6), Fraction(5, 12))


def test_joint_and_bind() -> None:
    pairs = joint(D6, Distribution.die(2), lambda x, y: (x, y))
    assert len(pairs.support) == 12
    assert pairs.p((6, 2)) == Fraction(1, 12)
    # Roll a d6; on 5+ roll a d3 for losses, else no losses.
    losses = D6.bind(lambda r: Distribution.die(3) if r >= 5 else Distribution.constant(0))
    assert losses.p(0) == Fraction(2, 3)
    assert losses.p(3) == Fraction(1, 9)
    assert losses.expectation() == Fraction(2, 3)


# Properties


@given(distributions)
def test_probabilities_sum_to_one_and_are_positive(d: Distribution[int]) -> None:
    assert total(d) == 1
    assert all(p > 0 for _, p in d.items())
    assert list(d.support) == sorted(d.support)


@given(distributions, distributions)
def test_convolution_is_commutative(a: Distribution[int], b: Distribution[int]) -> None:
    assert a + b == b + a
    assert total(a + b) == 1


@given(distributions, distributions)
def test_convolution_matches_enumeration(a: Distribution[int], b: Distribution[int]) -> None:
    expected: dict[int, Fraction] = {}
    for (x, p), (y, q) in product(a.items(), b.items()):
        expected[x + y] = expected.get(x + y, Fraction(0)) + p * q
    assert dict((a + b).items()) == expected
    assert (a + b).expectation() == a.expectation() + b.expectation()


@given(st.integers(0, 4), st.integers(1, 6))
def test_dice_match_brute_force(n: int, sides: int) -> None:
    assert dict(Distribution.dice(n, sides).items()) == brute_force_dice(n, sides)


@given(distributions, st.integers(-5, 5))
def test_shift_moves_every_outcome(d: Distribution[int], k: int) -> None:
    shifted = d + k
    assert [(x - k, p) for x, p in shifted.items()] == list(d.items())
    assert shifted - k == d


@given(distributions, distributions)
def test_compare_parts_sum_to_one(a: Distribution[int], b: Distribution[int]) -> None:
    odds = compare(a, b)
    assert odds.greater + odds.equal + odds.less == 1
    flipped = compare(b, a)
    assert (flipped.greater, flipped.equal, flipped.less) == (odds.less, odds.equal, odds.greater)
    assert odds.greater == (a - b).prob(lambda diff: diff > 0)
    assert odds.equal == (a - b).p(0)


@given(distributions, distributions)
def test_maximum_matches_product_of_cdfs(a: Distribution[int], b: Distribution[int]) -> None:
    high = maximum(a, b)
    low = minimum(a, b)
    for v in range(-14, 14):
        assert high.at_most(v) == a.at_most(v) * b.at_most(v)
        assert low.at_least(v) == a.at_least(v) * b.at_least(v)


@given(distributions, st.integers(1, 4))
def test_map_preserves_total_and_preimages(d: Distribution[int], m: int) -> None:
    image = d.map(lambda x: x % m)
    assert total(image) == 1
    for r in range(m):
        assert image.p(r) == sum((p for x, p in d.items() if x % m == r), Fraction(0))


@given(distributions, st.integers(-6, 12))
def test_at_most_and_at_least_partition(d: Distribution[int], v: int) -> None:
    assert d.at_most(v) + d.at_least(v + 1) == 1
    assert d.at_most(v) - d.at_most(v - 1) == d.p(v)


@given(distributions, st.integers(-6, 12))
def test_condition_renormalises(d: Distribution[int], v: int) -> None:
    event = d.at_least(v)
    if event == 0:
        with pytest.raises(ValueError):
            d.condition(lambda x: x >= v)
        return
    given_event = d.condition(lambda x: x >= v)
    assert total(given_event) == 1
    for x in d.support:
        assert given_event.p(x) == (d.p(x) / event if x >= v else 0)


@given(st.lists(st.integers(1, 3), min_size=6, max_size=6))
def test_table_lookup_matches_counting_faces(results: list[int]) -> None:
    table = {face: results[face - 1] for face in range(1, 7)}
    looked_up = through_table(D6, table)
    for result in set(results):
        assert looked_up.p(result) == Fraction(results.count(result), 6)
