"""The streaming read path of `read_save` agrees with the whole-text decoders it replaces.

`read_save` inflates, deobfuscates and decodes the commands chunk by chunk; each stage is
checked here against its whole-text counterpart on arbitrary input cut at arbitrary places.
"""

from __future__ import annotations

from pathlib import Path
from unittest import mock

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.conftest import corpus_games, corpus_id
from vmod_schema import savefile
from vmod_schema.builder import GameBuilder, moved
from vmod_schema.commands import AddPiece
from vmod_schema.errors import ObfuscationError
from vmod_schema.obfuscation import (
    PayloadEncoding,
    decode_payload,
    decode_payload_stream,
    encode_payload,
)
from vmod_schema.pieces import PieceDecoder, decode_piece
from vmod_schema.savefile import (
    _is_log_token,
    _split_game,
    _stream_commands,
    decode_top_level,
    read_save,
)

ESC = "\x1b"
PROPERTY = settings(max_examples=300, deadline=None)

# Command text rich in what matters: ESCs after 0, 1, 2 or 3 backslashes, apostrophes.
fragments = st.sampled_from(
    [ESC, "\\", "'", "a", "+/1/x/y", "LOG\t", "D/2/s", "begin_save",
     "\\" + ESC, "\\\\" + ESC, "\\\\\\" + ESC, "''"])
texts = st.lists(fragments, max_size=12).map("".join)


def cut(text: str, places: list[int]) -> list[str]:
    """`text` cut at the given offsets (taken modulo its length + 1)."""
    offsets = sorted({place % (len(text) + 1) for place in places})
    pieces, start = [], 0
    for offset in offsets:
        pieces.append(text[start:offset])
        start = offset
    pieces.append(text[start:])
    return pieces


@PROPERTY
@given(texts, st.lists(st.integers(min_value=0), max_size=5))
def test_streamed_commands_equal_the_whole_text_decoding(text: str, places: list[int]) -> None:
    assert list(_stream_commands(cut(text, places))) == decode_top_level(text)


# Games: a restore block, then tokens that may or may not be LOG tokens (quoted, nested).
game_fragments = st.sampled_from(
    [ESC, "\\", "'", "a", "+/1/x/y", "LOG\t", "D/2/s", "end_save", "begin_save",
     "\\" + ESC, "\\\\" + ESC, "'LOG\t", ESC + "end_save" + ESC, ESC + "LOG\t"])
game_texts = st.lists(game_fragments, max_size=16).map("".join)


@PROPERTY
@given(game_texts, st.lists(st.integers(min_value=0), max_size=5),
       st.integers(min_value=1, max_value=3))
def test_a_split_game_decodes_to_the_whole_text_decoding(
        text: str, places: list[int], block: int) -> None:
    # The restore block decoded, the rest deferred as compressed text in blocks: together
    # they decode to what `decode_top_level` gives, LOG tokens counted without decoding.
    with mock.patch.object(savefile, "_BLOCK", block):
        head, deferred = _split_game(cut(text, places))
    rest = list(deferred)
    assert [*head, *rest] == decode_top_level(text)
    assert len(deferred) == len(rest)
    assert deferred.log_count == sum(map(_is_log_token, rest))
    assert deferred.keep() == rest and list(deferred) == rest


def test_a_logs_steps_are_kept_as_text_until_used(tmp_path: Path) -> None:
    game = GameBuilder()
    piece = game.place_piece("Rifle", "Map", 0, 0)  # a made-up piece on a made-up map
    for x in range(1, 2501):
        game.step(moved(piece, ("Map", x, 0), ("Map", x - 1, 0)))
        if x % 500 == 0:
            game.undo()
    save = read_save(game.write(tmp_path / "long.vlog"))
    assert save.step_count == 2505
    lazy = list(save.logged_steps())
    assert repr(save.deferred) == "DeferredCommands(2505 tokens, 2505 LOG)"
    assert save.deferred._kept is None  # logged_steps() decoded them one by one
    steps = save.steps  # decoded once and kept
    assert save.deferred._kept is not None
    assert [(s.number, s.token_index, s.command) for s in lazy] == [
        (s.number, s.token_index, s.command) for s in steps]
    assert [s.number for s in steps if s.is_undo] == [501, 1002, 1503, 2004, 2505]


payload_texts = st.text(alphabet=st.sampled_from(["a", ESC, "é", "€", "\\"]), max_size=30)


@PROPERTY
@given(payload_texts, st.sampled_from([PayloadEncoding.VCSK, PayloadEncoding.VOBS]),
       st.lists(st.integers(min_value=0), max_size=5))
def test_a_streamed_payload_equals_the_decoded_payload(
        text: str, encoding: PayloadEncoding, places: list[int]) -> None:
    data = encode_payload(text, encoding)
    offsets = sorted({place % (len(data) + 1) for place in places})
    chunks = [data[a:b] for a, b in zip([0, *offsets], [*offsets, len(data)], strict=True)]
    stream = decode_payload_stream(chunks)
    expected = decode_payload(data)
    assert (stream.encoding, stream.key) == (expected.encoding, expected.key)
    assert "".join(stream.pieces) == text == expected.text


@pytest.mark.parametrize("data", [b"!VCSK1", b"!VCSKzz00", b"!VCSK0061a", b"!VCSK00zz", b"VOBS",
                                  b"!VCSZ00"])
def test_a_bad_streamed_payload_is_an_obfuscation_error(data: bytes) -> None:
    with pytest.raises(ObfuscationError):
        "".join(decode_payload_stream([data[:3], data[3:]]).pieces)
    with pytest.raises(ObfuscationError):
        decode_payload(data)


def test_non_utf8_text_makes_the_stream_raise_where_decode_payload_falls_back() -> None:
    data = encode_payload("caf\xe9", PayloadEncoding.VCSK, key=7, text_encoding="cp1252")
    assert decode_payload(data).text_encoding == "cp1252"
    with pytest.raises(UnicodeDecodeError):
        "".join(decode_payload_stream([data]).pieces)


@pytest.mark.corpus
@pytest.mark.parametrize("game", corpus_games(), ids=corpus_id)
def test_the_piece_decoder_equals_decode_piece_on_every_corpus_piece(game: Path) -> None:
    decoder = PieceDecoder()
    for command in read_save(game).add_pieces():
        assert isinstance(command, AddPiece)
        piece = decoder.decode(command.type, command.state)
        assert piece == decode_piece(command.type, command.state)
        assert piece.name == decode_piece(command.type, command.state).name
