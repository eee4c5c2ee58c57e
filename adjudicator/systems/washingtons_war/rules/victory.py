"""Victory (WW 13; table T16): automatic victory, the end of the game, colony control.

- Automatic victory (WW 13.1) at once during the Strategy and Winter Attrition Phases: the
  British win when no American or French CU is on the map (Canada included), the Americans
  when no British CU is in the thirteen colonies (Canada excluded). Judged at the end of
  every card and of the Winter Attrition Phase (WW-WINT-06); when it happened, a CHECK
  finding says so (the game is over) with a `victory` computation.
- The end of the game (WW 5.7, 6.34.C.iii): in the End Phase, the game ends when the War
  Ends card in its box shows this year or an earlier one, or in 1783. A new year begun
  after such a turn is illegal (WW-VIC-02).
- At the game's end (WW 13.2, 10.0.B) each colony is controlled by the side with more PC
  markers in it (a tie, or none, leaves it uncontrolled) and Canada by the side holding
  both Montreal and Quebec; the British win with 6 colonies or more, the Americans with 7
  or more, and when both or neither reach their target, the British (`victory`).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Iterator
from dataclasses import dataclass

from adjudicator.findings import Severity
from adjudicator.systems.common.actions import Action
from adjudicator.systems.common.outcomes import Check, Outcome, Violation
from adjudicator.systems.common.rulebook import RuleFamily
from adjudicator.systems.washingtons_war.actions import (
    ImpulseEnded,
    TurnEnded,
    WinterAttritionEnded,
)
from adjudicator.systems.washingtons_war.data import Colony, Side, WWData
from adjudicator.systems.washingtons_war.rules.context import Context

FAMILY = RuleFamily("victory", frozenset({"WW-VIC-01", "WW-VIC-02", "WW-VIC-03",
                                          "WW-WINT-06"}),
                    actions=(ImpulseEnded, WinterAttritionEnded, TurnEnded))
LAST_YEAR = 1783
"""WW 5.7: the game ends after the 1783 turn at the latest."""


@dataclass(frozen=True, slots=True)
class ColonyControl:
    """Who controls each colony (None: nobody), and the spaces whose colony is unknown."""

    control: dict[Colony, Side | None]
    unknown: tuple[str, ...] = ()

    def count(self, side: Side) -> int:
        """Colonies (Canada included) a side controls."""
        return sum(1 for who in self.control.values() if who is side)

    def winner(self, data: WWData) -> Side:
        """The winner at the game's end (WW 13.2, T16)."""
        end = data.tables.t16.game_end
        british = self.count(Side.BR) >= end.british_target
        american = self.count(Side.AM) >= end.american_target
        if american and not british:
            return Side.AM
        if british and not american:
            return Side.BR
        return end.default_winner


def colony_control(pcs: Iterable[tuple[str, Side | None]], data: WWData) -> ColonyControl:
    """Colony control from the PC marker of each space (WW 10.0.B, digest §6.7)."""
    counts: dict[Colony, Counter[Side]] = {colony: Counter() for colony in Colony}
    held: dict[str, Side | None] = {}
    unknown = []
    for space, pc in pcs:
        if pc is None:
            continue
        held[space] = pc
        record = data.spaces.get(space)
        if record is None or record.colony is None:
            unknown.append(space)
            continue
        counts[record.colony][pc] += 1
    control: dict[Colony, Side | None] = {}
    canada = data.tables.t16.canada_control.spaces
    for colony, count in counts.items():
        if colony is Colony.CANADA:
            sides = {held.get(space) for space in canada}
            control[colony] = sides.pop() if len(sides) == 1 else None
        elif count[Side.AM] != count[Side.BR]:
            control[colony] = Side.AM if count[Side.AM] > count[Side.BR] else Side.BR
        else:
            control[colony] = None
    return ColonyControl(control, tuple(sorted(unknown)))


def judge(action: Action, ctx: Context) -> Iterator[Outcome]:
    """Automatic victory after a card or winter; the game's end at a turn's end."""
    if isinstance(action, ImpulseEnded):
        # Only spaces holding CUs count (WW 13.1): most hold a PC alone, so skip them.
        forces = [(key, holding.cus_of(Side.AM), holding.cus_of(Side.BR))
                  for key, holding in ctx.state.spaces() if holding.cu]
        yield from _automatic(action.step, "WW-VIC-01", "after this card", forces, ctx)
    elif isinstance(action, WinterAttritionEnded) and action.seen:
        forces = [(held.space, held.cus_of(Side.AM), held.cus_of(Side.BR))
                  for held in action.end.spaces]
        yield from _automatic(action.step, "WW-WINT-06", "after winter attrition", forces,
                              ctx)
    elif isinstance(action, TurnEnded):
        yield from _turn_end(action, ctx)


def _automatic(step: int, rule_id: str, when: str, forces: list[tuple[str, int, int]],
               ctx: Context) -> Iterator[Outcome]:
    """WW 13.1: either side's automatic victory, on the map's CUs (space, American and
    French CUs, British CUs)."""
    unplaced = [place.key for place, holding in ctx.state.holdings.items()
                if not place.resolved and (holding.cu or holding.generals)]
    if unplaced:
        yield Check.unchecked(rule_id, step, "automatic victory not judged: pieces are at "
                              f"'{unplaced[0]}', which the binding does not resolve")
        return
    patriots = any(american > 0 for _, american, _ in forces)
    british_spaces = [key for key, _, british in forces if british]
    colonies = [ctx.data.spaces[key].colony if key in ctx.data.spaces else None
                for key in british_spaces]
    in_colonies = any(c is not None and c.is_colony for c in colonies)
    winner: Side | None = None
    why = ""
    if not patriots:
        winner, why = Side.BR, "no American or French CU is on the map"
    elif not in_colonies and any(c is None for c in colonies):
        unknown = [ctx.space_name(k) for k, c in zip(british_spaces, colonies, strict=True)
                   if c is None]
        yield Check.unchecked(rule_id, step, "automatic victory not judged: no British CU "
                              "is in a space known to be in the thirteen colonies, and the "
                              f"data lacks the colony of {', '.join(unknown)}",
                              needs=("space colonies",))
        return
    elif not in_colonies:
        winner, why = Side.AM, "no British CU is in the thirteen colonies"
    if winner is not None:
        name = "British" if winner is Side.BR else "Americans"
        yield Violation(rule_id, step, Severity.CHECK, f"automatic victory {when}: {why}; "
                        f"the {name} win at once and the game is over (WW 13.1)")
        yield Check.computed("victory", step, "WW-VIC-01", f"automatic victory: the {name} "
                             f"win ({why})", result={"winner": winner.value,
                                                     "automatic": True})
    yield Check.done(rule_id)
    yield Check.done("WW-VIC-01")


def war_end_year(action: TurnEnded, ctx: Context) -> tuple[int | None, str]:
    """The year of the War Ends card in its box (None: none there, or the data lacks it,
    and then why)."""
    years = []
    for card in action.war_ends:
        record = ctx.card(card)
        if record is None or record.war_end_year is None:
            return None, f"the year on {ctx.card_name(card)} is not in the data"
        years.append(record.war_end_year)
    return (min(years), "") if years else (None, "")


def _turn_end(action: TurnEnded, ctx: Context) -> Iterator[Outcome]:
    """WW-VIC-02 and WW-VIC-03 at the End Phase of a turn."""
    year = _year(action.year)
    if year is None and action.final:
        return  # the log ends here: nothing to judge without the year
    if year is None:
        yield Check.unchecked("WW-VIC-02", action.step, "the end of the game not judged: the "
                              "log does not show the year")
        return
    war_year, lacking = war_end_year(action, ctx)
    if lacking and action.final:
        return
    if lacking:
        yield Check.unchecked("WW-VIC-02", action.step, f"the end of the game not judged: "
                              f"{lacking}", needs=("war end years",))
        return
    ends = year >= LAST_YEAR or (war_year is not None and war_year <= year)
    why = (f"the War Ends card shows {war_year}" if war_year is not None and war_year <= year
           else f"{LAST_YEAR} is the last turn")
    if ends and action.next_year is not None:
        yield Check.illegal("WW-VIC-02", action.step, f"the game went on into "
                            f"{action.next_year}, but it ended in the End Phase of {year}: "
                            f"{why} (WW 5.7)", expected="the game ends",
                            observed=f"turn {action.next_year}")
    yield Check.done("WW-VIC-02")
    if ends:
        yield from _game_end(action, year, why, ctx)


def _game_end(action: TurnEnded, year: int, why: str, ctx: Context) -> Iterator[Outcome]:
    """WW-VIC-03: who won, by colony control."""
    control = colony_control(((key, holding.pc) for key, holding in ctx.state.spaces()),
                             ctx.data)
    if control.unknown:
        names = ", ".join(ctx.space_name(s) for s in control.unknown)
        yield Check.unchecked("WW-VIC-03", action.step, f"victory not worked out: the data "
                              f"lacks the colony of {names}", needs=("space colonies",))
        return
    winner = control.winner(ctx.data)
    british, american = control.count(Side.BR), control.count(Side.AM)
    held = {side: ", ".join(c.value for c, who in control.control.items() if who is side)
            for side in (Side.AM, Side.BR)}
    name = "British" if winner is Side.BR else "Americans"
    yield Check.computed("victory", action.step, "WW-VIC-03", f"the game ends in {year} "
                         f"({why}): British {_colonies(british)} ({held[Side.BR] or 'none'}), "
                         f"Americans {_colonies(american)} ({held[Side.AM] or 'none'}); the "
                         f"{name} win",
                         inputs={"year": year}, result={
                             "winner": winner.value, "british_colonies": british,
                             "american_colonies": american, "automatic": False})
    yield Check.done("WW-VIC-03")


def _colonies(count: int) -> str:
    return f"{count} colon{'y' if count == 1 else 'ies'}"


def _year(text: str | None) -> int | None:
    if text is None:
        return None
    digits = "".join(ch for ch in text if ch.isdigit())
    return int(digits[:4]) if len(digits) >= 4 else None


__all__ = ["FAMILY", "ColonyControl", "colony_control", "judge", "war_end_year"]
