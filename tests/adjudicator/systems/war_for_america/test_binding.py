"""Drafting a War for America binding: every counter and place of the fixture module binds,
each to an entity of the right kind, and the committed binding is what `bind` drafts."""

from __future__ import annotations

from collections import Counter

import pytest

from adjudicator.binding import Binding, load_binding
from adjudicator.systems import find_system
from adjudicator.systems.common.places import Place, PlaceKind
from adjudicator.systems.war_for_america.binding import Names, draft_binding
from adjudicator.systems.war_for_america.state import Entity
from tests.conftest import REPO
from vmod_schema.buildfile import open_module

WFA = REPO / "fixtures" / "war-for-america"
MODULE = WFA / "module" / "buildFile.xml"
DATA = WFA / "data" / "fixture.toml"


@pytest.fixture(scope="module")
def drafted() -> Binding:
    return find_system("wfa").draft_binding(open_module(MODULE), [DATA])


def test_the_committed_binding_is_what_bind_drafts(drafted: Binding) -> None:
    assert load_binding(WFA / "binding.toml") == drafted
    assert drafted.game == "wfa" and drafted.module == "War for America (fixture)"


def test_every_piece_and_location_of_the_fixture_binds(drafted: Binding) -> None:
    assert drafted.unmatched.pieces == []
    assert drafted.unmatched.locations == []
    assert drafted.maps == {"British Hand": "hand:british", "Colonial Hand": "hand:colonial"}
    assert drafted.properties == {"year": "Year", "season": "Season", "phase": "Phase"}


def test_every_piece_kind_binds_to_an_entity_of_its_kind(drafted: Binding) -> None:
    entities = {name: Entity.parse(entity) for name, entity in drafted.pieces.items()}
    assert None not in entities.values(), [n for n, e in entities.items() if e is None]
    kinds = Counter(entity.kind for entity in entities.values() if entity is not None)
    for kind in ("leader", "sp", "garrison", "army", "fleet", "lake_navy", "magazine",
                 "fort", "entrenchment", "fortress", "siege", "mortar", "major_victory",
                 "pw", "ap", "round", "year", "season", "transport", "marker", "card"):
        assert kinds[kind] > 0, kind
    assert kinds["army"] == 6
    assert drafted.pieces["German SP 3"] == "sp:german:3"
    assert drafted.pieces["Six Nations SP 2"] == "sp:six_nations:2"
    assert drafted.pieces["British Fort (Build)"] == "fort:british:build"
    assert drafted.pieces["British Fort"] == "fort:british:complete"
    assert drafted.pieces["Colonial Magazine"] == "magazine:colonial"
    assert drafted.pieces["Army W"] == "army:w"
    assert drafted.pieces["George Washington"] == "leader:washington"
    assert drafted.pieces["Rodney's fleet"] == "fleet:rodney"
    assert drafted.pieces["Declaration of Independence"] == "card:declaration_of_independence"


def test_every_location_binds_to_a_place_of_its_kind(drafted: Binding) -> None:
    places = {name: Place.parse(place) for name, place in drafted.locations.items()}
    assert None not in places.values()
    kinds = Counter(place.kind for place in places.values() if place is not None)
    assert kinds[PlaceKind.SPACE] == 39
    assert kinds[PlaceKind.ZONE] == 8
    assert drafted.locations["Europe Box"] == "box:europe_box"
    assert drafted.locations["British Leader Pool"] == "box:british_leader_pool"
    assert drafted.locations["Army W Box"] == "box:army_w"
    assert drafted.locations["PW 15"] == "track:pw_15"
    assert drafted.locations["Turn 1782"] == "track:year_1782"
    # The Seasonal Turn Record Track is the data's calendar (WfA 3.1; digest §8 A-2).
    assert drafted.locations["Early Spring"] == "track:season_early_spring"
    assert drafted.locations["Late Spring"] == "track:season_late_spring"
    assert drafted.locations["Action Deck"] == "deck"
    assert drafted.locations["New York City"] == "space:new_york_city"
    assert drafted.locations["Tidewater OBZ"] == "zone:tidewater_obz"


def test_a_module_naming_things_its_own_way_still_binds_by_aliases() -> None:
    names = Names(spaces={"wilmington_de": ["Wilmington, DE", "Wilmington (DE)"]},
                  leaders={"washington": ["George Washington", "Washington"]})
    module = open_module(MODULE)
    binding = draft_binding(module, names)
    # The module's `Wilmington, DE` is one of the space's names; `George Washington` too.
    assert binding.locations["Wilmington, DE"] == "space:wilmington_de"
    assert binding.pieces["George Washington"] == "leader:washington"
    # Spaces the names lack are listed for the user to bind, not guessed.
    assert "Boston" in binding.unmatched.locations


def test_the_season_boxes_are_the_one_calendar_the_referee_uses() -> None:
    from adjudicator.systems.war_for_america.binding import names_from_data
    from adjudicator.systems.war_for_america.data import bundled_data, load_data
    from adjudicator.systems.war_for_america.procedure import DIGEST_CALENDAR
    from adjudicator.systems.war_for_america.rules.context import calendar_of

    # The bundled data has no Seasonal Turn Record Track: the digest's reading (§8 A-2),
    # whose six turns hold every turn the rulebook names (WfA 3.1, 6.0, 8.4, 13.11-13.14).
    bundled = bundled_data()
    assert bundled.charts.seasons is None
    seasons = names_from_data(bundled).seasons
    assert list(seasons) == [spec.id for spec in DIGEST_CALENDAR.seasons]
    assert "spring" in seasons
    named = {name for forms in seasons.values() for name in forms}
    assert set(bundled.charts.season_names) <= named
    # The fixture data's track (with Late Spring) is the calendar of both.
    fixture = load_data([DATA])
    assert list(names_from_data(fixture).seasons) == [
        spec.id for spec in calendar_of(fixture).seasons]
    assert "late_spring" in names_from_data(fixture).seasons
