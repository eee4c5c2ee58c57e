"""Activating Generals with a card (WW 6.2, 7.1, 7.2; table T2)."""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from adjudicator.systems.washingtons_war.data import Campaign, Card, WWData
from adjudicator.systems.washingtons_war.rules.base import Check, Outcome

CAMPAIGN_LIMIT = {Campaign.MAJOR: 3, Campaign.MINOR: 2}
"""WW 7.2.A: a Major Campaign activates up to 3 Generals, a Minor Campaign up to 2."""


def check_activation(data: WWData, card: Card | None, generals: Sequence[str],
                     step: int) -> Iterator[Outcome]:
    """WW-OPS-01, WW-CAMP-01 and the one-General part of WW-SEQ-06 for one card."""
    names = ", ".join(data.generals[g].name if g in data.generals else g for g in generals)
    if card is None:
        yield Check.unchecked("WW-OPS-01", step, f"{names} moved after a card the data does "
                              "not know", needs=("card list",))
        return
    if card.campaign is not None:
        limit = CAMPAIGN_LIMIT[card.campaign]
        # Strategy ratings are ignored; only the number of Generals counts (WW 7.2.A).
        if len(generals) > limit:
            yield Check.illegal("WW-CAMP-01", step, f"{card.name} activated {len(generals)} "
                                f"Generals ({names}); it allows {limit}",
                                expected=f"≤ {limit}", observed=str(len(generals)))
        yield Check.done("WW-CAMP-01")
        return
    if card.id == "john_glover":
        # Glover activates one American General (WW 7.3.C Special).
        if len(generals) > 1:
            yield Check.illegal("WW-SEQ-06", step, f"{card.name} activates one General, but "
                                f"{names} moved")
        return
    if card.kind != "ops":
        yield Check.unchecked("WW-OPS-01", step, f"{names} moved after the event "
                              f"{card.name}; events are not interpreted yet",
                              needs=("card texts",))
        return
    # One OPS card activates one General (WW 6.2, 5.3).
    if len(generals) > 1:
        yield Check.illegal("WW-SEQ-06", step, f"one OPS card activated {len(generals)} "
                            f"Generals ({names})", expected="1", observed=str(len(generals)))
    yield Check.done("WW-SEQ-06")
    for general in generals:
        record = data.generals.get(general)
        strategy = record.strategy.value if record is not None else None
        if card.ops is None or strategy is None:
            missing = ("card ops values",) if card.ops is None else ("strategy ratings",)
            yield Check.unchecked("WW-OPS-01", step, f"activation of "
                                  f"{record.name if record else general} with {card.name}: "
                                  f"{missing[0]} not in the data", needs=missing)
            continue
        # A General activates only if his Strategy Rating ≤ the card's OPS (WW 7.1.A, T2).
        if strategy > card.ops:
            yield Check.illegal("WW-OPS-01", step, f"{record.name if record else general} "
                                f"(Strategy {strategy}) activated with a {card.ops}-OPS card",
                                expected=f"Strategy ≤ {card.ops}", observed=str(strategy),
                                pieces=(record.name if record else general,))
        else:
            yield Check.done("WW-OPS-01")


def check_card_destination(destination: str, reinforced: bool, acted: bool,
                           step: int) -> Iterator[Outcome]:
    """WW-CARD-14 (WW 6.2, 8.1.B, 8.2.B): an OPS card used to reinforce goes into the
    Reinforcement Card box; one used to move or place PCs goes to the discard pile."""
    to_box = "reinforcement" in destination
    if reinforced and not to_box:
        yield Check.illegal("WW-CARD-14", step, "reinforcements came with an OPS card that "
                            "was not put into the Reinforcement Card box")
    elif to_box and acted and not reinforced:
        yield Check.illegal("WW-CARD-14", step, "an OPS card put into the Reinforcement Card "
                            "box was used to move or place PCs")
    yield Check.done("WW-CARD-14")
