"""Land movement paths (digest §4.3 MOV-03, MOV-04, MOV-05, MOV-15; §6.4).

WfA 12.0: "As units move, they pay the cost of the transit line between joined spaces as
detailed on the Terrain Effects Chart. If a unit does not have sufficient MP to reach its
designated space, a force is always allowed to move at least one space to which it can
legally move." Each leg is judged on the whole route so far (`Pulse.route`, the spaces the
force went through since it set out this AP): each leg cost at least the cheapest way
between its ends (the data's TEC costs; a line of unknown cost counted 0), and the sum,
shown with the path for every move (a `movement_points` computation), is compared with the
most MP the force can have had:

- Winter, begun in the Northern Regions: exactly 2 (WfA 18.1; Canada included, digest §8
  A-36), unless an *Extended March* card was played — exact, so MOV-05.
- Any other card the mover played in the AP may change his MP (9.9: "it could be like
  having an extra AP"; the card texts are not in the rulebook): `unchecked`.
- Otherwise (MOV-03) the most the dice can give: 4 for a force with or without a leader
  (12.1, 12.2: D6 − 2 ≤ 4; 12.6: 4), 8 for a leader who may have set out alone (D6 + 2),
  or, when the log shows the force's activation (in the same log step,
  `Context.step_actions`, or earlier in the AP, `Pulse.activation`), the MP it actually
  rolled (digest 6.4). One MP more only out of winter (18.1: "There is no river bonus";
  "Movement in the Deep South and Tidewater Regions is unaffected") and only as 12.1's
  note gives it: "If a land unit starts and ends its turn on a
  continuous water connection, it is awarded '1' extra MP which must be expended on the
  same water connection" (`rules.water`): a route one MP over the roll is illegal unless
  it starts and ends on one continuous water connection whose lines take that MP.

A leg between two coastal spaces may be a naval transport (a free action, 9.10, 14.7), so it
is never called illegal. An incomplete map or a space the map lacks gives `unchecked`.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from itertools import pairwise
from typing import Final

from adjudicator.systems.common.actions import Action
from adjudicator.systems.common.mapgraph import Connection, Constraints
from adjudicator.systems.common.outcomes import Check, Outcome
from adjudicator.systems.common.routes import (
    PricedLeg,
    how_priced,
    legs_of,
    route_data,
    route_text,
)
from adjudicator.systems.common.rulebook import RuleFamily
from adjudicator.systems.war_for_america.actions import (
    COLONIAL,
    Activation,
    ForceActivated,
    ForceMoved,
    NavalTransport,
    opponent,
)
from adjudicator.systems.war_for_america.data import Region
from adjudicator.systems.war_for_america.procedure import NORTHERN_REGIONS
from adjudicator.systems.war_for_america.rules.activation import rolled_mp
from adjudicator.systems.war_for_america.rules.context import Context, side_name
from adjudicator.systems.war_for_america.rules.forces import read_force, region_of
from adjudicator.systems.war_for_america.rules.naval import naval_transport_cards
from adjudicator.systems.war_for_america.rules.water import (
    WaterLines,
    bonus_fits,
    on_one_connection,
    route_lines,
)

EXTENDED_MARCH: Final = "extended march"
"""The card that lifts the winter 2-MP limit (WfA 18.1)."""
DIE_FACES: Final = 6
MOST_ROLLED: Final = 4
"""The most MP a force with SP can roll: 4 with a leader (12.6), D6 − 2 = 4 without (12.2)."""

FAMILY = RuleFamily(
    "movement",
    frozenset({"WFA-MOV-03", "WFA-MOV-04", "WFA-MOV-05", "WFA-MOV-15"}),
    actions=(ForceMoved,),
)


@dataclass(frozen=True, slots=True)
class Leg:
    """One leg seen against the AP: where the force set out, and whether the leg is the
    whole route so far (the one-space rule)."""

    start: str
    first: bool


def judge(action: Action, ctx: Context) -> Iterator[Outcome]:
    """The path checks of one leg of a force's move."""
    if not isinstance(action, ForceMoved):
        return
    leg = _leg(action, ctx)
    yield from water_bonus(action, ctx)
    yield from path_cost(action, leg, ctx)
    yield from lake_navy(action, leg, ctx)


def _leg(action: ForceMoved, ctx: Context) -> Leg:
    """Where the force set out this AP. After a Leader Muster Action the SP pulled in came
    "at no cost" (WfA 9.4, 12.9): a force moving on from there (a card's extra AP, 9.9)
    sets out where it stands, not from a space SP were pulled from."""
    pulse = ctx.pulse
    if pulse is not None and pulse.main is Activation.MUSTER:
        return Leg(action.origin, True)
    if (pulse is not None and pulse.side == action.side and pulse.origin is not None
            and pulse.force_space == action.origin):
        return Leg(pulse.origin, pulse.origin == action.origin and not pulse.moved)
    return Leg(action.origin, True)


def line_cost(ctx: Context, line: Connection) -> int:
    """A land line's TEC cost (WfA 12.0), 0 when the data does not give it (a lower
    bound)."""
    terrain = ctx.data.terrain.get(line.kind)
    return terrain.mp if terrain is not None and terrain.mp is not None else 0


def least_cost(ctx: Context, start: str, end: str) -> int | None:
    """The fewest MP from `start` to `end` over the land map (unknown costs 0); None when
    either space is not on the map or no route is known."""
    graph = ctx.map
    if start not in graph or end not in graph:
        return None
    path = graph.cheapest(start, end, Constraints(cost=lambda line: line_cost(ctx, line)))
    return None if path is None else path.cost


def priced_route(ctx: Context, route: tuple[str, ...]) -> tuple[PricedLeg, ...]:
    """The route priced line by line: from each place the log shows the force on to the
    next, by the cheapest way over the land map (each line at its TEC cost, unknown 0);
    a stretch no land route joins is one leg of unknown cost."""
    cost = Constraints(cost=lambda line: line_cost(ctx, line))
    legs: list[PricedLeg] = []
    for start, end in pairwise(route):
        path = ctx.map.cheapest(start, end, cost) if start in ctx.map and end in ctx.map \
            else None
        legs += legs_of(ctx.map, path, cost) if path is not None and path.hops else (
            [PricedLeg(start, end, None, shown=True)] if path is None else [])
    return tuple(legs)


def path_cost(action: ForceMoved, leg: Leg, ctx: Context) -> Iterator[Outcome]:
    """MOV-03 and MOV-05: the route so far against the most MP the force can have."""
    winter = ctx.placement.winter
    region = region_of(ctx.data, leg.start)
    north_winter = bool(winter) and region is not None and region in NORTHERN_REGIONS
    rule = "WFA-MOV-05" if north_winter else "WFA-MOV-03"
    spaces = (leg.start, action.destination)
    if not ctx.map.complete or leg.start not in ctx.map or action.destination not in ctx.map:
        yield Check.unchecked(rule, action.step, f"the cost of the move from "
                              f"{ctx.space_name(leg.start)} to "
                              f"{ctx.space_name(action.destination)} needs the complete map "
                              "and its TEC costs (WfA 12.0)",
                              needs=("map connections", "terrain costs"), spaces=spaces)
        return
    route = _route(action, leg, ctx)
    costs = [least_cost(ctx, a, b) for a, b in pairwise(route)]
    if leg.first and ctx.map.adjacent(leg.start, action.destination):
        yield _shown(action, rule, route, costs, None, "a force may always move one space "
                     "(WfA 12.0)", ctx)
        yield Check.done(rule)
        return
    if _may_be_naval(ctx, action) and action.side == COLONIAL:
        if colonial_by_sea(action, ctx) is not None:
            return  # a sea move: the transport rules judge it (WfA 14.16)
    elif _may_be_naval(ctx, action):
        yield Check.unchecked(rule, action.step, f"{ctx.space_name(action.origin)} and "
                              f"{ctx.space_name(action.destination)} are both coastal: the "
                              "leg may be a naval transport (WfA 14.7), not judged by land",
                              spaces=spaces)
        return
    cost = None if None in costs else sum(c for c in costs if c is not None)
    card = _extended_march(action, ctx)
    if card is True and north_winter:
        return
    if card is not False:
        yield Check.unchecked(rule, action.step, "an Action Card was played in this AP; its "
                              "text (not in the rulebook) may change the force's MP (WfA 9.9"
                              + (", 18.1: Extended March lifts the winter limit)"
                                 if north_winter else ")"), spaces=spaces,
                              needs=("card texts",))
        return
    if north_winter:
        most = ctx.data.tables.t10.winter_north
        why = f"it began a Winter AP in the Northern Regions: {most} MP (WfA 18.1)"
        if region is Region.CANADA:
            why += (" — Canada counted as Northern by the digest's reading (§8 A-36); read as "
                    "3.1's 'Northern Colonies' it would move normally")
    else:
        if winter is None:
            yield Check.unchecked(rule, action.step, "the most MP of the move depends on the "
                                  "season (WfA 18.1), which is not known", spaces=spaces)
            return
        most, why = _most_mp(action, leg, ctx)
    water: bool | None = False
    bonus_allowed = not north_winter and river_bonus(ctx, leg.start)
    if cost is not None and bonus_allowed and cost > most:
        water = _water_bonus_fits(route, most, ctx)
        if water is not False or (cost > most + ctx.data.tables.t10.water_bonus and
                                  on_one_connection(leg.start, action.destination,
                                                    WaterLines.of(ctx.data))):
            bonus = ctx.data.tables.t10.water_bonus
            why += (f", {bonus} more spent on the continuous water connection it starts and"
                    " ends on (WfA 12.1)" if water else f", {bonus} more if its route is "
                    "on a continuous water connection, which the data does not say (WfA 12.1)")
            most += bonus
    yield _shown(action, rule, route, costs, most, why, ctx)
    if cost is None:
        yield Check.illegal(rule, action.step, f"the force reached "
                            f"{ctx.space_name(action.destination)} from "
                            f"{ctx.space_name(leg.start)}, which no land route joins "
                            "(WfA 12.0)", spaces=spaces)
    elif water is None and cost <= most:
        priced = priced_route(ctx, route)
        yield Check.unchecked(rule, action.step, f"the route "
                              f"{route_text(priced, ctx.space_name)} "
                              f"({how_priced(priced)}) costs {cost} MP, one "
                              "more than the roll: legal only on a continuous water "
                              "connection (WfA 12.1), and the data does not say whether its "
                              "lines are water", needs=("water connections",), spaces=spaces)
        return
    elif cost > most:
        priced = priced_route(ctx, route)
        yield Check.illegal(rule, action.step, f"the {side_name(action.side)} force went "
                            f"{route_text(priced, ctx.space_name)}, {how_priced(priced)}: "
                            f"at least {cost} MP by "
                            f"the Terrain Effects Chart, but {why}; only a single step may "
                            "exceed the MP (WfA 12.0)"
                            + ("; the extra MP of WfA 12.1 is awarded only to a unit that "
                               "starts and ends on a continuous water connection, and must "
                               "be expended on it" if bonus_allowed else ""),
                            spaces=spaces, expected=f"at most {most} MP",
                            observed=f"{cost} MP")
    yield Check.done(rule)


UNAFFECTED_IN_WINTER: Final = frozenset({Region.DEEP_SOUTH, Region.TIDEWATER})
"""18.1: "Movement in the Deep South and Tidewater Regions is unaffected"."""


def river_bonus(ctx: Context, start: str) -> bool:
    """Whether a move set out from `start` may have the water connection MP (WfA 12.1):
    always out of Winter; in Winter (18.1: "There is no river bonus") only in the Deep
    South and Tidewater, whose "Movement ... is unaffected" — and, the Region unknown,
    not refused (a false illegal is worse than none)."""
    if not ctx.placement.winter:
        return True
    region = region_of(ctx.data, start)
    return region is None or region in UNAFFECTED_IN_WINTER


def _water_bonus_fits(route: tuple[str, ...], rolled: int, ctx: Context) -> bool | None:
    """Whether the route fits `rolled` MP plus the water connection MP (WfA 12.1: "If a
    land unit starts and ends its turn on a continuous water connection, it is awarded '1'
    extra MP which must be expended on the same water connection"), `water.bonus_fits`."""
    found = route_lines(ctx.map, route, Constraints(cost=lambda line: line_cost(ctx, line)))
    if found is None:
        return False
    spaces, costs = found
    return bonus_fits(spaces, costs, WaterLines.of(ctx.data), rolled=rolled,
                      bonus=ctx.data.tables.t10.water_bonus)


def _route(action: ForceMoved, leg: Leg, ctx: Context) -> tuple[str, ...]:
    """The force's route this AP, leg by leg, from where it set out to this leg's end
    (`Pulse.route`; just this leg when the pulse does not show the force's earlier legs)."""
    pulse = ctx.pulse
    if (pulse is not None and pulse.route and pulse.route[0] == leg.start
            and pulse.route[-1] == action.origin):
        return (*pulse.route, action.destination)
    if leg.start == action.origin:
        return (action.origin, action.destination)
    return (leg.start, action.origin, action.destination)


def _shown(action: ForceMoved, rule: str, route: tuple[str, ...],
           costs: list[int | None], most: int | None, why: str, ctx: Context) -> Outcome:
    """The move's path, its Terrain Effects Chart costs and the force's allowance (digest
    6.4): each leg at the least it can have cost (a line of unknown terrain counted 0)."""
    shown = [str(c) if c is not None else "no land route" for c in costs]
    total = None if None in costs else sum(c for c in costs if c is not None)
    priced = priced_route(ctx, route)
    path = f"{route_text(priced, ctx.space_name)}, {how_priced(priced)}" if priced else \
        " → ".join(ctx.space_name(space) for space in route)
    summary = (f"{path}: {' + '.join(shown)}" + (f" = {total}" if len(costs) > 1 and total
                                                  is not None else "")
               + " MP by the Terrain Effects Chart (WfA 12.0)"
               + (f"; at most {most} MP: {why}" if most is not None else f"; {why}"))
    return Check.computed("movement_points", action.step, rule, summary,
                          inputs={"waypoints": " ".join(route),
                                  "costs": " ".join(shown),
                                  **route_data(priced, ctx.space_name)},
                          result={"cost": total, "allowance": most})


def _most_mp(action: ForceMoved, leg: Leg, ctx: Context) -> tuple[int, str]:
    """The MP the force has: those its activation rolled when the activation is in the
    same log step (`Context.step_actions`) or earlier in the AP, else the most the dice can
    give (T-10). The water connection MP (12.1) is `_water_bonus_fits`'s."""
    t10 = ctx.data.tables.t10
    force = read_force(action.units, ctx.state, stated_sp=action.sp)
    moved = ctx.pulse.moved if ctx.pulse is not None else frozenset()
    ever_led = bool(force.leaders) or any(u.startswith("leader:") for u in moved)
    rolled = _rolled(action, leg, ctx)
    if rolled is not None:
        return rolled, f"its activation gave it {rolled} MP (WfA 12.1-12.7)"
    if ever_led and not (leg.first and force.sp > 0):
        most = DIE_FACES + t10.leader_alone_die_modifier
        return most, f"a leader may have set out alone: at most D6 + 2 = {most} MP (WfA 12.1)"
    return MOST_ROLLED, "a force with SP rolls at most 4 MP (WfA 12.2, 12.6)"


def _rolled(action: ForceMoved, leg: Leg, ctx: Context) -> int | None:
    """The MP rolled by this force's activation: in the same step, or the AP's own
    activation from the space the force set out from (a move dragged over several
    steps spends one allowance)."""
    pulse = ctx.pulse
    found = [other for other in ctx.step_actions if isinstance(other, ForceActivated)]
    if pulse is not None and pulse.activation is not None:
        found.append(pulse.activation)
    for other in found:
        if (other.kind is Activation.MOVE and other.side == action.side
                and other.space == leg.start):
            return rolled_mp(other, ctx)
    return None


def colonial_by_sea(action: ForceMoved, ctx: Context) -> NavalTransport | None:
    """A Colonial force's leg between two coastal spaces no land line joins, read as the
    sea move it is (WfA 14.16: "The Colonials can move land SP by sea once only through the
    play of the Action Card Naval Transport"): when that card was played in the AP, or when
    no land route any roll could pay for (12.0-12.7, 12.1's water MP, 18.1) reaches the
    leg's end. None: a land move (judged by its path), or not a Colonial SP leg between
    coastal spaces, or another card was played (its text may change the MP, 9.9)."""
    if action.side != COLONIAL or not action.sp or not ctx.map.complete \
            or not _may_be_naval(ctx, action):
        return None
    pulse = ctx.pulse
    cards = set(pulse.cards_of(COLONIAL)) if pulse is not None else set()
    if not cards & naval_transport_cards(ctx) and (
            cards or _land_reach(action, ctx) is not False):
        return None
    rolls = [other.rolls[-1] for other in ctx.step_actions
             if isinstance(other, ForceActivated) and other.rolls
             and other.side == action.side and other.space == action.origin]
    return NavalTransport(step=action.step, side=action.side, origin=action.origin,
                          destination=action.destination, units=action.units, sp=action.sp,
                          roll=rolls[-1] if rolls else None)


def _land_reach(action: ForceMoved, ctx: Context) -> bool | None:
    """Whether the force's land route so far fits the most MP any roll can give a force
    with SP (4: 12.2, 12.6; 2 in a Northern winter, 18.1; the water MP of 12.1): a route
    that fits it but not the MP rolled is a land move beyond its MP (WFA-MOV-03), not a sea
    move. None: not known (the season)."""
    leg = _leg(action, ctx)
    route = _route(action, leg, ctx)
    costs = [least_cost(ctx, a, b) for a, b in pairwise(route)]
    winter = ctx.placement.winter
    if winter is None:
        return None
    if None in costs:
        return False
    cost = sum(c for c in costs if c is not None)
    region = region_of(ctx.data, leg.start)
    if winter and region is not None and region in NORTHERN_REGIONS:
        return cost <= ctx.data.tables.t10.winter_north
    if cost <= MOST_ROLLED:
        return True
    return _water_bonus_fits(route, MOST_ROLLED, ctx) if river_bonus(ctx, leg.start) \
        else False


def _may_be_naval(ctx: Context, action: ForceMoved) -> bool:
    ends = [ctx.data.spaces.get(action.origin), ctx.data.spaces.get(action.destination)]
    return all(end is not None and end.coastal is not False for end in ends) and not \
        ctx.map.adjacent(action.origin, action.destination)


def _extended_march(action: ForceMoved, ctx: Context) -> bool | None:
    """The mover's cards in this AP: True when one is Extended March (WfA 18.1), None
    when another was played (its text, not in the rulebook, may change the MP: 9.9),
    False when none was."""
    pulse = ctx.pulse
    if pulse is None or action.side is None:
        return False
    cards = pulse.cards_of(action.side)
    for card in cards:
        name = ctx.cards.card_name(card).casefold()
        record = ctx.data.cards.get(card)
        title = (record.title or "").casefold() if record is not None else ""
        if EXTENDED_MARCH in name or EXTENDED_MARCH in title:
            return True
    return None if cards else False


def water_bonus(action: ForceMoved, ctx: Context) -> Iterator[Outcome]:
    """MOV-04 (WfA 12.1*): "If a land unit starts and ends its turn on a continuous water
    connection, it is awarded '1' extra MP which must be expended on the same water
    connection"; 18.1: "There is no river bonus" in winter, but "Movement in the Deep
    South and Tidewater Regions is unaffected"."""
    if not action.water:
        return
    winter = ctx.placement.winter
    if winter is None:
        yield Check.unchecked("WFA-MOV-04", action.step, "whether the water bonus applies "
                              "depends on the season (WfA 18.1), which is not known",
                              spaces=(action.origin, action.destination))
        return
    allowed = river_bonus(ctx, _leg(action, ctx).start)
    bonus = ctx.data.tables.t10.water_bonus if allowed else 0
    yield Check.computed("movement_points", action.step, "WFA-MOV-04",
                         f"{ctx.space_name(action.origin)}–"
                         f"{ctx.space_name(action.destination)} is a continuous water "
                         "connection: " + ("no water bonus in winter outside the Deep South "
                                           "and Tidewater (WfA 18.1)" if not allowed
                                           else f"+{bonus} MP, to be spent on it, if the "
                                           "force starts and ends its move on it (WfA 12.1)"),
                         inputs={"origin": action.origin, "destination": action.destination,
                                 "winter": winter}, result={"bonus_mp": bonus})
    yield Check.done("WFA-MOV-04")


def lake_navy(action: ForceMoved, leg: Leg, ctx: Context) -> Iterator[Outcome]:
    """MOV-15 (WfA 19.5): "Land units cannot move past, nor trace an LOC through a space in
    which an enemy Lake Navy is located." A force that entered such a space this AP may
    stop there (19.7: the navy then retreats) but not move on."""
    if action.side is None or leg.first or action.origin == leg.start:
        return
    here = ctx.state.space(action.origin)
    if opponent(action.side) in here.lake_navies:
        yield Check.illegal("WFA-MOV-15", action.step, f"the {side_name(action.side)} force "
                            f"moved on past {ctx.space_name(action.origin)}, where the enemy "
                            "Lake Navy is; land units cannot move past a space with an enemy "
                            "Lake Navy (WfA 19.5)",
                            spaces=(action.origin, action.destination),
                            expected=f"the move ends at {ctx.space_name(action.origin)}",
                            observed=f"it went on to {ctx.space_name(action.destination)}")
    yield Check.done("WFA-MOV-15")


__all__ = ["EXTENDED_MARCH", "FAMILY", "Leg", "colonial_by_sea", "judge", "lake_navy",
           "least_cost", "line_cost", "path_cost", "water_bonus"]
