"""The Caribbean theatre (digest §4.14 CAR; WfA 19.27-19.35, 14.12, 13.5).

Few troops (at most 4 SP of a nation on a space), land units only on the islands unless
carried by a fleet or by British Naval Transport, every move onto an enemy island an
immediate amphibious attack, and no defender retreat: the beaten defender surrenders, the
beaten (or tied) attacker goes back with its fleet — or, carried by British Naval Transport
without a fleet, surrenders too.

Other families judge the rest: the battle's -3 and +1 (WFA-CBT-09, WFA-CBT-08), overruns
being ignored there (WFA-MOV-09), the fleet combat that must come before a landing
(WFA-FLT-06), arrow costs and Late Summer (the fleet families). The position a check reads
is the one after the action's step; a place the data does not know is not judged.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Final

from adjudicator.systems.common.actions import Action
from adjudicator.systems.common.outcomes import Check, Outcome
from adjudicator.systems.common.places import Place, PlaceKind
from adjudicator.systems.common.rulebook import RuleFamily
from adjudicator.systems.war_for_america.actions import (
    BRITISH,
    COLONIAL,
    EnemyEntered,
    ForceMoved,
    FreeAction,
    NavalTransport,
    Retreated,
    Surrendered,
    UnitsRaised,
)
from adjudicator.systems.war_for_america.data import Nation, Region
from adjudicator.systems.war_for_america.data.vocabulary import SeaAreaKind
from adjudicator.systems.war_for_america.procedure import PulseClosed
from adjudicator.systems.war_for_america.rules.context import Context, side_name
from adjudicator.systems.war_for_america.state import NATION_SIDE, Holding

NATION_LIMIT: Final = 4
"""WfA 19.28: "Each nation can have no more than '4' SP on any space"."""
GARRISON_SP: Final = 2
"""Spanish and French garrisons: "2 SP per space on Caribbean possessions" (WfA 19.18;
digest §8 A-23 reads a Caribbean garrison counter as worth 2 SP)."""
SEA_CARRIED: Final = frozenset({"british", "german", "loyalist"})
"""The nations British Naval Transport carries (WfA 14.7): they may end a move at sea
(14.9) without a fleet; others are at sea only with their fleets (19.29-19.30)."""
Arrival = ForceMoved | Retreated | NavalTransport | UnitsRaised | FreeAction

FAMILY = RuleFamily(
    "caribbean",
    frozenset({"WFA-CAR-01", "WFA-CAR-02", "WFA-CAR-03", "WFA-CAR-04", "WFA-CAR-05"}),
    positional=frozenset({"WFA-CAR-01", "WFA-CAR-02", "WFA-CAR-03", "WFA-CAR-04",
                          "WFA-CAR-05"}),
    actions=(ForceMoved, Retreated, NavalTransport, UnitsRaised, FreeAction, EnemyEntered,
             Surrendered, PulseClosed),
)


def judge(action: Action, ctx: Context) -> Iterator[Outcome]:
    """Every Caribbean check the action concerns."""
    if isinstance(action, PulseClosed):
        yield from at_sea_without_a_fleet(action, ctx)
        yield from contested_island(action, ctx)
        return
    if isinstance(action, Retreated):
        yield from no_retreat_but_with_the_fleet(action, ctx)
    if isinstance(action, EnemyEntered):
        yield from amphibious_attack_due(action, ctx)
    elif isinstance(action, Surrendered):
        if caribbean(ctx, action.space):
            yield Check.done("WFA-CAR-04")
    elif isinstance(action, (ForceMoved, Retreated, NavalTransport, UnitsRaised, FreeAction)):
        yield from nation_limit(action, ctx)


# --- the map --------------------------------------------------------------------------------


def caribbean(ctx: Context, key: str | None) -> bool:
    """Whether a place is a Caribbean space or sea area (an arrow space, the Caribbean OBZ)."""
    if key is None:
        return False
    space = ctx.data.spaces.get(key)
    if space is not None:
        return space.region is Region.CARIBBEAN
    area = ctx.data.sea_areas.get(key)
    return area is not None and (area.region is Region.CARIBBEAN
                                 or area.kind is SeaAreaKind.ARROW)


def holding(ctx: Context, key: str) -> Holding:
    """What a space or sea area holds."""
    if key in ctx.data.spaces:
        return ctx.state.space(key)
    return ctx.state.at(Place(PlaceKind.ZONE, key))


def fleet_side(ctx: Context, fleet: str) -> str | None:
    """A fleet's side: British fleets British, the allies' Colonial (digest §8 A-31)."""
    record = ctx.data.fleets.get(fleet)
    if record is None:
        return None
    return BRITISH if record.nation is Nation.BRITISH else COLONIAL


def fleets_of(ctx: Context, here: Holding, side: str) -> list[str]:
    """The fleets of one side on a place."""
    return [fleet for fleet in here.fleets if fleet_side(ctx, fleet) == side]


def nations_in(units: tuple[str, ...]) -> frozenset[str]:
    """The nations of SP units named `sp:<nation>[:<value>]`."""
    return frozenset(unit.split(":")[1] for unit in units
                     if unit.startswith("sp:") and unit.count(":") >= 1)


# --- 19.28: four SP a nation ------------------------------------------------------------------


def _destination(action: Arrival) -> str | None:
    if isinstance(action, UnitsRaised):
        return action.place
    return action.destination


def _last_arrival(action: Arrival, place: str, ctx: Context) -> bool:
    """Whether no later action of the same step brings units to `place` (one finding per
    place and step when the referee passes the step's actions)."""
    later = ctx.step_actions[ctx.step_actions.index(action) + 1:] \
        if action in ctx.step_actions else ()
    return not any(isinstance(other, (ForceMoved, Retreated, NavalTransport, UnitsRaised,
                                      FreeAction)) and _destination(other) == place
                   for other in later)


def nation_limit(action: Arrival, ctx: Context) -> Iterator[Outcome]:
    """WFA-CAR-01 (WfA 19.28): "Each nation can have no more than '4' SP on any space.
    Therefore, an attack or a defence will always consist of '1-4' SP for each side."
    Judged where units arrive on a Caribbean place, for the nations that arrived (all
    nations when the action does not name its units). Whether a Spanish or French garrison
    counter's "2 SP" (19.18) counts toward the 4 is not said: SP counters above 4 are
    illegal; within 4 only with the garrison's 2 the rule is left unchecked (digest §8
    A-23 values the garrison at 2 SP; the other reading counts SP counters only)."""
    place = _destination(action)
    if place is None or not caribbean(ctx, place) or not _last_arrival(action, place, ctx):
        return
    here = holding(ctx, place)
    arrived = nations_in(action.units)
    for nation, sp in sorted(here.sp.items()):
        if arrived and nation not in arrived:
            continue
        shown = nation.replace("_", " ")
        if sp > NATION_LIMIT:
            yield Check.illegal("WFA-CAR-01", action.step, f"{sp} {shown} SP are on "
                                f"{ctx.space_name(place)}; each nation can have no more than "
                                f"{NATION_LIMIT} SP on any Caribbean space (WfA 19.28)",
                                spaces=(place,), expected=f"at most {NATION_LIMIT} SP",
                                observed=f"{sp} SP")
            continue
        garrison_sp = GARRISON_SP * here.garrisons.get(nation, 0)
        if sp + garrison_sp > NATION_LIMIT:
            yield Check.unchecked("WFA-CAR-01", action.step, f"{sp} {shown} SP and a {shown} "
                                  f"garrison are on {ctx.space_name(place)}: {sp + garrison_sp}"
                                  f" SP if the garrison counts its {GARRISON_SP} SP (WfA 19.18; "
                                  "digest §8 A-23), more than 19.28's 4 a nation; the rule is "
                                  f"ambiguous — counting SP counters alone, {sp} is within it",
                                  needs=("the garrisons' SP (WfA 19.18)",), spaces=(place,))
    yield Check.done("WFA-CAR-01")


# --- 19.29-19.30: land units at sea only when carried -------------------------------------------


def at_sea_without_a_fleet(fact: PulseClosed, ctx: Context) -> Iterator[Outcome]:
    """WFA-CAR-02 (WfA 19.29): "Land units operate exclusively on coastal spaces except
    when carried by fleet units or utilizing British Naval Transport"; 19.30: "Land units
    of France, Spain and the Netherlands can move only with their fleets." At the end of the
    AP of their side, land SP on a Caribbean sea area (an arrow space, the Caribbean OBZ)
    need a friendly fleet there — except British, German and Loyalist SP, which British
    Naval Transport may leave at sea (14.9) — and land SP on a Caribbean space need it to
    be coastal (every Caribbean space is a port, 14.1). After a card of that side in the
    AP the verdict is left unchecked: a card's text trumps the rules (20.2; the Colonial
    Naval Transport card, 14.16, moves land SP by sea)."""
    side = fact.pulse.side
    for key, area in sorted(ctx.data.sea_areas.items()):
        if not caribbean(ctx, key):
            continue
        here = ctx.state.at(Place(PlaceKind.ZONE, key))
        stranded = {nation: sp for nation, sp in sorted(here.sp.items())
                    if NATION_SIDE.get(nation) == side and nation not in SEA_CARRIED}
        if stranded and not fleets_of(ctx, here, side):
            what = ", ".join(f"{sp} {nation} SP" for nation, sp in stranded.items())
            card = fact.pulse.cards_of(side)
            if card:
                yield Check.unchecked("WFA-CAR-02", fact.left_at, f"{what} ended the "
                                      f"{side_name(side)} AP in {area.name} with no friendly "
                                      f"fleet, after {ctx.cards.card_name(card[0])} was "
                                      "played in it; a card's text trumps the rules (WfA "
                                      "20.2: the Colonial Naval Transport card, 14.16)",
                                      needs=("card texts",), spaces=(key,))
                continue
            yield Check.illegal("WFA-CAR-02", fact.left_at, f"{what} ended the {side_name(side)}"
                                f" AP in {area.name} with no friendly fleet; land units are at "
                                "sea only when carried by fleets or British Naval Transport "
                                "(WfA 19.29-19.30)", spaces=(key,),
                                expected="a friendly fleet", observed="none")
        if here.sp:
            yield Check.done("WFA-CAR-02")
    for key, space in sorted(ctx.data.spaces.items()):
        if space.region is not Region.CARIBBEAN or space.coastal is not False:
            continue
        sp = ctx.state.with_armies(key).sp_of(side)
        if sp:
            yield Check.illegal("WFA-CAR-02", fact.left_at, f"{sp} {side_name(side)} SP ended "
                                f"the AP on {space.name}, which the data says is not coastal; "
                                "land units operate exclusively on coastal spaces in the "
                                "Caribbean (WfA 19.29)", spaces=(key,))


# --- 19.31: every move onto an enemy island is an amphibious attack ----------------------------


def amphibious_attack_due(action: EnemyEntered, ctx: Context) -> Iterator[Outcome]:
    """WFA-CAR-03 (WfA 19.31, 12.14): "All enemy movements onto Caribbean spaces are
    compulsory amphibious attacks"; "Overruns are ignored in the Caribbean" (an overrun
    there is WFA-MOV-09's finding). The attack itself is judged as the AP ends."""
    if caribbean(ctx, action.space):
        yield Check.done("WFA-CAR-03")


def contested_island(fact: PulseClosed, ctx: Context) -> Iterator[Outcome]:
    """WFA-CAR-03 at the end of an AP: no Caribbean space holds both sides' SP. Any move
    onto an enemy space there is an immediate amphibious attack (19.31), and its result
    leaves one side: the beaten defender surrenders, the attacker that does not win goes
    back to a friendly port (19.34-19.35); an attack the defending fleet beat off never
    lands (19.32)."""
    for key, space in sorted(ctx.data.spaces.items()):
        if space.region is not Region.CARIBBEAN:
            continue
        here = ctx.state.space(key)
        british, colonial = here.sp_of(BRITISH), here.sp_of(COLONIAL)
        if british and colonial:
            yield Check.illegal("WFA-CAR-03", fact.left_at, f"{space.name} holds {british} "
                                f"British and {colonial} Colonial-side SP at the end of the "
                                f"{side_name(fact.pulse.side)} AP; every move onto an enemy "
                                "Caribbean space is an immediate amphibious attack, which "
                                "leaves only one side there (WfA 19.31, 19.34-19.35)",
                                spaces=(key,), expected="one side", observed="both sides")
            yield Check.done("WFA-CAR-03")


# --- 19.34-19.35, 14.12, 13.5: after the amphibious attack --------------------------------------


def no_retreat_but_with_the_fleet(action: Retreated, ctx: Context) -> Iterator[Outcome]:
    """WFA-CAR-04 (WfA 19.35): "If the attacker 'wins', he occupies the space and the
    defender surrenders. If the defender 'wins' or 'ties', the attacker's fleet and the
    accompanying SP retreat to the closest friendly port." So a defender never retreats
    from a Caribbean space, and the attacker retreats only to a friendly port (the closest:
    sea distances are not in the data, so only "friendly" is judged). Who attacked is the
    retreat's own record (`Retreated.attacker`), else the side whose AP it is.

    WFA-CAR-05 (WfA 14.12, 13.5): "British Naval Transport to an enemy occupied space is
    always 'amphibious' and 'high risk' as the units could be forced to surrender if they
    were to lose the battle with no fleet present"; "SP using Naval Transport forced to
    retreat by sea, must surrender, unless a fleet is present". British land units move in
    the Caribbean only by Naval Transport (19.30), so a British attacker that retreats with
    no British fleet on the space or at its destination should have surrendered.
    """
    if not caribbean(ctx, action.origin) or action.side is None:
        return
    step, side = action.step, action.side
    origin, destination = action.origin, action.destination
    attacker = action.attacker
    if attacker is None and ctx.pulse is not None:
        attacker = side == ctx.pulse.side
    if attacker is None:
        yield Check.unchecked("WFA-CAR-04", step, f"a {side_name(side)} force retreated from "
                              f"{ctx.space_name(origin)}; whether it attacked or defended "
                              "needs the battle or the AP it belongs to (WfA 19.35)",
                              needs=("the Action Pulse",), spaces=(origin,))
        return
    if not attacker:
        yield Check.illegal("WFA-CAR-04", step, f"the {side_name(side)} defender retreated "
                            f"from {ctx.space_name(origin)} to {ctx.space_name(destination)};"
                            " in the Caribbean a beaten defender surrenders and a winning or "
                            "tying one stays (WfA 19.35)", spaces=(origin, destination),
                            expected="surrender or stay", observed="a retreat")
        yield Check.done("WFA-CAR-04")
        return
    if side == BRITISH:
        with_fleet = (fleets_of(ctx, holding(ctx, origin), BRITISH)
                      or fleets_of(ctx, holding(ctx, destination), BRITISH))
        if not with_fleet:
            yield Check.illegal("WFA-CAR-05", step, f"British SP retreated from "
                                f"{ctx.space_name(origin)} with no British fleet present; "
                                "carried there by Naval Transport, they must surrender when "
                                "they lose (WfA 14.12, 13.5)", spaces=(origin,),
                                expected="surrender", observed="a retreat")
        yield Check.done("WFA-CAR-05")
    enemy_there = holding(ctx, destination).sp_of(COLONIAL if side == BRITISH else BRITISH)
    if enemy_there:
        yield Check.illegal("WFA-CAR-04", step, f"the {side_name(side)} attacker retreated "
                            f"from {ctx.space_name(origin)} to {ctx.space_name(destination)}, "
                            "where the enemy is; it retreats with its fleet to the closest "
                            "friendly port (WfA 19.35)", spaces=(origin, destination),
                            expected="a friendly port", observed=ctx.space_name(destination))
    elif destination in ctx.data.spaces:
        yield Check.unchecked("WFA-CAR-04", step, f"the {side_name(side)} attacker retreated "
                              f"from {ctx.space_name(origin)} to "
                              f"{ctx.space_name(destination)}; whether that is the closest "
                              "friendly port needs sea distances (WfA 19.35)",
                              needs=("caribbean arrows",), spaces=(origin, destination))
    yield Check.done("WFA-CAR-04")


__all__ = ["FAMILY", "NATION_LIMIT", "caribbean", "fleet_side", "judge", "nation_limit"]
