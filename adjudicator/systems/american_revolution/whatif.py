"""What-if questions for `adjudicator odds ar`, answered by the calculators the referee
uses, as pydantic models (JSON) and as player-aid text.

Questions: a battle's dice, per-round hits, initiative and win odds (AR 18, 24.6, 28.2-28.7;
`combat`), initiative alone (AR 18.4(1), FAQ; `initiative`), a rabble-rousing contest
(AR 9.3-9.4, 12.5; `rabble`), forced-march attrition (AR 17.2; `forced-march`), enlistment
(AR 20; `enlistment`), an attack on a fortress (AR 28; `siege`) and a move against its roll
(AR 16.3, 16.12; `move`). Every chance is exact: an answer's `fraction` is "p/q" and
`decimal` its rounded value. Bad input raises `AdjudicatorError` (one line). The rulebook
states every number used; what it leaves to the counters (marine, Hessian, fleet and
fortress CFs, leader values) is asked, never assumed, so no `--data` is read.
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from pathlib import Path
from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

from adjudicator.errors import AdjudicatorError
from adjudicator.systems.american_revolution.attrition import (
    Route,
    check_move,
    enlistment_loss_chance,
    enlistment_losses,
    forced_march_losses,
    garrison_after_rounds,
    reach_chance,
    route_cost,
    siege_attack,
)
from adjudicator.systems.american_revolution.fire import (
    POLICY,
    STANDARD_CF,
    BattleSide,
    Firer,
    Hits,
    UnitKind,
    battle_odds,
    battle_units,
    fire_dice,
    fire_round,
    initiative,
    initiative_modifiers,
    initiative_roll,
)
from adjudicator.systems.american_revolution.rabble import RabbleTable, contest, us_dice
from adjudicator.systems.common.probability import Distribution
from adjudicator.systems.common.questions import AnyQuestion, Chance, Question, refused

_MODEL = ConfigDict(frozen=True, extra="forbid")


def _no_tables(paths: Sequence[Path]) -> None:
    """No tables: every number these questions use is in the rulebook or asked."""
    return None


def _shown(chance: Chance) -> str:
    """A chance for text: its fraction when short, else its decimal (exact in JSON)."""
    if len(chance.fraction) <= 24:
        return str(chance)
    return f"{chance.decimal:.2%} (exact fraction in --json)"


def _hits_spread(hits: Distribution[Hits]) -> dict[str, Chance]:
    return {f"{h.eliminations} eliminated, {h.disruptions} disrupted": Chance.of(p)
            for h, p in hits.items()}


# Sides of a battle


class ForceQuestion(BaseModel):
    """One side's force in a battle: units by type, leaders and Tactics."""

    model_config = _MODEL
    regulars: int = Field(0, ge=0, le=30, description="Regulars (CF 2, AR FAQ).")
    detachments: int = Field(0, ge=0, le=30, description="Detachments (CF 1, AR 13.7).")
    grenadiers: int = Field(0, ge=0, le=30, description="Grenadiers (CF 3, AR 39.0).")
    light: int = Field(0, ge=0, le=30, description="Light troops (CF 1, AR 39.0; +1 in "
                       "wilderness, AR 18.12).")
    militia: int = Field(0, ge=0, le=30, description="Militia (CF 1, AR FAQ).")
    indians: int = Field(0, ge=0, le=30, description="Indians (CF 1, AR 18.12; +1 in "
                         "wilderness).")
    marines: int = Field(0, ge=0, le=30, description="Marines (+1 in an amphibious "
                         "assault, AR 24.12; give --*-marine-cf).")
    marine_cf: int | None = Field(None, ge=0, le=6, description="A marine's printed CF "
                                  "(counter data).")
    hessians: int = Field(0, ge=0, le=30, description="Hessians (give --*-hessian-cf).")
    hessian_cf: int | None = Field(None, ge=0, le=6, description="A Hessian's printed CF "
                                   "(counter data).")
    other_cf: tuple[Annotated[int, Field(ge=0, le=6)], ...] = Field(
        (), description="Another unit's printed CF (repeatable).",
        json_schema_extra={"metavar": "CF"})
    leadership: int = Field(0, ge=0, le=30, description="Total effective leadership in the "
                            "battle (AR 18.4(1), 21.6-21.7).")
    tactics: int = Field(0, ge=0, le=30, description="Tactics markers committed (≤ "
                         "leadership, AR 18.4(1)).")
    spend: int = Field(0, ge=0, le=30, description="Tactics spent as extra dice in its first "
                       "round (≤ committed and ≤ printed CF, AR 18.5).")
    tarleton: bool = Field(False, description="Plays Tarleton's Quarter (+1 initiative, "
                           "AR 7.9).")

    @model_validator(mode="after")
    def _counter_data_given(self) -> ForceQuestion:
        """Marine and Hessian CFs are printed on the counters only (AR 24.12, 27.1)."""
        if self.marines and self.marine_cf is None:
            raise ValueError("marines need their printed CF (marine_cf)")
        if self.hessians and self.hessian_cf is None:
            raise ValueError("Hessians need their printed CF (hessian_cf)")
        if self.spend > self.tactics:
            raise ValueError(f"{self.spend} Tactics spent but {self.tactics} committed")
        return self

    def firers(self) -> list[Firer]:
        """The force's combat units."""
        counted = [(UnitKind.REGULAR, self.regulars), (UnitKind.DETACHMENT, self.detachments),
                   (UnitKind.GRENADIER, self.grenadiers), (UnitKind.LIGHT, self.light),
                   (UnitKind.MILITIA, self.militia), (UnitKind.INDIAN, self.indians)]
        units = [Firer(kind, STANDARD_CF[kind][0]) for kind, n in counted for _ in range(n)]
        units += [Firer(UnitKind.MARINE, self.marine_cf or 0) for _ in range(self.marines)]
        units += [Firer(UnitKind.HESSIAN, self.hessian_cf or 0) for _ in range(self.hessians)]
        units += [Firer(UnitKind.REGULAR, cf) for cf in self.other_cf]
        return units

    def woodsmen(self) -> int:
        """Light and Indian units (AR 35.1)."""
        return self.light + self.indians


class CombatQuestion(BaseModel):
    """A battle's dice, per-round hits, initiative and win odds (AR 18, 24.6, 28).

    For example (AAR T1: Arnold's two regulars against the New York detachment):

    ```
    adjudicator odds ar combat --attacker-regulars 2 --attacker-leadership 2
        --defender-detachments 1
    ```
    """

    model_config = _MODEL
    attacker: ForceQuestion = Field(description="Attacker")
    defender: ForceQuestion = Field(description="Defender")
    wilderness: bool = Field(False, description="A wilderness or Indian locale (AR 18.12).")
    amphibious: bool = Field(False, description="An amphibious assault by the attacker "
                             "(AR 24.6).")
    fleet_cf: int = Field(0, ge=0, le=30, description="The assaulting fleets' total CF "
                          "(AR 24.6(1)).")
    fortress_cf: int | None = Field(None, ge=0, le=10, description="The defender's fortress "
                                    "CF (optional rule 28; omit: no fortress).")
    siege: bool = Field(False, description="The attacker has a Siege marker there (AR "
                        "28.6-28.7).")
    frontier_warfare: bool = Field(False, description="Optional Frontier Warfare: +1 "
                                   "initiative for more light and Indian units (AR 35.1).")


class DiceAnswer(BaseModel):
    model_config = _MODEL
    total: int
    printed_cf: int
    tactics: int
    modifiers: list[str]


class InitiativeAnswer(BaseModel):
    model_config = _MODEL
    reading: str
    attacker_modifier: int
    defender_modifier: int
    wins_ties_losses_of_36: tuple[int, int, int]
    attacker_first: Chance


class CombatSideAnswer(BaseModel):
    model_config = _MODEL
    dice: DiceAnswer
    round_hits: dict[str, Chance]
    """The first round's (eliminations, disruptions) on the enemy."""
    expected_eliminations: Chance
    expected_disruptions: Chance
    target_protected: bool


class CombatAnswer(BaseModel):
    model_config = _MODEL
    attacker: CombatSideAnswer
    defender: CombatSideAnswer
    initiative: list[InitiativeAnswer]
    attacker_wins: Chance | None
    defender_wins: Chance | None
    battle_note: str
    citations: list[str]


def _modifier_sum(force: ForceQuestion, *, fortress: bool, besieged: bool, frontier: bool,
                  literal: bool) -> int:
    try:
        mods = initiative_modifiers(
            tactics=force.tactics, leadership=force.leadership, own_fortress=fortress,
            besieged=besieged, frontier=frontier, tarleton=force.tarleton, literal=literal)
    except ValueError as error:
        raise AdjudicatorError(str(error)) from None
    return sum(m.value for m in mods)


def _initiatives(q: CombatQuestion) -> list[InitiativeAnswer]:
    fortress = q.fortress_cf is not None
    frontier_a = frontier_d = False
    if q.frontier_warfare and not fortress and not q.siege:
        frontier_a = q.attacker.woodsmen() > q.defender.woodsmen()
        frontier_d = q.defender.woodsmen() > q.attacker.woodsmen()
    found = []
    for reading, literal in (("Tactics committed (AR FAQ)", False),
                             ("total leadership (AR 18.4(1) literal text)", True)):
        a = _modifier_sum(q.attacker, fortress=False, besieged=False, frontier=frontier_a,
                          literal=literal)
        d = _modifier_sum(q.defender, fortress=fortress, besieged=q.siege, frontier=frontier_d,
                          literal=literal)
        roll = initiative_roll(a - d)
        found.append(InitiativeAnswer(reading=reading, attacker_modifier=a,
                                      defender_modifier=d,
                                      wins_ties_losses_of_36=(roll.wins, roll.ties, roll.losses),
                                      attacker_first=Chance.of(roll.first_fire)))
    return found


def _side(force: ForceQuestion, q: CombatQuestion, *, attacking: bool,
          protected: bool) -> CombatSideAnswer:
    dice = fire_dice(force.firers(), wilderness=q.wilderness,
                     amphibious_attacker=attacking and q.amphibious,
                     fleet_cfs=(q.fleet_cf,) if attacking and q.amphibious else (),
                     fortress_cf=None if attacking else q.fortress_cf, tactics=force.spend)
    hits = fire_round(dice.total, protected=protected)
    return CombatSideAnswer(
        dice=DiceAnswer(total=dice.total, printed_cf=dice.printed_cf, tactics=dice.tactics,
                        modifiers=[f"+{m.dice} {m.reason} ({m.citation})"
                                   for m in dice.modifiers]),
        round_hits=_hits_spread(hits),
        expected_eliminations=Chance.of(hits.map(lambda h: h.eliminations).expectation()),
        expected_disruptions=Chance.of(hits.map(lambda h: h.disruptions).expectation()),
        target_protected=protected)


def answer_combat(q: CombatQuestion, tables: None) -> CombatAnswer:
    """A battle's dice, per-round hits, initiative (both readings) and, when small enough,
    the exact chance each side wins under the default policy (AR 18.4-18.7, 24.6, 28.2-28.7;
    digest 6.1)."""
    if not q.attacker.firers():
        raise AdjudicatorError("the attacker needs at least one combat unit")
    protected = q.fortress_cf is not None and not q.siege
    try:
        attacker = _side(q.attacker, q, attacking=True, protected=protected)
        defender = _side(q.defender, q, attacking=False, protected=False)
        readings = _initiatives(q)
    except ValueError as error:
        raise AdjudicatorError(str(error)) from None
    wins: Fraction | None = None
    note = POLICY
    if not q.defender.firers():
        note = "the defender has no combat units: lone leaders must still be fired on (AR 21.3)"
    elif q.amphibious and q.fortress_cf is not None:
        note = ("not computed: the fortress's dice may also hit the fleets (AR 24.6(4)), "
                "which the battle calculation does not model")
    else:
        try:
            wins = battle_odds(
                BattleSide(battle_units(q.attacker.firers(), wilderness=q.wilderness,
                                        amphibious_attacker=q.amphibious),
                           extra_dice=q.fleet_cf if q.amphibious else 0),
                BattleSide(battle_units(q.defender.firers(), wilderness=q.wilderness),
                           extra_dice=q.fortress_cf or 0),
                attacker_first=initiative(readings[0].attacker_modifier
                                          - readings[0].defender_modifier),
                defender_protected=protected).attacker
        except ValueError as error:
            note = f"not computed: {error}"
    citations = ["AR 18.4", "AR 18.5", "AR 18.7", "AR FAQ"]
    if q.wilderness:
        citations.append("AR 18.12")
    if q.amphibious:
        citations += ["AR 24.6", "AR 24.12"]
    if q.fortress_cf is not None:
        citations += ["AR 28.2", "AR 28.3", "AR 28.7"]
    if q.frontier_warfare:
        citations.append("AR 35.1")
    return CombatAnswer(attacker=attacker, defender=defender, initiative=readings,
                        attacker_wins=None if wins is None else Chance.of(wins),
                        defender_wins=None if wins is None else Chance.of(1 - wins),
                        battle_note=note, citations=citations)


def _top_hits(side: CombatSideAnswer) -> str:
    ranked = sorted(side.round_hits.items(), key=lambda item: -item[1].decimal)[:3]
    return "; ".join(f"{name} {chance}" for name, chance in ranked)


def combat_text(answer: CombatAnswer) -> str:
    """The battle as a player aid."""
    lines = []
    for name, side in (("Attacker", answer.attacker), ("Defender", answer.defender)):
        extra = f" ({', '.join(side.dice.modifiers)})" if side.dice.modifiers else ""
        table = " on a fortress-protected target: 6s disrupt" if side.target_protected else ""
        lines.append(f"{name}: {side.dice.total} {'die' if side.dice.total == 1 else 'dice'}"
                     f"{extra}{table}; expected "
                     f"{side.expected_eliminations.decimal:.2f} eliminated, "
                     f"{side.expected_disruptions.decimal:.2f} disrupted; likeliest: "
                     f"{_top_hits(side)}")
    for reading in answer.initiative:
        lines.append(f"Attacker fires first ({reading.reading}, {reading.attacker_modifier:+d}"
                     f" vs {reading.defender_modifier:+d}): {reading.attacker_first}")
    if answer.attacker_wins is not None and answer.defender_wins is not None:
        lines.append(f"Battle: attacker wins {_shown(answer.attacker_wins)}, defender wins "
                     f"{_shown(answer.defender_wins)}")
    lines.append(f"  {answer.battle_note}")
    lines.append("  " + ", ".join(answer.citations))
    return "\n".join(lines)


# Initiative alone


class InitiativeSide(BaseModel):
    """One side's additions to its initiative die."""

    model_config = _MODEL
    tactics: int = Field(0, ge=0, le=30, description="Tactics markers committed (AR FAQ).")
    leadership: int = Field(0, ge=0, le=30, description="Total leadership in the battle "
                            "(cap on Tactics; the literal reading's modifier).")
    fortress: bool = Field(False, description="Own fortress in the locale (+1 unless "
                           "besieged, AR 28.2(1), 28.7).")
    besieged: bool = Field(False, description="The side's fortress is under enemy siege.")
    frontier: bool = Field(False, description="More light and Indian units under Frontier "
                           "Warfare (+1, AR 35.1).")
    tarleton: bool = Field(False, description="Tarleton's Quarter (+1, AR 7.9).")


class InitiativeQuestion(BaseModel):
    """Who fires first in a battle, ties re-rolled (AR 18.4(1); FAQ)."""

    model_config = _MODEL
    attacker: InitiativeSide = Field(description="Attacker")
    defender: InitiativeSide = Field(description="Defender")


class InitiativeOdds(BaseModel):
    model_config = _MODEL
    readings: list[InitiativeAnswer]
    citations: list[str]


def _side_modifier(side: InitiativeSide, *, literal: bool) -> int:
    """A side's total addition to its initiative die (AR 18.4(1))."""
    try:
        mods = initiative_modifiers(
            tactics=side.tactics, leadership=side.leadership, own_fortress=side.fortress,
            besieged=side.besieged, frontier=side.frontier, tarleton=side.tarleton,
            literal=literal)
    except ValueError as error:
        raise AdjudicatorError(str(error)) from None
    return sum(m.value for m in mods)


def answer_initiative(q: InitiativeQuestion, tables: None) -> InitiativeOdds:
    """P(attacker fires first) under the FAQ reading and the literal text (AR 18.4(1))."""
    readings = []
    for reading, literal in (("Tactics committed (AR FAQ)", False),
                             ("total leadership (AR 18.4(1) literal text)", True)):
        sums = [_side_modifier(side, literal=literal) for side in (q.attacker, q.defender)]
        roll = initiative_roll(sums[0] - sums[1])
        readings.append(InitiativeAnswer(
            reading=reading, attacker_modifier=sums[0], defender_modifier=sums[1],
            wins_ties_losses_of_36=(roll.wins, roll.ties, roll.losses),
            attacker_first=Chance.of(roll.first_fire)))
    return InitiativeOdds(readings=readings,
                          citations=["AR 18.4(1)", "AR FAQ", "AR 28.2(1)", "AR 28.7",
                                     "AR 35.1", "AR 7.9"])


def initiative_text(answer: InitiativeOdds) -> str:
    """One line per reading."""
    return "\n".join(
        f"Attacker fires first ({r.reading}, {r.attacker_modifier:+d} vs "
        f"{r.defender_modifier:+d}; of 36 rolls {r.wins_ties_losses_of_36[0]} win, "
        f"{r.wins_ties_losses_of_36[1]} tie and are re-rolled): {r.attacker_first}"
        for r in answer.readings)


# Rabble rousing


class RabbleQuestion(BaseModel):
    """A rabble-rousing contest (AR 9.3-9.4, 12.5)."""

    model_config = _MODEL
    table: Literal["progress", "loyalty", "balance"] = Field(
        "loyalty", description="The table: Revolutionary Progress, a Colonial Loyalty track "
        "or the European Balance of Power.")
    us: int = Field(0, ge=0, le=60, description="American rabble-rousing points committed "
                    "(0: none).")
    gb: int = Field(0, ge=0, le=60, description="British rabble-rousing points committed "
                    "(0: none).")
    rp_level: int = Field(0, ge=0, le=4, description="RP level, 0 Don't Tread on Me .. 4 "
                          "Articles of Confederation (2+: US 2d6 on BoP, AR 12.5).")
    us_dice: int | None = Field(None, ge=1, le=2, description="Override: the American's "
                                "dice (1 or 2).")


class RabbleAnswer(BaseModel):
    model_config = _MODEL
    us_dice: int
    rolled: bool
    us_wins: Chance
    tie: Chance
    gb_wins: Chance
    citations: list[str]


def answer_rabble(q: RabbleQuestion, tables: None) -> RabbleAnswer:
    """P(US), P(tie: no change), P(GB) of a contest (AR 9.3-9.4, 12.5)."""
    dice = q.us_dice or us_dice(RabbleTable(q.table), q.rp_level)
    odds = refused(lambda: contest(q.us, q.gb, dice_us=dice))
    return RabbleAnswer(us_dice=dice, rolled=odds.rolled, us_wins=Chance.of(odds.us),
                        tie=Chance.of(odds.tie), gb_wins=Chance.of(odds.gb),
                        citations=["AR 9.3", "AR 9.4", "AR 12.5"])


def rabble_text(answer: RabbleAnswer) -> str:
    """One line."""
    how = (f"US {answer.us_dice}d6 vs GB 1d6, ties no change (AR 9.3, 12.5)" if answer.rolled
           else "no roll: uncontested or nobody committed (AR 9.4)")
    return (f"US wins {answer.us_wins} · tie {answer.tie} · GB wins {answer.gb_wins} "
            f"({how})")


# Forced march and enlistment


class ForcedMarchQuestion(BaseModel):
    """Forced-march attrition (AR 17.2, 21.5; FAQ)."""

    model_config = _MODEL
    marching: int = Field(ge=0, le=60, description="Combat units in the force (carried "
                          "units and marines roll too; leaders never).")


class LossesAnswer(BaseModel):
    model_config = _MODEL
    per_unit: Chance
    losses: dict[str, Chance]
    at_least_one: Chance
    expected: Chance
    citations: list[str]


def _losses(distribution: Distribution[int], per_unit: Fraction,
            citations: list[str]) -> LossesAnswer:
    return LossesAnswer(per_unit=Chance.of(per_unit),
                        losses={str(k): Chance.of(p) for k, p in distribution.items()},
                        at_least_one=Chance.of(distribution.at_least(1)),
                        expected=Chance.of(distribution.expectation()), citations=citations)


def answer_forced_march(q: ForcedMarchQuestion, tables: None) -> LossesAnswer:
    """Units lost to a forced march: a die each, 6 eliminates (AR 17.2)."""
    return _losses(forced_march_losses(q.marching), Fraction(1, 6),
                   ["AR 17.2", "AR 21.5", "AR FAQ"])


def losses_text(answer: LossesAnswer) -> str:
    """One line."""
    spread = " · ".join(f"{k} lost {c}" for k, c in answer.losses.items())
    return (f"Each unit lost {answer.per_unit}; {spread}; at least one "
            f"{answer.at_least_one} ({', '.join(answer.citations)})")


class EnlistmentQuestion(BaseModel):
    """Enlistment checks of one force (AR 20.5)."""

    model_config = _MODEL
    checking: int = Field(ge=0, le=60, description="Units of the force that must check (AR "
                          "20.2-20.4).")
    leader: int = Field(0, ge=0, le=6, description="The one leader's value applied (AR "
                        "20.5; militia leaders per 21.6, admirals never, 21.7).")
    modifier: int = Field(0, ge=-3, le=3, description="Any other modifier to the die "
                          "(unofficial Demoralization: -1, AR 39).")


def answer_enlistment(q: EnlistmentQuestion, tables: None) -> LossesAnswer:
    """Units lost to enlistment: die + leader, 1-4 eliminated (AR 20.5)."""
    chance = enlistment_loss_chance(q.leader, q.modifier)
    return _losses(enlistment_losses(q.checking, q.leader, q.modifier), chance,
                   ["AR 20.2", "AR 20.3", "AR 20.4", "AR 20.5"])


# Siege


class SiegeQuestion(BaseModel):
    """An attack on a garrisoned enemy fortress (AR 28.2-28.7, 28.5)."""

    model_config = _MODEL
    besieger: ForceQuestion = Field(description="Besieger (the attacker)")
    garrison: ForceQuestion = Field(description="Garrison")
    fortress_cf: int = Field(ge=0, le=10, description="The fortress's printed combat value "
                             "(AR 28.3).")
    siege: bool = Field(False, description="A Siege marker is in place (AR 28.6-28.7).")
    rounds: int = Field(1, ge=1, le=10, description="Attacker fire rounds for the garrison's "
                        "state (its own fire left out).")
    wilderness: bool = Field(False, description="A wilderness or Indian locale (AR 18.12).")


class SiegeAnswer(BaseModel):
    model_config = _MODEL
    besieged: bool
    garrison_first: Chance
    attacker_dice: int
    round_on_garrison: dict[str, Chance]
    garrison_after_rounds: dict[str, Chance]
    attacker_wins: Chance | None
    captured: Chance | None
    destroyed: Chance | None
    note: str
    citations: list[str]


def answer_siege(q: SiegeQuestion, tables: None) -> SiegeAnswer:
    """Per round, after several rounds and fought out, an attack on a fortress (AR 28)."""
    if not q.besieger.firers() or not q.garrison.firers():
        raise AdjudicatorError("a siege question needs attacking and garrison units")
    lead = (_modifier_sum(q.besieger, fortress=False, besieged=False, frontier=False,
                          literal=False)
            - _modifier_sum(q.garrison, fortress=False, besieged=False, frontier=False,
                            literal=False))
    attackers = BattleSide(battle_units(q.besieger.firers(), wilderness=q.wilderness))
    garrison = battle_units(q.garrison.firers(), wilderness=q.wilderness)
    dice = sum(u.dice for u in attackers.units) + q.besieger.spend
    after = garrison_after_rounds(dice, garrison, q.rounds, besieged=q.siege)
    note = ("each attack stands alone: the rulebook has no siege progression across turns "
            "(AR 28.9, 28.10, 28.14; disrupted units rally after each battle, AR 18.7); "
            "the rounds leave out the garrison's fire, the battle leaves out Tactics dice; "
            + POLICY)
    try:
        attack = siege_attack(attackers, garrison, fortress_cf=q.fortress_cf,
                              besieged=q.siege, initiative_lead=lead)
    except ValueError as error:
        first = 1 - initiative(lead - (0 if q.siege else 1))
        return SiegeAnswer(
            besieged=q.siege, garrison_first=Chance.of(first), attacker_dice=dice,
            round_on_garrison=_hits_spread(fire_round(dice, protected=not q.siege)),
            garrison_after_rounds={f"{f} fresh, {d} disrupted": Chance.of(p)
                                   for (f, d), p in after.items()},
            attacker_wins=None, captured=None, destroyed=None,
            note=f"battle not computed: {error}", citations=_SIEGE_CITATIONS)
    return SiegeAnswer(
        besieged=q.siege, garrison_first=Chance.of(attack.defender_first),
        attacker_dice=dice, round_on_garrison=_hits_spread(
            fire_round(dice, protected=not q.siege)),
        garrison_after_rounds={f"{f} fresh, {d} disrupted": Chance.of(p)
                               for (f, d), p in after.items()},
        attacker_wins=Chance.of(attack.battle.attacker), captured=Chance.of(attack.captured),
        destroyed=Chance.of(attack.destroyed), note=note, citations=_SIEGE_CITATIONS)


_SIEGE_CITATIONS = ["AR 28.2", "AR 28.3", "AR 28.5", "AR 28.7", "AR 28.14", "AR 18.4"]


def siege_text(answer: SiegeAnswer) -> str:
    """The siege as a player aid."""
    table = "normal table (siege in place)" if answer.besieged else \
        "fortress-protected table: 6s disrupt, no eliminations"
    lines = [f"Garrison fires first: {answer.garrison_first}; attacker's {answer.attacker_dice}"
             f" dice on the {table}",
             "Garrison after the attacker's rounds: " + " · ".join(
                 f"{k} {_shown(c)}" for k, c in answer.garrison_after_rounds.items())]
    if answer.attacker_wins is not None:
        lines.append(f"Attacker wins {_shown(answer.attacker_wins)}: fortress captured "
                     f"{_shown(answer.captured) if answer.captured else '-'}, destroyed "
                     f"{_shown(answer.destroyed) if answer.destroyed else '-'} (AR 28.5)")
    lines.append(f"  {answer.note}")
    return "\n".join(lines)


# Movement


class MoveQuestion(BaseModel):
    """A move against its roll (AR 16.3, 16.12)."""

    model_config = _MODEL
    cost: tuple[Annotated[int, Field(ge=1, le=6)], ...] = Field(
        (), description="A route's MP cost, in path order (repeatable).",
        json_schema_extra={"metavar": "MP"})
    roads: int = Field(0, ge=0, le=30, description="Roads on the path (1 MP each).")
    trails: int = Field(0, ge=0, le=30, description="Trails (2 MP, 1 for a force of only "
                        "leaders, light and Indians).")
    lakes: int = Field(0, ge=0, le=30, description="Lake/river routes (1 MP each).")
    seas: int = Field(0, ge=0, le=30, description="High-seas routes (1 MP each, fleets).")
    light_only: bool = Field(False, description="The force is only leaders, light troops "
                             "and Indians (AR 16.12).")
    leader: int = Field(0, ge=0, le=6, description="The commander's effective value (AR "
                        "16.3, 21.6-21.7; 0: leaderless).")
    die: int | None = Field(None, ge=1, le=6, description="The movement die (omit: the "
                            "chance before the roll).")


class MoveAnswer(BaseModel):
    model_config = _MODEL
    route_costs: list[int]
    cost: int
    allowance: int | None
    legal: bool | None
    mp_left: int | None
    reach: Chance
    citations: list[str]


def answer_move(q: MoveQuestion, tables: None) -> MoveAnswer:
    """A path's MP against die + commander (AR 16.3, 16.12), or the chance before the roll
    (digest 6.3)."""
    costs = list(q.cost)
    for route, n in ((Route.ROAD, q.roads), (Route.TRAIL, q.trails),
                     (Route.LAKE_RIVER, q.lakes), (Route.HIGH_SEAS, q.seas)):
        costs += [route_cost(route, light_only=q.light_only)] * n
    if not costs:
        raise AdjudicatorError("move needs a path: --cost, --roads, --trails, --lakes or "
                               "--seas")
    reach = reach_chance(sum(costs), q.leader)
    citations = ["AR 16.3", "AR 16.12", "AR 16.13"]
    if q.die is None:
        return MoveAnswer(route_costs=costs, cost=sum(costs), allowance=None, legal=None,
                          mp_left=None, reach=Chance.of(reach), citations=citations)
    move = refused(lambda: check_move(costs, q.die or 0, q.leader))
    return MoveAnswer(route_costs=costs, cost=move.cost, allowance=move.allowance,
                      legal=move.legal, mp_left=move.left if move.legal else None,
                      reach=Chance.of(reach), citations=citations)


def move_text(answer: MoveAnswer) -> str:
    """One line."""
    path = " + ".join(str(c) for c in answer.route_costs)
    if answer.allowance is None:
        return (f"Path {path} = {answer.cost} MP: reachable before the roll {answer.reach} "
                "(AR 16.3, 16.12)")
    verdict = (f"legal, {answer.mp_left} MP left (lost, AR 16.13)" if answer.legal
               else "ILLEGAL: costs more than the allowance")
    return (f"Path {path} = {answer.cost} MP against allowance {answer.allowance}: {verdict}"
            " (AR 16.3, 16.12)")


_UNIT_FIELDS = ("regulars", "detachments", "grenadiers", "light", "militia", "indians",
                "marines", "hessians", "other_cf")
"""A force's unit options: any of them asks a battle or a siege."""


def questions() -> tuple[AnyQuestion, ...]:
    """The what-if questions of `adjudicator odds ar`, in the order a command without a
    question word answers them."""
    return (
        Question("combat", "A battle's dice, per-round hits, initiative and win odds (AR 18, "
                 "24.6, 28).", "Battle", CombatQuestion, answer_combat, combat_text,
                 _no_tables, asked_by=tuple(f"attacker_{name}" for name in _UNIT_FIELDS)),
        Question("initiative", "Who fires first in a battle, both readings (AR 18.4(1), "
                 "FAQ).", "Initiative", InitiativeQuestion, answer_initiative,
                 initiative_text, _no_tables, asked_by=("attacker_tactics",
                                                        "defender_tactics")),
        Question("rabble", "A rabble-rousing contest: US, tie or GB (AR 9.3-9.4, 12.5).",
                 "Rabble rousing", RabbleQuestion, answer_rabble, rabble_text, _no_tables,
                 asked_by=("us", "gb")),
        Question("forced-march", "Forced-march attrition losses (AR 17.2).", "Forced march",
                 ForcedMarchQuestion, answer_forced_march, losses_text, _no_tables,
                 asked_by=("marching",)),
        Question("enlistment", "Enlistment losses of a force (AR 20.5).", "Enlistment",
                 EnlistmentQuestion, answer_enlistment, losses_text, _no_tables,
                 asked_by=("checking",)),
        Question("siege", "An attack on a fortress: per round, over rounds and fought out "
                 "(AR 28).", "Siege", SiegeQuestion, answer_siege, siege_text, _no_tables,
                 asked_by=tuple(f"besieger_{name}" for name in _UNIT_FIELDS)),
        Question("move", "A path's MP against die + commander, or the chance before the "
                 "roll (AR 16.3, 16.12).", "Movement", MoveQuestion, answer_move, move_text,
                 _no_tables, asked_by=("cost", "roads", "trails", "lakes", "seas")),
    )


__all__ = [
    "CombatAnswer",
    "CombatQuestion",
    "EnlistmentQuestion",
    "ForceQuestion",
    "ForcedMarchQuestion",
    "InitiativeOdds",
    "InitiativeQuestion",
    "LossesAnswer",
    "MoveAnswer",
    "MoveQuestion",
    "RabbleAnswer",
    "RabbleQuestion",
    "SiegeAnswer",
    "SiegeQuestion",
    "answer_combat",
    "answer_enlistment",
    "answer_forced_march",
    "answer_initiative",
    "answer_move",
    "answer_rabble",
    "answer_siege",
    "combat_text",
    "initiative_text",
    "losses_text",
    "move_text",
    "questions",
    "rabble_text",
    "siege_text",
]
