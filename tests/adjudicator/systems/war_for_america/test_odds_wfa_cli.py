"""`adjudicator odds wfa`: battle, siege, fleet, movement and retreat questions as text and
JSON with exact fractions; bad questions are one line and exit 2."""

from __future__ import annotations

import json
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner, Result

from adjudicator.cli import app
from adjudicator.systems.war_for_america.data.tables import WfATables
from tests.conftest import REPO

W1 = ("--attacker-sp", "14", "--attacker-stars", "3", "--attacker-rating", "B",
      "--attacker-army", "--attacker-second-rating", "C", "--defender-sp", "13",
      "--defender-stars", "1", "--defender-rating", "c", "--entrenchment")


def _run(*args: str) -> Result:
    return CliRunner().invoke(app, ["odds", "wfa", *args])


def _json(*args: str) -> Any:
    result = _run(*args, "--json")
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)


def test_w1_without_a_battle_table_gives_odds_columns_and_modifiers() -> None:
    data = _json(*W1)
    assert data["odds"] == "2:1" and data["attack_allowed"] and not data["overrun"]
    assert data["defender"]["effective_sp"] == 7 and data["attacker"]["drm"] == 2
    assert data["defender"]["drm"] == 1 and data["attacker_wins"] is None
    assert data["attacker"]["modified_roll"]["14"] == {"fraction": "1/36", "decimal": 0.0278}
    assert data["defender"]["table"] == "standard"


def test_w1_with_the_synthetic_battle_table(monkeypatch: pytest.MonkeyPatch,
                                            with_battle: WfATables) -> None:
    monkeypatch.setattr("adjudicator.systems.war_for_america.whatif.odds_tables",
                        lambda paths: with_battle)
    data = _json(*W1)
    assert data["attacker_wins"] == {"fraction": "65/144", "decimal": 0.4514}
    assert data["defender_wins"]["fraction"] == "37/144"
    assert data["tie_attacker_retreats"]["fraction"] == "7/24"
    assert data["defender"]["expected_loss"]["fraction"] == "4/9"
    assert data["attacker"]["expected_loss"]["fraction"] == "5/18"
    assert data["defender"]["column"] == "3-7"
    assert data["other_reading"]["attacker_wins"]["fraction"] == "97/216"
    assert "digest A-12" in data["other_reading"]["reading"]
    text = _run(*W1).stdout
    assert "Attacker wins 65/144 (45.1%)" in text and "column 3-7" in text


def test_x2_fort_doubles_two_sp() -> None:
    data = _json("--attacker-sp", "10", "--attacker-stars", "2", "--defender-sp", "2",
                 "--ground", "fort")
    assert data["defender"]["effective_sp"] == 4 and data["odds"] == "2:1"
    assert data["defender"]["table"] == "standard", "the '3-7' table (WfA 13.0 Step 6)"
    overrun = _json("--attacker-sp", "10", "--attacker-stars", "2", "--defender-sp", "1")
    assert overrun["overrun"] and overrun["defender"]["table"] == "petite guerre"


def test_w4_siege_and_w5_fleet_in_json() -> None:
    siege = _json("--siege-threshold", "12", "--mortar", "--siege-rolls", "2")
    assert siege["per_roll"]["fraction"] == "5/12"
    assert siege["within"]["2"] == {"fraction": "95/144", "decimal": 0.6597}
    fleet = _json("--fleet-attacker", "6", "--fleet-defender", "4", "--fleet-wins-on", "10")
    assert fleet["outcomes"]["defender_to_trt"]["fraction"] == "35/108"
    assert fleet["other_outcomes"]["defender_to_trt"]["fraction"] == "175/432"
    assert "digest A-13" in fleet["reading"] and fleet["combined_fleet_adds"]["fraction"] == "1/6"


def test_w3_movement_and_w8_retreat() -> None:
    move = _json("--move", "leader", "--command", "4", "--washington")
    assert move["activation"]["fraction"] == "7/9"
    leaderless = _json("--move", "leaderless", "--path-cost", "1", "--path-cost", "2")
    assert leaderless["expected"]["fraction"] == "2/1"
    assert leaderless["path"]["legal"]["fraction"] == "1/3", "3 MP or more: 1/6 + 1/6"
    assert _json("--retreat-command", "4", "--retreat-army")["succeeds"]["fraction"] == "5/6"


def test_several_questions_answer_as_a_list_and_as_paragraphs() -> None:
    both = _json("--move", "leaderless", "--retreat-no-leader")
    assert isinstance(both, list) and both[1]["succeeds"]["fraction"] == "1/3"
    text = _run("--move", "leaderless", "--retreat-no-leader").stdout
    assert "\n\n" in text and "Retreat before combat" in text


@pytest.mark.parametrize("args", [
    (), ("--defender-sp", "3"),
    ("--attacker-sp", "3", "--defender-sp", "1", "--ground", "swamp"),
    ("--attacker-sp", "3", "--defender-sp", "1", "--attacker-rating", "E"),
    ("--attacker-sp", "11", "--attacker-stars", "2", "--defender-sp", "3"),
    ("--attacker-sp", "3", "--defender-sp", "3", "--attacker-modifier", "x"),
    ("--siege",), ("--fleet-attacker", "3"), ("--move", "leader"), ("--move", "walk"),
])
def test_bad_questions_are_one_line_and_exit_2(args: tuple[str, ...]) -> None:
    result = _run(*args)
    assert result.exit_code == 2, (args, result.output)
    assert "Traceback" not in result.output and len(result.output.strip().splitlines()) == 1


def test_odds_below_1_to_3_are_an_answer_not_an_error() -> None:
    result = _run("--attacker-sp", "1", "--defender-sp", "4")
    assert result.exit_code == 0 and "Odds 1:4 (below 1:3: attack cancelled)" in result.stdout


def test_the_game_is_found_by_alias_in_the_group() -> None:
    result = CliRunner().invoke(app, ["odds", "chess"])
    assert result.exit_code == 2 and "unknown game" in result.output and "wfa" in result.output


FIXTURE_DATA = REPO / "fixtures" / "war-for-america" / "data" / "fixture.toml"
"""The made-up fixture data, whose battle, siege and fleet tables are not game data."""


def test_user_tables_from_a_data_file() -> None:
    data = ("--data", str(FIXTURE_DATA))
    siege = _json(*data, "--siege", "--mortar")
    assert siege["table"] == "Siege Table (user data)"
    assert siege["per_roll"]["fraction"] == "13/18", "fixture: surrender on 10+, +4: G(6)"
    fleet = _json(*data, "--fleet-attacker", "4", "--fleet-defender", "4", "--in-port")
    assert fleet["outcomes"]["defender_to_trt"]["fraction"] == "1/6", "9+ with -1: G(10)"
    battle = _json(*data, *W1)
    total = sum(Fraction(battle[key]["fraction"]) for key in (
        "attacker_wins", "defender_wins", "tie_attacker_retreats"))
    assert total == 1 and battle["defender"]["column"] == "3-7"


def test_a_bad_data_file_is_one_line(tmp_path: Path) -> None:
    bad = tmp_path / "bad.toml"
    bad.write_text("[tables.siege]\nrows = [{result = 'maybe'}]\nsource = 'x'\n",
                   encoding="utf-8")
    result = _run("--data", str(bad), "--siege")
    assert result.exit_code == 2 and "bad.toml" in result.output
    assert "Traceback" not in result.output


def test_x7_x8_winter_w7_rounds_and_w8_lake() -> None:
    winter = _json("--attrition-sp", "12", "--attrition-fraction", "2/3", "--quarter-sp", "9",
                   "--quarter-space", "circle")
    assert winter["attrition_lost"] == 8 and winter["quartering_lost"] == 2
    assert _json("--quarter-sp", "14", "--quarter-space", "key_coastal",
                 "--shared-space")["quartering_lost"] == 2
    rounds = _json("--rounds")
    assert rounds["rounds"]["4"]["fraction"] == "125/216"
    assert _json("--rounds", "--winter")["rounds"]["2"]["fraction"] == "5/6"
    lake = _json("--lake-british", "1")
    assert lake["british_wins"]["fraction"] == "21/31"
    for bad in (("--attrition-sp", "12"), ("--attrition-sp", "12", "--attrition-fraction", "x"),
                ("--attrition-sp", "12", "--attrition-fraction", "9/10"),
                ("--quarter-sp", "3", "--quarter-space", "hut")):
        result = _run(*bad)
        assert result.exit_code == 2 and len(result.output.strip().splitlines()) == 1, bad
