"""Activating Generals (WW 6.2, 7.0, 7.1, 7.2; table T2)."""

from __future__ import annotations

from collections.abc import Iterator

from adjudicator.systems.common.actions import Action
from adjudicator.systems.common.outcomes import Check, Outcome
from adjudicator.systems.common.rulebook import RuleFamily
from adjudicator.systems.washingtons_war.actions import ImpulseEnded, UnactivatedMove
from adjudicator.systems.washingtons_war.data import Campaign, CardKind
from adjudicator.systems.washingtons_war.procedure import Impulse, Use, carried_total
from adjudicator.systems.washingtons_war.rules.context import Context

FAMILY = RuleFamily("activation", frozenset({"WW-OPS-01", "WW-CAMP-01", "WW-CAMP-02",
                                             "WW-CAMP-03", "WW-MOV-01"}),
                    positional=frozenset({"WW-MOV-01"}),
    actions=(ImpulseEnded, UnactivatedMove))


def campaign_limit(ctx: Context, campaign: Campaign) -> int:
    """WW 7.2.A, table T2: a Major Campaign activates up to 3 Generals, a Minor up to 2."""
    table = ctx.data.tables.t2.campaigns
    return table.major if campaign is Campaign.MAJOR else table.minor


def judge(action: Action, ctx: Context) -> Iterator[Outcome]:
    """The activation rules of one action."""
    if isinstance(action, ImpulseEnded) and action.impulse.activations:
        yield from _activations(action.impulse, ctx)
    elif isinstance(action, UnactivatedMove):
        yield from _unactivated(action, ctx)


def _activations(impulse: Impulse, ctx: Context) -> Iterator[Outcome]:
    generals = [a.general for a in impulse.activations]
    names = ctx.general_names(generals)
    step = impulse.activations[0].step
    card = ctx.card(impulse.card)
    if card is None:
        yield Check.unchecked("WW-OPS-01", step, f"{names} moved after a card the data does "
                              f"not know ({ctx.card_name(impulse.card)})",
                              needs=("card list",))
        return
    if card.campaign is not None:
        yield from _campaign(impulse, ctx, campaign_limit(ctx, card.campaign), card.name)
        return
    if card.id == "john_glover":
        return  # one General, with Glover's own move: WW-MOV-04 (rules/movement.py)
    if card.kind is not CardKind.OPS:
        yield Check.unchecked("WW-OPS-01", step, f"{names} moved after the event "
                              f"{card.name}; event texts are not interpreted",
                              needs=("card texts",))
        return
    # One OPS card (or one queue) activates one General (WW 6.2, 7.1.B).
    if len(set(generals)) > 1:
        yield Check.illegal("WW-OPS-01", step, f"one OPS card ({card.name}) activated "
                            f"{len(set(generals))} Generals ({names})", expected="1",
                            observed=str(len(set(generals))),
                            pieces=tuple(dict.fromkeys(map(ctx.general_name, generals))))
    through_queue = impulse.use is Use.QUEUE
    value = impulse.queue_total if through_queue else card.ops
    source = "the Operations Queue" if through_queue else f"a {card.ops}-OPS card"
    completes = "" if through_queue or impulse.queue_total is None else (
        f", {impulse.queue_total} with the Operations Queue it may complete")
    for general in dict.fromkeys(generals):
        record = ctx.data.generals.get(general)
        strategy = record.strategy.value if record is not None else None
        if not through_queue and impulse.queue_total is not None and strategy is not None and (
                strategy <= impulse.queue_total):
            # The card went to the discard pile while its side had an Operations Queue: as
            # the card that completes it, the queue's total activates (WW 7.1.B.ii-iii).
            yield Check.done("WW-OPS-01")
            continue
        if value is None or strategy is None:
            missing = "card ops values" if value is None else "strategy ratings"
            yield Check.unchecked("WW-OPS-01", step, f"activation of "
                                  f"{ctx.general_name(general)} with {card.name}: {missing} "
                                  "not in the data", needs=(missing,))
            continue
        # A General activates only if his Strategy Rating ≤ the OPS (WW 7.1.A, T2, 7.1.B.ii).
        if strategy > value:
            yield Check.illegal("WW-OPS-01", step, f"{ctx.general_name(general)} (Strategy "
                                f"{strategy}) activated with {source} worth {value}"
                                f"{completes}",
                                expected=f"Strategy ≤ {value}", observed=str(strategy),
                                pieces=(ctx.general_name(general),))
        else:
            yield Check.done("WW-OPS-01")


def _campaign(impulse: Impulse, ctx: Context, limit: int, name: str) -> Iterator[Outcome]:
    """WW-CAMP-01/02/03 (WW 7.2.A, 7.4.E): up to 3 (Major) or 2 (Minor) Generals, any
    rating, none twice, one after another; a Landing Party takes the place of one
    activation (WW 7.2.B)."""
    generals = [a.general for a in impulse.activations]
    step = impulse.activations[0].step
    used = len(generals) + (1 if impulse.landing_party else 0)
    if used > limit:
        what = (f"{len(generals)} Generals ({ctx.general_names(generals)})"
                + (" and a Landing Party in "
                   f"{ctx.space_names(c.space for c in impulse.landing_party)}"
                   if impulse.landing_party else ""))
        yield Check.illegal("WW-CAMP-01", step, f"{name} activated {what}; it allows {limit}",
                            expected=f"≤ {limit}", observed=str(used),
                            pieces=tuple(dict.fromkeys(map(ctx.general_name, generals))),
                            spaces=tuple(c.space for c in impulse.landing_party))
    yield Check.done("WW-CAMP-01")
    seen: set[str] = set()
    previous: str | None = None
    for activation in impulse.activations:
        if activation.general in seen:
            who = ctx.general_name(activation.general)
            yield Check.illegal("WW-CAMP-02", activation.step, f"{who} was activated twice "
                                f"by {name}", pieces=(who,))
            if previous is not None and previous != activation.general:
                # WW 7.2.A: "The first General must finish his entire activation
                # (including any Battles he wishes to fight) before the next General
                # begins."
                yield Check.illegal("WW-CAMP-03", activation.step, f"{who} moved again "
                                    f"after {ctx.general_name(previous)}'s activation had "
                                    f"begun ({name}): each activation, its battles "
                                    "included, finishes before the next starts",
                                    pieces=(who, ctx.general_name(previous)))
        seen.add(activation.general)
        previous = activation.general
    yield from _cus_moved_twice(impulse, ctx, name)
    yield Check.done("WW-CAMP-02")
    yield Check.done("WW-CAMP-03")


def _cus_moved_twice(impulse: Impulse, ctx: Context, name: str) -> Iterator[Outcome]:
    """WW-CAMP-02, the CU clause (WW 7.2.A: "nor may a given CU be moved by more than one
    General during a campaign"). CUs are fungible, so counts are compared: a General who
    picks up in a space more CUs than stood there before an earlier activation of the card
    dropped some off there moved one of those again. Losses and earlier pick-ups are not
    subtracted from the CUs that stood there, so only a certain breach is reported."""
    fresh: dict[str, int] = {}
    """CUs in a space before the first drop-off there this card."""
    delivered: dict[str, int] = {}
    for activation in impulse.activations:
        legs = activation.legs
        carried = [carried_total(leg.carried) for leg in legs]
        for index, leg in enumerate(legs):
            before = carried[index - 1] if index and (
                legs[index - 1].destination == leg.origin) else 0
            picked = carried[index] - before
            if picked > 0 and delivered.get(leg.origin) and picked > fresh[leg.origin]:
                who = ctx.general_name(leg.general)
                yield Check.illegal("WW-CAMP-02", leg.step, f"{who} took {picked} CUs from "
                                    f"{ctx.space_name(leg.origin)}, where only "
                                    f"{fresh[leg.origin]} stood before another General of "
                                    f"{name} brought CUs there: a CU moved with two Generals "
                                    "in one Campaign (WW 7.2.A)", spaces=(leg.origin,),
                                    pieces=(who,))
        for index, leg in enumerate(legs):
            after = carried[index + 1] if index + 1 < len(legs) and (
                legs[index + 1].origin == leg.destination) else 0
            dropped = carried[index] - after
            if dropped > 0:
                fresh.setdefault(leg.destination, leg.friendly_cus_at_destination)
                delivered[leg.destination] = delivered.get(leg.destination, 0) + dropped


def _unactivated(action: UnactivatedMove, ctx: Context) -> Iterator[Outcome]:
    """WW-MOV-01 (WW 7.0): movement happens only in the Strategy Phase, by an activated
    General; CUs move only with him. Reactions (interception, retreat before battle,
    retreat) are not movement, but need something that provoked them."""
    pieces = tuple(ctx.general_name(g) for g in action.generals)
    what = ", ".join(pieces) or f"{sum(n for _, n in action.carried)} CUs"
    message = (f"{what} moved {ctx.space_name(action.origin)} → "
               f"{ctx.space_name(action.destination)}: {action.why}")
    if not ctx.moment.known and "phase" in action.why:
        yield Check.unchecked("WW-MOV-01", action.step, message)
        return
    yield Check.illegal("WW-MOV-01", action.step, message,
                        spaces=(action.origin, action.destination), pieces=pieces)
    yield Check.done("WW-MOV-01")


__all__ = ["FAMILY", "campaign_limit", "judge"]
