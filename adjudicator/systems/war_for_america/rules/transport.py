"""Naval transport and reinforcements (digest §4.8 TRN; WfA 8.3-8.11, 14.7-14.16, 14.22,
14.24-14.26, 19.30, 6.7, 3.1).

Land SP by sea are a `NavalTransport`: British Naval Transport (14.7-14.12: free, no fleet,
from a coastal/port space, a Major Naval Base or the Europe Box; 1 MP to embark except in
the Europe Box; a yearly cap, reinforcements excluded), British reinforcements leaving the
Europe Box (8.5-8.11), French, Spanish and Dutch land units carried by their fleets (14.13,
19.30) and the Colonials' one sea move by the *Naval Transport* card (14.16). The position
read is the one after the step: the units already stand where they landed. A land force's
leg to or from a sea area (`ForceMoved`, as the interpreter reads a stack dragged onto an
OBZ) is judged as the naval transport it is.

Not judged here: WFA-TRN-08 (14.24: land units intercepted at sea are bumped to the Europe
Box): the log shows no interception roll-off paired with the transport it stops (see
WFA-NAV-08's computation for the chances).
"""

from __future__ import annotations

from collections.abc import Iterator

from adjudicator.systems.common.actions import Action
from adjudicator.systems.common.outcomes import Check, Outcome
from adjudicator.systems.common.places import Place, PlaceKind
from adjudicator.systems.common.rulebook import RuleFamily
from adjudicator.systems.war_for_america.actions import (
    BRITISH,
    COLONIAL,
    LEADER_POOL,
    ForceMoved,
    LeaderPlaced,
    NavalTransport,
    RaiseKind,
    TransportTrackMoved,
    UnitsRaised,
    opponent,
)
from adjudicator.systems.war_for_america.data.vocabulary import ConnectionKind
from adjudicator.systems.war_for_america.procedure import REINFORCEMENT
from adjudicator.systems.war_for_america.rules.context import Context, side_name
from adjudicator.systems.war_for_america.rules.movement import colonial_by_sea
from adjudicator.systems.war_for_america.rules.naval import (
    EUROPE_BOX,
    QUEBEC,
    SeaPlace,
    blockade,
    by_sea,
    fleet_nation,
    fleets_at,
    late_summer,
    naval_transport_cards,
    sea_place,
    turn_name,
    winter,
)
from adjudicator.systems.war_for_america.state import FLEET_CARRIED, NATION_SIDE

FAMILY = RuleFamily(
    "transport",
    frozenset({"WFA-TRN-01", "WFA-TRN-02", "WFA-TRN-03", "WFA-TRN-04", "WFA-TRN-05",
               "WFA-TRN-06", "WFA-TRN-07", "WFA-TRN-09", "WFA-TRN-10", "WFA-TRN-11",
               "WFA-TRN-12"}),
    positional=frozenset({"WFA-TRN-01", "WFA-TRN-02", "WFA-TRN-04", "WFA-TRN-05",
                          "WFA-TRN-07", "WFA-TRN-09", "WFA-TRN-11", "WFA-TRN-12"}),
    actions=(NavalTransport, ForceMoved, UnitsRaised, LeaderPlaced, TransportTrackMoved),
)
BRITISH_NATIONS = frozenset({"british", "german", "loyalist"})
"""'British/German/Loyalist SP can move by sea' (WfA 14.7)."""
CARD_CARRIED = frozenset({"continental", "militia"})
"""Colonial land SP: by sea only through the *Naval Transport* card (WfA 14.16)."""
EMBARK_MP = 1
"""'It costs '1' MP to embark units, (except in the Europe Box)' (WfA 14.8)."""
EMBARKED = "marker:embarked"
"""The Embarked marker: the embarking MP already paid after a roll of 1 (WfA 14.8)."""


def judge(action: Action, ctx: Context) -> Iterator[Outcome]:
    """Every naval transport and reinforcement check that concerns the action."""
    if isinstance(action, ForceMoved):
        transport = by_sea(action, ctx) or colonial_by_sea(action, ctx)
        if transport is not None:
            yield from judge(transport, ctx)
    elif isinstance(action, NavalTransport):
        nations = unit_nations(action.units)
        origin = sea_place(ctx, action.origin)
        destination = sea_place(ctx, action.destination)
        side = action.side or _side_of(nations)
        if side is None:
            return
        if nations & FLEET_CARRIED:
            yield from with_their_fleets(action, ctx, nations)
        elif side == COLONIAL:
            yield from colonial_card(action, ctx)
        if side == BRITISH or nations & CARD_CARRIED:
            yield from starting_space(action, ctx, origin, side)
            if side == BRITISH:
                yield from embarking(action, ctx, origin)
            yield from yearly_cap(action, ctx, side)
            yield from enemy_fleets_and_blockade(action, ctx, origin, destination, side)
        if action.reinforcement:
            yield from from_the_europe_box(action, ctx, destination)
            yield from ocean_transit(action, ctx, destination)
            yield from quebec_and_halifax(action, ctx, destination)
        yield from late_summer_attack(action, ctx, destination, side)
    elif isinstance(action, (UnitsRaised, LeaderPlaced)):
        yield from occupied_reinforcement_space(action, ctx)
    elif isinstance(action, TransportTrackMoved):
        yield from track_past_the_cap(action, ctx)


def unit_nations(units: tuple[str, ...]) -> frozenset[str]:
    """The nations of the SP moved (`sp:french:3` or `sp:french` → `french`)."""
    found = set()
    for unit in units:
        kind, _, rest = unit.partition(":")
        if kind == "sp":
            found.add(rest.partition(":")[0])
    return frozenset(found)


def _side_of(nations: frozenset[str]) -> str | None:
    sides = {NATION_SIDE.get(nation) for nation in nations} - {None}
    return sides.pop() if len(sides) == 1 else None


def _enemy_units(ctx: Context, key: str, side: str) -> int:
    """Enemy SP and garrison counters on a space now."""
    held = ctx.state.space(key)
    enemy = opponent(side)
    return held.sp_of(enemy) + sum(n for nation, n in held.garrisons.items()
                                   if NATION_SIDE.get(nation) == enemy)


def _friendly_before(ctx: Context, key: str, side: str, action: NavalTransport) -> int:
    """`side`'s SP and garrison counters on a space besides those `action` brought there
    (the position is judged after the step): a contested space when enemy units are there
    too (WfA 2.0)."""
    held = ctx.state.space(key)
    return max(0, held.sp_of(side) - (action.sp or 0)) + sum(
        n for nation, n in held.garrisons.items() if NATION_SIDE.get(nation) == side)


def starting_space(action: NavalTransport, ctx: Context, origin: SeaPlace | None,
                   side: str) -> Iterator[Outcome]:
    """WFA-TRN-01 (WfA 14.7, 14.14): British/German/Loyalist SP "must begin their turn on
    a coastal/port space, Major Naval Base or the Europe Box"; "In order to move by sea,
    land units must begin their AP on a coastal/port space." Units already at sea (an OBZ,
    14.9) continue their move."""
    if origin is None or origin.kind != "space":
        if origin is not None and origin.kind != "unknown":
            yield Check.done("WFA-TRN-01")
        return
    name = ctx.space_name(origin.key)
    if origin.coastal is None:
        yield Check.unchecked("WFA-TRN-01", action.step, f"whether {name} is a coastal/port "
                              "space is not in the data", needs=("coastal spaces",),
                              spaces=(origin.key,))
        return
    if not origin.coastal:
        yield Check.illegal("WFA-TRN-01", action.step, f"{side_name(side)} land units went "
                            f"to sea from {name}, an inland space; they must begin on a "
                            "coastal/port space, a Major Naval Base or the Europe Box (WfA "
                            "14.7, 14.14)", spaces=(origin.key,), pieces=action.units,
                            expected="a coastal/port space", observed=name)
    yield Check.done("WFA-TRN-01")


def _embarked_at(ctx: Context, place: SeaPlace | None) -> bool:
    """Whether an Embarked marker is at `place` after the step: still on the units'
    starting space, or gone along with them to where they sailed (the log moves the
    marker with the SP it marks, WfA 14.8)."""
    if place is None:
        return False
    if place.kind == "space":
        holding = ctx.state.space(place.key)
    elif place.at_sea:
        holding = ctx.state.at(Place(PlaceKind.ZONE, place.key))
    else:
        return False
    return holding.markers.get(EMBARKED, 0) > 0


def embarking(action: NavalTransport, ctx: Context,
              origin: SeaPlace | None) -> Iterator[Outcome]:
    """WFA-TRN-02 (WfA 14.8): "It costs '1' MP to embark units, (except in the Europe Box),
    but no cost to disembark ... If a player rolls a '1' when attempting to embark, an
    Embarked Marker is placed on those SP as a reminder that the 1 MP has already been
    paid." So a roll of 1 on a space without an Embarked marker leaves no MP to sail:
    the units may not leave the space. The marker is looked for after the step on the
    starting space and where the units went (`_embarked_at`: moved with them, it has left
    the starting space). The MP left for the voyage are shown. British Naval
    Transport only: the Colonial card's restrictions are printed on the card (14.16)."""
    if origin is None or action.roll is None:
        return
    paid = origin.kind != "space" or _embarked_at(ctx, origin) \
        or _embarked_at(ctx, sea_place(ctx, action.destination))
    cost = 0 if paid else EMBARK_MP
    left = action.roll - cost
    where = ctx.space_name(origin.key)
    yield Check.computed("naval transport", action.step, "WFA-TRN-02",
                         f"D6 {action.roll}"
                         + (f" - {cost} to embark at {where}" if cost else " (no embarking "
                            "cost)") + f": {left} MP at sea (WfA 14.8)",
                         inputs={"d6": action.roll, "embark": cost}, result={"mp": left})
    if left <= 0 and action.destination != action.origin:
        yield Check.illegal("WFA-TRN-02", action.step, f"land units rolled a {action.roll} "
                            f"to embark at {where} and still sailed to "
                            f"{ctx.space_name(action.destination or '?')}; the roll pays only "
                            "the 1 MP to embark and an Embarked marker is placed (WfA 14.8)",
                            spaces=(origin.key,), pieces=action.units,
                            expected="an Embarked marker, no voyage", observed="a voyage")
    yield Check.done("WFA-TRN-02")


def yearly_cap(action: NavalTransport, ctx: Context, side: str) -> Iterator[Outcome]:
    """WFA-TRN-03 (WfA 14.10): "The British Transport Capacity Chart indicates the maximum
    number of SP allowed for movement for the entire year. Reinforcements do not count";
    "The British Transport Track printed on the map is used to keep track" (digest X-3:
    1776, cap 10; the 11th SP is illegal). Read off the Transport Track marker: beyond the
    cap is illegal; a move that would pass the cap unless the marker already counts it is
    `unchecked` (the log may move the marker before or after the units)."""
    if side != BRITISH or action.reinforcement:
        return
    year = ctx.procedure.year
    cap = ctx.data.charts.transport.get(year) if year is not None else None
    if cap is None:
        yield Check.unchecked("WFA-TRN-03", action.step, f"the British Transport Capacity "
                              f"for {year if year is not None else 'an unknown year'} is not "
                              "in the data (WfA 14.10)", needs=("transport capacity",))
        return
    used = ctx.state.track_value("transport")
    if used is None:
        yield Check.unchecked("WFA-TRN-03", action.step, f"the British Transport Track "
                              f"marker is not on its track, so the SP carried in {year} "
                              f"(cap {cap}, WfA 14.10) cannot be counted",
                              needs=("the British Transport Track marker in the log",))
        return
    pulse = ctx.pulse
    if used > cap and pulse is not None and pulse.transport_marker:
        yield Check.done("WFA-TRN-03")  # the marker's move past the cap was judged
        return
    if used > cap:
        yield Check.illegal("WFA-TRN-03", action.step, f"the British Transport Track stands "
                            f"at {used} SP in {year}, above the year's capacity of {cap} "
                            "(WfA 14.10)", expected=f"at most {cap} SP",
                            observed=f"{used} SP", pieces=action.units)
    elif action.sp is not None and used + action.sp > cap:
        yield Check.unchecked("WFA-TRN-03", action.step, f"{action.sp} SP by sea with the "
                              f"British Transport Track at {used} of {cap} for {year}: beyond "
                              "the cap unless the track already counts them (WfA 14.10)",
                              needs=("the track marker moved after the units",))
        return
    yield Check.done("WFA-TRN-03")


def track_past_the_cap(action: TransportTrackMoved, ctx: Context) -> Iterator[Outcome]:
    """WFA-TRN-03 (WfA 14.10), at the marker: "The British Transport Capacity Chart
    indicates the maximum number of SP allowed for movement for the entire year"; "The
    British Transport Track printed on the map is used to keep track of transport
    expenditure". The marker moved up past the year's capacity records SP carried beyond
    it: illegal at that step (a move down, e.g. the new year's reset, is not judged)."""
    after = action.after
    if after is None or (action.before is not None and after <= action.before):
        return
    year = ctx.procedure.year
    cap = ctx.data.charts.transport.get(year) if year is not None else None
    if cap is None:
        yield Check.unchecked("WFA-TRN-03", action.step, f"the British Transport Track marker "
                              f"moved to {after}; the capacity for "
                              f"{year if year is not None else 'an unknown year'} is not in "
                              "the data (WfA 14.10)", needs=("transport capacity",))
        return
    if after > cap:
        yield Check.illegal("WFA-TRN-03", action.step, f"the British Transport Track marker "
                            f"moved to {after} SP in {year}, past the year's capacity of "
                            f"{cap}; the chart 'indicates the maximum number of SP allowed "
                            "for movement for the entire year' (WfA 14.10)",
                            expected=f"at most {cap} SP", observed=f"{after} SP")
    yield Check.done("WFA-TRN-03")


def enemy_fleets_and_blockade(action: NavalTransport, ctx: Context, origin: SeaPlace | None,
                              destination: SeaPlace | None, side: str) -> Iterator[Outcome]:
    """WFA-TRN-04 (WfA 14.11, 14.26, 8.9; the blockade of 14.25): "Naval Transport cannot
    be used to or from a space or OBZ that contain an enemy fleet"; "Land units cannot
    utilize Naval Transport to or from a blockaded coastal/port space"; "No reinforcements
    can land at a coastal/port space which is under enemy blockade". A Caribbean space is
    never blockaded (14.28). In the Caribbean, land units landing with their own fleet
    where an enemy fleet lies make an amphibious attack whose naval combat comes first
    (19.31: "Fleets carrying land units for amphibious attack, who encounter an enemy fleet
    on the same space, must engage in naval combat before"): that is WFA-FLT-06's."""
    judged = True
    for end, place in (("from", origin), ("to", destination)):
        if place is None or not place.on_map:
            continue
        name = ctx.space_name(place.key)
        enemy = fleets_at(ctx, place.key, opponent(side))
        if enemy and end == "to" and place.caribbean and fleets_at(ctx, place.key, side):
            continue
        if enemy:
            yield Check.illegal("WFA-TRN-04", action.step, f"naval transport {end} {name}, "
                                f"where the enemy fleet {', '.join(enemy)} is; naval transport "
                                "cannot be used to or from a space or OBZ that contains an "
                                "enemy fleet (WfA 14.11)", spaces=(place.key,),
                                pieces=(*action.units, *enemy),
                                expected="no enemy fleet", observed=", ".join(enemy))
            continue
        if place.kind != "space":
            continue
        found = blockade(ctx, place.key, side)
        if found.blockaded is None:
            judged = False
            yield Check.unchecked("WFA-TRN-04", action.step, f"whether {name} is blockaded "
                                  f"cannot be told: {found.why}", needs=("sea areas",),
                                  spaces=(place.key,))
        elif found.blockaded:
            rule = ("no reinforcements can land at a coastal/port space under enemy blockade"
                    " (WfA 8.9)" if action.reinforcement and end == "to" else
                    "land units cannot use naval transport to or from a blockaded "
                    "coastal/port space (WfA 14.26)")
            yield Check.illegal("WFA-TRN-04", action.step, f"naval transport {end} {name}: "
                                f"{found.why}; {rule}", spaces=(place.key,),
                                pieces=action.units, expected="an unblockaded port",
                                observed="a blockaded port")
    if judged:
        yield Check.done("WFA-TRN-04")


def from_the_europe_box(action: NavalTransport, ctx: Context,
                        destination: SeaPlace | None) -> Iterator[Outcome]:
    """WFA-TRN-05 (WfA 14.7, 8.5-8.6): units coming from the Europe Box "cannot land at an
    enemy space" — "They cannot perform an amphibious attack from the Europe Box"; "If not
    specified directly, British reinforcements land at any friendly coastal space" (or
    "remain at sea", 8.5). A landing on an inland space is legal only where the
    Reinforcement Chart names it.

    Not an enemy space: a contested one (14.7: British SP "can land at any space whether
    friendly, contested or enemy ... but if coming from the Europe Box cannot land at an
    enemy space"; 2.0: "Contested Space - Containing both sides' units"), where friendly SP
    or a garrison stood before the landing; and Quebec outside winter (8.11: "Except in
    winter, British reinforcements can still land at Quebec, even if it is under Colonial
    control"; the winter landing is WFA-TRN-07's too)."""
    if action.origin != EUROPE_BOX or destination is None or destination.kind != "space":
        return
    name = ctx.space_name(destination.key)
    side = action.side or BRITISH
    quebec = destination.key == QUEBEC and side == BRITISH
    if _enemy_units(ctx, destination.key, side) and quebec and winter(ctx) is None:
        yield Check.unchecked("WFA-TRN-05", action.step, "units from the Europe Box landed at "
                              "Quebec, held by Colonial units, in a turn whose season is "
                              "unknown; they may land there except in winter (WfA 8.11)",
                              needs=("turn calendar",), spaces=(destination.key,))
        return
    if _enemy_units(ctx, destination.key, side) and not _friendly_before(
            ctx, destination.key, side, action) and not (quebec and winter(ctx) is False):
        yield Check.illegal("WFA-TRN-05", action.step, f"units from the Europe Box landed at "
                            f"{name}, held by {side_name(opponent(side))} units; units from "
                            "the Europe Box cannot land at an enemy space (no amphibious "
                            "attack, WfA 14.7, 8.6)", spaces=(destination.key,),
                            pieces=action.units, expected="a friendly coastal space",
                            observed="an enemy space")
    if destination.coastal is None:
        yield Check.unchecked("WFA-TRN-05", action.step, f"whether {name} is a coastal space "
                              "is not in the data", needs=("coastal spaces",),
                              spaces=(destination.key,))
        return
    if not destination.coastal:
        charts = ctx.data.charts
        named = any(entry.place == destination.key for entry in charts.reinforcements
                    if str(entry.side) == side)
        if not named and charts.reinforcements_complete:
            yield Check.illegal("WFA-TRN-05", action.step, f"reinforcements from the Europe "
                                f"Box landed at {name}, an inland space the Reinforcement "
                                "Chart does not name; they land at a friendly coastal space "
                                "(WfA 8.6)", spaces=(destination.key,), pieces=action.units,
                                expected="a coastal space", observed=name)
        elif not named:
            yield Check.unchecked("WFA-TRN-05", action.step, f"reinforcements landed at the "
                                  f"inland space {name}: legal only where the Reinforcement "
                                  "Chart names it (WfA 8.6)", needs=("reinforcement charts",))
            return
    yield Check.done("WFA-TRN-05")


def ocean_transit(action: NavalTransport, ctx: Context,
                  destination: SeaPlace | None) -> Iterator[Outcome]:
    """WFA-TRN-06 (WfA 8.7-8.8, 8.10): reinforcements in the Europe Box have their
    destination specified before the D6; they "pay 1 MP to follow an Ocean Transit Line"
    and nothing to embark there; landed, they "can expend only 1 MP" that turn. The MP are
    shown when the log shows the D6 (the declared destination is not logged)."""
    if action.origin != EUROPE_BOX or destination is None:
        return
    lines = [line for line in ctx.data.connections
             if line.kind is ConnectionKind.OCEAN_TRANSIT and EUROPE_BOX in line.ends]
    name = ctx.space_name(destination.key)
    if not any(destination.key in line.ends for line in lines):
        yield Check.unchecked("WFA-TRN-06", action.step, f"no Ocean Transit Line the data "
                              f"knows joins the Europe Box to {name}; the voyage's cost beyond"
                              " it cannot be counted (WfA 8.8)",
                              needs=("ocean transit lines",), spaces=(destination.key,))
        return
    if action.roll is None:
        yield Check.unchecked("WFA-TRN-06", action.step, f"no D6 was seen for the "
                              f"reinforcements sailing from the Europe Box to {name} (WfA 8.5, "
                              "8.7)", needs=("the naval movement D6 in the log",))
        return
    left = action.roll - 1
    yield Check.computed("naval transport", action.step, "WFA-TRN-06",
                         f"Europe Box to {name}: D6 {action.roll}, 1 MP for the Ocean Transit "
                         f"Line (WfA 8.8), {left} left; after landing only 1 MP may be spent "
                         "this turn (WfA 8.10)",
                         inputs={"d6": action.roll}, result={"mp_left": left,
                                                             "land_mp": min(left, 1)})
    yield Check.done("WFA-TRN-06")


def quebec_and_halifax(action: NavalTransport, ctx: Context,
                       destination: SeaPlace | None) -> Iterator[Outcome]:
    """WFA-TRN-07 (WfA 8.11, 6.7, 14.19): "Except in winter, British reinforcements can
    still land at Quebec, even if it is under Colonial control"; in 1775, if the British
    forces are driven from Boston by Colonial action, "British reinforcements land at
    Halifax"."""
    if destination is None or destination.kind != "space" or action.side == COLONIAL:
        return
    if destination.key == QUEBEC:
        in_winter = winter(ctx)
        if in_winter is None:
            yield Check.unchecked("WFA-TRN-07", action.step, "reinforcements landed at "
                                  "Quebec in a turn whose season is unknown (WfA 8.11)",
                                  needs=("turn calendar",))
            return
        if in_winter:
            yield Check.illegal("WFA-TRN-07", action.step, f"British reinforcements landed at"
                                f" Quebec in a Winter Turn ({turn_name(ctx)}); they may land "
                                "there, even under Colonial control, except in winter (WfA "
                                "8.11, 14.19)", spaces=(QUEBEC,), pieces=action.units,
                                expected="no landing at Quebec in winter",
                                observed="a landing at Quebec")
    year = ctx.procedure.year
    boston = ctx.state.space("boston") if "boston" in ctx.data.spaces else None
    if (year == 1775 and boston is not None and "halifax" in ctx.data.spaces
            and destination.key != "halifax" and boston.sp_of(BRITISH) == 0
            and boston.sp_of(COLONIAL) > 0):
        yield Check.illegal("WFA-TRN-07", action.step, f"British reinforcements landed at "
                            f"{ctx.space_name(destination.key)} in 1775 while the Colonials "
                            "hold Boston; once the British are driven from Boston, their "
                            "reinforcements land at Halifax (WfA 6.7)",
                            spaces=(destination.key,), pieces=action.units,
                            expected="Halifax", observed=ctx.space_name(destination.key))
    if year is None and destination.key != QUEBEC:
        return
    yield Check.done("WFA-TRN-07")


def with_their_fleets(action: NavalTransport, ctx: Context,
                      nations: frozenset[str]) -> Iterator[Outcome]:
    """WFA-TRN-09 (WfA 14.13, 19.30): "French land units must move with their fleets. They
    have no built in transport capability"; "Land units of France, Spain and the
    Netherlands can move only with their fleets." A fleet of their nation must be where
    they set out (it has not left yet) or where they arrive (it carried them there)."""
    for nation in sorted(nations & FLEET_CARRIED):
        ends = [key for key in (action.origin, action.destination) if key is not None]
        carriers = [fleet for key in ends for fleet in fleets_at(ctx, key)
                    if fleet_nation(ctx, fleet) == nation]
        if carriers:
            continue
        unknown = [fleet for key in ends for fleet in fleets_at(ctx, key)
                   if fleet_nation(ctx, fleet) is None]
        if unknown:
            yield Check.unchecked("WFA-TRN-09", action.step, f"the nation of {', '.join(unknown)}"
                                  " is not in the data", needs=("fleet strengths",))
            return
        yield Check.illegal("WFA-TRN-09", action.step, f"{nation.capitalize()} land units "
                            f"went by sea from {ctx.space_name(action.origin or '?')} to "
                            f"{ctx.space_name(action.destination or '?')} with no "
                            f"{nation.capitalize()} fleet; they move by sea only with their "
                            "fleets (WfA 14.13, 19.30)", pieces=action.units,
                            spaces=tuple(ends), expected=f"a {nation} fleet",
                            observed="no fleet")
    yield Check.done("WFA-TRN-09")


def colonial_card(action: NavalTransport, ctx: Context) -> Iterator[Outcome]:
    """WFA-TRN-10 (WfA 14.16): "The Colonials can move land SP by sea once only through the
    play of the Action Card Naval Transport": Continental or militia SP by sea in a
    Colonial AP in which that card was not played are illegal."""
    cards = naval_transport_cards(ctx)
    pulse = ctx.pulse
    if not cards or pulse is None:
        yield Check.unchecked("WFA-TRN-10", action.step, "Colonial land units went by sea; "
                              "whether the Naval Transport card was played cannot be told "
                              + ("(the card is not in the data)" if not cards else
                                 "(the Action Pulse is not known)"),
                              needs=("card list",) if not cards else ("the Action Pulse",))
        return
    if not set(pulse.cards_of(COLONIAL)) & cards:
        yield Check.illegal("WFA-TRN-10", action.step, f"Colonial land units went by sea from"
                            f" {ctx.space_name(action.origin or '?')} to "
                            f"{ctx.space_name(action.destination or '?')} without the Naval "
                            "Transport card in this AP; the Colonials move land SP by sea "
                            "only through that card, once (WfA 14.16)", pieces=action.units,
                            expected="the Naval Transport card", observed="no card")
    yield Check.done("WFA-TRN-10")


def late_summer_attack(action: NavalTransport, ctx: Context,
                       destination: SeaPlace | None, side: str) -> Iterator[Outcome]:
    """WFA-TRN-11 (WfA 14.22, 3.1): in Late Summer Turns "no attacks can be undertaken via
    Naval Transport" — a landing on a space held by the enemy (an amphibious attack, 14.7)
    in the Caribbean is illegal. The rule's scope is ambiguous: the sentence stands under
    "14.22 Late Summer Turns in the Caribbean" (and the 13.5 Note: "In the Caribbean ...
    the British can only use naval transport to attack and not in Late Summer Turns"),
    while 3.1 says of the yellow turns "fleets must leave the Caribbean and no naval
    transport can occur", with no place named (digest §8 A-7). So an attack by sea on
    the mainland in Late Summer is `unchecked`, naming both readings; other Late Summer
    transport is left `unchecked` naming 3.1's reading."""
    if destination is None:
        return
    season = late_summer(ctx)
    if season is None:
        yield Check.unchecked("WFA-TRN-11", action.step, "naval transport in a turn whose "
                              "season is unknown (WfA 14.22)", needs=("turn calendar",))
        return
    if not season:
        yield Check.done("WFA-TRN-11")
        return
    name = ctx.space_name(destination.key)
    if destination.kind == "space" and _enemy_units(ctx, destination.key, side) \
            and not destination.caribbean:
        yield Check.unchecked("WFA-TRN-11", action.step, f"land units by sea attacked {name}"
                              f" in a Late Summer Turn ({turn_name(ctx)}), outside the "
                              "Caribbean; the rule's scope is ambiguous: WfA 14.22 bars "
                              "attacks via Naval Transport under the heading 'Late Summer "
                              "Turns in the Caribbean', 3.1 says no naval transport can "
                              "occur in yellow turns, naming no place",
                              needs=("whether WfA 14.22 and 3.1 reach beyond the Caribbean",),
                              spaces=(destination.key,))
        return
    if destination.kind == "space" and _enemy_units(ctx, destination.key, side):
        yield Check.illegal("WFA-TRN-11", action.step, f"land units by sea attacked {name} "
                            f"in a Late Summer Turn ({turn_name(ctx)}); no attacks can be "
                            "undertaken via Naval Transport in Late Summer (WfA 14.22)",
                            spaces=(destination.key,), pieces=action.units,
                            expected="no naval-transport attack", observed="a landing on "
                            "enemy units")
        yield Check.done("WFA-TRN-11")
        return
    yield Check.unchecked("WFA-TRN-11", action.step, f"naval transport to {name} in a Late "
                          f"Summer Turn ({turn_name(ctx)}); the rule is ambiguous: WfA 14.22 "
                          "(followed, digest §8 A-7) bars only attacks via Naval Transport, "
                          "which this is not; WfA 3.1 says no naval transport can occur in "
                          "yellow turns, which would make it illegal",
                          needs=("the printed reading of WfA 3.1 against 14.22",),
                          spaces=(destination.key,))


def occupied_reinforcement_space(action: UnitsRaised | LeaderPlaced,
                                 ctx: Context) -> Iterator[Outcome]:
    """WFA-TRN-12 (WfA 8.3): "If a Colonial reinforcement space is currently occupied by
    British/ German/Loyalist SP, reinforcements are placed in the Leader Pool Box." Colonial
    Reinforcement Chart SP (the French, Spanish and Dutch; Continentals come from the CLT,
    militia from the LMMC) or a leader placed in the Reinforcement Phase on a space holding
    British-side SP are illegal."""
    if action.side != COLONIAL:
        return
    if isinstance(action, UnitsRaised):
        if action.kind is not RaiseKind.REINFORCEMENT:
            return
        key, what = action.place, f"{action.sp or ''} SP".strip()
    else:
        if action.origin == LEADER_POOL or ctx.placement.phase != REINFORCEMENT:
            return
        key, what = action.space, action.leader
    if key not in ctx.data.spaces:
        return
    british = ctx.state.with_armies(key).sp_of(BRITISH)
    if british:
        yield Check.illegal("WFA-TRN-12", action.step, f"Colonial reinforcements ({what}) "
                            f"were placed at {ctx.space_name(key)}, occupied by {british} "
                            "British/German/Loyalist SP; they go to the Leader Pool Box "
                            "(WfA 8.3)", spaces=(key,), expected="the Leader Pool Box",
                            observed=ctx.space_name(key))
    yield Check.done("WFA-TRN-12")


__all__ = ["BRITISH_NATIONS", "CARD_CARRIED", "FAMILY", "FLEET_CARRIED", "judge",
           "naval_transport_cards", "unit_nations"]
