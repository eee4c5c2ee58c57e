"""What some fixture scenarios judge, beyond their illegal findings: a verdict (the rule
applied to what happened, nothing left unchecked) where the log shows enough. A report's
coverage also counts a rule with nothing to judge as checked, so the rules applied are
recorded from the referee's judge itself."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from adjudicator.check import adjudicate
from adjudicator.findings import Severity
from adjudicator.report import Report
from adjudicator.scenario import build_scenario_log, load_scenario
from adjudicator.systems.common.actions import Action
from adjudicator.systems.common.outcomes import Applied, Outcome
from adjudicator.systems.washingtons_war.rules import RULES
from adjudicator.systems.washingtons_war.rules.context import Context
from tests.conftest import REPO

SCENARIOS = REPO / "fixtures" / "washingtons-war" / "scenarios"


def _check(name: str, tmp_path: Path) -> Report:
    path = SCENARIOS / f"{name}.toml"
    scenario = load_scenario(path)
    log = build_scenario_log(path, tmp_path / f"{name}.vlog")
    return adjudicate(log, game="ww", module_path=path.parent / scenario.module,
                      data_files=[path.parent / data for data in scenario.data])


@pytest.mark.parametrize(("scenario", "ids"), [
    ("queue-activation", {"WW-OPS-01", "WW-OPS-02"}),
    ("queue-activation-strategy-2", {"WW-OPS-01", "WW-OPS-02"}),
    ("political-control-phase", {"WW-POL-01"}),
    ("making-change", {"WW-REIN-05", "WW-SEQ-06", "WW-CARD-14"}),
    ("landing-party-flip", {"WW-CAMP-01", "WW-CAMP-04"}),
    ("french-reinforcements-any-ops", {"WW-REIN-06"}),
    ("exchange-is-not-a-play", {"WW-SEQ-04"}),
    ("alliance-marker-moved-after-the-army", {"WW-FA-01"}),
    ("alliance-in-a-british-impulse-brings-the-french", {"WW-FA-02", "WW-FA-03", "WW-FA-04"}),
    ("alliance-french-two-counters-one-port", {"WW-FA-04"}),
    ("winter-lone-cu-lost-on-a-low-roll", {"WW-WINT-02", "WW-WINT-04"}),
    ("captured-general-back-the-next-turn", {"WW-CAPT-02"}),
    ("captured-before-the-log-back-the-next-turn", {"WW-CAPT-02"}),
    ("isolation-mutual", {"WW-POL-02", "WW-POL-03", "WW-POL-04"}),
])
def test_the_scenario_is_judged_on_these_rules_with_nothing_unchecked(
        scenario: str, ids: set[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
        ) -> None:
    applied: set[str] = set()

    judge = RULES.judge

    def recording(action: Action, ctx: Context) -> Iterator[Outcome]:
        for outcome in judge(action, ctx):
            if isinstance(outcome, Applied):
                applied.add(outcome.rule_id)
            yield outcome

    monkeypatch.setattr(RULES, "judge", recording)
    report = _check(scenario, tmp_path)
    assert ids <= applied
    assert ids <= set(report.coverage.checked)
    unchecked = {f.rule_id for f in report.findings if f.severity is Severity.UNCHECKED}
    assert not ids & unchecked
