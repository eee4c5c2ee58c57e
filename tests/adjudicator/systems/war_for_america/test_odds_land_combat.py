"""WfA land combat probabilities (digest 6.3): W-1 with the synthetic table, X-2's columns,
fortress and lone-garrison rules."""

from __future__ import annotations

from fractions import Fraction as F

import pytest

from adjudicator.systems.war_for_america.data.tables import CombatResult, WfATables
from adjudicator.systems.war_for_america.data.vocabulary import BattleRating
from adjudicator.systems.war_for_america.effective import defending_sp
from adjudicator.systems.war_for_america.land_combat import (
    CombatSide,
    Ground,
    battle_odds,
    chance_modified_at_least,
    choose_column,
)

B, C = BattleRating.B, BattleRating.C
W1_ATTACKER = CombatSide(14, rating=B, second_rating=C, army=True)
W1_DEFENDER = CombatSide(7, rating=C)
ENTRENCHED = Ground(entrenchment=True)


def _results(**chances: F) -> dict[CombatResult, F]:
    names = {"none": "—", "star": "*", "one": "1", "one_star": "1*", "two": "2"}
    return {CombatResult.parse(names[k]): v for k, v in chances.items()}


def test_w1_modifiers_and_modified_rolls(tables: WfATables) -> None:
    odds = battle_odds(tables, W1_ATTACKER, W1_DEFENDER, ENTRENCHED)
    assert odds.attacker.drm == 2 and odds.defender.drm == 1  # +2 +1 -1; +1
    assert [m.drm for m in odds.attacker.modifiers] == [2, 1, -1]
    assert odds.defender.column.table == "standard"
    assert odds.attacker_wins is None and "no battle table" in odds.notes[-1]
    assert odds.attacker.modified_roll.support == tuple(range(4, 15))
    assert chance_modified_at_least(2, 10) == F(5, 12)
    assert chance_modified_at_least(1, 10) == F(5, 18)


def test_w1_convolution_with_the_synthetic_table(with_battle: WfATables) -> None:
    odds = battle_odds(with_battle, W1_ATTACKER, W1_DEFENDER, ENTRENCHED)
    assert odds.defender.column.label == "3-7" and odds.attacker.column.label == "8-15"
    assert odds.attacker.results is not None and odds.defender.results is not None
    assert dict(odds.attacker.results.items()) == _results(
        none=F(1, 6), star=F(5, 12), one=F(1, 4), one_star=F(5, 36), two=F(1, 36))
    assert dict(odds.defender.results.items()) == _results(
        none=F(5, 18), star=F(4, 9), one=F(7, 36), one_star=F(1, 12))
    assert odds.attacker_wins == F(65, 144)
    assert odds.defender_wins == F(37, 144)
    assert odds.tie == F(7, 24)
    assert odds.defender_loss is not None and odds.attacker_loss is not None
    assert odds.defender_loss.expectation() == F(4, 9)
    assert odds.attacker_loss.expectation() == F(5, 18)


def test_w1_under_the_literal_reading_of_step_7(with_battle: WfATables) -> None:
    # Digest A-12: only the attacker's '2' (1/36) against the defender's '1*' (1/12) ranks
    # differently: the literal reading gives that 1/432 to the defender.
    odds = battle_odds(with_battle, W1_ATTACKER, W1_DEFENDER, ENTRENCHED)
    other = odds.other_reading
    assert other is not None
    assert other.attacker_wins == F(65, 144) - F(1, 432) == F(97, 216)
    assert other.defender_wins == F(7, 27) and other.tie == F(7, 24)
    assert "digest A-12" in odds.notes[-1] and "97/216" in odds.notes[-1]
    flipped = battle_odds(with_battle, W1_ATTACKER, W1_DEFENDER, ENTRENCHED,
                          order="class_first")
    assert flipped.attacker_wins == F(97, 216)
    assert flipped.other_reading is not None and flipped.other_reading.attacker_wins == F(
        65, 144)


def test_x2_columns_petite_guerre_and_the_fort(with_battle: WfATables) -> None:
    assert choose_column(with_battle, CombatSide(2)).table == "petite_guerre"
    on_fort = defending_sp(with_battle, 2, None, fort=True).effective
    assert choose_column(with_battle, CombatSide(on_fort)).label == "3-7"
    assert choose_column(with_battle, CombatSide(9, has_loc=False)).label == "3-7"
    assert not choose_column(with_battle, CombatSide(2, has_loc=False)).shifted, "16.6: > 2 SP"
    assert choose_column(with_battle, CombatSide(0, lone_garrison=True)).label == "<1"


def test_columns_without_a_table_still_say_which_table(tables: WfATables) -> None:
    assert choose_column(tables, CombatSide(1)).table == "petite_guerre"
    assert choose_column(tables, CombatSide(0, lone_garrison=True)).label == "<1"
    shifted = choose_column(tables, CombatSide(9, has_loc=False))
    assert shifted.shifted and "16.6" in shifted.notes[0]


def test_lone_garrison_wins_only_on_a_natural_12(with_battle: WfATables) -> None:
    fortress = Ground(fortress=True)
    odds = battle_odds(with_battle, CombatSide(3), CombatSide(0, lone_garrison=True), fortress)
    assert odds.defender_wins == F(1, 36) and odds.tie == 0
    assert all(m.drm != -3 for m in odds.attacker.modifiers), "WfA 19.21: no -3"


def test_fortress_ignores_stars_and_spares_one_sp(with_battle: WfATables) -> None:
    plain = battle_odds(with_battle, CombatSide(8), CombatSide(8))
    fortress = battle_odds(with_battle, CombatSide(8), CombatSide(8), Ground(fortress=True))
    assert fortress.attacker.drm == -3
    assert fortress.attacker_wins is not None and plain.attacker_wins is not None
    assert fortress.attacker_wins < plain.attacker_wins
    assert fortress.defender_loss is not None and plain.defender_loss is not None
    assert fortress.defender_loss.expectation() < plain.defender_loss.expectation()


def test_table_modifiers_by_name_and_bad_names(with_battle: WfATables) -> None:
    side = CombatSide(5, table_modifiers=("regulars_vs_militia",), card_drm=2)
    odds = battle_odds(with_battle, side, CombatSide(5), Ground(amphibious=True))
    assert odds.attacker.drm == 3 and odds.defender.drm == 1
    with pytest.raises(ValueError, match="unknown battle table modifier"):
        battle_odds(with_battle, CombatSide(5, table_modifiers=("x",)), CombatSide(5))
    with pytest.raises(ValueError, match=r"19\.20"):
        battle_odds(with_battle, CombatSide(0, lone_garrison=True), CombatSide(5))
