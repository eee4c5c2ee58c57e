"""Fleet combat (digest §4.7 FLT; WfA 15.0-15.8, 19.31-19.33).

A fleet that ends its AP on a coastal/port space with an enemy fleet must fight (15.0):
the non-moving fleet stays in port (attacker -1, no weather gauge, Option 1) or goes to the
OBZ (Option 2, the full procedure). The procedure (15.5): strengths summed, odds, both
players' D6 for the weather gauge (+2 to the higher), then the attacker's D12 on the Fleet
Combat Table with the 15.6 modifiers; the result sends the defender, the attacker or both
to the Turn Record Track two turns later (15.7), whence they come back through the Europe
Box in a Reinforcement Phase (15.8). Odds and modifiers come from `naval_odds` (the
calculator), which gives both readings of the weather gauge (digest §8 A-13).

In the Caribbean, fleets carrying land units for an amphibious attack fight the enemy
fleet first; the land attack happens only if the attacking fleet wins (19.31-19.33).
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from adjudicator.systems.common.actions import Action
from adjudicator.systems.common.outcomes import Check, Outcome
from adjudicator.systems.common.rulebook import RuleFamily
from adjudicator.systems.common.tables import RollTable
from adjudicator.systems.war_for_america.actions import (
    Combat,
    FleetCombat,
    FleetMoved,
    opponent,
)
from adjudicator.systems.war_for_america.data.vocabulary import ConnectionKind
from adjudicator.systems.war_for_america.naval_odds import (
    READING_TEXT,
    FleetOdds,
    FleetSide,
    combined_fleet_chance,
    fleet_combat,
)
from adjudicator.systems.war_for_america.procedure import (
    ACTION_CYCLE,
    REINFORCEMENT,
    PulseClosed,
)
from adjudicator.systems.war_for_america.rules.context import Context, side_name
from adjudicator.systems.war_for_america.rules.fleets import fleet_name
from adjudicator.systems.war_for_america.rules.naval import (
    EUROPE_BOX,
    fleet_side,
    fleets_at,
    sea_place,
    turns_later,
)

FAMILY = RuleFamily(
    "fleet_combat",
    frozenset({"WFA-FLT-01", "WFA-FLT-02", "WFA-FLT-03", "WFA-FLT-04", "WFA-FLT-05",
               "WFA-FLT-06"}),
    positional=frozenset({"WFA-FLT-01", "WFA-FLT-02", "WFA-FLT-03", "WFA-FLT-04",
                          "WFA-FLT-06"}),
    actions=(FleetMoved, FleetCombat, PulseClosed, Combat),
)
REPAIR_TURNS = 2
"""A beaten fleet goes to the Turn Record Track 'two turns later' (WfA 15.7)."""
_YEAR_BOX = re.compile(r"^(?:year|turn)_(\d{4})$")


def judge(action: Action, ctx: Context) -> Iterator[Outcome]:
    """Every fleet combat check that concerns the action."""
    if isinstance(action, FleetMoved):
        yield from back_from_repair(action, ctx)
        yield from meeting_in_port(action, ctx)
    elif isinstance(action, PulseClosed):
        yield from combat_in_port_due(action, ctx)
    elif isinstance(action, FleetCombat):
        yield from fleet_battle(action, ctx)
    elif isinstance(action, Combat):
        yield from caribbean_amphibious(action, ctx)


def side_strength(ctx: Context, fleets: tuple[str, ...]) -> FleetSide | None:
    """One side's fleet for the combat (WfA 15.5 Step 1): a lone fleet's strength, with
    Rodney's +1 (15.6) and whether it is the Spanish fleet alone. None: several fleets
    (their strength depends on the combined-fleet D12 of 15.4) or a strength the data
    lacks."""
    if len(fleets) != 1:
        return None
    record = ctx.data.fleets.get(fleets[0])
    if record is None or record.strength is None:
        return None
    return FleetSide(record.strength, rodney=record.movement_bonus > 0,
                     spanish_alone=str(record.nation) == "spanish")


def _odds_summary(odds: FleetOdds) -> str:
    fixed = ", ".join(f"{name} {drm:+d}" for name, drm in odds.fixed_modifiers) or "none"
    return f"fixed modifiers: {fixed}"


def meeting_in_port(action: FleetMoved, ctx: Context) -> Iterator[Outcome]:
    """WFA-FLT-01, -02, -04 as a fleet arrives on a coastal/port space with an enemy fleet
    (WfA 15.0): "If a fleet ends its AP on a coastal/ port space with an enemy fleet
    present, combat must occur" — the non-moving fleet chooses Option 1 (fight in port:
    attacker -1, no weather gauge) or Option 2 (to the OBZ, the full procedure) (15.1). The
    modifiers of both options are shown; with two friendly fleets there, 15.4's D12 (2-4:
    strengths added, else one fleet) is shown as its chance."""
    destination = sea_place(ctx, action.destination)
    if destination is None or destination.kind != "space" or action.side is None:
        return
    enemy = fleets_at(ctx, destination.key, opponent(action.side))
    if not enemy:
        return
    own = fleets_at(ctx, destination.key, action.side)
    place = ctx.space_name(destination.key)
    if len(own) > 1 or len(enemy) > 1:
        chance = combined_fleet_chance(ctx.data.tables)
        yield Check.computed("combined fleets", action.step, "WFA-FLT-02",
                             f"several fleets of a side at {place} ({', '.join(own)} against "
                             f"{', '.join(enemy)}): a D12 of 2-4 ({chance}) adds their "
                             "strengths, 5-12 only one fleet's counts (WfA 15.4)",
                             inputs={"own": ", ".join(own), "enemy": ", ".join(enemy)},
                             result={"added": str(chance)})
        yield Check.done("WFA-FLT-02")
    attacker, defender = side_strength(ctx, own), side_strength(ctx, enemy)
    if attacker is None or defender is None:
        yield Check.unchecked("WFA-FLT-04", action.step, f"the fleet combat at {place} "
                              "cannot be worked out: the strengths of the fleets that fight "
                              "are not known (several fleets a side, WfA 15.4, or strengths "
                              "missing)", needs=("fleet strengths",),
                              spaces=(destination.key,))
    else:
        in_port = fleet_combat(ctx.data.tables, attacker, defender, in_port=True)
        at_sea = fleet_combat(ctx.data.tables, attacker, defender)
        yield Check.computed("fleet combat", action.step, "WFA-FLT-04",
                             f"{fleet_name(ctx, own[0])} ({attacker.strength}) against "
                             f"{fleet_name(ctx, enemy[0])} ({defender.strength}) at {place}: "
                             f"Option 1 in port, {_odds_summary(in_port)}; Option 2 in the "
                             f"OBZ, {_odds_summary(at_sea)} and the weather gauge +2 to the "
                             "higher D6 (WfA 15.1, 15.5-15.6)",
                             inputs={"attacker": attacker.strength,
                                     "defender": defender.strength},
                             result={"in_port_drm": sum(d for _, d in in_port.fixed_modifiers),
                                     "at_sea_fixed_drm": sum(
                                         d for _, d in at_sea.fixed_modifiers)})
        yield Check.done("WFA-FLT-04")
    yield Check.done("WFA-FLT-01")


def combat_in_port_due(action: PulseClosed, ctx: Context) -> Iterator[Outcome]:
    """WFA-FLT-01 (WfA 15.0): "If a fleet ends its AP on a coastal/port space with an enemy
    fleet present, combat must occur." Reminded when the AP closes with the AP owner's
    fleet still on a coastal/port space beside an enemy fleet (no result of a fleet combat
    ever leaves both there, 15.7)."""
    pulse = action.pulse
    for fleet, where in sorted(ctx.state.fleet_at.items()):
        if fleet_side(ctx, fleet) != pulse.side:
            continue
        place = sea_place(ctx, where.key)
        if place is None or place.kind != "space":
            continue
        enemy = fleets_at(ctx, place.key, opponent(pulse.side))
        if enemy:
            yield Check.reminder("WFA-FLT-01", action.left_at, f"{fleet_name(ctx, fleet)} ended "
                                 f"the {side_name(pulse.side)} AP at "
                                 f"{ctx.space_name(place.key)} with "
                                 f"{', '.join(fleet_name(ctx, e) for e in enemy)}; fleet "
                                 "combat must occur there (Option 1) or in the OBZ (Option 2)"
                                 " (WfA 15.0-15.1)", spaces=(place.key,),
                                 pieces=(fleet, *enemy))


def fleet_battle(action: FleetCombat, ctx: Context) -> Iterator[Outcome]:
    """WFA-FLT-03, -04, -05 (WfA 15.5-15.7) for a fleet combat the log shows.

    Step 3: "Both players roll a D6. The player with the higher result is awarded the '+2'
    weather gauge modifier" — not in port (15.1 Option 1: the weather gauge is not taken
    into account). Step 4: the attacker "rolls a D12 and both players implement the result
    on the Fleet Combat Table" with the 15.6 modifiers. The defender's gauge has no stated
    effect on the attacker's roll (digest §8 A-13): the digest's reading (-2 on the
    attacker's roll) is used and the other reading's result given. 15.7: the loser (or
    both) goes to the Turn Record Track two turns later."""
    if action.side is None:
        return
    place = sea_place(ctx, action.place)
    in_port = place is not None and place.kind == "space"
    gauge = dict(action.gauge_rolls)
    attacker_side, defender_side = action.side, opponent(action.side)
    where = ctx.space_name(action.place)
    if not in_port and not (attacker_side in gauge and defender_side in gauge):
        yield Check.reminder("WFA-FLT-03", action.step, f"the fleet combat at {where} was "
                             "fought without both players' weather gauge D6; both roll a D6 "
                             "and the higher gets +2 (WfA 15.5 Step 3)",
                             spaces=(action.place,))
    if action.roll is None:
        yield Check.unchecked("WFA-FLT-03", action.step, f"the attacker's D12 of the fleet "
                              f"combat at {where} was not seen (WfA 15.5 Step 4)",
                              needs=("the attacker's fleet combat D12",))
        return
    yield Check.done("WFA-FLT-03")
    attacker = side_strength(ctx, fleets_at(ctx, action.place, attacker_side))
    defender = side_strength(ctx, fleets_at(ctx, action.place, defender_side))
    if attacker is None or defender is None:
        yield Check.unchecked("WFA-FLT-04", action.step, f"the fleet combat at {where} cannot"
                              " be worked out: the fleets that fought (one a side, or the "
                              "15.4 D12's choice) or their strengths are not known",
                              needs=("fleet strengths",))
        return
    odds = fleet_combat(ctx.data.tables, attacker, defender, in_port=in_port)
    fixed = sum(drm for _, drm in odds.fixed_modifiers)
    holder = _gauge_holder(gauge, attacker_side, defender_side) if not in_port else "nobody"
    plus = ctx.data.tables.t14.drm("weather_gauge")
    drm = fixed + {"attacker": plus, "defender": -plus, "nobody": 0}[holder]
    other = fixed + (plus if holder == "attacker" else 0)
    table = ctx.data.tables.fleet_combat
    rows = RollTable.from_rows(table.rows) if table is not None else None
    result = rows.read(action.roll + drm) if rows is not None else None
    other_result = rows.read(action.roll + other) if rows is not None else None
    summary = (f"{side_name(attacker_side)} attacks at {where}: D12 {action.roll} "
               f"{drm:+d} = {action.roll + drm} ({_odds_summary(odds)}; weather gauge: "
               f"{'not used in port' if in_port else holder})")
    if holder == "defender":
        summary += (f"; the rule is ambiguous (digest §8 A-13): {READING_TEXT['signed']}; "
                    f"{READING_TEXT['attacker_only']} gives {action.roll + other}"
                    + (f" ({other_result})" if other_result else ""))
    if result is not None:
        summary += f"; result: {result}" + _repair_note(ctx, result)
    yield Check.computed("fleet combat", action.step, "WFA-FLT-04", summary,
                         inputs={"d12": action.roll, "drm": drm, "in_port": in_port,
                                 "gauge": holder},
                         result={"modified": action.roll + drm, "result": result,
                                 "other_reading": other_result})
    yield Check.done("WFA-FLT-04")
    if table is None:
        yield Check.unchecked("WFA-FLT-05", action.step, "no Fleet Combat Table: the "
                              "rulebook prints none (digest §8 A-1)",
                              needs=("fleet combat table",))
        return
    yield Check.done("WFA-FLT-05")


def _gauge_holder(gauge: dict[str, int], attacker: str, defender: str) -> str:
    if attacker not in gauge or defender not in gauge or gauge[attacker] == gauge[defender]:
        return "nobody"
    return "attacker" if gauge[attacker] > gauge[defender] else "defender"


def _repair_note(ctx: Context, result: str) -> str:
    due = turns_later(ctx, REPAIR_TURNS) or "two turns later"
    if "both" in result:
        who = "one fleet counter of each side goes"
    elif "attacker" in result:
        who = "the attacking fleet goes"
    elif "defender" in result:
        who = "the defending fleet goes"
    else:
        return ""
    return f" — {who} to the Turn Record Track, {due} (WfA 15.7)"


def back_from_repair(action: FleetMoved, ctx: Context) -> Iterator[Outcome]:
    """WFA-FLT-05 (WfA 15.8): a fleet sent to its Turn Record Track box "appears in the
    Europe Box" in the Reinforcement Phase "and returns to the game as normal". Illegal: it
    comes off the track anywhere but the Europe Box without a D6 of its own, or in a year
    before its box's. Reminded: it comes off the track outside a Reinforcement Phase, or
    with its D6 along an Ocean Transit Line from the Europe Box (one drag for the Europe
    Box and the voyage, 14.2); with its D6 elsewhere, `unchecked` (the sea lanes' costs
    are not in the data)."""
    origin = sea_place(ctx, action.origin)
    if origin is None or origin.kind != "repair":
        return
    name = fleet_name(ctx, action.fleet)
    if action.destination != EUROPE_BOX and action.roll is not None \
            and _ocean_transit_from_europe(ctx, action.destination):
        yield Check.reminder("WFA-FLT-05", action.step, f"{name} came off the Turn Record "
                             f"Track straight to {ctx.space_name(action.destination or '?')}"
                             f" with its D6 ({action.roll}); a repaired fleet appears in the "
                             "Europe Box in the Reinforcement Phase and returns to the game "
                             "as normal (WfA 15.8): read as a voyage from the Europe Box "
                             "along its Ocean Transit Line", pieces=(action.fleet,))
    elif action.destination != EUROPE_BOX and action.roll is not None:
        yield Check.unchecked("WFA-FLT-05", action.step, f"{name} came off the Turn Record "
                              f"Track to {ctx.space_name(action.destination or '?')} with its "
                              f"D6 ({action.roll}); a repaired fleet appears in the Europe Box "
                              "(WfA 15.8): whether that D6 took it from the Europe Box there "
                              "needs the sea lanes' costs, which the data does not have",
                              needs=("sea lanes",), pieces=(action.fleet,))
    elif action.destination != EUROPE_BOX:
        yield Check.illegal("WFA-FLT-05", action.step, f"{name} came off the Turn Record "
                            f"Track to {ctx.space_name(action.destination or '?')}; a repaired "
                            "fleet appears in the Europe Box in the Reinforcement Phase "
                            "(WfA 15.8)", pieces=(action.fleet,),
                            expected="the Europe Box", observed=action.destination)
    box = _YEAR_BOX.match(origin.key)
    year = ctx.procedure.year
    if box is not None and year is not None and year < int(box.group(1)):
        yield Check.illegal("WFA-FLT-05", action.step, f"{name} came off the Turn Record "
                            f"Track in {year}, before its repair box ({box.group(1)}); it "
                            "returns in the Reinforcement Phase of its turn (WfA 15.7-15.8)",
                            pieces=(action.fleet,), expected=f"{box.group(1)} or later",
                            observed=str(year))
    phase = ctx.placement.phase
    if ctx.placement.known and phase not in (REINFORCEMENT, None):
        during = "the Action Cycle" if phase == ACTION_CYCLE else f"the {phase} phase"
        yield Check.reminder("WFA-FLT-05", action.step, f"{name} came off the Turn Record "
                             f"Track during {during}; repaired fleets appear in the Europe "
                             "Box in the Reinforcement Phase (WfA 15.8)",
                             pieces=(action.fleet,))
    yield Check.done("WFA-FLT-05")


def _ocean_transit_from_europe(ctx: Context, destination: str | None) -> bool:
    """Whether an Ocean Transit Line joins the Europe Box to `destination` (WfA 8.8)."""
    return destination is not None and any(
        line.kind is ConnectionKind.OCEAN_TRANSIT and EUROPE_BOX in line.ends
        and destination in line.ends for line in ctx.data.connections)


def caribbean_amphibious(action: Combat, ctx: Context) -> Iterator[Outcome]:
    """WFA-FLT-06 (WfA 19.31-19.33): "Fleets carrying land units for amphibious attack, who
    encounter an enemy fleet on the same space, must engage in naval combat before the
    amphibious attack can occur"; "If the attacking fleet is defeated, the amphibious attack
    is cancelled"; "If the attacking fleet is successful, the defending fleet retreats to
    the closest friendly port". Every result of a fleet combat removes the defending fleet
    or cancels the attack (15.7), so a land battle on a Caribbean space while the
    defender's fleet is still there is illegal."""
    place = sea_place(ctx, action.space)
    if place is None or place.kind != "space" or action.side is None or action.by_defender:
        return
    if place.caribbean is None:
        yield Check.unchecked("WFA-FLT-06", action.step, "whether "
                              f"{ctx.space_name(action.space)} is a Caribbean space is not in "
                              "the data",
                              needs=("space regions",))
        return
    if not place.caribbean:
        return
    defenders = fleets_at(ctx, action.space, opponent(action.side))
    if defenders:
        names = ", ".join(fleet_name(ctx, fleet) for fleet in defenders)
        yield Check.illegal("WFA-FLT-06", action.step, f"the {side_name(action.side)} attacked"
                            f" {ctx.space_name(action.space)} with {names} still there; in the "
                            "Caribbean the attacking fleet must first beat the defending fleet"
                            ", which then retreats to the closest friendly port, else the "
                            "amphibious attack is cancelled (WfA 19.31-19.33)",
                            spaces=(action.space,), pieces=defenders,
                            expected="the naval combat won first",
                            observed="a land battle beside the defending fleet")
    yield Check.done("WFA-FLT-06")


__all__ = ["FAMILY", "REPAIR_TURNS", "judge", "side_strength"]
