"""Combat by dice in The American Revolution: fire dice, initiative, hits and battle odds.

The game has no combat results table: a firing side rolls one d6 per combat factor, and
each die is read alone (AR 18.4(2), 18.7; digest 5.1):

- against a normal target a 6 eliminates one enemy unit and a 5 disrupts one; a disrupted
  unit disrupted again is eliminated (AR 18.7), and all eliminations of a round are applied
  before its disruptions (AR FAQ);
- against land units protected by their own fortress, with no enemy siege, 1-5 do nothing
  and a 6 disrupts (AR 28.2(2), 28.7).

The receiving player picks the units hit (AR 18.4(2)), so per-round results on a force are
given under the digest's stated default policy (6.1 item 5) and checked against the log
as a range of legal outcomes (6.1 item 4). Rulebook over digest where they differ:

- AR 18.4(1) literally adds the die to "the total leadership value"; the FAQ says the number
  of Tactics markers committed. Both readings are computed (digest A2).
- AR 18.4(4b) (P1, confirmed by AR 39.0): the final round of fire against a retreating force
  uses light troops and Indians only (Tactics allowed).
- AR 28.7 negates only 28.2(1) (initiative +1) and 28.2(2) (fire protection) under a siege:
  the fortress's own combat value (AR 28.3) still fires for a garrison under siege.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from enum import StrEnum
from fractions import Fraction
from functools import lru_cache
from typing import NamedTuple

from adjudicator.systems.common.probability import (
    Distribution,
    binomial,
    multinomial,
)

_ZERO = Fraction(0)
_ONE = Fraction(1)
_SIXTH = Fraction(1, 6)


class UnitKind(StrEnum):
    """The combat formations that matter to fire (AR 2.11-2.14, 24.12, 27); the same values
    as `data.vocabulary.FormationType` on main (less the fleet, whose CF is passed apart),
    which may replace it once both are merged."""

    REGULAR = "regular"
    DETACHMENT = "detachment"
    GRENADIER = "grenadier"
    LIGHT = "light"
    MILITIA = "militia"
    INDIAN = "indian"
    MARINE = "marine"
    HESSIAN = "hessian"


STANDARD_CF: dict[UnitKind, tuple[int, str]] = {
    UnitKind.REGULAR: (2, "AR FAQ: '3 x regulars = 3 x 2 strength'"),
    UnitKind.DETACHMENT: (1, "AR FAQ: '1 strength is detachment'; AR 13.7"),
    UnitKind.GRENADIER: (3, "AR 39.0: grenadiers 'a combat factor of 3'"),
    UnitKind.LIGHT: (1, "AR 39.0: light units' 'printed strength is only 1'"),
    UnitKind.MILITIA: (1, "AR FAQ (overrun question): 'one strength militias'"),
    UnitKind.INDIAN: (1, "AR 18.12 example: 'an Indian unit with a fire (combat) factor of 1'"),
}
"""The printed CFs the rulebook states, with where. Marine and Hessian CFs are printed on
the counters only (AR 24.12, 27.1: "treated like regulars"): inputs, never constants."""


@dataclass(frozen=True, slots=True)
class Firer:
    """One combat unit of a firing side: its kind, printed CF and disruption."""

    kind: UnitKind
    cf: int
    """The printed combat factor (marine, Hessian CFs are counter data: an input)."""
    disrupted: bool = False

    def __post_init__(self) -> None:
        if self.cf < 0:
            raise ValueError(f"a combat factor cannot be negative ({self.cf})")


@dataclass(frozen=True, slots=True)
class DiceModifier:
    """Dice added to a side's fire, with why."""

    dice: int
    reason: str
    citation: str


@dataclass(frozen=True, slots=True)
class FireDice:
    """The dice a side rolls in one firing round, and where they come from."""

    printed_cf: int
    """The printed CF of the non-disrupted units firing."""
    modifiers: tuple[DiceModifier, ...]
    tactics: int
    total: int


def fire_dice(units: Iterable[Firer], *, wilderness: bool = False,
              amphibious_attacker: bool = False, fleet_cfs: Sequence[int] = (),
              fortress_cf: int | None = None, garrison_present: bool | None = None,
              tactics: int = 0, final_round: bool = False) -> FireDice:
    """The dice a side rolls in one firing round (AR 18.4(2), 18.5, 18.12, 24.6, 24.12,
    28.3; digest 6.1 item 1).

    One die per printed CF of each non-disrupted unit (disrupted units never fire, AR 18.7;
    leaders never fire, AR 21.3), plus the named modifiers:

    - +1 per light or Indian unit in a wilderness or Indian locale (AR 18.12);
    - +1 per marine in an amphibious assault (AR 24.12) and the fleets' CF for the
      amphibious attacker (AR 24.6(1));
    - the fortress's printed CF for a defender with at least one land unit present, any
      type, disrupted or not (AR 28.3; pass `garrison_present` to override what `units`
      shows, e.g. a garrison fired on while away from this list);
    - one die per Tactics marker spent this round, never more than the printed CF firing
      (AR 18.5); fleet and fortress values are printed combat values and count toward it.

    `final_round`: the enemy's last round against a retreating side, light troops and
    Indians only, Tactics allowed (AR 18.4(4b), P1; no fleet, marine or fortress dice).

    Raises:
        ValueError: more Tactics spent than printed CF firing (AR 18.5), or a negative CF.

    >>> fire_dice([Firer(UnitKind.INDIAN, 1)], wilderness=True).total
    2
    """
    listed = tuple(units)
    firing = [u for u in listed if not u.disrupted
              and (not final_round or u.kind in (UnitKind.LIGHT, UnitKind.INDIAN))]
    printed = sum(u.cf for u in firing)
    modifiers: list[DiceModifier] = []
    if wilderness:
        woodsmen = sum(1 for u in firing if u.kind in (UnitKind.LIGHT, UnitKind.INDIAN))
        if woodsmen:
            modifiers.append(DiceModifier(woodsmen, "light and Indian units +1 each in a "
                                          "wilderness or Indian locale", "AR 18.12"))
    if amphibious_attacker and not final_round:
        marines = sum(1 for u in firing if u.kind is UnitKind.MARINE)
        if marines:
            modifiers.append(DiceModifier(marines, "marines +1 each in an amphibious "
                                          "assault", "AR 24.12"))
        for fleet in fleet_cfs:
            if fleet < 0:
                raise ValueError(f"a fleet's combat factor cannot be negative ({fleet})")
            printed += fleet
            modifiers.append(DiceModifier(fleet, "the fleet's CF for the amphibious "
                                          "attacker", "AR 24.6(1)"))
    if fortress_cf is not None and not final_round:
        if fortress_cf < 0:
            raise ValueError(f"a fortress's combat value cannot be negative ({fortress_cf})")
        present = garrison_present if garrison_present is not None else bool(listed)
        if present:
            printed += fortress_cf
            modifiers.append(DiceModifier(fortress_cf, "the fortress's printed CF, with a "
                                          "friendly land unit present", "AR 28.3"))
    if tactics < 0:
        raise ValueError(f"cannot spend a negative number of Tactics markers ({tactics})")
    if tactics > printed:
        raise ValueError(f"{tactics} Tactics markers spent, but only {printed} printed CF "
                         "fire this round (AR 18.5)")
    total = sum(u.cf for u in firing) + sum(m.dice for m in modifiers) + tactics
    return FireDice(printed_cf=printed, modifiers=tuple(modifiers), tactics=tactics,
                    total=total)


# Hits


class Hits(NamedTuple):
    """The hits of one firing round: units eliminated (6s) and disruptions (5s)."""

    eliminations: int
    disruptions: int


def fire_round(dice: int, *, protected: bool = False) -> Distribution[Hits]:
    """The joint distribution of (eliminations, disruptions) from `dice` fire dice
    (AR 18.4(2); digest 6.1 item 3): multinomial over 6s, 5s and 1-4.

    `protected`: the target is land units with their own fortress and no enemy siege; only
    6s count and they disrupt (AR 28.2(2), 28.7): disruptions ~ Binomial(dice, 1/6).

    >>> fire_round(1)
    Distribution({Hits(eliminations=0, disruptions=0): 2/3, \
Hits(eliminations=0, disruptions=1): 1/6, Hits(eliminations=1, disruptions=0): 1/6})
    """
    if dice < 0:
        raise ValueError(f"cannot roll a negative number of dice ({dice})")
    if protected:
        return binomial(dice, _SIXTH).map(lambda sixes: Hits(0, sixes))
    return multinomial(dice, Distribution.die(), (6, 5)).map(lambda c: Hits(c[0], c[1]))


@lru_cache(maxsize=256)
def _round_table(dice: int, protected: bool) -> tuple[tuple[Hits, Fraction], ...]:
    return fire_round(dice, protected=protected).items()


class LoneEffect(StrEnum):
    """What a round does to a lone unit."""

    ELIMINATED = "eliminated"
    DISRUPTED = "disrupted"
    NO_EFFECT = "no effect"


def lone_unit_effect(dice: int, *, disrupted: bool = False,
                     protected: bool = False) -> Distribution[LoneEffect]:
    """What one firing round does to a lone target unit (AR 18.4(2), 18.7, 28.2(2); FAQ):
    a 6 eliminates it; a 5 disrupts it, and a second disruption (or one on an already
    disrupted unit) eliminates it.

    >>> lone_unit_effect(4).p(LoneEffect.ELIMINATED)
    Fraction(49, 81)
    """
    def effect(hits: Hits) -> LoneEffect:
        strikes = hits.disruptions + (1 if disrupted else 0)
        if hits.eliminations or strikes >= 2:
            return LoneEffect.ELIMINATED
        return LoneEffect.DISRUPTED if strikes else LoneEffect.NO_EFFECT
    return fire_round(dice, protected=protected).map(effect)


# Initiative


@dataclass(frozen=True, slots=True)
class InitiativeRoll:
    """One initiative roll-off of d6 + m against d6 + m' (counts of the 36 pairs)."""

    wins: int
    ties: int
    losses: int

    @property
    def first_fire(self) -> Fraction:
        """P(this side fires first), ties re-rolled (AR 18.4(1)): W / (W + L)."""
        return Fraction(self.wins, self.wins + self.losses)


def initiative_roll(delta: int) -> InitiativeRoll:
    """How many of the 36 die pairs win, tie and lose for a side whose modifier exceeds
    the other's by `delta` (digest 6.1 item 2: n(k) = 6 - |k| pairs differ by k).

    >>> initiative_roll(1)
    InitiativeRoll(wins=21, ties=5, losses=10)
    """
    wins = sum(6 - abs(k) for k in range(-5, 6) if k > -delta)
    ties = 6 - abs(delta) if abs(delta) <= 5 else 0
    return InitiativeRoll(wins, ties, 36 - wins - ties)


def initiative(delta: int) -> Fraction:
    """P(first fire) with re-rolled ties for a modifier lead of `delta` (AR 18.4(1)).

    >>> [str(initiative(d)) for d in range(6)]
    ['1/2', '21/31', '13/16', '10/11', '33/34', '1']
    """
    return initiative_roll(delta).first_fire


@dataclass(frozen=True, slots=True)
class InitiativeModifier:
    """One addition to a side's initiative total, with why."""

    value: int
    reason: str
    citation: str


def initiative_modifiers(*, tactics: int = 0, leadership: int = 0, own_fortress: bool = False,
                         besieged: bool = False, frontier: bool = False,
                         tarleton: bool = False, literal: bool = False,
                         ) -> tuple[InitiativeModifier, ...]:
    """A side's additions to its initiative die (AR 18.4(1), 28.2(1), 28.7, 35.1, 7.9).

    The FAQ reading adds the Tactics markers committed; `literal` adds the total
    leadership value as AR 18.4(1) prints it instead (digest A2). Committed Tactics may not
    exceed the total leadership (AR 18.4(1)). `own_fortress` is +1 unless `besieged`
    (AR 28.7); `frontier` is the optional +1 for more light and Indian units, which the
    caller grants only with no fortress or siege on either side (AR 35.1).

    Raises:
        ValueError: Tactics committed above the total leadership value.
    """
    if tactics < 0 or leadership < 0:
        raise ValueError("Tactics and leadership cannot be negative")
    if tactics > leadership:
        raise ValueError(f"{tactics} Tactics committed, above the total leadership value "
                         f"{leadership} (AR 18.4(1))")
    found: list[InitiativeModifier] = []
    if literal:
        if leadership:
            found.append(InitiativeModifier(leadership, "total leadership value (literal "
                                            "text)", "AR 18.4(1)"))
    elif tactics:
        found.append(InitiativeModifier(tactics, "Tactics markers committed", "AR FAQ"))
    if own_fortress and not besieged:
        found.append(InitiativeModifier(1, "own fortress, no enemy siege", "AR 28.2(1)"))
    if frontier:
        found.append(InitiativeModifier(1, "more light and Indian units (Frontier "
                                        "Warfare)", "AR 35.1"))
    if tarleton:
        found.append(InitiativeModifier(1, "Tarleton's Quarter", "AR 7.9"))
    return tuple(found)


# Checking a logged round


@dataclass(frozen=True, slots=True)
class HitCheck:
    """Whether logged removals and flips fit a round's 5s and 6s (digest 6.1 item 4)."""

    fits: bool
    legal: frozenset[tuple[int, int]]
    """Every legal (removed, newly flipped) pair the owner could have chosen."""
    reason: str


def check_hits(*, sixes: int, fives: int, fresh: int, disrupted: int, removed: int,
               flipped: int, protected: bool = False) -> HitCheck:
    """Whether a round's logged removals and flips fit its rolled 6s and 5s (AR 18.4(2),
    18.7, 28.2(2); FAQ: eliminations first; digest 6.1 item 4).

    `fresh` and `disrupted` count the target's units (leaders included, AR 21.3) before the
    round; `removed` counts units taken off, `flipped` units newly showing disruption at the
    end of the round. Every hit must be taken while a target remains; against a protected
    target the 6s disrupt and the 5s do nothing.

    >>> check_hits(sixes=0, fives=2, fresh=1, disrupted=0, removed=1, flipped=0).fits
    True
    """
    if min(sixes, fives, fresh, disrupted, removed, flipped) < 0:
        raise ValueError("counts cannot be negative")
    eliminations, disruptions = (0, sixes) if protected else (sixes, fives)
    legal: set[tuple[int, int]] = set()
    for from_fresh in range(min(eliminations, fresh) + 1):
        from_disrupted = min(eliminations, fresh + disrupted) - from_fresh
        if not 0 <= from_disrupted <= disrupted:
            continue
        _spread(disruptions, fresh - from_fresh, disrupted - from_disrupted, 0,
                from_fresh + from_disrupted, legal)
    fits = (removed, flipped) in legal
    shown = ", ".join(f"{r} removed + {f} flipped" for r, f in sorted(legal))
    what = "6s disrupt only (own fortress, no siege)" if protected else "6s first, then 5s"
    reason = (f"{sixes} six(es), {fives} five(s) on {fresh} fresh and {disrupted} disrupted "
              f"({what}): legal are {shown}; logged {removed} removed + {flipped} flipped")
    return HitCheck(fits=fits, legal=frozenset(legal), reason=reason)


def _spread(left: int, fresh: int, old: int, new: int, removed: int,
            found: set[tuple[int, int]]) -> None:
    """Every way to take `left` disruptions one by one (a second one eliminates)."""
    if left == 0 or fresh + old + new == 0:
        found.add((removed, new))
        return
    if fresh:
        _spread(left - 1, fresh - 1, old, new + 1, removed, found)
    if old:
        _spread(left - 1, fresh, old - 1, new, removed + 1, found)
    if new:
        _spread(left - 1, fresh, old, new - 1, removed + 1, found)


# Duel and battle


def duel(first: Fraction, second: Fraction) -> Fraction:
    """P(the first firer wins) when each round the firer disables (eliminates or disrupts)
    the lone enemy unit with chance `first` or `second`: a / (1 - (1-a)(1-b)) (digest 6.1
    item 5; AR 18.4(4a): a lone disrupted unit loses).

    >>> duel(Fraction(5, 9), Fraction(1, 3))
    Fraction(15, 19)

    Raises:
        ValueError: neither side can ever disable the other (the battle never ends).
    """
    stall = (1 - first) * (1 - second)
    if stall == 1:
        raise ValueError("neither side can hit the other: the battle never ends")
    return first / (1 - stall)


@dataclass(frozen=True, slots=True)
class BattleUnit:
    """A unit in the battle calculation: its dice when fresh and its printed CF."""

    dice: int
    cf: int


@dataclass(frozen=True, slots=True)
class BattleSide:
    """A side of a battle for `battle_odds`: its units and dice that fire while it lasts
    (a defending fortress's CF, AR 28.3; an amphibious attacker's fleets, AR 24.6(1))."""

    units: tuple[BattleUnit, ...]
    extra_dice: int = 0


@dataclass(frozen=True, slots=True)
class BattleOdds:
    """Who wins a battle fought to the end under the default policy."""

    attacker: Fraction
    defender: Fraction


MAX_BATTLE_UNITS = 6
"""The battle calculation refuses a side of more units than this (it stays exact)."""
MAX_BATTLE_DICE = 24
"""... or a side rolling more dice than this in one round."""

POLICY = ("default policy (digest 6.1 item 5): nobody retreats; eliminations go first to "
          "units already disrupted (worth nothing more in this battle), then to the fresh "
          "units of lowest CF; disruptions go to the fresh units of highest CF, and once none "
          "is fresh they eliminate disrupted ones; leaders and Tactics dice are left out")

_Force = tuple[tuple[BattleUnit, ...], tuple[BattleUnit, ...]]
"""(fresh units, disrupted units), each sorted."""


def apply_hits(fresh: Sequence[BattleUnit], disrupted: Sequence[BattleUnit],
               hits: Hits) -> _Force:
    """A force after a round's hits under the default policy (AR 18.7; FAQ; `POLICY`)."""
    fresh_left = sorted(fresh, key=lambda u: (u.cf, u.dice))
    spent = sorted(disrupted, key=lambda u: (u.cf, u.dice))
    for _ in range(hits.eliminations):
        if spent:
            spent.pop(0)
        elif fresh_left:
            fresh_left.pop(0)
    for _ in range(hits.disruptions):
        if fresh_left:
            spent.append(fresh_left.pop())
            spent.sort(key=lambda u: (u.cf, u.dice))
        elif spent:
            spent.pop(0)
    return tuple(fresh_left), tuple(spent)


def force_after_round(dice: int, fresh: Sequence[BattleUnit],
                      disrupted: Sequence[BattleUnit] = (), *,
                      protected: bool = False) -> Distribution[tuple[int, int]]:
    """A target force's (fresh, disrupted) unit counts after one round of `dice` fire
    dice, hits taken under `POLICY` (AR 18.4(2), 18.7, 28.2(2); FAQ: eliminations first).

    >>> force_after_round(4, [BattleUnit(1, 1)]).p((0, 0))
    Fraction(49, 81)
    """
    def counts(hits: Hits) -> tuple[int, int]:
        left, spent = apply_hits(fresh, disrupted, hits)
        return len(left), len(spent)
    return fire_round(dice, protected=protected).map(counts)


def battle_odds(attacker: BattleSide, defender: BattleSide, *, attacker_first: Fraction,
                defender_protected: bool = False) -> BattleOdds:
    """The chance each side wins a battle fought until one side's units are all eliminated
    or disrupted (AR 18.4(2)-(4a)), under `POLICY`, exactly.

    `attacker_first` is P(the attacker wins initiative); `defender_protected`: the defender
    has its own fortress and no enemy siege, so the attacker's 6s only disrupt and 5s do
    nothing (AR 28.2(2)). Rounds with no hits on either side are summed as a geometric
    series, so the answer is exact.

    Raises:
        ValueError: a side above `MAX_BATTLE_UNITS` units or `MAX_BATTLE_DICE` dice, or a
            side with no units.

    >>> regular, militia = BattleSide((BattleUnit(2, 2),)), BattleSide((BattleUnit(1, 1),))
    >>> battle_odds(regular, militia, attacker_first=Fraction(1, 2)).attacker
    Fraction(25, 38)
    """
    for name, side in (("attacker", attacker), ("defender", defender)):
        if not side.units:
            raise ValueError(f"the {name} has no units")
        if len(side.units) > MAX_BATTLE_UNITS:
            raise ValueError(f"the {name} has {len(side.units)} units; the exact battle "
                             f"calculation takes at most {MAX_BATTLE_UNITS}")
        dice = sum(u.dice for u in side.units) + side.extra_dice
        if dice > MAX_BATTLE_DICE:
            raise ValueError(f"the {name} rolls {dice} dice; the exact battle calculation "
                             f"takes at most {MAX_BATTLE_DICE}")
    start_a: _Force = (tuple(sorted(attacker.units, key=lambda u: (u.cf, u.dice))), ())
    start_d: _Force = (tuple(sorted(defender.units, key=lambda u: (u.cf, u.dice))), ())
    solver = _Solver(attacker.extra_dice, defender.extra_dice, defender_protected)
    first = solver.win(start_a, start_d, True)
    second = solver.win(start_a, start_d, False)
    won = attacker_first * first + (1 - attacker_first) * second
    return BattleOdds(attacker=won, defender=1 - won)


class _Solver:
    """P(attacker wins) from a state, memoised; self-loops solved in closed form."""

    def __init__(self, attacker_extra: int, defender_extra: int, protected: bool) -> None:
        self.attacker_extra = attacker_extra
        self.defender_extra = defender_extra
        self.protected = protected
        self.win = lru_cache(maxsize=None)(self._win)

    def _dice(self, force: _Force, extra: int) -> int:
        return sum(u.dice for u in force[0]) + extra

    def _after(self, force_a: _Force, force_d: _Force,
               attacker_fires: bool) -> tuple[Fraction, Fraction]:
        """(stall chance, P(attacker wins) through rounds that change something)."""
        if attacker_fires:
            dice = self._dice(force_a, self.attacker_extra)
            table = _round_table(dice, self.protected)
        else:
            table = _round_table(self._dice(force_d, self.defender_extra), False)
        stall = _ZERO
        value = _ZERO
        for hits, p in table:
            target = force_d if attacker_fires else force_a
            hit = apply_hits(target[0], target[1], hits)
            if hit == target:
                stall += p
                continue
            if not hit[0]:
                value += p if attacker_fires else _ZERO
                continue
            if attacker_fires:
                value += p * self.win(force_a, hit, False)
            else:
                value += p * self.win(hit, force_d, True)
        return stall, value

    def _win(self, force_a: _Force, force_d: _Force, attacker_fires: bool) -> Fraction:
        stall_now, value_now = self._after(force_a, force_d, attacker_fires)
        stall_next, value_next = self._after(force_a, force_d, not attacker_fires)
        loop = stall_now * stall_next
        if loop == 1:
            raise ValueError("neither side can hit the other: the battle never ends")
        return (value_now + stall_now * value_next) / (1 - loop)


def battle_units(units: Iterable[Firer], *, wilderness: bool = False,
                 amphibious_attacker: bool = False) -> tuple[BattleUnit, ...]:
    """The battle calculation's units from fresh firers: dice per unit with the terrain
    and marine additions (AR 18.12, 24.12)."""
    found = []
    for unit in units:
        bonus = int(wilderness and unit.kind in (UnitKind.LIGHT, UnitKind.INDIAN)) + int(
            amphibious_attacker and unit.kind is UnitKind.MARINE)
        found.append(BattleUnit(unit.cf + bonus, unit.cf))
    return tuple(found)


__all__ = [
    "MAX_BATTLE_DICE",
    "MAX_BATTLE_UNITS",
    "POLICY",
    "STANDARD_CF",
    "BattleOdds",
    "BattleSide",
    "BattleUnit",
    "DiceModifier",
    "FireDice",
    "Firer",
    "HitCheck",
    "Hits",
    "InitiativeModifier",
    "InitiativeRoll",
    "LoneEffect",
    "UnitKind",
    "apply_hits",
    "battle_odds",
    "battle_units",
    "check_hits",
    "duel",
    "fire_dice",
    "fire_round",
    "force_after_round",
    "initiative",
    "initiative_modifiers",
    "initiative_roll",
    "lone_unit_effect",
]
