"""The French forces once France is in the war (WW 12.2.B.ii, 12.2.C, 9.63).

* WW-FA-07 (WW 12.2.C): Rochambeau and the French CUs count as American in every way but
  Winter Attrition — Rochambeau moves American CUs and American Generals move French ones,
  Rochambeau intercepts and retreats before battle, and they count as American for PC
  actions and isolation. The position counts French CUs for the Americans everywhere
  (`WWState.cus_of`) and Rochambeau is an American General in the data, so every check
  treats them as American; the rule is applied whenever an impulse had French forces take
  part. Its exception, Winter Attrition, is WW-WINT-05's.
* WW-BAT-15 (WW 9.63 example, 12.2.C): eliminated CUs go to stock, and "French CUs that
  are eliminated can never be returned to play". The five French CUs come into play once,
  with the alliance (WW 12.2.B.ii); a French CU that comes onto the map from stock in an
  impulse played after the alliance had been carried out is an eliminated CU returned.
  (French CUs waiting in the American Reinforcement Box come from the box, not stock.)
"""

from __future__ import annotations

from collections.abc import Iterator

from adjudicator.systems.common.actions import Action
from adjudicator.systems.common.outcomes import Check, Outcome
from adjudicator.systems.common.rulebook import RuleFamily
from adjudicator.systems.washingtons_war.actions import ImpulseReckoned
from adjudicator.systems.washingtons_war.data import Nationality
from adjudicator.systems.washingtons_war.procedure import Impulse
from adjudicator.systems.washingtons_war.rules.context import Context

FAMILY = RuleFamily("french", frozenset({"WW-FA-07", "WW-BAT-15"}),
                    positional=frozenset({"WW-FA-07"}), actions=(ImpulseReckoned,))
ROCHAMBEAU = "rochambeau"


def judge(action: Action, ctx: Context) -> Iterator[Outcome]:
    """The French forces' rules for one ended impulse."""
    if isinstance(action, ImpulseReckoned):
        if french_took_part(action.impulse, ctx):
            yield Check.done("WW-FA-07")
        yield from _never_back(action, ctx)


def _carries_french(carried: tuple[tuple[Nationality, int], ...]) -> bool:
    return any(nationality is Nationality.FR and count for nationality, count in carried)


def french_took_part(impulse: Impulse, ctx: Context) -> bool:
    """Whether Rochambeau or French CUs moved, reacted, arrived or stood in a battle."""
    for activation in impulse.activations:
        if activation.general == ROCHAMBEAU or any(_carries_french(leg.carried)
                                                    for leg in activation.legs):
            return True
    if any(ROCHAMBEAU in a.generals or _carries_french(a.cu)
           for a in (*impulse.arrivals, *impulse.alliance_arrivals)):
        return True
    for battle in impulse.battles:
        here = ctx.state.space(battle.space)
        if ROCHAMBEAU in here.generals or here.cu.get(Nationality.FR, 0):
            return True
    return False


def _never_back(action: ImpulseReckoned, ctx: Context) -> Iterator[Outcome]:
    """WW-BAT-15: after the alliance no French CU comes onto the map from stock."""
    impulse = action.impulse
    returned = [(arrival.space, count) for arrival in impulse.arrivals
                for nationality, count in arrival.from_stock
                if nationality is Nationality.FR and count]
    if not returned:
        yield Check.done("WW-BAT-15")
        return
    spaces = tuple(dict.fromkeys(space for space, _ in returned))
    total = sum(count for _, count in returned)
    if action.allied_before is None:
        yield Check.unchecked("WW-BAT-15", impulse.step, f"{total} French CUs came onto the "
                              f"map in {ctx.space_names(spaces)} from stock, and the log does "
                              "not show whether the alliance had already been carried out",
                              spaces=spaces)
        return
    if action.allied_before:
        yield Check.illegal("WW-BAT-15", impulse.step, f"{total} French CUs came onto the "
                            f"map in {ctx.space_names(spaces)} from stock after the French "
                            "Alliance: the French CUs enter once, with the alliance, and "
                            "eliminated French CUs never return to play",
                            expected="0", observed=str(total), spaces=spaces)
    yield Check.done("WW-BAT-15")


__all__ = ["FAMILY", "french_took_part", "judge"]
