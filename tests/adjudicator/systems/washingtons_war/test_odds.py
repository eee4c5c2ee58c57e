"""Exact battle, interception and winter odds: the digest's worked numbers (§6.9 N1–N5),
which follow WW 9.2–9.5, 7.8.A, 7.9.A and 11. Ratings the rulebook does not print are test
fixtures, as the digest labels them."""

from __future__ import annotations

from fractions import Fraction as F

import pytest
from hypothesis import given
from hypothesis import strategies as st

from adjudicator.systems.washingtons_war.data import bundled_data
from adjudicator.systems.washingtons_war.odds import (
    BattleSide,
    actual_battle_rating,
    agility_chance,
    alliance_odds,
    any_succeeds,
    attacker_win_chance,
    battle_odds,
    loser_losses,
    winter_attrition,
)

TABLES = bundled_data().tables


def test_w_k_is_the_digest_table_t17_ties_to_the_attacker() -> None:
    for row in TABLES.t17.rows:
        assert attacker_win_chance(0, row.k) == F(row.numerator, TABLES.t17.denominator)
    assert attacker_win_chance(5, 5) == F(21, 36), "a tie goes to the attacker (WW 9.2 Step 4)"


def test_n1_saratoga_before_any_dice() -> None:
    # Burgoyne B=2 (text); Gates B=2 (assumed, as the digest says).
    burgoyne = BattleSide(cus=5, rating=2, agility=1, drm=1 + 1)  # Regulars, discard
    gates = BattleSide(cus=5, rating=2, agility=None, drm=1 + 2)  # militia, Morgan's Riflemen
    odds = battle_odds(burgoyne, gates, TABLES)
    assert odds.attacker_wins == F(61, 144)
    assert odds.defender_wins == F(83, 144)
    assert odds.attacker_abr.support == (1, 2)


def test_n1_variant_gates_rated_three() -> None:
    odds = battle_odds(BattleSide(cus=5, rating=2, agility=1, drm=2),
                       BattleSide(cus=5, rating=3, drm=3), TABLES)
    assert odds.attacker_wins == F(13, 36)


def test_n1_conditional_on_the_logged_battle_ratings_and_its_consequences() -> None:
    burgoyne = BattleSide(cus=5, rating=2, agility=1, drm=2)
    gates = BattleSide(cus=5, rating=2, agility=2, drm=3)
    odds = battle_odds(burgoyne, gates, TABLES, attacker_abr=2, defender_abr=1)
    assert odds.attacker_wins == F(7, 12)
    # The American winner loses 1 CU on 1-2 (Burgoyne's agility 1).
    before = battle_odds(burgoyne, gates, TABLES)
    alliance = alliance_odds(before, burgoyne, british_attack=True, regulars=True,
                             surrender=True)
    assert alliance.regulars_lost == F(83, 144)
    assert alliance.expected_advance == F(83, 48)


def test_n2_small_british_attack_in_a_port() -> None:
    british = BattleSide(cus=2, rating=4, agility=2, drm=1 + 1)  # Regulars, Royal Navy
    american = BattleSide(cus=3, rating=1, agility=1)
    odds = battle_odds(british, american, TABLES)
    assert odds.attacker_wins == F(7, 8)
    assert odds.defender_losses is not None and odds.attacker_losses is not None
    assert dict(odds.defender_losses.items()) == {0: F(1, 16), 1: F(1, 2), 2: F(7, 24),
                                                  3: F(7, 48)}
    assert odds.defender_losses.expectation() == F(73, 48)
    assert odds.attacker_losses.expectation() == F(23, 48)
    alliance = alliance_odds(odds, british, british_attack=True, regulars=True)
    assert alliance.regulars_lost == 0 and alliance.british_lose == F(1, 8)


def test_n3_american_attack_on_a_leaderless_garrison() -> None:
    american = BattleSide(cus=4, rating=3, agility=2, drm=1)  # militia
    british = BattleSide(cus=2, drm=1)  # Regulars, no General
    odds = battle_odds(american, british, TABLES)
    assert odds.attacker_wins == F(23, 24)
    assert odds.defender_losses is not None and odds.attacker_losses is not None
    assert dict(odds.defender_losses.items()) == {0: F(1, 48), 1: F(1, 2), 2: F(23, 48)}
    assert odds.defender_losses.expectation() == F(35, 24)
    assert odds.defender_losses.at_least(2) == F(23, 48), "the garrison is eliminated"
    assert odds.attacker_losses.expectation() == F(11, 48)


def test_a_side_without_a_general_has_an_actual_rating_of_zero() -> None:
    assert actual_battle_rating(BattleSide(cus=3), TABLES.t3).support == (0,)
    capped = actual_battle_rating(BattleSide(cus=1, rating=5), TABLES.t3)
    assert capped.support == (1,), "never more than the CUs with him (WW 9.3)"


def test_the_winners_losses_are_unknown_when_the_losing_generals_agility_is() -> None:
    odds = battle_odds(BattleSide(cus=3, rating=2), BattleSide(cus=3, rating=2), TABLES)
    assert odds.attacker_losses is None and odds.defender_losses is None
    assert odds.attacker_wins == odds.attacker_wins  # the winner is still computed


@pytest.mark.parametrize(("agility", "general", "attempt", "expected"), [
    (2, "arnold", "interception", F(1, 3)),
    (2, "greene", "retreat_before_battle", F(2, 3)),
    (3, "washington", "retreat_before_battle", F(5, 6)),
    (2, "lee", "retreat_before_battle", F(1, 3)),
    (3, "washington", "interception", F(1, 2)),
])
def test_n4_interception_and_retreat_before_battle(
        agility: int, general: str, attempt: str, expected: F) -> None:
    assert agility_chance(agility, TABLES.t7, attempt=attempt, general=general) == expected


def test_n4_two_interceptors_into_one_space() -> None:
    assert any_succeeds([F(2, 6), F(3, 6)]) == F(2, 3)


@pytest.mark.parametrize(("nationality", "cus", "general", "sheltered", "washington",
                          "expected"), [
    ("BR", 5, False, False, False, {2: 1}),
    ("BR", 3, False, False, False, {1: 1}),
    ("BR", 1, True, False, False, {0: 1}),
    ("BR", 1, False, False, False, {0: F(1, 2), 1: F(1, 2)}),
    ("AM", 6, True, True, True, {0: F(1, 2), 1: F(1, 2)}),
    ("AM", 8, True, True, True, {1: 1}),
    ("AM", 6, True, False, True, {3: 1}),
    ("AM", 3, False, False, False, {1: 1}),
    ("BR", 3, False, True, False, {0: 1}),
])
def test_n5_winter_attrition(nationality: str, cus: int, general: bool, sheltered: bool,
                             washington: bool, expected: dict[int, int | F]) -> None:
    lost = winter_attrition(TABLES.t8, nationality=nationality, cus=cus,
                            with_general=general, sheltered=sheltered, washington=washington)
    assert dict(lost.items()) == {k: F(v) for k, v in expected.items()}


@given(st.integers(1, 12), st.integers(1, 12), st.integers(0, 6), st.integers(0, 6),
       st.integers(0, 6), st.integers(0, 6))
def test_battle_odds_are_probabilities_and_more_drm_never_hurts(
        cus_a: int, cus_d: int, rating_a: int, rating_d: int, drm_a: int, drm_d: int) -> None:
    attacker = BattleSide(cus=cus_a, rating=rating_a or None, agility=2, drm=drm_a)
    defender = BattleSide(cus=cus_d, rating=rating_d or None, agility=1, drm=drm_d)
    odds = battle_odds(attacker, defender, TABLES)
    assert 0 <= odds.attacker_wins <= 1
    stronger = battle_odds(BattleSide(cus=cus_a, rating=rating_a or None, agility=2,
                                      drm=drm_a + 1), defender, TABLES)
    assert stronger.attacker_wins >= odds.attacker_wins
    assert odds.attacker_losses is not None and odds.defender_losses is not None
    assert max(odds.defender_losses.support) <= min(3, cus_d)
    assert loser_losses(cus_d, TABLES.t5).expectation() <= F(5, 3)
