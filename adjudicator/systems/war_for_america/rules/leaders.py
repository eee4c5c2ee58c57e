"""Leaders on and off the map (digest §4.2 LDR-07, -08, -09, -10, -14): the Leader Muster
Action, a leader from the Leader Pool, the Reinforcement Phase transfers, the governors of
Canada and Prévost, and the prisoner exchange.

Every check reads the position after the step (`ctx.state`), the data's map and leader
records; a fact the data lacks gives `unchecked`, never `illegal`.
"""

from __future__ import annotations

from collections.abc import Iterator
from fractions import Fraction
from typing import Final

from adjudicator.systems.common.actions import Action
from adjudicator.systems.common.outcomes import Check, Outcome, Value
from adjudicator.systems.common.rulebook import RuleFamily
from adjudicator.systems.war_for_america.actions import (
    BRITISH,
    COLONIAL,
    LEADER_POOL,
    Activation,
    ForceActivated,
    ForceMoved,
    LeaderExchanged,
    LeaderMustered,
    LeaderPlaced,
    LeaderTransferred,
    Overrun,
    RetreatBeforeCombat,
    Retreated,
    Surrendered,
    opponent,
)
from adjudicator.systems.war_for_america.data import Region
from adjudicator.systems.war_for_america.movement_points import activation_chance
from adjudicator.systems.war_for_america.procedure import ACTION_CYCLE
from adjudicator.systems.war_for_america.rules.context import Context, side_name
from adjudicator.systems.war_for_america.rules.forces import (
    WASHINGTON,
    leader_name,
    rank_capacity,
    read_force,
    region_of,
    stars,
)
from adjudicator.systems.war_for_america.state import ARMY_SIDE

GOVERNORS: Final = frozenset({"carleton", "haldimand"})
"""The Governors of Canada (WfA 11.12)."""
TICONDEROGA: Final = "ticonderoga"
"""Ft. Ticonderoga, the governors' southern limit (WfA 11.12)."""
PREVOST: Final = "prevost"
PREVOST_FREED: Final = 1778
"""Prévost "cannot leave Florida until 1778" (WfA 11.12)."""
GRANT: Final = "grant"
"""The only leader who can move to the Caribbean (WfA 11.15)."""
THREE_STAR: Final = 3
TWO_STAR: Final = 2
TOO_SMALL: Final = 2
"""A ★★★ leader "cannot be placed on a '2' SP stack" (WfA 11.15)."""
TOO_LARGE: Final = 20
"""A ★★ leader "cannot be placed on '20' SP" (WfA 11.15)."""
LOST_FOR_GOOD: Final = 1
"""The prisoner-exchange D6 face that removes a leader permanently (WfA 19.14)."""

FAMILY = RuleFamily(
    "leaders",
    frozenset({"WFA-LDR-07", "WFA-LDR-08", "WFA-LDR-09", "WFA-LDR-10", "WFA-LDR-14"}),
    actions=(ForceActivated, ForceMoved, LeaderMustered, LeaderPlaced, LeaderTransferred,
             RetreatBeforeCombat, Retreated, Surrendered, Overrun, LeaderExchanged),
)


def judge(action: Action, ctx: Context) -> Iterator[Outcome]:
    """The leader checks of one action."""
    if isinstance(action, ForceActivated):
        yield from muster_roll(action, ctx)
    elif isinstance(action, LeaderMustered):
        yield from muster(action, ctx)
    elif isinstance(action, LeaderPlaced):
        yield from from_the_pool(action, ctx)
        yield from confined(action.step, (action.leader,), action.space, ctx, kind="placed")
    elif isinstance(action, ForceMoved):
        yield from muster_is_the_whole_ap(action, ctx)
        leaders = read_force(action.units, ctx.state).leaders
        yield from confined(action.step, leaders, action.destination, ctx, kind="moved")
    elif isinstance(action, LeaderTransferred):
        yield from transfer(action, ctx)
        leaders = read_force(action.leaders, ctx.state).leaders
        yield from confined(action.step, leaders, action.destination, ctx,
                            kind="transferred")
    elif isinstance(action, RetreatBeforeCombat) and action.destination is not None:
        leaders = read_force(action.units, ctx.state).leaders
        yield from confined(action.step, leaders, action.destination, ctx,
                            kind="retreated before combat")
    elif isinstance(action, Retreated):
        leaders = read_force(action.units, ctx.state).leaders
        yield from confined(action.step, leaders, action.destination, ctx, kind="retreated")
    elif isinstance(action, (Surrendered, Overrun)):
        yield from prisoner_exchange(action, ctx)
    elif isinstance(action, LeaderExchanged):
        yield from exchanged(action, ctx)


# --- LDR-07: the Leader Muster Action ------------------------------------------------------


def muster_roll(action: ForceActivated, ctx: Context) -> Iterator[Outcome]:
    """LDR-07 (WfA 12.9): the muster "expends his AP and rolls for activation"; success is
    a D6 at most his command value (12.6). A failed roll's outcome is unstated: the AP is
    spent and nothing moves (digest §8 A-28)."""
    if action.kind is not Activation.MUSTER or action.leader is None:
        return
    record = ctx.data.leaders.get(action.leader)
    if record is None or record.command is None:
        yield Check.unchecked("WFA-LDR-07", action.step, f"{leader_name(ctx.data, action.leader)}"
                              "'s muster roll needs his command value (WfA 12.9)",
                              needs=("leader command values",), spaces=(action.space,))
        return
    chance = activation_chance(record.command, washington=action.leader == WASHINGTON)
    result: dict[str, Value] = {"p_success": str(chance)}
    if action.rolls:
        success = action.rolls[0] <= record.command
        result["success"] = success
        summary = (f"{record.name}'s muster roll {action.rolls[0]} against command "
                   f"{record.command}: " + ("success — he may pull in SP up to his rank"
                                            if success else
                                            "failed — the AP is spent and nothing moves "
                                            "(the rulebook leaves it unstated, digest §8 A-28)"))
    else:
        summary = f"{record.name}'s muster: succeeds on a D6 of {record.command} or less"
    yield Check.computed("muster", action.step, "WFA-LDR-07", summary,
                         inputs={"leader": action.leader, "command": record.command,
                                 "rolls": " ".join(str(r) for r in action.rolls)},
                         result=result)
    yield Check.done("WFA-LDR-07")


def muster(action: LeaderMustered, ctx: Context) -> Iterator[Outcome]:
    """LDR-07 (WfA 9.4, 12.9): "he can 'pull into' his location any friendly SP according
    to his rank, from all adjacent spaces not containing enemy units"; "SP with enemy
    units on the same space cannot be mustered" (9.4)."""
    name = leader_name(ctx.data, action.leader)
    pulled = sum(sp for _, sp in action.pulled)
    capacity = rank_capacity(ctx.data, action.leader)
    if capacity is None:
        yield Check.unchecked("WFA-LDR-07", action.step, f"how many SP {name} may muster "
                              "needs his rank (WfA 9.4, 11.3)", needs=("leader ranks",),
                              spaces=(action.space,))
    elif pulled > capacity:
        yield Check.illegal("WFA-LDR-07", action.step, f"{name} mustered {pulled} SP into "
                            f"{ctx.space_name(action.space)}; his rank allows {capacity} "
                            "(WfA 9.4, 11.3)", spaces=(action.space,),
                            expected=f"at most {capacity} SP", observed=f"{pulled} SP")
    enemy = opponent(action.side) if action.side else None
    for origin, _sp in action.pulled:
        where = ctx.space_name(origin)
        if ctx.map.complete and not ctx.map.adjacent(origin, action.space):
            yield Check.illegal("WFA-LDR-07", action.step, f"{name} mustered SP from {where}, "
                                f"which is not adjacent to {ctx.space_name(action.space)} "
                                "(WfA 12.9)", spaces=(origin, action.space))
        if enemy is not None and ctx.state.with_armies(origin).sp_of(enemy) > 0:
            yield Check.illegal("WFA-LDR-07", action.step, f"{name} mustered SP from {where}, "
                                "which holds enemy units; SP with enemy units on the same "
                                "space cannot be mustered (WfA 9.4)", spaces=(origin,))
    yield Check.done("WFA-LDR-07")


def muster_is_the_whole_ap(action: ForceMoved, ctx: Context) -> Iterator[Outcome]:
    """LDR-07 (WfA 12.9): "This is his AP and he can perform no other function" — no force
    moves in an AP spent on a Leader Muster Action (the muster's pulls are its own
    action, `LeaderMustered`); `unchecked` after an Action Card of the mover in the AP (9.9,
    20.2: a card can be like an extra AP, and its text trumps the rules)."""
    pulse = ctx.pulse
    if pulse is None or pulse.side != action.side or pulse.main is not Activation.MUSTER:
        return
    if action.side is not None and pulse.cards_of(action.side):
        yield Check.unchecked("WFA-LDR-07", action.step, f"a force moved from "
                              f"{ctx.space_name(action.origin)} in the "
                              f"{side_name(action.side)} AP spent on a Leader Muster Action, "
                              "after an Action Card was played in it: a card can be 'like "
                              "having an extra AP' (WfA 9.9) and its text trumps the rules "
                              "(20.2), but the card texts are not in the rulebook",
                              needs=("card texts",), spaces=(action.origin, action.destination))
        return
    yield Check.illegal("WFA-LDR-07", action.step, f"a force moved from "
                        f"{ctx.space_name(action.origin)} in the {side_name(action.side)} AP "
                        "spent on a Leader Muster Action; the muster is his AP and he can "
                        "perform no other function (WfA 12.9)",
                        spaces=(action.origin, action.destination))
    yield Check.done("WFA-LDR-07")


# --- LDR-08: a leader from the Leader Pool -------------------------------------------------


def from_the_pool(action: LeaderPlaced, ctx: Context) -> Iterator[Outcome]:
    """LDR-08 (WfA 11.1): "A leader from the Leader Pool can be activated by expending an
    AP and placing him on any space with friendly SP that are not under siege."

    Judged in the Action Cycle (a leader placed by a Reinforcement Chart is another
    matter, 11.1 first sentence). Under siege: the space has a Siege Marker and an enemy
    army marker, the besieger (11.25, 17.13); a Siege Marker with the side's own army
    there is its own siege; a Siege Marker with neither is not judged. The SP of an army
    on the space count: they stand on its Army Card, the army marker on the space (11.21:
    "All SP and leaders are placed on the appropriate location on the Army Card").
    """
    if action.origin != LEADER_POOL or ctx.placement.phase != ACTION_CYCLE:
        return
    side = _leader_side(ctx, action.leader) or action.side
    if side is None:
        return
    name = leader_name(ctx.data, action.leader)
    here = ctx.state.space(action.space)
    where = ctx.space_name(action.space)
    if ctx.state.with_armies(action.space).sp_of(side) == 0:
        yield Check.illegal("WFA-LDR-08", action.step, f"{name} came from the Leader Pool to "
                            f"{where}, which holds no friendly SP; a leader from the pool is "
                            "placed on a space with friendly SP (WfA 11.1)",
                            spaces=(action.space,), pieces=(f"leader:{action.leader}",),
                            expected="a space with friendly SP", observed="no friendly SP")
    elif here.markers.get("siege", 0) > 0:
        armies = {ARMY_SIDE.get(army) for army in here.armies}
        if opponent(side) in armies:
            yield Check.illegal("WFA-LDR-08", action.step, f"{name} came from the Leader Pool "
                                f"to {where}, whose friendly SP are under siege; the SP he "
                                "joins must not be under siege (WfA 11.1)",
                                spaces=(action.space,), pieces=(f"leader:{action.leader}",))
        elif side not in armies:
            yield Check.unchecked("WFA-LDR-08", action.step, f"{where} has a Siege Marker but "
                                  "no army marker: whether the SP there are under siege is "
                                  "not judged (WfA 11.1, 17.13)", spaces=(action.space,))
            return
    yield Check.done("WFA-LDR-08")


# --- LDR-09: Reinforcement Phase transfers -------------------------------------------------


def transfer(action: LeaderTransferred, ctx: Context) -> Iterator[Outcome]:
    """LDR-09: leaders moved alone in the Reinforcement Phase are transferred.

    WfA 8.1: "British leaders, except those in the Europe Box, can be transferred to any
    friendly location on the board, except the Caribbean. Colonial leaders … to any
    friendly or empty space within the 13 Colonies". WfA 11.15: "a ★★★ leader cannot be
    placed on a '2' SP stack. Similarly, a ★★ leader cannot be placed on '20' SP"; "Grant
    is the only leader who can move to the Caribbean". Read literally (the smallest
    reading): ★★★ onto a stack of 1-2 SP, ★★ onto 20 SP or more; the wider reading (★★
    onto more than 10, beyond his rank) is not flagged. The stack counts the SP on the Army
    Cards of armies there (11.21: "All SP and leaders are placed on the appropriate
    location on the Army Card"). A space holding enemy SP is not friendly; control of an
    empty space is not in the position, so it is not judged.

    The sequencer reads leaders moved alone in the Reinforcement Phase as a transfer
    (`LeaderTransferred`). When the log never showed initiative dice, the same move may have
    been the first AP of the cycle (a leader alone, WfA 12.1): then it is not judged.
    """
    if not action.certain:
        yield Check.unchecked("WFA-LDR-09", action.step, "leaders moved alone before any "
                              "initiative roll was seen: a Reinforcement Phase transfer "
                              "(WfA 8.1) or the cycle's first AP (12.1); this log shows no "
                              "initiative dice to tell them apart",
                              spaces=(action.origin, action.destination))
        return
    for leader in read_force(action.leaders, ctx.state).leaders:
        yield from _transfer_one(action, leader, ctx)


def _transfer_one(action: LeaderTransferred, leader: str, ctx: Context
                  ) -> Iterator[Outcome]:
    side = _leader_side(ctx, leader) or action.side
    if side is None:
        return
    name = leader_name(ctx.data, leader)
    where = ctx.space_name(action.destination)
    # 11.21: an army's SP stand on its Army Card, where its marker stands.
    here = ctx.state.with_armies(action.destination)
    record = ctx.data.spaces.get(action.destination)
    region = region_of(ctx.data, action.destination)
    spaces = (action.destination,)
    pieces = (f"leader:{leader}",)
    if here.sp_of(opponent(side)) > 0:
        yield Check.illegal("WFA-LDR-09", action.step, f"{name} was transferred to {where}, "
                            "which holds enemy SP; transfers go to friendly spaces (WfA 8.1)",
                            spaces=spaces, pieces=pieces)
    if region is None:
        yield Check.unchecked("WFA-LDR-09", action.step, f"where {name} may be transferred "
                              f"needs {where}'s Region (WfA 8.1)", needs=("space regions",),
                              spaces=spaces)
        return
    if side == "british" and region is Region.CARIBBEAN and leader != GRANT:
        yield Check.illegal("WFA-LDR-09", action.step, f"{name} was transferred to {where} in "
                            "the Caribbean; only Grant can move to the Caribbean (WfA 8.1, "
                            "11.15)", spaces=spaces, pieces=pieces)
    if side == "colonial" and not (region.has_colonies or (
            record is not None and record.colony is not None)):
        yield Check.illegal("WFA-LDR-09", action.step, f"{name} was transferred to {where}, "
                            "outside the 13 Colonies; Colonial leaders are transferred within "
                            "the 13 Colonies (WfA 8.1)", spaces=spaces, pieces=pieces)
    rank = stars(ctx.data, leader)
    stack = here.sp_of(side)
    if rank is None:
        yield Check.unchecked("WFA-LDR-09", action.step, f"whether {name} may join "
                              f"{stack} SP at {where} needs his rank (WfA 11.15)",
                              needs=("leader ranks",), spaces=spaces)
        return
    if (rank == THREE_STAR and 0 < stack <= TOO_SMALL) or (rank == TWO_STAR
                                                          and stack >= TOO_LARGE):
        yield Check.illegal("WFA-LDR-09", action.step, f"{name} ({rank}★) was placed on "
                            f"{stack} SP at {where}; a ★★★ leader cannot be placed on a '2' "
                            "SP stack, nor a ★★ leader on '20' SP (WfA 11.15)",
                            spaces=spaces, pieces=pieces)
    yield Check.done("WFA-LDR-09")


# --- LDR-10: Carleton, Haldimand, Prévost ----------------------------------------------------


def confined(step: int, leaders: tuple[str, ...], destination: str, ctx: Context, *,
             kind: str) -> Iterator[Outcome]:
    """LDR-10 (WfA 11.12): Carleton "can never leave Canada … He can only move as far south
    as Ft. Ticonderoga. When replaced by Governor Haldimand, he has the same restriction."
    Read: Canada, Ticonderoga and the spaces on a shortest route from Canada to it.
    "Augustine Prévost … cannot leave Florida until 1778. If forced to retreat by Spanish
    forces, he is handled in the same manner as any other British leader": his retreats
    (only Spanish forces can attack in Florida, 3.3) are not judged. A governor's retreat
    after a battle, with no other way out, is not judged either.
    """
    for leader in leaders:
        if leader in GOVERNORS:
            yield from _governor(step, leader, destination, ctx, kind=kind)
        elif leader == PREVOST and "retreat" not in kind:
            yield from _prevost(step, destination, ctx, kind=kind)


def _governor(step: int, leader: str, destination: str, ctx: Context, *,
              kind: str) -> Iterator[Outcome]:
    name = leader_name(ctx.data, leader)
    where = ctx.space_name(destination)
    region = region_of(ctx.data, destination)
    if region is None:
        yield Check.unchecked("WFA-LDR-10", step, f"{name} {kind} to {where}; whether it is "
                              "in Canada needs its Region (WfA 11.12)",
                              needs=("space regions",), spaces=(destination,))
        return
    if region is Region.CANADA or destination == TICONDEROGA:
        yield Check.done("WFA-LDR-10")
        return
    if kind == "retreated":
        yield Check.unchecked("WFA-LDR-10", step, f"{name} retreated out of Canada to {where}"
                              "; the rulebook does not say what a governor does when his "
                              "only retreat leaves Canada (WfA 11.12)", spaces=(destination,))
        return
    on_the_way = _toward_ticonderoga(ctx, destination)
    if on_the_way is None:
        yield Check.unchecked("WFA-LDR-10", step, f"{name} {kind} to {where}, outside "
                              "Canada; whether it lies on the way to Ticonderoga needs the "
                              "complete map (WfA 11.12)", needs=("map connections",),
                              spaces=(destination,))
        return
    if not on_the_way:
        yield Check.illegal("WFA-LDR-10", step, f"{name}, Governor of Canada, {kind} to "
                            f"{where}; he can never leave Canada and can only move as far "
                            "south as Ft. Ticonderoga (WfA 11.12)", spaces=(destination,),
                            pieces=(f"leader:{leader}",))
    yield Check.done("WFA-LDR-10")


def may_go(ctx: Context, leader: str, destination: str) -> bool | None:
    """Whether WfA 11.12 lets `leader` go to `destination` (True for every leader it does
    not name; None when the data cannot say): Carleton and Haldimand only in Canada and as
    far south as Ticonderoga, Prévost only in Florida until 1778."""
    region = region_of(ctx.data, destination)
    if leader in GOVERNORS:
        if region is Region.CANADA or destination == TICONDEROGA:
            return True
        return None if region is None else _toward_ticonderoga(ctx, destination)
    if leader == PREVOST:
        year = ctx.procedure.year
        if year is not None and year >= PREVOST_FREED:
            return True
        if region is Region.FLORIDA:
            return True
        return None if year is None or region is None else False
    return True


def _toward_ticonderoga(ctx: Context, space: str) -> bool | None:
    """Whether a space lies on a shortest route (in lines) from Canada to Ticonderoga;
    None when the map is incomplete."""
    graph = ctx.map
    if not graph.complete or TICONDEROGA not in graph or space not in graph:
        return None
    from_fort = graph.reachable(TICONDEROGA)
    canada = [s for s in graph.spaces if region_of(ctx.data, s) is Region.CANADA]
    if not canada:
        return None
    best = min((from_fort[s] for s in canada if s in from_fort), default=None)
    if best is None or space not in from_fort:
        return False
    from_space = graph.reachable(space)
    to_canada = min((from_space[s] for s in canada if s in from_space), default=None)
    return to_canada is not None and to_canada + from_fort[space] == best


def _prevost(step: int, destination: str, ctx: Context, *, kind: str) -> Iterator[Outcome]:
    year = ctx.procedure.year
    where = ctx.space_name(destination)
    region = region_of(ctx.data, destination)
    if year is None or region is None:
        yield Check.unchecked("WFA-LDR-10", step, f"Prévost {kind} to {where}; whether he "
                              "may leave Florida needs the year and the space's Region "
                              "(WfA 11.12)", needs=("the year", "space regions"),
                              spaces=(destination,))
        return
    if year < PREVOST_FREED and region is not Region.FLORIDA:
        yield Check.illegal("WFA-LDR-10", step, f"Prévost {kind} to {where} in {year}; he "
                            "cannot leave Florida until 1778 (WfA 11.12)",
                            spaces=(destination,), pieces=(f"leader:{PREVOST}",),
                            expected="Florida until 1778", observed=where)
    yield Check.done("WFA-LDR-10")


# --- LDR-14: the prisoner exchange ---------------------------------------------------------


def prisoner_exchange(action: Surrendered | Overrun, ctx: Context) -> Iterator[Outcome]:
    """LDR-14 (WfA 19.14, 12.13): "If any leader is forced to surrender or his force is
    completely destroyed, the player rolls a D6. If the result is '1', the leader is not
    exchanged and he is permanently removed"; 2-6: to his side's Leader Pool. "George
    Washington, if captured, can never be exchanged." An overrun leader rolls too (12.13).

    The leaders are those the removed units name and those of the losing side still on
    the space (and its armies' cards) when the surrender or overrun is read: the log
    removes the SP, while the leaders stand there until they go to a pool."""
    units = action.units if isinstance(action, Surrendered) else action.removed
    loser = action.side if isinstance(action, Surrendered) else (
        opponent(action.side) if action.side is not None else None)
    there = [leader for leader in ctx.state.with_armies(action.space).leaders
             if loser is not None and _leader_side(ctx, leader) == loser]
    leaders = tuple(dict.fromkeys(
        (*read_force(units, ctx.state, armies_counted=True).leaders, *there)))
    for leader in leaders:
        name = leader_name(ctx.data, leader)
        if leader == WASHINGTON:
            summary = ("Washington is captured and can never be exchanged (WfA 19.14); "
                       "Congress loses 2 PW (5.2)")
            lost = Fraction(1)
        else:
            lost = Fraction(LOST_FOR_GOOD, 6)
            summary = (f"{name} rolls a D6 for the prisoner exchange: 1 removed for good, an "
                       "anonymous leader to his side's Leader Pool; 2-6 to his side's Leader "
                       "Pool (WfA 19.14)")
        yield Check.computed("prisoner_exchange", action.step, "WFA-LDR-14", summary,
                             inputs={"leader": leader, "space": action.space},
                             result={"p_removed": str(lost), "p_pool": str(1 - lost)})
    if leaders:
        yield Check.done("WFA-LDR-14")


def exchanged(action: LeaderExchanged, ctx: Context) -> Iterator[Outcome]:
    """LDR-14 (WfA 19.14), where the leader goes: "If the result is '1', the leader is
    not exchanged and he is permanently removed from the game. … If the result is '2-6'
    … The Colonial leader is placed in the Colonial Leader Pool. The British/German/
    Loyalist leader is placed in the British Leader Pool." "George Washington, if
    captured, can never be exchanged." A leader put into the other side's pool, into a
    pool after a 1, or out of play after a 2-6 is illegal; with no D6 seen only the pool's
    side (and Washington) are judged."""
    name = leader_name(ctx.data, action.leader)
    side = action.side
    pool = f"{side}_leader_pool" if side in (BRITISH, COLONIAL) else None
    to_pool = action.destination is not None and action.destination.endswith("_leader_pool")
    where = ctx.space_name(action.space)
    if to_pool and action.destination != pool:
        yield Check.illegal("WFA-LDR-14", action.step, f"{name}, captured at {where}, went to "
                            "the other side's Leader Pool; an exchanged leader goes to his own "
                            "side's (WfA 19.14)", spaces=(action.space,),
                            pieces=(f"leader:{action.leader}",),
                            expected=f"the {side_name(side or '')} Leader Pool",
                            observed="the other Leader Pool")
    if action.leader == WASHINGTON:
        if to_pool:
            yield Check.illegal("WFA-LDR-14", action.step, f"Washington, captured at {where},"
                                " went to the Leader Pool; if captured he can never be "
                                "exchanged (WfA 19.14)", spaces=(action.space,),
                                pieces=(f"leader:{action.leader}",),
                                expected="out of play", observed="the Leader Pool")
        yield Check.done("WFA-LDR-14")
        return
    if action.roll is None:
        yield Check.unchecked("WFA-LDR-14", action.step, f"{name} left {where} for "
                              f"{'his Leader Pool' if to_pool else 'out of play'} with no "
                              "prisoner-exchange D6 seen (WfA 19.14: 1 out of play, 2-6 his "
                              "side's Leader Pool)", needs=("the exchange D6 in the log",),
                              spaces=(action.space,))
        return
    lost = action.roll == LOST_FOR_GOOD
    if lost and to_pool:
        yield Check.illegal("WFA-LDR-14", action.step, f"{name} rolled a 1 for the prisoner "
                            f"exchange and went to the Leader Pool; on a 1 he is not "
                            "exchanged and is permanently removed (WfA 19.14)",
                            spaces=(action.space,), pieces=(f"leader:{action.leader}",),
                            expected="out of play", observed="the Leader Pool")
    elif not lost and not to_pool:
        yield Check.illegal("WFA-LDR-14", action.step, f"{name} rolled a {action.roll} for "
                            "the prisoner exchange and was taken out of play; on 2-6 he "
                            "goes to his side's Leader Pool (WfA 19.14)",
                            spaces=(action.space,), pieces=(f"leader:{action.leader}",),
                            expected="the Leader Pool", observed="out of play")
    yield Check.done("WFA-LDR-14")


def _leader_side(ctx: Context, leader: str) -> str | None:
    record = ctx.data.leaders.get(leader)
    return None if record is None else str(record.side)


__all__ = ["FAMILY", "GOVERNORS", "confined", "from_the_pool", "judge", "may_go", "muster",
           "muster_is_the_whole_ap", "muster_roll", "prisoner_exchange", "transfer"]
