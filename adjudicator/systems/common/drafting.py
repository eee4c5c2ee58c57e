"""Drafting a binding for a module: its names matched to one game's words.

Every game drafts the same way. It lists, as data, the names a module might give each of
its piece entities and places (`BindingWords`); `draft_binding` matches the module's piece,
location and map names against them (`adjudicator.binding.match_names`), finds the global
properties the game reads, and lists what did not match for the user to fill in. Nothing
here is game-specific.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

from adjudicator.binding import Binding, Unmatched, match_names, normalize_name
from adjudicator.replay.clip import clip_name
from adjudicator.systems.common.module_names import module_location_names, module_piece_names
from vmod_schema.buildfile import Module

NameTable = Mapping[str, Sequence[str]]
"""Entity or place id → the names a module might give it (first match wins)."""


@dataclass(frozen=True, slots=True)
class BindingWords:
    """One game's words for a binding draft."""

    game: str
    """The game id the binding is for (`ww`, `wfa`)."""
    pieces: NameTable
    """Piece entity id → names (generals, counters, markers, cards)."""
    places: NameTable
    """Place id → names (spaces, boxes, tracks, decks, hands)."""
    properties: Mapping[str, Sequence[str]]
    """Game concept → the global property names that may hold it, in order of preference."""
    optional: tuple[str, ...] = ()
    """Id prefixes of entities a module need not have: not listed when no name matched."""
    map_places: str = "hand:"
    """The id prefix of places that are a whole map (a player's hand)."""


def word_forms(words: Iterable[str], *patterns: str, **values: object) -> list[str]:
    """Each word put into each pattern, word by word: the names of one entity.

    >>> word_forms(("American", "AM"), "{w} CU {n}", "{n} {w} CU", n=5)
    ['American CU 5', '5 American CU', 'AM CU 5', '5 AM CU']
    """
    return [pattern.format(w=word, **values) for word in words for pattern in patterns]


def numbered(entity: str, numbers: Iterable[int], *patterns: str) -> dict[str, list[str]]:
    """One entity per number (the boxes of a track): its id and its names from patterns
    with `{n}`.

    >>> numbered("track:ap_{n}", range(2), "AP {n}", "AP Track {n}")
    {'track:ap_0': ['AP 0', 'AP Track 0'], 'track:ap_1': ['AP 1', 'AP Track 1']}
    """
    return {entity.format(n=n): [pattern.format(n=n) for pattern in patterns]
            for n in numbers}


def draft_binding(module: Module, words: BindingWords) -> Binding:
    """A binding drafted by name matching, with what did not match listed."""
    pieces, unmatched_pieces, missing_pieces = match_names(module_piece_names(module),
                                                           words.pieces)
    locations_found, whole_maps = module_location_names(module)
    locations, unmatched_locations, missing_places = match_names(locations_found,
                                                                 words.places)
    maps, _, _ = match_names(whole_maps, {k: v for k, v in words.places.items()
                                          if k.startswith(words.map_places)})
    defined = {p.name for p in module.global_properties}
    properties: dict[str, str] = {}
    for concept, candidates in words.properties.items():
        found = next((name for name in candidates if name in defined), None)
        if found is not None:
            properties[concept] = found
    bound_maps = set(maps.values())
    missing = [e for e in [*missing_pieces, *missing_places]
               if not e.startswith(words.optional) and e not in bound_maps]
    # A module's own names are shown cut to a name's length: a hostile module names itself
    # or its pieces with whole documents (issue 18); a name that long binds to nothing.
    return Binding(
        game=words.game, module=clip_name(module.name), pieces=pieces, locations=locations,
        maps=maps, properties=properties,
        unmatched=Unmatched(pieces=[clip_name(name) for name in unmatched_pieces],
                            locations=[clip_name(name) for name in unmatched_locations],
                            entities=missing))


__all__ = ["BindingWords", "NameTable", "draft_binding", "numbered", "word_forms"]


def without_clashes(table: Mapping[str, Sequence[str]]) -> dict[str, list[str]]:
    """Each entity's names without the aliases that are another entity's printed name (its
    first): the printed name wins."""
    printed = {normalize_name(forms[0]): entity for entity, forms in table.items() if forms}
    return {entity: [form for index, form in enumerate(forms)
                     if index == 0 or printed.get(normalize_name(form), entity) == entity]
            for entity, forms in table.items()}


def entity_names(entities: Mapping[str, Iterable[str]]) -> dict[str, str]:
    """Entity id → its first (printed) name: what a fixture module calls it."""
    return {entity: next(iter(forms)) for entity, forms in entities.items()}
