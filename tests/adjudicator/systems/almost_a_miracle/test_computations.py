"""Almost a Miracle!'s exact computations against the digest's hand-worked examples
(6.11 N1-N3), its tables (6.2, 6.10), the rulebook's examples (digest 7.1 E3, E5, E9-E13)
and derived cases (7.2 D1-D7), and the edge cases the rulebook states."""

from __future__ import annotations

from fractions import Fraction as F

import pytest

from adjudicator.systems.almost_a_miracle.attrition import (
    Attrition,
    CapOrder,
    Rounding,
    activation_chance,
    attrition_losses,
    british_bt_limit,
    continental_bt_limit,
    forage_leaders,
    forage_loss,
    forage_losses,
    forage_sp,
    french_sea_control_chance,
    french_stay,
    known_attrition,
    loyalist_uprising_chance,
    new_baggage_trains,
    new_york_ice_chance,
    percent_of,
    philadelphia_repulse_chance,
    pow_attrition,
    surprise_chance,
    tactical_chance,
    winter,
    winter_attrition_rolls,
)
from adjudicator.systems.almost_a_miracle.combat import (
    CasualtySide,
    OddsReading,
    Side,
    battle_winner,
    bayonets_allowed,
    casualties,
    casualty_base,
    casualty_result,
    catastrophe,
    expected_losses,
    high_total_loss,
    low_total_loss,
    major_victory,
    odds_drm,
    prisoners,
    professional_army,
    split_loss,
    surprise_rolled,
    surrender_as_siege_loser,
    wilderness_drms,
)
from adjudicator.systems.almost_a_miracle.movement import (
    BAGGAGE_TRAIN_MP,
    Force,
    Step,
    Terrain,
    crossing_chance,
    force_mp,
    overrun,
    path_cost,
    step_cost,
)
from adjudicator.systems.almost_a_miracle.siege import (
    PerTen,
    Place,
    assault_result,
    break_loss,
    can_besiege,
    final_assault,
    per_ten,
    siege_timeline,
    surrender_loss,
)

# 6.1 Odds DRM (AaM 11.2.3, A48)


def test_odds_drm_rulebook_example_e9_both_ways() -> None:
    assert odds_drm(30, 6).attacker == 4 and odds_drm(30, 6).defender == 0
    reverse = odds_drm(6, 30)
    assert (reverse.attacker, reverse.defender, reverse.favours) == (0, 4, Side.DEFENDER)
    assert odds_drm(6, 30, OddsReading.CEIL).defender == 4  # exact: both readings agree


@pytest.mark.parametrize(("attacker", "defender", "drm"), [
    (10, 10, 0), (19, 10, 0), (20, 10, 1), (29, 10, 1), (30, 10, 2), (40, 10, 3),
    (50, 10, 4), (17, 3, 4), (1, 1, 0)])
def test_odds_drm_to_the_attacker_rounds_down(attacker: int, defender: int, drm: int) -> None:
    found = odds_drm(attacker, defender)
    assert (found.attacker, found.defender) == (drm, 0)
    assert found.net == drm


@pytest.mark.parametrize(("attacker", "defender", "floor", "ceil"), [
    (10, 19, 0, 1), (10, 20, 1, 1), (6, 13, 1, 2), (3, 17, 4, 5), (9, 10, 0, 1)])
def test_odds_drm_to_the_defender_both_readings_of_a48(attacker: int, defender: int,
                                                        floor: int, ceil: int) -> None:
    assert odds_drm(attacker, defender).defender == floor
    assert odds_drm(attacker, defender, OddsReading.CEIL).defender == ceil
    assert odds_drm(attacker, defender).net == -floor


def test_odds_drm_needs_both_sides() -> None:
    with pytest.raises(ValueError, match="SPs on both sides"):
        odds_drm(0, 5)


# 6.2 Battle winner (AaM 11.2.3), row by row


@pytest.mark.parametrize(("d", "win", "tie"), [
    (-7, F(0), F(0)), (-6, F(0), F(0)), (-5, F(0), F(1, 36)), (-4, F(1, 36), F(2, 36)),
    (-3, F(1, 12), F(3, 36)), (-2, F(1, 6), F(4, 36)), (-1, F(5, 18), F(5, 36)),
    (0, F(5, 12), F(6, 36)), (1, F(7, 12), F(5, 36)), (2, F(13, 18), F(4, 36)),
    (3, F(5, 6), F(3, 36)), (4, F(11, 12), F(2, 36)), (5, F(35, 36), F(1, 36)),
    (6, F(1), F(0)), (9, F(1), F(0))])
def test_battle_winner_table_6_2(d: int, win: F, tie: F) -> None:
    odds = battle_winner(d)
    assert odds.attacker_wins == win
    assert odds.tie == tie
    assert odds.defender_wins == 1 - win  # the tie goes to the defender
    assert odds.undecided == 0


def test_catastrophe_tie_exception_is_a_flag() -> None:
    plain = battle_winner(0, catastrophe=True)
    assert plain.attacker_wins == F(5, 12) and plain.defender_wins == F(7, 12)  # A58 default
    to_attacker = battle_winner(0, catastrophe=True, catastrophe_tie=Side.ATTACKER)
    assert to_attacker.attacker_wins == F(7, 12) and to_attacker.defender_wins == F(5, 12)
    undecided = battle_winner(0, catastrophe=True, catastrophe_tie=None)
    assert (undecided.attacker_wins, undecided.undecided, undecided.defender_wins) == (
        F(5, 12), F(1, 6), F(5, 12))
    assert battle_winner(0, catastrophe_tie=None).defender_wins == F(7, 12)  # no flag


# 6.3 Casualties (AaM 11.2.4-11.2.7): the rulebook's examples


def test_casualty_examples_e10_e11() -> None:
    assert casualty_base(24) == 3 and casualty_base(20) == 2 and casualty_base(0) == 0
    assert high_total_loss(24, 5) == 1
    assert low_total_loss(40, 5) == 9


def test_casualty_split_examples_e12_e13() -> None:
    assert split_loss(9, 30, 30) == (4, 5)
    assert split_loss(5, 4, 2) == (3, 2)
    assert prisoners(3) == 2
    assert split_loss(4, 10, 0) == (4, 0) and split_loss(4, 0, 10) == (0, 4)
    assert split_loss(6, 1, 10) == (1, 5)
    with pytest.raises(ValueError, match="A50"):
        split_loss(7, 3, 3)


def test_tie_costs_each_side_one() -> None:
    result = casualty_result(CasualtySide(30), CasualtySide(6), 3, 3)
    assert (result.attacker.lost, result.defender.lost) == (1, 1)
    assert result.attacker.prisoners == result.defender.prisoners == 0


# N1: 30 British regulars attack 6 Continental regulars (digest 6.11)


def _n1() -> tuple[CasualtySide, CasualtySide]:
    return CasualtySide(regulars=30), CasualtySide(regulars=6)


def test_n1_eligibility_and_odds() -> None:
    assert bayonets_allowed(30, 30, british_attacking=True)
    assert surprise_rolled(30, 6)
    assert surprise_chance(0) == F(1, 6)
    drm = odds_drm(30, 6)
    assert drm.net == 4
    odds = battle_winner(drm.net)
    assert odds.attacker_wins == F(11, 12)
    assert odds.defender_wins == F(1, 12)
    assert odds.tie == F(2, 36)


def test_n1_continental_loss_distribution() -> None:
    results = casualties(*_n1())
    lost = results.map(lambda r: r.defender.lost)
    assert dict(lost.items()) == {1: F(4, 9), 2: F(5, 36), 4: F(5, 36), 5: F(1, 9),
                                  6: F(1, 6)}
    assert lost.expectation() == F(17, 6)
    uncapped = casualties(*_n1(), cap=False).map(lambda r: r.defender.lost)
    assert uncapped.expectation() == F(53, 18)


def test_n1_british_loss_distribution() -> None:
    lost = casualties(*_n1()).map(lambda r: r.attacker.lost)
    assert dict(lost.items()) == {1: F(7, 12), 2: F(5, 36), 3: F(1, 9), 4: F(1, 12),
                                  5: F(1, 18), 6: F(1, 36)}
    assert lost.expectation() == F(71, 36)


def test_n1_prisoners_and_leader_loss() -> None:
    results = casualties(*_n1())
    british = expected_losses(results, Side.ATTACKER)
    continental = expected_losses(results, Side.DEFENDER)
    assert continental.prisoners == F(10, 9)
    assert british.prisoners == F(7, 9)
    assert british.leader == continental.leader == F(1, 6)
    assert continental.lost == F(17, 6) and continental.militia == 0


def test_n1_no_major_victory_and_catastrophe_only_if_stated() -> None:
    assert major_victory(30, 6) == ()
    assert catastrophe(loser_sp=6) == ()
    assert catastrophe(loser_sp=6, wilderness=True, supplied=False) != ()
    assert catastrophe(loser_sp=6, surrounded=True) != ()


def test_leader_loss_follows_the_natural_die_not_the_total() -> None:
    result = casualty_result(CasualtySide(10, drm=5), CasualtySide(10), 1, 6)
    assert result.attacker.leader and not result.defender.leader
    assert result.difference == 0


def test_mixed_force_split_and_prisoners_of_the_lower_total() -> None:
    # 40 attack 2 militia + 4 regulars; the defender is lower by 1: loses 4 + 1 = 5 (E13).
    result = casualty_result(CasualtySide(40), CasualtySide(4, 2), 4, 3)
    assert result.defender.lost == 5
    assert (result.defender.regulars, result.defender.militia) == (3, 2)
    assert result.defender.prisoners == 2
    assert result.attacker.prisoners == 0


# Sizes (AaM 11.2.1, 11.2.5, 11.5, 11.5.4; D7)


def test_major_victory_sizes_d7() -> None:
    assert major_victory(15, 15) == ("AaM 11.5",)
    assert major_victory(14, 40) == ()
    assert major_victory(14, 40, attacker_indians=3) == ("AaM 11.5.1",)
    assert major_victory(2, 1, special_fort=True) == ("AaM 11.5.2",)
    assert major_victory(40, 40, overrun=True) == ()


def test_catastrophe_conditions() -> None:
    assert catastrophe(loser_sp=50, major_victory_against=True)
    assert not catastrophe(loser_sp=50, major_victory_against=False)
    assert catastrophe(surrendered_sp=51) and not catastrophe(surrendered_sp=50)
    assert catastrophe(quebec_or_halifax_occupied=True)
    assert not catastrophe(wilderness=True, supplied=True)
    fate = surrender_as_siege_loser(regulars=7, militia=3, baggage_trains=1)
    assert (fate.regulars_captured, fate.militia_eliminated) == (7, 3)


def test_bayonets_professional_army_and_wilderness() -> None:
    assert not bayonets_allowed(50, 50, british_attacking=True)
    assert not bayonets_allowed(20, 20, british_attacking=False)
    assert bayonets_allowed(20, 10, british_attacking=True)
    assert professional_army(20, 10, british=True, continental_ready=False)
    assert not professional_army(20, 10, british=False, continental_ready=False)
    assert professional_army(20, 10, british=False, continental_ready=True)
    assert wilderness_drms(all_indian=True, opponent_regular_share=F(1, 2), continental=False,
                           opponent_all_british_regulars=False) == 2
    assert wilderness_drms(all_indian=False, opponent_regular_share=F(1), continental=True,
                           opponent_all_british_regulars=True) == 1
    assert wilderness_drms(all_indian=True, opponent_regular_share=F(2, 5), continental=False,
                           opponent_all_british_regulars=False) == 0


# N2: movement, activation and crossing (digest 6.11)


def test_n2_activation_and_crossing() -> None:
    assert activation_chance(3) == F(1, 2)
    assert loyalist_uprising_chance() == F(1, 36)
    assert activation_chance(3) * crossing_chance(engineer=False) == F(5, 12)
    assert activation_chance(3) * crossing_chance(engineer=True) == F(1, 2)


def test_n2_force_mp_and_the_crossing_with_the_train() -> None:
    with_train = Force((8, BAGGAGE_TRAIN_MP), sp=20, swamp_barred=True)
    assert force_mp(with_train) == 4
    path = path_cost(with_train, [Step(crossing_arrow=True)])
    assert path.legal and path.spent == 4 and path.left == 0
    assert not path_cost(with_train, [Step(crossing_arrow=True), Step(river=True)]).legal


def test_n2_without_the_train() -> None:
    force = Force((8,), sp=20, swamp_barred=True)
    arrow, river = Step(crossing_arrow=True), Step(river=True)
    assert path_cost(force, [arrow, river]).spent == 6
    illegal = path_cost(force, [arrow, river, Step(Terrain.WILDERNESS)])
    assert not illegal.legal
    assert "10 MP spent, more than the 8" in illegal.problems[0]
    legal = path_cost(force, [arrow, river, Step(Terrain.WILDERNESS, same_river=True)])
    assert legal.legal and legal.spent == 8 and legal.left == 0


def test_n2_overrun_variant() -> None:
    force = Force((8,), sp=20)
    path = path_cost(force, [Step(crossing_arrow=True), Step(river=True, enemy_sp=3)])
    assert path.legal
    last = path.steps[-1]
    assert last.overrun is not None and last.overrun.allowed and last.overrun.mp == 3
    assert last.spent == 9 and path.left == 0
    assert last.stop is not None and "10.4.3" in last.stop
    weaker = path_cost(Force((8,), sp=17),
                       [Step(crossing_arrow=True), Step(river=True, enemy_sp=3)])
    stop = weaker.steps[-1]
    assert stop.overrun is not None and not stop.overrun.allowed
    assert stop.stop is not None and "combat" in stop.stop
    assert odds_drm(17, 3).attacker == 4


def test_n2_winter_adds_a_roll() -> None:
    assert winter_attrition_rolls(1, activation_attempted=True) == 1
    assert winter_attrition_rolls(7, activation_attempted=True) == 0
    assert winter_attrition_rolls(12, activation_attempted=True, reaction_attempted=True) == 2


# Movement edge cases (AaM 10.1-10.6)


def test_movement_costs_stated_in_the_rulebook() -> None:
    assert step_cost(Step(river=True), {}) == (2, "AaM 10.1.2")
    assert step_cost(Step(Terrain.MOUNTAIN), {})[0] == 4
    # 10.6.1a gives the same-river 2 MP for Wilderness only (the digest adds Mountain).
    assert step_cost(Step(Terrain.MOUNTAIN, same_river=True), {})[0] == 4
    assert step_cost(Step(Terrain.WILDERNESS, river=True), {})[0] == 4
    assert step_cost(Step(Terrain.WILDERNESS, crossing_arrow=True), {})[0] == 4


def test_unprinted_costs_are_inputs() -> None:
    with pytest.raises(ValueError, match="Terrain Effects Chart"):
        step_cost(Step(), {})
    with pytest.raises(ValueError, match="wilderness\\+road"):
        step_cost(Step(Terrain.WILDERNESS, road=True), {})
    assert step_cost(Step(), {"clear": 1}) == (1, "PAC Terrain Effects Chart")
    assert step_cost(Step(road=True, river=True), {"road": 1})[0] == 1
    assert step_cost(Step(extra_mp=1), {"clear": 1})[0] == 2


def test_lone_leader_and_force_errors() -> None:
    assert force_mp(Force(lone_leader=True)) == 12
    with pytest.raises(ValueError, match=r"10\.2\.3"):
        force_mp(Force((8,), sp=3, lone_leader=True))
    with pytest.raises(ValueError, match="parts"):
        force_mp(Force())


def test_illegal_steps_are_reported() -> None:
    force = Force((12,), sp=10, swamp_barred=True)
    tec = {"clear": 1, "swamp": 1}
    found = path_cost(force, [Step(), Step(crossing_arrow=True)], tec)
    assert not found.legal and "10.1.4" in found.problems[0]
    assert "10.1.3" in path_cost(force, [Step(quadripoint=True)], tec).problems[0]
    assert "10.6" in path_cost(force, [Step(Terrain.SWAMP)], tec).problems[0]
    assert path_cost(force, [Step(Terrain.SWAMP, road=True)], {"swamp+road": 1}).legal
    assert path_cost(Force((12,), sp=10), [Step(Terrain.SWAMP)], tec).legal
    assert "10.8" in path_cost(force, [Step(militia_barred=True)], tec).problems[0]
    after_stop = path_cost(force, [Step(enemy_sp=5), Step()], tec)
    assert not after_stop.legal and "ended" in after_stop.problems[0]


def test_overrun_d4_and_forts() -> None:
    assert overrun(12, 2).allowed and overrun(12, 2).mp == 2
    assert not overrun(11, 2).allowed
    assert not overrun(60, 4).allowed
    assert not overrun(60, 1, fort_or_city=True).allowed
    with pytest.raises(ValueError):
        overrun(10, 0)


# Sieges (AaM 4.2-4.7): D1-D3, D6 and N3


def test_siege_ratios_d1_d2_d3() -> None:
    assert can_besiege(23, 13, Place.CITY)
    assert not can_besiege(23, 13, Place.FORT)
    assert can_besiege(30, 10, Place.FORT, besieger_indians=10)
    assert not can_besiege(29, 10, Place.FORT, besieger_indians=10)
    assert can_besiege(40, 12, Place.FORT)


def test_surrender_and_break_d6() -> None:
    assert surrender_loss(21) == 3
    assert break_loss(12) == 2
    assert per_ten(12, PerTen.FLOOR) == 1 and per_ten(40, PerTen.FLOOR) == 4


def test_timeline_6_10() -> None:
    fort = siege_timeline(5, Place.FORT)
    assert (fort.first_summons, fort.level_two, fort.first_assault) == (6, 6, 7)
    assert fort.surrender_returns == 10  # T+1+4 = T+5
    assert fort.attrition_phases_before_assault == 1
    assert not fort.assault_repeats
    city = siege_timeline(5, Place.CITY)
    assert city.first_assault == 7 and city.assault_repeats
    assert [turn for turn, _ in fort.events()] == [5, 6, 6, 7]
    with pytest.raises(ValueError):
        siege_timeline(0, Place.FORT)


@pytest.mark.parametrize(("d", "win", "tie", "loss"), [
    (-2, F(1, 6), F(1, 9), F(13, 18)), (-1, F(5, 18), F(5, 36), F(7, 12)),
    (0, F(5, 12), F(1, 6), F(5, 12)), (1, F(7, 12), F(5, 36), F(5, 18)),
    (2, F(13, 18), F(1, 9), F(1, 6)), (3, F(5, 6), F(1, 12), F(1, 12))])
def test_final_assault_table_6_10(d: int, win: F, tie: F, loss: F) -> None:
    found = final_assault(40, 12, 0, d)
    assert (found.win, found.tie, found.loss) == (win, tie, loss)
    assert found.fail == tie + loss


def test_n3_final_assault_on_a_fort() -> None:
    found = final_assault(40, 12)
    assert found.win == F(5, 12) and found.tie == F(1, 6) and found.fail == F(7, 12)
    assert found.win_margin is not None
    assert dict(found.win_margin.items()) == {1: F(1, 3), 2: F(4, 15), 3: F(1, 5),
                                              4: F(2, 15), 5: F(1, 15)}
    assert found.win_margin.expectation() == F(7, 3)
    assert found.expected("besieger_lost") == F(19, 6)
    won = assault_result(40, 12, 0, 3)
    assert (won.besieger_lost, won.garrison_killed, won.garrison_captured) == (2, 3, 9)
    assert assault_result(40, 12, 0, 0).besieger_lost == 4
    assert assault_result(40, 12, 0, 3, reading=PerTen.FLOOR).besieger_lost == 1


def test_n3_variant_plus_one() -> None:
    found = final_assault(40, 12, net_drm=1)
    assert found.win == F(7, 12)
    assert found.expected("besieger_lost") == F(17, 6)


def test_assault_with_militia_and_casualty_prisoners() -> None:
    # a win by 3 on 4 regulars + 2 militia: 1 regular and 2 militia lost (11.2.6)
    plain = assault_result(30, 4, 2, 3)
    assert (plain.garrison_killed, plain.garrison_captured) == (3, 3)
    counted = assault_result(30, 4, 2, 3, casualty_prisoners=True)
    assert (counted.garrison_killed, counted.garrison_captured) == (2, 4)
    capped = assault_result(30, 2, 0, 5)
    assert (capped.garrison_killed, capped.garrison_captured) == (2, 0)


def test_assault_cannot_win_at_very_low_drm() -> None:
    found = final_assault(10, 5, net_drm=-5)
    assert found.win == 0 and found.win_margin is None
    with pytest.raises(ValueError, match="garrison"):
        final_assault(10, 0)


# Attrition (AaM 5.1-5.4, 15.3)


def test_militia_attrition_example_e3() -> None:
    assert known_attrition([10, 3], 20) == (2, 0)
    assert percent_of(10, F(25, 2)) == 1
    column = {0: 0, 1: 0, 2: 10, 3: 10, 4: 20, 5: 30, 6: 40}  # hypothetical column
    found = attrition_losses(Attrition.MILITIA, [10, 3], column, mv_british=True)
    assert found.p((2, 0)) == F(1, 6)  # the rulebook's 5 - 1 = 4
    assert found.p((0, 0)) == F(1, 3)
    assert attrition_losses(Attrition.MILITIA, [10, 3], column).p((4, 1)) == F(1, 6)


def test_loyalist_and_enlistment_attrition() -> None:
    column = {roll: 50 for roll in range(1, 7)}
    assert attrition_losses(Attrition.LOYALIST, [4, 5], {}, mv_british=True).p((0, 0)) == 1
    assert attrition_losses(Attrition.LOYALIST, [4, 5], column).p((2, 2)) == 1
    enlist = attrition_losses(Attrition.ENLISTMENT, [10, 11], {r: 10 for r in range(2, 8)},
                              listed=1)
    assert enlist.p((2,)) == 1
    with pytest.raises(ValueError, match="modified roll"):
        attrition_losses(Attrition.ENLISTMENT, [10], column, listed=1)


def test_foraging_example_e4_and_leaders() -> None:
    assert forage_sp(17, home_militia=6) == 11
    with pytest.raises(ValueError):
        forage_sp(5, home_militia=6)
    leaders = forage_leaders()
    assert leaders.sick == F(1, 18) and leaders.dead == F(1, 36)
    assert forage_loss(11, 20, rounding=Rounding.UP) == 3
    assert forage_loss(5, 100, at_sea=True) == 4
    losses = forage_losses(10, {range(2, 11): 0, 11: 10, 12: 20})
    assert losses.p(0) == F(11, 12) and losses.p(2) == F(1, 36)


def test_pow_attrition_and_winter() -> None:
    assert pow_attrition(5) == 4 and pow_attrition(0) == 0 and pow_attrition(3, 4) == 0
    assert [m for m in range(1, 13) if winter(m)] == [1, 2, 3, 12]
    with pytest.raises(ValueError):
        winter(13)


# Baggage-train limits (AaM 6.3; E5 and the scenario checks of digest 5.2)


def test_british_limit_example_e5_and_scenarios() -> None:
    assert british_bt_limit(["New York City", "Halifax", "Philadelphia", "Quebec"]) == 7
    assert british_bt_limit(["Boston", "Halifax", "Quebec"]) == 5  # 1775
    assert british_bt_limit(["Halifax", "Quebec"]) == 3  # 1776
    assert british_bt_limit(["New York City", "Halifax", "Quebec", "Newport"]) == 6  # 1777
    assert british_bt_limit(["Y13", "C33", "P20", "Quebec", "Newport"]) == 8  # May 1778
    assert british_bt_limit(["Y13", "C33", "Quebec", "Newport"],
                            french_intervened=True) == 4  # Dec 1778
    assert british_bt_limit(["Y13", "Y12", "Halifax"]) == 4  # NYC or Staten Island, once


def test_british_limit_cap_order_a22() -> None:
    many = ["Y13", "C33", "P20", "NE13", "Quebec", "Newport"]  # 10
    assert british_bt_limit(many) == 8
    assert british_bt_limit(many, french_intervened=True) == 6
    assert british_bt_limit(many, french_intervened=True, order=CapOrder.CUT_THEN_CAP) == 8
    assert british_bt_limit([], french_intervened=True) == 0
    with pytest.raises(ValueError):
        british_bt_limit(["Quebec", "Quebec"])


def test_continental_limit_and_placement() -> None:
    assert continental_bt_limit() == 5
    assert continental_bt_limit(french_intervened=True) == 7
    assert new_baggage_trains(7, 5, 4) == 2
    assert new_baggage_trains(7, 5, 1) == 1
    assert new_baggage_trains(4, 6, 3) == 0


# Single-die chances (digest 6.4)


def test_single_die_chances() -> None:
    assert [activation_chance(a) for a in (-1, 0, 1, 6, 7)] == [0, 0, F(1, 6), 1, 1]
    assert tactical_chance(2) == F(1, 3)
    assert [surprise_chance(s) for s in (-1, 0, 1, 2, 5, 6)] == [0, F(1, 6), F(1, 3), F(1, 2),
                                                                 1, 1]
    assert french_sea_control_chance() == F(1, 3)
    assert new_york_ice_chance() == F(1, 2)
    assert philadelphia_repulse_chance() == F(1, 3)
    assert french_stay().support == (3, 4, 5, 6, 7, 8)
    assert french_stay().expectation() == F(11, 2)
