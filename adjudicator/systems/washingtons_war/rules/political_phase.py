"""The Political Control Phase's Congress Segment (WW 10.2.1) and its Remove Isolated PC
Markers segment (WW 10.2.3, 10.3).

Congress Segment: a dispersed Congress must go into a space of the thirteen colonies (not
Canada) with an American PC and no British piece, when one exists (the position when the
phase began); it returns at no other time and never moves any other way (WW-CONG-05).

Isolation:

The markers removed must be exactly those `isolation.isolation_segment` finds on the
position at the start of the segment: the American isolated markers first, all at once,
then the British ones worked out again on what is left (so in the rulebook's Mutual
Isolation example the British markers stay). A marker removed that was not isolated is
illegal (WW-POL-03 for an American marker, WW-POL-04 for a British one); an isolated marker
left on the map once the phase is over is illegal too (WW-POL-02, found at the step that
ended the phase: "The American player removes all of his PC markers that are isolated",
WW 10.2.3). Both readings stand on the same data, which declares the map complete
(`[map] connections_complete`, `MapStatus`): with the connections incomplete, or a marker in
a space the data lacks, the segment is unchecked.
"""

from __future__ import annotations

from collections.abc import Iterator

from adjudicator.systems.common.actions import Action
from adjudicator.systems.common.outcomes import Check, Outcome
from adjudicator.systems.common.rulebook import RuleFamily
from adjudicator.systems.washingtons_war.actions import CongressPlaced, IsolationSegmentEnded
from adjudicator.systems.washingtons_war.data import Nationality, Side
from adjudicator.systems.washingtons_war.isolation import (
    IsolationMap,
    Occupants,
    isolated_pcs,
    isolation_segment,
)
from adjudicator.systems.washingtons_war.procedure import POLITICAL_CONTROL, SEQUENCE
from adjudicator.systems.washingtons_war.rules.context import Context, open_to
from adjudicator.systems.washingtons_war.season import Snapshot, SpaceAt

FAMILY = RuleFamily("political_phase", frozenset({"WW-POL-02", "WW-POL-03", "WW-POL-04",
                                                  "WW-CONG-05"}),
                    actions=(IsolationSegmentEnded, CongressPlaced))
DEFINITION = {Side.AM: "WW-POL-03", Side.BR: "WW-POL-04"}
"""The rule saying when a side's marker is isolated (WW 10.31, 10.32)."""


def judge(action: Action, ctx: Context) -> Iterator[Outcome]:
    """The Congress Segment's return, and the isolation segment's removals."""
    if isinstance(action, CongressPlaced):
        yield from _congress_placed(action, ctx)
        return
    if not isinstance(action, IsolationSegmentEnded):
        return
    yield from _congress_left_out(action, ctx)
    if not action.complete and not action.removals:
        return  # the log ended before the segment began: nothing to judge yet
    board, lacking = isolation_map(action.start, ctx)
    if board is None:
        for rule_id in ("WW-POL-02", "WW-POL-03", "WW-POL-04"):
            yield Check.unchecked(rule_id, action.step, f"PC isolation not worked out: "
                                  f"{lacking}", needs=("map connections",))
        return
    american, british = isolation_segment(board)
    expected = {Side.AM: american, Side.BR: british}
    first_british = isolated_pcs("BR", board)
    yield _computation(action, expected, ctx)
    removed = {side: {r.space: r.step for r in action.removals if r.side is side}
               for side in (Side.AM, Side.BR)}
    for side in (Side.AM, Side.BR):
        for space, step in sorted(removed[side].items()):
            if space in expected[side]:
                continue
            name = ctx.space_name(space)
            why = ("it was isolated only until the American isolated markers were removed: "
                   "the British markers are worked out again after them (WW 10.2.3)"
                   if side is Side.BR and space in first_british else
                   "it traces a path through its side's spaces to a space that keeps it")
            yield Check.illegal(DEFINITION[side], step, f"{side.value} PC in {name} removed "
                                f"as isolated, but {why}", spaces=(space,))
        left = sorted(expected[side] - removed[side].keys())
        if left and action.complete:
            names = ", ".join(ctx.space_name(s) for s in left)
            yield Check.illegal("WW-POL-02", action.step, f"isolated {side.value} PC "
                                f"marker{'s' if len(left) > 1 else ''} left on the map after "
                                f"the Political Control Phase: {names} ({DEFINITION[side]}; "
                                "isolated markers are removed, WW 10.2.3)",
                                spaces=tuple(left), expected="removed",
                                observed="still there")
        elif left:
            names = ", ".join(ctx.space_name(s) for s in left)
            yield Check.unchecked("WW-POL-02", action.step, "the log ended during the "
                                  f"Political Control Phase with isolated {side.value} PC "
                                  f"markers still on the map: {names}")
        yield Check.done(DEFINITION[side])
    yield Check.done("WW-POL-02")


def congress_space(here: SpaceAt, ctx: Context) -> str | None:
    """Why the dispersed Congress may not go into a space (None: it may): a space of the
    thirteen colonies (not Canada) with an American PC and no British piece (WW 10.2.1);
    `?` when the data lacks the space's colony."""
    record = ctx.data.spaces.get(here.space)
    if record is None or record.colony is None:
        return "?"
    if not record.colony.is_colony:
        return "it is in Canada"
    if here.pc is not Side.AM:
        return "it holds no American PC"
    if here.cus_of(Side.BR) or any(ctx.sides.get(g) is Side.BR for g in here.generals):
        return "it holds a British piece"
    return None


def _congress_placed(action: CongressPlaced, ctx: Context) -> Iterator[Outcome]:
    """WW-CONG-05 (WW 10.2.1): the Congress returns from dispersal in the Congress Segment,
    into a legal space, and never moves any other way."""
    name = ctx.space_name(action.space)
    if not action.from_dispersed:
        yield Check.illegal("WW-CONG-05", action.step, f"the Continental Congress moved from "
                            f"{ctx.space_name(action.origin)} to {name}: it never moves except "
                            "by dispersal and its return in the Congress Segment",
                            spaces=(action.space,))
        return
    if action.phase is None:
        yield Check.unchecked("WW-CONG-05", action.step, f"the Continental Congress returned "
                              f"to {name} and the log does not show the phase")
        return
    if action.phase != POLITICAL_CONTROL:
        yield Check.illegal("WW-CONG-05", action.step, f"the Continental Congress returned to "
                            f"{name} in the {SEQUENCE.name(action.phase)}: a dispersed Congress "
                            "returns only in the Congress Segment of the Political Control "
                            "Phase", spaces=(action.space,))
        return
    here = ctx.state.space(action.space)
    held = SpaceAt(action.space, tuple(here.generals),
                   tuple(sorted((nat, n) for nat, n in here.cu.items() if n > 0)), here.pc)
    why = congress_space(held, ctx)
    if why == "?":
        yield Check.unchecked("WW-CONG-05", action.step, f"the Congress returned to {name}, "
                              "whose colony the data lacks", needs=("space colonies",))
        return
    if why is not None:
        yield Check.illegal("WW-CONG-05", action.step, f"the Continental Congress returned to "
                            f"{name}, but {why}: it goes to a space of the thirteen colonies "
                            "with an American PC and no British piece", spaces=(action.space,))
    yield Check.done("WW-CONG-05")


def _congress_left_out(action: IsolationSegmentEnded, ctx: Context) -> Iterator[Outcome]:
    """WW-CONG-05: a dispersed Congress must come back when a legal space exists."""
    if not (action.dispersed_at_start and action.dispersed_at_end and action.complete):
        return
    start = action.phase_start or action.start
    legal = [held.space for held in start.spaces if congress_space(held, ctx) is None]
    if legal:
        names = ", ".join(ctx.space_name(s) for s in legal[:5])
        yield Check.illegal("WW-CONG-05", action.step, "the Continental Congress stayed "
                            "dispersed through the Political Control Phase, but it must go "
                            f"into a space of the thirteen colonies with an American PC and "
                            f"no British piece, e.g. {names}", spaces=tuple(legal[:5]))
    elif any(congress_space(held, ctx) == "?" for held in start.spaces if held.pc is Side.AM):
        yield Check.unchecked("WW-CONG-05", action.step, "whether a space could take the "
                              "dispersed Congress: the data lacks some spaces' colonies",
                              needs=("space colonies",))
        return
    yield Check.done("WW-CONG-05")


def isolation_map(start: Snapshot, ctx: Context) -> tuple[IsolationMap | None, str]:
    """The position as `isolation` reads it; None and why when it cannot be built."""
    graph = ctx.graph
    if not graph.complete:
        return None, "the map's connections are not complete in the data"
    unknown = sorted(held.space for held in start.spaces
                     if held.pc is not None and held.space not in graph)
    if unknown:
        return None, f"PC markers in spaces the map data lacks: {', '.join(unknown)}"
    control = {held.space: held.pc.value for held in start.spaces if held.pc is not None}
    occupants = {}
    for held in start.spaces:
        generals = [ctx.data.generals.get(g) for g in held.generals]
        occupants[held.space] = Occupants(
            british_cus=held.cus(Nationality.BR), american_cus=held.cus(Nationality.AM),
            french_cus=held.cus(Nationality.FR),
            british_generals=sum(1 for g in generals if g is not None and g.side is Side.BR),
            american_generals=sum(1 for g in generals if g is not None and g.side is Side.AM
                                  and g.nationality is not Nationality.FR),
            french_generals=sum(1 for g in generals if g is not None
                                and g.nationality is Nationality.FR))
    # The Falmouth–Quebec line makes the two spaces adjacent "to Arnold only" (WW 3.0
    # Adjacent): no PC traces along it.
    adjacent = {space: frozenset(n for n in graph.neighbours(space)
                                 if open_to(graph.connection(space, n)))
                for space in graph}
    ports = frozenset(s for s, record in ctx.data.spaces.items() if record.port)
    congress = next((held.space for held in start.spaces if held.congress), None)
    return IsolationMap(control=control, adjacent=adjacent, occupants=occupants, ports=ports,
                        congress=congress), ""


def _computation(action: IsolationSegmentEnded, expected: dict[Side, set[str]],
                 ctx: Context) -> Outcome:
    def names(side: Side) -> str:
        found = sorted(ctx.space_name(s) for s in expected[side])
        return ", ".join(found) if found else "none"

    return Check.computed("isolation", action.step, "WW-POL-02",
                          f"isolated PC markers to remove: American {names(Side.AM)}; then "
                          f"British {names(Side.BR)}", result={
                              "american": ",".join(sorted(expected[Side.AM])),
                              "british": ",".join(sorted(expected[Side.BR])),
                              "removed": ",".join(f"{r.side.value}:{r.space}"
                                                  for r in action.removals)})


__all__ = ["FAMILY", "isolation_map", "judge"]
