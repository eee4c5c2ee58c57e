"""A save's pieces are decoded only when asked, by one decoder per file, and decode as
`decode_piece` does (issue 12)."""

from __future__ import annotations

from pathlib import Path

from vmod_schema.commands import AddPiece
from vmod_schema.pieces import decode_piece
from vmod_schema.savefile import read_save

GAME = Path(__file__).resolve().parents[2] / "fixtures" / "washingtons-war" / "games" / (
    "opening-turn.vlog")


def _added(path: Path) -> list[AddPiece]:
    save = read_save(path)
    return [c for top in save.top_level for c in top.walk() if isinstance(c, AddPiece)]


def test_pieces_decode_when_asked_as_decode_piece_does_sharing_their_traits() -> None:
    added = _added(GAME)
    assert len(added) > 20 and all(command.decoded is None for command in added)
    pieces = [command.piece() for command in added]
    assert pieces == [decode_piece(c.type, c.state) for c in added]
    assert len({id(command.decoder) for command in added}) == 1
    first, second = next((a, b) for i, a in enumerate(added) for b in added[i + 1:]
                         if a.type == b.type and a.piece().traits)
    assert first.piece().traits[0] is second.piece().traits[0]
    assert all(command.piece() is piece for command, piece in zip(added, pieces, strict=True))


def test_each_file_has_its_own_decoder() -> None:
    assert _added(GAME)[0].decoder is not _added(GAME)[0].decoder
