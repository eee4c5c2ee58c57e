"""When a battle must be fought (WW 9.1).

WW 9.1: "A battle occurs when ... an activated General's Army [is] in a space containing
enemy CUs" once interceptions and retreats before battle are settled and no overrun
applies (WW 9.7); "the player whose General was activated is always the attacker". An
impulse that ends with its activated Army still sharing a space with enemy CUs, no die of
the Combat Resolution Procedure rolled and no overrun or retreat before battle to empty
the space, skipped a battle that had to be fought (WW-BAT-01). The attacker is the
activating side by construction: a battle is opened only by the activated Army's move.

When the log ends with the battle still open, the battle may simply not be recorded yet:
unchecked, not illegal.
"""

from __future__ import annotations

from collections.abc import Iterator

from adjudicator.systems.common.actions import Action
from adjudicator.systems.common.outcomes import Check, Outcome
from adjudicator.systems.common.rulebook import RuleFamily
from adjudicator.systems.washingtons_war.actions import ImpulseEnded
from adjudicator.systems.washingtons_war.procedure import Battle
from adjudicator.systems.washingtons_war.rules.context import Context
from adjudicator.systems.washingtons_war.state import other

FAMILY = RuleFamily("battle_due", frozenset({"WW-BAT-01"}), actions=(ImpulseEnded,))


def judge(action: Action, ctx: Context) -> Iterator[Outcome]:
    """WW-BAT-01 for one ended impulse: each battle it opened."""
    if not isinstance(action, ImpulseEnded):
        return
    impulse = action.impulse
    battles = (*impulse.battles, *((impulse.battle,) if impulse.battle else ()))
    for battle in battles:
        yield from _fought_if_due(battle, action.log_ended, ctx)


def _fought_if_due(battle: Battle, log_ended: bool, ctx: Context) -> Iterator[Outcome]:
    here = ctx.state.space(battle.space)
    defender = other(battle.attacker)
    skipped = not (battle.fought or battle.rbb or battle.losses) and bool(
        here.cus_of(defender) and here.has_units_of(battle.attacker, ctx.sides))
    if not skipped:
        # Fought (its steps are WW 9.2's, judged by the battle module), an overrun, a
        # retreat before battle, or the space was left.
        yield Check.done("WW-BAT-01")
        return
    name = ctx.space_name(battle.space)
    who = ctx.general_name(battle.general) if battle.general else "the attacker"
    if log_ended:
        yield Check.unchecked("WW-BAT-01", battle.step, f"the log ends with {who}'s Army and "
                              f"{here.cus_of(defender)} enemy CUs in {name} and no battle "
                              "fought yet", spaces=(battle.space,))
        return
    yield Check.illegal("WW-BAT-01", battle.step, f"{who}'s Army entered {name}, which held "
                        f"{here.cus_of(defender)} {defender.value} CUs, and the impulse ended "
                        "with no battle, overrun or retreat before battle: a battle must be "
                        "fought (WW 9.1)", spaces=(battle.space,), pieces=(who,))
    yield Check.done("WW-BAT-01")


__all__ = ["FAMILY", "judge"]
