"""Major Victory, its consequences, French entry and the British Withdrawal (digest §4.5
MV-01..05; WfA 13.4, 13.9-13.14, 16.5, 17.16, 8.4, 18.11).

A Major Victory is the surrender (no retreat, a cut LOC, a siege) of a force of 5 SP of
regulars or more; the digest measures the regular SP removed in that event (§8 A-15). The
victor's flag marker on the Turn Record Track is how the log shows one: a side with two
has won (13.13). French arrivals before 1778 need a Colonial Major Victory (13.11); the
Withdrawal moves 12 SP of British regulars, 4 to each British Caribbean possession, in a
Winter Turn (13.14, 18.11).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Final

from adjudicator.systems.common.actions import Action
from adjudicator.systems.common.outcomes import Check, Outcome
from adjudicator.systems.common.rulebook import RuleFamily
from adjudicator.systems.war_for_america.actions import (
    BRITISH,
    COLONIAL,
    FreeAction,
    FreeKind,
    LeaderPlaced,
    RaiseKind,
    Surrendered,
    UnitsRaised,
    opponent,
)
from adjudicator.systems.war_for_america.data.vocabulary import Owner, Region
from adjudicator.systems.war_for_america.procedure import PulseOpened
from adjudicator.systems.war_for_america.rules.context import Context, side_name
from adjudicator.systems.war_for_america.state import Entity, WfAState

FAMILY = RuleFamily(
    "major_victory",
    frozenset({"WFA-MV-01", "WFA-MV-02", "WFA-MV-03", "WFA-MV-04", "WFA-MV-05"}),
    positional=frozenset({"WFA-MV-03", "WFA-MV-04", "WFA-MV-05"}),
    actions=(Surrendered, PulseOpened, UnitsRaised, LeaderPlaced, FreeAction),
)
MAJOR_VICTORY_SP: Final = 5
"""Regular SP whose surrender is a Major Victory (WfA 13.4, 13.9, 16.5, 17.16)."""
PW_SWING: Final = 2
"""Victor +2, loser -2 (WfA 13.10; one event, not also the 'loss of 5 SP' factor, A-14)."""
FRENCH_YEAR: Final = 1778
"""French Seasonal forces may arrive from Early Spring 1778 without a Major Victory (8.4)."""
FIRST_YEAR: Final = 1775
WITHDRAWAL_PER_SPACE: Final = 4
"""4 SP to each of the three British Caribbean possessions (WfA 13.14)."""


def judge(action: Action, ctx: Context) -> Iterator[Outcome]:
    """Every Major Victory check that concerns the action."""
    if isinstance(action, Surrendered):
        yield from surrender(action, ctx)
    elif isinstance(action, PulseOpened):
        yield from game_over(action, ctx)
    elif isinstance(action, (UnitsRaised, LeaderPlaced)):
        yield from french_entry(action, ctx)
    elif isinstance(action, FreeAction) and action.kind is FreeKind.BRITISH_WITHDRAWAL:
        yield from withdrawal(action, ctx)


def major_victories(state: WfAState, side: str) -> int:
    """How many Major Victory flag markers of `side` the position shows (WfA 13.10)."""
    marker = Entity("major_victory", side).entity_id
    return sum(holding.markers[marker] for holding in state.holdings.values())


def surrender(action: Surrendered, ctx: Context) -> Iterator[Outcome]:
    """WFA-MV-01, -02, -03 (WfA 13.4, 13.9): "Surrendering a force of '5' SP or more of
    regulars causes a Major Victory"; 13.10: "The side obtaining a Major Victory raises its
    PW by '2' and the defeated side's PW is reduced by '2'. A marker ... is placed on the
    TRT"; 13.13: "Any side achieving a second Major Victory immediately wins the game"."""
    if action.side is None:
        return
    where = ctx.space_name(action.space)
    if action.regular_sp is None:
        yield Check.unchecked("WFA-MV-01", action.step, f"whether the force that surrendered "
                              f"at {where} held 5 SP of regulars (a Major Victory, WfA 13.9) "
                              "is not in the log", needs=("the surrendered regular SP",),
                              spaces=(action.space,))
        return
    victor = opponent(action.side)
    major = action.regular_sp >= MAJOR_VICTORY_SP
    yield Check.computed("major_victory", action.step, "WFA-MV-01",
                         f"{action.regular_sp} SP of {side_name(action.side)} regulars "
                         f"surrendered at {where}: " + (f"a {side_name(victor)} Major Victory"
                                                        if major else "no Major Victory"),
                         inputs={"space": action.space, "regular_sp": action.regular_sp},
                         result={"major_victory": major, "victor": victor if major else None})
    yield Check.done("WFA-MV-01")
    if not major:
        return
    yield Check.reminder("WFA-MV-02", action.step, f"{side_name(victor)} Major Victory at "
                         f"{where}: {side_name(victor)} PW +{PW_SWING}, "
                         f"{side_name(action.side)} PW -{PW_SWING}, and the "
                         f"{side_name(victor)} flag marker on the TRT (WfA 13.10)",
                         spaces=(action.space,))
    yield Check.done("WFA-MV-02")
    if major_victories(ctx.state, victor) >= 1:
        yield Check.computed("major_victory", action.step, "WFA-MV-03",
                             f"the {side_name(victor)} already has a Major Victory marker: a "
                             "second Major Victory wins the game at once (WfA 13.13)",
                             inputs={"earlier": major_victories(ctx.state, victor)},
                             result={"winner": victor})
    yield Check.done("WFA-MV-03")


def game_over(fact: PulseOpened, ctx: Context) -> Iterator[Outcome]:
    """WFA-MV-03 (WfA 13.13, 4.2): "Any side achieving a second Major Victory immediately
    wins the game": an Action Pulse begun while a side shows two Major Victory markers is
    play after the game ended."""
    for side in (BRITISH, COLONIAL):
        count = major_victories(ctx.state, side)
        if count >= 2:
            yield Check.illegal("WFA-MV-03", fact.step, f"an AP began although the "
                                f"{side_name(side)} has {count} Major Victories; the second "
                                "wins the game immediately (WfA 13.13)",
                                expected="the end of the game", observed="another AP")
            break
    yield Check.done("WFA-MV-03")


def _french(action: UnitsRaised | LeaderPlaced, ctx: Context) -> bool:
    if isinstance(action, UnitsRaised):
        return action.kind is RaiseKind.REINFORCEMENT and "sp:french" in action.units
    leader = ctx.data.leaders.get(action.leader)
    return action.leader == "destaing" or (leader is not None and str(leader.nation) ==
                                           "french")


def french_entry(action: UnitsRaised | LeaderPlaced, ctx: Context) -> Iterator[Outcome]:
    """WFA-MV-04 (WfA 13.11, 8.4, 13.12): a Colonial Major Victory "triggers arrival of the
    French Seasonal Forces in the next Early Spring Turn"; without one they "have the chance
    of arrival in the Early Spring Turn of 1778" and arrive automatically in Early Summer;
    Rochambeau six turns after them. So no French force enters in 1775 (a Major Victory
    that year brings them in Early Spring 1776 at the soonest); in 1776-1777 one needs a
    Colonial Major Victory (unchecked when the log shows no marker: it may not be logged).
    The CRC's D6 range and the six-turn delay need the chart (digest A-16): not judged."""
    if not _french(action, ctx):
        return
    year = ctx.procedure.year
    where = ctx.space_name(action.place if isinstance(action, UnitsRaised) else action.space)
    if year is None:
        yield Check.unchecked("WFA-MV-04", action.step, f"French forces entered at {where} in "
                              "a year the log does not show (WfA 13.11, 8.4)",
                              needs=("turn calendar",))
        return
    if year <= FIRST_YEAR:
        yield Check.illegal("WFA-MV-04", action.step, f"French forces entered at {where} in "
                            f"{year}; they arrive in the Early Spring after a Colonial Major "
                            "Victory, or from 1778 (WfA 13.11, 8.4)",
                            expected="no French forces before 1776", observed=str(year))
    elif year < FRENCH_YEAR and major_victories(ctx.state, COLONIAL) == 0:
        yield Check.unchecked("WFA-MV-04", action.step, f"French forces entered at {where} in "
                              f"{year}; before 1778 they need a Colonial Major Victory (WfA "
                              "13.11), and the log shows no Colonial Major Victory marker",
                              needs=("Major Victory markers in the log",))
        return
    yield Check.done("WFA-MV-04")


WITHDRAWAL_YEAR: Final = 1777
"""WfA 13.14: with no Colonial Major Victory "by the Fall of 1777", the Withdrawal comes
in the Winter that follows (the Winter Turn of 1777 on the TRT, digest §8 A-17)."""


def withdrawal(action: FreeAction, ctx: Context) -> Iterator[Outcome]:
    """WFA-MV-05 (WfA 13.14, 18.11): in "the 1st or 2nd British AP of the Winter Turn" (or
    that Winter's steps, 18.11) the British "removes '12' SP of British regulars, not
    Germans, from the 13 Colonies and/or Canada" and "4 SP per space are distributed among
    the three British possessions in the Caribbean". Germans or Loyalists moved, a move to
    another space, more than 4 SP to one space, or a Withdrawal outside a Winter Turn is
    illegal; the total of 12 needs the whole Withdrawal: not judged here. Its trigger: "the
    Colonials achieve their first Major Victory. If no Major Victory is achieved by the Fall
    of 1777, withdrawal occurs during the Winter of 1778" (the Winter after Fall 1777,
    digest A-17). Before it is due -- no Colonial Major Victory marker seen and a Winter
    before 1777 -- British SP sent to the Caribbean may be ordinary Naval Transport (14.7,
    19.30: Germans and Loyalists too), not the Withdrawal: `unchecked`; so too after every
    Winter it can fall in (a Winter after game year 1778: it is made once)."""
    step = action.step
    year = ctx.procedure.year
    if major_victories(ctx.state, COLONIAL) == 0 and (year is None
                                                      or year < WITHDRAWAL_YEAR):
        yield Check.unchecked("WFA-MV-05", step, "British SP went from the mainland to a "
                              "British Caribbean possession in a Winter Turn "
                              + (f"of {year} " if year is not None else "")
                              + "before the British Withdrawal is shown due (no Colonial Major "
                              "Victory marker; the Winter after Fall 1777, WfA 13.14): it may"
                              " be ordinary Naval Transport (WfA 14.7), whose units the "
                              "Withdrawal's rules do not bind",
                              needs=("whether this is the British Withdrawal",))
        return
    if year is not None and year > WITHDRAWAL_YEAR + 1:
        yield Check.unchecked("WFA-MV-05", step, f"British SP went from the mainland to a "
                              f"British Caribbean possession in the Winter Turn of {year}, "
                              "after every Winter the British Withdrawal can fall in (the "
                              "first Colonial Major Victory, else the Winter after Fall 1777, "
                              "WfA 13.14; digest A-17, or the Winter of game year 1778): the "
                              "Withdrawal is made once, so this may be ordinary Naval "
                              "Transport (WfA 14.7, 19.30), whose units its rules do not bind",
                              needs=("whether this is the British Withdrawal",))
        return
    wrong = sorted({unit for unit in action.units
                    if (e := Entity.parse(unit)) is not None and e.kind == "sp"
                    and e.key != "british"})
    if wrong:
        yield Check.illegal("WFA-MV-05", step, f"the Withdrawal moved {', '.join(wrong)}; it "
                            "takes British regulars, not Germans (WfA 13.14)",
                            pieces=tuple(wrong), expected="British regulars",
                            observed=", ".join(wrong))
    if ctx.placement.winter is False:
        yield Check.illegal("WFA-MV-05", step, "the British Withdrawal was made outside a "
                            "Winter Turn; it occurs in the 1st or 2nd British AP of the "
                            "Winter Turn (WfA 13.14, 18.11)", expected="a Winter Turn",
                            observed=ctx.placement.turn or "another turn")
    sp = sum(e.value for unit in action.units if (e := Entity.parse(unit)) is not None
             and e.kind == "sp")
    if sp > WITHDRAWAL_PER_SPACE:
        yield Check.illegal("WFA-MV-05", step, f"{sp} SP were withdrawn to one space; 4 SP "
                            "go to each of the three British Caribbean possessions (WfA "
                            "13.14)", expected=f"{WITHDRAWAL_PER_SPACE} SP", observed=f"{sp} SP")
    yield from _withdrawal_places(action, ctx)
    yield Check.done("WFA-MV-05")


def _withdrawal_places(action: FreeAction, ctx: Context) -> Iterator[Outcome]:
    """From the 13 Colonies or Canada, to a British Caribbean possession (WfA 13.14)."""
    origin = ctx.data.spaces.get(action.origin or "")
    if origin is not None and origin.region is not None and not (
            origin.region is Region.CANADA or origin.colony is not None):
        yield Check.illegal("WFA-MV-05", action.step, f"the Withdrawal took SP from "
                            f"{origin.name}, outside the 13 Colonies and Canada (WfA 13.14)",
                            spaces=(origin.id,), expected="the 13 Colonies or Canada",
                            observed=origin.name)
    target = ctx.data.spaces.get(action.destination or "")
    if target is None or target.region is None or target.original_owner is None:
        yield Check.unchecked("WFA-MV-05", action.step, "whether the Withdrawal's destination "
                              "is a British Caribbean possession is not in the data",
                              needs=("space regions", "original owners"))
    elif target.region is not Region.CARIBBEAN or target.original_owner is not Owner.BRITISH:
        yield Check.illegal("WFA-MV-05", action.step, f"the Withdrawal went to {target.name}, "
                            "not one of the three British possessions in the Caribbean (WfA "
                            "13.14)", spaces=(target.id,),
                            expected="a British Caribbean possession", observed=target.name)


__all__ = ["FAMILY", "MAJOR_VICTORY_SP", "judge", "major_victories"]
