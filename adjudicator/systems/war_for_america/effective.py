"""Effective strength points: how many of a side's SP count in a battle (digest 6.1).

- A leader commands (moves, attacks, retreats before combat with) at most 2, 10 or 20 SP by
  rank (WfA 11.4-11.6); a force with no leader moves any stack (WfA 12.2) but at most 10 SP
  take part in a battle (WfA 11.8).
- A defender larger than his leader's command counts the excess at half (1 and 2 stars,
  rounded down) or not at all (3 stars) (WfA 11.4-11.6). The 10-SP cap of a leaderless
  force does not also cap a one-star leader's halved total (digest A-44).
- On a fort space a side of 1 or 2 SP counts double; garrison counters never do, and 3 or
  more SP gain nothing (WfA 17.5).
- A garrison counter is ignored when SP are with it (WfA 19.20); a lone garrison rolls on
  the Petite Guerre Table's '<1' column and has no SP value for odds (WfA 19.21; digest
  A-22).

The numbers come from table T-6 (`RankLimit`) and T-16, not from constants here.
"""

from __future__ import annotations

from dataclasses import dataclass

from adjudicator.systems.war_for_america.data.tables import RankLimit, WfATables


@dataclass(frozen=True, slots=True)
class EffectiveSP:
    """A side's SP as they count in battle, with why they differ from the SP present."""

    present: int
    effective: int
    notes: tuple[str, ...] = ()


def rank_limit(tables: WfATables, stars: int | None) -> RankLimit:
    """The T-6 row of a leader of `stars` stars (None or 0: no leader)."""
    wanted = stars or 0
    for row in tables.t6.ranks:
        if row.stars == wanted:
            return row
    raise ValueError(f"no leader has {stars} stars (WfA 11.3: 1 to 3)")


def defending_sp(tables: WfATables, sp: int, stars: int | None, *,
                 fort: bool = False) -> EffectiveSP:
    """A defending side's effective SP under a leader of `stars` (None: no leader).

    >>> from adjudicator.systems.war_for_america.data.tables import bundled_tables
    >>> defending_sp(bundled_tables(), 13, 1).effective   # W-1: 2 + (13 - 2) // 2
    7
    """
    if sp < 0:
        raise ValueError(f"SP cannot be negative ({sp})")
    limit = rank_limit(tables, stars)
    notes: list[str] = []
    effective = sp
    if sp > limit.defence_threshold:
        excess = sp - limit.defence_threshold
        if limit.defence == "halve_excess":
            effective = limit.defence_threshold + excess // 2
            notes.append(f"SP above {limit.defence_threshold} halved, rounded down "
                         f"({_cite(limit)})")
            cap = rank_limit(tables, 0).defence_threshold
            if limit.stars == 1 and effective > cap:
                notes.append(f"digest A-44: the {cap}-SP cap of a force with no leader (WfA "
                             f"11.8) is not applied; the other reading gives {cap}")
        elif limit.defence == "ignore_excess":
            effective = limit.defence_threshold
            notes.append(f"SP above {limit.defence_threshold} ignored ({_cite(limit)})")
        else:
            effective = limit.defence_threshold
            notes.append(f"no leader: at most {limit.defence_threshold} SP take part "
                         f"({_cite(limit)})")
    return _fort(tables, EffectiveSP(sp, effective, tuple(notes)), fort)


def attacking_sp(tables: WfATables, sp: int, stars: int | None, *,
                 fort: bool = False) -> EffectiveSP:
    """An attacking side's effective SP. A leader may not attack with more than his rank
    allows (WfA 11.3-11.6: raises ValueError); with no leader 10 SP take part (WfA 11.8).
    `fort`: the attacker's own SP are on a fort space (WfA 17.5 doubles any side of 1-2 SP
    there; in practice the defender's)."""
    if sp < 0:
        raise ValueError(f"SP cannot be negative ({sp})")
    limit = rank_limit(tables, stars)
    if limit.command_sp is not None and sp > limit.command_sp:
        raise ValueError(f"a {limit.stars}-star leader attacks with at most {limit.command_sp} "
                         f"SP, not {sp} ({_cite(limit)})")
    if limit.command_sp is None and sp > limit.defence_threshold:
        return _fort(tables, EffectiveSP(sp, limit.defence_threshold, (
            f"no leader: at most {limit.defence_threshold} SP take part ({_cite(limit)})",)),
            fort)
    return _fort(tables, EffectiveSP(sp, sp), fort)


def _fort(tables: WfATables, side: EffectiveSP, fort: bool) -> EffectiveSP:
    doubling = tables.t16.value("fort_doubling_max_sp")
    if fort and 1 <= side.effective <= doubling:
        return EffectiveSP(side.present, side.effective * 2, (
            *side.notes, f"{side.effective} SP doubled on a fort (WfA 17.5)"))
    return side


def _cite(limit: RankLimit) -> str:
    return limit.source[0]


__all__ = ["EffectiveSP", "attacking_sp", "defending_sp", "rank_limit"]
