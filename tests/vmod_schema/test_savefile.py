"""Reading every corpus save and log, round-tripping it, and writing games of our own."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

from tests.conftest import corpus_games, corpus_id
from tests.manifest import game_expectation
from vmod_schema.archive import Archive
from vmod_schema.commands import (
    AddPiece,
    BeginSave,
    Chat,
    Compound,
    EndSave,
    LogEntry,
    MovePiece,
    NullCommand,
    PlayerJoin,
    Undo,
    decode_command,
    kind_of,
)
from vmod_schema.errors import NotAVassalFileError, ObfuscationError, PieceFormatError
from vmod_schema.obfuscation import PayloadEncoding, decode_payload
from vmod_schema.savefile import (
    GameFileInfo,
    GameKind,
    atomic_write_zip,
    parse_game_text,
    read_save,
    write_game,
)
from vmod_schema.sequence import join

GAMES = corpus_games()


def _counts(commands: object) -> Counter[str]:
    return Counter(kind_of(c) for c in commands)  # type: ignore[attr-defined]


@pytest.mark.corpus
@pytest.mark.parametrize("path", GAMES, ids=corpus_id)
def test_corpus_game_command_counts_equal_the_manifest(path: Path) -> None:
    expected = game_expectation(path.name)
    save = read_save(path)
    assert save.problems == []
    if expected.restore_commands:
        assert dict(_counts(save.restore_commands())) == expected.restore_commands
    after = Counter(kind_of(c) for top in save.after_restore for c in top.walk())
    assert dict(after) == expected.after_commands
    assert len(save.steps) == expected.steps
    assert save.kind is (GameKind.LOG if expected.steps else GameKind.SAVE)


@pytest.mark.corpus
@pytest.mark.parametrize("path", GAMES, ids=corpus_id)
def test_corpus_game_reencodes_to_the_original_payload_text(path: Path) -> None:
    with Archive.open(path) as archive:
        text = decode_payload(archive.read("savedGame")).text
    save = read_save(path)
    assert save.encode_text() == text
    again = parse_game_text(save.encode_text())
    assert again.top_level == save.top_level


@pytest.mark.corpus
@pytest.mark.parametrize("path", GAMES, ids=corpus_id)
def test_corpus_game_written_by_our_writer_reads_back_identically(path: Path,
                                                                 tmp_path: Path) -> None:
    save = read_save(path)
    for encoding in PayloadEncoding:
        copy = write_game(tmp_path / f"copy-{encoding.name}{path.suffix}", save.top_level,
                          encoding=encoding, info=GameFileInfo(module_name="test"))
        again = read_save(copy)
        assert again.top_level == save.top_level
        assert again.encoding is encoding
        assert again.encode_text() == save.encode_text()
        assert again.moduledata is not None and again.moduledata.name == "test"


def test_every_corpus_chat_line_of_a_log_is_inside_a_step() -> None:
    for path in GAMES:
        save = read_save(path)
        expected = game_expectation(path.name)
        chats = [c for step in save.steps for c in step.commands() if isinstance(c, Chat)]
        assert len(chats) == expected.chat_lines, path.name


def test_a_logged_step_is_a_tree_of_log_entries_flattened_in_pre_order() -> None:
    text = ("LOG\t\x1bLOG\tM/1/Map/10/20/null/Map/1/2/null/pw\x1bLOG\tCHAT* a moves x -> y *")
    step = decode_command(text)
    assert isinstance(step, Compound)
    assert all(isinstance(child, LogEntry) for child in step.children)
    kinds = [type(c) for c in step.walk()]
    assert kinds == [NullCommand, MovePiece, Chat]
    assert step.encode() == text


def test_an_undo_step_is_recognised_by_its_opening_bracket() -> None:
    undo = join(["LOG\tUNDO\ttrue", "LOG\tM/1/Map/1/2/null/Map/10/20/null/pw",
                 "LOG\tUNDO\tfalse"], "\x1b")
    top = ["begin_save", "", "end_save", "LOG\tM/1/Map/10/20/null/Map/1/2/null/pw", undo]
    save = parse_game_text(join(top, "\x1b"))
    assert [step.is_undo for step in save.steps] == [False, True]
    undo = save.steps[1].commands()
    assert isinstance(undo[0], Undo) and undo[0].begins
    assert isinstance(undo[-1], Undo) and not undo[-1].begins


def test_passwords_never_appear_in_a_commands_repr() -> None:
    player = decode_command("PLAYER\thunter2\tAlice\tBritish")
    move = decode_command("M/1/Map/10/20/null/Map/1/2/null/hunter2")
    assert isinstance(player, PlayerJoin) and player.name == "Alice"
    for command in (player, move):
        assert "hunter2" not in repr(command)
        assert "hunter2" in command.encode()


def test_a_module_given_as_a_game_is_refused_with_a_clear_error(tmp_path: Path) -> None:
    import zipfile

    module = tmp_path / "module.vsav"
    with zipfile.ZipFile(module, "w") as archive:
        archive.writestr("buildFile.xml", "<VASSAL.build.GameModule/>")
    with pytest.raises(NotAVassalFileError) as caught:
        read_save(module)
    assert caught.value.file == str(module)
    assert "module" in str(caught.value)


def test_a_piece_with_a_broken_escape_is_located_in_strict_mode(tmp_path: Path) -> None:
    # A backslash before the TAB swallows it: the chain's innermost type becomes `mark;…`.
    broken = AddPiece("7", "mark;Layer\\\tpiece;;;;Name", "x\\\tMap;1;2;;0")
    top = [BeginSave(), NullCommand(), Compound([NullCommand(), broken]), EndSave()]
    path = write_game(tmp_path / "broken.vsav", top)
    assert read_save(path).problems == []
    with pytest.raises(PieceFormatError) as caught:
        read_save(path, strict=True)
    error = caught.value
    assert error.file == str(path)
    assert error.entry == "savedGame"
    assert error.position is not None and error.position > 0
    lenient = read_save(path, decode_pieces=True)
    assert [type(p) for p in lenient.problems] == [PieceFormatError]


def test_add_pieces_are_found_in_the_restore_block_and_in_steps() -> None:
    pieces = join(["", "+/1/piece;;;;A/Map;1;2;;0"], "\x1b")
    top = ["begin_save", "", pieces, "end_save", "LOG\t+/2/piece;;;;B/Map;3;4;;0"]
    save = parse_game_text(join(top, "\x1b"))
    ids = [add.id for add in save.add_pieces()]
    assert ids == ["1", "2"]
    assert all(isinstance(a, AddPiece) for a in save.add_pieces())


@pytest.mark.parametrize("payload", [b"VOBXgarbage", b"!VCSQ00", b"PK\x03\x04", b""])
def test_a_payload_with_a_wrong_header_is_an_obfuscation_error(payload: bytes,
                                                             tmp_path: Path) -> None:
    path = tmp_path / "wrong.vsav"
    atomic_write_zip(path, [("savedGame", payload)])
    with pytest.raises(ObfuscationError) as caught:
        read_save(path)
    assert (caught.value.file, caught.value.entry, caught.value.position) == (
        str(path), "savedGame", 0)
    assert "bad payload header" in str(caught.value)


def test_successive_undos_take_back_successively_earlier_steps(tmp_path: Path) -> None:
    from vmod_schema.builder import GameBuilder, moved

    game = GameBuilder()
    piece = game.place_piece("Rifle", "Map", 0, 0)  # a made-up piece on a made-up map
    game.step(moved(piece, ("Map", 10, 0), ("Map", 0, 0)))
    game.step(moved(piece, ("Map", 20, 0), ("Map", 10, 0)))
    game.undo()
    game.undo()
    save = read_save(game.write(tmp_path / "undo.vlog"))
    first, second = (step.commands() for step in save.steps[2:])
    assert [c.new_x for c in first if isinstance(c, MovePiece)] == ["10"]
    assert [c.new_x for c in second if isinstance(c, MovePiece)] == ["0"]


def test_a_command_class_without_encode_is_refused_when_defined() -> None:
    """`Command` is a plain class (no ABCMeta on the replay's hot path), yet a subclass
    without `encode` cannot exist: the base's is never the one called."""
    import dataclasses

    from vmod_schema import commands

    assert all(cls.encode is not commands.Command.encode
               for cls in _subclasses(commands.Command))
    with pytest.raises(TypeError, match="does not define encode"):
        @dataclasses.dataclass(slots=True)
        class Silent(commands.Command):
            """A command that forgot to say how it is written."""
    with pytest.raises(TypeError, match="base class"):
        commands.Command().encode()


def _subclasses(cls: type) -> list[type]:
    found = []
    for sub in cls.__subclasses__():
        found += [sub, *_subclasses(sub)]
    return found
