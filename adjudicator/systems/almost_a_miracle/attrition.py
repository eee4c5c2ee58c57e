"""Almost a Miracle!'s attrition, baggage-train limits and single-die chances (AaM 5, 6.3,
8.1, 8.3.4, 10.1.4, 10.5.11-10.5.12, 10.10, 11.2.2, 11.3, 11.4.5, 14.1.7, 15.3; digest
6.4, 6.5, 6.9).

The Militia Attrition, Expired Enlistment and Foraging Attrition tables are on the Player's
Aid Card: a table column is an input here (a modified roll → a percentage), never a
constant, and a roll the column does not cover is refused. What the rulebook states is
encoded: the rounding down (5.1.4, 5.2.3), the -1 with the Major Victory marker British
(5.1.2; none stated for Loyalists, 5.3), Loyalist attrition only while the marker is
Continental (5.3), militia in their own colony left out of foraging (5.4.5), at least 1 SP
kept At Sea (5.4.3), the sick (11) and dead (12) leader on the forage roll (5.4.2), the
port values and the cap of the British limit (6.3.1) and the Continental limit (6.3.2).

Rulebook against the digest: the digest leaves out the French from the foraging SPs; the
rulebook's reason is 14.1.4 (French forces are always in supply). The foraging percentage's
rounding is not stated (PAC): it is an input, rounding down by default as 5.1.4 and 5.2.3
do for the other tables.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum
from fractions import Fraction

from adjudicator.systems.common.probability import Distribution, through_table

_DIE = Distribution.die()

BRITISH_BT_CAP = 8
"""At most 8 British baggage trains and magazines (AaM 6.3.1)."""
FRENCH_INTERVENTION_BT_CUT = 2
"""The British limit falls by 2 for good after the first French Intervention (AaM 6.3.1)."""
CONTINENTAL_BT_LIMIT = 5
"""The Continental limit (AaM 6.3.2)..."""
CONTINENTAL_BT_LIMIT_AFTER_FRENCH = 7
"""...7 for good after the first French Intervention (AaM 6.3.2)."""
PORT_VALUES: Mapping[str, int] = {
    "Halifax": 2, "C33": 2, "New York City": 2, "Y13": 2, "Staten Island": 2, "Y12": 2,
    "Boston": 2, "NE13": 2, "Philadelphia": 2, "P20": 2}
"""Ports worth 2 to the British limit, by name or Area ID; every other port is worth 1
(AaM 6.3.1)."""
NEW_YORK_PORTS = frozenset({"New York City", "Y13", "Staten Island", "Y12"})
"""New York City or Staten Island, never both (AaM 6.3.1)."""
WINTER_MONTHS = frozenset({12, 1, 2, 3})
"""December through March (AaM 5.4.4, 10.9)."""
MILITIA_GENERATION_MONTHS = frozenset({3, 6, 9, 12})
"""March, June, September and December (AaM 6.5)."""


def _sixths(faces: int) -> Fraction:
    return Fraction(max(0, min(6, faces)), 6)


def percent_of(sp: int, percent: Fraction | int) -> int:
    """`percent`% of `sp`, fractions rounded down (AaM 5.1.4, 5.2.3).

    >>> percent_of(10, 20), percent_of(3, 20)
    (2, 0)
    """
    if sp < 0 or percent < 0:
        raise ValueError("SPs and percentages cannot be negative")
    return int(Fraction(sp) * Fraction(percent) / 100)


def _column(column: Mapping[int, Fraction | int]) -> Mapping[int, Fraction]:
    return {roll: Fraction(pct) for roll, pct in column.items()}


def modified_percent(column: Mapping[int, Fraction | int],
                     drm: int = 0) -> Distribution[Fraction]:
    """The percentage read from a table column (modified roll → %) for 1d6 + `drm`.

    Raises:
        ValueError: a modified roll the column does not cover.
    """
    return through_table(_DIE + drm, _column(column))


class Attrition(StrEnum):
    """The percentage attritions of the Attrition Phase."""

    MILITIA = "militia"
    """Continental militia, per colony, each Area of it (AaM 5.1)."""
    LOYALIST = "loyalist"
    """Loyalist (and Canadian, A14) militia, while the MV marker is Continental (AaM 5.3)."""
    ENLISTMENT = "enlistment"
    """Continental regulars in December, the whole army (AaM 5.2)."""


def attrition_drm(kind: Attrition, *, mv_british: bool, listed: int = 0) -> int:
    """The DRM of an attrition roll: -1 for Continental militia with the Major Victory
    marker British (5.1.2); none stated for Loyalists (5.3); the PAC's listed modifiers
    for Expired Enlistment (5.2.2, `listed`)."""
    if kind is Attrition.MILITIA:
        return -1 if mv_british else 0
    if kind is Attrition.ENLISTMENT:
        return listed
    return 0


def attrition_losses(kind: Attrition, sp_by_area: Sequence[int],
                     column: Mapping[int, Fraction | int], *, mv_british: bool = False,
                     listed: int = 0) -> Distribution[tuple[int, ...]]:
    """The SPs lost in each Area (for Expired Enlistment, one total) for the table column
    of the month (militia) or year (enlistment) (AaM 5.1-5.3; digest 6.5). Loyalists roll
    only while the Major Victory marker is Continental (5.3): with it British they lose
    nothing.

    >>> column = {roll: 20 for roll in range(6)}  # a hypothetical column: 20% on 0..5
    >>> attrition_losses(Attrition.MILITIA, [10, 3], column, mv_british=True)
    Distribution({(2, 0): 1})
    >>> attrition_losses(Attrition.MILITIA, [10, 3], {4: 20})
    Traceback (most recent call last):
    ...
    ValueError: the table column does not give modified roll(s) [1, 2, 3, 5, 6]

    Raises:
        ValueError: a negative SP count, or a roll the column does not cover.
    """
    if any(sp < 0 for sp in sp_by_area):
        raise ValueError("SPs cannot be negative")
    areas = tuple(sp_by_area)
    if kind is Attrition.LOYALIST and mv_british:
        return Distribution.constant(tuple(0 for _ in areas))
    drm = attrition_drm(kind, mv_british=mv_british, listed=listed)
    if kind is Attrition.ENLISTMENT:
        areas = (sum(areas),)
    percents = _DIE + drm
    covered = {roll for roll in percents.support if roll in column}
    if covered != set(percents.support):
        missing = sorted(set(percents.support) - covered)
        raise ValueError(f"the table column does not give modified roll(s) {missing}")
    return percents.map(lambda roll: tuple(percent_of(sp, column[roll]) for sp in areas))


def known_attrition(sp_by_area: Sequence[int], percent: Fraction | int) -> tuple[int, ...]:
    """The SPs lost in each Area once the table has given `percent` (AaM 5.1.4).

    >>> known_attrition([10, 3], 20)
    (2, 0)
    """
    return tuple(percent_of(sp, percent) for sp in sp_by_area)


# Foraging (AaM 5.4)


def forage_sp(sp: int, *, home_militia: int = 0, french: int = 0) -> int:
    """The SPs that forage: the stack less Continental militia in their own colony (5.4.5)
    and French units (always supplied, 14.1.4).

    >>> forage_sp(17, home_militia=6)
    11
    """
    if min(sp, home_militia, french) < 0 or home_militia + french > sp:
        raise ValueError("the militia and French left out are part of the stack's SPs")
    return sp - home_militia - french


class Rounding(StrEnum):
    """How a foraging percentage rounds (PAC; unstated in the rulebook)."""

    DOWN = "down"
    UP = "up"


def forage_loss(sp: int, percent: Fraction | int, *, rounding: Rounding = Rounding.DOWN,
                at_sea: bool = False) -> int:
    """SPs lost to a foraging percentage; At Sea the force keeps at least 1 SP (5.4.3).

    >>> forage_loss(11, 20), forage_loss(11, 20, rounding=Rounding.UP)
    (2, 3)
    >>> forage_loss(1, 50, at_sea=True), forage_loss(4, 100, at_sea=True)
    (0, 3)
    """
    exact = Fraction(sp) * Fraction(percent) / 100
    loss = math.floor(exact) if rounding is Rounding.DOWN else math.ceil(exact)
    loss = min(loss, sp)
    return min(loss, sp - 1) if at_sea and sp else loss


def forage_losses(sp: int, column: Mapping[int, Fraction | int], *,
                  rounding: Rounding = Rounding.DOWN,
                  at_sea: bool = False) -> Distribution[int]:
    """SPs lost to the 2d6 Foraging Attrition roll through a table column (2d6 → %)
    chosen by the Forage Attrition Matrix (AaM 5.4.1c; both PAC)."""
    return through_table(Distribution.dice(2), _column(column)).map(
        lambda pct: forage_loss(sp, pct, rounding=rounding, at_sea=at_sea))


@dataclass(frozen=True, slots=True)
class ForageLeaders:
    """The forage roll's leader results per stack (AaM 5.4.2)."""

    sick: Fraction
    """An 11: a random leader (not Washington) is away 1d6 turns."""
    dead: Fraction
    """A 12: a random leader (not Washington) dies."""
    sick_turns: Distribution[int]


def forage_leaders() -> ForageLeaders:
    """P(11) = 1/18 and P(12) = 1/36 on 2d6 (AaM 5.4.2; digest 6.4).

    >>> forage_leaders().sick, forage_leaders().dead
    (Fraction(1, 18), Fraction(1, 36))
    """
    dice = Distribution.dice(2)
    return ForageLeaders(dice.p(11), dice.p(12), _DIE)


def winter(month: int) -> bool:
    """A winter turn, December to March (AaM 5.4.4, 10.9).

    >>> winter(12), winter(4)
    (True, False)
    """
    if not 1 <= month <= 12:
        raise ValueError(f"a month is 1 to 12, not {month}")
    return month in WINTER_MONTHS


def winter_attrition_rolls(month: int, *, activation_attempted: bool = False,
                           reaction_attempted: bool = False) -> int:
    """Extra Winter Attrition rolls: one for an activation attempt, successful or not
    (5.4.4, 10.9), one for a reaction attempt (10.10.5), in December-March (A17)."""
    if not winter(month):
        return 0
    return int(activation_attempted) + int(reaction_attempted)


def pow_attrition(total: int, turns: int = 1) -> int:
    """A POW total after `turns` Attrition Phases: 1 SP less each, not below 0 (AaM 15.3).

    >>> pow_attrition(3, 5)
    0
    """
    if total < 0 or turns < 0:
        raise ValueError("POW totals and turns cannot be negative")
    return max(0, total - turns)


# Baggage-train limits (AaM 6.3; digest 6.9)


class CapOrder(StrEnum):
    """The order of the 8 cap and the -2 after the French (A22)."""

    CAP_THEN_CUT = "cap-then-cut"
    """min(8, ports) - 2: the digest's reading (matches December 1778)."""
    CUT_THEN_CAP = "cut-then-cap"
    """min(8, ports - 2)."""


def port_value(port: str) -> int:
    """A port's value to the British limit: 2 for Halifax, New York City or Staten Island,
    Boston and Philadelphia, 1 for any other (AaM 6.3.1)."""
    return PORT_VALUES.get(port, 1)


def british_bt_limit(ports: Sequence[str], *, french_intervened: bool = False,
                     order: CapOrder = CapOrder.CAP_THEN_CUT) -> int:
    """The British baggage train/magazine limit: the controlled ports' values (New York City
    and Staten Island counted once), at most 8, less 2 for good after the first French
    Intervention (AaM 6.3.1, A20, A22; digest 6.9).

    >>> british_bt_limit(["New York City", "Halifax", "Philadelphia", "Quebec"])
    7
    >>> british_bt_limit(["Y13", "C33", "Quebec", "Newport"], french_intervened=True)
    4
    """
    if len(set(ports)) != len(ports):
        raise ValueError("a port is listed twice")
    new_york = [p for p in ports if p in NEW_YORK_PORTS]
    total = sum(port_value(p) for p in ports if p not in NEW_YORK_PORTS)
    total += 2 if new_york else 0
    cut = FRENCH_INTERVENTION_BT_CUT if french_intervened else 0
    if order is CapOrder.CAP_THEN_CUT:
        return max(0, min(BRITISH_BT_CAP, total) - cut)
    return max(0, min(BRITISH_BT_CAP, total - cut))


def continental_bt_limit(*, french_intervened: bool = False) -> int:
    """5, or 7 for good after the first French Intervention (AaM 6.3.2)."""
    return CONTINENTAL_BT_LIMIT_AFTER_FRENCH if french_intervened else CONTINENTAL_BT_LIMIT


def new_baggage_trains(limit: int, on_board: int, available: int) -> int:
    """Trains placed on the BoO: the limit less the trains and magazines on the board
    (captured ones and the BoO not counted), at most those Available; none if at or over
    the limit, and nothing is removed when over (AaM 6.3.1, 6.4).

    >>> new_baggage_trains(7, 5, 4), new_baggage_trains(4, 6, 2)
    (2, 0)
    """
    if min(limit, on_board, available) < 0:
        raise ValueError("limits and counts cannot be negative")
    return max(0, min(available, limit - on_board))


# Single-die chances (digest 6.4)


def activation_chance(audacity: int) -> Fraction:
    """1d6 ≤ the commander's Audacity activates (AaM 8.1.1); a reaction the same with the
    reacting commander's (10.10.2).

    >>> activation_chance(3)
    Fraction(1, 2)
    """
    return _sixths(audacity)


def tactical_chance(tactical: int) -> Fraction:
    """1d6 ≤ Tactical: a retreat before combat (11.3.1) or a leader's escape (11.4.5)."""
    return _sixths(tactical)


def surprise_chance(net_drm: int) -> Fraction:
    """1d6 + the Surprise Table DRMs ≥ 6 surprises (AaM 11.2.2).

    >>> surprise_chance(0), surprise_chance(2)
    (Fraction(1, 6), Fraction(1, 2))
    """
    return _sixths(net_drm + 1)


def loyalist_uprising_chance() -> Fraction:
    """A 1 on the activation die, then a 1 on the reroll: 3 Loyalist SPs in Tryon County
    (AaM 8.3.4).

    >>> loyalist_uprising_chance()
    Fraction(1, 36)
    """
    return _sixths(1) * _sixths(1)


def french_sea_control_chance() -> Fraction:
    """A 5 or 6 before a British sea move with the French Field Force on the board gives
    the French sea control for the turn (AaM 10.5.11)."""
    return _sixths(2)


def new_york_ice_chance() -> Fraction:
    """A 4-6 blocks New York City and Staten Island, December-March (AaM 10.5.12)."""
    return _sixths(3)


def philadelphia_repulse_chance() -> Fraction:
    """A 5 or 6 repulses a sea move at Philadelphia with Continentals next to it in an
    Invasion-Defense Area (AaM 10.5.12)."""
    return _sixths(2)


def french_stay() -> Distribution[int]:
    """The turns the French stay: 1d6 + 2 (AaM 14.1.7)."""
    return _DIE + 2


__all__ = [
    "BRITISH_BT_CAP",
    "CONTINENTAL_BT_LIMIT",
    "CONTINENTAL_BT_LIMIT_AFTER_FRENCH",
    "FRENCH_INTERVENTION_BT_CUT",
    "MILITIA_GENERATION_MONTHS",
    "NEW_YORK_PORTS",
    "PORT_VALUES",
    "WINTER_MONTHS",
    "Attrition",
    "CapOrder",
    "ForageLeaders",
    "Rounding",
    "activation_chance",
    "attrition_drm",
    "attrition_losses",
    "british_bt_limit",
    "continental_bt_limit",
    "forage_leaders",
    "forage_loss",
    "forage_losses",
    "forage_sp",
    "french_sea_control_chance",
    "french_stay",
    "known_attrition",
    "loyalist_uprising_chance",
    "modified_percent",
    "new_baggage_trains",
    "new_york_ice_chance",
    "percent_of",
    "philadelphia_repulse_chance",
    "port_value",
    "pow_attrition",
    "surprise_chance",
    "tactical_chance",
    "winter",
    "winter_attrition_rolls",
]
