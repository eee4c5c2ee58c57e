"""AR 4: the set-up, judged when play begins, and only from the beginning of the game."""

from __future__ import annotations

from adjudicator.systems.american_revolution.rules import setup
from adjudicator.systems.common.sequencer import PhaseShown
from tests.adjudicator.systems.american_revolution.rulekit import (
    Bench,
    data,
    done,
    illegal,
    of,
)

INITIATIVE = PhaseShown(step=2, phase="initiative")


def test_every_listed_unit_and_region_is_in_the_data() -> None:
    d = data()
    for _, lines in setup.LISTS.values():
        for line in lines:
            assert all(key in d.formations for key, _ in line.units)
            assert all(locale in d.locales for locale in line.locales)
            assert line.region is None or line.region in d.regions


def test_a_log_that_starts_mid_game_is_unchecked_not_illegal() -> None:
    bench = Bench().at("initiative", turn="1777")
    outcomes = list(setup.judge(INITIATIVE, bench.context()))
    assert illegal(outcomes) == []
    assert {f.rule_id for f in of(outcomes, "unchecked")} == set(setup.RULES)


def test_the_set_up_is_judged_once() -> None:
    bench = Bench().at("initiative", turn="1775", begun=True)
    assert list(setup.judge(INITIATIVE, bench.context())) == []


def test_a_region_line_counts_anywhere_in_the_region() -> None:
    bench = Bench().at("initiative", turn="1775")
    bench.put("leader:carleton", "st_johns")
    bench.put("unit:gb_regular", "montreal")
    bench.put("unit:gb_militia", "halifax", 2)
    outcomes = [o for o in setup.judge(INITIATIVE, bench.context())
                if getattr(o, "rule_id", "") == "AR-SET-01"]
    messages = [f.message for f in of(outcomes, "illegal")]
    assert not any("Canada" in m for m in messages)
    assert any("Boston starts with 0" in m for m in messages)


def test_an_american_unit_beside_british_units_is_illegal() -> None:
    bench = Bench().at("initiative", turn="1775")
    bench.put("unit:gb_detachment", "new_york")
    bench.put("unit:us_militia", "new_york")
    outcomes = list(setup.judge(INITIATIVE, bench.context()))
    assert any("holds British units" in f.message for f in of(outcomes, "illegal")
               if f.rule_id == "AR-SET-02")


def test_tracks_start_where_the_tables_say() -> None:
    bench = Bench().at("initiative", turn="1775")
    bench.put("rp", "track:rp_0")
    bench.put("bop", "track:bop_p1")
    for region, level in setup.LOYALTY.items():
        sign = "m" if level < 0 else "p" if level > 0 else ""
        bench.put(f"loyalty:{region}", f"track:loyalty_{region}_{sign}{abs(level)}")
    outcomes = [o for o in setup.judge(INITIATIVE, bench.context())
                if getattr(o, "rule_id", "") == "AR-SET-04"]
    assert [(f.rule_id, f.step) for f in of(outcomes, "illegal")] == [("AR-SET-04", 2)]


def test_optional_markers_without_their_rule_are_a_reminder() -> None:
    bench = Bench().at("initiative", turn="1775")
    bench.put("fortress", "boston")
    outcomes = list(setup.judge(INITIATIVE, bench.context()))
    assert "AR-SET-07" in {f.rule_id for f in of(outcomes, "reminder")}
    with_rule = list(setup.judge(INITIATIVE, bench.context(options=("fortresses",))))
    assert "AR-SET-07" in done(with_rule)


def test_carleton_may_start_anywhere_in_canada_but_cornwallis_is_set_aside() -> None:
    bench = Bench().at("initiative", turn="1775")
    bench.put("leader:carleton", "montreal")
    bench.put("leader:cornwallis", "boston")
    outcomes = list(setup.judge(INITIATIVE, bench.context()))
    messages = [f.message for f in of(outcomes, "illegal")]
    assert not any(m.startswith("Carleton") for m in messages)
    assert any(f.rule_id == "AR-SET-05" for f in of(outcomes, "illegal"))
