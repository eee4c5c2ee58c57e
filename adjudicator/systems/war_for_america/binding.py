"""Drafting a War for America binding for a module by matching names.

Pieces are matched to leaders and cards (by the data's names), SP counters (`British SP 3`,
`3 German SP`, …), garrisons, the six armies, fleets, lake navies, fortification markers
(magazines, forts on either face, entrenchments), siege markers and the track markers (PW,
AP, round, year, season, transport). A two-sided marker shows one name per side, each
bound on its own (a magazine's British and Colonial faces, a fort's Build and fort faces).
Locations are matched to the data's spaces and sea areas and to the boxes, tracks, decks and
hands below. What does not match is listed in the binding's `[unmatched]` table.

The entity and place forms are those of `state` (its module docstring lists them).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from adjudicator.binding import Binding
from adjudicator.systems.common import drafting
from adjudicator.systems.common.drafting import BindingWords, numbered, word_forms
from adjudicator.systems.war_for_america.actions import BRITISH, COLONIAL
from adjudicator.systems.war_for_america.data.models import Card, WfAData
from adjudicator.systems.war_for_america.data.vocabulary import Region
from adjudicator.systems.war_for_america.rules.context import calendar_of
from adjudicator.systems.war_for_america.state import ARMY_IDS, DOTTED_NATIONS, START, TC
from vmod_schema.buildfile import Module

GAME = "wfa"
SIDE_WORDS: Mapping[str, tuple[str, ...]] = {
    BRITISH: ("British", "BR", "UK"),
    COLONIAL: ("Colonial", "American", "COL", "AM", "US"),
}
"""How modules name the two sides (WfA 2.0: "Colonial" = "American")."""
NATION_WORDS: Mapping[str, tuple[str, ...]] = {
    "british": ("British", "BR"), "german": ("German", "Hessian", "GE"),
    "loyalist": ("Loyalist", "Tory"), "six_nations": ("Six Nations", "Indian", "SN"),
    "continental": ("Continental",), "militia": ("Militia", "Colonial Militia"),
    "french": ("French", "French Seasonal", "French Regular"), "spanish": ("Spanish",),
    "dutch": ("Dutch", "Netherlands"),
}
"""How modules name the nations of SP counters (WfA 2.0, 10.6, 14.29-14.30, 19.30)."""
GARRISON_WORDS: Mapping[str, tuple[str, ...]] = {
    "british": ("British",), "colonial": ("Colonial", "American"), "french": ("French",),
    "spanish": ("Spanish",), "dutch": ("Dutch",),
}
"""Garrison counters (WfA 19.18-19.23): British, French and Spanish ones are named; a
Colonial and a Dutch one are drafted in case a module has them."""
SP_MAX = 10
"""The largest SP counter a module is expected to have (names up to it are drafted)."""
ARMY_WORDS: Mapping[str, tuple[str, ...]] = {
    "n_british": ("British Army N", "Army N (British)", "British Northern Army", "BR Army N"),
    "s_british": ("British Army S", "Army S (British)", "British Southern Army", "BR Army S"),
    "n_colonial": ("Colonial Army N", "Army N (Colonial)", "American Army N",
              "Colonial Northern Army"),
    "s_colonial": ("Colonial Army S", "Army S (Colonial)", "American Army S",
              "Colonial Southern Army"),
    "w": ("Army W", "Washington's Army", "Main Continental Army"),
    "r": ("Army R", "Royal Army"),
}
"""The six army markers (WfA 3.2, 11.17-11.19)."""
FLEET_NATIONS = ("British", "French", "Spanish", "Dutch")
FLEETS: Mapping[str, tuple[str, ...]] = {
    "rodney": ("Rodney", "Rodney's Fleet", "Rodney Fleet"),
    "destaing": ("d'Estaing", "d'Estaing's Fleet", "d'Estaing Fleet", "D'Estaing"),
    "rochambeau": ("Rochambeau's Fleet", "Rochambeau Fleet"),
    **{f"{nation.lower()}_{n}": (f"{nation} Fleet {n}", f"{nation} Fleet {n} SP",
                                 f"{n} {nation} Fleet")
       for nation in FLEET_NATIONS for n in range(1, 7)},
}
"""Fleets: the named ones (WfA 14.2 Rodney, 14.29 d'Estaing, 14.30 Rochambeau's) and one
per nation and strength (`british_3`): fleet counters carry a strength (WfA 14.0)."""
SIDE_MARKERS: Mapping[str, tuple[str, ...]] = {
    "lake_navy:{side}": ("{w} Lake Navy",),
    "magazine:{side}": ("{w} Magazine",),
    "fort:{side}:build": ("{w} Fort (Build)", "{w} Fort Build", "{w} Build Fort",
                          "{w} Fort Building"),
    "fort:{side}:complete": ("{w} Fort",),
    "entrenchment:{side}": ("{w} Entrenchment",),
    "major_victory:{side}": ("{w} Major Victory",),
    "pw:{side}": ("{w} PW", "{w} Political Will", "{w} VP", "{w} PW/VP"),
    "ap:{side}": ("{w} AP", "{w} Action Points", "{w} AP Marker"),
}
"""The markers each side has one of, a fort on either face: entity id → name patterns."""
MARKER_NAMES: Mapping[str, tuple[str, ...]] = {
    **{entity.format(side=side): tuple(word_forms(words, *patterns))
       for entity, patterns in SIDE_MARKERS.items() for side, words in SIDE_WORDS.items()},
    "fortress": ("Fortress",),
    "siege": ("Siege Marker", "Siege"),
    "mortar": ("Siege Mortar", "Mortar"),
    "round": ("Action Round", "Action Round Marker", "Round"),
    "year": ("Year", "Year Marker", "Game Turn", "Turn"),
    "season": ("Season", "Season Marker", "Seasonal Marker"),
    "transport": ("Transport", "British Transport", "Transport Marker"),
    "marker:d": ("D Marker", "D", "Disrupted"),
    "marker:no_loc": ("No LOC", "LOC", "Out of Supply"),
    "marker:embarked": ("Embarked",),
    "marker:off_loaded": ("Off Loaded", "Offloaded"),
    "marker:militia_raised": ("Militia Raised", "Regional Militia Raised"),
    "marker:loyalist_chit": ("Loyalist Chit", "Loyalist"),
    "marker:battle_site": ("Battle Site",),
}
"""Every marker's names (digest 1.2); the small markers are `state.MARKER_KINDS`."""
BOXES: Mapping[str, tuple[str, ...]] = {
    "box:europe_box": ("Europe Box", "Europe"),
    "box:six_nations": ("Six Nations Card", "Six Nations Box"),
    "box:removed": ("Removed From Play", "Removed", "Eliminated", "Dead Pile"),
    **{f"box:{side}_leader_pool": tuple(word_forms(
        words, "{w} Leader Pool", "{w} Leader Pool Box", "Leader Pool {w}"))
       for side, words in SIDE_WORDS.items()},
    **{f"box:army_{army}": tuple(f"{name} Box" for name in ARMY_WORDS[army])
       for army in ARMY_IDS},
}
"""Holding boxes (WfA 8.5 Europe Box, 11.1 Leader Pools, 3.2 army boxes, SNC)."""
CARD_PLACES: Mapping[str, tuple[str, ...]] = {
    "deck": ("Action Deck", "Draw Deck", "Deck", "Action Cards"),
    "discard": ("Discard", "Discard Pile", "Discards"),
    "set_aside": ("Set Aside", "Set Aside Cards"),
    **{f"hand:{side}": tuple(word_forms(words, "{w} Hand"))
       for side, words in SIDE_WORDS.items()},
}
"""The Action Card deck, discards, cards set aside by year (WfA 6.2) and the hands."""
PW_BOXES = range(16)
AP_BOXES = range(5)
ROUNDS = range(1, 5)
YEARS = range(1775, 1783)
TRANSPORT_BOXES = range(41)
LOYALIST_REGIONS = (Region.NEW_ENGLAND, Region.MIDDLE_STATES, Region.TIDEWATER,
                    Region.DEEP_SOUTH)
"""Regions with an Expended Loyalist Box (WfA 10.18-10.21)."""
PROPERTIES: Mapping[str, tuple[str, ...]] = {
    "year": ("Year", "Turn", "Game Turn"),
    "season": ("Season", "Game Season"),
    "phase": ("Phase", "Game Phase", "Current Phase"),
}
"""Global properties naming the year, season and phase, if the module keeps them."""
OPTIONAL = ("sp:", "garrison:", "tc:", "fleet:", "card:", "track:", "marker:", "fort:")
"""Entities a module need not have (every SP value, fleet strength, track box and card):
not listed when no name matched them."""


@dataclass(frozen=True, slots=True)
class Names:
    """The names the data gives things a binding binds: id → printed name and aliases."""

    spaces: Mapping[str, Sequence[str]] = field(default_factory=dict)
    sea_areas: Mapping[str, Sequence[str]] = field(default_factory=dict)
    """OBZs and Caribbean arrow spaces (WfA 14.1, 14.25): zones of the map."""
    leaders: Mapping[str, Sequence[str]] = field(default_factory=dict)
    fleets: Mapping[str, Sequence[str]] = field(default_factory=dict)
    """Fleets the data names, besides the drafted forms of `FLEETS`."""
    cards: Mapping[str, Sequence[str]] = field(default_factory=dict)
    seasons: Mapping[str, Sequence[str]] = field(default_factory=dict)
    regions: Mapping[str, Sequence[str]] = field(default_factory=dict)
    """Regions with an Expended Loyalist Box (WfA 10.21)."""
    boxes: Mapping[str, Sequence[str]] = field(default_factory=dict)
    """The data's boxes (Europe Box, Leader Pools, army boxes …), besides `BOXES`."""


def names_from_data(data: WfAData) -> Names:
    """The names a binding needs, from the game data (bundled and user files). The
    Seasonal Turn Record Track's boxes are the seasons of the one calendar the referee
    uses too (`rules.context.calendar_of`): the data's track (`charts.seasons`), else the
    digest's reading (§8 A-2, `procedure.DIGEST_CALENDAR`), whose six turns include every
    turn the rulebook names (`charts.season_names`)."""
    seasons = {spec.id: [spec.name] for spec in calendar_of(data).seasons}
    return Names(
        spaces={key: [space.name, *space.aliases] for key, space in data.spaces.items()},
        sea_areas={key: [area.name] for key, area in data.sea_areas.items()},
        leaders={key: [leader.name, *leader.aliases]
                 for key, leader in data.leaders.items()},
        fleets={key: [fleet.name] for key, fleet in data.fleets.items()},
        cards={key: _card_names(card) for key, card in data.cards.items()},
        seasons=seasons,
        regions={region.value: [region.value.replace("_", " ").title()]
                 for region in LOYALIST_REGIONS},
        boxes={key: [box.name] for key, box in data.boxes.items()})


def _card_names(card: Card) -> list[str]:
    """A card's title, its label (`#24 Parliamentary Repressive Measures`), and for a card
    known only by number `Card #41`, `#41`, `Card 41` (WfA 20.12)."""
    forms = [card.title] if card.title else []
    if card.number is not None:
        forms += [card.label, f"Card #{card.number}", f"#{card.number}", f"Card {card.number}"]
    return list(dict.fromkeys(forms))


def piece_entities(names: Names) -> dict[str, list[str]]:
    """Every piece entity id with the names a module might give it."""
    entities: dict[str, list[str]] = {
        f"leader:{leader}": [*forms, *(f"General {f}" for f in forms)]
        for leader, forms in names.leaders.items()}
    for nation, words in NATION_WORDS.items():
        for value in range(1, SP_MAX + 1):
            entities[f"sp:{nation}:{value}"] = word_forms(
                words, "{w} SP {n}", "{n} {w} SP", "{w} {n} SP", "{w} {n}SP", n=value)
    for nation in sorted(DOTTED_NATIONS):
        for value in range(1, SP_MAX + 1):
            entities[f"sp:{nation}:{value}:{START}"] = word_forms(
                NATION_WORDS[nation], "Start {w} SP {n}", "Dotted {w} SP {n}",
                "{w} SP {n} (dot)", "{w} SP {n} Start", n=value)
    for nation, words in GARRISON_WORDS.items():
        entities[f"garrison:{nation}"] = word_forms(words, "{w} Garrison")
    for nation, words in NATION_WORDS.items():
        entities[f"{TC}:{nation}"] = word_forms(words, "{w} TC", "{w} Tactical Commander",
                                           "{w} Small Unit Leader")
    for army in ARMY_IDS:
        entities[f"army:{army}"] = list(ARMY_WORDS[army])
    for fleet, forms in {**FLEETS, **names.fleets}.items():
        entities[f"fleet:{fleet}"] = list(forms)
    entities.update({entity: list(forms) for entity, forms in MARKER_NAMES.items()})
    for card, titles in names.cards.items():
        entities.setdefault(f"card:{card}", list(titles))
    return entities


def place_entities(names: Names) -> dict[str, list[str]]:
    """Every place id with the names a module might give it."""
    places: dict[str, list[str]] = {f"space:{key}": list(forms)
                                    for key, forms in names.spaces.items()}
    places.update({f"zone:{key}": list(forms) for key, forms in names.sea_areas.items()})
    places.update({place: list(forms) for place, forms in BOXES.items()})
    for region, forms in names.regions.items():
        places[f"box:expended_loyalist_{region}"] = [
            f"Expended Loyalist Box {form}" for form in forms]
    for key, forms in names.boxes.items():
        places.setdefault(f"box:{key}", []).extend(forms)
    places.update({place: list(forms) for place, forms in CARD_PLACES.items()})
    places.update(_tracks(names))
    return places


def _tracks(names: Names) -> dict[str, list[str]]:
    return {
        **numbered("track:pw_{n}", PW_BOXES, "PW {n}", "Political Will {n}", "PW Track {n}",
                   "VP {n}"),
        **numbered("track:ap_{n}", AP_BOXES, "AP {n}", "AP Track {n}", "Action Track {n}"),
        **numbered("track:round_{n}", ROUNDS, "Round {n}", "Action Round {n}"),
        **numbered("track:year_{n}", YEARS, "Turn {n}", "Year {n}", "TRT {n}"),
        **{f"track:season_{season}": word_forms(titles, "{w}", "STRT {w}", "Season {w}")
           for season, titles in names.seasons.items()},
        **numbered("track:transport_{n}", TRANSPORT_BOXES, "Transport {n}",
                   "Transport Track {n}"),
    }


def draft_binding(module: Module, names: Names) -> Binding:
    """A binding drafted by name matching, with what did not match listed."""
    return drafting.draft_binding(module, BindingWords(
        game=GAME, pieces=piece_entities(names), places=place_entities(names),
        properties=PROPERTIES, optional=OPTIONAL))


__all__ = ["GAME", "PROPERTIES", "Names", "draft_binding", "names_from_data",
           "piece_entities", "place_entities"]
