"""Armies (digest §4.13 ARMY; WfA 11.17–11.25, 19.18–19.19; table T-9).

- WFA-ARMY-01 (11.20): an army marker placed on the map (`ArmyCreated`) is judged against
  the six conditions of Army Creation, on the position after the step (the units on the
  space and already on the army's card).
- WFA-ARMY-02 (11.22): at the end of every Action Pulse no army's card holds more than 20
  SP. (Falling below 5 SP "voluntarily" needs to know why SP left — combat or detachment —
  and is not judged.)
- WFA-ARMY-03 (11.25, 19.18–19.19): a British garrison counter left behind by a moving
  force must be left by an army, on an empty or friendly space; a second one in the same
  move is a CHECK (digest §8 A-24).
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from types import MappingProxyType
from typing import Final

from adjudicator.findings import Severity
from adjudicator.systems.common.actions import Action
from adjudicator.systems.common.outcomes import Check, Outcome, Violation
from adjudicator.systems.common.places import Place, PlaceKind, box
from adjudicator.systems.common.rulebook import RuleFamily
from adjudicator.systems.war_for_america.actions import (
    BRITISH,
    COLONIAL,
    ArmyCreated,
    DroppedOff,
    opponent,
)
from adjudicator.systems.war_for_america.data.vocabulary import Nation, Region
from adjudicator.systems.war_for_america.procedure import PulseClosed
from adjudicator.systems.war_for_america.rules.context import Context, side_name
from adjudicator.systems.war_for_america.rules.control import (
    fleet_near,
    regular_sp,
    side_sp,
    space_control,
)
from adjudicator.systems.war_for_america.rules.naval import blockade
from adjudicator.systems.war_for_america.state import ARMY_BOX_PREFIX, ARMY_SIDE, Holding

FIRST_YEAR: Final = 1776
"""WfA 11.20: "It is 1776 or later"."""
CREATION_REGULARS: Final = 5
"""WfA 11.20: "It has at least '5' SP of regulars"."""
ARMY_STARS: Final = 3
"""WfA 11.20: "It has a leader with ★★★ rank"."""
ARMY_MAX: Final = 20
"""WfA 11.22: an army can never "exceed its maximum capacity of '20'"."""
BRITISH_GARRISON: Final = "garrison:british"

NORTHERN: Final = frozenset({Region.CANADA, Region.NEW_ENGLAND, Region.MIDDLE_STATES})
ARMY_REGIONS: Mapping[str, frozenset[Region] | None] = MappingProxyType({
    "n_british": NORTHERN, "n_colonial": NORTHERN,
    "s_british": frozenset({Region.DEEP_SOUTH, Region.TIDEWATER}),
    "s_colonial": frozenset({Region.DEEP_SOUTH, Region.TIDEWATER}),
    "r": frozenset({Region.NEW_ENGLAND, Region.MIDDLE_STATES}),
    "w": None,
})
"""Where each army operates (WfA 11.19, T-9): both N armies the Northern Regions, both S
armies the Deep South and Tidewater, the Royal Army New England and the Middle States;
Washington's army (None here) the 13 Colonies."""

FAMILY = RuleFamily(
    "armies",
    frozenset({"WFA-ARMY-01", "WFA-ARMY-02", "WFA-ARMY-03"}),
    actions=(ArmyCreated, PulseClosed, DroppedOff),
)


def judge(action: Action, ctx: Context) -> Iterator[Outcome]:
    """The army rules of one action."""
    if isinstance(action, ArmyCreated):
        yield from army_creation(action, ctx)
    elif isinstance(action, PulseClosed):
        yield from army_size(action, ctx)
    elif isinstance(action, DroppedOff) and BRITISH_GARRISON in action.units:
        yield from garrison_dropped(action, ctx)


def army_box(army: str) -> Place:
    """An army's box on the Army Organization Cards (WfA 3.2, 11.21)."""
    return box(f"{ARMY_BOX_PREFIX}{army}")


def loc_here(ctx: Context, space: str, side: str) -> bool | None:
    """Whether `space` is itself a supply source of `side` (then a force there has an LOC;
    None: not known here). WfA 16.2: for the British a coastal space not under enemy
    control or blockade, or a magazine; 16.3: for the Colonials a control/key space not
    under enemy control or blockade, or a magazine. Whether a Colonial coastal key space
    is blockaded by a British fleet is not stated, so that case is left unknown."""
    record = ctx.data.spaces.get(space)
    here = ctx.state.space(space)
    if side in here.magazines:
        return True
    control = space_control(ctx, space)
    if record is None or not control.known:
        return None
    if control.side == opponent(side):
        return None
    if side == BRITISH:
        # 14.25: blockaded by "an enemy fleet" -- French, Spanish or Dutch.
        if record.coastal and record.obz is not None \
                and blockade(ctx, space, BRITISH).blockaded is False:
            return True
        return None
    if not record.is_key:
        return None
    if record.coastal is False:
        return True
    if record.coastal and record.obz is not None \
            and not fleet_near(ctx, space, record.obz, Nation.BRITISH):
        return True
    return None


def _leaders(here: Holding, card: Holding) -> list[str]:
    return [*here.leaders, *card.leaders]


def army_creation(action: ArmyCreated, ctx: Context) -> Iterator[Outcome]:
    """WFA-ARMY-01 (WfA 11.20): "an army can be created by expending the pulse. All six
    following conditions must apply: It is 1776 or later. It has at least '5' SP of
    regulars. It is on a friendly named space not under siege. It has an LOC. It has a
    leader with ★★★ rank. The army's name matches the Region in which it can operate."
    Every condition that fails is named; one not known (data, LOC beyond the space) is
    `unchecked` when none fails."""
    side = ARMY_SIDE.get(action.army)
    name = ctx.space_name(action.space)
    if side is None or action.replaces is not None:
        return  # 11.23: a replacement, not a creation (MOV-13 judges the Region)
    here = ctx.state.space(action.space)
    card = ctx.state.at(army_box(action.army))
    broken: list[str] = []
    unknown: list[str] = []
    year = ctx.procedure.year
    if year is None:
        unknown.append("the year")
    elif year < FIRST_YEAR:
        broken.append(f"it is {year}, and armies are created from 1776")
    regulars = regular_sp(here, side) + regular_sp(card, side)
    if regulars < CREATION_REGULARS:
        broken.append(f"it has {regulars} SP of regulars, fewer than {CREATION_REGULARS}")
    if here.markers.get("siege", 0) > 0:
        broken.append(f"{name} is under siege")
    control = space_control(ctx, action.space)
    if not control.known:
        unknown.append(f"who controls {name}")
    elif control.side != side:
        broken.append(f"{name} is not friendly ({control.why})")
    stars = [ctx.data.leaders[leader].stars if leader in ctx.data.leaders else None
             for leader in _leaders(here, card)
             if leader not in ctx.data.leaders
             or str(ctx.data.leaders[leader].side) == side]
    if ARMY_STARS not in stars:
        if None in stars:
            unknown.append("the rank of its leader")
        else:
            broken.append(f"no {side_name(side)} leader of {ARMY_STARS}★ rank is with it")
    record = ctx.data.spaces.get(action.space)
    if record is None or record.region is None:
        unknown.append(f"the Region of {name}")
    else:
        regions = ARMY_REGIONS.get(action.army)
        fits = record.colony is not None if regions is None else record.region in regions
        if not fits:
            broken.append(f"{name} ({record.region}) is outside the Region(s) army "
                          f"{action.army.upper().split('_')[0]} operates in (WfA 11.19)")
    if not broken and loc_here(ctx, action.space, side) is not True:
        unknown.append(f"its LOC (WfA 16.0; {name} is not itself a supply source)")
    if broken:
        yield Check.illegal("WFA-ARMY-01", action.step, f"army {action.army} was created at "
                            f"{name}, but {'; '.join(broken)} (WfA 11.20: all six conditions "
                            "must apply)", spaces=(action.space,),
                            pieces=(f"army:{action.army}",))
        yield Check.done("WFA-ARMY-01")
        return
    if unknown:
        yield Check.unchecked("WFA-ARMY-01", action.step, f"army {action.army} created at "
                              f"{name}: {', '.join(unknown)} not known (WfA 11.20)",
                              needs=tuple(unknown), spaces=(action.space,))
        return
    yield Check.done("WFA-ARMY-01")


def army_size(fact: PulseClosed, ctx: Context) -> Iterator[Outcome]:
    """WFA-ARMY-02 (WfA 11.22): "An army can … neither … exceed its maximum capacity of
    '20'" — every army of the pulse's side, on its card, at the pulse's end."""
    for army, where in sorted(ctx.state.army_at.items()):
        if ARMY_SIDE.get(army) != fact.pulse.side or where.kind is not PlaceKind.SPACE:
            continue
        sp = ctx.state.at(army_box(army)).total_sp
        if sp > ARMY_MAX:
            yield Check.illegal("WFA-ARMY-02", fact.left_at, f"army {army} holds {sp} SP at the "
                                f"end of the {side_name(fact.pulse.side)} AP; an army never "
                                f"exceeds {ARMY_MAX} SP (WfA 11.22)",
                                spaces=(where.key,), pieces=(f"army:{army}",),
                                expected=f"≤ {ARMY_MAX} SP", observed=f"{sp} SP")
        yield Check.done("WFA-ARMY-02")


def garrison_dropped(action: DroppedOff, ctx: Context) -> Iterator[Outcome]:
    """WFA-ARMY-03 (WfA 19.18: British garrison counters "Are placed only by armies";
    19.19: "At any point during a British army's movement, it can leave a single garrison
    marker on an empty or friendly space"; 11.25: "on any space through which his army
    moves"). One per move (digest §8 A-24): a second is a CHECK (11.25's reading allows
    it)."""
    pulse = ctx.pulse
    name = ctx.space_name(action.space)
    if pulse is None:
        yield Check.unchecked("WFA-ARMY-03", action.step, f"a British garrison was left on "
                              f"{name}; whose move it was is not known",
                              needs=("the Action Pulse",), spaces=(action.space,))
        return
    armies = [unit for unit in pulse.moved if unit.startswith("army:")]
    if not armies:
        yield Check.illegal("WFA-ARMY-03", action.step, f"a British garrison counter was left "
                            f"on {name} by a force that is not an army; British garrisons "
                            "are placed only by armies (WfA 19.18–19.19)",
                            spaces=(action.space,), pieces=(BRITISH_GARRISON,))
    here = ctx.state.space(action.space)
    if side_sp(here, COLONIAL) > 0 and side_sp(here, BRITISH) == 0:
        yield Check.illegal("WFA-ARMY-03", action.step, f"a British garrison was left on "
                            f"{name}, which holds Colonial SP; it goes on an empty or "
                            "friendly space (WfA 19.19)", spaces=(action.space,),
                            pieces=(BRITISH_GARRISON,))
    if BRITISH_GARRISON in pulse.dropped:
        yield Violation("WFA-ARMY-03", action.step, Severity.CHECK, f"a second British "
                        f"garrison was left (on {name}) in one army move; 19.19 allows "
                        "\"a single garrison marker\", 11.25 garrisons \"on any space through "
                        "which his army moves\" (digest §8 A-24 reads one per move)",
                        spaces=(action.space,))
    yield Check.done("WFA-ARMY-03")


__all__ = ["ARMY_MAX", "ARMY_REGIONS", "FAMILY", "army_box", "judge", "loc_here"]
