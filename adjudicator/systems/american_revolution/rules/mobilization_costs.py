"""The second half of mobilization (AR 13.1-13.4, 13.7, 13.9-13.11, 4.8, 27): when units
come in, leaders from the pool, detachment swaps, the counter mix, the American's marker
per Hessian or Indian, and what it all costs. The readings are in the docstring of
`mobilization`, whose family declares these rules."""

from __future__ import annotations

from collections.abc import Iterator

from adjudicator.systems.american_revolution.actions import (
    MarkerPlayed,
    MarkersDrawn,
    Raised,
    TrackMoved,
    UnitsRemoved,
)
from adjudicator.systems.american_revolution.data import (
    FormationType,
    Need,
    OptionalRule,
)
from adjudicator.systems.american_revolution.printings import printings
from adjudicator.systems.american_revolution.procedure import (
    CAMPAIGNS,
    MOBILIZATION,
    RABBLE,
    SETUP,
)
from adjudicator.systems.american_revolution.rules.context import Context
from adjudicator.systems.common.outcomes import Check, Outcome
from adjudicator.systems.common.places import Place, PlaceKind
from adjudicator.systems.common.sequencer import PhaseShown

CONTINENTAL_CONGRESS, DECLARATION, PROFESSIONAL = 1, 2, 3
"""Revolutionary Progress levels (digest 5.6): Washington, the British special
reinforcements, Continental Army Professionalizes (AR 13.4)."""
DIRECT = {"us_light": "us_light", "gb_grenadier": "grenadier", "gb_light": "gb_light",
          "us_marine": "marine", "gb_marine": "marine", "fr_marine": "marine",
          "sp_marine": "marine", "us_fleet": "fleet", "gb_fleet": "fleet",
          "fr_fleet": "fleet", "sp_fleet": "fleet", "gb_hessian": "hessian",
          "gb_indian": "indian", "fr_regular": "fr_regular", "sp_regular": "sp_regular",
          "fr_light": "fr_light", "sp_light": "sp_light", "sp_militia": "sp_militia",
          "gb_regular": "gb_regular"}
"""Formation → its line of the Mobilization Table (`data.costs`)."""
UNSEEN = (OptionalRule.FORTRESSES, OptionalRule.PARTISANS, OptionalRule.MILITIA_UPGRADES)
"""Optional rules whose purchases may leave no piece on the board (a failed partisan
attempt) or are markers this reading does not cost."""


def washington_may_enter(ctx: Context) -> bool:
    """Whether Washington may be coming into play now (AR 4.10: "The instant the
    Revolutionary Progress Table reaches Continental Congress, the American player places
    him"): the marker is there, or is moved there in this step, or it is one box short in
    the Rabble Rousing Phase, where it moves (the log may show him placed first)."""
    rp = ctx.state.level("rp") or 0
    return rp >= CONTINENTAL_CONGRESS or (rp == CONTINENTAL_CONGRESS - 1 and ctx.phase == RABBLE) \
        or any(isinstance(a, TrackMoved) and a.track == "rp"
               and (a.after or 0) >= CONTINENTAL_CONGRESS for a in ctx.step_actions)


def when(action: Raised, ctx: Context) -> Iterator[Outcome]:
    """AR-MOB-01: in the Mobilization Phase, or through a marker or event."""
    phase = ctx.phase
    if phase is None or phase == SETUP:
        return
    rp = ctx.state.level("rp") or 0
    if phase == MOBILIZATION or (action.key == "washington" and washington_may_enter(ctx)) \
            or (action.locale == "britain_box" and action.side == "GB" and rp >= DECLARATION) \
            or (phase in CAMPAIGNS and action.key.endswith("_militia")
                and ctx.proc.has_played(action.side, "minutemen")):
        yield Check.done("AR-MOB-01")
        return
    what = ctx.unit_name(action.key) if action.entity == "unit" else ctx.leader_name(
        action.key)
    yield Check.illegal("AR-MOB-01", action.step,
                        f"{what} was brought into play in {ctx.name(action.locale)} outside "
                        "the Mobilization Phase, with no marker or special event allowing "
                        "it: new units come into play in the Mobilization Phase",
                        spaces=(action.locale,), pieces=(what,))


def from_pool(action: Raised, ctx: Context) -> Iterator[Outcome]:
    """AR-MOB-02: a leader comes at random from his side's pool."""
    leader = ctx.data.leaders.get(action.key)
    if leader is None or action.key.startswith("leader_arises") or \
            leader.at_start == "set_aside" or ctx.phase in (None, SETUP):
        return
    if action.origin in ("box:eliminated", "box:removed"):
        return  # AR-MOB-04
    pool = f"box:leader_pool_{leader.side}"
    if action.origin == pool:
        yield Check.done("AR-MOB-02")
        return
    came = "the palette" if action.origin is None else _place(action.origin)
    pool_place = Place(PlaceKind.BOX, pool.partition(":")[2])
    if action.origin is None and not any(True for _ in ctx.state.at(pool_place)):
        yield Check.unchecked("AR-MOB-02", action.step,
                              f"{leader.name} came into play from the palette and the log "
                              "shows no leader in his side's pool: whether he was drawn from "
                              "it cannot be seen", spaces=(action.locale,),
                              pieces=(leader.name,))
        return
    yield Check.illegal("AR-MOB-02", action.step,
                        f"{leader.name} came into play in {ctx.name(action.locale)} from "
                        f"{came}: a leader is brought into play by picking one at random "
                        "from his side's leader pool", spaces=(action.locale,),
                        pieces=(leader.name,))


def _place(origin: str) -> str:
    if origin.startswith("box:leader_pool_"):
        return "the other side's leader pool"
    return origin.partition(":")[2].replace("_", " ") or origin


def exchanged(action: Raised, ctx: Context) -> bool:
    """A British regular or light put on the map in exchange, not mobilized: two
    detachments taken off in its region (AR 13.7), or a militia taken off in its locale
    after the British Drillmaster (AR 7.9)."""
    if action.key not in ("gb_regular", "gb_light"):
        return False
    region = _region(ctx, action.locale)
    removed = _removed(ctx)
    if action.key == "gb_regular":
        detachments = sum(r.units.count("gb_detachment") for r in removed
                          if _region(ctx, r.locale) == region)
        if detachments >= 2:
            return True
    return ctx.proc.has_played("GB", "drillmaster") and any(
        "gb_militia" in r.units and r.locale == action.locale for r in removed)


def _removed(ctx: Context) -> list[UnitsRemoved]:
    here = [a for a in ctx.step_actions if isinstance(a, UnitsRemoved)]
    return [*ctx.proc.removals, *(a for a in here if a not in ctx.proc.removals)]


def article(name: str) -> str:
    """`a British Regular`, `an American Militia`."""
    return f"{'an' if name[:1] in 'AEIOU' else 'a'} {name}"


def _region(ctx: Context, locale: str) -> str:
    region = ctx.data.region_of(locale)
    return region.id if region is not None else locale


def raised_unit(action: Raised, ctx: Context) -> Iterator[Outcome]:
    """AR-MOB-06, 08, 09 (units), 11."""
    formation = ctx.data.formations.get(action.key)
    if formation is None or ctx.phase in (None, SETUP):
        return
    name = formation.name
    where = ctx.name(action.locale)
    if formation.type is FormationType.DETACHMENT:
        yield from _detachment(action, ctx, name)
    elif action.key == "gb_regular" and action.locale != "britain_box" and \
            exchanged(action, ctx):
        yield Check.done("AR-MOB-06")
    if formation.type in (FormationType.GRENADIER, FormationType.HESSIAN,
                          FormationType.INDIAN):
        yield Check.done("AR-MOB-08")
        drawn = any(isinstance(a, MarkersDrawn) and a.side == "US"
                    for a in ctx.step_actions)
        if drawn:
            yield Check.done("AR-MOB-11")
        elif formation.type is not FormationType.GRENADIER:
            yield Check.reminder("AR-MOB-11", action.step,
                                 f"{article(name)} was mobilized in {where}: the American player "
                                 "picks one campaign marker at random from the pool for it",
                                 spaces=(action.locale,), pieces=(name,))
    yield Check.unchecked("AR-MOB-09", action.step,
                          f"how many {name} counters the counter mix holds is not in the "
                          "data: whether this one exceeds it cannot be checked",
                          needs=(str(Need.COUNTER_MIX),), spaces=(action.locale,))


def _detachment(action: Raised, ctx: Context, name: str) -> Iterator[Outcome]:
    where = ctx.name(action.locale)
    if ctx.phase != MOBILIZATION:
        yield Check.illegal("AR-MOB-06", action.step,
                            f"{article(name)} was put into {where} outside the Mobilization Phase: "
                            "a 2-value regular is exchanged for two detachments only during "
                            "a Mobilization Phase", spaces=(action.locale,), pieces=(name,))
        return
    region = _region(ctx, action.locale)
    removed = _removed(ctx)
    regulars = sum(r.units.count("gb_regular") for r in removed
                   if _region(ctx, r.locale) == region)
    hessians = sum(r.units.count("gb_hessian") for r in removed
                   if _region(ctx, r.locale) == region)
    placed = 1 + sum(1 for r in ctx.proc.mobilized if r.key == "gb_detachment"
                     and _region(ctx, r.locale) == region)
    if placed <= 2 * regulars:
        yield Check.done("AR-MOB-06")
        return
    extra = (f" (a Hessian may not be broken down into detachments{printings('13.7')})"
             if hessians else "")
    yield Check.illegal("AR-MOB-06", action.step,
                        f"{article(name)} was put into {where} with no British 2-value regular "
                        f"taken off in its region for it{extra}: detachments come into play "
                        "only two for one regular, in the same region, and may not "
                        "otherwise be mobilized", spaces=(action.locale,), pieces=(name,))


def made_up(action: MarkerPlayed, ctx: Context) -> Iterator[Outcome]:
    """AR-MOB-09 (FAQ): campaign markers may not be made up."""
    marker = ctx.data.markers.get(action.marker)
    if marker is None:
        return
    if marker.count is None:
        yield Check.unchecked("AR-MOB-09", action.step,
                              f"how many {marker.name} markers the mix holds is not known",
                              needs=(str(Need.COUNTER_MIX),))
        return
    copies = len(ctx.state.where_is("marker", action.marker))
    if copies > marker.count:
        yield Check.illegal("AR-MOB-09", action.step,
                            f"{copies} {marker.name} markers are in play: the counter mix "
                            f"holds {marker.count}, and campaign markers may not be made up",
                            pieces=(marker.name,), expected=f"at most {marker.count}",
                            observed=str(copies))
    else:
        yield Check.done("AR-MOB-09")


def judge_costs(action: PhaseShown, ctx: Context) -> Iterator[Outcome]:
    """AR-MOB-03, AR-MOB-10: when the phase after the Mobilization Phase shows."""
    proc = ctx.proc
    if action.phase in (SETUP, MOBILIZATION) or proc.costed or not (
            proc.mobilized or proc.spent.us or proc.spent.gb):
        return
    turn_one = proc.turn == 1
    for side in ("US", "GB"):
        raised = [r for r in proc.mobilized if r.side == side]
        if side == "US" and any(r.key == "us_regular" for r in raised):
            rule = "AR-MOB-03"
        elif side == "GB" and turn_one and (raised or proc.bought.of("GB")):
            rule = "AR-MOB-10"
        else:
            continue
        yield from _cost(action, ctx, side, raised, rule, double=side == "GB" and turn_one)
    for side in ("US", "GB"):
        raised = [r for r in proc.mobilized if r.side == side]
        if any(r.key in MILITIA for r in raised):
            yield from _loyalty_cost(action, ctx, side, raised,
                                     double=side == "GB" and turn_one)


def _cost(action: PhaseShown, ctx: Context, side: str, raised: list[Raised], rule: str,
          *, double: bool) -> Iterator[Outcome]:
    who = "American" if side == "US" else "British"
    bounds = _bounds(ctx, side, raised)
    if bounds is None:
        yield Check.unchecked(rule, action.step,
                              f"the Mobilization Table lacks a cost for something the {who} "
                              "player raised: what he paid cannot be checked",
                              needs=(str(Need.COSTS),))
        return
    low, high, items = bounds
    factor = 2 if double else 1
    low, high = low * factor, high * factor
    spent = ctx.proc.spent.of(side)
    shown = f"{low}" if low == high else f"{low} to {high}"
    doubled = " (doubled: the British pay twice on Turn 1)" if double else ""
    if spent == 0 and low > 0:
        yield Check.unchecked(rule, action.step,
                              f"the {who} PP record did not change in the Mobilization "
                              f"Phase: what {items} cost ({shown} PP{doubled}) cannot be "
                              "compared with what was paid")
        return
    paid = [step for who_paid, step in ctx.proc.paid_at if who_paid == side]
    at = paid[-1] if paid else action.step
    if spent < low or (spent > high and not any(ctx.uses(o.value) for o in UNSEEN)):
        yield Check.illegal(rule, at,
                            f"the {who} player paid {spent} PP in the Mobilization Phase for "
                            f"{items}: the Mobilization Table asks {shown}{doubled}",
                            expected=shown, observed=str(spent))
    elif spent > high:
        yield Check.unchecked(rule, action.step,
                              f"the {who} player paid {spent} PP for {items}, more than the "
                              f"{shown} the table asks{doubled}: optional purchases the log "
                              "may not show (a failed partisan attempt) could explain it")
    else:
        yield Check.done(rule)


MILITIA = ("us_militia", "gb_militia")
"""The militia whose cost the region's loyalty sets (AR 11.6(1), 13.8)."""
LOYALTY_LINES = {"militia_pro": "pro-own", "militia_neutral": "neutral",
                 "militia_enemy": "pro-enemy"}
"""The Mobilization Table's militia lines, by the region's lean toward the buyer."""


def _loyalty_cost(action: PhaseShown, ctx: Context, side: str, raised: list[Raised], *,
                  double: bool) -> Iterator[Outcome]:
    """AR-LOY-02, AR 11.6(1): "The cost to mobilize militia and partisans in a region varies
    depending on the loyalty of that region. See the Mobilization Table." A payment that
    fits the table with each militia at its region's line concludes it; one that fits only
    with the militia at another loyalty line is illegal under it (other wrong payments are
    not judged here). Partisans' costs (optional, AR 29.2) are not: a failed attempt leaves
    no piece. The doubling at +3/-3 (AR 11.6(2)) is judged as AR-PP-04 (political family),
    whose sentence is the same."""
    bounds = _bounds(ctx, side, raised)
    spent = ctx.proc.spent.of(side)
    if bounds is None or spent == 0:
        return
    factor = 2 if double else 1
    low, high, items = bounds
    if low * factor <= spent <= high * factor:
        yield Check.done("AR-LOY-02")
        return
    if any(ctx.uses(o.value) for o in UNSEEN):
        return
    militia = [r for r in raised if r.key in MILITIA]
    now = [_cost_key(ctx, r, side) for r in militia]
    lines = {key: ctx.data.costs.get(key) for key in LOYALTY_LINES}
    if any(k not in lines for k in now) or any(c is None or c.cost is None
                                               for c in lines.values()):
        return
    current = sum(cost.cost for k in now if k is not None
                  and (cost := lines[k]) is not None and cost.cost is not None)
    for key, line in lines.items():
        if line is None or line.cost is None or all(k == key for k in now):
            continue
        other = len(militia) * line.cost - current
        if (low + other) * factor <= spent <= (high + other) * factor:
            who = "American" if side == "US" else "British"
            where = sorted({ctx.name(r.locale) for r in militia})
            paid = [step for who_paid, step in ctx.proc.paid_at if who_paid == side]
            shown = f"{low * factor}" if low == high else f"{low * factor} to {high * factor}"
            yield Check.illegal(
                "AR-LOY-02", paid[-1] if paid else action.step,
                f"the {who} player paid {spent} PP for {items}, the price with his militia "
                f"at the {LOYALTY_LINES[key]} line ({line.cost} each): the militia cost is "
                f"set by the loyalty of the region raised in ({', '.join(where)}); the "
                f"Mobilization Table asks {shown}",
                spaces=tuple(sorted({r.locale for r in militia})),
                expected=shown, observed=str(spent))
            return


def _bounds(ctx: Context, side: str, raised: list[Raised]) -> tuple[int, int, str] | None:
    """The lowest and highest cost of what a side raised and bought (before doubling)."""
    plays = {play.marker for play in ctx.proc.mob_markers if play.side == side}
    costs = ctx.data.costs
    low = high = 0
    free = {"pulaski": 1 if "pulaski" in plays else 0,
            "drill": 1 if side == "GB" and "drillmaster" in plays else 0,
            "hessian": 1 if "hessians" in plays else 0,
            "indian": 1 if "indians" in plays else 0}
    count = 0
    for act in raised:
        key = _cost_key(ctx, act, side)
        if key == "":
            continue
        found = costs.get(key) if key is not None else None
        if found is None or found.cost is None:
            return None
        cost = found.cost
        cheapest = cost
        if act.key == "us_regular" and "drillmaster" in plays:
            cheapest = min(cost, 2)
        if act.key in ("us_regular", "us_light") and free["pulaski"]:
            cheapest = 0
        if act.key in ("gb_regular", "gb_light") and free["drill"]:
            cheapest = 0
        if act.key == "gb_hessian" and free["hessian"]:
            cheapest = 0
        if act.key == "gb_indian" and free["indian"]:
            cheapest = 0
        low += cheapest
        high += cost
        count += 1
    markers = ctx.proc.bought.of(side)
    if markers:
        found = costs.get("marker")
        if found is None or found.cost is None:
            return None
        low += markers * found.cost
        high += markers * found.cost
    items = (f"{count} unit{'' if count == 1 else 's'} or leader{'' if count == 1 else 's'}"
             f" and {markers} campaign marker{'' if markers == 1 else 's'}")
    return low, high, items


def cost_bounds(ctx: Context, side: str, raised: list[Raised]
                ) -> tuple[int, int, str] | None:
    """The lowest and highest cost of what a side raised and bought in the Mobilization
    Phase (before the British Turn 1 doubling), with what it was; None: a line is missing."""
    return _bounds(ctx, side, raised)


def _cost_key(ctx: Context, act: Raised, side: str) -> str | None:
    """The Mobilization Table line of a raise ('' for none: exchanged or free)."""
    if act.entity == "leader":
        leader = ctx.data.leaders.get(act.key)
        if act.key.startswith("leader_arises") or (leader is not None and
                                                   leader.at_start == "set_aside"):
            return ""
        return "leader"
    if act.key == "gb_detachment" or (act.key == "gb_regular" and
                                       act.locale != "britain_box"):
        return ""
    if act.key == "us_regular":
        professional = (ctx.state.level("rp") or 0) >= PROFESSIONAL
        return "us_regular_professional" if professional else "us_regular"
    if act.key in ("us_militia", "gb_militia"):
        region = ctx.data.region_of(act.locale)
        level = ctx.state.level("loyalty", region.id) if region is not None else None
        if level is None:
            return None
        lean = level if side == "US" else -level
        return "militia_pro" if lean > 0 else "militia_neutral" if lean == 0 else \
            "militia_enemy"
    return DIRECT.get(act.key)
