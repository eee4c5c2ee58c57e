"""What-if questions for `adjudicator odds aam`, answered by the calculators in
`combat`, `movement`, `siege` and `attrition`, as pydantic models (JSON) and as
player-aid text.

Questions: a battle's odds DRM, winner odds and casualties (AaM 11.2-11.5; `battle`), one
casualty roll's result or its full spread (AaM 11.2.4-11.2.7; `casualties`), a siege's
ratio, timeline and final assault (AaM 4.2-4.7; `siege`), a path's MPs (AaM 10.1-10.6;
`move`), the overrun test (AaM 10.4; `overrun`), the attrition percentages (AaM 5;
`attrition`), activation and crossing (AaM 8.1, 8.3.4, 10.1.4, 10.9; `activation`), the
other single-die chances (`chances`) and the baggage-train limit (AaM 6.3; `bt-limit`).

Every chance is exact: an answer's `fraction` is "p/q" and `decimal` its rounded value.
The Player's Aid Card is not in the rulebook: its DRMs, Terrain Effects Chart costs and
attrition percentages are asked (net DRMs, `--tec`, `--column`/`--percent`), never
assumed, so no `--data` is read. Bad input raises `AdjudicatorError` (one line).
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from pathlib import Path
from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator

from adjudicator.errors import AdjudicatorError
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
    philadelphia_repulse_chance,
    surprise_chance,
    tactical_chance,
    winter,
)
from adjudicator.systems.almost_a_miracle.combat import (
    CasualtyResult,
    CasualtySide,
    OddsReading,
    Side,
    SideLoss,
    battle_winner,
    casualties,
    casualty_result,
    catastrophe,
    expected_losses,
    major_victory,
    odds_drm,
    surprise_rolled,
)
from adjudicator.systems.almost_a_miracle.movement import (
    Force,
    Step,
    Terrain,
    crossing_chance,
    overrun,
    path_cost,
)
from adjudicator.systems.almost_a_miracle.siege import (
    FORT_CAPACITY,
    PerTen,
    Place,
    break_loss,
    can_besiege,
    final_assault,
    siege_ratio,
    siege_timeline,
    surrender_loss,
)
from adjudicator.systems.common.probability import Distribution
from adjudicator.systems.common.questions import AnyQuestion, Chance, Question, refused, spread

_MODEL = ConfigDict(frozen=True, extra="forbid")
_SP = 1000
"""A bound on SP options (the largest set-up force is under 200 SPs)."""
_DRM = 20
"""A bound on net DRM options."""


def _no_tables(paths: Sequence[Path]) -> None:
    """No tables: every number these questions use is in the rulebook or asked."""
    return None


def _shown(chance: Chance) -> str:
    """A chance for text: its fraction when short, else its decimal (exact in JSON)."""
    if len(chance.fraction) <= 24:
        return str(chance)
    return f"{chance.decimal:.2%} (exact fraction in --json)"


def _mean(value: Chance) -> str:
    """An expectation for text: its fraction and decimal (no percent sign)."""
    if len(value.fraction) <= 24:
        return f"{value.fraction} (≈{value.decimal:.3f})"
    return f"≈{value.decimal:.3f} (exact fraction in --json)"


# A side of a battle


class SideQuestion(BaseModel):
    """One side of a battle: SPs by kind and its net DRMs from the PAC."""

    model_config = _MODEL
    regulars: int = Field(0, ge=0, le=_SP, description="Regular SPs, infantry and cavalry "
                          "(AaM 1.2).")
    militia: int = Field(0, ge=0, le=_SP, description="Militia SPs, Continental or Loyalist "
                         "(AaM 1.2).")
    indians: int = Field(0, ge=0, le=_SP, description="Indian SPs (they stand in for militia "
                         "in the casualty split, AaM 11.2.6; 3+ make a Major Victory, "
                         "11.5.1).")
    drm: int = Field(0, ge=-_DRM, le=_DRM, description="Its Battle Winner DRMs besides the "
                     "odds (PAC: leaders, bayonets, surprise, professional army, militia -1, "
                     "Wilderness; AaM 10.6.1b, 11.2, 16.1).")
    casualty_drm: int = Field(0, ge=-_DRM, le=_DRM, description="Its Casualty DRMs (PAC, "
                              "AaM 11.2.4).")

    @property
    def sp(self) -> int:
        """Every SP of the side."""
        return self.regulars + self.militia + self.indians

    def casualty_side(self) -> CasualtySide:
        """The side as the casualty roll counts it."""
        return CasualtySide(self.regulars, self.militia + self.indians, self.casualty_drm)


def _need_both(attacker: SideQuestion, defender: SideQuestion) -> None:
    if attacker.sp < 1 or defender.sp < 1:
        raise AdjudicatorError("a battle needs SPs on both sides (--attacker-regulars, "
                               "--defender-regulars, ...)")


class SideLossAnswer(BaseModel):
    model_config = _MODEL
    lost: Chance
    regulars: Chance
    militia: Chance
    prisoners: Chance
    leader_lost: Chance
    loss_spread: dict[str, Chance]


def _side_losses(results: Distribution[CasualtyResult], side: Side) -> SideLossAnswer:
    expected = expected_losses(results, side)

    def lost(result: CasualtyResult) -> int:
        return (result.attacker if side is Side.ATTACKER else result.defender).lost
    return SideLossAnswer(lost=Chance.of(expected.lost), regulars=Chance.of(expected.regulars),
                          militia=Chance.of(expected.militia),
                          prisoners=Chance.of(expected.prisoners),
                          leader_lost=Chance.of(expected.leader),
                          loss_spread=spread(results.map(lost)))


# Battle (AaM 11.2-11.5; digest 6.1-6.3)


class BattleQuestion(BaseModel):
    """A battle's odds DRM, winner odds, casualties, Major Victory and Catastrophe
    (AaM 11.2-11.5).

    For example (digest N1: 30 British regulars attack 6 Continental regulars):

    ```
    adjudicator odds aam battle --attacker-regulars 30 --defender-regulars 6
    ```
    """

    model_config = _MODEL
    attacker: SideQuestion = Field(default_factory=SideQuestion, description="Attacker")
    defender: SideQuestion = Field(default_factory=SideQuestion, description="Defender")
    odds: Literal["floor", "ceil"] = Field("floor", description="Rounding of a defender's "
                                           "odds: floor (the literal 'down') or ceil ('in "
                                           "favor of the defender'), A48.")
    catastrophe: bool = Field(False, description="A Catastrophe condition applies: the tie "
                              "rule's exception (AaM 11.2.3, 11.5.4).")
    catastrophe_tie: Literal["defender", "attacker", "undecided"] = Field(
        "defender", description="Who wins a tie under a Catastrophe (unstated, A58).")
    uncapped: bool = Field(False, description="Do not cap losses at the SPs present (A50).")


class BattleAnswer(BaseModel):
    model_config = _MODEL
    odds_ratio: str
    odds_reading: str
    attacker_odds_drm: int
    defender_odds_drm: int
    net_drm: int
    attacker_wins: Chance
    defender_wins: Chance
    tie: Chance
    tie_goes_to: str
    attacker_losses: SideLossAnswer
    defender_losses: SideLossAnswer
    surprise_rolled: bool
    major_victory: list[str]
    catastrophe_if_lost: dict[str, list[str]]
    citations: list[str]


def answer_battle(q: BattleQuestion, tables: None) -> BattleAnswer:
    """The winner roll with the odds DRM, the casualty roll, and what the sizes make of the
    result (AaM 11.2.2-11.2.7, 11.5; digest 6.1-6.3)."""
    _need_both(q.attacker, q.defender)
    drm = odds_drm(q.attacker.sp, q.defender.sp, OddsReading(q.odds))
    net = q.attacker.drm + drm.attacker - q.defender.drm - drm.defender
    tie_to = None if q.catastrophe_tie == "undecided" else Side(q.catastrophe_tie)
    winner = battle_winner(net, catastrophe=q.catastrophe, catastrophe_tie=tie_to)
    results = casualties(q.attacker.casualty_side(), q.defender.casualty_side(),
                         cap=not q.uncapped)
    ratio = (f"{drm.ratio}:1" if drm.defender == 0 else f"1:{drm.ratio}")
    mv = list(major_victory(q.attacker.sp, q.defender.sp, attacker_indians=q.attacker.indians,
                            defender_indians=q.defender.indians))
    doom = {side: list(catastrophe(loser_sp=loser.sp, major_victory_against=bool(mv)))
            for side, loser in (("attacker", q.attacker), ("defender", q.defender))}
    return BattleAnswer(
        odds_ratio=ratio, odds_reading=q.odds, attacker_odds_drm=drm.attacker,
        defender_odds_drm=drm.defender, net_drm=net,
        attacker_wins=Chance.of(winner.attacker_wins),
        defender_wins=Chance.of(winner.defender_wins), tie=Chance.of(winner.tie),
        tie_goes_to=winner.tie_goes_to.value if winner.tie_goes_to else "undecided",
        attacker_losses=_side_losses(results, Side.ATTACKER),
        defender_losses=_side_losses(results, Side.DEFENDER),
        surprise_rolled=surprise_rolled(q.attacker.sp, q.defender.sp), major_victory=mv,
        catastrophe_if_lost={side: found for side, found in doom.items() if found},
        citations=["AaM 11.2.3", "AaM 11.2.4", "AaM 11.2.6", "AaM 11.2.7", "AaM 11.5",
                   "AaM 11.5.4"])


def _losses_line(name: str, side: SideLossAnswer) -> str:
    return (f"{name} loses {_mean(side.lost)} SP on average, {_mean(side.prisoners)} "
            f"prisoners; leader lost {side.leader_lost}")


def battle_text(answer: BattleAnswer) -> str:
    """The battle as a player aid."""
    drm = (f"attacker +{answer.attacker_odds_drm}" if answer.attacker_odds_drm
           else f"defender +{answer.defender_odds_drm}")
    lines = [f"Odds {answer.odds_ratio} ({answer.odds_reading}): {drm}; net DRM "
             f"{answer.net_drm:+d}",
             f"Attacker wins {_shown(answer.attacker_wins)}, defender wins "
             f"{_shown(answer.defender_wins)} (tie {answer.tie} to {answer.tie_goes_to})",
             _losses_line("Attacker", answer.attacker_losses),
             _losses_line("Defender", answer.defender_losses),
             f"Surprise rolled: {'yes' if answer.surprise_rolled else 'no'} (AaM 11.2.2); "
             f"Major Victory: {', '.join(answer.major_victory) or 'no'}"]
    for side, found in answer.catastrophe_if_lost.items():
        lines.append(f"Catastrophe if the {side} loses: {'; '.join(found)} (AaM 11.5.4)")
    lines.append("  " + ", ".join(answer.citations))
    return "\n".join(lines)


# Casualties (AaM 11.2.4-11.2.7)


class CasualtiesQuestion(BaseModel):
    """One casualty roll's result for given dice, or its full spread (AaM 11.2.4-11.2.7).

    ```
    adjudicator odds aam casualties --attacker-regulars 40 --defender-regulars 4
        --defender-militia 2 --attacker-die 4 --defender-die 3
    ```
    """

    model_config = _MODEL
    attacker: SideQuestion = Field(default_factory=SideQuestion, description="Attacker")
    defender: SideQuestion = Field(default_factory=SideQuestion, description="Defender")
    attacker_die: int | None = Field(None, ge=1, le=6, description="The attacker's natural "
                                     "casualty die (omit: every roll).")
    defender_die: int | None = Field(None, ge=1, le=6, description="The defender's natural "
                                     "casualty die (omit: every roll).")
    uncapped: bool = Field(False, description="Do not cap losses at the SPs present (A50).")

    @model_validator(mode="after")
    def _both_dice(self) -> CasualtiesQuestion:
        if (self.attacker_die is None) != (self.defender_die is None):
            raise ValueError("give both casualty dice, or neither")
        return self


class LossAnswer(BaseModel):
    model_config = _MODEL
    lost: int
    regulars: int
    militia: int
    prisoners: int
    leader_lost: bool


def _loss(side: SideLoss) -> LossAnswer:
    return LossAnswer(lost=side.lost, regulars=side.regulars, militia=side.militia,
                      prisoners=side.prisoners, leader_lost=side.leader)


class CasualtiesAnswer(BaseModel):
    model_config = _MODEL
    attacker_base: int
    defender_base: int
    difference: int | None
    attacker: LossAnswer | None
    defender: LossAnswer | None
    attacker_losses: SideLossAnswer
    defender_losses: SideLossAnswer
    attacker_prisoners_spread: dict[str, Chance]
    defender_prisoners_spread: dict[str, Chance]
    citations: list[str]


def answer_casualties(q: CasualtiesQuestion, tables: None) -> CasualtiesAnswer:
    """The casualty roll: the result of given dice and the exact spread (AaM 11.2.4-11.2.7;
    digest 6.3)."""
    _need_both(q.attacker, q.defender)
    a, d = q.attacker.casualty_side(), q.defender.casualty_side()
    results = casualties(a, d, cap=not q.uncapped)
    one = None
    if q.attacker_die is not None and q.defender_die is not None:
        one = casualty_result(a, d, q.attacker_die, q.defender_die, cap=not q.uncapped)
    return CasualtiesAnswer(
        attacker_base=-(-d.sp // 10), defender_base=-(-a.sp // 10),
        difference=None if one is None else one.difference,
        attacker=None if one is None else _loss(one.attacker),
        defender=None if one is None else _loss(one.defender),
        attacker_losses=_side_losses(results, Side.ATTACKER),
        defender_losses=_side_losses(results, Side.DEFENDER),
        attacker_prisoners_spread=spread(results.map(lambda r: r.attacker.prisoners)),
        defender_prisoners_spread=spread(results.map(lambda r: r.defender.prisoners)),
        citations=["AaM 11.2.4", "AaM 11.2.6", "AaM 11.2.7"])


def _one_loss(name: str, loss: LossAnswer) -> str:
    leader = "; leader lost" if loss.leader_lost else ""
    return (f"{name} loses {loss.lost} ({loss.regulars} regular, {loss.militia} militia, "
            f"{loss.prisoners} prisoners){leader}")


def casualties_text(answer: CasualtiesAnswer) -> str:
    """The casualty roll as a player aid."""
    lines = [f"Bases: attacker {answer.attacker_base}, defender {answer.defender_base} SP "
             "(1 per 10 or fraction of the opponent, AaM 11.2.4)"]
    if answer.attacker is not None and answer.defender is not None:
        lines.append(f"Difference {answer.difference:+d}: "
                     f"{_one_loss('attacker', answer.attacker)}; "
                     f"{_one_loss('defender', answer.defender)}")
    lines += [_losses_line("Attacker", answer.attacker_losses),
              _losses_line("Defender", answer.defender_losses),
              "  " + ", ".join(answer.citations)]
    return "\n".join(lines)


# Siege (AaM 4.2-4.7; digest 6.7, 6.10)


class SiegeQuestion(BaseModel):
    """A siege: the ratio to lay and keep it, its timeline, and the final assault
    (AaM 4.2-4.7).

    For example (digest N3: 40 British regulars against a fort of 12 regulars):

    ```
    adjudicator odds aam siege --besieger-sp 40 --garrison-regulars 12 --place fort
    ```
    """

    model_config = _MODEL
    besieger_sp: int = Field(ge=1, le=_SP, description="The besieging force's SPs, Indians "
                             "included (AaM 4.7.6b, 4.7.8).")
    besieger_indians: int = Field(0, ge=0, le=_SP, description="Its Indian SPs (not counted "
                                  "for the ratio, AaM 4.2.3).")
    garrison_regulars: int = Field(0, ge=0, le=_SP, description="Besieged regular SPs.")
    garrison_militia: int = Field(0, ge=0, le=_SP, description="Besieged militia (and Indian) "
                                  "SPs.")
    place: Literal["fort", "city"] = Field("fort", description="A fort (2:1) or a city "
                                           "(1:1) (AaM 4.2.3).")
    assault_drm: int = Field(0, ge=-_DRM, le=_DRM, description="The besieger's Casualty "
                             "DRMs less the garrison's, cavalry advantage excepted (PAC, "
                             "AaM 4.7.6b).")
    laid_turn: int = Field(1, ge=1, le=200, description="The turn the siege is laid (turn "
                           "numbers on the Turn Track).")
    per_ten: Literal["ceil", "floor"] = Field("ceil", description="'1 SP for every 10 SP' of "
                                              "the assault: every ten or fraction (ceil) or "
                                              "full tens (floor), A9b.")
    casualty_prisoners: bool = Field(False, description="The garrison's regular losses in a "
                                     "lost assault also make 11.2.6 prisoners (A9c).")

    @model_validator(mode="after")
    def _consistent(self) -> SiegeQuestion:
        if self.besieger_indians > self.besieger_sp:
            raise ValueError("the besieger's Indians are part of its SPs")
        if self.garrison_regulars + self.garrison_militia < 1:
            raise ValueError("a siege needs a garrison (garrison_regulars, garrison_militia)")
        return self


class SiegeAnswer(BaseModel):
    model_config = _MODEL
    ratio_needed: int
    can_besiege: bool
    over_fort_capacity: bool
    timeline: list[tuple[int, str]]
    first_assault_turn: int
    assault_win: Chance
    assault_tie: Chance
    assault_loss: Chance
    assault_fail: Chance
    win_margin: dict[str, Chance]
    expected_besieger_loss: Chance
    expected_garrison_killed: Chance
    expected_garrison_captured: Chance
    surrender_loss: int
    break_loss: int
    major_victory: list[str]
    surrender_catastrophe: bool
    citations: list[str]


def answer_siege(q: SiegeQuestion, tables: None) -> SiegeAnswer:
    """The siege's ratio, timeline and final assault (AaM 4.2.3, 4.7, 11.5; digest 6.7,
    6.10)."""
    place = Place(q.place)
    garrison = q.garrison_regulars + q.garrison_militia
    assault = refused(lambda: final_assault(
        q.besieger_sp, q.garrison_regulars, q.garrison_militia, q.assault_drm,
        reading=PerTen(q.per_ten), casualty_prisoners=q.casualty_prisoners))
    timeline = siege_timeline(q.laid_turn, place)
    return SiegeAnswer(
        ratio_needed=siege_ratio(place),
        can_besiege=can_besiege(q.besieger_sp, garrison, place,
                                besieger_indians=q.besieger_indians),
        over_fort_capacity=place is Place.FORT and garrison > FORT_CAPACITY,
        timeline=list(timeline.events()), first_assault_turn=timeline.first_assault,
        assault_win=Chance.of(assault.win), assault_tie=Chance.of(assault.tie),
        assault_loss=Chance.of(assault.loss), assault_fail=Chance.of(assault.fail),
        win_margin=spread(assault.win_margin) if assault.win_margin else {},
        expected_besieger_loss=Chance.of(assault.expected("besieger_lost")),
        expected_garrison_killed=Chance.of(assault.expected("garrison_killed")),
        expected_garrison_captured=Chance.of(assault.expected("garrison_captured")),
        surrender_loss=surrender_loss(garrison), break_loss=break_loss(garrison),
        major_victory=list(major_victory(q.besieger_sp, garrison)),
        surrender_catastrophe=bool(catastrophe(surrendered_sp=garrison)),
        citations=["AaM 4.2.3", "AaM 4.7.3-4.7.7", "AaM 11.2.4", "AaM 11.5", "AaM 11.5.4"])


def siege_text(answer: SiegeAnswer) -> str:
    """The siege as a player aid."""
    lines = [f"Ratio {answer.ratio_needed}:1 needed (Indians not counted): "
             f"{'met' if answer.can_besiege else 'NOT met'} (AaM 4.2.3)"]
    if answer.over_fort_capacity:
        lines.append(f"The garrison is over a fort's {FORT_CAPACITY} SPs (AaM 4.2.1)")
    lines += [f"Turn {turn}: {what}" for turn, what in answer.timeline]
    lines.append(f"Final assault on turn {answer.first_assault_turn}: wins "
                 f"{_shown(answer.assault_win)}, fails {_shown(answer.assault_fail)} "
                 f"(tie {answer.assault_tie}, a failure, A9)")
    lines.append(f"Expected besieger loss {_mean(answer.expected_besieger_loss)} SP; "
                 f"garrison killed {_mean(answer.expected_garrison_killed)}, captured "
                 f"{_mean(answer.expected_garrison_captured)}")
    lines.append(f"A surrender costs the besieger {answer.surrender_loss} SP, a break "
                 f"{answer.break_loss} (AaM 4.7.5, 4.7.6a); Major Victory: "
                 f"{', '.join(answer.major_victory) or 'no'}"
                 + ("; a surrender would be a Catastrophe" if answer.surrender_catastrophe
                    else ""))
    lines.append("  " + ", ".join(answer.citations))
    return "\n".join(lines)


# Movement (AaM 10.1-10.6; digest 6.8)

_TERRAINS = {terrain.value: terrain for terrain in Terrain}
_FLAGS = {"river", "road", "same-river", "arrow", "quadripoint", "fort", "city",
          "militia-barred"}


def parse_step(text: str) -> Step:
    """A step from its words joined by '+': a terrain (clear, wilderness, mountain, swamp),
    river, road, same-river, arrow, quadripoint, fort or city, militia-barred, enemy=N,
    extra=N. `wilderness+same-river`, `clear+river+enemy=3`.

    Raises:
        ValueError: an unknown word.
    """
    terrain = Terrain.CLEAR
    flags: set[str] = set()
    numbers = {"enemy": 0, "extra": 0}
    for word in (w.strip().lower() for w in text.split("+")):
        name, _, value = word.partition("=")
        if name in numbers and value:
            if not value.isdigit() or int(value) > _SP:
                raise ValueError(f"{name}= takes a whole number of at most {_SP}, not "
                                 f"{value!r}")
            numbers[name] = int(value)
        elif word in _TERRAINS:
            terrain = _TERRAINS[word]
        elif word in _FLAGS:
            flags.add(word)
        else:
            raise ValueError(f"unknown step word {word!r} (terrain: "
                             f"{', '.join(_TERRAINS)}; flags: {', '.join(sorted(_FLAGS))}; "
                             "enemy=N, extra=N)")
    return Step(terrain, river="river" in flags, road="road" in flags,
                same_river="same-river" in flags, crossing_arrow="arrow" in flags,
                quadripoint="quadripoint" in flags, enemy_sp=numbers["enemy"],
                fort_or_city=bool(flags & {"fort", "city"}), extra_mp=numbers["extra"],
                militia_barred="militia-barred" in flags)


def parse_tec(entries: Sequence[str]) -> dict[str, int]:
    """Terrain Effects Chart costs from 'key=MP' entries (`clear=1`, `clear+road=1`)."""
    found: dict[str, int] = {}
    for entry in entries:
        key, _, value = entry.partition("=")
        if not value.isdigit():
            raise ValueError(f"a cost is 'terrain=MP' (clear=1), not {entry!r}")
        found[key.strip().lower()] = int(value)
    return found


class MoveQuestion(BaseModel):
    """A path's MP against the force's allowance, step by step (AaM 10.1-10.6).

    For example (digest N2, without the baggage train):

    ```
    adjudicator odds aam move --mp 8 --force-sp 20 --step arrow --step river
        --step wilderness+same-river
    ```
    """

    model_config = _MODEL
    step: tuple[str, ...] = Field((), description="An Area entered, its words joined by '+': "
                                  "clear/wilderness/mountain/swamp, river, road, same-river, "
                                  "arrow, quadripoint, fort, city, militia-barred, enemy=N, "
                                  "extra=N (repeatable, in order).",
                                  json_schema_extra={"metavar": "STEP"})
    mp: tuple[Annotated[int, Field(ge=0, le=24)], ...] = Field(
        (), description="A part's MP: each unit type and baggage train (4) (repeatable; "
        "AaM 10.1.1).", json_schema_extra={"metavar": "MP"})
    lone_leader: bool = Field(False, description="A leader alone: 12 MP (AaM 10.2.3).")
    force_sp: int = Field(0, ge=0, le=_SP, description="The force's SPs (for overruns, "
                          "AaM 10.4).")
    swamp_barred: bool = Field(False, description="It holds British SPs, French units or "
                               "Continental regulars (no swamp but by road, AaM 10.6).")
    engineer: bool = Field(False, description="A leader with engineering ability: a Crossing "
                           "Arrow always succeeds (AaM 10.1.4).")
    tec: tuple[str, ...] = Field((), description="A Terrain Effects Chart cost the rulebook "
                                 "lacks, 'terrain=MP' or 'terrain+road=MP' or 'road=MP' "
                                 "(repeatable; PAC).", json_schema_extra={"metavar": "COST"})
    audacity: int | None = Field(None, ge=0, le=6, description="The commander's Audacity: "
                                 "the chance to activate (and cross) (AaM 8.1.1).")

    @field_validator("step")
    @classmethod
    def _steps_parse(cls, steps: tuple[str, ...]) -> tuple[str, ...]:
        for text in steps:
            parse_step(text)
        return steps

    @field_validator("tec")
    @classmethod
    def _tec_parses(cls, entries: tuple[str, ...]) -> tuple[str, ...]:
        parse_tec(entries)
        return entries


class StepAnswer(BaseModel):
    model_config = _MODEL
    step: str
    cost: int
    rule: str
    spent: int
    overrun: str | None
    stop: str | None


class MoveAnswer(BaseModel):
    model_config = _MODEL
    allowance: int
    steps: list[StepAnswer]
    spent: int
    mp_left: int
    legal: bool
    problems: list[str]
    crossing: Chance | None
    reach: Chance | None
    """P(activation) x P(crossing), when the Audacity is given."""
    citations: list[str]


def answer_move(q: MoveQuestion, tables: None) -> MoveAnswer:
    """The path's MP accounting (AaM 10.1-10.6; digest 6.8) and, with the Audacity, the
    chance to get going."""
    if not q.step:
        raise AdjudicatorError("move needs a path: --step (repeatable)")
    steps = [parse_step(text) for text in q.step]
    force = Force(tuple(q.mp), q.force_sp, lone_leader=q.lone_leader, engineer=q.engineer,
                  swamp_barred=q.swamp_barred)
    found = refused(lambda: path_cost(force, steps, parse_tec(q.tec)))
    arrow = steps[0].crossing_arrow
    crossing = crossing_chance(engineer=q.engineer) if arrow else None
    reach = None
    if q.audacity is not None:
        reach = activation_chance(q.audacity) * (crossing if crossing is not None else 1)
    return MoveAnswer(
        allowance=found.allowance,
        steps=[StepAnswer(step=text, cost=report.cost, rule=report.rule, spent=report.spent,
                          overrun=report.overrun.reason if report.overrun else None,
                          stop=report.stop)
               for text, report in zip(q.step, found.steps, strict=False)],
        spent=found.spent, mp_left=found.left, legal=found.legal, problems=list(found.problems),
        crossing=None if crossing is None else Chance.of(crossing),
        reach=None if reach is None else Chance.of(reach),
        citations=["AaM 10.1", "AaM 10.2.3", "AaM 10.3", "AaM 10.4", "AaM 10.6"])


def move_text(answer: MoveAnswer) -> str:
    """The path as a player aid."""
    lines = [f"Allowance {answer.allowance} MP"]
    for report in answer.steps:
        extra = f"; {report.stop}" if report.stop else ""
        lines.append(f"  {report.step}: {report.cost} MP ({report.rule}), {report.spent} "
                     f"spent{extra}")
    verdict = (f"legal, {answer.mp_left} MP left" if answer.legal
               else "ILLEGAL: " + "; ".join(answer.problems))
    lines.append(verdict)
    if answer.crossing is not None:
        lines.append(f"Crossing Arrow once activated: {answer.crossing} (AaM 10.1.4)")
    if answer.reach is not None:
        lines.append(f"Activated and under way: {answer.reach} (AaM 8.1.1)")
    lines.append("  " + ", ".join(answer.citations))
    return "\n".join(lines)


# Overrun (AaM 10.4; digest 6.6)


class OverrunQuestion(BaseModel):
    """Whether a moving force overruns the enemy in an Area (AaM 10.4).

    ```
    adjudicator odds aam overrun --mover-sp 20 --enemy-sp 3 --mp-left 2
    ```
    """

    model_config = _MODEL
    mover_sp: int = Field(ge=1, le=_SP, description="The moving force's SPs.")
    enemy_sp: int = Field(ge=1, le=_SP, description="The enemy SPs in the Area entered.")
    fort_or_city: bool = Field(False, description="An enemy fort or a city is in the Area "
                               "(AaM 10.4.1, A38).")
    mp_left: int | None = Field(None, ge=0, le=24, description="MP left after entering the "
                                "Area (omit: not checked).")


class OverrunAnswer(BaseModel):
    model_config = _MODEL
    allowed: bool
    reason: str
    mp: int
    halts: bool | None
    odds_drm_if_fought: int
    citations: list[str]


def answer_overrun(q: OverrunQuestion, tables: None) -> OverrunAnswer:
    """The overrun test (AaM 10.4.1-10.4.3; digest 6.6)."""
    test = overrun(q.mover_sp, q.enemy_sp, fort_or_city=q.fort_or_city)
    halts = None if q.mp_left is None else (test.mp > q.mp_left if test.allowed else True)
    return OverrunAnswer(allowed=test.allowed, reason=test.reason, mp=test.mp, halts=halts,
                         odds_drm_if_fought=odds_drm(q.mover_sp, q.enemy_sp).net,
                         citations=["AaM 10.4.1", "AaM 10.4.2", "AaM 10.4.3", "AaM 10.4.7"])


def overrun_text(answer: OverrunAnswer) -> str:
    """The overrun as a player aid."""
    if answer.allowed:
        line = f"Overrun: yes, {answer.mp} MP ({answer.reason})"
        if answer.halts is not None:
            line += "; the force halts there" if answer.halts else "; it may go on"
        return line + " (no casualties, no Major Victory, AaM 10.4.4, 10.4.7)"
    return (f"Overrun: no ({answer.reason}); it stops and fights with odds DRM "
            f"{answer.odds_drm_if_fought:+d} (AaM 10.3, 11.2.3)")


# Attrition (AaM 5; digest 6.5)


def parse_column(entries: Sequence[str]) -> dict[int, Fraction]:
    """A table column from 'roll=percent' entries (`4=20`, `0=12.5`)."""
    found: dict[int, Fraction] = {}
    for entry in entries:
        roll, _, percent = entry.partition("=")
        try:
            found[int(roll)] = Fraction(percent.strip())
        except ValueError:
            raise ValueError(f"a column entry is 'roll=percent' (4=20), not {entry!r}") from None
        if found[int(roll)] < 0:
            raise ValueError(f"a percentage cannot be negative ({entry!r})")
    return found


class AttritionQuestion(BaseModel):
    """An attrition roll's losses through a PAC table column (AaM 5.1-5.4).

    For example (AaM 5.1.4: June, MV British, 20% on a modified 4):

    ```
    adjudicator odds aam attrition --kind militia --area-sp 10 --area-sp 3 --percent 20
    ```
    """

    model_config = _MODEL
    kind: Literal["militia", "loyalist", "enlistment", "forage"] = Field(
        description="Continental militia (5.1), Loyalist militia (5.3), Expired Enlistment "
        "(5.2) or Foraging (5.4).")
    area_sp: tuple[Annotated[int, Field(ge=0, le=_SP)], ...] = Field(
        (), description="The SPs in each Area (militia), the army's regulars (enlistment), "
        "or the stack (forage) (repeatable).", json_schema_extra={"metavar": "SP"})
    percent: str | None = Field(None, description="The table's result once rolled, a "
                                "percentage (20, 12.5).", json_schema_extra={"metavar": "PCT"})
    column: tuple[str, ...] = Field((), description="The PAC column before the roll: "
                                    "'roll=percent' for each modified roll (1d6; 2d6 for "
                                    "forage) (repeatable).",
                                    json_schema_extra={"metavar": "ROLL=PCT"})
    mv_british: bool = Field(False, description="The Major Victory marker is British: -1 to "
                             "militia (5.1.2); no Loyalist roll (5.3).")
    listed_drm: int = Field(0, ge=-6, le=6, description="Expired Enlistment's listed "
                            "modifiers (PAC, 5.2.2).")
    home_militia: int = Field(0, ge=0, le=_SP, description="Forage: Continental militia in "
                              "their own colony, left out (5.4.5).")
    french: int = Field(0, ge=0, le=_SP, description="Forage: French SPs, always supplied "
                        "(14.1.4).")
    at_sea: bool = Field(False, description="Forage: At Sea, never below 1 SP (5.4.3).")
    rounding: Literal["down", "up"] = Field("down", description="Forage: the percentage's "
                                            "rounding (PAC; unstated).")

    @model_validator(mode="after")
    def _entries_parse(self) -> AttritionQuestion:
        parse_column(self.column)
        if self.percent is not None:
            parse_column([f"0={self.percent}"])
        return self


class AttritionAnswer(BaseModel):
    model_config = _MODEL
    kind: str
    rolled: bool
    counted_sp: list[int]
    drm: int
    losses: list[int] | None
    spread: dict[str, Chance]
    expected_total: Chance | None
    leader_sick: Chance | None
    leader_dead: Chance | None
    citations: list[str]


def _attrition_citations(kind: str) -> list[str]:
    return {"militia": ["AaM 5.1.1-5.1.4"], "loyalist": ["AaM 5.3", "AaM 5.1.4"],
            "enlistment": ["AaM 5.2.1-5.2.3"],
            "forage": ["AaM 5.4.1c", "AaM 5.4.2", "AaM 5.4.3", "AaM 5.4.5"]}[kind]


def answer_attrition(q: AttritionQuestion, tables: None) -> AttritionAnswer:
    """The losses of a known table result, or their exact spread through a column
    (AaM 5.1-5.4; digest 6.5)."""
    if not q.area_sp:
        raise AdjudicatorError("attrition needs --area-sp (repeatable)")
    if q.percent is None and not q.column:
        raise AdjudicatorError("attrition needs the table's result (--percent) or its "
                               "column (--column ROLL=PCT, repeatable): the tables are on the "
                               "PAC")
    percent = None if q.percent is None else parse_column([f"0={q.percent}"])[0]
    column = parse_column(q.column)
    citations = _attrition_citations(q.kind)
    if q.kind == "forage":
        if len(q.area_sp) != 1:
            raise AdjudicatorError("forage takes one stack: one --area-sp")
        sp = refused(lambda: forage_sp(q.area_sp[0], home_militia=q.home_militia,
                                       french=q.french))
        leaders = forage_leaders()
        rounding = Rounding(q.rounding)
        if percent is not None:
            loss = forage_loss(sp, percent, rounding=rounding, at_sea=q.at_sea)
            return AttritionAnswer(kind=q.kind, rolled=True, counted_sp=[sp], drm=0,
                                   losses=[loss], spread={}, expected_total=None,
                                   leader_sick=Chance.of(leaders.sick),
                                   leader_dead=Chance.of(leaders.dead), citations=citations)
        dist = refused(lambda: forage_losses(sp, {int(k): v for k, v in column.items()},
                                             rounding=rounding, at_sea=q.at_sea))
        return AttritionAnswer(kind=q.kind, rolled=True, counted_sp=[sp], drm=0, losses=None,
                               spread=spread(dist), expected_total=Chance.of(dist.expectation()),
                               leader_sick=Chance.of(leaders.sick),
                               leader_dead=Chance.of(leaders.dead), citations=citations)
    kind = Attrition(q.kind)
    rolled = not (kind is Attrition.LOYALIST and q.mv_british)
    drm = -1 if kind is Attrition.MILITIA and q.mv_british else (
        q.listed_drm if kind is Attrition.ENLISTMENT else 0)
    counted = [sum(q.area_sp)] if kind is Attrition.ENLISTMENT else list(q.area_sp)
    if percent is not None:
        losses = list(known_attrition(counted, percent)) if rolled else [0] * len(counted)
        return AttritionAnswer(kind=q.kind, rolled=rolled, counted_sp=counted, drm=drm,
                               losses=losses, spread={}, expected_total=None, leader_sick=None,
                               leader_dead=None, citations=citations)
    by_area = refused(lambda: attrition_losses(kind, q.area_sp, column,
                                               mv_british=q.mv_british, listed=q.listed_drm))
    total = by_area.map(lambda losses: sum(losses)).expectation()
    return AttritionAnswer(
        kind=q.kind, rolled=rolled, counted_sp=counted, drm=drm, losses=None,
        spread=spread(by_area.map(lambda losses: "+".join(str(n) for n in losses))),
        expected_total=Chance.of(total), leader_sick=None, leader_dead=None,
        citations=citations)


def attrition_text(answer: AttritionAnswer) -> str:
    """The attrition as a player aid."""
    head = f"{answer.kind.capitalize()} attrition on {answer.counted_sp} SP (DRM {answer.drm:+d})"
    if not answer.rolled:
        lines = [f"{head}: no roll while the Major Victory marker is British (AaM 5.3)"]
    elif answer.losses is not None:
        lines = [f"{head}: loses {answer.losses}"]
    else:
        likeliest = sorted(answer.spread.items(), key=lambda item: -item[1].decimal)[:4]
        total = answer.expected_total
        lines = [f"{head}: expected total {_mean(total) if total else '-'}",
                 "  " + "; ".join(f"{k}: {v}" for k, v in likeliest)]
    if answer.leader_sick is not None and answer.leader_dead is not None:
        lines.append(f"Leader sick (11) {answer.leader_sick}, dead (12) {answer.leader_dead} "
                     "per stack (AaM 5.4.2)")
    lines.append("  " + ", ".join(answer.citations))
    return "\n".join(lines)


# Activation (AaM 8.1, 8.3.4, 10.1.4, 10.9, 10.10)


class ActivationQuestion(BaseModel):
    """An endeavor's activation (or a reaction), the random-event reroll and a Crossing
    Arrow (AaM 8.1.1, 8.3.4, 10.1.4, 10.9, 10.10.2).

    ```
    adjudicator odds aam activation --audacity 3 --crossing
    ```
    """

    model_config = _MODEL
    audacity: int = Field(ge=0, le=6, description="The commander's Audacity (AaM 8.1.1).")
    crossing: bool = Field(False, description="The move starts across a Crossing Arrow "
                           "(AaM 10.1.4).")
    engineer: bool = Field(False, description="A leader with engineering ability: the "
                           "crossing always succeeds (AaM 10.1.4).")
    month: int | None = Field(None, ge=1, le=12, description="The month (1-12): December to "
                              "March adds a Winter Attrition roll (AaM 5.4.4, 10.9).")


class ActivationAnswer(BaseModel):
    model_config = _MODEL
    activates: Chance
    reaction: Chance
    reroll: Chance
    loyalist_uprising: Chance
    crosses: Chance | None
    under_way: Chance
    winter_attrition_rolls: int | None
    citations: list[str]


def answer_activation(q: ActivationQuestion, tables: None) -> ActivationAnswer:
    """1d6 ≤ Audacity, the 1 that rerolls for a Loyalist uprising, and the crossing
    (digest 6.4, N2)."""
    act = activation_chance(q.audacity)
    cross = crossing_chance(engineer=q.engineer) if q.crossing else None
    return ActivationAnswer(
        activates=Chance.of(act), reaction=Chance.of(act), reroll=Chance.of(Fraction(1, 6)),
        loyalist_uprising=Chance.of(loyalist_uprising_chance()),
        crosses=None if cross is None else Chance.of(cross),
        under_way=Chance.of(act * (cross if cross is not None else 1)),
        winter_attrition_rolls=None if q.month is None else int(winter(q.month)),
        citations=["AaM 8.1.1", "AaM 8.3.4", "AaM 10.1.4", "AaM 10.9", "AaM 10.10.2"])


def activation_text(answer: ActivationAnswer) -> str:
    """The activation as a player aid."""
    lines = [f"Activates {answer.activates} (a reaction too, AaM 8.1.1, 10.10.2); a 1 rerolls "
             f"{answer.reroll}, Loyalist uprising {answer.loyalist_uprising} (AaM 8.3.4)"]
    if answer.crosses is not None:
        lines.append(f"Crosses the arrow once activated {answer.crosses}; activated and "
                     f"across {answer.under_way} (AaM 10.1.4)")
    if answer.winter_attrition_rolls:
        lines.append("Winter: a Winter Attrition roll whether or not it activates "
                     "(AaM 5.4.4, 10.9)")
    lines.append("  " + ", ".join(answer.citations))
    return "\n".join(lines)


# Other single-die chances (digest 6.4)


class ChancesQuestion(BaseModel):
    """The other single-die chances: retreat before combat, escape, surprise, sea control,
    ice, Philadelphia, forage leaders and the French stay (digest 6.4).

    ```
    adjudicator odds aam chances --tactical 2 --surprise-drm 1
    ```
    """

    model_config = _MODEL
    tactical: int | None = Field(None, ge=0, le=6, description="The highest-ranking "
                                 "leader's Tactical: retreat before combat and escape "
                                 "(AaM 11.3.1, 11.4.5).")
    surprise_drm: int | None = Field(None, ge=-_DRM, le=_DRM, description="The net Surprise "
                                     "Table DRM (PAC, AaM 11.2.2).")


class ChancesAnswer(BaseModel):
    model_config = _MODEL
    retreat_before_combat: Chance | None
    escape: Chance | None
    surprise: Chance | None
    french_sea_control: Chance
    new_york_ice: Chance
    philadelphia_repulse: Chance
    forage_leader_sick: Chance
    forage_leader_dead: Chance
    french_stay_turns: dict[str, Chance]
    citations: list[str]


def answer_chances(q: ChancesQuestion, tables: None) -> ChancesAnswer:
    """The single-die chances of digest 6.4."""
    leaders = forage_leaders()
    tactical = None if q.tactical is None else Chance.of(tactical_chance(q.tactical))
    return ChancesAnswer(
        retreat_before_combat=tactical, escape=tactical,
        surprise=None if q.surprise_drm is None else Chance.of(surprise_chance(q.surprise_drm)),
        french_sea_control=Chance.of(french_sea_control_chance()),
        new_york_ice=Chance.of(new_york_ice_chance()),
        philadelphia_repulse=Chance.of(philadelphia_repulse_chance()),
        forage_leader_sick=Chance.of(leaders.sick), forage_leader_dead=Chance.of(leaders.dead),
        french_stay_turns=spread(french_stay()),
        citations=["AaM 5.4.2", "AaM 10.5.11", "AaM 10.5.12", "AaM 11.2.2", "AaM 11.3.1",
                   "AaM 11.4.5", "AaM 14.1.7"])


def chances_text(answer: ChancesAnswer) -> str:
    """The chances as a player aid."""
    lines = []
    if answer.retreat_before_combat is not None:
        lines.append(f"Retreat before combat / escape: {answer.retreat_before_combat} "
                     "(AaM 11.3.1, 11.4.5)")
    if answer.surprise is not None:
        lines.append(f"Surprise (both under 50 SP): {answer.surprise} (AaM 11.2.2)")
    lines += [f"French sea control {answer.french_sea_control}, New York ice "
              f"{answer.new_york_ice}, Philadelphia repulse {answer.philadelphia_repulse} "
              "(AaM 10.5.11-10.5.12)",
              f"Forage: leader sick {answer.forage_leader_sick}, dead "
              f"{answer.forage_leader_dead} (AaM 5.4.2); the French stay 1d6+2 turns "
              "(AaM 14.1.7)"]
    return "\n".join(lines)


# Baggage-train limit (AaM 6.3; digest 6.9)


class BtLimitQuestion(BaseModel):
    """A side's baggage train/magazine limit and the trains it may place (AaM 6.3, 6.4).

    ```
    adjudicator odds aam bt-limit --port "New York City" --port Halifax --port Quebec
        --port Philadelphia --on-board 5 --available 3
    ```
    """

    model_config = _MODEL
    side: Literal["british", "continental"] = Field("british", description="Whose limit.")
    port: tuple[str, ...] = Field((), description="A port the British control, by name or "
                                  "Area ID (Halifax, New York City/Staten Island, Boston, "
                                  "Philadelphia: 2; others 1) (repeatable, AaM 6.3.1).",
                                  json_schema_extra={"metavar": "PORT"})
    french_intervened: bool = Field(False, description="After the first French Intervention "
                                    "(AaM 6.3.1-6.3.2).")
    cap_order: Literal["cap-then-cut", "cut-then-cap"] = Field(
        "cap-then-cut", description="The 8 cap before the -2, or after (A22).")
    on_board: int | None = Field(None, ge=0, le=20, description="Trains and magazines on the "
                                 "board (captured ones and the BoO not counted).")
    available: int = Field(20, ge=0, le=20, description="Trains in the Available box.")


class BtLimitAnswer(BaseModel):
    model_config = _MODEL
    side: str
    limit: int
    new_trains: int | None
    citations: list[str]


def answer_bt_limit(q: BtLimitQuestion, tables: None) -> BtLimitAnswer:
    """The limit (AaM 6.3.1-6.3.2; digest 6.9) and, with the trains on the board, how many
    may be placed (6.3.1, 6.4)."""
    if q.side == "british":
        limit = refused(lambda: british_bt_limit(list(q.port),
                                                 french_intervened=q.french_intervened,
                                                 order=CapOrder(q.cap_order)))
    elif q.port:
        raise AdjudicatorError("the Continental limit does not depend on ports (AaM 6.3.2)")
    else:
        limit = continental_bt_limit(french_intervened=q.french_intervened)
    placed = None if q.on_board is None else new_baggage_trains(limit, q.on_board, q.available)
    return BtLimitAnswer(side=q.side, limit=limit, new_trains=placed,
                         citations=["AaM 6.3.1", "AaM 6.3.2", "AaM 6.4"])


def bt_limit_text(answer: BtLimitAnswer) -> str:
    """The limit as a player aid."""
    line = f"{answer.side.capitalize()} baggage train/magazine limit: {answer.limit}"
    if answer.new_trains is not None:
        line += f"; {answer.new_trains} new on the BoO"
    return f"{line} ({', '.join(answer.citations)})"


_UNIT_FIELDS = ("regulars", "militia", "indians")


def questions() -> tuple[AnyQuestion, ...]:
    """The what-if questions of `adjudicator odds aam`, in the order a command without a
    question word answers them."""
    return (
        Question("battle", "A battle's odds DRM, winner odds, casualties, Major Victory and "
                 "Catastrophe (AaM 11.2-11.5).", "Battle", BattleQuestion, answer_battle,
                 battle_text, _no_tables,
                 asked_by=tuple(f"attacker_{name}" for name in _UNIT_FIELDS)),
        Question("casualties", "One casualty roll's result, or its spread (AaM 11.2.4-"
                 "11.2.7).", "Casualties", CasualtiesQuestion, answer_casualties,
                 casualties_text, _no_tables, asked_by=("attacker_die", "defender_die")),
        Question("siege", "A siege's ratio, timeline and final assault (AaM 4.2-4.7).",
                 "Siege", SiegeQuestion, answer_siege, siege_text, _no_tables,
                 asked_by=("besieger_sp",)),
        Question("move", "A path's MP step by step (AaM 10.1-10.6).", "Movement",
                 MoveQuestion, answer_move, move_text, _no_tables, asked_by=("step",)),
        Question("overrun", "The overrun test (AaM 10.4).", "Overrun", OverrunQuestion,
                 answer_overrun, overrun_text, _no_tables, asked_by=("enemy_sp",)),
        Question("attrition", "Attrition losses through a PAC column (AaM 5).", "Attrition",
                 AttritionQuestion, answer_attrition, attrition_text, _no_tables,
                 asked_by=("area_sp",)),
        Question("activation", "Activation, reaction, the random-event reroll and a Crossing "
                 "Arrow (AaM 8.1, 8.3.4, 10.1.4).", "Activation", ActivationQuestion,
                 answer_activation, activation_text, _no_tables, asked_by=("audacity",)),
        Question("chances", "Retreat, escape, surprise, sea, ice and forage-leader chances "
                 "(digest 6.4).", "Chances", ChancesQuestion, answer_chances, chances_text,
                 _no_tables, asked_by=("tactical", "surprise_drm")),
        Question("bt-limit", "The baggage train/magazine limit (AaM 6.3).", "Baggage trains",
                 BtLimitQuestion, answer_bt_limit, bt_limit_text, _no_tables,
                 asked_by=("port", "on_board")),
    )


__all__ = [
    "ActivationAnswer",
    "ActivationQuestion",
    "AttritionAnswer",
    "AttritionQuestion",
    "BattleAnswer",
    "BattleQuestion",
    "BtLimitAnswer",
    "BtLimitQuestion",
    "CasualtiesAnswer",
    "CasualtiesQuestion",
    "ChancesAnswer",
    "ChancesQuestion",
    "MoveAnswer",
    "MoveQuestion",
    "OverrunAnswer",
    "OverrunQuestion",
    "SideQuestion",
    "SiegeAnswer",
    "SiegeQuestion",
    "activation_text",
    "answer_activation",
    "answer_attrition",
    "answer_battle",
    "answer_bt_limit",
    "answer_casualties",
    "answer_chances",
    "answer_move",
    "answer_overrun",
    "answer_siege",
    "attrition_text",
    "battle_text",
    "bt_limit_text",
    "casualties_text",
    "chances_text",
    "move_text",
    "overrun_text",
    "parse_column",
    "parse_step",
    "parse_tec",
    "questions",
    "siege_text",
]
