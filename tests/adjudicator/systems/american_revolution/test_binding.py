"""Drafting an American Revolution binding: every piece and place of the fixture module
binds, each to the id the referee parses, and the committed binding is what is drafted."""

from __future__ import annotations

import pytest

from adjudicator.binding import Binding, load_binding
from adjudicator.systems.american_revolution.binding import (
    COLONIAL_REGIONS,
    draft_binding,
    piece_entities,
    place_entities,
)
from adjudicator.systems.american_revolution.data import bundled_data, load_data
from tests.conftest import REPO
from vmod_schema.buildfile import open_module

AR = REPO / "fixtures" / "american-revolution"
MODULE = AR / "module" / "buildFile.xml"
DATA = AR / "data" / "fixture.toml"


@pytest.fixture(scope="module")
def drafted() -> Binding:
    return draft_binding(open_module(MODULE), load_data([DATA]))


def test_the_committed_binding_is_what_is_drafted(drafted: Binding) -> None:
    assert load_binding(AR / "binding.toml") == drafted
    assert drafted.game == "ar" and drafted.module == "The American Revolution (fixture)"


def test_every_piece_and_location_of_the_fixture_binds(drafted: Binding) -> None:
    assert drafted.unmatched.pieces == []
    assert drafted.unmatched.locations == []
    assert drafted.unmatched.entities == []
    assert drafted.maps == {"American Hand": "hand:US", "British Hand": "hand:GB"}
    assert drafted.properties == {"turn": "Turn", "phase": "Phase",
                                  "first_player": "First Player", "pp:US": "American PP",
                                  "pp:GB": "British PP"}


def test_pieces_bind_to_the_ids_the_referee_parses(drafted: Binding) -> None:
    pieces = drafted.pieces
    assert pieces["British Regular"] == "unit:gb_regular"
    assert pieces["British Regular (Disrupted)"] == "unit:gb_regular:disrupted"
    assert pieces["Tory Militia"] == "unit:gb_militia"
    assert pieces["Washington"] == "leader:washington"
    assert pieces["Washington (Disrupted)"] == "leader:washington:disrupted"
    assert pieces["Drillmaster"] == "marker:drillmaster"
    assert pieces["Rabble Rousing 3"] == "marker:rr_3"
    assert pieces["Adams"] == "marker:adams"
    assert pieces["Tactics"] == "marker:tactics"
    assert pieces["Blank"] == "marker:blank"
    # The Indian formation's alias `Indians` is the campaign marker's name.
    assert pieces["Indian"] == "unit:gb_indian"
    assert pieces["Indians"] == "marker:indians"
    assert pieces["Fortress"] == "fortress"
    assert pieces["Siege"] == "siege"
    assert pieces["Rebel Partisan"] == "partisan:US"
    assert pieces["Tory Partisan"] == "partisan:GB"
    assert pieces["Massacre"] == "massacre"
    assert pieces["Revolutionary Progress"] == "rp"
    assert pieces["Balance of Power"] == "bop"
    assert pieces["New England Loyalty"] == "loyalty:new_england"


def test_places_bind_to_the_ids_the_referee_parses(drafted: Binding) -> None:
    places = drafted.locations
    assert places["Boston"] == "space:boston"
    assert places["Britain Box"] == "space:britain_box"
    assert places["Marker Pool"] == "deck"
    assert places["Initiative Box"] == "zone:initiative"
    assert places["Revolutionary Progress Table"] == "zone:rr_rp"
    assert places["Balance of Power Table"] == "zone:rr_bop"
    assert places["Mid-Atlantic Loyalty Table"] == "zone:rr_mid_atlantic"
    assert places["Played Markers"] == "zone:played"
    assert places["American Battle Box"] == "zone:battle_US"
    assert places["British Leader Pool"] == "box:leader_pool_GB"
    assert places["Eliminated Units"] == "box:eliminated"
    assert places["Set Aside"] == "box:set_aside"
    assert places["Don't Tread on Me"] == "track:rp_0"
    assert places["Articles of Confederation"] == "track:rp_4"
    # Signed boxes stay apart (`BoP -3` is not `BoP +3`).
    assert places["BoP -3"] == "track:bop_m3"
    assert places["BoP 0"] == "track:bop_0"
    assert places["BoP +3"] == "track:bop_p3"
    assert places["New England Loyalty +3"] == "track:loyalty_new_england_p3"
    assert places["Canada Loyalty -2"] == "track:loyalty_canada_m2"
    assert len([p for p in places.values() if p.startswith("space:")]) == 52
    assert len([p for p in places.values() if p.startswith("track:loyalty_")]) == 49


def test_the_words_come_from_the_data() -> None:
    data = bundled_data()
    pieces, places = piece_entities(data), place_entities(data)
    assert "Gauge" in pieces["leader:gage"]
    assert "Disrupted British Regular" in pieces["unit:gb_regular:disrupted"]
    assert "Britain" in places["space:britain_box"]
    assert "Great Britain Box" in places["space:britain_box"]
    assert "Middle States Loyalty" in pieces["loyalty:mid_atlantic"]
    assert {f"zone:rr_{region}" for region in COLONIAL_REGIONS} <= set(places)
    assert "Pool" in places["deck"]
