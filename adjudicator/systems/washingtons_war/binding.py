"""Drafting a Washington's War binding for a module by matching names.

Pieces are matched to Generals (by name), CU counters (`American CU 5`, `5 BR CU`, …),
PC markers (`American PC` / `British PC`: a two-sided marker shows one name per side),
the French Navy, the Continental Congress and cards (by title). Locations are matched to
the spaces of the data and to the boxes, card boxes and decks below. What does not match
is listed in the binding's `[unmatched]` table for the user to fill in.
"""

from __future__ import annotations

from adjudicator.binding import Binding
from adjudicator.systems.common import drafting
from adjudicator.systems.common.drafting import BindingWords, numbered, word_forms
from adjudicator.systems.washingtons_war.data import Nationality, Side, WWData
from adjudicator.systems.washingtons_war.data.vocabulary import (
    FIRST_YEAR,
    LAST_YEAR,
    BlockadeZone,
)
from vmod_schema.buildfile import Module

NATIONALITY_WORDS = {
    Nationality.AM: ("American", "AM", "Continental", "US"),
    Nationality.BR: ("British", "BR", "UK"),
    Nationality.FR: ("French", "FR"),
}
SIDE_WORDS = {Side.AM: ("American", "AM", "US"), Side.BR: ("British", "BR", "UK")}
ALLIANCE_SPACES = 10
"""The French Alliance Track's spaces, 0 to 9 (WW 12.0)."""
CU_VALUES = (1, 2, 3, 5)
"""CU denominations (WW 2.2.A)."""

PLACES: dict[str, tuple[str, ...]] = {
    "box:br_reinforcements": ("British Reinforcement Box", "British Reinforcements",
                              "BR Reinforcement Box", "British Reinforcements Box"),
    "box:am_reinforcements": ("American Reinforcement Box", "American Reinforcements",
                              "AM Reinforcement Box", "American Reinforcements Box"),
    "box:fr_reinforcements": ("French Reinforcement Box", "French Reinforcements",
                              "FR Reinforcement Box"),
    "box:captured": ("Captured Generals Box", "Captured Generals", "Captured"),
    "box:congress_dispersed": ("Congress Dispersed Box", "Continental Congress Dispersed Box",
                               "Congress Dispersed"),
    "box:removed": ("Removed From Play", "Removed", "Permanently Removed"),
    "cards:am_reinforcement": ("American Reinforcement Cards", "American Reinforcement Card",
                               "American Reinforcement Card Box"),
    "cards:br_reinforcement": ("British Reinforcement Cards", "British Reinforcement Card",
                               "British Reinforcement Card Box"),
    "cards:am_queue": ("American OPS Queue", "American Operations Queue"),
    "cards:br_queue": ("British OPS Queue", "British Operations Queue"),
    "cards:war_ends": ("War Ends Box", "War Ends", "War Ends Card"),
    "deck": ("Strategy Deck", "Deck", "Draw Pile", "Strategy Cards"),
    "discard": ("Discard", "Discard Pile", "Discards"),
    "set_aside": ("Set Aside", "Set Aside Cards"),
    "hand:AM": ("American Hand", "AM Hand", "American Cards"),
    "hand:BR": ("British Hand", "BR Hand", "British Cards"),
}
"""Boxes, card boxes, decks and hands (WW 4.0, 6.1, 7.1.B, 8.1.B, 8.2.B, 6.34.C.iii)."""


def zone_names(zone: BlockadeZone) -> tuple[str, ...]:
    """The names a module might give a Blockade Zone box (WW 12.3): `New England`,
    `New England Blockade Zone`, `Blockade Zone: New England`, …"""
    name = zone.value
    return (name, f"{name} Blockade Zone", f"{name} Zone", f"Blockade Zone {name}",
            f"Blockade Zone: {name}", f"{name} Blockade Box", f"{name} Box")


BLOCKADE_ZONES: dict[str, tuple[str, ...]] = {
    f"zone:{zone.value}": zone_names(zone) for zone in BlockadeZone}
"""The seven Blockade Zone boxes (WW 12.3), as `zone:<BlockadeZone value>` places, so the
French Navy's box names the Blockaded Zone (`WWState.navy_zone`)."""
MARKERS: dict[str, tuple[str, ...]] = {
    "turn:regulars": ("British Regulars", "Regulars", "British Regulars Advantage",
                      "Game Turn British Regulars", "Turn British Regulars"),
    "turn:no_regulars": ("No Regulars", "No British Regulars",
                         "No British Regulars Advantage", "Game Turn No Regulars",
                         "Turn No Regulars"),
    "alliance:track": ("French Alliance", "French Alliance Marker"),
    "alliance:european_war": ("European War", "European War Marker"),
}
"""The two-sided markers, one entity per side: the Game Turn marker (its British Regulars
and No Regulars sides, WW 4.0, 9.41) and the French Alliance marker (its French Alliance
and European War sides, WW 12.0, 12.2.B.iii)."""
TRACKS: dict[str, list[str]] = {
    **numbered("track:turn_{n}", range(FIRST_YEAR, LAST_YEAR + 1), "Turn {n}",
               "Game Turn {n}", "Turn Track {n}"),
    **numbered("track:alliance_{n}", range(ALLIANCE_SPACES), "French Alliance {n}",
               "French Alliance Track {n}", "FA {n}", "Alliance {n}"),
}
"""The spaces of the Game Turn Record Track (`track:turn_<year>`, where the French Navy
waits after "d'Estaing", WW 12.2, and the European War marker goes, WW 12.2.B.iii) and of
the French Alliance Track (`track:alliance_<0..9>`, WW 12.0)."""
PROPERTIES: dict[str, tuple[str, ...]] = {
    "year": ("Year", "Turn", "Game Turn", "GameTurn"),
    "phase": ("Phase", "Game Phase", "GamePhase", "Current Phase"),
}
"""Global properties naming the year and the current phase (WW 5.0), if the module keeps
them."""
OPTIONAL = ("cu:", "pc:", "card:")
"""Entities a module need not have one piece for (every CU value, PC side and card)."""


def piece_entities(data: WWData) -> dict[str, list[str]]:
    """Every piece entity id with the names a module might give it."""
    entities: dict[str, list[str]] = {}
    for general in data.generals.values():
        entities[f"general:{general.id}"] = [general.name, f"General {general.name}",
                                             f"Gen {general.name}"]
    for nationality, words in NATIONALITY_WORDS.items():
        for value in CU_VALUES:
            entities[f"cu:{nationality}:{value}"] = word_forms(
                words, "{w} CU {n}", "{n} {w} CU", "{w} {n} CU", "{w} CU x{n}", n=value)
    for side, words in SIDE_WORDS.items():
        entities[f"pc:{side}"] = word_forms(words, "{w} PC", "{w} Political Control",
                                       "{w} Control")
    entities["navy"] = ["French Navy", "French Fleet"]
    entities.update({entity: list(names) for entity, names in MARKERS.items()})
    entities["congress"] = ["Continental Congress", "Congress"]
    for card in data.cards.values():
        entities.setdefault(f"card:{card.id}", [card.name, *card.aliases])
    return entities


def place_entities(data: WWData) -> dict[str, list[str]]:
    """Every place id with the names a module might give it."""
    places = {f"space:{space.id}": [space.name, *space.aliases]
              for space in data.spaces.values()}
    places.update({place: list(names) for place, names in PLACES.items()})
    places.update({place: list(names) for place, names in BLOCKADE_ZONES.items()})
    places.update({place: list(names) for place, names in TRACKS.items()})
    return places


def draft_binding(module: Module, data: WWData) -> Binding:
    """A binding drafted by name matching, with what did not match listed."""
    return drafting.draft_binding(module, BindingWords(
        game="ww", pieces=piece_entities(data), places=place_entities(data),
        properties=PROPERTIES, optional=OPTIONAL))


__all__ = ["BLOCKADE_ZONES", "MARKERS", "PROPERTIES", "TRACKS", "draft_binding",
           "piece_entities", "place_entities"]
