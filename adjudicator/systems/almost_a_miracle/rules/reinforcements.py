"""The Reinforcement Phase (AaM 3.0C, 6.0-6.6, 7.1.3, 15.4.2).

- AAM-REINF-06 (6.1): reinforcements, returning surrendered troops and sick leaders,
  exchanged POWs and available baggage trains "will be placed on the map during the
  Reinforcement Phase". Pieces put on the map in the Siege Resolution, Attrition,
  Adjustment or Special Siege Resolution Phase are illegal. In the Logistics and
  Engineering Phase they are legal only with their side's BoO in the Area (15.4.2: POWs
  "enter with the BoO when it returns to the map"; 7.1 note: British reinforcements wait
  for the BoO). In the Endeavors Phase militia come from invasions (10.7), Loyalists from
  recruitment and random events (8.3.4, 12): other families judge those; regulars then
  could come from the Endeavor Random Event Table, which the rulebook does not print:
  unchecked. The French are judged by `french.py` (14.1). While the phase marker has
  been shown only once (as the log opened, or its first setting), pieces put on the map may
  be the players' set-up: no arrival is judged until it moves.
- AAM-REINF-01 (6.2, 6.2.2): "Withdrawals are performed first, and then reinforcements":
  SPs taken off the map in the Reinforcement Phase after the same side's pieces arrived is
  a reminder; so is a leader still on the map when the Reinforcement Phase of his Turn of
  Withdrawal (printed on his counter's back) ends.
- AAM-REINF-06 also: a leader put on the map before his Turn of Entry (on his counter).
- AAM-REINF-05 (6.2.5): withdrawn troops come "from any map Area that is not under siege"
  (an Area with a Siege marker). Removals after the Political Events roll are left alone
  (an event may remove pieces: the table is on the PAC).
- AAM-REINF-07 (6.1.1): a Continental militia leader goes onto a force with militia of his
  colony, or (no such militia, or all besieged, or no generation this month) onto the
  closest Continental force to his home colony: a leader put where no Continental SPs are is
  illegal; on a force without his colony's militia, whether it is the closest is unchecked
  without the map.
- AAM-REINF-08 (6.1.2): Continental regulars do not arrive in an Area British troops
  occupy (they go to another settlement or city of the colony, or are lost).
- AAM-REINF-10 (6.1.3): with the Continental BoO off the board, Continental regulars and
  non-militia leaders arrive in a colonial capital (a blue or red crown, 13.1.2).
- AAM-REINF-12 (6.1.5, with 6.1.4): British regular SPs do not arrive in an Area
  Continental troops occupy: they are put back a month (or, marked "(P)", lost for good).
- AAM-REINF-13 (7.1.3): a British BoO at Quebec receives no reinforcements or baggage
  trains from December through April.
- AAM-REINF-14 (6.1.6): Brant and the Indians are not available until January 1777; July
  1777's Reinforcement Phase ending with Brant off the board is a reminder (the Indian
  Uprising is then that month's automatic event).
- AAM-REINF-15 (2.0 "Strength Point"): no more SPs of a type on the board than the counter
  mix holds (the mix a user file supplies).
- AAM-REINF-16, -18, -19 (6.3, 6.4): new baggage trains go on their side's BoO (none while
  it is off the board), and only up to the limit less the trains and magazines on the board
  (captured trains and the BoO not counted): British, the controlled ports' values (at most
  8), Continental 5; after the first French Intervention 2 less and 7. Whether the French
  intervened is known from the French on the map (or a start in December 1778, 17.5);
  otherwise the reading most favourable to the player is taken.
- AAM-FR-08 (6.3.1): after the first French Intervention the British limit is 2 less.
- AAM-REINF-20, -21 (6.5): militia are generated in March, June, September and December
  and placed in settlements or cities of their colony that are neither British-controlled
  nor under siege. Rulebook against the digest: 6.5 first says "any friendly-controlled or
  not under siege settlement or city", then "If all settlements and cities in a colony are
  British-controlled or under siege, no Continental militia for that colony may be
  placed": the second sentence is followed (neither British-controlled nor besieged).
  Militia in another month could come from the schedule or a Political Event (both
  missing): unchecked. The number generated needs the Militia Generation Table (PAC).
- AAM-REINF-02 (6.2.1): "If there are insufficient SPs available to withdraw, ignore the
  unavailable amount". When the Reinforcement Schedule (`tables.reinforcement_schedule`,
  rows `turn`, `side`, `withdraw` (unit kind), `sp`) calls for a withdrawal this month, a
  phase ending with less withdrawn is legal when no SPs of that kind are left on the map
  outside Areas under siege (6.2.5; those that arrived this phase not counted), and a
  reminder when some are (only the unavailable amount is ignored). With the Alternate
  History Duration the British may refuse (16.3).
- AAM-REINF-03 (6.2.3): "If a Leader has been killed, the withdrawal is not canceled; you
  must remove another Leader with the same or better Tactical Rating": a schedule row
  `withdraw_leader` whose leader is in the Eliminated box when the phase ends, with no
  leader of his side of a Tactical Rating as good or better taken off the map this phase,
  is illegal. A captured leader's withdrawal is delayed (6.2.4, AAM-REINF-04); a sick one
  (on the Turn Record Track) is not killed: neither is judged here.
- AAM-REINF-09 (6.1.2): "The monthly 2 Continental Regular SP reinforcements placed at
  their BoO does not arrive on turns in which the BoO is not on the map": with the
  Continental BoO off the map, Continental regular SPs placed this phase beyond what the
  schedule lists for the month (its `every month` row aside) are illegal; pieces from the
  Turn Record Track (returning surrendered troops, 6.1) and anything after the Political
  Events roll are not counted. Without the
  schedule, unchecked. Regulars placed on the BoO while it is on the map are legal.
- AAM-REINF-11 (6.1.4): British regulars marked "(P)" (a schedule row with `provincial`)
  whose arrival space is occupied by Continental forces "are lost permanently": British
  regular SPs placed elsewhere this phase beyond this month's other scheduled British
  regulars and last month's (which may have been put back a month, 6.1.5) are illegal;
  the phase ending with none placed is legal. Not counted: SPs from the Turn Record Track,
  SPs put on the British BoO (returning POW SPs go there, 15.4.2), and anything after the
  Political Events roll (an event may place SPs, 6.6).
- AAM-REINF-17 (6.3.1): "if he is over the limit, he is not required to remove baggage
  trains/magazines from the board": a side that ends the phase with more trains than its
  limit (whatever the limit is) is judged legal, and so is a train taken off then.
- AAM-SUP-16 (5.4.7d): "Losing a baggage train or magazine to capture does not reduce a
  player's baggage train/magazine limit": new trains placed while the enemy holds a
  captured train of the placing side are judged against the full limit (AAM-REINF-16,
  -18), and that placement is judged legal under SUP-16 too.
- AAM-REINF-23 (15.4-15.5, 3.0C): "Leaders are also exchanged on an equal basis (i.e.
  colonel for colonel, 1-star general for 1-star general, 2-star general for 2-star
  general)": leaders taken out of the Leader POW boxes in the Reinforcement Phase (to the
  map or a box, not out of the game) are judged when it ends: the same ranks on both
  sides are legal, others a reminder (15.5.2 allows other trades by agreement). That an
  exchange possible must occur (15.5.3) is AAM-POW-06. SP exchanges (15.4.1) are on a
  POW track the binding has no place for: not seen.
- AAM-REINF-22 (6.6): one 2d6 Political Events roll "each turn, at the end of the
  Reinforcement Phase": leaving the phase with no 2d6 rolled is a reminder (not in July
  1777 before the Indian Uprising has come up: it is then the automatic event, 6.1.6).
"""

from __future__ import annotations

from collections.abc import Iterator

from adjudicator.systems.almost_a_miracle.actions import Arrived, Left
from adjudicator.systems.almost_a_miracle.attrition import (
    MILITIA_GENERATION_MONTHS,
    british_bt_limit,
    continental_bt_limit,
)
from adjudicator.systems.almost_a_miracle.data import Need
from adjudicator.systems.almost_a_miracle.procedure import (
    ADJUSTMENT,
    ATTRITION,
    BRITISH,
    CONTINENTAL,
    ENDEAVORS,
    LAST_SIEGE,
    LOGISTICS,
    REINFORCEMENT,
    SIEGE,
)
from adjudicator.systems.almost_a_miracle.read_reinforcements import in_play
from adjudicator.systems.almost_a_miracle.rules.context import Context
from adjudicator.systems.almost_a_miracle.state import Entity
from adjudicator.systems.common.actions import Action, PhaseChange
from adjudicator.systems.common.outcomes import Check, Outcome
from adjudicator.systems.common.places import PlaceKind
from adjudicator.systems.common.rulebook import RuleFamily

FAMILY = RuleFamily(
    "reinforcements",
    frozenset({"AAM-REINF-01", "AAM-REINF-05", "AAM-REINF-06", "AAM-REINF-07",
               "AAM-REINF-08", "AAM-REINF-10", "AAM-REINF-12", "AAM-REINF-13",
               "AAM-REINF-14", "AAM-REINF-15", "AAM-REINF-16", "AAM-REINF-18", "AAM-REINF-19",
               "AAM-REINF-20", "AAM-REINF-21", "AAM-REINF-22", "AAM-FR-08",
               "AAM-REINF-02", "AAM-REINF-03", "AAM-REINF-09", "AAM-REINF-11",
               "AAM-REINF-17", "AAM-REINF-23", "AAM-SUP-16"}),
    positional=frozenset({"AAM-REINF-05", "AAM-REINF-06", "AAM-REINF-07", "AAM-REINF-08",
                          "AAM-REINF-10", "AAM-REINF-12", "AAM-REINF-13", "AAM-REINF-15",
                          "AAM-REINF-16", "AAM-REINF-18", "AAM-REINF-19", "AAM-REINF-21",
                          "AAM-FR-08", "AAM-REINF-09", "AAM-REINF-11"}),
    actions=(Arrived, Left, PhaseChange))

REGULARS = {CONTINENTAL: frozenset({"cont_regular", "cont_cavalry"}),
            BRITISH: frozenset({"brit_regular", "brit_cavalry"})}
FRENCH = frozenset({"french_regular"})
FRENCH_LEADERS = frozenset({"destaing"})
INDIAN = frozenset({"indian"})
BRANT = "brant"
INDIANS_FROM = "1777-01"
INDIAN_UPRISING_DUE = "1777-07"
QUEBEC = "C24"
QUEBEC_ICE_MONTHS = frozenset({12, 1, 2, 3, 4})
DECEMBER_1778 = "1778-12"
"""Scenario 5 starts with the French Intervention done (17.5)."""
PREFIXES = (("NE", "ne"), ("VT", "vermont"), ("Y", "ny_nj"), ("P", "pa"), ("M", "md_de"),
            ("C", "canada"), ("I", "iroquois"), ("V", "virginia"))
"""Area ids' colony prefixes (AaM 2.0 "Area I.D."; map.json's regions), longest first."""
NAMES = {BRITISH: "British", CONTINENTAL: "Continental"}
PHASE_NAMES = {SIEGE: "Siege Resolution Phase", ATTRITION: "Attrition Phase",
               ADJUSTMENT: "Adjustment Phase", LAST_SIEGE: "Special Siege Resolution Phase",
               LOGISTICS: "Logistics and Engineering Phase", ENDEAVORS: "Endeavors Phase"}


# --- facts of the map and the position, shared with the other late families -------------


def region_of(area: str, ctx: Context) -> str | None:
    """The region of an Area: the data's, else its id's prefix (`NE10` → `ne`)."""
    found = ctx.data.areas.get(area)
    if found is not None and found.region:
        return found.region
    for prefix, region in PREFIXES:
        rest = area[len(prefix):]
        if area.startswith(prefix) and rest.isdigit():
            return region
    return None


def colony_of(area: str, ctx: Context) -> str | None:
    """The colony an Area is in (a sub-region's colony: Vermont is in NY/NJ)."""
    region = region_of(area, ctx)
    if region is None:
        return None
    found = ctx.data.regions.get(region)
    part_of = getattr(found, "part_of", None) if found is not None else None
    return str(part_of) if part_of else region


def side_of(entity: Entity, ctx: Context) -> str | None:
    """The side of an SP counter, leader, train or base."""
    if entity.kind == "sp":
        kind = ctx.data.unit_kinds.get(entity.key)
        return str(kind.side) if kind is not None else None
    if entity.kind == "leader":
        leader = ctx.data.leaders.get(entity.key)
        return str(leader.side) if leader is not None else None
    if entity.kind in ("bt", "boo"):
        return entity.key if entity.key in NAMES else None
    return None


def sp_of(area: str, side: str, ctx: Context, kinds: frozenset[str] | None = None) -> int:
    """A side's SPs (of these kinds) in an Area."""
    return sum(e.value for e in ctx.state.in_area(area)
               if e.kind == "sp" and side_of(e, ctx) == side
               and (kinds is None or e.key in kinds))


def force_in(area: str, side: str, ctx: Context) -> bool:
    """A side has a force (SPs or a leader) in an Area (AaM 2.0 "Control")."""
    return any(e.kind in ("sp", "leader") and side_of(e, ctx) == side
               for e in ctx.state.in_area(area))


def besieged(area: str, ctx: Context) -> bool:
    """A Siege marker in the Area (AaM 4.3)."""
    return any(e.kind == "siege" for e in ctx.state.in_area(area))


def other(side: str) -> str:
    """The other side."""
    return CONTINENTAL if side == BRITISH else BRITISH


def boo_area(side: str, ctx: Context) -> tuple[bool, str | None]:
    """(whether the side's BoO is bound at all, the Area it is in or None off the map)."""
    for entity, place in ctx.state.pieces.values():
        if entity.kind == "boo" and entity.key == side:
            return True, place.key if place.kind is PlaceKind.SPACE else None
    return False, None


def french_intervened(ctx: Context) -> bool | None:
    """True once the French have come (or the game started in December 1778, 17.5); None
    when the log does not show it either way."""
    if ctx.proc.french_entry is not None or ctx.proc.first_turn == DECEMBER_1778:
        return True
    if any(e.kind == "sp" and e.key in FRENCH and p.kind is PlaceKind.SPACE
           for e, p in ctx.state.pieces.values()):
        return True
    return None


def setting_up(ctx: Context) -> bool:
    """Whether pieces put on the map may still be the set-up: the phase marker has been
    shown once only (as the log opened, or its first setting) and has not moved since."""
    return ctx.proc.phases_shown == 1


def turn_of(ctx: Context) -> str | None:
    """The month the action stands in (`1777-06`)."""
    return ctx.placement.moment.turn or ctx.proc.position.moment.turn


def month_of(turn: str | None) -> int | None:
    """The month number of a turn id."""
    if turn is None or len(turn) < 7 or not turn[5:7].isdigit():
        return None
    return int(turn[5:7])


# --- the family ----------------------------------------------------------------------


def judge(action: Action, ctx: Context) -> Iterator[Outcome]:
    """Arrivals, withdrawals and the Political Events roll."""
    if isinstance(action, Arrived):
        yield from _indians(action, ctx)
        yield from _counter_mix(action, ctx)
        if setting_up(ctx):
            return
        if ctx.phase == REINFORCEMENT:
            yield from _arrival(action, ctx)
            yield from _scheduled(action, ctx)
        elif ctx.phase is not None:
            yield from _out_of_phase(action, ctx)
    elif isinstance(action, Left) and ctx.phase == REINFORCEMENT:
        yield from _withdrawal(action, ctx)
        if action.trains:
            yield from _over_limit(action.side or "", action.step, ctx, removed=True)
    elif isinstance(action, PhaseChange) and action.forward and \
            action.previous == REINFORCEMENT and action.phase != REINFORCEMENT:
        yield from _political(action, ctx)
        yield from _schedule_end(action, ctx)


def _regular_sp(action: Arrived, side: str) -> int:
    return sum(value for kind, value in action.sp if kind in REGULARS.get(side, frozenset()))


def _out_of_phase(action: Arrived, ctx: Context) -> Iterator[Outcome]:
    side = action.side or ""
    sp = sum(value for kind, value in action.sp if kind not in FRENCH)
    leaders = tuple(k for k in action.leaders if k not in FRENCH_LEADERS)
    if ctx.phase == ENDEAVORS:
        regulars = _regular_sp(action, side)
        if regulars:
            yield Check.unchecked("AAM-REINF-06", action.step,
                                  f"{regulars} regular SP came onto the map at "
                                  f"{ctx.name(action.area)} in the Endeavors Phase: only an "
                                  "Endeavor Random Event could bring them (AaM 6.1, 8.3), and "
                                  "its table is not in the data",
                                  needs=(str(Need.RANDOM),), spaces=(action.area,))
        return
    if not (sp or leaders or action.trains):
        return
    what = _describe(sp, leaders, action.trains, ctx)
    if ctx.phase == LOGISTICS:
        _, at = boo_area(side, ctx)
        if at == action.area:
            yield Check.done("AAM-REINF-06")
            return
    name = PHASE_NAMES.get(ctx.phase or "", ctx.phase or "")
    where = ("away from its side's Base of Operations" if ctx.phase == LOGISTICS else "")
    yield Check.illegal("AAM-REINF-06", action.step,
                        f"{what} came onto the map at {ctx.name(action.area)} in the {name}"
                        f"{' ' + where if where else ''}: reinforcements, returning troops "
                        "and leaders and new baggage trains are placed in the Reinforcement "
                        "Phase (AaM 6.1; with the BoO when it returns, 7.1, 15.4.2)",
                        spaces=(action.area,), pieces=action.pieces,
                        expected="the Reinforcement Phase", observed=name)


def _describe(sp: int, leaders: tuple[str, ...], trains: int, ctx: Context) -> str:
    parts = []
    if sp:
        parts.append(f"{sp} SP")
    if leaders:
        parts.append(", ".join(ctx.leader_name(leader) for leader in leaders))
    if trains:
        parts.append(f"{trains} baggage train(s)")
    return " and ".join(parts)


def _counter_mix(action: Arrived, ctx: Context) -> Iterator[Outcome]:
    """2.0 "Strength Point": "The counter mix is the maximum SP level that any type of unit
    can ever be on the board. If reinforcements are called for and the counter mix cannot
    provide them, they are lost." (SPs At Sea or in the Transit Area count as on the
    board.)"""
    for kind, _ in action.sp:
        unit = ctx.data.unit_kinds.get(kind)
        if unit is None or unit.sp_counter_mix is None:
            continue
        most = unit.sp_counter_mix
        total = sum(e.value for e, p in ctx.state.pieces.values()
                    if e.kind == "sp" and e.key == kind and in_play(p))
        if total > most:
            yield Check.illegal("AAM-REINF-15", action.step,
                                f"{total} SP of {unit.name} on the board after SPs were put "
                                f"at {ctx.name(action.area)}: the counter mix ({most} SP) is "
                                "the most any type can ever have on the board; reinforcements "
                                "it cannot provide are lost (AaM 2.0)", spaces=(action.area,),
                                pieces=action.pieces, expected=f"at most {most}",
                                observed=str(total))
        else:
            yield Check.done("AAM-REINF-15")


def _indians(action: Arrived, ctx: Context) -> Iterator[Outcome]:
    indians = sum(value for kind, value in action.sp if kind in INDIAN)
    brant = BRANT in action.leaders
    if not (indians or brant):
        return
    turn = turn_of(ctx)
    if turn is None:
        return
    if turn < INDIANS_FROM:
        what = _describe(indians, (BRANT,) if brant else (), 0, ctx)
        yield Check.illegal("AAM-REINF-14", action.step,
                            f"{what} came onto the map in {turn}: Joseph Brant and the Indian "
                            "units are not available until January 1777 (AaM 6.1.6)",
                            spaces=(action.area,), pieces=action.pieces,
                            expected="January 1777 or later", observed=turn)
    else:
        yield Check.done("AAM-REINF-14")


def _early_leaders(action: Arrived, ctx: Context) -> Iterator[Outcome]:
    """Leaders put on the map before the Turn of Entry printed on their counters (AaM 1.2
    leader illustration, 6.1)."""
    turn = turn_of(ctx)
    if turn is None:
        return
    for key in action.leaders:
        leader = ctx.data.leaders.get(key)
        entry = leader.turn_of_entry if leader is not None else None
        if key in FRENCH_LEADERS or not entry or not entry[:4].isdigit():
            continue
        if turn < entry:
            yield Check.illegal("AAM-REINF-06", action.step,
                                f"{ctx.leader_name(key)} was put on the map at "
                                f"{ctx.name(action.area)} in {turn}, before his Turn of Entry "
                                f"({entry}): reinforcements arrive on the turn the schedule "
                                "gives (AaM 6.1)", spaces=(action.area,), pieces=action.pieces,
                                expected=f"{entry} or later", observed=turn)


def _arrival(action: Arrived, ctx: Context) -> Iterator[Outcome]:
    side = action.side or ""
    yield from _early_leaders(action, ctx)
    if action.sp or action.leaders or action.trains:
        yield Check.done("AAM-REINF-06")
    regulars = _regular_sp(action, side)
    if side == CONTINENTAL:
        if regulars:
            yield from _continental_regulars(action, ctx, regulars)
        yield from _militia(action, ctx)
        yield from _militia_leaders(action, ctx)
        yield from _capital(action, ctx, regulars)
    elif side == BRITISH and regulars:
        if sp_of(action.area, CONTINENTAL, ctx):
            yield Check.illegal("AAM-REINF-12", action.step,
                                f"{regulars} British regular SP arrived at "
                                f"{ctx.name(action.area)}, which Continental troops occupy: "
                                "they are moved to the next turn and may arrive at Halifax or "
                                "the British BoO (AaM 6.1.5); if marked (P) they are lost for "
                                "good (6.1.4)", spaces=(action.area,), pieces=action.pieces)
        else:
            yield Check.done("AAM-REINF-12")
    if side == BRITISH and (regulars or action.trains):
        yield from _quebec(action, ctx)
    if action.trains:
        yield from _trains(action, ctx, side)


def _continental_regulars(action: Arrived, ctx: Context, regulars: int) -> Iterator[Outcome]:
    if sp_of(action.area, BRITISH, ctx):
        yield Check.illegal("AAM-REINF-08", action.step,
                            f"{regulars} Continental regular SP arrived at "
                            f"{ctx.name(action.area)}, which British troops occupy: they "
                            "enter at another settlement or city of the same colony, or are "
                            "lost (AaM 6.1.2)", spaces=(action.area,), pieces=action.pieces)
    else:
        yield Check.done("AAM-REINF-08")


def _capital(action: Arrived, ctx: Context, regulars: int) -> Iterator[Outcome]:
    leaders = [k for k in action.leaders
               if (leader := ctx.data.leaders.get(k)) is not None
               and leader.category is not None and leader.category != "militia"
               and k not in FRENCH_LEADERS]
    if not (regulars or leaders):
        return
    bound, at = boo_area(CONTINENTAL, ctx)
    if not bound or at is not None:
        return
    area = ctx.data.areas.get(action.area)
    capital = area.capital if area is not None else None
    if capital:
        yield Check.done("AAM-REINF-10")
        return
    what = _describe(regulars, tuple(leaders), 0, ctx)
    if ctx.data.map_status.areas_complete and area is not None:
        yield Check.illegal("AAM-REINF-10", action.step,
                            f"{what} arrived at {ctx.name(action.area)} with the Continental "
                            "BoO off the board: Continental regulars and non-militia leaders "
                            "then arrive in any colonial capital (AaM 6.1.3)",
                            spaces=(action.area,), pieces=action.pieces)
    else:
        yield Check.unchecked("AAM-REINF-10", action.step,
                              f"{what} arrived at {ctx.name(action.area)} with the Continental "
                              "BoO off the board: whether it holds a colonial capital (blue or "
                              "red crown, AaM 6.1.3, 13.1.2) is not in the map data",
                              needs=(str(Need.AREAS),), spaces=(action.area,))


def _militia_kinds(ctx: Context) -> dict[str, str]:
    """Continental militia unit kinds → their home colony."""
    return {key: str(kind.home_colony) for key, kind in ctx.data.unit_kinds.items()
            if str(kind.side) == CONTINENTAL and kind.type == "militia" and kind.home_colony}


def _militia(action: Arrived, ctx: Context) -> Iterator[Outcome]:
    kinds = _militia_kinds(ctx)
    militia = [(kind, value) for kind, value in action.sp if kind in kinds]
    if not militia:
        return
    if ctx.proc.political_rolled:
        yield Check.unchecked("AAM-REINF-21", action.step,
                              f"militia placed at {ctx.name(action.area)} after the Political "
                              "Events roll: an event may place them (the table is on the PAC)",
                              needs=(str(Need.POLITICAL),), spaces=(action.area,))
        return
    total = sum(value for _, value in militia)
    month = month_of(turn_of(ctx))
    if month is not None and month not in MILITIA_GENERATION_MONTHS:
        yield Check.unchecked("AAM-REINF-20", action.step,
                              f"{total} Continental militia SP arrived at "
                              f"{ctx.name(action.area)} in a month with no militia generation "
                              "(March, June, September, December, AaM 6.5): only the "
                              "Reinforcement Schedule or a Political Event could bring them, "
                              "and neither is in the data",
                              needs=(str(Need.REINFORCEMENTS), str(Need.POLITICAL)),
                              spaces=(action.area,))
        return
    yield from _militia_count(action, ctx, militia, kinds, month)
    yield from _militia_place(action, ctx, militia, kinds)


def _militia_count(action: Arrived, ctx: Context, militia: list[tuple[str, int]],
                   kinds: dict[str, str], month: int | None) -> Iterator[Outcome]:
    """The militia a colony got this phase against the table's most for any die rolled
    in the phase (which die is the colony's is not in the log: the player's favour)."""
    table = ctx.data.tables.get("militia_generation_table")
    if table is None or table.rows is None or month is None:
        yield Check.unchecked("AAM-REINF-20", action.step,
                              "how many militia the colony generates (AaM 6.5) needs the "
                              "Militia Generation Table", needs=(str(Need.MILITIA),),
                              spaces=(action.area,))
        return
    if not ctx.proc.phase_dice:
        yield Check.unchecked("AAM-REINF-20", action.step,
                              f"militia placed at {ctx.name(action.area)} with no die rolled "
                              "in the phase: each colony's militia come from a die on the "
                              "Militia Generation Table (AaM 6.5)", spaces=(action.area,))
        return
    markers = {e.key for e, _ in ctx.state.pieces.values() if e.kind == "mv"}
    drms = (-1,) if markers == {BRITISH} else (0,) if markers == {CONTINENTAL} else (0, -1)
    for kind, _ in militia:
        colony = kinds[kind]
        placed = sum(v for k, v in ctx.proc.militia_placed if kinds.get(k) == colony) + \
            sum(v for k, v in militia if kinds.get(k) == colony)
        results = [value for die in ctx.proc.phase_dice for drm in drms
                   if (value := _generated(table.rows, month, colony, die + drm, ctx))
                   is not None]
        if not results:
            continue
        most = max(results)
        if placed > most:
            yield Check.illegal("AAM-REINF-20", action.step,
                                f"{placed} SP of {ctx.data.unit_kinds[kind].name} placed this "
                                f"Reinforcement Phase: the Militia Generation Table gives at "
                                f"most {most} for the dice rolled "
                                f"({', '.join(map(str, ctx.proc.phase_dice))}) (AaM 6.5)",
                                spaces=(action.area,), pieces=action.pieces,
                                expected=f"at most {most}", observed=str(placed))
        else:
            yield Check.done("AAM-REINF-20")


MONTH_NAMES = ("january", "february", "march", "april", "may", "june", "july", "august",
               "september", "october", "november", "december")


def _generated(rows: tuple[dict[str, object], ...], month: int, colony: str, roll: int,
               ctx: Context) -> int | None:
    """The militia SPs the table gives a colony for a modified roll in a month."""
    region = ctx.data.regions.get(colony)
    names = {colony.casefold(), *(str(n).casefold() for n in (
        getattr(region, "abbreviation", None), getattr(region, "name", None)) if n)}
    wanted = {MONTH_NAMES[month - 1], MONTH_NAMES[month - 1][:3], str(month)}
    for row in rows:
        if str(row.get("month", "")).casefold() in wanted and \
                str(row.get("colony", "")).casefold() in names and row.get("dr") == roll:
            value = row.get("militia_sp")
            return value if isinstance(value, int) else None
    return None


def _militia_place(action: Arrived, ctx: Context, militia: list[tuple[str, int]],
                   kinds: dict[str, str]) -> Iterator[Outcome]:
    colony = colony_of(action.area, ctx)
    where = ctx.name(action.area)
    wrong = [kind for kind, _ in militia if colony is not None and kinds[kind] != colony]
    if wrong:
        names = ", ".join(ctx.data.unit_kinds[kind].name for kind in wrong)
        yield Check.illegal("AAM-REINF-21", action.step,
                            f"{names} generated at {where}, outside their colony: generated "
                            "militia are placed in settlements or cities in the colony "
                            "(AaM 6.5)", spaces=(action.area,), pieces=action.pieces)
        return
    if besieged(action.area, ctx):
        yield Check.illegal("AAM-REINF-21", action.step,
                            f"militia generated at {where}, which is under siege: they go "
                            "in settlements or cities that are not British-controlled or "
                            "under siege (AaM 6.5)", spaces=(action.area,),
                            pieces=action.pieces)
        return
    continental_before = sp_of(action.area, CONTINENTAL, ctx) - action.strength + \
        sum(1 for e in ctx.state.in_area(action.area)
            if e.kind == "leader" and side_of(e, ctx) == CONTINENTAL
            and e.key not in action.leaders)
    if force_in(action.area, BRITISH, ctx) and continental_before <= 0:
        yield Check.illegal("AAM-REINF-21", action.step,
                            f"militia generated at {where}, which the British control: "
                            "they go in settlements or cities that are not British-"
                            "controlled or under siege (AaM 6.5)", spaces=(action.area,),
                            pieces=action.pieces)
        return
    area = ctx.data.areas.get(action.area)
    if colony is None or area is None or not (area.city or area.settlement):
        if area is not None and ctx.data.map_status.areas_complete and colony is not None:
            yield Check.illegal("AAM-REINF-21", action.step,
                                f"militia generated at {where}, which has no settlement or "
                                "city: they go in settlements or cities of their colony "
                                "(AaM 6.5)", spaces=(action.area,), pieces=action.pieces)
        else:
            yield Check.unchecked("AAM-REINF-21", action.step,
                                  f"whether {where} has a settlement or city of the militia's "
                                  "colony (AaM 6.5) is not in the map data",
                                  needs=(str(Need.AREAS),), spaces=(action.area,))
        return
    yield Check.done("AAM-REINF-21")


def _militia_leaders(action: Arrived, ctx: Context) -> Iterator[Outcome]:
    kinds = _militia_kinds(ctx)
    for key in action.leaders:
        leader = ctx.data.leaders.get(key)
        if leader is None or leader.category != "militia":
            continue
        home = leader.home_colony
        here = ctx.state.in_area(action.area)
        own = [e for e in here if e.kind == "sp" and kinds.get(e.key) == home]
        if own:
            yield Check.done("AAM-REINF-07")
        elif not sp_of(action.area, CONTINENTAL, ctx):
            yield Check.illegal("AAM-REINF-07", action.step,
                                f"the militia leader {leader.name} was placed at "
                                f"{ctx.name(action.area)}, where there is no Continental force: "
                                "he goes onto a force holding militia of his colony, or is held "
                                "for the next militia generation, or goes onto the closest "
                                "Continental force to his home colony (AaM 6.1.1)",
                                spaces=(action.area,), pieces=(key,))
        else:
            yield Check.unchecked("AAM-REINF-07", action.step,
                                  f"the militia leader {leader.name} was placed on a force at "
                                  f"{ctx.name(action.area)} with no militia of his colony: "
                                  "whether it is the closest Continental force to his home "
                                  "colony (AaM 6.1.1) needs the map's adjacencies",
                                  needs=(str(Need.ADJACENCY),), spaces=(action.area,))


def _quebec(action: Arrived, ctx: Context) -> Iterator[Outcome]:
    _, at = boo_area(BRITISH, ctx)
    month = month_of(turn_of(ctx))
    if at != QUEBEC or action.area != QUEBEC or month is None:
        return
    if month in QUEBEC_ICE_MONTHS:
        yield Check.illegal("AAM-REINF-13", action.step,
                            f"{_describe(_regular_sp(action, BRITISH), (), action.trains, ctx)}"
                            " arrived at the British BoO in Quebec from December through "
                            "April: the BoO, if in Quebec, may not receive reinforcements or "
                            "supply wagons then (AaM 7.1.3)", spaces=(action.area,),
                            pieces=action.pieces)
    else:
        yield Check.done("AAM-REINF-13")


def _trains(action: Arrived, ctx: Context, side: str) -> Iterator[Outcome]:
    bound, at = boo_area(side, ctx)
    name = NAMES.get(side, side)
    if bound and at != action.area:
        where = (f"away from the {name} BoO" if at is not None
                 else f"while the {name} BoO is off the board")
        yield Check.illegal("AAM-REINF-19", action.step,
                            f"{action.trains} new baggage train(s) placed at "
                            f"{ctx.name(action.area)} {where}: baggage trains from the "
                            "Available box are placed on their side's BoO (AaM 6.4; none "
                            "while it is off the board, 7.1 note)", spaces=(action.area,),
                            pieces=action.pieces)
        return
    if bound:
        yield Check.done("AAM-REINF-19")
    yield from _limit(action, ctx, side)


def on_board_trains(side: str, ctx: Context) -> int:
    """A side's baggage trains and magazines in play, captured ones not counted (6.3.1)."""
    return sum(1 for e, p in ctx.state.pieces.values()
               if e.kind == "bt" and e.key == side and e.flag in ("", "mag")
               and (p.kind is PlaceKind.SPACE or "sea" in p.key.casefold()
                    or "transit" in p.key.casefold()))


def controlled_ports(ctx: Context) -> list[str]:
    """The port Areas the British control (AaM 2.0 "Control", 6.3.1), by name."""
    ports = []
    for key, area in ctx.data.areas.items():
        if area.port and force_in(key, BRITISH, ctx) and not force_in(key, CONTINENTAL, ctx):
            ports.append(area.name or key)
    return ports


def _limit(action: Arrived, ctx: Context, side: str) -> Iterator[Outcome]:
    after = on_board_trains(side, ctx)
    before = after - action.trains
    intervened = french_intervened(ctx)
    if side == CONTINENTAL:
        known = continental_bt_limit(french_intervened=True) if intervened else \
            continental_bt_limit()
        yield from _against(action, ctx, "AAM-REINF-18", before, after,
                            continental_bt_limit(french_intervened=True), known,
                            certain=intervened is True, need=None)
        if intervened:
            yield Check.done("AAM-FR-08")
        return
    if side != BRITISH:
        return
    ports = controlled_ports(ctx)
    counted = british_bt_limit(ports, french_intervened=bool(intervened))
    complete = ctx.data.map_status.areas_complete
    ceiling = british_bt_limit(["Halifax", "Boston", "Philadelphia", "New York City",
                                "Quebec"], french_intervened=bool(intervened))
    if intervened and after > ceiling and after <= british_bt_limit(
            ["Halifax", "Boston", "Philadelphia", "New York City", "Quebec"]) and \
            action.trains > max(0, ceiling - before):
        yield Check.illegal("AAM-FR-08", action.step,
                            f"{action.trains} British baggage train(s) placed, {after} on the "
                            f"board: after the first French Intervention the limit is "
                            f"permanently 2 less, at most {ceiling} (AaM 6.3.1)",
                            spaces=(action.area,), pieces=action.pieces,
                            expected=f"at most {ceiling}", observed=str(after))
        return
    if intervened:
        yield Check.done("AAM-FR-08")
    yield from _against(action, ctx, "AAM-REINF-16", before, after, ceiling if not complete
                        else counted, counted, certain=complete,
                        need=None if complete else Need.AREAS)


def _against(action: Arrived, ctx: Context, rule: str, before: int, after: int,
             most: int, known: int, *, certain: bool, need: Need | None) -> Iterator[Outcome]:
    """New trains against the limit: `most` the highest it can be, `known` what the log
    shows (the same when `certain`)."""
    name = NAMES.get(action.side or "", "")
    if action.trains > max(0, most - before):
        yield Check.illegal(rule, action.step,
                            f"{action.trains} new {name} baggage train(s) placed with "
                            f"{before} trains and magazines already on the board: the limit "
                            f"is {most}, and only the difference may be placed; none when at "
                            "or over it (AaM 6.3)", spaces=(action.area,), pieces=action.pieces,
                            expected=f"at most {max(0, most - before)}",
                            observed=str(action.trains))
    elif certain or action.trains <= max(0, known - before):
        yield Check.done(rule)
        side = action.side or ""
        if any(e.kind == "bt" and e.key == other(side) and e.flag == "captured"
               and p.kind is PlaceKind.SPACE for e, p in ctx.state.pieces.values()):
            yield Check.done("AAM-SUP-16")
    else:
        why = ("which ports the British control (the map data is incomplete)"
               if need is Need.AREAS else "whether the French have intervened")
        yield Check.unchecked(rule, action.step,
                              f"{action.trains} new {name} baggage train(s) placed with "
                              f"{before} on the board: the limit depends on {why} "
                              "(AaM 6.3)", needs=(str(need),) if need else (),
                              spaces=(action.area,))


def _withdrawal(action: Left, ctx: Context) -> Iterator[Outcome]:
    side = action.side or ""
    if not action.sp or ctx.proc.political_rolled:
        return
    if side in ctx.proc.reinforced:
        yield Check.reminder("AAM-REINF-01", action.step,
                             f"{action.strength} {NAMES.get(side, side)} SP left the map at "
                             f"{ctx.name(action.area)} after that side's reinforcements "
                             "arrived: withdrawals are performed first, and then "
                             "reinforcements (AaM 6.2.2)", spaces=(action.area,),
                             pieces=action.pieces)
    else:
        yield Check.done("AAM-REINF-01")
    if besieged(action.area, ctx):
        yield Check.illegal("AAM-REINF-05", action.step,
                            f"{action.strength} SP withdrawn from {ctx.name(action.area)}, "
                            "which is under siege: withdrawn troops come from any map Area "
                            "that is not under siege (AaM 6.2.5)", spaces=(action.area,),
                            pieces=action.pieces)
    else:
        yield Check.done("AAM-REINF-05")


def _political(action: PhaseChange, ctx: Context) -> Iterator[Outcome]:
    turn = action.turn or turn_of(ctx)
    if turn is not None:
        yield from _withdrawals_due(action, ctx, turn)
    if turn == INDIAN_UPRISING_DUE:
        yield from _uprising_due(action, ctx)
    if ctx.proc.political_rolled or turn == INDIAN_UPRISING_DUE:
        yield Check.done("AAM-REINF-22")
        return
    yield Check.reminder("AAM-REINF-22", action.step,
                         "the Reinforcement Phase ended with no 2d6 rolled on the Political "
                         "Events Table: each turn, at the end of the Reinforcement Phase, "
                         "one player makes that roll and applies the result at once "
                         "(AaM 6.6)")


def _withdrawals_due(action: PhaseChange, ctx: Context, turn: str) -> Iterator[Outcome]:
    """Leaders whose Turn of Withdrawal (printed on the counter's back, 6.2) is this month
    and who are still on the map when the Reinforcement Phase ends. With the Alternate
    History Duration (16.3) the British may refuse their withdrawals."""
    refuse = "alternate-history" in ctx.options
    for entity, place in ctx.state.pieces.values():
        if entity.kind != "leader" or place.kind is not PlaceKind.SPACE:
            continue
        leader = ctx.data.leaders.get(entity.key)
        if leader is None or leader.turn_of_withdrawal != turn or \
                (refuse and str(leader.side) == BRITISH):
            continue
        yield Check.reminder("AAM-REINF-01", action.step,
                             f"{leader.name} is still on the map at {ctx.name(place.key)} "
                             f"after the Reinforcement Phase of {turn}, his Turn of "
                             "Withdrawal: the leader is withdrawn this turn during the "
                             "Reinforcement Phase (AaM 6.2)", spaces=(place.key,))


def _uprising_due(action: PhaseChange, ctx: Context) -> Iterator[Outcome]:
    """6.1.6: by the end of July 1777's Reinforcement Phase Brant is on the board (the
    Indian Uprising rolled before, or the month's automatic event)."""
    brant = any(e.kind == "leader" and e.key == BRANT and p.kind is PlaceKind.SPACE
                for e, p in ctx.state.pieces.values())
    if brant:
        yield Check.done("AAM-REINF-14")
        return
    yield Check.reminder("AAM-REINF-14", action.step,
                         "July 1777's Reinforcement Phase ended with Brant off the board: if "
                         "the Indian Uprising Political Event has not been rolled by July "
                         "1777, it is that month's automatic event, and Brant with 2 SPs of "
                         "Indians is placed in an Iroquois Nation Area (AaM 6.1.6)")


# --- the Reinforcement Schedule (Module 18: data a user supplies) -----------------------


SCHEDULE = "reinforcement_schedule"


def schedule(ctx: Context, turn: str | None) -> list[dict[str, object]] | None:
    """The schedule's rows for a month (None: no schedule in the data)."""
    table = ctx.data.tables.get(SCHEDULE)
    if table is None or table.rows is None:
        return None
    return [dict(row) for row in table.rows if turn is not None and row.get("turn") == turn]


def _previous(turn: str) -> str:
    year, month = int(turn[:4]), int(turn[5:7])
    return f"{year - 1}-12" if month == 1 else f"{year}-{month - 1:02d}"


def _sp(value: object) -> int:
    return value if isinstance(value, int) and not isinstance(value, bool) else 0


def _arrivals(ctx: Context, kinds: frozenset[str], *, step: int | None = None
              ) -> list[tuple[str, int, str, str]]:
    """(kind, SP, Area, track|new) of the SPs of these kinds placed earlier this phase."""
    found = []
    for phase, label, _, seen in ctx.proc.phase_steps:
        parts = label.split(":")
        if phase == REINFORCEMENT and parts[0] == "arrival" and len(parts) == 5 and \
                parts[1] in kinds and (step is None or seen < step):
            found.append((parts[1], int(parts[2]), parts[3], parts[4]))
    return found


def _scheduled(action: Arrived, ctx: Context) -> Iterator[Outcome]:
    side = action.side or ""
    regulars = _regular_sp(action, side)
    if not regulars or setting_up(ctx) or ctx.proc.political_rolled:
        return  # after the Political Events roll an event may place them (6.6)
    new = not any("turn_track" in origin for origin in action.origins)
    if side == CONTINENTAL:
        yield from _monthly(action, ctx, regulars, new)
    elif side == BRITISH:
        yield from _provincials(action, ctx, regulars, new)


def _monthly(action: Arrived, ctx: Context, regulars: int, new: bool) -> Iterator[Outcome]:
    """6.1.2: no monthly 2 SPs while the Continental BoO is off the map."""
    bound, at = boo_area(CONTINENTAL, ctx)
    if not bound:
        return
    if at is not None:
        if at == action.area:
            yield Check.done("AAM-REINF-09")
        return
    if not new:
        return
    turn = turn_of(ctx)
    rows = schedule(ctx, turn)
    if rows is None:
        yield Check.unchecked("AAM-REINF-09", action.step,
                              f"{regulars} Continental regular SP placed at "
                              f"{ctx.name(action.area)} with the Continental BoO off the map: "
                              "the monthly 2 SPs do not arrive then (AaM 6.1.2); which others "
                              "are due is on the Reinforcement Schedule, not in the data",
                              needs=(str(Need.REINFORCEMENTS),), spaces=(action.area,))
        return
    due = sum(_sp(row.get("sp")) for row in rows if row.get("side") == CONTINENTAL
              and row.get("unit") in REGULARS[CONTINENTAL])
    placed = sum(sp for _, sp, _, source in _arrivals(ctx, REGULARS[CONTINENTAL],
                                                      step=action.step) if source == "new")
    if placed + regulars > due:
        yield Check.illegal("AAM-REINF-09", action.step,
                            f"{placed + regulars} Continental regular SP placed in {turn}'s "
                            "Reinforcement Phase with the Continental BoO off the map, where "
                            f"the schedule lists {due} for the month: the monthly 2 Continental "
                            "Regular SP reinforcements placed at their BoO do not arrive on "
                            "turns in which the BoO is not on the map (AaM 6.1.2)",
                            spaces=(action.area,), pieces=action.pieces,
                            expected=f"at most {due} SP", observed=f"{placed + regulars} SP")
    else:
        yield Check.done("AAM-REINF-09")


def _provincial_rows(ctx: Context, turn: str | None) -> list[tuple[str, int]]:
    """(arrival Area, SP) of this month's "(P)" rows whose Area Continental forces hold."""
    rows = schedule(ctx, turn) or []
    return [(str(row.get("area")), _sp(row.get("sp"))) for row in rows
            if row.get("side") == BRITISH and row.get("provincial") is True
            and force_in(str(row.get("area")), CONTINENTAL, ctx)]


def _provincials(action: Arrived, ctx: Context, regulars: int, new: bool) -> Iterator[Outcome]:
    """6.1.4: "(P)" SPs whose arrival space Continentals occupy are lost for good."""
    turn = turn_of(ctx)
    lost = _provincial_rows(ctx, turn)
    if not lost or not new or turn is None:
        return
    allowed = sum(_sp(row.get("sp")) for month in (turn, _previous(turn))
                  for row in schedule(ctx, month) or []
                  if row.get("side") == BRITISH and row.get("unit") in REGULARS[BRITISH]
                  and row.get("provincial") is not True)
    _, base = boo_area(BRITISH, ctx)
    if action.area == base:
        return  # returning POW SPs go on the BoO (15.4.2): not told apart from others
    placed = sum(sp for _, sp, area, source in _arrivals(ctx, REGULARS[BRITISH],
                                                         step=action.step)
                 if source == "new" and area != base) + regulars
    if placed > allowed:
        where = ", ".join(ctx.name(area) for area, _ in lost)
        yield Check.illegal("AAM-REINF-11", action.step,
                            f"{placed} British regular SP placed in {turn}'s Reinforcement "
                            f"Phase while Continental forces hold {where}, the arrival space "
                            f"of {sum(sp for _, sp in lost)} SP of \"(P)\" reinforcements; the "
                            f"schedule allows {allowed} others: if arriving British Regular "
                            "SPs are denoted with a \"(P)\", and their arrival space is "
                            "occupied by Continental forces, these reinforcements are lost "
                            "permanently (AaM 6.1.4)", spaces=(action.area,),
                            pieces=action.pieces, expected=f"at most {allowed} SP",
                            observed=f"{placed} SP")
    else:
        yield Check.done("AAM-REINF-11")


def _schedule_end(action: PhaseChange, ctx: Context) -> Iterator[Outcome]:
    """At the end of the Reinforcement Phase: withdrawals short of the schedule, killed
    leaders' withdrawals, "(P)" reinforcements lost, trains over the limit kept."""
    turn = action.turn or turn_of(ctx)
    rows = schedule(ctx, turn)
    for side in (BRITISH, CONTINENTAL):
        yield from _over_limit(side, action.step, ctx, removed=False)
    yield from _exchanged(action, ctx)
    if rows is None:
        return
    refuse = "alternate-history" in ctx.options
    for row in rows:
        side = str(row.get("side"))
        if refuse and side == BRITISH:
            continue
        if isinstance(row.get("withdraw"), str):
            yield from _short(action, ctx, str(row["withdraw"]), _sp(row.get("sp")))
        if isinstance(row.get("withdraw_leader"), str):
            yield from _killed(action, ctx, str(row["withdraw_leader"]), side)
    lost = _provincial_rows(ctx, turn)
    if lost and not _arrivals(ctx, REGULARS[BRITISH]):
        yield Check.done("AAM-REINF-11")


def _exchanged(action: PhaseChange, ctx: Context) -> Iterator[Outcome]:
    """15.5: leaders exchanged rank for rank."""
    ranks: dict[str, list[str]] = {BRITISH: [], CONTINENTAL: []}
    names: list[str] = []
    for phase, label, _, _ in ctx.proc.phase_steps:
        if phase != REINFORCEMENT or not label.startswith("exchange:"):
            continue
        key = label.split(":", 1)[1]
        leader = ctx.data.leaders.get(key)
        if leader is None or str(leader.side) not in ranks:
            continue
        if leader.rank is None:
            return  # a rank the data lacks: the exchange cannot be weighed
        ranks[str(leader.side)].append(leader.rank)
        names.append(f"{leader.name} ({leader.rank})")
    if not names:
        return
    if sorted(ranks[BRITISH]) == sorted(ranks[CONTINENTAL]):
        yield Check.done("AAM-REINF-23")
        return
    yield Check.reminder("AAM-REINF-23", action.step,
                         f"leaders taken out of the POW boxes this Reinforcement Phase: "
                         f"{', '.join(names)}: leaders are exchanged on an equal basis, colonel "
                         "for colonel, 1-star general for 1-star general, 2-star general for "
                         "2-star general (AaM 15.5); another trade only if both players agree "
                         "(15.5.2)")


def _withdrawn(ctx: Context, kind: str) -> int:
    total = 0
    for phase, label, _, _ in ctx.proc.phase_steps:
        parts = label.split(":")
        if phase == REINFORCEMENT and parts[0] == "withdrawal" and parts[1] == kind:
            total += int(parts[2])
    return total


def _short(action: PhaseChange, ctx: Context, kind: str, due: int) -> Iterator[Outcome]:
    """6.2.1, 6.2.5: a withdrawal short only by the SPs not available."""
    withdrawn = _withdrawn(ctx, kind)
    if withdrawn >= due:
        return
    left: dict[str, int] = {}
    for entity, place in ctx.state.pieces.values():
        if entity.kind == "sp" and entity.key == kind and place.kind is PlaceKind.SPACE \
                and not besieged(place.key, ctx):
            left[place.key] = left.get(place.key, 0) + entity.value
    came = sum(sp for _, sp, _, _ in _arrivals(ctx, frozenset({kind})))
    available = max(0, sum(left.values()) - came)
    unit = ctx.data.unit_kinds.get(kind)
    name = unit.name if unit is not None else kind
    if available == 0:
        yield Check.done("AAM-REINF-02")
        return
    yield Check.reminder("AAM-REINF-02", action.step,
                         f"the schedule withdraws {due} SP of {name} this month and "
                         f"{withdrawn} were withdrawn, with {available} still on the map "
                         "outside Areas under siege: only the unavailable amount is ignored "
                         "(AaM 6.2.1, 6.2.5)", spaces=tuple(sorted(left)))


def _killed(action: PhaseChange, ctx: Context, key: str, side: str) -> Iterator[Outcome]:
    """6.2.3: a killed leader's withdrawal made good by one as good or better."""
    where = next((place for entity, place in ctx.state.pieces.values()
                  if entity.kind == "leader" and entity.key == key), None)
    if where is None or where.kind is not PlaceKind.BOX or "elim" not in where.key:
        return
    leader = ctx.data.leaders.get(key)
    name = ctx.leader_name(key)
    out = [label.split(":", 1)[1] for phase, label, _, _ in ctx.proc.phase_steps
           if phase == REINFORCEMENT and label.startswith("leader_out:")]
    if key in out:
        return  # withdrawn himself this phase, into the box
    out = [who for who in out if (found := ctx.data.leaders.get(who)) is not None
           and str(found.side) == side]
    if leader is None or leader.tactical is None:
        yield Check.unchecked("AAM-REINF-03", action.step,
                              f"{name} was killed before his withdrawal: another leader with "
                              "the same or better Tactical Rating is withdrawn instead "
                              "(AaM 6.2.3); his rating is not in the data",
                              needs=(str(Need.LEADERS),))
        return
    ratings = [ctx.data.leaders[who].tactical for who in out]
    if any(rating is not None and rating >= leader.tactical for rating in ratings):
        yield Check.done("AAM-REINF-03")
    elif any(rating is None for rating in ratings):
        yield Check.unchecked("AAM-REINF-03", action.step,
                              f"{name} was killed before his withdrawal: whether the leader "
                              "withdrawn instead has the same or better Tactical Rating "
                              "(AaM 6.2.3) is not in the data", needs=(str(Need.LEADERS),))
    else:
        yield Check.illegal("AAM-REINF-03", action.step,
                            f"{name} (Tactical Rating {leader.tactical}) was due to withdraw "
                            f"this month and has been killed, and no {NAMES.get(side, side)} "
                            "leader with the same or better Tactical Rating was withdrawn: if "
                            "a Leader has been killed, the withdrawal is not canceled; you must "
                            "remove another Leader with the same or better Tactical Rating "
                            "(AaM 6.2.3)", pieces=(key,),
                            expected=f"a leader of Tactical Rating {leader.tactical} or better "
                            "withdrawn", observed=", ".join(out) or "none withdrawn")


def _over_limit(side: str, step: int, ctx: Context, *, removed: bool) -> Iterator[Outcome]:
    """6.3.1: over the limit, no train need be removed (nor may one be placed)."""
    if side not in NAMES:
        return
    on_board = on_board_trains(side, ctx)
    if side == CONTINENTAL:
        most = continental_bt_limit(french_intervened=bool(french_intervened(ctx)))
    elif ctx.data.map_status.areas_complete:
        most = british_bt_limit(controlled_ports(ctx),
                                french_intervened=bool(french_intervened(ctx)))
    else:
        most = british_bt_limit(["Halifax", "Boston", "Philadelphia", "New York City",
                                 "Quebec"])
    if on_board + (1 if removed else 0) > most:
        yield Check.done("AAM-REINF-17")


LATE_NEVER_FROM_A_LOG: dict[str, str] = {}
"""Late catalog rules (AaM 6, 14, 17) no log can break, and why (for the referee)."""
