"""Which step of a battle broke a rule (WW 9.2 Steps 5–6, 9.5, 9.6, 9.63).

A battle's outcome is judged once its impulse is over, but a finding points at the step
that broke the rule: the CU removal that took too many, the retreat drag, the capture. A
rule broken by something missing (too few CUs removed, a General not captured) points at
the battle's last step the log shows, where it should have happened by, and says which.
VASSAL logs each die as its own step, and a player may drag a General and his CUs, or
remove CUs, in several steps: the removals of a side are added up step by step, counters
put back to make change (WW 2.2.A) included.
"""

from __future__ import annotations

from collections.abc import Iterable

from adjudicator.systems.washingtons_war.data import Side
from adjudicator.systems.washingtons_war.procedure import Battle, BattleDie


def exceeded_at(battle: Battle, side: Side, allowed: int) -> int | None:
    """The step at which the side's CU removals in the battle went beyond `allowed` and
    stayed beyond it; None when they end at `allowed` or fewer."""
    total, at = 0, None
    for removal in battle.removals:
        if removal.side is not side:
            continue
        before, total = total, total + removal.count
        if total > allowed >= before:
            at = removal.step
        elif total <= allowed:
            at = None
    return at if total > allowed else None


def removal_steps(battle: Battle, side: Side) -> tuple[int, ...]:
    """The steps at which the side's CUs were removed from the battle's space."""
    return tuple(dict.fromkeys(r.step for r in battle.removals if r.side is side and r.count))


def first_retreat(battle: Battle, side: Side) -> int | None:
    """The step of the side's first drag out of the space after the battle began."""
    moves = battle.retreat_moves(side, before_battle=False)
    return moves[0].step if moves else None


def last_step(battle: Battle) -> tuple[int, str]:
    """The battle's last step the log shows, and what it was (for a message)."""
    step = battle.last_step
    if any(r.step == step for r in battle.retreats):
        what = "the retreat"
    elif step in battle.marker_steps:
        what = "the Step 7 marker move"
    elif step in battle.capture_steps:
        what = "a capture"
    elif any(r.step == step for r in battle.removals):
        what = "a CU removal"
    elif any(d.step == step for d in battle.dice):
        what = "the last die"
    else:
        what = "the battle's last step"
    return step, f"step {step}, {what}, the last step of the battle"


def steps_text(steps: Iterable[int]) -> str:
    """`step 5` or `steps 5, 6 and 8`."""
    unique = list(dict.fromkeys(steps))
    if len(unique) == 1:
        return f"step {unique[0]}"
    return f"steps {', '.join(map(str, unique[:-1]))} and {unique[-1]}"


def dice_text(*dice: BattleDie | None) -> str:
    """The dice a finding relied on: `the dice at steps 6 and 7`."""
    known = [d.step for d in dice if d is not None]
    return f"the dice at {steps_text(known)}" if known else "the dice"


__all__ = ["dice_text", "exceeded_at", "first_retreat", "last_step", "removal_steps",
           "steps_text"]
