"""Malformed and hostile zip containers: each gives one specific VassalFormatError, fast.

Every malformed input is built in memory (corpus files are read in place, never copied), and
memory is measured with `tracemalloc` where a bound matters (zip bombs, large random blobs).
"""

from __future__ import annotations

import functools
import gc
import io
import random
import struct
import tracemalloc
import warnings
import zipfile
import zlib
from collections.abc import Callable
from pathlib import Path
from typing import TypeVar

import pytest

from tests.conftest import CORPUS, corpus_games, corpus_id
from vmod_schema.archive import Archive, Limits, is_zip
from vmod_schema.errors import (
    ArchiveError,
    ArchiveLimitError,
    MissingEntryError,
    VassalFormatError,
)

MB = 1024 * 1024
BOMB_BYTES = 200 * MB
SAVE = CORPUS / "ForThePeople" / "1861-3-5.vsav"
SMALL_SAVE = CORPUS / "BBVassal" / "quicktest.vsav"

E = TypeVar("E", bound=VassalFormatError)


# --------------------------------------------------------------------------------------------
# Helpers: building and patching zips in memory
# --------------------------------------------------------------------------------------------


def make_zip(entries: dict[str, bytes], compression: int = zipfile.ZIP_DEFLATED) -> bytes:
    """A well-formed zip holding `entries`, as bytes."""
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", compression) as archive:
        for name, data in entries.items():
            archive.writestr(name, data)
    return buffer.getvalue()


def text_like(size: int, seed: int = 1) -> bytes:
    """Command-like bytes that compress about as well as a real savedGame (not to nothing)."""
    rng = random.Random(seed)
    words = [b"begin_save", b"\x1b", b"+/", b"/piece;;;", b"\\", b"\t", b"12", b"Infantry"]
    out = bytearray()
    while len(out) < size:
        out += rng.choice(words) + rng.randbytes(2).hex().encode()
    return bytes(out[:size])


def _records(data: bytes, name: str) -> tuple[int, int]:
    """Offsets of the central-directory record and the local header of entry `name`."""
    encoded = name.encode()
    central = data.find(b"PK\x01\x02")
    while central != -1:
        (length,) = struct.unpack_from("<H", data, central + 28)
        if data[central + 46 : central + 46 + length] == encoded:
            (local,) = struct.unpack_from("<L", data, central + 42)
            return central, local
        central = data.find(b"PK\x01\x02", central + 4)
    raise AssertionError(f"no central-directory record for {name!r}")


def patch(
    data: bytes,
    name: str,
    *,
    file_size: int | None = None,
    crc: int | None = None,
    flag_bits: int | None = None,
    method: int | None = None,
    header_offset: int | None = None,
) -> bytes:
    """Rewrite header fields of entry `name` in both its central record and its local header."""
    out = bytearray(data)
    central, local = _records(data, name)
    if file_size is not None:
        struct.pack_into("<L", out, central + 24, file_size)
        struct.pack_into("<L", out, local + 22, file_size)
    if crc is not None:
        struct.pack_into("<L", out, central + 16, crc)
        struct.pack_into("<L", out, local + 14, crc)
    if flag_bits is not None:
        struct.pack_into("<H", out, central + 8, flag_bits)
        struct.pack_into("<H", out, local + 6, flag_bits)
    if method is not None:
        struct.pack_into("<H", out, central + 10, method)
        struct.pack_into("<H", out, local + 8, method)
    if header_offset is not None:
        struct.pack_into("<L", out, central + 42, header_offset)
    return bytes(out)


def data_span(data: bytes, name: str) -> tuple[int, int]:
    """Start and length of entry `name`'s compressed data."""
    _, local = _records(data, name)
    name_length, extra_length = struct.unpack_from("<HH", data, local + 26)
    (compressed,) = struct.unpack_from("<L", data, local + 18)
    return local + 30 + name_length + extra_length, compressed


@functools.cache
def zip_bomb() -> bytes:
    """A ~200 KB zip whose `savedGame` honestly declares 200 MB of zeros (built once)."""
    buffer = io.BytesIO()
    with (
        zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as archive,
        archive.open("savedGame", "w") as entry,
    ):
        chunk = bytes(MB)
        for _ in range(BOMB_BYTES // MB):
            entry.write(chunk)
    return buffer.getvalue()


def central_directory_only(count: int) -> bytes:
    """A zip of `count` empty stored entries, all sharing one local header (tiny per entry)."""
    name = b"a"
    local = struct.pack("<4s5H3L2H", b"PK\x03\x04", 20, 0, 0, 0, 0, 0, 0, 0, len(name), 0)
    record = struct.pack(
        "<4s6H3L5H2L", b"PK\x01\x02", 20, 20, 0, 0, 0, 0, 0, 0, 0, len(name), 0, 0, 0, 0, 0, 0
    )
    directory = (record + name) * count
    # The 16-bit entry counts may wrap; zipfile walks the directory by its byte size.
    end = struct.pack(
        "<4s4H2LH",
        b"PK\x05\x06",
        0,
        0,
        count & 0xFFFF,
        count & 0xFFFF,
        len(directory),
        len(local) + len(name),
        0,
    )
    return local + name + directory + end


def expect(kind: type[E], action: Callable[[], object]) -> E:
    """Run `action`; it must raise exactly `kind`, naming its file, in a one-line message."""
    with pytest.raises(VassalFormatError) as caught:
        action()
    error = caught.value
    assert type(error) is kind, f"{type(error).__name__}: {error}"
    assert isinstance(error, kind)
    assert error.file is not None
    assert "\n" not in str(error)
    assert error.file in str(error)
    return error


class Peak:
    """Peak memory (bytes) of the code run inside the `with` block (what a hostile file
    costs is bounded by what is read, never by a clock: tests do not time things)."""

    def __init__(self) -> None:
        self.bytes = 0

    def __enter__(self) -> Peak:
        gc.collect()
        tracemalloc.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self.bytes = tracemalloc.get_traced_memory()[1]
        tracemalloc.stop()


# --------------------------------------------------------------------------------------------
# Sound archives
# --------------------------------------------------------------------------------------------


@pytest.mark.corpus
@pytest.mark.parametrize("game", corpus_games(), ids=corpus_id)
def test_every_corpus_game_opens_and_its_saved_game_reads(game: Path) -> None:
    with Archive.open(game) as archive:
        assert archive.name == str(game)
        assert archive.has("savedGame")
        data = archive.read("savedGame")
        assert len(data) == archive.size("savedGame")
        assert data.startswith(b"!VCSK")
    assert is_zip(game)


def test_entry_names_are_case_sensitive() -> None:
    archive = Archive.open(make_zip({"SavedGame": b"x"}))
    assert archive.has("SavedGame")
    assert not archive.has("savedGame")
    expect(MissingEntryError, lambda: archive.read("savedGame"))


def test_read_text_falls_back_to_cp1252() -> None:
    archive = Archive.open(make_zip({"savedGame": "café – ok".encode("cp1252")}))
    assert archive.read_text("savedGame") == "café – ok"


def test_read_text_decodes_utf8() -> None:
    archive = Archive.open(make_zip({"savedGame": "café ☃".encode()}))
    assert archive.read_text("savedGame") == "café ☃"


def test_an_entry_exactly_at_the_size_limit_is_read() -> None:
    archive = Archive.open(
        make_zip({"savedGame": bytes(1000)}), limits=Limits(max_entry_bytes=1000)
    )
    assert archive.read("savedGame") == bytes(1000)


def test_is_zip_tells_zips_from_other_bytes() -> None:
    assert is_zip(make_zip({"a": b"b"}))
    assert is_zip(make_zip({}))
    assert not is_zip(b"begin_save\x1b")
    assert not is_zip(b"")


# --------------------------------------------------------------------------------------------
# Not a zip, or a truncated one
# --------------------------------------------------------------------------------------------


@pytest.mark.corpus
@pytest.mark.parametrize("game", corpus_games(), ids=corpus_id)
def test_a_corpus_save_cut_in_half_is_an_archive_error(game: Path) -> None:
    data = game.read_bytes()
    error = expect(ArchiveError, lambda: Archive.open(data[: len(data) // 2], name=str(game)))
    assert error.file == str(game)
    assert error.entry is None


@pytest.mark.corpus
def test_a_save_missing_its_first_half_is_an_archive_error_naming_the_entry() -> None:
    data = SAVE.read_bytes()
    archive = Archive.open(data[len(data) // 2 :], name=str(SAVE))
    error = expect(ArchiveError, lambda: archive.read("savedGame"))
    assert error.file == str(SAVE)
    assert error.entry == "savedGame"


@pytest.mark.corpus
def test_a_save_with_bytes_cut_from_the_middle_is_an_archive_error() -> None:
    data = SAVE.read_bytes()
    middle = len(data) // 2
    archive = Archive.open(data[:middle] + data[middle + 1000 :], name=str(SAVE))
    error = expect(ArchiveError, lambda: archive.read("savedGame"))
    assert error.entry == "savedGame"


@pytest.mark.parametrize(
    "data",
    [
        pytest.param(b"", id="empty"),
        pytest.param(b"begin_save\x1b\x1b\\\x1b+/1507", id="plain-save-text"),
        pytest.param(b"!VCSK1e7c7b797770416d7f687b05", id="bare-obfuscated-entry"),
        pytest.param(b"PK\x03\x04" + bytes(40), id="local-header-only"),
        pytest.param(bytes(100_000), id="zeros"),
    ],
)
def test_bytes_that_are_not_a_zip_are_an_archive_error(data: bytes) -> None:
    error = expect(ArchiveError, lambda: Archive.open(data))
    assert error.file == "<bytes>"


def test_a_file_that_is_not_a_zip_is_an_archive_error_naming_it(tmp_path: Path) -> None:
    path = tmp_path / "notes.vsav"
    path.write_text("begin_save\x1bnot a zip at all")
    error = expect(ArchiveError, lambda: Archive.open(path))
    assert error.file == str(path)


def test_a_missing_file_is_an_archive_error_naming_it(tmp_path: Path) -> None:
    path = tmp_path / "absent.vsav"
    error = expect(ArchiveError, lambda: Archive.open(path))
    assert error.file == str(path)


def test_a_directory_is_an_archive_error_naming_it(tmp_path: Path) -> None:
    error = expect(ArchiveError, lambda: Archive.open(tmp_path))
    assert error.file == str(tmp_path)


def test_the_display_name_given_is_the_file_in_errors() -> None:
    error = expect(ArchiveError, lambda: Archive.open(b"nope", name="upload.vsav"))
    assert error.file == "upload.vsav"


def test_a_50_mb_random_blob_from_bytes_fails_fast_without_copying_it() -> None:
    blob = random.Random(50).randbytes(50 * MB)
    with Peak() as peak:
        error = expect(ArchiveError, lambda: Archive.open(blob, name="blob.vsav"))
    assert error.file == "blob.vsav"
    assert peak.bytes < 5 * MB, peak.bytes


def test_a_50_mb_random_blob_from_disk_fails_fast_without_reading_it(tmp_path: Path) -> None:
    path = tmp_path / "random.vsav"
    path.write_bytes(random.Random(51).randbytes(50 * MB))
    with Peak() as peak:
        error = expect(ArchiveError, lambda: Archive.open(path))
    assert error.file == str(path)
    assert peak.bytes < 5 * MB, peak.bytes


# --------------------------------------------------------------------------------------------
# Missing entries
# --------------------------------------------------------------------------------------------


def test_a_game_without_saved_game_is_a_missing_entry_error() -> None:
    archive = Archive.open(
        make_zip({"moduledata": b"<data/>", "savedata": b"<data/>"}), name="nosave.vsav"
    )
    error = expect(MissingEntryError, lambda: archive.read("savedGame"))
    assert error.file == "nosave.vsav"
    assert error.entry == "savedGame"
    assert "savedGame" in str(error)


def test_the_size_of_a_missing_entry_is_a_missing_entry_error() -> None:
    archive = Archive.open(make_zip({"moduledata": b"<data/>"}))
    error = expect(MissingEntryError, lambda: archive.size("savedGame"))
    assert error.entry == "savedGame"


def test_an_empty_zip_has_no_saved_game() -> None:
    archive = Archive.open(make_zip({}))
    assert archive.names() == []
    expect(MissingEntryError, lambda: archive.read_text("savedGame"))


# --------------------------------------------------------------------------------------------
# Limits: size, ratio, entry count
# --------------------------------------------------------------------------------------------


def test_an_entry_over_the_size_limit_is_an_archive_limit_error() -> None:
    archive = Archive.open(
        make_zip({"savedGame": text_like(5000)}),
        name="big.vsav",
        limits=Limits(max_entry_bytes=1000),
    )
    error = expect(ArchiveLimitError, lambda: archive.read("savedGame"))
    assert error.file == "big.vsav"
    assert error.entry == "savedGame"


def test_a_per_read_byte_limit_overrides_the_archive_limit() -> None:
    archive = Archive.open(make_zip({"savedata": text_like(5000)}))
    error = expect(ArchiveLimitError, lambda: archive.read("savedata", max_bytes=100))
    assert error.entry == "savedata"
    assert len(archive.read("savedata", max_bytes=5000)) == 5000


def test_a_zip_bomb_is_refused_before_inflating_anything() -> None:
    bomb = zip_bomb()
    assert len(bomb) < 1 * MB
    archive = Archive.open(bomb, name="bomb.vsav")
    assert archive.size("savedGame") == BOMB_BYTES
    with Peak() as peak:
        error = expect(ArchiveLimitError, lambda: archive.read("savedGame"))
    assert error.entry == "savedGame"
    assert peak.bytes < 10 * MB, peak.bytes


def test_a_zip_bomb_under_a_lifted_ratio_limit_is_still_refused_by_its_size() -> None:
    archive = Archive.open(
        zip_bomb(), name="bomb.vsav", limits=Limits(max_entry_bytes=64 * MB, max_ratio=10**9)
    )
    with Peak() as peak:
        error = expect(ArchiveLimitError, lambda: archive.read("savedGame"))
    assert error.entry == "savedGame"
    assert peak.bytes < 10 * MB, peak.bytes


def test_a_zip_bomb_whose_header_understates_its_size_is_an_archive_error() -> None:
    # The header says 1 KB; the deflate stream holds 200 MB. Reading stops at the declared
    # size and the checksum no longer matches.
    lying = patch(zip_bomb(), "savedGame", file_size=1000)
    archive = Archive.open(lying, name="liar.vsav")
    with Peak() as peak:
        error = expect(ArchiveError, lambda: archive.read("savedGame"))
    assert error.entry == "savedGame"
    assert peak.bytes < 100 * MB, peak.bytes


def test_a_bomb_header_claiming_just_over_a_megabyte_stays_bounded() -> None:
    # 2 MB declared is under the ratio limit (about 10x); still only 2 MB is ever inflated.
    lying = patch(zip_bomb(), "savedGame", file_size=2 * MB)
    archive = Archive.open(lying, name="liar.vsav")
    with Peak() as peak:
        error = expect(ArchiveError, lambda: archive.read("savedGame"))
    assert error.entry == "savedGame"
    assert peak.bytes < 100 * MB, peak.bytes


def test_a_bomb_header_that_also_forges_the_checksum_yields_only_the_declared_bytes() -> None:
    lying = patch(zip_bomb(), "savedGame", file_size=1000, crc=zlib.crc32(bytes(1000)))
    archive = Archive.open(lying, name="liar.vsav")
    with Peak() as peak:
        data = archive.read("savedGame")
    assert data == bytes(1000)
    assert peak.bytes < 100 * MB, peak.bytes


@pytest.mark.parametrize(
    "compression",
    [
        pytest.param(zipfile.ZIP_DEFLATED, id="deflated"),
        pytest.param(zipfile.ZIP_STORED, id="stored"),
    ],
)
def test_a_header_that_overstates_the_size_is_an_archive_error(compression: int) -> None:
    data = patch(make_zip({"savedGame": text_like(500)}, compression), "savedGame", file_size=5000)
    error = expect(ArchiveError, lambda: Archive.open(data).read("savedGame"))
    assert error.entry == "savedGame"


def test_too_many_entries_is_an_archive_limit_error() -> None:
    data = make_zip({f"images/{i}.png": b"x" for i in range(5)})
    error = expect(
        ArchiveLimitError,
        lambda: Archive.open(data, name="many.vmod", limits=Limits(max_entries=3)),
    )
    assert error.file == "many.vmod"
    assert error.entry is None


def test_exactly_the_allowed_number_of_entries_opens() -> None:
    data = make_zip({f"{i}": b"x" for i in range(3)})
    assert len(Archive.open(data, limits=Limits(max_entries=3)).names()) == 3


def test_a_crafted_central_directory_with_many_entries_is_an_archive_limit_error() -> None:
    data = central_directory_only(70_000)  # more than the 16-bit count field can hold
    expect(ArchiveLimitError, lambda: Archive.open(data, limits=Limits(max_entries=1000)))


def test_the_entry_limit_bounds_memory_spent_on_the_central_directory() -> None:
    data = central_directory_only(20_000)  # under 1 MB of central directory
    with Peak() as peak:
        expect(ArchiveLimitError, lambda: Archive.open(data, limits=Limits(max_entries=100)))
    assert peak.bytes < 3 * MB, peak.bytes


def test_reading_an_entry_holds_it_in_memory_about_once() -> None:
    size = 16 * MB
    archive = Archive.open(make_zip({"savedGame": bytes(size)}), limits=Limits(max_ratio=10**9))
    with Peak() as peak:
        data = archive.read("savedGame")
    assert len(data) == size
    assert peak.bytes < 1.5 * size, peak.bytes


# --------------------------------------------------------------------------------------------
# Corrupt entries inside a valid zip
# --------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "fill",
    [pytest.param(b"\xff" * 64, id="ones"), pytest.param(b"\x00" * 64, id="zeros")],
)
def test_a_corrupt_deflate_stream_is_an_archive_error_naming_the_entry(fill: bytes) -> None:
    text = text_like(3 * MB)
    data = bytearray(make_zip({"moduledata": b"<data/>", "savedGame": text}))
    start, length = data_span(bytes(data), "savedGame")
    corrupt_at = start + length * 3 // 4
    data[corrupt_at : corrupt_at + len(fill)] = fill
    archive = Archive.open(bytes(data), name="corrupt.vsav")
    assert archive.read("moduledata") == b"<data/>"
    error = expect(ArchiveError, lambda: archive.read("savedGame"))
    assert error.file == "corrupt.vsav"
    assert error.entry == "savedGame"
    assert error.position is not None
    assert 0 <= error.position <= len(text)


def test_a_deflate_stream_with_an_invalid_first_block_is_an_archive_error() -> None:
    data = bytearray(make_zip({"savedGame": text_like(10_000)}))
    start, _ = data_span(bytes(data), "savedGame")
    data[start : start + 8] = b"\xff" * 8
    error = expect(ArchiveError, lambda: Archive.open(bytes(data)).read("savedGame"))
    assert error.entry == "savedGame"
    assert error.position == 0


def test_a_stored_entry_with_a_wrong_checksum_is_an_archive_error() -> None:
    data = patch(make_zip({"savedGame": b"begin_save"}, zipfile.ZIP_STORED), "savedGame", crc=0)
    error = expect(ArchiveError, lambda: Archive.open(data).read("savedGame"))
    assert error.entry == "savedGame"


def test_a_corrupt_bzip2_entry_is_an_archive_error() -> None:
    data = bytearray(make_zip({"savedGame": text_like(10_000)}, zipfile.ZIP_BZIP2))
    start, _ = data_span(bytes(data), "savedGame")
    data[start + 10 : start + 40] = b"\x55" * 30
    error = expect(ArchiveError, lambda: Archive.open(bytes(data)).read("savedGame"))
    assert error.entry == "savedGame"


def test_a_corrupt_lzma_entry_is_an_archive_error() -> None:
    data = bytearray(make_zip({"savedGame": text_like(10_000)}, zipfile.ZIP_LZMA))
    start, _ = data_span(bytes(data), "savedGame")
    data[start + 20 : start + 60] = b"\x55" * 40
    error = expect(ArchiveError, lambda: Archive.open(bytes(data)).read("savedGame"))
    assert error.entry == "savedGame"


def test_an_unknown_compression_method_is_an_archive_error() -> None:
    data = patch(make_zip({"savedGame": b"begin_save"}), "savedGame", method=99)
    error = expect(ArchiveError, lambda: Archive.open(data).read("savedGame"))
    assert error.entry == "savedGame"


def test_an_encrypted_entry_is_an_archive_error() -> None:
    data = patch(make_zip({"savedGame": b"begin_save"}), "savedGame", flag_bits=0x1)
    error = expect(ArchiveError, lambda: Archive.open(data).read("savedGame"))
    assert error.entry == "savedGame"


def test_a_local_header_for_another_name_is_an_archive_error() -> None:
    data = make_zip({"savedGame": b"begin_save"})
    _, local = _records(data, "savedGame")
    swapped = data[: local + 30] + b"SAVEDGAME" + data[local + 39 :]
    error = expect(ArchiveError, lambda: Archive.open(swapped).read("savedGame"))
    assert error.entry == "savedGame"


def test_an_entry_whose_offset_points_past_the_end_is_an_archive_error() -> None:
    data = patch(make_zip({"savedGame": b"begin_save"}), "savedGame", header_offset=10 * MB)
    error = expect(ArchiveError, lambda: Archive.open(data).read("savedGame"))
    assert error.entry == "savedGame"


def test_an_entry_whose_offset_points_at_the_central_directory_is_an_archive_error() -> None:
    data = make_zip({"savedGame": b"begin_save"})
    central, _ = _records(data, "savedGame")
    error = expect(
        ArchiveError,
        lambda: Archive.open(patch(data, "savedGame", header_offset=central)).read("savedGame"),
    )
    assert error.entry == "savedGame"


# --------------------------------------------------------------------------------------------
# Resources
# --------------------------------------------------------------------------------------------


def _unclosed_file_warnings(action: Callable[[], object]) -> list[str]:
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always", ResourceWarning)
        action()
        gc.collect()
    return [str(w.message) for w in caught if issubclass(w.category, ResourceWarning)]


def test_a_failed_open_of_a_path_leaves_no_file_open(tmp_path: Path) -> None:
    path = tmp_path / "notzip.vsav"
    path.write_bytes(b"begin_save")

    def action() -> None:
        with pytest.raises(ArchiveError):
            Archive.open(path)

    assert _unclosed_file_warnings(action) == []


@pytest.mark.corpus
def test_closing_an_archive_opened_from_a_path_closes_the_file() -> None:
    def action() -> None:
        with Archive.open(SMALL_SAVE) as archive:
            archive.read("savedGame")

    assert _unclosed_file_warnings(action) == []


@pytest.mark.corpus
def test_refusing_a_path_for_too_many_entries_leaves_no_file_open() -> None:
    def action() -> None:
        with pytest.raises(ArchiveLimitError):
            Archive.open(SMALL_SAVE, limits=Limits(max_entries=1))

    assert _unclosed_file_warnings(action) == []
