"""AR 13, 4.8, 27: when units come in, leaders from the pool, detachment swaps, the
counter mix, the American's marker per Hessian or Indian, and the costs."""

from __future__ import annotations

from adjudicator.systems.american_revolution.actions import (
    MarkerPlayed,
    MarkersDrawn,
    Raised,
    UnitsRemoved,
)
from adjudicator.systems.american_revolution.procedure import Tally
from adjudicator.systems.american_revolution.rules import mobilization
from adjudicator.systems.common.sequencer import PhaseShown
from tests.adjudicator.systems.american_revolution.rulekit import Bench, done, illegal, of


def raised(key: str, locale: str, *, entity: str = "unit", side: str = "GB",
           origin: str | None = None, step: int = 3) -> Raised:
    return Raised(step=step, side=side, entity=entity, key=key, locale=locale, origin=origin)


def test_units_come_in_outside_the_mobilization_phase_only_by_a_marker_or_event() -> None:
    bench = Bench().at("campaign_1")
    militia = raised("us_militia", "new_haven", side="US")
    assert ("AR-MOB-01", 3) in illegal(mobilization.judge(militia, bench.context()))
    bench.at("campaign_1", played=(MarkerPlayed(step=2, side="US", marker="minutemen"),))
    assert "AR-MOB-01" in done(mobilization.judge(militia, bench.context()))
    bench.at("mobilization")
    assert "AR-MOB-01" in done(mobilization.judge(militia, bench.context()))


def test_a_leader_comes_from_his_sides_pool() -> None:
    bench = Bench().at("mobilization")
    bench.put("leader:wayne", "box:leader_pool_US")
    pool = raised("greene", "albany", entity="leader", side="US",
                  origin="box:leader_pool_US")
    assert "AR-MOB-02" in done(mobilization.judge(pool, bench.context()))
    picked = raised("greene", "albany", entity="leader", side="US")
    assert illegal(mobilization.judge(picked, bench.context())) == [("AR-MOB-02", 3)]
    arises = raised("leader_arises_us", "albany", entity="leader", side="US")
    assert illegal(mobilization.judge(arises, bench.context())) == []


def test_two_detachments_for_a_regular_in_the_same_region() -> None:
    bench = Bench().at("mobilization")
    swap = UnitsRemoved(step=3, side="GB", units=("gb_regular",), leaders=(),
                        locale="boston", to=None)
    first = raised("gb_detachment", "boston")
    assert "AR-MOB-06" in done(mobilization.judge(first, bench.context((swap,))))
    bench.at("mobilization", losses=(swap,), mobilized=(first,))
    second = raised("gb_detachment", "newport")
    assert illegal(mobilization.judge(second, bench.context())) == []
    bench.at("mobilization", losses=(swap,), mobilized=(first, second))
    third = raised("gb_detachment", "boston", step=4)
    assert illegal(mobilization.judge(third, bench.context())) == [("AR-MOB-06", 4)]


def test_a_consolidated_regular_on_the_map_is_not_a_mobilization() -> None:
    bench = Bench().at("mobilization")
    back = UnitsRemoved(step=3, side="GB", units=("gb_detachment", "gb_detachment"),
                        leaders=(), locale="boston", to=None)
    regular = raised("gb_regular", "boston")
    outcomes = list(mobilization.judge(regular, bench.context((back,))))
    assert illegal(outcomes) == []
    assert "AR-MOB-06" in done(outcomes)
    assert illegal(mobilization.judge(regular, bench.context())) == [("AR-MOB-05", 3)]


def test_the_american_draws_a_marker_per_hessian() -> None:
    bench = Bench().at("mobilization")
    hessian = raised("gb_hessian", "britain_box")
    outcomes = list(mobilization.judge(hessian, bench.context()))
    assert [f.rule_id for f in of(outcomes, "reminder")] == ["AR-MOB-11"]
    assert "AR-MOB-08" in done(outcomes)
    draw = MarkersDrawn(step=3, side="US", count=1, bought=True, pool_left=10)
    assert "AR-MOB-11" in done(mobilization.judge(hessian, bench.context((draw,))))


def test_campaign_markers_may_not_be_made_up() -> None:
    bench = Bench().at("campaign_1")
    bench.put("marker:pulaski", "zone:played")
    play = MarkerPlayed(step=4, side="US", marker="pulaski")
    assert "AR-MOB-09" in done(mobilization.judge(play, bench.context()))
    bench.put("marker:pulaski", "deck:")
    assert illegal(mobilization.judge(play, bench.context())) == [("AR-MOB-09", 4)]


def costs_bench(turn: str, spent_gb: int = 0, spent_us: int = 0,
                rp: int = 0, **fields: object) -> Bench:
    bench = Bench()
    bench.put("rp", f"track:rp_{rp}")
    bench.put("loyalty:canada", "track:loyalty_canada_m2")
    bench.at("rabble", turn=turn, spent=Tally(us=spent_us, gb=spent_gb), **fields)
    return bench


def test_the_british_pay_double_on_turn_one() -> None:
    militia = raised("gb_militia", "halifax")
    rabble = PhaseShown(step=9, phase="rabble")
    right = costs_bench("1775", spent_gb=4, mobilized=(militia,), bought=Tally(gb=1))
    outcomes = list(mobilization.judge(rabble, right.context()))
    assert illegal(outcomes) == []
    assert "AR-MOB-10" in done(outcomes)
    single = costs_bench("1775", spent_gb=2, mobilized=(militia,), bought=Tally(gb=1))
    assert illegal(mobilization.judge(rabble, single.context())) == [("AR-MOB-10", 9)]
    later = costs_bench("1776", spent_gb=2, mobilized=(militia,), bought=Tally(gb=1))
    # Only the militia's loyalty cost is concluded after Turn 1 (AR 11.6(1), AR-LOY-02).
    assert [o for o in mobilization.judge(rabble, later.context())
            if "AR-LOY-02" not in done([o])] == []


def test_continentals_cost_four_then_three() -> None:
    regular = raised("us_regular", "albany", side="US")
    rabble = PhaseShown(step=9, phase="rabble")
    early = costs_bench("1776", spent_us=4, mobilized=(regular,))
    assert "AR-MOB-03" in done(mobilization.judge(rabble, early.context()))
    cheap = costs_bench("1776", spent_us=3, mobilized=(regular,))
    assert illegal(mobilization.judge(rabble, cheap.context())) == [("AR-MOB-03", 9)]
    professional = costs_bench("1777", spent_us=3, rp=3, mobilized=(regular,))
    assert "AR-MOB-03" in done(mobilization.judge(rabble, professional.context()))


def test_drillmaster_lowers_the_continentals_cost() -> None:
    regular = raised("us_regular", "albany", side="US")
    rabble = PhaseShown(step=9, phase="rabble")
    drill = costs_bench("1776", spent_us=2, mobilized=(regular,),
                        mob_markers=(MarkerPlayed(step=2, side="US", marker="drillmaster"),))
    assert illegal(mobilization.judge(rabble, drill.context())) == []


def test_overpaying_with_unseen_purchases_possible_is_unchecked() -> None:
    regular = raised("us_regular", "albany", side="US")
    rabble = PhaseShown(step=9, phase="rabble")
    bench = costs_bench("1776", spent_us=7, mobilized=(regular,))
    assert illegal(mobilization.judge(rabble, bench.context())) == [("AR-MOB-03", 9)]
    outcomes = list(mobilization.judge(rabble, bench.context(options=("partisans",))))
    assert illegal(outcomes) == []
    assert [f.rule_id for f in of(outcomes, "unchecked")] == ["AR-MOB-03"]


def test_a_leader_from_the_palette_with_no_pool_shown_is_unchecked() -> None:
    bench = Bench().at("mobilization")
    picked = raised("greene", "albany", entity="leader", side="US")
    outcomes = list(mobilization.judge(picked, bench.context()))
    assert illegal(outcomes) == []
    assert [f.rule_id for f in of(outcomes, "unchecked")] == ["AR-MOB-02"]
