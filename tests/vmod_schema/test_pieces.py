"""Pieces: the §6.1 chain decoder, byte-for-byte round trips, names, and the merge rule."""

from __future__ import annotations

import re
from collections import Counter
from functools import cache
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tests.conftest import CORPUS, corpus_games, corpus_id
from vmod_schema import sequence
from vmod_schema.archive import Archive
from vmod_schema.errors import PieceFormatError
from vmod_schema.obfuscation import decode_payload
from vmod_schema.pieces import (
    BasicPiece,
    DeckState,
    StackState,
    UnknownInner,
    apply_state,
    decode_piece,
)
from vmod_schema.prototypes import parse_add_piece_text

POG = CORPUS / "PathsOfGlory" / "Historical10-8.vsav"
FTP = CORPUS / "ForThePeople" / "1861-3-5.vsav"


def _leaves(text: str, out: list[str]) -> None:
    # FORMAT.md §4.1 recursion; LOG⇥ wraps one more encoded command (§4.3).
    tokens = sequence.split(text, "\x1b")
    if len(tokens) == 1 and tokens[0] == text:
        if text.startswith("LOG\t"):
            _leaves(text[4:], out)
        else:
            out.append(text)
        return
    for token in tokens:
        _leaves(token, out)


@cache
def add_pieces(path: Path) -> tuple[tuple[str | None, str, str], ...]:
    """Every AddPiece (id, type, state) executed in a corpus game, restore block and log."""
    with Archive.open(path) as archive:
        text = decode_payload(archive.read("savedGame")).text
    leaves: list[str] = []
    _leaves(text, leaves)
    return tuple(parse_add_piece_text(leaf) for leaf in leaves if leaf.startswith("+/"))


def _manifest_trait_counts() -> dict[str, Counter[str]]:
    counts: dict[str, Counter[str]] = {}
    game = None
    manifest = CORPUS / "MANIFEST.md"
    if not manifest.is_file():
        return counts  # no corpus: the tests that need it skip
    lines = manifest.read_text(encoding="utf-8").splitlines()
    for index, line in enumerate(lines):
        if line.startswith("== GAME "):
            game = line.removeprefix("== GAME ").strip()
        elif line.startswith("trait ids over all AddPiece commands") and game:
            pairs = re.findall(r"(\S+) (\d+)(?:,|$)", lines[index + 1].strip())
            counts[game] = Counter({ident: int(count) for ident, count in pairs})
    return counts


MANIFEST_COUNTS = _manifest_trait_counts()
GAMES = corpus_games()


@pytest.mark.corpus
@pytest.mark.parametrize("game", GAMES, ids=corpus_id)
def test_every_corpus_add_piece_round_trips_byte_for_byte(game: Path) -> None:
    pieces = add_pieces(game)
    assert pieces
    for piece_id, type_, state in pieces:
        piece = decode_piece(type_, state)
        assert piece.encode_type() == type_, piece_id
        assert piece.encode_state() == state, piece_id


@pytest.mark.corpus
@pytest.mark.parametrize("game", GAMES, ids=corpus_id)
def test_every_corpus_add_piece_decodes_in_strict_mode(game: Path) -> None:
    for _, type_, state in add_pieces(game):
        piece = decode_piece(type_, state, strict=True)
        assert piece.inner.id in ("piece;", "stack", "deck;")


@pytest.mark.corpus
@pytest.mark.parametrize("game", GAMES, ids=corpus_id)
def test_chain_levels_equal_a_level_by_level_engine_decode(game: Path) -> None:
    for _, type_, state in add_pieces(game):
        assert _reference_levels(type_, state) == _levels(decode_piece(type_, state))


@pytest.mark.corpus
@pytest.mark.parametrize(
    "game", [g for g in GAMES if g.name in MANIFEST_COUNTS], ids=corpus_id
)
def test_trait_id_counts_equal_the_manifest(game: Path) -> None:
    counts: Counter[str] = Counter()
    for _, type_, state in add_pieces(game):
        counts.update(decode_piece(type_, state).id_chain())
    assert counts == MANIFEST_COUNTS[game.name]


@pytest.mark.corpus
def test_paths_of_glory_trait_counts_include_the_known_totals() -> None:
    counts: Counter[str] = Counter()
    for _, type_, state in add_pieces(POG):
        counts.update(decode_piece(type_, state).id_chain())
    assert counts["macro;"] == 17258
    assert counts["setprop;"] == 6504
    assert (counts["piece;"], counts["stack"], counts["deck;"]) == (844, 1399, 13)


@pytest.mark.corpus
def test_every_paths_of_glory_piece_decodes() -> None:
    """Every piece of a large real save decodes into its trait chain (how fast is
    `bench/decode.py`'s to measure; tests do not time things)."""
    pieces = add_pieces(POG)
    decoded = [decode_piece(type_, state) for _, type_, state in pieces]
    assert sum(len(piece.traits) for piece in decoded) > 50_000
    assert all(piece.inner is not None for piece in decoded)


@pytest.mark.corpus
def test_for_the_people_example_from_format_section_6_1_decodes_as_documented() -> None:
    found = [p for p in add_pieces(FTP) if p[0] == "1643744675990"]
    assert len(found) == 1
    piece = decode_piece(found[0][1], found[0][2])
    assert piece.id_chain()[:4] == ["placemark;", "immob;", "mark;", "emb2;"]
    assert [t.raw_state for t in piece.traits[:4]] == ["", "", "Hidden", "1"]
    assert piece.traits[2].raw_type == "mark;Layer"
    assert isinstance(piece.inner, BasicPiece)
    assert piece.inner.raw_type == "piece;;;;Alabama"
    assert (piece.map_id, piece.x, piece.y, piece.inner.gpid) == ("Map", 2893, 2584, "1370")
    assert piece.inner.persistent_properties == ()


def test_unknown_trait_round_trips_byte_for_byte() -> None:
    type_ = "ScatterTrait\tmark;Team\\\tpiece;;;Ball.png;Ball"
    state = "odd;state\tblue\\\tGrass Pitch;100;200;2600"
    piece = decode_piece(type_, state, strict=True)
    assert piece.id_chain() == ["ScatterTrait", "mark;", "piece;"]
    assert type(piece.traits[0]).__name__ == "UnknownTrait"
    assert piece.traits[0].raw_state == "odd;state"
    assert (piece.encode_type(), piece.encode_state()) == (type_, state)


def test_strict_mode_reports_the_tab_a_trailing_backslash_swallowed() -> None:
    # "mark;X\" ends with a backslash, so its TAB separator is escaped (FORMAT.md §3.5).
    type_ = "mark;X\\\tpiece;;;;A"
    with pytest.raises(PieceFormatError) as caught:
        decode_piece(type_, "v\tMap;1;2", strict=True)
    assert caught.value.position == 7
    assert type_[caught.value.position] == "\t"


def test_strict_mode_locates_a_swallowed_tab_deep_in_the_chain() -> None:
    type_ = "mark;A\temb2;B\\\\\tpiece;;;;X"  # level 1 ends with a backslash
    with pytest.raises(PieceFormatError) as caught:
        decode_piece(type_, "a\tb\\\tMap;1;2", strict=True)
    assert caught.value.position == type_.index("\t", 7)


def test_lenient_mode_keeps_a_broken_piece_and_round_trips_it() -> None:
    type_ = "mark;X\\\tpiece;;;;A"
    piece = decode_piece(type_, "Map;1;2")
    assert isinstance(piece.inner, UnknownInner)
    assert (piece.encode_type(), piece.encode_state()) == (type_, "Map;1;2")
    assert piece.map_id is None


def test_strict_mode_rejects_a_state_with_too_few_levels() -> None:
    type_ = "mark;A\tmark;B\\\tpiece;;;;X"
    with pytest.raises(PieceFormatError, match="state has"):
        decode_piece(type_, "only", strict=True)
    lenient = decode_piece(type_, "only")
    assert [t.raw_state for t in lenient.traits] == ["only", None]
    assert lenient.inner.raw_state is None
    assert lenient.encode_state() == "only"


def test_strict_mode_rejects_a_level_with_three_tokens_without_quoting_state() -> None:
    with pytest.raises(PieceFormatError, match="more than two") as caught:
        decode_piece("mark;A\tpiece;;;;X", "secret\tMap;1;2\textra", strict=True)
    assert "secret" not in str(caught.value)
    assert caught.value.position == len("secret\tMap;1;2")


def test_basic_piece_reads_2x_32_and_34_states() -> None:
    old = BasicPiece.decode("piece;;;a.png;A", "Main;10;20")
    assert (old.map_id, old.x, old.y, old.gpid, old.persistent_properties) == (
        "Main", 10, 20, "", ())
    mid = BasicPiece.decode("piece;;;a.png;A", "null;131;916;2684")
    assert (mid.map_id, mid.gpid) == (None, "2684")
    new = BasicPiece.decode("piece;;;;RU3", "Map;3252;1304;1886;2;UniqueID;1736;OldX;7")
    assert new.persistent_properties == (("UniqueID", "1736"), ("OldX", "7"))
    assert (new.image_name, new.name) == ("", "RU3")


def test_piece_position_is_none_when_not_on_a_map() -> None:
    piece = decode_piece("piece;;;;A", "null;5;6;1")
    assert (piece.map_id, piece.x, piece.y) == (None, None, None)


def test_stack_state_lists_members_bottom_first_and_its_layer() -> None:
    stack = decode_piece("stack", "Map;3252;1304;111;222;@@-1").inner
    assert isinstance(stack, StackState)
    assert (stack.map_id, stack.x, stack.y) == ("Map", 3252, 1304)
    assert stack.member_ids == ("111", "222")
    assert stack.layer == -1
    assert StackState.decode("stack", "Map;1;2;9").layer is None


@pytest.mark.corpus
def test_deck_type_and_state_fields_from_paths_of_glory() -> None:
    decks = [decode_piece(t, s) for _, t, s in add_pieces(POG) if t.startswith("deck;")]
    ap = [d.inner for d in decks if isinstance(d.inner, DeckState) and d.name == "AP Deck"]
    assert len(ap) == 1
    deck = ap[0]
    assert (deck.map_id, deck.x, deck.y, deck.face_down) == ("Map", 200, 3700, True)
    assert deck.face_down_option == "Always"
    assert deck.member_ids and all(member.isdigit() for member in deck.member_ids)
    empty = DeckState.decode("deck;true;0,0,0;375;525;Never", "Map;1;2;false")
    assert empty.member_ids == ()


LAYER = ("emb2;Activate;2;;Flip;2;;;2;;;;1;false;0;0;a.png,b.png,c.png;{levels};true;Status;;;"
         "false;;1;1;true")


@pytest.mark.parametrize(
    ("levels", "value", "name"),
    [
        ("Front,Back,Gone", "2", "Back"),  # a level name replaces the name
        ("Front,Elite +,x", "2", "Elite RU3"),  # "X+" prefixes
        ("Front,+ (Back),x", "2", "RU3 (Back)"),  # "+X" suffixes
        ("Front,Back,x", "-2", "RU3"),  # inactive layer: unchanged
        ("Front,,x", "2", "RU3"),  # empty level name: unchanged
    ],
)
def test_layer_level_names_replace_prefix_or_suffix_the_name(
    levels: str, value: str, name: str
) -> None:
    type_ = sequence.join([LAYER.format(levels=levels), "piece;;;;RU3"], "\t")
    piece = decode_piece(type_, sequence.join([value, "Map;1;2"], "\t"))
    assert piece.name == name


def test_text_label_applies_its_name_format_outside_a_layer() -> None:
    label = "label;;;10;;0,0,0;c;0;c;0;c;c;{fmt};Dialog;0;0;TextLabel"
    chain = [label.format(fmt="$pieceName$ ($label$)"), LAYER.format(levels="Front,Back,x"),
             "piece;;;;RU3"]
    type_ = sequence.join([chain[0], sequence.join(chain[1:], "\t")], "\t")
    state = sequence.join(["Army 5", sequence.join(["2", "Map;1;2"], "\t")], "\t")
    piece = decode_piece(type_, state, strict=True)
    assert piece.name == "Back (Army 5)"
    assert piece.properties()["TextLabel"] == "Army 5"
    blank = decode_piece(type_, sequence.join(["", sequence.join(["2", "Map;1;2"], "\t")], "\t"))
    assert blank.name == "Back"


def test_default_label_format_and_basic_name_override() -> None:
    type_ = "label;;;10;;0,0,0\tbasicName;Renamed\\\tpiece;;;;Original"
    piece = decode_piece(type_, "7\t\\\tMap;1;2")
    assert piece.name == "Renamed (7)"
    assert piece.properties()["BasicName"] == "Renamed"


def test_layer_following_a_dynamic_property_uses_the_property_value() -> None:
    layer = ("emb2;Activate;2;;;2;;;2;;;;1;false;0;0;f.png,b.png;RU3,(RU3);true;Status;;;true;"
             "CounterLayer;1;1;true")
    prop = "PROP;CounterLayer;true,1,2,true;;"
    type_ = sequence.join([prop, sequence.join([layer, "piece;;;;"], "\t")], "\t")
    piece = decode_piece(type_, sequence.join(["2", sequence.join(["1", "Map;1;2"], "\t")], "\t"))
    assert piece.name == "(RU3)"
    props = piece.properties()
    assert (props["Status_Level"], props["Status_Name"], props["Status_Active"]) == (
        "2", "(RU3)", "true")


def test_properties_collect_markers_dynamic_properties_moved_and_persistent_ones() -> None:
    type_ = "mark;Side,Type\tPROP;Steps;false,0,100,false;;\\\tmarkmoved;;0;0\\\\\tpiece;;;;A"
    state = "CP,Army\t2\\\ttrue\\\\\tMap;1;2;9;1;UniqueID;42"
    props = decode_piece(type_, state, strict=True).properties()
    assert props == {"BasicName": "A", "UniqueID": "42", "Moved": "true", "Steps": "2",
                     "Side": "CP", "Type": "Army"}


@pytest.mark.corpus
def test_paths_of_glory_unit_names_come_from_their_layer_levels() -> None:
    # Russian army counters have an empty basic name; the Status layer names them.
    names = Counter(decode_piece(t, s).name for _, t, s in add_pieces(POG))
    assert names["RU3"] == 1
    assert names["AP Deck"] == 1


def test_change_piece_without_old_state_sets_every_level() -> None:
    piece = decode_piece("mark;A\tmark;B\\\tpiece;;;;X", "a\tb\\\tMap;1;2")
    changed = apply_state(piece, "a2\tb2\\\tMap;5;6")
    assert [t.raw_state for t in changed.traits] == ["a2", "b2"]
    assert (changed.x, changed.y) == (5, 6)
    assert changed.encode_state() == "a2\tb2\\\tMap;5;6"
    assert piece.encode_state() == "a\tb\\\tMap;1;2"  # the original is unchanged


def test_change_piece_with_old_state_changes_only_differing_levels() -> None:
    # A concurrent change already set trait B to "theirs" and moved the piece; this
    # ChangePiece only changes trait A, so B and the position must survive (§6.3).
    piece = decode_piece("mark;A\tmark;B\\\tpiece;;;;X", "a\ttheirs\\\tMap;9;9")
    merged = apply_state(piece, "a2\tb\\\tMap;1;2", old_state="a\tb\\\tMap;1;2")
    assert [t.raw_state for t in merged.traits] == ["a2", "theirs"]
    assert (merged.x, merged.y) == (9, 9)
    moved = apply_state(piece, "a\tb\\\tMap;3;4", old_state="a\tb\\\tMap;1;2")
    assert [t.raw_state for t in moved.traits] == ["a", "theirs"]
    assert (moved.x, moved.y) == (3, 4)
    assert moved.encode_state() == "a\ttheirs\\\tMap;3;4"


@pytest.mark.corpus
def test_change_piece_round_trips_on_corpus_log_changes() -> None:
    game = CORPUS / "BBVassal" / "testlog.vlog"
    pieces = {pid: decode_piece(t, s) for pid, t, s in add_pieces(game)}
    with Archive.open(game) as archive:
        text = decode_payload(archive.read("savedGame")).text
    leaves: list[str] = []
    _leaves(text, leaves)
    changes = [sequence.split(leaf, "/") for leaf in leaves if leaf.startswith("D/")]
    assert changes
    for change in changes:
        piece = pieces[change[1]]
        new_state, old_state = change[2], change[3] if len(change) > 3 else None
        updated = apply_state(piece, new_state, old_state)
        if old_state is None or old_state == piece.encode_state():
            assert updated.encode_state() == new_state
        pieces[change[1]] = updated


# -- property test: the one-pass chain splitter equals the engine's level-by-level decoder


def _reference_levels(type_: str, state: str) -> list[tuple[str, str | None]]:
    """§6.1 done literally with the character-level §3.2 decoder (sequence.split)."""
    levels: list[tuple[str, str | None]] = []
    rest_state: str | None = state
    text = type_
    while True:
        tokens = sequence.split(text, "\t")
        if len(tokens) == 1:
            levels.append((tokens[0], rest_state))
            return levels
        if rest_state is None:
            mine = None
        else:
            state_tokens = sequence.split(rest_state, "\t")
            mine = state_tokens[0]
            rest_state = state_tokens[1] if len(state_tokens) > 1 else None
        levels.append((tokens[0], mine))
        text = tokens[1]


def _levels(piece: object) -> list[tuple[str, str | None]]:
    assert hasattr(piece, "traits") and hasattr(piece, "inner")
    levels = [(t.raw_type, t.raw_state) for t in piece.traits]
    levels.append((piece.inner.raw_type, piece.inner.raw_state))
    return levels


TEXT = st.text(alphabet="ab;\\\t'", max_size=8)


@given(st.lists(st.tuples(TEXT, TEXT), min_size=1, max_size=6), TEXT)
def test_chain_decoding_equals_the_reference_decoder_on_random_chains(
    levels: list[tuple[str, str]], basic_state: str
) -> None:
    type_ = "piece;;;;x"
    state = basic_state
    for trait_type, trait_state in reversed(levels):
        type_ = sequence.join([trait_type, type_], "\t")
        state = sequence.join([trait_state, state], "\t")
    piece = decode_piece(type_, state)
    assert _levels(piece) == _reference_levels(type_, state)
    again = decode_piece(piece.encode_type(), piece.encode_state())
    assert _levels(again) == _levels(piece)


@given(TEXT, TEXT)
def test_decoding_arbitrary_strings_never_raises_in_lenient_mode(type_: str, state: str) -> None:
    piece = decode_piece(type_, state)
    assert _levels(piece) == _reference_levels(type_, state)
