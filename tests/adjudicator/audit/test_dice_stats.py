"""Dice statistics of an audit, on made-up roll lists whose answers are worked out by hand,
and the chi-square survival function against printed table values."""

from __future__ import annotations

import itertools
import math
import re
import time
from collections import Counter
from fractions import Fraction
from itertools import pairwise

import pytest
from hypothesis import given
from hypothesis import strategies as st

from adjudicator.audit.dice import (
    DiceEntry,
    Rolled,
    Streak,
    benjamini_hochberg,
    chi_square_survival,
    dice_entries,
    dice_entry,
    exact_multinomial_p,
    find_sides,
    longest_streak,
    with_verdicts,
)
from tests.conftest import corpus_file

# ------------------------------------------------------------------ chi-square


@pytest.mark.parametrize(("x", "df", "p"), [
    # Upper-tail critical values as printed in chi-square tables.
    (3.841, 1, 0.05), (6.635, 1, 0.01), (5.991, 2, 0.05), (7.815, 3, 0.05),
    (13.277, 4, 0.01), (11.070, 5, 0.05), (15.086, 5, 0.01), (18.307, 10, 0.05),
    (31.410, 20, 0.05), (124.342, 100, 0.05),
])
def test_chi_square_survival_matches_table_values(x: float, df: int, p: float) -> None:
    assert chi_square_survival(x, df) == pytest.approx(p, abs=5e-4)


def test_chi_square_survival_closed_forms_at_simple_points() -> None:
    assert chi_square_survival(2.0, 2) == pytest.approx(math.exp(-1), rel=1e-12)
    assert chi_square_survival(1.0, 1) == pytest.approx(math.erfc(math.sqrt(0.5)), rel=1e-12)
    assert chi_square_survival(5.0, 5) == pytest.approx(0.415880, abs=1e-6)
    assert chi_square_survival(0.0, 3) == 1.0
    assert chi_square_survival(5e-324, 1) == 1.0  # half of it is 0.0: no log(0)


def test_chi_square_survival_of_huge_statistics_neither_overflows_nor_goes_negative() -> None:
    assert 0.0 < chi_square_survival(1000.0, 99) < 1e-100
    assert chi_square_survival(1e6, 99) == 0.0
    assert chi_square_survival(1e6, 100) == 0.0


@pytest.mark.parametrize(("x", "df"), [(1.0, 0), (-0.1, 3), (math.nan, 2)])
def test_chi_square_survival_rejects_what_is_no_chi_square(x: float, df: int) -> None:
    with pytest.raises(ValueError):
        chi_square_survival(x, df)


_STATISTIC = st.floats(min_value=0, max_value=500, allow_nan=False)
_DEGREES = st.integers(min_value=1, max_value=120)


@given(_STATISTIC, _STATISTIC, _DEGREES)
def test_chi_square_survival_is_a_probability_falling_in_x(a: float, b: float,
                                                            df: int) -> None:
    low, high = sorted((a, b))
    p_low, p_high = chi_square_survival(low, df), chi_square_survival(high, df)
    assert 0.0 <= p_high <= 1.0 and 0.0 <= p_low <= 1.0
    assert p_low >= p_high - 1e-12


@given(_STATISTIC, _DEGREES)
def test_chi_square_survival_rises_with_the_degrees_of_freedom(x: float, df: int) -> None:
    assert chi_square_survival(x, df + 1) >= chi_square_survival(x, df) - 1e-12


@given(st.floats(min_value=0.01, max_value=200, allow_nan=False), _DEGREES)
def test_chi_square_survival_steps_by_a_gamma_density_between_odd_and_even(x: float,
                                                                           df: int) -> None:
    # Q(x; k+2) - Q(x; k) = (x/2)^(k/2) e^(-x/2) / Γ(k/2 + 1): ties the two branches.
    step = math.exp((df / 2) * math.log(x / 2) - x / 2 - math.lgamma(df / 2 + 1))
    difference = chi_square_survival(x, df + 2) - chi_square_survival(x, df)
    assert difference == pytest.approx(min(step, 1.0), abs=1e-9)


# ------------------------------------------------------------------ one entry


def _d6(player: str | None, label: str, *values: int, **flags: bool) -> Rolled:
    return Rolled(player, label, (values), sides=6, **flags)


def test_entry_json_keys_start_with_the_published_ones_in_order() -> None:
    entry = dice_entry([_d6("Alice", "RS dr", 4)])
    keys = list(entry.model_dump(mode="json"))
    assert keys[:10] == ["player", "label", "dice", "rolls", "faces", "totals", "mean",
                         "expected_mean", "chi_square_p", "longest_streak"]
    assert {"undone", "rerolls", "all_ones", "all_max", "chi_square_note"} <= set(keys)


def test_sixty_single_d6_rolls_ten_of_each_face_fit_perfectly() -> None:
    rolls = [_d6("Alice", "RS dr", face) for _ in range(10) for face in range(1, 7)]
    entry = dice_entry(rolls)
    assert entry.faces == {str(face): 10 for face in range(1, 7)}
    assert entry.totals == {str(face): 10 for face in range(1, 7)}
    assert (entry.mean, entry.expected_mean) == (3.5, 3.5)
    assert (entry.chi_square, entry.chi_square_p, entry.chi_square_note) == (0.0, 1.0, None)
    assert entry.longest_streak == Streak(total=1, length=1)
    assert (entry.all_ones, entry.all_max, entry.extreme_expected) == (10, 10, 10.0)


def test_uneven_faces_give_the_chi_square_worked_by_hand() -> None:
    # 60 dice: 15 ones, 5 twos, 10 of each other face; expected 10 each.
    # chi-square = (25 + 25) / 10 = 5.0 on 5 degrees of freedom: p = 0.41588.
    counts = {1: 15, 2: 5, 3: 10, 4: 10, 5: 10, 6: 10}
    rolls = [_d6("Bob", "dr", face) for face, n in counts.items() for _ in range(n)]
    entry = dice_entry(rolls)
    assert entry.chi_square == 5.0
    assert entry.chi_square_p == pytest.approx(0.41588, abs=1e-5)
    assert entry.mean == pytest.approx((15 + 10 + 30 + 40 + 50 + 60) / 60, abs=1e-4)


def test_thirty_sixes_in_a_row() -> None:
    entry = dice_entry([_d6("Carol", "RS dr", 6) for _ in range(30)])
    # (30 - 5)^2 / 5 + 5 * (0 - 5)^2 / 5 = 125 + 25.
    assert entry.chi_square == 150.0
    assert entry.chi_square_p is not None and entry.chi_square_p < 1e-20
    assert entry.longest_streak == Streak(total=6, length=30)
    assert (entry.all_ones, entry.all_max, entry.extreme_expected) == (0, 30, 5.0)
    assert entry.faces == {"1": 0, "2": 0, "3": 0, "4": 0, "5": 0, "6": 30}


def test_two_dice_totals_list_every_total_and_extremes_need_every_die() -> None:
    rolls = [_d6("Alice", "IFT DR", 1, 1), _d6("Alice", "IFT DR", 6, 6),
             _d6("Alice", "IFT DR", 6, 1), _d6("Alice", "IFT DR", 3, 4)]
    entry = dice_entry(rolls)
    assert entry.totals == {"2": 1, "3": 0, "4": 0, "5": 0, "6": 0, "7": 2, "8": 0, "9": 0,
                            "10": 0, "11": 0, "12": 1}
    assert entry.faces == {"1": 3, "2": 0, "3": 1, "4": 1, "5": 0, "6": 3}
    assert (entry.mean, entry.expected_mean) == (7.0, 7.0)
    assert (entry.all_ones, entry.all_max) == (1, 1)
    assert entry.extreme_expected == round(4 / 36, 4)
    assert entry.chi_square_p is None
    assert entry.chi_square_note == "fewer than 5 expected per face (8 dice over 6 faces)"


def test_undone_rolls_count_and_are_counted_as_undone_and_rerolls_as_rerolls() -> None:
    rolls = [_d6("Dana", "2d6", 1, 2, undone=True), _d6("Dana", "2d6", 6, 6, reroll=True),
             _d6("Dana", "2d6", 3, 3)]
    entry = dice_entry(rolls)
    assert (entry.rolls, entry.undone, entry.rerolls) == (3, 1, 1)
    assert entry.faces["1"] == 1  # the undone roll's dice were rolled


def test_longest_streak_is_the_first_on_a_tie() -> None:
    assert longest_streak([7, 7, 5, 5, 9]) == Streak(total=7, length=2)
    assert longest_streak([4]) == Streak(total=4, length=1)


def test_a_value_outside_the_sides_stops_the_chi_square_and_is_still_counted() -> None:
    rolls = [_d6("Eve", "dr", 7)] + [_d6("Eve", "dr", face) for face in range(1, 7)] * 6
    entry = dice_entry(rolls)
    assert entry.chi_square_p is None
    assert entry.chi_square_note == "a value outside 1..6"
    assert entry.faces["7"] == 1


def test_rolls_that_report_only_a_total_have_totals_but_no_faces() -> None:
    rolls = [Rolled("Bob", "Morale", (), total=9), Rolled("Bob", "Morale", (), total=4)]
    entry = dice_entry(rolls)
    assert (entry.dice, entry.faces, entry.totals, entry.mean) == (0, {}, {"4": 1, "9": 1},
                                                                    6.5)
    assert (entry.expected_mean, entry.chi_square_p, entry.all_max) == (None, None, None)
    assert entry.chi_square_note == "no dice reported, only totals"


def test_unknown_sides_list_only_the_faces_seen() -> None:
    entry = dice_entry([Rolled(None, "Morale", (8,)), Rolled(None, "Morale", (3,))])
    assert (entry.sides, entry.sides_rule) == (None, "unknown")
    assert entry.faces == {"3": 1, "8": 1}
    assert (entry.expected_mean, entry.all_max, entry.extreme_expected) == (None, None, None)
    assert entry.chi_square_note == "number of sides unknown"


@pytest.mark.parametrize(("label", "reported", "values", "expected"), [
    ("Combat", [10, 10], [3], (10, "reported")),
    ("Combat", [10, 6], [3], (None, "unknown")),  # the rolls disagree
    ("2d10", [None], [3, 4], (10, "label")),
    ("Hit d8", [None], [3], (8, "label")),
    ("IFT DR", [None], [3, 4], (6, "label")),
    ("RS dr", [None], [3], (6, "label")),
    ("d6", [None], [3], (6, "label")),
    ("Morale", [None], [1, 6, 2], (6, "assumed from values")),
    ("Morale", [None], [1, 7], (None, "unknown")),
    ("Morale", [None], [], (None, "unknown")),
    ("Dragon", [None], [3], (6, "assumed from values")),  # "DR" only as a word
])
def test_sides_rule(label: str, reported: list[int | None], values: list[int],
                    expected: tuple[int | None, str]) -> None:
    assert find_sides(label, reported, values) == expected


def test_entry_of_no_rolls_or_mixed_rolls_is_refused() -> None:
    with pytest.raises(ValueError, match="no rolls"):
        dice_entry([])
    with pytest.raises(ValueError, match="more than one"):
        dice_entry([_d6("A", "dr", 1), _d6("B", "dr", 1)])


def test_wording_is_neutral() -> None:
    text = str(DiceEntry.model_json_schema()).lower()
    for word in ("cheat", "suspic", "fraud", "rigged", "unfair", "loaded", "accus"):
        assert word not in text


# ------------------------------------------------------------------ grouping


def test_entries_group_by_player_label_and_number_of_dice_in_a_stable_order() -> None:
    rolls = [_d6(None, "IFT DR", 2, 2), _d6("Bob", "IFT DR", 1, 2), _d6("Alice", "RS dr", 3),
             _d6("Alice", "IFT DR", 5, 5), _d6("Alice", "IFT DR", 6, 5, 3),  # Dust's 3rd die
             _d6("Alice", "IFT DR", 4, 4)]
    entries = dice_entries(rolls)
    assert [(e.player, e.label, e.dice, e.rolls) for e in entries] == [
        ("Alice", "IFT DR", 2, 2), ("Alice", "IFT DR", 3, 1), ("Alice", "RS dr", 1, 1),
        ("Bob", "IFT DR", 2, 1), (None, "IFT DR", 2, 1)]
    assert entries[0].longest_streak == Streak(total=10, length=1)
    assert dice_entries([]) == []


def test_entries_of_a_corpus_vasl_log() -> None:
    from adjudicator.replay import replay
    from adjudicator.replay.chatdice import load_presets
    from vmod_schema.savefile import read_save

    path = corpus_file("vasl-templates/4players.vlog")
    timeline = replay(read_save(path), chat_patterns=load_presets(["vasl"]))
    rolls = [Rolled(roll.player, roll.button, roll.values, roll.total, roll.sides)
             for step in timeline for roll in step.rolls]
    by_player = {entry.player: entry for entry in dice_entries(rolls)}
    assert set(by_player) == {"Alice", "Bob", "Chuck", "Dave"}
    alice = by_player["Alice"]
    # Alice's RS dr lines, counted by hand from the chat: 3,6,1,5,2,4,1,4,1,1,2.
    assert alice.faces == {"1": 4, "2": 2, "3": 1, "4": 2, "5": 1, "6": 1}
    assert (alice.rolls, alice.mean, alice.expected_mean) == (11, round(30 / 11, 4), 3.5)
    assert alice.longest_streak == Streak(total=1, length=2)  # "1, 1" at the end
    assert alice.sides_rule == "reported"
    assert re.fullmatch(r"fewer than 5 expected per face \(11 dice over 6 faces\)",
                        alice.chi_square_note or "")


# ------------------------------------------------------------------ the exact test


def _brute_force_p(counts: list[int]) -> Fraction:
    """P(Σ o² ≥ observed) by listing every one of the kⁿ equally likely throws."""
    k, n = len(counts), sum(counts)
    observed = sum(c * c for c in counts)
    hits = 0
    for throw in itertools.product(range(k), repeat=n):
        tally = Counter(throw)
        hits += sum(v * v for v in tally.values()) >= observed
    return Fraction(hits, k ** n)


@pytest.mark.parametrize("counts", [
    [2, 0], [1, 1], [3, 1], [4, 0], [5, 2], [2, 2, 0], [3, 0, 0], [1, 1, 1], [3, 2, 1],
    [4, 1, 0, 0], [2, 2, 1, 1], [0, 0, 0, 0, 0, 6], [2, 1, 1, 1, 0, 0], [1, 1, 1, 1, 1, 1],
    [3, 1, 1, 1, 1, 0], [0, 1, 2, 0, 0, 4],
])
def test_exact_test_equals_brute_force_enumeration(counts: list[int]) -> None:
    assert exact_multinomial_p(counts) == pytest.approx(float(_brute_force_p(counts)),
                                                        rel=1e-12)


def test_exact_test_hand_computed_cases() -> None:
    # Two faces are a binomial: 9 heads of 10 coins, two-sided, is (2 + 20) / 1024.
    assert exact_multinomial_p([9, 1]) == pytest.approx(22 / 1024, rel=1e-12)
    assert exact_multinomial_p([5, 5]) == 1.0
    # Six d6 all one face: 6 of 6^6 throws.
    assert exact_multinomial_p([6, 0, 0, 0, 0, 0]) == pytest.approx(6 / 6 ** 6, rel=1e-12)
    # Six d6 all different is the most even throw: every throw is at least as uneven.
    assert exact_multinomial_p([1, 1, 1, 1, 1, 1]) == 1.0
    # Three d6: all alike 6/216; two alike (Σo²=6) adds 90/216; all different 120/216.
    assert exact_multinomial_p([2, 1, 0, 0, 0, 0]) == pytest.approx(96 / 216, rel=1e-12)


@given(st.lists(st.integers(min_value=0, max_value=4), min_size=2, max_size=4)
       .filter(lambda c: 0 < sum(c) <= 7))
def test_exact_test_equals_brute_force_on_random_small_counts(counts: list[int]) -> None:
    assert exact_multinomial_p(counts) == pytest.approx(float(_brute_force_p(counts)),
                                                        rel=1e-12)


def test_exact_test_is_a_probability_that_falls_as_the_faces_grow_uneven() -> None:
    ps = [exact_multinomial_p([10 + shift, 10 - shift, 10, 10, 10, 10])
          for shift in range(0, 11, 2)]
    assert ps[0] == 1.0
    assert all(a > b for a, b in pairwise(ps)) and ps[-1] > 0.0


def test_exact_test_sums_to_one_over_every_outcome_of_its_own_distribution() -> None:
    # Σ over every composition of 8 dice into 3 faces of P(outcome) = 1, and the p-value
    # of the least even outcome is the probability of the 3 outcomes at least as uneven.
    assert exact_multinomial_p([8, 0, 0]) == pytest.approx(3 / 3 ** 8, rel=1e-12)


def test_exact_test_approaches_the_chi_square_on_a_large_even_sample() -> None:
    counts = [12, 8, 10, 10, 9, 11]  # X² = (4+4+0+0+1+1)/10 = 1.0
    assert exact_multinomial_p(counts) == pytest.approx(chi_square_survival(1.0, 5), abs=0.02)


@pytest.mark.parametrize("counts", [[3], [], [-1, 2], [0, 0]])
def test_exact_test_refuses_what_is_no_sample(counts: list[int]) -> None:
    with pytest.raises(ValueError):
        exact_multinomial_p(counts)


def test_exact_test_of_sixty_d6_is_quick() -> None:
    start = time.perf_counter()
    exact_multinomial_p([15, 5, 10, 10, 12, 8])
    assert time.perf_counter() - start < 1.0  # measured at most 0.04 s


def test_a_small_entry_gets_the_exact_p_and_a_large_one_the_chi_square() -> None:
    small = dice_entry([_d6("Alice", "RS dr", face) for face in (6, 6, 6, 6, 6, 6)])
    assert small.chi_square_p is None
    assert small.exact_p == pytest.approx(6 / 6 ** 6, rel=1e-5)
    assert (small.p_value, small.p_method) == (small.exact_p, "exact")
    counts = {1: 15, 2: 5, 3: 10, 4: 10, 5: 10, 6: 10}
    rolls = [_d6("Bob", "dr", face) for face, n in counts.items() for _ in range(n)]
    rolls += rolls[:1]  # 61 dice: above the cap
    large = dice_entry(rolls)
    assert large.exact_p is None and large.p_method == "chi-square"
    assert large.p_value == large.chi_square_p is not None


def test_no_exact_p_for_unknown_sides_or_values_outside_them() -> None:
    assert dice_entry([Rolled(None, "Morale", (8,))]).exact_p is None
    assert dice_entry([_d6("Eve", "dr", 7), _d6("Eve", "dr", 1)]).exact_p is None


# ------------------------------------------------------------------ correction, verdicts


def test_benjamini_hochberg_matches_a_worked_example() -> None:
    # Benjamini & Hochberg's procedure by hand: sorted p 0.005, 0.01, 0.03, 0.04, 0.5;
    # m·p/rank = 0.025, 0.025, 0.05, 0.05, 0.5; running minimum from the top.
    q = benjamini_hochberg([0.04, 0.005, 0.5, 0.01, 0.03])
    assert q == pytest.approx([0.05, 0.025, 0.5, 0.025, 0.05])
    assert benjamini_hochberg([]) == []
    assert benjamini_hochberg([0.9, 0.95]) == [0.95, 0.95]


@given(st.lists(st.floats(min_value=0, max_value=1), min_size=1, max_size=30))
def test_benjamini_hochberg_never_lowers_a_p_value_and_keeps_the_order(
        ps: list[float]) -> None:
    q = benjamini_hochberg(ps)
    assert all(p <= adjusted + 1e-15 <= 1 + 1e-15 for p, adjusted in zip(ps, q, strict=True))
    for (p1, q1), (p2, q2) in itertools.combinations(zip(ps, q, strict=True), 2):
        if p1 < p2:
            assert q1 <= q2


def _entry_of(player: str, counts: dict[int, int]) -> DiceEntry:
    return dice_entry([_d6(player, "dr", face) for face, n in counts.items()
                       for _ in range(n)])


def test_only_the_corrected_value_may_say_unusual() -> None:
    loaded = _entry_of("Carol", {6: 30})  # p ~ 1e-20: unusual whatever the correction
    even = [_entry_of(name, {face: 5 for face in range(1, 7)}) for name in "ABCDEFGHI"]
    # p = 0.0044 alone (under 0.01), not after correction for 10 tests (q = 10p/2 = 0.022).
    borderline = _entry_of("Dan", {1: 13, 2: 1, 3: 4, 4: 4, 5: 5, 6: 3})
    assert borderline.p_value is not None and 0.001 < borderline.p_value < 0.01
    judged = with_verdicts([loaded, borderline, *even[:8]])
    assert [e.tests for e in judged] == [10] * 10
    assert judged[0].unusual and judged[0].verdict is not None
    assert judged[0].verdict.startswith("unusual: p = ")
    assert ", after correction for 10 tests (uncorrected " in judged[0].verdict
    assert judged[1].q_value == pytest.approx(10 * borderline.p_value / 2, rel=1e-5)
    assert (judged[1].unusual, judged[1].verdict) == (False, "consistent with fair dice")
    # Alone, the same entry is unusual.
    (alone,) = with_verdicts([borderline])
    assert alone.unusual and alone.tests == 1 and alone.q_value == alone.p_value


def test_no_verdict_below_three_dice_per_face_and_those_are_not_tests() -> None:
    tiny = dice_entry([_d6("Alice", "RS dr", 6) for _ in range(17)])  # 17 < 18
    big = _entry_of("Bob", {face: 3 for face in range(1, 7)})  # 18 dice
    judged = with_verdicts([tiny, big])
    assert tiny.p_value is not None and tiny.p_value < 1e-10  # tested, but no verdict
    assert (judged[0].verdict, judged[0].unusual, judged[0].q_value) == (None, False, None)
    assert judged[0].verdict_note == "too few dice (17; a verdict needs 18, 3 per face)"
    assert (judged[1].tests, judged[1].verdict) == (1, "consistent with fair dice")


def test_an_entry_without_a_test_has_no_verdict_and_says_why() -> None:
    (judged,) = with_verdicts([dice_entry([Rolled(None, "Morale", (8,))])])
    assert judged.verdict is None
    assert judged.verdict_note == "no test applies (number of sides unknown)"
