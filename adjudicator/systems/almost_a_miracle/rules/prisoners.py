"""Prisoners of war (AaM 6.2.4, 15.2, 15.5).

- AAM-REINF-04, AAM-POW-07 (6.2.4): "If a Leader is captured, his withdrawal is delayed until
  he is exchanged": a leader taken out of a Leader POW box in the Reinforcement Phase and
  eliminated or deleted (not put back on the map) is withdrawn while captured. A move to
  another box (the Turn Record Track...) is left alone: where an exchanged leader goes is
  not stated.
- AAM-POW-06 (15.5, 15.5.3): leaders are exchanged rank for rank, and "When a Leader
  exchange is possible, it must occur": the Reinforcement Phase ending with captured
  leaders of the same rank on both sides is a reminder (15.5.2 allows other trades by
  agreement: a reminder, not a violation).
- AAM-POW-01 (15.1, 15.1.1): "Only regulars who are taken prisoner are kept track of.
  Militiamen were usually paroled to their homes": a militia or Indian SP put in a POW box
  is illegal; a regular's is judged legal. The fixture module has no POW track counters:
  whether an SP was taken "because of a battle loss, unable to retreat, or Final Siege
  Assault loss" is the battle and siege families' (what the log shows is the SP's move).
  French SPs are not judged (15.1.1 names British and Continental regulars only).
- AAM-POW-02 (15.1.4): "Both cavalry and infantry regular SPs are recorded as infantry,
  and when a prisoner exchange occurs are returned as infantry": a cavalry counter taken
  out of a POW box onto the map is illegal; one put into a POW box is a reminder (a record
  only, no play yet).
- AAM-POW-03 (15.1.5): "None of the SPs eliminated for being at sea when the French Navy
  is in American waters (Case 14.1.6) are placed on the POW track, nor are the
  accompanying Leaders placed in the Leader POW box": a piece taken from the At Sea box to
  a POW box while the French Field Force is on the map (or the Sea Control marker shows
  its French side) is illegal; taken off the game another way, legal.
- AAM-POW-04 (15.2): leaders are captured when they fail their escape roll, lose a Final
  Assault, or are found alone by an enemy force: in each case the enemy is in their Area
  after the step. A leader put in a Leader POW box from an Area with no enemy SP or leader
  in it is illegal (the capture has no captor); with one, legal. From an Area the enemy
  force moving in this endeavor went through (an overrun, 10.4.5-10.4.6, or a leader alone
  when it entered, then went on), unchecked. Whether his escape roll failed is the retreat
  family's (AAM-RET).
- AAM-POW-05 (15.4.2): "Returning POW SPs are immediately placed on their respective BoO.
  If the BoO is not on the board, they enter with the BoO when it returns to the map": an
  SP taken out of a POW box into an Area without its side's Base of Operations is illegal.
  The exchange's one-for-one count (15.4.1: "If the other player agrees, the exchange is on
  a one-for-one basis") is judged where the module keeps each side's POW SPs as SP counters
  in a POW SP box (`box:pow_<side>`, read_pow.py): when the Reinforcement Phase ends, both
  boxes must have lost the same number of SPs; unequal, illegal (at the last step that
  changed a box). A module keeping the track as x1/x10/x100 markers is not read.
"""

from __future__ import annotations

from collections.abc import Iterator

from adjudicator.systems.almost_a_miracle.actions import Boxed, PowTotals, PrisonerReleased
from adjudicator.systems.almost_a_miracle.procedure import BRITISH, CONTINENTAL, REINFORCEMENT
from adjudicator.systems.almost_a_miracle.rules.context import Context
from adjudicator.systems.almost_a_miracle.rules.reinforcements import (
    FRENCH,
    REGULARS,
    force_in,
    side_of,
)
from adjudicator.systems.common.actions import Action, PhaseChange
from adjudicator.systems.common.outcomes import Check, Outcome
from adjudicator.systems.common.places import PlaceKind
from adjudicator.systems.common.rulebook import RuleFamily

FAMILY = RuleFamily("prisoners", frozenset({"AAM-REINF-04", "AAM-POW-07", "AAM-POW-06",
                                            "AAM-POW-01", "AAM-POW-02", "AAM-POW-03",
                                            "AAM-POW-04", "AAM-POW-05"}),
                    positional=frozenset({"AAM-POW-04", "AAM-POW-05"}),
                    actions=(PrisonerReleased, PhaseChange, Boxed, PowTotals))
CAVALRY = frozenset({"cont_cavalry", "brit_cavalry"})
GONE = ("elim", "dead", "kill", "remov", "withdr")


def judge(action: Action, ctx: Context) -> Iterator[Outcome]:
    """A captured leader withdrawn, an exchange left undone, a piece taken prisoner or
    returned."""
    if isinstance(action, Boxed):
        yield from _boxed(action, ctx)
    if isinstance(action, PowTotals) and action.phase == REINFORCEMENT:
        yield from _one_for_one(action)
    if isinstance(action, PrisonerReleased) and ctx.phase == REINFORCEMENT:
        yield from _withdrawn(action, ctx)
    elif isinstance(action, PhaseChange) and action.forward and \
            action.previous == REINFORCEMENT and action.phase != REINFORCEMENT:
        yield from _exchange(action, ctx)


def _withdrawn(action: PrisonerReleased, ctx: Context) -> Iterator[Outcome]:
    to = action.to.casefold()
    if to and not any(word in to for word in GONE):
        return
    for rule in ("AAM-REINF-04", "AAM-POW-07"):
        yield Check.illegal(rule, action.step,
                            f"{ctx.leader_name(action.leader)} was taken out of the Leader POW "
                            "box and off the game in the Reinforcement Phase: a captured "
                            "leader's withdrawal is delayed until he is exchanged (AaM 6.2.4)",
                            pieces=(action.piece,), observed=action.to or "deleted")


def _exchange(action: PhaseChange, ctx: Context) -> Iterator[Outcome]:
    held: dict[str, dict[str, list[str]]] = {BRITISH: {}, CONTINENTAL: {}}
    for entity, place in ctx.state.pieces.values():
        if entity.kind != "leader" or place.kind is not PlaceKind.BOX or \
                "pow" not in place.key.casefold():
            continue
        leader = ctx.data.leaders.get(entity.key)
        side = side_of(entity, ctx)
        if leader is None or leader.rank is None or side not in held:
            continue
        held[side].setdefault(leader.rank, []).append(leader.name)
    both = sorted(set(held[BRITISH]) & set(held[CONTINENTAL]))
    if not both:
        yield Check.done("AAM-POW-06")
        return
    pairs = "; ".join(f"{rank}: {', '.join(held[BRITISH][rank])} and "
                      f"{', '.join(held[CONTINENTAL][rank])}" for rank in both)
    yield Check.reminder("AAM-POW-06", action.step,
                         f"the Reinforcement Phase ended with captured leaders of equal rank on "
                         f"both sides ({pairs}): leaders are exchanged rank for rank, and when "
                         "an exchange is possible it must occur (AaM 15.5, 15.5.3)")


def _french_navy(ctx: Context) -> bool:
    """The French Navy is in American waters: the French Field Force is on the map (it
    came with its fleet, 14.1.6), or the Sea Control marker shows its French side. Once
    the French have left (14.1.7) it is not."""
    return any(
        (e.kind == "sea_control" and e.key == "french")
        or (e.kind == "sp" and e.key in FRENCH and p.kind is PlaceKind.SPACE)
        for e, p in ctx.state.pieces.values())


def _boxed(action: Boxed, ctx: Context) -> Iterator[Outcome]:
    into = "pow" in action.destination.casefold()
    if "sea" in action.origin.casefold():
        yield from _lost_at_sea(action, ctx, into)
    elif into and action.kind == "sp" and action.area is not None:
        yield from _taken(action, ctx)
    elif into and action.kind == "leader" and action.area is not None:
        yield from _captured(action, ctx)
    elif not into and action.kind == "sp" and action.area is not None:
        yield from _returned(action, ctx)


def _lost_at_sea(action: Boxed, ctx: Context, into: bool) -> Iterator[Outcome]:
    if action.kind not in ("sp", "leader") or not _french_navy(ctx):
        return
    if not into:
        yield Check.done("AAM-POW-03")
        return
    what = ctx.leader_name(action.key) if action.kind == "leader" else f"{action.value} SP"
    yield Check.illegal("AAM-POW-03", action.step,
                        f"{what} went from the At Sea box into a POW box with the French "
                        "Navy in American waters: none of the SPs eliminated for being at sea "
                        "then are placed on the POW track, nor are the accompanying Leaders "
                        "placed in the Leader POW box (AaM 15.1.5, 14.1.6)",
                        pieces=(action.piece,), observed=action.destination)


def _taken(action: Boxed, ctx: Context) -> Iterator[Outcome]:
    assert action.area is not None
    side = action.side or ""
    if action.key in FRENCH:
        return
    if action.key not in REGULARS.get(side, frozenset()):
        kind = ctx.data.unit_kinds.get(action.key)
        label = kind.name if kind is not None else action.key.replace("_", " ")
        yield Check.illegal("AAM-POW-01", action.step,
                            f"{action.value} SP of {label} from {ctx.name(action.area)} were "
                            "put in a POW box: only regulars who are taken prisoner are kept "
                            "track of; militiamen are paroled to their homes (AaM 15.1, "
                            "15.1.1)", spaces=(action.area,), pieces=(action.piece,))
        return
    yield Check.done("AAM-POW-01")
    if action.key in CAVALRY:
        yield Check.reminder("AAM-POW-02", action.step,
                             f"{action.value} SP of cavalry from {ctx.name(action.area)} were "
                             "put in a POW box: captured cavalry and infantry regular SPs are "
                             "both recorded as infantry, and are returned as infantry "
                             "(AaM 15.1.4)", spaces=(action.area,), pieces=(action.piece,))
    else:
        yield Check.done("AAM-POW-02")


def _captured(action: Boxed, ctx: Context) -> Iterator[Outcome]:
    assert action.area is not None
    side = action.side
    if side not in (BRITISH, CONTINENTAL):
        return
    enemy = CONTINENTAL if side == BRITISH else BRITISH
    if force_in(action.area, enemy, ctx):
        yield Check.done("AAM-POW-04")
        return
    leg = ctx.proc.leg
    if leg is not None and leg.side == enemy and action.area in ctx.proc.route:
        yield Check.unchecked("AAM-POW-04", action.step,
                              f"{ctx.leader_name(action.key)} was put in the Leader POW box "
                              f"from {ctx.name(action.area)}, which the enemy force moving in "
                              "this endeavor went through (an overrun there, 10.4.5-10.4.6, or "
                              "a leader alone when it entered, 15.2): whether it took him is "
                              "not shown", spaces=(action.area,))
        return
    yield Check.illegal("AAM-POW-04", action.step,
                        f"{ctx.leader_name(action.key)} was put in the Leader POW box from "
                        f"{ctx.name(action.area)}, where no enemy force is: leaders are "
                        "captured when they fail their escape roll, are in a besieged force "
                        "that loses the Final Assault, or are alone when an enemy force "
                        "enters their Area (AaM 15.2)", spaces=(action.area,),
                        pieces=(action.piece,))


def _returned(action: Boxed, ctx: Context) -> Iterator[Outcome]:
    assert action.area is not None
    side = action.side or ""
    if action.key not in REGULARS.get(side, frozenset()):
        return
    if action.key in CAVALRY:
        yield Check.illegal("AAM-POW-02", action.step,
                            f"{action.value} SP of cavalry came back from a POW box to "
                            f"{ctx.name(action.area)}: captured cavalry are recorded as "
                            "infantry and returned as infantry in an exchange (AaM 15.1.4)",
                            spaces=(action.area,), pieces=(action.piece,))
    else:
        yield Check.done("AAM-POW-02")
    bases = [p.key for e, p in ctx.state.pieces.values()
             if e.kind == "boo" and e.key == side and p.kind is PlaceKind.SPACE]
    if action.area in bases:
        yield Check.done("AAM-POW-05")
        return
    where = (f"its Base of Operations is at {', '.join(ctx.name(b) for b in bases)}" if bases
             else "its Base of Operations is off the board: they enter with it when it "
             "returns")
    yield Check.illegal("AAM-POW-05", action.step,
                        f"{action.value} SP came back from a POW box to "
                        f"{ctx.name(action.area)}, but {where}: returning POW SPs are "
                        "immediately placed on their respective BoO (AaM 15.4.2)",
                        spaces=(action.area,), pieces=(action.piece,))


def _one_for_one(totals: PowTotals) -> Iterator[Outcome]:
    """15.4.1: "If the other player agrees, the exchange is on a one-for-one basis": the
    SPs each side's POW box lost in the Reinforcement Phase."""
    after = dict(totals.after)
    freed = {side: before - after.get(side, 0) for side, before in totals.before}
    if not any(freed.values()):
        return
    if len(set(freed.values())) == 1:
        yield Check.done("AAM-POW-05")
        return
    told = ", ".join(f"{count} {side.capitalize()} SP" for side, count in freed.items())
    yield Check.illegal("AAM-POW-05", totals.changed or totals.step,
                        f"the prisoner exchange freed {told}: if the other player agrees, "
                        "the exchange is on a one-for-one basis (AaM 15.4.1)",
                        expected="as many SPs of each side", observed=told)
