"""PBEM series across an audit's files: grouping by folder and module, order by
continuity, breaks (with the pieces that differ), forks, identical copies, roster changes
and the time between files.

Most tests describe files by their readings (made-up fingerprints `P0`, `P1`, …), which is
all the series logic reads; one builds real logs to check the pieces a break names.
"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from pathlib import Path

from adjudicator.audit.series import (
    NO_CONTINUATION_NOTE,
    SeriesMember,
    reread_differences,
    series_summaries,
)
from adjudicator.reading.models import FileReading, Player
from adjudicator.replay.series import Difference
from tests.conftest import REPO
from vmod_schema.builder import GameBuilder, basic_piece_type, moved

FOLDER = Path("/season/match-1")
T0 = datetime(2024, 3, 1, 12, 0, tzinfo=UTC)
ALICE, BOB, CAROL = Player(name="Alice", side="Red"), Player(name="Bob", side="Blue"), \
    Player(name="Carol", side="Blue")


def member(name: str, start: str, end: str, *, hours: float | None = None,
           players: tuple[Player, ...] = (ALICE, BOB), sha: str | None = None,
           module: str = "Made-up Module", folder: Path = FOLDER) -> SeriesMember:
    reading = FileReading(kind="log", module_name=module, players=list(players),
                          saved_at=None if hours is None else T0 + timedelta(hours=hours),
                          start_position=start, end_position=end)
    return SeriesMember(folder / name, sha or f"sha-{name}", reading)


calls: list[tuple[str, str]] = []


def no_reread(earlier: SeriesMember, later: SeriesMember) -> tuple[list[Difference], str | None]:
    """Records which pair was compared (the real re-reading is tested below)."""
    calls.append((earlier.path.name, later.path.name))
    return [], "not compared in this test"


def test_files_are_ordered_by_continuity_not_by_name() -> None:
    files = [member("c.vlog", "P0", "P1", hours=0), member("a.vlog", "P1", "P2", hours=5),
             member("b.vlog", "P2", "P3", hours=29)]
    (series,) = series_summaries(files, differences=no_reread)
    assert [Path(f.path).name for f in series.files] == ["c.vlog", "a.vlog", "b.vlog"]
    assert [f.continues for f in series.files] == [False, True, True]
    assert [f.gap_seconds for f in series.files] == [None, 5 * 3600, 24 * 3600]
    assert series.continued == 2 and not series.breaks and not series.forks
    assert series.note is None


def test_names_order_the_chain_when_no_file_says_when_it_was_saved() -> None:
    files = [member("turn-b.vlog", "P0", "P1"), member("turn-a.vlog", "P1", "P2")]
    (series,) = series_summaries(files, differences=no_reread)
    assert [Path(f.path).name for f in series.files] == ["turn-b.vlog", "turn-a.vlog"]
    assert series.files[1].continues and series.files[1].gap_seconds is None


def test_a_file_not_starting_where_the_previous_ended_is_a_break() -> None:
    calls.clear()
    files = [member("1.vlog", "P0", "P1", hours=0), member("2.vlog", "P1", "P2", hours=1),
             member("3.vlog", "PX", "P4", hours=2)]
    (series,) = series_summaries(files, differences=no_reread)
    (found,) = series.breaks
    assert (Path(found.after).name, Path(found.before).name) == ("2.vlog", "3.vlog")
    assert found.note == "not compared in this test"
    assert calls == [("2.vlog", "3.vlog")], "only the files of a break are re-read"
    assert series.files[2].previous == str(FOLDER / "2.vlog")
    assert not series.files[2].continues


def test_two_different_files_continuing_one_file_are_a_fork() -> None:
    files = [member("turn-1.vlog", "P0", "P1", hours=0),
             member("turn-2.vlog", "P1", "P2", hours=1),
             member("turn-2-again.vlog", "P1", "P2b", hours=2),
             member("turn-3.vlog", "P2b", "P3", hours=3)]
    (series,) = series_summaries(files, differences=no_reread)
    (fork,) = series.forks
    assert Path(fork.parent).name == "turn-1.vlog"
    assert [Path(c).name for c in fork.children] == ["turn-2.vlog", "turn-2-again.vlog"]
    assert not series.breaks, "each file continues one: a fork is not a break"
    order = [Path(f.path).name for f in series.files]
    assert order == ["turn-1.vlog", "turn-2.vlog", "turn-2-again.vlog", "turn-3.vlog"]
    assert series.files[3].previous == str(FOLDER / "turn-2-again.vlog")


def test_identical_copies_are_one_file_not_a_fork() -> None:
    files = [member("turn-1.vlog", "P0", "P1", hours=0),
             member("turn-2.vlog", "P1", "P2", hours=1, sha="same"),
             member("copy of turn-2.vlog", "P1", "P2", hours=1, sha="same")]
    (series,) = series_summaries(files, differences=no_reread)
    assert not series.forks
    assert len(series.files) == 2
    assert series.files[1].copies == [str(FOLDER / "turn-2.vlog")]


def test_a_file_that_changes_nothing_stays_in_the_chain_without_a_fork() -> None:
    files = [member("1.vlog", "P0", "P1", hours=0), member("chat.vlog", "P1", "P1", hours=1),
             member("2.vlog", "P1", "P2", hours=2)]
    (series,) = series_summaries(files, differences=no_reread)
    assert not series.forks and not series.breaks
    assert [Path(f.path).name for f in series.files] == ["1.vlog", "chat.vlog", "2.vlog"]


def test_players_appearing_and_disappearing_mid_series_are_reported() -> None:
    files = [member("1.vlog", "P0", "P1", hours=0),
             member("2.vlog", "P1", "P2", hours=1, players=(ALICE, CAROL))]
    (series,) = series_summaries(files, differences=no_reread)
    (change,) = series.roster_changes
    assert (change.joined, change.left) == (["Carol"], ["Bob"])
    assert (series.files[1].joined, series.files[1].left) == (["Carol"], ["Bob"])


def test_series_are_per_folder_and_module_and_need_two_files() -> None:
    files = [member("1.vlog", "P0", "P1"), member("2.vlog", "P1", "P2"),
             member("other.vlog", "Q0", "Q1", module="Another Game"),
             member("3.vlog", "R0", "R1", folder=Path("/season/match-2"))]
    series = series_summaries(files, differences=no_reread)
    assert [(s.folder, s.module_name, len(s.files)) for s in series] == [
        (str(FOLDER), "Made-up Module", 2)]


def test_a_folder_where_no_file_continues_another_says_so() -> None:
    files = [member("x.vlog", "P0", "P1"), member("y.vlog", "Q0", "Q1")]
    (series,) = series_summaries(files, differences=no_reread)
    assert series.note == NO_CONTINUATION_NOTE
    assert len(series.breaks) == 1 and series.continued == 0


# --------------------------------------------------------------------------------------
# Real logs: the pieces a break names

MAP = "Main Map"
PASSWORD = "made-up-password"


def _log(path: Path, cavalry_at: tuple[str, int, int], *, moves_to: tuple[str, int, int]
         ) -> Path:
    game = GameBuilder()
    game.add_player(PASSWORD, "Alice", "Red")
    game.select_board(MAP, "Example Board")
    game.place(basic_piece_type("Blue Cavalry"),
               f"{cavalry_at[0]};{cavalry_at[1]};{cavalry_at[2]};3;0", "12")
    game.step(moved("12", moves_to, cavalry_at, player=PASSWORD))
    return game.write(path)


def test_a_break_between_real_logs_names_the_nudged_piece(tmp_path: Path) -> None:
    first = _log(tmp_path / "turn-1.vlog", (MAP, 300, 350), moves_to=(MAP, 100, 100))
    second = _log(tmp_path / "turn-2.vlog", (MAP, 110, 100), moves_to=(MAP, 300, 150))
    module = REPO / "fixtures" / "example" / "example.vmod"
    members = [SeriesMember(path, f"sha-{path.name}", _reading(path), module)
               for path in (first, second)]
    differences, note = reread_differences(*members)
    assert note is None
    (difference,) = differences
    assert (difference.piece, difference.kind) == ("Blue Cavalry", "moved")
    assert difference.from_ is not None and difference.to is not None
    assert (difference.from_.x, difference.to.x) == (100, 110)
    assert difference.from_.location == "Hill A"


def _reading(path: Path) -> FileReading:
    from adjudicator.audit.job import check_file
    from adjudicator.folderconfig import FolderConfig

    report = check_file(path, FolderConfig())
    assert report.reading is not None
    return report.reading


def test_a_file_that_cannot_be_re_read_gives_a_note_not_an_error(tmp_path: Path) -> None:
    broken = tmp_path / "broken.vlog"
    broken.write_bytes(b"not a zip")
    good = _log(tmp_path / "turn-1.vlog", (MAP, 300, 350), moves_to=(MAP, 100, 100))
    reading = _reading(good)
    differences, note = reread_differences(SeriesMember(good, "a", reading),
                                           SeriesMember(broken, "b", reading))
    assert differences == []
    assert note is not None and "broken.vlog could not be re-read" in note


def test_a_continuation_saved_before_its_predecessor_has_no_negative_time() -> None:
    from adjudicator.audit.render import render_markdown
    from adjudicator.audit.summary import summarise

    files = [member("1.vlog", "P0", "P1", hours=0), member("2.vlog", "P1", "P2", hours=-88 * 24)]
    (series,) = series_summaries(files, differences=no_reread)
    later = series.files[1]
    assert later.continues and later.gap_seconds is None and later.saved_before_previous
    assert not series.files[0].saved_before_previous
    text = render_markdown(summarise([]).model_copy(update={"series": [series]}))
    assert "saved before it" in text
    assert "-88" not in text and "−88" not in text
