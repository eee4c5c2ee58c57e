"""A moving force meeting the enemy (digest §4.3 MOV-06, -07, -08, -09, -10): compulsory and
optional combat, retreat before combat, overrun, and the first British/German entry into a
Region that raises its militia.

The position read is the one after the step (`ctx.state`): a defender that retreated or
was overrun has left the space; SP of both sides still together show that no one did.
"""

from __future__ import annotations

from collections.abc import Iterator
from fractions import Fraction
from typing import Final

from adjudicator.systems.common.actions import Action
from adjudicator.systems.common.outcomes import Check, Outcome
from adjudicator.systems.common.rulebook import RuleFamily
from adjudicator.systems.war_for_america.actions import (
    BRITISH,
    Activation,
    Combat,
    EnemyEntered,
    ForceMoved,
    Overrun,
    RetreatBeforeCombat,
    Retreated,
    opponent,
)
from adjudicator.systems.war_for_america.data import Region
from adjudicator.systems.war_for_america.effective import attacking_sp, defending_sp
from adjudicator.systems.war_for_america.odds import (
    Ground,
    Odds,
    attack_allowed,
    combat_odds,
    overrun,
)
from adjudicator.systems.war_for_america.procedure import PulseClosed
from adjudicator.systems.war_for_america.rules.battle_sides import (
    SIX_NATIONS,
    battle_ground,
    battle_side,
)
from adjudicator.systems.war_for_america.rules.context import Context, side_name
from adjudicator.systems.war_for_america.rules.forces import (
    WASHINGTON,
    Force,
    leader_name,
    rank_allows,
    read_force,
    region_of,
    stars,
)
from adjudicator.systems.war_for_america.state import ARMY_SIDE, NATION_SIDE, Holding

MILITIA_YEAR: Final = 1776
"""Regional militia is raised "Anytime in 1776 or later" (WfA 10.7)."""
INVADERS: Final = frozenset({"british", "german"})
"""The SP whose first entry into a Region raises its militia (WfA 10.7-10.8)."""
RAISED: Final = "marker:militia_raised"
"""The Militia Raised counter placed in a Region once its militia is raised (10.7-10.8)."""
UNLED_RETREAT: Final = 2
"""With no leader, or one of insufficient rank, a retreat before combat needs 1-2 (12.11)."""
DIE_FACES: Final = 6
ONE_STAR_SP: Final = 2
"""The SP a one-star leader defends with in full (WfA 11.4): with no more, no leader
changes how the defender counts."""

FAMILY = RuleFamily(
    "contact",
    frozenset({"WFA-MOV-06", "WFA-MOV-07", "WFA-MOV-08", "WFA-MOV-09", "WFA-MOV-10"}),
    actions=(ForceMoved, EnemyEntered, Combat, RetreatBeforeCombat, Overrun, PulseClosed,
             Retreated),
)


def judge(action: Action, ctx: Context) -> Iterator[Outcome]:
    """The contact checks of one action."""
    if isinstance(action, ForceMoved):
        yield from moved_on(action, ctx)
        yield from militia_trigger(action, ctx)
    elif isinstance(action, EnemyEntered):
        yield from entered(action, ctx)
    elif isinstance(action, Combat):
        yield from defender_attack(action, ctx)
    elif isinstance(action, RetreatBeforeCombat):
        yield from retreat_before_combat(action, ctx)
    elif isinstance(action, Overrun):
        yield from overran(action, ctx)
    elif isinstance(action, PulseClosed):
        yield from stopped_without_combat(action, ctx)
    elif isinstance(action, Retreated) and action.cancelled:
        yield from cancelled_attack(action, ctx)


# --- MOV-06 / MOV-07: compulsory and optional combat ----------------------------------------


def moved_on(action: ForceMoved, ctx: Context) -> Iterator[Outcome]:
    """MOV-06 (WfA 9.5, 12.17): "A force entering an enemy occupied non-key/control space
    must have combat which is resolved immediately … and the player's AP is over." A force
    leaving a space it entered this AP while enemy SP are still there (they neither
    retreated, 12.10, nor were overrun, 12.13) broke it (after a combat it is WFA-SEQ-08's
    case as well). On a key space combat is optional (12.15)."""
    pulse = ctx.pulse
    if (pulse is None or pulse.side != action.side or action.side is None
            or pulse.origin is None or action.origin == pulse.origin):
        return
    if read_force(action.units, ctx.state, stated_sp=action.sp).sp == 0:
        yield from _leader_passed(action, ctx)
    else:
        yield from _enemy_still_there(action.step, action.side, action.origin, ctx,
                                      moved_on=action.destination)
    if action.side == BRITISH and action.origin in pulse.militia_raised:
        yield from militia_block(action, ctx)


def _leader_passed(action: ForceMoved, ctx: Context) -> Iterator[Outcome]:
    """A leader moving with no SP (12.1: "Leader Moving with No SP") through a non-key
    space held by enemy SP: combat is fought by SP ("Every SP can move and have combat",
    9.3) and the rulebook does not say what a lone leader meeting the enemy does, so it is
    not judged (as a lone leader ending his move there is not, `stopped_without_combat`)."""
    assert action.side is not None
    enemy = ctx.state.with_armies(action.origin).sp_of(opponent(action.side))
    record = ctx.data.spaces.get(action.origin)
    if enemy == 0 or (record is not None and record.is_key):
        return
    yield Check.unchecked("WFA-MOV-06", action.step, f"a {side_name(action.side)} leader "
                          f"with no SP went on from {ctx.space_name(action.origin)}, where "
                          f"{enemy} enemy SP stand; combat there is compulsory for a force "
                          "(WfA 9.5, 12.17), but a leader alone has no SP to fight with and "
                          "the rulebook does not say what he does on meeting the enemy",
                          needs=("what a lone leader does on entering enemy SP",),
                          spaces=(action.origin, action.destination))


def militia_block(action: ForceMoved, ctx: Context) -> Iterator[Outcome]:
    """MOV-10 (WfA 10.13): "Once deployed, the British player may not be able to continue
    moving if the Colonial player has deployed militia in the space, unless he has 8:1
    odds, qualifying for an overrun situation (12.14). If this occurs, he can keep moving"
    (10.10). British leaving a key space on which militia were deployed in this AP, with
    Colonial SP still there, is illegal below 8:1 (on the SP present and as a battle counts
    them, 11.4-11.8); at 8:1 on either count the militia should have been overrun (12.13),
    which the log may show later: `unchecked`. (On a non-key space, leaving the enemy is
    WFA-MOV-06's breach.)"""
    space = action.origin
    record = ctx.data.spaces.get(space)
    enemy = ctx.state.with_armies(space).sp_of(opponent(BRITISH))
    if record is None or not record.is_key or enemy == 0:
        return
    where = ctx.space_name(space)
    sp = action.sp if action.sp is not None else read_force(action.units, ctx.state).sp
    ground, _ = _ground(ctx, space, opponent(BRITISH))
    if ground is None or sp == 0:
        return
    tables = ctx.data.tables
    raw = overrun(tables, sp, enemy, ground=ground).overrun
    mover = battle_side(ctx, action.destination, BRITISH)
    stayed = battle_side(ctx, space, opponent(BRITISH))
    counted: bool | None = None
    if mover.stars is not None and stayed.stars is not None:
        try:
            att = attacking_sp(tables, sp, mover.stars)
            dfn = defending_sp(tables, enemy, stayed.stars)
            counted = overrun(tables, att.effective, dfn.effective, ground=ground).overrun
        except ValueError:
            counted = None
    if raw or counted is not False:
        yield Check.unchecked("WFA-MOV-10", action.step, f"the British force moved on from "
                              f"{where}, where militia were deployed in this AP and {enemy} "
                              "Colonial SP are still there; it may go on only with 8:1 (WfA "
                              "10.13), which " + ("it had, so the militia should have been "
                                                  "overrun (12.13)" if raw or counted else
                                                  "cannot be counted here"),
                              needs=("whether the militia were overrun",), spaces=(space,))
        return
    yield Check.illegal("WFA-MOV-10", action.step, f"the British force ({sp} SP) moved on "
                        f"from {where}, where the Colonial player deployed militia in this "
                        f"AP and {enemy} Colonial SP are still there, without 8:1 odds; once "
                        "militia are deployed in the space the British may keep moving only "
                        "with 8:1, an overrun (WfA 10.13, 10.10, 12.14)",
                        spaces=(space, action.destination), expected="8:1 or a halt",
                        observed=f"{sp} against {enemy}")
    yield Check.done("WFA-MOV-10")


def cancelled_attack(action: Retreated, ctx: Context) -> Iterator[Outcome]:
    """MOV-06 and WfA 13.0 Steps 2-3: the attacker went back where it came from before any
    battle die. "If the final odds for the attacker are lower than 1:3, the attack is
    cancelled and the attacker must do a compulsory 'retreat'" (militia raised on the
    space can bring the odds down, Step 2): legal below 1:3. At 1:3 or better on a
    non-key space combat was compulsory (9.5), so leaving is MOV-06's breach; on a key
    space combat is optional (12.15)."""
    if action.side is None:
        return
    ratio = _odds_left(action, ctx)
    where = ctx.space_name(action.origin)
    if ratio is None:
        yield Check.unchecked("WFA-MOV-06", action.step, f"the {side_name(action.side)} "
                              f"force went back from {where} before any battle die; whether "
                              "the odds were below 1:3 (the attack cancelled, 13.0 Step 2) "
                              "needs both sides' SP and leaders' ranks",
                              needs=("leader ranks",), spaces=(action.origin,))
        return
    if not attack_allowed(ctx.data.tables, ratio):
        yield Check.done("WFA-MOV-06")
        return
    yield from _enemy_still_there(action.step, action.side, action.origin, ctx,
                                  moved_on=action.destination)


def _odds_left(action: Retreated, ctx: Context) -> Odds | None:
    """The odds the retreating attacker had against the defender still on the space
    (the attacker's SP from the units that went back; None: not countable, as when Six
    Nations SP stay there, whose side the log does not show, WfA 11.2, 13.0 Step 3)."""
    assert action.side is not None
    if ctx.state.with_armies(action.origin).sp[SIX_NATIONS] > 0:
        return None
    force = read_force(action.units, ctx.state)
    ranks = [stars(ctx.data, leader) for leader in force.leaders]
    defender = battle_side(ctx, action.origin, opponent(action.side))
    if None in ranks or defender.stars is None or defender.lone_garrison:
        return None
    tables = ctx.data.tables
    try:
        att = attacking_sp(tables, force.sp, max((r for r in ranks if r is not None),
                                                 default=0))
    except ValueError:
        return None
    fort = battle_ground(ctx, action.origin, defender.side).fort
    dfn = defending_sp(tables, defender.sp, defender.stars, fort=fort)
    if att.effective < 1 or dfn.effective < 1:
        return None
    return combat_odds(att.effective, dfn.effective)


def stopped_without_combat(fact: PulseClosed, ctx: Context) -> Iterator[Outcome]:
    """MOV-06 at the end of the AP: the force ended its move on a non-key space together
    with enemy SP. Combat there was compulsory, and a battle ends with the loser (or, on a
    tie, the attacker) retreating (13.0 Step 9), so both sides still there shows that no
    battle was fought to its end — unless the mover is an army on a fortress or enemy fort,
    which it may stay on to besiege instead of assaulting it (12.18, 17.13:
    `_stays_to_besiege`)."""
    pulse = fact.pulse
    if (pulse.main is not Activation.MOVE or pulse.force_space is None
            or pulse.force_space == pulse.origin):
        return
    if ctx.state.with_armies(pulse.force_space).sp_of(pulse.side) == 0:
        return
    yield from _enemy_still_there(fact.left_at, pulse.side, pulse.force_space, ctx, moved_on=None)


def _enemy_still_there(step: int, side: str, space: str, ctx: Context, *,
                       moved_on: str | None) -> Iterator[Outcome]:
    enemy = ctx.state.with_armies(space).sp_of(opponent(side))
    if enemy == 0:
        return
    record = ctx.data.spaces.get(space)
    where = ctx.space_name(space)
    if record is None or (record.key is None and not record.fortress):
        yield Check.unchecked("WFA-MOV-06", step, f"the {side_name(side)} force met {enemy} "
                              f"enemy SP at {where}; whether combat was compulsory needs to "
                              "know if it is a key space (WfA 9.5)", needs=("key spaces",),
                              spaces=(space,))
        return
    if record.is_key:
        yield Check.done("WFA-MOV-07")
        return
    if moved_on is None and _stays_to_besiege(side, space, ctx):
        yield Check.done("WFA-MOV-06")
        return
    did = (f"moved on to {ctx.space_name(moved_on)}" if moved_on is not None
           else "ended its AP there")
    yield Check.illegal("WFA-MOV-06", step, f"the {side_name(side)} force entered {where}, a "
                        f"non-key space holding {enemy} enemy SP, and {did} with the enemy "
                        "still there; combat there is compulsory and resolved at once, and "
                        "the AP is then over (WfA 9.5, 12.17)",
                        spaces=(space,) if moved_on is None else (space, moved_on),
                        expected="combat at once", observed="no battle")
    yield Check.done("WFA-MOV-06")


def _stays_to_besiege(side: str, space: str, ctx: Context) -> bool:
    """Whether `side`'s force ending its AP on `space` with the enemy may be an army come to
    besiege it: WfA 12.18, "When a player moves an army (not a force), onto an enemy space
    containing SP and a fortress or fort, he has the opportunity to place a Siege Marker
    the next turn"; 17.13, "Only an army, not a force, can lay siege to a manned fortress
    or fort instead of directly assaulting it" (its leader and SP "must begin the AP on the
    space to be besieged"). An army of `side` on a space with a fortress or an enemy fort
    may so stay there without combat."""
    here = ctx.state.space(space)
    if not any(ARMY_SIDE.get(army) == side for army in here.armies):
        return False
    ground = battle_ground(ctx, space, opponent(side))
    return ground.fortress or any(owner == opponent(side) for owner, _ in here.forts)


def entered(action: EnemyEntered, ctx: Context) -> Iterator[Outcome]:
    """MOV-07 (WfA 12.15) and MOV-09 on entering a space with enemy SP: whether combat is
    optional (a key space) or compulsory, and whether the mover overruns (8:1)."""
    record = ctx.data.spaces.get(action.space)
    if record is not None and record.is_key:
        yield Check.done("WFA-MOV-07")
    if action.sp is None or action.enemy_sp is None or action.side is None:
        return
    ground, garrison = _ground(ctx, action.space, opponent(action.side))
    if ground is None:
        return
    found = overrun(ctx.data.tables, action.sp, action.enemy_sp, ground=ground,
                    lone_garrison=garrison)
    yield Check.computed("overrun", action.step, "WFA-MOV-09",
                         f"{action.sp} SP entered {ctx.space_name(action.space)} against "
                         f"{action.enemy_sp}: " + ("an overrun — the defender may retreat "
                                                   "before combat, else is removed; the "
                                                   "mover may go on (WfA 12.13)"
                                                   if found.overrun else found.reason),
                         inputs={"space": action.space, "sp": action.sp,
                                 "enemy_sp": action.enemy_sp, "ground": ground},
                         result={"overrun": found.overrun, "reason": found.reason})
    yield Check.done("WFA-MOV-09")


def defender_attack(action: Combat, ctx: Context) -> Iterator[Outcome]:
    """MOV-07 (WfA 12.16): "If the moving player does not attack, the non-moving player
    has the option to do so. He must roll for his leader's initiative. If he fails, no
    attack is possible." Read as the activation roll (12.6-12.7): he fails on a D6 higher
    than his leader's command value (the best of his leaders on the space; Washington's
    6 is re-rolled, 11.10, so not judged). His D6 rolled after he said he attacks
    (`Combat.initiative_roll`) and above that value, with the battle fought, is illegal;
    no D6 in the log, no leader there, or a command value the data lacks is `unchecked`.
    The mover's attack on a key space is optional and legal."""
    record = ctx.data.spaces.get(action.space)
    if record is None or not record.is_key:
        return
    if not action.by_defender or action.side is None:
        yield Check.done("WFA-MOV-07")
        return
    where = ctx.space_name(action.space)
    leaders = [leader for leader in ctx.state.with_armies(action.space).leaders
               if (r := ctx.data.leaders.get(leader)) is not None and str(r.side) == action.side]
    commands = [ctx.data.leaders[leader].command for leader in leaders]
    roll = action.initiative_roll
    if roll is None or not leaders or any(c is None for c in commands) or (
            roll == DIE_FACES and WASHINGTON in leaders):
        why = ("no initiative D6 was seen after he said he attacks" if roll is None else
               "no leader of his is on the space" if not leaders else
               "Washington re-rolls a 6 (WfA 11.10)" if roll == DIE_FACES
               and WASHINGTON in leaders else "a leader's command value is not in the data")
        yield Check.unchecked("WFA-MOV-07", action.step, f"the non-moving "
                              f"{side_name(action.side)} player attacked at {where}; he may "
                              "only after his leader's initiative roll succeeds (WfA 12.16): "
                              f"{why}", needs=("the defender's initiative roll",),
                              spaces=(action.space,))
        return
    best = max(c for c in commands if c is not None)
    if roll > best:
        yield Check.illegal("WFA-MOV-07", action.step, f"the non-moving "
                            f"{side_name(action.side)} player attacked at {where} after his "
                            f"leader's initiative D6 of {roll}, above the best command value "
                            f"there ({best}); if he fails, no attack is possible (WfA 12.16, "
                            "12.6-12.7)", spaces=(action.space,),
                            expected=f"a D6 of {best} or less", observed=str(roll))
    yield Check.done("WFA-MOV-07")


# --- MOV-08: retreat before combat -----------------------------------------------------------


def retreat_before_combat(action: RetreatBeforeCombat, ctx: Context) -> Iterator[Outcome]:
    """MOV-08 (WfA 12.10-12.12, 11.25).

    12.11: "The non-moving player rolls a D6. If the result is equal to or less than the
    leader's command value, the force can move one space away from the attacker … If the
    non-moving force has no leader or a leader of insufficient rank to command the whole
    stack, a '1-2' result is required." The roll is judged on the retreating units or on
    the whole stack with the friendly leaders still on the space (a leader dragged after
    his SP), whichever allows more. 11.25: an army has "-1 to the D6". 12.10: "Leaders
    alone on a space can always retreat before combat if a path of retreat is available."
    12.12: "The retreat must be to any space void of enemy SP but not the space from which
    the moving player came" (the mover's route this AP, `Pulse.route`; not judged when the
    pulse does not show how the mover came).
    """
    side = action.side
    if side is None:
        return
    force = read_force(action.units, ctx.state)
    spaces = (action.origin,) + ((action.destination,) if action.destination else ())
    if action.destination is not None:
        there = ctx.state.with_armies(action.destination).sp_of(opponent(side))
        if there > 0:
            yield Check.illegal("WFA-MOV-08", action.step, f"the {side_name(side)} force "
                                f"retreated before combat into "
                                f"{ctx.space_name(action.destination)}, which holds {there} "
                                "enemy SP; the retreat must be to a space void of enemy SP "
                                "(WfA 12.12)", spaces=spaces)
        came = _mover_came_from(action, ctx)
        if came is not None and action.destination == came:
            yield Check.illegal("WFA-MOV-08", action.step, f"the {side_name(side)} force "
                                f"retreated before combat from {ctx.space_name(action.origin)} "
                                f"to {ctx.space_name(came)}, the space the moving force came "
                                "from; the retreat may not go there (WfA 12.12)",
                                spaces=spaces, expected=f"a space other than "
                                f"{ctx.space_name(came)}", observed=ctx.space_name(came))
        if (ctx.map.complete and action.origin in ctx.map and action.destination in ctx.map
                and not ctx.map.adjacent(action.origin, action.destination)):
            yield Check.illegal("WFA-MOV-08", action.step, f"the {side_name(side)} force "
                                f"retreated before combat from {ctx.space_name(action.origin)}"
                                f" to {ctx.space_name(action.destination)}, not one space "
                                "away (WfA 12.11)", spaces=spaces)
    if force.leader_alone and not force.armies:
        yield Check.done("WFA-MOV-08")
        return
    need = _retreat_target(force, ctx)
    stack = _whole_stack(force, action.origin, side, ctx)
    whole = _retreat_target(stack, ctx) if stack is not None else None
    if need is not None and whole is not None and whole[0] > need[0]:
        need = whole
    if need is None:
        yield Check.unchecked("WFA-MOV-08", action.step, "the retreat-before-combat roll "
                              "needs the leaders' ranks and command values (WfA 12.11)",
                              needs=("leader ranks", "leader command values"), spaces=spaces)
        return
    target, who = need
    modifier = ctx.data.tables.t9.creation.rbc_modifier if force.armies else 0
    chance = Fraction(min(max(target - modifier, 0), DIE_FACES), DIE_FACES)
    if action.roll is None:
        if action.destination is not None:
            yield Check.unchecked("WFA-MOV-08", action.step, f"the {side_name(side)} force "
                                  f"retreated before combat from "
                                  f"{ctx.space_name(action.origin)} with no D6 seen "
                                  "(WfA 12.11)", needs=("the retreat D6 in the log",),
                                  spaces=spaces)
        return
    success = action.roll + modifier <= target
    yield Check.computed("retreat_before_combat", action.step, "WFA-MOV-08",
                         f"{who}: D6 {action.roll}"
                         + (f" {modifier:+d} (army, WfA 11.25)" if modifier else "")
                         + f" against {target}: " + ("it may retreat" if success
                                                     else "it must stay"),
                         inputs={"roll": action.roll, "target": target,
                                 "modifier": modifier},
                         result={"success": success, "p_success": str(chance)})
    if not success and action.destination is not None:
        yield Check.illegal("WFA-MOV-08", action.step, f"the {side_name(side)} force retreated "
                            f"before combat from {ctx.space_name(action.origin)} on a D6 of "
                            f"{action.roll}" + (f" {modifier:+d}" if modifier else "")
                            + f"; {who} needs {target} or less (WfA 12.11)", spaces=spaces,
                            expected=f"D6 at most {target}", observed=str(action.roll))
    yield Check.done("WFA-MOV-08")


def _mover_came_from(action: RetreatBeforeCombat, ctx: Context) -> str | None:
    """The space the moving force entered the retreating force's space from, by the
    mover's route this AP (None: not shown)."""
    pulse = ctx.pulse
    if (pulse is None or action.side is None or pulse.side != opponent(action.side)
            or len(pulse.route) < 2 or pulse.route[-1] != action.origin):
        return None
    return pulse.route[-2]


def _whole_stack(force: Force, origin: str, side: str, ctx: Context) -> Force | None:
    """The retreating units with the friendly leaders and SP still on the space (12.11
    judges "the whole stack": a leader dragged after his SP, in a later log step, is
    still there when the SP's retreat is read); None when nothing of the side stayed."""
    held = ctx.state.space(origin)
    leaders = [leader for leader in held.leaders if leader not in force.leaders
               and leader in ctx.data.leaders and str(ctx.data.leaders[leader].side) == side]
    if not leaders:
        return None
    sp = dict(force.sp_by_nation)
    for nation, amount in held.sp.items():
        if NATION_SIDE.get(nation) == side:
            sp[nation] = sp.get(nation, 0) + amount
    return Force(sp, (*force.leaders, *leaders), force.armies)


def _retreat_target(force: Force, ctx: Context) -> tuple[int, str] | None:
    """The highest D6 that lets the force retreat, and why; None when unknown."""
    best = (UNLED_RETREAT, "a force with no leader able to command the whole stack")
    unknown = False
    for leader in force.leaders:
        record = ctx.data.leaders.get(leader)
        rank = rank_allows(ctx.data, leader, force.sp)
        if record is None or record.command is None or rank.allowed is None:
            unknown = True
            continue
        if rank.allowed and record.command > best[0]:
            best = (record.command, f"{leader_name(ctx.data, leader)} (command "
                    f"{record.command})")
    if unknown and best[0] < DIE_FACES:
        return None
    return best


# --- MOV-09: overrun -----------------------------------------------------------------------


def overran(action: Overrun, ctx: Context) -> Iterator[Outcome]:
    """MOV-09 (WfA 12.13-12.14, 17.4, 17.9): an overrun needs the mover's SP at least 8
    times the defender's as it moves onto the space; "Fortresses can never be overrun. A
    fort can be, if containing only a garrison counter"; "Overruns are ignored in the
    Caribbean". A lone garrison: digest §8 A-22 (any force overruns it, a CHECK). 12.13
    says "outnumber them by at least 8:1", 12.14 "8:1 odds", and odds count SP as a battle
    does (11.4-11.8, 13.0 Step 3): an overrun below 8:1 on the SP present is illegal only
    when it is below 8:1 counted too; otherwise `unchecked`, naming both readings."""
    if action.side is None:
        return
    ground, garrison = _ground(ctx, action.space, opponent(action.side))
    if ground is None or action.sp is None or (action.enemy_sp is None and not garrison):
        yield Check.unchecked("WFA-MOV-09", action.step, f"the overrun at "
                              f"{ctx.space_name(action.space)} needs both sides' SP and the "
                              "space's Region and fortress facts (WfA 12.13-12.14)",
                              needs=("space regions",), spaces=(action.space,))
        return
    found = overrun(ctx.data.tables, action.sp, action.enemy_sp or 0, ground=ground,
                    lone_garrison=garrison)
    counted = None if found.overrun or garrison else _counted_overrun(action, ground, ctx)
    if not found.overrun and counted is not False:
        yield Check.unchecked("WFA-MOV-09", action.step, f"the defender at "
                              f"{ctx.space_name(action.space)} was removed by an overrun: "
                              f"{found.reason}; but counted as in battle (the leaders' "
                              "limits, WfA 11.4-11.8; 12.14, 13.0 Step 3 speak of '8:1 "
                              "odds') " + ("it is 8:1" if counted else "the SP cannot be "
                                           "counted") + ": which 12.13 means is not decided",
                              needs=("whether 8:1 compares the SP present or the SP "
                                     "counted in battle",), spaces=(action.space,))
        return
    if not found.overrun:
        yield Check.illegal("WFA-MOV-09", action.step, f"the defender at "
                            f"{ctx.space_name(action.space)} was removed by an overrun, but "
                            f"{found.reason}", spaces=(action.space,),
                            expected="8:1 on a space that can be overrun",
                            observed=f"{action.sp} against {action.enemy_sp}")
    elif found.check:
        yield Check.computed("overrun", action.step, "WFA-MOV-09", found.reason,
                             inputs={"space": action.space, "sp": action.sp},
                             result={"overrun": True})
    yield Check.done("WFA-MOV-09")


def _counted_overrun(action: Overrun, ground: Ground, ctx: Context) -> bool | None:
    """Whether the overrun is 8:1 on the SP as a battle counts them (WfA 11.4-11.8: a
    leader attacks with at most his rank's SP; a defender's excess over it is halved or
    ignored; no leader, at most 10 SP), the leaders read on the space after the step;
    None when they cannot be counted."""
    assert action.side is not None and action.sp is not None
    tables = ctx.data.tables
    mover = battle_side(ctx, action.space, action.side)
    stayed = battle_side(ctx, action.space, opponent(action.side))
    if mover.stars is None or stayed.stars is None:
        return None
    if not stayed.leaders and (action.enemy_sp or 0) > ONE_STAR_SP:
        return None  # a leader of theirs may have left in the step that removed them
    try:
        att = attacking_sp(tables, action.sp, mover.stars)
    except ValueError:
        return None
    dfn = defending_sp(tables, action.enemy_sp or 0, stayed.stars)
    return overrun(tables, att.effective, dfn.effective, ground=ground).overrun


def _ground(ctx: Context, space: str, defender: str) -> tuple[Ground | None, bool]:
    """The ground of an overrun (open, fort, fortress, Caribbean) and whether the defender
    is a lone garrison; (None, …) when the data does not say."""
    record = ctx.data.spaces.get(space)
    here: Holding = ctx.state.space(space)
    garrison = here.sp_of(defender) == 0 and sum(here.garrisons.values()) > 0
    if record is None or record.region is None:
        return None, garrison
    if record.fortress:
        return "fortress", garrison
    if record.region is Region.CARIBBEAN:
        return "caribbean", garrison
    if any(side == defender for side, _ in here.forts):
        return "fort", garrison
    return "open", garrison


# --- MOV-10: the Regional militia trigger ----------------------------------------------------


def militia_trigger(action: ForceMoved, ctx: Context) -> Iterator[Outcome]:
    """MOV-10 (WfA 10.7-10.8, 10.10, 10.13): "Anytime in 1776 or later, the Colonial player
    rolls for his militia in any Region where British/German SP have moved for the first
    time"; "their move is temporarily halted at the first space in the Region. Then, the
    Colonial player rolls on the LMMC … in each colony in the entire Region"; the Region
    is then marked with a Militia Raised counter. A reminder when British or German SP
    enter a Region of the 13 Colonies with no such counter and no other British/German SP
    in it."""
    if action.side != BRITISH:
        return
    year = ctx.procedure.year
    force = read_force(action.units, ctx.state, stated_sp=action.sp)
    if not force.nations & INVADERS or year is None or year < MILITIA_YEAR:
        return
    region = region_of(ctx.data, action.destination)
    if region is None or not region.has_colonies or region_of(ctx.data, action.origin) == region:
        return
    in_region = [s for s in ctx.data.spaces.values() if s.region == region]
    for space in in_region:
        holding = ctx.state.space(space.id)
        if holding.markers.get(RAISED, 0) > 0:
            yield Check.done("WFA-MOV-10")
            return
        if space.id != action.destination and any(
                holding.sp.get(nation, 0) > 0 for nation in INVADERS):
            return
    name = str(region).replace("_", " ").title()
    yield Check.reminder("WFA-MOV-10", action.step, f"British/German SP entered the {name} "
                         f"Region at {ctx.space_name(action.destination)} with no Militia "
                         "Raised counter there: on a first entry the move halts and the "
                         "Colonial player rolls on the LMMC for every colony of the Region "
                         "(WfA 10.7-10.8); the British may go on only if no militia blocks "
                         "him or he has 8:1 (10.13)", spaces=(action.destination,))
    yield Check.done("WFA-MOV-10")


__all__ = ["FAMILY", "INVADERS", "MILITIA_YEAR", "defender_attack", "entered", "judge",
           "militia_block", "militia_trigger", "moved_on", "overran", "retreat_before_combat",
           "stopped_without_combat"]
