"""Lines of Communication (digest §4.9 LOC; WfA 16.0-16.7, 17.1, 19.5, 19.24-19.26).

`trace_loc` answers whether a force has an LOC: "a series of friendly controlled and/or
empty spaces leading back to a supply source" no more than 6 MP away (16.0), passing
contested spaces but not a space "containing solely enemy SP or a garrison counter" nor
one with an enemy Lake Navy (16.1, 19.5). Sources (16.2-16.3, 17.1): a magazine of the
side; a fortress it does not lose to the enemy (its built-in magazine); for the British a
coastal/port space not under enemy control or blockade (Philadelphia only while they
also control Wilmington, DE, 19.24-19.25); for the Colonials a control/key space not
under enemy control or blockade. Control is `control.space_control`'s (WfA 4.7-4.13),
blockade `naval.blockade`'s (14.25; 19.26 is the Middle States OBZ's case of it).

Where a line's terrain cost is unknown the search runs twice, with the cheapest and the
dearest terrain of the data: an LOC found at the dearest is certain, none at the
cheapest is certain (on a complete map), else the answer is unknown, never a guess. The
dearest runs first, and the cheapest only when it found no source and met a line of
unknown terrain (else the two searches are one).

What is judged, at the end of each Action Pulse, is the pulse's own force where it
stands (the force that moved or fought): its LOC is computed for the players, and a
force of more than 2 SP with none gets the 16.4 reminder (an LOC counter; 16.6 one
column lower). The surrender of 16.5 needs to know in whose AP the LOC was cut, which a
log shows only by the LOC counter: a force still marked at the end of its own AP, with
no LOC, gets the reminder that it surrenders unless the counter came in this AP.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import Final

from adjudicator.systems.common.actions import Action
from adjudicator.systems.common.mapgraph import Connection, Constraints
from adjudicator.systems.common.outcomes import Check, Outcome
from adjudicator.systems.common.places import box
from adjudicator.systems.common.rulebook import RuleFamily
from adjudicator.systems.war_for_america.actions import BRITISH, COLONIAL, opponent
from adjudicator.systems.war_for_america.data.vocabulary import Region
from adjudicator.systems.war_for_america.procedure import PulseClosed
from adjudicator.systems.war_for_america.rules.context import Context, side_name
from adjudicator.systems.war_for_america.rules.control import garrisons, space_control
from adjudicator.systems.war_for_america.rules.naval import blockade
from adjudicator.systems.war_for_america.state import ARMY_BOX_PREFIX, ARMY_SIDE, NATION_SIDE

PHILADELPHIA: Final = "philadelphia"
WILMINGTON_DE: Final = "wilmington_de"
NO_LOC: Final = "marker:no_loc"
"""The LOC counter (WfA 16.4), as `state` counts it among a space's markers."""
EXEMPT_NATIONS: Final = frozenset({"six_nations", "french"})
"""16.7: "Units of the Six Nations", "French Regulars" need no LOC."""
EXEMPT_REGIONS: Final = frozenset({Region.FLORIDA, Region.CARIBBEAN})
"""16.7: "Units in Florida", "Land units in the Caribbean"."""
REGULARS: Final = frozenset({"british", "german"})
"""Wilmington's control for Philadelphia's sea LOC: "at least '1' SP of regulars" (19.25)."""

FAMILY = RuleFamily(
    "supply",
    frozenset({"WFA-LOC-01", "WFA-LOC-02", "WFA-LOC-03", "WFA-LOC-04", "WFA-LOC-05",
               "WFA-LOC-06"}),
    actions=(PulseClosed,),
)


@dataclass(frozen=True, slots=True)
class Supply:
    """Whether a force has an LOC (None: unknown), to which source, at what cost."""

    supplied: bool | None
    why: str
    source: str | None = None
    cost: int | None = None
    exempt: bool = False
    needs: tuple[str, ...] = ()
    rules: tuple[str, ...] = ()
    """The catalog rules applied to reach the answer (for `Check.done`)."""


def judge(action: Action, ctx: Context) -> Iterator[Outcome]:
    """The LOC of the force of a pulse that just closed."""
    if isinstance(action, PulseClosed):
        yield from pulse_force_loc(action, ctx)
        yield from marked_forces(action, ctx)


# --- the force ----------------------------------------------------------------------------


def force_sp(ctx: Context, space: str, side: str) -> int:
    """The SP of `side` on a space that need an LOC (16.7: not Six Nations or French), its
    armies' SP on their Army Cards included (WfA 11.21)."""
    here = ctx.state.space(space)
    holdings = [here, *(ctx.state.at(box(ARMY_BOX_PREFIX + army)) for army in here.armies
                        if ARMY_SIDE.get(army) == side)]
    return sum(n for holding in holdings for nation, n in holding.sp.items()
               if NATION_SIDE.get(nation) == side and nation not in EXEMPT_NATIONS)


def exemption(ctx: Context, space: str, side: str) -> str | None:
    """Why the force of `side` on `space` needs no LOC (WfA 16.7), or None."""
    record = ctx.data.spaces.get(space)
    if record is not None and record.region in EXEMPT_REGIONS:
        return f"units in {record.region.value.title()} need no LOC (WfA 16.7)"
    sp = force_sp(ctx, space, side)
    if sp <= 2:
        return (f"a force of {sp} SP (Six Nations and French Regulars left out) needs no "
                "LOC: 2 SP or less (WfA 16.7)")
    return None


# --- sources ------------------------------------------------------------------------------


def source_status(ctx: Context, space: str, side: str) -> tuple[bool | None, str]:
    """Whether `space` is a supply source of `side` now (WfA 16.2-16.3, 17.1, 19.24)."""
    record = ctx.data.spaces.get(space)
    here = ctx.state.space(space)
    if side in here.magazines:
        return True, "a magazine (WfA 16.10)"
    if record is None:
        return False, "not a known space"
    enemy = opponent(side)
    fortress = record.fortress
    if side == BRITISH:
        candidate = record.coastal
        kind = "a coastal/port space"
    else:
        candidate = True if record.is_key else record.key
        kind = "a control/key space"
    if not fortress and candidate is False:
        return False, "not a source"
    control = space_control(ctx, space)
    if control.known and control.side == enemy:
        return False, f"under enemy control ({control.why})"
    if fortress:
        if not control.known:
            return None, f"a fortress; who controls it is unknown ({control.why})"
        return True, "a fortress: its built-in magazine (WfA 17.1)"
    if candidate is None:
        return None, f"whether it is {kind} is not in the data"
    if not control.known:
        return None, f"{kind}; who controls it is unknown ({control.why})"
    sea = blockade(ctx, space, side) if record.coastal else None
    if sea is not None and sea.blockaded:
        return False, f"blockaded ({sea.why})"
    if sea is not None and sea.blockaded is None:
        return None, f"{kind}; whether it is blockaded is unknown ({sea.why})"
    if side == BRITISH and space == PHILADELPHIA:
        wilmington = ctx.state.space(WILMINGTON_DE)
        held = garrisons(wilmington, BRITISH) > 0 or any(wilmington.sp[n] for n in REGULARS)
        if not held:
            return False, ("Philadelphia's LOC by sea needs Wilmington, DE held by a garrison "
                           "or at least 1 SP of regulars (WfA 19.24-19.25)")
    if side == COLONIAL and record.coastal is None and record.is_key:
        return None, "a key space; whether it is coastal (and blockaded) is not in the data"
    return True, f"{kind} not under enemy control or blockade (WfA 16.2-16.3)"


# --- the search ---------------------------------------------------------------------------


def passable(ctx: Context, space: str, side: str) -> bool:
    """Whether an LOC of `side` may pass through `space` (WfA 16.1, 19.5)."""
    here = ctx.state.space(space)
    enemy = opponent(side)
    if enemy in here.lake_navies:
        return False
    own = here.sp_of(side) > 0
    hostile = here.sp_of(enemy) > 0 or garrisons(here, enemy) > 0
    return own or not hostile


def trace_loc(ctx: Context, space: str, side: str) -> Supply:
    """The LOC of the force of `side` on `space` (see the module docstring). WFA-LOC-06
    (WfA 19.24-19.26) is among the rules applied only when the search looked at
    Philadelphia as a British source."""
    rules: tuple[str, ...] = ("WFA-LOC-01", "WFA-LOC-02", "WFA-LOC-03", "WFA-LOC-05")
    why = exemption(ctx, space, side)
    if why is not None:
        return Supply(True, why, exempt=True, rules=("WFA-LOC-05",))
    radius = ctx.data.tables.t16.value("loc_radius_mp")
    costs = [t.mp for t in ctx.data.terrain.values() if t.mp is not None]
    if not costs:
        return Supply(None, "the Terrain Effects Chart's costs are not in the data",
                      needs=("terrain costs",))
    low, high = min(costs), max(costs)
    # The pessimistic search first (unknown lines at their dearest): a source it reaches
    # is reached for certain, and the optimistic search is not needed (issue 24).
    reach_high, priced_unknown = _reach(ctx, space, side, radius, high)
    unknown_sources: list[str] = []
    for where, cost in sorted(reach_high.items(), key=lambda item: item[1]):
        status, reason = source_status(ctx, where, side)
        if side == BRITISH and where == PHILADELPHIA:
            rules = (*rules, "WFA-LOC-06")
        if status:
            return Supply(True, f"{ctx.space_name(where)}, {reason}, {cost} MP away",
                          source=where, cost=cost, rules=rules)
    # A search that met no line of unknown terrain is the same at either bound.
    reach_low = (reach_high if low == high or not priced_unknown
                 else _reach(ctx, space, side, radius, low)[0])
    for where in sorted(reach_low, key=lambda key: reach_low[key]):
        status, reason = source_status(ctx, where, side)
        if side == BRITISH and where == PHILADELPHIA and "WFA-LOC-06" not in rules:
            rules = (*rules, "WFA-LOC-06")
        if status:
            return Supply(None, f"{ctx.space_name(where)} ({reason}) is {reach_low[where]} MP "
                          "away if the lines of unknown terrain are the cheapest",
                          needs=("terrain costs",))
        if status is None:
            unknown_sources.append(f"{ctx.space_name(where)}: {reason}")
    if unknown_sources:
        return Supply(None, "within 6 MP, " + "; ".join(unknown_sources[:3]),
                      needs=("control", "coastal spaces", "key spaces"))
    if not ctx.map.complete:
        return Supply(None, "no source within 6 MP on the data's map, which is not complete",
                      needs=("map connections",))
    return Supply(False, f"no supply source within {radius} MP through friendly, empty or "
                  "contested spaces (WfA 16.0-16.3)", rules=rules)


def _reach(ctx: Context, space: str, side: str, radius: int, unknown: int
           ) -> tuple[dict[str, int], bool]:
    """Spaces within `radius` MP, an LOC passing only passable spaces (entering a source
    held by the enemy is not passing it: such a space is no source either); and whether
    the search priced a line of unknown terrain at `unknown`."""
    priced_unknown = False

    def cost(line: Connection) -> int | None:
        nonlocal priced_unknown
        record = ctx.data.terrain.get(line.kind)
        if record is not None and record.mp is not None:
            return record.mp
        priced_unknown = True
        return unknown

    def barred(key: str) -> bool:
        return not passable(ctx, key, side)

    reach = ctx.map.reachable(space, Constraints(cost=cost, barred=barred), budget=radius)
    return reach, priced_unknown


# --- the checks -----------------------------------------------------------------------------


def pulse_force_loc(fact: PulseClosed, ctx: Context) -> Iterator[Outcome]:
    """WFA-LOC-01..-06 and the 16.4 reminder (WFA-LOC-04) for the pulse's own force.

    WfA 16.4: "If a force finds itself without an LOC, it is marked with an LOC Counter";
    16.6: "Forces larger than '2' SP and having no LOC, attack/defend 1 column lower".
    The position read is the referee's when the pulse is seen to close (the next
    action's step may already be applied)."""
    pulse = fact.pulse
    space = pulse.force_space
    if space is None:
        return
    side = pulse.side
    if not ctx.state.with_armies(space).sp_of(side) and not force_sp(ctx, space, side):
        return
    supply = trace_loc(ctx, space, side)
    name = ctx.space_name(space)
    yield Check.computed("loc", fact.left_at, "WFA-LOC-01",
                         f"{side_name(side)} force at {name}: "
                         + ("LOC" if supply.supplied else "no LOC" if supply.supplied is False
                            else "LOC unknown") + f" — {supply.why}",
                         inputs={"space": space, "side": side},
                         result={"supplied": supply.supplied, "source": supply.source,
                                 "cost": supply.cost, "exempt": supply.exempt})
    if supply.supplied is None:
        yield Check.unchecked("WFA-LOC-01", fact.left_at, f"the LOC of the {side_name(side)} force"
                              f" at {name}: {supply.why}", needs=supply.needs, spaces=(space,))
        return
    for rule in supply.rules:
        yield Check.done(rule)
    if supply.supplied is False and not ctx.state.space(space).markers[NO_LOC]:
        yield Check.reminder("WFA-LOC-04", fact.left_at, f"the {side_name(side)} force at {name}"
                             f" has no LOC ({supply.why}): it is marked with an LOC counter "
                             "(WfA 16.4) and attacks and defends one column lower (16.6)",
                             spaces=(space,))
    yield Check.done("WFA-LOC-04")


def marked_forces(fact: PulseClosed, ctx: Context) -> Iterator[Outcome]:
    """WFA-LOC-04 (WfA 16.5): "If a player's force is greater than '2' SP and has its LOC
    cut during his opponent's AP, the LOC must be re-established by the end of his own AP.
    If not, the entire force is surrendered" (a Major Victory with 5 SP of regulars). At
    the end of a side's AP, each of its forces still under an LOC counter and without an
    LOC gets the reminder; the counter may have come in this very AP (a move out of
    supply), when 16.5 does not apply yet — the message says so."""
    side = fact.pulse.side
    for space, holding in sorted(ctx.state.spaces()):
        if not holding.markers[NO_LOC] or force_sp(ctx, space, side) <= 2:
            continue
        supply = trace_loc(ctx, space, side)
        if supply.supplied is False:
            yield Check.reminder("WFA-LOC-04", fact.left_at, f"the {side_name(side)} force at "
                                 f"{ctx.space_name(space)} still has no LOC at the end of its"
                                 " AP: if its LOC was cut in the opponent's AP, the whole "
                                 "force surrenders (WfA 16.5)", spaces=(space,))


__all__ = ["FAMILY", "Supply", "exemption", "judge", "passable", "source_status", "trace_loc"]
