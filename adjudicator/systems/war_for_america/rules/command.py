"""Who may command a force (digest §4.2 LDR-03, -04, -05, -06, -11, -12, -15).

A force's leaders are those moving with it (`forces.read_force`); when several move
together the log does not say which one commands, so a force breaks a command rule only
when *no* leader in it could command it (the player's choice is never guessed against
him). Leader ranks, circles and ratings come from the data; a missing one gives
`unchecked`, never `illegal`.
"""

from __future__ import annotations

from collections.abc import Iterator

from adjudicator.systems.common.actions import Action
from adjudicator.systems.common.outcomes import Check, Outcome
from adjudicator.systems.common.places import PlaceKind, box
from adjudicator.systems.common.rulebook import RuleFamily
from adjudicator.systems.war_for_america.actions import (
    Combat,
    ForceActivated,
    ForceMoved,
    PickedUp,
    opponent,
)
from adjudicator.systems.war_for_america.procedure import PulseClosed
from adjudicator.systems.war_for_america.rules.context import Context, side_name
from adjudicator.systems.war_for_america.rules.forces import (
    WASHINGTON,
    Force,
    any_allows,
    colour_allows,
    leader_name,
    rank_allows,
    rank_capacity,
    read_force,
    stars,
)
from adjudicator.systems.war_for_america.rules.leaders import (
    GOVERNORS,
    PREVOST,
    PREVOST_FREED,
    may_go,
)
from adjudicator.systems.war_for_america.rules.special import french_regulars
from adjudicator.systems.war_for_america.state import ARMY_BOX_PREFIX, ARMY_SIDE

WASHINGTONS_ARMY = "w"
"""Washington's Army (W), read as the "Main Continental Army" of WfA 11.11."""
TOP_RANK = 3
"""The three-star rank that commands armies and, with no army on the board, the largest
friendly force (WfA 11.6; digest §8 A-9 reads the printed ★★ as ★★★)."""

FAMILY = RuleFamily(
    "command",
    frozenset({"WFA-LDR-03", "WFA-LDR-04", "WFA-LDR-05", "WFA-LDR-06", "WFA-LDR-11",
               "WFA-LDR-12", "WFA-LDR-15"}),
    actions=(ForceActivated, ForceMoved, PickedUp, Combat, PulseClosed),
)


def judge(action: Action, ctx: Context) -> Iterator[Outcome]:
    """The command checks of one action."""
    if isinstance(action, ForceActivated):
        yield from seniority(action, ctx)
    elif isinstance(action, ForceMoved):
        yield from command_of_leg(action, ctx)
    elif isinstance(action, PickedUp):
        yield from pick_up(action, ctx)
    elif isinstance(action, Combat):
        yield from battle_ratings(action, ctx)
    elif isinstance(action, PulseClosed):
        yield from largest_force(action, ctx)
        yield from washington_left_his_army(action, ctx)


def command_of_leg(action: ForceMoved, ctx: Context) -> Iterator[Outcome]:
    """LDR-03 and LDR-04, judged on a leg whose force is new (the first leg, or units
    picked up on the way; 12.8).

    WfA 11.3-11.6: a leader can "move, attack or retreat before combat with" 2 SP (★), up
    to 10 (★★), up to 20 (★★★); 12.8: "Leaders can never activate, nor move, with more SP
    than their rank allows". WfA 11.2: "the colour of the circle behind a general's
    command rating indicates which units he can command" (T-5; Knyphausen and Riedesel,
    Ethan Allan, Washington with French Regulars: `forces.colour_allows`). A force with
    no leader moves any stack (T-6).
    """
    pulse = ctx.pulse
    if pulse is not None and pulse.side == action.side and not set(action.units) - pulse.moved:
        return
    force = read_force(action.units, ctx.state, stated_sp=action.sp)
    if not force.leaders or force.sp == 0:
        return
    where = (action.origin, action.destination)
    rank = any_allows(rank_allows(ctx.data, leader, force.sp) for leader in force.leaders)
    if rank.allowed is False:
        yield Check.illegal("WFA-LDR-03", action.step, f"{force.sp} SP moved from "
                            f"{ctx.space_name(action.origin)} to "
                            f"{ctx.space_name(action.destination)}: {rank.reason}",
                            spaces=where, pieces=_leaders(force),
                            expected=f"at most {_capacity(ctx, force)} SP",
                            observed=f"{force.sp} SP")
    elif rank.allowed is None:
        yield Check.unchecked("WFA-LDR-03", action.step, f"the size of the force moved by "
                              f"{_names(ctx, force)} is not judged: {rank.reason}",
                              needs=("leader ranks",), spaces=where)
    if rank.allowed is not None:
        yield Check.done("WFA-LDR-03")
    regulars = french_regulars(ctx)
    circle = any_allows(colour_allows(ctx.data, leader, force, french_regulars=regulars)
                        for leader in force.leaders)
    if circle.allowed is False:
        yield Check.illegal("WFA-LDR-04", action.step, f"no leader in the force moved from "
                            f"{ctx.space_name(action.origin)} may command all of it: "
                            f"{circle.reason}", spaces=where, pieces=_leaders(force))
    elif circle.allowed is None:
        yield Check.unchecked("WFA-LDR-04", action.step, f"whom {_names(ctx, force)} may "
                              f"command is not judged: {circle.reason}",
                              needs=("leader colours",), spaces=where)
    if circle.allowed is not None:
        yield Check.done("WFA-LDR-04")


def seniority(action: ForceActivated, ctx: Context) -> Iterator[Outcome]:
    """LDR-05 (WfA 12.5): "if the entire force intends to move, the senior leader must
    command. In this case, leaders of equal or lower rank can accompany the senior leader.
    If leaders are of equal rank, it is the player's choice."

    Read on the position after the move: every SP of the side left the space with a
    leader, while a leader of higher rank than every leader who went stayed behind — the
    whole force moved under a junior. (A force moving with no leader at all is a move
    without a leader, 12.2, and not judged here.) A senior WfA 11.12 keeps out of where
    the force went (Carleton, Haldimand; Prévost before 1778) does not count
    (`_free_to_go`).
    """
    force = read_force(action.units, ctx.state, stated_sp=action.sp)
    if not force.leaders or force.sp == 0 or force.armies or action.side is None:
        return
    left = ctx.state.space(action.space)
    if left.sp_of(action.side) > 0 or any(ARMY_SIDE.get(a) == action.side
                                          for a in left.armies):
        yield Check.done("WFA-LDR-05")
        return
    stayed = [leader for leader in left.leaders if _side_of(ctx, leader) == action.side]
    if not stayed:
        yield Check.done("WFA-LDR-05")
        return
    ranks = [stars(ctx.data, leader) for leader in (*force.leaders, *stayed)]
    if any(rank is None for rank in ranks):
        yield Check.unchecked("WFA-LDR-05", action.step, f"the whole force left "
                              f"{ctx.space_name(action.space)} while "
                              f"{', '.join(leader_name(ctx.data, s) for s in stayed)} stayed; "
                              "who is senior needs the leaders' ranks (WfA 12.5)",
                              needs=("leader ranks",), spaces=(action.space,))
        return
    went = max(stars(ctx.data, leader) or 0 for leader in force.leaders)
    senior = [leader for leader in stayed if (stars(ctx.data, leader) or 0) > went]
    senior, unsure = _free_to_go(action, force.leaders, senior, ctx)
    if unsure:
        yield Check.unchecked("WFA-LDR-05", action.step, f"the entire force at "
                              f"{ctx.space_name(action.space)} moved under "
                              f"{_names(ctx, force)} while {leader_name(ctx.data, unsure[0])}"
                              " stayed, who may not go everywhere (WfA 11.12): whether he "
                              "could have led it where it was going (WfA 12.5) is not "
                              "known at its first space", spaces=(action.space,),
                              needs=("the force's destination",))
        return
    if senior:
        yield Check.illegal("WFA-LDR-05", action.step, f"the entire force at "
                            f"{ctx.space_name(action.space)} moved under "
                            f"{_names(ctx, force)} ({went}★) while "
                            f"{leader_name(ctx.data, senior[0])} "
                            f"({stars(ctx.data, senior[0])}★) stayed; when the entire force "
                            "moves, the senior leader must command (WfA 12.5)",
                            spaces=(action.space,), pieces=(f"leader:{senior[0]}",),
                            expected=f"{leader_name(ctx.data, senior[0])} in command",
                            observed=f"{_names(ctx, force)} in command")
    yield Check.done("WFA-LDR-05")


def _free_to_go(action: ForceActivated, went: tuple[str, ...], senior: list[str],
                ctx: Context) -> tuple[list[str], list[str]]:
    """The senior leaders who stayed that could have led the force, and those of them it
    cannot yet tell. WfA 11.12 (specific, so above 12.5): Carleton and Haldimand "can
    never leave Canada ... only as far south as Ft. Ticonderoga", Prévost "cannot leave
    Florida until 1778": one of them who may not go where the force went is no senior that
    "must command" it. Where it went is its declared destination (12.2) or, else, where its
    leaders stand after this step; a confined leader who could go there, with no destination
    declared, might not have gone where the force went on to: not known."""
    where = action.destination
    if where is None:
        place = ctx.state.leader_at.get(went[0])
        where = place.key if place is not None and place.kind is PlaceKind.SPACE else None
    free: list[str] = []
    unsure: list[str] = []
    for leader in senior:
        confined = leader in GOVERNORS or (leader == PREVOST and (
            ctx.procedure.year is None or ctx.procedure.year < PREVOST_FREED))
        if not confined:
            free.append(leader)
            continue
        go = may_go(ctx, leader, where) if where is not None else None
        if go is False:
            continue
        if go is None or action.destination is None:
            unsure.append(leader)
        else:
            free.append(leader)
    return free, (unsure if not free else [])


def pick_up(action: PickedUp, ctx: Context) -> Iterator[Outcome]:
    """LDR-06 (WfA 9.3, 12.3, 12.8): "A force with a leader can pick up and drop off SP as
    it moves. A force without a leader can only drop off SP." The force is what moved in
    this AP and was not dropped off; an army's leaders are on its Army Card."""
    pulse = ctx.pulse
    if pulse is None or pulse.side != action.side or not pulse.moved:
        return
    force = read_force(sorted(pulse.moved - pulse.dropped), ctx.state)
    if not force.known:
        return
    if not force.leaders:
        yield Check.illegal("WFA-LDR-06", action.step, f"the {side_name(action.side)} force "
                            f"without a leader picked up {', '.join(action.units)} at "
                            f"{ctx.space_name(action.space)}; a force without a leader can "
                            "only drop off SP (WfA 9.3, 12.3)", spaces=(action.space,),
                            pieces=action.units, expected="drop off only",
                            observed="a pick-up")
    yield Check.done("WFA-LDR-06")


def washington_left_his_army(fact: PulseClosed, ctx: Context) -> Iterator[Outcome]:
    """LDR-11 (WfA 11.11): "Once Washington commands the Main Continental Army, no other
    leader can take command unless he is captured." Washington taken off Washington's
    Army's card onto the map in the AP, and at its close not back on it while its marker
    still stands on the map with another leader on the card, hands its command to that
    leader: illegal at the step he left. With the army disbanded (11.22: "It can be
    disbanded entirely"; its marker off the map) or its card left empty it is legal; with
    SP alone left on the card no leader takes command, and whether the army may stay
    without one is not the rule's: unchecked. A capture sends him to a Leader Pool or out
    of play (19.14), not to the map."""
    card = ARMY_BOX_PREFIX + WASHINGTONS_ARMY
    left = [step for leader, origin, step in fact.pulse.off_cards
            if leader == WASHINGTON and origin == card]
    if not left:
        return
    step = left[-1]
    marker = ctx.state.army_at.get(WASHINGTONS_ARMY)
    held = ctx.state.at(box(card))
    if marker is None or marker.kind is not PlaceKind.SPACE or WASHINGTON in held.leaders \
            or not (held.leaders or +held.sp):
        yield Check.done("WFA-LDR-11")
        return
    where = ctx.space_name(marker.key)
    if not held.leaders:
        yield Check.unchecked("WFA-LDR-11", step, f"Washington left Washington's Army "
                              f"(still at {where}) and its SP with no leader; no other leader "
                              "took command (WfA 11.11), and whether an army may stay without "
                              "one is not stated (11.21-11.22)", spaces=(marker.key,),
                              pieces=("leader:washington",))
        return
    others = ", ".join(leader_name(ctx.data, leader) for leader in held.leaders)
    yield Check.illegal("WFA-LDR-11", step, f"Washington left Washington's Army (still at "
                        f"{where}, commanded now by {others}); once he commands it no other "
                        "leader can take command unless he is captured (WfA 11.11)",
                        spaces=(marker.key,), pieces=("leader:washington",),
                        expected="Washington keeps command, or the army disbanded",
                        observed=f"{others} in command")
    yield Check.done("WFA-LDR-11")


def battle_ratings(action: Combat, ctx: Context) -> Iterator[Outcome]:
    """LDR-12: each side's leader die-roll modifier in a battle.

    WfA 11.7: "If more than one leader is on a space, only the most senior leader's battle
    rating is used. If the two leaders are of equal rank, the player chooses"; 11.9: "In
    an army, one other leader of any rank can add his rating"; 11.14 (T-7): A +3, B +2,
    C +1, D +0. Between equal seniors the better rating is shown (the player's choice).
    """
    if action.side is None:
        return
    shown: dict[str, int] = {}
    notes: list[str] = []
    for side in (action.side, opponent(action.side)):
        leaders, army = _leaders_at(ctx, action.space, side)
        records = [ctx.data.leaders.get(leader) for leader in leaders]
        if any(r is None or r.stars is None or r.battle is None for r in records):
            yield Check.unchecked("WFA-LDR-12", action.step, f"the {side_name(side)} leaders' "
                                  f"battle modifier at {ctx.space_name(action.space)} needs "
                                  "their ranks and battle ratings (WfA 11.7, 11.14)",
                                  needs=("leader ranks", "leader battle ratings"),
                                  spaces=(action.space,))
            return
        ranked = sorted(((r.stars or 0, ctx.data.tables.t7.drm(r.battle), r.name)
                         for r in records if r is not None and r.battle is not None),
                        reverse=True)
        drm = 0
        if ranked:
            top = ranked[0][0]
            seniors = [entry for entry in ranked if entry[0] == top]
            best = max(seniors, key=lambda entry: entry[1])
            drm = best[1]
            text = f"{best[2]} {best[1]:+d}"
            if army:
                others = [entry for entry in ranked if entry is not best]
                if others:
                    second = max(others, key=lambda entry: entry[1])
                    drm += second[1]
                    text += f", in an army {second[2]} {second[1]:+d} (WfA 11.9)"
            notes.append(f"{side_name(side)}: {text}")
        else:
            notes.append(f"{side_name(side)}: no leader +0")
        shown[side] = drm
    yield Check.computed("leader_drm", action.step, "WFA-LDR-12",
                         f"leaders' battle modifiers at {ctx.space_name(action.space)}: "
                         + "; ".join(notes) + " (WfA 11.7, 11.14)",
                         inputs={"space": action.space},
                         result={"attacker_drm": shown[action.side],
                                 "defender_drm": shown[opponent(action.side)]})
    yield Check.done("WFA-LDR-12")


def largest_force(fact: PulseClosed, ctx: Context) -> Iterator[Outcome]:
    """LDR-15 (WfA 11.6): "When there are no army units on the board, one ★★★ leader must
    command the largest friendly SP force" (printed ★★ under the ★★★ rule, read as ★★★:
    digest §8 A-9; with ★★ it would ask a two-star leader instead). Looked at as the side's
    AP closes; a reminder, since the rule says what must be, not a move that breaks it."""
    side = fact.pulse.side
    if any(ARMY_SIDE.get(army) == side and place.kind is PlaceKind.SPACE
           for army, place in ctx.state.army_at.items()):
        return
    on_map = {leader: place.key for leader, place in ctx.state.leader_at.items()
              if place.kind is PlaceKind.SPACE and _side_of(ctx, leader) == side}
    if not on_map:
        return
    if any(stars(ctx.data, leader) is None for leader in on_map):
        yield Check.unchecked("WFA-LDR-15", fact.left_at, f"whether a three-star leader commands "
                              f"the largest {side_name(side)} force needs the leaders' ranks "
                              "(WfA 11.6)", needs=("leader ranks",))
        return
    generals = {space for leader, space in on_map.items()
                if stars(ctx.data, leader) == TOP_RANK}
    if not generals:
        return
    stacks = {space: holding.sp_of(side) for space, holding in ctx.state.spaces_with_armies()}
    largest = max(stacks.values(), default=0)
    if largest == 0:
        return
    biggest = sorted(space for space, sp in stacks.items() if sp == largest)
    if not generals & set(biggest):
        yield Check.reminder("WFA-LDR-15", fact.left_at, f"no {side_name(side)} army is on the "
                             f"board and the largest {side_name(side)} force ({largest} SP at "
                             f"{ctx.space_name(biggest[0])}) has no three-star leader; one "
                             "must command it (WfA 11.6; digest §8 A-9)",
                             spaces=tuple(biggest))
    yield Check.done("WFA-LDR-15")


def _leaders_at(ctx: Context, space: str, side: str) -> tuple[list[str], bool]:
    """A side's leaders on a space, with those on the Army Card of its army there, and
    whether an army of that side is there."""
    here = ctx.state.space(space)
    leaders = [leader for leader in here.leaders if _side_of(ctx, leader) == side]
    army = False
    for marker in here.armies:
        if ARMY_SIDE.get(marker) == side:
            army = True
            leaders.extend(ctx.state.at(box(ARMY_BOX_PREFIX + marker)).leaders)
    return list(dict.fromkeys(leaders)), army


def _side_of(ctx: Context, leader: str) -> str | None:
    record = ctx.data.leaders.get(leader)
    return None if record is None else str(record.side)


def _names(ctx: Context, force: Force) -> str:
    return ", ".join(leader_name(ctx.data, leader) for leader in force.leaders)


def _leaders(force: Force) -> tuple[str, ...]:
    return tuple(f"leader:{leader}" for leader in force.leaders)


def _capacity(ctx: Context, force: Force) -> int:
    return max((rank_capacity(ctx.data, leader) or 0) for leader in force.leaders)


__all__ = ["FAMILY", "TOP_RANK", "WASHINGTONS_ARMY", "battle_ratings", "command_of_leg",
           "judge", "largest_force", "pick_up", "seniority", "washington_left_his_army"]
