"""What-if questions for `adjudicator odds ww`: a battle's odds, interception and retreat
before battle, answered by the same calculator the referee uses (`odds`) and worded like a
player aid. `questions()` lists them (`adjudicator.systems.common.questions`).

Named modifiers are read from table T4 as the data transcribes it (`regulars` +1 British,
`royal_navy` +1 British, `militia` +1, `winter_offensive` +2 American, `battle_card` +2,
`event_discard` +1, `interception` +1 American); a modifier of the wrong nationality for the
side named British or American is refused.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field

from adjudicator.errors import AdjudicatorError
from adjudicator.systems.common.probability import Distribution
from adjudicator.systems.common.questions import AnyQuestion, Chance, Question
from adjudicator.systems.washingtons_war.data import bundled_data
from adjudicator.systems.washingtons_war.data.tables import Tables
from adjudicator.systems.washingtons_war.odds import (
    BattleSide,
    agility_chance,
    alliance_odds,
    any_succeeds,
    battle_odds,
)

_MODEL = ConfigDict(frozen=True, extra="forbid")


class BattleSideQuestion(BaseModel):
    """One side of a battle as asked: its CUs, General and fixed modifiers."""

    model_config = _MODEL
    cus: int = Field(ge=0, description="The side's CUs in the battle.")
    rating: int | None = Field(None, ge=0, description="Its General's Potential Battle "
                               "Rating (omit: no General).")
    agility: int | None = Field(None, ge=1, description="Its General's Agility (sets the "
                                "other side's losses if this side wins).")
    drm: int = Field(0, description="Sum of the side's fixed modifiers (T4).")
    modifier: tuple[str, ...] = Field((), description="A named T4 modifier added to the "
                                      "side's DRM (repeatable): regulars, royal_navy, "
                                      "militia, winter_offensive, battle_card, "
                                      "event_discard, interception.")


class BattleQuestion(BaseModel):
    """The odds of a battle (WW 9). Fractions are exact; decimals are rounded. For
    example:

    ```
    adjudicator odds ww battle --attacker-cus 5 --attacker-rating 4 --attacker-drm 1
        --defender-cus 4 --defender-rating 3 --defender-drm 1
    ```
    """

    model_config = _MODEL
    attacker: BattleSideQuestion = Field(description="Attacker")
    defender: BattleSideQuestion = Field(description="Defender")
    british: Literal["attacker", "defender"] | None = Field(
        None, description="Which side is British: checks the modifiers' nationality and "
        "adds the French Alliance effects.")
    no_regulars: bool = Field(False, description="The British Regulars' Advantage is "
                              "already lost.")


class InterceptionQuestion(BaseModel):
    """Interception attempts into one space (WW 7.8)."""

    model_config = _MODEL
    interception: tuple[Annotated[int, Field(ge=0)], ...] = Field(
        min_length=1, json_schema_extra={"metavar": "AGILITY"},
        description="An interceptor's Agility (repeatable: several try into one space).")


class RetreatQuestion(BaseModel):
    """A retreat before battle (WW 7.9)."""

    model_config = _MODEL
    retreat_before_battle: int = Field(ge=0, json_schema_extra={"metavar": "AGILITY"}, description=(
        "The Agility of a General retreating before battle."))
    washington_or_greene: bool = Field(False, description="The retreating General is "
                                       "Washington or Greene (+2, WW 7.9.A).")


class Losses(BaseModel):
    """A side's CU losses: the chance of each count, and the expectation."""

    model_config = _MODEL
    distribution: dict[str, Chance]
    expected: Chance

    @classmethod
    def of(cls, lost: Distribution[int]) -> Losses:
        """From an exact distribution of CUs lost."""
        return cls(distribution={str(n): Chance.of(p) for n, p in lost.items()},
                   expected=Chance.of(lost.expectation()))


class SideAnswer(BaseModel):
    """One side as asked: its CUs, General, modifiers and the DRM they add up to."""

    model_config = _MODEL
    cus: int
    rating: int | None
    agility: int | None
    modifiers: list[str]
    fixed_drm: int
    actual_battle_rating: dict[str, Chance]
    losses: Losses | None
    """None: the winner's losses depend on the losing General's Agility, not given."""


class BattleAnswer(BaseModel):
    """`adjudicator odds ww` for a battle."""

    model_config = _MODEL
    attacker: SideAnswer
    defender: SideAnswer
    attacker_wins: Chance
    defender_wins: Chance
    french_alliance_advance: Chance | None = None
    """Expected spaces the French Alliance track advances (British side named)."""
    regulars_lost: Chance | None = None


class AttemptAnswer(BaseModel):
    """Interception or retreat before battle: each attempt's chance, and of any success."""

    model_config = _MODEL
    attempt: str
    agilities: list[int]
    each: list[Chance]
    any_succeeds: Chance


def fixed_drm(tables: Tables, base: int, modifiers: Sequence[str], *,
              nationality: str | None) -> int:
    """A side's fixed DRM: `base` plus the named T4 modifiers.

    Raises:
        AdjudicatorError: an unknown modifier, one that is not fixed, or one of the other
            nationality.
    """
    known = {m.id: m for m in tables.t4.modifiers if m.drm is not None}
    total = base
    for name in modifiers:
        modifier = known.get(name)
        if modifier is None:
            raise AdjudicatorError(f"unknown modifier {name!r}; known: {', '.join(known)}")
        if nationality is not None and modifier.applies_to not in ("either", nationality):
            raise AdjudicatorError(f"{name} applies to the {modifier.applies_to} side only "
                                   f"({modifier.source})")
        total += modifier.drm or 0
    return total


def odds_tables(data_files: Sequence[Path] = ()) -> Tables:
    """The rulebook's tables (WW's odds take no data files)."""
    return bundled_data().tables


def answer_battle(question: BattleQuestion, tables: Tables) -> BattleAnswer:
    """The odds of a battle as asked, with the French Alliance effects when `british`
    names the British side, whose modifiers are checked against its nationality.

    Raises:
        AdjudicatorError: an unknown modifier, or one of the other nationality.
    """
    british = question.british
    nations = {"attacker": "BR", "defender": "AM"} if british == "attacker" else (
        {"attacker": "AM", "defender": "BR"} if british == "defender" else {})
    a, d = question.attacker, question.defender
    attacker = BattleSide(a.cus, a.rating, a.agility, fixed_drm(
        tables, a.drm, a.modifier, nationality=nations.get("attacker")))
    defender = BattleSide(d.cus, d.rating, d.agility, fixed_drm(
        tables, d.drm, d.modifier, nationality=nations.get("defender")))
    odds = battle_odds(attacker, defender, tables)
    answer = BattleAnswer(
        attacker=_side(attacker, a.modifier, odds.attacker_abr, odds.attacker_losses),
        defender=_side(defender, d.modifier, odds.defender_abr, odds.defender_losses),
        attacker_wins=Chance.of(odds.attacker_wins),
        defender_wins=Chance.of(odds.defender_wins))
    if british is None:
        return answer
    side = attacker if british == "attacker" else defender
    alliance = alliance_odds(odds, side, british_attack=british == "attacker",
                             regulars=not question.no_regulars)
    return answer.model_copy(update={
        "french_alliance_advance": Chance.of(alliance.expected_advance),
        "regulars_lost": Chance.of(alliance.regulars_lost)})


def _side(side: BattleSide, modifiers: Sequence[str], abr: Distribution[int],
          losses: Distribution[int] | None) -> SideAnswer:
    return SideAnswer(cus=side.cus, rating=side.rating, agility=side.agility,
                      modifiers=list(modifiers), fixed_drm=side.drm,
                      actual_battle_rating={str(v): Chance.of(p) for v, p in abr.items()},
                      losses=Losses.of(losses) if losses is not None else None)


def answer_attempts(tables: Tables, agilities: Sequence[int], *, attempt: str,
                    general: str | None = None) -> AttemptAnswer:
    """One or several interception (or retreat-before-battle) attempts."""
    each = [agility_chance(a, tables.t7, attempt=attempt, general=general) for a in agilities]
    return AttemptAnswer(attempt=attempt, agilities=list(agilities),
                         each=[Chance.of(c) for c in each],
                         any_succeeds=Chance.of(any_succeeds(each)))


def answer_interception(question: InterceptionQuestion, tables: Tables) -> AttemptAnswer:
    """Each interception attempt's chance, and that at least one succeeds (WW 7.8)."""
    return answer_attempts(tables, question.interception, attempt="interception")


def answer_retreat(question: RetreatQuestion, tables: Tables) -> AttemptAnswer:
    """A retreat before battle's chance (WW 7.9)."""
    general = "washington" if question.washington_or_greene else None
    return answer_attempts(tables, [question.retreat_before_battle],
                           attempt="retreat_before_battle", general=general)


def battle_text(answer: BattleAnswer) -> str:
    """The battle's odds, worded like a player aid."""
    lines = [f"Attacker wins {answer.attacker_wins} · defender wins {answer.defender_wins}"
             " (ties go to the attacker, WW 9.2 Step 4)"]
    for name, side in (("Attacker", answer.attacker), ("Defender", answer.defender)):
        general = (f"General rated {side.rating}" if side.rating is not None
                   else "no General")
        mods = f" ({', '.join(side.modifiers)})" if side.modifiers else ""
        ratings = ", ".join(f"+{value}" if chance.fraction == "1/1" else f"+{value} {chance}"
                            for value, chance in side.actual_battle_rating.items())
        lines.append(f"{name}: {side.cus} CUs, {general}; fixed DRM +{side.fixed_drm}{mods}; "
                     f"battle rating {ratings}")
        if side.losses is None:
            lines.append("  losses: unknown as winner (give the other side's --*-agility)")
        else:
            spread = " · ".join(f"{n} CU: {chance}"
                                for n, chance in side.losses.distribution.items())
            lines.append(f"  losses: {spread}; expected {side.losses.expected.decimal:.2f}")
    if answer.french_alliance_advance is not None and answer.regulars_lost is not None:
        lines.append(f"French Alliance: expected advance "
                     f"{answer.french_alliance_advance.decimal:.2f} spaces; Regulars lost "
                     f"{answer.regulars_lost}")
    return "\n".join(lines)


def attempts_text(answer: AttemptAnswer) -> str:
    """Attempts, one line each, then the chance that at least one succeeds."""
    what = answer.attempt.replace("_", " ")
    lines = [f"{what}, agility {agility}: {chance}"
             for agility, chance in zip(answer.agilities, answer.each, strict=True)]
    if len(answer.each) > 1:
        lines.append(f"at least one succeeds: {answer.any_succeeds}")
    return "\n".join(lines)


def questions() -> tuple[AnyQuestion, ...]:
    """The what-if questions of `adjudicator odds ww`, in the order a command without a
    question word answers them."""
    return (
        Question("interception", "The chance of each interception attempt, and that one "
                 "succeeds (WW 7.8).", "Interception", InterceptionQuestion,
                 answer_interception, attempts_text, odds_tables, asked_by=("interception",)),
        Question("retreat", "The chance a retreat before battle succeeds (WW 7.9).",
                 "Retreat before battle", RetreatQuestion, answer_retreat, attempts_text,
                 odds_tables, asked_by=("retreat_before_battle",)),
        Question("battle", "Exact odds of a battle: who wins, the losses, the French "
                 "Alliance (WW 9).", "Battle", BattleQuestion, answer_battle, battle_text,
                 odds_tables, asked_by=("attacker_cus", "defender_cus")),
    )
