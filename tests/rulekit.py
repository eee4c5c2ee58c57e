"""The rule-test kit every game's tests share: what a rule check yielded, picked out.

A rules module's `judge(action, ctx)` yields outcomes (`Violation`, `Applied`, `Computed`;
`adjudicator.systems.common.outcomes`). A rule test builds the action and the context by
hand (each game's own kit builds its positions) and asserts on what these pick out:

    out = list(judge(action, ctx))
    assert [v.rule_id for v in violations(out)] == ["WW-MOV-02"]
    assert applied(out, "WW-MOV-01") and not violations(out, "WW-MOV-01")

Nothing here knows a game.
"""

from __future__ import annotations

from collections.abc import Iterable

from adjudicator.findings import Severity
from adjudicator.systems.common.outcomes import Applied, Computed, Outcome, Violation


def violations(outcomes: Iterable[Outcome], rule: str | None = None,
               severity: Severity = Severity.ILLEGAL) -> list[Violation]:
    """The violations of one severity (illegal by default), of one rule or of all, in
    order."""
    return [o for o in outcomes if isinstance(o, Violation) and o.severity is severity
            and (rule is None or o.rule_id == rule)]


def rule_ids(outcomes: Iterable[Outcome], severity: Severity = Severity.ILLEGAL) -> list[str]:
    """The rule id of each violation of one severity, in order."""
    return [o.rule_id for o in violations(outcomes, severity=severity)]


def applied(outcomes: Iterable[Outcome], rule: str) -> bool:
    """Whether the rule was applied to resolved inputs."""
    return rule in applied_ids(outcomes)


def applied_ids(outcomes: Iterable[Outcome]) -> set[str]:
    """Every rule applied to resolved inputs."""
    return {o.rule_id for o in outcomes if isinstance(o, Applied)}


def computed(outcomes: Iterable[Outcome], rule: str | None = None, *,
             kind: str | None = None) -> list[Computed]:
    """The computations, of one rule and/or one kind (`battle odds`, …), in order."""
    return [o for o in outcomes if isinstance(o, Computed)
            and (rule is None or o.rule_id == rule) and (kind is None or o.kind == kind)]


__all__ = ["applied", "applied_ids", "computed", "rule_ids", "violations"]
