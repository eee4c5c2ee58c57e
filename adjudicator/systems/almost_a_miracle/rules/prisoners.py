"""Prisoners of war (AaM 6.2.4, 15.2, 15.5).

- AAM-REINF-04, AAM-POW-07 (6.2.4): "If a Leader is captured, his withdrawal is delayed until
  he is exchanged": a leader taken out of a Leader POW box in the Reinforcement Phase and
  eliminated or deleted (not put back on the map) is withdrawn while captured. A move to
  another box (the Turn Record Track...) is left alone: where an exchanged leader goes is
  not stated.
- AAM-POW-06 (15.5, 15.5.3): leaders are exchanged rank for rank, and "When a Leader
  exchange is possible, it must occur": the Reinforcement Phase ending with captured
  leaders of the same rank on both sides is a reminder (15.5.2 allows other trades by
  agreement: a reminder, not a violation).
"""

from __future__ import annotations

from collections.abc import Iterator

from adjudicator.systems.almost_a_miracle.actions import PrisonerReleased
from adjudicator.systems.almost_a_miracle.procedure import BRITISH, CONTINENTAL, REINFORCEMENT
from adjudicator.systems.almost_a_miracle.rules.context import Context
from adjudicator.systems.almost_a_miracle.rules.reinforcements import side_of
from adjudicator.systems.common.actions import Action, PhaseChange
from adjudicator.systems.common.outcomes import Check, Outcome
from adjudicator.systems.common.places import PlaceKind
from adjudicator.systems.common.rulebook import RuleFamily

FAMILY = RuleFamily("prisoners", frozenset({"AAM-REINF-04", "AAM-POW-07", "AAM-POW-06"}),
                    actions=(PrisonerReleased, PhaseChange))
GONE = ("elim", "dead", "kill", "remov", "withdr")


def judge(action: Action, ctx: Context) -> Iterator[Outcome]:
    """A captured leader withdrawn, or an exchange left undone."""
    if isinstance(action, PrisonerReleased) and ctx.phase == REINFORCEMENT:
        yield from _withdrawn(action, ctx)
    elif isinstance(action, PhaseChange) and action.forward and \
            action.previous == REINFORCEMENT and action.phase != REINFORCEMENT:
        yield from _exchange(action, ctx)


def _withdrawn(action: PrisonerReleased, ctx: Context) -> Iterator[Outcome]:
    to = action.to.casefold()
    if to and not any(word in to for word in GONE):
        return
    for rule in ("AAM-REINF-04", "AAM-POW-07"):
        yield Check.illegal(rule, action.step,
                            f"{ctx.leader_name(action.leader)} was taken out of the Leader POW "
                            "box and off the game in the Reinforcement Phase: a captured "
                            "leader's withdrawal is delayed until he is exchanged (AaM 6.2.4)",
                            pieces=(action.piece,), observed=action.to or "deleted")


def _exchange(action: PhaseChange, ctx: Context) -> Iterator[Outcome]:
    held: dict[str, dict[str, list[str]]] = {BRITISH: {}, CONTINENTAL: {}}
    for entity, place in ctx.state.pieces.values():
        if entity.kind != "leader" or place.kind is not PlaceKind.BOX or \
                "pow" not in place.key.casefold():
            continue
        leader = ctx.data.leaders.get(entity.key)
        side = side_of(entity, ctx)
        if leader is None or leader.rank is None or side not in held:
            continue
        held[side].setdefault(leader.rank, []).append(leader.name)
    both = sorted(set(held[BRITISH]) & set(held[CONTINENTAL]))
    if not both:
        yield Check.done("AAM-POW-06")
        return
    pairs = "; ".join(f"{rank}: {', '.join(held[BRITISH][rank])} and "
                      f"{', '.join(held[CONTINENTAL][rank])}" for rank in both)
    yield Check.reminder("AAM-POW-06", action.step,
                         f"the Reinforcement Phase ended with captured leaders of equal rank on "
                         f"both sides ({pairs}): leaders are exchanged rank for rank, and when "
                         "an exchange is possible it must occur (AaM 15.5, 15.5.3)")
