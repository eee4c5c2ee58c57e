"""Almost a Miracle!'s stacking and detachments (AaM 9.0, 9.1).

- AAM-STK-01 (9.0): "There is a limit of 100 friendly SPs in any swamp, mountain, or
  wilderness Area." Leaders and baggage trains do not count. Judged where a force ends a move
  (in the Endeavors Phase, or where the phase is not known):
  up to 100 SPs it is legal whatever the terrain; over 100 the Area's terrain decides.
- AAM-STK-02 (9.0): "There is no limit to the number of Leaders and/or baggage trains that
  may be in or move through an Area." A permission: a force carrying leaders or baggage trains
  (in any number) is judged legal under it wherever it goes; nothing is counted.
- AAM-STK-03 (9.0): "There are only two circumstances when there will be both enemy and
  friendly forces in the same Area: 1) ... to attack them or 2) ... with enemy forces and either
  a fort or city to lay siege. This second instance is the only occasion when both friendly
  and enemy forces may be in the same Area at the end of an endeavor." Judged when the next
  endeavor (or pass) begins, in the Area where the last force stopped: both sides' SPs and no
  siege marker is illegal where the data says there is no fort or city; with a fort or city
  (the marker may come late) or an Area the data does not describe, unchecked.
- AAM-STK-04 (9.1): "A moving force may drop off Leaders and SPs *once* during their movement
  but may not pick up leaders or SPs while moving." A leg of the move that carries a leader the
  last leg did not, or more SPs, picks up; a second leg with fewer SPs or leaders than the one
  before drops off a second time. SP counters are broken down and combined freely (AaM 2.0),
  so SPs are counted, not counters. Baggage trains are not named by the rule (digest A33):
  dropping or picking one up is not judged. A leg after a roll (a battle, a retreat before
  combat) is not judged: losses and retreats change the force. A force dragged piece by
  piece: pieces dragged after a leg along the same way join it, and a drop-off counted when
  its first pieces went on is undone when the rest follow (procedure.py `prior`).
"""

from __future__ import annotations

from collections.abc import Iterator

from adjudicator.systems.almost_a_miracle.actions import EndeavorTaken, ForceMoved
from adjudicator.systems.almost_a_miracle.data import Need
from adjudicator.systems.almost_a_miracle.procedure import ENDEAVORS, continues, dropped_off
from adjudicator.systems.almost_a_miracle.rules.context import Context
from adjudicator.systems.common.actions import Action
from adjudicator.systems.common.outcomes import Check, Outcome
from adjudicator.systems.common.rulebook import RuleFamily

FAMILY = RuleFamily("stacking", frozenset({"AAM-STK-01", "AAM-STK-02", "AAM-STK-03",
                                                "AAM-STK-04"}),
                    actions=(ForceMoved, EndeavorTaken))
STACKING_LIMIT = 100
"""Friendly SPs in a swamp, mountain or wilderness Area (AaM 9.0)."""
LIMITED = frozenset({"swamp", "mountain", "wilderness"})


def judge(action: Action, ctx: Context) -> Iterator[Outcome]:
    """The SPs where a force ends its move, and its drop-offs and pick-ups."""
    if isinstance(action, EndeavorTaken) and ctx.phase == ENDEAVORS:
        yield from _shared(action, ctx)
    if not isinstance(action, ForceMoved) or ctx.phase not in (ENDEAVORS, None):
        return
    if action.leaders or action.trains:
        yield Check.done("AAM-STK-02")  # no limit to leaders and baggage trains (9.0)
    yield from _limit(action, ctx)
    if ctx.phase == ENDEAVORS and continues(ctx.proc, action) and not ctx.proc.rolled:
        yield from _detachments(action, ctx)


def _shared(action: EndeavorTaken, ctx: Context) -> Iterator[Outcome]:
    """AaM 9.0: at the end of an endeavor, enemy forces share an Area only in a siege."""
    leg = ctx.proc.leg
    if leg is None or not leg.side:
        return
    area = leg.destination
    if any(isinstance(a, ForceMoved) and a.destination == area for a in ctx.step_actions):
        return  # the next endeavor's force goes in: an attack
    entities = ctx.state.in_area(area)
    sides = {str(ctx.data.unit_kinds[e.key].side) for e in entities
             if e.kind == "sp" and e.key in ctx.data.unit_kinds}
    if len(sides) < 2 or any(e.kind == "siege" for e in entities):
        yield Check.done("AAM-STK-03")
        return
    known = ctx.data.areas.get(area)
    walls = any(e.kind == "fort" and e.flag != "build" for e in entities) or (
        known is not None and (bool(known.city) or bool(known.printed_fort)))
    if walls or known is None or known.city is None:
        yield Check.unchecked("AAM-STK-03", action.step,
                              f"both sides' SPs are in {ctx.name(area)} after the endeavor, with "
                              "no siege marker: whether a siege of a fort or city holds them "
                              "is not shown", needs=(str(Need.AREAS),), spaces=(area,))
        return
    yield Check.illegal("AAM-STK-03", action.step,
                        f"the endeavor ended with both sides' SPs in {ctx.name(area)}, which "
                        "holds no fort or city: a siege is the only occasion when friendly and "
                        "enemy forces may be in the same Area at the end of an endeavor "
                        "(AaM 9.0)", spaces=(area,), pieces=leg.pieces)


def _limit(action: ForceMoved, ctx: Context) -> Iterator[Outcome]:
    if not action.sp:
        return
    area = action.destination
    friendly = sum(e.value for e in ctx.state.in_area(area)
                   if e.kind == "sp" and e.key in ctx.data.unit_kinds
                   and str(ctx.data.unit_kinds[e.key].side) == action.side)
    if friendly <= STACKING_LIMIT:
        if not action.within:
            yield Check.done("AAM-STK-01")
        return
    known = ctx.data.areas.get(area)
    terrain = known.terrain if known is not None else None
    if terrain is None:
        yield Check.unchecked("AAM-STK-01", action.step,
                              f"{friendly} friendly SPs in {ctx.name(area)}: whether it is a "
                              "swamp, mountain or wilderness Area (limit 100) is not known",
                              needs=(str(Need.ADJACENCY),), spaces=(area,))
    elif terrain.casefold() in LIMITED:
        yield Check.illegal("AAM-STK-01", action.step,
                            f"{friendly} friendly SPs in {ctx.name(area)}, a {terrain} Area: "
                            "there is a limit of 100 friendly SPs in any swamp, mountain, or "
                            "wilderness Area; the excess is removed at once (AaM 9.0)",
                            spaces=(area,), pieces=action.pieces,
                            expected=f"≤ {STACKING_LIMIT} SPs", observed=str(friendly))
    else:
        yield Check.done("AAM-STK-01")


def _detachments(action: ForceMoved, ctx: Context) -> Iterator[Outcome]:
    leg = ctx.proc.leg
    assert leg is not None
    where = ctx.name(action.origin)
    joined = sorted(set(action.leaders) - set(leg.leaders))
    if joined or action.strength > leg.strength:
        what = ", ".join(ctx.leader_name(k) for k in joined) if joined else \
            f"{action.strength - leg.strength} SPs"
        yield Check.illegal("AAM-STK-04", action.step,
                            f"the moving force picked up {what} in {where}: a moving force "
                            "may not pick up leaders or SPs while moving (AaM 9.1)",
                            spaces=(action.origin,), pieces=action.pieces)
        return
    if dropped_off(leg, action) and ctx.proc.drops >= 1:
        yield Check.illegal("AAM-STK-04", action.step,
                            f"the moving force dropped off leaders or SPs in {where} after "
                            "doing so once already: a moving force may drop off Leaders and "
                            "SPs once during their movement (AaM 9.1)",
                            spaces=(action.origin,), pieces=action.pieces,
                            expected="one drop-off", observed=str(ctx.proc.drops + 1))
        return
    yield Check.done("AAM-STK-04")
