"""Every count, length and depth read from a file is bounded before anything is allocated
for it (issue 18, "Nothing escapes").

Each bound has a small in-process test at its edge (the limit passes, one more is refused
by name). The inputs that claim a huge count, and used to allocate without end (a 2.5 KB
log took 24 GB), run in a child process whose address space is capped: a missing bound
there is a `MemoryError` in the child, never a machine brought down.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from tests.conftest import REPO
from vmod_schema.archive import (
    MAX_COMMAND_DEPTH,
    MAX_FORMATTED_CHARS,
    MAX_GRID_INDEX,
    MAX_PIECE_PROPERTIES,
    MAX_PIECE_TRAITS,
    MAX_PLACED_BOARDS,
    MAX_TABLE_CELLS,
)
from vmod_schema.commands import ESC, MovePiece, SelectBoards, UnknownCommand, decode_command
from vmod_schema.errors import CommandFormatError, PieceFormatError, VassalFormatError
from vmod_schema.formats import substitute
from vmod_schema.grids import GridNumbering, SquareGrid, index_name
from vmod_schema.obfuscation import PayloadEncoding, encode_payload
from vmod_schema.pieces import BasicPiece, decode_piece
from vmod_schema.prototypes import expand_prototypes
from vmod_schema.savefile import SAVED_GAME, atomic_write_zip, read_save
from vmod_schema.sequence import join
from vmod_schema.traits.base import parse_int
from vmod_schema.traits.movement import Rotate
from vmod_schema.traits.properties import Spreadsheet

JAVA_INT_MAX = 2**31 - 1


def game_file(target: Path, text: str) -> Path:
    """Write a save or log whose savedGame entry is `text`."""
    atomic_write_zip(target, [(SAVED_GAME, encode_payload(text, PayloadEncoding.VCSK,
                                                          key=0x5A))])
    return target


def nested(depth: int, payload: str) -> str:
    """A compound `depth` levels deep whose innermost command is `payload`."""
    text = payload
    for _ in range(depth):
        text = join(["a", text], ESC)
    return text


# ------------------------------------------------------------- a basic piece's properties


def test_a_property_count_at_the_limit_is_read() -> None:
    pairs = ";".join(f"k{i};v{i}" for i in range(MAX_PIECE_PROPERTIES))
    piece = BasicPiece.decode("piece;;;;X", f"Map;1;2;;{MAX_PIECE_PROPERTIES};{pairs}")
    assert len(piece.persistent_properties) == MAX_PIECE_PROPERTIES
    assert piece.persistent_properties[-1] == (f"k{MAX_PIECE_PROPERTIES - 1}",
                                               f"v{MAX_PIECE_PROPERTIES - 1}")


def test_a_property_count_past_the_limit_is_refused_by_name() -> None:
    with pytest.raises(PieceFormatError, match="MAX_PIECE_PROPERTIES = 1000") as caught:
        BasicPiece.decode("piece;;;;X", f"Map;1;2;;{MAX_PIECE_PROPERTIES + 1};a;b")
    assert f"claims {MAX_PIECE_PROPERTIES + 1} persistent properties" in str(caught.value)


def test_a_log_whose_piece_claims_two_billion_properties_is_refused_naming_the_step(
        tmp_path: Path) -> None:
    from adjudicator.replay import iter_steps

    path = game_file(tmp_path / "props.vlog", ESC.join([
        "begin_save", "", "+/1/piece;;;;Hessian/Map;10;20;;2000000000;a;b", "end_save",
        "LOG\tM/1/Map/30/40/null/Map/10/20/null/pw"]))
    save = read_save(path)  # pieces decode when replayed
    with pytest.raises(PieceFormatError) as caught:
        list(iter_steps(save))
    error = caught.value
    assert (error.file, error.entry, error.step) == (str(path), SAVED_GAME, 0)
    assert "MAX_PIECE_PROPERTIES" in str(error)


# ----------------------------------------------------------------- a piece's trait levels


def _chain(levels: int, *, quoted: bool = False) -> str:
    # `levels` Marker traits around a basic piece: as `join` nests them, level k's TAB
    # after k backslashes (built in one pass; nesting `join` is quadratic).
    outer = "''mark;Side''" if quoted else "mark;Side"
    parts = [outer, "\t"]
    for depth in range(1, levels):
        parts += ["mark;Side", "\\" * depth, "\t"]
    parts.append("piece;;;;X")
    return "".join(parts)


@pytest.mark.parametrize("quoted", [False, True], ids=["one-pass split", "level by level"])
def test_a_piece_with_too_many_trait_levels_is_refused_by_name(quoted: bool) -> None:
    with pytest.raises(PieceFormatError, match=f"MAX_PIECE_TRAITS = {MAX_PIECE_TRAITS}"):
        decode_piece(_chain(MAX_PIECE_TRAITS + 1, quoted=quoted), "")
    if quoted:  # the quoted outer level is read by the engine's decoder, level by level
        assert decode_piece(_chain(3, quoted=True), "").traits[0].raw_type == "'mark;Side'"


def test_a_piece_at_the_trait_limit_is_decoded() -> None:
    assert decode_piece(_chain(3), "").id_chain() == decode_piece(
        join(["mark;Side", join(["mark;Side", join(["mark;Side", "piece;;;;X"], "\t")],
                                "\t")], "\t"), "").id_chain()
    piece = decode_piece(_chain(MAX_PIECE_TRAITS), "")
    assert len(piece.traits) == MAX_PIECE_TRAITS
    assert piece.inner.id == "piece;"


# ------------------------------------------------------------------- nesting of commands


def test_commands_nested_to_the_limit_decode() -> None:
    command = decode_command(nested(MAX_COMMAND_DEPTH, "x"))
    assert command.encode() == nested(MAX_COMMAND_DEPTH, "x")


@pytest.mark.parametrize("text", [nested(MAX_COMMAND_DEPTH + 1, "x"),
                                  "LOG\t" * (MAX_COMMAND_DEPTH + 1) + "x"],
                         ids=["compounds", "LOG entries"])
def test_commands_nested_past_the_limit_are_refused_by_name(text: str) -> None:
    with pytest.raises(CommandFormatError, match=f"MAX_COMMAND_DEPTH = {MAX_COMMAND_DEPTH}"):
        decode_command(text)


def test_a_restore_block_nested_past_the_limit_is_a_format_error_naming_the_file(
        tmp_path: Path) -> None:
    path = game_file(tmp_path / "deep.vsav", ESC.join([
        "begin_save", "", "'" + nested(MAX_COMMAND_DEPTH + 4, "x") + "'", "end_save"]))
    with pytest.raises(VassalFormatError, match="MAX_COMMAND_DEPTH") as caught:
        read_save(path)
    assert caught.value.file == str(path)


def test_a_step_nested_past_the_limit_is_kept_as_an_unknown_step(tmp_path: Path) -> None:
    path = game_file(tmp_path / "deep.vlog", ESC.join([
        "begin_save", "", "end_save", "LOG\t" + join(["a", nested(MAX_COMMAND_DEPTH, "x")],
                                                     ESC)]))
    save = read_save(path)
    [step] = list(save.logged_steps())
    assert [type(c) for c in step.commands()] == [UnknownCommand]


# ------------------------------------------------------------- numbers, tables, grids


def test_numbers_past_32_bits_are_no_numbers_as_for_the_engine() -> None:
    assert parse_int(str(JAVA_INT_MAX), 0) == JAVA_INT_MAX
    assert parse_int(str(JAVA_INT_MAX + 1), -1) == -1
    assert parse_int("-" + "9" * 4000, 7) == 7
    move = MovePiece("1", "Map", "9" * 4000, "-2147483648", "null", "Map", "1", "2", "null")
    assert move.new_position == ("Map", None, -(2**31))


def test_a_facing_of_four_thousand_digits_is_no_facing() -> None:
    assert Rotate("rotate;", "rotate;6;;", "9" * 4000).angle() == 0.0


def test_a_spreadsheet_past_the_cell_limit_is_refused_by_name() -> None:
    table = Spreadsheet("table;", "table;1000;1000", "")
    with pytest.raises(PieceFormatError, match=f"MAX_TABLE_CELLS = {MAX_TABLE_CELLS}"):
        table.cells()
    assert Spreadsheet("table;", "table;2;3", "a,b").cells() == ["a", "b", "", "", "", ""]


def test_a_point_far_off_any_board_has_no_grid_name() -> None:
    grid = SquareGrid(dx=1.0, dy=1.0, x0=0, y0=0, numbering=GridNumbering(h_type="A"))
    assert grid.location_name(MAX_GRID_INDEX, 0) is not None
    assert grid.location_name(MAX_GRID_INDEX + 2, 0) is None
    assert grid.location_name(JAVA_INT_MAX, JAVA_INT_MAX) is None


def test_leading_zeros_are_those_of_the_engine_and_bounded() -> None:
    assert [index_name(v, "N", 3) for v in (0, 7, 42, 999, 1000, 12345)] == [
        "0000", "0007", "0042", "0999", "1000", "12345"]
    assert len(index_name(5, "N", JAVA_INT_MAX)) <= 40


def test_a_module_number_past_32_bits_takes_the_default() -> None:
    from lxml import etree

    from vmod_schema.buildfile import _int

    element = etree.fromstring('<grid hLeading="99999999999" dx="1e300" x0="12"/>')
    assert _int(element, "hLeading", 1) == 1
    assert _int(element, "dx", 48) == 48
    assert _int(element, "x0", 0) == 12


# ------------------------------------------------- huge claims, in a capped child process

HUGE_CLAIMS = {
    "property count": "BasicPiece.decode('piece;;;;X', 'Map;1;2;;2147483647;a;b')",
    "property count in a chain": "decode_piece('mark;S\\tpiece;;;;X', 'v\\tMap;1;2;;2000000000')",
    "table size": "Spreadsheet('table;', 'table;2147483647;2147483647', '').cells()",
    "nested compounds": "decode_command(nested(400, 'x' * 2_000_000))",
    "nested LOG entries": "decode_command('LOG\\t' * 400 + 'x' * 2_000_000)",
    "alphabetic grid name": "grid.location_name(2147483647, 0)",
    "leading zeros": "index_name(5, 'N', 2147483647)",
    "doubling label names": "decode_piece(doubling_labels(40), doubling_state(40)).name",
    "prototypes naming the next twice": (
        "expand_prototypes(chain('prototype;P39', 'piece;;;;X'), chain('', 'Map;1;2'), "
        "doubling_prototypes())"),
}
"""Each would allocate gigabytes without its bound (the child's cap makes that a
`MemoryError`); with it, each raises a format error or answers at once."""

CHILD = """
import resource
from tests.vmod_schema.test_bounds import (chain, doubling_labels, doubling_prototypes,
                                           doubling_state, nested)
from vmod_schema.prototypes import expand_prototypes
from vmod_schema.commands import decode_command
from vmod_schema.errors import VassalFormatError
from vmod_schema.grids import GridNumbering, SquareGrid, index_name
from vmod_schema.pieces import BasicPiece, decode_piece
from vmod_schema.traits.properties import Spreadsheet

grid = SquareGrid(dx=0.001, dy=1.0, numbering=GridNumbering(h_type="A"))
cases = {cases!r}
with open("/proc/self/statm") as statm:
    used = int(statm.read().split()[0]) * resource.getpagesize()
resource.setrlimit(resource.RLIMIT_AS, (used + 512 * 2**20, resource.RLIM_INFINITY))
for name, expression in cases.items():
    try:
        eval(expression)
        print("answered", name)
    except VassalFormatError:
        print("refused", name)
    except MemoryError:
        print("MEMORY", name)
"""


@pytest.mark.skipif(not Path("/proc/self/statm").exists(), reason="needs Linux's /proc")
def test_huge_claimed_counts_are_refused_within_bounded_memory() -> None:
    done = subprocess.run([sys.executable, "-c", CHILD.format(cases=HUGE_CLAIMS)],
                          capture_output=True, text=True, cwd=REPO, timeout=120)
    assert done.returncode == 0, done.stderr
    outcomes = {name: outcome for outcome, name in
                (line.split(" ", 1) for line in done.stdout.splitlines())}
    assert outcomes == {
        "property count": "refused", "property count in a chain": "refused",
        "table size": "refused", "nested compounds": "refused",
        "nested LOG entries": "refused", "alphabetic grid name": "answered",
        "leading zeros": "answered", "doubling label names": "refused",
        "prototypes naming the next twice": "refused"}


# ------------------------------------------------------------------------ board layouts


def test_a_board_picker_past_the_limit_is_refused_by_name() -> None:
    fields = "\tb\t0\t0" * MAX_PLACED_BOARDS
    command = decode_command("MainBoardPicker" + fields)
    assert isinstance(command, SelectBoards)
    assert len(command.placements) == MAX_PLACED_BOARDS
    too_many = decode_command("MainBoardPicker" + fields + "\tb\t0\t1")
    assert isinstance(too_many, SelectBoards)
    with pytest.raises(CommandFormatError,
                       match=f"places {MAX_PLACED_BOARDS + 1} boards, more than the limit "
                       f"MAX_PLACED_BOARDS = {MAX_PLACED_BOARDS}"):
        too_many.placements  # noqa: B018 - the property raises


def test_a_log_placing_too_many_boards_is_refused_naming_the_step(tmp_path: Path) -> None:
    from adjudicator.replay import iter_steps

    path = game_file(tmp_path / "boards.vlog", ESC.join([
        "begin_save", "", "end_save", "LOG\tMainBoardPicker" + "\tb\t0\t0" * 5000]))
    with pytest.raises(CommandFormatError) as caught:
        list(iter_steps(read_save(path)))
    assert (caught.value.file, caught.value.step) == (str(path), 1)


# --------------------------------------------------------------------- formatted text

DOUBLING_LABEL = "label;;;40;;51,51,0;c;0;c;0;c;c;$pieceName$$pieceName$;Serif;1;0;TextLabel"
"""A Text Label whose name format repeats the name it is given: each one doubles it."""


def doubling_labels(count: int) -> str:
    """A piece type of `count` doubling Text Labels around a basic piece named `X`."""
    text = "piece;;;;X"
    for _ in range(count):
        text = join([DOUBLING_LABEL, text], "\t")
    return text


def doubling_state(count: int) -> str:
    text = "Map;1;2"
    for _ in range(count):
        text = join(["L", text], "\t")
    return text


def test_a_format_may_produce_up_to_the_limit() -> None:
    half = "x" * (MAX_FORMATTED_CHARS // 2 - 10)
    assert len(substitute("$a$ $a$", {"a": half})) == 2 * len(half) + 1
    with pytest.raises(VassalFormatError,
                       match=f"MAX_FORMATTED_CHARS = {MAX_FORMATTED_CHARS}"):
        substitute("$a$ $a$ $a$", {"a": half})


def test_labels_that_double_a_name_stop_at_the_limit() -> None:
    assert decode_piece(doubling_labels(3), doubling_state(3)).name == "X" * 8
    with pytest.raises(VassalFormatError, match="MAX_FORMATTED_CHARS"):
        decode_piece(doubling_labels(21), doubling_state(21)).name  # noqa: B018


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="RLIMIT_AS is Linux's")
def test_check_reports_a_log_whose_labels_double_its_name_as_unreadable(
        tmp_path: Path) -> None:
    import json
    import os

    path = game_file(tmp_path / "labels.vlog", ESC.join([
        "begin_save", "", join(["+", "1", doubling_labels(40), doubling_state(40)], "/"),
        "end_save", "LOG\tM/1/Map/30/40/null/Map/1/2/null/pw"]))
    assert path.stat().st_size < 1000
    done = subprocess.run(
        [sys.executable, "-m", "adjudicator", "check", str(path), "--game", "ww", "-f", "json"],
        capture_output=True, text=True, cwd=REPO, timeout=120,
        env={**os.environ, "ADJUDICATOR_MEMORY_LIMIT": "1024"})
    assert done.returncode == 2, done.stderr
    assert done.stderr.count("\n") == 1 and "MAX_FORMATTED_CHARS" in done.stderr
    report = json.loads((tmp_path / "labels.vlog.adjudication.json").read_text("utf-8"))
    assert report["status"] == "unreadable"


def test_the_positions_of_many_bad_pieces_are_where_each_top_level_command_starts(
        tmp_path: Path) -> None:
    from vmod_schema.savefile import encode_top_level

    steps = [f"LOG\t+/{n}/mark;S\tbogus;{n}/v\tMap;1;2" for n in range(30)]
    path = game_file(tmp_path / "bad.vlog", ESC.join(["begin_save", "", "end_save", *steps]))
    save = read_save(path, decode_pieces=True)
    assert len(save.problems) == 30
    for index, problem in zip(range(3, 33), save.problems, strict=True):
        start = len(encode_top_level(save.top_level[:index])) + 1
        assert problem.position is not None and problem.position >= start
        assert problem.position < start + len(steps[index - 3])


# ------------------------------------------------------------------ prototype expansion


def chain(*levels: str) -> str:
    """A TAB chain of `levels`, outermost first, as the engine nests it."""
    text = levels[-1]
    for level in reversed(levels[:-1]):
        text = join([level, text], "\t")
    return text


def doubling_prototypes(leaves: tuple[str, ...] = ("mark;S",)) -> dict[str, tuple[str, str]]:
    """Prototypes P0 (holding `leaves`) … P39, each naming the one before it twice."""
    definitions = {"P0": (chain(*leaves, "piece;;;;"),
                          chain(*("v" for _ in leaves), "null;0;0"))}
    for level in range(1, 40):
        definitions[f"P{level}"] = (
            chain(f"prototype;P{level - 1}", f"prototype;P{level - 1}", "piece;;;;"),
            chain("", "", "null;0;0"))
    return definitions


def test_prototypes_naming_each_other_twice_expand_until_the_limit() -> None:
    type_, _ = expand_prototypes(chain("prototype;P3", "piece;;;;X"), chain("", "Map;1;2"),
                                 doubling_prototypes())
    assert decode_piece(type_, "").id_chain() == ["mark;"] * 8 + ["piece;"]
    for leaves in (("mark;S",), ()):  # with no trait at all, only the references add up
        with pytest.raises(PieceFormatError, match=f"MAX_PIECE_TRAITS = {MAX_PIECE_TRAITS}"):
            expand_prototypes(chain("prototype;P39", "piece;;;;X"), chain("", "Map;1;2"),
                              doubling_prototypes(leaves))


# ------------------------------------------------------------------- module definitions


def test_a_module_definition_past_the_limit_is_refused_by_name(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from vmod_schema import buildfile
    from vmod_schema.errors import ArchiveLimitError, BuildFileError

    xml = b'<?xml version="1.0"?><VASSAL.build.GameModule name="M">' + b" " * 5000 + (
        b"</VASSAL.build.GameModule>")
    monkeypatch.setattr(buildfile, "MAX_BUILDFILE_BYTES", 4096)
    bare = tmp_path / "buildFile.xml"
    bare.write_bytes(xml)
    with pytest.raises(BuildFileError, match="MAX_BUILDFILE_BYTES = 4096"):
        buildfile.open_module(bare)
    zipped = tmp_path / "m.vmod"
    atomic_write_zip(zipped, [("buildFile.xml", xml)])
    with pytest.raises(ArchiveLimitError, match="MAX_BUILDFILE_BYTES = 4096"):
        buildfile.open_module(zipped)
    monkeypatch.setattr(buildfile, "MAX_BUILDFILE_BYTES", 8192)
    assert buildfile.open_module(zipped).name == "M"
