"""Fleet and lake-navy combat odds (digest 6.2, 6.7 W-5, W-8; WfA 15.1-15.7, 14.2, 19.8-19.10).

Fleet combat (WfA 15.5): both sides' strengths give the odds; both roll a D6 for the
weather gauge, the higher gaining its '+2' (a tie: nobody); then the attacker alone rolls a
D12 (2d6) on the Fleet Combat Table with the T-14 modifiers: +2 weather gauge, +1 odds of
1.5:1 or more, +1 Rodney's fleet, -1 Spanish fleet defending alone, -1 attacking at 1:2,
-2 Spanish fleet attacking alone (signs as printed, digest A-13). A defender that stays in
port (WfA 15.1, Option 1) gives the attacker -1 and the gauge is not used. The outcome sends
the defender, the attacker, or both to the Turn Record Track two turns later (WfA 15.7).

The rulebook does not say what the defender's gauge does to the attacker's single roll
(digest A-13). The digest's reading, used here: the gauge is +2 to its holder's side, so -2
on the attacker's roll when the defender holds it (`signed`). The other reading: only the
attacker's own gauge counts (`attacker_only`). Every answer carries the other reading's
result too.

Combined fleets (WfA 15.4): a D12 of 2-4 adds the fleets' strengths, else one fleet's.

Lake navies (WfA 19.9-19.10): each side rolls a D6 plus its counter's modifier; the higher
wins, a tie is re-rolled, so P(win) = P(higher) / (1 - P(tie)).
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Literal

from adjudicator.systems.common.probability import Distribution, compare
from adjudicator.systems.common.tables import RollTable
from adjudicator.systems.war_for_america.data.tables import FleetCombatTable, RollRow, WfATables
from adjudicator.systems.war_for_america.odds import fleet_odds_modifiers

GaugeReading = Literal["signed", "attacker_only"]
GaugeHolder = Literal["attacker", "defender", "nobody"]

READING_TEXT = {
    "signed": "the weather gauge is +2 to its holder's side: -2 on the attacker's roll when "
              "the defender holds it (digest A-13's reading)",
    "attacker_only": "only the attacker's own weather gauge counts (the other reading of "
                     "WfA 15.5-15.6, digest A-13)",
}


@dataclass(frozen=True, slots=True)
class FleetSide:
    """One side of a fleet combat: its (combined) strength and what T-14 asks of it."""

    strength: int
    rodney: bool = False
    spanish_alone: bool = False


def threshold_fleet_table(threshold: int) -> FleetCombatTable:
    """A Fleet Combat Table on which the attacker wins on `threshold` or more and is sent
    back otherwise (a what-if, not data)."""
    return FleetCombatTable(rows=(RollRow(high=threshold - 1, result="attacker_to_trt"),
                                  RollRow(low=threshold, result="defender_to_trt")),
                            source=(f"what-if: the attacker wins on {threshold}+",))


def weather_gauge() -> Distribution[GaugeHolder]:
    """Who holds the weather gauge: the higher D6, nobody on a tie (WfA 15.5 Step 3)."""
    result = compare(Distribution.die(), Distribution.die())
    return Distribution.from_weights({"attacker": result.greater, "defender": result.less,
                                      "nobody": result.equal})


@dataclass(frozen=True, slots=True)
class FleetOdds:
    """A fleet combat's modifiers and, with a table, its outcomes under both readings."""

    fixed_modifiers: tuple[tuple[str, int], ...]
    """(T-14 id, DRM) that do not depend on the weather gauge."""
    reading: GaugeReading
    drm: Distribution[int]
    """The attacker's total modifier, the weather gauge rolled (this reading)."""
    outcomes: Distribution[str] | None
    other_reading: GaugeReading
    other_drm: Distribution[int]
    other_outcomes: Distribution[str] | None
    notes: tuple[str, ...]


def _fixed(tables: WfATables, attacker: FleetSide, defender: FleetSide,
           in_port: bool) -> tuple[tuple[str, int], ...]:
    ids = list(fleet_odds_modifiers(tables, attacker.strength, defender.strength))
    if attacker.rodney:
        ids.append("rodney")
    if defender.spanish_alone:
        ids.append("spanish_defending_alone")
    if attacker.spanish_alone:
        ids.append("spanish_attacking_alone")
    if in_port:
        ids.append("defender_in_port")
    return tuple((name, tables.t14.drm(name)) for name in ids)


def _drm(tables: WfATables, fixed: int, reading: GaugeReading,
         in_port: bool) -> Distribution[int]:
    if in_port:
        return Distribution.constant(fixed)
    gauge = tables.t14.drm("weather_gauge")
    effect = {"attacker": gauge, "nobody": 0,
              "defender": -gauge if reading == "signed" else 0}
    return weather_gauge().map(lambda holder: fixed + effect[holder])


def _outcomes(table: FleetCombatTable, drm: Distribution[int]) -> Distribution[str]:
    rows = RollTable.from_rows(table.rows)
    return drm.bind(lambda m: Distribution.dice(2).map(lambda natural: rows.read(natural + m)))


def fleet_combat(tables: WfATables, attacker: FleetSide, defender: FleetSide, *,
                 in_port: bool = False, table: FleetCombatTable | None = None,
                 reading: GaugeReading = "signed") -> FleetOdds:
    """The attacker's modifiers and the combat's outcomes (`table`, else the user's
    `tables.fleet_combat`; None: modifiers only)."""
    fixed = _fixed(tables, attacker, defender, in_port)
    total = sum(drm for _, drm in fixed)
    other: GaugeReading = "attacker_only" if reading == "signed" else "signed"
    table = table or tables.fleet_combat
    drm, other_drm = (_drm(tables, total, reading, in_port),
                      _drm(tables, total, other, in_port))
    notes = [f"reading: {READING_TEXT[reading]}; the other reading is also given"]
    if in_port:
        notes = ["the defender stays in port: -1, the weather gauge is not used (WfA 15.1)"]
    if defender.rodney:
        notes.append("Rodney's +1 modifies his own combat roll (WfA 14.2); only the attacker "
                     "rolls (WfA 15.5 Step 4), so it is not applied to a defending Rodney")
    if table is None:
        notes.append("no Fleet Combat Table given: the rulebook prints none (digest A-1)")
    return FleetOdds(
        fixed, reading, drm, _outcomes(table, drm) if table else None, other, other_drm,
        _outcomes(table, other_drm) if table else None, tuple(notes))


def combined_fleet_chance(tables: WfATables) -> Fraction:
    """P(a combined fleet's D12 adds the strengths): 2-4 (WfA 15.4).

    >>> from adjudicator.systems.war_for_america.data.tables import bundled_tables
    >>> combined_fleet_chance(bundled_tables())
    Fraction(1, 6)
    """
    roll = Distribution.dice(2)
    low, high = tables.t14.combined_fleet_low, tables.t14.combined_fleet_high
    return roll.prob(lambda s: low <= s <= high)


@dataclass(frozen=True, slots=True)
class LakeBattle:
    """A lake navy battle: one roll's chances, and who wins once ties are re-rolled."""

    british_roll: Fraction
    tie_roll: Fraction
    colonial_roll: Fraction
    british_wins: Fraction
    colonial_wins: Fraction


def lake_navy_battle(british_modifier: int, colonial_modifier: int) -> LakeBattle:
    """Lake navy combat with the counters' modifiers (WfA 19.9-19.10).

    >>> lake_navy_battle(1, 0).british_wins
    Fraction(21, 31)
    """
    roll = compare(Distribution.die() + british_modifier, Distribution.die() + colonial_modifier)
    decided = 1 - roll.equal
    return LakeBattle(roll.greater, roll.equal, roll.less, roll.greater / decided,
                      roll.less / decided)


__all__ = ["READING_TEXT", "FleetOdds", "FleetSide", "GaugeReading", "LakeBattle",
           "combined_fleet_chance", "fleet_combat", "lake_navy_battle",
           "threshold_fleet_table", "weather_gauge"]
