"""What every War for America rule reads: where the action stands in the sequence of play,
and names for messages.

The referee builds one `Context` per action from `procedure.Sequencer.advance`: `procedure`
is `Advance.at` (the action's pulse and round opened, its own effect not yet counted) and
`placement` is `Advance.placement`. The sequence facts of that advance (`PulseOpened` …)
are judged with the same context. Cards are looked up through `CardBook`, which the data
provides (a card's title and printed number).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Protocol

from adjudicator.systems.war_for_america.procedure import Placement, Pulse, WfAProcedure


class CardBook(Protocol):
    """Card facts a rule needs (the data's Action Card list, WfA 20.0)."""

    def card_name(self, card: str) -> str:
        """A card's title (or its piece name when the data does not know it)."""
        ...

    def card_number(self, card: str) -> int | None:
        """A card's printed number (None: not known)."""
        ...


@dataclass(frozen=True, slots=True)
class CardIndex:
    """A `CardBook` from two mappings (card id → title, card id → number)."""

    names: Mapping[str, str] = field(default_factory=dict)
    numbers: Mapping[str, int] = field(default_factory=dict)

    def card_name(self, card: str) -> str:
        """A card's title, or its id without a leading `?`."""
        return self.names.get(card, card.lstrip("?"))

    def card_number(self, card: str) -> int | None:
        """A card's printed number."""
        return self.numbers.get(card)


@dataclass(slots=True)
class Context:
    """The inputs of every War for America rule check."""

    procedure: WfAProcedure
    placement: Placement
    cards: CardBook = field(default_factory=CardIndex)

    @property
    def pulse(self) -> Pulse | None:
        """The Action Pulse the action belongs to, when the placement knows it."""
        return self.placement.pulse


def side_name(side: str | None) -> str:
    """`British`, `Colonial` or `a player`."""
    return side.capitalize() if side else "a player"


__all__ = ["CardBook", "CardIndex", "Context", "side_name"]
