"""Piece images on the replay page (issue 23, part 3): the image VASSAL draws for each piece
as the reader sees it, kept out of the JSON; embedded once per page within a budget; a
hostile image is a reason on the page, never a traceback.

The pieces, images and logs here are made up, written into `tmp_path` by the tests.
"""

from __future__ import annotations

import base64
import io
import json
import struct
import zlib
from pathlib import Path

import pytest

from adjudicator.replay import Board, iter_steps
from adjudicator.replay.visibility import REVEAL, Viewpoint
from adjudicator.report import boardimage
from adjudicator.report.boardimage import PieceImage, embed_pieces
from adjudicator.report.html import render_html
from adjudicator.report.models import Coverage, Report, ReportStatus, SourceFile
from adjudicator.report.trace import ReplayTrace, TraceCollector
from tests.conftest import require_pillow
from vmod_schema.builder import GameBuilder, basic_piece_state, basic_piece_type, moved
from vmod_schema.commands import ChangePiece
from vmod_schema.savefile import atomic_write_zip, read_save
from vmod_schema.sequence import join

FIELD, HAND = "Field", "Red Hand"
RED_PASSWORD, BLUE_PASSWORD = "made-up-red", "made-up-blue"
MASK = "obs;70,130;back.png;Mask;Gback.png;?;player:;Peek;;false;;"
HIDE = "hide;72,130;Hide;255,255,255;player:;0.3;;false"
LAYER = ("emb2;;;;Flip;;70,130;;;;;;1;false;0;0;fort_a.png,fort_b.png;Fort A,Fort B;"
         "true;Side;;;false;;1;1;true;;70,130;;Fort side;1.0;;")
CONCEALED = ("images/scout.png", "images/spy.png", "images/card.png")
"""The own images of the masked, the hidden and the hand piece: never drawn for others."""


def _chain(outer: str, inner: str) -> str:
    return join([outer, inner], "\t")


def png(width: int = 50, height: int = 50, *, body: bytes | None = None) -> bytes:
    """A grey 8-bit greyscale PNG (written by hand: no Pillow needed)."""
    def chunk(kind: bytes, data: bytes) -> bytes:
        return (struct.pack(">I", len(data)) + kind + data
                + struct.pack(">I", zlib.crc32(kind + data)))

    if body is None:
        body = zlib.compress(b"".join(b"\x00" + b"\x80" * width for _ in range(height)))
    return b"".join((b"\x89PNG\r\n\x1a\n",
                     chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 0, 0, 0, 0)),
                     chunk(b"IDAT", body), chunk(b"IEND", b"")))


def _game(out: Path) -> tuple[Path, dict[str, str]]:
    """A log: Red's Scout masked by Red, Blue's Spy hidden, a card in Red's hand, a Fort
    showing its second Layer level and a Guard (maskable, unmasked). Step 1 turns the Fort
    to its first level; step 2 Red masks the Guard; step 3 the masked Guard moves; step 4
    is undone by step 5."""
    game = GameBuilder()
    game.add_player(RED_PASSWORD, "Alice", "Red")
    game.add_player(BLUE_PASSWORD, "Bob", "Blue")
    game.select_board(FIELD, "Field Board")
    game.select_board(HAND, "Red Hand")
    ids = {
        "scout": game.place(_chain(MASK, basic_piece_type("Scout", "scout.png")),
                            _chain(f"{RED_PASSWORD};", basic_piece_state(FIELD, 100, 100)),
                            "1"),
        "spy": game.place(_chain(HIDE, basic_piece_type("Spy", "spy.png")),
                          _chain(BLUE_PASSWORD, basic_piece_state(FIELD, 300, 100)), "2"),
        "card": game.place(basic_piece_type("Card", "card.png"),
                           basic_piece_state(HAND, 100, 100), "3"),
        "fort": game.place(_chain(LAYER, basic_piece_type("Fort", "fort.png")),
                           _chain("2", basic_piece_state(FIELD, 500, 100)), "4"),
        "guard": game.place(_chain(MASK, basic_piece_type("Guard", "guard.png")),
                            _chain("null;", basic_piece_state(FIELD, 700, 100)), "5"),
    }
    fort_at = basic_piece_state(FIELD, 500, 100)
    guard_at = basic_piece_state(FIELD, 700, 100)
    game.step(ChangePiece(ids["fort"], _chain("1", fort_at), _chain("2", fort_at)))
    game.step(ChangePiece(ids["guard"], _chain(f"{RED_PASSWORD};", guard_at),
                          _chain("null;", guard_at)))
    game.step(moved(ids["guard"], (FIELD, 700, 300), (FIELD, 700, 100), player=RED_PASSWORD))
    game.step(moved(ids["fort"], (FIELD, 500, 300), (FIELD, 500, 100), player=RED_PASSWORD))
    game.undo()
    return game.write(out / "game.vlog"), ids


def _trace(tmp_path: Path, view: Viewpoint | None = None) -> tuple[ReplayTrace, dict[str, str]]:
    path, ids = _game(tmp_path)
    board = Board()
    collector = TraceCollector(module_path=tmp_path / "module.vmod")
    if view is not None:
        collector = TraceCollector(module_path=tmp_path / "module.vmod", view=view)
    for step in iter_steps(read_save(path), board=board):
        collector.add(step, board)
    return collector.finish(board), ids


def _all_images(trace: ReplayTrace) -> set[str | None]:
    images: set[str | None] = {piece.image for piece in trace.start}
    for step in trace.steps:
        images |= {move.image for move in step.moves}
        images |= {piece.image for piece in step.added}
        images |= {image for _, image in step.flipped}
    return images


# ------------------------------------------------------------------ which image VASSAL draws


def test_each_piece_shows_the_image_vassal_draws_for_the_opponent(tmp_path: Path) -> None:
    trace, ids = _trace(tmp_path)
    start = {piece.id: (piece.name, piece.image) for piece in trace.start}
    # Masked: its mask's image under its mask name, never its own.
    assert start[ids["scout"]] == ("?", "images/back.png")
    # Hidden, and in a private hand: not drawn at all (as `shown_name` decides).
    assert ids["spy"] not in start and ids["card"] not in start
    # A Layer showing its second level draws that level's image, not the basic piece's.
    assert start[ids["fort"]] == ("Fort B", "images/fort_b.png")
    assert start[ids["guard"]] == ("Guard", "images/guard.png")
    # Turned to its first level in place; masked in place: the page learns both.
    assert trace.steps[0].flipped == ((ids["fort"], "images/fort_a.png"),)
    assert trace.steps[1].flipped == ((ids["guard"], "images/back.png"),)
    moved_guard = trace.steps[2].moves[0]
    assert (moved_guard.name, moved_guard.image) == ("?", "images/back.png")
    assert not _all_images(trace) & set(CONCEALED)


def test_an_undone_step_keeps_its_images(tmp_path: Path) -> None:
    trace, ids = _trace(tmp_path)
    undone = next(step for step in trace.steps if step.undone)
    assert [(move.id, move.image) for move in undone.moves] == [
        (ids["fort"], "images/fort_a.png")]


def test_reveal_shows_every_piece_with_its_own_image(tmp_path: Path) -> None:
    trace, ids = _trace(tmp_path, REVEAL)
    start = {piece.id: piece.image for piece in trace.start}
    assert start[ids["scout"]] == "images/scout.png"
    assert start[ids["spy"]] == "images/spy.png"
    assert start[ids["card"]] == "images/card.png"


def test_without_a_module_file_no_piece_has_an_image(tmp_path: Path) -> None:
    path, _ = _game(tmp_path)
    board = Board()
    collector = TraceCollector()
    for step in iter_steps(read_save(path), board=board):
        collector.add(step, board)
    trace = collector.finish(board)
    assert _all_images(trace) == {None} and trace.archive is None


def test_images_stay_out_of_the_json_and_its_schema(tmp_path: Path) -> None:
    trace, _ = _trace(tmp_path)
    assert trace.start and any(piece.image for piece in trace.start)
    text = trace.model_dump_json()
    assert "images/" not in text and "flipped" not in text and "module.vmod" not in text
    schema = json.dumps(ReplayTrace.model_json_schema())
    assert "image" not in schema.lower() and "flipped" not in schema and "archive" not in schema


# ------------------------------------------------------------------ embedding


def _module(tmp_path: Path, images: dict[str, bytes]) -> Path:
    path = tmp_path / "module.vmod"
    atomic_write_zip(path, [("buildFile.xml", b"<x/>"),
                            *((f"images/{name}", data) for name, data in images.items())])
    return path


def test_piece_images_are_embedded_once_within_the_budget(tmp_path: Path) -> None:
    require_pillow()
    module = _module(tmp_path, {f"p{n}.png": png(40 + n, 50) for n in range(4)})
    entries = [f"images/p{n}.png" for n in range(4)]
    everything = embed_pieces(module, entries)
    one = len(everything["images/p0.png"].uri or "")
    assert one > 0 and (everything["images/p2.png"].width,
                        everything["images/p2.png"].height) == (42, 50)
    # Room for two: the first two (most wanted) are embedded, the others say why not.
    found = embed_pieces(module, [*entries, entries[0]], budget=2 * one + 10)
    assert [entry for entry, image in found.items() if image.uri] == entries[:2]
    assert all("budget" in found[entry].reason for entry in entries[2:])


def test_a_large_piece_image_is_downscaled_to_a_png(tmp_path: Path) -> None:
    require_pillow()
    module = _module(tmp_path, {"card.png": png(400, 600)})
    image = embed_pieces(module, ["images/card.png"])["images/card.png"]
    assert image.uri is not None and image.uri.startswith("data:image/png;base64,")
    assert (image.width, image.height) == (400, 600)  # drawn at its module size
    from PIL import Image  # the embedded copy is small

    with Image.open(io.BytesIO(base64.b64decode(image.uri.split(",", 1)[1]))) as small:
        assert max(small.size) <= boardimage.PIECE_SIDE


def test_hostile_piece_images_give_a_reason_not_a_crash(tmp_path: Path) -> None:
    require_pillow()
    good = png()
    bomb = png(30_000, 30_000, body=zlib.compress(b"\x00" * 1000))
    module = _module(tmp_path, {"truncated.png": good[: len(good) // 2], "bomb.png": bomb,
                                "text.png": b"not an image at all", "good.png": good})
    found = embed_pieces(module, ["images/truncated.png", "images/bomb.png",
                                  "images/text.png", "images/missing.png",
                                  "images/good.png"])
    assert found["images/good.png"].uri is not None
    for entry in ("images/truncated.png", "images/bomb.png", "images/text.png"):
        assert found[entry].uri is None and "could not be read" in found[entry].reason
    assert "exceeds limit" in found["images/bomb.png"].reason or (
        "decompression" in found["images/bomb.png"].reason.lower())
    assert found["images/missing.png"].reason == "images/missing.png is not in the module"


def test_an_unreadable_module_leaves_every_piece_image_out_with_its_reason(
        tmp_path: Path) -> None:
    path = tmp_path / "module.vmod"
    path.write_bytes(b"PK\x03\x04 not really a zip")
    found = embed_pieces(path, ["images/a.png", "images/b.png"])
    assert set(found) == {"images/a.png", "images/b.png"}
    assert all(image.uri is None and image.reason.startswith("the module could not be read")
               for image in found.values())


def test_without_pillow_a_small_png_is_embedded_as_it_is(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(boardimage, "_downscaled", lambda *args, **kwargs: None)
    big = png(400, 400, body=bytes(range(256)) * 400)  # does not compress: ~100 kB
    module = _module(tmp_path, {"small.png": png(), "big.png": big})
    found = embed_pieces(module, ["images/small.png", "images/big.png"])
    assert found["images/small.png"] == PieceImage(
        found["images/small.png"].uri, 50, 50)
    assert (found["images/small.png"].uri or "").startswith("data:image/png;base64,")
    assert found["images/big.png"].uri is None and "no Pillow" in found["images/big.png"].reason


# ------------------------------------------------------------------ the page


def _report(trace: ReplayTrace) -> Report:
    return Report.model_validate(dict(
        game="ww", game_name="Test", status=ReportStatus.JUDGED,
        source=SourceFile(path="game.vlog", sha256="0" * 64), tool_version="0",
        steps=len(trace.steps), coverage=Coverage(), replay=trace))


def _page_data(html: str) -> dict[str, object]:
    text = html.split('id="replay-data">', 1)[1].split("</script>", 1)[0]
    data: dict[str, object] = json.loads(text)
    return data


def test_the_page_embeds_each_drawn_image_once_and_says_why_others_are_left_out(
        tmp_path: Path) -> None:
    require_pillow()
    trace, ids = _trace(tmp_path)
    good = png()
    _module(tmp_path, {"back.png": good, "fort_a.png": good[:40],
                       "fort_b.png": png(30_000, 30_000, body=zlib.compress(b"\x00" * 100)),
                       # The concealed pieces' own images are in the module, never wanted.
                       "scout.png": png(51, 51), "spy.png": png(52, 52),
                       "card.png": png(53, 53)})
    html = render_html(_report(trace))
    data = _page_data(html)
    table = data["pieceImages"]
    assert isinstance(table, list) and [(row["w"], row["h"]) for row in table] == [(50, 50)]
    assert html.count(table[0]["uri"]) == 1  # once, however many pieces show it
    assert "3 piece images left out" in html
    for entry in ("images/fort_a.png", "images/fort_b.png", "images/guard.png"):
        assert entry in html
    replay = data["trace"]
    assert isinstance(replay, dict)
    start = {piece["id"]: piece.get("img") for piece in replay["start"]}
    assert start[ids["scout"]] == 0 and start[ids["fort"]] is None
    assert replay["steps"][1]["flipped"] == [[ids["guard"], 0]]
    assert replay["steps"][0]["flipped"] == [[ids["fort"], -1]]  # left out: drawn by name


def test_images_false_embeds_no_piece_image(tmp_path: Path) -> None:
    trace, _ = _trace(tmp_path)
    _module(tmp_path, {"back.png": png(), "guard.png": png()})
    html = render_html(_report(trace), images=False)
    assert "data:image/" not in html and _page_data(html)["pieceImages"] == []
    assert "data:image/png" in render_html(_report(trace))


def test_piece_images_share_the_pages_image_budget(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    trace, _ = _trace(tmp_path)
    _module(tmp_path, {"back.png": png(), "guard.png": png()})
    monkeypatch.setattr("adjudicator.report.html.IMAGE_BUDGET", 10)
    html = render_html(_report(trace))
    assert "data:image/" not in html and "piece-image budget" in html
