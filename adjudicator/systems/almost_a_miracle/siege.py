"""Almost a Miracle!'s sieges: the ratio to enter and hold, the timeline from the siege
laid to the first possible assault, the final assault's exact odds and the losses of a
surrender, a break and an assault (AaM 3.0 A, 4.2-4.7, 11.5.4; digest 6.7, 6.10).

The final assault is the casualty roll of 11.2.4 alone: 1d6 + the besieger's casualty
DRMs against 1d6 + the besieged's (every modifier but cavalry advantage, PAC), so the
DRMs are an input (a net DRM). Rulebook against the digest:

- 4.7.6b "1 SP for every 10 SP" lacks the "or fraction of 10" of 4.7.5 and 4.7.6a (A9b):
  `PerTen.CEIL` (the digest's primary reading) or `PerTen.FLOOR` (the literal text).
- A tie on the assault's comparison is not covered (A9a): it is the besieger's loss
  (the defender wins ties, 11.2.3), as the digest reads it.
- Whether the garrison's losses also make 11.2.6 prisoners is open (A9c): every
  surviving besieged regular is a prisoner anyway, so only the split of losses into
  killed and captured changes (`casualty_prisoners`).
- 3.0 A resolves Siege 2 markers first, then summons Siege 1 ones, then flips them; on the
  last turn Phase G repeats Phase A.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from fractions import Fraction

from adjudicator.systems.almost_a_miracle.combat import prisoners, split_loss
from adjudicator.systems.common.probability import Distribution

_DIE = Distribution.die()

FORT_RATIO = 2
"""2:1 in SPs to enter an Area with a garrisoned fort, Indians not counted (AaM 4.2.3)."""
CITY_RATIO = 1
"""1:1 in SPs to enter an Area with a garrisoned city (AaM 4.2.3)."""
FORT_CAPACITY = 30
"""A fort holds up to 30 SPs and any number of baggage trains (AaM 4.2.1)."""
HONORS_OF_WAR_MONTHS = 4
"""Surrendered leaders and regulars return four months ahead (AaM 4.7.5)."""


class Place(StrEnum):
    """What is besieged."""

    FORT = "fort"
    CITY = "city"


class PerTen(StrEnum):
    """How "1 SP for every 10 SP" of the final assault rounds (A9b)."""

    CEIL = "ceil"
    """Every ten or fraction of ten, as 4.7.5 and 4.7.6a say (the digest's reading)."""
    FLOOR = "floor"
    """Every full ten: the literal 4.7.6b."""


def per_ten(sp: int, reading: PerTen = PerTen.CEIL) -> int:
    """1 SP for every 10 SPs, rounded as `reading` says.

    >>> per_ten(12), per_ten(12, PerTen.FLOOR), per_ten(40, PerTen.FLOOR)
    (2, 1, 4)
    """
    if sp < 0:
        raise ValueError(f"SPs cannot be negative ({sp})")
    return -(-sp // 10) if reading is PerTen.CEIL else sp // 10


def siege_ratio(place: Place) -> int:
    """The SP ratio needed against a garrisoned fort (2) or city (1) (AaM 4.2.3)."""
    return FORT_RATIO if place is Place.FORT else CITY_RATIO


def can_besiege(besieger_sp: int, besieged_sp: int, place: Place, *,
                besieger_indians: int = 0) -> bool:
    """Whether a force may enter, lay or keep a siege: its SPs less its Indians at least 2x
    (fort) or 1x (city) the besieged SPs (AaM 4.2.3, 4.3, 4.4.3, 4.6; digest 6.7). Check
    it on entry, after the battle outside and at the end of every endeavor.

    >>> can_besiege(23, 13, Place.CITY), can_besiege(23, 13, Place.FORT)
    (True, False)
    >>> can_besiege(30, 10, Place.FORT, besieger_indians=10)
    True
    """
    if min(besieger_sp, besieged_sp, besieger_indians) < 0:
        raise ValueError("SPs cannot be negative")
    if besieger_indians > besieger_sp:
        raise ValueError("the besieger's Indians are part of its SPs")
    return besieger_sp - besieger_indians >= siege_ratio(place) * besieged_sp


def surrender_loss(besieged_sp: int) -> int:
    """The besieger's loss when a place surrenders: 1 SP per ten or fraction of ten
    besieged SPs (AaM 4.7.5).

    >>> surrender_loss(21)
    3
    """
    return per_ten(besieged_sp, PerTen.CEIL)


def break_loss(besieged_sp: int) -> int:
    """The besieger's loss when he breaks the siege rather than assault (AaM 4.7.6a)."""
    return per_ten(besieged_sp, PerTen.CEIL)


# The timeline (AaM 3.0, 4.3.1, 4.7; digest 6.10)


@dataclass(frozen=True, slots=True)
class SiegeTimeline:
    """Turn by turn from a siege laid in `laid` (turn numbers as on the Turn Track)."""

    place: Place
    laid: int
    """The turn the Siege Level 1 marker is placed (in its Endeavors Phase)."""
    first_summons: int
    """The first Siege Resolution Phase: a summons at Level 1 (a fort; a city too, A7)."""
    level_two: int
    """The marker flips to Level 2 at the end of that phase if nothing surrenders."""
    surrender_returns: int
    """Where surrendered leaders and regulars go if the first summons is accepted."""
    attrition_phases_before_assault: int
    """The garrison's Attrition Phases (foraging without a train or magazine, 4.3.3)
    before the first possible assault."""
    first_assault: int
    """The first Siege Resolution Phase where the besieger may assault."""
    assault_repeats: bool
    """A city at Level 2 may be assaulted in any later Phase A, without limit (4.7.7); a
    fort's Level 2 phase is the end (surrender, or assault or break, 4.7.4, 4.7.6)."""

    def events(self) -> tuple[tuple[int, str], ...]:
        """The timeline as (turn, what happens)."""
        level_two = ("Phase A: the fort surrenders or stands; standing, the besieger "
                     "assaults or breaks (AaM 4.7.4, 4.7.6)" if self.place is Place.FORT
                     else "Phase A and every later one: the besieger may assault; no "
                     "summons, no surrender (AaM 4.7.7)")
        return (
            (self.laid, "Endeavors: Siege Level 1 marker placed (AaM 4.3.1)"),
            (self.first_summons, "Phase A: summons; a surrender returns the garrison's "
             f"leaders and regulars on turn {self.surrender_returns} (AaM 4.7.5); else the "
             "marker flips to Level 2 (AaM 4.7.3)"),
            (self.first_summons, "Phase B: the garrison forages unless it spends a baggage "
             "train or has a magazine inside (AaM 4.3.3)"),
            (self.first_assault, level_two),
        )


def siege_timeline(laid: int, place: Place) -> SiegeTimeline:
    """The siege's timeline from the turn it is laid (AaM 3.0 A-B, 4.3-4.7; digest 6.10):
    one Attrition Phase before the first possible assault, two turns after the siege.

    >>> t = siege_timeline(1, Place.FORT)
    >>> t.first_summons, t.surrender_returns, t.first_assault
    (2, 6, 3)
    """
    if laid < 1:
        raise ValueError(f"turns are numbered from 1, not {laid}")
    return SiegeTimeline(place, laid, laid + 1, laid + 1, laid + 1 + HONORS_OF_WAR_MONTHS,
                         1, laid + 2, place is Place.CITY)


# The final assault (AaM 4.7.6b, 4.7.8; digest 6.10)


@dataclass(frozen=True, slots=True, order=True)
class AssaultResult:
    """One outcome of a final assault."""

    won: bool
    difference: int
    """The besieger's casualty total less the besieged's."""
    besieger_lost: int
    garrison_killed: int
    """Besieged SPs eliminated: the difference's regular losses not taken prisoner, its
    militia losses and, on a win, every remaining militia SP."""
    garrison_captured: int
    """Besieged regular SPs taken prisoner (all survivors on a win)."""


@dataclass(frozen=True, slots=True)
class Assault:
    """The exact odds and expected losses of a final assault."""

    results: Distribution[AssaultResult]
    win: Fraction
    tie: Fraction
    loss: Fraction
    win_margin: Distribution[int] | None
    """The difference, given a win (None: it cannot win)."""

    @property
    def fail(self) -> Fraction:
        """P(the besieger does not take the place): a loss or a tie (A9a)."""
        return self.tie + self.loss

    def expected(self, what: str) -> Fraction:
        """The expectation of an `AssaultResult` count (`besieger_lost`, ...)."""
        return self.results.map(lambda r: int(getattr(r, what))).expectation()


def assault_result(besieger_sp: int, regulars: int, militia: int, difference: int, *,
                   reading: PerTen = PerTen.CEIL, casualty_prisoners: bool = False,
                   ) -> AssaultResult:
    """The final assault for one casualty difference (AaM 4.7.6b). A tie or less: the
    besieger loses 1 per 10 SPs of his force and retreats. A win: the garrison loses the
    difference (capped, split by 11.2.6), its remaining militia are eliminated and its
    surviving regulars captured; the besieger loses 1 per 10 SPs of the besieged force.

    >>> assault_result(40, 12, 0, 3)
    AssaultResult(won=True, difference=3, besieger_lost=2, garrison_killed=3, garrison_captured=9)
    """
    besieged = regulars + militia
    if difference <= 0:
        return AssaultResult(False, difference, per_ten(besieger_sp, reading), 0, 0)
    lost = min(difference, besieged)
    regular_loss, _ = split_loss(lost, regulars, militia)
    taken = prisoners(regular_loss) if casualty_prisoners else 0
    survivors = regulars - regular_loss
    return AssaultResult(True, difference, per_ten(besieged, reading),
                         regular_loss - taken + militia, survivors + taken)


def final_assault(besieger_sp: int, regulars: int, militia: int = 0, net_drm: int = 0, *,
                  reading: PerTen = PerTen.CEIL, casualty_prisoners: bool = False) -> Assault:
    """The exact odds of a final assault with a net casualty DRM (the besieger's less the
    besieged's): a win on a higher total, a tie or lower a failure (AaM 4.7.6b, A9;
    digest 6.10). `besieger_sp` is the besieging force (Indians included: they absorb
    casualties, 4.7.8).

    >>> a = final_assault(40, 12)
    >>> a.win, a.fail, a.expected("besieger_lost")
    (Fraction(5, 12), Fraction(7, 12), Fraction(19, 6))

    Raises:
        ValueError: no besieger or no garrison.
    """
    if besieger_sp < 1:
        raise ValueError("a final assault needs a besieging force")
    if min(regulars, militia) < 0 or regulars + militia < 1:
        raise ValueError("a final assault needs a garrison")
    differences = (_DIE + net_drm) - _DIE
    results = differences.map(lambda d: assault_result(
        besieger_sp, regulars, militia, d, reading=reading,
        casualty_prisoners=casualty_prisoners))
    win = differences.prob(lambda d: d > 0)
    tie = differences.p(0)
    margin = differences.condition(lambda d: d > 0) if win else None
    return Assault(results, win, tie, 1 - win - tie, margin)


__all__ = [
    "CITY_RATIO",
    "FORT_CAPACITY",
    "FORT_RATIO",
    "HONORS_OF_WAR_MONTHS",
    "Assault",
    "AssaultResult",
    "PerTen",
    "Place",
    "SiegeTimeline",
    "assault_result",
    "break_loss",
    "can_besiege",
    "final_assault",
    "per_ten",
    "siege_ratio",
    "siege_timeline",
    "surrender_loss",
]
