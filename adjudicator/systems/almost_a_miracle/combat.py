"""Almost a Miracle!'s battle arithmetic: the odds DRM, the battle-winner roll, the
casualty roll with its split, prisoners and leader loss, and the Major Victory and
Catastrophe conditions (AaM 11.2-11.5; digest 6.1-6.3).

Every chance is exact. The Battle Winner Determination and Casualty DRM tables are on the
Player's Aid Card, not in the rulebook: their DRMs are inputs here (a net DRM per side),
never constants. What the rulebook states is encoded with its citation: the odds DRM
(11.2.3), the tie to the defender (11.2.3), the casualty arithmetic (11.2.4), the split
and the prisoners (11.2.6), the leader loss on a natural 1 (11.2.7), the Wilderness and
Mountain DRMs (10.6.1b), the size tests for bayonets, surprise, Major Victory and
Catastrophe (11.2.1, 11.2.2, 11.5, 11.5.4).

Rulebook against the digest:

- 11.2.3 says "Round any fractions in favor of the defender (down)"; for a defender with
  more SPs, rounding in his favour is up. Both readings are given (`OddsReading`, A48):
  `FLOOR` (the literal "down", the digest's primary reading) and `CEIL`.
- 11.2.3's tie exception "(exception: Catastrophe, Case 11.5.4)" is not explained (A58):
  who wins such a tie is an input (`catastrophe_tie`), the defender by default.
- 11.2.6 lets an Indian stand in for militia: Indians are counted with the militia here.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from fractions import Fraction

from adjudicator.systems.common.probability import Distribution, joint

_ZERO = Fraction(0)
_DIE = Distribution.die()

SURPRISE_SIZE_LIMIT = 50
"""Surprise is rolled only if both forces are under 50 SPs (AaM 11.2.2)."""
SURPRISE_TARGET = 6
"""1d6 plus the Surprise Table DRMs of 6 or more: the attacker surprises (AaM 11.2.2)."""
BAYONET_SIZE_LIMIT = 50
"""Bayonets: the attacking force under 50 SPs, 50% or more British regulars (AaM 11.2.1)."""
MAJOR_VICTORY_SIZE = 15
"""A Major Victory needs both sides at 15 SPs or more (AaM 11.5)."""
MAJOR_VICTORY_INDIANS = 3
"""...or at least 3 Indian SPs with the winner or the loser (AaM 11.5.1)."""
CATASTROPHE_SIZE = 50
"""A loser of 50 SPs or more against a Major Victory surrenders (AaM 11.5.4)."""
SURRENDER_CATASTROPHE_SIZE = 50
"""The surrender of more than 50 SPs after a siege is a Catastrophe (AaM 11.5.4)."""
MILITIA_DRM = -1
"""The DRM of a force more than half militia (AaM 16.1, which names it; its roll is on the
PAC), waived by the Backwoods Generals option when Morgan or Stark commands."""
WILDERNESS_INDIAN_DRM = 2
"""Wilderness/Mountain: +2 to an all-Indian force against 50% or more regulars
(AaM 10.6.1b)."""
WILDERNESS_CONTINENTAL_DRM = 1
"""Wilderness/Mountain: +1 to the Continentals against 100% British regulars
(AaM 10.6.1b)."""


class OddsReading(StrEnum):
    """How the odds ratio is rounded when the defender has more SPs (A48)."""

    FLOOR = "floor"
    """The literal "(down)" in both directions: 6 against 13 is 1:2 (digest 6.1)."""
    CEIL = "ceil"
    """"In favor of the defender": 6 against 13 is 1:3."""


class Side(StrEnum):
    """A side of a battle."""

    ATTACKER = "attacker"
    DEFENDER = "defender"


@dataclass(frozen=True, slots=True)
class OddsDrm:
    """The odds ratio of a battle and the DRM it gives (AaM 11.2.3)."""

    ratio: int
    """The rounded larger-to-smaller ratio (1 for 1:1 up to under 2:1)."""
    favours: Side | None
    """The side with more SPs (None at 1:1)."""
    attacker: int
    defender: int

    @property
    def net(self) -> int:
        """The attacker's DRM less the defender's."""
        return self.attacker - self.defender


def odds_drm(attacker_sp: int, defender_sp: int,
             reading: OddsReading = OddsReading.FLOOR) -> OddsDrm:
    """The odds DRM: the larger SPs over the smaller, rounded, less 1, to the larger side
    (AaM 11.2.3; digest 6.1, A48).

    >>> odds_drm(30, 6)
    OddsDrm(ratio=5, favours=<Side.ATTACKER: 'attacker'>, attacker=4, defender=0)
    >>> odds_drm(6, 30).defender, odds_drm(6, 13).defender
    (4, 1)
    >>> odds_drm(6, 13, OddsReading.CEIL).defender
    2

    Raises:
        ValueError: a side with no SPs (there is no battle).
    """
    if attacker_sp < 1 or defender_sp < 1:
        raise ValueError(f"a battle needs SPs on both sides, not {attacker_sp} against "
                         f"{defender_sp} (AaM 11.2.3)")
    if attacker_sp >= defender_sp:
        ratio = attacker_sp // defender_sp
        favours = Side.ATTACKER if ratio > 1 else None
        return OddsDrm(ratio, favours, ratio - 1, 0)
    if reading is OddsReading.CEIL:
        ratio = -(-defender_sp // attacker_sp)
    else:
        ratio = defender_sp // attacker_sp
    return OddsDrm(ratio, Side.DEFENDER if ratio > 1 else None, 0, ratio - 1)


# The battle-winner roll (AaM 11.2.3; digest 6.2)


@dataclass(frozen=True, slots=True)
class WinnerOdds:
    """The battle-winner roll: 1d6 + DRMs each, the higher total wins (AaM 11.2.3)."""

    net_drm: int
    attacker_higher: Fraction
    tie: Fraction
    defender_higher: Fraction
    tie_goes_to: Side | None
    """Who wins a tie: the defender (11.2.3), or as set under a Catastrophe (A58); None: the
    tie is left undecided."""

    @property
    def attacker_wins(self) -> Fraction:
        """P(the attacker stays on the field)."""
        return self.attacker_higher + (self.tie if self.tie_goes_to is Side.ATTACKER else 0)

    @property
    def defender_wins(self) -> Fraction:
        """P(the defender stays on the field)."""
        return self.defender_higher + (self.tie if self.tie_goes_to is Side.DEFENDER else 0)

    @property
    def undecided(self) -> Fraction:
        """P(a tie nobody is given: a Catastrophe tie left open, A58)."""
        return self.tie if self.tie_goes_to is None else _ZERO


def margin(net_drm: int) -> Distribution[int]:
    """The attacker's total less the defender's: 1d6 + `net_drm` - 1d6.

    >>> margin(0).p(0)
    Fraction(1, 6)
    """
    return (_DIE + net_drm) - _DIE


def battle_winner(net_drm: int, *, catastrophe: bool = False,
                  catastrophe_tie: Side | None = Side.DEFENDER) -> WinnerOdds:
    """P(attacker wins) for a net DRM (the attacker's DRMs less the defender's): X + d > Y,
    a tie to the defender (AaM 11.2.3; digest 6.2). With `catastrophe` (a Catastrophe
    condition applies, 11.5.4) the tie goes to `catastrophe_tie` (A58: the defender by
    default; None leaves it undecided).

    >>> battle_winner(4).attacker_wins
    Fraction(11, 12)
    >>> battle_winner(0, catastrophe=True, catastrophe_tie=None).undecided
    Fraction(1, 6)
    """
    spread = margin(net_drm)
    higher = spread.prob(lambda m: m > 0)
    tie = spread.p(0)
    return WinnerOdds(net_drm, higher, tie, 1 - higher - tie,
                      catastrophe_tie if catastrophe else Side.DEFENDER)


# Casualties (AaM 11.2.4, 11.2.6, 11.2.7; digest 6.3)


def casualty_base(opponent_sp: int) -> int:
    """1 SP for every ten or fraction of ten SPs the opponent had (AaM 11.2.4).

    >>> casualty_base(24), casualty_base(40), casualty_base(6)
    (3, 4, 1)
    """
    if opponent_sp < 0:
        raise ValueError(f"SPs cannot be negative ({opponent_sp})")
    return -(-opponent_sp // 10)


def high_total_loss(opponent_sp: int, difference: int) -> int:
    """The higher casualty total's loss: the base less the difference, at least 1
    (AaM 11.2.4).

    >>> high_total_loss(24, 5)
    1
    """
    return max(1, casualty_base(opponent_sp) - difference)


def low_total_loss(opponent_sp: int, difference: int) -> int:
    """The lower casualty total's loss: the base plus the difference (AaM 11.2.4).

    >>> low_total_loss(40, 5)
    9
    """
    return casualty_base(opponent_sp) + difference


def split_loss(loss: int, regulars: int, militia: int) -> tuple[int, int]:
    """(regular, militia) SPs lost: evenly where both are present, the odd SP to the militia,
    each kind at most what is there (AaM 11.2.6; Indians count as militia).

    >>> split_loss(9, 20, 20), split_loss(5, 4, 2)
    ((4, 5), (3, 2))

    Raises:
        ValueError: more lost than present (cap the loss first, A50).
    """
    if min(loss, regulars, militia) < 0:
        raise ValueError("losses and SPs cannot be negative")
    if loss > regulars + militia:
        raise ValueError(f"a loss of {loss} SPs is more than the {regulars + militia} "
                         "present (A50: cap it)")
    from_militia = min(militia, max(-(-loss // 2), loss - regulars))
    return loss - from_militia, from_militia


def prisoners(regular_loss: int) -> int:
    """Half the lower roller's regular casualties, rounded up, are prisoners (AaM 11.2.6).

    >>> prisoners(3), prisoners(4), prisoners(0)
    (2, 2, 0)
    """
    return -(-regular_loss // 2)


@dataclass(frozen=True, slots=True)
class CasualtySide:
    """One side of the casualty roll: SPs by kind and its net Casualty DRM (PAC)."""

    regulars: int
    militia: int = 0
    """Militia and Indians (an Indian stands in for militia, AaM 11.2.6)."""
    drm: int = 0

    def __post_init__(self) -> None:
        if self.regulars < 0 or self.militia < 0:
            raise ValueError("SPs cannot be negative")
        if self.sp < 1:
            raise ValueError("a side of a battle needs at least 1 SP")

    @property
    def sp(self) -> int:
        """Every SP of the side in the battle."""
        return self.regulars + self.militia


@dataclass(frozen=True, slots=True, order=True)
class SideLoss:
    """What one side loses to a casualty roll."""

    lost: int
    regulars: int
    militia: int
    prisoners: int
    """Regular SPs taken prisoner (the lower total only), part of `regulars`."""
    leader: bool
    """The natural die was 1: the highest-Audacity leader but the C-in-C is lost."""


@dataclass(frozen=True, slots=True, order=True)
class CasualtyResult:
    """Both sides' losses from one pair of casualty dice."""

    difference: int
    """The attacker's total less the defender's."""
    attacker: SideLoss
    defender: SideLoss


def _side_loss(side: CasualtySide, loss: int, lower: bool, natural: int, *,
               cap: bool) -> SideLoss:
    if cap:
        loss = min(loss, side.sp)
    regulars, militia = split_loss(loss, side.regulars, side.militia) if loss <= side.sp \
        else (loss, 0)
    return SideLoss(loss, regulars, militia, prisoners(regulars) if lower else 0,
                    natural == 1)


def casualty_result(attacker: CasualtySide, defender: CasualtySide, attacker_die: int,
                    defender_die: int, *, cap: bool = True) -> CasualtyResult:
    """The losses for one pair of natural casualty dice (AaM 11.2.4, 11.2.6, 11.2.7).
    Without `cap`, a loss may exceed the SPs present (it is then all taken as regulars).

    >>> r = casualty_result(CasualtySide(30), CasualtySide(6), 6, 1)
    >>> r.attacker.lost, r.defender.lost, r.defender.prisoners, r.defender.leader
    (1, 6, 3, True)
    """
    a_total, d_total = attacker_die + attacker.drm, defender_die + defender.drm
    diff = a_total - d_total
    if diff > 0:
        a_loss = high_total_loss(defender.sp, diff)
        d_loss = low_total_loss(attacker.sp, diff)
    elif diff < 0:
        a_loss = low_total_loss(defender.sp, -diff)
        d_loss = high_total_loss(attacker.sp, -diff)
    else:
        a_loss = d_loss = 1
    return CasualtyResult(
        diff, _side_loss(attacker, a_loss, diff < 0, attacker_die, cap=cap),
        _side_loss(defender, d_loss, diff > 0, defender_die, cap=cap))


def casualties(attacker: CasualtySide, defender: CasualtySide, *,
               cap: bool = True) -> Distribution[CasualtyResult]:
    """Every outcome of the casualty roll, exact (AaM 11.2.4-11.2.7; digest 6.3). The roll
    is separate from the winner roll. The lower side is the lower casualty total (A51);
    each side checks its own natural die for the leader loss (A52); losses are capped at
    the SPs present (A50) unless `cap` is False.

    >>> d = casualties(CasualtySide(30), CasualtySide(6))
    >>> d.map(lambda r: r.defender.lost).expectation()
    Fraction(17, 6)
    """
    return joint(_DIE, _DIE, lambda x, y: casualty_result(attacker, defender, x, y, cap=cap))


@dataclass(frozen=True, slots=True)
class SideExpectation:
    """One side's expected casualties."""

    lost: Fraction
    regulars: Fraction
    militia: Fraction
    prisoners: Fraction
    leader: Fraction


def expected_losses(results: Distribution[CasualtyResult], side: Side) -> SideExpectation:
    """The expected SPs lost, by kind, prisoners, and the chance of the leader loss."""
    def pick(result: CasualtyResult) -> SideLoss:
        return result.attacker if side is Side.ATTACKER else result.defender
    return SideExpectation(
        results.map(lambda r: pick(r).lost).expectation(),
        results.map(lambda r: pick(r).regulars).expectation(),
        results.map(lambda r: pick(r).militia).expectation(),
        results.map(lambda r: pick(r).prisoners).expectation(),
        results.prob(lambda r: pick(r).leader))


# Eligibility and results by size (AaM 11.2.1, 11.2.2, 11.2.5, 11.5)


def surprise_rolled(attacker_sp: int, defender_sp: int) -> bool:
    """Surprise is rolled only if both forces are under 50 SPs (AaM 11.2.2).

    >>> surprise_rolled(30, 6), surprise_rolled(50, 6)
    (True, False)
    """
    return attacker_sp < SURPRISE_SIZE_LIMIT and defender_sp < SURPRISE_SIZE_LIMIT


def bayonets_allowed(attacker_sp: int, british_regulars: int, *, british_attacking: bool) -> bool:
    """Fixed bayonets: the British attack with under 50 SPs, 50% or more of them British
    regulars (AaM 11.2.1).

    >>> bayonets_allowed(30, 30, british_attacking=True)
    True
    >>> bayonets_allowed(30, 14, british_attacking=True)
    False
    """
    return (british_attacking and attacker_sp < BAYONET_SIZE_LIMIT
            and 2 * british_regulars >= attacker_sp)


def professional_army(sp: int, regulars: int, *, british: bool, continental_ready: bool) -> bool:
    """A Professional Army: 50% or more regulars; the Continentals only from April 1779 or 2
    turns after Steuben arrives (`continental_ready`; AaM 11.2.5). Its DRM is on the PAC."""
    return 2 * regulars >= sp > 0 and (british or continental_ready)


def wilderness_drms(*, all_indian: bool, opponent_regular_share: Fraction,
                    continental: bool, opponent_all_british_regulars: bool) -> int:
    """A side's Wilderness/Mountain DRM (AaM 10.6.1b): +2 to an all-Indian force against a
    force of 50% or more regulars; +1 to the Continentals against 100% British regulars.
    The roll it acts on is not said (A42: the battle-winner roll)."""
    drm = 0
    if all_indian and opponent_regular_share >= Fraction(1, 2):
        drm += WILDERNESS_INDIAN_DRM
    if continental and opponent_all_british_regulars:
        drm += WILDERNESS_CONTINENTAL_DRM
    return drm


def major_victory(attacker_sp: int, defender_sp: int, *, attacker_indians: int = 0,
                  defender_indians: int = 0, special_fort: bool = False,
                  overrun: bool = False) -> tuple[str, ...]:
    """Why the battle's winner takes the Major Victory marker (empty: it does not): both
    sides 15 SPs or more (11.5), 3 Indian SPs on either side (11.5.1), the capture of
    Fort Pitt, Penobscot, Fort Niagara or Newtown (11.5.2). An overrun is never one
    (10.4.7). SPs are those at the start of the battle (A55).

    >>> major_victory(15, 15), major_victory(14, 40), major_victory(6, 30, defender_indians=3)
    (('AaM 11.5',), (), ('AaM 11.5.1',))
    """
    if overrun:
        return ()
    reasons = []
    if min(attacker_sp, defender_sp) >= MAJOR_VICTORY_SIZE:
        reasons.append("AaM 11.5")
    if max(attacker_indians, defender_indians) >= MAJOR_VICTORY_INDIANS:
        reasons.append("AaM 11.5.1")
    if special_fort:
        reasons.append("AaM 11.5.2")
    return tuple(reasons)


def catastrophe(*, loser_sp: int = 0, major_victory_against: bool = False,
                supplied: bool = True, wilderness: bool = False,
                surrounded: bool = False, quebec_or_halifax_occupied: bool = False,
                surrendered_sp: int = 0) -> tuple[str, ...]:
    """The Catastrophe conditions that hold (AaM 11.5.4; empty: none): a losing force of 50
    SPs or more against a Major Victory; a loser with no baggage train or magazine in a
    Wilderness or Mountain Area (`supplied` False, literal even with a retreat open, A58);
    a loser unable to retreat, surrounded by enemy Areas and/or the sea; the Continental
    occupation of Quebec and/or Halifax; the surrender of more than 50 SPs after a siege.

    >>> catastrophe(loser_sp=50, major_victory_against=True)
    ('loser of 50+ SPs against a Major Victory',)
    >>> catastrophe(loser_sp=49, major_victory_against=True)
    ()
    """
    found = []
    if major_victory_against and loser_sp >= CATASTROPHE_SIZE:
        found.append("loser of 50+ SPs against a Major Victory")
    if wilderness and not supplied:
        found.append("loser without baggage train or magazine in Wilderness/Mountain")
    if surrounded:
        found.append("loser unable to retreat, surrounded")
    if quebec_or_halifax_occupied:
        found.append("Continental occupation of Quebec/Halifax")
    if surrendered_sp > SURRENDER_CATASTROPHE_SIZE:
        found.append("surrender of more than 50 SPs after a siege")
    return tuple(found)


@dataclass(frozen=True, slots=True)
class Surrender:
    """A force surrendering as if it lost a siege assault (AaM 4.7.6b, 11.5.4)."""

    militia_eliminated: int
    regulars_captured: int
    """All surviving regulars become prisoners (and all surviving leaders)."""
    baggage_trains_eliminated: int


def surrender_as_siege_loser(regulars: int, militia: int, baggage_trains: int = 0) -> Surrender:
    """A Catastrophe: militia and baggage trains eliminated, surviving leaders and regular
    SPs prisoners (AaM 11.5.4, 4.7.6b)."""
    if min(regulars, militia, baggage_trains) < 0:
        raise ValueError("SPs and trains cannot be negative")
    return Surrender(militia, regulars, baggage_trains)


__all__ = [
    "BAYONET_SIZE_LIMIT",
    "CATASTROPHE_SIZE",
    "MAJOR_VICTORY_INDIANS",
    "MAJOR_VICTORY_SIZE",
    "MILITIA_DRM",
    "SURPRISE_SIZE_LIMIT",
    "SURPRISE_TARGET",
    "SURRENDER_CATASTROPHE_SIZE",
    "WILDERNESS_CONTINENTAL_DRM",
    "WILDERNESS_INDIAN_DRM",
    "CasualtyResult",
    "CasualtySide",
    "OddsDrm",
    "OddsReading",
    "Side",
    "SideExpectation",
    "SideLoss",
    "Surrender",
    "WinnerOdds",
    "battle_winner",
    "bayonets_allowed",
    "casualties",
    "casualty_base",
    "casualty_result",
    "catastrophe",
    "expected_losses",
    "high_total_loss",
    "low_total_loss",
    "major_victory",
    "margin",
    "odds_drm",
    "prisoners",
    "professional_army",
    "split_loss",
    "surprise_rolled",
    "surrender_as_siege_loser",
    "wilderness_drms",
]
