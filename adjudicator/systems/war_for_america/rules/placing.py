"""What the raising rules share (WfA 10.0): where new SP went, the per-space cap, the
colony they are in, and whether a card's text might allow what the rules forbid.

Continentals, militia and Loyalists each come in at most 4 SP per space (WfA 10.4, 10.12,
10.22); fractions are rounded up (10.1). A card's text trumps any rule (20.2), so while a
card has been played in the pulse an `illegal` verdict of these rules is withheld.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Final

from adjudicator.systems.common.outcomes import Check, Outcome, Violation
from adjudicator.systems.war_for_america.actions import UnitsRaised
from adjudicator.systems.war_for_america.data.models import Space
from adjudicator.systems.war_for_america.rules.context import Context

PER_SPACE: Final = 4
"""At most 4 SP raised on a space (WfA 10.4 Continentals, 10.12 militia, 10.22 Loyalists)."""


def half_up(amount: int) -> int:
    """Half an amount, fractions rounded up (WfA 10.1: "fractions are rounded up").

    >>> half_up(5), half_up(4), half_up(0)
    (3, 2, 0)
    """
    return -(-amount // 2)


def card_in_pulse(ctx: Context) -> str | None:
    """The title of a card played in the current pulse (its text may override a rule,
    WfA 20.2), else None."""
    pulse = ctx.pulse
    if pulse is None or not pulse.cards:
        return None
    return ctx.cards.card_name(pulse.cards[-1][1])


def nation_of(action: UnitsRaised) -> str | None:
    """The nation of the raised SP (`sp:<nation>` as the interpreter names them)."""
    for unit in action.units:
        kind, _, rest = unit.partition(":")
        if kind == "sp":
            return rest.partition(":")[0]
    return None


def placed(action: UnitsRaised) -> dict[str, dict[str, int]]:
    """The raised SP as `without` for control questions (space → nation → SP)."""
    nation = nation_of(action)
    if nation is None or action.sp is None:
        return {}
    return {action.place: {nation: action.sp}}


def space_record(action: UnitsRaised, ctx: Context) -> Space | None:
    """The data's record of the space the SP were raised on (None: a box, or unknown)."""
    return ctx.data.spaces.get(action.place)


def per_space(rule: str, what: str, action: UnitsRaised, ctx: Context,
              section: str) -> Iterator[Outcome]:
    """At most 4 SP of a raise on one space (`section`: the rule's WfA section)."""
    if action.sp is None:
        return
    if action.sp > PER_SPACE:
        yield Check.illegal(rule, action.step, f"{action.sp} SP of {what} were placed on "
                            f"{ctx.space_name(action.place)} at once; at most {PER_SPACE} SP "
                            f"per space (WfA {section})", spaces=(action.place,),
                            expected=f"≤ {PER_SPACE} SP", observed=f"{action.sp} SP")
    yield Check.done(rule)


def withheld(outcomes: Iterator[Outcome], ctx: Context) -> Iterator[Outcome]:
    """The outcomes, with every `illegal` turned `unchecked` while a card was played in the
    pulse (WfA 20.2: its text may allow it)."""
    card = card_in_pulse(ctx)
    for outcome in outcomes:
        if card is not None and isinstance(outcome, Violation):
            yield outcome.withheld(f"{card} was played in this AP, and a card's text "
                                   "trumps the rules (WfA 20.2)")
        else:
            yield outcome


__all__ = ["PER_SPACE", "card_in_pulse", "half_up", "nation_of", "per_space", "placed",
           "space_record", "withheld"]
