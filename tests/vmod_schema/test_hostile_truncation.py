"""Truncated and random files: `read_save` succeeds or raises a `VassalFormatError`, and no
other exception type ever escapes it (issue 8, "Bad files").

A watcher meets files cut short (VASSAL writes in place, a download stops) and files that
are not VASSAL's at all. Each is written to a temporary file and read as the CLI reads it.
"""

from __future__ import annotations

import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.conftest import REPO
from vmod_schema.archive import Archive
from vmod_schema.errors import VassalFormatError
from vmod_schema.savefile import SAVED_GAME, atomic_write_zip, read_save

EXAMPLE = REPO / "fixtures" / "example" / "example.vlog"
WHOLE = EXAMPLE.read_bytes()
with Archive.open(EXAMPLE) as _archive:
    ENTRIES = [(name, _archive.read(name)) for name in _archive.names()]
PAYLOAD = dict(ENTRIES)[SAVED_GAME]
SETTINGS = settings(max_examples=60, deadline=None)


@pytest.fixture(scope="module")
def scratch() -> Iterator[Path]:
    """One file to write each example into (hypothesis runs many examples per test)."""
    with tempfile.TemporaryDirectory() as folder:
        yield Path(folder) / "hostile.vlog"


def read_or_format_error(path: Path) -> bool:
    """Read `path` as the CLI does (every step decoded); True if it read, False if it
    raised a `VassalFormatError`. Any other exception fails the test."""
    try:
        save = read_save(path)
    except VassalFormatError as error:
        assert "\n" not in str(error)
        return False
    for step in save.logged_steps():
        step.commands()
    return True


@pytest.mark.parametrize("share", [0.10, 0.50, 0.90, 0.99])
def test_a_log_cut_short_is_a_format_error(scratch: Path, share: float) -> None:
    scratch.write_bytes(WHOLE[: int(len(WHOLE) * share)])
    assert not read_or_format_error(scratch)


@SETTINGS
@given(cut=st.integers(min_value=0, max_value=len(WHOLE)))
def test_a_log_cut_anywhere_reads_or_is_a_format_error(scratch: Path, cut: int) -> None:
    scratch.write_bytes(WHOLE[:cut])
    # Only the whole file is whole: a zip's central directory sits at its very end.
    assert read_or_format_error(scratch) == (cut == len(WHOLE))


@SETTINGS
@given(cut=st.integers(min_value=0, max_value=len(PAYLOAD) - 1))
def test_a_payload_cut_short_inside_a_sound_zip_reads_or_is_a_format_error(
        scratch: Path, cut: int) -> None:
    atomic_write_zip(scratch, [(name, data[:cut] if name == SAVED_GAME else data)
                               for name, data in ENTRIES])
    read_or_format_error(scratch)


@SETTINGS
@given(garbage=st.one_of(
    st.binary(max_size=64),
    st.binary(min_size=1_000, max_size=70_000),
    st.binary(max_size=4_000).map(lambda tail: b"PK\x03\x04" + tail),
    st.binary(max_size=4_000).map(lambda tail: WHOLE[: len(WHOLE) // 2] + tail),
))
def test_random_bytes_are_a_format_error(scratch: Path, garbage: bytes) -> None:
    scratch.write_bytes(garbage)
    assert not read_or_format_error(scratch)


@SETTINGS
@given(payload=st.one_of(
    st.binary(max_size=2_000),
    st.binary(max_size=2_000).map(lambda tail: b"!VCSK" + tail),
    st.binary(max_size=2_000).map(lambda tail: b"VOBS" + tail),
    st.text(alphabet="0123456789abcdef", max_size=2_000).map(
        lambda digits: b"!VCSK" + digits.encode("ascii")),
))
def test_random_payloads_in_a_sound_zip_read_or_are_a_format_error(
        scratch: Path, payload: bytes) -> None:
    atomic_write_zip(scratch, [(SAVED_GAME, payload)])
    read_or_format_error(scratch)
