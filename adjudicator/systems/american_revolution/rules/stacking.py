"""Stacking (AR 15).

AR 15.1: "you have any number of units in the same force [...] units may be stacked
together, top to bottom and bottom to top, in any order you want" (FAQ: any unit may be
on top): nothing limits a force, so every move is judged within AR-STK-01.

AR 15.2: "There may never be more than one each of the following types of markers in a
given locale at the same time: fortress, siege, partisan, massacre. That stricture
simultaneously applies to both sides." The rulebook says one EACH of those types: a
siege marker stands with the fortress it besieges (AR 28), so the limit is one of each
type, not one marker of all four together (the digest's AR-STK-02 reads "more than one
fortress, siege, partisan or massacre marker", which this follows type by type). AR 29.3:
a partisan may be placed where an enemy partisan stands, "in which case remove that
enemy partisan unit as you're placing your partisan": a second partisan of the other side
is not illegal, only a reminder to remove the enemy's.
"""

from __future__ import annotations

from collections.abc import Iterator

from adjudicator.systems.american_revolution.actions import ForceMoved, MapMarkerPlaced
from adjudicator.systems.american_revolution.rules.context import Context
from adjudicator.systems.common.actions import Action
from adjudicator.systems.common.outcomes import Check, Outcome
from adjudicator.systems.common.rulebook import RuleFamily

FAMILY = RuleFamily("stacking", frozenset({"AR-STK-01", "AR-STK-02"}),
                    actions=(ForceMoved, MapMarkerPlaced))
NAMES = {"fortress": "fortress", "siege": "siege", "partisan": "partisan",
         "massacre": "Massacre"}


def judge(action: Action, ctx: Context) -> Iterator[Outcome]:
    """No limit on a force; one marker of each type a locale."""
    if isinstance(action, ForceMoved):
        yield Check.done("AR-STK-01")
    elif isinstance(action, MapMarkerPlaced):
        yield from _markers(action, ctx)


def _markers(action: MapMarkerPlaced, ctx: Context) -> Iterator[Outcome]:
    same = [entity for entity in ctx.state.in_locale(action.locale)
            if entity.kind == action.kind]
    where = ctx.name(action.locale)
    name = NAMES.get(action.kind, action.kind)
    if len(same) <= 1:
        yield Check.done("AR-STK-02")
        return
    if action.kind == "partisan":
        mine = [entity for entity in same if entity.key == action.key]
        if len(mine) <= 1 and len(same) == 2:
            yield Check.done("AR-STK-02")
            yield Check.reminder("AR-STK-02", action.step,
                                 f"a partisan was placed in {where}, where the enemy's "
                                 "partisan stands: remove the enemy partisan as yours is "
                                 "placed", spaces=(action.locale,))
            return
    yield Check.illegal("AR-STK-02", action.step,
                        f"a {name} marker was placed in {where}, which already holds one: "
                        f"never more than one {name} marker in a locale, both sides counted",
                        spaces=(action.locale,), pieces=(name,),
                        expected="at most 1", observed=str(len(same)))
