"""Political Will (digest §4.12 PW; WfA 5.0–5.2, 19.12, 20.2; tables T-3, T-4).

- WFA-PW-01 (WfA 5.0): the track has 15 boxes; a marker never goes above 15 (nor below 0,
  where its side has lost).
- WFA-PW-02 (WfA 5.1–5.2): the factor tables. The events a log shows for certain are the
  three PW cards the rulebook names (T-3, T-4): when one is played, the expected marker
  moves are given as a CHECK with the values they lead to (clamped at 15), for the
  players to compare. The other factors (captures, losses of ≥5 SP of regulars, Halifax,
  Rochambeau's arrival …) need a record of who held what before, which the position alone
  does not keep; they are not judged here (Major Victories are the combat rules', 13.10).
- WFA-PW-03 (WfA 19.12): War Weariness — the Early Spring Turns of 1780, 1781 and 1782
  each move both markers one box left (a reminder at the turn's start).
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from types import MappingProxyType
from typing import Final

from adjudicator.findings import Severity
from adjudicator.systems.common.actions import Action
from adjudicator.systems.common.outcomes import Check, Outcome, Violation
from adjudicator.systems.common.rulebook import RuleFamily
from adjudicator.systems.war_for_america.actions import (
    BRITISH,
    COLONIAL,
    ActionCardPlayed,
    CardUse,
    PwChanged,
)
from adjudicator.systems.war_for_america.procedure import TurnBegan
from adjudicator.systems.war_for_america.rules.context import Context, side_name

PW_MAX: Final = 15
"""WfA 5.0: "The PW never exceeds '15' on the track"; 0 loses (4.1–4.2)."""
WEARY_YEARS: Final = (1780, 1781, 1782)
"""WfA 19.12: the Spring Turn of 1780 "and the next two Spring Turns"."""

PW_CARDS: Mapping[str, tuple[tuple[str, int], ...]] = MappingProxyType({
    "declaration_of_independence": ((COLONIAL, +2),),
    "pitt_the_elder": ((BRITISH, -1),),
    "olive_branch_petition": ((BRITISH, +1), (COLONIAL, -1)),
})
"""The Action Cards the factor tables name, by the data's card id (WfA 5.1 T-3: Pitt the
Elder Speaks Against the War 1L, Olive Branch Petition 1R; 5.2 T-4: Olive Branch
Petition 1L, Declaration of Independence 2R)."""
_PLAYED: Final = frozenset({CardUse.ACTION, CardUse.EVENT, CardUse.UNKNOWN})

FAMILY = RuleFamily(
    "political_will",
    frozenset({"WFA-PW-01", "WFA-PW-02", "WFA-PW-03"}),
    positional=frozenset({"WFA-PW-02"}),
    actions=(PwChanged, ActionCardPlayed, TurnBegan),
)


def judge(action: Action, ctx: Context) -> Iterator[Outcome]:
    """The Political Will rules of one action."""
    if isinstance(action, PwChanged):
        yield from track_bounds(action)
    elif isinstance(action, ActionCardPlayed):
        yield from card_factors(action, ctx)
    elif isinstance(action, TurnBegan):
        yield from war_weariness(action, ctx)


def track_bounds(action: PwChanged) -> Iterator[Outcome]:
    """WFA-PW-01 (WfA 5.0): "The track has 15 boxes … The PW never exceeds '15' on the
    track" — a gain beyond 15 is lost, the marker stays on 15. A marker below 0 has no
    box either (0 is the loss, 4.1–4.2). A marker taken off its track is not judged."""
    after = action.after
    if after is None:
        return
    if after > PW_MAX or after < 0:
        yield Check.illegal("WFA-PW-01", action.step, f"the {side_name(action.side)} PW "
                            f"marker went to {after}; Political Will runs from 0 to "
                            f"{PW_MAX} and never exceeds {PW_MAX} (WfA 5.0)",
                            expected=f"0–{PW_MAX}", observed=str(after))
    yield Check.done("WFA-PW-01")


def expected_pw(now: int | None, change: int) -> int | None:
    """Where a marker at `now` goes after `change` boxes (clamped to 0–15, WfA 5.0)."""
    if now is None:
        return None
    return max(0, min(PW_MAX, now + change))


def card_factors(action: ActionCardPlayed, ctx: Context) -> Iterator[Outcome]:
    """WFA-PW-02 (WfA 5.1–5.2): a PW card played moves the markers as T-3/T-4 say.

    A CHECK finding gives the moves and where they lead from the markers' boxes now (the
    marker moves may come in later steps, so they are not compared here); a card text
    overrides the rules (20.2), and the printed text may say more."""
    factors = PW_CARDS.get(action.card)
    if factors is None or action.use not in _PLAYED:
        return
    name = ctx.cards.card_name(action.card)
    moves = []
    result: dict[str, int | None] = {}
    for side, change in factors:
        now = ctx.state.track_value(f"pw:{side}")
        target = expected_pw(now, change)
        result[side] = target
        where = f" (from {now} to {target})" if target is not None else ""
        moves.append(f"{side_name(side)} PW {abs(change)}{'R' if change > 0 else 'L'}{where}")
    yield Violation("WFA-PW-02", action.step, Severity.CHECK, f"{name} was played: "
                    f"{'; '.join(moves)} (WfA 5.1–5.2)")
    yield Check.computed("political will", action.step, "WFA-PW-02", f"{name}: "
                         f"{'; '.join(moves)}", inputs={"card": action.card},
                         result={f"pw_{side}": value for side, value in result.items()})
    yield Check.done("WFA-PW-02")


def war_weariness(fact: TurnBegan, ctx: Context) -> Iterator[Outcome]:
    """WFA-PW-03 (WfA 19.12): "In the Spring Turn of 1780 … In this and the next two
    Spring Turns, both sides move their PW markers '1' to the left" (T-3/T-4 say "Starting
    in 1780 and each Spring Turn thereafter"; the digest reads 1780, 1781 and 1782). The
    Spring Turn is read as each year's Early Spring Turn (the calendar's first green box,
    digest §8 A-2). From 1780 the CLT also gives each Region its lowest value (19.12)."""
    if fact.year not in WEARY_YEARS or fact.season is None:
        return
    spec = ctx.calendar.season(fact.season)
    if spec is None or not spec.early_spring:
        return
    yield Check.reminder("WFA-PW-03", fact.step, f"War Weariness, {fact.year}: both PW "
                         "markers move 1 box left this Spring Turn, and the Continental "
                         "levy uses each Region's lowest CLT value (WfA 19.12)")
    yield Check.done("WFA-PW-03")


__all__ = ["FAMILY", "PW_CARDS", "PW_MAX", "WEARY_YEARS", "expected_pw", "judge"]
