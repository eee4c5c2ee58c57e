"""The Washington's War rule families, one module each, every check citing its rule.

Each module declares the catalog ids it judges (`FAMILY`) and a `judge(action, ctx)`
that yields outcomes for the actions it concerns. `judge` here sends each action to every
family; coverage is derived from `FAMILIES`, never from a hand-kept list.
"""

from __future__ import annotations

from collections.abc import Iterator

from adjudicator.systems.common.actions import Action
from adjudicator.systems.common.outcomes import Outcome
from adjudicator.systems.common.rulebook import Dispatch, RuleFamily
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
DISPATCH: Dispatch[Context] = Dispatch(_MODULES)
FAMILIES: tuple[RuleFamily, ...] = DISPATCH.families


def judge(action: Action, ctx: Context) -> Iterator[Outcome]:
    """Every family's outcomes for one action (only families that judge its type)."""
    return DISPATCH.judge(action, ctx)


def judged(action: Action) -> bool:
    """Whether any family judges this type of action."""
    return DISPATCH.judged(action)


__all__ = ["FAMILIES", "judge", "judged"]
