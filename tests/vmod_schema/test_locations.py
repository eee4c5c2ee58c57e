"""Location resolution (FORMAT.md §7.5–7.6) against the engine's own stored answers."""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass
from functools import cache
from pathlib import Path

import pytest

from tests.conftest import CORPUS, corpus_games, corpus_id, module_for
from vmod_schema.archive import Archive
from vmod_schema.buildfile import Module, open_module, parse_buildfile
from vmod_schema.commands import SelectBoards, decode_leaf
from vmod_schema.errors import CommandFormatError
from vmod_schema.locations import (
    OFFBOARD,
    BoardSelection,
    LocationResolver,
    PlacedBoard,
    parse_board_picker,
    selection_from,
)
from vmod_schema.obfuscation import decode_payload
from vmod_schema.sequence import split

ESC = "\x1b"

# corpus/MANIFEST.md: pieces carrying OldMap/OldX/OldY per save; all agree with the engine.
ORACLE_COUNTS = {
    "PathsOfGlory/Historical10-8.vsav": 9,
    "PathsOfGlory/Classic10-8.vsav": 2,
    "ForThePeople/1861-3-5.vsav": 28,
    "ForThePeople/1862-3-5.vsav": 137,
}


@dataclass(frozen=True)
class OldLocation:
    """What the engine stored in a piece before its last move."""

    map_id: str
    x: int
    y: int
    location: str
    zone: str
    board: str


@cache
def _module(path: Path) -> Module:
    return open_module(path)


@cache
def _top_level(path: Path) -> tuple[str, ...]:
    with Archive.open(path) as archive:
        return tuple(split(decode_payload(archive.read("savedGame")).text, ESC))


def _selections(tokens: tuple[str, ...]) -> dict[str, BoardSelection]:
    selections: dict[str, BoardSelection] = {}
    for token in tokens:
        command = decode_leaf(token)
        if isinstance(command, SelectBoards):
            selections[command.map_id] = selection_from(command)
    return selections


def _basic_state(state: str) -> str:
    # The innermost level of the TAB-chain is the BasicPiece state (§6.1).
    while True:
        levels = split(state, "\t")
        if len(levels) == 1:
            return state
        state = levels[1]


def _old_locations(tokens: tuple[str, ...]) -> Iterator[OldLocation]:
    for command in split(tokens[2], ESC):
        if not command.startswith("+/"):
            continue
        fields = split(command, "/")
        if len(fields) < 4:
            continue
        basic = split(_basic_state(fields[3]), ";")
        props = dict(zip(basic[5::2], basic[6::2], strict=False))
        if {"OldMap", "OldX", "OldY"} <= props.keys():
            yield OldLocation(props["OldMap"], int(props["OldX"]), int(props["OldY"]),
                              props.get("OldLocationName", ""), props.get("OldZone", ""),
                              props.get("OldBoard", ""))


ORACLE_GAMES = [game for game in corpus_games() if corpus_id(game) in ORACLE_COUNTS]


@pytest.mark.corpus
@pytest.mark.parametrize("game", ORACLE_GAMES, ids=corpus_id)
def test_computed_location_zone_and_board_equal_the_stored_old_values(game: Path) -> None:
    module_path = module_for(game)
    assert module_path is not None
    resolver = LocationResolver(_module(module_path))
    tokens = _top_level(game)
    selection = _selections(tokens)
    olds = list(_old_locations(tokens))
    assert len(olds) == ORACLE_COUNTS[corpus_id(game)]
    mismatches = []
    for old in olds:
        found = resolver.locate(old.map_id, old.x, old.y, selection)
        computed = (found.name, found.zone or "", found.board or "")
        if computed != (old.location, old.zone, old.board):
            mismatches.append((old, computed))
    assert mismatches == []


@pytest.mark.corpus
def test_the_oracle_includes_decks_and_offboard_points_in_no_zone() -> None:
    game = CORPUS / "ForThePeople" / "1862-3-5.vsav"
    names = {old.location for old in _old_locations(_top_level(game))}
    assert {"Draw", "Removed", OFFBOARD} <= names


def _movement_steps(path: Path) -> Iterator[tuple[list[str], list[str]]]:
    """Per log step after `end_save`: its MovePiece commands and its chat lines (§4.1, §5)."""
    tokens = _top_level(path)

    def flatten(text: str) -> Iterator[str]:
        parts = split(text, ESC)
        if len(parts) == 1 and parts[0] == text:
            yield from (flatten(text[4:]) if text.startswith("LOG\t") else [text])
            return
        for part in parts:
            yield from flatten(part)

    for token in tokens[tokens.index("end_save") + 1 :]:
        leaves = list(flatten(token))
        yield ([leaf for leaf in leaves if leaf.startswith("M/")],
               [leaf[4:] for leaf in leaves if leaf.startswith("CHAT")])


@pytest.mark.corpus
def test_blood_bowl_log_movement_reports_agree_with_move_coordinates() -> None:
    log = CORPUS / "BBVassal" / "testlog.vlog"
    module_path = module_for(log)
    assert module_path is not None
    resolver = LocationResolver(_module(module_path))
    selection = _selections(_top_level(log))
    report = re.compile(r" moves (.+?) -> (.+?) \*?$")
    agreed = 0
    for moves, chats in _movement_steps(log):
        reports = [m.groups() for m in map(report.search, chats) if m is not None]
        computed = []
        for move in moves:
            fields = split(move, "/")
            new_map, new_x, new_y = fields[2], int(fields[3]), int(fields[4])
            old_map, old_x, old_y = fields[6], int(fields[7]), int(fields[8])
            computed.append((resolver.resolve(old_map, old_x, old_y, selection),
                             resolver.resolve(new_map, new_x, new_y, selection)))
        assert [tuple(r) for r in reports] == computed
        agreed += len(reports)
    assert agreed == 4


# ---- BoardPicker commands


def test_board_picker_commands_decode_map_board_cell_and_reversal() -> None:
    selection = parse_board_picker("Main MapBoardPicker\tA\t0\t0\tB/rev\t1\t0\tC\t0\t1")
    assert selection.map_id == "Main Map"
    assert selection.boards == (
        PlacedBoard(name="A"), PlacedBoard(name="B", column=1, reversed=True),
        PlacedBoard(name="C", row=1))


def test_board_picker_cell_that_is_not_a_number_reads_as_zero() -> None:
    # Typed reads default when a number does not parse (FORMAT.md §3.6).
    placed = parse_board_picker("MapBoardPicker\tA\tx\t1").boards[0]
    assert (placed.column, placed.row) == (0, 1)


def test_only_board_picker_commands_are_recognised() -> None:
    assert parse_board_picker("MapBoardPicker\tA\t0\t0").map_id == "Map"
    for text in ("MapBoardPicker", "TURNTurnTracker0\t1", "CHAT hello"):
        with pytest.raises(CommandFormatError):
            parse_board_picker(text)


# ---- layouts (§7.5) on a synthetic module

_LAYOUT_XML = b"""<VASSAL.build.GameModule name="layout">
 <VASSAL.build.module.Map mapName="M" edgeWidth="10" edgeHeight="20">
  <VASSAL.build.module.map.BoardPicker>
   <VASSAL.build.module.map.boardPicker.Board name="A" width="100" height="50" reversible="true">
    <VASSAL.build.module.map.boardPicker.board.RegionGrid>
     <VASSAL.build.module.map.boardPicker.board.Region name="a-left" originx="0" originy="0"/>
     <VASSAL.build.module.map.boardPicker.board.Region name="a-right" originx="100" originy="50"/>
    </VASSAL.build.module.map.boardPicker.board.RegionGrid>
   </VASSAL.build.module.map.boardPicker.Board>
   <VASSAL.build.module.map.boardPicker.Board name="B" width="200" height="80">
    <VASSAL.build.module.map.boardPicker.board.ZonedGrid>
     <VASSAL.build.module.map.boardPicker.board.mapgrid.Zone name="Z" path="0,0;50,0;50,50;0,50"/>
    </VASSAL.build.module.map.boardPicker.board.ZonedGrid>
   </VASSAL.build.module.map.boardPicker.Board>
   <VASSAL.build.module.map.boardPicker.Board name="C" width="100" height="100"/>
  </VASSAL.build.module.map.BoardPicker>
  <VASSAL.build.module.folder.MapSubFolder name="decks">
   <VASSAL.build.module.map.DrawPile name="Deck" owningBoard="B" x="5" y="6"/>
  </VASSAL.build.module.folder.MapSubFolder>
  <VASSAL.build.module.map.DrawPile name="Loose" x="1" y="2"/>
  <VASSAL.build.module.map.DrawPile name="Elsewhere" owningBoard="C" x="0" y="0"/>
 </VASSAL.build.module.Map>
 <VASSAL.build.module.Map mapName="Solo">
  <VASSAL.build.module.map.BoardPicker>
   <VASSAL.build.module.map.boardPicker.Board name="Image" image="missing.png">
    <VASSAL.build.module.map.boardPicker.board.RegionGrid>
     <VASSAL.build.module.map.boardPicker.board.Region name="only" originx="0" originy="0"/>
    </VASSAL.build.module.map.boardPicker.board.RegionGrid>
   </VASSAL.build.module.map.boardPicker.Board>
  </VASSAL.build.module.map.BoardPicker>
 </VASSAL.build.module.Map>
 <VASSAL.build.module.Map mapName="">
  <VASSAL.build.module.map.BoardPicker>
   <setup>Map2BoardPicker\tC\t0\t0</setup>
   <VASSAL.build.module.map.boardPicker.Board name="C" width="10" height="10">
    <VASSAL.build.module.map.boardPicker.board.RegionGrid>
     <VASSAL.build.module.map.boardPicker.board.Region name="c" originx="0" originy="0"/>
    </VASSAL.build.module.map.boardPicker.board.RegionGrid>
   </VASSAL.build.module.map.boardPicker.Board>
   <VASSAL.build.module.map.boardPicker.Board name="D" width="10" height="10"/>
  </VASSAL.build.module.map.BoardPicker>
 </VASSAL.build.module.Map>
</VASSAL.build.GameModule>"""


@pytest.fixture
def resolver() -> LocationResolver:
    return LocationResolver(parse_buildfile(_LAYOUT_XML, file="layout.xml"))


def _select(text: str) -> dict[str, BoardSelection]:
    selection = parse_board_picker(text)
    return {selection.map_id: selection}


def test_boards_to_the_right_are_offset_by_widths_in_the_same_row(
        resolver: LocationResolver) -> None:
    selection = _select("MBoardPicker\tA\t0\t0\tB\t1\t0")
    # A spans x 10..110, y 20..70; B starts at x = 10 + 100.
    assert resolver.resolve_board("M", 10, 20, selection) == "A"
    assert resolver.resolve_board("M", 109, 69, selection) == "A"
    assert resolver.resolve_board("M", 110, 20, selection) == "B"
    assert resolver.resolve("M", 110, 20, selection) == "Z"
    assert resolver.resolve_zone("M", 110, 20, selection) == "Z"
    assert resolver.resolve("M", 200, 20, selection) == OFFBOARD  # on B, in no zone
    assert resolver.resolve_board("M", 200, 20, selection) == "B"
    assert resolver.resolve_zone("M", 200, 20, selection) is None


def test_boards_below_are_offset_by_heights_in_the_same_column(
        resolver: LocationResolver) -> None:
    selection = _select("MBoardPicker\tA\t0\t0\tC\t0\t1")
    assert resolver.resolve_board("M", 10, 70, selection) == "C"
    assert resolver.resolve_board("M", 10, 69, selection) == "A"


def test_points_in_the_edge_buffer_or_beyond_the_boards_are_offboard(
        resolver: LocationResolver) -> None:
    selection = _select("MBoardPicker\tA\t0\t0")
    for point in [(5, 25), (15, 10), (110, 25), (15, 70)]:
        assert resolver.resolve("M", *point, selection) == OFFBOARD
        assert resolver.resolve_board("M", *point, selection) is None


def test_a_reversed_board_mirrors_the_board_local_point(resolver: LocationResolver) -> None:
    normal = _select("MBoardPicker\tA\t0\t0")
    rotated = _select("MBoardPicker\tA/rev\t0\t0")
    assert resolver.resolve("M", 11, 21, normal) == "a-left"
    assert resolver.resolve("M", 11, 21, rotated) == "a-right"


def test_decks_are_found_by_exact_position_before_the_board(
        resolver: LocationResolver) -> None:
    selection = _select("MBoardPicker\tA\t0\t0\tB\t1\t0")
    # Deck owned by B: (5, 6) + B's origin (110, 20); Loose: (1, 2) + edge (10, 20).
    assert resolver.resolve("M", 115, 26, selection) == "Deck"
    assert resolver.resolve_zone("M", 115, 26, selection) == "Z"
    assert resolver.resolve("M", 116, 26, selection) == "Z"
    assert resolver.resolve("M", 11, 22, selection) == "Loose"
    assert resolver.deck_position("M", "Deck", selection) == (115, 26)


def test_a_deck_whose_owning_board_is_not_in_play_is_absent(
        resolver: LocationResolver) -> None:
    selection = _select("MBoardPicker\tA\t0\t0")
    assert resolver.deck_position("M", "Deck", selection) is None
    assert resolver.deck_position("M", "Elsewhere", selection) is None


def test_without_selection_the_setup_text_places_the_boards(
        resolver: LocationResolver) -> None:
    assert resolver.resolve("Map2", 3, 3) == "c"
    assert resolver.resolve_board("Map2", 3, 3) == "C"


def test_without_selection_or_setup_a_reversible_single_board_is_not_placed(
        resolver: LocationResolver) -> None:
    assert resolver.resolve("M", 15, 25) == OFFBOARD  # three boards, no setup: nothing placed


def test_a_single_board_of_unknown_size_still_resolves(resolver: LocationResolver) -> None:
    assert resolver.resolve("Solo", 5000, 5000) == "only"
    assert resolver.resolve_board("Solo", 0, 0) == "Image"
    assert resolver.resolve("Solo", -1, 0) == OFFBOARD


def test_maps_are_found_by_map_n_id_and_unknown_maps_are_offboard(
        resolver: LocationResolver) -> None:
    assert resolver.resolve("Map2", 3, 3, _select("Map2BoardPicker\tD\t0\t0")) == OFFBOARD
    assert resolver.resolve("Map0", 11, 21, _select("MBoardPicker\tA\t0\t0")) == "a-left"
    assert resolver.resolve("Nowhere", 0, 0) == OFFBOARD


def test_a_selection_keyed_by_map_n_applies_to_a_named_map(resolver: LocationResolver) -> None:
    selection = {"Map0": BoardSelection(map_id="Map0", boards=(PlacedBoard(name="A"),))}
    assert resolver.resolve("M", 11, 21, selection) == "a-left"
