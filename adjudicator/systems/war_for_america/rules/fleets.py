"""Fleets and naval movement (digest §4.6 NAV; WfA 14.1-14.6, 14.17-14.28, 19.30).

Each check reads like its rulebook section. A fleet moves alone with its own D6 (14.2,
14.5), only between the places of 14.1, never to Quebec in Winter (14.19); Caribbean arrows
cost 1 MP a circle with the arrow, 2 against (14.20-14.21); fleets winter at a controlled
Halifax or Newport or in the Europe Box (14.17-14.18) and leave the Caribbean in Late
Summer (14.22). The position a check reads is the one after the step (the fleet already
stands where it went). Blockade (14.25-14.28) is defined in `naval.blockade`; what it
forbids to land units moving by sea is judged as WFA-TRN-04 (`transport`), where 14.26 and
8.9 say it.

Not judged here: WFA-NAV-03 (14.3: a fleet moves its full MP toward its announced
destination): the log shows neither the announced destination nor the sea lanes' costs
(the data has no blue transit lines, only Ocean Transit and Caribbean arrow lines).
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from adjudicator.systems.common.actions import Action
from adjudicator.systems.common.mapgraph import least_cost
from adjudicator.systems.common.outcomes import Check, Outcome
from adjudicator.systems.common.probability import Distribution, compare
from adjudicator.systems.common.rulebook import RuleFamily
from adjudicator.systems.war_for_america.actions import (
    FleetMoved,
    ForceMoved,
    NavalTransport,
    opponent,
)
from adjudicator.systems.war_for_america.data.vocabulary import ConnectionKind
from adjudicator.systems.war_for_america.procedure import ACTION_CYCLE, CycleEnded, PulseClosed
from adjudicator.systems.war_for_america.rules.context import Context, side_name
from adjudicator.systems.war_for_america.rules.naval import (
    QUEBEC,
    SeaPlace,
    blockade,
    by_sea,
    fleets_at,
    fleets_on_map,
    late_summer,
    sea_place,
    turn_name,
    winter,
)
from adjudicator.systems.war_for_america.state import NATION_SIDE

FAMILY = RuleFamily(
    "fleets",
    frozenset({"WFA-NAV-01", "WFA-NAV-02", "WFA-NAV-04", "WFA-NAV-05", "WFA-NAV-06",
               "WFA-NAV-07", "WFA-NAV-08", "WFA-NAV-09"}),
    positional=frozenset({"WFA-NAV-02", "WFA-NAV-04", "WFA-NAV-05", "WFA-NAV-07",
                          "WFA-NAV-08", "WFA-NAV-09"}),
    actions=(FleetMoved, NavalTransport, ForceMoved, CycleEnded, PulseClosed),
)


def judge(action: Action, ctx: Context) -> Iterator[Outcome]:
    """Every fleet check that concerns the action."""
    if isinstance(action, FleetMoved):
        origin = sea_place(ctx, action.origin)
        destination = sea_place(ctx, action.destination)
        if _repair(origin) or _repair(destination):
            return  # to or from the Turn Record Track: fleet combat's (WfA 15.7-15.8)
        yield from own_die(action, ctx, origin, destination, ctx.step_actions)
        yield from where_fleets_may_be(action, ctx, destination)
        yield from caribbean_arrows(action, ctx, origin, destination)
        yield from quebec_in_winter(action, ctx)
        yield from into_the_caribbean_in_late_summer(action, ctx, origin, destination)
        yield from interception(action, ctx, destination)
        yield from leaving_a_blockade(action, ctx, origin)
    elif isinstance(action, NavalTransport):
        if not action.reinforcement:
            yield from quebec_in_winter(action, ctx)
    elif isinstance(action, ForceMoved):
        transport = by_sea(action, ctx)
        if transport is not None:
            yield from quebec_in_winter(transport, ctx)
    elif isinstance(action, CycleEnded):
        yield from winter_bases(action, ctx, deadline=True)
        yield from late_summer_caribbean(action, ctx)
    elif isinstance(action, PulseClosed):
        yield from first_winter_ap(action, ctx)


def _repair(place: SeaPlace | None) -> bool:
    return place is not None and place.kind == "repair"


def movement_points(ctx: Context, fleet: str, roll: int) -> int:
    """A fleet's MP: its D6 (WfA 14.2), +1 for Rodney's fleet (14.2: 'always adds +1 to
    its movement (D6)'; the data's movement bonus)."""
    record = ctx.data.fleets.get(fleet)
    return roll + (record.movement_bonus if record is not None else 0)


def stacked_with(action: FleetMoved, step_actions: Sequence[Action]) -> tuple[str, ...]:
    """The other fleets of the same side moved in the same step from the same place to
    the same place as `action` (a stack dragged together)."""
    return tuple(other.fleet for other in step_actions
                 if isinstance(other, FleetMoved) and other is not action
                 and other.step == action.step and other.side == action.side
                 and other.fleet != action.fleet and other.origin == action.origin
                 and other.destination == action.destination)


def own_die(action: FleetMoved, ctx: Context, origin: SeaPlace | None,
            destination: SeaPlace | None, step_actions: Sequence[Action] = ()
            ) -> Iterator[Outcome]:
    """WFA-NAV-01 (WfA 14.2, 14.5): "A player announces his intended destination and rolls
    a D6. The result is the number of MP assigned to the fleet" (Rodney +1); "Each fleet
    always moves independently ... each fleet must perform its own movement via a D6. This
    is absolute and fleets never move as stacked units."

    Illegal: two fleets dragged together in one step with a single D6 between them (the
    interpreter gives each fleet its own die; the second has none). A lone fleet with no
    D6 is only `unchecked`: it may be continuing a move begun in an earlier step, be moved
    at no cost (14.18, 14.22, 15.1 Option 2, 19.32-19.33), or the die was rolled off-log.
    """
    if action.forced or origin is None or destination is None:
        return
    name = fleet_name(ctx, action.fleet)
    if action.roll is not None:
        mp = movement_points(ctx, action.fleet, action.roll)
        bonus = mp - action.roll
        yield Check.computed(
            "fleet movement", action.step, "WFA-NAV-01",
            f"{name}: D6 {action.roll}" + (f" +{bonus} (Rodney, WfA 14.2)" if bonus else "")
            + f" = {mp} MP (WfA 14.2)",
            inputs={"fleet": action.fleet, "d6": action.roll, "bonus": bonus},
            result={"mp": mp})
        yield Check.done("WFA-NAV-01")
        return
    together = stacked_with(action, step_actions)
    if together:
        yield Check.illegal("WFA-NAV-01", action.step, f"{name} moved from "
                            f"{ctx.space_name(origin.key)} to {ctx.space_name(destination.key)}"
                            f" together with {', '.join(together)} and with no D6 of its own; "
                            "each fleet rolls its own D6 and fleets never move as stacked "
                            "units (WfA 14.2, 14.5)", pieces=(action.fleet, *together),
                            spaces=(origin.key, destination.key),
                            expected="a D6 for each fleet", observed="one D6 for a stack")
        return
    yield Check.unchecked("WFA-NAV-01", action.step, f"no D6 was seen for {name}'s move to "
                          f"{ctx.space_name(destination.key)}; each fleet moves with its own "
                          "D6 (WfA 14.2, 14.5), unless it continues a move or is moved at no "
                          "cost", needs=("the fleet's movement D6 in the log",),
                          pieces=(action.fleet,))


def where_fleets_may_be(action: FleetMoved, ctx: Context,
                        destination: SeaPlace | None) -> Iterator[Outcome]:
    """WFA-NAV-02 (WfA 14.1, 14.6): fleets move "to or from any: Ocean Blockade Zone,
    Major Naval Base, Coastal/Port Space, Caribbean space (all spaces are ports), Arrow
    space with a circle in the Caribbean" (and the Europe Box, 14.17-14.18, 15.8). An
    inland space (a lake space too) is illegal; "cannot end their turn on the connecting
    blue transit lines" cannot be logged (pieces stand in spaces)."""
    if destination is None:
        return
    name = ctx.space_name(destination.key)
    if destination.kind == "unknown":
        yield Check.unchecked("WFA-NAV-02", action.step, f"{name} is neither a space nor a "
                              "sea area the data knows", needs=("map spaces", "sea areas"))
        return
    if destination.kind == "space" and destination.coastal is None:
        yield Check.unchecked("WFA-NAV-02", action.step, f"whether {name} is a coastal/port "
                              "space is not in the data", needs=("coastal spaces",),
                              spaces=(destination.key,))
        return
    if destination.kind == "arrow" and destination.circles is None:
        yield Check.unchecked("WFA-NAV-02", action.step, f"whether the arrow space {name} "
                              "has a circle is not in the data", needs=("caribbean arrows",))
        return
    if (destination.kind == "space" and destination.coastal is False) or (
            destination.kind == "arrow" and destination.circles == 0):
        what = "an inland space" if destination.kind == "space" else "an arrow space " \
            "without a circle"
        yield Check.illegal("WFA-NAV-02", action.step, f"{fleet_name(ctx, action.fleet)} "
                            f"moved to {name}, {what}; a fleet may be only in an OBZ, a Major"
                            " Naval Base, a coastal/port space, a Caribbean space or a "
                            "Caribbean arrow space with a circle (WfA 14.1)",
                            spaces=(destination.key,), pieces=(action.fleet,),
                            expected="a place of WfA 14.1", observed=name)
    yield Check.done("WFA-NAV-02")


def arrow_cost(ctx: Context, start: str, goal: str) -> int | None:
    """Fewest MP from `start` to `goal` along Caribbean arrow lines (WfA 14.20: 1 MP per
    circle with the arrow, 2 against; 14.21: the island chain has none). None: no path of
    arrow lines with known costs."""
    def steps(here: str) -> Iterator[tuple[str, int]]:
        for line in ctx.data.connections:
            if line.kind is not ConnectionKind.CARIBBEAN_ARROW or here not in line.ends:
                continue
            price = ctx.data.line_cost(line, here)
            if price is not None:
                yield (line.b if line.a == here else line.a, price)

    return least_cost(start, goal, steps)


def caribbean_arrows(action: FleetMoved, ctx: Context, origin: SeaPlace | None,
                     destination: SeaPlace | None) -> Iterator[Outcome]:
    """WFA-NAV-04 (WfA 14.20-14.21, 19.30): "movement in the direction of the arrows costs
    '1' MP per circle, while against, costs '2' MP per circle"; the island chain (St.
    Eustasius, Martinique, St. Lucia, Windward Isles) has no circles but follows the arrow
    lines. The cost of the cheapest way along the arrows is compared with the fleet's MP; a
    way dearer than the MP is only `unchecked`, since a way through the Caribbean OBZ (its
    blue transit lines' costs are not in the data) could be cheaper."""
    if (origin is None or destination is None or not origin.caribbean
            or not destination.caribbean or origin.kind == "obz" or destination.kind == "obz"):
        return
    cost = arrow_cost(ctx, origin.key, destination.key)
    if cost is None:
        yield Check.unchecked("WFA-NAV-04", action.step, f"no way along Caribbean arrow lines"
                              f" of known cost joins {ctx.space_name(origin.key)} and "
                              f"{ctx.space_name(destination.key)}",
                              needs=("caribbean arrows",))
        return
    if action.roll is None:
        return
    mp = movement_points(ctx, action.fleet, action.roll)
    yield Check.computed("fleet movement", action.step, "WFA-NAV-04",
                         f"{ctx.space_name(origin.key)} to {ctx.space_name(destination.key)} "
                         f"along the arrows: {cost} MP of the fleet's {mp} (WfA 14.20)",
                         inputs={"fleet": action.fleet, "mp": mp}, result={"cost": cost})
    if cost > mp:
        yield Check.unchecked("WFA-NAV-04", action.step, f"{fleet_name(ctx, action.fleet)} "
                              f"went from {ctx.space_name(origin.key)} to "
                              f"{ctx.space_name(destination.key)}: {cost} MP along the arrows"
                              f" (1 a circle with, 2 against, WfA 14.20) but it had {mp}; "
                              "legal only by a cheaper way through the Caribbean OBZ",
                              needs=("the Caribbean OBZ's transit lines and their MP",),
                              spaces=(origin.key, destination.key))
        return
    yield Check.done("WFA-NAV-04")


def quebec_in_winter(action: FleetMoved | NavalTransport, ctx: Context) -> Iterator[Outcome]:
    """WFA-NAV-06 (WfA 14.19): "Naval movement to Quebec City is not allowed in winter, but
    fleets are allowed to leave" — a fleet or land units by sea (naval movement). British
    reinforcements landing there are judged as WFA-TRN-07 (8.11)."""
    if action.destination != QUEBEC:
        return
    what = (fleet_name(ctx, action.fleet) if isinstance(action, FleetMoved)
            else "land units by sea")
    in_winter = winter(ctx)
    if in_winter is None:
        yield Check.unchecked("WFA-NAV-06", action.step, f"{what} went to Quebec in a turn "
                              "whose season is unknown; no naval movement to Quebec in winter "
                              "(WfA 14.19)", needs=("turn calendar",), spaces=(QUEBEC,))
        return
    if in_winter:
        yield Check.illegal("WFA-NAV-06", action.step, f"{what} moved to Quebec in a Winter "
                            f"Turn ({turn_name(ctx)}); naval movement to Quebec City is not "
                            "allowed in winter (WfA 14.19)", spaces=(QUEBEC,),
                            expected="no naval movement to Quebec", observed="a move to Quebec")
    yield Check.done("WFA-NAV-06")


def _based(ctx: Context, fleet: str, side: str, place: SeaPlace) -> str | None:
    """Why a fleet on the map is not at a winter haven (None: it is, or may be)."""
    name = ctx.space_name(place.key)
    if not place.major_naval_base:
        return f"{fleet_name(ctx, fleet)} is at {name}"
    held = ctx.state.space(place.key)
    enemy = opponent(side)
    enemy_units = held.sp_of(enemy) + sum(n for nation, n in held.garrisons.items()
                                          if NATION_SIDE.get(nation) == enemy)
    own_units = held.sp_of(side) + sum(n for nation, n in held.garrisons.items()
                                       if NATION_SIDE.get(nation) == side)
    if enemy_units and not own_units:
        return f"{fleet_name(ctx, fleet)} is at {name}, held by {side_name(enemy)} units"
    return None


def winter_bases(action: CycleEnded, ctx: Context, *, deadline: bool) -> Iterator[Outcome]:
    """WFA-NAV-05 (WfA 14.17-14.18): "By the end of the 2nd Winter AP, fleets must be
    located at a Major Naval Base (only Halifax or Newport), if controlled, or the Europe
    Box"; "If a player is unable to comply, the fleet is placed in the Europe Box, returning
    next Spring". Reminded at the end of a Winter Turn's Action Cycle for every fleet still
    elsewhere on the map (a Major Naval Base held only by enemy units is not controlled)."""
    if winter(ctx) is not True:
        return
    for fleet, side, place in fleets_on_map(ctx):
        why = _based(ctx, fleet, side, place)
        if why is not None:
            yield Check.reminder("WFA-NAV-05", action.step, f"{why} after the Winter Turn's "
                                 "last AP; fleets must be at a controlled Halifax or Newport "
                                 "or in the Europe Box by the end of the 2nd Winter AP, else "
                                 "they are placed in the Europe Box (WfA 14.17-14.18)",
                                 spaces=(place.key,), pieces=(fleet,))
    if deadline:
        yield Check.done("WFA-NAV-05")


def first_winter_ap(action: PulseClosed, ctx: Context) -> Iterator[Outcome]:
    """WFA-NAV-05 by the other deadline (digest §8 A-6): WfA 18.1 says fleets must be based
    by the end of the 1st Winter AP, 14.17 by the end of the 2nd. The digest accepts the
    2nd (reminded as the cycle ends) and warns after the owner's 1st Winter AP."""
    pulse = action.pulse
    if winter(ctx) is not True or pulse.round != 1:
        return
    for fleet, side, place in fleets_on_map(ctx):
        if side != pulse.side:
            continue
        why = _based(ctx, fleet, side, place)
        if why is not None:
            yield Check.reminder("WFA-NAV-05", action.left_at, f"{why} after the "
                                 f"{side_name(side)} 1st Winter AP; the rule is ambiguous: "
                                 "WfA 18.1 wants fleets at a controlled Halifax or Newport or "
                                 "in the Europe Box by the end of the 1st Winter AP, 14.17 "
                                 "(followed, digest §8 A-6) by the end of the 2nd",
                                 spaces=(place.key,), pieces=(fleet,))


def late_summer_caribbean(action: CycleEnded, ctx: Context) -> Iterator[Outcome]:
    """WFA-NAV-07 (WfA 14.22, 19.30): "During Late Summer Turns (coloured yellow on the
    TRT), fleets must leave the Caribbean. If they fail, they are moved at no cost, to
    Halifax/Newport if controlled, or the Europe Box." Reminded for every fleet still on the
    Caribbean map as a Late Summer Turn's Action Cycle ends. (The "no attacks via Naval
    Transport" half is WFA-TRN-11.)"""
    if late_summer(ctx) is not True:
        return
    for fleet, _side, place in fleets_on_map(ctx):
        if place.caribbean:
            yield Check.reminder("WFA-NAV-07", action.step, f"{fleet_name(ctx, fleet)} is "
                                 f"still in the Caribbean ({ctx.space_name(place.key)}) at the"
                                 f" end of a Late Summer Turn ({turn_name(ctx)}); it is moved "
                                 "at no cost to Halifax/Newport if controlled, or the Europe "
                                 "Box (WfA 14.22)", spaces=(place.key,), pieces=(fleet,))
    yield Check.done("WFA-NAV-07")


def into_the_caribbean_in_late_summer(action: FleetMoved, ctx: Context,
                                      origin: SeaPlace | None,
                                      destination: SeaPlace | None) -> Iterator[Outcome]:
    """WFA-NAV-07 (WfA 19.30): "Fleets cannot remain in the Caribbean during the Late
    Summer Turns": a fleet sailing into the Caribbean in one is reminded that it must
    leave (it is not illegal: 14.22 moves a fleet that fails at no cost)."""
    if destination is None or not destination.caribbean or (
            origin is not None and origin.caribbean):
        return
    if late_summer(ctx) is True and ctx.placement.phase == ACTION_CYCLE:
        yield Check.reminder("WFA-NAV-07", action.step, f"{fleet_name(ctx, action.fleet)} "
                             f"sailed into the Caribbean ({ctx.space_name(destination.key)}) "
                             f"in a Late Summer Turn ({turn_name(ctx)}); fleets must leave "
                             "the Caribbean this turn (WfA 14.22, 19.30)",
                             spaces=(destination.key,), pieces=(action.fleet,))


def interception(action: FleetMoved, ctx: Context,
                 destination: SeaPlace | None) -> Iterator[Outcome]:
    """WFA-NAV-08 (WfA 14.23, 15.2): a fleet ending its move in an OBZ or a Caribbean arrow
    space with enemy naval units can be intercepted: "If either player desires combat, each
    player rolls a D6 and the higher result decides if combat occurs. A 'tie' die roll is a
    'no result'". The chances are shown (digest W-8: 15/36 each decides, 1/6 no result)."""
    if destination is None or not destination.at_sea or action.side is None:
        return
    enemy = fleets_at(ctx, destination.key, opponent(action.side))
    if not enemy:
        return
    roll_off = compare(Distribution.die(), Distribution.die())
    yield Check.computed("interception", action.step, "WFA-NAV-08",
                         f"{fleet_name(ctx, action.fleet)} ends its move in "
                         f"{ctx.space_name(destination.key)} with {', '.join(enemy)}: if "
                         "either player desires combat, both roll a D6 and the higher decides"
                         f" (each {roll_off.greater}), a tie is no result ({roll_off.equal}) "
                         "(WfA 14.23)",
                         inputs={"fleet": action.fleet, "enemy": ", ".join(enemy)},
                         result={"mover_decides": str(roll_off.greater),
                                 "other_decides": str(roll_off.less),
                                 "no_result": str(roll_off.equal)})
    yield Check.done("WFA-NAV-08")


def leaving_a_blockade(action: FleetMoved, ctx: Context,
                       origin: SeaPlace | None) -> Iterator[Outcome]:
    """WFA-NAV-09 (WfA 14.25, 14.27): a fleet on a port with an enemy fleet on it or in the
    OBZ covering it is blockaded; it "can attempt to move out ... but if either player
    desires combat, fleet combat must ensue in the port or the OBZ of said port" (shown as
    a computation; the blockade's ban on naval transport and landings is WFA-TRN-04)."""
    if origin is None or origin.kind != "space" or action.side is None:
        return
    found = blockade(ctx, origin.key, action.side)
    if found.blockaded:
        yield Check.computed("blockade", action.step, "WFA-NAV-09",
                             f"{fleet_name(ctx, action.fleet)} leaves a blockaded port: "
                             f"{found.why}; if either player desires combat, fleet combat "
                             "must ensue in the port or its OBZ (WfA 14.27)",
                             inputs={"fleet": action.fleet, "port": origin.key},
                             result={"blockaded": True})
    if found.blockaded is not None:
        yield Check.done("WFA-NAV-09")


def fleet_name(ctx: Context, fleet: str) -> str:
    """A fleet's name (its id when the data does not know it)."""
    record = ctx.data.fleets.get(fleet)
    return record.name if record is not None else fleet


__all__ = ["FAMILY", "arrow_cost", "fleet_name", "judge", "movement_points", "stacked_with"]
