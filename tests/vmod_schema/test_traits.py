"""Traits: the registry covers FORMAT.md §6.4, parsed fields follow §6.5, passwords stay hidden."""

from __future__ import annotations

import re

import pytest

from tests.conftest import shared_file
from vmod_schema.pieces import INNER_IDS, decode_piece
from vmod_schema.traits import (
    TRAITS,
    DynamicProperty,
    Footprint,
    Invisible,
    Label,
    Layer,
    Marker,
    Mask,
    PropertySheet,
    ReportState,
    Restricted,
    Rotate,
    SendToLocation,
    UnknownTrait,
    UsePrototype,
    trait_for,
)

PASSWORD = "correct-horse-battery"


def _format_section_6_4_ids() -> set[str]:
    text = shared_file("vassal/FORMAT.md").read_text(encoding="utf-8")
    section = text[text.index("### 6.4") : text.index("### 6.5")]
    ids: set[str] = set()
    for line in section.splitlines():
        if line.startswith("| `"):
            ids.update(re.findall(r"`([^`]+)`", line.split("|")[1]))
    return ids


def test_registry_covers_every_trait_id_of_format_section_6_4() -> None:
    documented = _format_section_6_4_ids()
    assert len(documented) > 45
    assert documented - set(INNER_IDS) == set(TRAITS)


def test_unknown_id_becomes_an_unknown_trait_kept_raw() -> None:
    trait = trait_for("ScatterTrait", "x;y")
    assert isinstance(trait, UnknownTrait)
    assert (trait.id, trait.raw_type, trait.raw_state) == ("ScatterTrait", "ScatterTrait", "x;y")


@pytest.mark.parametrize(
    ("cls", "type_"),
    [
        (Mask, "obs;70,130;back.png;Flip;Gback.png;General;player:;Peek;;false;;"),
        (Invisible, "hide;72,130;Hide;255,255,255;player:;0.3"),
        (Restricted, "restrict;Blue,Red;true;true"),
    ],
)
def test_a_password_in_a_hiding_trait_state_never_appears_in_repr(
    cls: type[Mask | Invisible | Restricted], type_: str
) -> None:
    state = f"{PASSWORD};" if cls is Mask else PASSWORD
    trait = trait_for(type_, state)
    assert isinstance(trait, cls)
    assert PASSWORD not in repr(trait)
    assert "<redacted>" in repr(trait)
    piece = decode_piece(type_ + "\tpiece;;;;A", state + "\tMap;1;2")
    assert PASSWORD not in repr(piece)
    assert PASSWORD not in repr(piece.traits)


def test_mask_owner_and_mask_name() -> None:
    mask = Mask("obs;", "obs;70,130;back.png;Flip;Gback.png;Confederate General;player:", "null;")
    assert not mask.is_masked()
    assert mask.obscured_by() is None
    assert mask.mask_name() == "Confederate General"
    assert Mask("obs;", "obs;70,130", PASSWORD + ";").obscured_by() == PASSWORD
    assert Mask("obs;", "obs;70,130", None).mask_name() == "?"


def test_invisible_and_restricted_owners() -> None:
    assert Invisible("hide;", "hide;72,130", "null").hidden_by() is None
    assert Invisible("hide;", "hide;72,130", PASSWORD).is_hidden()
    restricted = Restricted("restrict;", "restrict;Blue,Red,Solitaire;false;true", "")
    assert restricted.sides() == ["Blue", "Red", "Solitaire"]
    assert restricted.owner() is None


def test_layer_fields_from_the_paths_of_glory_example() -> None:
    type_ = ("emb2;Activate;2;;Take Losses;2;;Replace;2;;;;1;false;0;0;"
             "ru_army03.png,ru_army03_back.png;RU3,(RU3);true;Status;;;true;CounterLayer;1;1;"
             "true;65,130;76,130;82,130;;1.0;;true")
    layer = trait_for(type_, "1")
    assert isinstance(layer, Layer)
    layout = layer.layout()
    assert layout.image_names == ["ru_army03.png", "ru_army03_back.png"]
    assert layout.level_names == ["RU3", "(RU3)"]
    assert (layout.layer_name, layout.follow_property, layout.follow_property_name) == (
        "Status", True, "CounterLayer")
    assert layer.properties({}) == {"Status_Level": "1", "Status_Name": "RU3",
                                    "Status_Image": "ru_army03.png", "Status_Active": "true"}
    assert layer.properties({"CounterLayer": "2"})["Status_Name"] == "(RU3)"


def test_old_emb_layout_reads_image_and_level_names() -> None:
    layer = trait_for("emb;;Flip;F;Up;D;Down;0;0;front.png,Front;back.png,Back", "-2")
    assert isinstance(layer, Layer)
    assert layer.layout().level_names == ["Front", "Back"]
    assert layer.value() == -2
    assert layer.rename("X", {}) == "X"


def test_marker_dynamic_property_and_property_sheet_values() -> None:
    marker = trait_for("mark;Layer", "Hidden")
    assert isinstance(marker, Marker)
    assert marker.properties({}) == {"Layer": "Hidden"}
    prop = trait_for("PROP;CounterLayer;true,1,2,true;:57785\\,0\\,Flip:I\\,1,:57821\\,0\\,"
                     "Unflip:P\\,1;", "1")
    assert isinstance(prop, DynamicProperty)
    assert prop.name() == "CounterLayer"
    constraints = prop.constraints()
    assert (constraints.numeric, constraints.minimum, constraints.maximum, constraints.wrap) == (
        True, 1, 2, True)
    assert len(prop.key_commands()) == 2
    sheet = trait_for("propertysheet;0Name~0Position~0MA~0ST~0AG~0AV~1Skill~1Notes;Properties;;1",
                      "~Linewoman~6~3~3~7~Dodge~")
    assert isinstance(sheet, PropertySheet)
    assert sheet.properties({})["Position"] == "Linewoman"
    assert sheet.properties({})["Skill"] == "Dodge"


def test_label_text_format_and_property_name() -> None:
    label = trait_for("label;74,130;Change Number;26;;0,0,0;c;34;c;5;b;c;$pieceName$ ($label$);"
                      "SansSerif;1;0;JerseyNumber;Jersey Number", " 12 ")
    assert isinstance(label, Label)
    assert label.text() == "12"
    assert label.properties({}) == {"JerseyNumber": "12"}
    assert label.rename("Lineman", {}) == "Lineman (12)"


def test_footprint_send_to_location_rotate_and_report_states() -> None:
    trail = trait_for("footprint;84,130", "false;Map0;1;3252,1304;true")
    assert isinstance(trail, Footprint)
    assert (trail.is_visible(), trail.start_map_id(), trail.points()) == (
        False, "Map0", [(3252, 1304)])
    send = trait_for("sendto;Send;82,520;Main;;0;0", "Main Map;120;340")
    assert isinstance(send, SendToLocation)
    assert (send.back_map(), send.back_position()) == ("Main Map", (120, 340))
    assert trait_for("sendto;Send", ";;").back_position() is None  # type: ignore[attr-defined]
    rotate = trait_for("rotate;1;84,130;Adjust Facing;;;Rotate;;;;;true", "0.0")
    assert isinstance(rotate, Rotate)
    assert rotate.angle() == 0.0
    report = trait_for("report;57816\\,0\\,RandomizerReport;!$playerName$ <b>RANDOMIZED</b>", "-1")
    assert isinstance(report, ReportState)
    assert report.cycle_index() == -1


def test_prototype_reference_name_and_parameters() -> None:
    ref = trait_for("prototype;PC Marker start CSA", "")
    assert isinstance(ref, UsePrototype)
    assert (ref.prototype_name(), ref.parameters()) == ("PC Marker start CSA", None)
    with_params = trait_for("prototype;Unit;side=CP,bad,size=3", "")
    assert isinstance(with_params, UsePrototype)
    assert with_params.parameters() == {"side": "CP", "size": "3"}


def test_traits_are_immutable_and_with_state_copies() -> None:
    marker = trait_for("mark;A", "1")
    changed = marker.with_state("2")
    assert (marker.raw_state, changed.raw_state, type(changed)) == ("1", "2", Marker)
    with pytest.raises(AttributeError):
        marker.raw_state = "3"  # type: ignore[misc]
