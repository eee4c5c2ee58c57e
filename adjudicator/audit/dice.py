"""Dice statistics of an audit: per player, roll label and number of dice, what was rolled.

`dice_entries(rolls)` groups rolls by (player, label, number of dice) and describes each
group as a `DiceEntry`: how often each face and each total came up, the mean total against
the mean a fair die gives, a chi-square goodness-of-fit p-value of the face counts against
uniform faces, the longest run of one total, how often every die showed its lowest or its
highest face, and how many of the rolls were undone or were re-rolls. These are
statistics of what the logs recorded, with the assumptions they rest on stated; small
samples vary a lot, and nothing here is a judgement of anyone.

Rules the numbers follow:

- **Every roll counts**, undone or not: the dice were rolled. `undone` and `rerolls` say
  how many of the group's rolls were taken back with undo, and how many were rolled again
  after an undo.
- **A roll's total** is the sum of its dice (a button's modifier is not a die); a roll that
  reported only a total (no dice) counts with that total, and has no faces.
- **Sides** (`sides_rule`): the sides the rolls report (`reported`; when they disagree the
  sides are unknown); else a label naming its dice, `2d10` → 10 (`label`); else a label
  that says `d6`, `DR` or `dr` (ASL's words for two dice and one die) → 6 (`label`); else,
  when every value lies in 1..6, 6 is assumed (`assumed from values`); else unknown. With
  known sides `faces` lists every face 1..sides, zeros included, and `totals` every total
  the dice can make; without, only what was seen.
- **Chi-square** compares the face counts (every die of every roll of the group, pooled)
  with `rolls × dice / sides` each, on `sides − 1` degrees of freedom. It is None when it
  would mislead, and `chi_square_note` says why: sides unknown, a value outside 1..sides,
  or fewer than 5 expected per face (the usual condition for the chi-square approximation).
- **The exact test** (`exact_multinomial_p`) gives, for the same face counts, the exact
  probability that fair dice give a Pearson statistic at least as large as the one
  observed (faces against uniform; with two faces it is the two-sided binomial test
  ordered by distance from the mean). It is computed whenever the sample is small enough
  to do so quickly: at most `EXACT_MAX_DICE` dice of at most `EXACT_MAX_SIDES` faces
  (measured on a shared 2-core machine, worst of 12 samples: 0.04 s for 60 d6, 0.24 s for
  60 d12). Above that the chi-square approximation is used, and below 5 expected per face
  there is then no p-value.
- **The p-value** of an entry (`p_value`, `p_method`) is the exact one when computed, else
  the chi-square one.
- **Correction for many tests.** An audit tests every player × label × dice at once;
  `with_verdicts` adjusts the p-values of one family of tests (an audit, a series) by
  Benjamini–Hochberg (`q_value`, with `tests`, the number of tests in the family): among
  the entries called unusual, the expected share of fair dice is at most the threshold.
- **A verdict** is given only to an entry of at least `MIN_DICE_PER_FACE_FOR_VERDICT` dice
  per face: below that fair dice often leave a face unseen (12 fair d6 miss at least one
  face 56% of the time, 18 of them 22%), and fair and strongly biased dice give outcomes
  too alike for "consistent with fair dice" to mean anything. An entry with fewer dice is
  not one of the tests. The verdict is "unusual" only when `q_value < UNUSUAL_Q`, never on
  an uncorrected p-value.

>>> entry, = dice_entries([Rolled("Alice", "IFT DR", (6, 6)), Rolled("Alice", "IFT DR", (3, 1))])
>>> entry.faces, entry.totals["12"], entry.mean, entry.expected_mean
({'1': 1, '2': 0, '3': 1, '4': 0, '5': 0, '6': 2}, 1, 8.0, 7.0)
>>> entry.chi_square_p is None, entry.chi_square_note
(True, 'fewer than 5 expected per face (4 dice over 6 faces)')
"""

from __future__ import annotations

import math
import re
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from itertools import pairwise
from typing import Literal, Protocol

from pydantic import BaseModel, ConfigDict

SidesRule = Literal["reported", "label", "assumed from values", "unknown"]
MIN_EXPECTED_PER_FACE = 5
"""The chi-square test is given only when every face is expected at least this often."""
EXACT_MAX_DICE = 60
"""The exact test is computed for at most this many dice (pooled over a group's rolls)."""
EXACT_MAX_SIDES = 12
"""…of at most this many faces; the time it takes grows with both (module docstring)."""
MIN_DICE_PER_FACE_FOR_VERDICT = 3
"""A verdict needs at least this many dice per face (module docstring says why)."""
UNUSUAL_Q = 0.01
"""An entry is called unusual when its corrected p-value (`q_value`) is below this."""
FAIR = "consistent with fair dice"
PMethod = Literal["exact", "chi-square"]
_MAX_TOTALS_LISTED = 200
"""Above this many possible totals, `totals` lists only the totals seen."""
_NDS_LABEL = re.compile(r"\b(\d*)[dD](\d+)\b")
_SIX_SIDED_LABEL = re.compile(r"\b(?:DR|dr|[dD]6)\b")


class RolledDice(Protocol):
    """What the statistics need of a roll; `adjudicator.reading.models.RollRecord` is one."""

    @property
    def player(self) -> str | None: ...

    @property
    def label(self) -> str: ...

    @property
    def dice(self) -> Sequence[int]: ...

    @property
    def total(self) -> int | None: ...

    @property
    def sides(self) -> int | None: ...

    @property
    def undone(self) -> bool: ...

    @property
    def reroll(self) -> bool: ...


@dataclass(frozen=True, slots=True)
class Rolled:
    """A roll given by hand (tests, examples); any `RolledDice` will do."""

    player: str | None
    label: str
    dice: tuple[int, ...]
    total: int | None = None
    sides: int | None = None
    undone: bool = False
    reroll: bool = False


_MODEL = ConfigDict(frozen=True, extra="forbid", use_attribute_docstrings=True)


class Streak(BaseModel):
    """The longest run of one total in a row (the first such run, on a tie)."""

    model_config = _MODEL
    total: int
    length: int


class DiceEntry(BaseModel):
    """The statistics of one player's rolls of one label with one number of dice."""

    model_config = _MODEL
    player: str | None
    """Who rolled (None: the log did not say)."""
    label: str
    """The dice button's name or the chat report's label (`2d6`, `IFT DR`)."""
    dice: int
    """Dice per roll (0: the rolls reported only a total)."""
    rolls: int
    faces: dict[str, int]
    """How often each face came up, every die counted; every face 1..sides when known."""
    totals: dict[str, int]
    """How often each total came up; every possible total when the sides are known."""
    mean: float
    """The mean total (4 decimals)."""
    expected_mean: float | None
    """The mean total of fair dice, `dice × (sides + 1) / 2`; None when sides are unknown."""
    chi_square_p: float | None
    """P-value of the chi-square goodness of fit of `faces` against uniform faces (6
    significant digits); None when the test does not apply (`chi_square_note` says why)."""
    longest_streak: Streak
    sides: int | None
    """Faces per die, found by `sides_rule`."""
    sides_rule: SidesRule
    """How `sides` was found: `reported` by the rolls, read from the `label`, `assumed from
    values` (all in 1..6), or `unknown`."""
    chi_square: float | None
    """The chi-square statistic of `faces` (4 decimals); None as `chi_square_p`."""
    chi_square_note: str | None
    """Why `chi_square_p` is None (None when it is given)."""
    all_ones: int
    """Rolls whose every die showed 1."""
    all_max: int | None
    """Rolls whose every die showed its highest face; None when sides are unknown."""
    extreme_expected: float | None
    """How many of `all_ones` (and of `all_max`) fair dice give on average,
    `rolls / sides^dice` (4 decimals)."""
    undone: int
    """Rolls made and then taken back with undo."""
    rerolls: int
    """Rolls made again after an undo took a roll back."""
    exact_p: float | None = None
    """P-value of the exact test of `faces` against uniform faces (6 significant digits);
    None when the sample is too large to compute it quickly or the test does not apply."""
    p_value: float | None = None
    """The p-value the verdict rests on: `exact_p` when computed, else `chi_square_p`."""
    p_method: PMethod | None = None
    """Which test gave `p_value`."""
    q_value: float | None = None
    """`p_value` adjusted for the `tests` made at once (Benjamini–Hochberg), 6 significant
    digits; None when the entry is not one of the tests."""
    tests: int = 0
    """How many tests `q_value` was corrected for (0: not corrected)."""
    verdict: str | None = None
    """In plain words: "consistent with fair dice", or "unusual: p = q, after correction
    for N tests (uncorrected p)" (only when `q_value < 0.01`); None when there is no
    verdict."""
    verdict_note: str | None = None
    """Why there is no verdict (None when there is one)."""
    unusual: bool = False
    """The verdict is "unusual"."""


# --------------------------------------------------------------------------------------
# The chi-square distribution


def chi_square_survival(x: float, df: int) -> float:
    """P(X ≥ x) for X chi-square distributed with `df` (integer ≥ 1) degrees of freedom.

    Closed forms (Abramowitz & Stegun, *Handbook of Mathematical Functions*, 26.4.4 and
    26.4.5), with h = x/2:

    - even df = 2m: Q = e^(−h) · Σ_{i=0}^{m−1} h^i / i!  (a Poisson tail);
    - odd df = 2m+1: Q = erfc(√h) + e^(−h) · Σ_{i=1}^{m} h^(i−½) / Γ(i+½).

    Each term is computed through its logarithm (`math.lgamma`) so that large x and df
    neither overflow nor underflow early; the result is clamped to [0, 1].

    >>> round(chi_square_survival(3.841, 1), 4), round(chi_square_survival(11.07, 5), 4)
    (0.05, 0.05)
    """
    if df < 1:
        raise ValueError(f"degrees of freedom must be at least 1, not {df}")
    if x < 0 or math.isnan(x):
        raise ValueError(f"a chi-square statistic is never negative: {x}")
    h = x / 2
    if h == 0:  # x is 0, or so small that half of it is (a subnormal float)
        return 1.0
    log_h = math.log(h)
    if df % 2 == 0:
        total = sum(math.exp(-h + i * log_h - math.lgamma(i + 1)) for i in range(df // 2))
    else:
        total = math.erfc(math.sqrt(h)) + sum(
            math.exp(-h + (i - 0.5) * log_h - math.lgamma(i + 0.5))
            for i in range(1, df // 2 + 1))
    return min(1.0, max(0.0, total))


# --------------------------------------------------------------------------------------
# Entries


def dice_entries(rolls: Iterable[RolledDice]) -> list[DiceEntry]:
    """One `DiceEntry` per (player, label, number of dice), sorted by player (unknown
    last), label and dice; rolls are taken in the order given (for streaks)."""
    groups: dict[tuple[str | None, str, int], list[RolledDice]] = {}
    for roll in rolls:
        groups.setdefault((roll.player, roll.label, len(roll.dice)), []).append(roll)
    ordered = sorted(groups, key=lambda key: (key[0] is None, key[0] or "", key[1], key[2]))
    return [dice_entry(groups[key]) for key in ordered]


def dice_entry(rolls: Sequence[RolledDice]) -> DiceEntry:
    """The statistics of one group of rolls: one player, label and number of dice.

    Raises:
        ValueError: no rolls, or rolls of different players, labels or numbers of dice.
    """
    if not rolls:
        raise ValueError("no rolls to describe")
    first = rolls[0]
    key = (first.player, first.label, len(first.dice))
    if any((roll.player, roll.label, len(roll.dice)) != key for roll in rolls):
        raise ValueError(f"rolls of more than one player, label or number of dice: {key}")
    player, label, count = key
    values = [value for roll in rolls for value in roll.dice]
    sides, rule = find_sides(label, [roll.sides for roll in rolls], values)
    totals = [_total(roll) for roll in rolls]
    faces = _faces(values, sides) if count else {}
    chi, p, note = _goodness_of_fit(faces, values, sides, count)
    exact = _exact(faces, values, sides, count)
    best = exact if exact is not None else p
    ones = sum(1 for roll in rolls if roll.dice and all(v == 1 for v in roll.dice))
    highest = None if sides is None else sum(
        1 for roll in rolls if roll.dice and all(v == sides for v in roll.dice))
    extreme = (None if sides is None or not count
               else round(len(rolls) / sides ** count, 4))
    return DiceEntry(
        player=player, label=label, dice=count, rolls=len(rolls), faces=faces,
        totals=_totals(totals, sides, count),
        mean=round(sum(totals) / len(totals), 4),
        expected_mean=None if sides is None or not count else count * (sides + 1) / 2,
        chi_square_p=p, longest_streak=longest_streak(totals), sides=sides,
        sides_rule=rule, chi_square=chi, chi_square_note=note, all_ones=ones,
        all_max=highest if count else None, extreme_expected=extreme,
        undone=sum(1 for roll in rolls if roll.undone),
        rerolls=sum(1 for roll in rolls if roll.reroll), exact_p=exact, p_value=best,
        p_method=None if best is None else "exact" if exact is not None else "chi-square")


def find_sides(label: str, reported: Iterable[int | None],
               values: Iterable[int]) -> tuple[int | None, SidesRule]:
    """How many faces the dice of a group have, and by which rule (module docstring)."""
    known = {sides for sides in reported if sides is not None}
    if known:
        return (known.pop(), "reported") if len(known) == 1 else (None, "unknown")
    if (named := _NDS_LABEL.search(label)) is not None:
        return int(named.group(2)), "label"
    if _SIX_SIDED_LABEL.search(label) is not None:
        return 6, "label"
    seen = list(values)
    if seen and all(1 <= value <= 6 for value in seen):
        return 6, "assumed from values"
    return None, "unknown"


def longest_streak(totals: Sequence[int]) -> Streak:
    """The longest run of one total in a row; the first such run on a tie.

    >>> longest_streak([7, 7, 3, 3, 3, 7])
    Streak(total=3, length=3)
    """
    if not totals:
        raise ValueError("no totals")
    best = Streak(total=totals[0], length=1)
    run = 1
    for previous, current in pairwise(totals):
        run = run + 1 if current == previous else 1
        if run > best.length:
            best = Streak(total=current, length=run)
    return best


def _total(roll: RolledDice) -> int:
    """The sum of the dice; the reported total for a roll without dice (0 if neither)."""
    if roll.dice:
        return sum(roll.dice)
    return roll.total if roll.total is not None else 0


def _faces(values: Sequence[int], sides: int | None) -> dict[str, int]:
    counted = Counter(values)
    if sides is not None:
        for face in range(1, sides + 1):
            counted.setdefault(face, 0)
    return {str(face): counted[face] for face in sorted(counted)}


def _totals(totals: Sequence[int], sides: int | None, count: int) -> dict[str, int]:
    counted = Counter(totals)
    if sides is not None and count and count * (sides - 1) + 1 <= _MAX_TOTALS_LISTED:
        for total in range(count, count * sides + 1):
            counted.setdefault(total, 0)
    return {str(total): counted[total] for total in sorted(counted)}


def _goodness_of_fit(faces: dict[str, int], values: Sequence[int], sides: int | None,
                     count: int) -> tuple[float | None, float | None, str | None]:
    """(statistic, p-value, None), or (None, None, why the test does not apply)."""
    if not count:
        return None, None, "no dice reported, only totals"
    if sides is None:
        return None, None, "number of sides unknown"
    if any(not 1 <= value <= sides for value in values):
        return None, None, f"a value outside 1..{sides}"
    expected = len(values) / sides
    if expected < MIN_EXPECTED_PER_FACE:
        return None, None, (f"fewer than {MIN_EXPECTED_PER_FACE} expected per face "
                            f"({len(values)} dice over {sides} faces)")
    statistic = sum((observed - expected) ** 2 / expected for observed in faces.values())
    p = chi_square_survival(statistic, sides - 1)
    return round(statistic, 4), float(f"{p:.6g}"), None


def _exact(faces: dict[str, int], values: Sequence[int], sides: int | None,
           count: int) -> float | None:
    """The exact p-value, when the group is small enough and the test applies."""
    if (not count or sides is None or not 2 <= sides <= EXACT_MAX_SIDES
            or not values or len(values) > EXACT_MAX_DICE
            or any(not 1 <= value <= sides for value in values)):
        return None
    return float(f"{exact_multinomial_p(list(faces.values())):.6g}")


# --------------------------------------------------------------------------------------
# The exact test


def exact_multinomial_p(counts: Sequence[int]) -> float:
    """P(X² ≥ observed X²) for n dice thrown at len(counts) equally likely faces, exactly.

    Pearson's X² = (k/n)·Σ oᵢ² − n orders outcomes as Σ oᵢ² does, so the p-value is the
    probability of the outcomes (o₁…o_k) with Σ oᵢ² ≥ Σ countsᵢ², each of probability
    n! / (Π oᵢ! · kⁿ). A dynamic programme over the faces keeps, for each (dice used so far
    m, sum of squares so far s), the sum of Π 1/oᵢ! over the ways to reach it; a state whose
    s already reaches the observed sum is closed at once (every way to place the remaining
    n − m dice on the r remaining faces counts: Σ Π 1/oᵢ! = rⁿ⁻ᵐ/(n−m)!, the multinomial
    theorem), and one that cannot reach it even with every remaining die on one face is
    dropped. Floats (not fractions): relative error of order 1e-13 for 60 dice.

    >>> exact_multinomial_p([2, 0])  # two coins alike: 2 of 4 outcomes
    0.5
    >>> round(exact_multinomial_p([3, 0, 0]), 6)  # 3 of 27 outcomes, 1/9
    0.111111

    Raises:
        ValueError: fewer than two faces, a negative count, or no dice.
    """
    k, n = len(counts), sum(counts)
    if k < 2 or any(count < 0 for count in counts) or n == 0:
        raise ValueError(f"need two or more faces and some dice: {list(counts)}")
    observed = sum(count * count for count in counts)
    each, extra = divmod(n, k)
    if observed == extra * (each + 1) ** 2 + (k - extra) * each ** 2:
        return 1.0  # the most even throw: every throw is at least as uneven
    inverse = [1.0 / math.factorial(i) for i in range(n + 1)]
    states: dict[tuple[int, int], float] = {(0, 0): 1.0}
    reached: list[float] = []
    for face in range(k - 1):
        remaining = k - face - 1
        following: dict[tuple[int, int], float] = {}
        for (used, squares), weight in states.items():
            for count in range(n - used + 1):
                now, total = used + count, squares + count * count
                ways = weight * inverse[count]
                if total >= observed:
                    reached.append(ways * remaining ** (n - now) * inverse[n - now])
                elif total + (n - now) ** 2 >= observed:
                    following[now, total] = following.get((now, total), 0.0) + ways
        states = following
    # The last face takes every die left.
    reached += [weight * inverse[n - used] for (used, squares), weight in states.items()
                if squares + (n - used) ** 2 >= observed]
    scale: float = math.factorial(n) / k**n  # int / int: correctly rounded
    return min(1.0, math.fsum(reached) * scale)


# --------------------------------------------------------------------------------------
# Correction for many tests and verdicts


def benjamini_hochberg(p_values: Sequence[float]) -> list[float]:
    """Benjamini–Hochberg adjusted p-values (q-values), in the order given:
    q₍ᵢ₎ = min over j ≥ i of m·p₍ⱼ₎/j for the p-values sorted ascending, at most 1.

    >>> benjamini_hochberg([0.01, 0.04, 0.03, 0.20])
    [0.04, 0.0533333333333333, 0.0533333333333333, 0.2]
    """
    m = len(p_values)
    order = sorted(range(m), key=lambda index: p_values[index])
    adjusted = [1.0] * m
    running = 1.0
    for rank in range(m, 0, -1):
        index = order[rank - 1]
        running = min(running, p_values[index] * m / rank)
        adjusted[index] = float(f"{min(1.0, running):.15g}")
    return adjusted


def supports_verdict(entry: DiceEntry) -> str | None:
    """Why `entry` gets no verdict (None: it gets one)."""
    if entry.p_value is None or entry.sides is None:
        return f"no test applies ({entry.chi_square_note or 'no p-value'})"
    dice = entry.rolls * entry.dice
    needed = MIN_DICE_PER_FACE_FOR_VERDICT * entry.sides
    if dice < needed:
        return (f"too few dice ({dice}; a verdict needs {needed}, "
                f"{MIN_DICE_PER_FACE_FOR_VERDICT} per face)")
    return None


def with_verdicts(entries: Sequence[DiceEntry]) -> list[DiceEntry]:
    """The entries of one family of tests (an audit, a series) with `q_value`, `tests` and a
    verdict each (module docstring); entries too small for a verdict are not tests."""
    notes = [supports_verdict(entry) for entry in entries]
    tested = [index for index, note in enumerate(notes) if note is None]
    adjusted = benjamini_hochberg([entries[i].p_value or 0.0 for i in tested])
    q_of = dict(zip(tested, adjusted, strict=True))
    result = []
    for index, entry in enumerate(entries):
        if index not in q_of:
            result.append(entry.model_copy(update={
                "q_value": None, "tests": 0, "verdict": None, "verdict_note": notes[index],
                "unusual": False}))
            continue
        q = float(f"{q_of[index]:.6g}")
        unusual = q < UNUSUAL_Q
        verdict = (f"unusual: p = {q:.3g}, after correction for {len(tested)} "
                   f"test{'s' if len(tested) != 1 else ''} (uncorrected {entry.p_value:.3g})"
                   if unusual else FAIR)
        result.append(entry.model_copy(update={
            "q_value": q, "tests": len(tested), "verdict": verdict, "verdict_note": None,
            "unusual": unusual}))
    return result
