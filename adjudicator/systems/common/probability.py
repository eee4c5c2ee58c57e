"""Exact odds as finite distributions of `Fraction`s, shared by the game systems.

The referees of the board wargames report exact odds, never floats: battle odds (an
attacker's roll plus modifiers against a defender's roll plus modifiers, where ties
matter), siege outcomes, the losses owed after a roll read through a results table, and
interception chances. A `Distribution` is an immutable finite distribution over hashable
outcomes whose probabilities are exact fractions summing to 1; the module functions
combine independent distributions.

>>> Distribution.dice(2).p(7)
Fraction(1, 6)
>>> compare(Distribution.die() + 2, Distribution.die() + 3).at_least
Fraction(5, 12)
>>> through_table(Distribution.die(), {range(1, 4): 1, range(4, 6): 2, 6: 3})
Distribution({1: 1/2, 2: 1/3, 3: 1/6})
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable, Mapping
from dataclasses import dataclass
from fractions import Fraction
from math import comb
from operator import itemgetter
from typing import Generic, TypeAlias, TypeVar, overload

T = TypeVar("T", bound=Hashable)
T_co = TypeVar("T_co", bound=Hashable, covariant=True)
U = TypeVar("U", bound=Hashable)
V = TypeVar("V", bound=Hashable)
R = TypeVar("R", bound=Hashable)
N = TypeVar("N", int, Fraction)
"""A numeric outcome: die rolls are ints; halved or averaged values may be Fractions."""

Number: TypeAlias = int | Fraction
"""Numeric outcomes, for the operations that compare or average them."""

_ZERO = Fraction(0)
_ONE = Fraction(1)


def _exact(value: object, what: str) -> Fraction:
    """`value` as a Fraction if it is an exact number (int or Fraction, not bool or float)."""
    if isinstance(value, bool) or not isinstance(value, int | Fraction):
        raise TypeError(f"{what} must be an exact Fraction or int, not {value!r}")
    return Fraction(value)


def _canonical(pairs: list[tuple[U, Fraction]]) -> tuple[tuple[U, Fraction], ...]:
    """The pairs sorted by outcome when the outcomes are orderable, else in given order."""
    try:
        return tuple(sorted(pairs, key=itemgetter(0)))
    except TypeError:
        return tuple(pairs)


@dataclass(frozen=True, slots=True, eq=False, repr=False)
class Distribution(Generic[T_co]):
    """An immutable finite probability distribution with exact `Fraction` probabilities.

    `outcomes` holds each outcome once with its probability, sorted by outcome when the
    outcomes are orderable. Construction validates: probabilities are exact (Fraction or
    int, never float), non-negative and sum to exactly 1, and no outcome is listed twice;
    outcomes of probability 0 are dropped. Equality ignores the order of `outcomes`.

    >>> Distribution.die(4)
    Distribution({1: 1/4, 2: 1/4, 3: 1/4, 4: 1/4})
    >>> Distribution(((1, Fraction(1, 2)), (2, Fraction(1, 3))))
    Traceback (most recent call last):
    ...
    ValueError: probabilities sum to 5/6, not 1
    """

    outcomes: tuple[tuple[T_co, Fraction], ...]

    def __post_init__(self) -> None:
        seen: set[Hashable] = set()
        pairs: list[tuple[T_co, Fraction]] = []
        total = _ZERO
        for outcome, raw in self.outcomes:
            if outcome in seen:
                raise ValueError(f"outcome {outcome!r} is listed twice")
            seen.add(outcome)
            probability = _exact(raw, f"the probability of {outcome!r}")
            if probability < 0:
                raise ValueError(f"the probability of {outcome!r} is negative ({probability})")
            total += probability
            if probability:
                pairs.append((outcome, probability))
        if total != 1:
            raise ValueError(f"probabilities sum to {total}, not 1")
        object.__setattr__(self, "outcomes", _canonical(pairs))

    # Constructors

    @staticmethod
    def die(sides: int = 6) -> Distribution[int]:
        """One fair die numbered 1 to `sides` (a d6 by default)."""
        if sides < 1:
            raise ValueError(f"a die needs at least one side, not {sides}")
        return Distribution.uniform(range(1, sides + 1))

    @staticmethod
    def dice(n: int, sides: int = 6) -> Distribution[int]:
        """The sum of `n` fair dice of `sides` sides (`dice(2)` is 2d6; `dice(0)` is 0).

        >>> Distribution.dice(2).at_least(11)
        Fraction(1, 12)
        """
        if n < 0:
            raise ValueError(f"cannot roll a negative number of dice ({n})")
        face = Distribution.die(sides)
        total = Distribution.constant(0)
        for _ in range(n):
            total = total + face
        return total

    @staticmethod
    def uniform(values: Iterable[U]) -> Distribution[U]:
        """Each listed value equally likely, like the faces of a die; repeats add up.

        >>> Distribution.uniform([1, 1, 2])
        Distribution({1: 2/3, 2: 1/3})
        """
        counts: dict[U, int] = {}
        for value in values:
            counts[value] = counts.get(value, 0) + 1
        if not counts:
            raise ValueError("a uniform distribution needs at least one value")
        return Distribution.from_weights(counts)

    @staticmethod
    def constant(value: U) -> Distribution[U]:
        """The certain outcome `value` (e.g. a fixed result, or the start of a sum)."""
        return Distribution(((value, _ONE),))

    @staticmethod
    def from_weights(weights: Mapping[U, Fraction | int]) -> Distribution[U]:
        """Outcomes with exact non-negative weights, normalised to sum to 1.

        >>> Distribution.from_weights({"hit": 1, "miss": 2})
        Distribution({'hit': 1/3, 'miss': 2/3})
        """
        exact = {outcome: _exact(w, f"the weight of {outcome!r}") for outcome, w in weights.items()}
        for outcome, weight in exact.items():
            if weight < 0:
                raise ValueError(f"the weight of {outcome!r} is negative ({weight})")
        total = sum(exact.values(), _ZERO)
        if total == 0:
            raise ValueError("weights must not all be zero")
        return Distribution(tuple((outcome, weight / total) for outcome, weight in exact.items()))

    # Views

    @property
    def support(self) -> tuple[T_co, ...]:
        """The outcomes of positive probability, sorted when orderable."""
        return tuple(outcome for outcome, _ in self.outcomes)

    def items(self) -> tuple[tuple[T_co, Fraction], ...]:
        """(outcome, probability) pairs, sorted by outcome when orderable."""
        return self.outcomes

    def as_floats(self) -> dict[T_co, float]:
        """A float view of the probabilities, for display only."""
        return {outcome: float(probability) for outcome, probability in self.outcomes}

    def p(self, value: object) -> Fraction:
        """The probability of exactly `value` (0 if it cannot occur)."""
        for outcome, probability in self.outcomes:
            if outcome == value:
                return probability
        return _ZERO

    def prob(self, predicate: Callable[[T_co], bool]) -> Fraction:
        """The probability that `predicate` holds (e.g. an interception succeeding)."""
        return sum((p for outcome, p in self.outcomes if predicate(outcome)), _ZERO)

    def at_most(self: Distribution[Number], value: Number) -> Fraction:
        """P(outcome ≤ value), the cumulative distribution at `value`."""
        return sum((p for outcome, p in self.outcomes if outcome <= value), _ZERO)

    def at_least(self: Distribution[Number], value: Number) -> Fraction:
        """P(outcome ≥ value), e.g. the chance a roll meets a target number."""
        return sum((p for outcome, p in self.outcomes if outcome >= value), _ZERO)

    def expectation(self: Distribution[Number]) -> Fraction:
        """The exact mean of numeric outcomes (e.g. the expected losses owed)."""
        return sum((outcome * p for outcome, p in self.outcomes), _ZERO)

    # Transformations

    def map(self, f: Callable[[T_co], U]) -> Distribution[U]:
        """Each outcome sent through `f`; outcomes with equal images merge.

        >>> Distribution.die().map(lambda roll: roll >= 5)
        Distribution({False: 2/3, True: 1/3})
        """
        masses: dict[U, Fraction] = {}
        for outcome, probability in self.outcomes:
            image = f(outcome)
            masses[image] = masses.get(image, _ZERO) + probability
        return Distribution(tuple(masses.items()))

    def bind(self, f: Callable[[T_co], Distribution[U]]) -> Distribution[U]:
        """A two-stage experiment: each outcome picks the distribution rolled next.

        >>> Distribution.die(2).bind(lambda n: Distribution.dice(n, 2))
        Distribution({1: 1/4, 2: 3/8, 3: 1/4, 4: 1/8})
        """
        masses: dict[U, Fraction] = {}
        for outcome, probability in self.outcomes:
            for image, q in f(outcome).outcomes:
                masses[image] = masses.get(image, _ZERO) + probability * q
        return Distribution(tuple(masses.items()))

    def condition(self, predicate: Callable[[T_co], bool]) -> Distribution[T_co]:
        """The distribution given that `predicate` holds, renormalised.

        Raises:
            ValueError: the predicate has probability 0.
        """
        kept = [(outcome, p) for outcome, p in self.outcomes if predicate(outcome)]
        total = sum((p for _, p in kept), _ZERO)
        if total == 0:
            raise ValueError("cannot condition on an event of probability 0")
        return Distribution(tuple((outcome, p / total) for outcome, p in kept))

    def clamp(self: Distribution[N], low: N, high: N) -> Distribution[N]:
        """Outcomes limited to [low, high], as tables do with over-modified rolls."""
        if low > high:
            raise ValueError(f"empty clamp range: {low} > {high}")
        return self.map(lambda x: low if x < low else high if x > high else x)

    def __add__(self: Distribution[N], other: Distribution[N] | N) -> Distribution[N]:
        """The sum of independent distributions (convolution), or a shift by a number."""
        if isinstance(other, Distribution):
            return joint(self, other, lambda x, y: x + y)
        if isinstance(other, bool) or not isinstance(other, int | Fraction):
            return NotImplemented
        return self.map(lambda x: x + other)

    def __radd__(self: Distribution[N], other: N) -> Distribution[N]:
        """A number plus a distribution (so `2 + die` and `sum(..., start)` work)."""
        if isinstance(other, bool) or not isinstance(other, int | Fraction):
            return NotImplemented
        return self.map(lambda x: other + x)

    def __sub__(self: Distribution[N], other: Distribution[N] | N) -> Distribution[N]:
        """The difference of independent distributions, or a shift down by a number."""
        if isinstance(other, Distribution):
            return joint(self, other, lambda x, y: x - y)
        if isinstance(other, bool) or not isinstance(other, int | Fraction):
            return NotImplemented
        return self.map(lambda x: x - other)

    # Identity

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Distribution):
            return NotImplemented
        return dict(self.outcomes) == dict(other.outcomes)

    def __hash__(self) -> int:
        return hash(frozenset(self.outcomes))

    def __repr__(self) -> str:
        body = ", ".join(f"{outcome!r}: {p}" for outcome, p in self.outcomes)
        return f"Distribution({{{body}}})"


@dataclass(frozen=True, slots=True)
class Comparison:
    """Exact P(a > b), P(a = b) and P(a < b) for two independent distributions a and b."""

    greater: Fraction
    equal: Fraction
    less: Fraction

    @property
    def at_least(self) -> Fraction:
        """P(a ≥ b): e.g. an attacker winning when ties go to the attacker."""
        return self.greater + self.equal

    @property
    def at_most(self) -> Fraction:
        """P(a ≤ b): e.g. a defender holding when ties go to the defender."""
        return self.less + self.equal


def joint(a: Distribution[T], b: Distribution[U], f: Callable[[T, U], V]) -> Distribution[V]:
    """The distribution of `f(x, y)` for independent x from `a` and y from `b`.

    >>> joint(Distribution.die(2), Distribution.die(2), lambda x, y: (x, y)).p((1, 2))
    Fraction(1, 4)
    """
    masses: dict[V, Fraction] = {}
    for x, p in a.outcomes:
        for y, q in b.outcomes:
            image = f(x, y)
            masses[image] = masses.get(image, _ZERO) + p * q
    return Distribution(tuple(masses.items()))


def compare(a: Distribution[Number], b: Distribution[Number]) -> Comparison:
    """Exact odds that independent `a` beats, ties or loses to `b` (e.g. battle rolls).

    >>> compare(Distribution.die(), Distribution.die())
    Comparison(greater=Fraction(5, 12), equal=Fraction(1, 6), less=Fraction(5, 12))
    """
    greater = equal = less = _ZERO
    for x, p in a.outcomes:
        for y, q in b.outcomes:
            if x > y:
                greater += p * q
            elif x == y:
                equal += p * q
            else:
                less += p * q
    return Comparison(greater=greater, equal=equal, less=less)


def maximum(first: Distribution[N], *rest: Distribution[N]) -> Distribution[N]:
    """The larger of independent distributions (e.g. the best of several rolls).

    >>> maximum(Distribution.die(), Distribution.die()).p(6)
    Fraction(11, 36)
    """
    result = first
    for other in rest:
        result = joint(result, other, lambda x, y: x if x >= y else y)
    return result


def minimum(first: Distribution[N], *rest: Distribution[N]) -> Distribution[N]:
    """The smaller of independent distributions (e.g. the worst of several rolls)."""
    result = first
    for other in rest:
        result = joint(result, other, lambda x, y: x if x <= y else y)
    return result


def _describe_key(key: range | int) -> str:
    if isinstance(key, range) and key.step == 1 and len(key) > 0:
        return str(key.start) if len(key) == 1 else f"{key.start}..{key[-1]}"
    return repr(key)


@overload
def through_table(roll: Distribution[int], table: Mapping[range | int, R]) -> Distribution[R]: ...
@overload
def through_table(roll: Distribution[int], table: Mapping[int, R]) -> Distribution[R]: ...
@overload
def through_table(roll: Distribution[int], table: Mapping[range, R]) -> Distribution[R]: ...
def through_table(roll: Distribution[int],
                  table: Mapping[range | int, R] | Mapping[int, R] | Mapping[range, R],
                  ) -> Distribution[R]:
    """A roll read through a results table given as data (roll or range of rolls → result).

    Raises:
        TypeError: a table key is neither an int nor a range.
        ValueError: a possible roll is covered by no key, or by more than one.

    >>> through_table(Distribution.dice(2), {range(2, 7): "miss", range(7, 13): "hit"})
    Distribution({'hit': 7/12, 'miss': 5/12})
    """
    for key in table:
        if isinstance(key, bool) or not isinstance(key, range | int):
            raise TypeError(f"results table keys must be ints or ranges, not {key!r}")
    covers = ", ".join(_describe_key(key) for key in table) or "nothing"

    def look_up(value: int) -> R:
        found = [result for key, result in table.items()
                 if (value in key if isinstance(key, range) else value == key)]
        if not found:
            raise ValueError(f"roll {value} is not covered by the results table "
                             f"(it covers {covers})")
        if len(found) > 1:
            raise ValueError(f"roll {value} is covered {len(found)} times by the results "
                             f"table (it covers {covers})")
        return found[0]

    return roll.map(look_up)


def binomial(n: int, p: Fraction | int) -> Distribution[int]:
    """The number of successes in `n` independent trials of chance `p` (e.g. how many of
    `n` units a die per unit eliminates on a 6).

    >>> binomial(2, Fraction(1, 6))
    Distribution({0: 25/36, 1: 5/18, 2: 1/36})
    >>> binomial(0, Fraction(1, 2))
    Distribution({0: 1})
    """
    if n < 0:
        raise ValueError(f"cannot make a negative number of trials ({n})")
    chance = _exact(p, "the chance of success")
    if not 0 <= chance <= 1:
        raise ValueError(f"a chance must lie in [0, 1], not {chance}")
    return Distribution(tuple((k, comb(n, k) * chance ** k * (1 - chance) ** (n - k))
                              for k in range(n + 1)))


def multinomial(n: int, each: Distribution[T],
                kinds: tuple[T, ...]) -> Distribution[tuple[int, ...]]:
    """How many of `n` independent draws from `each` fall on each of `kinds` (outcomes not
    listed are counted nowhere), e.g. the 6s and the 5s among `n` dice.

    >>> multinomial(2, Distribution.die(), (6, 5)).p((1, 1))
    Fraction(1, 18)
    >>> multinomial(0, Distribution.die(), (6,))
    Distribution({(0,): 1})
    """
    if n < 0:
        raise ValueError(f"cannot make a negative number of draws ({n})")
    if len(set(kinds)) != len(kinds):
        raise ValueError(f"kinds are listed twice: {kinds!r}")
    chances = [each.p(kind) for kind in kinds]
    rest = 1 - sum(chances, _ZERO)
    masses: dict[tuple[int, ...], Fraction] = {tuple(0 for _ in kinds): _ONE}
    for _ in range(n):
        grown: dict[tuple[int, ...], Fraction] = {}
        for counts, mass in masses.items():
            if rest:
                grown[counts] = grown.get(counts, _ZERO) + mass * rest
            for index, chance in enumerate(chances):
                if chance:
                    step = (*counts[:index], counts[index] + 1, *counts[index + 1:])
                    grown[step] = grown.get(step, _ZERO) + mass * chance
        masses = grown
    return Distribution(tuple(masses.items()))
