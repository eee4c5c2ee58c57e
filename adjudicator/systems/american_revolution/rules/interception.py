"""Interception (optional rule AR 32).

AR 32.2: "Whenever an enemy force moves into a locale immediately adjacent (path
connected) to a friendly force, and that friendly force has one or more leaders, you may
declare an interception. You must also expend a Tactics marker at that time. [...] Roll a
die: if that result is less than or equal to your intercepting commander's leadership
value, the interception has succeeded. In that case, move some or all of the units in the
interception force, along with the interception's commander, into the moving enemy force's
locale." AR 32.4: not from a locale with enemy units, not by besieged or besieging forces,
never into a locale with an enemy fortress. AR 32.5: one attempt per force per enemy
Movement Phase.

The log does not say whose Movement Phase a Campaign Phase is in at a given step: an
interception (a force of the side not moving, one route step into the locale an enemy
force just entered, after a Tactics marker) looks like that side's own move at the start
of its Movement Phase after a Tactics marker played in the enemy's battles. Judging it
illegal on that reading could call a legal move illegal, so a move of that shape gets the
chance of the interception it may be (the die against the best commander's value, L/6)
and is reported unchecked.
"""

from __future__ import annotations

from collections.abc import Iterator

from adjudicator.systems.american_revolution.actions import ForceMoved
from adjudicator.systems.american_revolution.attrition import interception_chance
from adjudicator.systems.american_revolution.data import LeaderKind, OptionalRule
from adjudicator.systems.american_revolution.procedure import CAMPAIGNS
from adjudicator.systems.american_revolution.rules.context import Context
from adjudicator.systems.common.actions import Action
from adjudicator.systems.common.outcomes import Check, Computed, Outcome
from adjudicator.systems.common.places import PlaceKind
from adjudicator.systems.common.rulebook import RuleFamily

FAMILY = RuleFamily("interception", frozenset({"AR-INT-01"}), actions=(ForceMoved,))


def _owner(ctx: Context, kind: str, key: str) -> str | None:
    found = (ctx.data.formations.get(key) if kind == "unit" else ctx.data.leaders.get(key))
    return str(found.side) if found is not None else None


def _just_entered(ctx: Context, side: str, locale: str) -> bool:
    """Whether enemy pieces that moved this phase stand in the locale."""
    return any(where.kind is PlaceKind.SPACE and where.key == locale and entity.combat
               and piece in ctx.proc.moved and _owner(ctx, entity.kind, entity.key)
               not in (None, side)
               for piece, (entity, where) in ctx.state.pieces.items())


def may_intercept(action: ForceMoved, ctx: Context) -> bool:
    """Whether a move has an interception's shape (the option in use): in a Campaign Phase
    the other side moved first, this side spent a Tactics marker, and its force goes one
    route step into a locale an enemy force entered this phase."""
    side = action.side
    return (ctx.uses(OptionalRule.INTERCEPTION) and side is not None
            and not action.retreat and ctx.phase in CAMPAIGNS
            and bool(ctx.proc.acted) and ctx.proc.acted[0] != side
            and ctx.proc.has_played(side, "tactics") and len(action.path) == 2
            and ctx.data.route(action.origin, action.destination) is not None
            and _just_entered(ctx, side, action.destination))


def was_interception(move: ForceMoved, ctx: Context) -> bool:
    """Whether an earlier move of this Campaign Phase had an interception's shape (the option
    in use): one route step into a locale an enemy force had entered earlier this phase,
    after the other side had begun the phase, by a side that spent a Tactics marker.

    AR 16.5 and 18.10 bind a unit within one Movement Phase: an interceptor moves in the
    enemy's (AR 32.2), and may move again, and leave a locale where it won, in its own
    Movement Phase of the same Campaign Phase. The log cannot tell that apart from a move
    of the side's own, so a rule reading such a move gives `unchecked`, not `illegal`."""
    moves = ctx.proc.moves
    if move not in moves or not ctx.uses(OptionalRule.INTERCEPTION) or move.side is None:
        return False
    before = moves[:moves.index(move)]
    return (not move.retreat and len(move.path) == 2
            and bool(ctx.proc.acted) and ctx.proc.acted[0] != move.side
            and ctx.proc.has_played(move.side, "tactics")
            and any(m.side not in (None, move.side) and m.destination == move.destination
                    for m in before))


def judge(action: Action, ctx: Context) -> Iterator[Outcome]:
    """A possible interception: its chance, reported unchecked."""
    if not isinstance(action, ForceMoved) or not may_intercept(action, ctx):
        return
    where = ctx.name(action.destination)
    values = [leader.value for key in action.leaders
              if (leader := ctx.data.leaders.get(key)) is not None
              and leader.kind is not LeaderKind.ADMIRAL and leader.value is not None]
    if values:
        value = max(values)
        chance = interception_chance(value)
        yield Computed(kind="interception", step=action.step, rule_id="AR-INT-01",
                       summary=f"an interception into {where}: a die of {value} or less "
                               f"succeeds (chance {chance})"
                               + (f"; the die shown is {action.die}" if action.die else ""),
                       inputs={"commander value": value, "die": action.die or ""},
                       result={"succeeded": action.die is not None and action.die <= value},
                       probabilities={"success": chance})
    yield Check.unchecked("AR-INT-01", action.step,
                          f"a force moved from {ctx.name(action.origin)} into {where}, which "
                          "an enemy force entered this phase, after a Tactics marker: the "
                          "log does not show whether this is an interception during the "
                          "enemy's Movement Phase or the side's own move",
                          spaces=(action.origin, action.destination))
