"""Where land forces may go and must stay (digest §4.3 MOV-11, -12, -13, -16, -17): militia
in their Region, Florida, armies in their operational Regions, the French troops tied to
their fleets, and the siege mortars.

Moves are judged as they happen; the positions that must hold "at the end of each AP"
(armies, French troops, mortars) when the AP closes (`PulseClosed`). The position is the
one after the step; a Region, a coastal flag or a fleet's whereabouts the data or the log
lacks gives `unchecked`, never `illegal`.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from types import MappingProxyType
from typing import Final

from adjudicator.systems.common.actions import Action
from adjudicator.systems.common.outcomes import Check, Outcome
from adjudicator.systems.common.places import Place, PlaceKind
from adjudicator.systems.common.rulebook import RuleFamily
from adjudicator.systems.war_for_america.actions import (
    FleetMoved,
    ForceMoved,
    MortarMoved,
    NavalTransport,
    RetreatBeforeCombat,
    Retreated,
)
from adjudicator.systems.war_for_america.data import Region
from adjudicator.systems.war_for_america.procedure import PulseClosed
from adjudicator.systems.war_for_america.rules.context import Context, side_name
from adjudicator.systems.war_for_america.rules.forces import (
    FRENCH,
    MILITIA,
    read_force,
    region_of,
)
from adjudicator.systems.war_for_america.state import ARMY_SIDE, START, Entity

NORTH: Final = frozenset({Region.CANADA, Region.NEW_ENGLAND, Region.MIDDLE_STATES})
SOUTH: Final = frozenset({Region.DEEP_SOUTH, Region.TIDEWATER})
COLONIES: Final = frozenset(r for r in Region if r.has_colonies)
ARMY_REGIONS: Mapping[str, frozenset[Region]] = MappingProxyType({
    "n_british": NORTH, "n_colonial": NORTH, "s_british": SOUTH, "s_colonial": SOUTH,
    "w": COLONIES, "r": frozenset({Region.NEW_ENGLAND, Region.MIDDLE_STATES})})
"""WfA 11.19 (T-9): "Both Northern Armies operate only in the Northern Regions. Both
Southern Armies operate only in the Deep South and Tidewater Regions. Washington's army
operates only in the 13 Colonies. The Royal Army operates only in the New England and
Middle States Regions." """
ARMY_NAMES: Mapping[str, str] = MappingProxyType({
    "n_british": "the British Army of the North", "n_colonial": "the Colonial Army of the "
    "North", "s_british": "the British Army of the South", "s_colonial": "the Colonial Army "
    "of the South", "w": "Washington's Army", "r": "the Royal Army"})
FLORIDA_NATIONS: Final = frozenset({"british", "german", "loyalist", "spanish"})
"""WfA 3.3: Florida is a "Contested area, where only British and Spanish land units/fleets
can move"; British read as the British side's troops (British, German, Loyalist)."""
BARRED_FROM_FLORIDA: Final = frozenset({"continental", "militia", "french", "dutch"})
"""The nations 3.3 keeps out of Florida (Six Nations, allied to either side, not judged)."""
RAISED_FROM: Final = 1776
"""Militia are raised from 1776 (WfA 10.7); before, every militia is a start militia
(10.6)."""
ROCHAMBEAU_FLEET: Final = "rochambeau"
"""The fleet that carried Rochambeau and the siege mortars (WfA 14.30, 19.15; A-33)."""
ROCHAMBEAU_REACH: Final = 2
"""Rochambeau's SP end within two spaces of the coastal space with his fleet (14.31)."""
MORTAR_REACH: Final = 1
"""Mortars end each AP within one space of Rochambeau's fleet (19.15)."""

FAMILY = RuleFamily(
    "confinement",
    frozenset({"WFA-MOV-11", "WFA-MOV-12", "WFA-MOV-13", "WFA-MOV-16", "WFA-MOV-17"}),
    actions=(ForceMoved, RetreatBeforeCombat, Retreated, NavalTransport, FleetMoved,
             MortarMoved, PulseClosed),
)


def judge(action: Action, ctx: Context) -> Iterator[Outcome]:
    """The confinement checks of one action."""
    if isinstance(action, (ForceMoved, RetreatBeforeCombat, Retreated)):
        if action.destination is None:
            return
        yield from militia_region(action, action.origin, action.destination, ctx)
        yield from florida(action.step, action.units, action.destination, ctx)
    elif isinstance(action, NavalTransport) and action.destination is not None:
        yield from florida(action.step, action.units, action.destination, ctx)
    elif isinstance(action, FleetMoved) and action.destination is not None:
        yield from fleet_in_florida(action, ctx)
    elif isinstance(action, MortarMoved):
        yield from mortar_moved(action, ctx)
    elif isinstance(action, PulseClosed):
        yield from armies_in_region(action, ctx)
        yield from french_troops(action, ctx)
        yield from mortars(action, ctx)


def militia_region(action: ForceMoved | RetreatBeforeCombat | Retreated, origin: str,
                   destination: str, ctx: Context) -> Iterator[Outcome]:
    """MOV-11 (WfA 10.15, 10.17): "Militia units can leave their Colony but never their
    Region"; "If the militia are forced to retreat out of their Region (not colony), they
    are removed from the board": a move or a retreat before combat out of the Region is
    illegal; a forced retreat out of it is a reminder to remove them.

    WfA 10.6: "The militia starting the game on the board operate in a different manner
    than the militia introduced in 1776" — whether the Region limit binds them is not
    said, and the log cannot see their black dot; before 1776 every militia is one, so
    a move out of the Region then is `unchecked`, from 1776 `illegal` (naming the
    reading), unless every militia counter moved is a dotted start militia
    (`sp:militia:<n>:start`, when the binding tells them apart): `unchecked` too."""
    force = read_force(action.units, ctx.state)
    if force.sp_by_nation.get(MILITIA, 0) == 0:
        return
    home, there = region_of(ctx.data, origin), region_of(ctx.data, destination)
    spaces = (origin, destination)
    if home is None or there is None:
        yield Check.unchecked("WFA-MOV-11", action.step, f"militia went from "
                              f"{ctx.space_name(origin)} to {ctx.space_name(destination)}; "
                              "whether they left their Region needs both spaces' Regions "
                              "(WfA 10.17)", needs=("space regions",), spaces=spaces)
        return
    if home != there:
        if isinstance(action, Retreated):
            yield Check.reminder("WFA-MOV-11", action.step, f"militia retreated out of their "
                                 f"Region to {ctx.space_name(destination)}; militia forced "
                                 "to retreat out of their Region are removed (WfA 10.15)",
                                 spaces=spaces)
        elif _start_militia_only(action.units):
            yield Check.unchecked("WFA-MOV-11", action.step, f"start militia (black dot) "
                                  f"left their Region ({_region(home)}) for "
                                  f"{ctx.space_name(destination)}; start militia 'operate in "
                                  "a different manner than the militia introduced in 1776' "
                                  "(WfA 10.6) and the rulebook does not say the Region limit "
                                  "(10.17) binds them", spaces=spaces,
                                  needs=("whether WfA 10.17 binds start militia",))
            return
        elif ctx.procedure.year is None or ctx.procedure.year < RAISED_FROM:
            yield Check.unchecked("WFA-MOV-11", action.step, f"militia left their Region "
                                  f"({_region(home)}) for {ctx.space_name(destination)}, but "
                                  + ("the year is not known" if ctx.procedure.year is None
                                     else f"in {ctx.procedure.year} every militia is a start "
                                     "militia")
                                  + "; start militia 'operate in a different manner' (WfA "
                                  "10.6) and the rulebook does not say the Region limit binds "
                                  "them", spaces=spaces, needs=("the year",))
            return
        else:
            yield Check.illegal("WFA-MOV-11", action.step, f"militia left their Region "
                                f"({_region(home)}) for {ctx.space_name(destination)} "
                                f"({_region(there)}); militia can leave their Colony but "
                                "never their Region (WfA 10.17; a start militia with its "
                                "black dot, 10.6, might be read as exempt)", spaces=spaces,
                                expected=f"stay in {_region(home)}", observed=_region(there))
    yield Check.done("WFA-MOV-11")


def _start_militia_only(units: tuple[str, ...]) -> bool:
    """Whether every militia counter in `units` is a dotted start militia (WfA 10.6)."""
    militia = [e for unit in units if (e := Entity.parse(unit)) is not None
               and e.kind == "sp" and e.key == MILITIA]
    return bool(militia) and all(e.detail == START for e in militia)


def florida(step: int, units: tuple[str, ...], destination: str,
            ctx: Context) -> Iterator[Outcome]:
    """MOV-12 (WfA 3.3): only British and Spanish land units may move in Florida."""
    region = region_of(ctx.data, destination)
    if region is not Region.FLORIDA:
        return
    force = read_force(units, ctx.state)
    barred = [nation.title() for nation in sorted(force.nations & BARRED_FROM_FLORIDA)]
    if barred:
        yield Check.illegal("WFA-MOV-12", step, f"{', '.join(barred)} SP entered "
                            f"{ctx.space_name(destination)} in Florida, where only British "
                            "and Spanish land units can move (WfA 3.3)",
                            spaces=(destination,))
    yield Check.done("WFA-MOV-12")


def fleet_in_florida(action: FleetMoved, ctx: Context) -> Iterator[Outcome]:
    """MOV-12 (WfA 3.3) for fleets: "Florida: Contested area, where only British and
    Spanish land units/fleets can move". A French or Dutch fleet on a Florida space
    (port) is illegal; in a sea area the data puts in Florida's Region (an OBZ), the
    Region being a list of land spaces (3.3), `unchecked`."""
    assert action.destination is not None
    if region_of(ctx.data, action.destination) is not Region.FLORIDA:
        return
    fleet = ctx.data.fleets.get(action.fleet)
    if fleet is None:
        return
    if str(fleet.nation) not in ("british", "spanish") \
            and action.destination in ctx.data.sea_areas:
        yield Check.unchecked("WFA-MOV-12", action.step, f"{fleet.name} entered the "
                              f"{ctx.data.sea_areas[action.destination].name}, a sea area the data "
                              "gives Florida's Region: whether 'only British and Spanish land"
                              " units/fleets can move' in Florida (WfA 3.3, a Region of land "
                              "spaces) reaches the sea off it is not decided",
                              needs=("whether a sea area is part of Florida",),
                              spaces=(action.destination,))
        return
    if str(fleet.nation) not in ("british", "spanish"):
        yield Check.illegal("WFA-MOV-12", action.step, f"{fleet.name} entered "
                            f"{ctx.space_name(action.destination)} in Florida, where only "
                            "British and Spanish fleets can move (WfA 3.3)",
                            spaces=(action.destination,))
    yield Check.done("WFA-MOV-12")


def armies_in_region(fact: PulseClosed, ctx: Context) -> Iterator[Outcome]:
    """MOV-13 (WfA 11.19, 11.23, 11.24), as the owner's AP closes.

    11.23: "An army that has moved out of its operational Region is replaced by the army
    counter of the new Region": an army marker that moved this AP and stands outside its
    Regions was not replaced (illegal). 11.24: "An army forced to move out of its assigned
    Region … must re-enter its operational Region on the player's next AP or be removed":
    one outside its Regions that did not move this AP gets a reminder.
    """
    side = fact.pulse.side
    for army, place in sorted(ctx.state.army_at.items()):
        if ARMY_SIDE.get(army) != side or place.kind is not PlaceKind.SPACE:
            continue
        region = region_of(ctx.data, place.key)
        name = ARMY_NAMES[army]
        if region is None:
            yield Check.unchecked("WFA-MOV-13", fact.left_at, f"whether {name} at "
                                  f"{ctx.space_name(place.key)} is in its Region needs the "
                                  "space's Region (WfA 11.19)", needs=("space regions",),
                                  spaces=(place.key,))
            continue
        if region not in ARMY_REGIONS[army]:
            if f"army:{army}" in fact.pulse.moved:
                yield Check.illegal("WFA-MOV-13", fact.left_at, f"{name} moved to "
                                    f"{ctx.space_name(place.key)} ({_region(region)}), outside"
                                    " the Regions it operates in, and was not replaced by the "
                                    "army counter of the new Region (WfA 11.19, 11.23)",
                                    spaces=(place.key,), pieces=(f"army:{army}",))
            else:
                yield Check.reminder("WFA-MOV-13", fact.left_at, f"{name} is at "
                                     f"{ctx.space_name(place.key)} ({_region(region)}), "
                                     "outside its Regions; an army forced out must re-enter "
                                     "them on its next AP or be removed (WfA 11.24)",
                                     spaces=(place.key,), pieces=(f"army:{army}",))
        yield Check.done("WFA-MOV-13")


def french_troops(fact: PulseClosed, ctx: Context) -> Iterator[Outcome]:
    """MOV-16 (WfA 14.29, 14.31), for French SP that moved in the AP, where they ended.

    14.29: "French Seasonal Troops must always end their movement turn on a coastal/port
    space stacked with a French fleet or in an OBZ with a fleet. Failure to do so results
    in their permanent removal". 14.31: "Rochambeau's land SP … must be within two spaces
    of a coastal/port space containing the fleet at the end of their movement.
    Alternately, they can be on a coastal/port space as long as the fleet is in the OBZ of
    the Region … Rochambeau and all his forces are permanently removed". The log cannot
    tell the two kinds of French SP apart, so a stack is judged only when it meets
    neither condition.
    """
    pulse = fact.pulse
    space = pulse.force_space
    if space is None or not any(u.startswith(f"sp:{FRENCH}:") for u in pulse.moved):
        return
    if ctx.state.space(space).sp.get(FRENCH, 0) == 0 and space not in ctx.data.sea_areas:
        return
    verdict = _french_anchor(ctx, space)
    where = ctx.space_name(space)
    if verdict is None:
        yield Check.unchecked("WFA-MOV-16", fact.left_at, f"whether the French SP at {where} are "
                              "with their fleet needs the coastal spaces, the OBZs and the "
                              "complete map (WfA 14.29, 14.31)",
                              needs=("coastal spaces", "sea areas", "map connections"),
                              spaces=(space,))
        return
    if not verdict:
        yield Check.illegal("WFA-MOV-16", fact.left_at, f"French SP ended their move at {where}, "
                            "neither on a coastal space or OBZ with a French fleet (Seasonal "
                            "troops, WfA 14.29) nor within two spaces of Rochambeau's fleet "
                            "(14.31); they are permanently removed",
                            spaces=(space,), expected="with their fleet",
                            observed=f"at {where}")
    yield Check.done("WFA-MOV-16")


def _french_anchor(ctx: Context, space: str) -> bool | None:
    """Whether French SP at `space` meet 14.29 or 14.31 (None: the data cannot say)."""
    french = [fleet for fleet in ctx.data.fleets.values() if str(fleet.nation) == FRENCH]
    at: dict[str, Place | None] = {str(fleet.id): ctx.state.fleet_at.get(fleet.id)
                                   for fleet in french}
    if space in ctx.data.sea_areas:
        return any(place is not None and place.key == space for place in at.values())
    record = ctx.data.spaces.get(space)
    if record is None or record.coastal is None:
        return None
    here = {fleet for fleet, place in at.items() if place is not None and place.key == space}
    if record.coastal and here:
        return True
    rochambeau = at.get(ROCHAMBEAU_FLEET)
    if rochambeau is None:
        return None if ROCHAMBEAU_FLEET not in at else False
    if record.coastal and rochambeau.kind is PlaceKind.ZONE:
        area = ctx.data.sea_areas.get(rochambeau.key)
        if record.obz == rochambeau.key or (area is not None and area.region == record.region):
            return True
    if rochambeau.kind is not PlaceKind.SPACE:
        return False
    return _within(ctx, space, rochambeau.key, ROCHAMBEAU_REACH)


def _within(ctx: Context, a: str, b: str, lines: int) -> bool | None:
    """Whether two spaces are at most `lines` land lines apart (None: unknown map)."""
    graph = ctx.map
    if a not in graph or b not in graph:
        return None
    found = b in graph.reachable(a, budget=lines)
    if not found and not graph.complete:
        return None
    return found


def mortars(fact: PulseClosed, ctx: Context) -> Iterator[Outcome]:
    """MOV-17 (WfA 19.15): "At the end of an AP, they must always be within one space of
    Rochambeau's fleet. If not, they are destroyed." A mortar on a coastal space whose OBZ
    holds the fleet is one space from it (the blue transit line, 14.6)."""
    spaces = [space for space, holding in ctx.state.spaces()
              if holding.markers.get("mortar", 0) > 0]
    if not spaces:
        return
    fleet: Place | None = ctx.state.fleet_at.get(ROCHAMBEAU_FLEET)
    for space in spaces:
        where = ctx.space_name(space)
        if fleet is None:
            yield Check.unchecked("WFA-MOV-17", fact.left_at, f"the siege mortars at {where} must "
                                  "be within one space of Rochambeau's fleet, whose place the "
                                  "log has not shown (WfA 19.15)", spaces=(space,))
            continue
        near = _mortar_near(ctx, space, fleet)
        if near is None:
            yield Check.unchecked("WFA-MOV-17", fact.left_at, f"whether the siege mortars at "
                                  f"{where} are within one space of Rochambeau's fleet needs "
                                  "the complete map (WfA 19.15)", needs=("map connections",),
                                  spaces=(space,))
            continue
        if not near:
            yield Check.illegal("WFA-MOV-17", fact.left_at, f"the siege mortars at {where} are "
                                f"not within one space of Rochambeau's fleet at the end of "
                                f"the {side_name(fact.pulse.side)} AP; they are destroyed "
                                "(WfA 19.15)", spaces=(space,), pieces=("mortar",))
        yield Check.done("WFA-MOV-17")


def mortar_moved(action: MortarMoved, ctx: Context) -> Iterator[Outcome]:
    """MOV-17 (WfA 19.16): "Once the Siege Mortars have 'landed', they can be moved only
    '1' space. To be picked up, they are moved back to Rochambeau's fleet where they can
    be embarked." A drag from one land space to another not adjacent to it is illegal;
    one that ends on Rochambeau's fleet may be the mortars carried embarked, and a move
    to or from a sea area is an embarkation or a landing: neither is judged here. Each
    drag is judged alone (one space a step: moves split over steps are not added up)."""
    origin, destination = action.origin, action.destination
    if origin not in ctx.data.spaces or destination not in ctx.data.spaces:
        return
    fleet: Place | None = ctx.state.fleet_at.get(ROCHAMBEAU_FLEET)
    if fleet is not None and fleet.key == destination:
        return
    near = _within(ctx, origin, destination, MORTAR_REACH)
    if near is None:
        yield Check.unchecked("WFA-MOV-17", action.step, f"whether the siege mortars' move "
                              f"from {ctx.space_name(origin)} to "
                              f"{ctx.space_name(destination)} is one space needs the "
                              "complete map (WfA 19.16)", needs=("map connections",),
                              spaces=(origin, destination))
        return
    if not near:
        yield Check.illegal("WFA-MOV-17", action.step, f"the landed siege mortars moved from "
                            f"{ctx.space_name(origin)} to {ctx.space_name(destination)}, "
                            "more than one space; once landed they can be moved only 1 "
                            "space (WfA 19.16)", spaces=(origin, destination),
                            pieces=("mortar",), expected="1 space", observed="more")
    yield Check.done("WFA-MOV-17")


def _mortar_near(ctx: Context, space: str, fleet: Place) -> bool | None:
    if fleet.kind is PlaceKind.ZONE:
        record = ctx.data.spaces.get(space)
        return record is not None and record.obz == fleet.key
    if fleet.kind is not PlaceKind.SPACE:
        return False
    if fleet.key == space:
        return True
    return _within(ctx, space, fleet.key, MORTAR_REACH)


def _region(region: Region) -> str:
    return str(region).replace("_", " ").title()


__all__ = ["ARMY_REGIONS", "BARRED_FROM_FLORIDA", "FAMILY", "armies_in_region", "florida",
           "french_troops", "judge", "militia_region", "mortar_moved", "mortars"]
