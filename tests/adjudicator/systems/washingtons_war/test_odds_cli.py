"""`adjudicator odds ww`: what-if answers from the referee's calculator, as text and JSON."""

from __future__ import annotations

import json

from typer.testing import CliRunner, Result

from adjudicator.cli import app


def _run(*args: str) -> Result:
    return CliRunner().invoke(app, ["odds", "ww", *args])


def test_the_issues_example_battle_in_json() -> None:
    result = _run("--attacker-cus", "5", "--attacker-rating", "4", "--attacker-drm", "1",
                  "--defender-cus", "4", "--defender-rating", "3", "--defender-drm", "1",
                  "--json")
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    # DRM 6+{2,4} against 5+{1,3}: differences -1, 1, 1, 3 → (26+15+15+6)/144 = 29/36.
    assert data["attacker_wins"] == {"fraction": "29/36", "decimal": 0.8056}
    assert data["defender_wins"]["fraction"] == "7/36"
    assert data["attacker"]["losses"] is None, "the defending General's agility was not given"


def test_named_modifiers_add_up_and_the_losses_read_like_a_player_aid() -> None:
    result = _run("--attacker-cus", "2", "--attacker-rating", "4", "--attacker-agility", "2",
                  "--attacker-modifier", "regulars", "--attacker-modifier", "royal_navy",
                  "--defender-cus", "3", "--defender-rating", "1", "--defender-agility", "1",
                  "--british", "attacker")
    assert result.exit_code == 0, result.output
    assert "Attacker wins 7/8 (87.5%)" in result.stdout
    assert "fixed DRM +2 (regulars, royal_navy)" in result.stdout
    assert "3 CU: 7/48" in result.stdout
    assert "French Alliance" in result.stdout


def test_a_side_without_a_general_omits_its_rating() -> None:
    result = _run("--attacker-cus", "4", "--attacker-rating", "3", "--attacker-agility", "2",
                  "--attacker-drm", "1", "--defender-cus", "2", "--defender-drm", "1", "--json")
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["attacker_wins"]["fraction"] == "23/24"  # the digest's N3
    assert data["defender"]["actual_battle_rating"] == {"0": {"fraction": "1/1",
                                                              "decimal": 1.0}}


def test_interception_and_retreat_before_battle() -> None:
    result = _run("--interception", "2", "--interception", "3")
    assert result.exit_code == 0 and "at least one succeeds: 2/3" in result.stdout
    result = _run("--retreat-before-battle", "3", "--washington-or-greene", "--json")
    assert json.loads(result.stdout)["any_succeeds"]["fraction"] == "5/6"


def test_bad_questions_are_one_line_and_exit_2() -> None:
    for args in (("--attacker-cus", "2"), (), ("--attacker-cus", "2", "--defender-cus", "2",
                                              "--defender-modifier", "regulars",
                                              "--british", "attacker"),
                 ("--attacker-cus", "2", "--defender-cus", "2", "--attacker-modifier", "x")):
        result = _run(*args)
        assert result.exit_code == 2, args
        assert "Traceback" not in result.output
    other = CliRunner().invoke(app, ["odds", "chess", "--interception", "2"])
    assert other.exit_code == 2 and "unknown game" in other.output
