"""The American Revolution's exact computations against the digest's worked examples
(digest 6.6 A-I), its tables (6.1, 6.2, 6.4) and the rulebook's edge cases."""

from __future__ import annotations

from fractions import Fraction as F

import pytest

from adjudicator.systems.american_revolution.attrition import (
    FORTRESS_ROLL,
    EnlistmentKind,
    Expedition,
    FortressFate,
    Route,
    SupplyKind,
    check_move,
    compulsory_massacre_chance,
    enlistment_loss_chance,
    enlistment_losses,
    forced_march_losses,
    garrison_after_rounds,
    interception_chance,
    leader_survival_chance,
    losses,
    militia_expedition,
    must_check_enlistment,
    reach_chance,
    route_cost,
    siege_attack,
    supply_loss_chance,
    supply_losses,
)
from adjudicator.systems.american_revolution.fire import (
    MAX_BATTLE_DICE,
    MAX_BATTLE_UNITS,
    BattleSide,
    BattleUnit,
    Firer,
    Hits,
    LoneEffect,
    UnitKind,
    apply_hits,
    battle_odds,
    battle_units,
    check_hits,
    duel,
    fire_dice,
    fire_round,
    force_after_round,
    initiative,
    initiative_modifiers,
    initiative_roll,
    lone_unit_effect,
)
from adjudicator.systems.american_revolution.rabble import RabbleTable, contest, us_dice

# Digest 6.6 Example A: 4 dice against a lone 1-CF unit (AAR T1, New York)

EXAMPLE_A_COUNTS = {
    (0, 0): 256, (0, 1): 256, (0, 2): 96, (0, 3): 16, (0, 4): 1,
    (1, 0): 256, (1, 1): 192, (1, 2): 48, (1, 3): 4,
    (2, 0): 96, (2, 1): 48, (2, 2): 6,
    (3, 0): 16, (3, 1): 4,
    (4, 0): 1,
}


def test_example_a_joint_distribution_of_sixes_and_fives_out_of_1296() -> None:
    hits = fire_round(4)
    assert {(h.eliminations, h.disruptions): p * 1296 for h, p in hits.items()} == \
        EXAMPLE_A_COUNTS


def test_example_a_lone_detachment_outcomes() -> None:
    effect = lone_unit_effect(4)
    assert effect.p(LoneEffect.ELIMINATED) == F(49, 81)
    assert effect.p(LoneEffect.DISRUPTED) == F(16, 81)
    assert effect.p(LoneEffect.NO_EFFECT) == F(16, 81)
    # the AAR's "disrupted twice" with no 6
    assert fire_round(4).prob(lambda h: h.eliminations == 0 and h.disruptions >= 2) == \
        F(113, 1296)
    # a lone disrupted unit loses too (AR 18.4(4a))
    assert 1 - effect.p(LoneEffect.NO_EFFECT) == F(65, 81)


def test_example_a_expectations_are_n_over_six() -> None:
    hits = fire_round(4)
    assert hits.map(lambda h: h.eliminations).expectation() == F(4, 6)
    assert hits.map(lambda h: h.disruptions).expectation() == F(4, 6)


# Digest 6.1 item 2: the initiative table, row by row

INITIATIVE_TABLE = [
    (0, (15, 6, 15), F(1, 2)),
    (1, (21, 5, 10), F(21, 31)),
    (2, (26, 4, 6), F(13, 16)),
    (3, (30, 3, 3), F(10, 11)),
    (4, (33, 2, 1), F(33, 34)),
    (5, (35, 1, 0), F(1)),
    (6, (36, 0, 0), F(1)),
    (9, (36, 0, 0), F(1)),
]


@pytest.mark.parametrize(("delta", "counts", "first"), INITIATIVE_TABLE,
                         ids=[f"delta={row[0]}" for row in INITIATIVE_TABLE])
def test_initiative_table_row(delta: int, counts: tuple[int, int, int], first: F) -> None:
    roll = initiative_roll(delta)
    assert (roll.wins, roll.ties, roll.losses) == counts
    assert initiative(delta) == first
    assert initiative(-delta) == 1 - first


def test_example_b_new_haven_initiative_faq_reading() -> None:
    us = initiative_modifiers(tactics=3, leadership=3)
    gb = initiative_modifiers(tactics=2, leadership=2)
    lead = sum(m.value for m in gb) - sum(m.value for m in us)
    assert initiative_roll(lead) == initiative_roll(-1)
    assert (initiative_roll(-1).wins, initiative_roll(-1).ties) == (10, 5)
    assert initiative(lead) == F(10, 31)
    assert initiative(-lead) == F(21, 31)


def test_initiative_literal_reading_adds_leadership_not_tactics() -> None:
    faq = initiative_modifiers(tactics=1, leadership=4, own_fortress=True)
    literal = initiative_modifiers(tactics=1, leadership=4, own_fortress=True, literal=True)
    assert sum(m.value for m in faq) == 2
    assert sum(m.value for m in literal) == 5
    assert [m.citation for m in literal] == ["AR 18.4(1)", "AR 28.2(1)"]


def test_initiative_fortress_bonus_is_negated_by_a_siege() -> None:
    assert initiative_modifiers(own_fortress=True, besieged=True) == ()


def test_initiative_tactics_above_leadership_is_refused() -> None:
    with pytest.raises(ValueError, match=r"AR 18.4\(1\)"):
        initiative_modifiers(tactics=3, leadership=2)


# Digest 6.6 Examples C and D, and 6.2: rabble rousing


def test_example_c_balance_of_power_with_two_us_dice() -> None:
    assert us_dice(RabbleTable.BALANCE, 2) == 2
    odds = contest(3, 2, dice_us=2)
    assert (odds.us, odds.tie, odds.gb) == (F(49, 54), F(5, 108), F(5, 108))
    before = contest(3, 2)
    assert (before.us, before.tie, before.gb) == (F(7, 12), F(5, 36), F(5, 18))


def test_two_us_dice_only_on_balance_of_power_from_declaration() -> None:
    assert us_dice(RabbleTable.BALANCE, 1) == 1
    assert us_dice(RabbleTable.PROGRESS, 2) == 1
    assert us_dice(RabbleTable.LOYALTY, 4) == 1


@pytest.mark.parametrize(("us", "gb", "expected"), [
    (3, 1, (F(13, 18), F(1, 9), F(1, 6))),
    (6, 2, (F(11, 12), F(2, 36), F(1, 36))),
    (3, 3, (F(15, 36), F(6, 36), F(15, 36))),
], ids=["AAR T1 RP", "AAR T2", "AAR T3"])
def test_example_d_rabble_rousing(us: int, gb: int, expected: tuple[F, F, F]) -> None:
    odds = contest(us, gb)
    assert (odds.us, odds.tie, odds.gb) == expected
    assert odds.rolled


def test_uncontested_rabble_is_won_without_a_roll() -> None:
    gb_only = contest(0, 2, dice_us=2)
    assert (gb_only.us, gb_only.tie, gb_only.gb, gb_only.rolled) == (F(0), F(0), F(1), False)
    us_only = contest(1, 0)
    assert (us_only.us, us_only.rolled) == (F(1), False)
    nobody = contest(0, 0)
    assert (nobody.tie, nobody.rolled) == (F(1), False)


def test_rabble_refuses_three_us_dice() -> None:
    with pytest.raises(ValueError, match="one or two"):
        contest(1, 1, dice_us=3)


# Digest 6.6 Example E and 6.3: movement


def test_example_e_movement_allowance_and_paths() -> None:
    assert check_move([1] * 5, 3, 2).legal
    two_roads_one_trail = [route_cost(Route.ROAD), route_cost(Route.ROAD),
                           route_cost(Route.TRAIL)]
    move = check_move(two_roads_one_trail, 3, 2)
    assert (move.allowance, move.cost, move.legal, move.left) == (5, 4, True, 1)
    six_roads = check_move([1] * 6, 3, 2)
    assert (six_roads.legal, six_roads.left) == (False, -1)
    assert reach_chance(4, 2) == F(5, 6)
    assert reach_chance(7, 2) == F(1, 3)


def test_reach_chance_clamps() -> None:
    assert reach_chance(1) == 1
    assert reach_chance(7) == F(0)
    assert reach_chance(0, 3) == 1


def test_trail_costs_one_for_light_only_forces() -> None:
    assert route_cost(Route.TRAIL, light_only=True) == 1
    assert route_cost(Route.HIGH_SEAS) == 1


# Digest 6.6 Example F: forced march


def test_example_f_forced_march_four_units() -> None:
    lost = forced_march_losses(4)
    assert lost.p(0) == F(625, 1296)
    assert lost.p(1) == F(125, 324)
    assert lost.at_least(1) == F(671, 1296)
    assert forced_march_losses(0).p(0) == 1


# Digest 6.6 Example G and 6.5: sieges


def test_example_g_garrison_protected_by_fortress_without_siege() -> None:
    effect = lone_unit_effect(4, protected=True)
    assert effect.p(LoneEffect.NO_EFFECT) == F(625, 1296)
    assert effect.p(LoneEffect.DISRUPTED) == F(125, 324)
    assert effect.p(LoneEffect.ELIMINATED) == F(19, 144)
    assert 1 - effect.p(LoneEffect.NO_EFFECT) == F(671, 1296)
    assert (1 - effect.p(LoneEffect.NO_EFFECT)) * FORTRESS_ROLL.p(FortressFate.CAPTURED) == \
        F(671, 2592)


def test_example_g_with_a_siege_marker_the_normal_table_applies() -> None:
    effect = lone_unit_effect(4)
    assert effect.p(LoneEffect.ELIMINATED) == F(49, 81)
    assert 1 - effect.p(LoneEffect.NO_EFFECT) == F(65, 81)
    after = garrison_after_rounds(4, [BattleUnit(1, 1)], 1, besieged=True)
    assert after.p((0, 0)) == F(49, 81)
    assert after.p((0, 1)) == F(16, 81)


def test_protected_round_has_no_eliminations() -> None:
    assert fire_round(4, protected=True).prob(lambda h: h.eliminations > 0) == 0
    assert fire_round(0) == fire_round(0, protected=True)
    assert fire_round(0).p(Hits(0, 0)) == 1


def test_garrison_after_two_protected_rounds() -> None:
    after = garrison_after_rounds(1, [BattleUnit(1, 1)], 2, besieged=False)
    # disabled (disrupted or eliminated) within two single-die rounds: 1 - (5/6)^2
    assert after.prob(lambda state: state[0] == 0) == F(11, 36)


def test_siege_attack_fortress_capture_is_half_the_win() -> None:
    attacker = BattleSide((BattleUnit(2, 2), BattleUnit(2, 2)))
    attack = siege_attack(attacker, [BattleUnit(1, 1)], fortress_cf=1, besieged=False)
    assert attack.defender_first == initiative(1)
    assert attack.captured == attack.destroyed == attack.battle.attacker / 2
    assert attack.round_on_garrison == fire_round(4, protected=True)
    besieged = siege_attack(attacker, [BattleUnit(1, 1)], fortress_cf=1, besieged=True)
    assert besieged.defender_first == F(1, 2)
    assert besieged.battle.attacker > attack.battle.attacker


def test_siege_attack_with_no_fortress_dice_is_the_plain_battle() -> None:
    attacker = BattleSide((BattleUnit(2, 2),))
    attack = siege_attack(attacker, [BattleUnit(1, 1)], fortress_cf=0, besieged=True)
    assert attack.battle.attacker == F(25, 38)


# Digest 6.6 Example H: the duel


def test_example_h_duel_regular_against_militia() -> None:
    a = 1 - lone_unit_effect(2).p(LoneEffect.NO_EFFECT)
    b = 1 - lone_unit_effect(1).p(LoneEffect.NO_EFFECT)
    assert (a, b) == (F(5, 9), F(1, 3))
    assert duel(a, b) == F(15, 19)
    assert 1 - duel(b, a) == F(10, 19)
    overall = F(1, 2) * duel(a, b) + F(1, 2) * (1 - duel(b, a))
    assert overall == F(25, 38)
    hits = fire_round(2)
    won = hits.prob(lambda h: h.eliminations > 0 or h.disruptions > 0)
    killed = hits.prob(lambda h: h.eliminations > 0 or h.disruptions >= 2)
    assert killed / won == F(3, 5)


def test_example_h_battle_odds_matches_the_duel_closed_form() -> None:
    regular = BattleSide((BattleUnit(2, 2),))
    militia = BattleSide((BattleUnit(1, 1),))
    assert battle_odds(regular, militia, attacker_first=F(1)).attacker == F(15, 19)
    assert battle_odds(regular, militia, attacker_first=F(0)).attacker == F(10, 19)
    odds = battle_odds(regular, militia, attacker_first=F(1, 2))
    assert (odds.attacker, odds.defender) == (F(25, 38), F(13, 38))


def test_duel_refuses_a_battle_that_never_ends() -> None:
    with pytest.raises(ValueError, match="never ends"):
        duel(F(0), F(0))


def test_battle_odds_refuses_sides_above_the_caps() -> None:
    small = BattleSide((BattleUnit(1, 1),))
    many = BattleSide(tuple(BattleUnit(1, 1) for _ in range(MAX_BATTLE_UNITS + 1)))
    with pytest.raises(ValueError, match="at most"):
        battle_odds(many, small, attacker_first=F(1, 2))
    heavy = BattleSide((BattleUnit(MAX_BATTLE_DICE + 1, 3),))
    with pytest.raises(ValueError, match="dice"):
        battle_odds(small, heavy, attacker_first=F(1, 2))
    with pytest.raises(ValueError, match="no units"):
        battle_odds(BattleSide(()), small, attacker_first=F(1, 2))


def test_battle_odds_two_units_against_one_sum_to_one_and_favour_the_bigger() -> None:
    two = BattleSide((BattleUnit(1, 1), BattleUnit(1, 1)))
    one = BattleSide((BattleUnit(1, 1),))
    odds = battle_odds(two, one, attacker_first=F(1, 2))
    assert odds.attacker + odds.defender == 1
    assert odds.attacker > F(1, 2)
    # one die each side against a lone unit is symmetric: first firer wins 6/11
    assert battle_odds(one, one, attacker_first=F(1)).attacker == duel(F(1, 3), F(1, 3))


# Digest 6.6 Example I and 6.4: enlistment and the other rolls


def test_example_i_enlistment_of_arnolds_two_regulars() -> None:
    assert enlistment_losses(2, 2).p(1) == F(4, 9)
    assert enlistment_losses(2, 1).p(1) == F(1, 2)


@pytest.mark.parametrize(("value", "loss"), [
    (0, F(2, 3)), (1, F(1, 2)), (2, F(1, 3)), (3, F(1, 6)), (4, F(0)), (6, F(0))])
def test_enlistment_loss_chance(value: int, loss: F) -> None:
    assert enlistment_loss_chance(value) == loss


def test_who_checks_enlistment() -> None:
    assert must_check_enlistment(EnlistmentKind.US_REGULAR, rp_level=2)
    assert not must_check_enlistment(EnlistmentKind.US_LIGHT, rp_level=3)
    assert must_check_enlistment(EnlistmentKind.US_MILITIA)
    assert not must_check_enlistment(EnlistmentKind.US_MILITIA, enemy_in_region=True)
    assert not must_check_enlistment(EnlistmentKind.OTHER)
    assert must_check_enlistment(EnlistmentKind.INDIAN)
    assert not must_check_enlistment(EnlistmentKind.INDIAN, in_indian_locale=True)


def test_supply_chances_and_forage_rule() -> None:
    assert supply_loss_chance(SupplyKind.REGULAR) == F(1, 2)
    assert supply_loss_chance(SupplyKind.LIGHT_OR_INDIAN, forage_rule=True,
                              wilderness=True) == F(1, 3)
    assert supply_loss_chance(SupplyKind.REGULAR, forage_rule=True, wilderness=True) == F(2, 3)
    assert supply_loss_chance(SupplyKind.OTHER, forage_rule=True, wilderness=True) == F(1, 2)
    assert supply_loss_chance(SupplyKind.REGULAR, forage_rule=True) == F(1, 2)
    mixed = supply_losses([SupplyKind.REGULAR, SupplyKind.LIGHT_OR_INDIAN], forage_rule=True,
                          wilderness=True)
    assert mixed.p(2) == F(2, 9)
    assert losses([]).p(0) == 1


def test_leader_and_interception_chances() -> None:
    assert leader_survival_chance(2) == F(1, 3)
    assert leader_survival_chance(0) == 0
    assert interception_chance(3) == F(1, 2)
    assert interception_chance(7) == 1


def test_militia_expedition_and_retreat() -> None:
    crossing = militia_expedition(2)
    assert (crossing.p(Expedition.CROSSES), crossing.p(Expedition.STOPS),
            crossing.p(Expedition.REMOVED)) == (F(1, 3), F(1, 2), F(1, 6))
    retreat = militia_expedition(2, retreat=True)
    assert retreat.p(Expedition.REMOVED) == F(2, 3)
    with pytest.raises(ValueError, match=r"33\.1"):
        militia_expedition(6)


# Fire dice (digest 6.1 item 1)


def test_fire_dice_with_every_named_modifier() -> None:
    units = [Firer(UnitKind.REGULAR, 2), Firer(UnitKind.LIGHT, 1), Firer(UnitKind.INDIAN, 1),
             Firer(UnitKind.MARINE, 2), Firer(UnitKind.REGULAR, 2, disrupted=True)]
    dice = fire_dice(units, wilderness=True, amphibious_attacker=True, fleet_cfs=[3],
                     tactics=2)
    assert dice.printed_cf == 2 + 1 + 1 + 2 + 3
    assert [m.citation for m in dice.modifiers] == ["AR 18.12", "AR 24.12", "AR 24.6(1)"]
    assert dice.total == 6 + 2 + 1 + 3 + 2


def test_rulebook_indian_in_wilderness_rolls_two_dice() -> None:
    assert fire_dice([Firer(UnitKind.INDIAN, 1)], wilderness=True).total == 2
    assert fire_dice([Firer(UnitKind.INDIAN, 1)]).total == 1


def test_fortress_dice_need_a_garrison() -> None:
    garrison = [Firer(UnitKind.MILITIA, 1, disrupted=True)]
    assert fire_dice(garrison, fortress_cf=2).total == 2
    assert fire_dice([], fortress_cf=2).total == 0
    assert fire_dice([], fortress_cf=2, garrison_present=True).total == 2


def test_final_round_fires_light_and_indians_only() -> None:
    units = [Firer(UnitKind.REGULAR, 2), Firer(UnitKind.LIGHT, 1)]
    assert fire_dice(units, final_round=True, fortress_cf=3, tactics=1).total == 2
    with pytest.raises(ValueError, match=r"AR 18.5"):
        fire_dice(units, final_round=True, tactics=2)


def test_tactics_above_printed_cf_are_refused_and_zero_dice_is_allowed() -> None:
    with pytest.raises(ValueError, match=r"AR 18.5"):
        fire_dice([Firer(UnitKind.INDIAN, 1)], wilderness=True, tactics=2)
    assert fire_dice([]).total == 0


def test_battle_units_add_terrain_and_marine_dice() -> None:
    units = [Firer(UnitKind.LIGHT, 1), Firer(UnitKind.MARINE, 2)]
    assert battle_units(units, wilderness=True, amphibious_attacker=True) == (
        BattleUnit(2, 1), BattleUnit(3, 2))


# Hits on a force and the log check (digest 6.1 item 4; FAQ)


def test_eliminations_go_before_disruptions_under_the_policy() -> None:
    units = (BattleUnit(1, 1), BattleUnit(3, 3))
    fresh, disrupted = apply_hits(units, (), Hits(1, 1))
    assert (fresh, disrupted) == ((), (BattleUnit(3, 3),))


def test_double_disruption_eliminates_when_nothing_is_fresh() -> None:
    fresh, disrupted = apply_hits((BattleUnit(1, 1),), (), Hits(0, 2))
    assert (fresh, disrupted) == ((), ())


def test_check_hits_five_and_six_on_two_defenders() -> None:
    # FAQ: the 6 removes one unit first; the 5 then disrupts the survivor
    check = check_hits(sixes=1, fives=1, fresh=2, disrupted=0, removed=1, flipped=1)
    assert check.fits
    assert check.legal == frozenset({(1, 1)})
    wasted = check_hits(sixes=1, fives=1, fresh=2, disrupted=0, removed=1, flipped=0)
    assert not wasted.fits


def test_check_hits_on_a_protected_garrison() -> None:
    assert check_hits(sixes=1, fives=3, fresh=1, disrupted=0, removed=0, flipped=1,
                      protected=True).fits
    assert not check_hits(sixes=1, fives=0, fresh=1, disrupted=0, removed=1, flipped=0,
                          protected=True).fits


def test_check_hits_owner_may_eliminate_a_disrupted_unit_with_a_five() -> None:
    check = check_hits(sixes=0, fives=1, fresh=1, disrupted=1, removed=0, flipped=0)
    assert check.legal == frozenset({(0, 1), (1, 0)})
    assert not check.fits
    assert "legal are" in check.reason


def test_check_hits_excess_hits_are_lost_when_no_target_remains() -> None:
    assert check_hits(sixes=3, fives=2, fresh=1, disrupted=0, removed=1, flipped=0).fits


def test_fortress_roll_halves() -> None:
    assert FORTRESS_ROLL.p(FortressFate.DESTROYED) == F(1, 2)


def test_compulsory_massacre_chance() -> None:
    assert compulsory_massacre_chance(0) == 0
    assert compulsory_massacre_chance(2) == F(1, 3)
    assert compulsory_massacre_chance(7) == 1


def test_force_after_round_example_a_and_a_mixed_force() -> None:
    after = force_after_round(4, [BattleUnit(1, 1)])
    assert (after.p((0, 0)), after.p((0, 1)), after.p((1, 0))) == (F(49, 81), F(16, 81),
                                                                   F(16, 81))
    # one die on a fresh and a disrupted unit: a 6 takes the disrupted one (policy),
    # a 5 disrupts the fresh one
    mixed = force_after_round(1, [BattleUnit(2, 2)], [BattleUnit(1, 1)])
    assert (mixed.p((1, 0)), mixed.p((0, 2)), mixed.p((1, 1))) == (F(1, 6), F(1, 6), F(2, 3))
