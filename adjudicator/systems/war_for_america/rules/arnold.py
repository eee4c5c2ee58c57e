"""Benedict Arnold's treason (digest LDR-16; WfA 11.13, 19.13).

WfA 19.13: "In the Early Spring Turn of 1780, after consulting the CLT, the British player
rolls a D12 for Arnold's defection. If the result is '2-7', the counter is flipped and
immediately placed with the closest British SP. If not, he rolls again before each
Colonial turn until he defects."

The interpreter reads the treason (`ArnoldDefected`) where the British player moves the
Colonial Arnold onto British SP, with the British D12 nothing else used just before. The
year, the roll and the place are judged; "the closest British SP" counts spaces along land
lines (the rulebook does not say in spaces or in MP), so a farther stack is a `check`, not
illegal. Rolls that did not make him defect, and rolls forgotten, are not in the log.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Final

from adjudicator.findings import Severity
from adjudicator.systems.common.actions import Action
from adjudicator.systems.common.outcomes import Check, Outcome, Violation
from adjudicator.systems.common.rulebook import RuleFamily
from adjudicator.systems.war_for_america.actions import BRITISH, ArnoldDefected
from adjudicator.systems.war_for_america.rolls import arnold_defects_chance
from adjudicator.systems.war_for_america.rules.context import Context

TREASON_YEAR: Final = 1780
"""Arnold's first roll is in the Early Spring Turn of 1780, the year's first (WfA 19.13)."""
DIE_LOW: Final = 2
"""The lowest D12 (two six-sided dice, WfA 2.0)."""

FAMILY = RuleFamily(
    "arnold",
    frozenset({"WFA-LDR-16"}),
    positional=frozenset({"WFA-LDR-16"}),
    actions=(ArnoldDefected,),
)


def judge(action: Action, ctx: Context) -> Iterator[Outcome]:
    """The checks of Arnold's treason."""
    if not isinstance(action, ArnoldDefected):
        return
    yield from not_before_1780(action, ctx)
    yield from the_roll(action, ctx)
    yield from closest_british_sp(action, ctx)


def not_before_1780(action: ArnoldDefected, ctx: Context) -> Iterator[Outcome]:
    """No treason before the Early Spring Turn of 1780."""
    year = ctx.procedure.year
    if year is None:
        yield Check.unchecked("WFA-LDR-16", action.step, "Arnold went over to the British in "
                              "a turn whose year the log does not show; he may from the "
                              "Early Spring Turn of 1780 (WfA 19.13)", needs=("turn calendar",))
        return
    if year < TREASON_YEAR:
        yield Check.illegal("WFA-LDR-16", action.step, f"Arnold went over to the British in "
                            f"{year}; the British player first rolls for his defection in "
                            "the Early Spring Turn of 1780 (WfA 19.13)",
                            spaces=(action.destination,), pieces=("leader:arnold",),
                            expected="1780 or later", observed=str(year))
    yield Check.done("WFA-LDR-16")


def the_roll(action: ArnoldDefected, ctx: Context) -> Iterator[Outcome]:
    """He defects on a British D12 of 2-7, 7/12 a roll (digest W-8)."""
    high = ctx.data.tables.t15.arnold_defects_high
    chance = arnold_defects_chance(ctx.data.tables)
    if action.roll is None:
        yield Check.unchecked("WFA-LDR-16", action.step, "Arnold went over to the British "
                              "with no British D12 for it in the log; he defects on a D12 of "
                              f"{DIE_LOW}-{high} (WfA 19.13)", needs=("the treason roll",))
        return
    yield Check.computed("arnold", action.step, "WFA-LDR-16",
                         f"Arnold's treason roll: D12 {action.roll}; he defects on "
                         f"{DIE_LOW}-{high}, {chance} a roll (WfA 19.13)",
                         inputs={"d12": action.roll}, result={"defects": action.roll <= high},
                         probabilities={"defects": chance, "stays": 1 - chance})
    if not DIE_LOW <= action.roll <= high:
        yield Check.illegal("WFA-LDR-16", action.step, f"Arnold went over to the British on "
                            f"a D12 of {action.roll}; he defects only on {DIE_LOW}-{high}, "
                            "else the British player rolls again before each Colonial turn "
                            "(WfA 19.13)", pieces=("leader:arnold",),
                            expected=f"{DIE_LOW}-{high}", observed=str(action.roll))


def closest_british_sp(action: ArnoldDefected, ctx: Context) -> Iterator[Outcome]:
    """"Immediately placed with the closest British SP": spaces counted along land lines
    from where he stood (a check: the rulebook does not say how to count)."""
    graph = ctx.map
    origin = action.origin
    if origin is None or origin not in graph or not graph.complete:
        yield Check.unchecked("WFA-LDR-16", action.step, "which British SP are closest to "
                              "Arnold needs where he stood on a complete map (WfA 19.13)",
                              needs=("map connections",), spaces=(action.destination,))
        return
    hops = graph.reachable(origin)
    stacks = {key: hops[key] for key, holding in ctx.state.spaces_with_armies()
              if key in hops and holding.sp_of(BRITISH) > 0}
    if not stacks or action.destination not in stacks:
        return
    nearest = min(stacks.values())
    if stacks[action.destination] > nearest:
        closer = sorted(key for key, n in stacks.items() if n == nearest)
        yield Violation("WFA-LDR-16", action.step, Severity.CHECK,
                        f"Arnold was placed at {ctx.space_name(action.destination)}, "
                        f"{stacks[action.destination]} spaces from "
                        f"{ctx.space_name(origin)}; British SP stand closer at "
                        f"{', '.join(ctx.space_name(k) for k in closer)} ({nearest}): he is "
                        "placed with the closest British SP (WfA 19.13; counted in spaces)",
                        (action.destination, *closer), ("leader:arnold",),
                        expected=", ".join(ctx.space_name(k) for k in closer),
                        observed=ctx.space_name(action.destination))


__all__ = ["FAMILY", "judge"]
