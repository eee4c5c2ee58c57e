"""The End Phase's clean-up (WW 5.7 and its Clarification; WW-SEQ-09): nothing carries
into the next turn. OPS Queues end and their cards go to the discard pile, and so do the
OPS cards in the Reinforcement Card boxes; so when a new turn's first card is played, those
boxes must be empty. (The game's end in the End Phase is `victory`'s.)"""

from __future__ import annotations

from collections.abc import Iterator

from adjudicator.systems.common.actions import Action
from adjudicator.systems.common.outcomes import Check, Outcome
from adjudicator.systems.common.rulebook import RuleFamily
from adjudicator.systems.washingtons_war.actions import StrategyBegan
from adjudicator.systems.washingtons_war.rules.context import Context

FAMILY = RuleFamily("end_phase", frozenset({"WW-SEQ-09"}), actions=(StrategyBegan,))
BOX_NAMES = {"am_queue": "the American OPS Queue", "br_queue": "the British OPS Queue",
             "am_reinforcement": "the American Reinforcement Card box",
             "br_reinforcement": "the British Reinforcement Card box"}


def judge(action: Action, ctx: Context) -> Iterator[Outcome]:
    """WW-SEQ-09 as a new turn's Strategy Phase begins."""
    if not isinstance(action, StrategyBegan):
        return
    for box, card in action.leftovers:
        yield Check.illegal("WW-SEQ-09", action.step, f"{ctx.card_name(card)} is still in "
                            f"{BOX_NAMES.get(box, box)} from the last turn: the End Phase "
                            "puts those cards on the discard pile (WW 5.7)",
                            expected="empty", observed=ctx.card_name(card))
    yield Check.done("WW-SEQ-09")


__all__ = ["FAMILY", "judge"]
