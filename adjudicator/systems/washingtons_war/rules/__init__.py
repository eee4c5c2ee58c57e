"""The Washington's War rule families, one module each, every check citing its rule.

Each module declares the catalog ids it judges (`FAMILY`) and a `judge(action, ctx)` that
yields outcomes for the actions it concerns. `RULES` sends each action to the families that
judge its type, in the order listed (the order in which one action's findings are
reported); coverage is derived from its families, never from a hand-kept list.
"""

from __future__ import annotations

from adjudicator.systems.common.rulebook import Dispatch
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

RULES: Dispatch[Context] = Dispatch((
    sequence, cards, activation, movement, reactions, battle, reinforcements,
    political_control, winter, political_phase, victory, end_phase, french_naval, capture,
    congress, alliance, setup, blockade, french, event_discard, battle_due, treason, deck,
))

__all__ = ["RULES"]
