"""Toy 5.1: "A unit that enters a space the enemy holds fights: each side rolls one die and
adds its strength; the higher total wins, the defender wins ties." """

from __future__ import annotations

from collections.abc import Iterator

from adjudicator.systems.common.actions import Action
from adjudicator.systems.common.outcomes import Check, Computed, Outcome
from adjudicator.systems.common.rulebook import RuleFamily
from tests.toygame.actions import Battle
from tests.toygame.data import Need
from tests.toygame.rules.context import Context
from tests.toygame.whatif import attacker_wins

FAMILY = RuleFamily("battle", frozenset({"TOY-CBT-01"}), actions=(Battle,))


def judge(action: Action, ctx: Context) -> Iterator[Outcome]:
    """The exact odds of the battle, or why they cannot be worked out."""
    if not isinstance(action, Battle):
        return
    units = ctx.data.units
    unknown = [units[key].name for key in (*action.attackers, *action.defenders)
               if units[key].strength is None]
    name = ctx.data.spaces[action.space].name
    if unknown:
        yield Check.unchecked("TOY-CBT-01", action.step, f"the battle in {name} needs the "
                              f"strength of {', '.join(unknown)}", needs=(str(Need.STRENGTHS),),
                              spaces=(action.space,))
        return
    attack = sum(units[key].strength or 0 for key in action.attackers)
    defence = sum(units[key].strength or 0 for key in action.defenders)
    won = attacker_wins(attack, defence)
    yield Computed(kind="battle odds", step=action.step, rule_id="TOY-CBT-01",
                   summary=f"battle in {name}: {attack} against {defence}",
                   inputs={"attacker": attack, "defender": defence},
                   result={"space": name},
                   probabilities={"attacker wins": won, "defender wins": 1 - won})
    yield Check.done("TOY-CBT-01")
