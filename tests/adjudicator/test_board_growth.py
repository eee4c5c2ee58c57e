"""The board stays the size of the position however long the log (issue 12): the stacks it
makes for drops are gone once empty, and its pieces-only index follows every change."""

from __future__ import annotations

from adjudicator.replay import Board, PieceKind
from vmod_schema.commands import decode_command


def _board(*pieces: tuple[str, int, int]) -> Board:
    board = Board()
    board.restore([decode_command(f"+/{pid}/piece;;;;Unit {pid}/Map;{x};{y}")
                   for pid, x, y in pieces])
    return board


def _drop(board: Board, pid: str, new: tuple[int, int], old: tuple[int, int], *,
          under: str = "null", step: int = 0) -> None:
    board.apply([decode_command(f"M/{pid}/Map/{new[0]}/{new[1]}/{under}/Map/{old[0]}/"
                                f"{old[1]}/null")], step=step)


def test_a_long_back_and_forth_log_keeps_a_constant_number_of_stacks() -> None:
    board = _board(("1", 100, 100), ("2", 300, 300))
    for step in range(1, 1001):
        # Drop 2 onto 1 (the board makes a stack), then both leave it and 1 comes back.
        _drop(board, "2", (100, 100), (300, 300), under="1", step=step)
        assert board.counts()[PieceKind.STACK] == 1
        _drop(board, "1", (500, 500), (100, 100), step=step)
        _drop(board, "2", (300, 300), (100, 100), step=step)
        _drop(board, "1", (100, 100), (500, 500), step=step)
        assert board.counts()[PieceKind.STACK] == 0
    assert len(board) == 2 and board.at("Map", 100, 100) == [board["1"]]
    assert [item.id for item in board.pieces()] == ["1", "2"]


def test_undo_brings_back_the_stack_a_step_emptied_and_it_goes_again_when_emptied() -> None:
    board = _board(("1", 100, 100), ("2", 300, 300))
    _drop(board, "2", (100, 100), (300, 300), under="1", step=1)
    [stack] = board.at("Map", 100, 100)
    _drop(board, "1", (500, 500), (100, 100), step=2)
    assert [piece.id for piece in board.members(stack.id)] == ["2"]
    _drop(board, "2", (300, 300), (100, 100), step=3)
    assert stack.id not in board and board.at("Map", 100, 100) == []
    board.undo()
    assert [piece.id for piece in board.members(stack.id)] == ["2"]
    assert board.at("Map", 100, 100) == [board[stack.id]]
    _drop(board, "2", (900, 900), (100, 100), step=4)
    assert board.counts()[PieceKind.STACK] == 0 and board.at("Map", 100, 100) == []


def test_a_piece_re_added_as_a_stack_leaves_the_pieces_and_undo_puts_it_back() -> None:
    board = _board(("1", 100, 100), ("2", 300, 300), ("3", 500, 500))
    board.apply([decode_command("+/2/stack/Map;300;300;3")], step=1)
    assert [item.id for item in board.pieces()] == ["1", "3"]
    assert board["2"].kind is PieceKind.STACK
    board.undo()
    assert [item.id for item in board.pieces()] == [
        item.id for item in board.items() if item.kind is PieceKind.PIECE]
    assert board["2"].kind is PieceKind.PIECE and board.point("3") == ("Map", 500, 500)
