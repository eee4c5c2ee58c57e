"""Drafting an Almost a Miracle! binding: every piece and place of the fixture module binds,
each to the id the referee parses, and the committed binding is what is drafted."""

from __future__ import annotations

import pytest

from adjudicator.binding import Binding, load_binding
from adjudicator.systems.almost_a_miracle.binding import (
    area_name,
    binding_words,
    draft_binding,
    piece_entities,
    place_entities,
    unit_label,
)
from adjudicator.systems.almost_a_miracle.data import bundled_data, load_data
from tests.conftest import REPO
from vmod_schema.buildfile import open_module

AAM = REPO / "fixtures" / "almost-a-miracle"
MODULE = AAM / "module" / "buildFile.xml"
DATA = AAM / "data" / "fixture.toml"


@pytest.fixture(scope="module")
def drafted() -> Binding:
    return draft_binding(open_module(MODULE), load_data([DATA]))


def test_the_committed_binding_is_what_is_drafted(drafted: Binding) -> None:
    assert load_binding(AAM / "binding.toml") == drafted
    assert drafted.game == "aam" and drafted.module == "Almost a Miracle (fixture)"


def test_every_piece_and_location_of_the_fixture_binds(drafted: Binding) -> None:
    assert drafted.unmatched.pieces == []
    assert drafted.unmatched.locations == []
    assert drafted.unmatched.entities == []
    assert drafted.maps == {}
    assert drafted.properties == {"year": "Year", "month": "Month", "phase": "Phase",
                                  "active": "Active Player"}


def test_pieces_bind_to_the_ids_the_referee_parses(drafted: Binding) -> None:
    pieces = drafted.pieces
    assert pieces["Continental Regulars 5 SP"] == "sp:cont_regular:5"
    assert pieces["Continental Cavalry 20 SP"] == "sp:cont_cavalry:20"
    # A `/` in a counter's name survives the module's encoding.
    assert pieces["New York/New Jersey Militia 2 SP"] == "sp:ny_nj_militia:2"
    assert pieces["Delaware/Maryland Militia 1 SP"] == "sp:md_de_militia:1"
    assert pieces["British Regulars 10 SP"] == "sp:brit_regular:10"
    assert pieces["Iroquois 3 SP"] == "sp:indian:3"
    assert pieces["Washington"] == "leader:washington"
    assert pieces["Washington (Moved)"] == "leader:washington:moved"
    assert pieces["G. Clinton"] == "leader:g_clinton"
    assert pieces["Clinton (Moved)"] == "leader:clinton:moved"
    assert pieces["d'Estaing"] == "leader:destaing"
    assert pieces["British Baggage Train"] == "bt:british"
    assert pieces["British Magazine"] == "bt:british:mag"
    assert pieces["Continental Captured Baggage Train"] == "bt:continental:captured"
    assert pieces["British Base of Operations"] == "boo:british"
    assert pieces["British Fort (Build)"] == "fort:british:build"
    assert pieces["British Fort"] == "fort:british"
    assert pieces["Continental Fort"] == "fort:continental"
    assert pieces["Destroyed Fort"] == "fort:destroyed"
    assert pieces["Siege L1"] == "siege:1"
    assert pieces["Siege L2"] == "siege:2"
    assert pieces["Moved"] == "moved"
    assert pieces["British Major Victory"] == "mv:british"
    assert pieces["Continental Major Victory"] == "mv:continental"
    assert pieces["French Intervention"] == "fi"
    assert pieces["British Sea Control"] == "sea_control:british"
    assert pieces["French Sea Control"] == "sea_control:french"
    assert pieces["Rain"] == "weather:rain"
    assert pieces["Flood"] == "weather:flood"
    assert pieces["Royal Governor"] == "governor"
    sp = [entity for entity in pieces.values() if entity.startswith("sp:")]
    assert len(sp) == 12 * 6


def test_places_bind_to_the_ids_the_referee_parses(drafted: Binding) -> None:
    places = drafted.locations
    assert places["NE13 Boston"] == "space:NE13"
    assert places["NE10 Newport"] == "space:NE10"
    assert places["Y48"] == "space:Y48"
    assert places["NE12"] == "space:NE12"
    assert places["M1 Annapolis"] == "space:M1"
    assert places["At Sea"] == "box:at_sea"
    assert places["Transit Area"] == "box:transit"
    assert places["British BT Available"] == "box:bt_available_british"
    assert places["Continental BT Expended"] == "box:bt_expended_continental"
    assert places["British Leader POW"] == "box:leader_pow_british"
    assert places["Eliminated"] == "box:eliminated"
    assert places["Turn Record Track"] == "box:turn_track"
    assert places["Weather Box"] == "box:weather"
    assert places["British POW"] == "box:pow_british"
    assert places["Continental POW"] == "box:pow_continental"
    assert places["Oct 1778"] == "track:turn_1778_10"
    assert places["Jun 1775"] == "track:turn_1775_06"
    assert places["Oct 1781"] == "track:turn_1781_10"
    assert len([p for p in places.values() if p.startswith("track:")]) == 77
    assert len([p for p in places.values() if p.startswith("space:")]) == 53


def test_the_words_come_from_the_data() -> None:
    data = bundled_data()
    pieces, places = piece_entities(data), place_entities(data)
    assert unit_label(data.unit_kinds["brit_regular"]) == "British Regulars"
    assert unit_label(data.unit_kinds["cont_cavalry"]) == "Continental Cavalry"
    assert "Penn Militia 5 SP" in pieces["sp:pa_militia:5"]
    assert "McDougall" in pieces["leader:macdougall"]
    assert "Philipps (Moved)" in pieces["leader:phillips:moved"]
    assert {"NYC", "New York", "Y13", "New York City"} <= set(places["space:Y13"])
    assert "NE 9" in places["space:NE9"] and "Providence" in places["space:NE9"]
    assert area_name(data.areas["I7"]) == "I7"
    assert area_name(data.areas["C24"]) == "C24 Quebec"
    words = binding_words(data)
    assert words.game == "aam" and "sp:" in words.optional
