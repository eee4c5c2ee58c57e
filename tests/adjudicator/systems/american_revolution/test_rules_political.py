"""AR political points (AR 6.0, 7.9, 11.6(2), 25.8, 26.3): income, dice counts, no
carrying, never below zero, the Indians marker — judged on hand-built positions with the
fixture data's values (Boston 5, New York 4, Philadelphia 4, Quebec 3, Halifax 2)."""

from __future__ import annotations

from dataclasses import replace

from adjudicator.findings import Severity
from adjudicator.systems.american_revolution.actions import (
    DiceRolled,
    MarkerPlayed,
    MarkersDrawn,
    PointsShown,
)
from adjudicator.systems.american_revolution.data import ARData, load_data
from adjudicator.systems.american_revolution.procedure import (
    SEQUENCER,
    ARProcedure,
    PointsRecord,
)
from adjudicator.systems.american_revolution.rules.context import Context
from adjudicator.systems.american_revolution.rules.political import (
    dice_count,
    judge,
    towns_of,
)
from adjudicator.systems.american_revolution.state import ARState, Entity
from adjudicator.systems.common.actions import PhaseChange
from adjudicator.systems.common.mapgraph import MapGraph
from adjudicator.systems.common.places import Place, PlaceKind
from adjudicator.systems.common.sequence import Knowledge, Moment
from adjudicator.systems.common.sequencer import Placement, Position
from tests.conftest import REPO
from tests.rulekit import applied, computed, rule_ids, violations

DATA: ARData = load_data([REPO / "fixtures" / "american-revolution" / "data" / "fixture.toml"])
REGIONS = ("new_england", "mid_atlantic", "virginia", "deep_south", "west", "florida", "canada")


def state(*pieces: tuple[str, str], rp: int = 0, bop: int = 0,
          **loyalty: int) -> ARState:
    """A position: (entity id, locale) pieces and the tracks (loyalty 0 unless given)."""
    built = ARState()
    for n, (entity, locale) in enumerate(pieces):
        parsed = Entity.parse(entity)
        assert parsed is not None
        built.pieces[f"p{n}"] = (parsed, Place(PlaceKind.SPACE, locale))
    built.pieces["rp"] = (Entity("rp"), Place(PlaceKind.TRACK, f"rp_{rp}"))
    built.pieces["bop"] = (Entity("bop"), Place(PlaceKind.TRACK, f"bop_{_level(bop)}"))
    for region in REGIONS:
        built.pieces[f"loyalty {region}"] = (Entity("loyalty", region), Place(
            PlaceKind.TRACK, f"loyalty_{region}_{_level(loyalty.get(region, 0))}"))
    return built


def _level(n: int) -> str:
    return f"m{-n}" if n < 0 else (f"p{n}" if n > 0 else "0")


def context(position: ARState, phase: str = "political", *, turn: str = "1775",
            dice: tuple[DiceRolled, ...] = (), played: tuple[MarkerPlayed, ...] = (),
            points: tuple[PointsRecord, ...] = ()) -> Context:
    moment = Moment(turn=turn, phase=phase, knowledge=Knowledge.SHOWN)
    last = {r.shown.side: r.shown.after for r in points if r.shown.side is not None}
    proc = ARProcedure(position=Position(moment=moment), phase_dice=dice, played=played,
                       points=points, last_points=tuple(last.items()))
    return Context(DATA, position, proc, Placement(moment=moment),
                   MapGraph(DATA.locales, (), complete=False))


def roll(side: str, *dice: int, step: int = 1) -> DiceRolled:
    return DiceRolled(step=step, side=side, button=f"{len(dice)}d6", dice=dice)


def shown(side: str, after: int, before: int | None = None, step: int = 9) -> PointsShown:
    return PointsShown(step=step, side=side, before=before, after=after)


GB_TOWNS = state(("unit:gb_regular", "quebec"), ("unit:gb_militia", "halifax"),
                 ("unit:gb_detachment", "boston"), ("partisan:US", "boston"),
                 ("fortress", "montreal"), ("unit:gb_detachment", "new_york"),
                 ("massacre", "new_york"), ("leader:gage", "philadelphia"))
"""British: Quebec 3, Halifax 2, Philadelphia 4 (a leader alone); Boston denied by a
Rebel Partisan, New York by a Massacre marker, Montreal a lone fortress: 9."""


def test_towns_count_units_and_leaders_but_not_a_lone_fortress_a_partisan_or_a_massacre(
) -> None:
    towns = towns_of(DATA, GB_TOWNS, "GB")
    assert towns.total == 9
    assert {h.locale: h.value for h in towns.held} == {
        "quebec": 3, "halifax": 2, "philadelphia": 4, "boston": 0, "new_york": 0}
    assert towns.printed == 9


def test_loyalty_plus_3_doubles_the_american_towns_and_minus_3_the_british() -> None:
    position = state(("unit:us_militia", "boston"), ("unit:gb_regular", "quebec"),
                     new_england=3, canada=-3)
    assert towns_of(DATA, position, "US").total == 10
    assert towns_of(DATA, position, "US").printed == 5
    assert towns_of(DATA, position, "GB").total == 6
    reversed_ = state(("unit:us_militia", "boston"), new_england=-3)
    assert towns_of(DATA, reversed_, "US").total == 5


def test_a_neutral_nation_gives_nothing_until_it_is_allied() -> None:
    french = ("unit:fr_regular", "port_au_prince")
    assert towns_of(DATA, state(french), "US").total == 0
    assert towns_of(DATA, state(french, bop=2), "US").total == 3
    assert towns_of(DATA, state(("unit:us_militia", "havana")), "US").total == 0
    assert towns_of(DATA, state(("unit:us_militia", "havana"), bop=3), "US").total == 2


def test_a_fleet_alone_is_counted_and_noted() -> None:
    towns = towns_of(DATA, state(("unit:gb_fleet", "new_york")), "GB")
    assert (towns.total, towns.without_fleets, towns.fleet_only) == (4, 0, ("new_york",))


def test_the_dice_each_side_rolls() -> None:
    assert dice_count(state(rp=0), "US", ()).count == 1
    assert dice_count(state(rp=3), "US", ()).count == 3
    assert dice_count(state(rp=4, bop=3), "US", ()).count == 4 + 2 + 1
    assert dice_count(state(rp=1, bop=2), "US", ()).count == 2 + 2
    assert dice_count(state(rp=0), "GB", ()).count == 2
    assert dice_count(state(rp=2, bop=-1), "GB", ()).count == 4
    assert dice_count(state(rp=0), "GB", (("GB", "debate"),)).count == 3
    assert dice_count(state(rp=0), "GB", (("US", "debate"),)).count == 1


def test_the_income_matching_the_towns_and_dice_is_legal() -> None:
    dice = (roll("GB", 3, 5),)
    record = PointsRecord(1, "political", shown("GB", 17), dice, ())
    ctx = context(GB_TOWNS, "mobilization", points=(record,))
    change = PhaseChange(step=10, turn="1775", phase="mobilization",
                         knowledge=Knowledge.SHOWN, reason="", previous="political")
    out = list(judge(change, ctx))
    assert rule_ids(out) == []
    for rule in ("AR-PP-01", "AR-PP-02", "AR-PP-03", "AR-PP-05"):
        assert applied(out, rule)
    unchecked = violations(out, severity=Severity.UNCHECKED)
    assert [v.message for v in unchecked] == [
        "the log does not show the American political points in this Political Phase"]


def test_the_income_is_computed_with_its_breakdown() -> None:
    ctx = context(GB_TOWNS, dice=(roll("GB", 3, 5),))
    out = list(judge(shown("GB", 17), ctx))
    [points] = computed(out, kind="political points")
    assert points.result["towns"] == 9 and points.result["dice"] == 8
    assert points.result["total"] == 17
    assert rule_ids(out) == []


def test_more_than_towns_and_dice_is_illegal_at_once() -> None:
    ctx = context(GB_TOWNS, dice=(roll("GB", 3, 5),))
    [finding] = violations(judge(shown("GB", 18), ctx))
    assert (finding.rule_id, finding.step, finding.expected, finding.observed) == (
        "AR-PP-01", 9, "17", "18")


def test_a_town_counted_despite_the_rule_that_zeroes_it_cites_that_rule() -> None:
    ctx = context(GB_TOWNS, dice=(roll("GB", 3, 5),))
    assert rule_ids(judge(shown("GB", 22), ctx)) == ["AR-PP-02"]
    assert rule_ids(judge(shown("GB", 21), ctx)) == ["AR-PP-03"]


def test_with_dice_still_to_roll_only_the_highest_possible_total_is_judged() -> None:
    ctx = context(GB_TOWNS)
    assert rule_ids(judge(shown("GB", 9), ctx)) == []
    assert rule_ids(judge(shown("GB", 21), ctx)) == []
    assert rule_ids(judge(shown("GB", 22), ctx)) == ["AR-PP-01"]


def test_missing_dice_leave_the_final_income_unchecked() -> None:
    record = PointsRecord(1, "political", shown("GB", 12), (roll("GB", 3),), ())
    ctx = context(GB_TOWNS, "mobilization", points=(record,))
    change = PhaseChange(step=10, turn="1775", phase="mobilization",
                         knowledge=Knowledge.SHOWN, reason="", previous="political")
    out = list(judge(change, ctx))
    assert rule_ids(out) == []
    assert any("the log shows 1 of the 2 dice" in v.message
               for v in violations(out, severity=Severity.UNCHECKED))


def test_an_income_too_low_is_illegal_at_the_phase_end() -> None:
    record = PointsRecord(1, "political", shown("GB", 13), (roll("GB", 3, 5),), ())
    ctx = context(GB_TOWNS, "mobilization", points=(record,))
    change = PhaseChange(step=10, turn="1775", phase="mobilization",
                         knowledge=Knowledge.SHOWN, reason="", previous="political")
    [finding] = violations(judge(change, ctx))
    # 13 is 4 short of 17: exactly Philadelphia, held by Gage alone (AR 21.1, AR-LDR-01).
    assert (finding.rule_id, finding.step) == ("AR-LDR-01", 9)


def test_last_turns_points_added_to_the_income_are_carried() -> None:
    ctx = context(GB_TOWNS, dice=(roll("GB", 3, 5),))
    [finding] = violations(judge(shown("GB", 22, before=5), ctx))
    assert finding.rule_id == "AR-PP-11"


def test_points_left_after_the_supply_phase_are_a_reminder() -> None:
    record = PointsRecord(1, "supply", shown("US", 4, before=10), (), ())
    ctx = context(GB_TOWNS, "end", points=(record,))
    change = PhaseChange(step=20, turn="1775", phase="end", knowledge=Knowledge.SHOWN,
                         reason="", previous="supply")
    [reminder] = violations(judge(change, ctx), severity=Severity.REMINDER)
    assert (reminder.rule_id, reminder.step) == ("AR-PP-11", 20)


def test_a_turn_keeps_its_own_points_records_and_each_side_s_last_value() -> None:
    """Only this turn's records are kept (issue 24: a long log's were copied at every step
    the undo history keeps; a year shown twice re-judged the first one's income)."""
    record_points = SEQUENCER.effects()[PointsShown]

    def at(turn: str) -> ARProcedure:
        return ARProcedure(position=Position(moment=Moment(turn=turn, phase="political",
                                                           knowledge=Knowledge.SHOWN)))

    proc = record_points(at("1775"), shown("US", 7, before=0, step=3))
    proc = record_points(proc, shown("GB", 5, before=0, step=4))
    proc = replace(proc, position=at("1776").position)
    proc = record_points(proc, shown("GB", 8, before=0, step=30))
    assert [(r.turn, r.shown.after) for r in proc.points] == [(2, 8)]
    assert proc.last_points == (("US", 7), ("GB", 8))
    # the Supply Phase's end still reads the American's 7, shown in 1775
    ctx = context(GB_TOWNS, "end", points=proc.points)
    ctx = replace(ctx, proc=replace(ctx.proc, last_points=proc.last_points))
    change = PhaseChange(step=40, turn="1776", phase="end", knowledge=Knowledge.SHOWN,
                         reason="", previous="supply")
    assert [r.message for r in violations(judge(change, ctx), severity=Severity.REMINDER)
            ] == [f"the {side} political points still show {n} after the Supply Phase: "
                  "unspent points are lost, never carried to the next turn"
                  for side, n in (("American", 7), ("British", 8))]
    # a log that shows 1775 again: its income is judged on its own records, not the first
    # 1775's
    proc = replace(proc, position=at("1775").position)
    proc = record_points(proc, shown("US", 9, before=0, step=50))
    assert [(r.turn, r.shown.after, r.shown.step) for r in proc.points] == [(1, 9, 50)]


def test_points_below_zero_are_illegal() -> None:
    ctx = context(GB_TOWNS, "mobilization")
    assert rule_ids(judge(shown("US", -1, before=3), ctx)) == ["AR-PP-12"]
    out = list(judge(shown("US", 0, before=3), ctx))
    assert rule_ids(out) == [] and applied(out, "AR-PP-12")


def test_too_many_dice_cite_the_rule_that_would_allow_them() -> None:
    position = state()
    assert rule_ids(judge(roll("US", 4, 4), context(position))) == ["AR-PP-07"]
    assert rule_ids(judge(roll("US", 2, 3), context(position, dice=(roll("US", 1),)))) == [
        "AR-PP-06"]
    assert rule_ids(judge(roll("GB", 6), context(position, dice=(roll("GB", 1, 2),)))) == [
        "AR-PP-08"]
    declared = state(rp=2)
    assert rule_ids(judge(roll("GB", 6), context(declared, dice=(roll("GB", 1, 2, 3),)))) \
        == ["AR-PP-09"]
    debated = context(position, played=(MarkerPlayed(step=1, side="US", marker="debate"),))
    assert rule_ids(judge(roll("GB", 1, 2), debated)) == ["AR-PP-10"]
    speculated = context(position, dice=(roll("US", 1),),
                         played=(MarkerPlayed(step=1, side="US", marker="speculators"),))
    assert rule_ids(judge(roll("US", 2, 3), speculated)) == []


def test_the_indians_marker_gives_one_marker_while_an_indian_is_on_the_map() -> None:
    played = (MarkerPlayed(step=1, side="US", marker="indians"),)
    on_map = state(("unit:gb_indian", "mohawk"), ("unit:gb_indian", "cherokee"))
    draw = MarkersDrawn(step=2, side="US", count=1, bought=False, pool_left=50)
    out = list(judge(draw, context(on_map, played=played)))
    assert rule_ids(out) == [] and applied(out, "AR-PP-14")
    assert rule_ids(judge(replace(draw, count=2), context(on_map, played=played))) == [
        "AR-PP-14"]
    assert rule_ids(judge(draw, context(state(), played=played))) == ["AR-PP-14"]


def test_points_spent_in_the_political_phase_leave_the_income_judged_before_them() -> None:
    dice = (roll("GB", 3, 5),)
    records = (PointsRecord(1, "political", shown("GB", 17, step=5), dice, ()),
               PointsRecord(1, "political", shown("GB", 12, before=17, step=6), dice, ()))
    ctx = context(GB_TOWNS, "mobilization", points=records)
    change = PhaseChange(step=10, turn="1775", phase="mobilization",
                         knowledge=Knowledge.SHOWN, reason="", previous="political")
    out = list(judge(change, ctx))
    assert rule_ids(out) == [] and applied(out, "AR-PP-01")


def test_a_master_plan_re_roll_is_no_extra_die_and_leaves_the_income_unchecked() -> None:
    played = (MarkerPlayed(step=1, side="GB", marker="master_plan"),)
    ctx = context(GB_TOWNS, dice=(roll("GB", 1, 2),), played=played)
    assert rule_ids(judge(roll("GB", 5, 6), ctx)) == []
    record = PointsRecord(1, "political", shown("GB", 20), (roll("GB", 1, 2), roll("GB", 5, 6)),
                          played)
    change = PhaseChange(step=10, turn="1775", phase="mobilization",
                         knowledge=Knowledge.SHOWN, reason="", previous="political")
    out = list(judge(change, context(GB_TOWNS, "mobilization", points=(record,))))
    assert rule_ids(out) == []
    assert any("Master Plan" in v.message for v in violations(out, severity=Severity.UNCHECKED))
