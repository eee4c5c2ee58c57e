"""Land combat probabilities: each side's column, modifiers and results, and who wins
(digest 6.3; WfA 13.0 Steps 1 and 5-8).

Both sides roll a D12 (2d6) on their own column of the Standard Battle Table -- the Petite
Guerre Table for 2 SP or less, its '<1' column for a lone garrison -- chosen by their own
effective SP (WfA 13.0 Step 6, 19.21); a side of more than 2 SP with no LOC rolls one
column lower (WfA 13.0 Step 1, 16.6). Each side's D12 is modified by:

- its senior leader's battle rating, A +3 .. D +0 (WfA 11.7, 11.14), and in an army a
  second leader's (WfA 11.9, 11.25) and +1 for a Tactical Commander (WfA 11.27; digest A-32
  reads it as +1 to the side's D12);
- the attacker: -3 against a fortress, but not against a lone garrison (WfA 17.2, 19.21);
  -1 against an entrenchment (WfA 17.10 prints 'D6'; digest A-10 reads the battle D12);
  -3 attacking amphibiously in the Caribbean (WfA 19.31);
- the defender: +1 when the attacker landed amphibiously and attacks (WfA 12.16);
- the modifiers printed on the battle table card (user data, e.g. 'Regulars vs Militia'),
  and an action card's.

A result is a number of SP the enemy loses and a count of '*'. The winner inflicts the most:
a number trumps '*'s, a number plus '*'s trumps the lone number, more '*'s beat fewer; the
'*'s against a fortress are ignored; equal results are a tie, which the attacker loses by
retreating (WfA 13.0 Step 7; digest A-12 compares the SP number first, then the '*'s;
the literal reading -- any number plus '*'s trumps any lone number -- is computed too and
reported when it differs). A
lone garrison wins only on a natural 12 (WfA 19.23). Fortress defenders that tie or win
lose one SP fewer (WfA 13.0 Step 8, 17.3). A modified roll beyond the printed rows reads
the nearest row (digest 6.3 assumption).

Without a battle table (the rulebook prints none, digest A-1) the answer still gives each
side's column, modifiers and modified-roll distribution.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from typing import Literal

from adjudicator.systems.common.probability import Distribution, joint
from adjudicator.systems.common.tables import Modifier, RollTable, total_drm
from adjudicator.systems.war_for_america.data.tables import (
    BattleColumn,
    BattleTables,
    CombatResult,
    WfATables,
)
from adjudicator.systems.war_for_america.data.vocabulary import BattleRating

Role = Literal["attacker", "defender"]
ResultOrder = Literal["number_first", "class_first"]
"""How results rank in WfA 13.0 Step 7 (digest A-12; see `result_key`)."""
TwoD6 = Distribution.dice(2)
"""The D12 of the rulebook: two six-sided dice (WfA 2.0)."""


@dataclass(frozen=True, slots=True)
class CombatSide:
    """One side of a land battle as the tables need it.

    `sp` is the side's effective SP (`effective.py`: leader caps and fort doubling done).
    """

    sp: int
    rating: BattleRating | None = None
    """The senior leader's battle rating (None: no leader)."""
    second_rating: BattleRating | None = None
    """In an army, one other leader's rating (WfA 11.9)."""
    army: bool = False
    tactical_commander: bool = False
    has_loc: bool = True
    lone_garrison: bool = False
    table_modifiers: tuple[str, ...] = ()
    """Ids of modifiers printed on the user's battle table card."""
    card_drm: int = 0
    """An action card's modifier to this side's D12."""


@dataclass(frozen=True, slots=True)
class Ground:
    """Where the battle is fought, as far as the modifiers care."""

    fortress: bool = False
    entrenchment: bool = False
    amphibious: bool = False
    """The attacker landed via amphibious movement (WfA 12.16)."""
    caribbean: bool = False
    """A Caribbean amphibious attack (WfA 19.31)."""


@dataclass(frozen=True, slots=True)
class ColumnChoice:
    """The column a side rolls on: which table, the table's label when a table is given,
    and whether it was shifted one column lower for want of an LOC."""

    table: Literal["standard", "petite_guerre"]
    label: str
    shifted: bool = False
    notes: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class SideOdds:
    """One side's column, modifiers and what its roll gives."""

    column: ColumnChoice
    modifiers: tuple[Modifier, ...]
    drm: int
    modified_roll: Distribution[int]
    results: Distribution[CombatResult] | None
    """None without a battle table."""


@dataclass(frozen=True, slots=True)
class WinnerOdds:
    """Who wins under one reading of WfA 13.0 Step 7, and the defender's SP lost (which
    depends on the winner against a fortress)."""

    attacker_wins: Fraction
    defender_wins: Fraction
    tie: Fraction
    defender_loss: Distribution[int]


@dataclass(frozen=True, slots=True)
class BattleOdds:
    """A land battle's exact odds (None parts: no battle table given)."""

    attacker: SideOdds
    defender: SideOdds
    attacker_wins: Fraction | None = None
    defender_wins: Fraction | None = None
    tie: Fraction | None = None
    """No winner: the attacker retreats (WfA 13.0 Step 7, 13.1)."""
    attacker_loss: Distribution[int] | None = None
    defender_loss: Distribution[int] | None = None
    other_reading: WinnerOdds | None = None
    """The same battle under the other reading of Step 7 (digest A-12)."""
    notes: tuple[str, ...] = field(default=())


def choose_column(tables: WfATables, side: CombatSide) -> ColumnChoice:
    """The column `side` rolls on (WfA 13.0 Steps 1 and 6, 16.6, 19.21).

    Without the user's battle table the label names the range only ('<1', '1-2', '3+').
    """
    small = tables.t16.value("fort_doubling_max_sp")
    battle = tables.battle
    if side.lone_garrison:
        if battle is not None:
            found = [c for c in battle.columns if c.lone_garrison]
            if found:
                return ColumnChoice("petite_guerre", found[0].label, notes=(
                    "a lone garrison rolls on the '<1' column (WfA 19.21)",))
        return ColumnChoice("petite_guerre", "<1", notes=(
            "a lone garrison rolls on the '<1' column (WfA 19.21)",))
    if side.sp < 1:
        raise ValueError("a side in battle has at least 1 SP or is a lone garrison")
    shift = not side.has_loc and side.sp > small
    why = ("no LOC and more than 2 SP: one column lower (WfA 13.0 Step 1, 16.6)",) if shift \
        else ()
    if battle is None:
        kind: Literal["standard", "petite_guerre"] = (
            "petite_guerre" if side.sp <= small else "standard")
        label = f"1-{small}" if kind == "petite_guerre" else f"the one for {side.sp} SP"
        return ColumnChoice(kind, label + (" (one column lower)" if shift else ""),
                            shifted=shift, notes=why)
    column = _column(battle, side.sp, shift)
    return ColumnChoice(column.table, column.label, shifted=shift, notes=why)


def _column(battle: BattleTables, sp: int, shift: bool) -> BattleColumn:
    ordered = [c for c in battle.ordered() if not c.lone_garrison]
    for index, column in enumerate(ordered):
        if column.covers(sp):
            return ordered[max(index - 1, 0)] if shift else column
    raise ValueError(f"the battle table has no column for {sp} SP")


def side_modifiers(tables: WfATables, side: CombatSide, role: Role, ground: Ground,
                   *, against_lone_garrison: bool = False) -> tuple[Modifier, ...]:
    """Every modifier to `side`'s D12 as `role` on `ground` (see the module docstring)."""
    limits = tables.t16
    found: list[Modifier] = []
    if side.rating is not None:
        found.append(Modifier(f"leader rated {side.rating}", tables.t7.drm(side.rating),
                              "WfA 11.14"))
    if side.army and side.second_rating is not None:
        found.append(Modifier(f"army's second leader rated {side.second_rating}",
                              tables.t7.drm(side.second_rating), "WfA 11.9, 11.25"))
    if side.army and side.tactical_commander:
        found.append(Modifier("Tactical Commander in an army",
                              limits.value("tc_in_army_drm"), "WfA 11.27; digest A-32"))
    if role == "attacker":
        if ground.fortress and not against_lone_garrison:
            found.append(Modifier("attacking a fortress", limits.value("fortress_attacker_drm"),
                                  "WfA 17.2"))
        if ground.entrenchment:
            found.append(Modifier("attacking an entrenchment",
                                  limits.value("entrenchment_attacker_drm"),
                                  "WfA 17.10; digest A-10"))
        if ground.caribbean:
            found.append(Modifier("Caribbean amphibious attack",
                                  limits.value("caribbean_amphibious_drm"), "WfA 19.31"))
    elif ground.amphibious:
        found.append(Modifier("defending against an amphibious landing",
                              limits.value("amphibious_defender_drm"), "WfA 12.16"))
    printed = {m.id: m for m in tables.battle.modifiers} if tables.battle else {}
    for name in side.table_modifiers:
        if name not in printed:
            known = ", ".join(printed) or "none: no battle table given"
            raise ValueError(f"unknown battle table modifier {name!r}; known: {known}")
        found.append(Modifier(name, printed[name].drm, printed[name].source[0]))
    if side.card_drm:
        found.append(Modifier("action card", side.card_drm, "WfA 13.0 Step 4"))
    return tuple(found)


def _side(tables: WfATables, side: CombatSide, role: Role, ground: Ground,
          against_lone_garrison: bool) -> tuple[SideOdds, Distribution[tuple[int, CombatResult]]
                                                 | None]:
    column = choose_column(tables, side)
    modifiers = side_modifiers(tables, side, role, ground,
                               against_lone_garrison=against_lone_garrison)
    drm = total_drm(modifiers)
    if tables.battle is None:
        return SideOdds(column, modifiers, drm, TwoD6 + drm, None), None
    table = _table(tables.battle, column, side)
    rolls = TwoD6.map(lambda natural: (natural, CombatResult.parse(
        table.read(natural + drm))))
    results = rolls.map(lambda pair: pair[1])
    return SideOdds(column, modifiers, drm, TwoD6 + drm, results), rolls


def _table(battle: BattleTables, choice: ColumnChoice, side: CombatSide) -> RollTable[str]:
    """The column's rows; a modified roll beyond them reads the nearest (digest 6.3)."""
    for column in battle.columns:
        if column.label == choice.label and column.lone_garrison == side.lone_garrison:
            return RollTable.from_rows(column.rows)
    raise ValueError(f"the battle table has no column {choice.label!r}")


def result_key(result: CombatResult, order: ResultOrder,
               ignore_stars: bool = False) -> tuple[int, ...]:
    """A result's rank for finding the winner (WfA 13.0 Step 7; digest A-12).

    `number_first` (the digest's reading): SP number, then '*'s. `class_first` (the
    literal reading of "a number plus *(s) trumps a lone number"): nothing < '*'s only <
    a lone number < a number plus '*'s, then SP number, then '*'s.
    """
    stars = 0 if ignore_stars else result.stars
    if order == "number_first":
        return (result.sp, stars)
    kind = (2 if result.sp else 0) + (1 if stars else 0)
    return (kind, result.sp, stars)


READING_NOTE = {
    "number_first": "results compared by SP number, then '*'s (digest A-12's reading of "
                    "WfA 13.0 Step 7)",
    "class_first": "results compared literally: a number plus '*'s trumps any lone number, "
                   "a number trumps '*'s (the other reading of WfA 13.0 Step 7, digest A-12)",
}


def battle_odds(tables: WfATables, attacker: CombatSide, defender: CombatSide,
                ground: Ground = Ground(), order: ResultOrder = "number_first") -> BattleOdds:
    """Both sides' columns, modifiers and results, and with a battle table the chances of
    each winner and the SP each side loses (two independent D12, 1296 combinations) under
    the `order` reading of Step 7, with the other reading's in `other_reading`."""
    if attacker.lone_garrison:
        raise ValueError("a garrison can never attack (WfA 19.20)")
    att, att_rolls = _side(tables, attacker, "attacker", ground, defender.lone_garrison)
    dfn, def_rolls = _side(tables, defender, "defender", ground, False)
    notes = []
    if ground.fortress:
        notes.append("the attacker's '*'s against a fortress are ignored; the fortress's "
                     "defenders lose one SP fewer if they tie or win (WfA 13.0 Step 7-8, 17.3)")
    if defender.lone_garrison:
        notes.append("a lone garrison wins only on a natural 12 (WfA 19.23)")
    if att_rolls is None or def_rolls is None:
        notes.append("no battle table given: the rulebook prints none (digest A-1); supply "
                     "it in a data file for the results")
        return BattleOdds(att, dfn, notes=tuple(notes))
    garrison_wins = tables.t16.value("garrison_wins_on")

    def outcomes(reading: ResultOrder) -> Distribution[tuple[str, int, int]]:
        def outcome(a: tuple[int, CombatResult],
                    d: tuple[int, CombatResult]) -> tuple[str, int, int]:
            (_, ra), (natural_d, rd) = a, d
            if defender.lone_garrison:
                winner = "defender" if natural_d == garrison_wins else "attacker"
            else:
                key_a = result_key(ra, reading, ignore_stars=ground.fortress)
                key_d = result_key(rd, reading)
                winner = ("attacker" if key_a > key_d else "defender" if key_d > key_a
                          else "tie")
            fortress_relief = 1 if ground.fortress and winner != "attacker" else 0
            return winner, max(ra.sp - fortress_relief, 0), rd.sp

        return joint(att_rolls, def_rolls, outcome)

    battle = outcomes(order)
    other_order: ResultOrder = "class_first" if order == "number_first" else "number_first"
    other = outcomes(other_order)
    other_odds = WinnerOdds(other.prob(lambda o: o[0] == "attacker"),
                            other.prob(lambda o: o[0] == "defender"),
                            other.prob(lambda o: o[0] == "tie"), other.map(lambda o: o[1]))
    same = other == battle
    if not defender.lone_garrison:
        notes.append(f"{READING_NOTE[order]}; " + (
            "the other reading gives the same odds here" if same else
            f"{READING_NOTE[other_order]}: attacker wins {other_odds.attacker_wins}, defender "
            f"wins {other_odds.defender_wins}, tie {other_odds.tie}"))
    return BattleOdds(
        att, dfn,
        attacker_wins=battle.prob(lambda o: o[0] == "attacker"),
        defender_wins=battle.prob(lambda o: o[0] == "defender"),
        tie=battle.prob(lambda o: o[0] == "tie"),
        attacker_loss=battle.map(lambda o: o[2]),
        defender_loss=battle.map(lambda o: o[1]),
        other_reading=None if defender.lone_garrison else other_odds,
        notes=tuple(notes))


def chance_modified_at_least(drm: int, target: int) -> Fraction:
    """P(2d6 + drm >= target), e.g. W-1: P(2d6 + 2 >= 10) = G(8) = 5/12."""
    return (TwoD6 + drm).at_least(target)


__all__ = ["READING_NOTE", "BattleOdds", "ColumnChoice", "CombatSide", "Ground", "Modifier",
           "ResultOrder", "SideOdds", "TwoD6", "WinnerOdds", "battle_odds",
           "chance_modified_at_least", "choose_column", "result_key", "side_modifiers"]
