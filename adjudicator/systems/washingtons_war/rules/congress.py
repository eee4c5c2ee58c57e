"""Dispersing the Continental Congress (WW 7.7; WW-CONG-01, WW-CONG-02).

* WW-CONG-01: a British Army (a General with at least one CU) entering the Congress's
  space while no American CU is there disperses it to the Congress Dispersed Box.
* WW-CONG-02: a battle or overrun in the Congress's space after which the American forces
  are eliminated or have retreated disperses it.

Both are judged when the card's impulse ends (the Congress may be moved a step after the
Army): if the Congress still stands in such a space with no American CU, it was not
dispersed. The Congress moves no other way (WW 10.2.1), so a Congress found there at the
impulse's end stood there when the Army came. An American retreat before battle out of
the Congress's space is neither an entry of an unaccompanied Congress nor a forced retreat
(the rule does not say): it is not judged.
"""

from __future__ import annotations

from collections.abc import Iterator

from adjudicator.systems.common.actions import Action
from adjudicator.systems.common.outcomes import Check, Outcome
from adjudicator.systems.common.rulebook import RuleFamily
from adjudicator.systems.washingtons_war.actions import ImpulseEnded
from adjudicator.systems.washingtons_war.data import Side
from adjudicator.systems.washingtons_war.procedure import Impulse
from adjudicator.systems.washingtons_war.rules.context import Context

FAMILY = RuleFamily("congress", frozenset({"WW-CONG-01", "WW-CONG-02"}),
                    actions=(ImpulseEnded,))


def judge(action: Action, ctx: Context) -> Iterator[Outcome]:
    """WW-CONG-01/02 for one impulse."""
    if isinstance(action, ImpulseEnded):
        yield from _entries(action.impulse, ctx)
        yield from _battles(action.impulse, ctx)


def _undispersed(ctx: Context, space: str) -> bool:
    """The Congress stands in the space with no American CU."""
    here = ctx.state.space(space)
    return bool(here.congress) and here.cus_of(Side.AM) == 0


def _entries(impulse: Impulse, ctx: Context) -> Iterator[Outcome]:
    """WW-CONG-01: British Armies that entered a space with no American CU."""
    if impulse.side is not Side.BR:
        return
    for activation in impulse.activations:
        for leg in activation.legs:
            if not leg.carried or leg.enemy_cus_at_destination:
                continue
            if _undispersed(ctx, leg.destination):
                yield Check.illegal(
                    "WW-CONG-01", leg.step, f"{ctx.general_name(leg.general)}'s Army entered "
                    f"{ctx.space_name(leg.destination)}, where the Continental Congress stood "
                    "without American CUs, and the Congress was not dispersed (WW 7.7: it "
                    "goes to the Congress Dispersed Box)", spaces=(leg.destination,),
                    pieces=("Continental Congress",), expected="dispersed",
                    observed="left in the space")
            yield Check.done("WW-CONG-01")


def _battles(impulse: Impulse, ctx: Context) -> Iterator[Outcome]:
    """WW-CONG-02 (WW 7.7): "If a battle (or overrun) takes place in the space occupied by
    the Continental Congress and the American forces are eliminated or forced to retreat,
    then the Continental Congress is dispersed" -- whoever won, and whatever the winner has
    left. A Congress left in the space is reported at the battle's last step (the retreat or
    removal that left it alone)."""
    for battle in impulse.battles:
        overrun = battle.losses and not battle.fought and not battle.rbb
        if not (battle.fought or overrun) or not battle.congress:
            continue
        here = ctx.state.space(battle.space)
        if here.cus_of(Side.AM) == 0 and here.congress:
            what = "battle" if battle.fought else "overrun"
            yield Check.illegal(
                "WW-CONG-02", battle.last_step, f"the {what} at "
                f"{ctx.space_name(battle.space)} (from step {battle.step}) left no American CU "
                "beside the Continental Congress, which was not dispersed (WW 7.7: it goes "
                "to the Congress Dispersed Box)", spaces=(battle.space,),
                pieces=("Continental Congress",), expected="dispersed",
                observed="left in the space")
        yield Check.done("WW-CONG-02")


__all__ = ["FAMILY", "judge"]
