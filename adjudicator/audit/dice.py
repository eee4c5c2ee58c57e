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
        rerolls=sum(1 for roll in rolls if roll.reroll))


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
