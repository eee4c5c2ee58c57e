"""Almost a Miracle!'s what-if questions (`adjudicator odds aam`, not registered yet):
answers, their options, the refusals and the generated command, against the digest's
hand-worked examples (6.11 N1-N3) and the rulebook's examples."""

from __future__ import annotations

import json
from typing import Any

import pytest
import typer
from pydantic import ValidationError
from typer.testing import CliRunner

from adjudicator.cli.odds import question_command
from adjudicator.errors import AdjudicatorError
from adjudicator.systems.almost_a_miracle.whatif import (
    ActivationQuestion,
    AttritionQuestion,
    BattleQuestion,
    BtLimitQuestion,
    CasualtiesQuestion,
    ChancesQuestion,
    MoveQuestion,
    OverrunQuestion,
    SideQuestion,
    SiegeQuestion,
    answer_activation,
    answer_attrition,
    answer_battle,
    answer_bt_limit,
    answer_casualties,
    answer_chances,
    answer_move,
    answer_overrun,
    answer_siege,
    parse_column,
    parse_step,
    questions,
)
from adjudicator.systems.common.questions import answer_questions, ask, question_options


def _question(name: str) -> Any:
    return next(q for q in questions() if q.name == name)


def test_questions_are_listed() -> None:
    assert [q.name for q in questions()] == [
        "battle", "casualties", "siege", "move", "overrun", "attrition", "activation",
        "chances", "bt-limit"]


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


# Battle and casualties (digest N1, rulebook E9-E13)


def _n1() -> BattleQuestion:
    return BattleQuestion(attacker=SideQuestion(regulars=30), defender=SideQuestion(regulars=6))


def test_battle_n1() -> None:
    found = answer_battle(_n1(), None)
    assert (found.odds_ratio, found.attacker_odds_drm, found.net_drm) == ("5:1", 4, 4)
    assert found.attacker_wins.fraction == "11/12"
    assert found.defender_wins.fraction == "1/12"
    assert found.tie.fraction == "1/18" and found.tie_goes_to == "defender"
    assert found.defender_losses.lost.fraction == "17/6"
    assert found.attacker_losses.lost.fraction == "71/36"
    assert found.defender_losses.prisoners.fraction == "10/9"
    assert found.attacker_losses.prisoners.fraction == "7/9"
    assert found.defender_losses.leader_lost.fraction == "1/6"
    assert found.defender_losses.loss_spread["6"].fraction == "1/6"
    assert found.surprise_rolled and found.major_victory == []
    assert "AaM 11.2.3" in found.citations
    assert "11/12" in _question("battle").text(found)


def test_battle_reversed_and_the_two_readings() -> None:
    reverse = answer_battle(BattleQuestion(attacker=SideQuestion(regulars=6),
                                           defender=SideQuestion(regulars=30)), None)
    assert (reverse.odds_ratio, reverse.defender_odds_drm) == ("1:5", 4)
    assert reverse.attacker_wins.fraction == "1/36"  # d = -4
    floor = answer_battle(BattleQuestion(attacker=SideQuestion(regulars=6),
                                         defender=SideQuestion(regulars=13)), None)
    ceil = answer_battle(BattleQuestion(attacker=SideQuestion(regulars=6),
                                        defender=SideQuestion(regulars=13), odds="ceil"), None)
    assert floor.defender_odds_drm == 1 and ceil.defender_odds_drm == 2
    assert floor.attacker_wins.fraction == "5/18" and ceil.attacker_wins.fraction == "1/6"


def test_battle_drms_catastrophe_tie_and_sizes() -> None:
    found = answer_battle(BattleQuestion(
        attacker=SideQuestion(regulars=40, militia=20, drm=1),
        defender=SideQuestion(regulars=50, indians=3, drm=2), catastrophe=True,
        catastrophe_tie="undecided"), None)
    assert found.net_drm == -1
    assert found.attacker_wins.fraction == "5/18"
    assert found.defender_wins.fraction == "7/12"
    assert found.tie_goes_to == "undecided"
    assert found.major_victory == ["AaM 11.5", "AaM 11.5.1"]
    assert set(found.catastrophe_if_lost) == {"attacker", "defender"}
    assert not found.surprise_rolled
    assert "Catastrophe if the attacker loses" in _question("battle").text(found)


def test_battle_needs_both_sides() -> None:
    with pytest.raises(AdjudicatorError, match="SPs on both sides"):
        answer_battle(BattleQuestion(attacker=SideQuestion(regulars=3),
                                     defender=SideQuestion()), None)


def test_casualties_for_given_dice_e13() -> None:
    found = answer_casualties(CasualtiesQuestion(
        attacker=SideQuestion(regulars=40), defender=SideQuestion(regulars=4, militia=2),
        attacker_die=4, defender_die=3), None)
    assert (found.attacker_base, found.defender_base, found.difference) == (1, 4, 1)
    assert found.defender is not None and found.attacker is not None
    assert (found.defender.lost, found.defender.regulars, found.defender.militia,
            found.defender.prisoners) == (5, 3, 2, 2)
    assert found.attacker.lost == 1 and not found.attacker.leader_lost
    assert "defender loses 5" in _question("casualties").text(found)


def test_casualties_spread_without_dice_and_the_cap() -> None:
    capped = answer_casualties(CasualtiesQuestion(attacker=SideQuestion(regulars=30),
                                                  defender=SideQuestion(regulars=6)), None)
    assert capped.difference is None and capped.defender is None
    assert capped.defender_losses.lost.fraction == "17/6"
    assert capped.defender_prisoners_spread["3"].fraction == "5/18"
    uncapped = answer_casualties(CasualtiesQuestion(
        attacker=SideQuestion(regulars=30), defender=SideQuestion(regulars=6),
        uncapped=True), None)
    assert uncapped.defender_losses.lost.fraction == "53/18"


def test_casualties_need_both_dice() -> None:
    with pytest.raises(ValidationError, match="both casualty dice"):
        CasualtiesQuestion(attacker=SideQuestion(regulars=3),
                           defender=SideQuestion(regulars=3), attacker_die=1)


# Siege (digest N3, D1-D3, D6)


def test_siege_n3() -> None:
    found = answer_siege(SiegeQuestion(besieger_sp=40, garrison_regulars=12, laid_turn=10),
                         None)
    assert found.can_besiege and found.ratio_needed == 2
    assert found.first_assault_turn == 12
    assert found.assault_win.fraction == "5/12"
    assert found.assault_tie.fraction == "1/6"
    assert found.assault_fail.fraction == "7/12"
    assert found.win_margin["1"].fraction == "1/3"
    assert found.expected_besieger_loss.fraction == "19/6"
    assert (found.surrender_loss, found.break_loss) == (2, 2)
    assert found.timeline[1][0] == 11 and "turn 15" in found.timeline[1][1]
    assert found.major_victory == [] and not found.surrender_catastrophe
    assert "19/6" in _question("siege").text(found)


def test_siege_variants() -> None:
    plus_one = answer_siege(SiegeQuestion(besieger_sp=40, garrison_regulars=12,
                                          assault_drm=1), None)
    assert plus_one.assault_win.fraction == "7/12"
    assert plus_one.expected_besieger_loss.fraction == "17/6"
    literal = answer_siege(SiegeQuestion(besieger_sp=40, garrison_regulars=12,
                                         per_ten="floor"), None)
    assert literal.expected_besieger_loss.fraction == "11/4"  # 5/12 x 1 + 7/12 x 4
    assert not answer_siege(SiegeQuestion(besieger_sp=23, garrison_regulars=13), None
                            ).can_besiege
    assert answer_siege(SiegeQuestion(besieger_sp=23, garrison_regulars=13, place="city"),
                        None).can_besiege
    indians = answer_siege(SiegeQuestion(besieger_sp=30, besieger_indians=10,
                                         garrison_regulars=10), None)
    assert indians.can_besiege
    big = answer_siege(SiegeQuestion(besieger_sp=120, garrison_regulars=51), None)
    assert big.over_fort_capacity and big.surrender_catastrophe
    assert big.major_victory == ["AaM 11.5"]


def test_siege_refuses_a_bad_force() -> None:
    with pytest.raises(ValidationError, match="garrison"):
        SiegeQuestion(besieger_sp=10)
    with pytest.raises(ValidationError, match="Indians"):
        SiegeQuestion(besieger_sp=10, besieger_indians=11, garrison_regulars=1)


# Movement and overrun (digest N2, D4)


def test_move_n2_without_the_train() -> None:
    found = answer_move(MoveQuestion(mp=(8,), force_sp=20, swamp_barred=True,
                                     step=("arrow", "river", "wilderness+same-river"),
                                     audacity=3), None)
    assert found.legal and found.allowance == 8 and found.spent == 8 and found.mp_left == 0
    assert [s.cost for s in found.steps] == [4, 2, 2]
    assert found.crossing is not None and found.crossing.fraction == "5/6"
    assert found.reach is not None and found.reach.fraction == "5/12"
    illegal = answer_move(MoveQuestion(mp=(8,), step=("arrow", "river", "wilderness")), None)
    assert not illegal.legal and "10 MP spent" in illegal.problems[0]
    assert "ILLEGAL" in _question("move").text(illegal)


def test_move_n2_with_the_train_and_the_engineer() -> None:
    found = answer_move(MoveQuestion(mp=(8, 4), step=("arrow",), engineer=True, audacity=3),
                        None)
    assert found.legal and found.mp_left == 0
    assert found.reach is not None and found.reach.fraction == "1/2"


def test_move_overrun_variant_and_tec() -> None:
    found = answer_move(MoveQuestion(mp=(8,), force_sp=20, step=("arrow", "river+enemy=3")),
                        None)
    assert found.legal and found.steps[-1].spent == 9
    assert found.steps[-1].stop is not None and "10.4.3" in found.steps[-1].stop
    with pytest.raises(AdjudicatorError, match="Terrain Effects Chart"):
        answer_move(MoveQuestion(mp=(8,), step=("clear",)), None)
    clear = answer_move(MoveQuestion(mp=(8,), step=("clear", "clear+road"),
                                     tec=("clear=1", "road=1")), None)
    assert clear.spent == 2 and clear.mp_left == 6
    leader = answer_move(MoveQuestion(lone_leader=True, step=("mountain",) * 3), None)
    assert leader.allowance == 12 and leader.legal


def test_move_refusals() -> None:
    with pytest.raises(AdjudicatorError, match="--step"):
        answer_move(MoveQuestion(mp=(8,)), None)
    with pytest.raises(ValidationError, match="unknown step word"):
        MoveQuestion(step=("forest",))
    with pytest.raises(ValidationError, match="terrain=MP"):
        MoveQuestion(step=("clear",), tec=("clear",))
    assert parse_step("swamp+road+enemy=2+fort").fort_or_city
    with pytest.raises(ValueError, match="whole number"):
        parse_step("clear+enemy=x")


def test_overrun_d4_and_n2() -> None:
    found = answer_overrun(OverrunQuestion(mover_sp=12, enemy_sp=2, mp_left=2), None)
    assert found.allowed and found.mp == 2 and found.halts is False
    assert "may go on" in _question("overrun").text(found)
    halted = answer_overrun(OverrunQuestion(mover_sp=20, enemy_sp=3, mp_left=2), None)
    assert halted.allowed and halted.halts
    refused = answer_overrun(OverrunQuestion(mover_sp=17, enemy_sp=3), None)
    assert not refused.allowed and refused.odds_drm_if_fought == 4
    assert "+4" in _question("overrun").text(refused)
    assert not answer_overrun(OverrunQuestion(mover_sp=11, enemy_sp=2), None).allowed


# Attrition (E3, E4)


def test_attrition_e3_known_result() -> None:
    found = answer_attrition(AttritionQuestion(kind="militia", area_sp=(10, 3), percent="20",
                                               mv_british=True), None)
    assert found.losses == [2, 0] and found.drm == -1
    assert "[2, 0]" in _question("attrition").text(found)


def test_attrition_through_a_column() -> None:
    column = tuple(f"{roll}={pct}" for roll, pct in ((0, 0), (1, 0), (2, 10), (3, 10),
                                                     (4, 20), (5, 30), (6, 40)))
    found = answer_attrition(AttritionQuestion(kind="militia", area_sp=(10, 3), column=column,
                                               mv_british=True), None)
    assert found.spread["2+0"].fraction == "1/6"
    # modified 0..5 read 0, 0, 10, 10, 20, 30%: 10 SP lose 0, 0, 1, 1, 2, 3; 3 SP lose 0
    assert found.expected_total is not None and found.expected_total.fraction == "7/6"
    missing = AttritionQuestion(kind="militia", area_sp=(10,), column=("4=20",))
    with pytest.raises(AdjudicatorError, match="modified roll"):
        answer_attrition(missing, None)
    loyal = answer_attrition(AttritionQuestion(kind="loyalist", area_sp=(4,), percent="50",
                                               mv_british=True), None)
    assert not loyal.rolled and loyal.losses == [0]
    enlist = answer_attrition(AttritionQuestion(kind="enlistment", area_sp=(10, 11),
                                                percent="10"), None)
    assert enlist.counted_sp == [21] and enlist.losses == [2]


def test_forage_e4() -> None:
    found = answer_attrition(AttritionQuestion(kind="forage", area_sp=(17,), home_militia=6,
                                               percent="20"), None)
    assert found.counted_sp == [11] and found.losses == [2]
    assert found.leader_sick is not None and found.leader_sick.fraction == "1/18"
    column = ("2=0", "3=0", "4=0", "5=0", "6=0", "7=0", "8=0", "9=0", "10=0", "11=10", "12=20")
    spread = answer_attrition(AttritionQuestion(kind="forage", area_sp=(10,), column=column),
                              None)
    assert spread.spread["0"].fraction == "11/12"
    assert spread.expected_total is not None and spread.expected_total.fraction == "1/9"
    with pytest.raises(AdjudicatorError, match="one --area-sp"):
        answer_attrition(AttritionQuestion(kind="forage", area_sp=(3, 4), percent="10"), None)


def test_attrition_refusals() -> None:
    with pytest.raises(AdjudicatorError, match="--percent"):
        answer_attrition(AttritionQuestion(kind="militia", area_sp=(3,)), None)
    with pytest.raises(AdjudicatorError, match="--area-sp"):
        answer_attrition(AttritionQuestion(kind="militia", percent="10"), None)
    with pytest.raises(ValidationError, match="roll=percent"):
        AttritionQuestion(kind="militia", column=("x=1",))
    assert parse_column(["0=12.5"]) == {0: 12.5}


# Activation, chances, baggage trains


def test_activation_n2() -> None:
    found = answer_activation(ActivationQuestion(audacity=3, crossing=True, month=1), None)
    assert found.activates.fraction == "1/2"
    assert found.crosses is not None and found.crosses.fraction == "5/6"
    assert found.under_way.fraction == "5/12"
    assert found.loyalist_uprising.fraction == "1/36"
    assert found.winter_attrition_rolls == 1
    assert "Winter" in _question("activation").text(found)
    summer = answer_activation(ActivationQuestion(audacity=3, month=7), None)
    assert summer.winter_attrition_rolls == 0 and summer.under_way.fraction == "1/2"


def test_chances() -> None:
    found = answer_chances(ChancesQuestion(tactical=2, surprise_drm=1), None)
    assert found.retreat_before_combat is not None
    assert found.retreat_before_combat.fraction == "1/3"
    assert found.surprise is not None and found.surprise.fraction == "1/3"
    assert found.french_sea_control.fraction == "1/3"
    assert found.new_york_ice.fraction == "1/2"
    assert found.forage_leader_dead.fraction == "1/36"
    assert found.french_stay_turns["8"].fraction == "1/6"
    assert "Surprise" in _question("chances").text(found)


def test_bt_limit_e5() -> None:
    found = answer_bt_limit(BtLimitQuestion(
        port=("New York City", "Halifax", "Philadelphia", "Quebec"), on_board=5,
        available=3), None)
    assert found.limit == 7 and found.new_trains == 2
    after = answer_bt_limit(BtLimitQuestion(port=("Y13", "C33", "Quebec", "Newport"),
                                            french_intervened=True), None)
    assert after.limit == 4 and after.new_trains is None
    assert answer_bt_limit(BtLimitQuestion(side="continental", french_intervened=True),
                           None).limit == 7
    with pytest.raises(AdjudicatorError, match="ports"):
        answer_bt_limit(BtLimitQuestion(side="continental", port=("Boston",)), None)
    assert "limit: 7" in _question("bt-limit").text(found)


# The options as the CLI reads them


def test_options_ask_the_right_questions() -> None:
    replies = answer_questions(questions(), {"enemy_sp": 2, "mover_sp": 12})
    assert len(replies) == 1 and "Overrun: yes, 2 MP" in replies[0].text
    replies = answer_questions(questions(), {"besieger_sp": 40, "garrison_regulars": 12})
    assert len(replies) == 1 and "5/12" in replies[0].text


def test_ask_reports_a_bad_option_in_one_line() -> None:
    with pytest.raises(AdjudicatorError, match="overrun needs --mover-sp"):
        ask(_question("overrun"), {"enemy_sp": 2})
    with pytest.raises(AdjudicatorError, match="--attacker-die"):
        ask(_question("casualties"), {"attacker_regulars": 3, "defender_regulars": 3,
                                      "attacker_die": 7})
    with pytest.raises(AdjudicatorError, match="SPs on both sides"):
        _question("battle").answer(ask(_question("battle"), {"attacker_regulars": 3}), None)


def _cli(*args: str, always_question: str | None = None) -> Any:
    app = typer.Typer()
    chosen = tuple(q for q in questions() if q.name == always_question) if always_question \
        else questions()
    app.command()(question_command(chosen, always=always_question is not None))
    return CliRunner().invoke(app, list(args))


def test_generated_command_answers_a_battle_in_json() -> None:
    result = _cli("--attacker-regulars", "30", "--defender-regulars", "6", "--json")
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert data["attacker_wins"]["fraction"] == "11/12"
    assert data["defender_losses"]["lost"]["fraction"] == "17/6"


def test_generated_command_for_one_question() -> None:
    result = _cli("--mp", "8", "--step", "arrow", "--step", "river", "--step",
                  "wilderness+same-river", always_question="move")
    assert result.exit_code == 0, result.output
    assert "legal, 0 MP left" in result.output


def test_generated_command_siege_and_refusal() -> None:
    result = _cli("--besieger-sp", "40", "--garrison-regulars", "12", "--json")
    assert result.exit_code == 0, result.output
    assert json.loads(result.output)["expected_besieger_loss"]["fraction"] == "19/6"
    bad = _cli("--step", "forest", always_question="move")
    assert bad.exit_code != 0 and "unknown step word" in bad.output
    nothing = _cli()
    assert nothing.exit_code != 0 and "ask about battle" in nothing.output
