"""Scenario set-ups and the game's length (AaM 13.4, 16.3, 17.0-17.5).

- AAM-SCN-01 (17.1-17.5): a log whose first month (the first the Year and Month show) is
  a scenario's first month is read as that scenario's set-up, as the board stands then, and
  compared with it Area by Area (data/scenarios.json): the SPs of each unit kind in each
  Area (an "or" of Areas, or "any Area in" a region, pooled; "1d6 SP" entries 1 to 6; POWs
  held not counted), each listed leader's Area, each side's Base of Operations and its
  magazines. A difference is illegal: "this save does not match the 1777 set-up: 45 SP of
  Continental Regulars in Y10 Morristown (set-up 65)". With under half the set-up's SPs on
  the map the log is not a save of the set-up (the players may still be setting up, or it
  is a made-up position): unchecked. A board with a leader on the map that the set-up does
  not place is a game going on (a campaign saved at that month), not judged.
- AAM-SCN-02 (17.x): "baggage trains [...] with any force or in the Available box": the
  trains on the map are at most the set-up's, and trains and magazines at most its limit.
- AAM-SCN-03 (17.0): "All campaign scenarios end on the November 1779 turn": a later month
  is play past the end, unless the Historical Duration (13.4) or Alternate History (16.3)
  Campaign Game is in use (to October 1781; their victory conditions are the victory
  family's: AAM-VIC-06, AAM-VIC-07, AAM-OPT-03). Battle scenarios end in
  December of their first year (17.0), but whether a log is one is not shown: the
  campaign's end is used (the player's favour).
- AAM-SCN-04 (17.0, `--option battle-scenario`): "Scenarios can also be played as Battle
  Scenarios [...] Only in the 1778 Battle scenario does the Continental player roll for
  French Intervention": a month after December of the log's first year is play past the
  end (17.1.3-17.4.3: "Battle Scenario ends December ..."), and French SPs entering a
  battle scenario begun in another month than May 1778 are illegal.
"""

from __future__ import annotations

import json
from collections.abc import Iterator, Mapping
from functools import cache
from importlib import resources
from typing import Any

from adjudicator.systems.almost_a_miracle.actions import Arrived
from adjudicator.systems.almost_a_miracle.procedure import BRITISH, CONTINENTAL
from adjudicator.systems.almost_a_miracle.read_reinforcements import in_play
from adjudicator.systems.almost_a_miracle.rules.context import Context
from adjudicator.systems.almost_a_miracle.rules.optional import LONG_GAMES, Optional
from adjudicator.systems.almost_a_miracle.rules.reinforcements import NAMES
from adjudicator.systems.common.actions import Action
from adjudicator.systems.common.outcomes import Check, Outcome
from adjudicator.systems.common.places import PlaceKind
from adjudicator.systems.common.rulebook import RuleFamily
from adjudicator.systems.common.sequencer import NewTurn

FAMILY = RuleFamily("setup", frozenset({"AAM-SCN-01", "AAM-SCN-02", "AAM-SCN-03",
                                        "AAM-SCN-04"}),
                    positional=frozenset({"AAM-SCN-01", "AAM-SCN-02"}),
                    actions=(NewTurn, Arrived))
SCENARIO_1778 = "1778-05"
CAMPAIGN_END = "1779-11"
HISTORICAL_END = "1781-10"
CHECKSUM_KINDS: Mapping[str, tuple[str, frozenset[str]]] = {
    "cont_regular": (CONTINENTAL, frozenset({"cont_regular"})),
    "cont_cavalry": (CONTINENTAL, frozenset({"cont_cavalry"})),
    "cont_militia_fixed": (CONTINENTAL, frozenset({"ne_militia", "pa_militia",
                                                    "ny_nj_militia", "md_de_militia"})),
    "brit_regular": (BRITISH, frozenset({"brit_regular"})),
    "brit_cavalry": (BRITISH, frozenset({"brit_cavalry"})),
    "brit_militia": (BRITISH, frozenset({"loyalist_militia", "canadian_militia"})),
    "brit_indian": (BRITISH, frozenset({"indian"})),
}
"""The checksum columns of scenarios.json and the unit kinds each sums."""
LABELS = {"cont_regular": "Continental regular infantry", "cont_cavalry": "Continental cavalry",
          "cont_militia_fixed": "Continental militia", "brit_regular": "British regular "
          "infantry", "brit_cavalry": "British cavalry", "brit_militia": "Loyalist and "
          "Canadian militia", "brit_indian": "Indian"}


@cache
def scenarios() -> tuple[dict[str, Any], ...]:
    """The five set-ups (data/scenarios.json)."""
    text = resources.files("adjudicator.systems.almost_a_miracle.data").joinpath(
        "scenarios.json").read_text(encoding="utf-8")
    return tuple(json.loads(text)["scenarios"])


def scenario_starting(turn: str) -> dict[str, Any] | None:
    """The scenario whose first month this is."""
    return next((s for s in scenarios() if s.get("start_turn") == turn), None)


def judge(action: Action, ctx: Context) -> Iterator[Outcome]:
    """The opening position against its set-up, and months past the game's end."""
    if isinstance(action, Arrived) and Optional.BATTLE_SCENARIO.value in ctx.options:
        yield from _battle_french(action, ctx)
    if not isinstance(action, NewTurn):
        return
    if Optional.BATTLE_SCENARIO.value in ctx.options:
        yield from _battle_end(action, ctx)
    if ctx.proc.first_turn is None:
        found = scenario_starting(action.turn)
        if found is not None:
            yield from _set_up(action, ctx, found)
    yield from _length(action, ctx)


def _length(action: NewTurn, ctx: Context) -> Iterator[Outcome]:
    long = LONG_GAMES & ctx.options
    end = HISTORICAL_END if long else CAMPAIGN_END
    if action.turn > end:
        yield Check.illegal("AAM-SCN-03", action.step,
                            f"play went on into {action.turn}: "
                            + ("the Historical Duration Campaign Game ends in October 1781 "
                               "(AaM 13.4)" if long else
                               "all campaign scenarios end on the November 1779 turn "
                               "(AaM 17.0)"), expected=f"{end} or earlier",
                            observed=action.turn)
        return
    yield Check.done("AAM-SCN-03")


def _counted(ctx: Context, side: str, kinds: frozenset[str]) -> int:
    return sum(e.value for e, p in ctx.state.pieces.values()
               if e.kind == "sp" and e.key in kinds and in_play(p)
               and (side == BRITISH or p.kind is PlaceKind.SPACE))


def _setup_leaders(scenario: dict[str, Any]) -> set[str]:
    return {leader for side in scenario.get("sides", {}).values()
            for placement in side.get("placements", ()) for leader in placement.get("leaders")
            or ()}


def _set_up(action: NewTurn, ctx: Context, scenario: dict[str, Any]) -> Iterator[Outcome]:
    listed = _setup_leaders(scenario)
    if any(e.kind == "leader" and p.kind is PlaceKind.SPACE and e.key not in listed
           for e, p in ctx.state.pieces.values()):
        return  # a leader the set-up does not place: a game going on, not this set-up
    rule = scenario.get("rule", "AaM 17")
    label = SET_UP_LABELS.get(str(scenario.get("id")), str(scenario.get("id", "")))
    differences, spaces = _differences(ctx, scenario)
    if not differences:
        yield Check.done("AAM-SCN-01")
    elif 2 * _on_map(ctx) < _set_up_total(scenario):
        # Under half the set-up's SPs on the map: the players may still be setting up in
        # the log (or it is a made-up position), not a save claiming this set-up.
        yield Check.unchecked("AAM-SCN-01", action.step,
                              f"the opening position has fewer SPs than the {label} set-up "
                              f"({rule}): {'; '.join(differences)}; the set-up may go on "
                              "in the log")
    else:
        yield Check.illegal("AAM-SCN-01", action.step,
                            f"this save does not match the {label} set-up: "
                            f"{'; '.join(differences)} ({rule})", spaces=spaces)
    yield from _trains(action, ctx, scenario, rule)


SET_UP_LABELS = {"1778": "May 1778", "1778dec": "December 1778"}
"""How a finding names a set-up (the others by their year: "the 1777 set-up")."""


def _allowed(ctx: Context, placement: dict[str, Any]) -> frozenset[str]:
    """The Areas a set-up line may be placed in: its Area, its "or" Areas, or its region."""
    if placement.get("area"):
        return frozenset({str(placement["area"])})
    if placement.get("area_options"):
        return frozenset(str(a) for a in placement["area_options"])
    rule = str(placement.get("area_rule") or "")
    region = rule.partition("any_area_in_region:")[2]
    return frozenset(aid for aid, area in ctx.data.areas.items() if area.region == region)


def _where(place: Any) -> str | None:
    """The set-up's name for a place in play: an Area id or AT_SEA."""
    if not in_play(place):
        return None
    if place.kind is PlaceKind.SPACE:
        return str(place.key)
    return "AT_SEA" if "sea" in place.key.casefold() else str(place.key)


def _on_map(ctx: Context) -> int:
    return sum(e.value for e, p in ctx.state.pieces.values()
               if e.kind == "sp" and _where(p) is not None)


def _set_up_total(scenario: dict[str, Any]) -> int:
    return sum(int(u.get("sp") or 1) for side in scenario.get("sides", {}).values()
               for placement in side.get("placements", ()) for u in placement.get("units", ()))


def _differences(ctx: Context, scenario: dict[str, Any]) -> tuple[list[str], tuple[str, ...]]:
    """What the board shows against the set-up: SPs per kind in each group of Areas a set-up
    line may use ("or" Areas and "any Area in" a region pooled), the listed leaders' Areas,
    the Bases of Operations and the magazines."""
    placements = [p for side in scenario.get("sides", {}).values()
                  for p in side.get("placements", ())]
    groups: list[set[str]] = []
    for placement in placements:
        joined = set(_allowed(ctx, placement))
        for group in [g for g in groups if g & joined]:
            groups.remove(group)
            joined |= group
        groups.append(joined)
    group_of = {area: frozenset(group) for group in groups for area in group}
    expected: dict[tuple[frozenset[str], str], list[int]] = {}
    for placement in placements:
        pooled = group_of[next(iter(_allowed(ctx, placement)))]
        for unit in placement.get("units", ()):
            low, high = ((int(unit["sp"]),) * 2 if unit.get("sp") is not None else (1, 6))
            bounds = expected.setdefault((pooled, str(unit["unit"])), [0, 0])
            bounds[0] += low
            bounds[1] += high
    seen: dict[tuple[frozenset[str], str], int] = {}
    for entity, place in ctx.state.pieces.values():
        where = _where(place)
        if entity.kind == "sp" and where is not None:
            key = (group_of.get(where, frozenset({where})), entity.key)
            seen[key] = seen.get(key, 0) + entity.value
    differences: list[str] = []
    spaces: set[str] = set()
    for key in sorted(set(expected) | set(seen), key=lambda k: (sorted(k[0]), k[1])):
        areas, kind = key
        low, high = expected.get(key, [0, 0])
        count = seen.get(key, 0)
        if not low <= count <= high:
            names = " or ".join(ctx.name(a) for a in sorted(areas))
            found = ctx.data.unit_kinds.get(kind)
            kind_name = found.name if found is not None and found.name else kind
            wanted = str(low) if low == high else f"{low}-{high}"
            differences.append(f"{count} SP of {kind_name} in {names} (set-up {wanted})")
            spaces |= areas
    differences += _leaders_and_bases(ctx, scenario, placements, spaces)
    return differences, tuple(sorted(a for a in spaces if a in ctx.data.areas))


def _leaders_and_bases(ctx: Context, scenario: dict[str, Any], placements: list[dict[str, Any]],
                       spaces: set[str]) -> list[str]:
    at: dict[str, list[str]] = {}
    for entity, place in ctx.state.pieces.values():
        where = _where(place)
        if where is not None and entity.kind in ("leader", "boo", "bt"):
            name = entity.key if entity.kind == "leader" else \
                f"{entity.kind}:{entity.key}:{entity.flag or ''}"
            at.setdefault(name, []).append(where)
    differences: list[str] = []
    for placement in placements:
        allowed = _allowed(ctx, placement)
        for leader in placement.get("leaders") or ():
            where_now = at.get(leader, [])
            if not set(where_now) <= allowed or not where_now:
                shown = ctx.name(where_now[0]) if where_now else "not on the map"
                options = " or ".join(ctx.name(a) for a in sorted(allowed))
                differences.append(f"{ctx.leader_name(leader)} {'at ' if where_now else ''}"
                                   f"{shown} (set-up {options})")
                spaces |= set(where_now) | allowed
    for side, setup in scenario.get("sides", {}).items():
        name = NAMES.get(side, side)
        boo = at.get(f"boo:{side}:", [])
        if setup.get("boo") and boo != [setup["boo"]]:
            differences.append(f"the {name} Base of Operations "
                               f"{'at ' + ctx.name(boo[0]) if boo else 'not on the map'} "
                               f"(set-up {ctx.name(setup['boo'])})")
        magazines = sorted(at.get(f"bt:{side}:mag", []))
        if magazines != sorted(setup.get("magazines") or ()):
            shown = ", ".join(ctx.name(a) for a in magazines) or "no Area"
            wanted = ", ".join(ctx.name(a) for a in setup.get("magazines") or ())
            differences.append(f"{name} magazines in {shown} (set-up {wanted})")
    return differences


def _trains(action: NewTurn, ctx: Context, scenario: dict[str, Any],
            rule: str) -> Iterator[Outcome]:
    for side, setup in scenario.get("sides", {}).items():
        listed = setup.get("baggage_trains") or {}
        limit, count = listed.get("limit"), listed.get("count")
        trains = sum(1 for e, p in ctx.state.pieces.values()
                     if e.kind == "bt" and e.key == side and not e.flag and in_play(p))
        stores = trains + sum(1 for e, p in ctx.state.pieces.values()
                              if e.kind == "bt" and e.key == side and e.flag == "mag"
                              and in_play(p))
        name = NAMES.get(side, side)
        if isinstance(count, int) and trains > count:
            yield Check.illegal("AAM-SCN-02", action.step,
                                f"{trains} {name} baggage trains on the map at the start: the "
                                f"set-up gives {count}, with any force or in the Available box "
                                f"({rule})", expected=f"at most {count}", observed=str(trains))
        elif isinstance(limit, int) and stores > limit:
            yield Check.illegal("AAM-SCN-02", action.step,
                                f"{stores} {name} baggage trains and magazines on the map at "
                                f"the start: the set-up's limit is {limit} ({rule})",
                                expected=f"at most {limit}", observed=str(stores))
        else:
            yield Check.done("AAM-SCN-02")


def battle_end(first: str) -> str:
    """The last month of a Battle Scenario begun in `first`: December of its year (17.0)."""
    return f"{first[:4]}-12"


def _battle_end(action: NewTurn, ctx: Context) -> Iterator[Outcome]:
    first = ctx.proc.first_turn or action.turn
    if not first[:4].isdigit():
        return
    end = battle_end(first)
    if action.turn > end:
        yield Check.illegal("AAM-SCN-04", action.step,
                            f"play went on into {action.turn}: a Battle Scenario begun in "
                            f"{first} ends in December {first[:4]} (AaM 17.0, 17.x.3)",
                            expected=f"{end} or earlier", observed=action.turn)
    else:
        yield Check.done("AAM-SCN-04")


def _battle_french(action: Arrived, ctx: Context) -> Iterator[Outcome]:
    if not any(kind == "french_regular" for kind, _ in action.sp):
        return
    first = ctx.proc.first_turn
    if first is None:
        return
    if first == SCENARIO_1778:
        yield Check.done("AAM-SCN-04")
        return
    yield Check.illegal("AAM-SCN-04", action.step,
                        f"French SPs entered at {ctx.name(action.area)} in a Battle Scenario "
                        f"begun in {first}: only in the 1778 Battle scenario does the "
                        "Continental player roll for French Intervention (AaM 17.0)",
                        spaces=(action.area,), pieces=action.pieces)
