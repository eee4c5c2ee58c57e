"""Victory conditions (digest §4.12 VC; WfA 4.0–4.5; table T-12).

The conditions judged here are those the log and the position show when they happen: at
the end of an Action Pulse (WfA 4.1–4.4: "after any Colonial AP", "at the end of any
British AP"; in 1775 the New England condition, digest §8 A-39: any time in 1775) and at
a surrender (4.2: "at the end of any combat"). A condition met is a CHECK finding (the
game is over: the players confirm) with a `victory` computation. The end-of-game
conditions (4.3–4.4: Caribbean ports, 4 colonies, the ten ports, Montreal and Quebec …)
and the draw (4.5) need the game's last turn, which the rulebook does not fix; they are
not judged here.

Whether France has entered the war is not in the position either: a condition that holds
only before or only after French entry says so in its message. But when France cannot yet
have entered, the conditions of 4.4 ("Colonial VC After French Entry") are not announced:
"A Colonial Major Victory causes France to recognize the United States ... This triggers
arrival of the French Seasonal Forces in the next Early Spring Turn. If a Major Victory is
not achieved, the French Seasonal Reinforcements have the chance of arrival in the Early
Spring Turn of 1778" (13.11; 8.4). So before 1778, with no Colonial Major Victory marker
on the board (13.10), France is not in the war (`french_entry_possible`).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Final

from adjudicator.findings import Severity
from adjudicator.systems.common.actions import Action
from adjudicator.systems.common.outcomes import Check, Outcome, Violation
from adjudicator.systems.common.rulebook import RuleFamily
from adjudicator.systems.war_for_america.actions import BRITISH, COLONIAL, Surrendered
from adjudicator.systems.war_for_america.data.vocabulary import Colony, Region
from adjudicator.systems.war_for_america.procedure import PulseClosed
from adjudicator.systems.war_for_america.rules.context import Context
from adjudicator.systems.war_for_america.rules.control import (
    british_colony,
    colonies_of,
    space_control,
)

FRENCH_ENTRY_YEAR: Final = 1778
"""Without a Colonial Major Victory, the French Seasonal Reinforcements have their first
chance of arrival in the Early Spring Turn of 1778 (WfA 8.4, 13.11)."""
MAJOR_SURRENDER_SP: Final = 5
"""WfA 4.2, 13.4: a force of at least 5 SP of regulars (digest §8 A-15: the regular SP
removed in the surrender)."""
QUEBEC: Final = "quebec"
MONTREAL: Final = "montreal"
HALIFAX: Final = "halifax"

FAMILY = RuleFamily(
    "victory",
    frozenset({"WFA-VC-01", "WFA-VC-02", "WFA-VC-03", "WFA-VC-04"}),
    positional=frozenset({"WFA-VC-01", "WFA-VC-04"}),
    actions=(PulseClosed, Surrendered),
)


def judge(action: Action, ctx: Context) -> Iterator[Outcome]:
    """The victory conditions met by one action."""
    if isinstance(action, PulseClosed):
        yield from political_will_zero(action, ctx)
        if action.pulse.side == BRITISH and french_entry_possible(ctx):
            yield from quebec_and_halifax(action, ctx)
            yield from no_british_possession(action, ctx)
        elif action.pulse.side == BRITISH:
            yield Check.done("WFA-VC-04")
        if ctx.procedure.year == 1775:
            yield from new_england_in_1775(action, ctx)
    elif isinstance(action, Surrendered):
        yield from second_surrender(action, ctx)


def french_entry_possible(ctx: Context) -> bool:
    """Whether France may have entered the war by now (WfA 4.4's "After French Entry"):
    from 1778 on (8.4, 13.11: the French Seasonal Reinforcements' first chance is the Early
    Spring Turn of 1778), or earlier once a Colonial Major Victory was won (13.11: it
    "causes France to recognize the United States"; its marker is placed, 13.10), or when
    the year is not known. False: the conditions after French entry cannot be met yet."""
    year = ctx.procedure.year
    if year is None or year >= FRENCH_ENTRY_YEAR:
        return True
    return any(holding.markers.get(f"major_victory:{COLONIAL}", 0)
               for holding in ctx.state.holdings.values())


def _won(rule: str, step: int, winner: str, why: str) -> Iterator[Outcome]:
    """A victory condition met: CHECK finding, `victory` computation, rule applied."""
    name = "British" if winner == BRITISH else "Colonials"
    yield Violation(rule, step, Severity.CHECK, f"{why}: the {name} win and the game is over")
    yield Check.computed("victory", step, rule, f"the {name} win: {why}",
                         result={"winner": winner})


def political_will_zero(fact: PulseClosed, ctx: Context) -> Iterator[Outcome]:
    """WFA-VC-01 (WfA 4.1) and WFA-VC-03 (4.3, after French entry): "Reduce the Colonial
    PW/VP to '0' after any Colonial AP" — the same condition, reported as WFA-VC-01 (4.3's
    end-of-game conditions are not judged). WFA-VC-02 (4.2): "Reduce the British PW/VP
    to '0' after any British AP" — before French entry only: the Colonial conditions
    after it (4.4) name no PW condition. Judged when the pulse of the side whose marker
    it is ends."""
    side = fact.pulse.side
    pw = ctx.state.track_value(f"pw:{side}")
    if pw is None:
        return
    if side == COLONIAL:
        if pw == 0:
            yield from _won("WFA-VC-01", fact.left_at, BRITISH, "the Colonial PW is 0 after a "
                            "Colonial AP (WfA 4.1, 4.3)")
        yield Check.done("WFA-VC-01")
        yield Check.done("WFA-VC-03")
    elif side == BRITISH:
        if pw == 0:
            yield from _won("WFA-VC-02", fact.left_at, COLONIAL, "the British PW is 0 after a "
                            "British AP (WfA 4.2: before French entry; after it, 4.4 lists "
                            "no such condition)")
        yield Check.done("WFA-VC-02")


def quebec_and_halifax(fact: PulseClosed, ctx: Context) -> Iterator[Outcome]:
    """WFA-VC-04 (WfA 4.4, after French entry): "Capture both Quebec and Halifax at the end
    of any British AP"."""
    quebec, halifax = space_control(ctx, QUEBEC), space_control(ctx, HALIFAX)
    if not (quebec.known and halifax.known):
        return
    if quebec.side == COLONIAL and halifax.side == COLONIAL:
        yield from _won("WFA-VC-04", fact.left_at, COLONIAL, "the Colonials hold both Quebec "
                        "and Halifax at the end of a British AP (WfA 4.4, once France has "
                        "entered the war)")
    yield Check.done(quebec.rule)
    yield Check.done(halifax.rule)
    yield Check.done("WFA-VC-04")


def no_british_possession(fact: PulseClosed, ctx: Context) -> Iterator[Outcome]:
    """WFA-VC-04 (WfA 4.4, after French entry): "Prevent the British from controlling any
    of their possessions in the 13 Colonies at the end of any British AP": no space of the
    13 Colonies under British control. Judged only when the data's spaces are complete."""
    if not ctx.data.map_status.spaces_complete:
        return
    rules: set[str] = set()
    for key, record in ctx.data.spaces.items():
        if record.colony is None:
            continue
        control = space_control(ctx, key)
        if not control.known:
            return
        rules.add(control.rule)
        if control.side == BRITISH:
            break
    else:
        yield from _won("WFA-VC-04", fact.left_at, COLONIAL, "the British control no space of "
                        "the 13 Colonies at the end of a British AP (WfA 4.4, once France "
                        "has entered the war)")
    for rule in sorted(rules):
        yield Check.done(rule)
    yield Check.done("WFA-VC-04")


def new_england_in_1775(fact: PulseClosed, ctx: Context) -> Iterator[Outcome]:
    """WFA-VC-01 (WfA 4.1): "In 1775, control all the colonies in New England while not
    losing both Montreal and Quebec" (judged at the end of every AP of 1775, digest §8
    A-39). Unknown colony control (LOC, data) is `unchecked` only while every other part
    of the condition holds; with an incomplete map it is not judged at all (the data
    template names the missing facts)."""
    if not ctx.data.map_status.spaces_complete:
        return
    lost_canada = all(space_control(ctx, key).known and space_control(ctx, key).side
                      != BRITISH for key in (MONTREAL, QUEBEC))
    if lost_canada:
        yield Check.done("WFA-VC-01")
        return
    unknown: list[tuple[Colony, str, tuple[str, ...]]] = []
    for colony in colonies_of(Region.NEW_ENGLAND):
        control = british_colony(ctx, colony)
        for rule in control.rules:
            yield Check.done(rule)
        if control.british is False:
            yield Check.done("WFA-VC-01")
            return
        if control.british is None:
            unknown.append((colony, control.why, control.needs))
    if unknown:
        colony, why, needs = unknown[0]
        yield Check.unchecked("WFA-VC-01", fact.left_at, "in 1775 the British win by controlling "
                              "every New England colony while holding Montreal or Quebec "
                              f"(WfA 4.1); whether they control {colony} is not known: {why}",
                              needs=needs)
        return
    yield from _won("WFA-VC-01", fact.left_at, BRITISH, "the British control every New England "
                    "colony in 1775 and have not lost both Montreal and Quebec (WfA 4.1)")
    yield Check.done("WFA-VC-01")


def second_surrender(action: Surrendered, ctx: Context) -> Iterator[Outcome]:
    """WFA-VC-02 (WfA 4.2): "Cause the surrender of a second British army or force of at
    least 5 SP of regulars at the end of any combat". A surrender is a Major Victory
    (13.4); which surrender is the second needs the earlier ones: the Colonial Major
    Victory markers on the board (13.10: placed on the TRT) are named, and the finding
    is a CHECK. `action.side` is the side whose force surrendered."""
    if action.side != BRITISH:
        return
    if action.regular_sp is None:
        yield Check.unchecked("WFA-VC-02", action.step, f"a British force surrendered at "
                              f"{ctx.space_name(action.space)}; whether it had 5 SP of "
                              "regulars (a second such surrender wins, WfA 4.2) is not shown",
                              needs=("the regular SP that surrendered",),
                              spaces=(action.space,))
        return
    if action.regular_sp < MAJOR_SURRENDER_SP:
        yield Check.done("WFA-VC-02")
        return
    markers = sum(holding.markers.get(f"major_victory:{COLONIAL}", 0)
                  for holding in ctx.state.holdings.values())
    yield Violation("WFA-VC-02", action.step, Severity.CHECK, f"{action.regular_sp} SP of "
                    f"British regulars surrendered at {ctx.space_name(action.space)}: if this "
                    "is the second British army or force of ≥5 SP of regulars to surrender, "
                    f"the Colonials win (WfA 4.2); Colonial Major Victory markers now on the "
                    f"board: {markers}", spaces=(action.space,))
    yield Check.done("WFA-VC-02")


__all__ = ["FAMILY", "FRENCH_ENTRY_YEAR", "french_entry_possible", "judge"]
