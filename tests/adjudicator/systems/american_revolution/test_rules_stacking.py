"""AR 15: stacking is unlimited; one marker of each type a locale (AR 15.2, 29.3)."""

from __future__ import annotations

from adjudicator.systems.american_revolution.actions import ForceMoved, MapMarkerPlaced
from adjudicator.systems.american_revolution.rules import stacking
from tests.adjudicator.systems.american_revolution.rulekit import Bench, done, illegal, of


def placed(kind: str, locale: str, key: str = "", side: str = "GB") -> MapMarkerPlaced:
    return MapMarkerPlaced(step=3, side=side, kind=kind, key=key, locale=locale)


def test_a_force_of_any_size_stacks() -> None:
    bench = Bench().at("campaign_1")
    pieces = tuple(bench.put("unit:gb_regular", "boston", 12))
    move = ForceMoved(step=2, side="GB", pieces=pieces, units=("gb_regular",) * 12,
                      leaders=(), origin="lexington", destination="boston",
                      path=("lexington", "boston"), die=3)
    assert done(stacking.judge(move, bench.context())) == {"AR-STK-01"}


def test_a_siege_beside_a_fortress_is_one_of_each_type() -> None:
    bench = Bench().at("campaign_1")
    bench.put("fortress", "boston")
    bench.put("siege", "boston")
    outcomes = list(stacking.judge(placed("siege", "boston"), bench.context()))
    assert illegal(outcomes) == []
    assert "AR-STK-02" in done(outcomes)


def test_a_second_fortress_is_illegal_whichever_side_built_the_first() -> None:
    bench = Bench().at("mobilization")
    bench.put("fortress", "boston", 2)
    outcomes = list(stacking.judge(placed("fortress", "boston", side="US"), bench.context()))
    assert illegal(outcomes) == [("AR-STK-02", 3)]
    assert "already holds one" in of(outcomes, "illegal")[0].message


def test_a_partisan_on_the_enemys_is_a_reminder_to_remove_it() -> None:
    bench = Bench().at("mobilization")
    bench.put("partisan:US", "richmond")
    bench.put("partisan:GB", "richmond")
    outcomes = list(stacking.judge(placed("partisan", "richmond", "GB"), bench.context()))
    assert illegal(outcomes) == []
    assert [f.rule_id for f in of(outcomes, "reminder")] == ["AR-STK-02"]


def test_a_second_friendly_partisan_is_illegal() -> None:
    bench = Bench().at("mobilization")
    bench.put("partisan:US", "boston", 2)
    outcomes = stacking.judge(placed("partisan", "boston", "US", "US"), bench.context())
    assert illegal(outcomes) == [("AR-STK-02", 3)]
