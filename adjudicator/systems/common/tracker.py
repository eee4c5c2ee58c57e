"""Which game entity each VASSAL piece is, and where it is, kept step by step.

`PieceTracker` reads the whole board once (`scan`) and afterwards only the pieces a step
touched (`update`): moved, added, removed, or changed (a flipped two-sided marker changes
its name, so its entity). For each it reports a `Relocation` — the piece's (entity,
place) before and after — which a game's state applies. Cost per step is proportional to
the pieces the step touched, not to the board.

A piece the binding does not know is ignored, except in a place that holds only cards,
where it is still a card (`classify` decides). A bound piece on a map at a location the
binding cannot resolve is placed at `Place.unresolved(raw location)`; one in a stock pool
the binding names (`adjudicator.binding.is_stock`) is on no place (None), as off the map.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Generic, Protocol, TypeVar

from adjudicator.binding import Binding, is_stock
from adjudicator.replay import Board, Step
from adjudicator.systems.common.places import Place

E = TypeVar("E")
E_co = TypeVar("E_co", covariant=True)

Classify = Callable[[str, str | None, Place | None], "E | None"]
"""(piece name, its bound entity id or None, its place) → the game entity, or None."""


UNKNOWN_CARD = "?"
"""Prefix of the key of a card the binding does not know (followed by its piece name)."""


def classify_piece(name: str, entity_id: str | None, place: Place | None, *,
                   parse: Callable[[str], E | None], card: Callable[[str], E]) -> E | None:
    """A `Classify` for a game whose entity ids `parse` reads: an unbound piece in a place
    that holds only cards is still a card (`card(UNKNOWN_CARD + its name)`), so that its
    play is seen though the data does not know it."""
    entity = parse(entity_id) if entity_id else None
    if entity is None and place is not None and place.holds_cards:
        return card(UNKNOWN_CARD + name)
    return entity


class EntityForms(Protocol[E_co]):
    """A game's entity class: built from a kind and key, read from a binding's entity id."""

    def __call__(self, kind: str, key: str = "") -> E_co:
        """The entity of this kind and key (a card: `kind="card"`)."""
        ...

    def parse(self, entity_id: str) -> E_co | None:
        """The entity a binding's id names; None when the id is not one of the game's."""
        ...


def classifier(entities: EntityForms[E]) -> Callable[[str, str | None, Place | None], E | None]:
    """The `Classify` of a game whose entities are `entities` (`classify_piece`)."""

    def classify(name: str, entity_id: str | None, place: Place | None) -> E | None:
        return classify_piece(name, entity_id, place, parse=entities.parse,
                              card=lambda key: entities("card", key))

    return classify


@dataclass(frozen=True, slots=True)
class Placed(Generic[E]):
    """A game entity at a place (None: on no map — stock, or deleted)."""

    entity: E
    place: Place | None


@dataclass(frozen=True, slots=True)
class Relocation(Generic[E]):
    """One piece whose entity or place changed in a step."""

    piece_id: str
    name: str
    before: Placed[E] | None
    """None: the piece was not a game piece before (new, or unbound)."""
    after: Placed[E] | None
    """None: the piece is no longer a game piece (deleted, or unbound now)."""

    @property
    def origin(self) -> Place | None:
        """Where it was (None: nowhere on the board)."""
        return self.before.place if self.before is not None else None

    @property
    def destination(self) -> Place | None:
        """Where it is now (None: nowhere on the board)."""
        return self.after.place if self.after is not None else None

    @property
    def unresolved(self) -> bool:
        """Whether either end is a location the binding could not resolve."""
        return any(place is not None and not place.resolved
                   for place in (self.origin, self.destination))


_PLACE_CACHE_LIMIT = 50_000


class PieceTracker(Generic[E]):
    """Game entities on a VASSAL board, updated from each replay step."""

    __slots__ = ("_binding", "_classify", "_entity_ids", "_places", "_where")

    def __init__(self, binding: Binding, classify: Callable[[str, str | None, Place | None],
                                                             E | None]) -> None:
        self._binding = binding
        self._classify = classify
        self._where: dict[str, tuple[str, Placed[E]]] = {}
        self._entity_ids: dict[str, str | None] = {}
        self._places: dict[tuple[str | None, str | None, int, int], Place | None] = {}

    def __len__(self) -> int:
        return len(self._where)

    def placed(self) -> Iterator[tuple[str, str, Placed[E]]]:
        """Every tracked piece: (piece id, name, entity and place)."""
        for piece_id, (name, placed) in self._where.items():
            yield piece_id, name, placed

    def get(self, piece_id: str) -> Placed[E] | None:
        """The entity and place of one piece, if it is a game piece."""
        found = self._where.get(piece_id)
        return found[1] if found is not None else None

    def scan(self, board: Board) -> list[Relocation[E]]:
        """Read every piece of the board (step 0); each game piece is an arrival."""
        self._where.clear()
        found = []
        for item in board.pieces():
            relocation = self._refresh(item.id, board)
            if relocation is not None:
                found.append(relocation)
        return found

    def update(self, step: Step, board: Board) -> list[Relocation[E]]:
        """The game pieces this step moved, added, removed or changed, in board order."""
        touched = dict.fromkeys([*(m.piece_id for m in step.moves),
                                 *(e.piece_id for e in step.removed),
                                 *(e.piece_id for e in step.added),
                                 *(c.piece_id for c in step.changes)])
        found = []
        for piece_id in touched:
            relocation = self._refresh(piece_id, board)
            if relocation is not None:
                found.append(relocation)
        return found

    # ------------------------------------------------------------------ internals

    def _refresh(self, piece_id: str, board: Board) -> Relocation[E] | None:
        old = self._where.get(piece_id)
        item = board.get(piece_id)
        new: Placed[E] | None = None
        name = old[0] if old is not None else ""
        if item is not None and not item.is_container:
            name = item.name
            place = self._place_of(board, piece_id)
            entity = self._classify(name, self._entity_id(name), place)
            if entity is not None:
                new = Placed(entity, place)
        before = old[1] if old is not None else None
        if before == new:
            return None
        if new is None:
            self._where.pop(piece_id, None)
        else:
            self._where[piece_id] = (name, new)
        return Relocation(piece_id, name, before, new)

    def _entity_id(self, name: str) -> str | None:
        try:
            return self._entity_ids[name]
        except KeyError:
            found = self._entity_ids[name] = self._binding.entity(name)
            return found

    def _place_of(self, board: Board, piece_id: str) -> Place | None:
        position = board.position(piece_id)
        if position.map is None:
            return None
        key = (position.map, position.location, position.x, position.y)
        if position.location is not None and not self._binding.calibration:
            key = (position.map, position.location, 0, 0)
        if key in self._places:
            return self._places[key]
        bound = self._binding.place(position.map, position.location, position.x, position.y)
        place = Place.parse(bound) if bound is not None else None
        if bound is not None and is_stock(bound):
            pass  # a stock pool drawn on the map: off the map, as in the box of pieces
        elif place is None:
            place = Place.unresolved(position.location or f"{position.map} "
                                     f"({position.x}, {position.y})")
        if len(self._places) >= _PLACE_CACHE_LIMIT:
            self._places.clear()
        self._places[key] = place
        return place


class PieceState(ABC, Generic[E]):
    """A game's position kept from relocations: each piece is taken out of where it was,
    then put where it is now (`put` and `take` are the game's)."""

    __slots__ = ()

    def apply(self, relocation: Relocation[E]) -> None:
        """Take one piece out of where it was and put it where it is now."""
        if relocation.before is not None:
            self.take(relocation.before)
        if relocation.after is not None:
            self.put(relocation.after)

    @abstractmethod
    def put(self, placed: Placed[E]) -> None:
        """Add a piece where it now is."""

    @abstractmethod
    def take(self, placed: Placed[E]) -> None:
        """Remove a piece from where it was."""


__all__ = ["EntityForms", "PieceState", "PieceTracker", "Placed", "Relocation", "classifier",
           "classify_piece"]
