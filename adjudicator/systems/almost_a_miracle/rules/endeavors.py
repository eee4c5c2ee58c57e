"""Endeavors and activation (AaM 8.0-8.2, 10.1, 11.1.1).

AaM 8.1: SPs move only with a leader: "a force [...] must successfully activate" to move.
SPs dragged with no leader while leaders of their side stay in the Area they left are
judged when the endeavor (or the log) ends: a leader dragged after them the same way leads the force
(a force dragged piece by piece in VASSAL is one force, AaM 8.0).
AaM 8.1.1: "roll one die; if the DR is less than or equal to the leader's Audacity Rating,
the force is activated"; on a failure "the leader (and every leader meant to go) flips to
his moved side; the force stays where it is." AaM 11.1.1: leaders that activated, or
tried to, cannot be in another endeavor that month. AaM 8.2: a lone baggage train moves
with no activation.
"""

from __future__ import annotations

from collections.abc import Iterator

from adjudicator.systems.almost_a_miracle.actions import EndeavorTaken, ForceMoved
from adjudicator.systems.almost_a_miracle.data import Need
from adjudicator.systems.almost_a_miracle.procedure import ENDEAVORS
from adjudicator.systems.almost_a_miracle.rules.context import Context
from adjudicator.systems.common.actions import Action
from adjudicator.systems.common.outcomes import Check, Computed, Outcome
from adjudicator.systems.common.probability import Distribution
from adjudicator.systems.common.rulebook import RuleFamily
from adjudicator.systems.common.sequencer import LogEnded

FAMILY = RuleFamily("endeavors",
                    frozenset({"AAM-END-03", "AAM-END-04", "AAM-END-05", "AAM-END-10"}),
                    positional=frozenset({"AAM-END-03"}),
                    actions=(ForceMoved, EndeavorTaken, LogEnded))


def judge(action: Action, ctx: Context) -> Iterator[Outcome]:
    """A move without a leader, on a failed activation, or by a leader already spent."""
    if isinstance(action, (EndeavorTaken, LogEnded)) and ctx.phase == ENDEAVORS:
        yield from _leader_followed(ctx)
        return
    if not isinstance(action, ForceMoved) or ctx.phase != ENDEAVORS or \
            action.within == "retreat" or action.joins:
        return  # a retreat needs no leader nor activation (AaM 11.3, 11.4); a second
        # Area's pieces joining a force are judged by AAM-END-02
    route = f"{ctx.name(action.origin)} → {ctx.name(action.destination)}"
    if action.sp and not action.leaders and not action.continues and \
            not action.within and _waiting(action, ctx):
        return  # a leader may follow, the force dragged piece by piece: judged at its end
    if action.sp and not action.leaders and not action.continues:
        yield Check.illegal("AAM-END-03", action.step,
                            f"{action.strength} SP moved {route} with no leader: SPs move only "
                            "with a leader, in a force that has activated (AaM 8.1, 10.1)",
                            spaces=(action.origin, action.destination))
        return
    if not action.leaders:
        return  # a lone baggage train: no activation (AaM 8.2)
    yield Check.done("AAM-END-03")
    again = [leader for leader in action.leaders if leader in ctx.proc.activated]
    going_on = _going_on(action, ctx)
    failed = [leader for leader in again if leader in _failed(ctx)]
    if action.within:
        pass  # a reaction (AaM 10.10) is not an endeavor of its own
    elif failed:
        names = ", ".join(ctx.leader_name(leader) for leader in failed)
        yield Check.illegal("AAM-END-05", action.step,
                            f"{names} failed to activate this month and moved {route}: a "
                            "force whose activation fails stays where it is and is "
                            "unavailable for the rest of the month (AaM 8.1.1)",
                            spaces=(action.origin, action.destination), pieces=tuple(failed))
    elif again and not going_on:
        names = ", ".join(ctx.leader_name(leader) for leader in again)
        yield Check.illegal("AAM-END-10", action.step,
                            f"{names} already activated (or tried to) this month, and moved "
                            f"again {route}: a leader is in one endeavor a month (AaM 11.1.1)",
                            spaces=(action.origin, action.destination), pieces=tuple(again))
    else:
        yield Check.done("AAM-END-10")
    if going_on:
        return
    yield from _activation(action, ctx, route)


def _waiting(action: ForceMoved, ctx: Context) -> bool:
    """Whether leaders of the mover's side are in the Area it left."""
    return any(e.kind == "leader" and e.key in ctx.data.leaders and
               str(ctx.data.leaders[e.key].side) == action.side
               for e in ctx.state.in_area(action.origin))


def _leader_followed(ctx: Context) -> Iterator[Outcome]:
    """AaM 8.0, 8.1: a force's SPs dragged first with leaders of the side left behind (judged
    when the endeavor ends): a leader dragged after them the same way leads the force."""
    force, first = ctx.proc.force, ctx.proc.first
    if force is None or first is None or not first.sp or first.leaders or first.within or \
            first.continues:
        return
    if force.leaders:
        yield Check.done("AAM-END-03")
        return
    if not _waiting(first, ctx):
        return  # judged at the move: no leader was left to follow
    yield Check.illegal("AAM-END-03", first.step,
                        f"{force.strength} SP moved {ctx.name(first.origin)} → "
                        f"{ctx.name(first.destination)} with no leader: SPs move only with a "
                        "leader, in a force that has activated (AaM 8.1, 10.1)",
                        spaces=(first.origin, first.destination))


def _going_on(action: ForceMoved, ctx: Context) -> bool:
    """The same endeavor's force going on (a later leg of one move, its die taken)."""
    return action.continues and all(leader in ctx.proc.activated
                                    for leader in action.leaders)


def _activation(action: ForceMoved, ctx: Context, route: str) -> Iterator[Outcome]:
    commander = _commander(action, ctx)
    if action.die is None:
        yield Check.unchecked("AAM-END-04", action.step,
                              f"no activation die was rolled for the force that moved {route}",
                              spaces=(action.origin, action.destination))
        return
    if commander is None:
        yield Check.unchecked("AAM-END-04", action.step,
                              "the Audacity of the force's leaders is not in the data: "
                              f"whether the force that moved {route} activated is not known",
                              needs=(str(Need.LEADERS),))
        return
    name, audacity = commander
    chance = Distribution.die().map(lambda d: d <= audacity).p(True)
    yield Computed(kind="activation", step=action.step, rule_id="AAM-END-04",
                   summary=f"{name} activates on {audacity} or less: rolled {action.die}",
                   inputs={"audacity": audacity, "die": action.die},
                   result={"activated": action.die <= audacity},
                   probabilities={"activates": chance})
    yield Check.done("AAM-END-04")
    if action.die > audacity:
        yield Check.illegal("AAM-END-05", action.step,
                            f"the force moved {route} though {name} failed to activate "
                            f"(rolled {action.die}, Audacity {audacity}): a force whose "
                            "activation fails stays where it is (AaM 8.1.1)",
                            spaces=(action.origin, action.destination),
                            expected=f"a die of {audacity} or less",
                            observed=str(action.die))
    else:
        yield Check.done("AAM-END-05")


def _failed(ctx: Context) -> set[str]:
    """The leaders flipped this month on a die over their force's best Audacity (the leaders
    flipped on one die are one force); a rating not in the data is no failure."""
    best: dict[int | None, int] = {}
    for leader, die in ctx.proc.flipped:
        found = ctx.data.leaders.get(leader)
        audacity = found.audacity if found is not None else None
        best[die] = max(best.get(die, 0), audacity if audacity is not None else 6)
    return {leader for leader, die in ctx.proc.flipped
            if die is not None and die > best.get(die, 6)}


def _commander(action: ForceMoved, ctx: Context) -> tuple[str, int] | None:
    """The leader whose Audacity the roll is read against: the best of the force's, in the
    player's favour (which one commands is not in the log); None when one is unknown."""
    best: tuple[str, int] | None = None
    for key in action.leaders:
        leader = ctx.data.leaders.get(key)
        if leader is None or leader.audacity is None:
            return None
        if best is None or leader.audacity > best[1]:
            best = (leader.name, leader.audacity)
    return best
