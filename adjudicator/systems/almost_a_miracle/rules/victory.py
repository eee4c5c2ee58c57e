"""Victory (AaM 13.1-13.3), judged when a new month begins (the end of the last one).

- AAM-VIC-01 (13.1.1-13.1.2): the King's Peace in a colony: "no Continental Regulars (French
  excluded) in the colony", "the British are in sole control of the colonial capital(s)",
  "the Royal Governor counter has been placed in the colonial capital", all at the same
  time. Shown as a computation each month; a colony whose capitals' Area ids or Areas the
  data lacks is "not known".
- AAM-VIC-03 (13.2): "After August 1776, if at the conclusion of a turn there are no British
  SPs (regular or militia) on the board, except in Canada, the game ends immediately and
  the Continental player wins": a month begun after such a turn is play past the win. An
  SP in an Area whose colony is not known counts as outside Canada (no win claimed); SPs
  At Sea or in the Transit Area are left unchecked (digest A62: the rulebook does not say
  whether they are on the board). Indian SPs count as British SPs (the player's favour).
- AAM-VIC-05 (13.3.2): "If Washington is captured, they win the game immediately.
  (Washington cannot be killed.)": Washington taken off the map to the eliminated box, or
  deleted, is illegal; to the Leader POW box he is captured (the British win). In the
  Attrition Phase the supply family judges it (AAM-SUP-07: the forage rolls spare him).
- AAM-VIC-04 (13.3.1): "If at the end of any turn the British have the King's Peace in all
  four rebellious colonies, they win the game immediately."
- AAM-VIC-02 (13.1.1, 13.1.3): "Winning the Campaign Game requires establishing 'the King's
  Peace' in at least two colonies at the end of the game"; "If the British Player cannot
  [...] the Continental player wins". Judged when the log ends (`LogEnded`) in the game's
  last month (November 1779; October 1781 in a long game, AaM 13.4, 16.3): the position
  at the log's end is read as the game's end, and the winner is reported as a computation
  ("not known" while a colony's King's Peace is). A log ending earlier is a game not over.
- AAM-VIC-06 (13.4, Historical Duration, `--option historical-duration`): "the Victory
  Conditions change after October 1778. The British player need only achieve the King's
  Peace in one colony at the game's end and can achieve Automatic Victory with the King's
  Peace in two colonies": a month begun after one ending (after October 1778) with the
  King's Peace in two colonies is play past the win.
- AAM-VIC-07, AAM-OPT-03 (16.3, Alternate History, `--option alternate-history`): "the
  original requirements for the King's Peace are in effect for the entire game; they do
  not 'expire' in October 1778": with it in use the original two colonies at the end and
  four for the automatic win are judged after October 1778 too (it wins over 13.4 when
  both are switched on). Its other half, the refused withdrawals, is the reinforcements
  family's (a British leader left on the map on his Turn of Withdrawal is not flagged).
- AAM-VIC-08 (17.1.3-17.4.3, `--option battle-scenario`): a Battle Scenario's winner when
  the log ends in December of the first year of a log begun on a scenario's first month,
  reported as a computation. "Control requires physical occupation of the Area" (AaM 2.0):
  a side controls an Area where it has a force and the enemy has none, so the position
  shows it; "all cities in Canada" are the data's Canadian Areas marked as cities (not
  known while the map data is not complete). The December 1778 scenario has none.
"""

from __future__ import annotations

from collections.abc import Iterator

from adjudicator.systems.almost_a_miracle.actions import Left
from adjudicator.systems.almost_a_miracle.data import Need
from adjudicator.systems.almost_a_miracle.procedure import ATTRITION, BRITISH, CONTINENTAL
from adjudicator.systems.almost_a_miracle.rules.context import Context
from adjudicator.systems.almost_a_miracle.rules.optional import LONG_GAMES, Optional
from adjudicator.systems.almost_a_miracle.rules.reinforcements import (
    REGULARS,
    colony_of,
    force_in,
    side_of,
)
from adjudicator.systems.almost_a_miracle.rules.setup import battle_end, scenario_starting
from adjudicator.systems.common.actions import Action
from adjudicator.systems.common.outcomes import Check, Computed, Outcome
from adjudicator.systems.common.places import PlaceKind
from adjudicator.systems.common.rulebook import RuleFamily
from adjudicator.systems.common.sequencer import LogEnded, NewTurn

FAMILY = RuleFamily("victory", frozenset({"AAM-VIC-01", "AAM-VIC-02", "AAM-VIC-03",
                                          "AAM-VIC-04", "AAM-VIC-05", "AAM-VIC-06",
                                          "AAM-VIC-07", "AAM-VIC-08", "AAM-OPT-03"}),
                    actions=(NewTurn, Left, LogEnded))
WASHINGTON = "washington"
COLONIES = ("ne", "ny_nj", "pa", "md_de")
"""The four rebellious colonies (AaM 13.1.2, 13.3.1)."""
CANADA = "canada"
AUTOMATIC_FROM = "1776-08"
"""The Continental automatic victory counts after August 1776 (AaM 13.2)."""
HORIZON = "1778-10"
"""After October 1778 the Historical Duration's conditions apply (AaM 13.4)."""
CAMPAIGN_END = "1779-11"
HISTORICAL_END = "1781-10"
"""The last turn: November 1779 (AaM 17.0), October 1781 in a long game (AaM 13.4, 16.3)."""


def judge(action: Action, ctx: Context) -> Iterator[Outcome]:
    """The King's Peace and the automatic victories at the end of a month."""
    if isinstance(action, Left) and WASHINGTON in action.leaders and ctx.phase != ATTRITION:
        yield from _washington(action, ctx)
    if isinstance(action, LogEnded):
        if Optional.BATTLE_SCENARIO.value in ctx.options:
            yield from _battle_end(action, ctx)
        else:
            yield from _game_end(action, ctx)
    if not isinstance(action, NewTurn):
        return
    if CAMPAIGN_END < action.turn <= HISTORICAL_END:
        # the long games play past November 1779 (AaM 13.4, 16.3; SCN-03 judges the end)
        if Optional.HISTORICAL_DURATION.value in ctx.options:
            yield Check.done("AAM-VIC-06")
        if Optional.ALTERNATE_HISTORY.value in ctx.options:
            yield Check.done("AAM-OPT-03")
    ended = ctx.proc.month_shown
    if ended is None or not _tracked(ctx):
        return
    peace = {colony: kings_peace(colony, ctx) for colony in COLONIES}
    yield Computed(kind="kings_peace", step=action.step, rule_id="AAM-VIC-01",
                   summary="the King's Peace at the end of " + ended + ": " + ", ".join(
                       f"{colony} {_word(state)}" for colony, state in peace.items()),
                   inputs={"turn": ended},
                   result={colony: _word(state) for colony, state in peace.items()})
    yield Check.done("AAM-VIC-01")
    yield from _british_win(action, ctx, ended, peace)
    if ended > AUTOMATIC_FROM:
        yield from _continental_win(action, ctx, ended)


def _word(state: bool | None) -> str:
    return "not known" if state is None else ("in effect" if state else "not in effect")


def _tracked(ctx: Context) -> bool:
    """Whether the log shows a position at all: Continental SPs on the map, and British
    pieces somewhere (on the map or in a box)."""
    continental = any(e.kind == "sp" and p.kind is PlaceKind.SPACE
                      and side_of(e, ctx) == CONTINENTAL for e, p in ctx.state.pieces.values())
    british = any(side_of(e, ctx) == BRITISH for e, _ in ctx.state.pieces.values())
    return continental and british


def kings_peace(colony: str, ctx: Context) -> bool | None:
    """The King's Peace in a colony (AaM 13.1.1): None when the data cannot tell."""
    region = ctx.data.regions.get(colony)
    capitals = list(getattr(region, "capitals_blue", ()) or ()) if region is not None else []
    known = [c for c in capitals if c]
    for entity, place in ctx.state.pieces.values():
        if entity.kind == "sp" and entity.key in REGULARS[CONTINENTAL] and \
                place.kind is PlaceKind.SPACE and colony_of(place.key, ctx) == colony:
            return False
    for capital in known:
        if not force_in(capital, BRITISH, ctx) or force_in(capital, CONTINENTAL, ctx):
            return False
    governed = any(e.kind == "governor" and p.kind is PlaceKind.SPACE and p.key in known
                   and e.key in ("", colony) for e, p in ctx.state.pieces.values())
    if not governed:
        return False
    if len(known) < len(capitals) or not known or not ctx.data.map_status.areas_complete:
        return None
    return True


def _conditions(ctx: Context, ended: str) -> tuple[str, int, int]:
    """The rule in force at the end of `ended`, the colonies the British need at the game's
    end and for the automatic win (AaM 13.1.1, 13.3.1, 13.4, 16.3)."""
    if ended > HORIZON:
        if Optional.ALTERNATE_HISTORY.value in ctx.options:
            return "AAM-VIC-07", 2, 4
        if Optional.HISTORICAL_DURATION.value in ctx.options:
            return "AAM-VIC-06", 1, 2
    return "", 2, 4


def _british_win(action: NewTurn, ctx: Context, ended: str,
                 peace: dict[str, bool | None]) -> Iterator[Outcome]:
    variant, _, need = _conditions(ctx, ended)
    rule = "AAM-VIC-06" if variant == "AAM-VIC-06" else "AAM-VIC-04"
    held = sum(1 for state in peace.values() if state)
    possible = sum(1 for state in peace.values() if state is not False)
    if variant == "AAM-VIC-07":
        yield Check.done("AAM-VIC-07")
        yield Check.done("AAM-OPT-03")
    words = ("in all four rebellious colonies: they win the game immediately (AaM 13.3.1)"
             if need == 4 else "in two colonies: after October 1778 of the Historical "
             "Duration Campaign Game that is an Automatic Victory (AaM 13.4)")
    if possible < need:
        yield Check.done(rule)
    elif held >= need:
        yield Check.illegal(rule, action.step,
                            f"play went on into {action.turn}, but at the end of {ended} the "
                            f"British had the King's Peace {words}", observed=action.turn)
    else:
        yield Check.unchecked(rule, action.step,
                              f"at the end of {ended} the King's Peace may hold in enough "
                              "colonies for an automatic British win: the map data does not "
                              "give every capital and Area (AaM 13.1.1, 13.3.1)",
                              needs=(str(Need.AREAS),))


def _game_end(action: LogEnded, ctx: Context) -> Iterator[Outcome]:
    """The log ended in the game's last month: who won (AaM 13.1.1, 13.1.3, 13.4)."""
    last = HISTORICAL_END if LONG_GAMES & ctx.options else CAMPAIGN_END
    month = ctx.proc.month_shown
    if month != last or not _tracked(ctx):
        return  # the game is not over (or no position is shown)
    variant, need, _ = _conditions(ctx, month)
    rule = variant or "AAM-VIC-02"
    peace = {colony: kings_peace(colony, ctx) for colony in COLONIES}
    held = [colony for colony, state in peace.items() if state]
    open_ = [colony for colony, state in peace.items() if state is None]
    if len(held) >= need:
        winner = "british"
    elif len(held) + len(open_) < need:
        winner = "continental"
    else:
        winner = "not known"
    cite = {"AAM-VIC-06": ", 13.4", "AAM-VIC-07": ", 16.3"}.get(rule, "")
    yield Computed(kind="winner", step=action.step, rule_id=rule,
                   summary=f"the game ended in {month} with the King's Peace in "
                   f"{len(held)} colonies ({', '.join(held) or 'none'}); the British need "
                   f"{'one' if need == 1 else 'two'} at the end of the game, else the "
                   f"Continentals win: the winner is {winner} (AaM 13.1.1, 13.1.3{cite})",
                   inputs={"turn": month, "colonies needed": need},
                   result={"winner": winner,
                           **{colony: _word(state) for colony, state in peace.items()}})
    yield Check.done("AAM-VIC-02")
    if variant:
        yield Check.done(variant)
    if variant == "AAM-VIC-07":
        yield Check.done("AAM-OPT-03")


def _continental_win(action: NewTurn, ctx: Context, ended: str) -> Iterator[Outcome]:
    outside = False
    afloat = False
    for entity, place in ctx.state.pieces.values():
        if entity.kind != "sp" or side_of(entity, ctx) != BRITISH:
            continue
        if place.kind is PlaceKind.SPACE:
            if colony_of(place.key, ctx) != CANADA:
                outside = True
                break
        elif any(word in place.key.casefold() for word in ("sea", "transit")):
            afloat = True
        elif place.kind is PlaceKind.UNRESOLVED:
            outside = True  # where it is is not known: no win is claimed
            break
    if outside:
        yield Check.done("AAM-VIC-03")
    elif afloat:
        yield Check.unchecked("AAM-VIC-03", action.step,
                              f"at the end of {ended} the only British SPs outside Canada were "
                              "At Sea or in the Transit Area: whether they are on the board "
                              "for the automatic Continental victory is not stated (AaM 13.2)")
    else:
        yield Check.illegal("AAM-VIC-03", action.step,
                            f"play went on into {action.turn}, but at the end of {ended} there "
                            "were no British SPs on the board outside Canada: after August "
                            "1776 the game then ends at once with an automatic Continental "
                            "victory (AaM 13.2)", observed=action.turn)


def _washington(action: Left, ctx: Context) -> Iterator[Outcome]:
    where = dict(action.to).get(WASHINGTON, "")
    folded = where.casefold()
    if not where or any(word in folded for word in ("elim", "dead", "kill")):
        yield Check.illegal("AAM-VIC-05", action.step,
                            f"Washington was taken off the map at {ctx.name(action.area)} as "
                            "killed: Washington cannot be killed; if captured, the British "
                            "win the game immediately (AaM 13.3.2)", spaces=(action.area,),
                            pieces=action.pieces, observed=where or "deleted")
    elif "pow" in folded:
        yield Check.done("AAM-VIC-05")


def _controls(area: str, side: str, ctx: Context) -> bool:
    """Uncontested control: a force of the side and none of the enemy (AaM 2.0)."""
    enemy = CONTINENTAL if side == BRITISH else BRITISH
    return force_in(area, side, ctx) and not force_in(area, enemy, ctx)


def _canadian_cities(ctx: Context) -> tuple[list[str], bool]:
    """The cities in Canada the data knows, and whether the list is complete."""
    cities = sorted(key for key, area in ctx.data.areas.items()
                    if colony_of(key, ctx) == CANADA and area.city)
    return cities, bool(ctx.data.map_status.areas_complete)


def _battle_end(action: LogEnded, ctx: Context) -> Iterator[Outcome]:
    """17.x.3: a Battle Scenario's victory conditions, at the end of its December."""
    first, month = ctx.proc.first_turn, ctx.proc.month_shown
    if first is None or month is None or month != battle_end(first):
        return
    scenario = scenario_starting(first)
    if scenario is None or not scenario.get("battle_victory"):
        return
    def c(area: str) -> bool:
        return _controls(area, CONTINENTAL, ctx)

    def b(area: str) -> bool:
        return _controls(area, BRITISH, ctx)

    held: bool | None
    if first[:4] == "1775":
        side = CONTINENTAL
        held = (c("C24") or c("C33")) and c("NE13") and c("Y13") and c("P20")
        terms = "Quebec or Halifax, Boston, New York City and Philadelphia"
    elif first[:4] == "1776":
        side = CONTINENTAL
        held = c("Y39") and sum(map(c, ("NE13", "Y13", "P20"))) >= 2
        terms = "Fort Ticonderoga and 2 of Boston, New York City and Philadelphia"
    else:
        side = BRITISH
        cities, complete = _canadian_cities(ctx)
        held = all(map(b, ("Y27", "Y49", "NE10", "Y13", *cities)))
        if held and not complete:
            held = None
        terms = "Albany, Oswego, Newport, New York City and all cities in Canada"
    other = BRITISH if side == CONTINENTAL else CONTINENTAL
    winner = "not known" if held is None else (side if held else other)
    yield Computed(kind="battle_winner", step=action.step, rule_id="AAM-VIC-08",
                   summary=f"the Battle Scenario begun in {first} ended in {month}: the "
                   f"{side} side wins by controlling {terms}, else the {other} side wins: "
                   f"the winner is {winner} ({scenario.get('rule', 'AaM 17')})",
                   inputs={"scenario": first, "turn": month}, result={"winner": winner})
    yield Check.done("AAM-VIC-08")
