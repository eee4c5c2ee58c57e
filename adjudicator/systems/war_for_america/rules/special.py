"""The French land forces and the Six Nations (digest §4.14 SPC; WfA 14.29-14.32, 9.10,
16.7, 13.0 Step 8, Six Nations Card).

d'Estaing's French Seasonal troops are one body that cannot be broken down (14.29);
Rochambeau's Permanent French Regulars may be broken down once, to occupy one more space
(14.30); each French commander rates 'C' in land combat — d'Estaing always with his
troops (14.29), Rochambeau only with his fleet in the same space (14.32). Where the French
must end their moves (14.29, 14.31) is WFA-MOV-16's. The Six Nations are a free action
when activated (9.10), exempt from the LOC rules (16.7) and the first casualties (13.0
Step 8); the rest is on the Six Nations Card, which the rulebook does not print.

The log shows French SP by nation only, not whose they are: before Rochambeau's fleet is
on the board every French SP is d'Estaing's; after, only more places than the two bodies
may occupy is certain. The French garrisons of the Caribbean possessions ("2 SP per space",
19.18) are garrison counters, not SP: a binding that binds them as French SP would make
them count as troops here.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Final

from adjudicator.systems.common.actions import Action
from adjudicator.systems.common.outcomes import Check, Outcome
from adjudicator.systems.common.places import PlaceKind
from adjudicator.systems.common.rulebook import RuleFamily
from adjudicator.systems.war_for_america.actions import (
    COLONIAL,
    Combat,
    FreeAction,
    FreeKind,
    LossTaken,
)
from adjudicator.systems.war_for_america.procedure import PulseClosed
from adjudicator.systems.war_for_america.rules.context import Context
from adjudicator.systems.war_for_america.state import EUROPE

FRENCH: Final = "french"
SIX_NATIONS: Final = "six_nations"
DESTAING_FLEET: Final = "destaing"
ROCHAMBEAU_FLEET: Final = "rochambeau"
"""The fleets of the data that carry the two French land forces (WfA 14.29-14.32)."""
FRENCH_BODIES_MAX: Final = 3
"""d'Estaing's one body plus Rochambeau's broken down once into two (WfA 14.29-14.30)."""

FAMILY = RuleFamily(
    "special",
    frozenset({"WFA-SPC-01", "WFA-SPC-02"}),
    positional=frozenset({"WFA-SPC-01", "WFA-SPC-02"}),
    actions=(PulseClosed, Combat, FreeAction, LossTaken),
)


def judge(action: Action, ctx: Context) -> Iterator[Outcome]:
    """Every French-forces and Six Nations check the action concerns."""
    if isinstance(action, PulseClosed):
        yield from french_bodies(action, ctx)
    elif isinstance(action, Combat):
        yield from french_commanders(action, ctx)
    elif isinstance(action, FreeAction):
        if action.kind is FreeKind.SIX_NATIONS:
            yield Check.done("WFA-SPC-02")
    elif isinstance(action, LossTaken):
        yield from six_nations_first(action, ctx)


def french_places(ctx: Context) -> list[str]:
    """The map spaces and sea areas holding French SP."""
    return sorted(place.key for place, here in ctx.state.holdings.items()
                  if place.kind in (PlaceKind.SPACE, PlaceKind.ZONE) and here.sp[FRENCH] > 0)


def rochambeau_arrived(ctx: Context) -> bool | None:
    """Whether Rochambeau's fleet has come into play: on the map or in the Europe Box
    (True), still on a track or in another box (False), or not seen at all (None)."""
    place = ctx.state.fleet_at.get(ROCHAMBEAU_FLEET)
    if place is None:
        return None
    return place.kind in (PlaceKind.SPACE, PlaceKind.ZONE) or place == EUROPE


def french_regulars(ctx: Context) -> bool | None:
    """Whether French SP on the map may be Rochambeau's French Regulars (WfA 13.12, 14.30):
    False while his fleet is on a track or in another box (every French SP is then
    d'Estaing's Seasonal troops, 8.4), None once it is in play or was never seen (the log
    does not tell the two apart)."""
    return False if rochambeau_arrived(ctx) is False else None


def french_bodies(fact: PulseClosed, ctx: Context) -> Iterator[Outcome]:
    """WFA-SPC-01 at the end of a Colonial AP that moved French SP.

    WfA 14.29: "D'Estaing's land SP cannot be broken down to occupy spaces"; 14.30: "The
    Permanent French Regulars arriving with General Rochambeau can be broken down to occupy
    a single space on the board, once only." Before Rochambeau's fleet is in play French SP
    on two places are d'Estaing's divided; after, more than three places (his one body,
    Rochambeau's two) are illegal and two or three cannot be told apart (which SP are whose
    is not in the log; nor whether Rochambeau's one breakdown was already spent).
    """
    pulse = fact.pulse
    if pulse.side != COLONIAL or not any(unit.startswith(f"sp:{FRENCH}")
                                         for unit in pulse.moved):
        return
    places = french_places(ctx)
    names = ", ".join(ctx.space_name(place) for place in places)
    arrived = rochambeau_arrived(ctx)
    if len(places) <= 1:
        yield Check.done("WFA-SPC-01")
        return
    if arrived is False:
        yield Check.illegal("WFA-SPC-01", fact.left_at, f"French SP stand on {len(places)} "
                            f"places ({names}) before Rochambeau's arrival; d'Estaing's land SP "
                            "cannot be broken down to occupy spaces (WfA 14.29)",
                            spaces=tuple(places), expected="one place",
                            observed=f"{len(places)} places")
        yield Check.done("WFA-SPC-01")
        return
    if arrived and len(places) > FRENCH_BODIES_MAX:
        yield Check.illegal("WFA-SPC-01", fact.left_at, f"French SP stand on {len(places)} "
                            f"places ({names}); d'Estaing's SP are one body and Rochambeau's "
                            "may be broken down once to occupy a single more space (WfA "
                            "14.29-14.30)", spaces=tuple(places),
                            expected=f"at most {FRENCH_BODIES_MAX} places",
                            observed=f"{len(places)} places")
        yield Check.done("WFA-SPC-01")
        return
    why = ("which French SP are d'Estaing's and which Rochambeau's (and whether his one "
           "breakdown was spent) is not in the log" if arrived else
           "whether Rochambeau's fleet has arrived is not in the log")
    yield Check.unchecked("WFA-SPC-01", fact.left_at, f"French SP stand on {len(places)} places "
                          f"({names}); {why} (WfA 14.29-14.30)",
                          needs=("French SP by force (d'Estaing, Rochambeau)",),
                          spaces=tuple(places))


def french_commanders(action: Combat, ctx: Context) -> Iterator[Outcome]:
    """WFA-SPC-01, the 'C' ratings of a battle with French SP. WfA 14.29: d'Estaing "is
    considered a 'C' class leader" for any land combat with his forces; 14.32: "Rochambeau
    is a 'C' class leader for French land SP combat if the fleet is in the same space"."""
    here = ctx.state.space(action.space)
    if here.sp[FRENCH] <= 0:
        return
    rochambeau_here = ROCHAMBEAU_FLEET in here.fleets
    destaing_here = DESTAING_FLEET in here.fleets
    summary = (f"French SP fight at {ctx.space_name(action.space)}: d'Estaing rates 'C' with "
               "his own land SP (WfA 14.29); Rochambeau rates 'C' only with his fleet in the "
               f"space (14.32) — his fleet is {'' if rochambeau_here else 'not '}here")
    yield Check.computed("french_leader", action.step, "WFA-SPC-01", summary,
                         inputs={"space": action.space, "french_sp": here.sp[FRENCH],
                                 "destaing_fleet_here": destaing_here,
                                 "rochambeau_fleet_here": rochambeau_here},
                         result={"destaing_rating": "C",
                                 "rochambeau_rating": "C" if rochambeau_here else "none"})
    yield Check.done("WFA-SPC-01")


def six_nations_first(action: LossTaken, ctx: Context) -> Iterator[Outcome]:
    """WFA-SPC-02 (WfA 13.0 Step 8): "The priority order of SP removal is: 1st SP Six
    Nations" for either side. A combat loss of other SP while Six Nations SP stay on the
    space may break it, but whose side those tribes are on is the Six Nations Card's (the
    log shows the nation, not the ally), so it is not judged."""
    if action.cause != "combat" or ctx.state.space(action.space).sp[SIX_NATIONS] <= 0:
        return
    if any(unit.startswith(f"sp:{SIX_NATIONS}") for unit in action.units):
        yield Check.done("WFA-SPC-02")
        return
    yield Check.unchecked("WFA-SPC-02", action.step, f"the {action.side or 'a'} side lost "
                          f"{', '.join(action.units) or 'SP'} at "
                          f"{ctx.space_name(action.space)} while Six Nations SP stayed there; "
                          "the first SP lost is a Six Nations SP (WfA 13.0 Step 8), but whose "
                          "ally they are is on the Six Nations Card",
                          needs=("six nations alliances (Six Nations Card)",),
                          spaces=(action.space,))


__all__ = ["FAMILY", "french_places", "french_regulars", "judge", "rochambeau_arrived"]
