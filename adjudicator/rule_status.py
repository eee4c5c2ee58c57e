"""`adjudicator rules GAME`: each catalog rule, and whether the tool checks it and why not.

The status is the referee's own account of what it can check, asked before it sees any
game, with the user's data files merged in; a rule it checks only in part (`partial`)
counts as checked. A report says what was checked on one file.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ConfigDict

from adjudicator.check import NOT_IMPLEMENTED
from adjudicator.systems import find_system


class RuleStatus(BaseModel):
    """One catalog rule and whether it is checked."""

    model_config = ConfigDict(frozen=True, extra="forbid")
    rule_id: str
    citation: str
    severity: str
    summary: str
    checked: bool
    reason: str | None = None
    """Why it is not checked (missing data, not implemented)."""


def rule_statuses(game: str, *, data_files: Sequence[Path] = (),
                  options: Sequence[str] = ()) -> list[RuleStatus]:
    """Every rule of the game's catalog with its status, with `options` (optional rules)
    in use.

    Raises:
        AdjudicatorError: unknown game, a bad data file or an option the game lacks.
    """
    system = find_system(game)
    verdict = system.referee(module=None, data_files=data_files, options=options).finish()
    checkable = verdict.checked | set(verdict.partial)
    return [RuleStatus(rule_id=rule.id, citation=rule.citation, severity=rule.severity_text,
                       summary=rule.summary, checked=rule.id in checkable,
                       reason=None if rule.id in checkable else
                       verdict.unchecked.get(rule.id, NOT_IMPLEMENTED))
            for rule in system.catalog()]


def optional_rules(game: str) -> list[tuple[str, str]]:
    """The game's optional rules: (name, title with citation), in the game's order.

    Raises:
        AdjudicatorError: unknown game.
    """
    referee = find_system(game).referee(module=None)
    declared: Sequence[Any] = getattr(referee, "optional_rules", ())
    return [(rule.name, f"{rule.title} ({rule.citation})") for rule in declared]
