"""The end-of-turn chores (AR 5.1 VI.C-D, VII; digest AR-SEQ-03), in their order:

1. "Both players zero-out any remaining political points" (VI.C.1; AR 6.8);
2. "Both players return half of the campaign markers in their hands to the pool" (VI.C.2,
   AR 7.2; the count is AR-CM-04's);
3. "Both players remove unoccupied fortresses from the map" (VI.D; the Fortresses rule,
   AR 28, is optional);
4. the Massacre markers come off (AR 37, optional);
5. a Leader Arises goes back "during the same turn's Enlistments Phase" (AR 7.9);
6. the Victory Check (VII.A) and the turn advance (VII.B).

When the Turn marker advances, each chore the board shows undone is a reminder at that
step (the Victory Check leaves no trace in a log).
"""

from __future__ import annotations

from collections.abc import Iterator

from adjudicator.systems.american_revolution.actions import MarkersReturned, PointsShown
from adjudicator.systems.american_revolution.procedure import END, SUPPLY
from adjudicator.systems.american_revolution.rules.context import Context
from adjudicator.systems.common.actions import Action
from adjudicator.systems.common.outcomes import Check, Outcome
from adjudicator.systems.common.places import Place, PlaceKind
from adjudicator.systems.common.rulebook import RuleFamily
from adjudicator.systems.common.sequencer import NewTurn

FAMILY = RuleFamily("end of turn", frozenset({"AR-SEQ-03"}), actions=(NewTurn,))
ARISES = ("leader_arises_us", "leader_arises_gb")
SIDES = {"US": "American", "GB": "British"}


def judge(action: Action, ctx: Context) -> Iterator[Outcome]:
    """The chores the board shows undone when the turn advances."""
    last = ctx.proc.last_shown() if isinstance(action, NewTurn) else None
    if last is None or last.phase not in (SUPPLY, END):
        return  # only a turn played to its Supply or End of Turn Phase is judged
    chores = list(_undone(ctx, last.turn))
    for chore in chores:
        yield Check.reminder("AR-SEQ-03", action.step,
                             f"the turn advanced but {chore}: the end-of-turn chores are "
                             "PP zeroed, half the markers returned, unoccupied fortresses "
                             "and Massacre markers removed, Leader Arises returned, the "
                             "Victory Check, then the turn advance")
    if not chores:
        yield Check.done("AR-SEQ-03")


def _undone(ctx: Context, turn: str | None) -> Iterator[str]:
    points = [n.action for n in ctx.proc.noted
              if n.turn == turn and isinstance(n.action, PointsShown)]
    returns = [n.action for n in ctx.proc.noted
               if n.turn == turn and isinstance(n.action, MarkersReturned)]
    for side, who in SIDES.items():
        shown = [p for p in (*points, *ctx.step_actions)
                 if p.side == side and isinstance(p, PointsShown)]
        if shown and shown[-1].after > 0:
            yield f"the {who} player still has {shown[-1].after} political points"
        held = ctx.state.count("marker", Place(PlaceKind.HAND, side))
        if held >= 2 and not any(r.side == side for r in returns):
            yield f"the {who} player returned no campaign markers (he holds {held})"
    if ctx.uses("fortresses"):
        for locale in sorted(ctx.data.locales):
            entities = ctx.state.in_locale(locale)
            if any(e.kind == "fortress" for e in entities) and not any(
                    e.combat for e in entities):
                yield f"an unoccupied fortress stands in {ctx.name(locale)}"
    if ctx.uses("massacre"):
        for locale in sorted(ctx.data.locales):
            if any(e.kind == "massacre" for e in ctx.state.in_locale(locale)):
                yield f"a Massacre marker stands in {ctx.name(locale)}"
    for key in ARISES:
        for place in ctx.state.where_is("leader", key):
            if place.kind is PlaceKind.SPACE:
                yield f"{ctx.leader_name(key)} is still on the map in {ctx.name(place.key)}"
