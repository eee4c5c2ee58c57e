"""`adjudicator odds GAME QUESTION` is generated from the registry and each game's
questions: a command per question (and `any`), options from the question's model, bad
values one line and exit 2, and `cli/` names no game."""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any, ClassVar

import pytest
import typer.main
from pydantic import BaseModel, Field
from typer.testing import CliRunner, Result

from adjudicator.cli import AdjudicatorGroup, app
from adjudicator.systems import SYSTEMS, GameEntry, every_system
from adjudicator.systems.common.questions import AnyQuestion, Question, question_options
from tests.conftest import REPO
from tests.imports import imported_modules

GAMES = [system() for system in every_system()]


def _odds() -> Any:
    """The `odds` group, loaded."""
    root = typer.main.get_command(app)
    assert isinstance(root, AdjudicatorGroup)
    return root.load("odds")


def _run(*args: str) -> Result:
    return CliRunner().invoke(app, ["odds", *args])


@pytest.mark.parametrize("game", GAMES, ids=lambda game: game.id)
def test_every_game_gets_an_odds_command_per_question(game: Any) -> None:
    group = _odds().get_command(None, game.id)
    assert game.questions(), f"{game.id} lists no what-if question"
    assert list(group.commands) == ["any", *(q.name for q in game.questions())]


QUESTIONS = [(game.id, question) for game in GAMES for question in game.questions()]


@pytest.mark.parametrize(("game", "question"), QUESTIONS,
                         ids=[f"{game}-{question.name}" for game, question in QUESTIONS])
def test_a_questions_options_come_from_its_model(game: str, question: AnyQuestion) -> None:
    command = _odds().get_command(None, game).commands[question.name]
    params = {param.opts[0]: param for param in command.params}
    for option in question_options(question.asks):
        param = params.pop(option.flag)
        assert option.help and option.help in (param.help or ""), option.flag
        assert (getattr(param, "min", None), getattr(param, "max", None)) == (
            option.minimum, option.maximum), option.flag
        assert param.required == option.required and param.multiple == option.repeatable
    assert set(params) == {"--json", "--debug"} | (
        {"--data"} if question.reads_data else set())


BOUNDED = [(game, question.name, option.flag, option.minimum)
           for game, question in QUESTIONS for option in question_options(question.asks)
           if option.minimum is not None]


@pytest.mark.parametrize(("game", "question", "flag", "minimum"), BOUNDED,
                         ids=[f"{g}-{q}-{f}" for g, q, f, _ in BOUNDED])
def test_a_value_below_its_bound_is_a_one_line_usage_error(game: str, question: str,
                                                           flag: str, minimum: int) -> None:
    for args in ([question, flag, str(minimum - 1)], [flag, str(minimum - 1)]):
        result = _run(game, *args)
        assert result.exit_code == 2, (args, result.output)
        assert len(result.output.strip().splitlines()) == 1, result.output
        assert flag in result.output and "Traceback" not in result.output


def test_a_choice_is_checked_in_any_case_and_an_unknown_question_is_one_line() -> None:
    assert _run("wfa", "move", "--move", "LEADERLESS", "--json").exit_code == 0
    for args in (("wfa", "move", "--move", "walk"), ("ww", "duel"), ("ww", "battle"),
                 ("wfa", "--no-such-option")):
        result = _run(*args)
        assert result.exit_code == 2 and len(result.output.strip().splitlines()) == 1, args


def test_a_question_word_and_the_old_options_answer_alike() -> None:
    question = ("--attacker-cus", "5", "--attacker-rating", "4", "--defender-cus", "4")
    assert _run("ww", "battle", *question).stdout == _run("ww", *question).stdout
    assert _run("washingtons-war", "battle", *question).stdout == _run("ww", *question).stdout
    both = _run("wfa", "rounds", "--winter", "--json")
    assert json.loads(both.stdout) == json.loads(_run("wfa", "--rounds", "--winter",
                                                      "--json").stdout)


def test_the_cli_imports_no_game_package() -> None:
    games = {entry.target.partition(":")[0] for entry in SYSTEMS}
    offenders = {str(path.relative_to(REPO)): sorted(
        name for name in imported_modules(path)
        if any(name == game or name.startswith(f"{game}.") for game in games))
        for path in (REPO / "adjudicator" / "cli").rglob("*.py")}
    assert {path: names for path, names in offenders.items() if names} == {}


class Dice(BaseModel):
    dice: int = Field(ge=1, le=3, description="Dice the side rolls.")


class Duel(BaseModel):
    """Who rolls the higher die, a tie to the defender."""

    attacker: Dice = Field(description="Attacker")
    defender: Dice = Field(description="Defender")


class Won(BaseModel):
    attacker_wins: str


def _won(duel: Duel, tables: None) -> Won:
    from adjudicator.systems.common.probability import Distribution, joint, maximum

    def best(dice: int) -> Distribution[int]:
        return maximum(*(Distribution.die() for _ in range(dice)))

    chance = joint(best(duel.attacker.dice), best(duel.defender.dice),
                   lambda a, d: a > d).p(True)
    return Won(attacker_wins=f"{chance.numerator}/{chance.denominator}")


class ToyGame:
    """A made-up game whose package is only this class: one question."""

    id: ClassVar[str] = "toy"
    name: ClassVar[str] = "Toy"
    aliases: ClassVar[tuple[str, ...]] = ("toy-game",)
    module_names: ClassVar[tuple[str, ...]] = ()

    def questions(self) -> Sequence[AnyQuestion]:
        return (Question("duel", "Who rolls higher.", "Duel", Duel, _won,
                         lambda won: f"attacker wins {won.attacker_wins}", lambda paths: None,
                         asked_by=("attacker_dice",)),)


def test_a_new_game_gets_its_odds_from_its_questions_alone(
        monkeypatch: pytest.MonkeyPatch) -> None:
    toy = GameEntry("toy", ("toy-game",), (), f"{__name__}:ToyGame")  # its registry line
    monkeypatch.setattr("adjudicator.systems.SYSTEMS", (*SYSTEMS, toy))
    result = _run("toy", "duel", "--attacker-dice", "1", "--defender-dice", "1")
    assert result.exit_code == 0, result.output
    assert result.stdout == "attacker wins 5/12\n"
    data = json.loads(_run("toy-game", "--attacker-dice", "2", "--defender-dice", "1",
                           "--json").stdout)
    assert data == {"attacker_wins": "125/216"}
    bad = _run("toy", "duel", "--attacker-dice", "4", "--defender-dice", "1")
    assert bad.exit_code == 2 and "--attacker-dice" in bad.output
    assert "--defender-dice" in _run("toy", "duel", "--help").output
