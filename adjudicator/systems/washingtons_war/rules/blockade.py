"""The Blockaded Zone (WW 12.3, 12.2 Important Note): what a French Navy's blockade forbids
in the ports of its zone, and what it never touches.

WW 12.3 lists the effects on the ports of the Blockaded Zone: no British reinforcements
(WW 8.1.C), no Naval Movement in or out (WW 7.5), no Landing Party (WW 7.2.B), no British
retreat by sea from or to them (WW 9.62), and no Royal Navy +1 in their battles (WW 9.42).
Each effect is also part of the rule it modifies, and reported there too (WW-REIN-03,
WW-NAV-01, WW-CAMP-04, WW-RET-04, the T4 modifiers of the battle): here a play that breaks
the blockade is reported under WW-NAVY-02, naming the rule it modifies. Naval Movement and
the Royal Navy modifier are judged by the movement and battle modules, which decide whether a
drag was by sea and which modifiers a battle had; this module counts the blockade checked
when such a port saw one of them.

The Important Note of WW 12.2 is the other side: blockades have no effect on placing,
flipping or removing PCs, or on isolation (WW-PC-09). The PC rules never consult the
blockade; a PC change judged in a blockaded port is this rule applied. Landing Parties are
the exception (WW 7.2.B).
"""

from __future__ import annotations

from collections.abc import Iterator

from adjudicator.systems.common.actions import Action
from adjudicator.systems.common.outcomes import Check, Outcome
from adjudicator.systems.common.rulebook import RuleFamily
from adjudicator.systems.washingtons_war.actions import (
    BattleResolved,
    ImpulseEnded,
    LegMoved,
    PcChanged,
    Retreat,
)
from adjudicator.systems.washingtons_war.data import CardKind, Side
from adjudicator.systems.washingtons_war.procedure import Impulse
from adjudicator.systems.washingtons_war.rules.context import Context
from adjudicator.systems.washingtons_war.state import SIDE_OF

FAMILY = RuleFamily("blockade", frozenset({"WW-NAVY-02", "WW-PC-09"}),
                    actions=(ImpulseEnded, Retreat, LegMoved, BattleResolved, PcChanged))
BLOCKADE = "WW-NAVY-02"


def judge(action: Action, ctx: Context) -> Iterator[Outcome]:
    """The blockade's effects on one action."""
    if isinstance(action, ImpulseEnded):
        yield from _reinforcements(action.impulse, ctx)
        yield from _landing_party(action.impulse, ctx)
        yield from _pc_actions(action.impulse, ctx)
    elif isinstance(action, Retreat) and action.by_sea:
        for space in (action.origin, action.destination):
            yield from _port(ctx, action.step, space, "a British retreat by sea "
                             "(WW 9.62, WW-RET-04)")
    elif isinstance(action, LegMoved) and action.leg.naval is not None:
        # Whether the drag was by sea is the movement module's (WW-NAV-01); the blockade
        # is checked whenever a port-to-port drag touched a port whose zone is known.
        yield from _consulted(ctx, action.step, (action.leg.origin, action.leg.destination))
    elif isinstance(action, BattleResolved):
        # The Royal Navy +1 (WW 9.42) is withheld in a blockaded port by the battle module.
        yield from _consulted(ctx, action.step, (action.battle.space,))
    elif isinstance(action, PcChanged) and action.impulse is None:
        yield from _no_effect(ctx, (action.change.space,))


def _reinforcements(impulse: Impulse, ctx: Context) -> Iterator[Outcome]:
    """WW 12.3, 8.1.C: British reinforcements never land in a blockaded port (reported at
    their arrival there). Only British
    pieces are British reinforcements (American or French pieces placed in a British
    impulse, e.g. by the French Alliance, are not); pieces an Event card's text places may
    not be WW 8.1 reinforcements at all, and the card list lacks the texts."""
    if impulse.side is not Side.BR:
        return
    card = ctx.card(impulse.card)
    event = card is None or card.kind is not CardKind.OPS
    british = [a for a in impulse.arrivals
               if any(SIDE_OF[nationality] is Side.BR for nationality, _ in a.cu)
               or any(ctx.side_of(general) is Side.BR for general in a.generals)]
    first_in = {a.space: a.step for a in reversed(british)}
    for space in dict.fromkeys(a.space for a in british):
        if event and _in_zone(ctx, space) and ctx.navy_known() and ctx.blockaded(space):
            yield Check.unchecked(BLOCKADE, first_in[space], f"British pieces placed in "
                                  f"{ctx.space_name(space)}, a port of the Blockaded Zone, "
                                  f"with {ctx.card_name(impulse.card)}: forbidden if they "
                                  "are reinforcements (WW 8.1, 12.3); the event's text is "
                                  "not interpreted", needs=("card texts",),
                                  spaces=(space,))
            continue
        yield from _port(ctx, first_in[space], space, "British reinforcements (WW 8.1.C, "
                         "WW-REIN-03)")


def _landing_party(impulse: Impulse, ctx: Context) -> Iterator[Outcome]:
    """WW 12.3, 7.2.B: no Landing Party in a blockaded port."""
    for change in impulse.landing_party:
        yield from _port(ctx, change.step, change.space, "a Landing Party (WW 7.2.B, "
                         "WW-CAMP-04)")


def _pc_actions(impulse: Impulse, ctx: Context) -> Iterator[Outcome]:
    """WW-PC-09: PC actions of a card, other than a Landing Party, ignore the blockade."""
    landing = {change.space for change in impulse.landing_party}
    yield from _no_effect(ctx, [c.space for c in impulse.pcs if c.space not in landing])


def _no_effect(ctx: Context, spaces: list[str] | tuple[str, ...]) -> Iterator[Outcome]:
    """WW-PC-09 (WW 12.2 Important Note): a PC change in a blockaded port was judged by
    the PC rules, which never consult the blockade."""
    if any(_in_zone(ctx, space) for space in spaces):
        if not ctx.navy_known():
            return
        yield Check.done("WW-PC-09")


def _in_zone(ctx: Context, space: str) -> bool:
    """Whether a space is a port some Blockade Zone covers (the Navy may blockade it)."""
    record = ctx.data.spaces.get(space)
    return record is not None and record.port and record.blockade_zone is not None


def _consulted(ctx: Context, step: int, spaces: tuple[str, ...]) -> Iterator[Outcome]:
    """The blockade was judged by another module for these spaces, if any is a port a
    Blockade Zone covers and the Navy's position is known."""
    if not any(_in_zone(ctx, space) for space in spaces):
        return
    if not ctx.navy_known():
        yield Check.unchecked(BLOCKADE, step, "the French Navy is at a place the binding "
                              "does not know, so whether "
                              f"{ctx.space_names(spaces)} is blockaded is unknown")
        return
    yield Check.done(BLOCKADE)


def _port(ctx: Context, step: int, space: str, what: str) -> Iterator[Outcome]:
    """WW-NAVY-02: `what` is not allowed in `space` if it is a port of the Blockaded Zone."""
    if not _in_zone(ctx, space):
        return
    name = ctx.space_name(space)
    if not ctx.navy_known():
        yield Check.unchecked(BLOCKADE, step, f"the French Navy is at a place the binding "
                              f"does not know, so whether {name} is blockaded is unknown "
                              f"({what})", spaces=(space,))
        return
    if ctx.blockaded(space):
        yield Check.illegal(BLOCKADE, step, f"{what} in {name}, a port of the Blockaded "
                            "Zone: the French Navy's blockade forbids it (WW 12.3)",
                            spaces=(space,))
    yield Check.done(BLOCKADE)


__all__ = ["FAMILY", "judge"]
