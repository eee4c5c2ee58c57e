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
"""

from __future__ import annotations

from collections.abc import Iterator

from adjudicator.systems.almost_a_miracle.actions import Left
from adjudicator.systems.almost_a_miracle.data import Need
from adjudicator.systems.almost_a_miracle.procedure import ATTRITION, BRITISH, CONTINENTAL
from adjudicator.systems.almost_a_miracle.rules.context import Context
from adjudicator.systems.almost_a_miracle.rules.reinforcements import (
    REGULARS,
    colony_of,
    force_in,
    side_of,
)
from adjudicator.systems.common.actions import Action
from adjudicator.systems.common.outcomes import Check, Computed, Outcome
from adjudicator.systems.common.places import PlaceKind
from adjudicator.systems.common.rulebook import RuleFamily
from adjudicator.systems.common.sequencer import NewTurn

FAMILY = RuleFamily("victory", frozenset({"AAM-VIC-01", "AAM-VIC-03", "AAM-VIC-04",
                                          "AAM-VIC-05"}),
                    actions=(NewTurn, Left))
WASHINGTON = "washington"
COLONIES = ("ne", "ny_nj", "pa", "md_de")
"""The four rebellious colonies (AaM 13.1.2, 13.3.1)."""
CANADA = "canada"
AUTOMATIC_FROM = "1776-08"
"""The Continental automatic victory counts after August 1776 (AaM 13.2)."""


def judge(action: Action, ctx: Context) -> Iterator[Outcome]:
    """The King's Peace and the automatic victories at the end of a month."""
    if isinstance(action, Left) and WASHINGTON in action.leaders and ctx.phase != ATTRITION:
        yield from _washington(action, ctx)
    if not isinstance(action, NewTurn):
        return
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


def _british_win(action: NewTurn, ctx: Context, ended: str,
                 peace: dict[str, bool | None]) -> Iterator[Outcome]:
    if any(state is False for state in peace.values()):
        yield Check.done("AAM-VIC-04")
    elif all(peace.values()):
        yield Check.illegal("AAM-VIC-04", action.step,
                            f"play went on into {action.turn}, but at the end of {ended} the "
                            "British had the King's Peace in all four rebellious colonies: "
                            "they win the game immediately (AaM 13.3.1)",
                            observed=action.turn)
    else:
        yield Check.unchecked("AAM-VIC-04", action.step,
                              f"at the end of {ended} the King's Peace may hold in every "
                              "colony: the map data does not give every capital and Area "
                              "(AaM 13.1.1, 13.3.1)", needs=(str(Need.AREAS),))


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
