"""Almost a Miracle!'s movement (AaM 10.1-10.4, 10.6, 10.8, 14.1.1): a force's path and its
MP, the leaders it needs, enemy forces on its way, overrun, and where militia may go.

- AAM-MOV-01 / -02 / -28 / -10 (10.1, 10.1.1-10.1.2, 10.6.1a, 10.2.3): the MP of the path,
  against the slowest part's allowance (a baggage train 4, a lone leader 12). From one
  waypoint to the next the cheapest legal way is assumed; only a path that costs more
  even by what the rulebook states (rivers 2, Wilderness/Mountain 4, or 2 from an Area on the
  same river, Crossing Arrows 4) is illegal; a path is legal when every cost is known
  (the map, the Terrain Effects Chart, the units' MP) and no weather marker shows (its
  effects are on the PAC). The finding cites the rule of the dearest step.
- AAM-MOV-03 / -05 / -27 (10.1.3, 10.1.5, 10.6): no way but across a four-boundary point, a
  lake without a Crossing Arrow, or (British SPs, French units, Continental regulars) into a
  swamp but across a road.
- AAM-MOV-04 (10.1.4): a Crossing Arrow only from the Area the force began in.
- AAM-MOV-09 (10.2.2): subordinate leaders move with the commanding leader "that start the
  endeavor there. This is for the Area that they are in only." A leader joining from a
  second Area in the step the force moves (the reader's `joins`) is illegal; a first leg
  with several leaders from its one Area is legal (whatever their ranks, the highest
  commands and the others are his subordinates). A leader picked up during the move is
  AAM-STK-04's.
- AAM-MOV-07 / -08 (10.2, 10.2.4): a Colonel activates up to 15 SPs, a general 40; 41-80
  SPs need two 2-star (or greater) generals, 81 or more three, one 1-star standing in for one
  2-star. Read in the player's favour (digest A37): each leader of the force adds his limit.
  Whatever the ranks, one leader never moves more than 40 SPs, nor two more than 80.
  Judged at the force's first drag, or, when more of its pieces are dragged after it the
  same way or leaders of the side stay in the Area (they may follow), when the endeavor
  ends (the next endeavor or pass, or the log's end) on the force as composed (a force
  dragged piece by piece in VASSAL is one force, AaM 8.0); the finding points at the first
  drag.
- AAM-MOV-12 / -13 (10.3, 10.4, 4.3.2): a force entering an Area with enemy SPs stops, unless
  it overruns them (no enemy fort or city, 1 to 3 SPs, odds of 6:1) or the enemy is besieged.
  A leader or baggage train moving with no SPs is not "a force" (2.0: "any number of
  soldiers, i.e. strength points"): going on through enemy SPs is unchecked.
- AAM-MOV-32 / -33 / -34 (10.8): where Continental, Loyalist and Canadian militia may go
  ("for movement and combat purposes": every move, retreats included). Rulebook against the
  digest: "Md/De militia may not enter New Jersey, New York, or points further north" is read
  as the digest's A45 (north = NY/NJ with Vermont and the Iroquois Nation, and Canada); New
  England, reached only through New York, is not barred by this rule.
- AAM-MOV-38 (14.1.1): French SPs move together, as a separate force; French SPs left
  behind by a first drag are judged when the endeavor (or the log) ends, on the force as
  composed (the rest may be dragged after them).
- AAM-MOV-41 (17.0): "only Virginia Areas with a land border to a Maryland Area are in play".

- AAM-MOV-11 (10.2.1): "If a battle occurs and a C-in-C's force becomes smaller than another
  subordinate Leader's force, transfer forces to the C-in-C's command so that it is
  larger." Which leader commands which SPs in one Area is not shown by a log: where a
  battle ends with a C-in-C and no other leader of his side in the Area, his force is all
  of it (legal); with other leaders there, a reminder.
- AAM-MOV-36 (10.10.2): "the player rolls 1d6, and if the result is equal to or lower than
  the force's commanding Leader's Audacity value, then the entire force in the Area must
  react move". A move the reader marks `within="reaction"` is a reaction or its side's own
  next endeavor (the next endeavor tells); both need a die no higher than the best Audacity
  of its leaders (8.1.1 for an endeavor), so that shared part is judged: legal here, and a
  higher die is AAM-END-05's finding (one finding, as the move may be an endeavor). Which
  force the player designated (so whether all of it reacted) is not shown by a log; nor is
  a failed reaction attempt (a die with no move) told from other rolls (10.10.3-10.10.4).
- AAM-MOV-37 (10.10.5): "A Reaction Movement attempt (successful or not) during Winter
  turns triggers an immediate Winter Attrition roll": a 2d6 rolled by the side after its
  reaction move in December-March is judged legal; the roll missing is AAM-SUP-09's
  reminder (10.9 asks the same roll of an endeavor's activation, so both readings owe it).

A retreat (the other side moving out of the Area the moving force entered) and a reaction
(the other side moving into it) are not judged as the endeavor's move; a leg after a roll
(a battle, a retreat before combat) starts the MP count again (AaM 11.3.3).
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator

from adjudicator.systems.almost_a_miracle.actions import (
    BattleEnded,
    DiceRolled,
    EndeavorTaken,
    ForceMoved,
)
from adjudicator.systems.almost_a_miracle.data import AaMData, Need
from adjudicator.systems.almost_a_miracle.movement import (
    BAGGAGE_TRAIN_MP,
    LONE_LEADER_MP,
    overrun,
)
from adjudicator.systems.almost_a_miracle.procedure import ENDEAVORS, continues
from adjudicator.systems.almost_a_miracle.rules.context import Context
from adjudicator.systems.almost_a_miracle.rules.movement_map import (
    Boundary,
    Bounds,
    boundaries,
    cheapest,
    entry_bounds,
    tec_of,
)
from adjudicator.systems.almost_a_miracle.rules.movement_zones import (
    FRENCH,
    french,
    french_left,
    militia,
    virginia,
)
from adjudicator.systems.common.actions import Action
from adjudicator.systems.common.outcomes import Check, Computed, Outcome
from adjudicator.systems.common.routes import PricedLeg, how_priced, route_data, route_text
from adjudicator.systems.common.rulebook import RuleFamily
from adjudicator.systems.common.sequencer import LogEnded

FAMILY = RuleFamily("movement", frozenset({
    "AAM-MOV-01", "AAM-MOV-02", "AAM-MOV-03", "AAM-MOV-04", "AAM-MOV-05", "AAM-MOV-07",
    "AAM-MOV-08", "AAM-MOV-09", "AAM-MOV-10", "AAM-MOV-11", "AAM-MOV-12", "AAM-MOV-13",
    "AAM-MOV-27", "AAM-MOV-28", "AAM-MOV-32", "AAM-MOV-33", "AAM-MOV-34", "AAM-MOV-36",
    "AAM-MOV-37", "AAM-MOV-38", "AAM-MOV-41"}),
    actions=(ForceMoved, DiceRolled, BattleEnded, EndeavorTaken, LogEnded))

SWAMP_BARRED_CONTINENTAL = frozenset({"cont_regular", "cont_cavalry"})
STEP_RULES = {"AaM 10.1.2": "AAM-MOV-02", "AaM 10.6.1a": "AAM-MOV-28",
              "AaM 10.6.1a (same river)": "AAM-MOV-28", "AaM 10.1.4": "AAM-MOV-04"}
RANK_STARS = {"colonel": 0, "col": 0, "1-star": 1, "one-star": 1, "1": 1, "2-star": 2,
              "two-star": 2, "2": 2, "3-star": 3, "three-star": 3, "3": 3, "c-in-c": 3}


def judge(action: Action, ctx: Context) -> Iterator[Outcome]:
    """A force's move: militia zones and the French always; in the Endeavors Phase, the
    endeavor's own move: its leaders, its path and its MP, enemy forces on its way."""
    if isinstance(action, DiceRolled):
        yield from _winter_reaction(action, ctx)
        return
    if isinstance(action, BattleEnded):
        yield from _c_in_c(action, ctx)
        return
    if isinstance(action, (EndeavorTaken, LogEnded)):
        yield from _composed(ctx)
        yield from french_left(ctx)
        return
    if not isinstance(action, ForceMoved):
        return
    if action.within == "reaction" and ctx.phase == ENDEAVORS:
        yield from _reaction_roll(action, ctx)
    yield from militia(action, ctx)
    yield from french(action, ctx)
    yield from virginia(action, ctx)
    if ctx.phase != ENDEAVORS or _answers(action, ctx):
        return
    going_on = continues(ctx.proc, action)
    if not going_on and not action.continues and not (
            _short(action.strength, action.leaders, ctx) and _waiting(action, ctx)):
        yield from _command(action, ctx)  # else judged when the endeavor ends
    if action.joins:
        yield from _subordinates(action, ctx)
    elif not going_on and len(action.leaders) > 1:
        yield Check.done("AAM-MOV-09")
    yield from _enemies(action, ctx, going_on)
    if going_on and ctx.proc.rolled:
        route = action.path or (action.origin, action.destination)
    elif going_on:
        route = ctx.proc.route + (action.path or (action.origin, action.destination))[1:]
    else:
        route = action.path or (action.origin, action.destination)
    yield from _path(action, ctx, route)


def _answers(action: ForceMoved, ctx: Context) -> bool:
    """A retreat from, or a reaction into, the Area the other side's force just entered."""
    leg = ctx.proc.leg
    return bool(action.within) or (leg is not None and leg.side != action.side and
                                   leg.destination in (action.origin, action.destination))


def _c_in_c(action: BattleEnded, ctx: Context) -> Iterator[Outcome]:
    """AaM 10.2.1: after a battle the C-in-C commands the largest force in his Area."""
    for side in action.left:
        chiefs = [key for key in side.leaders if key in ctx.data.leaders and
                  (ctx.data.leaders[key].rank or "").casefold() == "c-in-c"]
        if not chiefs:
            continue
        if len(side.leaders) == 1:
            yield Check.done("AAM-MOV-11")  # his force is all of his side's in the Area
            continue
        yield Check.reminder("AAM-MOV-11", action.last_step or action.step,
                             f"after the battle in {ctx.name(action.joined.area)}, "
                             f"{ctx.leader_name(chiefs[0])} shares the Area with other "
                             "leaders: if a C-in-C's force becomes smaller than another "
                             "subordinate Leader's force, transfer forces to the C-in-C's "
                             "command so that it is larger (AaM 10.2.1)",
                             spaces=(action.joined.area,))


WINTER_MONTHS = frozenset({12, 1, 2, 3})
"""December through March (AaM 5.4.4, 10.10.5)."""


def _reaction_roll(action: ForceMoved, ctx: Context) -> Iterator[Outcome]:
    """AaM 10.10.2 (and 8.1.1 if it was the side's own endeavor): a die no higher than the
    best Audacity of the force's leaders (the player's favour: who commands is not shown)."""
    ratings = [ctx.data.leaders[key].audacity for key in action.leaders
               if key in ctx.data.leaders]
    if action.die is None or not action.leaders or len(ratings) != len(action.leaders) or \
            any(rating is None for rating in ratings):
        return
    if action.die <= max(rating for rating in ratings if rating is not None):
        yield Check.done("AAM-MOV-36")


def _winter_reaction(action: DiceRolled, ctx: Context) -> Iterator[Outcome]:
    """AaM 10.10.5: the Winter Attrition roll after a reaction (or the side's endeavor)."""
    turn = ctx.placement.moment.turn or ""
    month = turn.rpartition("-")[2]
    owed = ctx.proc.supply.winter_owed
    if ctx.phase != ENDEAVORS or len(action.dice) != 2 or not month.isdigit() or \
            int(month) not in WINTER_MONTHS or ctx.proc.reacted is None or owed is None:
        return
    if owed == (action.side, ctx.proc.reacted):
        yield Check.done("AAM-MOV-37")


def _subordinates(action: ForceMoved, ctx: Context) -> Iterator[Outcome]:
    """AaM 10.2.2: subordinates move with the commander only from the Area they start in."""
    if not action.leaders:
        return
    names = ", ".join(ctx.leader_name(leader) for leader in action.leaders)
    yield Check.illegal("AAM-MOV-09", action.step,
                        f"{names} joined from {ctx.name(action.origin)} the force moving to "
                        f"{ctx.name(action.destination)}: subordinate leaders move and fight "
                        "with the commanding leader only if they start the endeavor in his "
                        "Area (\"This is for the Area that they are in only\", AaM 10.2.2)",
                        spaces=(action.origin, action.destination), pieces=action.pieces)


def _stars(rank: str | None) -> int | None:
    if rank is None:
        return None
    return RANK_STARS.get(rank.casefold().replace(" ", "-").strip())


def _command(action: ForceMoved, ctx: Context) -> Iterator[Outcome]:
    """AaM 10.2 and 10.2.4: enough leaders of enough rank for the SPs moved."""
    strength, leaders = action.strength, action.leaders
    if not strength or not leaders:
        return
    route = f"{ctx.name(action.origin)} → {ctx.name(action.destination)}"
    if (strength > 40 and len(leaders) == 1) or (strength > 80 and len(leaders) == 2):
        need = "two" if strength <= 80 else "three"
        yield Check.illegal("AAM-MOV-08", action.step,
                            f"{strength} SPs moved {route} with {len(leaders)} leader(s): a "
                            f"force of {'41 to 80' if strength <= 80 else '81 or more'} SPs "
                            f"requires {need} 2-star or greater generals to move (AaM 10.2.4)",
                            spaces=(action.origin, action.destination), pieces=action.pieces,
                            expected=f"{need} generals", observed=str(len(leaders)))
        return
    stars = [_stars(ctx.data.leaders[k].rank) if k in ctx.data.leaders else None
             for k in leaders]
    if strength <= 15:
        yield Check.done("AAM-MOV-07")
        yield Check.done("AAM-MOV-08")
        return
    known = [s for s in stars if s is not None]
    if len(known) < len(stars):
        for rule in ("AAM-MOV-07", "AAM-MOV-08"):
            yield Check.unchecked(rule, action.step,
                                  f"the rank of a leader of the {strength} SPs that moved "
                                  f"{route} is not in the data", needs=(str(Need.LEADERS),),
                                  pieces=action.pieces)
        return
    limit = sum(40 if s >= 1 else 15 for s in known)
    if strength <= 40 and strength > limit:
        yield Check.illegal("AAM-MOV-07", action.step,
                            f"{strength} SPs moved {route} under {len(known)} Colonel(s): a "
                            "Colonel is limited to activating up to 15 SPs (AaM 10.2)",
                            spaces=(action.origin, action.destination), pieces=action.pieces,
                            expected=f"at most {limit} SPs", observed=str(strength))
    else:
        yield Check.done("AAM-MOV-07")
    if strength > 40:
        two, one = sum(s >= 2 for s in known), sum(s == 1 for s in known)
        generals = 2 if strength <= 80 else 3
        if two >= generals or (two >= generals - 1 and one >= 1):
            yield Check.done("AAM-MOV-08")
        else:
            yield Check.illegal("AAM-MOV-08", action.step,
                                f"{strength} SPs moved {route} with {two} general(s) of 2 stars "
                                f"or more and {one} of 1 star: the force requires {generals} "
                                "2-star or greater generals, one 1-star standing in for one "
                                "2-star (AaM 10.2.4)",
                                spaces=(action.origin, action.destination),
                                pieces=action.pieces)


def _composed(ctx: Context) -> Iterator[Outcome]:
    """AaM 10.2, 10.2.4 when the endeavor ends, on its force as composed (its first drag
    with the pieces dragged after it the same way), where the first drag did not settle it:
    more pieces followed, or leaders of the side stayed behind and might have."""
    force, first = ctx.proc.force, ctx.proc.first
    if force is None or first is None or ctx.phase != ENDEAVORS:
        return
    short = _short(first.strength, first.leaders, ctx)
    waiting = _waiting(first, ctx)
    if (force == first and short and waiting) or (force != first and not (short and not waiting)):
        yield from _command(force, ctx)


def _short(strength: int, leaders: tuple[str, ...], ctx: Context) -> bool:
    """Whether these leaders surely cannot move these SPs (AaM 10.2, 10.2.4)."""
    if not strength or not leaders:
        return False
    if (strength > 40 and len(leaders) == 1) or (strength > 80 and len(leaders) == 2):
        return True
    stars = [_stars(ctx.data.leaders[k].rank) if k in ctx.data.leaders else None
             for k in leaders]
    if strength <= 15 or any(s is None for s in stars):
        return False
    known = [s for s in stars if s is not None]
    if strength <= 40:
        return strength > sum(40 if s >= 1 else 15 for s in known)
    two, one = sum(s >= 2 for s in known), sum(s == 1 for s in known)
    generals = 2 if strength <= 80 else 3
    return not (two >= generals or (two >= generals - 1 and one >= 1))


def _waiting(action: ForceMoved, ctx: Context) -> bool:
    """Whether leaders of the mover's side are in the Area it left (the rest of a force
    dragged piece by piece may follow with them)."""
    return any(e.kind == "leader" and e.key in ctx.data.leaders and
               str(ctx.data.leaders[e.key].side) == action.side
               for e in ctx.state.in_area(action.origin))


def _enemy_sp(area: str, side: str | None, ctx: Context) -> int:
    """The SPs of the other side in an Area (none if a siege marker is there: 4.3.2)."""
    entities = ctx.state.in_area(area)
    if any(e.kind == "siege" for e in entities):
        return 0
    return sum(e.value for e in entities if e.kind == "sp" and e.key in ctx.data.unit_kinds
               and str(ctx.data.unit_kinds[e.key].side) != side)


def _fort_or_city(area: str, side: str | None, ctx: Context) -> bool | None:
    """Whether an Area holds a city or an enemy fort (None: not known)."""
    known = ctx.data.areas.get(area)
    if any(e.kind == "fort" and e.key != side and e.flag != "build"
           for e in ctx.state.in_area(area)):
        return True
    if known is None or known.city is None:
        return None
    return bool(known.city) or bool(known.printed_fort)


def _enemies(action: ForceMoved, ctx: Context, going_on: bool) -> Iterator[Outcome]:
    """AaM 10.3-10.4: stop in an Area with enemy SPs unless they are overrun."""
    route = action.path or (action.origin, action.destination)
    passed = list(route[1:-1])
    if going_on and not ctx.proc.rolled:
        passed.insert(0, action.origin)
    judged = False
    for area in passed:
        enemy = _enemy_sp(area, action.side, ctx)
        if not enemy:
            continue
        judged = True
        if not action.sp:
            yield Check.unchecked("AAM-MOV-12", action.step,
                                  f"a leader or baggage train with no SPs went on through "
                                  f"{ctx.name(area)}, which holds {enemy} enemy SPs: 10.3 "
                                  "stops \"A force\" (SPs, AaM 2.0) that enters it; what a "
                                  "lone leader or train does there is not said",
                                  spaces=(area,), pieces=action.pieces)
            continue
        city = _fort_or_city(area, action.side, ctx)
        test = overrun(action.strength, enemy, fort_or_city=bool(city))
        if test.allowed and city is None:
            yield Check.unchecked("AAM-MOV-13", action.step,
                                  f"the force went on through {ctx.name(area)} after "
                                  f"overrunning {enemy} SPs: whether a city is there is not "
                                  "known", needs=(str(Need.AREAS),), spaces=(area,))
        elif test.allowed:
            yield Computed(kind="overrun", step=action.step, rule_id="AAM-MOV-13",
                           summary=f"{action.strength} SPs overrun {enemy} in "
                                   f"{ctx.name(area)}, paying {test.mp} MP",
                           inputs={"mover_sp": action.strength, "enemy_sp": enemy},
                           result={"allowed": True, "mp": test.mp})
            yield Check.done("AAM-MOV-13")
        else:
            rule = "AAM-MOV-13" if 1 <= enemy <= 3 and not city else "AAM-MOV-12"
            yield Check.illegal(rule, action.step,
                                f"the force went on past {ctx.name(area)}, which holds "
                                f"{enemy} enemy SPs it could not overrun ({test.reason}): a "
                                "force must stop if it enters an Area containing an enemy "
                                "force, and fight (AaM 10.3)",
                                spaces=(area,), pieces=action.pieces)
    if not judged and passed:
        yield Check.done("AAM-MOV-12")


def _allowance(action: ForceMoved, data: AaMData) -> tuple[int | None, int | None]:
    """The force's MP: (at most, exactly); exactly is None when a unit's MP is unknown."""
    if action.leaders and not action.sp and not action.trains:
        return LONE_LEADER_MP, LONE_LEADER_MP
    parts: list[int | None] = [BAGGAGE_TRAIN_MP] * action.trains
    for kind, _ in action.sp:
        unit = data.unit_kinds.get(kind)
        parts.append(unit.mp if unit is not None else None)
    known = [mp for mp in parts if mp is not None]
    upper = min(known) if known else None
    return upper, (upper if len(known) == len(parts) else None)


def _path(action: ForceMoved, ctx: Context, route: tuple[str, ...]) -> Iterator[Outcome]:
    """The MP of the route, its barred steps and the Crossing Arrow (AaM 10.1-10.6)."""
    if not action.sp and not action.leaders and not action.trains:
        return
    lone = bool(action.leaders) and not action.sp and not action.trains
    graph = boundaries(ctx.data)
    complete = ctx.data.map_status.connections_complete
    tec = tec_of(ctx.data)
    barred = any(str(ctx.data.unit_kinds[k].side) == "british" or k in FRENCH or
                 k in SWAMP_BARRED_CONTINENTAL for k, _ in action.sp if k in ctx.data.unit_kinds)
    upper, exact = _allowance(action, ctx.data)
    spaces = tuple(route)
    low_total: int | None = 0 if complete else None
    high_total: int | None = 0
    rules: set[str] = set()
    priced: list[PricedLeg] = []
    for index, (start, goal) in enumerate(itertools.pairwise(route)):
        def enter(a: str, b: str, boundary: Boundary, from_start: bool,
                  goal: str = goal) -> Bounds | str:
            bounds = entry_bounds(boundary, _terrain(b, ctx), tec, barred_from_swamp=barred)
            enemy = _enemy_sp(b, action.side, ctx) if b != route[-1] and action.sp else 0
            if isinstance(bounds, str) or not enemy:
                return bounds
            test = overrun(action.strength, enemy, fort_or_city=False)
            if not test.allowed:
                return bounds if b == goal else "AAM-MOV-12"  # a waypoint: see _enemies
            city = _fort_or_city(b, action.side, ctx)
            high = None if city is None or bounds.high is None else bounds.high + test.mp
            return "AAM-MOV-13" if city else Bounds(bounds.low + test.mp, high, bounds.rule)

        direct = graph.get(start, {}).get(goal)
        if direct is not None and direct.arrow and index > 0:
            yield Check.illegal("AAM-MOV-04", action.step,
                                f"a Crossing Arrow crossed from {ctx.name(start)}, not from "
                                "the Area the force began in: the force must begin in an Area "
                                "the crossing arrow connects (AaM 10.1.4)",
                                spaces=(start, goal), pieces=action.pieces)
            return
        leg = cheapest(start, goal, graph, enter, first=index == 0)
        if leg.low is None and complete:
            why = enter(start, goal, direct, index == 0) if direct is not None else None
            rule = why if isinstance(why, str) else "AAM-MOV-01"
            yield Check.illegal(rule, action.step,
                                f"no legal way from {ctx.name(start)} to {ctx.name(goal)}: "
                                f"{_why(rule)}", spaces=(start, goal), pieces=action.pieces)
            return
        if direct is not None:
            bounds = enter(start, goal, direct, index == 0)
            if isinstance(bounds, Bounds) and bounds.low == leg.low:
                rules.add(STEP_RULES.get(bounds.rule, "AAM-MOV-01"))
                if (_terrain(goal, ctx) or "").casefold() == "swamp":
                    rules.add("AAM-MOV-27")
            if direct.arrow:
                rules.add("AAM-MOV-04")
        last = len(leg.spaces) - 2
        priced += [PricedLeg(a, b, cost, shown=index == last) for index, (a, b, cost) in
                   enumerate(zip(leg.spaces, leg.spaces[1:], leg.steps, strict=False))]
        low_total = None if low_total is None or leg.low is None else low_total + leg.low
        high_total = None if high_total is None or leg.high is None else \
            high_total + leg.high
    yield from _verdict(action, ctx, spaces, lone, upper, exact, low_total, high_total, rules,
                        tuple(priced))


def _verdict(action: ForceMoved, ctx: Context, spaces: tuple[str, ...], lone: bool,
             upper: int | None, exact: int | None, low: int | None, high: int | None,
             rules: set[str], priced: tuple[PricedLeg, ...] = ()) -> Iterator[Outcome]:
    rule = "AAM-MOV-10" if lone else "AAM-MOV-01"
    weather = any(e.kind == "weather" for e, _ in ctx.state.pieces.values())
    # The route priced, Area by Area with what entering each cost at least, and how it is
    # known (the drags' waypoints, or the cheapest way between them).
    complete = bool(priced) and priced[-1].end == spaces[-1] and len(
        [leg for leg in priced if leg.shown]) == len(spaces) - 1
    path = (f"{route_text(priced, ctx.name)}, {how_priced(priced)}" if complete
            else " → ".join(ctx.name(a) for a in spaces))
    if low is not None and upper is not None:
        yield Computed(kind="movement points", step=action.step, rule_id=rule,
                       summary=f"the path {path} costs at least {low} MP "
                               f"against {upper}", inputs={"allowance": upper, **(
                                   route_data(priced, ctx.name) if complete else {})},
                       result={"at_least": low, "exactly": high})
    if low is not None and upper is not None and low > upper:
        dear = sorted(r for r in rules if r != "AAM-MOV-01")
        cited = rule if lone or not dear else dear[0]
        yield Check.illegal(cited, action.step,
                            f"the force moved {path}: the "
                            f"cheapest way costs at least {low} MP, more than its {upper} "
                            "(a force moves as fast as its slowest component; a river "
                            "boundary without a road costs 2, Wilderness or Mountain without a "
                            "road 4; AaM 10.1-10.2.3, 10.6.1a)",
                            spaces=spaces, pieces=action.pieces, expected=f"≤ {upper} MP",
                            observed=f"≥ {low} MP")
        return
    if high is not None and exact is not None and high <= exact and not weather:
        for done in {rule, *rules} & FAMILY.checks:
            yield Check.done(done)
        return
    needs = [str(Need.ADJACENCY)] if high is None else []
    if exact is None:
        needs.append(str(Need.UNIT_VALUES))
    if not tec_of(ctx.data) or weather:
        needs.append(str(Need.TEC))
    yield Check.unchecked(rule, action.step,
                          f"the MP of the move {' → '.join(spaces)} is not known: the map, "
                          "the Terrain Effects Chart, the units' MP or the weather's effect "
                          "is missing", needs=tuple(dict.fromkeys(needs)), spaces=spaces)


def _terrain(area: str, ctx: Context) -> str | None:
    known = ctx.data.areas.get(area)
    return known.terrain if known is not None else None


def _why(rule: str) -> str:
    return {
        "AAM-MOV-03": "where four boundary lines intersect, a player may NOT move across the "
                      "intersection (AaM 10.1.3)",
        "AAM-MOV-05": "Lake Champlain, Lake George, and the St. Lawrence River cannot be "
                      "crossed except where Crossing Arrows are present (AaM 10.1.5)",
        "AAM-MOV-27": "British SPs, French units and Continental Regular SPs may not enter "
                      "swamp Areas except across boundaries crossed by a road (AaM 10.6)",
        "AAM-MOV-12": "a force must stop if it enters an Area containing an enemy force "
                      "(AaM 10.3)",
        "AAM-MOV-13": "no overrun where there is an enemy fort or city (AaM 10.4.1)",
    }.get(rule, "the Areas are not joined by a way the force may take (AaM 10.1)")
