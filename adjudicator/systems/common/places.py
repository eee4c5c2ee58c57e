"""Typed place ids: where a game piece can be (a map space, a box, a card pile, a hand…).

A binding's right-hand sides are strings (`space:boston`, `box:captured`, `hand:AM`,
`deck`); they are parsed once into `Place`s, and rules compare kinds and keys, never
string prefixes. A bound piece whose VASSAL location the binding cannot resolve is at an
`UNRESOLVED` place whose key is the raw location text, so rules can tell "unknown" from
"off the board" (`None`).
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from functools import lru_cache


class PlaceKind(StrEnum):
    """What kind of place a piece is in."""

    SPACE = "space"
    """A space of the map (the only places movement, battles and PCs concern)."""
    BOX = "box"
    """A holding box: reinforcements, captured generals, removed from play, …"""
    ZONE = "zone"
    """A named map area that is not a space (a blockade zone, a sea area)."""
    TRACK = "track"
    """A space of a track (turn record, alliance track, …)."""
    CARDS = "cards"
    """A card box or pile on the map (reinforcement card box, operations queue, …)."""
    DECK = "deck"
    DISCARD = "discard"
    SET_ASIDE = "set_aside"
    HAND = "hand"
    """A player's hand; the key is the side."""
    UNRESOLVED = "unresolved"
    """A location the binding could not resolve; the key is the raw location text."""


_KEYLESS = frozenset({PlaceKind.DECK, PlaceKind.DISCARD, PlaceKind.SET_ASIDE})
CARD_KINDS = frozenset({PlaceKind.CARDS, PlaceKind.DECK, PlaceKind.DISCARD,
                        PlaceKind.SET_ASIDE, PlaceKind.HAND})
"""Places that hold only cards."""


@dataclass(frozen=True, slots=True)
class Place:
    """One place: its kind and its key (space id, box id, side of a hand, …)."""

    kind: PlaceKind
    key: str = ""

    @property
    def is_space(self) -> bool:
        """Whether this is a space of the map."""
        return self.kind is PlaceKind.SPACE

    @property
    def resolved(self) -> bool:
        """False for a location the binding could not resolve."""
        return self.kind is not PlaceKind.UNRESOLVED

    @property
    def holds_cards(self) -> bool:
        """Whether only cards are kept here (a hand, a deck, a card box)."""
        return self.kind in CARD_KINDS

    def __str__(self) -> str:
        return self.kind.value if self.kind in _KEYLESS else f"{self.kind.value}:{self.key}"

    @classmethod
    def parse(cls, text: str) -> Place | None:
        """Read a binding's place id; None if it is not of a known form.

        >>> Place.parse("space:boston"), Place.parse("deck"), Place.parse("nowhere:x")
        (Place(kind=<PlaceKind.SPACE: 'space'>, key='boston'), \
Place(kind=<PlaceKind.DECK: 'deck'>, key=''), None)
        """
        return _parse(text)

    @classmethod
    def unresolved(cls, raw: str) -> Place:
        """The place of a piece at a location the binding does not know."""
        return cls(PlaceKind.UNRESOLVED, raw)


@lru_cache(maxsize=4096)
def space(key: str) -> Place:
    """The map space with this id (one value per id: rules ask for the same few spaces at
    every step)."""
    return Place(PlaceKind.SPACE, key)


def box(key: str) -> Place:
    """The box with this id."""
    return Place(PlaceKind.BOX, key)


def hand(side: str) -> Place:
    """A side's hand of cards."""
    return Place(PlaceKind.HAND, side)


@lru_cache(maxsize=4096)
def _parse(text: str) -> Place | None:
    kind_text, _, key = text.partition(":")
    try:
        kind = PlaceKind(kind_text)
    except ValueError:
        return None
    if kind is PlaceKind.UNRESOLVED:
        return None
    if kind in _KEYLESS:
        return Place(kind) if not key else None
    return Place(kind, key) if key else None


__all__ = ["CARD_KINDS", "Place", "PlaceKind", "box", "hand", "space"]
