"""War for America's tables: those the rulebook prints (digest section 5, T-1 to T-16, read
from `tables.json`) and the shapes of those it only names, which users supply (T-17).

Every transcribed table and row carries a `source` (the rule section it comes from, then
the digest's table). The rulebook wins where it and the digest disagree; the transcription
was checked against `shared/seeds/war-for-america.rules.txt` section by section (the two
agree on every value here).

The tables the rulebook lacks (digest A-1) -- the Standard Battle Table with its Petite
Guerre Table, the Siege (Resolution) Table and the Fleet Combat Table -- are modelled here
(`BattleTables`, `SiegeTable`, `FleetCombatTable`) so that user data can be checked and
merged into `WfATables`; the bundled tables leave them `None`.

Die rolls on these tables are D12, which in this rulebook means 2d6 (2-12). A row covers
modified rolls `low..high`; `None` at either end means "or less" / "or more".
"""

from __future__ import annotations

import json
import re
from functools import cache
from pathlib import Path
from typing import Literal

from pydantic import Field, model_validator

from adjudicator.systems.war_for_america.data.vocabulary import (
    BattleRating,
    Colour,
    Record,
    Source,
)

TABLES_FILE = Path(__file__).with_name("tables.json")


class _Table(Record):
    id: str
    title: str
    source: Source


# T-1, T-2: control and ports


class GarrisonMinimum(Record):
    """SP the British must keep in a space to keep its control (WfA 4.13)."""

    space: str
    min_sp: int = Field(ge=1)
    source: Source


class T1GarrisonMinimums(_Table):
    """T-1 -- Garrison minimums to keep British control (WfA 4.13)."""

    rows: tuple[GarrisonMinimum, ...]


class T2VictoryPorts(_Table):
    """T-2 -- The ports of the British post-French-entry victory condition (WfA 4.3)."""

    ports: tuple[str, ...]
    also_required: tuple[str, ...]
    note: str


# T-3, T-4: political will


class PoliticalWillFactor(Record):
    """One event that moves a side's Political Will marker.

    `shift` is in spaces: negative = left (loss), positive = right (gain).
    """

    event: str
    shift: int
    recaptured_shift: int | None = None
    """The shift when the space is recaptured, where the table gives one."""
    one_time: bool = False
    source: Source


class PoliticalWillLimits(Record):
    british_start: int
    colonial_start: int
    maximum: int
    major_victory_winner: int
    major_victory_loser: int
    card_24_non_compliance: int
    source: Source


class PoliticalWillTable(_Table):
    """T-3 (British, WfA 5.1) and T-4 (Congress, WfA 5.2)."""

    factors: tuple[PoliticalWillFactor, ...]


# T-5, T-6, T-7: leaders


class CommandCircle(Record):
    """Whom a leader of a command-circle colour may command (WfA 11.2)."""

    colour: Colour
    may_command: tuple[str, ...]
    note: str = ""
    source: Source


class T5CommandCircles(_Table):
    """T-5 -- Leader command circle colours (WfA 11.2; digest A-8 for the garbled list)."""

    circles: tuple[CommandCircle, ...]


class RankLimit(Record):
    """What a leader's rank lets him command, and how a larger defending force counts.

    `stars` 0 is a force with no leader (WfA 11.8): `command_sp` None (moves any stack),
    `battle_cap` 10 SP take part in battle.
    """

    stars: int = Field(ge=0, le=3)
    command_sp: int | None
    """Most SP he may move, attack or retreat before combat with (None: any)."""
    defence: Literal["halve_excess", "ignore_excess", "cap"]
    defence_threshold: int
    """SP above this are halved (round down), ignored, or do not take part."""
    commands_armies: bool = False
    source: Source


class T6LeaderRanks(_Table):
    """T-6 -- Leader rank (WfA 11.3-11.6, 11.8)."""

    ranks: tuple[RankLimit, ...]


class RatingModifier(Record):
    rating: BattleRating
    drm: int
    source: Source


class T7BattleRatings(_Table):
    """T-7 -- Leaders in combat, die roll modifiers (WfA 11.14)."""

    ratings: tuple[RatingModifier, ...]

    def drm(self, rating: BattleRating) -> int:
        """The D12 modifier of a leader rated `rating`."""
        return next(row.drm for row in self.ratings if row.rating is rating)


# T-8, T-9: free actions, armies


class T8FreeActions(_Table):
    """T-8 -- Free actions (WfA 9.10)."""

    actions: tuple[str, ...]


class ArmyKind(Record):
    short: str
    name: str
    british: int
    colonial: int
    operates_in: str
    source: Source


class ArmyCreation(Record):
    from_year: int
    min_regular_sp: int
    max_sp: int
    leader_stars: int
    conditions: tuple[str, ...]
    advantages: tuple[str, ...]
    rbc_modifier: int
    """Added to the retreat-before-combat D6 of an army (WfA 11.25)."""
    source: Source


class T9Armies(_Table):
    """T-9 -- Armies (WfA 11.17-11.25)."""

    armies: tuple[ArmyKind, ...]
    creation: ArmyCreation


# T-10: movement


class T10MovementAllowances(_Table):
    """T-10 -- Movement allowances (WfA 12.1-12.7, 14.2, 18.1)."""

    leaderless_die_modifier: int
    """D6 minus 2 (WfA 12.1-12.2)."""
    leaderless_minimum: int
    """'A result of 1-2 always yields 1 MP' (WfA 12.2; digest A-27)."""
    with_leader: int
    """Full allowance when the activation roll succeeds (WfA 12.1, 12.6)."""
    failed_activation: int
    """MP when the activation roll fails (WfA 12.7, 11.10)."""
    leader_alone_die_modifier: int
    """A leader moving with no SP: D6 plus 2 (WfA 12.1)."""
    fleet_die_modifier: int
    rodney_modifier: int
    """Rodney's fleet adds 1 to its movement D6 and its combat D12 (WfA 14.2)."""
    winter_north: int
    """All units have 2 MP when they begin a Winter AP in the Northern Regions (WfA 18.1)."""
    water_bonus: int
    """Extra MP spent on the continuous water connection started and ended on (WfA 12.1),
    never in winter (WfA 18.1)."""
    fort_construction_mp: int
    """A movement roll of at least this many MP builds a fort (WfA 17.6)."""
    immobile: tuple[str, ...]
    source_notes: tuple[str, ...]


# T-11: losses


class LossStep(Record):
    order: int
    british: str
    american: str
    source: Source


class T11LossPriority(_Table):
    """T-11 -- Loss priority (WfA 13.0 Step 8, 17.3)."""

    steps: tuple[LossStep, ...]
    notes: tuple[str, ...]


# T-12: victory


class VictoryCondition(Record):
    phase: Literal["before_french_entry", "after_french_entry", "any_time", "otherwise"]
    side: Literal["british", "colonial", "either"]
    label: str
    text: str
    source: Source


class T12Victory(_Table):
    """T-12 -- Victory conditions (WfA 4.1-4.5, 13.13-13.14)."""

    conditions: tuple[VictoryCondition, ...]


# T-13: winter quartering


class QuarteringLimit(Record):
    kind: Literal["key_coastal", "coastal", "key_inland", "circle"]
    label: str
    limit: int
    source: Source


class T13WinterQuartering(_Table):
    """T-13 -- Winter Quartering limits (WfA 18.7-18.8, 18.10)."""

    limits: tuple[QuarteringLimit, ...]
    magazine_bonus: int
    excess_lost: Literal["half_round_down"]
    shared_space: Literal["half_round_down"]

    def limit(self, kind: str) -> int:
        """The SP limit of a space of `kind` (key_coastal, coastal, key_inland, circle)."""
        for row in self.limits:
            if row.kind == kind:
                return row.limit
        raise KeyError(kind)


# T-14: fleet combat modifiers


class FleetModifier(Record):
    id: str
    drm: int
    condition: str
    source: Source


class T14FleetModifiers(_Table):
    """T-14 -- Fleet Combat modifiers to the attacker's D12 (WfA 15.6, 15.1, 14.2)."""

    modifiers: tuple[FleetModifier, ...]
    combined_fleet_low: int
    combined_fleet_high: int
    """A combined fleet's D12 in low..high adds the strengths (WfA 15.4)."""
    outcomes: tuple[str, ...]

    def drm(self, modifier_id: str) -> int:
        """The D12 modifier named `modifier_id`."""
        return next(m.drm for m in self.modifiers if m.id == modifier_id)


# T-15: other die rolls


class DieProcedure(Record):
    id: str
    procedure: str
    die: str
    result: str
    source: Source


class T15DieRolls(_Table):
    """T-15 -- Other die-roll tables stated in the text."""

    procedures: tuple[DieProcedure, ...]
    rbc_no_leader_max: int
    """Retreat before combat with no leader or one of too low a rank succeeds on 1..this
    (WfA 12.11)."""
    arnold_defects_high: int
    """Arnold defects on a D12 of 2..this (WfA 19.13)."""
    exchange_lost_high: int
    """A leader is lost for good on a prisoner-exchange D6 of 1..this (WfA 19.14)."""


# T-16: numeric limits


class NumericLimit(Record):
    id: str
    value: int
    text: str
    source: Source


class T16Limits(_Table):
    """T-16 -- Numeric limits."""

    limits: tuple[NumericLimit, ...]

    def value(self, limit_id: str) -> int:
        """The limit named `limit_id`."""
        return next(limit.value for limit in self.limits if limit.id == limit_id)


class T17MissingTables(_Table):
    """T-17 -- Tables referred to but not printed: supplied by the user (digest A-1)."""

    tables: tuple[str, ...]


# User-supplied tables (not in the rulebook)


class RollRow(Record):
    """Modified D12 rolls `low..high` (None: open-ended) and what they give."""

    low: int | None = None
    high: int | None = None
    result: str

    def covers(self, roll: int) -> bool:
        """Whether the modified roll falls in this row."""
        return (self.low is None or roll >= self.low) and (self.high is None or roll <= self.high)


def _check_rows(rows: tuple[RollRow, ...], what: str) -> None:
    """Rows must not overlap, so a roll reads one result."""
    for i, row in enumerate(rows):
        if row.low is not None and row.high is not None and row.low > row.high:
            raise ValueError(f"{what}: row {row.low}..{row.high} is empty")
        for other in rows[i + 1:]:
            lows = [x for x in (row.low, other.low) if x is not None]
            highs = [x for x in (row.high, other.high) if x is not None]
            if (not lows or not highs) or max(lows) <= min(highs):
                raise ValueError(f"{what}: rows {row.result!r} and {other.result!r} overlap")


_RESULT = re.compile(r"^\s*(?P<sp>\d*)\s*(?P<stars>\**)\s*$")
NO_RESULT = ("", "-", "—", "–", "0", "none")


class CombatResult(Record):
    """A battle table result: SP the enemy loses and the count of '*' (WfA 13.0 Step 7)."""

    sp: int = Field(ge=0)
    stars: int = Field(ge=0)

    @classmethod
    def parse(cls, text: str) -> CombatResult:
        """'1*' → 1 SP and one star; '**' → 0 SP, two stars; '—' → nothing."""
        if text.strip() in NO_RESULT:
            return cls(sp=0, stars=0)
        found = _RESULT.match(text)
        if found is None:
            raise ValueError(f"battle result {text!r} is not a number and/or '*'s")
        return cls(sp=int(found["sp"] or 0), stars=len(found["stars"]))

    def __str__(self) -> str:
        text = (str(self.sp) if self.sp else "") + "*" * self.stars
        return text or "—"


class BattleColumn(Record):
    """One column of the Standard Battle Table or the Petite Guerre Table, chosen by the
    rolling side's own effective SP `min_sp..max_sp` (None: open-ended) (WfA 13.0 Step 6).
    `lone_garrison`: the '<1' column a garrison alone rolls on (WfA 19.21)."""

    label: str
    table: Literal["standard", "petite_guerre"]
    min_sp: int | None = None
    max_sp: int | None = None
    lone_garrison: bool = False
    rows: tuple[RollRow, ...] = Field(min_length=1)
    source: Source

    @model_validator(mode="after")
    def _valid(self) -> BattleColumn:
        _check_rows(self.rows, f"column {self.label!r}")
        for row in self.rows:
            CombatResult.parse(row.result)
        return self

    def covers(self, sp: int) -> bool:
        """Whether a side of `sp` effective SP rolls on this column."""
        if self.lone_garrison:
            return False
        return (self.min_sp is None or sp >= self.min_sp) and (
            self.max_sp is None or sp <= self.max_sp)


class TableModifier(Record):
    """A modifier printed on the battle table card (e.g. 'Regulars vs Militia')."""

    id: str
    drm: int
    condition: str = ""
    source: Source


class BattleTables(Record):
    """The Standard Battle Table and Petite Guerre Table (user-supplied; WfA 13.0 St.5-7)."""

    columns: tuple[BattleColumn, ...] = Field(min_length=1)
    modifiers: tuple[TableModifier, ...] = ()
    source: Source

    def ordered(self) -> tuple[BattleColumn, ...]:
        """The columns from the fewest SP to the most (the lone-garrison column first)."""
        return tuple(sorted(self.columns, key=lambda c: (
            not c.lone_garrison, c.min_sp if c.min_sp is not None else -1)))


class SiegeTable(Record):
    """The Siege (Resolution) Table: each D12 row 'no_effect' or 'surrender' (WfA 17.13-
    17.14; user-supplied)."""

    rows: tuple[RollRow, ...] = Field(min_length=1)
    source: Source

    @model_validator(mode="after")
    def _valid(self) -> SiegeTable:
        _check_rows(self.rows, "siege table")
        for row in self.rows:
            if row.result not in ("no_effect", "surrender"):
                raise ValueError(f"siege table result {row.result!r} is not no_effect or "
                                 "surrender (WfA 17.13)")
        return self


FLEET_OUTCOMES = ("defender_to_trt", "attacker_to_trt", "both_to_trt")
"""The only outcomes of fleet combat (WfA 15.7)."""


class FleetCombatTable(Record):
    """The Fleet Combat Table: the attacker's modified D12 → which fleets go to the TRT two
    turns later (WfA 15.5 Step 4, 15.7; user-supplied)."""

    rows: tuple[RollRow, ...] = Field(min_length=1)
    source: Source

    @model_validator(mode="after")
    def _valid(self) -> FleetCombatTable:
        _check_rows(self.rows, "fleet combat table")
        for row in self.rows:
            if row.result not in FLEET_OUTCOMES:
                raise ValueError(f"fleet combat result {row.result!r} is not one of "
                                 f"{', '.join(FLEET_OUTCOMES)} (WfA 15.7)")
        return self


class WfATables(Record):
    """Every War for America table: the rulebook's (bundled) and the user's (None until
    supplied)."""

    t1: T1GarrisonMinimums
    t2: T2VictoryPorts
    t3: PoliticalWillTable
    t4: PoliticalWillTable
    political_will: PoliticalWillLimits
    t5: T5CommandCircles
    t6: T6LeaderRanks
    t7: T7BattleRatings
    t8: T8FreeActions
    t9: T9Armies
    t10: T10MovementAllowances
    t11: T11LossPriority
    t12: T12Victory
    t13: T13WinterQuartering
    t14: T14FleetModifiers
    t15: T15DieRolls
    t16: T16Limits
    t17: T17MissingTables
    battle: BattleTables | None = None
    """Standard Battle Table and Petite Guerre Table (user-supplied)."""
    siege: SiegeTable | None = None
    """Siege (Resolution) Table (user-supplied)."""
    fleet_combat: FleetCombatTable | None = None
    """Fleet Combat Table (user-supplied)."""


class _TablesFile(Record):
    about: str
    source: Source
    tables: WfATables


@cache
def bundled_tables() -> WfATables:
    """The rulebook's tables from `tables.json` (read once per process)."""
    raw = json.loads(TABLES_FILE.read_text(encoding="utf-8"))
    return _TablesFile.model_validate(raw).tables


__all__ = [
    "FLEET_OUTCOMES", "BattleColumn", "BattleTables", "CombatResult", "FleetCombatTable",
    "FleetModifier", "PoliticalWillFactor", "RankLimit", "RollRow", "SiegeTable",
    "TableModifier", "WfATables", "bundled_tables"]
