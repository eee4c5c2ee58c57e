"""The American Revolution's other die rolls: forced march, supply, enlistment, leaders,
interception, militia expeditions, partisans, fortresses, movement reach and sieges
(AR 16-17, 19-21, 28, 29, 32, 33, 36; digest 6.3-6.5, 5.11).

Every chance is exact. Leader values and fortress CFs are printed on the counters, not in
the rulebook: they are inputs here, never constants.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum
from fractions import Fraction

from adjudicator.systems.american_revolution.fire import (
    BattleOdds,
    BattleSide,
    BattleUnit,
    Hits,
    apply_hits,
    battle_odds,
    fire_round,
    initiative,
)
from adjudicator.systems.common.probability import Distribution, binomial

_ZERO = Fraction(0)
_ONE = Fraction(1)
_SIXTH = Fraction(1, 6)

CONTINENTAL_ARMY_PROFESSIONALIZES = 3
"""The RP index of Continental Army Professionalizes (digest 5.6)."""


def _clamped_sixths(faces: int) -> Fraction:
    """`faces` of a d6's six faces, clamped to 0..6."""
    return Fraction(max(0, min(6, faces)), 6)


def losses(chances: Sequence[Fraction]) -> Distribution[int]:
    """How many of several units are lost when each is lost independently with its own
    chance (units of mixed kinds rolling together).

    >>> losses([Fraction(1, 2), Fraction(1, 3)])
    Distribution({0: 1/3, 1: 1/2, 2: 1/6})
    """
    total = Distribution.constant(0)
    for chance in chances:
        if not 0 <= chance <= 1:
            raise ValueError(f"a chance must lie in [0, 1], not {chance}")
        total = total + Distribution(((0, 1 - chance), (1, chance)))
    return total


# Forced march (AR 17.2, 21.5, FAQ)


def forced_march_losses(units: int) -> Distribution[int]:
    """Units lost to forced-march attrition: a die per combat unit, a 6 eliminates
    (AR 17.2); leaders never roll (AR 21.5); units carried by a force-marching fleet roll,
    marines included (AR FAQ). Binomial(units, 1/6).

    >>> forced_march_losses(4).p(0)
    Fraction(625, 1296)
    """
    if units < 0:
        raise ValueError(f"a force cannot have {units} units")
    return binomial(units, _SIXTH)


# Supply (AR 19.3, 36)


class SupplyKind(StrEnum):
    """How an unfed unit rolls (AR 19.3, 36.1-36.3)."""

    LIGHT_OR_INDIAN = "light-or-indian"
    REGULAR = "regular"
    OTHER = "other"


def supply_loss_chance(kind: SupplyKind, *, forage_rule: bool = False,
                       wilderness: bool = False) -> Fraction:
    """The chance an unfed unit is eliminated: 1-3 on a die (AR 19.3), or with the
    optional Forage rule in a wilderness or Indian locale, 5-6 for light and Indian units
    (AR 36.1) and 3-6 for regulars (AR 36.2); all others unchanged (AR 36.3).

    >>> supply_loss_chance(SupplyKind.REGULAR, forage_rule=True, wilderness=True)
    Fraction(2, 3)
    """
    if forage_rule and wilderness:
        if kind is SupplyKind.LIGHT_OR_INDIAN:
            return Fraction(2, 6)
        if kind is SupplyKind.REGULAR:
            return Fraction(4, 6)
    return Fraction(3, 6)


def supply_losses(kinds: Sequence[SupplyKind], *, forage_rule: bool = False,
                  wilderness: bool = False) -> Distribution[int]:
    """How many of the unfed units `kinds` are lost (AR 19.3, 36)."""
    return losses([supply_loss_chance(k, forage_rule=forage_rule, wilderness=wilderness)
                   for k in kinds])


# Enlistment (AR 20)


class EnlistmentKind(StrEnum):
    """Who AR 20.2-20.4 make check."""

    US_REGULAR = "us-regular"
    US_LIGHT = "us-light"
    US_MILITIA = "us-militia"
    INDIAN = "indian"
    OTHER = "other"


def must_check_enlistment(kind: EnlistmentKind, *, rp_level: int = 0,
                          enemy_in_region: bool = False,
                          in_indian_locale: bool = False) -> bool:
    """Whether a unit checks its enlistment (AR 20.2-20.4; FAQ):

    - American regulars and light troops until RP reaches Continental Army Professionalizes
      (AR 20.2);
    - American militia only with no enemy units anywhere in their colonial region
      (AR 20.3); British (and Spanish) militia never (AR FAQ: "Only American militia");
    - Indian units outside Indian locales (AR 20.4).
    """
    if kind in (EnlistmentKind.US_REGULAR, EnlistmentKind.US_LIGHT):
        return rp_level < CONTINENTAL_ARMY_PROFESSIONALIZES
    if kind is EnlistmentKind.US_MILITIA:
        return not enemy_in_region
    if kind is EnlistmentKind.INDIAN:
        return not in_indian_locale
    return False


def enlistment_loss_chance(leader_value: int = 0, modifier: int = 0) -> Fraction:
    """The chance a checked unit is eliminated: a die plus one leader's value in its force
    (AR 20.5: "any one leader"; a militia leader's only in an all-militia/light force,
    AR 21.6; an admiral's never, AR 21.7), 1-4 eliminated, 5+ stays: max(0, 4 - L)/6.
    `modifier` is any other addition (Demoralization -1, AR 39, unofficial).

    >>> [str(enlistment_loss_chance(v)) for v in range(5)]
    ['2/3', '1/2', '1/3', '1/6', '0']
    """
    if leader_value < 0:
        raise ValueError(f"a leadership value cannot be negative ({leader_value})")
    return _clamped_sixths(4 - leader_value - modifier)


def enlistment_losses(units: int, leader_value: int = 0,
                      modifier: int = 0) -> Distribution[int]:
    """How many of `units` checked units of one force are lost (AR 20.5)."""
    if units < 0:
        raise ValueError(f"a force cannot have {units} units")
    return binomial(units, enlistment_loss_chance(leader_value, modifier))


# Leaders, interception, expeditions, partisans, fortresses


def leader_survival_chance(value: int) -> Fraction:
    """The chance an eliminated leader escapes to the leader pool: a die ≤ his printed
    value (AR 21.4); otherwise he is out for good.

    >>> leader_survival_chance(2)
    Fraction(1, 3)
    """
    if value < 0:
        raise ValueError(f"a leadership value cannot be negative ({value})")
    return _clamped_sixths(value)


def interception_chance(value: int) -> Fraction:
    """The chance an interception succeeds: a die ≤ the commander's value (AR 32.2); the
    Tactics marker is spent either way."""
    if value < 0:
        raise ValueError(f"a leadership value cannot be negative ({value})")
    return _clamped_sixths(value)


class Expedition(StrEnum):
    """What a militia unit's border roll does (AR 33.1-33.2)."""

    CROSSES = "crosses"
    STOPS = "stops"
    REMOVED = "removed"


def militia_expedition(value: int, *, retreat: bool = False) -> Distribution[Expedition]:
    """One militia unit's border roll with a commander of `value` (AR 33.1): ≤ value
    crosses; above it but not 6 stops where checked; 6 goes home (removed). Retreating
    across a border (AR 33.2), any failure eliminates it.

    Raises:
        ValueError: a value of 6 or more, where "≤ value crosses" and "a six goes home"
            overlap and the rulebook does not say which wins.

    >>> militia_expedition(2)
    Distribution({<Expedition.CROSSES: 'crosses'>: 1/3, \
<Expedition.REMOVED: 'removed'>: 1/6, <Expedition.STOPS: 'stops'>: 1/2})
    """
    if not 0 <= value <= 5:
        raise ValueError(f"a commander value of {value}: AR 33.1 covers 0-5 only (at 6 "
                         "'≤ value crosses' and 'a six goes home' overlap)")

    def read(die: int) -> Expedition:
        if die <= value:
            return Expedition.CROSSES
        if die == 6 or retreat:
            return Expedition.REMOVED
        return Expedition.STOPS
    return Distribution.die().map(read)


def compulsory_massacre_chance(indians: int) -> Fraction:
    """The chance a victorious attacking force with `indians` Indian units must massacre:
    a die ≤ the number of Indian units (AR 37.3; optional rule 37).

    >>> compulsory_massacre_chance(2)
    Fraction(1, 3)
    """
    if indians < 0:
        raise ValueError(f"a force cannot have {indians} Indian units")
    return _clamped_sixths(indians)


PARTISAN_PLACEMENT = Fraction(1, 2)
"""A partisan is placed on 4-6 (AR 29.2)."""


class FortressFate(StrEnum):
    """An enemy fortress after its defenders are beaten (AR 28.5)."""

    CAPTURED = "captured"
    DESTROYED = "destroyed"


FORTRESS_ROLL: Distribution[FortressFate] = Distribution(
    ((FortressFate.CAPTURED, Fraction(1, 2)), (FortressFate.DESTROYED, Fraction(1, 2))))
"""1-3 the winner gains the fortress, 4-6 it is eliminated (AR 28.5)."""


# Movement (AR 16.3, 16.12)


class Route(StrEnum):
    """Route types (AR 2.6, 16.12); the same values as `data.vocabulary.RouteType` on main,
    which may replace it once both are merged."""

    ROAD = "road"
    TRAIL = "trail"
    LAKE_RIVER = "lake/river"
    HIGH_SEAS = "high seas"


def route_cost(route: Route, *, light_only: bool = False) -> int:
    """MP to traverse a route (AR 16.12): trail 2, or 1 for a force made up entirely of
    leaders, light troops and Indians; road, lake/river and high seas 1 (fleets and
    transported units only on high seas, AR 16.9)."""
    if route is Route.TRAIL:
        return 1 if light_only else 2
    return 1


@dataclass(frozen=True, slots=True)
class MoveCheck:
    """A move against its roll (AR 16.3, 16.12)."""

    die: int
    leader_value: int
    allowance: int
    cost: int
    legal: bool
    left: int
    """MP left over (lost, AR 16.13); negative when the path costs more than the roll."""


def check_move(costs: Sequence[int], die: int, leader_value: int = 0) -> MoveCheck:
    """Whether a path of route costs fits a force's allowance, die + the commander's
    effective value (AR 16.3; leaderless: the bare die, 16.3(5)).

    >>> check_move([1, 1, 2], 3, 2)
    MoveCheck(die=3, leader_value=2, allowance=5, cost=4, legal=True, left=1)
    """
    if not 1 <= die <= 6:
        raise ValueError(f"a d6 shows 1-6, not {die}")
    if leader_value < 0 or any(c < 1 for c in costs):
        raise ValueError("route costs are at least 1 and leader values not negative")
    allowance = die + leader_value
    cost = sum(costs)
    return MoveCheck(die, leader_value, allowance, cost, cost <= allowance, allowance - cost)


def reach_chance(cost: int, leader_value: int = 0) -> Fraction:
    """Before the roll, the chance the force can pay `cost` MP:
    clamp((7 - (cost - L))/6, 0, 1) (digest 6.3).

    >>> reach_chance(4, 2), reach_chance(7, 2)
    (Fraction(5, 6), Fraction(1, 3))
    """
    return _clamped_sixths(7 - (cost - leader_value))


# Sieges (AR 28)


@dataclass(frozen=True, slots=True)
class SiegeAttack:
    """One attack on a garrisoned fortress locale, fought to a decision."""

    besieged: bool
    """A Siege marker is in place (AR 28.6-28.7)."""
    defender_first: Fraction
    """P(the garrison fires first): +1 to the garrison unless besieged (AR 28.2(1))."""
    round_on_garrison: Distribution[Hits]
    """The attacker's fire on the garrison: protected table without a siege (AR 28.2(2)),
    normal table with one."""
    battle: BattleOdds
    captured: Fraction
    """P(the attacker wins and gains the fortress, 1-3, AR 28.5)."""
    destroyed: Fraction
    """P(the attacker wins and the fortress is eliminated, 4-6, AR 28.5)."""


def siege_attack(attacker: BattleSide, garrison: Sequence[BattleUnit], *, fortress_cf: int,
                 besieged: bool, initiative_lead: int = 0) -> SiegeAttack:
    """An attack on a garrisoned enemy fortress, per round and fought out (AR 28.2-28.7,
    28.5; digest 6.5), under `fire.POLICY` (nobody retreats; the garrison never may,
    AR 28.2(3)).

    - Initiative: `initiative_lead` is the attacker's other modifiers minus the garrison's
      (Tactics, AR 18.4(1)); the fortress's +1 is added here unless `besieged` (AR 28.7).
    - The attacker's dice are read on the protected table (6s disrupt, AR 28.2(2)) unless
      `besieged`, on the normal table with a siege (AR 28.7).
    - The fortress's printed CF fires for the garrison either way (AR 28.3: 28.7 does not
      negate it).
    - A won attack rolls for the fortress: captured 1/2, destroyed 1/2 (AR 28.5).
    """
    if fortress_cf < 0:
        raise ValueError(f"a fortress's combat value cannot be negative ({fortress_cf})")
    lead = initiative_lead - (0 if besieged else 1)
    attacker_first = initiative(lead)
    defender = BattleSide(tuple(garrison), extra_dice=fortress_cf)
    fought = battle_odds(attacker, defender, attacker_first=attacker_first,
                         defender_protected=not besieged)
    dice = sum(u.dice for u in attacker.units) + attacker.extra_dice
    half = Fraction(1, 2)
    return SiegeAttack(besieged=besieged, defender_first=1 - attacker_first,
                       round_on_garrison=fire_round(dice, protected=not besieged),
                       battle=fought, captured=fought.attacker * half,
                       destroyed=fought.attacker * half)


def garrison_after_rounds(dice: int, garrison: Sequence[BattleUnit], rounds: int, *,
                          besieged: bool) -> Distribution[tuple[int, int]]:
    """The garrison's (fresh, disrupted) units after `rounds` of the attacker's fire of
    `dice` dice each, the garrison's own fire left out (an upper bound on the attacker's
    progress) and hits taken under `fire.POLICY` (AR 28.2(2), 28.7).

    The rulebook has no multi-turn siege progression: a Siege marker stays until the
    besiegers go or the fortress is removed or captured (AR 28.14); disrupted units rally at
    the end of every battle (AR 18.7), so nothing carries from one attack to the next but
    eliminations; a besieging force need never attack (AR 28.9) and may attack in the 2nd
    and 3rd Combat Phases only with a forced march's requirements (AR 28.10); the garrison's
    supply falls to the locale's forage (AR 28.8). So each attack is computed on its own.

    >>> garrison_after_rounds(4, [BattleUnit(1, 1)], 1, besieged=False).p((0, 1))
    Fraction(125, 324)
    """
    if rounds < 0:
        raise ValueError(f"cannot fire {rounds} rounds")
    table = fire_round(dice, protected=not besieged)
    Force = tuple[tuple[BattleUnit, ...], tuple[BattleUnit, ...]]

    def fire_on(force: Force) -> Distribution[Force]:
        if not force[0]:
            return Distribution.constant(force)
        return table.map(lambda hits: apply_hits(force[0], force[1], hits))

    start: Force = (tuple(garrison), ())
    state = Distribution.constant(start)
    for _ in range(rounds):
        state = state.bind(fire_on)
    return state.map(lambda force: (len(force[0]), len(force[1])))


__all__ = [
    "CONTINENTAL_ARMY_PROFESSIONALIZES",
    "FORTRESS_ROLL",
    "PARTISAN_PLACEMENT",
    "EnlistmentKind",
    "Expedition",
    "FortressFate",
    "MoveCheck",
    "Route",
    "SiegeAttack",
    "SupplyKind",
    "check_move",
    "compulsory_massacre_chance",
    "enlistment_loss_chance",
    "enlistment_losses",
    "forced_march_losses",
    "garrison_after_rounds",
    "interception_chance",
    "leader_survival_chance",
    "losses",
    "militia_expedition",
    "must_check_enlistment",
    "reach_chance",
    "route_cost",
    "siege_attack",
    "supply_loss_chance",
    "supply_losses",
]
