"""The lake navies of Lake Champlain (digest §4.14 LAKE; WfA 19.1-19.11).

Two counters, one a side, appear in the Fall Turn of 1776 (the Colonial one on
Ticonderoga, the British one on St. Jean), sail only among Ticonderoga, Valcour and
St. Jean, retreat from an enemy land unit that ends its turn on them, and fight when they
meet (D6 + the counter's modifier each). A move is read from `LakeNavyMoved`; a move from
off the map (a box, the TRT) onto a lake space is the navy's appearance, a move off the map
its removal. The position a check reads is the one after the action's step.

Other families judge the rest of 19.x: a lake navy moving in Winter is WFA-WIN-04 (19.6),
land units moving past an enemy lake navy WFA-MOV-15 (19.5), the free action WFA-SEQ-09
(9.10). Control of Ticonderoga and St. Jean is read only where the position settles it
(one side's SP or garrison there and not the other's); otherwise the check is unchecked.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Final

from adjudicator.systems.common.actions import Action
from adjudicator.systems.common.outcomes import Check, Outcome
from adjudicator.systems.common.places import PlaceKind
from adjudicator.systems.common.rulebook import RuleFamily
from adjudicator.systems.war_for_america.actions import (
    BRITISH,
    COLONIAL,
    LakeNavyMoved,
    opponent,
)
from adjudicator.systems.war_for_america.procedure import PulseClosed, RoundOpened
from adjudicator.systems.war_for_america.rules.context import Context, side_name
from adjudicator.systems.war_for_america.state import NATION_SIDE, REMOVED, Holding

FIRST_YEAR: Final = 1776
"""The lake navies appear in the Fall Turn of 1776 (WfA 19.1)."""
FIRST_SEASON: Final = "fall"
HOME: Final = {COLONIAL: "ticonderoga", BRITISH: "st_jean"}
"""Where each navy is placed (WfA 19.1): the Colonial on Ticonderoga, the British on St. Jean."""
MODIFIERS_NEEDED: Final = ("lake navy modifiers (printed on the counters, WfA 19.9)",)

FAMILY = RuleFamily(
    "lakes",
    frozenset({"WFA-LAKE-01", "WFA-LAKE-02", "WFA-LAKE-03", "WFA-LAKE-04"}),
    positional=frozenset({"WFA-LAKE-01", "WFA-LAKE-03", "WFA-LAKE-04"}),
    actions=(LakeNavyMoved, PulseClosed, RoundOpened),
)


def judge(action: Action, ctx: Context) -> Iterator[Outcome]:
    """Every lake navy check the action concerns."""
    if isinstance(action, LakeNavyMoved):
        yield from navy_moved(action, ctx)
    elif isinstance(action, PulseClosed):
        yield from end_of_pulse(action, ctx)
    elif isinstance(action, RoundOpened):
        yield from due_to_appear(action, ctx)


def lake_spaces(ctx: Context) -> frozenset[str]:
    """The lake spaces of the data (WfA 19.4: Ticonderoga, Valcour, St. Jean)."""
    return frozenset(key for key, space in ctx.data.spaces.items() if space.lake)


def land_sp(here: Holding, side: str) -> int:
    """Land SP and garrison counters of one side on a space (Six Nations: neither side's)."""
    garrisons = sum(n for nation, n in here.garrisons.items() if NATION_SIDE.get(nation) == side)
    return here.sp_of(side) + garrisons


def held_by(ctx: Context, space: str) -> str | None:
    """The side whose SP or garrison alone stand on `space` (None: vacant or contested,
    where control needs the whole of WfA 4.7-4.13)."""
    here = ctx.state.space(space)
    british, colonial = land_sp(here, BRITISH), land_sp(here, COLONIAL)
    if british and not colonial:
        return BRITISH
    if colonial and not british:
        return COLONIAL
    return None


def navy_moved(action: LakeNavyMoved, ctx: Context) -> Iterator[Outcome]:
    """A lake navy's move, appearance or removal."""
    spaces = ctx.data.spaces
    origin, destination = action.origin, action.destination
    on_map_before = origin is not None and (origin in spaces or origin in ctx.data.sea_areas)
    if destination is not None and (destination in spaces or destination in ctx.data.sea_areas):
        yield from where_it_sails(action, destination, ctx)
        if destination not in lake_spaces(ctx):
            return
        if on_map_before:
            assert origin is not None
            yield from retreat_from_land(action, origin, destination, ctx)
            yield from meeting(action, destination, ctx)
        else:
            yield from appearance(action, destination, ctx)
    elif on_map_before and action.side in HOME:
        assert origin is not None
        if opponent(action.side) in ctx.state.space(origin).lake_navies:
            yield from lost_in_combat(action, origin, ctx)
        else:
            yield from removed(action, origin, ctx)


def where_it_sails(action: LakeNavyMoved, destination: str, ctx: Context) -> Iterator[Outcome]:
    """WFA-LAKE-02 (WfA 19.4): "Lake Navies can move to only Ticonderoga, Valcour and St.
    Jean." 19.6: it moves freely, no AP (WFA-SEQ-09), and not in Winter (WFA-WIN-04 judges
    the season, so it is not judged twice here)."""
    if destination not in lake_spaces(ctx):
        yield Check.illegal("WFA-LAKE-02", action.step, f"the {side_name(action.side)} lake "
                            f"navy went to {ctx.space_name(destination)}; lake navies can move "
                            "to only Ticonderoga, Valcour and St. Jean (WfA 19.4)",
                            spaces=(destination,), expected="a lake space",
                            observed=ctx.space_name(destination))
    yield Check.done("WFA-LAKE-02")


def _season_index(ctx: Context, season: str | None) -> int | None:
    ids = [spec.id for spec in ctx.calendar.seasons]
    return ids.index(season) if season in ids else None


def before_fall_1776(ctx: Context) -> bool | None:
    """Whether the current turn comes before the Fall Turn of 1776 (None: unknown)."""
    year = ctx.procedure.year
    if year is None:
        return None
    if year != FIRST_YEAR:
        return year < FIRST_YEAR
    now, fall = _season_index(ctx, ctx.procedure.season), _season_index(ctx, FIRST_SEASON)
    if now is None or fall is None:
        return None
    return now < fall


def appearance(action: LakeNavyMoved, destination: str, ctx: Context) -> Iterator[Outcome]:
    """WFA-LAKE-01 (WfA 19.1-19.3) and the Colonial navy's end (19.11).

    19.1: "two Lake Navy counters which appear in the Fall Turn in 1776. The Colonial
    counter is placed on Ticonderoga and the British one on St. Jean, if they are not
    controlled by the enemy." 19.2: "If Ticonderoga is controlled by the British, the
    Colonial Lake Navy never appears." 19.3: with St. Jean Colonial "the British Lake Navy
    unit is delayed until St. Jean is once again British controlled" (it arrives one turn
    later: not judged, the log shows no turn of recapture). 19.11: "If the Colonial Navy is
    destroyed, it can never be replaced": brought back from the Removed box it is illegal.
    """
    side = action.side
    if side not in HOME:
        return
    name = side_name(side)
    step = action.step
    if side == COLONIAL and action.origin == REMOVED.key:
        yield Check.illegal("WFA-LAKE-04", step, "the Colonial lake navy came back from the "
                            "Removed box; once destroyed it can never be replaced (WfA 19.11)",
                            spaces=(destination,), expected="no Colonial lake navy",
                            observed=f"placed on {ctx.space_name(destination)}")
        yield Check.done("WFA-LAKE-04")
        return
    early = before_fall_1776(ctx)
    if early is None:
        yield Check.unchecked("WFA-LAKE-01", step, f"the {name} lake navy appeared on "
                              f"{ctx.space_name(destination)}; whether it is the Fall Turn of "
                              "1776 or later is unknown (WfA 19.1)", needs=("turn calendar",),
                              spaces=(destination,))
        return
    if early:
        yield Check.illegal("WFA-LAKE-01", step, f"the {name} lake navy appeared in "
                            f"{ctx.calendar.name(ctx.procedure.year, ctx.procedure.season)};"
                            " the lake navies appear in the Fall Turn of 1776 (WfA 19.1)",
                            spaces=(destination,), expected="Fall 1776 or later",
                            observed=f"{ctx.procedure.year}")
        yield Check.done("WFA-LAKE-01")
        return
    home = HOME[side]
    if destination != home:
        yield Check.illegal("WFA-LAKE-01", step, f"the {name} lake navy was placed on "
                            f"{ctx.space_name(destination)}; it is placed on "
                            f"{ctx.space_name(home)} (WfA 19.1, 19.11)", spaces=(destination,),
                            expected=ctx.space_name(home),
                            observed=ctx.space_name(destination))
        yield Check.done("WFA-LAKE-01")
        return
    holder = held_by(ctx, home)
    if holder is None:
        yield Check.unchecked("WFA-LAKE-01", step, f"the {name} lake navy appeared on "
                              f"{ctx.space_name(home)}, which is vacant or contested; it "
                              "appears only where the enemy does not control the space "
                              "(WfA 19.1-19.3)", needs=("space control (WfA 4.7-4.13)",),
                              spaces=(home,))
        return
    if holder == opponent(side):
        rule = ("if Ticonderoga is controlled by the British, the Colonial Lake Navy never "
                "appears (WfA 19.2)" if side == COLONIAL else "while St. Jean is Colonial the "
                "British Lake Navy is delayed until it is British again (WfA 19.3, 19.11)")
        yield Check.illegal("WFA-LAKE-01", step, f"the {name} lake navy appeared on "
                            f"{ctx.space_name(home)}, held by the {side_name(holder)}; {rule}",
                            spaces=(home,), expected="no lake navy",
                            observed=f"placed on {ctx.space_name(home)}")
    yield Check.done("WFA-LAKE-01")


def due_to_appear(fact: RoundOpened, ctx: Context) -> Iterator[Outcome]:
    """WFA-LAKE-01 (WfA 19.1): as the first Action Round of the Fall Turn of 1776 begins, a
    lake navy the log shows still off the map (in a box) is reminded, when its own side
    holds its home space (Ticonderoga, St. Jean): "two Lake Navy counters which appear in
    the Fall Turn in 1776". A vacant or contested home space is not judged (19.2-19.3 turn
    on control); a navy the log never shows is not reminded."""
    if (fact.round != 1 or ctx.procedure.year != FIRST_YEAR
            or ctx.procedure.season != FIRST_SEASON):
        return
    for side, home in sorted(HOME.items()):
        places = [place for place, here in ctx.state.holdings.items()
                  if side in here.lake_navies]
        if not places or any(place.kind is PlaceKind.SPACE for place in places):
            continue
        if held_by(ctx, home) == side:
            yield Check.reminder("WFA-LAKE-01", fact.step, f"the {side_name(side)} lake navy "
                                 f"is still off the map as the Fall Turn of 1776 begins; it "
                                 f"appears on {ctx.space_name(home)} this turn (WfA 19.1)",
                                 spaces=(home,))
        yield Check.done("WFA-LAKE-01")


def retreat_from_land(action: LakeNavyMoved, origin: str, destination: str,
                      ctx: Context) -> Iterator[Outcome]:
    """WFA-LAKE-03 (WfA 19.7): "If a land unit ends its turn on a space with an enemy Lake
    Navy, the navy must retreat to either an empty or a friendly lake space." A navy leaving
    a space where enemy land SP stand, outside its own AP, is that retreat: its destination
    may hold no enemy land unit and no enemy lake navy (in Winter it is destroyed instead:
    WFA-WIN-04). In its own AP the navy sails freely (19.6) and is not judged here."""
    side = action.side
    if side not in HOME:
        return
    enemy = opponent(side)
    pulse = ctx.pulse
    if not land_sp(ctx.state.space(origin), enemy) or (pulse is not None
                                                      and pulse.side == side):
        return
    there = ctx.state.space(destination)
    if land_sp(there, enemy) or enemy in there.lake_navies:
        yield Check.illegal("WFA-LAKE-03", action.step, f"the {side_name(side)} lake navy "
                            f"retreated from {ctx.space_name(origin)} to "
                            f"{ctx.space_name(destination)}, where the enemy is; it retreats "
                            "to an empty or a friendly lake space (WfA 19.7)",
                            spaces=(origin, destination), expected="an empty or friendly "
                            "lake space", observed=ctx.space_name(destination))
    yield Check.done("WFA-LAKE-03")


def refuges(ctx: Context, side: str, origin: str) -> list[str]:
    """The other lake spaces that are empty or friendly to `side`'s navy (WfA 19.7)."""
    enemy = opponent(side)
    return sorted(space for space in lake_spaces(ctx) - {origin}
                  if not land_sp(ctx.state.space(space), enemy)
                  and enemy not in ctx.state.space(space).lake_navies)


def _reachable(ctx: Context, side: str, origin: str, refuge: str) -> bool:
    """Whether `refuge` is reached from `origin` along the lake (adjacent lake spaces, 19.4)
    through no lake space holding the enemy navy or enemy land units."""
    enemy = opponent(side)
    lakes = lake_spaces(ctx)
    graph = ctx.map
    if origin not in graph or refuge not in graph:
        return False
    seen, todo = {origin}, [origin]
    while todo:
        here = todo.pop()
        for there in lakes - seen:
            if there not in graph or not graph.adjacent(here, there):
                continue
            if there == refuge:
                return True
            held = ctx.state.space(there)
            if land_sp(held, enemy) or enemy in held.lake_navies:
                continue
            seen.add(there)
            todo.append(there)
    return False


def removed(action: LakeNavyMoved, origin: str, ctx: Context) -> Iterator[Outcome]:
    """A lake navy taken off the map: destroyed in lake combat (19.10-19.11) or because it
    could not retreat (19.7). WFA-LAKE-03: "If the Lake Navy cannot retreat or if it must
    retreat in Winter, it is destroyed" — destroyed while an empty or friendly lake space
    was open outside Winter it should have retreated there instead; one it could reach only
    past a lake space the enemy holds is `unchecked` (the rulebook does not say whether a
    retreat may pass it). A navy that met the
    enemy navy (combat, 19.8) is `lost_in_combat`."""
    side = action.side
    assert side is not None
    if not land_sp(ctx.state.space(origin), opponent(side)):
        return
    winter = ctx.placement.winter
    if winter is None:
        yield Check.unchecked("WFA-LAKE-03", action.step, f"the {side_name(side)} lake navy "
                              f"on {ctx.space_name(origin)} was removed; whether it could have "
                              "retreated depends on the season (WfA 19.7)",
                              needs=("turn calendar",), spaces=(origin,))
        return
    open_spaces = [] if winter else refuges(ctx, side, origin)
    reachable = [space for space in open_spaces if _reachable(ctx, side, origin, space)]
    if open_spaces and not reachable:
        names = ", ".join(ctx.space_name(space) for space in open_spaces)
        yield Check.unchecked("WFA-LAKE-03", action.step, f"the {side_name(side)} lake navy "
                              f"on {ctx.space_name(origin)} was destroyed; {names} is empty or "
                              "friendly, but the way there passes a lake space held by the "
                              "enemy (its navy, where both navies meet in combat, 19.8, or its "
                              "land units), and whether a retreat may pass it the rulebook "
                              "does not say (WfA 19.7)", spaces=(origin,))
        return
    open_spaces = reachable
    if open_spaces:
        names = ", ".join(ctx.space_name(space) for space in open_spaces)
        yield Check.illegal("WFA-LAKE-03", action.step, f"the {side_name(side)} lake navy on "
                            f"{ctx.space_name(origin)} was destroyed, but it could retreat to "
                            f"{names}; it is destroyed only if it cannot retreat or it is "
                            "Winter (WfA 19.7)", spaces=(origin,),
                            expected=f"a retreat to {names}", observed="destroyed")
    yield Check.done("WFA-LAKE-03")


def lost_in_combat(action: LakeNavyMoved, origin: str, ctx: Context) -> Iterator[Outcome]:
    """WFA-LAKE-04 (WfA 19.10-19.11): the loser "immediately removes his lake counter";
    "If the British Lake Navy is destroyed, the counter is removed and placed on the TRT for
    the next Spring Turn" (a reminder when it goes elsewhere, or to a track box that is not
    a Spring Turn); "If the Colonial Navy is destroyed, it can never be replaced"."""
    if action.side != BRITISH:
        yield Check.done("WFA-LAKE-04")
        return
    destination = action.destination or ""
    season = ctx.season(destination.removeprefix("season_")) \
        if destination.startswith("season_") else None
    if season is None or "spring" not in season.name.casefold():
        where = f"to {destination}" if destination else "off the board"
        yield Check.reminder("WFA-LAKE-04", action.step, f"the British lake navy beaten on "
                             f"{ctx.space_name(origin)} went {where}; it is placed on the "
                             "Turn Record Track for the next Spring Turn, then on St. Jean if "
                             "that is friendly (WfA 19.11)", spaces=(origin,))
    yield Check.done("WFA-LAKE-04")


def meeting(action: LakeNavyMoved, destination: str, ctx: Context) -> Iterator[Outcome]:
    """WFA-LAKE-04 (WfA 19.8-19.10): "If both Lake Navies occupy the same space, combat must
    ensue. The non-moving player has no choice." Each rolls a D6 plus the modifier on his
    counter, the higher total wins, a tie is rolled again. The counters' modifiers are not
    in the rulebook (the text's "Lake Navy +1" is a counter picture, digest §8 A-41), so
    the chances are not computed; `naval_odds.lake_navy_battle` gives them once known."""
    side = action.side
    if side not in HOME or opponent(side) not in ctx.state.space(destination).lake_navies:
        return
    yield Check.unchecked("WFA-LAKE-04", action.step, f"the {side_name(side)} lake navy met "
                          f"the enemy's on {ctx.space_name(destination)}: combat must ensue, "
                          "each side rolling a D6 plus its counter's modifier, ties rolled "
                          "again (WfA 19.8-19.10); the odds need the counters' modifiers",
                          needs=MODIFIERS_NEEDED, spaces=(destination,))


def end_of_pulse(fact: PulseClosed, ctx: Context) -> Iterator[Outcome]:
    """At the end of an AP: WFA-LAKE-04, no two lake navies share a space a navy entered in
    it (combat "must ensue" and the loser "immediately removes his lake counter",
    19.8-19.10; navies left together by an earlier AP were judged at its end); WFA-LAKE-03,
    no lake navy stays where the AP's owner ended with land units (19.7: it retreats or is
    destroyed)."""
    mover = fact.pulse.side
    for space in sorted(lake_spaces(ctx)):
        here = ctx.state.space(space)
        navies = set(here.lake_navies)
        if {BRITISH, COLONIAL} <= navies:
            if space in fact.pulse.lake_entered:
                yield Check.illegal("WFA-LAKE-04", fact.left_at, f"both lake navies are on "
                                    f"{ctx.space_name(space)} at the end of the "
                                    f"{side_name(mover)} AP; combat must ensue and the loser "
                                    "is removed at once (WfA 19.8-19.10)", spaces=(space,),
                                    expected="one lake navy", observed="both")
                yield Check.done("WFA-LAKE-04")
            continue
        enemy = opponent(mover)
        if enemy in navies and land_sp(here, mover):
            yield Check.illegal("WFA-LAKE-03", fact.left_at, f"the {side_name(mover)} land units"
                                f" ended their AP on {ctx.space_name(space)} with the "
                                f"{side_name(enemy)} lake navy still there; it must retreat "
                                "to an empty or friendly lake space or be destroyed (WfA 19.7)",
                                spaces=(space,), expected="the lake navy retreats",
                                observed="it stayed")
            yield Check.done("WFA-LAKE-03")


__all__ = ["FAMILY", "HOME", "before_fall_1776", "held_by", "judge", "lake_spaces", "refuges"]
