"""The Washington's War rule families, one module each, every check citing its rule.

Each module declares the catalog ids it judges (`FAMILY`) and a `judge(action, ctx)`
that yields outcomes for the actions it concerns. `judge` here sends each action to every
family; coverage is derived from `FAMILIES`, never from a hand-kept list.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator

from adjudicator.systems.common.actions import Action
from adjudicator.systems.common.outcomes import Outcome
from adjudicator.systems.common.rulebook import RuleFamily
from adjudicator.systems.washingtons_war.rules import (
    activation,
    alliance,
    battle,
    battle_due,
    blockade,
    capture,
    cards,
    congress,
    deck,
    end_phase,
    event_discard,
    french,
    french_naval,
    movement,
    political_control,
    political_phase,
    reactions,
    reinforcements,
    sequence,
    setup,
    treason,
    victory,
    winter,
)
from adjudicator.systems.washingtons_war.rules.context import Context

_MODULES = (sequence, cards, activation, movement, reactions, battle, reinforcements,
            political_control, winter, political_phase, victory, end_phase,
            french_naval, capture, congress, alliance, setup, blockade, french, event_discard,
            battle_due, treason, deck)
FAMILIES: tuple[RuleFamily, ...] = tuple(module.FAMILY for module in _MODULES)
Judge = Callable[[Action, Context], Iterator[Outcome]]
_BY_ACTION: dict[type, tuple[Judge, ...]] = {}
for _module in _MODULES:
    for _kind in _module.FAMILY.actions:
        _BY_ACTION[_kind] = (*_BY_ACTION.get(_kind, ()), _module.judge)


def judge(action: Action, ctx: Context) -> Iterator[Outcome]:
    """Every family's outcomes for one action (only families that judge its type)."""
    for family_judge in _BY_ACTION.get(type(action), ()):
        yield from family_judge(action, ctx)


def judged(action: Action) -> bool:
    """Whether any family judges this type of action."""
    return type(action) in _BY_ACTION


__all__ = ["FAMILIES", "judge", "judged"]
