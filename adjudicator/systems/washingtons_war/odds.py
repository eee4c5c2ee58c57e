"""Washington's War odds, exact: battles (WW 9.2–9.5), the British Regulars' Advantage and
the French Alliance after a battle (WW 9.2 Step 7, 9.41, 12.1), interception and retreat
before battle (WW 7.8.A, 7.9.A) and winter attrition (WW 11).

Every number is a `Fraction` computed by enumerating the dice the rules roll, read through
the rulebook's tables as the bundled data transcribes them (T3 Actual Battle Rating, T5 and
T6 losses, T7 agility attempts, T8 winter attrition); nothing here restates a table. The
digest's worked numbers (§6.9, N1–N5) are the unit tests.

A battle (WW 9.2): each side with a General rolls for its Actual Battle Rating (Step 2,
T3), each side's DRM is its CUs + that rating + its fixed modifiers (Step 3, T4), each side
rolls a die and the attacker wins ties (Step 4: "greater than or equal to"), then the loser
rolls on T5 (capped at the CUs it has, digest A11) and the winner on T6, by the losing
General's Agility (Step 5).

>>> from adjudicator.systems.washingtons_war.data import bundled_data
>>> tables = bundled_data().tables
>>> odds = battle_odds(BattleSide(cus=2, rating=4, agility=2, drm=2),
...                    BattleSide(cus=3, rating=1, agility=1), tables)
>>> odds.attacker_wins
Fraction(7, 8)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

from adjudicator.systems.common.probability import Distribution, compare, joint
from adjudicator.systems.common.tables import RollTable
from adjudicator.systems.washingtons_war.data.tables import (
    AttritionOutcome,
    T3ActualBattleRating,
    T5LoserLosses,
    T6WinnerLosses,
    T7Agility,
    T8WinterAttrition,
    Tables,
)

DIE = Distribution.die(6)
_ONE = Fraction(1)


@dataclass(frozen=True, slots=True)
class BattleSide:
    """One side of a battle as WW 9.2 Step 3 needs it.

    `rating` is the General's Potential Battle Rating (None: no General in the battle),
    `agility` his Agility Rating (it sets the winner's losses when this side loses; None
    with a General means unknown), `drm` the sum of the side's fixed T4 modifiers (Regulars,
    Royal Navy, Militia, Winter Offensive, Battle Card +2 / discard +1, Interception).
    """

    cus: int
    rating: int | None = None
    agility: int | None = None
    drm: int = 0

    @property
    def has_general(self) -> bool:
        """Whether a General leads the side."""
        return self.rating is not None


@dataclass(frozen=True, slots=True)
class BattleOdds:
    """A battle's exact odds: who wins, and what each side loses (None: unknown, because the
    losing General's Agility, which sets the winner's losses, is unknown)."""

    attacker_wins: Fraction
    attacker_abr: Distribution[int]
    defender_abr: Distribution[int]
    attacker_losses: Distribution[int] | None
    defender_losses: Distribution[int] | None

    @property
    def defender_wins(self) -> Fraction:
        """The defender wins when the attacker's total is lower."""
        return _ONE - self.attacker_wins


def actual_battle_rating(side: BattleSide, t3: T3ActualBattleRating) -> Distribution[int]:
    """The side's Actual Battle Rating (WW 9.3, T3): half (rounded down) or full by the die,
    never more than the CUs with the General; 0 without a General."""
    if side.rating is None:
        return Distribution.constant(t3.no_general)
    rating = side.rating
    table = RollTable.of(((r.die_min, r.die_max, r.rating) for r in t3.rows), clamp=False)

    def rated(kind: str) -> int:
        value = rating // 2 if kind == "half" else rating
        return min(value, side.cus) if t3.capped_by_cus else value

    return table.roll(DIE).map(rated)


def attacker_win_chance(attacker_drm: int, defender_drm: int) -> Fraction:
    """P(attacker die + DRM ≥ defender die + DRM): WW 9.2 Step 4, ties to the attacker
    (the digest's W(k), table T17, with k = defender DRM − attacker DRM)."""
    return compare(DIE + attacker_drm, DIE + defender_drm).at_least


def loser_losses(cus: int, t5: T5LoserLosses) -> Distribution[int]:
    """CUs the loser loses (WW 9.5, T5), capped at the CUs it has (digest A11)."""
    table = RollTable.of(((r.die_min, r.die_max, r.lost) for r in t5.rows), clamp=False)
    return table.roll(DIE).map(lambda lost: min(lost, cus) if t5.capped_by_cus else lost)


def winner_losses(loser: BattleSide, winner_cus: int,
                  t6: T6WinnerLosses) -> Distribution[int] | None:
    """CUs the winner loses (WW 9.5, T6): 1 on a die up to the row of the losing General's
    Agility (or of "no General"); None when that Agility is unknown."""
    agility = loser.agility if loser.has_general else None
    if loser.has_general and agility is None:
        return None
    row = next((r for r in t6.rows if r.losing_general_agility == agility), None)
    if row is None:
        return None
    most = min(t6.max_lost, winner_cus)
    return DIE.map(lambda die: most if die <= row.loses_one_on_max else 0)


def battle_odds(attacker: BattleSide, defender: BattleSide, tables: Tables, *,
                attacker_abr: int | None = None,
                defender_abr: int | None = None) -> BattleOdds:
    """The odds of a battle before its dice, or given the Actual Battle Ratings once they
    were rolled (Step 2 done: pass them to get the conditional odds)."""
    abr_a = (Distribution.constant(attacker_abr) if attacker_abr is not None
             else actual_battle_rating(attacker, tables.t3))
    abr_d = (Distribution.constant(defender_abr) if defender_abr is not None
             else actual_battle_rating(defender, tables.t3))
    ratings = joint(abr_a, abr_d, lambda a, d: (a, d))
    wins = sum((p * attacker_win_chance(attacker.cus + a + attacker.drm,
                                        defender.cus + d + defender.drm)
                for (a, d), p in ratings.items()), Fraction(0))
    return BattleOdds(
        attacker_wins=wins, attacker_abr=abr_a, defender_abr=abr_d,
        attacker_losses=_side_losses(attacker, defender, wins, tables),
        defender_losses=_side_losses(defender, attacker, _ONE - wins, tables))


def _side_losses(side: BattleSide, enemy: BattleSide, p_win: Fraction,
                 tables: Tables) -> Distribution[int] | None:
    """A side's losses: as winner with `p_win`, as loser otherwise."""
    as_winner = winner_losses(enemy, side.cus, tables.t6)
    as_loser = loser_losses(side.cus, tables.t5)
    if p_win == 0:
        return as_loser
    if as_winner is None:
        return None
    if p_win == 1:
        return as_winner
    won = Distribution.from_weights({True: p_win, False: _ONE - p_win})
    return won.bind(lambda winner: as_winner if winner else as_loser)


# --------------------------------------------------------------------------------------
# After the battle: the British Regulars' Advantage and the French Alliance


@dataclass(frozen=True, slots=True)
class AllianceOdds:
    """What a battle may do to the French Alliance track (WW 9.2 Step 7, 9.41, 12.1)."""

    british_lose: Fraction
    """P(the British side loses): the track advances 1 (an American win)."""
    regulars_lost: Fraction
    """P(the British lose 3 or more CUs, surrender included) while Regulars is active."""

    @property
    def expected_advance(self) -> Fraction:
        """Expected spaces the track advances: 1 for an American win, 2 more when the
        Regulars' Advantage is lost (before France enters the war)."""
        return self.british_lose + 2 * self.regulars_lost


def alliance_odds(odds: BattleOdds, british: BattleSide, *, british_attack: bool,
                  regulars: bool, surrender: bool = False) -> AllianceOdds:
    """The French Alliance effects of a battle whose British side is `british`.

    `surrender`: a British loser could not retreat and would surrender all its CUs (WW
    9.63). The British winner loses at most 1 CU (T6), so only a loss can cost Regulars.
    """
    lose = odds.defender_wins if british_attack else odds.attacker_wins
    if not regulars:
        return AllianceOdds(lose, Fraction(0))
    if surrender:
        heavy = _ONE if british.cus >= 3 else Fraction(0)
    else:
        heavy = DIE.prob(lambda die: british.cus >= 3 and die == 6)
    return AllianceOdds(lose, lose * heavy)


# --------------------------------------------------------------------------------------
# Interception and retreat before battle


def agility_chance(agility: int, t7: T7Agility, *, attempt: str,
                   general: str | None = None) -> Fraction:
    """One interception or retreat-before-battle attempt (WW 7.8.A, 7.9.A, T7): succeeds
    when a die is at most the Agility, plus the bonus of the Generals T7 names
    (Washington and Greene retreating before battle)."""
    rule = next(a for a in t7.attempts if a.attempt == attempt)
    bonus = rule.agility_bonus if general in rule.bonus_generals else 0
    return DIE.prob(lambda die: die <= agility + bonus)


def any_succeeds(chances: Sequence[Fraction]) -> Fraction:
    """P(at least one of several independent attempts succeeds), e.g. several Armies
    trying to intercept into one space, one at a time (WW 7.8)."""
    fail = _ONE
    for chance in chances:
        fail *= _ONE - chance
    return _ONE - fail


# --------------------------------------------------------------------------------------
# Winter attrition


def winter_attrition(t8: T8WinterAttrition, *, nationality: str, cus: int,
                     with_general: bool, sheltered: bool,
                     washington: bool = False) -> Distribution[int]:
    """CUs one side loses in one space to winter attrition (WW 11, T8).

    `nationality` is `BR` or `AM` (French CUs count as American when stacked with them and
    as British when alone: WW 11.3, decided by the caller). `sheltered`: the space is in
    Winter Quarters or south of the winter line. With `washington` sheltered, 5 CUs are
    exempt and the excess is treated as if alone in the space (WW 11.2).
    """
    if cus <= 0:
        return Distribution.constant(0)
    if washington and sheltered:
        excess = max(cus - t8.washington.exempt_cus, 0)
        return winter_attrition(t8, nationality=nationality, cus=excess, with_general=False,
                                sheltered=sheltered)
    size = "1" if cus == 1 else "2+"
    row = next(r for r in t8.rows if r.nationality == nationality and r.cus == size
               and (r.with_general is None or r.with_general == with_general))
    outcome = row.in_winter_quarters_or_south if sheltered else row.north_not_winter_quarters
    return _attrition(outcome, cus)


def _attrition(outcome: AttritionOutcome, cus: int) -> Distribution[int]:
    if outcome.kind == "none":
        return Distribution.constant(0)
    if outcome.kind == "half":
        return Distribution.constant(cus // 2)
    most = outcome.lost_on_max or 0
    return DIE.map(lambda die: 1 if die <= most else 0)
