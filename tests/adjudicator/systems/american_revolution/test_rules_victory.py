"""AR victory (AR 3.1-3.5): the Victory Check worked out when the End of Turn Phase
begins, on hand-built positions with the fixture data's values."""

from __future__ import annotations

from adjudicator.findings import Severity
from adjudicator.systems.american_revolution.rules.context import Context
from adjudicator.systems.american_revolution.rules.victory import judge
from adjudicator.systems.american_revolution.state import ARState
from adjudicator.systems.common.actions import PhaseChange
from adjudicator.systems.common.sequence import Knowledge
from adjudicator.systems.common.sequencer import NewTurn
from tests.adjudicator.systems.american_revolution.test_rules_political import (
    context,
    state,
)
from tests.rulekit import applied, computed, rule_ids, violations

TOWNS_37 = ("boston", "new_york", "philadelphia", "quebec", "richmond", "portsmouth",
            "newport", "new_haven", "albany", "baltimore", "norfolk", "halifax", "montreal",
            "hillsboro")
"""Printed values 5+4+4+3+3+2*9 = 37."""


def end(year: int, position: ARState) -> tuple[PhaseChange, Context]:
    ctx = context(position, "end", turn=str(year))
    change = PhaseChange(step=30, turn=str(year), phase="end", knowledge=Knowledge.SHOWN,
                         reason="", previous="supply")
    return change, ctx


def held(unit: str, towns: tuple[str, ...]) -> tuple[tuple[str, str], ...]:
    return tuple((unit, town) for town in towns)


def test_the_check_reports_both_sides_totals_and_conditions() -> None:
    position = state(*held("unit:us_militia", ("boston", "portsmouth")),
                     ("unit:gb_regular", "quebec"), new_england=3)
    change, ctx = end(1776, position)
    out = list(judge(change, ctx))
    [check] = computed(out, "AR-VIC-01")
    assert check.result["American military"] == 7
    assert check.result["American collected"] == 14
    assert check.result["British military"] == 3
    assert check.result["American sudden death"] is False
    assert rule_ids(out) == [] and applied(out, "AR-VIC-01")
    assert violations(out, severity=Severity.REMINDER) == []


def test_an_american_sudden_death_is_a_reminder_that_play_stops() -> None:
    position = state(*held("unit:us_militia", TOWNS_37), rp=4, new_england=3,
                     mid_atlantic=2, virginia=2, deep_south=2)
    change, ctx = end(1779, position)
    out = list(judge(change, ctx))
    [reminder] = violations(out, severity=Severity.REMINDER)
    assert (reminder.rule_id, reminder.step) == ("AR-VIC-01", 30)
    assert rule_ids(out) == []


def test_thirty_five_is_not_a_military_victory() -> None:
    towns = tuple(t for t in TOWNS_37 if t != "halifax")
    position = state(*held("unit:us_militia", towns), rp=4, new_england=3,
                     mid_atlantic=2, virginia=2, deep_south=2)
    change, ctx = end(1779, position)
    assert violations(judge(change, ctx), severity=Severity.REMINDER) == []


def test_no_british_sudden_death_from_declaration_of_independence_on() -> None:
    loyal = {"west": -2, "florida": -2, "canada": -2, "deep_south": -2}
    won = state(*held("unit:gb_regular", TOWNS_37), rp=1, **loyal)
    change, ctx = end(1777, won)
    assert [v.rule_id for v in violations(judge(change, ctx), severity=Severity.REMINDER)] \
        == ["AR-VIC-01"]
    declared = state(*held("unit:gb_regular", TOWNS_37), rp=2, **loyal)
    change, ctx = end(1777, declared)
    assert [v.rule_id for v in violations(judge(change, ctx), severity=Severity.REMINDER)] \
        == ["AR-VIC-02"]


def test_after_1782_a_partial_victory_or_a_draw() -> None:
    position = state(*held("unit:us_militia", TOWNS_37), rp=3)
    change, ctx = end(1782, position)
    [final] = computed(judge(change, ctx), "AR-VIC-03")
    assert final.result["result"] == "a partial victory for the American player"
    both = state(*held("unit:us_militia", TOWNS_37), rp=1, west=-2, florida=-2, canada=-2,
                 deep_south=-2)
    change, ctx = end(1782, both)
    [final] = computed(judge(change, ctx), "AR-VIC-03")
    assert final.result["result"] == "a draw"


def test_at_the_end_of_1778_the_short_game_result_is_reported() -> None:
    position = state(rp=2, bop=2, new_england=3, mid_atlantic=1, virginia=2, deep_south=1)
    change, ctx = end(1778, position)
    [short] = computed(judge(change, ctx), "AR-VIC-04")
    assert short.result["short game winner"] == "US"
    position = state(rp=2, bop=1, new_england=3, mid_atlantic=1, virginia=2, deep_south=1)
    change, ctx = end(1778, position)
    [short] = computed(judge(change, ctx), "AR-VIC-04")
    assert short.result["short game winner"] == "GB"


def test_a_new_year_shown_under_the_last_end_marker_is_no_victory_check() -> None:
    change, ctx = end(1777, state())
    ctx = Context(ctx.data, ctx.state, ctx.proc, ctx.placement, ctx.graph,
                  (NewTurn(step=30, turn="1777", reason=""),))
    assert list(judge(change, ctx)) == []
