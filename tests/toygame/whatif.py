"""Skirmish's what-if question: the odds of a battle (Toy 5.1)."""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from pathlib import Path

from pydantic import BaseModel, Field

from adjudicator.systems.common.probability import Distribution, joint
from adjudicator.systems.common.questions import AnyQuestion, Question


class Side(BaseModel):
    """One side of a battle."""

    strength: int = Field(ge=1, le=6, description="the side's strength (Toy 5.1)")


class Battle(BaseModel):
    """A battle: each side rolls 1d6 plus its strength, the defender wins ties."""

    attacker: Side = Field(description="Attacker")
    defender: Side = Field(description="Defender")


class BattleOdds(BaseModel):
    """Who wins, exactly."""

    attacker_wins: str
    defender_wins: str


def attacker_wins(attacker: int, defender: int) -> Fraction:
    """The chance the attacker's 1d6 + strength beats the defender's (Toy 5.1)."""
    return joint(Distribution.die().map(lambda d: d + attacker),
                 Distribution.die().map(lambda d: d + defender), lambda a, d: a > d).p(True)


def answer(battle: Battle, tables: None) -> BattleOdds:
    """The exact odds of one battle."""
    won = attacker_wins(battle.attacker.strength, battle.defender.strength)
    return BattleOdds(attacker_wins=str(won), defender_wins=str(1 - won))


def questions() -> tuple[AnyQuestion, ...]:
    """The questions of `adjudicator odds toy`."""
    return (Question("battle", "Exact odds of a battle (Toy 5.1).", "Battle", Battle, answer,
                     lambda odds: f"attacker wins {odds.attacker_wins}, defender wins "
                                  f"{odds.defender_wins}", _no_tables,
                     asked_by=("attacker_strength", "defender_strength")),)


def _no_tables(paths: Sequence[Path]) -> None:
    return None
