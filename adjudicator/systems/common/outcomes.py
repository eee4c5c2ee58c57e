"""What a rule check yields: a violation (or an unchecked note), a computation, or the mark
that a rule was applied to resolved inputs. The referee turns them into report findings
with the rule's citation and the acting player."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from fractions import Fraction

from adjudicator.findings import Scalar, Severity, Value


@dataclass(frozen=True, slots=True)
class Violation:
    """A rule broken (or a rule that could not be checked) at a step."""

    rule_id: str
    step: int
    severity: Severity
    message: str
    spaces: tuple[str, ...] = ()
    pieces: tuple[str, ...] = ()
    expected: str | None = None
    observed: str | None = None
    needs: tuple[str, ...] = ()

    def withheld(self, reason: str) -> Violation:
        """The same finding as `unchecked`: an illegal verdict the inputs cannot carry."""
        if self.severity is not Severity.ILLEGAL:
            return self
        return replace(self, severity=Severity.UNCHECKED,
                       message=f"{self.message} — not judged: {reason}")


@dataclass(frozen=True, slots=True)
class Applied:
    """The rule was applied (to inputs that could be resolved)."""

    rule_id: str


@dataclass(frozen=True, slots=True)
class Computed:
    """A number worked out for the players (movement points, odds, …)."""

    kind: str
    step: int
    rule_id: str
    summary: str
    inputs: dict[str, Value] = field(default_factory=dict)
    result: dict[str, Value] = field(default_factory=dict)
    probabilities: dict[str, Fraction] = field(default_factory=dict)
    """Exact chances (the report shows each as a fraction and a decimal)."""


Outcome = Violation | Applied | Computed
_APPLIED: dict[str, Applied] = {}


class Check:
    """Short constructors for the outcomes of a check."""

    @staticmethod
    def illegal(rule_id: str, step: int, message: str, *, spaces: tuple[str, ...] = (),
                pieces: tuple[str, ...] = (), expected: str | None = None,
                observed: str | None = None) -> Violation:
        """The rules forbid what happened."""
        return Violation(rule_id, step, Severity.ILLEGAL, message, spaces, pieces, expected,
                         observed)

    @staticmethod
    def unchecked(rule_id: str, step: int, message: str, *,
                  needs: tuple[str, ...] = (), spaces: tuple[str, ...] = (),
                  pieces: tuple[str, ...] = ()) -> Violation:
        """The rule could not be checked here; `needs` names the missing facts."""
        return Violation(rule_id, step, Severity.UNCHECKED, message, spaces, pieces,
                         needs=needs)

    @staticmethod
    def reminder(rule_id: str, step: int, message: str, *,
                 spaces: tuple[str, ...] = (), pieces: tuple[str, ...] = ()) -> Violation:
        """A mandatory step the players must not forget."""
        return Violation(rule_id, step, Severity.REMINDER, message, spaces, pieces)

    @staticmethod
    def done(rule_id: str) -> Applied:
        """The rule was applied (one shared value per rule: checks run at every step)."""
        applied = _APPLIED.get(rule_id)
        if applied is None:
            applied = _APPLIED[rule_id] = Applied(rule_id)
        return applied

    @staticmethod
    def computed(kind: str, step: int, rule_id: str, summary: str, *,
                 inputs: Mapping[str, Value] | None = None,
                 result: Mapping[str, Value] | None = None,
                 probabilities: dict[str, Fraction] | None = None) -> Computed:
        """A computation to show the players (`probabilities`: exact chances)."""
        return Computed(kind, step, rule_id, summary, dict(inputs or {}), dict(result or {}),
                        probabilities or {})


__all__ = ["Applied", "Check", "Computed", "Outcome", "Scalar", "Value", "Violation"]
