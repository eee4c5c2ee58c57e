"""Victory (AR 3.0; digest 4.2), worked out at each End of Turn Phase's Victory Check.

AR 3.1: a side wins at once if, "during any Victory Check Phase", it has "1) Military
Victory: your units occupy towns whose total political values equal 36 or more" and its
political victory: "2a) [...] the Articles of the Confederation level on the Revolutionary
Progress Table, and [...] a loyalty level of two or more in any four of the seven colonial
regions"; "2b) [...] the Revolutionary Progress Table is at Continental Congress or lower,
and [...] a loyalty level of two or higher of any four" of New England,
the Middle Atlantic, Virginia, the Deep South, the West, Florida, Canada (for the British,
Pro-British 2 or more: -2 or below on the track). AR 3.2: the game
ends at that Victory Check; from Declaration of Independence on the British can no longer
win so. AR 3.3-3.4, after the last turn (1782): a partial victory to the side that met its
political or its military condition while the other met neither; otherwise a draw. AR 3.5,
the shorter game, ends after 1778: the American wins with the loyalty "to any degree" of
four or more colonial regions, Revolutionary Progress at Declaration of Independence or
higher and the Balance of Power at French Alliance or higher; otherwise the British win.

"Total political values" (digest 8.2 A7): the printed values of the towns occupied as for
political points (AR 6.3-6.5: an enemy partisan or a Massacre marker zeroes a town, a
neutral's towns and units count for nobody), not doubled; the doubled total (the points
collected, as the After Action Report counts its "VP") is reported beside it.

A log does not show a win: it may only stop. So each check is reported as a computation,
the win as a reminder that play stops; and the short game, which a log cannot tell from
the full one, is reported at the end of 1778 as what it would give.
"""

from __future__ import annotations

from collections.abc import Iterator

from adjudicator.systems.american_revolution.procedure import END
from adjudicator.systems.american_revolution.rules.context import Context
from adjudicator.systems.american_revolution.rules.political import LABEL, towns_of
from adjudicator.systems.common.actions import Action, PhaseChange
from adjudicator.systems.common.outcomes import Check, Computed, Outcome
from adjudicator.systems.common.rulebook import RuleFamily
from adjudicator.systems.common.sequencer import NewTurn

FAMILY = RuleFamily("victory", frozenset({"AR-VIC-01", "AR-VIC-02", "AR-VIC-03",
                                          "AR-VIC-04"}), actions=(PhaseChange,))
COLONIAL = ("new_england", "mid_atlantic", "virginia", "deep_south", "west", "florida",
            "canada")
MILITARY = 36
REGIONS_NEEDED = 4
ARTICLES, CONTINENTAL_CONGRESS, DECLARATION = 4, 1, 2
FRENCH_ALLIANCE = 2
LAST_TURN, SHORT_LAST_TURN = 8, 4
"""1782 and 1778 (turn 1 = 1775)."""


def judge(action: Action, ctx: Context) -> Iterator[Outcome]:
    """The Victory Check when the End of Turn Phase begins."""
    if not isinstance(action, PhaseChange) or action.phase != END:
        return
    if any(isinstance(other, NewTurn) for other in ctx.step_actions):
        return  # the year changed while the Phase marker still shows the last turn's end
    step = action.step
    state = ctx.state
    rp = state.level("rp")
    bop = state.level("bop")
    loyalty = {region: state.level("loyalty", region) for region in COLONIAL}
    towns = {side: towns_of(ctx.data, state, side) for side in LABEL}
    military = {side: towns[side].printed for side in LABEL}
    unknown = [ctx.data.regions[r].name if r in ctx.data.regions else r
               for r, level in loyalty.items() if level is None]
    if rp is None or unknown:
        missing = ", ".join(["Revolutionary Progress"] * (rp is None) + unknown)
        yield Check.unchecked("AR-VIC-01", step,
                              f"the Victory Check needs every track: the log does not show "
                              f"{missing}")
        return
    pro_us = sum(1 for level in loyalty.values() if level is not None and level >= 2)
    pro_gb = sum(1 for level in loyalty.values() if level is not None and level <= -2)
    political = {"US": rp >= ARTICLES and pro_us >= REGIONS_NEEDED,
                 "GB": rp <= CONTINENTAL_CONGRESS and pro_gb >= REGIONS_NEEDED}
    won = {side: military[side] >= MILITARY and political[side] for side in LABEL}
    turn = ctx.proc.turn
    summary = (f"military: American {military['US']}, British {military['GB']} (36 needed; "
               f"doubled as collected: {towns['US'].total} and {towns['GB'].total}); "
               f"political: Revolutionary Progress {rp}, loyalty +2 or more in {pro_us} "
               f"regions, -2 or less in {pro_gb} (4 needed)")
    yield Computed(
        kind="victory check", step=step, rule_id="AR-VIC-01", summary=summary,
        inputs={"turn": action.turn, "revolutionary progress": rp, "balance of power": bop,
                **{f"loyalty {r}": level for r, level in loyalty.items()}},
        result={"American military": military["US"], "British military": military["GB"],
                "American collected": towns["US"].total,
                "British collected": towns["GB"].total,
                "American political": political["US"], "British political": political["GB"],
                "American sudden death": won["US"], "British sudden death": won["GB"]})
    yield Check.done("AR-VIC-01")
    yield Check.done("AR-VIC-02")
    for side in LABEL:
        if won[side]:
            yield Check.reminder("AR-VIC-01", step,
                                 f"the {LABEL[side]} player has a sudden death victory: "
                                 f"towns worth {military[side]} (36 or more) and his "
                                 "political victory; play stops at this Victory Check")
    if rp >= DECLARATION and military["GB"] >= MILITARY and pro_gb >= REGIONS_NEEDED:
        yield Check.reminder("AR-VIC-02", step,
                             "the British hold towns worth 36 or more and four regions at "
                             "-2, but Revolutionary Progress has reached Declaration of "
                             "Independence: no British sudden death victory is possible")
    if turn == LAST_TURN and not any(won.values()):
        yield from _final(step, military, political)
    if turn == SHORT_LAST_TURN:
        loyal = sum(1 for level in loyalty.values() if level is not None and level >= 1)
        us_wins = loyal >= REGIONS_NEEDED and rp >= DECLARATION and (
            bop is not None and bop >= FRENCH_ALLIANCE)
        yield Computed(
            kind="victory check", step=step, rule_id="AR-VIC-04",
            summary=(f"if this is the shorter game (AR 3.5), it ends now: the "
                     f"{'American' if us_wins else 'British'} player wins (American loyalty "
                     f"in {loyal} regions of 4, Revolutionary Progress {rp} of 2, Balance "
                     f"of Power {bop} of +2); in the full game play goes on"),
            inputs={"regions pro-American": loyal, "revolutionary progress": rp,
                    "balance of power": bop},
            result={"short game winner": "US" if us_wins else "GB"})
        yield Check.done("AR-VIC-04")


def _final(step: int, military: dict[str, int], political: dict[str, bool]
           ) -> Iterator[Outcome]:
    met = {side: military[side] >= MILITARY or political[side] for side in LABEL}
    if met["US"] and not met["GB"]:
        result = "a partial victory for the American player"
    elif met["GB"] and not met["US"]:
        result = "a partial victory for the British player"
    else:
        result = "a draw"
    yield Computed(kind="victory check", step=step, rule_id="AR-VIC-03",
                   summary=f"the last turn is over: {result}",
                   inputs={"American met a condition": met["US"],
                           "British met a condition": met["GB"]},
                   result={"result": result})
    yield Check.done("AR-VIC-03")
