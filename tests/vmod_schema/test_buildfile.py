"""The module definition layer (FORMAT.md §7): corpus regression values and edge cases."""

from __future__ import annotations

import io
import struct
import zipfile
from dataclasses import dataclass
from functools import cache
from pathlib import Path

import pytest

from tests.conftest import CORPUS, corpus_id, corpus_modules
from vmod_schema.buildfile import MapKind, Module, open_module, parse_buildfile
from vmod_schema.errors import BuildFileError, NotAVassalFileError, XmlSecurityError
from vmod_schema.grids import RegionGrid, SquareGrid, ZonedGrid

COUNTED = ("ZonedGrid", "Zone", "HexGrid", "SquareGrid", "RegionGrid", "Region",
           "HexGridNumbering", "ObliqueHexGridNumbering", "SquareGridNumbering", "DrawPile",
           "SetupStack", "PieceSlot", "CardSlot", "PrototypeDefinition", "DiceButton",
           "SpecialDiceButton", "TurnTracker", "GlobalProperty")


@dataclass(frozen=True)
class Expected:
    """One "== MODULE" block of corpus/MANIFEST.md."""

    root: str
    name: str
    version: str
    vassal: str
    maps: list[tuple[str, str]]
    boards: int
    counts: tuple[int, ...]
    custom: set[str]


EXPECTED: dict[str, Expected] = {
    "PathsOfGlory/buildFile.xml": Expected(
        root="VASSAL.build.GameModule", name="Paths of Glory", version="10.8",
        vassal="3.7.10",
        maps=[("Map", "Map"), ("Allied Powers", "PlayerHand"),
              ("Central Powers", "PlayerHand"), ("CP Forces", "Map"), ("AP Forces", "Map"),
              ("Permanently Eliminated", "Map"), ("Expansion Cards", "Map"),
              ("Preferences", "Map")],
        boards=9,
        counts=(6, 45, 0, 0, 44, 996, 0, 0, 0, 13, 670, 782, 145, 245, 0, 2, 1, 225),
        custom={"PathsOfGlory.POGChatter"},
    ),
    "ForThePeople/buildFile.xml": Expected(
        root="VASSAL.build.GameModule", name="For the People", version="3.6",
        vassal="3.6.9",
        maps=[("Map", "Map"), ("Confederate Hand", "PlayerHand"),
              ("Union Hand", "PlayerHand"), ("Permanently Removed", "Map"),
              ("Combat Tables", "Map"), ("Strategic Will", "Map"), ("Player Aids", "Map"),
              ("Preferences", "Map")],
        boards=8,
        counts=(6, 46, 0, 2, 42, 380, 0, 0, 2, 8, 427, 497, 144, 287, 0, 2, 1, 265),
        custom={"ForThePeople.FTPChatter", "ForThePeople.FTPForwardToKeyBuffer",
                "ForThePeople.FTPMenuDisplayer", "ForThePeople.FTPMover"},
    ),
    "BBVassal/buildFile": Expected(
        root="VASSAL.launch.BasicModule", name="Blood Bowl VASSAL - BETA",
        version="BETA", vassal="3.2.17",
        maps=[("Grass Pitch", "Map"), ("Red Team Dugout", "PrivateMap"),
              ("Blue Team Dugout", "PrivateMap")],
        boards=5,
        counts=(5, 239, 0, 12, 216, 216, 0, 0, 3, 0, 44, 330, 0, 8, 1, 7, 0, 2),
        custom={"AutoRollover", "BBCounterFactory", "HakaTime"},
    ),
}


@cache
def load(path: Path) -> Module:
    """Parse a corpus module once per test session (parsing is pure)."""
    return open_module(path)


def module_named(relative: str) -> Module:
    return load(CORPUS / relative)


@pytest.mark.corpus
@pytest.mark.parametrize("path", corpus_modules(), ids=corpus_id)
def test_corpus_module_header_matches_the_manifest(path: Path) -> None:
    module = load(path)
    expected = EXPECTED[corpus_id(path)]
    assert module.root_class == expected.root
    assert module.name == expected.name
    assert module.version == expected.version
    assert module.vassal_version == expected.vassal
    assert not module.is_extension


@pytest.mark.corpus
@pytest.mark.parametrize("path", corpus_modules(), ids=corpus_id)
def test_corpus_module_maps_have_the_manifest_names_and_classes(path: Path) -> None:
    module = load(path)
    expected = EXPECTED[corpus_id(path)]
    assert [(m.identifier, m.kind.value) for m in module.maps] == expected.maps
    assert sum(len(m.boards) for m in module.maps) == expected.boards
    assert [m.index for m in module.maps] == list(range(len(module.maps)))


@pytest.mark.corpus
@pytest.mark.parametrize("path", corpus_modules(), ids=corpus_id)
def test_corpus_module_element_counts_match_the_manifest(path: Path) -> None:
    module = load(path)
    counts = {name: module.count(name) for name in COUNTED}
    assert counts == dict(zip(COUNTED, EXPECTED[corpus_id(path)].counts, strict=True))


@pytest.mark.corpus
@pytest.mark.parametrize("path", corpus_modules(), ids=corpus_id)
def test_corpus_module_models_hold_every_counted_component(path: Path) -> None:
    module = load(path)
    assert len(module.piece_slots) == module.count("PieceSlot") + module.count("CardSlot")
    assert sum(slot.is_card for slot in module.piece_slots) == module.count("CardSlot")
    assert len(module.prototypes) == module.count("PrototypeDefinition")
    assert len(module.draw_piles) == module.count("DrawPile")
    assert len(module.setup_stacks) == module.count("SetupStack")
    assert len(module.dice_buttons) == module.count("DiceButton")
    assert len(module.special_dice_buttons) == module.count("SpecialDiceButton")
    assert len(module.turn_trackers) == module.count("TurnTracker")
    assert len(module.global_properties) == module.count("GlobalProperty")
    zones = [zone for m in module.maps for b in m.boards if isinstance(b.grid, ZonedGrid)
             for zone in b.grid.zones]
    assert len(zones) == module.count("Zone")


@pytest.mark.corpus
@pytest.mark.parametrize("path", corpus_modules(), ids=corpus_id)
def test_corpus_module_custom_classes_match_the_manifest(path: Path) -> None:
    assert set(load(path).custom_classes) == EXPECTED[corpus_id(path)].custom


@pytest.mark.corpus
@pytest.mark.parametrize("path", corpus_modules(), ids=corpus_id)
def test_every_piece_slot_holds_an_add_piece_text_with_its_gpid(path: Path) -> None:
    for slot in load(path).piece_slots:
        assert slot.text.startswith("+/null/"), slot.entry_name
        assert slot.gpid


@pytest.mark.corpus
def test_the_largest_corpus_buildfile_parses() -> None:
    data = (CORPUS / "PathsOfGlory" / "buildFile.xml").read_bytes()
    module = parse_buildfile(data, file="buildFile.xml")
    assert len(module.piece_slots) > 100


@pytest.mark.corpus
def test_piece_slots_know_their_enclosing_components_and_component_path() -> None:
    module = module_named("ForThePeople/buildFile.xml")
    first = module.piece_slots[0]
    assert first.is_card
    assert first.path == ("Map", "Draw")
    assert first.component_path == (
        "VASSAL.build.module.Map:Map/VASSAL.build.module.map.DrawPile:Draw/"
        "VASSAL.build.widget.CardSlot:1 - Empty Haversacks")
    draw = next(pile for pile in module.draw_piles if pile.name == "Draw")
    assert first in draw.slots


@pytest.mark.corpus
def test_draw_piles_keep_position_owning_board_and_deck_options() -> None:
    module = module_named("ForThePeople/buildFile.xml")
    draw = next(pile for pile in module.draw_piles if pile.name == "Draw")
    assert (draw.map_id, draw.owning_board, draw.x, draw.y) == ("Map", "Main Map", 2800, 4800)
    assert draw.attributes["faceDown"] == "Always"


@pytest.mark.corpus
def test_setup_stacks_inside_map_sub_folders_belong_to_the_map() -> None:
    module = module_named("PathsOfGlory/buildFile.xml")
    assert sum(len(m.setup_stacks) for m in module.maps) == 670
    assert sum(len(m.draw_piles) for m in module.maps) == 13


@pytest.mark.corpus
def test_map_report_formats_distinguish_absent_from_empty() -> None:
    module = module_named("ForThePeople/buildFile.xml")
    main = module.map("Map")
    assert main is not None
    assert main.create_format == ""
    assert main.change_format == "$message$"
    xml = b'<VASSAL.build.GameModule name="m"><VASSAL.build.module.Map mapName="A"/>' \
          b"</VASSAL.build.GameModule>"
    bare = parse_buildfile(xml, file="x").maps[0]
    assert bare.move_to_format is None
    assert bare.create_format is None


@pytest.mark.corpus
def test_boards_without_images_take_their_size_from_attributes() -> None:
    module = module_named("PathsOfGlory/buildFile.xml")
    hand = module.map("Central Powers")
    assert hand is not None
    assert hand.boards[0].size == (3200, 600)
    assert isinstance(hand.boards[0].grid, RegionGrid)
    main = module.map("Map")
    assert main is not None
    assert main.boards[0].image == "map_classic_vassal.jpg"
    assert main.boards[0].size is None


@pytest.mark.corpus
def test_board_image_sizes_come_from_the_given_lookup() -> None:
    data = (CORPUS / "PathsOfGlory" / "buildFile.xml").read_bytes()
    module = parse_buildfile(data, file="b", image_sizes={"map_deluxe_vassal.jpg": (5100, 4200)})
    main = module.map("Map")
    assert main is not None
    assert [b.size for b in main.boards] == [None, (5100, 4200)]


@pytest.mark.corpus
def test_square_grid_numbering_is_read_from_the_corpus() -> None:
    module = module_named("ForThePeople/buildFile.xml")
    hand = module.map("Union Hand")
    assert hand is not None
    grid = hand.boards[0].grid
    assert isinstance(grid, SquareGrid)
    assert (grid.dx, grid.dy, grid.x0, grid.y0) == (386.0, 536.0, 194, 269)
    assert grid.numbering is not None
    assert (grid.numbering.h_leading, grid.numbering.v_off) == (0, 0)


@pytest.mark.corpus
def test_the_default_board_setup_text_is_kept() -> None:
    module = module_named("BBVassal/buildFile")
    dugout = module.map("Red Team Dugout")
    assert dugout is not None
    assert dugout.board_setup == "Red Team DugoutBoardPicker\tRed Team Dugout\t0\t0"
    assert (dugout.edge_width, dugout.edge_height) == (10, 10)


@pytest.mark.corpus
def test_dice_buttons_and_special_dice_are_read() -> None:
    module = module_named("BBVassal/buildFile")
    (die,) = module.dice_buttons
    assert (die.name, die.n_dice, die.n_sides, die.plus, die.add_to_total) == (
        "Random Selection Die", 1, 11, 0, 0)
    assert die.report_total
    assert die.report_format == "** $name$ = $result$ *** <$PlayerName$>"
    assert die.button_text == "d?"
    block = next(b for b in module.special_dice_buttons if b.name == "One Die Block")
    assert block.format == "** $name$ = [$result1$] *** <$PlayerName$>"
    assert [(f.text, f.value) for f in block.dice[0].faces][:3] == [
        ("ATTACKER DOWN", 0), ("BOTH DOWN", 1), ("PUSH BACK", 3)]


@pytest.mark.corpus
def test_turn_trackers_get_ids_in_document_order_with_their_levels() -> None:
    module = module_named("ForThePeople/buildFile.xml")
    (tracker,) = module.turn_trackers
    assert tracker.id == "TurnTracker0"
    (level,) = tracker.levels
    assert (level.kind, level.property, level.start, level.loop, level.loop_limit) == (
        "counter", "Turn", 1, True, 13)


@pytest.mark.corpus
def test_sides_options_and_global_properties_are_read() -> None:
    module = module_named("PathsOfGlory/buildFile.xml")
    assert module.sides == ("Central Powers", "Allied Powers", "Solitaire")
    assert module.player_id_format == "&lt;$PlayerName$ ($PlayerSide$)&gt;"
    containers = {prop.container for prop in module.global_properties}
    assert "Module" in containers
    levels = {prop.level for prop in module.global_properties}
    assert levels <= {"module", "map"}


def test_an_unnamed_map_is_identified_as_map_n_over_all_map_classes() -> None:
    xml = b"""<VASSAL.build.GameModule name="m">
      <VASSAL.build.module.PlayerHand mapName="Hand"/>
      <VASSAL.build.module.ChartWindow name="Charts">
        <VASSAL.build.widget.WidgetMap mapName=""/>
      </VASSAL.build.module.ChartWindow>
      <VASSAL.build.module.map.GlobalMap/>
      <VASSAL.build.module.PrivateMap edge="7,9" mapName="">
        <VASSAL.build.module.properties.GlobalProperties>
          <VASSAL.build.module.properties.GlobalProperty name="P" initialValue="1"/>
        </VASSAL.build.module.properties.GlobalProperties>
      </VASSAL.build.module.PrivateMap>
    </VASSAL.build.GameModule>"""
    module = parse_buildfile(xml, file="x")
    assert [m.identifier for m in module.maps] == ["Hand", "Map1", "Map2"]
    assert [m.kind for m in module.maps] == [MapKind.PLAYER_HAND, MapKind.WIDGET_MAP,
                                             MapKind.PRIVATE_MAP]
    assert module.map("Map0") is module.maps[0]
    assert module.map("Hand") is module.maps[0]
    assert (module.maps[2].edge_width, module.maps[2].edge_height) == (7, 9)
    (prop,) = module.global_properties
    assert (prop.level, prop.container) == ("map", "Map2")


def test_unknown_elements_are_walked_as_containers() -> None:
    xml = b"""<VASSAL.launch.BasicModule name="m">
      <Custom.Thing><Other>
        <VASSAL.build.module.Map mapName="Deep"/>
        <VASSAL.build.widget.PieceSlot entryName="S" gpid="5"
          >+/null/piece;;;;S/null;0;0;5</VASSAL.build.widget.PieceSlot>
      </Other></Custom.Thing>
    </VASSAL.launch.BasicModule>"""
    module = parse_buildfile(xml, file="x")
    assert [m.map_name for m in module.maps] == ["Deep"]
    assert module.piece_slots[0].component_path == (
        "Custom.Thing/Other/VASSAL.build.widget.PieceSlot:S")
    assert module.custom_classes == ("Custom.Thing", "Other")


def test_zone_properties_are_zone_level_with_map_and_zone_container() -> None:
    xml = b"""<VASSAL.build.GameModule name="m"><VASSAL.build.module.Map mapName="M">
      <VASSAL.build.module.map.BoardPicker><VASSAL.build.module.map.boardPicker.Board name="B">
        <VASSAL.build.module.map.boardPicker.board.ZonedGrid>
          <VASSAL.build.module.map.boardPicker.board.mapgrid.Zone name="Z" path="0,0;9,0;9,9">
            <VASSAL.build.module.properties.ZoneProperty name="Q" initialValue="2"/>
          </VASSAL.build.module.map.boardPicker.board.mapgrid.Zone>
        </VASSAL.build.module.map.boardPicker.board.ZonedGrid>
      </VASSAL.build.module.map.boardPicker.Board></VASSAL.build.module.map.BoardPicker>
    </VASSAL.build.module.Map></VASSAL.build.GameModule>"""
    (prop,) = parse_buildfile(xml, file="x").global_properties
    assert (prop.name, prop.level, prop.container, prop.initial_value) == ("Q", "zone", "M:Z", "2")


def test_an_extension_root_is_recognised() -> None:
    xml = b"""<VASSAL.build.module.ModuleExtension module="Base" vassalVersion="3.6.1" version="2">
      <VASSAL.build.module.ExtensionElement target="">
        <VASSAL.build.module.Map mapName="Extra"/>
      </VASSAL.build.module.ExtensionElement>
    </VASSAL.build.module.ModuleExtension>"""
    module = parse_buildfile(xml, file="x.vext")
    assert module.is_extension
    assert (module.base_module, module.vassal_version, module.version) == ("Base", "3.6.1", "2")
    assert [m.map_name for m in module.maps] == ["Extra"]


def test_list_turn_levels_nest_inside_counter_levels() -> None:
    xml = b"""<VASSAL.build.GameModule name="m">
      <VASSAL.build.module.turn.TurnTracker name="T1"/>
      <VASSAL.build.module.turn.TurnTracker name="T2">
        <VASSAL.build.module.turn.CounterTurnLevel property="Turn" start="3" incr="2">
          <VASSAL.build.module.turn.ListTurnLevel property="Phase" list="A,B\\,C,D"/>
        </VASSAL.build.module.turn.CounterTurnLevel>
      </VASSAL.build.module.turn.TurnTracker>
    </VASSAL.build.GameModule>"""
    trackers = parse_buildfile(xml, file="x").turn_trackers
    assert [t.id for t in trackers] == ["TurnTracker0", "TurnTracker1"]
    (counter,) = trackers[1].levels
    assert (counter.start, counter.incr) == (3, 2)
    assert counter.levels[0].values == ("A", "B,C", "D")


def _png(width: int, height: int) -> bytes:
    return (b"\x89PNG\r\n\x1a\n" + struct.pack(">I", 13) + b"IHDR"
            + struct.pack(">II", width, height) + b"\x08\x06\x00\x00\x00")


def _zip(entries: dict[str, bytes]) -> bytes:
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        for name, data in entries.items():
            archive.writestr(name, data)
    return buffer.getvalue()


_MODULE_XML = b"""<VASSAL.build.GameModule name="Z" version="1" VassalVersion="3.7.0">
  <VASSAL.build.module.Map mapName="M"><VASSAL.build.module.map.BoardPicker>
    <VASSAL.build.module.map.boardPicker.Board image="b.png" name="B"/>
  </VASSAL.build.module.map.BoardPicker></VASSAL.build.module.Map>
</VASSAL.build.GameModule>"""


def test_open_module_reads_a_vmod_with_image_sizes_and_moduledata(tmp_path: Path) -> None:
    path = tmp_path / "z.vmod"
    path.write_bytes(_zip({
        "buildFile": b'<VASSAL.launch.BasicModule name="old"/>',
        "buildFile.xml": _MODULE_XML,
        "moduledata": b'<data version="1"><name>Z</name><version>1</version></data>',
        "images/b.png": _png(640, 480),
    }))
    module = open_module(path)
    assert module.name == "Z"  # buildFile.xml wins over the legacy buildFile
    assert module.maps[0].boards[0].size == (640, 480)
    assert module.metadata is not None
    assert module.metadata.name == "Z"


def test_open_module_reads_a_legacy_buildfile_entry(tmp_path: Path) -> None:
    path = tmp_path / "old.mod"
    path.write_bytes(_zip({"buildFile": _MODULE_XML}))
    module = open_module(path)
    assert module.maps[0].boards[0].size is None
    assert module.metadata is None


def test_open_module_refuses_a_saved_game(tmp_path: Path) -> None:
    path = tmp_path / "game.vsav"
    path.write_bytes(_zip({"savedGame": b"!VCSK"}))
    with pytest.raises(NotAVassalFileError, match="saved game"):
        open_module(path)


def test_a_buildfile_with_a_doctype_is_refused() -> None:
    xml = (b'<?xml version="1.0"?><!DOCTYPE x [<!ENTITY big SYSTEM "file:///etc/passwd">]>'
           b'<VASSAL.build.GameModule name="&big;"/>')
    with pytest.raises(XmlSecurityError) as caught:
        parse_buildfile(xml, file="evil.vmod", entry="buildFile.xml")
    assert caught.value.file == "evil.vmod"
    assert caught.value.entry == "buildFile.xml"


def test_an_external_doctype_without_entities_is_refused() -> None:
    xml = b'<!DOCTYPE VASSAL.build.GameModule SYSTEM "http://example.com/x.dtd"><a/>'
    with pytest.raises(XmlSecurityError):
        parse_buildfile(xml, file="x")


def test_malformed_xml_names_file_entry_line_and_position() -> None:
    xml = (b'<VASSAL.build.GameModule name="m">\n  <VASSAL.build.module.Map>\n'
           b"</VASSAL.build.GameModule>")
    with pytest.raises(BuildFileError) as caught:
        parse_buildfile(xml, file="bad.vmod", entry="buildFile.xml")
    error = caught.value
    assert not isinstance(error, XmlSecurityError)
    assert (error.file, error.entry) == ("bad.vmod", "buildFile.xml")
    assert "line 3" in str(error)
    assert error.position is not None
    # libxml2 reports the column where it noticed the error: the end of the bad end tag.
    assert xml.rfind(b"\n") < error.position <= len(xml)


def test_a_root_that_is_not_a_module_is_a_build_file_error() -> None:
    with pytest.raises(BuildFileError, match="not a VASSAL module"):
        parse_buildfile(b"<html><body/></html>", file="x")


@pytest.mark.corpus
def test_a_module_round_trips_through_json() -> None:
    module = module_named("ForThePeople/buildFile.xml")
    again = Module.model_validate_json(module.model_dump_json())
    assert again == module
    assert again.map("Map0") == module.map("Map")


_PROTOTYPES_XML = b"""<VASSAL.build.GameModule name="p">
  <VASSAL.build.module.PrototypesContainer>
    <VASSAL.build.module.PrototypeDefinition name="Unit"
      >+/null/mark;Side\tpiece;;;;/A\tnull;0;0;;0</VASSAL.build.module.PrototypeDefinition>
    <VASSAL.build.module.folder.PrototypeFolder name="f">
      <VASSAL.build.module.PrototypeDefinition name="Unit"
        >+/null/mark;Side\tpiece;;;;/B\tnull;0;0;;0</VASSAL.build.module.PrototypeDefinition>
    </VASSAL.build.module.folder.PrototypeFolder>
  </VASSAL.build.module.PrototypesContainer>
  <VASSAL.build.module.PieceWindow name="Counters">
    <VASSAL.build.widget.PieceSlot entryName="Inf" gpid="7"
      >+/null/prototype;Unit\tpiece;;;;Inf/\tnull;0;0;7;0</VASSAL.build.widget.PieceSlot>
  </VASSAL.build.module.PieceWindow>
</VASSAL.build.GameModule>"""


def test_prototype_definitions_keep_document_order_and_folder_path() -> None:
    module = parse_buildfile(_PROTOTYPES_XML, file="p")
    assert [p.name for p in module.prototypes] == ["Unit", "Unit"]
    assert module.prototypes[1].path == ("f",)
    assert module.piece_slots[0].path == ("Counters",)


def test_the_last_prototype_definition_of_a_name_wins() -> None:
    pytest.importorskip("vmod_schema.prototypes")
    module = parse_buildfile(_PROTOTYPES_XML, file="p")
    table = module.prototype_table()
    assert list(table) == ["Unit"]
    assert table["Unit"] == ("mark;Side\tpiece;;;;", "B\tnull;0;0;;0")
    expanded_type, _ = module.expand_slot(module.piece_slots[0], table)
    assert expanded_type.startswith("mark;Side\t")
    assert "prototype;" not in expanded_type
