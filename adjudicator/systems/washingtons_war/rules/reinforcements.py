"""Reinforcements (WW 8.1, 8.2, 12.2.B.ii; table T15)."""

from __future__ import annotations

from collections.abc import Iterator

from adjudicator.systems.common.actions import Action
from adjudicator.systems.common.outcomes import Check, Outcome
from adjudicator.systems.common.rulebook import RuleFamily
from adjudicator.systems.washingtons_war.actions import ImpulseEnded
from adjudicator.systems.washingtons_war.data import Nationality, Side
from adjudicator.systems.washingtons_war.procedure import Arrival, Impulse, Use
from adjudicator.systems.washingtons_war.rules.context import Context

FAMILY = RuleFamily("reinforcements", frozenset({
    "WW-REIN-02", "WW-REIN-03", "WW-REIN-04", "WW-REIN-05", "WW-REIN-06"}),
    positional=frozenset({"WW-REIN-03", "WW-REIN-05", "WW-REIN-06"}),
    actions=(ImpulseEnded,))
USES_PER_TURN = {Side.BR: 1, Side.AM: 2}
"""WW 8.1.B, 8.2.B: the British reinforce once a turn, the Americans twice."""
FRENCH = "rochambeau"


def judge(action: Action, ctx: Context) -> Iterator[Outcome]:
    """The reinforcement rules of one ended impulse. The French forces placed when the
    alliance came in it are no reinforcement but the alliance's placement (WW 12.2.B.ii,
    `Impulse.alliance_arrivals`, judged as WW-FA-04 by rules/alliance.py)."""
    if isinstance(action, ImpulseEnded) and (action.impulse.use is Use.REINFORCE
                                             or action.impulse.arrivals):
        yield from _reinforcement(action.impulse, ctx)


def _reinforcement(impulse: Impulse, ctx: Context) -> Iterator[Outcome]:
    """Each finding points at the arrival that broke the rule (a placement); a count that
    falls short points at the last arrival, where the rest should have come."""
    side = impulse.side
    if impulse.use is Use.REINFORCE:
        yield from _uses(impulse, ctx)
    arrivals = impulse.arrivals
    if not arrivals:
        return
    last = arrivals[-1].step
    first_in = {a.space: a.step for a in reversed(arrivals)}
    spaces = sorted(first_in)
    generals = [g for a in arrivals for g in a.generals]
    cu = sum((n for a in arrivals for _, n in a.cu), 0)
    french = FRENCH in generals or any(nat is Nationality.FR for a in arrivals
                                       for nat, _ in a.cu)
    rule = ("WW-REIN-06" if french else "WW-REIN-03" if side is Side.BR else "WW-REIN-05")
    names = ctx.space_names(spaces)
    # All reinforcements of one action go to one space (WW 8.1.C, 8.2.C, 12.2.B.ii).
    if len(spaces) > 1:
        split = next(a.step for a in arrivals if a.space != arrivals[0].space)
        yield Check.illegal(rule, split, f"reinforcements went to {len(spaces)} spaces "
                            f"({names}); all go to one", spaces=tuple(spaces))
    for space in spaces:
        yield from _where(ctx, rule, side, space, first_in[space], french=french)
    leaders = [(a.step, g) for a in arrivals for g in a.generals if g != FRENCH]
    if len(leaders) > 1:
        yield Check.illegal(rule, leaders[1][0], f"{len(generals)} Generals arrived "
                            f"({ctx.general_names(generals)}); at most 1 may",
                            pieces=tuple(dict.fromkeys(map(ctx.general_name, generals))))
    yield from _no_replacing(ctx, rule, arrivals)
    if side is Side.BR:
        stocked = [a for a in arrivals if a.from_stock]
        stock = sum(n for a in stocked for _, n in a.from_stock)
        # British CUs come from the British Reinforcements Box (WW 8.1.C).
        if stock:
            cus = f"{stock} British CU{'s' if stock != 1 else ''}"
            yield Check.illegal("WW-REIN-03", stocked[0].step, f"{cus} came onto the map "
                                f"in {names} from stock; British reinforcements come from the "
                                "British Reinforcements Box", observed=f"{stock} from stock",
                                spaces=tuple(spaces))
    elif french:
        yield from _french(ctx, impulse, last)
    else:
        card = ctx.card(impulse.card)
        if card is None or card.ops is None:
            yield Check.unchecked(rule, last, f"the OPS value of "
                                  f"{ctx.card_name(impulse.card)} is not in the data "
                                  f"({cu} American CUs arrived)", needs=("card ops values",))
            return
        # American CUs from stock equal the card's OPS value (WW 8.2.C).
        if cu != card.ops:
            yield Check.illegal(rule, _beyond(arrivals, card.ops) if cu > card.ops else last,
                                f"{cu} American CUs arrived in {names} with {card.name} "
                                f"(step {impulse.step}), a {card.ops}-OPS card",
                                expected=str(card.ops), observed=str(cu),
                                spaces=tuple(spaces))
    yield Check.done(rule)


def _beyond(arrivals: tuple[Arrival, ...], allowed: int) -> int:
    """The step of the arrival that brought the CUs past `allowed`."""
    total = 0
    for arrival in arrivals:
        total += sum(n for _, n in arrival.cu)
        if total > allowed:
            return arrival.step
    return arrivals[-1].step


def _uses(impulse: Impulse, ctx: Context) -> Iterator[Outcome]:
    """WW-REIN-02/04 (WW 8.1.B, 8.2.B): reinforcement actions per turn."""
    side = impulse.side
    rule = "WW-REIN-02" if side is Side.BR else "WW-REIN-04"
    limit = USES_PER_TURN[side]
    boxed = len([card for card, place in ctx.state.card_at.items()
                 if place == impulse.destination])
    if ctx.moment.turn is None and boxed <= limit:
        yield Check.done(rule)
        return
    if boxed > limit:
        yield Check.illegal(rule, impulse.step, f"{side.value} made a reinforcement action "
                            f"with {boxed} cards in the Reinforcement Card boxes this turn; "
                            f"the limit is {limit}", expected=f"≤ {limit}",
                            observed=str(boxed))
    yield Check.done(rule)


def _where(ctx: Context, rule: str, side: Side, space: str, step: int, *,
           french: bool) -> Iterator[Outcome]:
    """British: a non-blockaded port with no American CU or PC (WW 8.1.C). American: a
    space with no British CU and no British PC (WW 8.2.C). French: a port with no British
    CU and no British PC (WW 12.2.B.ii)."""
    enemy = Side.AM if side is Side.BR else Side.BR
    here = ctx.state.space(space)
    name = ctx.space_name(space)
    enemy_cus = here.cus_of(enemy)
    if enemy_cus or here.pc is enemy:
        what = f"{enemy_cus} {enemy.value} CUs" if enemy_cus else f"a {enemy.value} PC"
        yield Check.illegal(rule, step, f"reinforcements placed in {name}, which holds "
                            f"{what}", spaces=(space,))
    port = ctx.is_port(space)
    if (side is Side.BR or french) and port is False:
        yield Check.illegal(rule, step, f"reinforcements placed in {name}, which is not a "
                            "port", spaces=(space,))
    if side is Side.BR and ctx.blockaded(space):
        yield Check.illegal(rule, step, f"British reinforcements placed in {name}, in the "
                            "Blockaded Zone", spaces=(space,))


def _no_replacing(ctx: Context, rule: str, arrivals: tuple[Arrival, ...]
                  ) -> Iterator[Outcome]:
    """WW 8.1.C, 8.2.C: a General brought into a space holding a General of his side
    replaces him (the old one goes to the Reinforcement Box) — except Washington, who may
    never be sent there: no General may be brought into Washington's space."""
    for arrival in arrivals:
        if not arrival.generals:
            continue
        for general in arrival.present:
            record = ctx.data.generals.get(general)
            if record is not None and record.never_to_reinforcement_box:
                newcomers = ", ".join(ctx.general_name(g) for g in arrival.generals)
                yield Check.illegal(rule, arrival.step, f"{newcomers} brought into "
                                    f"{ctx.space_name(arrival.space)}, where {record.name} "
                                    f"is; {record.name} may never be sent to the "
                                    "Reinforcement Box, so no General may join him",
                                    spaces=(arrival.space,),
                                    pieces=(*map(ctx.general_name, arrival.generals),
                                            record.name))


def _french(ctx: Context, impulse: Impulse, step: int) -> Iterator[Outcome]:
    """WW-REIN-06 (WW 12.2.B.ii): Rochambeau and all the French CUs come together, with an
    OPS card of any value; American CUs from stock are another matter (WW 8.2.C). `step`:
    the last arrival, where what is missing should have come."""
    arrived_french = sum(n for a in impulse.arrivals for nat, n in a.cu
                         if nat is Nationality.FR)
    left = sum(holding.cu.get(Nationality.FR, 0) for place, holding in
               ctx.state.holdings.items() if not place.is_space)
    if left:
        yield Check.illegal("WW-REIN-06", step, f"{arrived_french} French CUs came in and "
                            f"{left} stayed behind; all the French forces come together",
                            observed=f"{left} left behind")
    generals = {g for a in impulse.arrivals for g in a.generals}
    rochambeau_left = ctx.state.general_at.get(FRENCH)
    if FRENCH not in generals and rochambeau_left is not None and not rochambeau_left.is_space:
        yield Check.illegal("WW-REIN-06", step, "French CUs came in without Rochambeau; all "
                            "the French forces come together")
    american = sum(n for a in impulse.arrivals for nat, n in a.cu if nat is Nationality.AM)
    if american:
        yield Check.unchecked("WW-REIN-05", step, f"{american} American CUs came in with the "
                              "French forces; whether one reinforcement action may bring both "
                              "is not stated (WW 8.2.C, 12.2.B.ii)")


__all__ = ["FAMILY", "USES_PER_TURN", "judge"]
