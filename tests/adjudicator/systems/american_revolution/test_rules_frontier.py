"""Frontier Warfare (AR 35.1, optional): the +1 initiative for more light and Indian
units, judged on the first round of fire."""

from __future__ import annotations

from dataclasses import replace

from adjudicator.systems.american_revolution.actions import FireRound, Holding
from adjudicator.systems.american_revolution.rules import frontier
from adjudicator.systems.american_revolution.rules.context import Context
from adjudicator.systems.common.outcomes import Applied, Outcome, Severity, Violation
from tests.adjudicator.systems.american_revolution.test_rules_combat import context

REGULARS: Holding = (("unit", "us_regular", False), ("unit", "us_regular", False))
WOODSMEN: Holding = (("unit", "gb_indian", False), ("unit", "gb_light", False))


def first_round(side: str, totals: tuple[int, int], initiative: str | None) -> FireRound:
    firers, target = (REGULARS, WOODSMEN) if side == "US" else (WOODSMEN, REGULARS)
    return FireRound(step=7, side=side, locale="lexington", number=1, dice=(1, 2, 1, 2),
                     firers=firers, target=target, tactics_spent=0, tactics_left=0,
                     previous=None, initiative=initiative, target_broken=False,
                     firer_broken=False, totals=totals)


def frontier_context(*pieces: tuple[str, str]) -> Context:
    return replace(context(pieces), options=frozenset({"frontier-warfare"}))


def verdicts(action: FireRound, ctx: Context) -> list[tuple[str, str]]:
    found: list[Outcome] = list(frontier.judge(action, ctx))
    return [(o.rule_id, o.severity.value) if isinstance(o, Violation) else (o.rule_id, "done")
            for o in found if isinstance(o, (Violation, Applied))]


def test_a_tie_goes_to_the_side_with_more_light_and_indians_even_leaderless() -> None:
    ctx = frontier_context()
    assert verdicts(first_round("GB", (3, 3), None), ctx) == [("AR-FRW-01", "done")]
    assert verdicts(first_round("US", (3, 3), None), ctx) == [
        ("AR-FRW-01", Severity.ILLEGAL.value)]


def test_a_lead_of_one_cancelled_by_the_bonus_is_rolled_again_unchecked() -> None:
    ctx = frontier_context()
    assert verdicts(first_round("US", (4, 3), "US"), ctx) == [
        ("AR-FRW-01", Severity.UNCHECKED.value)]
    assert verdicts(first_round("US", (5, 3), "US"), ctx) == [("AR-FRW-01", "done")]


def test_no_bonus_with_a_fortress_or_a_siege_marker_in_the_locale() -> None:
    for marker in ("fortress:", "siege:"):
        ctx = frontier_context((marker, "lexington"))
        assert verdicts(first_round("US", (3, 3), None), ctx) == []


def test_nothing_is_judged_without_the_option() -> None:
    assert verdicts(first_round("US", (3, 3), None), context()) == []
