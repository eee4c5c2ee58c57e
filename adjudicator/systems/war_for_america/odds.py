"""Combat odds: the ratio, whether the attack may go ahead, and overrun (digest 6.2).

- Odds are always rounded in favour of the defender (WfA 13.0 Step 3): A >= D gives
  floor(A/D):1, otherwise 1:ceil(D/A). "A '2' or '3' unit attacking a '4' unit is attacking
  at odds of 1:2. A '1' unit attacking a '3' is attacking at odds of 1:3."
- Attacks cannot be made below 1:3; such an attack is cancelled and the attacker must
  retreat (WfA 13.0 Steps 2-3).
- A moving force overruns a stationary one at 8:1 or more (WfA 12.13-12.14), except that a
  fortress is never overrun, a fort only when it holds only a garrison (WfA 17.4, 17.9), and
  overruns are ignored in the Caribbean (WfA 12.14). A lone garrison has no SP value; any
  force of 1 SP or more overruns it on a fort or open space (digest A-22: marked CHECK).
- Fleet odds (WfA 15.6): +1 at 1.5:1 or greater, -1 "if attacking at 1:2 odds" (read as a
  ratio of 1:2 or worse, digest 6.2).
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Literal

from adjudicator.systems.war_for_america.data.tables import WfATables

Ground = Literal["open", "fort", "fortress", "caribbean"]


@dataclass(frozen=True, slots=True)
class Odds:
    """Combat odds `attacker:defender`, one side always 1."""

    attacker: int
    defender: int

    def __str__(self) -> str:
        return f"{self.attacker}:{self.defender}"


def combat_odds(attacker_sp: int, defender_sp: int) -> Odds:
    """The odds of `attacker_sp` against `defender_sp`, rounded for the defender.

    >>> [str(combat_odds(a, d)) for a, d in ((2, 4), (3, 4), (1, 3), (14, 7))]
    ['1:2', '1:2', '1:3', '2:1']
    """
    if attacker_sp < 1 or defender_sp < 1:
        raise ValueError(f"odds need at least 1 SP a side, not {attacker_sp} vs {defender_sp}")
    if attacker_sp >= defender_sp:
        return Odds(attacker_sp // defender_sp, 1)
    return Odds(1, -(-defender_sp // attacker_sp))


def attack_allowed(tables: WfATables, odds: Odds) -> bool:
    """Whether odds are at least 1:3 (WfA 13.0 Step 3); else the attack is cancelled."""
    return odds.defender <= tables.t16.value("lowest_odds_defender")


@dataclass(frozen=True, slots=True)
class Overrun:
    """Whether a move overruns the defender, and the reading used."""

    overrun: bool
    reason: str
    check: bool = False
    """The rulebook leaves the case open (digest A-22): a referee should look."""


def overrun(tables: WfATables, attacker_sp: int, defender_sp: int, *,
            ground: Ground = "open", lone_garrison: bool = False) -> Overrun:
    """Whether `attacker_sp` moving onto `defender_sp` overruns them (WfA 12.13-12.14).

    >>> from adjudicator.systems.war_for_america.data.tables import bundled_tables
    >>> overrun(bundled_tables(), 10, 1).overrun, overrun(bundled_tables(), 10, 2).overrun
    (True, False)
    """
    ratio = tables.t16.value("overrun_ratio")
    if ground == "caribbean":
        return Overrun(False, "overruns are ignored in the Caribbean (WfA 12.14)")
    if ground == "fortress":
        return Overrun(False, "a fortress is never overrun (WfA 12.14, 17.4)")
    if lone_garrison:
        if attacker_sp >= 1:
            return Overrun(True, "a lone garrison has no SP value; any force overruns it on "
                           "a fort or open space (WfA 12.14, 17.9; digest A-22)", check=True)
        return Overrun(False, "no attacking SP")
    if ground == "fort":
        return Overrun(False, "a fort holding SP is never overrun (WfA 17.9)")
    if defender_sp < 1:
        return Overrun(False, "no defending SP")
    if attacker_sp >= ratio * defender_sp:
        return Overrun(True, f"{attacker_sp} SP against {defender_sp}: {ratio}:1 or more "
                       "(WfA 12.13)")
    return Overrun(False, f"{attacker_sp} SP against {defender_sp}: below {ratio}:1 "
                   "(WfA 12.13)")


def fleet_odds_modifiers(tables: WfATables, attacker: int, defender: int) -> tuple[str, ...]:
    """The T-14 odds modifiers a fleet attack of strength `attacker` against `defender`
    earns: `odds_1_5` (ratio 1.5 or more) or `odds_1_2` (ratio 1/2 or less) (WfA 15.6).

    >>> from adjudicator.systems.war_for_america.data.tables import bundled_tables
    >>> fleet_odds_modifiers(bundled_tables(), 6, 4), fleet_odds_modifiers(bundled_tables(), 2, 4)
    (('odds_1_5',), ('odds_1_2',))
    """
    if attacker < 1 or defender < 1:
        raise ValueError(f"fleet strengths must be at least 1, not {attacker} vs {defender}")
    ratio = Fraction(attacker, defender)
    found = []
    if ratio >= Fraction(3, 2):
        found.append("odds_1_5")
    if ratio <= Fraction(1, 2):
        found.append("odds_1_2")
    return tuple(m for m in found if any(row.id == m for row in tables.t14.modifiers))


__all__ = ["Ground", "Odds", "Overrun", "attack_allowed", "combat_odds",
           "fleet_odds_modifiers", "overrun"]
