"""Replaying corpus games and small logs of our own on the generic board (FORMAT.md §4–§6)."""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Sequence
from functools import cache
from pathlib import Path

import pytest

from adjudicator.replay import Board, PieceKind, Timeline, iter_steps, replay
from adjudicator.replay.clip import NAME_LIMIT
from tests.conftest import CORPUS, corpus_games, corpus_id, module_for
from tests.manifest import game_expectation
from vmod_schema.buildfile import open_module
from vmod_schema.commands import (
    AddPiece,
    BeginSave,
    ChangeGlobalProperty,
    ChangePiece,
    Chat,
    Command,
    Compound,
    EndSave,
    LogEntry,
    MovePiece,
    NullCommand,
    PlayerJoin,
    RemovePiece,
    SelectBoards,
    SetTurn,
    Undo,
    decode_command,
)
from vmod_schema.savefile import GameFileInfo, SaveFile, read_save, write_game
from vmod_schema.sequence import join

GAMES = corpus_games()
MOVE_REPORT = re.compile(r" moves (.*) (?:->|-&gt;|-&lt;|&rarr;|→) (.*?)(?: \*)?$")


@cache
def _replayed(path: Path) -> Timeline:
    """Replay a corpus game once per test session, with its module when there is one."""
    module_path = module_for(path)
    module = open_module(module_path) if module_path is not None else None
    return replay(read_save(path), module)


# ---------------------------------------------------------------------------- the corpus


@pytest.mark.corpus
@pytest.mark.parametrize("path", GAMES, ids=corpus_id)
def test_corpus_game_replays_to_the_manifest_pieces_maps_and_steps(path: Path) -> None:
    expected = game_expectation(path.name)
    timeline = _replayed(path)
    board = timeline.board
    assert timeline.problems == []
    assert len(timeline) == (expected.steps or 0) + 1  # step 0 is the starting position
    counts = board.counts()
    assert {"piece": counts[PieceKind.PIECE], "stack": counts[PieceKind.STACK],
            "deck": counts[PieceKind.DECK]} == {
        kind: expected.pieces[kind] for kind in ("piece", "stack", "deck")}
    maps = Counter(board.point(piece.id)[0] for piece in board.pieces())
    maps.pop(None, None)
    assert dict(maps) == expected.maps_referenced


@pytest.mark.corpus
@pytest.mark.parametrize("path", [p for p in GAMES if module_for(p) is not None],
                         ids=corpus_id)
def test_corpus_game_pieces_at_end_have_the_manifest_location_names(path: Path) -> None:
    expected = game_expectation(path.name)
    board = _replayed(path).board
    names = Counter(board.position(piece.id).location for piece in board.pieces()
                    if board.point(piece.id)[0] is not None)
    on_map = sum(names.values())
    named = on_map - names["offboard"]
    assert (on_map, named, len(names)) == expected.on_map
    assert names.most_common(len(expected.top_locations)) == expected.top_locations


@pytest.mark.corpus
def test_stacked_pieces_whose_own_state_says_no_map_take_their_stacks_map() -> None:
    # FORMAT.md §4.4: 3.2-era at-start stacks leave the member's own map null.
    path = CORPUS / "BBVassal" / "testlog.vlog"
    board = _replayed(path).board
    orphans = [piece for piece in board.pieces() if piece.piece.map_id is None]
    assert len(orphans) == game_expectation(path.name).stacked_null_map
    assert all(board.point(piece.id)[0] == "Grass Pitch" for piece in orphans)


@pytest.mark.corpus
def test_testlog_movement_reports_agree_with_the_computed_locations() -> None:
    path = CORPUS / "BBVassal" / "testlog.vlog"
    agree = disagree = 0
    for step in _replayed(path).steps[1:]:
        reported = [match.groups() for line in step.chat if not line.startswith("* UNDO: ")
                    if (match := MOVE_REPORT.search(line)) is not None]
        computed = [(move.from_location, move.to_location) for move in step.moves]
        for pair in reported:
            if pair in computed:
                agree += 1
            else:
                disagree += 1
    assert (agree, disagree) == game_expectation(path.name).movement_agree == (4, 0)


@pytest.mark.corpus
def test_testlog_steps_name_the_player_from_the_roster_never_the_password() -> None:
    timeline = _replayed(CORPUS / "BBVassal" / "testlog.vlog")
    movers = [step for step in timeline if step.moves]
    assert [(step.player, step.side) for step in movers] == [("danj3000", "Blue")] * 4
    assert repr(movers[0]) == "Step(1, player='danj3000', moves=1, changes=1, chat=1)"
    secret = next(c.player for c in movers[0].commands if isinstance(c, MovePiece))
    assert secret is not None
    assert secret not in repr(timeline.steps) + repr(timeline.board.players)


# ------------------------------------------------------------- small logs of our own
# Everything below is made up for these tests: a map called "Map", pieces called "Rifle",
# "Tank", …, with one Dynamic Property `Strength`, in logs written with `write_game`.

PLAYER_ID = "hunter2"  # a made-up password; it must never appear in output


def _piece(piece_id: str, name: str, x: int, y: int, *, strength: str = "3",
           map_id: str = "Map") -> AddPiece:
    type_ = join(["PROP;Strength;false,0,100,false;", f"piece;;;;{name}"], "\t")
    return AddPiece(piece_id, type_, _state(strength, map_id, x, y))


def _state(strength: str, map_id: str, x: int, y: int) -> str:
    return join([strength, f"{map_id};{x};{y};;0"], "\t")


def _stack(stack_id: str, x: int, y: int, *members: str) -> AddPiece:
    return AddPiece(stack_id, "stack", ";".join(["Map", str(x), str(y), *members]))


DECK_TYPE = "deck;false;0,0,0;100;100;Always;Always;false;true;false;;;;Draw Pile"


def _deck_state(*cards: str) -> str:
    return "Map;500;500;true" + (";" + ",".join(cards) if cards else "")


def _move(piece_id: str, new: tuple[int, int], old: tuple[int, int], *,
          under: str = "null", old_under: str = "null", map_id: str = "Map") -> MovePiece:
    return MovePiece(piece_id, map_id, str(new[0]), str(new[1]), under,
                     "Map", str(old[0]), str(old[1]), old_under, player=PLAYER_ID)


def _step(*commands: Command) -> Compound:
    """One logged step as the engine writes it: `LOG⇥` root, then each child (§5.2)."""
    return Compound([LogEntry(NullCommand()), *(LogEntry(command) for command in commands)])


def _undo_step(*inverses: Command) -> Compound:
    return Compound([LogEntry(Undo("true")), *(LogEntry(c) for c in inverses),
                     LogEntry(Undo("false"))])


def _write_log(folder: Path, pieces: Sequence[AddPiece],
               steps: Sequence[Compound]) -> SaveFile:
    restore: list[Command] = [
        BeginSave(), NullCommand(), Compound([NullCommand(), *pieces]),
        PlayerJoin(PLAYER_ID, "Alice", "Allies"),
        SelectBoards("Map", ["Main", "0", "0"]),
        EndSave(),
    ]
    path = write_game(folder / "made-up.vlog", [*restore, *steps],
                      info=GameFileInfo(module_name="Made-up test module"))
    return read_save(path)


def test_an_undo_marks_the_step_undone_and_puts_the_piece_back(tmp_path: Path) -> None:
    save = _write_log(tmp_path, [_piece("1", "Rifle", 100, 100)], [
        _step(_move("1", (300, 100), (100, 100)), Chat("* Rifle moves A -> B *")),
        _undo_step(Chat("* UNDO: * Rifle moves A -> B *"), _move("1", (100, 100), (300, 100))),
    ])
    timeline = replay(save)
    moved, undo = timeline[1], timeline[2]
    assert moved.undone and not moved.is_undo
    assert undo.is_undo and undo.undoes == 1 and not undo.undone
    assert timeline.undone == frozenset({1})
    assert [(m.origin.x, m.destination.x) for m in undo.moves] == [(300, 100)]
    assert timeline.board.point("1") == ("Map", 100, 100)
    assert repr(undo) == "Step(2, player='Alice', moves=1, chat=1, undoes=1)"


def test_an_undo_retracts_the_latest_step_of_the_pieces_it_names(tmp_path: Path) -> None:
    # Online logs interleave players: the undo belongs to the step whose pieces it names.
    save = _write_log(tmp_path, [_piece("1", "Rifle", 100, 100), _piece("2", "Tank", 0, 0)], [
        _step(_move("1", (300, 100), (100, 100))),
        _step(_move("2", (50, 50), (0, 0))),
        _undo_step(_move("1", (100, 100), (300, 100))),
    ])
    timeline = replay(save)
    assert [step.undone for step in timeline] == [False, True, False, False]
    assert timeline[3].undoes == 1


def test_dragging_a_stack_moves_every_piece_in_it(tmp_path: Path) -> None:
    pieces = [_piece("1", "Rifle", 100, 100), _piece("2", "Tank", 100, 100),
              _stack("10", 100, 100, "1", "2")]
    save = _write_log(tmp_path, pieces, [
        _step(ChangePiece("1", _state("3", "Map", 100, 100), _state("3", "Map", 100, 100)),
              _move("10", (400, 250), (100, 100)),
              Chat("* Rifle, Tank moves A -> B *")),
    ])
    timeline = replay(save)
    step = timeline[1]
    assert sorted((m.piece_id, m.name, m.origin.x, m.destination.x, m.destination.y)
                  for m in step.moves) == [("1", "Rifle", 100, 400, 250),
                                           ("2", "Tank", 100, 400, 250)]
    board = timeline.board
    assert [piece.id for piece in board.members("10")] == ["1", "2"]
    assert board.point("2") == ("Map", 400, 250)
    assert step.changes == ()


def test_dropping_a_piece_on_a_lone_piece_makes_a_stack_above_it(tmp_path: Path) -> None:
    # §4.5: the recording client logs the new stack, then the move with newUnder.
    save = _write_log(tmp_path, [_piece("1", "Rifle", 100, 100), _piece("2", "Tank", 0, 0)], [
        _step(AddPiece("10", "stack", "Map;100;100;1"),
              _move("2", (100, 100), (0, 0), under="1")),
    ])
    board = replay(save).board
    assert [piece.id for piece in board.members("10")] == ["1", "2"]
    assert board.get("1") is not None and board["1"].parent == "10"
    assert [item.id for item in board.at("Map", 100, 100)] == ["10"]


def test_a_drop_on_a_lone_piece_without_a_logged_stack_makes_one_of_its_own(
        tmp_path: Path) -> None:
    # A replaying engine makes the stack itself (StackMetrics.merge); its id is board-local.
    save = _write_log(tmp_path, [_piece("1", "Rifle", 100, 100), _piece("2", "Tank", 0, 0)], [
        _step(_move("2", (100, 100), (0, 0), under="1"))])
    board = replay(save).board
    [stack] = board.at("Map", 100, 100)
    assert stack.kind is PieceKind.STACK and stack.id.startswith("~new")
    assert [piece.id for piece in board.members(stack.id)] == ["1", "2"]


def test_a_piece_dropped_with_nothing_beneath_goes_to_the_bottom_of_the_stack_there(
        tmp_path: Path) -> None:
    # §4.5 "null = merged with whatever stack is already there (as its bottom piece)".
    pieces = [_piece("1", "Rifle", 100, 100), _piece("2", "Tank", 100, 100),
              _stack("10", 100, 100, "1", "2"), _piece("3", "Gun", 0, 0)]
    save = _write_log(tmp_path, pieces, [_step(_move("3", (100, 100), (0, 0)))])
    board = replay(save).board
    assert [piece.id for piece in board.members("10")] == ["3", "1", "2"]
    placed = board.container_of("3")
    assert placed is not None and (placed[0].id, placed[1]) == ("10", 0)


def test_moving_one_piece_out_of_a_stack_leaves_the_rest(tmp_path: Path) -> None:
    pieces = [_piece("1", "Rifle", 100, 100), _piece("2", "Tank", 100, 100),
              _stack("10", 100, 100, "1", "2")]
    save = _write_log(tmp_path, pieces, [
        _step(_move("2", (200, 200), (100, 100), old_under="1"))])
    timeline = replay(save)
    board = timeline.board
    assert [piece.id for piece in board.members("10")] == ["1"]
    assert board["2"].parent is None and board.point("2") == ("Map", 200, 200)
    assert [m.piece_id for m in timeline[1].moves] == ["2"]


def test_drawing_a_card_takes_it_out_of_the_deck(tmp_path: Path) -> None:
    cards = [_piece(card, f"Card {card}", 500, 500) for card in ("c1", "c2", "c3")]
    deck = AddPiece("20", DECK_TYPE, _deck_state("c1", "c2", "c3"))
    save = _write_log(tmp_path, [*cards, deck], [
        _step(ChangePiece("20", _deck_state("c1", "c2"), _deck_state("c1", "c2", "c3")),
              _move("c3", (700, 300), (500, 500), old_under="c2")),
    ])
    timeline = replay(save)
    board = timeline.board
    assert board["20"].kind is PieceKind.DECK and board["20"].name == "Draw Pile"
    assert [card.id for card in board.members("20")] == ["c1", "c2"]
    assert board["c3"].parent is None and board.point("c3") == ("Map", 700, 300)
    assert [(m.piece_id, m.origin.x, m.destination.x) for m in timeline[1].moves] == [
        ("c3", 500, 700)]


def test_a_step_naming_an_unknown_piece_is_reported_and_replay_goes_on(
        tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    save = _write_log(tmp_path, [_piece("1", "Rifle", 100, 100)], [
        _step(_move("999", (1, 1), (2, 2))),
        _step(_move("1", (300, 100), (100, 100))),
    ])
    timeline = replay(save)
    [problem] = timeline.problems
    assert problem.step == 1 and isinstance(problem.command, MovePiece)
    assert problem.command.id == "999"
    assert str(problem) == "step 1: MovePiece names unknown piece '999'"
    assert timeline.board.point("1") == ("Map", 300, 100)
    assert "step 1" in caplog.text and PLAYER_ID not in caplog.text + repr(timeline.steps)


def test_a_step_naming_a_map_the_module_lacks_is_reported(tmp_path: Path) -> None:
    save = _write_log(tmp_path, [_piece("1", "Rifle", 100, 100)], [
        _step(_move("1", (5, 5), (100, 100), map_id="Nowhere"))])
    steps = list(iter_steps(save, board=Board(known_maps=["Map"])))
    assert [str(problem) for problem in steps[1].problems] == [
        "step 1: MovePiece names unknown map 'Nowhere'"]


def test_a_property_change_is_listed_with_before_and_after(tmp_path: Path) -> None:
    save = _write_log(tmp_path, [_piece("1", "Rifle", 100, 100)], [
        _step(ChangePiece("1", _state("2", "Map", 100, 100), _state("3", "Map", 100, 100)))])
    [change] = replay(save)[1].changes
    assert (change.piece_id, change.name, change.property, change.before, change.after) == (
        "1", "Rifle", "Strength", "3", "2")


def test_added_and_removed_pieces_are_listed(tmp_path: Path) -> None:
    save = _write_log(tmp_path, [_piece("1", "Rifle", 100, 100)], [
        _step(_piece("2", "Tank", 40, 40), RemovePiece("1"))])
    step = replay(save)[1]
    assert [(e.piece_id, e.name, e.position.x) for e in step.added] == [("2", "Tank", 40)]
    assert [(e.piece_id, e.name, e.position.x) for e in step.removed] == [("1", "Rifle", 100)]


def test_board_undo_takes_back_pieces_properties_turns_and_boards() -> None:
    board = Board()
    board.restore([decode_command(text) for text in (
        "+/1/piece;;;;Rifle/Map;10;10;;0", "+/2/piece;;;;Tank/Map;10;10;;0",
        "+/10/stack/Map;10;10;1;2", "GlobalProperty\t;Turn;1;Module", "TURNTurnTracker0\t0|1")])
    before = ([(i.id, board.point(i.id), list(i.members)) for i in board.items()],
              dict(board.global_properties), dict(board.turns))
    changes = board.apply([
        _move("10", (50, 50), (10, 10)), _move("1", (90, 90), (50, 50)),
        ChangeGlobalProperty("Turn", "1", "2", "Module"), SetTurn("TurnTracker0", "0|2"),
        SelectBoards("Map", ["Other", "0", "0"]), RemovePiece("2"),
    ], step=1)
    assert [m.piece_id for m in changes.moves] == ["1"]
    assert [e.piece_id for e in changes.removed] == ["2"]
    assert board.global_property("Turn") == "2" and board.turns["TurnTracker0"] == "0|2"
    board.undo()
    after = ([(i.id, board.point(i.id), list(i.members)) for i in board.items()],
             dict(board.global_properties), dict(board.turns))
    assert sorted(after[0]) == sorted(before[0]) and after[1:] == before[1:]
    assert board.selections == {}
    assert [item.id for item in board.at("Map", 10, 10)] == ["10"]
    assert board.history == 0


def test_a_board_with_a_history_limit_keeps_only_the_latest_undo_records() -> None:
    board = Board(history_limit=2)
    board.restore([decode_command("+/1/piece;;;;Rifle/Map;10;10;;0")])
    for x in (20, 30, 40):
        board.apply([_move("1", (x, 10), (x - 10, 10))])
    assert (board.history, board.history_limit) == (2, 2)
    board.undo()
    board.undo()
    assert board.point("1") == ("Map", 20, 10)
    with pytest.raises(IndexError):
        board.undo()
    assert Board().history_limit is None


def test_replay_remembers_only_the_latest_open_steps_for_undos(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import adjudicator.replay.timeline as timeline_module

    monkeypatch.setattr(timeline_module, "OPEN_STEPS", 2)
    moves = [_step(_move("1", (x, 100), (x - 100, 100))) for x in (200, 300, 400)]
    undos = [_undo_step(_move("1", (x - 100, 100), (x, 100))) for x in (400, 300, 200)]
    save = _write_log(tmp_path, [_piece("1", "Rifle", 100, 100)], [*moves, *undos])
    steps = list(iter_steps(save))
    assert [step.undoes for step in steps[4:]] == [3, 2, None]


def test_a_piece_named_by_a_whole_document_is_shown_by_its_start_and_the_cut(
        tmp_path: Path) -> None:
    document = "<html><body>" + "x" * 50_000 + "</body></html>"
    save = _write_log(tmp_path, [_piece("1", document, 100, 100)],
                      [_step(_move("1", (200, 200), (100, 100)))])
    timeline = replay(save)
    (moved,) = timeline[1].moves
    assert moved.name.startswith("<html><body>xxx")
    assert moved.name.endswith(f"… [{len(document) - NAME_LIMIT:,} more characters cut]")
