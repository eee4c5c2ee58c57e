"""American reactions and retreats: interception (WW 7.8), retreat before battle (WW 7.9)
and retreat after battle (WW 9.6), including British retreat by sea (WW 9.62)."""

from __future__ import annotations

from collections.abc import Iterator

from adjudicator.findings import Severity
from adjudicator.systems.common.actions import Action
from adjudicator.systems.common.outcomes import Check, Outcome, Violation
from adjudicator.systems.common.rulebook import RuleFamily
from adjudicator.systems.washingtons_war.actions import (
    ImpulseEnded,
    Interception,
    InterceptionAttempted,
    Retreat,
    RetreatBeforeBattle,
)
from adjudicator.systems.washingtons_war.data import Side
from adjudicator.systems.washingtons_war.procedure import Battle, RetreatMove, carried_total
from adjudicator.systems.washingtons_war.rules.context import Context, open_to
from adjudicator.systems.washingtons_war.state import other

FAMILY = RuleFamily("reactions", frozenset({
    "WW-INT-01", "WW-INT-02", "WW-INT-03", "WW-INT-04", "WW-NAV-02", "WW-RBB-01", "WW-RBB-02",
    "WW-RBB-03", "WW-RBB-05", "WW-INT-06", "WW-INT-07", "WW-RET-01", "WW-RET-02", "WW-RET-03",
    "WW-RET-04", "WW-RET-06"}),
    actions=(Interception, InterceptionAttempted, RetreatBeforeBattle, Retreat,
             ImpulseEnded))
MAX_WITH_GENERAL = 5
"""WW 7.8.C, 7.9.B: an intercepting or retreating General takes at most 5 CUs."""
ELIGIBLE = "eligible"


def judge(action: Action, ctx: Context) -> Iterator[Outcome]:
    """The reaction and retreat rules of one action."""
    if isinstance(action, Interception):
        yield from _interception(action, ctx)
    elif isinstance(action, ImpulseEnded):
        for battle in action.impulse.battles:
            yield from _interceptors(battle, ctx)
            yield from _whole_army_retreated(battle, ctx)
    elif isinstance(action, InterceptionAttempted):
        yield from _attempt(action, ctx)
    elif isinstance(action, RetreatBeforeBattle):
        yield from _retreat_before_battle(action, ctx)
    elif isinstance(action, Retreat):
        yield from _retreat(action, ctx)


def _adjacent_for(ctx: Context, general: str | None, a: str, b: str) -> bool | None:
    """Whether a General may cross from a to b (Falmouth–Quebec for Arnold only, WW 7.4.D);
    None when the data's map is incomplete and knows no line."""
    line = ctx.graph.connection(a, b)
    if line is None:
        return False if ctx.graph.complete else None
    return open_to(line, general)


def _interception(action: Interception, ctx: Context) -> Iterator[Outcome]:
    """WW-INT-01/03/04, WW-NAV-02 (WW 7.8, 7.5)."""
    name = ctx.general_name(action.general)
    leg, step = action.leg, action.step
    problems = []
    if leg is not None:
        if leg.naval == ELIGIBLE and len(action.impulse.activations[-1].legs) == 1:
            yield Check.illegal("WW-NAV-02", step, f"{name} intercepted a British Army that "
                                "moved by sea; Naval Movement cannot be intercepted",
                                spaces=(action.destination,), pieces=(name,))
            yield Check.done("WW-NAV-02")
            return
        if not leg.carried:
            problems.append("the British General moved without CUs (WW 7.8.B)")
        if not leg.enemy_pc_at_destination:
            problems.append("the space has no American PC (WW 7.8.A)")
        if leg.friendly_cus_at_destination:
            problems.append("the space already held British CUs (WW 7.8.B)")
    adjacent = _adjacent_for(ctx, action.general, action.origin, action.destination)
    if adjacent is False:
        problems.append(f"{ctx.space_name(action.origin)} is not adjacent (for {name}) to "
                        f"{ctx.space_name(action.destination)} (WW 7.8.A, 7.4.D)")
    if action.general in action.impulse.intercepted_by:
        problems.append(f"{name}'s Army already attempted an interception during this "
                        "British card (WW 7.8.E)")
    battle = action.impulse.battle
    if battle is not None and battle.intercepted and battle.space == action.destination:
        problems.append("another Army's interception there already succeeded, which ends "
                        "the British movement and prevents any further interception "
                        "(WW 7.8.E)")
    for problem in problems:
        yield Check.illegal("WW-INT-01", step, f"{name} intercepted into "
                            f"{ctx.space_name(action.destination)}, but {problem}",
                            spaces=(action.origin, action.destination), pieces=(name,))
    if adjacent is None:
        yield Check.unchecked("WW-INT-01", step, f"whether {ctx.space_name(action.origin)} "
                              f"is adjacent to {ctx.space_name(action.destination)} is not in "
                              "the data", needs=("map connections",))
    else:
        yield Check.done("WW-INT-01")
    yield Check.done("WW-NAV-02")
    yield from _settled_first(action, ctx)
    yield from _interception_die(action, ctx)


def _interceptors(battle: Battle, ctx: Context) -> Iterator[Outcome]:
    """WW-INT-01, WW-INT-03 (WW 7.8.A, 7.8.C), once the impulse is over: only an Army (a
    General with CUs) intercepts, and he brings all the CUs stacked with him, up to 5 —
    counting the CUs dragged after him from the same space before the battle began."""
    general = battle.interceptor
    if general is None or not battle.intercepting:
        return
    name = ctx.general_name(general)
    first, last = battle.intercepting[0][0], battle.intercepting[-1][0]
    spaces = tuple(s for s in (battle.intercepted_from, battle.space) if s is not None)
    moved = sum(n for _, n in battle.intercepting)
    if not moved:
        yield Check.illegal("WW-INT-01", first, f"{name} intercepted into "
                            f"{ctx.space_name(battle.space)}, but {name} had no CUs: only an "
                            "Army intercepts (WW 7.8.A)", spaces=spaces, pieces=(name,))
        yield Check.done("WW-INT-01")
        return
    drags = f" (steps {', '.join(str(s) for s, _ in battle.intercepting)})" if (
        len(battle.intercepting) > 1) else ""
    if moved > MAX_WITH_GENERAL or (battle.left_behind and moved < MAX_WITH_GENERAL):
        yield Check.illegal("WW-INT-03", last, f"{name} intercepted with {moved} CUs{drags} "
                            f"and left {battle.left_behind} behind; he takes all his CUs up "
                            "to 5 (WW 7.8.C)", spaces=spaces,
                            expected=f"min(all, {MAX_WITH_GENERAL})", observed=str(moved),
                            pieces=(name,))
    yield Check.done("WW-INT-03")


def _attempt(action: InterceptionAttempted, ctx: Context) -> Iterator[Outcome]:
    """WW-INT-01 (WW 7.8.E): an Army attempts interception at most once per British card;
    a failed attempt counts."""
    general = action.general
    if general is not None and general in action.impulse.intercepted_by:
        name = ctx.general_name(general)
        yield Check.illegal("WW-INT-01", action.step, f"{name}'s Army attempted an "
                            f"interception into {ctx.space_name(action.space)} (die "
                            f"{action.die}), but it already attempted one during this British "
                            "card: no Army may attempt interception more than once per "
                            "Strategy Card (WW 7.8.E)", spaces=(action.space,), pieces=(name,))
    yield Check.done("WW-INT-01")


def _settled_first(action: Interception, ctx: Context) -> Iterator[Outcome]:
    """WW-INT-07 (WW 9.7, 7.9.B): interceptions into a space are settled before an overrun
    there is carried out and before any retreat before battle from it."""
    battle = action.impulse.battle
    if battle is not None and battle.space == action.destination:
        what = ("the American Army there retreated before battle" if battle.rbb else
                "the British overran the CUs there" if battle.losses and not battle.fought
                else None)
        if what is not None:
            yield Check.reminder("WW-INT-07", action.step, f"{ctx.general_name(action.general)}"
                                 f" intercepted into {ctx.space_name(action.destination)} "
                                 f"after {what}: interceptions are settled first",
                                 spaces=(action.destination,))
    yield Check.done("WW-INT-07")


def _success_limit(ctx: Context, general: str, attempt: str) -> tuple[int, int] | None:
    """(Agility, bonus) for an interception or retreat-before-battle attempt (T7: succeeds
    on a d6 at most Agility + bonus, the bonus for the Generals T7 names); None when the
    General's Agility is not in the data."""
    record = ctx.data.generals.get(general)
    agility = record.rating("agility").value if record is not None else None
    if agility is None:
        return None
    rule = next(a for a in ctx.data.tables.t7.attempts if a.attempt == attempt)
    return agility, rule.agility_bonus if general in rule.bonus_generals else 0


def _interception_die(action: Interception, ctx: Context) -> Iterator[Outcome]:
    """WW-INT-02 (WW 7.8.A, T7): the attempt succeeds on a d6 at most the intercepting
    General's Agility; an Army that moved in after a higher roll intercepted illegally. The
    attempt's die is the single die the American (or an unnamed player) rolled since the
    British Army entered the space."""
    name, step = ctx.general_name(action.general), action.step
    if len(action.dice) != 1:
        why = ("no die was rolled for it" if not action.dice else
               f"{len(action.dice)} dice were rolled since the British Army entered, and "
               "which one was this attempt's is not shown")
        yield Check.unchecked("WW-INT-02", step, f"{name}'s interception into "
                              f"{ctx.space_name(action.destination)}: {why}", pieces=(name,))
        return
    limit = _success_limit(ctx, action.general, "interception")
    if limit is None:
        yield Check.unchecked("WW-INT-02", step, f"{name}'s Agility rating is not in the "
                              "data: whether his interception succeeded is not judged",
                              needs=("agility ratings",), pieces=(name,))
        return
    agility = sum(limit)
    roll = action.dice[0]
    if roll > agility:
        yield Check.illegal("WW-INT-02", step, f"{name} intercepted into "
                            f"{ctx.space_name(action.destination)} after rolling {roll}, "
                            f"above his Agility {agility}: the attempt failed (WW 7.8.A)",
                            spaces=(action.origin, action.destination), pieces=(name,),
                            expected=f"d6 ≤ {agility}", observed=str(roll))
    yield Check.done("WW-INT-02")


def _retreat_before_battle(action: RetreatBeforeBattle, ctx: Context) -> Iterator[Outcome]:
    """WW-RBB-01/03, WW-INT-04 (WW 7.9, 7.8.D–E, 9.61)."""
    battle, step = action.battle, action.step
    earlier = battle.retreat_moves(Side.AM, before_battle=True)
    if earlier:
        yield from _rbb_continued(action, ctx, earlier)
        return
    name = ctx.general_name(action.general) if action.general else "leaderless CUs"
    spaces = (action.origin, action.destination)
    if battle.attacker is not Side.BR:
        yield Check.illegal("WW-RBB-01", step, f"British forces left "
                            f"{ctx.space_name(action.origin)} before battle; only the "
                            "Americans retreat before battle", spaces=spaces)
        return
    if action.general is None:
        yield Check.illegal("WW-RBB-01", step, f"CUs without a General left "
                            f"{ctx.space_name(action.origin)} before battle; only an American "
                            "Army may retreat before battle (WW 7.9.A)", spaces=spaces)
    elif action.general in action.impulse.intercepted_by or battle.intercepted:
        yield Check.illegal("WW-INT-04", step, f"{name} retreated before battle after an "
                            "interception attempt during this British card; whether an "
                            "interception attempt is successful or not, the Army may not "
                            "retreat before battle until the next card (WW 7.8.E, 7.9.A)",
                            spaces=spaces, pieces=(name,))
    elif action.general in action.impulse.may_have_intercepted:
        # Two readings of one die: the players check (WW-CARD-01 does the same).
        yield Violation("WW-INT-04", step, Severity.CHECK, f"{name} retreated before "
                        "battle; an interception was attempted during this British card by "
                        "one of "
                        f"{ctx.general_names(sorted(action.impulse.may_have_intercepted))}, "
                        "and the log does not say whose Army: if it was his, he may not "
                        "retreat before battle (WW 7.8.E)", spaces=spaces, pieces=(name,))
    yield Check.done("WW-RBB-01")
    yield Check.done("WW-INT-04")
    if action.general is not None:
        yield from _rbb_die(action, ctx)
    yield from _retreat_space(ctx, "WW-RBB-03", step, name, action.general, action.origin,
                              action.destination, Side.AM, forbidden=battle.entered_from
                              if len(battle.entered_from) == 1 else frozenset())
    moved = carried_total(action.carried)
    if moved > MAX_WITH_GENERAL:
        yield Check.illegal("WW-RBB-03", step, f"{name} retreated before battle with {moved} "
                            f"CUs; at most {MAX_WITH_GENERAL} go with him", pieces=(name,),
                            expected=f"≤ {MAX_WITH_GENERAL}", observed=str(moved))


def _rbb_continued(action: RetreatBeforeBattle, ctx: Context,
                   earlier: tuple[RetreatMove, ...]) -> Iterator[Outcome]:
    """WW-RBB-03 (WW 7.9.B, 9.61.B) for a drag out of the space after the retreat before
    battle began: CUs dragged after their General to the same space are the same retreat
    (at most 5 CUs in all); to another space, the retreat is split up."""
    step, first = action.step, earlier[0]
    spaces = (action.origin, action.destination)
    name = ctx.general_name(action.general) if action.general else "CUs"
    if action.destination != first.destination:
        yield Check.illegal("WW-RBB-03", step, f"{name} retreated before battle from "
                            f"{ctx.space_name(action.origin)} to "
                            f"{ctx.space_name(action.destination)}, but the retreat before "
                            f"battle went to {ctx.space_name(first.destination)} at step "
                            f"{first.step}: the retreating force may not be split up; all "
                            "retreat to the same space (WW 7.9.B, 9.61.B)", spaces=spaces,
                            expected=ctx.space_name(first.destination),
                            observed=ctx.space_name(action.destination))
    moved = sum(m.cus for m in earlier) + carried_total(action.carried)
    if moved > MAX_WITH_GENERAL:
        yield Check.illegal("WW-RBB-03", step, f"the retreat before battle from "
                            f"{ctx.space_name(action.origin)} took {moved} CUs (steps "
                            f"{', '.join(str(m.step) for m in earlier)} and {step}); at most "
                            f"{MAX_WITH_GENERAL} go with the General (WW 7.9.B)",
                            spaces=spaces, expected=f"≤ {MAX_WITH_GENERAL}",
                            observed=str(moved))
    yield Check.done("WW-RBB-03")


def _whole_army_retreated(battle: Battle, ctx: Context) -> Iterator[Outcome]:
    """WW-RBB-03 (WW 7.9.B, 9.61.B; an Army is 'a General with at least one friendly
    Combat Unit in a space'): the American Army retreats before battle as a whole — only
    when it has more than 5 CUs do CUs beyond 5 stay to fight or be overrun. Judged once
    the impulse is over, on every drag of the retreat, at the last of them."""
    moves = battle.retreat_moves(Side.AM, before_battle=True)
    if not moves or not any(m.generals for m in moves):
        return
    moved = sum(m.cus for m in moves)
    due = min(battle.defender_cus, MAX_WITH_GENERAL)
    if moved < due:
        last = moves[-1]
        names = ctx.general_names(g for m in moves for g in m.generals)
        yield Check.illegal("WW-RBB-03", last.step, f"{names} retreated before battle from "
                            f"{ctx.space_name(battle.space)} with {moved} of the "
                            f"{battle.defender_cus} CUs there and left the rest: the Army "
                            "retreats as a whole, only CUs beyond 5 stay (WW 7.9.B, 9.61.B)",
                            spaces=(battle.space, last.destination),
                            expected=str(due), observed=str(moved))
    yield Check.done("WW-RBB-03")


def _rbb_die(action: RetreatBeforeBattle, ctx: Context) -> Iterator[Outcome]:
    """WW-RBB-02/05 (WW 7.9.A–B, T7): the attempt succeeds on a d6 at most the General's
    Agility (+2 for Washington or Greene); on failure the battle follows at once, so a
    retreat after a failed roll is illegal. The attempt's die is the single die the
    American (or a player the roster does not name) rolled before the British forces
    rolled or played anything in the battle."""
    assert action.general is not None
    battle, step = action.battle, action.step
    name = ctx.general_name(action.general)
    dice = [die for die in battle.dice if die.side is not Side.BR]
    if battle.fought or len(dice) != 1:
        why = ("no die was rolled for it" if not dice else
               f"{len(dice)} dice were rolled, and which one was the attempt's is not shown")
        yield Check.unchecked("WW-RBB-02", step, f"{name}'s retreat before battle from "
                              f"{ctx.space_name(action.origin)}: {why}", pieces=(name,))
        return
    limit = _success_limit(ctx, action.general, "retreat_before_battle")
    if limit is None:
        yield Check.unchecked("WW-RBB-02", step, f"{name}'s Agility rating is not in the "
                              "data: whether his retreat before battle succeeded is not "
                              "judged", needs=("agility ratings",), pieces=(name,))
        return
    agility, extra = limit
    target = agility + extra
    roll = dice[0].value
    if roll > target:
        bonus = f" + {extra}" if extra else ""
        yield Check.illegal("WW-RBB-02", step, f"{name} retreated before battle from "
                            f"{ctx.space_name(action.origin)} after rolling {roll}, above his "
                            f"Agility {agility}{bonus}: the attempt failed, and the battle "
                            "follows at once (WW 7.9.B)", spaces=(action.origin,),
                            pieces=(name,), expected=f"d6 ≤ {target}", observed=str(roll))
    yield Check.done("WW-RBB-02")
    yield Check.done("WW-RBB-05")


def _retreat_space(ctx: Context, rule: str, step: int, name: str, general: str | None,
                   origin: str, destination: str, side: Side, *,
                   forbidden: frozenset[str]) -> Iterator[Outcome]:
    """A retreat goes to one adjacent space with no enemy CU and no enemy PC (WW 9.61.A)."""
    enemy = other(side)
    spaces = (origin, destination)
    adjacent = _adjacent_for(ctx, general, origin, destination)
    there = ctx.state.space(destination)
    if adjacent is False:
        yield Check.illegal(rule, step, f"{name} retreated from {ctx.space_name(origin)} to "
                            f"{ctx.space_name(destination)}, which is not adjacent",
                            spaces=spaces)
    elif adjacent is None:
        yield Check.unchecked(rule, step, f"whether {ctx.space_name(origin)} is adjacent to "
                              f"{ctx.space_name(destination)} is not in the data",
                              needs=("map connections",))
    if there.cus_of(enemy) or there.pc is enemy:
        yield Check.illegal(rule, step, f"{name} retreated into "
                            f"{ctx.space_name(destination)}, which holds enemy CUs or an "
                            "enemy PC", spaces=spaces)
    if destination in forbidden:
        yield Check.illegal(rule, step, f"{name} retreated into "
                            f"{ctx.space_name(destination)}, the space the attack came from",
                            spaces=spaces)
    if adjacent is not None:
        yield Check.done(rule)


def _retreat(action: Retreat, ctx: Context) -> Iterator[Outcome]:
    """WW-RET-01/02/03/04 (WW 9.61, 9.62, 7.8.F). After an intercepted battle the same
    checks are WW-INT-06 (WW 7.8.F): the British attacker goes back to the space he left,
    the intercepting American may retreat by any legal route. Leaderless survivors retreat
    by the same rules, the British ones by sea where eligible (WW-RET-06, WW 9.61
    Retreat Clarification)."""
    battle, step = action.battle, action.step
    side = Side(action.side) if action.side else battle.attacker
    general = action.generals[0] if action.generals else None
    name = ctx.general_name(general) if general else "leaderless CUs"
    spaces = (action.origin, action.destination)
    if battle.intercepted:
        yield Check.done("WW-INT-06")
    if general is None:
        yield Check.done("WW-RET-06")
    earlier = battle.retreat_moves(side, before_battle=False)
    if general is None and any(m.generals for m in earlier):
        name = "CUs of the same force"
    if earlier and any(m.destination != action.destination for m in earlier):
        first = earlier[0]
        yield Check.illegal("WW-RET-01", step, f"{name} retreated from "
                            f"{ctx.space_name(action.origin)} to "
                            f"{ctx.space_name(action.destination)}, but the retreat went to "
                            f"{ctx.space_name(first.destination)} at step {first.step}: the "
                            "retreating force may not be split up; all retreat to the same "
                            "space (WW 9.61.B)", spaces=spaces,
                            expected=ctx.space_name(first.destination),
                            observed=ctx.space_name(action.destination))
        yield Check.done("WW-RET-01")
        return
    if action.attacker:
        # A losing attacker goes back where he entered the battle from (WW 9.61.B, 7.8.F).
        if action.destination not in battle.entered_from:
            came = " or ".join(ctx.space_name(s) for s in sorted(battle.entered_from))
            yield Check.illegal("WW-RET-02", step, f"{name} retreated to "
                                f"{ctx.space_name(action.destination)}; a losing attacker "
                                f"goes back to the space he entered from ({came})",
                                spaces=spaces, expected=came,
                                observed=ctx.space_name(action.destination))
        yield Check.done("WW-RET-02")
        yield from _retreat_space(ctx, "WW-RET-01", step, name, general, action.origin,
                                  action.destination, side, forbidden=frozenset())
        return
    # Between two ports no land line joins (for this General: the Falmouth–Quebec line
    # is Arnold's only, WW 7.4.D), a British retreat is by sea (WW 9.62).
    by_sea = side is Side.BR and ctx.is_port(action.origin) and ctx.is_port(
        action.destination) and _adjacent_for(ctx, general, action.origin,
                                              action.destination) is not True
    if by_sea:
        yield from _by_sea(ctx, step, name, action.origin, action.destination)
        return
    yield from _retreat_space(ctx, "WW-RET-01", step, name, general, action.origin,
                              action.destination, side, forbidden=frozenset())
    # A losing defender may not retreat into the space the attack came from (WW 9.61.B).
    if len(battle.entered_from) == 1 and action.destination in battle.entered_from:
        yield Check.illegal("WW-RET-03", step, f"{name} retreated into "
                            f"{ctx.space_name(action.destination)}, the space the attack "
                            "came from", spaces=spaces)
    yield Check.done("WW-RET-03")


def _by_sea(ctx: Context, step: int, name: str, origin: str,
            destination: str) -> Iterator[Outcome]:
    """WW-RET-04 (WW 9.62): a losing British defender in a port may retreat by sea, unless
    the port is blockaded or a fortified port without a British PC, to any other
    non-blockaded port with no American CU and no American PC."""
    problems = []
    record = ctx.data.spaces.get(origin)
    here = ctx.state.space(origin)
    if ctx.blockaded(origin):
        problems.append(f"{ctx.space_name(origin)} is in the Blockaded Zone")
    if record is not None and record.fortified and here.pc is not Side.BR:
        problems.append(f"{ctx.space_name(origin)} is a fortified port without a British PC")
    there = ctx.state.space(destination)
    if ctx.blockaded(destination):
        problems.append(f"{ctx.space_name(destination)} is in the Blockaded Zone")
    if there.cus_of(Side.AM) or there.pc is Side.AM:
        problems.append(f"{ctx.space_name(destination)} holds American CUs or an American PC")
    for problem in problems:
        yield Check.illegal("WW-RET-04", step, f"{name} retreated by sea to "
                            f"{ctx.space_name(destination)}, but {problem}",
                            spaces=(origin, destination))
    yield Check.done("WW-RET-04")


__all__ = ["FAMILY", "judge"]
