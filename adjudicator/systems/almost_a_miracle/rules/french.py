"""French forces (AaM 14.1).

- AAM-FR-02 (14.1.5): "The French Field Force and their Leader are placed in any friendly
  coastal Area on their turn of arrival or they can perform an Amphibious Landing similar
  to the British (Case 10.5.10)": either way a coastal Area. A port is coastal; which other
  Areas touch the sea is printed on the map only (unchecked).
- AAM-FR-07 (14.2.3): "If the French leader is removed due to illness [...] he returns to
  the French Field Force, not the Continental BoO": d'Estaing put on the map away from the
  French SPs, once they are on it (not in the month they came: the leader may be placed
  before his troops), is illegal.
- AAM-FR-03 (14.1.6): "If there is a British Force in the 'At Sea' box at the beginning of
  the turn in which French Intervention occurs, this force must immediately land at a
  friendly Port": British SPs still At Sea when the French come are a reminder.
- AAM-FR-04 (14.1.7): the French leave "a number of turns equal to a roll of 1d6 + 2" after
  entering: at most 8 turns. French still on the map when a month begins 10 or more months
  after their entry have certainly stayed too long (the exit month itself is left to the
  player). In the 1778 scenario they follow the Reinforcement Chart instead (14.1.8): a log
  starting in May 1778 is not judged.
- AAM-FR-01 (14.1): "The French Field Force enters when the Month/Year Markers reach the
  turn with the French Intervention Marker. Each Scenario gives the at start location of
  the Marker." The marker sits on the Turn Record Track, which a module shows as one box:
  its turn is not in the log. It is bounded instead: from the scenario's start it moves
  at most one turn earlier each Adjustment Phase (11.5.3), so the French come no earlier
  than the month M with M >= marker - (M - start). French entering at or after that month
  are judged legal; earlier is unchecked (a British Catastrophe moves the marker 4 turns
  earlier, 11.5.4, and which battles and sieges were ones is not always shown). A log not
  starting at a scenario's first month, the 1778 scenario (its Reinforcement Chart,
  14.1.8: AAM-FR-05) and the 1778 December one ("Intervention has occurred") are not
  judged.
- AAM-FR-05 (14.1.8): "1778 Scenario Only The French enter and exit the game as per the
  Reinforcement Chart": in a log begun in May 1778, the French entering in another month
  than the chart's (the data's `reinforcement_schedule` rows for `french_regular`) is
  illegal; without the chart, unchecked. Their exit is not on the chart the data gives
  (AAM-FR-04 leaves it unchecked there). In the 1778 Battle Scenario (`--option
  battle-scenario`) the Continental player "roll[s] for French Intervention" (17.0): the
  entry is then unchecked (which rule governs is not stated).
- AAM-FR-06 (14.1.2): "They may defend and conduct sieges jointly with Continental forces
  in the same Area": a siege marker placed or turned in an Area holding French and
  Continental SPs is judged legal (a permission: nothing flags it).
"""

from __future__ import annotations

from collections.abc import Iterator

from adjudicator.systems.almost_a_miracle.actions import Arrived, SiegeMarked
from adjudicator.systems.almost_a_miracle.attrition import french_stay
from adjudicator.systems.almost_a_miracle.data import Need
from adjudicator.systems.almost_a_miracle.procedure import CONTINENTAL
from adjudicator.systems.almost_a_miracle.read_track import month_name, track_turn
from adjudicator.systems.almost_a_miracle.rules.context import Context
from adjudicator.systems.almost_a_miracle.rules.reinforcements import FRENCH, side_of
from adjudicator.systems.almost_a_miracle.rules.setup import scenario_starting
from adjudicator.systems.common.actions import Action
from adjudicator.systems.common.outcomes import Check, Outcome
from adjudicator.systems.common.places import PlaceKind
from adjudicator.systems.common.rulebook import RuleFamily
from adjudicator.systems.common.sequencer import NewTurn

FAMILY = RuleFamily("french", frozenset({"AAM-FR-01", "AAM-FR-02", "AAM-FR-03",
                                         "AAM-FR-04", "AAM-FR-05", "AAM-FR-06",
                                         "AAM-FR-07"}),
                    actions=(Arrived, NewTurn, SiegeMarked))
SCENARIO_1778 = "1778-05"
DESTAING = "destaing"
LONGEST_STAY = max(french_stay().support)
"""1d6 + 2 turns at most (AaM 14.1.7)."""


def months_between(start: str, end: str) -> int:
    """Months from one turn id to another (`1778-10` → `1779-02` is 4).

    >>> months_between("1778-10", "1779-02")
    4
    """
    return (int(end[:4]) - int(start[:4])) * 12 + int(end[5:7]) - int(start[5:7])


def judge(action: Action, ctx: Context) -> Iterator[Outcome]:
    """The French placed inland, or still on the map long after they had to leave."""
    if isinstance(action, SiegeMarked):
        yield from _joint_siege(action, ctx)
    if isinstance(action, Arrived):
        yield from _intervention(action, ctx)
        yield from _arrival(action, ctx)
        if DESTAING in action.leaders:
            yield from _destaing(action, ctx)
    elif isinstance(action, NewTurn):
        yield from _stay(action, ctx)


def _arrival(action: Arrived, ctx: Context) -> Iterator[Outcome]:
    french = sum(value for kind, value in action.sp if kind in FRENCH)
    if not french or ctx.proc.french_entry is not None:
        return
    afloat = [key for key, (e, p) in ctx.state.pieces.items()
               if e.kind == "sp" and p.kind is not PlaceKind.SPACE and "sea" in p.key.casefold()
               and ctx.data.unit_kinds.get(e.key) is not None
               and str(ctx.data.unit_kinds[e.key].side) == "british"]
    if afloat:
        yield Check.reminder("AAM-FR-03", action.step,
                             "the French Field Force entered with a British force in the At Sea "
                             "box: that force must immediately land at a friendly port, suffer "
                             "Single Attrition and count as moved for the turn (AaM 14.1.6)",
                             pieces=tuple(afloat))
    else:
        yield Check.done("AAM-FR-03")
    area = ctx.data.areas.get(action.area)
    if area is not None and area.port:
        yield Check.done("AAM-FR-02")
    else:
        yield Check.unchecked("AAM-FR-02", action.step,
                              f"the French Field Force entered at {ctx.name(action.area)}: "
                              "whether it is a coastal Area (AaM 14.1.5) is not in the map "
                              "data", needs=(str(Need.AREAS),), spaces=(action.area,))


def _stay(action: NewTurn, ctx: Context) -> Iterator[Outcome]:
    entry = ctx.proc.french_entry
    if entry is None or not entry[:4].isdigit() or not action.turn[:4].isdigit():
        return
    on_map = [key for key, (e, p) in ctx.state.pieces.items()
              if e.kind == "sp" and e.key in FRENCH and p.kind is PlaceKind.SPACE]
    if not on_map:
        return
    if ctx.proc.first_turn == SCENARIO_1778:
        yield Check.unchecked("AAM-FR-04", action.step,
                              "in the 1778 scenario the French enter and exit as the "
                              "Reinforcement Chart says (AaM 14.1.8), not in the data",
                              needs=(str(Need.REINFORCEMENTS),))
        return
    months = months_between(entry, action.turn)
    if months > LONGEST_STAY + 1:
        yield Check.illegal("AAM-FR-04", action.step,
                            f"the French Field Force is still on the map in {action.turn}, "
                            f"{months} months after it entered in {entry}: it exits the game "
                            "1d6 + 2 turns after entry, at most 8 (AaM 14.1.7)",
                            pieces=tuple(on_map), expected=f"gone by {LONGEST_STAY} turns",
                            observed=f"{months} months")
    else:
        yield Check.done("AAM-FR-04")


def _destaing(action: Arrived, ctx: Context) -> Iterator[Outcome]:
    entry = ctx.proc.french_entry
    turn = ctx.placement.moment.turn
    if entry is None or entry == turn:
        return
    french = {p.key for e, p in ctx.state.pieces.values()
              if e.kind == "sp" and e.key in FRENCH and p.kind is PlaceKind.SPACE}
    if action.area in french:
        yield Check.done("AAM-FR-07")
    elif french:
        at = ", ".join(ctx.name(area) for area in sorted(french))
        yield Check.illegal("AAM-FR-07", action.step,
                            f"d'Estaing came back at {ctx.name(action.area)}, away from the "
                            f"French Field Force (at {at}): "
                            "a sick French leader returns to the French Field Force, not the "
                            "Continental BoO (AaM 14.2.3)", spaces=(action.area,),
                            pieces=action.pieces)


def _joint_siege(action: SiegeMarked, ctx: Context) -> Iterator[Outcome]:
    sps = [e for e in ctx.state.in_area(action.area) if e.kind == "sp"]
    if any(e.key in FRENCH for e in sps) and any(
            e.key not in FRENCH and side_of(e, ctx) == CONTINENTAL for e in sps):
        yield Check.done("AAM-FR-06")


def _intervention(action: Arrived, ctx: Context) -> Iterator[Outcome]:
    """14.1: the French come when the Month/Year markers reach the marker's turn."""
    if ctx.proc.french_entry is not None or not any(kind in FRENCH for kind, _ in action.sp):
        return
    start, month = ctx.proc.first_turn, ctx.placement.moment.turn
    scenario = scenario_starting(start) if start else None
    marker = str((scenario or {}).get("french_intervention_marker") or "")
    if start == SCENARIO_1778 and month is not None:
        yield from _chart_entry(action, ctx, month)
        return
    shown = next((track_turn(p) for e, p in ctx.state.pieces.values() if e.kind == "fi"), None)
    if shown is not None and month is not None and month[:4].isdigit():
        yield from _marker_entry(action, ctx, month, shown)
        return
    if start is None or month is None or \
            not marker[:4].isdigit() or not month[:4].isdigit():
        return
    # the marker moves at most one turn earlier each Adjustment Phase (AaM 11.5.3)
    earliest = months_between(start, marker) - months_between(start, month)
    if months_between(start, month) >= earliest:
        yield Check.done("AAM-FR-01")
    else:
        yield Check.unchecked("AAM-FR-01", action.step,
                              f"the French Field Force entered in {month}: the French "
                              f"Intervention Marker began on {marker} and moves one turn "
                              "earlier at most each Adjustment Phase (AaM 11.5.3), so it "
                              "could not have reached this month unless a British Catastrophe "
                              "moved it 4 turns earlier (AaM 11.5.4); the marker's turn is not "
                              "shown by the log (AaM 14.1)", spaces=(action.area,),
                              pieces=action.pieces)


def _chart_entry(action: Arrived, ctx: Context, month: str) -> Iterator[Outcome]:
    """14.1.8: in the 1778 scenario the French enter as the Reinforcement Chart says."""
    table = ctx.data.tables.get("reinforcement_schedule")
    rows = table.rows if table is not None else None
    if ctx.options and "battle-scenario" in ctx.options:
        yield Check.unchecked("AAM-FR-05", action.step,
                              f"the French Field Force entered in {month} of the 1778 Battle "
                              "Scenario, where the Continental player rolls for French "
                              "Intervention (AaM 17.0) while 14.1.8 puts the French on the "
                              "Reinforcement Chart: which one governs is not stated",
                              spaces=(action.area,))
        return
    if not rows:
        yield Check.unchecked("AAM-FR-05", action.step,
                              f"the French Field Force entered in {month} of the 1778 "
                              "scenario: they enter as per the Reinforcement Chart (AaM "
                              "14.1.8), which the data does not give",
                              needs=(str(Need.REINFORCEMENTS),), spaces=(action.area,))
        return
    turns = sorted({str(row.get("turn")) for row in rows
                    if row.get("unit") in FRENCH and row.get("turn")})
    if month in turns:
        yield Check.done("AAM-FR-05")
    elif turns:
        yield Check.illegal("AAM-FR-05", action.step,
                            f"the French Field Force entered at {ctx.name(action.area)} in "
                            f"{month}: in the 1778 scenario the French enter as per the "
                            f"Reinforcement Chart, in {', '.join(turns)} (AaM 14.1.8)",
                            spaces=(action.area,), pieces=action.pieces,
                            expected=", ".join(turns), observed=month)


def _marker_entry(action: Arrived, ctx: Context, month: str, marker: str) -> Iterator[Outcome]:
    """14.1 with the marker's month read from the Turn Record Track."""
    if months_between(marker, month) >= 0:
        yield Check.done("AAM-FR-01")
        return
    yield Check.illegal("AAM-FR-01", action.step,
                        f"the French Field Force entered at {ctx.name(action.area)} in "
                        f"{month_name(month)}, but the French Intervention marker stands on "
                        f"{month_name(marker)}: the "
                        "French Field Force enters when the Month/Year Markers reach the turn "
                        "with the French Intervention Marker (AaM 14.1)",
                        spaces=(action.area,), pieces=action.pieces, expected=marker,
                        observed=month)
