"""Drafting an Almost a Miracle! binding for a module by matching names.

Pieces are matched to the SP counters of each unit kind (`sp:<kind>:<value>`, e.g.
`sp:cont_regular:5` for `Continental Regulars 5 SP`), the leaders (`leader:<id>`, their
moved side `leader:<id>:moved`), the baggage trains (`bt:<side>`, their magazine side
`bt:<side>:mag`, captured trains `bt:<side>:captured`), the Bases of Operations
(`boo:<side>`), the forts (`fort:<side>:build`, `fort:<side>`, `fort:destroyed`), the siege
markers (`siege:1`, `siege:2`), the Moved marker (`moved`), the Major Victory marker
(`mv:british`, `mv:continental`), the French Intervention marker (`fi`), the Sea Control
marker (`sea_control:british`, `sea_control:french`), the weather marker (`weather:rain`,
`weather:flood`) and the Royal Governor (`governor`) (AaM 1.2-1.6; digest 1.2-1.6).
Locations are matched to the Areas (`space:<Area id>`, printed `NE13 Boston`, or the id
alone when the Area has no name) and to the boxes (`box:at_sea`, `box:transit`,
`box:bt_available_<side>`, `box:bt_expended_<side>`, `box:leader_pow_<side>`,
`box:pow_<side>`, `box:eliminated`, `box:turn_track`, `box:weather`) and to the Turn Record
Track's month boxes (`track:turn_<year>_<month>`, `track:turn_1778_10` printed `Oct 1778`,
June 1775 to October 1781; a module showing the track as one box binds `box:turn_track`,
and the months are then not read). Sides are `continental` and
`british`. What does not match is listed in the binding's `[unmatched]` table.

SP counters come in denominations a module chooses; every `SP_VALUES` denomination of
every unit kind is a word, and none is required (`OPTIONAL`).
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence

from adjudicator.binding import Binding
from adjudicator.systems.almost_a_miracle.data.models import AaMData, Area, UnitKind
from adjudicator.systems.almost_a_miracle.data.vocabulary import Side
from adjudicator.systems.common import drafting
from adjudicator.systems.common.drafting import (
    BindingWords,
    entity_names,
    without_clashes,
    word_forms,
)
from vmod_schema.buildfile import Module

GAME = "aam"
SIDE_WORDS: Mapping[Side, tuple[str, ...]] = {
    Side.CONTINENTAL: ("Continental", "American", "Rebel"),
    Side.BRITISH: ("British", "GB", "UK"),
}
"""How modules name the two sides (AaM 1.0)."""
SP_VALUES = (1, 2, 3, 4, 5, 6, 8, 10, 12, 15, 20, 25, 30, 40, 50)
"""The SP denominations a module may print on its counters: a word for each, none
required. The fixture module uses 1, 2, 3, 5, 10 and 20 (made up)."""
MOVED = "moved"
"""The suffix of a leader's moved (back) side: `leader:washington:moved` (AaM 8.2)."""
MONTHS = ("January", "February", "March", "April", "May", "June", "July", "August",
          "September", "October", "November", "December")
"""The values of the `month` property (1 game turn = 1 month, AaM 1.1)."""
PHASES = ("Siege Resolution", "Attrition", "Reinforcement", "Logistics and Engineering",
          "Endeavors", "Adjustment", "Special Siege Resolution")
"""The values of the `phase` property, phases A to G (AaM 3.0)."""


def _side_forms(patterns: Sequence[str]) -> dict[str, list[str]]:
    """One entity per side, `<prefix>:<side>` → each side word put into each pattern."""
    return {str(side): word_forms(words, *patterns) for side, words in SIDE_WORDS.items()}


MARKERS: Mapping[str, tuple[str, ...]] = {
    "fort:destroyed": ("Destroyed Fort", "Fort Destroyed", "Destroyed Fort Marker"),
    "siege:1": ("Siege L1", "Siege Level 1", "Siege 1", "Siege L1 Marker"),
    "siege:2": ("Siege L2", "Siege Level 2", "Siege 2", "Siege L2 Marker"),
    "moved": ("Moved", "Moved Marker"),
    "mv:british": ("British Major Victory", "Major Victory British", "British MV",
                   "MV British", "Major Victory (British)"),
    "mv:continental": ("Continental Major Victory", "Major Victory Continental",
                       "Continental MV", "MV Continental", "Major Victory (Continental)",
                       "American Major Victory"),
    "fi": ("French Intervention", "French Intervention Marker", "FI", "FI Marker"),
    "sea_control:british": ("British Sea Control", "Sea Control British",
                            "British Sea Control Marker"),
    "sea_control:french": ("French Sea Control", "Sea Control French",
                           "French Sea Control Marker"),
    "weather:rain": ("Rain", "Rain Marker", "Weather Rain"),
    "weather:flood": ("Flood", "Flood Marker", "Weather Flood"),
    "governor": ("Royal Governor", "Governor", "Royal Governor Marker"),
}
"""The markers of the map and its boxes (AaM 1.5, 1.6; digest 1.5-1.6): the Destroyed
Fort, the siege marker's two levels, Moved, the Major Victory marker's two sides, French
Intervention, the Sea Control marker's two sides, the Rain/Flood marker, the Royal
Governor."""


def _side_markers() -> dict[str, list[str]]:
    entities: dict[str, list[str]] = {}
    for side, forms in _side_forms(("{w} Baggage Train", "{w} BT", "{w} Supply Train",
                                    "{w} Baggage Train (Train)")).items():
        entities[f"bt:{side}"] = forms
    for side, forms in _side_forms(("{w} Magazine", "{w} MAG", "{w} Baggage Train (Magazine)",
                                    "{w} Magazine Marker")).items():
        entities[f"bt:{side}:mag"] = forms
    for side, forms in _side_forms(("{w} Captured Baggage Train", "{w} Captured BT",
                                    "{w} CAPTD", "{w} CAPTD BT")).items():
        entities[f"bt:{side}:captured"] = forms
    for side, forms in _side_forms(("{w} Base of Operations", "{w} BoO", "{w} Base",
                                    "{w} BoO Marker")).items():
        entities[f"boo:{side}"] = forms
    for side, forms in _side_forms(("{w} Fort (Build)", "{w} Fort Build", "{w} Build",
                                    "{w} Fort Build Marker")).items():
        entities[f"fort:{side}:build"] = forms
    for side, forms in _side_forms(("{w} Fort", "{w} Fort Marker")).items():
        entities[f"fort:{side}"] = forms
    return entities


PLACES: Mapping[str, tuple[str, ...]] = {
    "box:at_sea": ("At Sea", "At Sea Box", "At Sea box", "Sea Box"),
    "box:transit": ("Transit Area", "Transit", "Transit Box"),
    **{f"box:bt_available_{side}": tuple(word_forms(
        words, "{w} BT Available", "{w} Baggage Trains Available", "{w} Available BT",
        "{w} BT Pool Available", "{w} Available"))
       for side, words in SIDE_WORDS.items()},
    **{f"box:bt_expended_{side}": tuple(word_forms(
        words, "{w} BT Expended", "{w} Baggage Trains Expended", "{w} Expended BT",
        "{w} BT Pool Expended", "{w} Expended"))
       for side, words in SIDE_WORDS.items()},
    **{f"box:leader_pow_{side}": tuple(word_forms(
        words, "{w} Leader POW", "{w} Leader POW Box", "{w} Leaders POW",
        "{w} POW Leaders"))
       for side, words in SIDE_WORDS.items()},
    **{f"box:pow_{side}": tuple(word_forms(
        words, "{w} POW", "{w} POW SP", "{w} POW Track", "{w} POWs", "{w} POW Box",
        "{w} Prisoners"))
       for side, words in SIDE_WORDS.items()},
    "box:eliminated": ("Eliminated", "Eliminated Units", "Eliminated Box", "Dead Pile"),
    "box:turn_track": ("Turn Record Track", "Turn Track", "Game Turn Record Track"),
    "box:weather": ("Weather Box", "Weather", "Weather Track"),
}
"""The At Sea box (AaM 10.5.6), the Transit Area (AaM 10.1.6), the Baggage Train Pools
(Available / Expended, AaM 6.4), the Leader POW boxes (AaM 15.2), the POW SP tracks (AaM
15.1, 15.3), the eliminated units, the Turn Record Track as one box (AaM 3.0F) and the
Weather Box (AaM 8.3.3)."""
TRACK_MONTHS = tuple((year, month) for year in range(1775, 1782) for month in range(1, 13)
                     if (1775, 6) <= (year, month) <= (1781, 10))
"""The months of the Turn Record Track (AaM 3.0F): June 1775 to October 1781."""


def month_box(year: int, month: int) -> str:
    """The place id of a month box of the Turn Record Track (`track:turn_1778_10`)."""
    return f"track:turn_{year}_{month:02d}"


TRACK: Mapping[str, tuple[str, ...]] = {
    month_box(year, month): (f"{MONTHS[month - 1][:3]} {year}", f"{MONTHS[month - 1]} {year}",
                             f"{MONTHS[month - 1][:3]} {year} Turn",
                             f"Turn {MONTHS[month - 1][:3]} {year}",
                             f"{month}/{year}", f"{year}-{month:02d}")
    for year, month in TRACK_MONTHS}
"""The month boxes of the Turn Record Track (AaM 3.0F), each as a module would print it
(`Oct 1778`)."""
PROPERTIES: Mapping[str, tuple[str, ...]] = {
    "year": ("Year", "Game Year", "Turn Year"),
    "month": ("Month", "Game Month", "Turn Month"),
    "phase": ("Phase", "Game Phase", "Current Phase"),
    "active": ("Active Player", "Active", "ActivePlayer", "Active Side"),
}
"""Global properties naming the year, the month (`MONTHS`), the phase (`PHASES`) and the
player whose endeavor it is (`Continental` / `British`), if the module keeps them."""
OPTIONAL = ("sp:", "bt:", "boo:", "fort:", "siege:", "moved", "mv:", "fi", "sea_control:",
            "weather:", "governor", "box:", "track:")
"""Entities and places a module need not have: not listed when no name matched them (the
leaders and the Areas are required)."""


def unit_label(kind: UnitKind) -> str:
    """The name an SP counter of a unit kind prints: the kind's name without its
    parenthesis, each word capitalised (`Continental cavalry` → `Continental Cavalry`,
    `Iroquois (Indians)` → `Iroquois`)."""
    bare = re.sub(r"\s*\(.*?\)", "", kind.name).strip()
    return " ".join(word[:1].upper() + word[1:] for word in bare.split())


def _unit_words(kind: UnitKind) -> list[str]:
    words = [unit_label(kind)]
    for alias in kind.aliases:
        bare = re.sub(r"\s*\(.*?\)", "", alias).strip()
        if bare and bare not in words:
            words.append(bare)
    return words


def _moved(forms: Sequence[str]) -> list[str]:
    """The names of a leader's moved side."""
    return [*(f"{form} (Moved)" for form in forms), *(f"{form} Moved" for form in forms),
            *(f"Moved {form}" for form in forms)]


def piece_entities(data: AaMData) -> dict[str, list[str]]:
    """Every piece entity id with the names a module might give it."""
    entities: dict[str, list[str]] = {}
    for kind in data.unit_kinds.values():
        words = _unit_words(kind)
        for value in SP_VALUES:
            entities[f"sp:{kind.id}:{value}"] = word_forms(
                words, "{w} {n} SP", "{n} SP {w}", "{w} {n}", "{w} SP {n}", "{w} x{n}",
                n=value)
    for leader in data.leaders.values():
        forms = [leader.name, *leader.aliases]
        forms += [f"General {form}" for form in forms]
        entities[f"leader:{leader.id}"] = forms
        entities[f"leader:{leader.id}:{MOVED}"] = _moved(forms)
    entities.update(_side_markers())
    entities.update({entity: list(forms) for entity, forms in MARKERS.items()})
    return without_clashes(entities)


def area_name(area: Area) -> str:
    """The name an Area's place prints: `NE13 Boston`, or `Y48` when the Area has no
    name."""
    return f"{area.id} {area.name}" if area.name else area.id


def _area_forms(area: Area) -> list[str]:
    spaced = re.sub(r"^([A-Za-z]+)(\d+)$", r"\1 \2", area.id)
    forms = [area_name(area), area.id, spaced]
    for name in (area.name, *area.aliases):
        if name:
            forms += [name, f"{name} ({area.id})", f"{area.id} {name}"]
    return list(dict.fromkeys(forms))


def place_entities(data: AaMData) -> dict[str, list[str]]:
    """Every place id with the names a module might give it."""
    places: dict[str, list[str]] = {f"space:{area.id}": _area_forms(area)
                                    for area in data.areas.values()}
    places.update({place: list(forms) for place, forms in PLACES.items()})
    places.update({place: list(forms) for place, forms in TRACK.items()})
    return without_clashes(places)


def binding_words(data: AaMData) -> BindingWords:
    """Almost a Miracle!'s words for a binding draft, from the game data."""
    return BindingWords(game=GAME, pieces=piece_entities(data), places=place_entities(data),
                        properties=PROPERTIES, optional=OPTIONAL)


def draft_binding(module: Module, data: AaMData) -> Binding:
    """A binding drafted by name matching, with what did not match listed."""
    return drafting.draft_binding(module, binding_words(data))


__all__ = ["GAME", "MARKERS", "MONTHS", "MOVED", "OPTIONAL", "PHASES", "PLACES",
           "PROPERTIES", "SIDE_WORDS", "SP_VALUES", "TRACK", "TRACK_MONTHS", "area_name",
           "binding_words", "draft_binding", "entity_names", "month_box", "piece_entities",
           "place_entities", "unit_label"]
