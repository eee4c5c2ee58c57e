"""What-if questions as typed models: options read from the model (sides declared once,
used twice), values built back into it, and which questions options ask."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Annotated, Literal

import pytest
from pydantic import BaseModel, Field

from adjudicator.errors import AdjudicatorError
from adjudicator.systems.common.questions import (
    Question,
    answer_questions,
    ask,
    is_asked,
    nothing_asked,
    question_options,
)


class Side(BaseModel):
    """A side of the toy question."""

    dice: int = Field(ge=1, le=6, description="Dice the side rolls.")
    bonus: int = Field(0, description="Added to the side's best die.")


class Duel(BaseModel):
    """Who rolls higher."""

    attacker: Side = Field(description="Attacker")
    defender: Side = Field(description="Defender")
    ground: Literal["open", "hill"] = Field("open", description="Where.")
    targets: tuple[Annotated[int, Field(ge=2)], ...] = Field(
        (), json_schema_extra={"metavar": "PIP"}, description="Rolls to beat.")


class Count(BaseModel):
    attacker_dice: int = Field(description="Dice.")


class Said(BaseModel):
    said: str


def _tables(paths: Sequence[Path]) -> str:
    return "tables"


def _duel(asked: Duel, tables: str) -> Said:
    return Said(said=f"{asked.attacker.dice}v{asked.defender.dice} on {asked.ground} "
                f"({tables})")


DUEL = Question("duel", "Who rolls higher.", "Duel", Duel, _duel, lambda s: s.said, _tables,
                asked_by=("attacker_dice", "defender_dice"))
FLAGGED = Question("count", "A count.", "Count", Count,
                   lambda asked, tables: Said(said=str(asked.attacker_dice)),
                   lambda s: s.said, _tables, flag="count")


def test_a_side_is_declared_once_and_its_options_used_for_both_sides() -> None:
    options = {option.name: option for option in question_options(Duel)}
    assert list(options) == ["attacker_dice", "attacker_bonus", "defender_dice",
                             "defender_bonus", "ground", "targets"]
    dice = options["defender_dice"]
    assert (dice.flag, dice.path, dice.panel) == ("--defender-dice", ("defender", "dice"),
                                                  "Defender")
    assert (dice.minimum, dice.maximum, dice.required) == (1, 6, True)
    assert dice.help == "Dice the side rolls."


def test_choices_bounds_of_items_and_metavars_come_from_the_types() -> None:
    options = {option.name: option for option in question_options(Duel)}
    assert options["ground"].choices == ("open", "hill")
    assert options["ground"].default == "open"
    targets = options["targets"]
    assert targets.repeatable and targets.minimum == 2 and targets.metavar == "PIP"


def test_values_are_built_back_into_the_model_by_their_paths() -> None:
    asked = ask(DUEL, {"attacker_dice": 2, "defender_dice": 1, "attacker_bonus": 1,
                       "ground": "hill", "targets": [3, 4]})
    assert asked == Duel(attacker=Side(dice=2, bonus=1), defender=Side(dice=1),
                         ground="hill", targets=(3, 4))


@pytest.mark.parametrize(("values", "message"), [
    ({"attacker_dice": 2}, "duel needs --defender-dice"),
    ({"attacker_dice": 2, "defender_dice": 9}, "--defender-dice: input should be less"),
    ({"attacker_dice": 2, "defender_dice": 1, "targets": [1]},
     "--targets: input should be greater"),
])
def test_a_bad_value_is_one_line_naming_the_option(values: dict[str, object],
                                                    message: str) -> None:
    with pytest.raises(AdjudicatorError, match=message) as error:
        ask(DUEL, values)
    assert "\n" not in str(error.value)


def test_a_question_is_asked_by_its_options_or_its_flag() -> None:
    assert not is_asked(DUEL, {"attacker_bonus": 3})
    assert is_asked(DUEL, {"defender_dice": 1})
    assert not is_asked(FLAGGED, {"attacker_dice": 1})
    assert is_asked(FLAGGED, {"count": True})
    assert nothing_asked((DUEL, FLAGGED)) == (
        "ask about duel (--attacker-dice or --defender-dice), count (--count)")


def test_the_questions_asked_are_answered_in_order_with_the_tables_loaded_once() -> None:
    loads: list[Sequence[Path]] = []

    def tables(paths: Sequence[Path]) -> str:
        loads.append(paths)
        return "mine"

    duel = Question("duel", "", "", Duel, _duel, lambda s: s.said, tables,
                    asked_by=("attacker_dice",))
    count = Question("count", "", "", Count,
                     lambda asked, tables: Said(said=f"{asked.attacker_dice} {tables}"),
                     lambda s: s.said, tables, flag="count")
    replies = answer_questions((duel, count), {"attacker_dice": 3, "defender_dice": 2,
                                               "count": True})
    assert [reply.text for reply in replies] == ["3v2 on open (mine)", "3 mine"]
    assert replies[0].data == {"said": "3v2 on open (mine)"} and len(loads) == 1
    with pytest.raises(AdjudicatorError, match="ask about duel"):
        answer_questions((duel,), {})
