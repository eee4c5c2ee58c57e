"""Drafting an American Revolution binding for a module by matching names.

Pieces are matched to the formations (`unit:gb_regular`, each also on its Disrupted side,
`unit:gb_regular:disrupted`), the leaders (`leader:washington`, `leader:washington:disrupted`),
the campaign markers (`marker:drillmaster`), the map markers (`fortress`, `siege`,
`partisan:US`, `partisan:GB`, `massacre`) and the track markers (`rp`, `bop`,
`loyalty:<region>`), all by the data's names and aliases. Locations are matched to the
locales (`space:<locale>`, the three off-map boxes included), the Marker Pool (`deck`), the
hands (`hand:US`, `hand:GB`), the tables and boxes of the map (`zone:…`, `box:…`) and the
boxes of its tracks (`track:rp_<0..4>`, `track:bop_<m3..p3>`,
`track:loyalty_<region>_<m3..p3>`). What does not match is listed in the binding's
`[unmatched]` table.

A name one entity prints is never also bound as another's alias: the Indian formation's
alias `Indians` is the Indians campaign marker's name, so it names the marker only.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from adjudicator.binding import Binding
from adjudicator.systems.american_revolution.data.models import ARData
from adjudicator.systems.american_revolution.data.vocabulary import Side
from adjudicator.systems.common import drafting
from adjudicator.systems.common.drafting import (
    BindingWords,
    entity_names,
    without_clashes,
    word_forms,
)
from vmod_schema.buildfile import Module

GAME = "ar"
SIDE_WORDS: Mapping[Side, tuple[str, ...]] = {
    Side.US: ("American", "US", "Rebel"),
    Side.GB: ("British", "GB", "UK"),
}
"""How modules name the two sides (digest section 0)."""
COLONIAL_REGIONS = ("new_england", "mid_atlantic", "virginia", "deep_south", "west",
                    "florida", "canada")
"""The seven colonial regions with a Loyalty track (AR 3.1, 11.1; digest 1.4)."""
RP_LEVELS = ("Don't Tread on Me", "Continental Congress", "Declaration of Independence",
             "Continental Army Professionalizes", "Articles of Confederation")
"""The Revolutionary Progress levels, 0 to 4 (AR 10.1, 10.4; digest 5.6)."""
STEPS = (-3, -2, -1, 0, 1, 2, 3)
"""The boxes of the Balance of Power and Loyalty tracks, positive = Pro-American (digest
section 0)."""
DISRUPTED = "disrupted"
"""The suffix of a unit's or leader's Disrupted side (`unit:gb_regular:disrupted`)."""

MAP_MARKERS: Mapping[str, tuple[str, ...]] = {
    "fortress": ("Fortress", "Fortress Marker", "Fort"),
    "siege": ("Siege", "Siege Marker"),
    "partisan:US": ("Rebel Partisan", "Rebel Partisans", "American Partisan", "Rebels",
                    "US Partisan"),
    "partisan:GB": ("Tory Partisan", "Tory Partisans", "British Partisan", "Tories",
                    "GB Partisan"),
    "massacre": ("Massacre", "Massacre Marker"),
}
"""The markers of the map (AR 2.15, 28, 29.1, 37)."""
TRACK_MARKERS: Mapping[str, tuple[str, ...]] = {
    "rp": ("Revolutionary Progress", "RP", "Revolutionary Progress Marker", "RP Marker"),
    "bop": ("Balance of Power", "European Balance of Power", "BoP", "BOP",
            "Balance of Power Marker"),
}
"""The RP and BoP markers (AR 10.1, 12.1); the Loyalty markers come from the regions."""
PLACES: Mapping[str, tuple[str, ...]] = {
    "deck": ("Marker Pool", "Pool", "Campaign Marker Pool", "Campaign Markers"),
    **{f"hand:{side}": tuple(word_forms(words, "{w} Hand", "{w} Markers"))
       for side, words in SIDE_WORDS.items()},
    "zone:initiative": ("Initiative Box", "Initiative"),
    "zone:rr_rp": ("Revolutionary Progress Table", "RP Table",
                   "Revolutionary Progress Rabble Rousing"),
    "zone:rr_bop": ("Balance of Power Table", "European Balance of Power Table",
                    "BoP Table"),
    "zone:played": ("Played Markers", "Played", "Played Marker Box"),
    **{f"zone:battle_{side}": tuple(word_forms(words, "{w} Battle Box", "{w} Tactics"))
       for side, words in SIDE_WORDS.items()},
    **{f"box:leader_pool_{side}": tuple(word_forms(words, "{w} Leader Pool",
                                                   "Leader Pool {w}"))
       for side, words in SIDE_WORDS.items()},
    "box:eliminated": ("Eliminated Units", "Eliminated", "Dead Pile"),
    "box:removed": ("Removed From Play", "Removed", "Permanently Removed"),
    "box:set_aside": ("Set Aside", "Set Aside Box"),
}
"""The Marker Pool (AR 4.1, 7.0), the hands, the tables the markers are committed on
(AR 8.1, 9.1), the battle boxes (Tactics committed, AR 18.3), the leader pools (AR 13.2)
and the holding boxes."""
PROPERTIES: Mapping[str, tuple[str, ...]] = {
    "turn": ("Turn", "Year", "Game Turn"),
    "phase": ("Phase", "Game Phase", "Current Phase"),
    "first_player": ("First Player", "FirstPlayer", "Initiative"),
    "pp:US": ("American PP", "US PP", "American Political Points"),
    "pp:GB": ("British PP", "GB PP", "British Political Points"),
}
"""Global properties naming the turn, phase, First Player and each side's PP (AR 5.1, 6.1),
if the module keeps them."""
OPTIONAL = ("track:", "zone:", "box:", "marker:", "massacre", "siege", "fortress",
            "partisan:", "leader:leader_arises_")
"""Entities and places a module need not have: not listed when no name matched them."""


def _signed(step: int) -> str:
    return f"+{step}" if step > 0 else str(step)


def _step_id(step: int) -> str:
    return f"p{step}" if step > 0 else f"m{-step}" if step < 0 else "0"


def _sides(forms: Sequence[str]) -> list[str]:
    """The names of a counter's Disrupted side."""
    return [*(f"{form} (Disrupted)" for form in forms), *(f"Disrupted {form}" for form in forms),
            *(f"{form} Disrupted" for form in forms)]


def region_names(data: ARData) -> dict[str, list[str]]:
    """The seven colonial regions' names and aliases."""
    return {rid: [data.regions[rid].name, *data.regions[rid].aliases]
            for rid in COLONIAL_REGIONS if rid in data.regions}


def piece_entities(data: ARData) -> dict[str, list[str]]:
    """Every piece entity id with the names a module might give it."""
    entities: dict[str, list[str]] = {}
    for formation in data.formations.values():
        forms = [formation.name, *formation.aliases]
        entities[f"unit:{formation.id}"] = forms
        entities[f"unit:{formation.id}:{DISRUPTED}"] = _sides(forms)
    for leader in data.leaders.values():
        forms = [leader.name, *leader.aliases]
        forms += [f"General {form}" for form in forms]
        entities[f"leader:{leader.id}"] = forms
        entities[f"leader:{leader.id}:{DISRUPTED}"] = _sides(forms)
    for marker in data.markers.values():
        entities[f"marker:{marker.id}"] = [marker.name, *marker.aliases,
                                           f"{marker.name} Marker"]
    entities.update({entity: list(forms) for entity, forms in MAP_MARKERS.items()})
    entities.update({entity: list(forms) for entity, forms in TRACK_MARKERS.items()})
    for rid, forms in region_names(data).items():
        entities[f"loyalty:{rid}"] = word_forms(forms, "{w} Loyalty", "Loyalty {w}",
                                                "{w} Loyalty Marker")
    return without_clashes(entities)


def place_entities(data: ARData) -> dict[str, list[str]]:
    """Every place id with the names a module might give it."""
    places: dict[str, list[str]] = {}
    for locale in data.locales.values():
        forms = [locale.name, *locale.aliases]
        if locale.id.endswith("_box"):
            forms = [f"{locale.name} Box", *forms,
                     *(f"{alias} Box" for alias in locale.aliases)]
        places[f"space:{locale.id}"] = forms
    places.update({place: list(forms) for place, forms in PLACES.items()})
    regions = region_names(data)
    for rid, forms in regions.items():
        places[f"zone:rr_{rid}"] = word_forms(forms, "{w} Loyalty Table", "{w} Table",
                                              "Loyalty Table {w}")
    for level, name in enumerate(RP_LEVELS):
        places[f"track:rp_{level}"] = [name, f"RP {level}", f"Revolutionary Progress {level}"]
    for step in STEPS:
        sign = _signed(step)
        places[f"track:bop_{_step_id(step)}"] = [f"BoP {sign}", f"Balance of Power {sign}",
                                                 f"BOP {sign}"]
        for rid, forms in regions.items():
            places[f"track:loyalty_{rid}_{_step_id(step)}"] = word_forms(
                forms, "{w} Loyalty {s}", "Loyalty {w} {s}", s=sign)
    return without_clashes(places)


def binding_words(data: ARData) -> BindingWords:
    """The American Revolution's words for a binding draft, from the game data."""
    return BindingWords(game=GAME, pieces=piece_entities(data), places=place_entities(data),
                        properties=PROPERTIES, optional=OPTIONAL)


def draft_binding(module: Module, data: ARData) -> Binding:
    """A binding drafted by name matching, with what did not match listed."""
    return drafting.draft_binding(module, binding_words(data))


__all__ = ["COLONIAL_REGIONS", "DISRUPTED", "GAME", "MAP_MARKERS", "PLACES", "PROPERTIES",
           "RP_LEVELS", "STEPS", "TRACK_MARKERS", "binding_words", "draft_binding",
           "entity_names", "piece_entities", "place_entities", "region_names"]
