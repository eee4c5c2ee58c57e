"""What-if questions for `adjudicator odds wfa`, answered by the calculators the referee
uses, as pydantic models (JSON) and as player-aid text.

Questions: a land battle (effective SP, odds, overrun, both columns and modifiers, and with
the user's battle table the results, winner and losses; WfA 11.4-11.8, 12.13, 13.0, 17.5),
a siege (WfA 17.13-17.16), a fleet combat under both weather-gauge readings (WfA 15.5-15.6;
digest A-13), a move's MP (WfA 12.1-12.7, 18.1), a path against a roll (one-space rule) and
a retreat before combat (WfA 12.11), winter losses (WfA 18.3-18.10), the Action Rounds a
turn plays (WfA 9.1, 20.4) and lake navy combat (WfA 19.9-19.10). Fractions are exact; an
answer's `fraction` is "p/q" and `decimal` its rounded value. Bad input raises
`AdjudicatorError` (one line). `questions()` lists them, each with its model of what is
asked (`adjudicator.systems.common.questions`): their fields are the options of
`adjudicator odds wfa`.
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from pathlib import Path
from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field

from adjudicator.errors import AdjudicatorError
from adjudicator.systems.common.probability import Distribution
from adjudicator.systems.common.questions import AnyQuestion, Chance, Question, refused, spread
from adjudicator.systems.war_for_america.attrition import attrition_loss, quartering
from adjudicator.systems.war_for_america.data.tables import CombatResult, WfATables
from adjudicator.systems.war_for_america.data.vocabulary import BattleRating
from adjudicator.systems.war_for_america.effective import attacking_sp, defending_sp
from adjudicator.systems.war_for_america.initiative import rounds_played
from adjudicator.systems.war_for_america.land_combat import (
    READING_NOTE,
    CombatSide,
    Ground,
    SideOdds,
    battle_odds,
)
from adjudicator.systems.war_for_america.movement_points import (
    activation_chance,
    check_path,
    fort_construction_chance,
    movement_points,
)
from adjudicator.systems.war_for_america.naval_odds import (
    READING_TEXT,
    FleetSide,
    combined_fleet_chance,
    fleet_combat,
    lake_navy_battle,
    threshold_fleet_table,
)
from adjudicator.systems.war_for_america.odds import attack_allowed, combat_odds, overrun
from adjudicator.systems.war_for_america.rolls import retreat_before_combat_chance
from adjudicator.systems.war_for_america.siege import (
    siege_modifier,
    siege_odds,
    threshold_table,
)

_MODEL = ConfigDict(frozen=True, extra="forbid")


def odds_tables(data_files: Sequence[Path] = ()) -> WfATables:
    """The rulebook's tables, with the user's merged when data files are given."""
    if not data_files:
        from adjudicator.systems.war_for_america.data.tables import bundled_tables

        return bundled_tables()
    from adjudicator.systems.war_for_america.data import load_data

    return load_data(data_files).tables


# Battle


class BattleSideQuestion(BaseModel):
    """One side of a land battle as asked: SP present and who leads them."""

    model_config = _MODEL
    sp: int | None = Field(None, ge=0, description="The side's SP in the battle (the "
                           "attacker needs at least 1).")
    stars: int | None = Field(None, ge=1, le=3, description="The commanding leader's "
                              "stars (omit: no leader).")
    rating: BattleRating | None = Field(None, description="The senior leader's battle "
                                        "rating (A +3 .. D +0).")
    second_rating: BattleRating | None = Field(None, description="An army's second "
                                               "leader's rating (the side is an army).")
    army: bool = Field(False, description="The side is an army.")
    tc: bool = Field(False, description="A Tactical Commander in the side's army (+1).")
    no_loc: bool = Field(False, description="The side has no LOC (one column lower above "
                         "2 SP).")
    garrison: bool = Field(False, description="The side is a lone garrison counter ('<1' "
                           "column; a garrison never attacks).")
    modifier: tuple[str, ...] = Field((), description="A modifier of your battle table "
                                      "card by id (repeatable; needs --data).")
    card_drm: int = Field(0, description="An action card's modifier to the side's D12.")


class BattleQuestion(BaseModel):
    """Exact odds of a War for America land battle (WfA 11.4-11.8, 12.13, 13.0, 17.5).

    The rulebook prints no battle table: give yours with `--data`. Without one the answer
    still gives the odds, overrun, columns and modifiers. For example:

    ```
    adjudicator odds wfa battle --attacker-sp 14 --attacker-stars 3
        --attacker-rating B --attacker-army --attacker-second-rating C
        --defender-sp 13 --defender-stars 1 --defender-rating C --entrenchment
    ```
    """

    model_config = _MODEL
    attacker: BattleSideQuestion = Field(description="Attacker")
    defender: BattleSideQuestion = Field(description="Defender")
    ground: Literal["open", "fort", "fortress", "caribbean"] = Field(
        "open", description="The ground: caribbean is an amphibious attack there.")
    entrenchment: bool = Field(False, description="The defender is entrenched (attacker "
                               "-1).")
    amphibious: bool = Field(False, description="The attacker landed amphibiously "
                             "(defender +1).")


class ModifierAnswer(BaseModel):
    model_config = _MODEL
    name: str
    drm: int
    source: str


class BattleSideAnswer(BaseModel):
    model_config = _MODEL
    sp: int
    effective_sp: int | None
    """None: a lone garrison, whose strength is '<1'."""
    table: str
    column: str
    modifiers: list[ModifierAnswer]
    drm: int
    modified_roll: dict[str, Chance]
    results: dict[str, Chance] | None
    losses: dict[str, Chance] | None
    expected_loss: Chance | None
    notes: list[str]


class OtherReading(BaseModel):
    """A battle's winner under the other reading of an ambiguous rule."""

    model_config = _MODEL
    reading: str
    attacker_wins: Chance
    defender_wins: Chance
    tie_attacker_retreats: Chance


class BattleAnswer(BaseModel):
    """`adjudicator odds wfa` for a land battle."""

    model_config = _MODEL
    odds: str | None
    attack_allowed: bool
    overrun: bool
    overrun_reason: str
    attacker: BattleSideAnswer
    defender: BattleSideAnswer
    attacker_wins: Chance | None
    defender_wins: Chance | None
    tie_attacker_retreats: Chance | None
    other_reading: OtherReading | None
    """The winner under the other reading of WfA 13.0 Step 7 (digest A-12)."""
    notes: list[str]


def answer_battle(question: BattleQuestion, tables: WfATables) -> BattleAnswer:
    """Effective SP, odds, overrun, columns, modifiers and -- with a battle table -- the
    results, winner and losses of a land battle."""
    return refused(lambda: _battle(tables, question))


def _battle(tables: WfATables, q: BattleQuestion) -> BattleAnswer:
    fort = q.ground == "fort"
    a, d = q.attacker, q.defender
    if a.garrison:
        raise ValueError("a garrison can never attack (WfA 19.20)")
    if (a.sp or 0) < 1:
        raise ValueError("the attacker needs at least 1 SP (--attacker-sp)")
    if (d.sp or 0) < 1 and not d.garrison:
        raise ValueError("the defender needs at least 1 SP (--defender-sp) or is a lone "
                         "garrison (--defender-garrison)")
    att = attacking_sp(tables, a.sp or 0, a.stars)
    dfn = None if d.garrison else defending_sp(tables, d.sp or 0, d.stars, fort=fort)
    ratio = combat_odds(att.effective, dfn.effective) if dfn is not None else None
    allowed = ratio is None or attack_allowed(tables, ratio)
    run = overrun(tables, att.effective, dfn.effective if dfn else 0, ground=q.ground,
                  lone_garrison=d.garrison)
    ground = Ground(fortress=q.ground == "fortress", entrenchment=q.entrenchment,
                    amphibious=q.amphibious, caribbean=q.ground == "caribbean")

    def side(s: BattleSideQuestion, effective: int) -> CombatSide:
        return CombatSide(effective, s.rating, s.second_rating, s.army, s.tc,
                          not s.no_loc, s.garrison, s.modifier, s.card_drm)

    battle = battle_odds(tables, side(a, att.effective),
                         side(d, dfn.effective if dfn else 0), ground)
    notes = list(battle.notes)
    if ratio is None:
        notes.append("a lone garrison has no SP value for odds (digest A-22)")
    if not allowed:
        notes.append("odds below 1:3: the attack is cancelled and the attacker must retreat "
                     "(WfA 13.0 Steps 2-3)")
    if run.overrun:
        notes.append("overrun: no combat (WfA 12.13); the defender may still try to retreat "
                     "before combat")
    return BattleAnswer(
        odds=str(ratio) if ratio else None, attack_allowed=allowed, overrun=run.overrun,
        overrun_reason=run.reason,
        attacker=_side_answer(a, att.effective, att.notes, battle.attacker,
                              battle.attacker_loss),
        defender=_side_answer(d, dfn.effective if dfn else None, dfn.notes if dfn else (),
                              battle.defender, battle.defender_loss),
        attacker_wins=_maybe(battle.attacker_wins), defender_wins=_maybe(battle.defender_wins),
        tie_attacker_retreats=_maybe(battle.tie),
        other_reading=None if battle.other_reading is None else OtherReading(
            reading=READING_NOTE["class_first"],
            attacker_wins=Chance.of(battle.other_reading.attacker_wins),
            defender_wins=Chance.of(battle.other_reading.defender_wins),
            tie_attacker_retreats=Chance.of(battle.other_reading.tie)),
        notes=notes)


def _maybe(value: Fraction | None) -> Chance | None:
    return Chance.of(value) if value is not None else None


def _side_answer(q: BattleSideQuestion, effective: int | None, effective_notes: Sequence[str],
                 side: SideOdds, loss: Distribution[int] | None) -> BattleSideAnswer:
    results: Distribution[CombatResult] | None = side.results
    return BattleSideAnswer(
        sp=q.sp or 0, effective_sp=effective, table=side.column.table.replace("_", " "),
        column=side.column.label,
        modifiers=[ModifierAnswer(name=m.name, drm=m.drm, source=m.source)
                   for m in side.modifiers],
        drm=side.drm, modified_roll=spread(side.modified_roll),
        results=spread(results) if results is not None else None,
        losses=spread(loss) if loss is not None else None,
        expected_loss=Chance.of(loss.expectation()) if loss is not None else None,
        notes=[*effective_notes, *side.column.notes])


def battle_text(answer: BattleAnswer) -> str:
    """The battle, worded like a player aid."""
    lines = []
    if answer.odds is not None:
        lines.append(f"Odds {answer.odds}" + ("" if answer.attack_allowed else
                                             " (below 1:3: attack cancelled)"))
    lines.append(f"Overrun: {'yes' if answer.overrun else 'no'} ({answer.overrun_reason})")
    if answer.attacker_wins is not None:
        lines.append(f"Attacker wins {answer.attacker_wins} · defender wins "
                     f"{answer.defender_wins} · tie (attacker retreats) "
                     f"{answer.tie_attacker_retreats}")
    for name, side in (("Attacker", answer.attacker), ("Defender", answer.defender)):
        strength = ("lone garrison" if side.effective_sp is None
                    else f"{side.sp} SP, effective {side.effective_sp}")
        mods = ", ".join(f"{m.name} {m.drm:+d}" for m in side.modifiers) or "none"
        lines.append(f"{name}: {strength}; {side.table} table, column {side.column}; "
                     f"DRM {side.drm:+d} ({mods})")
        if side.results is not None:
            lines.append("  results: " + " · ".join(f"{r}: {c}" for r, c in side.results.items()))
        if side.losses is not None and side.expected_loss is not None:
            lines.append("  SP lost: " + " · ".join(f"{n}: {c}" for n, c in side.losses.items())
                         + f"; expected {side.expected_loss.decimal:.2f}")
        lines += [f"  {note}" for note in side.notes]
    lines += answer.notes
    return "\n".join(lines)


# Siege


class SiegeQuestion(BaseModel):
    """A siege's chance of surrender (WfA 17.13-17.16), on the Siege Table of `--data` or a
    what-if threshold."""

    model_config = _MODEL
    siege_threshold: int | None = Field(None, description="What-if Siege Table: surrender "
                                        "on N or more (omit: the table of --data).")
    mortar: bool = Field(False, description="The Siege Mortars have landed (+4).")
    siege_card_drm: int = Field(0, description="A Siege action card's modifier.")
    siege_rolls: int = Field(1, ge=1, le=50, description="Action Phases to add up (chance "
                             "of surrender within N rolls).")


class SiegeAnswer(BaseModel):
    model_config = _MODEL
    table: str
    modifier: int
    per_roll: Chance
    within: dict[str, Chance]
    """Rolls (Action Phases) → P(surrender within them)."""


def answer_siege(q: SiegeQuestion, tables: WfATables) -> SiegeAnswer:
    """A siege's surrender odds per roll and over `siege_rolls` Action Phases."""

    if q.siege_threshold is not None:
        table, name = refused(lambda: threshold_table(q.siege_threshold or 0)), \
            f"what-if: surrender on {q.siege_threshold}+"
    elif tables.siege is not None:
        table, name = tables.siege, "Siege Table (user data)"
    else:
        raise AdjudicatorError("the rulebook prints no Siege Table: give --siege-threshold or "
                               "a data file with [tables.siege]")
    modifier = siege_modifier(tables, card_drm=q.siege_card_drm, mortar=q.mortar)
    odds = refused(lambda: siege_odds(table, modifier, q.siege_rolls))
    return SiegeAnswer(table=name, modifier=modifier, per_roll=Chance.of(odds.per_roll),
                       within={str(n): Chance.of(p) for n, p in enumerate(odds.within, 1)})


def siege_text(answer: SiegeAnswer) -> str:
    """The siege's odds, one line per roll."""
    lines = [f"Siege ({answer.table}), modifier {answer.modifier:+d}: surrender {answer.per_roll}"
             " per roll (WfA 17.14)"]
    if len(answer.within) > 1:
        lines += [f"  within {n} roll{'s' if n != '1' else ''}: {c}"
                  for n, c in answer.within.items()]
    return "\n".join(lines)


# Fleet combat


class FleetQuestion(BaseModel):
    """A fleet combat's modifiers and outcomes under both readings of the weather gauge
    (WfA 15.5-15.6; digest A-13)."""

    model_config = _MODEL
    fleet_attacker: int = Field(ge=1, description="The attacking fleets' strength.")
    fleet_defender: int = Field(ge=1, description="The defending fleets' strength.")
    rodney: bool = Field(False, description="Rodney's fleet attacks (+1).")
    spanish_attacking: bool = Field(False, description="A Spanish fleet attacks alone (-2).")
    spanish_defending: bool = Field(False, description="A Spanish fleet defends alone (-1, "
                                    "as printed).")
    in_port: bool = Field(False, description="The defender stays in port (attacker -1, no "
                          "weather gauge).")
    fleet_wins_on: int | None = Field(None, description="What-if Fleet Combat Table: the "
                                      "attacker wins on N or more, else is sent back.")
    gauge_reading: Literal["signed", "attacker_only"] = Field(
        "signed", description="signed: the defender's gauge is -2 on the attacker's roll; "
        "attacker_only: it counts only for the attacker. The answer gives both.")


class FleetAnswer(BaseModel):
    model_config = _MODEL
    fixed_modifiers: dict[str, int]
    reading: str
    drm: dict[str, Chance]
    outcomes: dict[str, Chance] | None
    other_reading: str
    other_drm: dict[str, Chance]
    other_outcomes: dict[str, Chance] | None
    combined_fleet_adds: Chance
    notes: list[str]


def answer_fleet(q: FleetQuestion, tables: WfATables) -> FleetAnswer:
    """A fleet combat's modifiers and outcomes under both weather-gauge readings."""

    table = threshold_fleet_table(q.fleet_wins_on) if q.fleet_wins_on is not None else None
    odds = refused(lambda: fleet_combat(
        tables, FleetSide(q.fleet_attacker, q.rodney, q.spanish_attacking),
        FleetSide(q.fleet_defender, spanish_alone=q.spanish_defending), in_port=q.in_port,
        table=table, reading=q.gauge_reading))
    return FleetAnswer(
        fixed_modifiers=dict(odds.fixed_modifiers), reading=READING_TEXT[odds.reading],
        drm=spread(odds.drm), outcomes=spread(odds.outcomes) if odds.outcomes else None,
        other_reading=READING_TEXT[odds.other_reading], other_drm=spread(odds.other_drm),
        other_outcomes=spread(odds.other_outcomes) if odds.other_outcomes else None,
        combined_fleet_adds=Chance.of(combined_fleet_chance(tables)), notes=list(odds.notes))


def fleet_text(answer: FleetAnswer) -> str:
    """The fleet combat, both readings."""
    fixed = ", ".join(f"{k} {v:+d}" for k, v in answer.fixed_modifiers.items()) or "none"
    lines = [f"Fleet combat: fixed modifiers {fixed}"]
    for label, drm, outcomes, reading in (
            ("Reading used", answer.drm, answer.outcomes, answer.reading),
            ("Other reading", answer.other_drm, answer.other_outcomes, answer.other_reading)):
        lines.append(f"{label} ({reading}):")
        lines.append("  attacker's DRM: " + " · ".join(f"{k:>2}: {c}" for k, c in drm.items()))
        if outcomes is not None:
            lines.append("  " + " · ".join(f"{k.replace('_', ' ')}: {c}"
                                           for k, c in outcomes.items()))
    lines.append(f"A combined fleet adds its strengths on 2-4: {answer.combined_fleet_adds} "
                 "(WfA 15.4)")
    lines += [n for n in answer.notes if not n.startswith("reading:")]
    return "\n".join(lines)


# Movement


class MovementQuestion(BaseModel):
    """The MP a move rolls (WfA 12.1-12.7, 18.1), its activation chance, a fort's chance,
    and whether a path fits the roll."""

    model_config = _MODEL
    move: Literal["leaderless", "leader", "leader_alone", "fleet"] = Field(
        json_schema_extra={"metavar": "MOVER"}, description="What moves: a leaderless "
        "force, a leader with a force, a leader alone or a fleet.")
    command: int | None = Field(None, ge=0, description="The moving leader's command value.")
    washington: bool = Field(False, description="The leader is Washington (re-rolls a 6).")
    move_rodney: bool = Field(False, description="Rodney's fleet moves (+1).")
    winter: bool = Field(False, description="A Winter AP begun outside the Deep South and "
                         "Tidewater, whose movement is unaffected (no water bonus, WfA "
                         "18.1).")
    winter_north: bool = Field(False, description="A Winter AP begun in the Northern "
                               "Regions (2 MP).")
    water: bool = Field(False, description="Starts and ends on one continuous water "
                        "connection (+1 MP).")
    path_cost: tuple[Annotated[int, Field(ge=0)], ...] = Field(
        (), json_schema_extra={"metavar": "MP"},
        description="The cost of each connection of the path, in order (repeatable).")


class PathAnswer(BaseModel):
    model_config = _MODEL
    cost: int
    legal: Chance
    """P(the path fits the MP rolled, or is a single step)."""


class MovementAnswer(BaseModel):
    model_config = _MODEL
    mover: str
    mp: dict[str, Chance]
    expected: Chance
    activation: Chance | None
    fort_construction: Chance
    path: PathAnswer | None
    notes: list[str]


def answer_movement(q: MovementQuestion, tables: WfATables) -> MovementAnswer:
    """The MP a move rolls, its activation chance, a fort's chance and a path's."""

    roll = refused(lambda: movement_points(
        tables, q.move, command=q.command, washington=q.washington, rodney=q.move_rodney,
        winter_north=q.winter_north, water_bonus=q.water, winter=q.winter))
    path = None
    if q.path_cost:
        costs = q.path_cost
        legal = refused(lambda: roll.mp.prob(lambda mp: check_path(mp, costs).legal))
        path = PathAnswer(cost=sum(costs), legal=Chance.of(legal))
    activation = (activation_chance(q.command, washington=q.washington)
                  if q.move == "leader" and q.command is not None and not q.winter_north
                  else None)
    return MovementAnswer(
        mover=q.move.replace("_", " "), mp=spread(roll.mp),
        expected=Chance.of(roll.mp.expectation()),
        activation=_maybe(activation),
        fort_construction=Chance.of(fort_construction_chance(tables, roll)), path=path,
        notes=list(roll.notes))


def movement_text(answer: MovementAnswer) -> str:
    """The move's MP, worded like a player aid."""
    lines = [f"Move ({answer.mover}): " + " · ".join(f"{mp} MP: {c}" for mp, c in answer.mp.items())
             + f"; expected {answer.expected.decimal:.2f}"]
    if answer.activation is not None:
        lines.append(f"  activation succeeds {answer.activation}")
    lines.append(f"  at least 4 MP to build a fort (WfA 17.6): {answer.fort_construction}")
    if answer.path is not None:
        lines.append(f"  path costing {answer.path.cost} MP is legal {answer.path.legal}")
    lines += [f"  {note}" for note in answer.notes]
    return "\n".join(lines)


# Retreat before combat


class RetreatQuestion(BaseModel):
    """A retreat before combat's chance (WfA 12.11, 11.25)."""

    model_config = _MODEL
    retreat_command: int | None = Field(None, ge=0, description="The retreating leader's "
                                        "command value.")
    retreat_no_leader: bool = Field(False, description="No leader, or one of too low a rank "
                                    "for the stack (needs 1-2).")
    retreat_army: bool = Field(False, description="The force is an army (-1).")


class RetreatAnswer(BaseModel):
    model_config = _MODEL
    command: int | None
    army: bool
    succeeds: Chance


def answer_retreat(q: RetreatQuestion, tables: WfATables) -> RetreatAnswer:
    """A retreat before combat's chance (WfA 12.11, 11.25)."""

    chance = retreat_before_combat_chance(tables, q.retreat_command,
                                          commands_stack=not q.retreat_no_leader,
                                          army=q.retreat_army)
    return RetreatAnswer(command=q.retreat_command, army=q.retreat_army,
                         succeeds=Chance.of(chance))


def retreat_text(answer: RetreatAnswer) -> str:
    """One line."""
    who = (f"leader with command {answer.command}" if answer.command is not None
           else "no leader (needs 1-2)")
    army = ", army -1" if answer.army else ""
    return f"Retreat before combat, {who}{army}: succeeds {answer.succeeds} (WfA 12.11)"


# Winter, initiative, lake navies


class WinterQuestion(BaseModel):
    """Continental attrition and Winter Quartering losses (WfA 18.3-18.10)."""

    model_config = _MODEL
    attrition_sp: int | None = Field(None, ge=0, description="Continental SP in a stack at "
                                     "Continental attrition.")
    attrition_fraction: str | None = Field(None, json_schema_extra={"metavar": "P/Q"},
                                           description="The CRC's attrition fraction for "
                                           "the year, e.g. 2/3 (WfA 18.3).")
    quarter_sp: int | None = Field(None, ge=0, description="A side's SP on a space at "
                                   "Winter Quartering.")
    quarter_space: Literal["key_coastal", "coastal", "key_inland", "circle"] = Field(
        "coastal", json_schema_extra={"metavar": "KIND"},
        description="The kind of space quartered on.")
    magazine: bool = Field(False, description="A magazine on the space (+5 SP).")
    shared_space: bool = Field(False, description="Both sides quarter on the space (half "
                               "the limit each).")


class WinterAnswer(BaseModel):
    model_config = _MODEL
    attrition_lost: int | None
    quartering_limit: int | None
    quartering_lost: int | None
    notes: list[str]


def answer_winter(q: WinterQuestion, tables: WfATables) -> WinterAnswer:
    """Continental attrition and Winter Quartering losses (WfA 18.3-18.10)."""
    notes = []
    lost = None
    if q.attrition_sp is not None:
        if q.attrition_fraction is None:
            raise AdjudicatorError("attrition needs the CRC's fraction for the year, e.g. 2/3")
        try:
            fraction = Fraction(q.attrition_fraction)
        except (ValueError, ZeroDivisionError):
            raise AdjudicatorError(f"{q.attrition_fraction!r} is not a fraction like 2/3") \
                from None
        lost = refused(lambda: attrition_loss(q.attrition_sp or 0, fraction))
        notes.append(f"attrition: {fraction} of {q.attrition_sp} Continental SP, rounded down, "
                     "per stack (WfA 18.3-18.4; digest A-20)")
    found = None
    if q.quarter_sp is not None:
        found = quartering(tables, q.quarter_sp, q.quarter_space, magazine=q.magazine,
                           shared=q.shared_space)
        notes.append("Winter Quartering: half the SP above the limit, rounded down (WfA 18.7"
                     + (", both sides on the space: half the limit each, 18.10)"
                        if q.shared_space else ")"))
    return WinterAnswer(attrition_lost=lost, quartering_limit=found.limit if found else None,
                        quartering_lost=found.lost if found else None, notes=notes)


def winter_text(answer: WinterAnswer) -> str:
    """The winter losses."""
    lines = []
    if answer.attrition_lost is not None:
        lines.append(f"Continental attrition: {answer.attrition_lost} SP lost")
    if answer.quartering_lost is not None:
        lines.append(f"Winter Quartering (limit {answer.quartering_limit} SP): "
                     f"{answer.quartering_lost} SP lost")
    return "\n".join([*lines, *(f"  {note}" for note in answer.notes)])


class RoundsQuestion(BaseModel):
    """How many Action Rounds a turn plays (WfA 9.1, 20.4)."""

    model_config = _MODEL
    winter: bool = Field(False, description="A Winter turn.")
    first_turn: bool = Field(False, description="Turn 1 (two rounds, ties re-rolled).")


class RoundsAnswer(BaseModel):
    model_config = _MODEL
    rounds: dict[str, Chance]
    expected: Chance


def answer_rounds(q: RoundsQuestion, tables: WfATables) -> RoundsAnswer:
    """How many Action Rounds the turn plays (a tie ends the cycle; WfA 9.1, 20.4)."""
    played = rounds_played(tables, winter=q.winter, first_turn=q.first_turn)
    return RoundsAnswer(rounds=spread(played), expected=Chance.of(played.expectation()))


def rounds_text(answer: RoundsAnswer) -> str:
    """One line."""
    return ("Action Rounds played: " + " · ".join(f"{n}: {c}" for n, c in answer.rounds.items())
            + f"; expected {answer.expected.decimal:.2f} (a tied initiative ends the cycle, "
            "WfA 9.1, 20.4)")


class LakeQuestion(BaseModel):
    """A lake navy battle (WfA 19.9-19.10)."""

    model_config = _MODEL
    lake_british: int | None = Field(None, description="The British Lake Navy counter's "
                                     "modifier.")
    lake_colonial: int | None = Field(None, description="The Colonial Lake Navy counter's "
                                      "modifier.")


class LakeAnswer(BaseModel):
    model_config = _MODEL
    british_modifier: int
    colonial_modifier: int
    british_wins: Chance
    colonial_wins: Chance


def answer_lake(q: LakeQuestion, tables: WfATables) -> LakeAnswer:
    """Lake navy combat, ties re-rolled (WfA 19.9-19.10)."""
    british_modifier, colonial_modifier = q.lake_british or 0, q.lake_colonial or 0
    battle = lake_navy_battle(british_modifier, colonial_modifier)
    return LakeAnswer(british_modifier=british_modifier, colonial_modifier=colonial_modifier,
                      british_wins=Chance.of(battle.british_wins),
                      colonial_wins=Chance.of(battle.colonial_wins))


def lake_text(answer: LakeAnswer) -> str:
    """One line."""
    return (f"Lake navies ({answer.british_modifier:+d} British, {answer.colonial_modifier:+d} "
            f"Colonial): British win {answer.british_wins} · Colonial win "
            f"{answer.colonial_wins} (ties re-rolled, WfA 19.10)")


def questions() -> tuple[AnyQuestion, ...]:
    """The what-if questions of `adjudicator odds wfa`, in the order a command without a
    question word answers them."""
    return (
        Question("battle", "Effective SP, odds, overrun, columns and modifiers of a land "
                 "battle, and with a battle table its results (WfA 11-13).", "Land battle",
                 BattleQuestion, answer_battle, battle_text, odds_tables, reads_data=True,
                 asked_by=("attacker_sp", "defender_sp", "defender_garrison")),
        Question("siege", "A siege's chance of surrender, per roll and within N rolls (WfA "
                 "17.13-17.16).", "Siege", SiegeQuestion, answer_siege, siege_text,
                 odds_tables, reads_data=True, asked_by=("siege_threshold",), flag="siege"),
        Question("fleet", "A fleet combat's outcomes under both weather-gauge readings "
                 "(WfA 15.5-15.6).", "Fleet combat", FleetQuestion, answer_fleet,
                 fleet_text, odds_tables, reads_data=True,
                 asked_by=("fleet_attacker", "fleet_defender")),
        Question("move", "The MP a move rolls, its activation, a fort's chance and a "
                 "path's (WfA 12.1-12.7, 18.1).", "Movement", MovementQuestion,
                 answer_movement, movement_text, odds_tables, reads_data=True,
                 asked_by=("move",)),
        Question("retreat", "A retreat before combat's chance (WfA 12.11).",
                 "Retreat before combat", RetreatQuestion, answer_retreat, retreat_text,
                 odds_tables, reads_data=True,
                 asked_by=("retreat_command", "retreat_no_leader")),
        Question("winter", "Continental attrition and Winter Quartering losses (WfA "
                 "18.3-18.10).", "Winter", WinterQuestion, answer_winter, winter_text,
                 odds_tables, reads_data=True, asked_by=("attrition_sp", "quarter_sp")),
        Question("rounds", "How many Action Rounds the turn plays (WfA 9.1, 20.4).",
                 "Initiative", RoundsQuestion, answer_rounds, rounds_text, odds_tables,
                 reads_data=True, flag="rounds"),
        Question("lake", "A lake navy battle, ties re-rolled (WfA 19.9-19.10).",
                 "Lake navies", LakeQuestion, answer_lake, lake_text, odds_tables,
                 reads_data=True, asked_by=("lake_british", "lake_colonial")),
    )

__all__ = [
    "BattleAnswer",
    "BattleQuestion",
    "BattleSideQuestion",
    "Chance",
    "FleetAnswer",
    "FleetQuestion",
    "LakeAnswer",
    "LakeQuestion",
    "MovementAnswer",
    "MovementQuestion",
    "OtherReading",
    "RetreatAnswer",
    "RetreatQuestion",
    "RoundsAnswer",
    "RoundsQuestion",
    "SiegeAnswer",
    "SiegeQuestion",
    "WinterAnswer",
    "WinterQuestion",
    "answer_battle",
    "answer_fleet",
    "answer_lake",
    "answer_movement",
    "answer_retreat",
    "answer_rounds",
    "answer_siege",
    "answer_winter",
    "battle_text",
    "fleet_text",
    "lake_text",
    "movement_text",
    "odds_tables",
    "questions",
    "retreat_text",
    "rounds_text",
    "siege_text",
    "winter_text",
]
