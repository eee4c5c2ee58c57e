"""British Loyalist recruitment (AaM 12.0-12.2, 8.1, 8.3.4).

- AAM-LOY-01 (12.1, 8.1): "A British or Loyalist Leader in an Area of Canada (with a
  settlement, fort, or city), Tyron County, or Iroquois Nation that is not adjacent to (or
  contains) any Continental forces may use an endeavor to place 1 SP of Loyalist militia in
  his Area"; the leader "must be successfully activated before it can [...] recruit" (8.1:
  a die no higher than his Audacity). The best Audacity of the British leaders there is
  read (which one recruits is not in the log: the player's favour).
- AAM-LOY-02 (12.1): Canadian ("C") and Loyalist ("L") militia "are not interchangeable":
  Canadian militia are recruited in Canada, Loyalist militia elsewhere.
- AAM-LOY-03 (12.2): 2 SPs only with the Major Victory marker British, Johnson recruiting
  (the militia placed with him) in a Tryon County Area.
- AAM-LOY-04 (8.3.4): the Loyalist uprising's 3 SPs go in a Tryon County Area free of
  Continental forces.

Tryon County is part of New York (map.json's sub-region `tryon`); which Areas are in it is
printed on the map only: an Area outside New York/New Jersey is certainly not, any other is
unchecked unless the data says.
"""

from __future__ import annotations

from collections.abc import Iterator

from adjudicator.systems.almost_a_miracle.actions import Arrived
from adjudicator.systems.almost_a_miracle.data import Need
from adjudicator.systems.almost_a_miracle.procedure import BRITISH, CONTINENTAL, ENDEAVORS
from adjudicator.systems.almost_a_miracle.read_reinforcements import LOYALIST_KINDS
from adjudicator.systems.almost_a_miracle.rules.context import Context
from adjudicator.systems.almost_a_miracle.rules.reinforcements import (
    colony_of,
    force_in,
    region_of,
    setting_up,
    side_of,
)
from adjudicator.systems.common.actions import Action
from adjudicator.systems.common.outcomes import Check, Outcome
from adjudicator.systems.common.rulebook import RuleFamily

FAMILY = RuleFamily("loyalists",
                    frozenset({"AAM-LOY-01", "AAM-LOY-02", "AAM-LOY-03", "AAM-LOY-04"}),
                    actions=(Arrived,))
CANADA, TRYON, IROQUOIS, NY_NJ = "canada", "tryon", "iroquois", "ny_nj"
JOHNSON = "johnson"
UPRISING = 3


def judge(action: Action, ctx: Context) -> Iterator[Outcome]:
    """Loyalist or Canadian militia put on the map in the Endeavors Phase."""
    if not isinstance(action, Arrived) or action.side != BRITISH or ctx.phase != ENDEAVORS \
            or setting_up(ctx):
        return
    kinds = {kind: value for kind, value in action.sp if kind in LOYALIST_KINDS}
    total = sum(kinds.values())
    if not total:
        return
    if total == UPRISING:
        yield from _uprising(action, ctx)
        return
    if total > 2 or not _leaders(action, ctx):
        return  # not a recruitment: a random event's (the table is on the PAC)
    yield from _kind(action, ctx, kinds)
    yield from _recruitment(action, ctx)
    if total == 2:
        yield from _johnson(action, ctx)


def _leaders(action: Arrived, ctx: Context) -> list[str]:
    return [e.key for e in ctx.state.in_area(action.area)
            if e.kind == "leader" and side_of(e, ctx) == BRITISH]


def _tryon(area: str, ctx: Context) -> bool | None:
    """Whether an Area is in Tryon County (None: the data does not say)."""
    region = region_of(area, ctx)
    if region == TRYON:
        return True
    colony = colony_of(area, ctx)
    if (colony is not None and colony != NY_NJ) or region in (CANADA, "vermont"):
        return False
    return None


def _uprising(action: Arrived, ctx: Context) -> Iterator[Outcome]:
    where = ctx.name(action.area)
    if force_in(action.area, CONTINENTAL, ctx):
        yield Check.illegal("AAM-LOY-04", action.step,
                            f"3 Loyalist SP placed at {where}, which holds Continental forces: "
                            "the Loyalist uprising places them in a Tryon County Area free of "
                            "Continental forces (AaM 8.3.4)", spaces=(action.area,),
                            pieces=action.pieces)
        return
    tryon = _tryon(action.area, ctx)
    if tryon is False:
        yield Check.illegal("AAM-LOY-04", action.step,
                            f"3 Loyalist SP placed at {where}, outside Tryon County: the "
                            "Loyalist uprising places them in a Tryon County Area (AaM 8.3.4)",
                            spaces=(action.area,), pieces=action.pieces)
    elif tryon is None:
        yield Check.unchecked("AAM-LOY-04", action.step,
                              f"whether {where} is in Tryon County (AaM 8.3.4) is not in the "
                              "map data", needs=(str(Need.AREAS),), spaces=(action.area,))
    else:
        yield Check.done("AAM-LOY-04")


def _kind(action: Arrived, ctx: Context, kinds: dict[str, int]) -> Iterator[Outcome]:
    region = region_of(action.area, ctx)
    if region is None:
        return
    canada = region == CANADA
    wrong = ("loyalist_militia" if canada else "canadian_militia")
    if wrong in kinds:
        right = "Canadian (C)" if canada else "Loyalist (L)"
        yield Check.illegal("AAM-LOY-02", action.step,
                            f"{kinds[wrong]} SP of {ctx.data.unit_kinds[wrong].name} recruited "
                            f"at {ctx.name(action.area)}: {right} militia are raised there; "
                            "Canadian and Loyalist militia are not interchangeable (AaM 12.1)",
                            spaces=(action.area,), pieces=action.pieces)
    else:
        yield Check.done("AAM-LOY-02")


def _recruitment(action: Arrived, ctx: Context) -> Iterator[Outcome]:
    where = ctx.name(action.area)
    leaders = _leaders(action, ctx)
    if force_in(action.area, CONTINENTAL, ctx):
        yield Check.illegal("AAM-LOY-01", action.step,
                            f"Loyalist militia recruited at {where}, which holds Continental "
                            "forces: the leader's Area must not contain, or be adjacent to, "
                            "any Continental forces (AaM 12.1)", spaces=(action.area,),
                            pieces=action.pieces)
        return
    region, colony = region_of(action.area, ctx), colony_of(action.area, ctx)
    if (colony is not None and colony not in (NY_NJ, CANADA)) or region == "vermont":
        yield Check.illegal("AAM-LOY-01", action.step,
                            f"Loyalist militia recruited at {where}: recruitment is done in "
                            "an Area of Canada (with a settlement, fort or city), Tryon "
                            "County or the Iroquois Nation (AaM 12.1)",
                            spaces=(action.area,), pieces=action.pieces)
        return
    yield from _activation(action, ctx, leaders)
    known = region in (IROQUOIS, TRYON) or (region == CANADA and _holds_place(action.area, ctx))
    near = _continental_next_to(action.area, ctx)
    if near:
        yield Check.illegal("AAM-LOY-01", action.step,
                            f"Loyalist militia recruited at {where}, next to Continental "
                            f"forces at {', '.join(ctx.name(a) for a in near)}: the leader's "
                            "Area must not be adjacent to any Continental forces (AaM 12.1)",
                            spaces=(action.area, *near), pieces=action.pieces)
    elif not known or not ctx.data.map_status.connections_complete:
        yield Check.unchecked("AAM-LOY-01", action.step,
                              f"whether {where} is a recruiting Area (Canada with a "
                              "settlement, fort or city, Tryon County, the Iroquois Nation) "
                              "with no Continental forces next to it (AaM 12.1) needs the map",
                              needs=(str(Need.AREAS), str(Need.ADJACENCY)),
                              spaces=(action.area,))
    else:
        yield Check.done("AAM-LOY-01")


def _holds_place(area: str, ctx: Context) -> bool:
    found = ctx.data.areas.get(area)
    return found is not None and bool(found.settlement or found.city or found.printed_fort)


def _continental_next_to(area: str, ctx: Context) -> list[str]:
    near: list[str] = []
    for link in ctx.data.connections:
        if area not in (link.a, link.b) or link.a is None or link.b is None:
            continue
        neighbour = link.b if link.a == area else link.a
        if neighbour not in near and force_in(neighbour, CONTINENTAL, ctx):
            near.append(neighbour)
    return near


def _activation(action: Arrived, ctx: Context, leaders: list[str]) -> Iterator[Outcome]:
    if action.die is None:
        yield Check.unchecked("AAM-LOY-01", action.step,
                              "no activation die was rolled for the recruitment at "
                              f"{ctx.name(action.area)}: the leader must activate to recruit "
                              "(AaM 8.1)", spaces=(action.area,))
        return
    ratings = [ctx.data.leaders[key].audacity if key in ctx.data.leaders else None
               for key in leaders]
    if any(rating is None for rating in ratings):
        yield Check.unchecked("AAM-LOY-01", action.step,
                              "the recruiting leader's Audacity is not in the data: whether "
                              f"he activated on a {action.die} is not known (AaM 8.1.1)",
                              needs=(str(Need.LEADERS),), spaces=(action.area,))
        return
    best = max(int(rating) for rating in ratings if rating is not None)
    if action.die > best:
        yield Check.illegal("AAM-LOY-01", action.step,
                            f"Loyalist militia recruited at {ctx.name(action.area)} though the "
                            f"activation die was {action.die}, above the best Audacity there "
                            f"({best}): a leader must be successfully activated to recruit "
                            "(AaM 8.1, 8.1.1)", spaces=(action.area,), pieces=action.pieces,
                            expected=f"{best} or less", observed=str(action.die))


def _johnson(action: Arrived, ctx: Context) -> Iterator[Outcome]:
    where = ctx.name(action.area)
    if JOHNSON not in _leaders(action, ctx):
        yield Check.illegal("AAM-LOY-03", action.step,
                            f"2 Loyalist SP recruited at {where} without Johnson: a leader "
                            "places 1 SP; only Johnson, in Tryon County with the Major Victory "
                            "marker British, places 2 (AaM 12.1-12.2)", spaces=(action.area,),
                            pieces=action.pieces)
        return
    marker = [e.key for e, _ in ctx.state.pieces.values() if e.kind == "mv"]
    tryon = _tryon(action.area, ctx)
    if CONTINENTAL in marker and BRITISH not in marker:
        yield Check.illegal("AAM-LOY-03", action.step,
                            f"Johnson raised 2 Loyalist SP at {where} with the Major Victory "
                            "marker on its Continental side: 2 SPs need it on its British side "
                            "(AaM 12.2)", spaces=(action.area,), pieces=action.pieces)
    elif tryon is False:
        yield Check.illegal("AAM-LOY-03", action.step,
                            f"Johnson raised 2 Loyalist SP at {where}, outside Tryon County: "
                            "the mobilization needs him in a Tryon County Area (AaM 12.2)",
                            spaces=(action.area,), pieces=action.pieces)
    elif tryon is None or BRITISH not in marker:
        yield Check.unchecked("AAM-LOY-03", action.step,
                              f"whether {where} is in Tryon County and the Major Victory "
                              "marker is British (AaM 12.2) is not shown",
                              needs=(str(Need.AREAS),), spaces=(action.area,))
    else:
        yield Check.done("AAM-LOY-03")
