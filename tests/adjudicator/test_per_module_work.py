"""What many files of one game share is worked out once (issue 24 part 4): the set-up's
pieces decoded once per module, a module's maps (spaces, outlines) built once per module
and choice of boards, the facts each rule lacks once per data set. Each file still gets a
report equal to the one it gets alone."""

from __future__ import annotations

from pathlib import Path

import pytest

from adjudicator.check import adjudicate
from adjudicator.replay import Board, iter_steps
from adjudicator.replay.board import SetUpPieces
from adjudicator.report import trace as trace_module
from adjudicator.systems import find_system
from adjudicator.systems.common.referee import GameReferee
from vmod_schema.buildfile import open_module, open_module_once
from vmod_schema.savefile import read_save

WW = Path(__file__).parents[2] / "fixtures" / "washingtons-war"
MODULE = WW / "washingtons-war-fixture.vmod"
DATA = WW / "data" / "fixture-data.toml"
BINDING = WW / "binding.toml"
GAMES = ("opening-turn.vlog", "illegal-two-things.vlog", "battle-and-retreat.vlog")


def _start(name: str, board: Board) -> Board:
    """The board after the file's step 0 (its set-up)."""
    next(iter(iter_steps(read_save(WW / "games" / name), board=board)))
    return board


def test_two_files_of_one_module_share_their_set_up_pieces_traits() -> None:
    module = open_module(MODULE)
    first = _start(GAMES[0], Board.for_module(module))
    second = _start(GAMES[0], Board.for_module(module))
    alone = _start(GAMES[0], Board.for_module(open_module(MODULE)))
    assert first.set_up is second.set_up is SetUpPieces.of(module)
    assert first.set_up is not alone.set_up
    pairs = list(zip(first.pieces(), second.pieces(), strict=True))
    assert pairs and all(a.piece == b.piece for a, b in pairs)
    # Decoded once: the second file's pieces are made of the first's traits, each piece
    # with a list of its own.
    assert all(x is y for a, b in pairs for x, y in zip(a.piece.traits, b.piece.traits,
                                                        strict=True))
    assert all(a.piece.traits is not b.piece.traits for a, b in pairs)
    assert [item.piece for item in second.pieces()] == [item.piece for item in alone.pieces()]
    assert [first.position(a.id) for a, _ in pairs] == [alone.position(a.id)
                                                        for a, _ in pairs]


def test_the_set_up_cache_keeps_at_most_its_limit(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(SetUpPieces, "KEPT_PIECES", 5)
    board = _start(GAMES[0], Board.for_module(open_module(MODULE)))
    assert board.set_up is not None and len(board.set_up.pieces) == 5
    assert len(list(board.pieces())) > 5


def test_a_modules_maps_are_built_once_for_many_files(monkeypatch: pytest.MonkeyPatch) -> None:
    built: list[str] = []
    original = trace_module._module_map

    def counted(map_id: str, *args: object, **kwargs: object) -> trace_module.TraceMap:
        built.append(map_id)
        return original(map_id, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(trace_module, "_module_map", counted)
    module = open_module(MODULE)

    def maps(name: str) -> list[trace_module.TraceMap]:
        board = Board.for_module(module)
        collector = trace_module.TraceCollector(module=module)
        for step in iter_steps(read_save(WW / "games" / name), module, board=board):
            collector.add(step, board)
        return collector.finish(board).maps

    first = maps(GAMES[0])
    assert first[0].spaces and len(built) == len(first)
    assert maps(GAMES[0]) == first and len(built) == len(first)
    others = maps(GAMES[1])
    assert len(built) == len({m.id for m in [*first, *others]})


def test_the_facts_each_rule_lacks_are_worked_out_once_per_data_set() -> None:
    system = find_system("ww")
    one = system.referee(module=None, data_files=[DATA])
    two = system.referee(module=None, data_files=[DATA])
    bundled = system.referee(module=None)
    assert isinstance(one, GameReferee) and isinstance(two, GameReferee)
    assert isinstance(bundled, GameReferee)
    assert one.data is two.data
    # The toolkit's part (a game adds what its log showed, in a mapping of its own).
    lacking = GameReferee.missing_data(one)
    assert lacking is GameReferee.missing_data(two)
    assert lacking != GameReferee.missing_data(bundled)
    assert one.missing_data() == two.missing_data()
    with pytest.raises(TypeError):
        lacking["WW-X-1"] = "shared: nobody may change it"  # type: ignore[index]


def test_a_file_checked_after_others_gets_the_report_it_gets_alone() -> None:
    def report(name: str) -> str:
        return adjudicate(WW / "games" / name, game="ww", module_path=MODULE,
                          data_files=[DATA], binding_file=BINDING).model_dump_json()

    def forget() -> None:
        SetUpPieces.forget()
        trace_module._ModuleMaps.forget()

    forget()
    alone = report(GAMES[2])
    forget()
    after = [report(name) for name in GAMES][-1]
    assert open_module_once(MODULE).maps and after == alone
