"""The American Revolution's what-if questions (`adjudicator odds ar`): answers, their
options and the refusals, against the digest's worked examples (6.6)."""

from __future__ import annotations

import json
from typing import Any

import pytest
import typer
from typer.testing import CliRunner

from adjudicator.cli.odds import question_command
from adjudicator.errors import AdjudicatorError
from adjudicator.systems.american_revolution.whatif import (
    CombatQuestion,
    EnlistmentQuestion,
    ForcedMarchQuestion,
    ForceQuestion,
    InitiativeQuestion,
    InitiativeSide,
    MoveQuestion,
    RabbleQuestion,
    SiegeQuestion,
    answer_combat,
    answer_enlistment,
    answer_forced_march,
    answer_initiative,
    answer_move,
    answer_rabble,
    answer_siege,
    questions,
)
from adjudicator.systems.common.questions import answer_questions, ask, question_options


def _question(name: str) -> Any:
    return next(q for q in questions() if q.name == name)


def test_questions_are_the_ones_the_brief_lists() -> None:
    assert [q.name for q in questions()] == [
        "combat", "initiative", "rabble", "forced-march", "enlistment", "siege", "move"]


def test_every_option_has_a_description() -> None:
    for question in questions():
        for option in question_options(question.asks):
            assert option.help, f"{question.name}: {option.flag}"


def test_every_integer_option_is_bounded() -> None:
    for question in questions():
        for option in question_options(question.asks):
            if option.kind is int:
                assert option.minimum is not None, f"{question.name}: {option.flag}"
                assert option.maximum is not None, f"{question.name}: {option.flag}"


# Combat (digest 6.6 A and H)


def test_combat_example_a_four_dice_on_the_new_york_detachment() -> None:
    found = answer_combat(CombatQuestion(attacker=ForceQuestion(regulars=2, leadership=2),
                                         defender=ForceQuestion(detachments=1)), None)
    assert found.attacker.dice.total == 4
    hits = found.attacker.round_hits
    assert hits["0 eliminated, 1 disrupted"].fraction == "16/81"
    assert hits["0 eliminated, 0 disrupted"].fraction == "16/81"
    assert hits["0 eliminated, 2 disrupted"].fraction == "2/27"  # 96/1296
    assert found.attacker.expected_eliminations.fraction == "2/3"
    faq, literal = found.initiative
    assert faq.attacker_first.fraction == "1/2"
    assert literal.attacker_first.fraction == "13/16"
    assert found.attacker_wins is not None
    assert "AR 18.4" in found.citations


def test_combat_example_h_regular_against_militia_battle_odds() -> None:
    found = answer_combat(CombatQuestion(attacker=ForceQuestion(regulars=1),
                                         defender=ForceQuestion(militia=1)), None)
    assert found.attacker_wins is not None and found.defender_wins is not None
    assert (found.attacker_wins.fraction, found.defender_wins.fraction) == ("25/38", "13/38")


def test_combat_fortress_protects_without_siege_and_adds_dice() -> None:
    asked = CombatQuestion(attacker=ForceQuestion(regulars=2),
                           defender=ForceQuestion(detachments=1), fortress_cf=2)
    found = answer_combat(asked, None)
    assert found.attacker.target_protected
    assert found.attacker.round_hits["0 eliminated, 1 disrupted"].fraction == "125/324"
    assert found.defender.dice.total == 3
    assert found.initiative[0].defender_modifier == 1
    besieged = answer_combat(asked.model_copy(update={"siege": True}), None)
    assert not besieged.attacker.target_protected
    assert besieged.initiative[0].defender_modifier == 0
    assert besieged.defender.dice.total == 3  # AR 28.7 does not negate 28.3


def test_combat_wilderness_indians_and_frontier_warfare() -> None:
    found = answer_combat(CombatQuestion(attacker=ForceQuestion(indians=2),
                                         defender=ForceQuestion(regulars=1),
                                         wilderness=True, frontier_warfare=True), None)
    assert found.attacker.dice.total == 4
    assert found.initiative[0].attacker_modifier == 1
    assert "AR 35.1" in found.citations


def test_combat_amphibious_with_fleet_and_marines() -> None:
    found = answer_combat(CombatQuestion(
        attacker=ForceQuestion(marines=1, marine_cf=2), defender=ForceQuestion(militia=1),
        amphibious=True, fleet_cf=3), None)
    assert found.attacker.dice.total == 2 + 1 + 3
    assert found.attacker_wins is not None


def test_combat_refuses_the_battle_odds_above_the_cap_but_answers_the_rest() -> None:
    found = answer_combat(CombatQuestion(attacker=ForceQuestion(militia=7),
                                         defender=ForceQuestion(militia=1)), None)
    assert found.attacker_wins is None
    assert "at most 6" in found.battle_note
    assert found.attacker.dice.total == 7


def test_combat_needs_counter_data_for_marines() -> None:
    with pytest.raises(ValueError, match="marine_cf"):
        ForceQuestion(marines=1)


def test_combat_refuses_tactics_above_leadership() -> None:
    with pytest.raises(AdjudicatorError, match=r"AR 18.4\(1\)"):
        answer_combat(CombatQuestion(attacker=ForceQuestion(regulars=1, tactics=2,
                                                            leadership=1),
                                     defender=ForceQuestion(militia=1)), None)


def test_combat_refuses_spending_more_tactics_than_printed_cf() -> None:
    with pytest.raises(AdjudicatorError, match=r"AR 18.5"):
        answer_combat(CombatQuestion(attacker=ForceQuestion(militia=1, tactics=2, spend=2,
                                                            leadership=2),
                                     defender=ForceQuestion(militia=1)), None)


# Initiative (digest 6.6 B)


def test_initiative_example_b_new_haven() -> None:
    found = answer_initiative(InitiativeQuestion(
        attacker=InitiativeSide(tactics=2, leadership=2),
        defender=InitiativeSide(tactics=3, leadership=3)), None)
    faq = found.readings[0]
    assert faq.wins_ties_losses_of_36 == (10, 5, 21)
    assert faq.attacker_first.fraction == "10/31"


# Rabble (digest 6.6 C and D)


def test_rabble_example_c_balance_of_power_after_declaration() -> None:
    found = answer_rabble(RabbleQuestion(table="balance", us=3, gb=2, rp_level=2), None)
    assert (found.us_dice, found.us_wins.fraction, found.tie.fraction,
            found.gb_wins.fraction) == (2, "49/54", "5/108", "5/108")


def test_rabble_example_d_and_the_one_die_override() -> None:
    found = answer_rabble(RabbleQuestion(table="progress", us=3, gb=1), None)
    assert (found.us_wins.fraction, found.tie.fraction, found.gb_wins.fraction) == (
        "13/18", "1/9", "1/6")
    forced = answer_rabble(RabbleQuestion(table="balance", us=3, gb=2, rp_level=2,
                                          us_dice=1), None)
    assert forced.us_wins.fraction == "7/12"


def test_rabble_uncontested_is_certain_without_a_roll() -> None:
    found = answer_rabble(RabbleQuestion(table="progress", gb=2), None)
    assert (found.rolled, found.gb_wins.fraction) == (False, "1/1")


# Forced march, enlistment, move, siege (digest 6.6 E, F, G, I)


def test_forced_march_example_f() -> None:
    found = answer_forced_march(ForcedMarchQuestion(marching=4), None)
    assert (found.losses["0"].fraction, found.losses["1"].fraction,
            found.at_least_one.fraction) == ("625/1296", "125/324", "671/1296")


def test_enlistment_example_i() -> None:
    found = answer_enlistment(EnlistmentQuestion(checking=2, leader=2), None)
    assert (found.per_unit.fraction, found.losses["1"].fraction) == ("1/3", "4/9")
    assert answer_enlistment(EnlistmentQuestion(checking=2, leader=1), None).losses[
        "1"].fraction == "1/2"


def test_move_example_e_after_and_before_the_roll() -> None:
    after = answer_move(MoveQuestion(roads=2, trails=1, leader=2, die=3), None)
    assert (after.cost, after.allowance, after.legal, after.mp_left) == (4, 5, True, 1)
    six_roads = answer_move(MoveQuestion(roads=6, leader=2, die=3), None)
    assert (six_roads.legal, six_roads.mp_left) == (False, None)
    before = answer_move(MoveQuestion(cost=(1, 1, 2), leader=2), None)
    assert (before.allowance, before.reach.fraction) == (None, "5/6")
    assert answer_move(MoveQuestion(roads=7, leader=2), None).reach.fraction == "1/3"
    assert answer_move(MoveQuestion(trails=2, light_only=True), None).cost == 2


def test_move_needs_a_path() -> None:
    with pytest.raises(AdjudicatorError, match="needs a path"):
        answer_move(MoveQuestion(leader=2, die=3), None)


def test_siege_example_g_per_round_and_capture() -> None:
    found = answer_siege(SiegeQuestion(besieger=ForceQuestion(regulars=2),
                                       garrison=ForceQuestion(detachments=1), fortress_cf=1),
                         None)
    assert found.round_on_garrison["0 eliminated, 1 disrupted"].fraction == "125/324"
    assert found.garrison_after_rounds["1 fresh, 0 disrupted"].fraction == "625/1296"
    assert found.garrison_after_rounds["0 fresh, 0 disrupted"].fraction == "19/144"
    assert found.garrison_first.fraction == "21/31"
    assert found.captured is not None and found.attacker_wins is not None
    assert found.captured == found.destroyed
    besieged = answer_siege(SiegeQuestion(besieger=ForceQuestion(regulars=2),
                                          garrison=ForceQuestion(detachments=1),
                                          fortress_cf=1, siege=True), None)
    assert besieged.garrison_after_rounds["0 fresh, 0 disrupted"].fraction == "49/81"
    assert besieged.garrison_first.fraction == "1/2"


def test_siege_needs_both_forces() -> None:
    with pytest.raises(AdjudicatorError, match="garrison"):
        answer_siege(SiegeQuestion(besieger=ForceQuestion(regulars=2),
                                   garrison=ForceQuestion(), fortress_cf=1), None)


# The options as the CLI reads them


def test_options_ask_the_right_questions() -> None:
    replies = answer_questions(questions(), {"marching": 4})
    assert len(replies) == 1 and "625/1296" in replies[0].text
    replies = answer_questions(questions(), {"us": 3, "gb": 1, "table": "progress"})
    assert "13/18" in replies[0].text


def test_ask_reports_a_bad_option_in_one_line() -> None:
    with pytest.raises(AdjudicatorError, match="--us-dice"):
        ask(_question("rabble"), {"us": 1, "gb": 1, "us_dice": 3})
    with pytest.raises(AdjudicatorError, match="forced-march needs --marching"):
        ask(_question("forced-march"), {})


def _cli(*args: str, always_question: str | None = None) -> Any:
    app = typer.Typer()
    chosen = tuple(q for q in questions() if q.name == always_question) if always_question \
        else questions()
    app.command()(question_command(chosen, always=always_question is not None))
    return CliRunner().invoke(app, list(args))


def test_generated_command_answers_a_battle_in_json() -> None:
    result = _cli("--attacker-regulars", "1", "--defender-militia", "1", "--json")
    assert result.exit_code == 0, result.output
    assert json.loads(result.output)["attacker_wins"]["fraction"] == "25/38"


def test_generated_command_for_one_question() -> None:
    result = _cli("--roads", "5", "--leader", "2", "--die", "3", always_question="move")
    assert result.exit_code == 0, result.output
    assert "legal, 0 MP left" in result.output


def test_route_costs_are_bounded() -> None:
    with pytest.raises(ValueError, match="greater than or equal to 1"):
        MoveQuestion(cost=(0,))


def test_long_exact_fractions_are_shown_as_decimals_in_text() -> None:
    found = answer_combat(CombatQuestion(attacker=ForceQuestion(grenadiers=3),
                                         defender=ForceQuestion(regulars=3)), None)
    assert found.attacker_wins is not None and len(found.attacker_wins.fraction) > 24
    assert "exact fraction in --json" in _question("combat").text(found)
