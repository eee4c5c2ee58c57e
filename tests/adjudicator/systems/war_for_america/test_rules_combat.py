"""The land combat rules of War for America (digest §4.4 CBT) on typed `Combat` actions and a
built position: legal and illegal cases from the rulebook's sentences (WfA 13.0, 11.4-11.8,
17.2-17.5, 19.20-19.23). The position and values are the fixture data's (made up, not game
data); the battle table is the fixture's."""

from __future__ import annotations

from collections import Counter
from functools import cache

import pytest

from adjudicator.findings import Severity
from adjudicator.systems.common.outcomes import Computed, Outcome, Violation
from adjudicator.systems.common.places import box, space
from adjudicator.systems.common.sequence import Knowledge
from adjudicator.systems.war_for_america.actions import BRITISH, COLONIAL, BattleLosses, Combat
from adjudicator.systems.war_for_america.data import WfAData, load_data
from adjudicator.systems.war_for_america.data.tables import CombatResult
from adjudicator.systems.war_for_america.procedure import (
    ACTION_CYCLE,
    Placement,
    Pulse,
    WfAProcedure,
)
from adjudicator.systems.war_for_america.rules import RULES
from adjudicator.systems.war_for_america.rules.combat import FAMILY, judge, step7_winner
from adjudicator.systems.war_for_america.rules.context import Context
from adjudicator.systems.war_for_america.state import Holding, WfAState
from tests import rulekit
from tests.conftest import REPO

FIXTURE_DATA = REPO / "fixtures" / "war-for-america" / "data" / "fixture.toml"


@cache
def fixture_data() -> WfAData:
    """The fixture's made-up data: leaders' values, a complete map and a battle table."""
    return load_data([FIXTURE_DATA])


def holding(*, sp: dict[str, int] | None = None, leaders: tuple[str, ...] = (),
            garrisons: dict[str, int] | None = None, **extra: object) -> Holding:
    found = Holding(leaders=list(leaders), sp=Counter(sp or {}),
                    garrisons=Counter(garrisons or {}))
    for name, value in extra.items():
        setattr(found, name, value)
    return found


def context(places: dict[str, Holding], *, pulse: Pulse | None = None,
            data: WfAData | None = None, boxes: dict[str, Holding] | None = None) -> Context:
    state = WfAState()
    for key, held in places.items():
        state.holdings[space(key)] = held
    for key, held in (boxes or {}).items():
        state.holdings[box(key)] = held
    placement = Placement(phase=ACTION_CYCLE, knowledge=Knowledge.INFERRED, reason="test",
                          round=1, pulse=pulse)
    return Context(WfAProcedure(year=1777), placement, data=data or fixture_data(),
                   state=state)


def battle(space_id: str, attacker: str = BRITISH, *, rolls: tuple[int, int] = (7, 7),
           winner: str | None = None, by_defender: bool = False) -> Combat:
    return Combat(step=5, side=attacker, space=space_id, attacker_roll=rolls[0],
                  defender_roll=rolls[1], winner=winner, by_defender=by_defender)


illegal = rulekit.rule_ids
applied = rulekit.applied_ids


def unchecked(outcomes: list[Outcome]) -> set[str]:
    return set(rulekit.rule_ids(outcomes, Severity.UNCHECKED))


def computed(outcomes: list[Outcome], kind: str) -> Computed:
    (found,) = rulekit.computed(outcomes, kind=kind)
    return found


def test_the_family_is_registered_and_declares_its_ids() -> None:
    assert FAMILY in RULES.families
    assert {"WFA-CBT-01", "WFA-CBT-10", "WFA-CBT-19"} <= FAMILY.checks


# --- CBT-01: odds (WfA 13.0 Step 3) ----------------------------------------------------


@pytest.mark.parametrize(("attacking", "defending", "odds"), [
    (2, 4, "1:2"), (3, 4, "1:2"), (1, 3, "1:3")], ids=["13.0-St3-2v4", "13.0-St3-3v4",
                                                    "13.0-St3-1v3-minimum"])
def test_the_rulebooks_odds_examples_are_legal(attacking: int, defending: int,
                                               odds: str) -> None:
    ctx = context({"albany": holding(sp={"british": attacking, "continental": defending})})
    outcomes = list(judge(battle("albany"), ctx))
    assert computed(outcomes, "land_combat_odds").result["odds"] == odds
    assert "WFA-CBT-01" not in illegal(outcomes)
    assert {"WFA-CBT-01", "WFA-CBT-03"} <= applied(outcomes)


def test_an_attack_below_one_to_three_is_illegal_13_0_step_3() -> None:
    # Saratoga is no key space: the battle is the mover's (12.17).
    ctx = context({"saratoga": holding(sp={"british": 1, "continental": 4})})
    outcomes = list(judge(battle("saratoga"), ctx))
    assert illegal(outcomes) == ["WFA-CBT-01"]
    assert computed(outcomes, "land_combat_odds").result == {"odds": "1:4", "allowed": False}


def test_militia_raised_before_the_battle_count_13_0_step_3() -> None:
    # "Each player adds up all his SP, including militia": 2 against 3 + 4 is 1:4.
    ctx = context({"saratoga": holding(sp={"british": 2, "continental": 3, "militia": 4})})
    assert illegal(list(judge(battle("saratoga"), ctx))) == ["WFA-CBT-01"]


def test_on_a_key_space_the_non_mover_may_have_attacked_12_16() -> None:
    # 12.15-12.16: on a key space the mover may decline and the non-moving player attack;
    # the log does not say who did, and his 4:1 is legal: not illegal.
    ctx = context({"albany": holding(sp={"british": 1, "continental": 4})})
    outcomes = list(judge(battle("albany"), ctx))
    assert illegal(outcomes) == []
    assert "WFA-CBT-01" in unchecked(outcomes)


def test_a_counter_attack_the_log_ties_to_the_non_mover_is_judged_12_16() -> None:
    # The chat said who attacked (`by_defender`): his 1:4 is illegal.
    ctx = context({"albany": holding(sp={"british": 4, "continental": 1})})
    outcomes = list(judge(battle("albany", COLONIAL, by_defender=True), ctx))
    assert illegal(outcomes) == ["WFA-CBT-01"]


def test_a_one_star_defender_halves_the_excess_11_4() -> None:
    # W-1 step 2: a 1-star leader (Ethan Allan in the fixture) with 13 SP counts 2 + 5 = 7.
    ctx = context({"albany": holding(sp={"british": 3, "continental": 13},
                                     leaders=("ethan_allan",))})
    outcomes = list(judge(battle("albany"), ctx))
    odds = computed(outcomes, "land_combat_odds")
    assert odds.inputs["defender_effective"] == 7
    assert odds.result["odds"] == "1:3"
    assert illegal(outcomes) == []


def test_without_a_leader_only_ten_sp_take_part_11_8() -> None:
    ctx = context({"albany": holding(sp={"british": 4, "continental": 14})})
    odds = computed(list(judge(battle("albany"), ctx)), "land_combat_odds")
    assert (odds.inputs["defender_effective"], odds.result["odds"]) == (10, "1:3")


def test_one_or_two_sp_on_a_fort_count_double_17_5() -> None:
    # W-2: 10 SP against 2 SP on a fort: 10 against 4 is 2:1, the defender on '3-7'.
    ctx = context({"albany": holding(sp={"british": 10, "continental": 2},
                                     leaders=("knyphausen",),
                                     forts=[(COLONIAL, "complete")])})
    outcomes = list(judge(battle("albany"), ctx))
    assert computed(outcomes, "land_combat_odds").result["odds"] == "2:1"
    assert computed(outcomes, "land_battle").inputs["defender_column"] == "3-7"


def test_an_unknown_leader_rank_leaves_the_odds_unchecked() -> None:
    data = load_data()  # the bundled data: no leader values
    ctx = context({"albany": holding(sp={"british": 1, "continental": 4},
                                     leaders=("burgoyne",))}, data=data)
    outcomes = list(judge(battle("albany"), ctx))
    assert illegal(outcomes) == []
    assert {"WFA-CBT-01", "WFA-CBT-03"} <= unchecked(outcomes)


# --- CBT-19: garrisons (WfA 19.20-19.23) ------------------------------------------------


def test_a_garrison_never_attacks_19_20() -> None:
    ctx = context({"albany": holding(sp={"continental": 2}, garrisons={"british": 1})})
    assert illegal(list(judge(battle("albany"), ctx))) == ["WFA-CBT-19"]


def test_a_lone_garrison_defends_on_the_below_one_column_and_wins_only_on_12() -> None:
    ctx = context({"albany": holding(sp={"british": 3}, garrisons={"colonial": 1})})
    outcomes = list(judge(battle("albany", rolls=(2, 11)), ctx))
    result = computed(outcomes, "land_battle")
    assert result.inputs["defender_column"] == "<1"
    assert result.result["winner"] == "attacker"
    won = computed(list(judge(battle("albany", rolls=(12, 12)), ctx)), "land_battle")
    assert won.result["winner"] == "defender"
    assert {"WFA-CBT-19", "WFA-CBT-01"} <= applied(outcomes)


# --- the battle result (WfA 13.0 Steps 5-8) -----------------------------------------------


@pytest.mark.parametrize(("attack", "defend", "winner"), [
    ("1", "**", "attacker"), ("1*", "1", "attacker"), ("*", "**", "defender"),
    ("1", "1", "tie"), ("—", "—", "tie")], ids=["St7-number-trumps-stars",
                                                "St7-number-plus-star-trumps-number",
                                                "St7-more-stars-win", "St7-tie", "St7-nothing"])
def test_step_7_decides_the_winner(attack: str, defend: str, winner: str) -> None:
    assert step7_winner(CombatResult.parse(attack), CombatResult.parse(defend),
                        fortress=False) == winner


def test_stars_against_a_fortress_are_ignored_13_0_step_7() -> None:
    assert step7_winner(CombatResult.parse("1*"), CombatResult.parse("1"),
                        fortress=True) == "tie"


def test_a_fortress_gives_the_attacker_minus_3_and_spares_the_defender_one_sp() -> None:
    # Quebec is a fortress (WfA 17.1). Attacker 4 SP no leader rolls 9 - 3 = 6 on '3-7': '-';
    # the defender's 4 SP roll 10 on '3-7': '1'. The defender wins; it loses 0 SP.
    ctx = context({"quebec": holding(sp={"continental": 4, "british": 4})})
    outcomes = list(judge(battle("quebec", COLONIAL, rolls=(9, 10)), ctx))
    result = computed(outcomes, "land_battle")
    assert result.inputs["attacker_drm"] == -3
    assert (result.result["winner"], result.result["defender_loss"],
            result.result["attacker_loss"]) == ("defender", 0, 1)
    assert {"WFA-CBT-06", "WFA-CBT-12", "WFA-CBT-04", "WFA-CBT-05"} <= applied(outcomes)


def test_a_lone_garrison_on_a_fortress_does_not_cost_the_attacker_3_19_22() -> None:
    ctx = context({"quebec": holding(sp={"continental": 3}, garrisons={"british": 1})})
    result = computed(list(judge(battle("quebec", COLONIAL), ctx)), "land_battle")
    assert result.inputs["attacker_drm"] == 0


def test_an_entrenchment_gives_the_attacker_minus_1_17_10() -> None:
    ctx = context({"albany": holding(sp={"british": 4, "continental": 4},
                                     entrenchments=[COLONIAL])})
    outcomes = list(judge(battle("albany"), ctx))
    assert computed(outcomes, "land_battle").inputs["attacker_drm"] == -1
    assert "WFA-CBT-07" in applied(outcomes)


def test_a_leaders_rating_modifies_his_sides_roll_13_0_step_5() -> None:
    # Knyphausen is rated B in the fixture: +2 (WfA 11.14).
    ctx = context({"albany": holding(sp={"british": 4, "continental": 4},
                                     leaders=("knyphausen",))})
    result = computed(list(judge(battle("albany"), ctx)), "land_battle")
    assert (result.inputs["attacker_drm"], result.inputs["defender_drm"]) == (2, 0)


def test_an_army_adds_its_second_leaders_rating_11_9() -> None:
    ctx = context({"albany": holding(sp={"continental": 4}, armies=["r"])},
                  boxes={"army_r": holding(sp={"british": 8},
                                           leaders=("carleton", "knyphausen"))})
    result = computed(list(judge(battle("albany"), ctx)), "land_battle")
    assert result.inputs["attacker_drm"] == 1 + 2  # C senior, B second


def test_a_tactical_commander_adds_one_in_an_army_11_27() -> None:
    """11.27: TC "add +1 if in an army" (digest A-32); outside an army they add nothing."""
    in_army = context({"albany": holding(sp={"continental": 4}, armies=["r"])},
                      boxes={"army_r": holding(sp={"british": 8}, tcs=Counter(british=1),
                                               leaders=("carleton", "knyphausen"))})
    result = computed(list(judge(battle("albany"), in_army)), "land_battle")
    assert result.inputs["attacker_drm"] == 1 + 2 + 1  # C senior, B second, the TC
    alone = context({"albany": holding(sp={"continental": 2, "british": 2},
                                       tcs=Counter(british=1))})
    assert computed(list(judge(battle("albany"), alone)), "land_battle").inputs[
        "attacker_drm"] == 0


def test_a_caribbean_attack_is_amphibious_19_31() -> None:
    ctx = context({"martinique": holding(sp={"british": 3, "french": 2})})
    outcomes = list(judge(battle("martinique"), ctx))
    result = computed(outcomes, "land_battle")
    assert (result.inputs["attacker_drm"], result.inputs["defender_drm"]) == (-3, 1)
    assert {"WFA-CBT-09", "WFA-CBT-08"} <= applied(outcomes)


def test_a_logged_winner_against_the_table_is_illegal_13_0_step_7() -> None:
    # Inland Albany, 2 SP a side (Petite Guerre: no LOC shift), no cards: fully resolved.
    ctx = context({"albany": holding(sp={"british": 2, "continental": 2})})
    result = computed(list(judge(battle("albany", rolls=(12, 2)), ctx)), "land_battle")
    assert result.result["winner"] == "attacker"
    assert illegal(list(judge(battle("albany", rolls=(12, 2), winner=COLONIAL), ctx))) == [
        "WFA-CBT-10"]
    right = list(judge(battle("albany", rolls=(12, 2), winner=BRITISH), ctx))
    assert illegal(right) == [] and "WFA-CBT-10" in applied(right)


def test_a_winner_that_needs_the_loc_is_not_judged_13_0_step_1() -> None:
    # 10 against 10 on '3-7' is '1' a side, a tie; one column lower for the attacker
    # (no LOC, 16.6) reads '*' on '1-2' and the defender wins: the log cannot tell.
    ctx = context({"albany": holding(sp={"british": 4, "continental": 4})})
    outcomes = list(judge(battle("albany", rolls=(10, 10), winner=COLONIAL), ctx))
    assert illegal(outcomes) == []
    assert {"WFA-CBT-02", "WFA-CBT-10"} <= unchecked(outcomes)


def test_a_winner_wrong_under_every_reading_is_illegal_even_without_the_loc() -> None:
    ctx = context({"albany": holding(sp={"british": 4, "continental": 4})})
    outcomes = list(judge(battle("albany", rolls=(12, 2), winner=COLONIAL), ctx))
    assert illegal(outcomes) == ["WFA-CBT-10"]


def test_a_coastal_battle_leaves_the_amphibious_modifier_unchecked_12_16() -> None:
    ctx = context({"boston": holding(sp={"british": 2, "continental": 2})})
    assert "WFA-CBT-08" in unchecked(list(judge(battle("boston"), ctx)))


def test_the_battle_reports_the_chances_of_each_outcome() -> None:
    ctx = context({"albany": holding(sp={"british": 2, "continental": 2})})
    result = computed(list(judge(battle("albany"), ctx)), "land_battle").result
    from fractions import Fraction
    total = sum(Fraction(str(result[k])) for k in ("p_attacker_wins", "p_defender_wins",
                                                     "p_tie"))
    assert total == 1


# --- CBT-17, CBT-18 -------------------------------------------------------------------------


def test_the_defenders_card_before_the_attackers_is_a_reminder_13_0_step_4() -> None:
    pulse = Pulse(side=BRITISH, step=1, round=1, number=1,
                  cards=((COLONIAL, "card_25"), (BRITISH, "fixture_card_3")))
    ctx = context({"albany": holding(sp={"british": 2, "continental": 2})}, pulse=pulse)
    outcomes = list(judge(battle("albany"), ctx))
    assert [o.rule_id for o in outcomes if isinstance(o, Violation)
            and o.severity is Severity.REMINDER] == ["WFA-CBT-17"]
    in_order = Pulse(side=BRITISH, step=1, round=1, number=1,
                     cards=((BRITISH, "fixture_card_3"), (COLONIAL, "card_25")))
    ctx = context({"albany": holding(sp={"british": 2, "continental": 2})}, pulse=in_order)
    assert not [o for o in judge(battle("albany"), ctx) if isinstance(o, Violation)
                and o.rule_id == "WFA-CBT-17"]


def test_a_colonial_counter_attack_after_a_declined_battle_is_legal_10_14() -> None:
    ctx = context({"boston": holding(sp={"british": 2, "militia": 2})})
    outcomes = list(judge(battle("boston", COLONIAL, by_defender=True), ctx))
    assert illegal(outcomes) == [] and "WFA-CBT-18" in applied(outcomes)


def battle_over(rolls: tuple[int, int], retreated: str) -> BattleLosses:
    """Five British SP from Saratoga against three Continentals at Albany, the dice
    `rolls`, and the side that gave way (the position at the dice goes with it)."""
    combat = Combat(step=5, side=BRITISH, space="albany", attacker_roll=rolls[0],
                    defender_roll=rolls[1], entered_from="saratoga")
    return BattleLosses(step=6, side=BRITISH, space="albany", retreated=retreated,
                        combat=combat,
                        position=holding(sp={"british": 5, "continental": 3}))


def test_the_loser_the_table_gives_retreating_is_legal_wfa_13_0_step_9() -> None:
    ctx = context({"albany": holding(sp={"british": 5})})
    outcomes = list(judge(battle_over((12, 2), retreated=COLONIAL), ctx))
    assert illegal(outcomes) == [] and "WFA-CBT-10" in applied(outcomes)


def test_the_winner_the_table_gives_retreating_is_illegal_wfa_13_0_steps_7_9() -> None:
    ctx = context({"albany": holding(sp={"british": 5})})
    assert illegal(list(judge(battle_over((2, 12), retreated=COLONIAL), ctx))) == [
        "WFA-CBT-10"]


def test_a_tie_sends_the_attacker_back_wfa_13_0_step_7() -> None:
    """Both '*' on every reading: no winner, the attacker retreats (legal); the defender
    giving way instead is not what the table gives."""
    ctx = context({"albany": holding(sp={"continental": 3})})
    outcomes = list(judge(battle_over((8, 8), retreated=BRITISH), ctx))
    assert illegal(outcomes) == [] and "WFA-CBT-10" in applied(outcomes)
    assert illegal(list(judge(battle_over((8, 8), retreated=COLONIAL), ctx))) == [
        "WFA-CBT-10"]


def test_an_attacker_come_along_a_land_line_made_no_landing_12_16() -> None:
    """Boston and Newport are joined by a land line on the fixture map: the attacker from
    Newport did not land by sea, so the defender's +1 (12.16) is known not to apply."""
    ctx = context({"boston": holding(sp={"british": 2, "continental": 2})})
    came = Combat(step=5, side=BRITISH, space="boston", attacker_roll=7, defender_roll=7,
                  entered_from="newport")
    outcomes = list(judge(came, ctx))
    assert "WFA-CBT-08" not in unchecked(outcomes) and "WFA-CBT-08" in applied(outcomes)


def _losses(removed: dict[str, int], *, before: dict[str, int] | None = None,
            d_marker: bool = False, retreated: str | None = COLONIAL) -> BattleLosses:
    """The battle at Albany over: British 12 ('1*' or '1'), Continental 2 ('-'): the
    Colonials lose 1 SP, the British none (WfA 13.0 Step 6)."""
    held = before or {"british": 5, "continental": 3}
    combat = Combat(step=5, side=BRITISH, space="albany", attacker_roll=12, defender_roll=2,
                    entered_from="saratoga")
    position = holding(sp=held, markers=Counter({"marker:d": 1} if d_marker else {}))
    return BattleLosses(step=9, side=BRITISH, space="albany", retreated=retreated,
                        combat=combat, position=position, before=tuple(sorted(held.items())),
                        removed=tuple(sorted(removed.items())),
                        losses=tuple(("british" if n == "british" else COLONIAL, 7, sp)
                                     for n, sp in removed.items()))


def test_losses_beyond_the_table_are_illegal_at_their_step_wfa_13_0_step_6() -> None:
    ctx = context({"albany": holding(sp={"british": 5})})
    assert "WFA-CBT-04" not in illegal(list(judge(_losses({"continental": 1}), ctx)))
    (found,) = [o for o in judge(_losses({"continental": 2}), ctx)
                if isinstance(o, Violation) and o.rule_id == "WFA-CBT-04"
                and o.severity is Severity.ILLEGAL]
    assert found.step == 7
    assert illegal(list(judge(_losses({"british": 1, "continental": 1}), ctx))) == [
        "WFA-CBT-04"]


def test_a_d_marked_force_retreating_again_loses_one_more_wfa_13_8() -> None:
    ctx = context({"albany": holding(sp={"british": 5})})
    assert "WFA-CBT-04" not in illegal(list(judge(_losses({"continental": 2},
                                                          d_marker=True), ctx)))


def test_militia_removed_beyond_the_table_are_unchecked_wfa_10_15() -> None:
    ctx = context({"albany": holding(sp={"british": 5})})
    beaten = _losses({"continental": 1, "militia": 1},
                     before={"british": 5, "continental": 2, "militia": 1})
    outcomes = list(judge(beaten, ctx))
    assert "WFA-CBT-04" not in illegal(outcomes) and "WFA-CBT-04" in unchecked(outcomes)
