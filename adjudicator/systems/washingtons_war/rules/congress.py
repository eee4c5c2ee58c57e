"""Dispersing the Continental Congress (WW 7.7; WW-CONG-01, WW-CONG-02).

* WW-CONG-01: a British Army (a General with at least one CU) entering the Congress's
  space while no American CU is there disperses it to the Congress Dispersed Box.
* WW-CONG-02: a battle or overrun in the Congress's space after which the American forces
  are eliminated or have retreated disperses it, whatever the British have left (a
  drag over several spaces through the Congress's space is an entry too).

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
from adjudicator.systems.common.mapgraph import Connection, Constraints
from adjudicator.systems.common.outcomes import Check, Outcome
from adjudicator.systems.common.rulebook import RuleFamily
from adjudicator.systems.washingtons_war.actions import ImpulseEnded
from adjudicator.systems.washingtons_war.data import Side
from adjudicator.systems.washingtons_war.procedure import Impulse, Leg
from adjudicator.systems.washingtons_war.rules.context import Context, line_cost
from adjudicator.systems.washingtons_war.rules.movement import BRITISH_ALLOWANCE, ELIGIBLE

FAMILY = RuleFamily("congress", frozenset({"WW-CONG-01", "WW-CONG-02"}),
                    actions=(ImpulseEnded,))


def judge(action: Action, ctx: Context) -> Iterator[Outcome]:
    """WW-CONG-01/02 for one impulse."""
    if isinstance(action, ImpulseEnded):
        yield from _entries(action.impulse, ctx)
        yield from _passed(action.impulse, ctx)
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


def _passed(impulse: Impulse, ctx: Context) -> Iterator[Outcome]:
    """WW-CONG-01 for a British Army's drag over several spaces that went through the
    Congress's space (WW 7.7: "The British Army may continue moving"): illegal when no
    way round it fits the General's allowance (WW 7.3.A), unchecked when the cheapest way
    passes it but a detour fits (the log shows only where the drag began and ended)."""
    if impulse.side is not Side.BR:
        return
    congress = [space for space, here in ctx.state.spaces()
                if here.congress and here.cus_of(Side.AM) == 0]
    if not congress or not ctx.graph.complete:
        return
    for activation in impulse.activations:
        spent = [leg.low for leg in activation.legs]
        for index, leg in enumerate(activation.legs):
            if not leg.carried or leg.naval == ELIGIBLE or leg.low is None or None in spent:
                continue
            if ctx.graph.connection(leg.origin, leg.destination) is not None:
                continue  # one hop: it passed no space
            others = sum(n or 0 for i, n in enumerate(spent) if i != index)
            budget = BRITISH_ALLOWANCE - others
            for space in congress:
                if space in (leg.origin, leg.destination):
                    continue
                yield from _through(leg, space, budget, ctx)


def _through(leg: Leg, space: str, budget: int, ctx: Context) -> Iterator[Outcome]:
    """WW-CONG-01 for one drag and the Congress's space (`_passed`)."""
    arnold = leg.general == "arnold"

    def cost(line: Connection) -> int | None:
        return line_cost(line.kind, arnold=arnold, unknown=1)

    anyway = ctx.graph.cheapest(leg.origin, leg.destination, Constraints(cost=cost))
    if anyway is None or space not in anyway.spaces:
        return
    around = ctx.graph.cheapest(leg.origin, leg.destination, Constraints(
        cost=cost, barred=lambda other: other == space), budget=max(budget, 0))
    name, general = ctx.space_name(space), ctx.general_name(leg.general)
    message = (f"{general}'s Army went {ctx.space_name(leg.origin)} → "
               f"{ctx.space_name(leg.destination)}")
    if around is None:
        yield Check.illegal("WW-CONG-01", leg.step, f"{message}, through {name} (no way "
                            f"round it within his {budget} MP), where the Continental "
                            "Congress stood without American CUs, and the Congress was not "
                            "dispersed (WW 7.7)", spaces=(space,),
                            pieces=("Continental Congress",), expected="dispersed",
                            observed="left in the space")
        yield Check.done("WW-CONG-01")
    else:
        yield Check.unchecked("WW-CONG-01", leg.step, f"{message}: the shortest way passes "
                              f"{name}, where the Continental Congress stands without "
                              "American CUs (WW 7.7 disperses it), but a way round it fits "
                              "his move; the log shows only the drag's ends",
                              spaces=(space,))


def _battles(impulse: Impulse, ctx: Context) -> Iterator[Outcome]:
    """WW-CONG-02 (WW 7.7): "If a battle (or overrun) takes place in the space occupied by
    the Continental Congress and the American forces are eliminated or forced to retreat,
    then the Continental Congress is dispersed" -- whoever won, and whatever the winner has
    left. A Congress left in the space is reported at the battle's last step (the retreat or
    removal that left it alone)."""
    for battle in impulse.battles:
        # An overrun of CUs a retreat before battle left behind counts too (WW 7.9.B).
        overrun = battle.losses and not battle.fought
        if not (battle.fought or overrun) or not battle.congress:
            continue
        here = ctx.state.space(battle.space)
        if here.congress and here.cus_of(Side.AM) == 0 and here.cus_of(Side.BR) == 0 and (
                here.generals_of(Side.AM, ctx.sides)):
            # Both sides lost every CU and an American General stays: whether the American
            # forces were "eliminated" (WW 7.7) the rule does not say.
            yield Check.unchecked("WW-CONG-02", battle.last_step, f"after the battle at "
                                  f"{ctx.space_name(battle.space)} no CU of either side is "
                                  "left and an American General stays with the Continental "
                                  "Congress: whether the American forces were eliminated "
                                  "(WW 7.7) is not clear", spaces=(battle.space,))
            continue
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
