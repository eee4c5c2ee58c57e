"""AR 5.1: the sequence of play. "Every phase is done in full before the next begins."

- AR-SEQ-01 (AR 5.1, 13.1, 14.1): units move only in a Campaign Phase's Movement
  (retreats after battle aside, AR 18.8); units and leaders come into play only in the
  Mobilization Phase, except through a marker or an event that says otherwise
  (Minutemen at the start of a Movement Phase, AR 7.9; Washington when Revolutionary
  Progress reaches Continental Congress, AR 4.10; the British special reinforcements in
  the Britain box at Declaration of Independence, AR 4.9).
- AR-SEQ-02 (AR 5.1 II-III, V): within the Political, Mobilization and Campaign Phases the
  First Player acts in full before the Second Player.
"""

from __future__ import annotations

from collections.abc import Iterator

from adjudicator.systems.american_revolution.actions import ForceMoved, Raised
from adjudicator.systems.american_revolution.procedure import (
    CAMPAIGNS,
    MOBILIZATION,
    POLITICAL,
    SETUP,
    TURN,
)
from adjudicator.systems.american_revolution.rules.context import Context
from adjudicator.systems.american_revolution.rules.mobilization_costs import washington_may_enter
from adjudicator.systems.american_revolution.rules.tracks import in_clean_up
from adjudicator.systems.common.actions import Action
from adjudicator.systems.common.outcomes import Check, Outcome
from adjudicator.systems.common.rulebook import RuleFamily

FAMILY = RuleFamily("sequence", frozenset({"AR-SEQ-01", "AR-SEQ-02"}),
                    positional=frozenset({"AR-SEQ-01", "AR-SEQ-02"}),
                    actions=(ForceMoved, Raised))
ORDERED = frozenset({POLITICAL, MOBILIZATION, *CAMPAIGNS})
"""Phases the First Player plays in full before the Second (AR 5.1 II-III, V)."""
CONTINENTAL_CONGRESS, DECLARATION = 1, 2
"""Revolutionary Progress levels (digest 5.6)."""


def judge(action: Action, ctx: Context) -> Iterator[Outcome]:
    """A move or a mobilization in a phase that does not allow it, or out of turn."""
    phase = ctx.phase
    if phase is None or phase == SETUP or not isinstance(action, ForceMoved | Raised):
        return
    if isinstance(action, ForceMoved):
        yield from _move(action, ctx, phase)
    else:
        yield from _raised(action, ctx, phase)


def _move(action: ForceMoved, ctx: Context, phase: str) -> Iterator[Outcome]:
    if action.retreat:
        return
    if in_clean_up(action, ctx):
        return  # an ally turned neutral: the 26.4 clean-up (judged by the tracks family)
    if phase not in CAMPAIGNS:
        yield Check.illegal("AR-SEQ-01", action.step,
                            f"a force moved {ctx.name(action.origin)} → "
                            f"{ctx.name(action.destination)} in the "
                            f"{_phase_name(phase)}: forces move only in a Campaign Phase's "
                            "Movement", spaces=(action.origin, action.destination))
        return
    yield Check.done("AR-SEQ-01")
    yield from _in_order(action, ctx, phase, "moved")


def _raised(action: Raised, ctx: Context, phase: str) -> Iterator[Outcome]:
    if action.locale == "britain_box" and action.side == "GB" and (
            ctx.state.level("rp") or 0) >= DECLARATION:
        return  # the special reinforcements (AR 4.9)
    if action.key == "washington" and washington_may_enter(ctx):
        return  # AR 4.10
    if phase == MOBILIZATION:
        yield Check.done("AR-SEQ-01")
        yield from _in_order(action, ctx, phase, "mobilized")
        return
    if phase in CAMPAIGNS and action.key.endswith("_militia") and ctx.proc.has_played(
            action.side, "minutemen"):
        yield Check.done("AR-SEQ-01")
        return
    what = ctx.unit_name(action.key) if action.entity == "unit" else ctx.leader_name(
        action.key)
    yield Check.illegal("AR-SEQ-01", action.step,
                        f"{what} came into play in {ctx.name(action.locale)} in the "
                        f"{_phase_name(phase)}: units and leaders are mobilized in the "
                        "Mobilization Phase, unless a marker or event says otherwise",
                        spaces=(action.locale,), pieces=(what,))


def _in_order(action: ForceMoved | Raised, ctx: Context, phase: str,
              verb: str) -> Iterator[Outcome]:
    first, second = ctx.proc.first, ctx.proc.second
    if phase not in ORDERED or first is None or action.side is None:
        return
    if action.side == first and second in ctx.proc.parts:
        if isinstance(action, ForceMoved) and ctx.uses("interception") and \
                ctx.proc.has_played(second, "tactics"):
            yield Check.unchecked("AR-SEQ-02", action.step,
                                  "the Second Player moved and played a Tactics marker in "
                                  "this phase: an interception (AR 32) or his own move, which "
                                  "the log does not tell apart", spaces=(_where(action),))
            return
        yield Check.illegal("AR-SEQ-02", action.step,
                            f"the First Player ({'American' if first == 'US' else 'British'}) "
                            f"{verb} after the Second Player had begun the "
                            f"{_phase_name(phase)}: the First Player acts in full first",
                            spaces=(_where(action),))
    else:
        yield Check.done("AR-SEQ-02")


def _where(action: ForceMoved | Raised) -> str:
    return action.destination if isinstance(action, ForceMoved) else action.locale


def _phase_name(phase: str) -> str:
    return TURN.stage(phase).name
