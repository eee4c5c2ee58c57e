"""Control of spaces and colonies (digest §4.12 CTL; WfA 4.6–4.13, 6.7).

Who controls a space follows from what stands on it, every step (WfA 4.11: "A vacant
space reverts control back to its original owner"), so `space_control` reads it off the
position; `british_colony` says whether the British control a colony (4.10). The other
families (Political Will, victory, raising units) ask these two; each answer names the
rule that decided it, so that a rule is counted as applied only when it really was.

The one rule judged on its own here is WFA-CTL-05 (WfA 6.7): all through 1775 the British
keep 4 SP in Boston unless driven out; Action Card #24 lets them refuse, at 1 PW (20.2).
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from typing import Final

from adjudicator.systems.common.actions import Action
from adjudicator.systems.common.outcomes import Check, Outcome
from adjudicator.systems.common.places import Place, PlaceKind
from adjudicator.systems.common.rulebook import RuleFamily
from adjudicator.systems.war_for_america.actions import (
    BRITISH,
    COLONIAL,
    ForceMoved,
    NavalTransport,
)
from adjudicator.systems.war_for_america.data.vocabulary import (
    COLONY_REGION,
    Colony,
    Nation,
    Owner,
    Region,
)
from adjudicator.systems.war_for_america.rules.context import Context
from adjudicator.systems.war_for_america.rules.naval import blockade
from adjudicator.systems.war_for_america.state import NATION_SIDE, Holding

REGULARS: Final = frozenset({"british", "german", "continental", "french", "spanish",
                             "dutch"})
"""Regular SP (WfA 10.7, 13.0 Step 8, 19.18; digest 1.2): not militia, Loyalists, Six
Nations or garrison counters."""
BOSTON: Final = "boston"
BOSTON_GARRISON: Final = 4
"""WfA 6.7: "the British must maintain a garrison of '4' SP in Boston" all through 1775."""
CARD_24: Final = "parliamentary_repressive_measures"
"""Action Card #24, which lets the British refuse the Boston garrison (WfA 20.2)."""
_IN_PLAY: Final = frozenset({PlaceKind.DECK, PlaceKind.HAND, PlaceKind.SET_ASIDE})
"""Where a card stands that has not been played."""

FAMILY = RuleFamily(
    "control",
    frozenset({"WFA-CTL-01", "WFA-CTL-02", "WFA-CTL-03", "WFA-CTL-04", "WFA-CTL-05"}),
    actions=(ForceMoved, NavalTransport),
)


@dataclass(frozen=True, slots=True)
class Control:
    """Who controls a space: `side` (None: nobody), or not `known` and why."""

    side: str | None
    known: bool
    rule: str
    """The catalog rule that decided (WFA-CTL-01, -02, -04; 4.8 is read with CTL-01)."""
    why: str
    needs: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class ColonyControl:
    """Whether the British control a colony (None: not known, and why)."""

    british: bool | None
    why: str
    needs: tuple[str, ...] = ()
    rules: tuple[str, ...] = ()
    """The control rules applied on the way (for `Check.done`)."""


def owner_side(owner: Owner | None) -> str | None:
    """The side of a space's original owner (French, Spanish and Dutch spaces are the
    Colonial side's, digest §8 A-31)."""
    if owner is None:
        return None
    return BRITISH if owner is Owner.BRITISH else COLONIAL


def side_sp(here: Holding, side: str, without: Mapping[str, int] | None = None) -> int:
    """SP of one side on a holding, less `without` (nation → SP just placed there)."""
    less = without or {}
    return sum(max(0, n - less.get(nation, 0)) for nation, n in here.sp.items()
               if NATION_SIDE.get(nation) == side)


def regular_sp(here: Holding, side: str, without: Mapping[str, int] | None = None) -> int:
    """Regular SP of one side on a holding (WfA 10.7; garrisons never count, 19.18)."""
    less = without or {}
    return sum(max(0, n - less.get(nation, 0)) for nation, n in here.sp.items()
               if nation in REGULARS and NATION_SIDE.get(nation) == side)


def garrisons(here: Holding, side: str) -> int:
    """Garrison counters of one side on a holding (WfA 19.18)."""
    return sum(n for nation, n in here.garrisons.items() if NATION_SIDE.get(nation) == side)


def fleet_near(ctx: Context, space: str, obz: str | None, nation: Nation) -> bool:
    """Whether a fleet of `nation` is on the space or in its Ocean Blockade Zone."""
    fleets = list(ctx.state.space(space).fleets)
    if obz is not None:
        fleets += ctx.state.at(Place(PlaceKind.ZONE, obz)).fleets
    return any((record := ctx.data.fleets.get(fleet)) is not None
               and record.nation is nation for fleet in fleets)


def french_fleet_near(ctx: Context, space: str, obz: str | None) -> bool:
    """Whether a French fleet is on the space or in its Ocean Blockade Zone (WfA 4.7)."""
    return fleet_near(ctx, space, obz, Nation.FRENCH)


def space_control(ctx: Context, space: str,
                  without: Mapping[str, int] | None = None) -> Control:
    """Who controls `space` now (WfA 4.7–4.13), reading the position; `without` leaves out
    SP just placed there (nation → SP), to ask who controlled it before.

    WfA 4.8: nobody controls a space under siege. 4.9: in the Caribbean each country keeps
    its original spaces even with enemy there; the other side takes one only by driving
    the enemy out and holding it with ≥1 SP of regulars. 4.7: with both sides on a space
    nobody controls it, except a coastal space, which the British control unless a French
    fleet is on it or in its OBZ (then the Colonials: the side with access to the sea).
    4.13: the British keep a space only with a British/German/Loyalist SP or a garrison
    counter there, and at Boston 4, Philadelphia 4, New York 3, Newport, Charleston and
    Savannah 2 SP (a garrison counter is not an SP: it does not count toward those
    minimums). 4.11: a vacant space — or one the British hold below its minimum —
    reverts to its original owner.
    """
    record = ctx.data.spaces.get(space)
    name = ctx.space_name(space)
    if record is None:
        return Control(None, False, "WFA-CTL-04", f"{name} is not in the data",
                       needs=("map spaces",))
    here = ctx.state.with_armies(space)  # an army's SP are on its card (11.21)
    if here.markers.get("siege", 0) > 0:
        return Control(None, True, "WFA-CTL-01", f"{name} is under siege (WfA 4.8)")
    british = side_sp(here, BRITISH, without)
    colonial = side_sp(here, COLONIAL, without)
    british_in = british > 0 or garrisons(here, BRITISH) > 0
    colonial_in = colonial > 0 or garrisons(here, COLONIAL) > 0
    owner = owner_side(record.original_owner)
    if record.region is Region.CARIBBEAN:
        if owner is None:
            return Control(None, False, "WFA-CTL-02", f"the original owner of {name} is not "
                           "in the data", needs=("original owners",))
        other = COLONIAL if owner == BRITISH else BRITISH
        owner_in = british_in if owner == BRITISH else colonial_in
        if not owner_in and regular_sp(here, other, without) > 0:
            return Control(other, True, "WFA-CTL-02", f"{name} is held by "
                           f"{other.capitalize()} regulars (WfA 4.9)")
        return Control(owner, True, "WFA-CTL-02", f"{name} is an original "
                       f"{owner.capitalize()} Caribbean space (WfA 4.9)")
    if british_in and colonial_in:
        if record.coastal is False:
            return Control(None, True, "WFA-CTL-01", f"both sides are on {name} (WfA 4.7)")
        if french_fleet_near(ctx, space, record.obz):
            return Control(COLONIAL, True, "WFA-CTL-01", f"both sides are on {name}, a "
                           "French fleet has the sea (WfA 4.7)")
        if record.coastal is None or record.obz is None:
            return Control(None, False, "WFA-CTL-01", f"both sides are on {name}; whether it "
                           "is coastal, and its OBZ, are not in the data",
                           needs=("coastal spaces", "sea areas"))
        return Control(BRITISH, True, "WFA-CTL-01", f"both sides are on {name}, a coastal "
                       "space: the British have the sea (WfA 4.7)")
    if british_in:
        minimum = record.garrison_min
        if british >= max(minimum, 1) or (minimum == 0 and british_in):
            return Control(BRITISH, True, "WFA-CTL-04", f"the British hold {name}")
        if owner is None:
            return Control(None, False, "WFA-CTL-04", f"the British hold {name} below its "
                           "minimum and its original owner is not in the data",
                           needs=("original owners",))
        return Control(owner, True, "WFA-CTL-04", f"the British hold {name} with {british} "
                       f"SP, below its minimum of {minimum} (WfA 4.13)")
    if colonial_in:
        return Control(COLONIAL, True, "WFA-CTL-04", f"the Colonials hold {name}")
    if owner is None:
        return Control(None, False, "WFA-CTL-04", f"{name} is vacant and its original owner "
                       "is not in the data", needs=("original owners",))
    return Control(owner, True, "WFA-CTL-04", f"{name} is vacant: its original owner's "
                   "(WfA 4.11)")


def colony_spaces(ctx: Context, colony: Colony) -> list[str]:
    """The spaces of a colony the data knows."""
    return [key for key, record in ctx.data.spaces.items() if record.colony is colony]


def british_colony(ctx: Context, colony: Colony,
                   without: Mapping[str, Mapping[str, int]] | None = None) -> ColonyControl:
    """Whether the British control `colony` (WfA 4.10): every key space of it British, each
    with an LOC to a magazine or to a coastal space not under blockade. A key space that
    is itself such a coastal space, or holds a British magazine or a fortress (its own
    magazine, 17.1), has one; any other needs the LOC rules (16.0), which this answer
    leaves unknown. Under blockade (14.25) is by "an enemy fleet": French, Spanish or
    Dutch, on the space or in its OBZ (`naval.blockade`). `without` leaves out SP just
    placed (space → nation → SP)."""
    placed = without or {}
    if not ctx.data.map_status.spaces_complete:
        return ColonyControl(None, f"the data's spaces of {colony} may not be complete",
                             needs=("map spaces",))
    records = [ctx.data.spaces[key] for key in colony_spaces(ctx, colony)]
    if any(record.key is None and not record.fortress for record in records):
        return ColonyControl(None, f"the key spaces of {colony} are not in the data",
                             needs=("key spaces",))
    keys = [record.id for record in records if record.is_key]
    if not keys:
        return ColonyControl(None, f"the data gives {colony} no key space",
                             needs=("key spaces",))
    applied: list[str] = ["WFA-CTL-03"]
    unknown: list[Control] = []
    for key in keys:
        control = space_control(ctx, key, placed.get(key))
        if control.known:
            applied.append(control.rule)
            if control.side != BRITISH:
                return ColonyControl(False, f"{control.why}: the British do not control "
                                     f"{ctx.space_name(key)}, a key space of {colony}",
                                     rules=tuple(dict.fromkeys(applied)))
        else:
            unknown.append(control)
    if unknown:
        return ColonyControl(None, unknown[0].why, needs=unknown[0].needs)
    for key in keys:
        record = ctx.data.spaces[key]
        here = ctx.state.space(key)
        if BRITISH in here.magazines or record.fortress:
            continue
        if record.coastal and record.obz is not None \
                and blockade(ctx, key, BRITISH).blockaded is False:
            continue
        return ColonyControl(None, f"whether {ctx.space_name(key)} has an LOC to a magazine "
                             f"or an unblockaded coastal space (WfA 4.10, 16.0) is not "
                             "judged here", needs=("LOC",))
    return ColonyControl(True, f"the British hold every key space of {colony} "
                         f"({', '.join(ctx.space_name(k) for k in keys)}) with an LOC",
                         rules=tuple(dict.fromkeys(applied)))


def region_name(region: Region | str) -> str:
    """A Region as the rulebook writes it (`middle_states` → `Middle States`)."""
    return str(region).replace("_", " ").title()


def colonies_of(region: Region) -> tuple[Colony, ...]:
    """The colonies of a Region (WfA 3.3)."""
    return tuple(colony for colony, where in COLONY_REGION.items() if where is region)


def judge(action: Action, ctx: Context) -> Iterator[Outcome]:
    """The control rule judged on its own: the 1775 Boston garrison (WFA-CTL-05)."""
    if isinstance(action, ForceMoved | NavalTransport):
        yield from boston_garrison(action, ctx)


def boston_garrison(action: ForceMoved | NavalTransport, ctx: Context) -> Iterator[Outcome]:
    """WFA-CTL-05 (WfA 6.7): "During the entire year of 1775, the British must maintain a
    garrison of '4' SP in Boston at all times. This cannot be voluntarily reduced. The
    only exception is if the British forces are driven from the space by Colonial
    action." A British force leaving Boston by land or sea in 1775 that takes the British
    SP there from 4 or more to fewer breaks it; a garrison already below 4 (combat losses:
    Colonial action) is not reduced voluntarily by leaving. WfA 20.2 (digest X-9): once
    the Colonial has played #24 Parliamentary Repressive Measures the British may choose
    not to comply, forfeiting 1 PW — then a reminder, not an illegal move. Position after
    the step; a card not known to be still unplayed gives `unchecked`."""
    if action.side != BRITISH or action.origin != BOSTON:
        return
    year = ctx.procedure.year
    if year is None:
        yield Check.unchecked("WFA-CTL-05", action.step, "British SP left Boston in an "
                              "unknown year; in 1775 4 SP must stay (WfA 6.7)",
                              needs=("the year",), spaces=(BOSTON,))
        return
    if year != 1775:
        return
    left = side_sp(ctx.state.with_armies(BOSTON), BRITISH)
    moved = action.sp if action.sp is not None else 0
    if left >= BOSTON_GARRISON or left + moved < BOSTON_GARRISON:
        yield Check.done("WFA-CTL-05")
        return
    where = ctx.state.card_at.get(CARD_24)
    message = (f"the British left {left} SP in Boston in 1775 (a force of {moved} SP moved "
               f"out); they must keep {BOSTON_GARRISON} SP there all year unless driven out "
               "by Colonial action (WfA 6.7)")
    if CARD_24 in ctx.data.cards and where is not None and where.kind in _IN_PLAY:
        yield Check.illegal("WFA-CTL-05", action.step, message, spaces=(BOSTON,),
                            expected=f"≥ {BOSTON_GARRISON} British SP in Boston",
                            observed=f"{left} SP")
        yield Check.done("WFA-CTL-05")
        return
    if where is not None and where.kind in (PlaceKind.DISCARD, PlaceKind.BOX):
        yield Check.reminder("WFA-CTL-05", action.step, message + "; #24 Parliamentary "
                             "Repressive Measures has been played: the British may refuse "
                             "to comply, and then forfeit 1 PW (WfA 20.2)", spaces=(BOSTON,))
        yield Check.done("WFA-CTL-05")
        return
    yield Check.unchecked("WFA-CTL-05", action.step, message + "; whether #24 Parliamentary "
                          "Repressive Measures was played (it lets the British refuse, WfA "
                          "20.2) is not shown", needs=("where card #24 is",), spaces=(BOSTON,))


__all__ = [
    "BOSTON",
    "FAMILY",
    "REGULARS",
    "ColonyControl",
    "Control",
    "british_colony",
    "colonies_of",
    "colony_spaces",
    "fleet_near",
    "french_fleet_near",
    "garrisons",
    "judge",
    "owner_side",
    "region_name",
    "regular_sp",
    "side_sp",
    "space_control",
]
