"""The order of phases (WW 5.0–5.7): judged only where the log shows the phase.

WW 5.0: "All activities of one phase must be completed before the subsequent phase is
started." When the module keeps a phase marker (the binding's `phase` property), a marker
moved back within a turn, or a card played while the marker shows another phase than the
Strategy Phase (WW 5.3: cards are played in the Strategy Phase), breaks the order. Phases
the referee only inferred from play are never judged here: an inference that turns out
wrong is the referee's mistake, not the players'.

A card the opponent takes from a hand at random (WW 6.31) is no play of its owner's
(WW-SEQ-07): the interpreter opens no impulse for it, so the alternation of WW-SEQ-04 still
gives its owner the next impulse.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from adjudicator.systems.common.actions import Action, PhaseChange
from adjudicator.systems.common.outcomes import Check, Outcome
from adjudicator.systems.common.rulebook import RuleFamily
from adjudicator.systems.common.sequence import Knowledge
from adjudicator.systems.washingtons_war.actions import ImpulseOpened
from adjudicator.systems.washingtons_war.procedure import SEQUENCE, STRATEGY
from adjudicator.systems.washingtons_war.rules.context import Context


@dataclass(frozen=True, slots=True, kw_only=True)
class RandomDraw(Action):
    """A card left a hand moved by the opponent: drawn at random by his Event (WW 6.31)."""

    card: str
    victim: str
    """The side whose hand lost the card."""


FAMILY = RuleFamily("sequence", frozenset({"WW-SEQ-01", "WW-SEQ-07"}), positional=frozenset(),
                    actions=(PhaseChange, ImpulseOpened, RandomDraw))


def judge(action: Action, ctx: Context) -> Iterator[Outcome]:
    """WW-SEQ-01 on a phase the log shows and on a card played under it; WW-SEQ-07 on a
    card drawn at random."""
    if isinstance(action, RandomDraw):
        # Not a play: no impulse was opened for it (WW 6.31).
        yield Check.done("WW-SEQ-07")
    elif isinstance(action, PhaseChange):
        if action.knowledge is not Knowledge.SHOWN or action.previous is None:
            return
        if not action.forward:
            yield Check.illegal("WW-SEQ-01", action.step, f"the phase went back from the "
                                f"{SEQUENCE.name(action.previous)} to the "
                                f"{SEQUENCE.name(action.phase)} within the turn",
                                expected="phases in order (WW 5.0)",
                                observed=SEQUENCE.name(action.phase))
        yield Check.done("WW-SEQ-01")
    elif isinstance(action, ImpulseOpened):
        moment = ctx.moment
        if moment.knowledge is not Knowledge.SHOWN or moment.phase is None:
            return
        if moment.phase != STRATEGY:
            yield Check.illegal("WW-SEQ-01", action.step, f"{ctx.card_name(action.impulse.card)}"
                                f" was played in the {SEQUENCE.name(moment.phase)}; cards are "
                                "played in the Strategy Phase (WW 5.3)",
                                expected=SEQUENCE.name(STRATEGY),
                                observed=SEQUENCE.name(moment.phase))
        yield Check.done("WW-SEQ-01")


__all__ = ["FAMILY", "RandomDraw", "judge"]
