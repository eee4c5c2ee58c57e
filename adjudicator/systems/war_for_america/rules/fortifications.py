"""Forts, entrenchments and sieges (digest §4.10 FORT, SIEGE; WfA 17.1-17.17, 12.18, 11.25).

Each check reads like its rulebook section. The position a check reads (`ctx.state`) is
the one *after* the action's step; a fort or entrenchment is judged where it was placed,
a siege where its marker was put. The fort's movement roll (17.6) is judged with the
placement, whether the log wrote the roll before it or after it (`FortRolled`), and is
`unchecked` (at the placement, as the AP closes) when the log shows none; the chance is
computed with every placement. The Siege Table roll (17.13:
"During his next AP, after the Siege Marker has been placed ... once per Action Phase") is
judged against the AP the marker was placed in, at the roll.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Final

from adjudicator.systems.common.actions import Action
from adjudicator.systems.common.outcomes import Check, Outcome
from adjudicator.systems.common.places import box
from adjudicator.systems.common.rulebook import RuleFamily
from adjudicator.systems.common.tables import RollTable
from adjudicator.systems.war_for_america.actions import (
    Combat,
    EntrenchmentBuilt,
    ForceMoved,
    FortBuilt,
    FortRolled,
    LossTaken,
    Retreated,
    SiegeAttempt,
    Surrendered,
    opponent,
)
from adjudicator.systems.war_for_america.data.models import Leader
from adjudicator.systems.war_for_america.data.vocabulary import Region
from adjudicator.systems.war_for_america.movement_points import (
    fort_construction_chance,
    movement_points,
)
from adjudicator.systems.war_for_america.procedure import (
    ACTION_CYCLE,
    NORTHERN_REGIONS,
    PulseClosed,
)
from adjudicator.systems.war_for_america.rules.context import Context, side_name
from adjudicator.systems.war_for_america.siege import siege_modifier, siege_odds
from adjudicator.systems.war_for_america.state import (
    ARMY_BOX_PREFIX,
    ARMY_SIDE,
    NATION_SIDE,
    Holding,
)

FORT_REGIONS: Final = frozenset({Region.CANADA, Region.FLORIDA, Region.NEW_ENGLAND,
                                 Region.MIDDLE_STATES, Region.TIDEWATER, Region.DEEP_SOUTH})
"""Where forts may be built: "any named space in Canada, Florida or the 13 Colonies"
(WfA 17.6; the 13 Colonies make up the four other Regions, 3.3)."""

WASHINGTON_REROLL: Final = 6
"""The face Washington re-rolls (WfA 11.10)."""

FAMILY = RuleFamily(
    "fortifications",
    frozenset({"WFA-FORT-01", "WFA-FORT-02", "WFA-FORT-03", "WFA-FORT-04", "WFA-SIEGE-01",
               "WFA-SIEGE-02", "WFA-SIEGE-03"}),
    actions=(FortBuilt, FortRolled, PulseClosed, EntrenchmentBuilt, SiegeAttempt, Combat,
             ForceMoved, Retreated, LossTaken, Surrendered),
)


def judge(action: Action, ctx: Context) -> Iterator[Outcome]:
    """Every fortification and siege check the action concerns."""
    if isinstance(action, FortBuilt):
        if action.completed:
            yield from fort_completed(action, ctx)
        else:
            yield from fort_begun(action, ctx)
        yield from fort_limit(action, ctx)
    elif isinstance(action, FortRolled) and action.side is not None:
        # The placement is the step a short roll makes illegal, whichever the log wrote
        # first (17.6: "If the SP get at least '4' MP, a fort counter ... is placed").
        yield from fort_roll(action.placed, action.side, action.space, action.roll, ctx)
    elif isinstance(action, PulseClosed):
        yield from fort_roll_unseen(action, ctx)
    elif isinstance(action, EntrenchmentBuilt):
        yield from entrenchment_built(action, ctx)
    elif isinstance(action, SiegeAttempt):
        yield from siege_laid(action, ctx)
        yield from siege_roll_timing(action, ctx)
        yield from siege_roll(action, ctx)
    elif isinstance(action, Combat):
        yield from siege_lifted_by_attack(action, ctx)
    if isinstance(action, (ForceMoved, Retreated)):
        yield from siege_lifted_by_leaving(action, ctx)
    if isinstance(action, ForceMoved):
        yield from fort_captured(action, ctx)
    if isinstance(action, (ForceMoved, Retreated, LossTaken, Surrendered)):
        yield from entrenchment_abandoned(action, ctx)


# --- forts (17.5-17.9) ----------------------------------------------------------------------


def fort_begun(action: FortBuilt, ctx: Context) -> Iterator[Outcome]:
    """WFA-FORT-01 (WfA 17.6): "Forts can be constructed by friendly SP, on any named space
    in Canada, Florida or the 13 Colonies by utilizing an AP and rolling for movement. If
    the SP get at least '4' MP, a fort counter on its 'Build' side is placed".

    Illegal: no friendly SP on the space; a space outside those Regions (the Caribbean);
    placed outside its side's own AP, or in an AP whose one action (9.3) already moved a
    force. The movement roll is not attached to the placement: unchecked, with the chance
    of 4 MP computed (W-3: leaderless 1/6, command 3 1/2, 0 in a Northern winter). A fort
    counter of the other side replacing a captured one (17.7) cannot be told from a build
    in the log: a placement with no friendly SP is therefore flagged only where the space
    holds no fort of the other side either."""
    space, side = action.space, action.side
    name = ctx.space_name(space)
    record = ctx.data.spaces.get(space)
    if record is None or record.region is None:
        yield Check.unchecked("WFA-FORT-01", action.step, f"a fort was begun at {name}, "
                              "whose Region the data does not give (forts only in Canada, "
                              "Florida and the 13 Colonies, WfA 17.6)",
                              needs=("space regions",), spaces=(space,))
    elif record.region not in FORT_REGIONS:
        yield Check.illegal("WFA-FORT-01", action.step, f"a fort was begun at {name} "
                            f"({record.region.value.replace('_', ' ').title()}); forts are "
                            "built only on named spaces in Canada, Florida or the 13 Colonies"
                            " (WfA 17.6)", spaces=(space,),
                            expected="Canada, Florida or the 13 Colonies",
                            observed=str(record.region))
    if side is None:
        return
    holding = ctx.state.space(space)
    if holding.sp_of(side) == 0 and not any(owner != side for owner, _ in holding.forts):
        yield Check.illegal("WFA-FORT-01", action.step, f"a {side_name(side)} fort was begun "
                            f"at {name}, where no {side_name(side)} SP stand; forts are built "
                            "by friendly SP on their space (WfA 17.6)", spaces=(space,),
                            expected="friendly SP on the space", observed="none")
    pulse = ctx.pulse
    if ctx.placement.known and ctx.placement.phase != ACTION_CYCLE:
        yield Check.illegal("WFA-FORT-01", action.step, f"a {side_name(side)} fort was begun "
                            f"at {name} outside the Action Cycle; building a fort utilizes an"
                            " AP (WfA 17.6)", spaces=(space,),
                            expected="an AP", observed=str(ctx.placement.phase))
    elif pulse is not None and pulse.side != side:
        yield Check.illegal("WFA-FORT-01", action.step, f"a {side_name(side)} fort was begun "
                            f"at {name} in the {side_name(pulse.side)} AP; building a fort "
                            "utilizes the builder's own AP (WfA 17.6)", spaces=(space,),
                            expected=f"a {side_name(side)} AP",
                            observed=f"the {side_name(pulse.side)} AP")
    elif pulse is not None and pulse.main is not None and pulse.main.value != "build_fort" \
            and pulse.cards_of(side):
        yield Check.unchecked("WFA-FORT-01", action.step, f"a fort was begun at {name} in an "
                              f"AP already spent ({pulse.main.value.replace('_', ' ')}), "
                              "after an Action Card was played in it: a card can be 'like "
                              "having an extra AP' (WfA 9.9) and its text trumps the rules "
                              "(20.2), but the card texts are not in the rulebook",
                              needs=("card texts",), spaces=(space,))
    elif pulse is not None and pulse.main is not None and pulse.main.value != "build_fort":
        yield Check.illegal("WFA-FORT-01", action.step, f"a fort was begun at {name} in an AP "
                            f"that was already spent ({pulse.main.value.replace('_', ' ')}); "
                            "building a fort utilizes the AP (WfA 17.6, 9.3)",
                            spaces=(space,), expected="the AP's one action",
                            observed=f"a {pulse.main.value.replace('_', ' ')} and a fort")
    yield from _construction_chance(action, ctx)
    if action.roll is not None:
        yield from fort_roll(action.step, side, space, action.roll, ctx)
    yield Check.done("WFA-FORT-01")


def _construction_chance(action: FortBuilt, ctx: Context) -> Iterator[Outcome]:
    """The chance the fort's movement roll gives 4 MP (WfA 17.6, 12.1-12.7, 18.1)."""
    side = action.side
    assert side is not None
    tables = ctx.data.tables
    record = ctx.data.spaces.get(action.space)
    winter_north = bool(ctx.placement.winter) and record is not None and (
        record.region is not None and record.region.value in NORTHERN_REGIONS)
    commands = [leader.command for leader in _leaders(ctx, ctx.state.space(action.space), side)]
    if commands and None in commands:
        yield Check.unchecked("WFA-FORT-01", action.step, f"the fort at "
                              f"{ctx.space_name(action.space)} needs a movement roll of 4 MP"
                              " (WfA 17.6); a leader's command value is not in the data",
                              needs=("leader command values",), spaces=(action.space,))
        return
    best = max((c for c in commands if c is not None), default=None)
    if best is None:
        roll = movement_points(tables, "leaderless", winter_north=winter_north)
    else:
        roll = movement_points(tables, "leader", command=best, winter_north=winter_north)
    chance = fort_construction_chance(tables, roll)
    yield Check.computed("fort_construction", action.step, "WFA-FORT-01",
                         f"P(movement roll >= {tables.t10.fort_construction_mp} MP) = "
                         f"{chance} ({float(chance):.4f})",
                         inputs={"space": action.space, "command": best,
                                 "winter_north": winter_north},
                         result={"chance": str(chance), "notes": "; ".join(roll.notes)})


def fort_roll_unseen(fact: PulseClosed, ctx: Context) -> Iterator[Outcome]:
    """WFA-FORT-01 (WfA 17.6) as the builder's AP closes: a 'Build' counter whose movement
    D6 the log never showed (neither before it nor right after it) is `unchecked`, at its
    placement."""
    for space, step in fact.pulse.forts_unrolled:
        yield Check.unchecked("WFA-FORT-01", step, f"whether the movement roll for the fort "
                              f"at {ctx.space_name(space)} gave at least "
                              f"{ctx.data.tables.t10.fort_construction_mp} MP (WfA 17.6) is "
                              "not shown: no D6 of the builder before or right after the "
                              "placement", needs=("the fort's movement roll",),
                              spaces=(space,))


def fort_roll(step: int, side: str, space: str, roll: int, ctx: Context) -> Iterator[Outcome]:
    """WFA-FORT-01 (WfA 17.6): "by utilizing an AP and rolling for movement. If the SP get at
    least '4' MP, a fort counter on its 'Build' side is placed." The builder's movement D6,
    written before or after the placement, judged at the placement it does not allow
    (`step`), read as a move from the space: leaderless D6 − 2, at
    least 1 (12.2); with a leader 4 MP when the D6 is at most his command, else 2
    (12.6-12.7; the best command present, the player's choice of commander, 12.5); 2 MP in
    a Winter AP in the Northern Regions (18.1). Unchecked: a card played in the AP (its
    text may change the MP, 9.9), Washington's 6 (re-rolled, 11.10), or an unknown command
    value."""
    tables = ctx.data.tables
    name = ctx.space_name(space)
    need = tables.t10.fort_construction_mp
    pulse = ctx.pulse
    if pulse is not None and pulse.cards_of(side):
        yield Check.unchecked("WFA-FORT-01", step, f"the fort's movement D6 of {roll} at {name}"
                              ": a card was played in this AP, whose text may change the MP "
                              "(WfA 9.9)", needs=("card texts",), spaces=(space,))
        return
    mp = _fort_mp(side, space, roll, ctx)
    if mp is None:
        yield Check.unchecked("WFA-FORT-01", step, f"the fort's movement D6 of {roll} at "
                              f"{name}: Washington re-rolls a 6 (WfA 11.10), or a leader's "
                              "command value is not in the data", spaces=(space,),
                              needs=("leader command values",))
        return
    if mp < need:
        yield Check.illegal("WFA-FORT-01", step, f"the {side_name(side)} fort at {name} was "
                            f"begun on a movement D6 of {roll}, which gives {mp} MP; the SP "
                            f"must get at least '{need}' MP to place it (WfA 17.6)",
                            spaces=(space,), expected=f"at least {need} MP",
                            observed=f"{mp} MP (D6 {roll})")
    yield Check.done("WFA-FORT-01")


def _fort_mp(side: str, space: str, roll: int, ctx: Context) -> int | None:
    """The MP a movement D6 of `roll` gives the builders at `space` (WfA 12.1-12.7, 18.1);
    None: Washington's 6 (re-rolled, 11.10) or an unknown command value."""
    t10 = ctx.data.tables.t10
    record = ctx.data.spaces.get(space)
    if bool(ctx.placement.winter) and record is not None and (
            record.region is not None and record.region.value in NORTHERN_REGIONS):
        return t10.winter_north
    leaders = _leaders(ctx, ctx.state.space(space), side)
    if not leaders:
        return max(roll + t10.leaderless_die_modifier, t10.leaderless_minimum)
    commands = [leader.command for leader in leaders]
    if None in commands:
        return None
    if roll == WASHINGTON_REROLL and any(leader.id == "washington" for leader in leaders):
        return None
    best = max(c for c in commands if c is not None)
    return t10.with_leader if roll <= best else t10.failed_activation


def fort_completed(action: FortBuilt, ctx: Context) -> Iterator[Outcome]:
    """WFA-FORT-01 (WfA 17.6, 9.10): "In the player's next AP, it is flipped to its fort
    side, at no AP cost." A flip in the other side's AP, outside the Action Cycle, or in
    the very AP its 'Build' counter was placed in (`Pulse.forts_begun`) is illegal.
    (Whether a later flip is in the next AP, not one after it, is not judged.)"""
    side = action.side
    if side is None:
        return
    pulse = ctx.pulse
    name = ctx.space_name(action.space)
    if ctx.placement.known and ctx.placement.phase != ACTION_CYCLE:
        yield Check.illegal("WFA-FORT-01", action.step, f"the {side_name(side)} fort at {name}"
                            " was completed outside the Action Cycle; it is flipped in the "
                            "player's next AP (WfA 17.6)", spaces=(action.space,),
                            expected="the builder's next AP", observed=str(ctx.placement.phase))
    elif pulse is not None and pulse.side != side:
        yield Check.illegal("WFA-FORT-01", action.step, f"the {side_name(side)} fort at {name}"
                            f" was completed in the {side_name(pulse.side)} AP; it is flipped "
                            "in the builder's next AP (WfA 17.6)", spaces=(action.space,),
                            expected=f"a {side_name(side)} AP",
                            observed=f"the {side_name(pulse.side)} AP")
    elif pulse is not None and action.space in pulse.forts_begun:
        yield Check.illegal("WFA-FORT-01", action.step, f"the {side_name(side)} fort at {name}"
                            " was flipped to its fort side in the AP its 'Build' counter was "
                            "placed in; it is flipped 'In the player's next AP' (WfA 17.6)",
                            spaces=(action.space,), expected="the builder's next AP",
                            observed="the AP it was begun in")
    yield Check.done("WFA-FORT-01")


def fort_limit(action: FortBuilt, ctx: Context) -> Iterator[Outcome]:
    """WFA-FORT-02 (WfA 17.8): "Each side cannot build/have more than '6' forts" — counted
    on the map after the placement, 'Build' sides included."""
    side = action.side
    if side is None:
        return
    limit = ctx.data.tables.t16.value("forts_per_side")
    where = [key for key, holding in ctx.state.spaces()
             for owner, _ in holding.forts if owner == side]
    if len(where) > limit:
        yield Check.illegal("WFA-FORT-02", action.step, f"the {side_name(side)} now has "
                            f"{len(where)} forts on the map; each side can have no more than "
                            f"{limit} (WfA 17.8)", spaces=(action.space,),
                            expected=f"at most {limit}", observed=str(len(where)))
    yield Check.done("WFA-FORT-02")


def fort_captured(action: ForceMoved, ctx: Context) -> Iterator[Outcome]:
    """WFA-FORT-03 (WfA 17.7): "If there are no enemy SP, the attacking player 'captures' the
    fort and replaces it with one of his own" — a reminder when a force enters a space
    whose enemy fort stands with no enemy SP or garrison (a fort with a garrison alone is
    overrun first, 17.9). The other half of the rule, voluntary destruction only with no
    enemy SP present (17.6), needs the fort's removal, which the log's actions do not
    give."""
    side = action.side
    if side is None:
        return
    enemy = opponent(side)
    here = ctx.state.space(action.destination)
    if not any(owner == enemy for owner, _ in here.forts):
        return
    if here.sp_of(enemy) == 0 and not _garrisoned(here, enemy) and here.sp_of(side) > 0:
        yield Check.reminder("WFA-FORT-03", action.step, f"the {side_name(side)} force entered"
                             f" {ctx.space_name(action.destination)}, whose "
                             f"{side_name(enemy)} fort has no SP: it is captured and replaced "
                             f"by a {side_name(side)} fort (WfA 17.7)",
                             spaces=(action.destination,))
    yield Check.done("WFA-FORT-03")


# --- entrenchments (17.10-17.12) -------------------------------------------------------------


def entrenchment_built(action: EntrenchmentBuilt, ctx: Context) -> Iterator[Outcome]:
    """WFA-FORT-04 (WfA 17.11) and WFA-FORT-02 (17.12).

    17.11: entrenchments "enhance the defence of all SP on the space. They cannot be built
    in the Caribbean or any space with a fortress or fort. They are immediately removed
    when no friendly SP are present": one placed where no friendly SP stand is illegal.
    17.12: "Each side can build no more than '6' entrenchments." The 2 MP they cost are
    part of a move whose MP the log does not show; not judged."""
    side, space = action.side, action.space
    name = ctx.space_name(space)
    record = ctx.data.spaces.get(space)
    holding = ctx.state.space(space)
    if record is not None and record.region is Region.CARIBBEAN:
        yield Check.illegal("WFA-FORT-04", action.step, f"an entrenchment was built at {name}"
                            " in the Caribbean; entrenchments cannot be built there (WfA "
                            "17.11)", spaces=(space,))
    if (record is not None and record.fortress) or holding.markers["fortress"]:
        yield Check.illegal("WFA-FORT-04", action.step, f"an entrenchment was built at {name}"
                            ", a fortress; entrenchments cannot be built on a space with a "
                            "fortress or fort (WfA 17.11)", spaces=(space,))
    elif holding.forts:
        yield Check.illegal("WFA-FORT-04", action.step, f"an entrenchment was built at {name}"
                            ", which has a fort; entrenchments cannot be built on a space with"
                            " a fortress or fort (WfA 17.11)", spaces=(space,))
    if record is None or record.region is None:
        yield Check.unchecked("WFA-FORT-04", action.step, f"whether {name} is in the Caribbean"
                              " (no entrenchments there, WfA 17.11) needs its Region",
                              needs=("space regions",), spaces=(space,))
    if side is not None and holding.sp_of(side) == 0:
        yield Check.illegal("WFA-FORT-04", action.step, f"a {side_name(side)} entrenchment was"
                            f" built at {name}, where no {side_name(side)} SP stand; it "
                            "enhances the SP on its space and is removed when none are "
                            "present (WfA 17.11)", spaces=(space,),
                            expected="friendly SP on the space", observed="none")
    yield Check.done("WFA-FORT-04")
    if side is None:
        return
    limit = ctx.data.tables.t16.value("entrenchments_per_side")
    count = sum(owner == side for _, holding_ in ctx.state.spaces()
                for owner in holding_.entrenchments)
    if count > limit:
        yield Check.illegal("WFA-FORT-02", action.step, f"the {side_name(side)} now has "
                            f"{count} entrenchments on the map; each side can build no more "
                            f"than {limit} (WfA 17.12)", spaces=(space,),
                            expected=f"at most {limit}", observed=str(count))
    yield Check.done("WFA-FORT-02")


def entrenchment_abandoned(action: ForceMoved | Retreated | LossTaken | Surrendered,
                           ctx: Context) -> Iterator[Outcome]:
    """WFA-FORT-04 (WfA 17.11): entrenchments "are immediately removed when no friendly SP
    are present" — a reminder when the last friendly SP left or were lost and the
    entrenchment is still there after the step."""
    side = action.side
    space = action.origin if isinstance(action, (ForceMoved, Retreated)) else action.space
    if side is None:
        return
    holding = ctx.state.space(space)
    if side in holding.entrenchments and holding.sp_of(side) == 0:
        yield Check.reminder("WFA-FORT-04", action.step, f"no {side_name(side)} SP are left "
                             f"at {ctx.space_name(space)}: its {side_name(side)} entrenchment "
                             "is removed at once (WfA 17.11)", spaces=(space,))


# --- sieges (17.13-17.17, 12.18, 11.25) ------------------------------------------------------


def siege_laid(action: SiegeAttempt, ctx: Context) -> Iterator[Outcome]:
    """WFA-SIEGE-01 (WfA 17.13, 12.18, 11.25): "Only an army, not a force, can lay siege to
    a manned fortress or fort", when all of: the besieger has a leader present; "This
    leader and his SP must begin the AP on the space to be besieged"; "He must pass his
    activation roll which does not expend the AP. At this point, a Siege Marker is placed".

    Illegal: no army of the besieger on the space; no fortress or enemy fort there; no
    enemy SP or garrison to besiege; the besieger's force moved onto the space in this AP
    (12.18: the marker comes "the next turn"); a Siege Marker placed in the other side's
    AP; an activation D6 above every present leader's command value (11.10: Washington
    re-rolls a 6, so a 6 of his is left unchecked)."""
    # A marker has no side of its own: the log's player, else the AP's (its own, 17.13).
    side = action.side or (ctx.pulse.side if ctx.pulse is not None else None)
    if not action.marker_placed or side is None:
        return
    space = action.space
    name = ctx.space_name(space)
    holding = ctx.state.space(space)
    enemy = opponent(side)
    armies = [army for army in holding.armies if ARMY_SIDE.get(army) == side]
    if not armies:
        yield Check.illegal("WFA-SIEGE-01", action.step, f"a Siege Marker was placed at {name}"
                            f" with no {side_name(side)} army there; only an army, not a "
                            "force, can lay siege (WfA 17.13, 11.25)", spaces=(space,),
                            expected="an army", observed="no army")
    record = ctx.data.spaces.get(space)
    fortress = (record is not None and record.fortress) or holding.markers["fortress"] > 0
    enemy_fort = any(owner == enemy for owner, _ in holding.forts)
    if not fortress and not enemy_fort:
        yield Check.illegal("WFA-SIEGE-01", action.step, f"a Siege Marker was placed at {name}"
                            ", which has no fortress or enemy fort; sieges are laid to a "
                            "fortress or fort (WfA 17.13, 12.18)", spaces=(space,))
    elif holding.sp_of(enemy) == 0 and not _garrisoned(holding, enemy):
        yield Check.illegal("WFA-SIEGE-01", action.step, f"a Siege Marker was placed at {name}"
                            f", where no {side_name(enemy)} SP or garrison stand; only a "
                            "manned fortress or fort is besieged (WfA 17.13, 12.18)",
                            spaces=(space,))
    pulse = ctx.pulse
    if pulse is not None and pulse.side != side:
        yield Check.illegal("WFA-SIEGE-01", action.step, f"the {side_name(side)} placed a "
                            f"Siege Marker at {name} in the {side_name(pulse.side)} AP; the "
                            "besieger rolls for activation in his own AP (WfA 17.13)",
                            spaces=(space,))
    elif pulse is not None and pulse.force_space == space and pulse.origin not in (None, space):
        yield Check.illegal("WFA-SIEGE-01", action.step, f"the army moved onto {name} in this "
                            "AP (from " + ctx.space_name(pulse.origin or "") + "); the leader "
                            "and his SP must begin the AP on the space to be besieged (WfA "
                            "17.13; the marker comes the next turn, 12.18)", spaces=(space,))
    yield from _activation(action, ctx, side, armies)
    yield Check.done("WFA-SIEGE-01")


def _activation(action: SiegeAttempt, ctx: Context, side: str,
                armies: list[str]) -> Iterator[Outcome]:
    """The siege's activation roll: D6 at most the leader's command (WfA 12.6, 17.13)."""
    roll = action.activation_roll
    name = ctx.space_name(action.space)
    leaders = _leaders(ctx, ctx.state.space(action.space), side)
    for army in armies:
        leaders += _leaders(ctx, ctx.state.at(box(ARMY_BOX_PREFIX + army)), side)
    if roll is None:
        yield Check.unchecked("WFA-SIEGE-01", action.step, f"the activation roll for the siege"
                              f" of {name} is not in the log (WfA 17.13)",
                              needs=("the siege activation D6",), spaces=(action.space,))
        return
    if not leaders:
        yield Check.unchecked("WFA-SIEGE-01", action.step, f"no {side_name(side)} leader is "
                              f"seen with the besiegers of {name} (the besieger must have a "
                              "leader present, WfA 17.13)", needs=("the army's leaders",),
                              spaces=(action.space,))
        return
    commands = [leader.command for leader in leaders]
    if None in commands:
        yield Check.unchecked("WFA-SIEGE-01", action.step, f"the siege activation D6 of "
                              f"{roll} at {name}: a leader's command value is not in the data",
                              needs=("leader command values",), spaces=(action.space,))
        return
    best = max(c for c in commands if c is not None)
    washington = any(leader.id == "washington" for leader in leaders)
    if roll > best and not (washington and roll == 6):
        yield Check.illegal("WFA-SIEGE-01", action.step, f"the Siege Marker was placed at "
                            f"{name} after an activation D6 of {roll}, above the command "
                            f"value {best}; it is placed only when the activation roll "
                            "passes (WfA 17.13, 12.6)", spaces=(action.space,),
                            expected=f"D6 <= {best}", observed=str(roll))
    elif washington and roll == 6:
        yield Check.unchecked("WFA-SIEGE-01", action.step, f"Washington's 6 at {name} is "
                              "re-rolled (WfA 11.10); the re-roll is not attached",
                              needs=("Washington's re-roll",), spaces=(action.space,))


def siege_roll_timing(action: SiegeAttempt, ctx: Context) -> Iterator[Outcome]:
    """WFA-SIEGE-01 (WfA 17.13): "During his next AP, after the Siege Marker has been
    placed, the besieger rolls a D12 once per Action Phase on the Siege Table". Illegal, at
    the roll: a Siege Table D12 in the very AP the marker was placed in (the marker's AP is
    spent on the activation roll; the first Siege Table roll comes in the next one), or a
    second D12 for the same siege in one AP."""
    pulse = ctx.pulse
    if action.table_roll is None or pulse is None:
        return
    name = ctx.space_name(action.space)
    if action.space in pulse.sieges:
        yield Check.illegal("WFA-SIEGE-01", action.step, f"the Siege Table D12 at {name} was "
                            "rolled in the AP the Siege Marker was placed in; the besieger "
                            "rolls it 'During his next AP, after the Siege Marker has been "
                            "placed' (WfA 17.13)", spaces=(action.space,),
                            expected="the besieger's next AP", observed="the marker's own AP")
    elif action.space in pulse.siege_rolls:
        yield Check.illegal("WFA-SIEGE-01", action.step, f"a second Siege Table D12 at {name} "
                            "in one AP; the besieger rolls it 'once per Action Phase' (WfA "
                            "17.13)", spaces=(action.space,), expected="one D12 per AP",
                            observed="two")
    yield Check.done("WFA-SIEGE-01")


def siege_roll(action: SiegeAttempt, ctx: Context) -> Iterator[Outcome]:
    """WFA-SIEGE-02 (WfA 17.14, 19.16): "The only modifier is if a Siege Action Card is
    played or Rochambeau lands the Siege Mortar unit. Leaders' combat abilities are not
    utilized": the mortar adds +4. With a Siege Table roll and the table, the result is
    read and compared with the surrender the log shows; the odds are computed when the
    marker is placed. A Siege card's modifier is printed on the card (not in the data):
    with one played this AP the roll is left unchecked."""
    table = ctx.data.tables.siege
    name = ctx.space_name(action.space)
    mortar = ctx.state.space(action.space).markers["mortar"] > 0
    modifier = siege_modifier(ctx.data.tables, mortar=mortar)
    if table is None:
        yield Check.unchecked("WFA-SIEGE-02", action.step, f"the siege of {name}: the Siege "
                              "Table is not in the data", needs=("siege table",),
                              spaces=(action.space,))
        return
    card = _siege_card_played(ctx)
    if action.marker_placed:
        odds = siege_odds(table, modifier, rolls=3)
        yield Check.computed("siege", action.step, "WFA-SIEGE-02",
                             f"P(surrender) per Siege Table roll = {odds.per_roll} "
                             f"({float(odds.per_roll):.4f}); within 3 rolls "
                             f"{float(odds.within[-1]):.4f}",
                             inputs={"space": action.space, "modifier": modifier,
                                     "mortar": mortar},
                             result={"per_roll": str(odds.per_roll),
                                     "within_2": str(odds.within[1]),
                                     "within_3": str(odds.within[2])},
                             probabilities={"surrender_per_roll": odds.per_roll,
                                            "surrender_within_2": odds.within[1],
                                            "surrender_within_3": odds.within[2]})
    roll = action.table_roll
    if roll is None:
        yield Check.done("WFA-SIEGE-02")
        return
    if card:
        yield Check.unchecked("WFA-SIEGE-02", action.step, f"the Siege Table roll of {roll} at"
                              f" {name} is modified by the Siege card played this AP, whose "
                              "modifier is printed on the card", needs=("card texts",),
                              spaces=(action.space,))
        return
    result = RollTable.from_rows(table.rows).read(roll + modifier)
    if action.surrendered is not None and action.surrendered != (result == "surrender"):
        yield Check.illegal("WFA-SIEGE-02", action.step, f"the Siege Table roll of {roll}"
                            f"{f' +{modifier}' if modifier else ''} at {name} reads "
                            f"'{result.replace('_', ' ')}', but the log shows "
                            f"{'a surrender' if action.surrendered else 'no surrender'} "
                            "(WfA 17.14: no other modifier, no leader ratings)",
                            spaces=(action.space,), expected=result,
                            observed="surrender" if action.surrendered else "no effect")
    yield Check.done("WFA-SIEGE-02")


def siege_lifted_by_attack(action: Combat, ctx: Context) -> Iterator[Outcome]:
    """WFA-SIEGE-03 (WfA 17.13, 17.15): "Any time the besieger is attacked, the Siege
    Marker is removed" — by the besieged or an outside force. A battle on a besieged space
    whose attacker is not the besieger, with the marker still there after the step, gets
    a reminder. (The besieger assaulting instead keeps it: no rule removes it.)"""
    holding = ctx.state.space(action.space)
    if not holding.markers["siege"] or action.side is None:
        return
    besiegers = {ARMY_SIDE[army] for army in holding.armies if army in ARMY_SIDE}
    if besiegers and action.side not in besiegers:
        yield Check.reminder("WFA-SIEGE-03", action.step, f"the besieger at "
                             f"{ctx.space_name(action.space)} was attacked: the Siege Marker "
                             "is removed (WfA 17.13, 17.15)", spaces=(action.space,))
    yield Check.done("WFA-SIEGE-03")


def siege_lifted_by_leaving(action: ForceMoved | Retreated, ctx: Context) -> Iterator[Outcome]:
    """WFA-SIEGE-03 (WfA 17.17): "When the original besieging force leaves the space, the
    siege is instantly over and the Siege Marker is removed" — a reminder when no army of
    the moving side is left on a space that still holds the marker."""
    side = action.side
    holding = ctx.state.space(action.origin)
    if side is None or not holding.markers["siege"]:
        return
    enemy = opponent(side)
    besieged = any(owner == side for owner, _ in holding.forts) or (
        holding.sp_of(side) > 0 and not any(ARMY_SIDE.get(a) == side for a in holding.armies)
        and any(ARMY_SIDE.get(a) == enemy for a in holding.armies))
    if besieged:
        return
    if not any(ARMY_SIDE.get(army) == side for army in holding.armies):
        yield Check.reminder("WFA-SIEGE-03", action.step, f"the besieging force left "
                             f"{ctx.space_name(action.origin)}: the siege is over and the "
                             "Siege Marker is removed (WfA 17.17)", spaces=(action.origin,))
    yield Check.done("WFA-SIEGE-03")


# --- helpers ---------------------------------------------------------------------------------


def _garrisoned(holding: Holding, side: str) -> bool:
    """Whether a garrison counter of `side` is in the holding (WfA 19.18)."""
    return any(NATION_SIDE.get(nation) == side for nation in holding.garrisons)


def _leaders(ctx: Context, holding: Holding, side: str) -> list[Leader]:
    """The data's records of the leaders of `side` in a holding (unknown leaders left out)."""
    found: list[Leader] = []
    for leader_id in holding.leaders:
        record = ctx.data.leaders.get(leader_id)
        if record is not None and str(record.side) == side:
            found.append(record)
    return found


def _siege_card_played(ctx: Context) -> bool:
    """Whether a card titled 'Siege' was played in this AP (WfA 17.14)."""
    pulse = ctx.pulse
    if pulse is None:
        return False
    return any(ctx.cards.card_name(card).casefold().startswith("siege")
               for _, card in pulse.cards)


__all__ = ["FAMILY", "FORT_REGIONS", "judge", "siege_roll_timing"]
