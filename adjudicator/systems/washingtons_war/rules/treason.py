"""'Benedict Arnold Treason!' and the overrun it may bring about (WW 9.7 Clarification,
9.2 Step 1, 6.33 Clarifications; digest EX-23).

WW 9.7 Clarification: when the Treason event in Step 1 of a battle removes Arnold and leaves
the defender exactly 1 American CU and no General against a British Army of 4 or 5 CUs, an
overrun happens instead of the battle: the CU is removed with no battle roll and the Army
may move on. If Arnold was the *attacking* General there is no overrun: the battle goes on
with the leaderless American CUs (which retreat to the space they entered from if they lose,
WW 9.61 Clarification).

Which happened is read from the battle's Step 1 card, Arnold's removal from the game, and
whether any die of the procedure was rolled before the space held one side again.
"""

from __future__ import annotations

from collections.abc import Iterator

from adjudicator.systems.common.actions import Action
from adjudicator.systems.common.outcomes import Check, Outcome
from adjudicator.systems.common.rulebook import RuleFamily
from adjudicator.systems.washingtons_war.actions import BattleSettled
from adjudicator.systems.washingtons_war.procedure import ARNOLD
from adjudicator.systems.washingtons_war.rules.context import Context

FAMILY = RuleFamily("treason", frozenset({"WW-OVR-04"}), actions=(BattleSettled,))


def judge(action: Action, ctx: Context) -> Iterator[Outcome]:
    """WW-OVR-04 for a settled battle in which Treason removed Arnold."""
    if not isinstance(action, BattleSettled) or not action.battle.treason:
        return
    battle = action.battle
    name = ctx.space_name(battle.space)
    if battle.treason_overrun and action.outcome == "battle":
        yield Check.illegal("WW-OVR-04", action.step, f"after Treason removed Arnold at {name} "
                            "the defender had 1 CU and no General against an Army of "
                            f"{battle.setup.attacker_cus if battle.setup else '4 or 5'} CUs: "
                            "an overrun happens instead of the battle, but the battle was "
                            "rolled", spaces=(battle.space,),
                            expected="an overrun", observed="a battle")
    elif battle.general == ARNOLD and battle.procedure_dice == 0 and battle.losses:
        yield Check.illegal("WW-OVR-04", action.step, f"Treason removed the attacking Arnold "
                            f"at {name} and the defender's CUs were removed with no roll: "
                            "there is no overrun when Arnold was attacking, the battle goes "
                            "on with his leaderless CUs", spaces=(battle.space,),
                            expected="a battle", observed="an overrun")
    yield Check.done("WW-OVR-04")


__all__ = ["FAMILY", "judge"]
