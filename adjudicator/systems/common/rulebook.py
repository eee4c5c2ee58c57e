"""Rule families: each rules module declares the rule ids it judges; coverage follows.

A rules module ends with one `RuleFamily` naming the catalog ids it checks, and which of
them depend on where pieces are (so that they are not claimed checked, and never give an
`illegal`, while a bound piece's position is unknown). A game's referee lists its
families; `Coverage` is computed from the declarations and from what was actually applied
to resolved inputs in one game — never from a hand-kept list.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Generic, Protocol, TypeVar

from adjudicator.systems.common.actions import Action
from adjudicator.systems.common.outcomes import Outcome


@dataclass(frozen=True, slots=True)
class RuleFamily:
    """The rule ids one rules module judges."""

    name: str
    """The module's subject, e.g. `movement`."""
    checks: frozenset[str]
    """Catalog ids this module judges."""
    positional: frozenset[str] | None = None
    """The ids among `checks` that need board positions; None means all of them."""
    actions: tuple[type, ...] = ()
    """The action types this family judges (the referee sends it only those)."""

    def __post_init__(self) -> None:
        if self.positional is not None and not self.positional <= self.checks:
            extra = sorted(self.positional - self.checks)
            raise ValueError(f"{self.name}: positional ids not declared: {extra}")

    def needs_positions(self, rule_id: str) -> bool:
        """Whether judging `rule_id` needs to know where pieces are."""
        return self.positional is None or rule_id in self.positional


ContextT = TypeVar("ContextT")
ContextT_contra = TypeVar("ContextT_contra", contravariant=True)


class FamilyModule(Protocol[ContextT_contra]):
    """A rules module: its `FAMILY` declaration and its `judge`."""

    @property
    def FAMILY(self) -> RuleFamily:
        """The ids the module judges and the action types it is sent."""
        ...

    def judge(self, action: Action, ctx: ContextT_contra, /) -> Iterator[Outcome]:
        """The outcomes of one action."""
        ...


class Dispatch(Generic[ContextT]):
    """A game's rule families: sends each action only to the families that judge its type
    (a game's `rules` package is its list of modules and one `Dispatch`)."""

    def __init__(self, modules: Sequence[FamilyModule[ContextT]]) -> None:
        self.modules: tuple[FamilyModule[ContextT], ...] = tuple(modules)
        """The rules modules, in the order each action is sent to them."""
        self.families: tuple[RuleFamily, ...] = tuple(module.FAMILY for module in modules)
        by_action: dict[type, tuple[Callable[[Action, ContextT], Iterator[Outcome]], ...]] = {}
        for module in modules:
            for kind in module.FAMILY.actions:
                by_action[kind] = (*by_action.get(kind, ()), module.judge)
        self._by_action = by_action

    def judge(self, action: Action, ctx: ContextT) -> Iterator[Outcome]:
        """Every family's outcomes for one action (only families that judge its type)."""
        for family_judge in self._by_action.get(type(action), ()):
            yield from family_judge(action, ctx)

    def judged(self, action: Action) -> bool:
        """Whether any family judges this type of action."""
        return type(action) in self._by_action


def declared(families: Iterable[RuleFamily]) -> frozenset[str]:
    """Every rule id some family declares."""
    return frozenset(rule for family in families for rule in family.checks)


def positional_ids(families: Iterable[RuleFamily]) -> frozenset[str]:
    """The declared ids that need board positions."""
    return frozenset(rule for family in families for rule in family.checks
                     if family.needs_positions(rule))


@dataclass(slots=True)
class CoverageLedger:
    """What one game's checks did, rule by rule, for deriving the report's coverage."""

    applied: set[str] = field(default_factory=set)
    """Rule ids applied at least once to resolved inputs."""
    unchecked_at: dict[str, list[str]] = field(default_factory=dict)
    """Rule id → notes of the steps where it could not be checked."""
    unresolved_steps: list[int] = field(default_factory=list)
    """Steps where a bound piece was at a location the binding could not resolve."""
    cards_unresolved: bool = False
    """Whether a card was at an unresolved place: then card plays could not be seen and
    every rule, not only those needing positions, is affected."""

    def note_unchecked(self, rule_id: str, note: str) -> None:
        """Remember why `rule_id` could not be checked at one step (first few kept)."""
        notes = self.unchecked_at.setdefault(rule_id, [])
        if len(notes) < 4:
            notes.append(note)
        elif len(notes) == 4:
            notes.append("…")


def derive_coverage(catalog: Sequence[str], families: Sequence[RuleFamily],
                    ledger: CoverageLedger, *, recognised: bool,
                    missing_data: Mapping[str, str],
                    not_checkable: Mapping[str, str] | None = None,
                    unread: Mapping[str, str] | None = None,
                    ) -> tuple[list[str], dict[str, str], dict[str, str]]:
    """Split the catalog into checked, partly checked (id → why) and unchecked (id → why).

    A declared rule is checked when it was applied to resolved inputs, or when it had
    nothing to judge in a game whose every position was resolved. It is partly checked
    when it was applied but some steps could not be judged. It is unchecked when the game
    was not recognised, when it never ran on resolved inputs, when its data is missing
    (`missing_data`: id → the facts lacking), or when no family declares it: then the
    reason is "not implemented yet", or why a log can never show it (`not_checkable`).

    `unread` names declared rules whose events the game's interpreter does not read yet
    (rule id → what the log would have to show): such a rule is checked only where it was
    applied, never merely because nothing called for it.
    """
    ids = declared(families)
    positional = positional_ids(families)
    unresolved = ledger.unresolved_steps
    unresolved_note = _steps_note(unresolved)
    checked: list[str] = []
    partial: dict[str, str] = {}
    unchecked: dict[str, str] = {}
    for rule_id in catalog:
        if rule_id not in ids:
            lacking = missing_data.get(rule_id)
            why = (not_checkable or {}).get(rule_id, "not implemented yet")
            unchecked[rule_id] = why + (f"; it also needs data: {lacking}" if lacking else "")
            continue
        if not recognised:
            unchecked[rule_id] = ("no piece of this game was recognised in the file: check "
                                  "the game, the module and the binding")
            continue
        notes = list(ledger.unchecked_at.get(rule_id, ()))
        if unresolved and (rule_id in positional or ledger.cards_unresolved):
            notes.insert(0, unresolved_note)
        applied = rule_id in ledger.applied
        if applied and not notes:
            checked.append(rule_id)
        elif applied:
            partial[rule_id] = "; ".join(notes)
        elif notes:
            unchecked[rule_id] = "; ".join(notes)
        elif rule_id in missing_data:
            unchecked[rule_id] = f"needs data: {missing_data[rule_id]}"
        elif unread and rule_id in unread:
            unchecked[rule_id] = unread[rule_id]
        else:
            # Nothing in this game called for the rule, and every position was known.
            checked.append(rule_id)
    return checked, partial, unchecked


def _steps_note(steps: Sequence[int]) -> str:
    shown = ", ".join(str(step) for step in steps[:8])
    more = f" and {len(steps) - 8} more" if len(steps) > 8 else ""
    return f"locations could not be resolved at steps {shown}{more}"


__all__ = ["CoverageLedger", "Dispatch", "FamilyModule", "RuleFamily", "declared",
           "derive_coverage", "positional_ids"]
