"""Political Control actions with an OPS card (WW 10.0–10.11; table T13).

A placement or flip is judged against the position **before the card was played**
(WW 10.11.B.ii: adjacency to a space that held a British PC before this card — no
daisy-chaining).
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass

from adjudicator.systems.washingtons_war.data import Side, WWData
from adjudicator.systems.washingtons_war.rules.base import Check, Outcome
from adjudicator.systems.washingtons_war.state import WWState


@dataclass(frozen=True, slots=True)
class PcChange:
    """A PC marker placed, flipped or removed in a space during one step."""

    step: int
    space: str
    before: Side | None
    after: Side | None

    @property
    def action(self) -> str:
        """`place`, `flip` or `remove`."""
        if self.before is None:
            return "place"
        return "remove" if self.after is None else "flip"


def pc_changes(before: WWState, after: WWState, step: int) -> list[PcChange]:
    """The PC changes between two positions, space by space."""
    spaces = set(before.spaces()) | set(after.spaces())
    changes = []
    for space in sorted(spaces):
        old, new = before.place("space:" + space).pc, after.place("space:" + space).pc
        if old != new:
            changes.append(PcChange(step, space, old, new))
    return changes


def check_single_marker(data: WWData, state: WWState, step: int) -> Iterator[Outcome]:
    """WW-PC-01 (WW 10.0.A): a space never holds more than one PC marker."""
    for space, place in sorted(state.spaces().items()):
        if len(place.pcs) > 1:
            yield Check.illegal("WW-PC-01", step, f"{_name(data, space)} holds "
                                f"{len(place.pcs)} PC markers; a space holds at most one",
                                spaces=(space,))
    yield Check.done("WW-PC-01")


def check_ops_pc_actions(data: WWData, side: Side, ops: int | None,
                         changes: Sequence[PcChange], start: WWState) -> Iterator[Outcome]:
    """WW-OPS-05, WW-PC-02, WW-PC-03, WW-PC-05, WW-PC-06 for one OPS card's PC actions."""
    own = [c for c in changes if c.after is side]
    # Place or flip at most as many PCs as the card's OPS value (WW 10.11.A.i, B.i).
    if own:
        if ops is None:
            yield Check.unchecked("WW-OPS-05", own[-1].step, "the card's OPS value is not in "
                                  "the data", needs=("card ops values",))
        elif len(own) > ops:
            yield Check.illegal("WW-OPS-05", own[-1].step, f"{len(own)} PCs placed or flipped "
                                f"with a {ops}-OPS card", expected=f"≤ {ops}",
                                observed=str(len(own)))
        else:
            yield Check.done("WW-OPS-05")
    for change in own:
        if side is Side.AM:
            yield from _american(data, change, start)
        else:
            yield from _british(data, change, start)


def _american(data: WWData, change: PcChange, start: WWState) -> Iterator[Outcome]:
    place = start.place("space:" + change.space)
    name = _name(data, change.space)
    if change.action == "place":
        # An American placement needs a space with no PC and no British CU (WW 10.11.A.ii).
        if place.cus_of(Side.BR):
            yield Check.illegal("WW-PC-02", change.step, f"American PC placed in {name}, "
                                "which holds British CUs", spaces=(change.space,))
        yield Check.done("WW-PC-02")
    else:
        # An American flip needs an American or French General there (WW 10.11.A.iii).
        if not any(data.generals[g].side is Side.AM for g in place.generals
                   if g in data.generals):
            yield Check.illegal("WW-PC-03", change.step, f"British PC in {name} flipped "
                                "with no American General there", spaces=(change.space,))
        yield Check.done("WW-PC-03")


def _british(data: WWData, change: PcChange, start: WWState) -> Iterator[Outcome]:
    place = start.place("space:" + change.space)
    name = _name(data, change.space)
    generals_side = {g: record.side for g, record in data.generals.items()}
    british_army = place.cus_of(Side.BR) > 0 and any(
        generals_side.get(g) is Side.BR for g in place.generals)
    if british_army:
        # With a British Army in the space, place or flip anywhere (WW 10.11.B.iii).
        yield Check.done("WW-PC-06")
        return
    if change.action == "flip":
        yield Check.illegal("WW-PC-06", change.step, f"American PC in {name} flipped with no "
                            "British Army (General and CUs) there", spaces=(change.space,))
        return
    # A British placement needs no PC and no American Unit in the space (WW 10.11.B.ii) ...
    if place.has_units_of(Side.AM, generals_side):
        yield Check.illegal("WW-PC-05", change.step, f"British PC placed in {name}, which "
                            "holds an American Unit", spaces=(change.space,))
        return
    # ... adjacent to a space that held a British PC before the card; for the British all
    # ports are adjacent to each other (WW 10.11.B Important).
    british_spaces = {s for s, p in start.spaces().items() if p.pc is Side.BR}
    target = data.spaces.get(change.space)
    if target is not None and target.port and any(
            data.spaces[s].port for s in british_spaces if s in data.spaces):
        yield Check.done("WW-PC-05")
        return
    if british_spaces & set(data.neighbours(change.space)):
        yield Check.done("WW-PC-05")
        return
    if data.map_status.connections_complete:
        yield Check.illegal("WW-PC-05", change.step, f"British PC placed in {name}, not "
                            "adjacent to a space with a British PC before the card",
                            spaces=(change.space,))
    else:
        yield Check.unchecked("WW-PC-05", change.step, f"no known connection joins {name} to "
                              "a British-controlled space", needs=("map connections",))


def _name(data: WWData, space: str) -> str:
    record = data.spaces.get(space)
    return record.name if record is not None else space
