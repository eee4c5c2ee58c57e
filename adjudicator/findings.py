"""What a rules check produces: findings (a rule broken, checked or left unchecked) and
computations (odds, movement points, losses owed), as frozen pydantic models.

A violation is a `Finding`, never an exception: checks yield every problem they see, like
python-chess's `Board.status()`, and the report gathers them.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from enum import StrEnum
from fractions import Fraction
from functools import lru_cache

from pydantic import BaseModel, ConfigDict, Field


class Severity(StrEnum):
    """How much a finding matters to a referee."""

    ILLEGAL = "illegal"
    """A move or result the rules forbid."""
    CHECK = "check"
    """An outcome to recompute and compare (the tool could not decide alone)."""
    REMINDER = "reminder"
    """A mandatory step the players must not forget."""
    INFO = "info"
    """Context: what the tool saw or computed."""
    UNCHECKED = "unchecked"
    """A rule the tool could not check here, and why (missing data, not implemented)."""


Scalar = str | int | float | bool | None
Value = Scalar | tuple[Scalar, ...] | tuple[dict[str, Scalar], ...]
"""A computation's input or result: a scalar, a list of scalars (a route's spaces), or a
list of records (a route's legs, each with its cost)."""

_MODEL = ConfigDict(frozen=True, extra="forbid", use_attribute_docstrings=True)


class Finding(BaseModel):
    """One observation about one step, tied to the rule it concerns."""

    model_config = _MODEL

    game: str
    """The game system id, e.g. `ww`."""
    rule_id: str
    """The digest's catalog id, e.g. `WW-MOV-02`."""
    rule: str
    """The rulebook citation, e.g. `WW 7.3.A`."""
    severity: Severity
    step: int | None
    """The timeline step (0 = starting position); None for the whole game."""
    player: str | None = None
    """Who acted in that step (name and side as VASSAL's roster has them)."""
    message: str
    """One sentence a player understands."""
    pieces: tuple[str, ...] = ()
    """Names of the pieces involved."""
    spaces: tuple[str, ...] = ()
    """Names of the spaces involved."""
    expected: str | None = None
    observed: str | None = None
    needs: tuple[str, ...] = ()
    """For `unchecked`: the facts that were missing."""



REPEATED_REMINDERS = 10
"""How many of one repeated reminder (the same rule and message) a report keeps."""


def capped_reminders(findings: Sequence[Finding], keep: int = REPEATED_REMINDERS
                     ) -> list[Finding]:
    """The findings, in their order, with at most `keep` of each repeated reminder (the
    same rule and the same message at other steps): the last one kept ends with how many
    more there were and the step of the last ("(and 4,690 more like it, the last at step
    99980)"). A long log reminds of the same thing thousands of times; every other
    finding is kept (issue 24)."""
    counts: Counter[tuple[str, str]] = Counter()
    last_step: dict[tuple[str, str], int | None] = {}
    for finding in findings:
        if finding.severity is Severity.REMINDER:
            key = (finding.rule_id, finding.message)
            counts[key] += 1
            last_step[key] = finding.step
    if all(n <= keep for n in counts.values()):
        return list(findings)
    kept: list[Finding] = []
    seen: Counter[tuple[str, str]] = Counter()
    for finding in findings:
        if finding.severity is not Severity.REMINDER:
            kept.append(finding)
            continue
        key = (finding.rule_id, finding.message)
        seen[key] += 1
        if seen[key] < keep or (seen[key] == keep and counts[key] == keep):
            kept.append(finding)
        elif seen[key] == keep:
            more, last = counts[key] - keep, last_step[key]
            kept.append(finding.model_copy(update={"message": (
                f"{finding.message} (and {more:,} more like it, the last at step {last})")}))
    return kept


class Probability(BaseModel):
    """An exact probability with its decimal value."""

    model_config = _MODEL

    fraction: str
    """Exact, as `numerator/denominator`."""
    decimal: float

    @classmethod
    def of(cls, value: Fraction) -> Probability:
        """Wrap an exact fraction (one shared frozen value per fraction: a long game shows
        the same chances many times)."""
        return _probability(cls, value)


@lru_cache(maxsize=1024)
def _probability(cls: type[Probability], value: Fraction) -> Probability:
    return cls(fraction=f"{value.numerator}/{value.denominator}", decimal=float(value))


class Computation(BaseModel):
    """Something computed at a step: odds, movement points, losses owed, …"""

    model_config = _MODEL

    game: str
    kind: str
    """E.g. `battle_odds`, `movement_points`, `siege`, `attrition`, `interception`."""
    step: int | None
    rule_id: str | None = None
    rule: str | None = None
    summary: str
    """One line a player reads."""
    inputs: dict[str, Value] = Field(default_factory=dict)
    result: dict[str, Value] = Field(default_factory=dict)
    probabilities: dict[str, Probability] = Field(default_factory=dict)
