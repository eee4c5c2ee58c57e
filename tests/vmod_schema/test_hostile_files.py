"""Hostile files never crash or mislead the reader (issue 8, "Bad files").

Each case writes the hostile file itself (into a temporary folder) and asserts that
`read_save` raises a `VassalFormatError` naming the file and the problem on one printable
line: never a traceback of another type, never a clean-looking result.
"""

from __future__ import annotations

import json
import os
import struct
import tracemalloc
import zipfile
from collections.abc import Callable
from pathlib import Path

import pytest

from tests.conftest import REPO, corpus_games, corpus_id
from vmod_schema.archive import MB, Archive, Limits
from vmod_schema.errors import (
    ArchiveError,
    ArchiveLimitError,
    ObfuscationError,
    VassalFormatError,
)
from vmod_schema.files import printable_path, printable_text
from vmod_schema.obfuscation import PayloadEncoding, encode_payload
from vmod_schema.savefile import SAVED_GAME, atomic_write_zip, read_save

EXAMPLE = REPO / "fixtures" / "example" / "example.vlog"
EXAMPLE_STEPS = 9
FIXTURE_GAMES = sorted(p for p in (REPO / "fixtures").rglob("*")
                       if p.suffix in (".vlog", ".vsav"))
ESC = "\x1b"


def entries_of(path: Path) -> list[tuple[str, bytes]]:
    """A zip file's entries, in order, as (name, bytes)."""
    with Archive.open(path) as archive:
        return [(name, archive.read(name)) for name in archive.names()]


def rewrite(source: Path, target: Path, change: Callable[[bytes], bytes]) -> Path:
    """Write `source` to `target` with its savedGame entry changed by `change`."""
    atomic_write_zip(target, [(name, change(data) if name == SAVED_GAME else data)
                              for name, data in entries_of(source)])
    return target


def game_file(target: Path, text: str, encoding: PayloadEncoding = PayloadEncoding.VCSK,
              key: int = 0x5A) -> Path:
    """Write a save whose savedGame entry is `text`, encoded as `encoding`."""
    atomic_write_zip(target, [(SAVED_GAME, encode_payload(text, encoding, key=key))])
    return target


def expect_error(kind: type[VassalFormatError], path: Path, *,
                 limits: Limits | None = None) -> VassalFormatError:
    """`read_save(path)` must raise `kind`: one printable line naming the file."""
    with pytest.raises(kind) as caught:
        read_save(path, limits=limits)
    message = str(caught.value)
    assert "\n" not in message
    message.encode("utf-8")  # printable: no lone surrogates
    assert printable_path(path) in message
    return caught.value


# ------------------------------------------------------------ 1. names that are not UTF-8


def test_printable_path_shows_undecodable_bytes_as_escapes() -> None:
    name = os.fsdecode(b"logs/bad\xff\xfe.vlog")
    assert printable_path(name) == "logs/bad\\xff\\xfe.vlog"
    assert printable_path(Path(name)) == "logs/bad\\xff\\xfe.vlog"


def test_printable_path_keeps_every_script_and_escapes_what_breaks_a_line() -> None:
    assert printable_path("Élan/第3回 — turn 1.vsav") == "Élan/第3回 — turn 1.vsav"
    assert printable_path("a\nb\tc\x1b.vlog") == "a\\nb\\tc\\x1b.vlog"
    # A right-to-left override makes "gol.vlog" display as "golv.log" and the like.
    assert printable_path("x\u202egol.vlog") == "x\\u202egol.vlog"
    assert printable_text("entry\u2028name") == "entry\\u2028name"


@pytest.mark.parametrize("raw", [b"bad\xff.vlog", b"\xc3(\n.vsav", b"ok\xe2\x80\xae.vlog"])
def test_printable_path_is_valid_utf8_json_on_one_line(raw: bytes) -> None:
    shown = printable_path(os.fsdecode(raw))
    assert "\n" not in shown
    assert json.loads(json.dumps(shown, ensure_ascii=False).encode("utf-8")) == shown
    assert printable_path(shown) == shown  # rendering twice changes nothing


def _hostile_name(folder: Path, raw: bytes) -> Path:
    path = folder / os.fsdecode(raw)
    try:
        path.touch()
    except (OSError, UnicodeEncodeError):
        pytest.skip(f"this file system refuses the name {raw!r}")
    return path


def test_a_log_with_a_name_that_is_not_utf8_reads(tmp_path: Path) -> None:
    path = _hostile_name(tmp_path, b"bad\xff.vlog")
    path.write_bytes(EXAMPLE.read_bytes())
    assert read_save(path).step_count == EXAMPLE_STEPS


def test_an_error_about_a_file_named_in_bad_bytes_is_printable(tmp_path: Path) -> None:
    path = _hostile_name(tmp_path, b"bad\xff\n.vlog")
    path.write_bytes(b"not a zip at all")
    error = expect_error(ArchiveError, path)
    assert error.file is not None and error.file.endswith("bad\\xff\\n.vlog")
    json.dumps({"error": str(error), "file": error.file}).encode("utf-8")


# ------------------------------------------------------------ 2. zip features VASSAL never uses


def patch_entry(data: bytes, entry: str, *, method: int | None = None,
                flags: int | None = None, version: int | None = None) -> bytes:
    """Change an entry's compression method, flag bits or needed version in both its local
    and its central-directory header (the data stays as it was)."""
    patched = bytearray(data)
    name = entry.encode("utf-8")
    # (signature, offset of version needed, of the flags, of the method, of the name length,
    # of the name)
    for signature, version_at, name_length_at, name_at in ((b"PK\x03\x04", 4, 26, 30),
                                                           (b"PK\x01\x02", 6, 28, 46)):
        at = patched.find(signature)
        while at >= 0:
            (length,) = struct.unpack_from("<H", patched, at + name_length_at)
            if bytes(patched[at + name_at : at + name_at + length]) == name:
                if version is not None:
                    struct.pack_into("<H", patched, at + version_at, version)
                if flags is not None:
                    struct.pack_into("<H", patched, at + version_at + 2, flags)
                if method is not None:
                    struct.pack_into("<H", patched, at + version_at + 4, method)
            at = patched.find(signature, at + 4)
    return bytes(patched)


@pytest.mark.parametrize(("method", "name"), [
    (1, "shrunk"), (6, "imploded"), (9, "deflate64"), (93, "Zstandard"), (95, "XZ"),
    (98, "PPMd"), (99, "AES encryption"), (77, "unknown"),
])
def test_an_unsupported_compression_method_is_named(tmp_path: Path, method: int,
                                                    name: str) -> None:
    path = tmp_path / "method.vlog"
    path.write_bytes(patch_entry(EXAMPLE.read_bytes(), SAVED_GAME, method=method))
    error = expect_error(ArchiveError, path)
    assert error.message == (f"entry savedGame uses zip compression method {method} ({name}), "
                             "which is not supported")
    assert error.entry == SAVED_GAME


@pytest.mark.parametrize("flags", [0x1, 0x41, 0x1 | 0x8])
def test_an_encrypted_entry_is_refused_by_name(tmp_path: Path, flags: int) -> None:
    path = tmp_path / "encrypted.vlog"
    path.write_bytes(patch_entry(EXAMPLE.read_bytes(), SAVED_GAME, flags=flags))
    error = expect_error(ArchiveError, path)
    assert "entry savedGame is encrypted" in error.message


def test_an_entry_needing_a_newer_zip_version_is_refused_by_name(tmp_path: Path) -> None:
    path = tmp_path / "version.vlog"
    path.write_bytes(patch_entry(EXAMPLE.read_bytes(), "moduledata", version=99))
    error = expect_error(ArchiveError, path)
    assert error.message.startswith("entry moduledata needs zip version 9.9 to extract")


@pytest.mark.parametrize("method", [zipfile.ZIP_STORED, zipfile.ZIP_BZIP2, zipfile.ZIP_LZMA])
def test_compression_methods_python_inflates_are_read(tmp_path: Path, method: int) -> None:
    path = tmp_path / "other-method.vlog"
    with zipfile.ZipFile(path, "w", method) as archive:
        for name, data in entries_of(EXAMPLE):
            archive.writestr(name, data)
    assert read_save(path).step_count == EXAMPLE_STEPS


# ------------------------------------------------------------ 3. wrong obfuscation key


def _vcsk_key(data: bytes) -> int:
    return int(data[5:7], 16)


@pytest.mark.parametrize("delta", [0x01, 0x20, 0x5A, 0x80, 0xFF])
def test_a_wrong_vcsk_key_byte_is_an_error_not_an_empty_log(tmp_path: Path,
                                                            delta: int) -> None:
    def wrong_key(data: bytes) -> bytes:
        return data[:5] + f"{_vcsk_key(data) ^ delta:02x}".encode("ascii") + data[7:]

    path = rewrite(EXAMPLE, tmp_path / "wrong-key.vlog", wrong_key)
    error = expect_error(ObfuscationError, path)
    assert "does not decode to a VASSAL save (wrong obfuscation key byte?)" in error.message


@pytest.mark.parametrize("delta", [0x01, 0x7F, 0xC3])
def test_a_wrong_vobs_key_byte_is_an_error(tmp_path: Path, delta: int) -> None:
    text = f"begin_save{ESC}{ESC}end_save{ESC}LOG\tCHAT<Alice> - hello"
    good = encode_payload(text, PayloadEncoding.VOBS, key=0x33)
    bad = good[:4] + bytes([0x33 ^ delta]) + good[5:]
    path = tmp_path / "wrong-key.vsav"
    atomic_write_zip(path, [(SAVED_GAME, bad)])
    expect_error(ObfuscationError, path)
    atomic_write_zip(path, [(SAVED_GAME, good)])
    assert read_save(path).step_count == 1


def test_a_payload_of_mostly_unprintable_text_is_an_error(tmp_path: Path) -> None:
    noise = "".join(chr(code) for code in range(1, 32) if chr(code) not in "\t\n\r\x1b")
    path = game_file(tmp_path / "noise.vlog", f"begin_save{ESC}" + noise * 200)
    expect_error(ObfuscationError, path)


@pytest.mark.parametrize("text", ["", ESC * 3, "x"])
def test_an_obfuscated_payload_holding_no_command_is_an_error(tmp_path: Path,
                                                             text: str) -> None:
    expect_error(ObfuscationError, game_file(tmp_path / "empty.vlog", text))


def test_an_old_log_that_starts_with_another_command_still_reads(tmp_path: Path) -> None:
    # Very old files may lack begin_save: that is a problem noted, not an unreadable file.
    path = game_file(tmp_path / "old.vlog", f"CHAT<Alice> - hello{ESC}+/1/piece;;;;A/Map;3;4")
    save = read_save(path)
    assert any("begin_save" in problem.message for problem in save.problems)


@pytest.mark.parametrize("path", FIXTURE_GAMES, ids=lambda p: str(p.relative_to(REPO)))
def test_every_fixture_game_still_reads(path: Path) -> None:
    save = read_save(path)
    assert save.restore_block and save.end_save_index is not None


@pytest.mark.corpus
@pytest.mark.parametrize("path", corpus_games(), ids=corpus_id)
def test_every_corpus_game_is_within_the_default_limits(path: Path) -> None:
    read_save(path)
    with Archive.open(path) as archive:
        assert archive.size(SAVED_GAME) * 4 < Limits().max_payload_bytes


# ------------------------------------------------------------ 4. size and memory limits


def _peak_while(action: Callable[[], object]) -> tuple[int, Exception | None]:
    """Run `action`; return the peak of memory it allocated (tracemalloc) and what it
    raised."""
    tracemalloc.start()
    raised: Exception | None = None
    try:
        action()
    except Exception as error:  # handed back to the test to assert on
        raised = error
    finally:
        _, peak = tracemalloc.get_traced_memory()
        tracemalloc.stop()
    return peak, raised


def _chat_log(steps: int, line: str = "<Alice> - the same words again and again") -> str:
    return f"begin_save{ESC}{ESC}end_save" + f"{ESC}LOG\tCHAT{line}" * steps


LIMIT = 4 * MB


@pytest.mark.parametrize("encoding", [PayloadEncoding.VCSK, PayloadEncoding.VOBS,
                                      PayloadEncoding.PLAIN])
def test_a_payload_over_the_limit_is_refused_within_bounded_memory(
        tmp_path: Path, encoding: PayloadEncoding) -> None:
    # About 40 MB of payload that zips to a few hundred kB (the whole-entry path reads
    # plain payloads, the streaming path the others).
    path = game_file(tmp_path / "big.vlog", _chat_log(500_000), encoding)
    limits = Limits(max_payload_bytes=LIMIT, max_ratio=10**6)
    peak, raised = _peak_while(lambda: read_save(path, limits=limits))
    assert isinstance(raised, ArchiveLimitError), raised
    assert f"max_payload_bytes = {LIMIT}" in str(raised)
    assert peak < 3 * LIMIT


def test_a_header_that_understates_the_size_gains_nothing(tmp_path: Path) -> None:
    # The zip declares 1,000 bytes for a savedGame that inflates to about 40 MB.
    path = game_file(tmp_path / "liar.vlog", _chat_log(500_000))
    data = bytearray(path.read_bytes())
    for signature, size_at in ((b"PK\x03\x04", 22), (b"PK\x01\x02", 24)):
        at = data.find(signature)
        struct.pack_into("<I", data, at + size_at, 1000)
    path.write_bytes(bytes(data))
    limits = Limits(max_payload_bytes=LIMIT, max_ratio=10**6)
    peak, raised = _peak_while(lambda: read_save(path, limits=limits))
    # zipfile stops inflating at the declared size; the checksum then fails.
    assert isinstance(raised, ArchiveError), raised
    assert "corrupt or truncated zip entry" in str(raised)
    assert peak < 3 * LIMIT


def test_the_issue_log_expanding_to_200_mb_is_refused_by_the_default_limits(
        tmp_path: Path) -> None:
    # Issue 8: a 65 MB log that expands to 200 MB (10 GB of memory). Its savedGame
    # declares 200 MB: refused from the header, before anything is inflated.
    data = bytearray(EXAMPLE.read_bytes())
    for signature, size_at, name_at in ((b"PK\x03\x04", 22, 30), (b"PK\x01\x02", 24, 46)):
        at = data.find(signature)
        assert data[at + name_at : at + name_at + 9] == b"savedGame"
        struct.pack_into("<I", data, at + size_at, 200_000_000)
    path = tmp_path / "issue.vlog"
    path.write_bytes(bytes(data))
    peak, raised = _peak_while(lambda: read_save(path))
    assert isinstance(raised, ArchiveLimitError), raised
    assert raised.message == ("entry declares 200000000 bytes uncompressed, more than "
                              f"max_payload_bytes = {Limits().max_payload_bytes}")
    assert peak < MB


def test_a_game_file_over_the_size_limit_is_refused(tmp_path: Path) -> None:
    size = EXAMPLE.stat().st_size
    error = expect_error(ArchiveLimitError, EXAMPLE, limits=Limits(max_game_file_bytes=size - 1))
    assert error.message == (f"file is {size} bytes, more than the limit "
                             f"max_game_file_bytes = {size - 1}")
    assert read_save(EXAMPLE, limits=Limits(max_game_file_bytes=size)).step_count == 9


@pytest.mark.parametrize("encoding", [PayloadEncoding.VCSK, PayloadEncoding.PLAIN])
def test_a_log_with_more_steps_than_the_limit_is_refused(tmp_path: Path,
                                                        encoding: PayloadEncoding) -> None:
    path = game_file(tmp_path / "long.vlog", _chat_log(1001), encoding)
    error = expect_error(ArchiveLimitError, path, limits=Limits(max_steps=1000))
    assert "max_steps = 1000" in error.message
    assert read_save(path, limits=Limits(max_steps=1001)).step_count == 1001


def test_a_command_nested_too_deep_is_kept_as_an_unknown_step(tmp_path: Path) -> None:
    path = game_file(tmp_path / "deep.vlog",
                     f"begin_save{ESC}{ESC}end_save{ESC}LOG\t" + "LOG\t" * 5000 + "x")
    save = read_save(path)
    assert save.step_count == 1
    assert len(list(save.logged_steps())) == 1

