"""Washington's War's set-up (WW 4.0, table T1) as places and tokens, for seeding a
calibration from a module's at-start stacks (`adjudicator.systems.common.calibration_seed`).

A T1 line is its Generals, its CUs as strength per nationality (a "5 CU" line matches a
5-CU counter or a 2 and a 3), its PC marker, the Continental Congress and the French Navy.
The Game Turn marker starts on its year's box of the Turn track with its British Regulars
side up, and the French Alliance marker on its track's box 0 (WW 4.0).
"""

from __future__ import annotations

from collections import Counter

from adjudicator.systems.common.calibration_seed import SetUp, SetUpLine, line
from adjudicator.systems.washingtons_war.data import WWData


def tokens(entity: str) -> Counter[str]:
    """What an entity counts as: a CU its value towards its nationality, others one."""
    kind, _, rest = entity.partition(":")
    if kind == "cu":
        nationality, _, value = rest.partition(":")
        if value.isdigit():
            return Counter({f"cu:{nationality}": int(value)})
    return Counter({entity: 1})


def set_up(data: WWData) -> SetUp:
    """T1 as set-up lines, with the Turn and French Alliance markers' boxes."""
    t1 = data.tables.t1
    lines: list[SetUpLine] = []
    for placement in t1.placements:
        count: Counter[str] = Counter(f"general:{general}" for general in placement.generals)
        if placement.cus and placement.nationality is not None:
            count[f"cu:{placement.nationality}"] += placement.cus
        if placement.pc:
            count[f"pc:{placement.side}"] += 1
        if placement.congress:
            count["congress"] += 1
        if placement.french_navy:
            count["navy"] += 1
        where = (f"space:{placement.location}" if placement.location in data.spaces
                 else f"box:{placement.location}")
        lines.append(line(where, count))
    marker = "turn:regulars" if t1.regulars else "turn:no_regulars"
    lines.append(line(f"track:turn_{t1.turn}", Counter({marker: 1})))
    lines.append(line(f"track:alliance_{t1.french_alliance}", Counter({"alliance:track": 1})))
    return SetUp(tuple(lines), tokens)


__all__ = ["set_up", "tokens"]
