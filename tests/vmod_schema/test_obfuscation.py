"""Tests for the `savedGame` payload codecs: `!VCSK`, `VOBS` and plain (FORMAT.md §2)."""

from __future__ import annotations

import zipfile
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.conftest import CORPUS, corpus_games, corpus_id
from vmod_schema.errors import ObfuscationError, VassalFormatError
from vmod_schema.obfuscation import Payload, PayloadEncoding, decode_payload, encode_payload

ESC = "\x1b"

# FORMAT.md §2.2: `begin_save⎋` with key 0x1e.
VOBS_EXAMPLE = bytes.fromhex("56 4f 42 53 1e 7c 7b 79 77 70 41 6d 7f 68 7b 05")
# FORMAT.md §2.5: the first bytes of ForThePeople/1861-3-5.vsav's savedGame entry.
VCSK_EXAMPLE = b"!VCSK1e7c7b797770416d7f687b05"

PROPERTY = settings(max_examples=150, deadline=None)

# Command-like text: ESC, TAB, backslashes, multi-byte UTF-8 (2, 3 and 4 bytes).
command_text = st.text(
    alphabet=st.one_of(
        st.sampled_from([ESC, "\t", "\\", ";", "/", "\r", "\n", "é", "€", "☃", "𝄞"]),
        st.characters(exclude_categories=["Cs"]),
    ),
    max_size=60,
)


def _error(data: bytes) -> ObfuscationError:
    with pytest.raises(ObfuscationError) as caught:
        decode_payload(data)
    error = caught.value
    assert type(error) is ObfuscationError
    assert isinstance(error, VassalFormatError)
    assert "\n" not in str(error)
    return error


# --------------------------------------------------------------------------------------------
# Worked examples
# --------------------------------------------------------------------------------------------


def test_vobs_worked_example_decodes_to_begin_save() -> None:
    assert decode_payload(VOBS_EXAMPLE) == Payload(
        "begin_save" + ESC, PayloadEncoding.VOBS, 0x1E, "utf-8"
    )


def test_vobs_worked_example_is_what_the_encoder_writes() -> None:
    assert encode_payload("begin_save" + ESC, PayloadEncoding.VOBS, key=0x1E) == VOBS_EXAMPLE


def test_vcsk_worked_example_decodes_to_begin_save() -> None:
    assert decode_payload(VCSK_EXAMPLE) == Payload(
        "begin_save" + ESC, PayloadEncoding.VCSK, 0x1E, "utf-8"
    )


def test_vcsk_worked_example_is_what_the_encoder_writes() -> None:
    assert encode_payload("begin_save" + ESC, PayloadEncoding.VCSK, key=0x1E) == VCSK_EXAMPLE


@pytest.mark.corpus
def test_vcsk_worked_example_matches_the_real_corpus_file() -> None:
    path = CORPUS / "ForThePeople" / "1861-3-5.vsav"
    with zipfile.ZipFile(path) as archive, archive.open("savedGame") as entry:
        head = entry.read(len(VCSK_EXAMPLE))
    assert head == VCSK_EXAMPLE


def test_plain_text_passes_through_unchanged() -> None:
    assert decode_payload(b"begin_save\x1b\x1b") == Payload(
        "begin_save" + ESC + ESC, PayloadEncoding.PLAIN, None, "utf-8"
    )


@pytest.mark.parametrize(
    "data",
    [
        pytest.param(b"", id="empty"),
        pytest.param(b"!", id="one-byte"),
        pytest.param(b"!VCS", id="shorter-than-vcsk-header"),
        pytest.param(b"VOB", id="shorter-than-vobs-header"),
        pytest.param(b"vobs\x1e", id="lowercase-vobs-is-not-a-header"),
        pytest.param(b"!vcsk1e7c", id="lowercase-vcsk-is-not-a-header"),
        pytest.param(b" !VCSK1e7c", id="header-not-at-start"),
    ],
)
def test_entries_without_a_header_are_plain(data: bytes) -> None:
    payload = decode_payload(data)
    assert payload.encoding is PayloadEncoding.PLAIN
    assert payload.key is None
    assert payload.text == data.decode("utf-8")


def test_an_empty_vcsk_body_is_empty_text() -> None:
    assert decode_payload(b"!VCSK1e") == Payload("", PayloadEncoding.VCSK, 0x1E, "utf-8")


def test_an_empty_vobs_body_is_empty_text() -> None:
    assert decode_payload(b"VOBS\x1e") == Payload("", PayloadEncoding.VOBS, 0x1E, "utf-8")


# --------------------------------------------------------------------------------------------
# Round trips
# --------------------------------------------------------------------------------------------


@PROPERTY
@given(command_text, st.integers(min_value=0, max_value=255))
def test_vcsk_round_trips_every_key(text: str, key: int) -> None:
    data = encode_payload(text, PayloadEncoding.VCSK, key=key)
    assert data.startswith(b"!VCSK" + f"{key:02x}".encode())
    assert len(data) == 7 + 2 * len(text.encode("utf-8"))
    assert decode_payload(data) == Payload(text, PayloadEncoding.VCSK, key, "utf-8")


@PROPERTY
@given(command_text, st.integers(min_value=1, max_value=255))
def test_vobs_round_trips_every_key(text: str, key: int) -> None:
    data = encode_payload(text, PayloadEncoding.VOBS, key=key)
    assert data[:5] == b"VOBS" + bytes([key])
    assert len(data) == 5 + len(text.encode("utf-8"))
    assert decode_payload(data) == Payload(text, PayloadEncoding.VOBS, key, "utf-8")


@PROPERTY
@given(command_text)
def test_plain_round_trips_text_that_starts_like_a_save(text: str) -> None:
    text = "begin_save" + ESC + text
    data = encode_payload(text, PayloadEncoding.PLAIN)
    assert data == text.encode("utf-8")
    assert decode_payload(data) == Payload(text, PayloadEncoding.PLAIN, None, "utf-8")


@PROPERTY
@given(command_text, st.sampled_from([PayloadEncoding.VCSK, PayloadEncoding.VOBS]))
def test_a_random_key_is_chosen_and_recorded_when_none_is_given(
    text: str, encoding: PayloadEncoding
) -> None:
    payload = decode_payload(encode_payload(text, encoding))
    assert payload.text == text
    assert payload.encoding is encoding
    assert payload.key is not None
    assert (0 if encoding is PayloadEncoding.VCSK else 1) <= payload.key <= 255


@PROPERTY
@given(command_text, st.integers(min_value=0, max_value=255))
def test_vcsk_accepts_uppercase_and_mixed_case_hex(text: str, key: int) -> None:
    data = encode_payload(text, PayloadEncoding.VCSK, key=key)
    upper = data[:5] + data[5:].upper()
    mixed = data[:5] + bytes(
        c - 32 if i % 2 and 0x61 <= c <= 0x66 else c for i, c in enumerate(data[5:])
    )
    for variant in (upper, mixed):
        assert decode_payload(variant) == Payload(text, PayloadEncoding.VCSK, key, "utf-8")


def test_the_obfuscation_works_on_utf8_bytes_not_characters() -> None:
    # One character, three UTF-8 bytes, three hex pairs.
    data = encode_payload("€", PayloadEncoding.VCSK, key=0)
    assert data == b"!VCSK00e282ac"


def test_vobs_refuses_key_zero() -> None:
    with pytest.raises(ValueError, match=r"1\.\.255"):
        encode_payload("x", PayloadEncoding.VOBS, key=0)


@pytest.mark.parametrize("key", [-1, 256])
def test_keys_outside_a_byte_are_refused(key: int) -> None:
    for encoding in (PayloadEncoding.VCSK, PayloadEncoding.VOBS):
        with pytest.raises(ValueError):
            encode_payload("x", encoding, key=key)


# --------------------------------------------------------------------------------------------
# Malformed payloads
# --------------------------------------------------------------------------------------------


def test_an_odd_number_of_hex_digits_is_an_obfuscation_error() -> None:
    error = _error(b"!VCSK1e7c7b7")
    assert "odd" in error.message


@pytest.mark.parametrize(
    ("data", "position"),
    [
        pytest.param(b"!VCSK1e7c7g", 10, id="letter-g"),
        pytest.param(b"!VCSK1eg07c", 7, id="first-digit-of-body"),
        pytest.param(b"!VCSK1e7c 7", 9, id="space"),
        pytest.param(b"!VCSK1e7c7b\n0", 11, id="newline"),
        pytest.param(b"!VCSK1e7c\xc3\xa9", 9, id="non-ascii-byte"),
        pytest.param(b"!VCSK1e7c7b7b7b7b7b7b7b7b7b7b7b7b7bxx", 35, id="far-into-the-body"),
    ],
)
def test_a_non_hex_character_is_an_obfuscation_error_at_its_position(
    data: bytes, position: int
) -> None:
    error = _error(data)
    assert error.position == position
    assert f"position {position}" in str(error)


@pytest.mark.parametrize(
    "data",
    [
        pytest.param(b"!VCSK", id="header-only"),
        pytest.param(b"!VCSK1", id="half-a-key"),
    ],
)
def test_a_missing_vcsk_key_is_an_obfuscation_error(data: bytes) -> None:
    assert _error(data).position == 5


def test_a_missing_vobs_key_is_an_obfuscation_error() -> None:
    assert _error(b"VOBS").position == 4


@pytest.mark.parametrize(
    "data",
    [
        pytest.param(b"!VCSKzz7c", id="letters"),
        pytest.param(b"!VCSK\xff\xfe7c", id="non-ascii"),
    ],
)
def test_a_non_hex_vcsk_key_is_an_obfuscation_error(data: bytes) -> None:
    assert _error(data).position == 5


@pytest.mark.parametrize(
    "data",
    [
        pytest.param(b"!VCSK-17c", id="minus-sign"),
        pytest.param(b"!VCSK+17c", id="plus-sign"),
        pytest.param(b"!VCSK 17c", id="leading-space"),
        pytest.param(b"!VCSK1 7c", id="trailing-space"),
    ],
)
def test_a_vcsk_key_with_a_sign_or_space_is_an_obfuscation_error(data: bytes) -> None:
    assert _error(data).position == 5


def test_the_unmerged_vcsz_format_is_rejected() -> None:
    error = _error(b"!VCSZ1e789c")
    assert error.position == 0
    assert "VCSZ" in str(error)


# --------------------------------------------------------------------------------------------
# Text decoding (§2.4)
# --------------------------------------------------------------------------------------------


def test_text_that_is_not_utf8_falls_back_to_cp1252() -> None:
    plain = "begin_save\x1bcafé – “quoted”".encode("cp1252")
    for data in (
        plain,
        b"!VCSK42" + bytes(b ^ 0x42 for b in plain).hex().encode("ascii"),
        b"VOBS\x42" + bytes(b ^ 0x42 for b in plain),
    ):
        payload = decode_payload(data)
        assert payload.text == "begin_save\x1bcafé – “quoted”"
        assert payload.text_encoding == "cp1252"


def test_cp1252_bytes_it_does_not_define_become_replacement_characters() -> None:
    payload = decode_payload(b"begin_save\x81\x8d")
    assert payload.text == "begin_save\ufffd\ufffd"
    assert payload.text_encoding == "cp1252"


def test_cp1252_text_round_trips_when_encoded_as_cp1252() -> None:
    text = "begin_save\x1bNaïve – ‘x’"
    data = encode_payload(text, PayloadEncoding.VOBS, key=7, text_encoding="cp1252")
    assert decode_payload(data) == Payload(text, PayloadEncoding.VOBS, 7, "cp1252")


def test_whitespace_and_line_breaks_are_kept() -> None:
    text = " begin_save\r\n\t\x1b \\ "
    assert decode_payload(encode_payload(text, PayloadEncoding.VCSK, key=3)).text == text


# --------------------------------------------------------------------------------------------
# The real corpus
# --------------------------------------------------------------------------------------------


def _even_prefix(path: Path, size: int = 4096) -> bytes:
    """The first bytes of a corpus game's savedGame entry, cut at a whole hex pair."""
    with zipfile.ZipFile(path) as archive, archive.open("savedGame") as entry:
        head = entry.read(size)
    if head.startswith(b"!VCSK"):
        head = head[: 7 + (len(head) - 7) // 2 * 2]
    return head


@pytest.mark.corpus
@pytest.mark.parametrize("game", corpus_games(), ids=corpus_id)
def test_every_corpus_save_decodes_to_text_starting_with_begin_save(game: Path) -> None:
    payload = decode_payload(_even_prefix(game))
    assert payload.text.startswith("begin_save" + ESC)
    assert payload.encoding is PayloadEncoding.VCSK
    assert payload.text_encoding == "utf-8"


@pytest.mark.corpus
def test_the_corpus_is_present() -> None:
    assert len(corpus_games()) >= 10
