"""Baggage trains, magazines and Bases of Operations (AaM 5.4.7, 5.4.8, 7.1, 7.2, 10.5.11;
digest 4.4, 4.6).

- AAM-LOG-06 (7.2): "First the British player and then the Continental player flips over
  any non-captured baggage trains on the board to their magazine side", in the Logistics
  and Engineering Phase (3.0D). A flip on the map in another phase is illegal; a British
  flip after a Continental one in the same phase is out of order (a reminder).
- AAM-SUP-13 (5.4.7a): captured baggage trains "may not be used to create magazines".
- AAM-SUP-05 (5.4.1b, 5.4.8): "When used to supply friendly troops in an Area, baggage
  trains are expended and placed into their Expended box of the Baggage Train Pool" (a
  destroyed one, too: "Move the baggage train to the Expended box"): a train or magazine
  taken off the map in the Attrition Phase into its side's Available box is illegal (it
  would come back at once, 6.4); into the Expended box, legal. Deleted, or put elsewhere,
  is not judged. Which Area's forces it supplied (its own only) is not in a log.
- AAM-SUP-17 (5.4.8): a player removes his own trains and magazines "during the supply
  step of the Attrition Phase"; nothing else takes them off the map in the Logistics or
  Adjustment Phase (captures and battles happen in endeavors and sieges, which are not
  judged here).
- AAM-SUP-12 (5.4.7a, 11.4.2): a captured train is placed for the captor where he took it:
  his force is in that Area. "A baggage train is removed [...] when the force it is with
  can't retreat [...] or there are no friendly forces in the same Area to defend it and an
  enemy force moves into the Area": when an endeavor is over, a train left in an Area its
  forces entered, with enemy SPs there and no force of its own side, is illegal (pointing
  at the move into that Area).
- AAM-SUP-14 (5.4.7b, 11.4.3) and AAM-SUP-15 (5.4.7c, 11.4.4): the same for a magazine and
  a BoO ("A BoO is captured under the same conditions as a magazine").
- AAM-LOG-01 (7.1): "First the British player and then the Continental player decides" on
  the BoO: a British BoO step after a Continental one in the same phase is a reminder.
- AAM-LOG-02 (7.1.1-7.1.2, 3.0D): a BoO moved is "removed from the board and placed on the
  next turn on the Turn Record Track"; "The following turn it may be placed back on the
  board during this step." A BoO moved straight from one Area to another, or put back in
  the turn it came off, is illegal; put back outside the Logistics Phase, too, once the
  log has shown it come off; taken off outside it with no enemy force (SPs or a leader)
  in its Area to capture it (5.4.7c), too.
- AAM-SUP-15 (5.4.7c, 11.4.4): a captured BoO "may be placed on the board in the following
  turn during the Logistics and Engineering Phase".
- AAM-LOG-03 (7.1.3): the British BoO goes to "any port Area he controls" (control: a
  friendly force there and no enemy, 2.0); "He may not move the BoO to or from Quebec
  during December through April" (the rulebook's dates for the BoO, not 10.5.12's
  December-March: digest A26). The New York ice (a die roll in sea movement) is not judged.
- AAM-LOG-04 (7.1.4): the Continental BoO goes to "any settlement on the map that is not
  controlled by the British player"; 3.0D says "any settlement or city they control". The
  reading most favourable to the player is taken (digest A27): a settlement or city the
  British do not control.
- AAM-LOG-05 (10.5.11): once the French win Sea Control this turn, "nor may the British BoO
  be removed for placement elsewhere, or placed if currently off the board". Sea Control is
  won in the Endeavors Phase, after the Logistics Phase; the previous turn's has no effect.
  A BoO taken off where Continental SPs are is a capture (11.4.4), not a removal.
"""

from __future__ import annotations

from collections.abc import Generator, Iterator

from adjudicator.systems.almost_a_miracle.actions import (
    BaseShifted,
    EndeavorTaken,
    TrainFlipped,
    TrainPlaced,
    TrainRemoved,
)
from adjudicator.systems.almost_a_miracle.data import AaMData, Need
from adjudicator.systems.almost_a_miracle.procedure import (
    ADJUSTMENT,
    ATTRITION,
    BRITISH,
    CONTINENTAL,
    ENDEAVORS,
    LOGISTICS,
)
from adjudicator.systems.almost_a_miracle.rules.context import Context
from adjudicator.systems.almost_a_miracle.state import Entity
from adjudicator.systems.common.actions import Action, PhaseChange
from adjudicator.systems.common.outcomes import Check, Outcome
from adjudicator.systems.common.rulebook import RuleFamily

FAMILY = RuleFamily("logistics", frozenset({"AAM-LOG-01", "AAM-LOG-02", "AAM-LOG-03",
                                            "AAM-LOG-04", "AAM-LOG-05", "AAM-LOG-06",
                                            "AAM-SUP-12", "AAM-SUP-13", "AAM-SUP-14",
                                            "AAM-SUP-15", "AAM-SUP-17", "AAM-SUP-05"}),
                    actions=(TrainFlipped, TrainRemoved, TrainPlaced, BaseShifted, EndeavorTaken,
                             PhaseChange))
QUEBEC_CLOSED = frozenset({12, 1, 2, 3, 4})
"""December through April: no BoO to or from Quebec (AaM 7.1.3)."""
NAMES = {BRITISH: "British", CONTINENTAL: "Continental"}


def judge(action: Action, ctx: Context) -> Iterator[Outcome]:
    """Flips, removals and placements of trains and magazines; BoO moves."""
    if isinstance(action, TrainFlipped):
        yield from _flipped(action, ctx)
    elif isinstance(action, TrainRemoved):
        yield from _removed(action, ctx)
    elif isinstance(action, TrainPlaced) and action.flag == "captured":
        yield from _captured(action, ctx)
    elif isinstance(action, BaseShifted):
        yield from _base(action, ctx)
    elif isinstance(action, EndeavorTaken) or (
            isinstance(action, PhaseChange) and action.previous == ENDEAVORS):
        yield from _left_alone(ctx)


CAPTURES = {"": ("AAM-SUP-12", "baggage train", "AaM 5.4.7a, 11.4.2"),
            "mag": ("AAM-SUP-14", "magazine", "AaM 5.4.7b, 11.4.3")}


def _left_alone(ctx: Context) -> Iterator[Outcome]:
    """After an endeavor: a train, magazine or BoO in an Area the endeavor's forces entered,
    with enemy SPs there and none of its own side's forces, should have been captured."""
    seen: set[str] = set()
    found = False
    for area, step in reversed(ctx.proc.supply.entered):
        if area in seen:
            continue
        seen.add(area)
        here = ctx.state.in_area(area)
        for side in (BRITISH, CONTINENTAL):
            enemy = CONTINENTAL if side == BRITISH else BRITISH
            alone = [e for e in here if e.key == side and (
                (e.kind == "bt" and e.flag in CAPTURES) or e.kind == "boo")]
            if not alone:
                continue
            guarded = any(_side(e, ctx.data) == side for e in here)
            attacked = any(e.kind == "sp" and _side(e, ctx.data) == enemy for e in here)
            if guarded or not attacked:
                continue
            found = True
            for entity in alone:
                rule, what, cite = CAPTURES.get(entity.flag, ("AAM-SUP-15", "", "")) \
                    if entity.kind == "bt" else ("AAM-SUP-15", "Base of Operations",
                                                 "AaM 5.4.7c, 11.4.4")
                yield Check.illegal(rule, step,
                                    f"a {NAMES[side]} {what} was left in {ctx.name(area)} with "
                                    f"{NAMES[enemy]} forces there and no {NAMES[side]} force "
                                    "to defend it: it is captured (removed to its owner's "
                                    "Expended box, or the next turn's box for a BoO) and "
                                    "replaced by a captured baggage train in the captor's "
                                    f"colours if one is available ({cite})",
                                    spaces=(area,))
    if seen and not found:
        yield Check.done("AAM-SUP-12")
        yield Check.done("AAM-SUP-14")


def _face(flag: str) -> str:
    return {"mag": "magazine", "captured": "captured baggage train"}.get(flag, "baggage train")


def _flipped(action: TrainFlipped, ctx: Context) -> Iterator[Outcome]:
    what = f"a {_face(action.before)} turned to a {_face(action.after)} in {ctx.name(action.area)}"
    if action.before == "captured" and action.after == "mag":
        yield Check.illegal("AAM-SUP-13", action.step,
                            f"{what}: captured baggage trains may not be used to create "
                            "magazines (AaM 5.4.7a, 7.2)", spaces=(action.area,),
                            pieces=(action.piece,))
        return
    if ctx.phase is None:
        yield Check.unchecked("AAM-LOG-06", action.step,
                              f"{what} while the phase is not known: baggage trains and "
                              "magazines are converted only in the Logistics and Engineering "
                              "Phase (AaM 7.2, 3.0D)", spaces=(action.area,))
        return
    if ctx.phase != LOGISTICS:
        yield Check.illegal("AAM-LOG-06", action.step,
                            f"{what} in the {ctx.phase.title()} Phase: baggage trains and "
                            "magazines are converted only in the Logistics and Engineering "
                            "Phase (AaM 7.2, 3.0D)", spaces=(action.area,),
                            pieces=(action.piece,), expected="Logistics and Engineering Phase",
                            observed=ctx.phase)
        return
    if action.owner == BRITISH and CONTINENTAL in ctx.proc.supply.flipped:
        yield Check.reminder("AAM-LOG-06", action.step,
                             f"{what} after the Continental player's conversions: first the "
                             "British player and then the Continental player converts "
                             "(AaM 7.2)", spaces=(action.area,))
        return
    yield Check.done("AAM-LOG-06")
    if action.before == "captured" or action.after == "captured":
        return
    yield Check.done("AAM-SUP-13")


def _removed(action: TrainRemoved, ctx: Context) -> Iterator[Outcome]:
    if ctx.phase == ATTRITION:
        yield Check.done("AAM-SUP-17")
        yield from _expended(action, ctx)
    elif ctx.phase in (LOGISTICS, ADJUSTMENT):
        yield Check.illegal("AAM-SUP-17", action.step,
                            f"a {NAMES.get(action.owner, action.owner)} {_face(action.flag)} "
                            f"was taken off the map from {ctx.name(action.area)} in the "
                            f"{ctx.phase.title()} Phase: a player removes his own baggage "
                            "trains and magazines during the supply step of the Attrition "
                            "Phase (AaM 5.4.8)", spaces=(action.area,), pieces=(action.piece,))


def _expended(action: TrainRemoved, ctx: Context) -> Iterator[Outcome]:
    """5.4.1b, 5.4.8: a train used or destroyed goes to the Expended box."""
    if action.flag == "captured":
        return
    to = action.to.casefold()
    if "available" in to:
        yield Check.illegal("AAM-SUP-05", action.step,
                            f"a {NAMES.get(action.owner, action.owner)} {_face(action.flag)} "
                            f"taken off the map from {ctx.name(action.area)} in the Attrition "
                            "Phase went to the Available box: baggage trains used to supply "
                            "friendly troops are expended and placed into their Expended box "
                            "of the Baggage Train Pool, and so are trains destroyed "
                            "(AaM 5.4.1b, 5.4.8)", spaces=(action.area,),
                            pieces=(action.piece,), expected="the Expended box",
                            observed=action.to)
    elif "expended" in to:
        yield Check.done("AAM-SUP-05")


def _side(entity: Entity, data: AaMData) -> str | None:
    if entity.kind == "sp":
        kind = data.unit_kinds.get(entity.key)
        return str(kind.side) if kind is not None else None
    if entity.kind == "leader":
        leader = data.leaders.get(entity.key)
        return str(leader.side) if leader is not None else None
    return None


def _present(area: str, side: str, ctx: Context) -> bool:
    """Whether a force of `side` (SPs or a leader) is in the Area."""
    return any(_side(entity, ctx.data) == side for entity in ctx.state.in_area(area))


def _captured(action: TrainPlaced, ctx: Context) -> Iterator[Outcome]:
    if _present(action.area, action.owner, ctx):
        yield Check.done("AAM-SUP-12")
        return
    yield Check.illegal("AAM-SUP-12", action.step,
                        f"a {NAMES.get(action.owner, action.owner)} captured baggage train was "
                        f"placed in {ctx.name(action.area)}, where no "
                        f"{NAMES.get(action.owner, action.owner)} force is: a captured train "
                        "replaces a train or magazine the capturing force took in its own Area "
                        "(AaM 5.4.7a, 11.4.2-11.4.3)", spaces=(action.area,),
                        pieces=(action.piece,))


def _month(ctx: Context) -> int | None:
    turn = ctx.placement.moment.turn
    return int(turn[-2:]) if turn and turn[-2:].isdigit() else None


def _base(action: BaseShifted, ctx: Context) -> Iterator[Outcome]:
    owner = NAMES.get(action.owner, action.owner)
    record = ctx.proc.supply
    where = (action.origin, action.destination)
    spaces = tuple(area for area in where if area is not None)
    enemy = CONTINENTAL if action.owner == BRITISH else BRITISH
    captured = action.destination is None and action.origin is not None and \
        _present(action.origin, enemy, ctx)
    if action.owner == BRITISH and not captured:
        yield from _sea_control(action, ctx, spaces)
    if ctx.phase == LOGISTICS:
        if action.owner == BRITISH and CONTINENTAL in record.bases:
            yield Check.reminder("AAM-LOG-01", action.step,
                                 "the British BoO was moved after the Continental player's BoO "
                                 "decision: first the British player and then the Continental "
                                 "player decides (AaM 7.1)", spaces=spaces)
        else:
            yield Check.done("AAM-LOG-01")
    if action.origin is not None and action.destination is not None:
        yield Check.illegal("AAM-LOG-02", action.step,
                            f"the {owner} BoO went straight from {ctx.name(action.origin)} to "
                            f"{ctx.name(action.destination)}: a BoO that moves is removed from "
                            "the board to the next turn's box of the Turn Record Track and "
                            "placed back the following turn (AaM 7.1.1-7.1.2)", spaces=spaces)
        return
    if action.destination is None:
        assert action.origin is not None
        if ctx.phase == LOGISTICS:
            yield Check.done("AAM-LOG-02")
            if action.owner == BRITISH:
                yield from _quebec(action, ctx, action.origin, "from")
        elif ctx.phase is not None and not captured:
            yield Check.illegal("AAM-LOG-02", action.step,
                                f"the {owner} BoO was taken off the map from "
                                f"{ctx.name(action.origin)} in the {ctx.phase.title()} Phase "
                                "with no enemy force there to capture it: a player removes his "
                                "BoO in the Logistics and Engineering Phase (AaM 7.1, 3.0D; "
                                "a capture, 5.4.7c, needs an enemy force in its Area)",
                                spaces=spaces, expected="Logistics and Engineering Phase",
                                observed=ctx.phase)
        return
    yield from _placed(action, ctx, action.destination)


def _placed(action: BaseShifted, ctx: Context, area: str) -> Iterator[Outcome]:
    owner = NAMES.get(action.owner, action.owner)
    turn = ctx.placement.moment.turn
    off = next((entry for entry in ctx.proc.supply.base_off if entry[0] == action.owner), None)
    if off is not None:
        _, left_turn, left_phase = off
        rule = "AAM-LOG-02" if left_phase == LOGISTICS else "AAM-SUP-15"
        if left_turn and left_turn == turn:
            yield Check.illegal(rule, action.step,
                                f"the {owner} BoO was placed in {ctx.name(area)} in the turn it "
                                "came off the map: it goes to the next turn's box and may be "
                                "placed back the following turn, in the Logistics and "
                                "Engineering Phase (AaM 7.1.1-7.1.2, 5.4.7c)", spaces=(area,),
                                expected="the following turn", observed=turn)
            return
        if ctx.phase is not None and ctx.phase != LOGISTICS:
            yield Check.illegal(rule, action.step,
                                f"the {owner} BoO was placed in {ctx.name(area)} in the "
                                f"{ctx.phase.title()} Phase: it is placed back during the "
                                "Logistics and Engineering Phase (AaM 7.1.2, 5.4.7c, 3.0D)",
                                spaces=(area,), expected="Logistics and Engineering Phase",
                                observed=ctx.phase)
            return
        if ctx.phase == LOGISTICS:
            yield Check.done(rule)
    if ctx.phase != LOGISTICS:
        return
    if action.owner == BRITISH:
        yield from _british_site(action, ctx, area)
    elif action.owner == CONTINENTAL:
        yield from _continental_site(action, ctx, area)


def _british_site(action: BaseShifted, ctx: Context, area: str) -> Iterator[Outcome]:
    found = ctx.data.areas.get(area)
    enemy = _present(area, CONTINENTAL, ctx)
    friendly = _present(area, BRITISH, ctx) or any(
        e.force and e.kind == "bt" and e.key == BRITISH for e in ctx.state.in_area(area))
    if found is not None and found.port is False:
        yield Check.illegal("AAM-LOG-03", action.step,
                            f"the British BoO was placed in {ctx.name(area)}, not a port: the "
                            "British player may place his BoO at any port Area he controls "
                            "(AaM 7.1.3)", spaces=(area,))
        return
    if enemy or not friendly:
        why = "Continental forces are there" if enemy else "no British force is there"
        yield Check.illegal("AAM-LOG-03", action.step,
                            f"the British BoO was placed in {ctx.name(area)}, which the British "
                            f"do not control ({why}): the British player may place his BoO at "
                            "any port Area he controls (AaM 7.1.3, 2.0 Control)", spaces=(area,))
        return
    if found is None or found.port is None:
        yield Check.unchecked("AAM-LOG-03", action.step,
                              f"whether {ctx.name(area)} is a port is not in the data: the "
                              "British BoO goes only to a port Area (AaM 7.1.3)",
                              needs=(str(Need.AREAS),), spaces=(area,))
        return
    if not (yield from _quebec(action, ctx, area, "to")):
        yield Check.done("AAM-LOG-03")


def _quebec(action: BaseShifted, ctx: Context, area: str, way: str
            ) -> Generator[Outcome, None, bool]:
    """An illegal finding when the BoO goes to or from Quebec in December-April."""
    found = ctx.data.areas.get(area)
    month = _month(ctx)
    if found is not None and found.name == "Quebec" and month in QUEBEC_CLOSED:
        yield Check.illegal("AAM-LOG-03", action.step,
                            f"the British BoO was moved {way} {ctx.name(area)} in a month "
                            "from December through April: he may not move the BoO to or from "
                            "Quebec during December through April (AaM 7.1.3)",
                            spaces=(area,))
        return True
    if way == "from":
        yield Check.done("AAM-LOG-03")
    return False


def _continental_site(action: BaseShifted, ctx: Context, area: str) -> Iterator[Outcome]:
    found = ctx.data.areas.get(area)
    if _present(area, BRITISH, ctx) and not _present(area, CONTINENTAL, ctx):
        yield Check.illegal("AAM-LOG-04", action.step,
                            f"the Continental BoO was placed in {ctx.name(area)}, which the "
                            "British control: the Continental player may place his BoO at any "
                            "settlement on the map that is not controlled by the British "
                            "player (AaM 7.1.4)", spaces=(area,))
        return
    if found is None or not (found.settlement or found.city):
        yield Check.unchecked("AAM-LOG-04", action.step,
                              f"whether {ctx.name(area)} is a settlement or city is not in the "
                              "data: the Continental BoO goes to a settlement (AaM 7.1.4)",
                              needs=(str(Need.AREAS),), spaces=(area,))
        return
    yield Check.done("AAM-LOG-04")


def _sea_control(action: BaseShifted, ctx: Context, spaces: tuple[str, ...]
                 ) -> Iterator[Outcome]:
    turn = ctx.placement.moment.turn
    if turn is not None and ctx.proc.supply.french_sea == turn:
        yield Check.illegal("AAM-LOG-05", action.step,
                            "the British BoO was moved in a turn the French Navy has Sea "
                            "Control: the British BoO may not be removed for placement "
                            "elsewhere, or placed if currently off the board (AaM 10.5.11)",
                            spaces=spaces)
    else:
        yield Check.done("AAM-LOG-05")
