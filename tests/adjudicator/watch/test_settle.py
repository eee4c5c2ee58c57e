"""Settling: a file is handed out once its size and time are stable and its zip is whole."""

from __future__ import annotations

import io
import os
import zipfile
from pathlib import Path

from adjudicator.watch.settle import Settler, zip_complete


class FakeClock:
    """Monotonic seconds moved by the test."""

    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


def zip_bytes(entries: int = 3, comment: bytes = b"") -> bytes:
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as archive:
        for index in range(entries):
            archive.writestr(f"entry{index}", os.urandom(200))
        archive.comment = comment
    return buffer.getvalue()


def test_a_whole_zip_is_complete_and_every_truncation_of_it_is_not(tmp_path: Path) -> None:
    data = zip_bytes()
    path = tmp_path / "game.vlog"
    path.write_bytes(data)
    assert zip_complete(path)
    for cut in range(0, len(data), 7):
        path.write_bytes(data[:cut])
        assert not zip_complete(path), cut


def test_a_zip_comment_and_an_empty_zip_are_complete(tmp_path: Path) -> None:
    path = tmp_path / "game.vsav"
    path.write_bytes(zip_bytes(comment=b"PK\x05\x06 looks like a record"))
    assert zip_complete(path)
    path.write_bytes(zip_bytes(entries=0))
    assert zip_complete(path)


def test_a_central_directory_that_does_not_end_at_its_record_is_incomplete(
        tmp_path: Path) -> None:
    data = bytearray(zip_bytes())
    at = data.rfind(b"PK\x05\x06")
    data[at + 16:at + 20] = (int.from_bytes(data[at + 16:at + 20], "little") + 1).to_bytes(
        4, "little")
    path = tmp_path / "game.vlog"
    path.write_bytes(bytes(data))
    assert not zip_complete(path)


def test_a_file_growing_in_chunks_settles_only_once_it_stops(tmp_path: Path) -> None:
    clock = FakeClock()
    settler = Settler(0.25, 1.0, clock=clock)
    data = zip_bytes(entries=10)
    path = tmp_path / "game.vlog"
    with path.open("wb") as stream:
        for start in range(0, len(data), 400):
            stream.write(data[start:start + 400])
            stream.flush()
            settler.notice(path)
            clock.now += 0.1
            assert settler.settled() == []
    clock.now += 0.1
    assert settler.settled() == []
    clock.now += 0.2
    settled = settler.settled()
    assert [p for p, _ in settled] == [path]
    assert settled[0][1].size == len(data)


def test_an_incomplete_zip_waits_for_the_grace_interval(tmp_path: Path) -> None:
    clock = FakeClock()
    settler = Settler(0.25, 1.0, clock=clock)
    path = tmp_path / "game.vlog"
    path.write_bytes(zip_bytes()[:-10])
    settler.notice(path)
    settler.settled()
    clock.now += 0.5
    assert settler.settled() == []
    clock.now += 0.6
    assert [p for p, _ in settler.settled()] == [path]


def test_a_burst_of_events_gives_one_settled_version(tmp_path: Path) -> None:
    clock = FakeClock()
    settler = Settler(0.25, 1.0, clock=clock)
    path = tmp_path / "game.vlog"
    path.write_bytes(zip_bytes())
    for _ in range(50):
        settler.notice(path)
        clock.now += 0.01
    assert settler.settled() == []
    clock.now += 0.3
    assert len(settler.settled()) == 1
    clock.now += 1.0
    assert settler.settled() == []


def test_a_file_that_disappears_is_dropped(tmp_path: Path) -> None:
    clock = FakeClock()
    settler = Settler(0.25, 1.0, clock=clock)
    path = tmp_path / "game.vlog"
    path.write_bytes(zip_bytes())
    settler.notice(path)
    path.unlink()
    clock.now += 1.0
    assert settler.settled() == []
    assert len(settler) == 0
