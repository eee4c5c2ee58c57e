"""Reinforcements (WW 8.1, 8.2; table T15)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator, Sequence
from dataclasses import dataclass

from adjudicator.systems.washingtons_war.data import Card, Nationality, Side, WWData
from adjudicator.systems.washingtons_war.rules.base import Check, Outcome
from adjudicator.systems.washingtons_war.state import WWState

USES_PER_TURN = {Side.BR: 1, Side.AM: 2}
"""WW 8.1.B, 8.2.B: the British reinforce once a turn, the Americans twice."""


@dataclass(frozen=True, slots=True)
class Arrival:
    """Generals and CUs that came onto a map space from a box or from stock."""

    step: int
    space: str
    generals: tuple[str, ...]
    cu: Counter[Nationality]


def arrivals(before: WWState, after: WWState, step: int) -> list[Arrival]:
    """What entered the map this step without coming from another map space."""
    found = []
    on_map_before = sum((p.cu for p in before.spaces().values()), Counter[Nationality]())
    on_map_after = sum((p.cu for p in after.spaces().values()), Counter[Nationality]())
    new_cus = on_map_after - on_map_before
    for space, place in sorted(after.spaces().items()):
        generals = tuple(g for g in place.generals
                         if not before.general_at.get(g, "").startswith("space:"))
        gained = place.cu - before.place("space:" + space).cu
        cu = Counter({nat: min(n, new_cus[nat]) for nat, n in gained.items() if new_cus[nat]})
        if generals or +cu:
            found.append(Arrival(step, space, generals, +cu))
    return found


def check_reinforcement(data: WWData, side: Side, card: Card | None, uses_before: int,
                        found: Sequence[Arrival], start: WWState, step: int,
                        blockaded_zone: str | None) -> Iterator[Outcome]:
    """WW-REIN-02/03/04/05 for one reinforcement card."""
    rule_uses = "WW-REIN-02" if side is Side.BR else "WW-REIN-04"
    limit = USES_PER_TURN[side]
    if uses_before + 1 > limit:
        yield Check.illegal(rule_uses, step, f"{side.value} reinforced {uses_before + 1} "
                            f"times this turn; the limit is {limit}",
                            expected=f"≤ {limit}", observed=str(uses_before + 1))
    yield Check.done(rule_uses)
    rule = "WW-REIN-03" if side is Side.BR else "WW-REIN-05"
    spaces = sorted({a.space for a in found})
    if len(spaces) > 1:
        yield Check.illegal(rule, step, f"reinforcements went to {len(spaces)} spaces "
                            f"({', '.join(spaces)}); all go to one", spaces=tuple(spaces))
    enemy = Side.AM if side is Side.BR else Side.BR
    for space in spaces:
        place = start.place("space:" + space)
        record = data.spaces.get(space)
        # British: a port not in a Blockaded Zone with no American CU or PC (WW 8.1.C).
        # American: a space with no British CU and no British PC (WW 8.2.C).
        if place.cus_of(enemy) or place.pc is enemy:
            yield Check.illegal(rule, step, f"reinforcements placed in {space}, which holds "
                                f"{enemy.value} CUs or an {enemy.value} PC", spaces=(space,))
        if side is Side.BR and record is not None and not record.port:
            yield Check.illegal(rule, step, f"British reinforcements placed in {record.name}, "
                                "which is not a port", spaces=(space,))
        if (side is Side.BR and record is not None and blockaded_zone is not None
                and record.blockade_zone == blockaded_zone):
            yield Check.illegal(rule, step, f"British reinforcements placed in {record.name}, "
                                "in the Blockaded Zone", spaces=(space,))
    generals = [g for a in found for g in a.generals]
    if len(generals) > 1:
        yield Check.illegal(rule, step, f"{len(generals)} Generals arrived; at most 1 may")
    if side is Side.AM:
        american = sum(n for a in found for nat, n in a.cu.items() if nat is Nationality.AM)
        if card is None or card.ops is None:
            yield Check.unchecked(rule, step, "the card's OPS value is not in the data",
                                  needs=("card ops values",))
            return
        # American CUs from stock equal the card's OPS value (WW 8.2.C).
        if american != card.ops:
            yield Check.illegal(rule, step, f"{american} American CUs arrived with a "
                                f"{card.ops}-OPS card", expected=str(card.ops),
                                observed=str(american))
    yield Check.done(rule)


__all__ = ["Arrival", "arrivals", "check_reinforcement"]
