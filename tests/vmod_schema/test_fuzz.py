"""Fuzzing the readers: whatever bytes come in, only a `VassalFormatError` may escape."""

from __future__ import annotations

import contextlib
import functools
import io
import zipfile
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.conftest import CORPUS
from vmod_schema.archive import Archive
from vmod_schema.buildfile import parse_buildfile
from vmod_schema.errors import VassalFormatError
from vmod_schema.obfuscation import PayloadEncoding, decode_payload, encode_payload
from vmod_schema.savefile import parse_game_text, read_save

SMALL_SAVE = CORPUS / "BBVassal" / "quicktest.vsav"


@functools.cache
def _plain() -> str:
    """The small corpus save's payload text (read once, when a test needs it)."""
    with Archive.open(SMALL_SAVE) as archive:
        return decode_payload(archive.read("savedGame")).text


SETTINGS = settings(max_examples=40, deadline=None,
                    suppress_health_check=[HealthCheck.function_scoped_fixture])


def _zip(payload: bytes) -> bytes:
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        archive.writestr("savedGame", payload)
    return buffer.getvalue()


def _read(path: Path) -> None:
    try:
        save = read_save(path, decode_pieces=True)
    except VassalFormatError:
        return
    for add in save.add_pieces():
        add.piece().properties()


@pytest.mark.corpus
@SETTINGS
@given(st.data())
def test_a_save_with_flipped_bytes_reads_or_fails_with_a_format_error(
        tmp_path: Path, data: st.DataObject) -> None:
    raw = bytearray(SMALL_SAVE.read_bytes())
    for _ in range(data.draw(st.integers(1, 8))):
        raw[data.draw(st.integers(0, len(raw) - 1))] = data.draw(st.integers(0, 255))
    path = tmp_path / "flipped.vsav"
    path.write_bytes(bytes(raw))
    _read(path)


@pytest.mark.corpus
@SETTINGS
@given(st.data())
def test_a_mangled_payload_text_reads_or_fails_with_a_format_error(
        tmp_path: Path, data: st.DataObject) -> None:
    text = list(_plain())
    for _ in range(data.draw(st.integers(1, 20))):
        text[data.draw(st.integers(0, len(text) - 1))] = data.draw(
            st.sampled_from(["\\", "\x1b", "\t", "/", ";", "'", ",", "x", "9", "null"]))
    cut = data.draw(st.integers(len(text) // 2, len(text)))
    payload = "".join(text[:cut])
    encoding = data.draw(st.sampled_from(list(PayloadEncoding)))
    path = tmp_path / "mangled.vsav"
    path.write_bytes(_zip(encode_payload(payload, encoding)))
    _read(path)
    with contextlib.suppress(VassalFormatError):
        parse_game_text(payload, decode_pieces=True)


@SETTINGS
@given(st.binary(max_size=4000))
def test_random_bytes_as_a_payload_give_only_format_errors(tmp_path: Path,
                                                           payload: bytes) -> None:
    path = tmp_path / "random.vsav"
    path.write_bytes(_zip(payload))
    _read(path)


@pytest.mark.corpus
@SETTINGS
@given(st.data())
def test_a_mangled_buildfile_parses_or_fails_with_a_format_error(data: st.DataObject) -> None:
    xml = bytearray((CORPUS / "BBVassal" / "buildFile").read_bytes())
    for _ in range(data.draw(st.integers(1, 10))):
        xml[data.draw(st.integers(0, len(xml) - 1))] = data.draw(st.sampled_from(b"<>\"=/&;x "))
    with contextlib.suppress(VassalFormatError):
        parse_buildfile(bytes(xml), file="mangled")
