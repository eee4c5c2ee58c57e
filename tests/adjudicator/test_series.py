"""PBEM series: ordering a game's logs and finding where one does not start where the
previous one ended.

The logs are written by `GameBuilder` with made-up pieces and cards on the bundled
example's made-up map (its module names the places Hill A, Ford B, …).
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from adjudicator.errors import AdjudicatorError
from adjudicator.replay.series import (
    Place,
    check_series,
    check_series_files,
    compare_positions,
    read_series_log,
    series_files,
)
from tests.conftest import CORPUS, REPO
from vmod_schema.builder import GameBuilder, basic_piece_type, moved
from vmod_schema.buildfile import open_module
from vmod_schema.commands import ChangePiece, Chat
from vmod_schema.errors import VassalFormatError

EXAMPLE = REPO / "fixtures" / "example"
MAP = "Main Map"
HILL_A, FORD_B, WOOD_D = (MAP, 100, 100), (MAP, 300, 150), (MAP, 300, 350)
DECK_AT = (MAP, 700, 500)  # inside the Reserve Box zone
HAND = (MAP, 500, 100)  # Village C
PASSWORD = "made-up-password"
DECK_TYPE = "deck;false;0,0,0;100;100;Always;Always;false;true;false;;;;Draw Pile"
INFANTRY, CAVALRY, CARDS, DECK = "11", "12", ("21", "22", "23"), "30"


def _deck_state(*cards: str) -> str:
    return f"{MAP};{DECK_AT[1]};{DECK_AT[2]};true" + (";" + ",".join(cards) if cards else "")


def _card_state(at: tuple[str, int, int]) -> str:
    return f"{at[0]};{at[1]};{at[2]};9;0"


def _unit_state(at: tuple[str, int, int], gpid: str) -> str:
    return f"{at[0]};{at[1]};{at[2]};{gpid};0"


Positions = dict[str, tuple[str, int, int]]


def _game(where: Positions, deck: tuple[str, ...]) -> GameBuilder:
    """A made-up game: two units at `where`, three cards, `deck` still in the pile."""
    game = GameBuilder()
    game.add_player(PASSWORD, "Alice", "Red")
    game.select_board(MAP, "Example Board")
    game.place(basic_piece_type("Red Infantry"), _unit_state(where[INFANTRY], "1"), INFANTRY)
    game.place(basic_piece_type("Blue Cavalry"), _unit_state(where[CAVALRY], "3"), CAVALRY)
    for number, card in enumerate(CARDS, 1):
        game.place(basic_piece_type(f"Card {number}"),
                   _card_state(DECK_AT if card in deck else where[card]), card)
    game.place(DECK_TYPE, _deck_state(*deck), DECK)
    return game


def _write(tmp_path: Path, name: str, game: GameBuilder) -> Path:
    return game.write(tmp_path / name)


@pytest.fixture
def series(tmp_path: Path) -> Callable[[], list[Path]]:
    """Three logs of one made-up game; the third starts with the cavalry nudged."""

    def build() -> list[Path]:
        start: Positions = {INFANTRY: HILL_A, CAVALRY: WOOD_D}
        first = _game(start, CARDS)
        # A card drawn from the deck, then a move that is undone and made again.
        first.step(ChangePiece(DECK, _deck_state(*CARDS[:2]), _deck_state(*CARDS)),
                   moved(CARDS[2], HAND, DECK_AT, player=PASSWORD, under=None))
        first.step(moved(INFANTRY, WOOD_D, HILL_A, player=PASSWORD))
        first.undo()
        first.step(moved(INFANTRY, FORD_B, HILL_A, player=PASSWORD),
                   Chat("* Red Infantry moves Hill A -> Ford B *"))
        middle: Positions = {INFANTRY: FORD_B, CAVALRY: WOOD_D, CARDS[2]: HAND}
        second = _game(middle, CARDS[:2])
        second.step(moved(CAVALRY, HILL_A, WOOD_D, player=PASSWORD))
        end: Positions = {INFANTRY: FORD_B, CAVALRY: (MAP, 110, 100), CARDS[2]: HAND}
        third = _game(end, CARDS[:2])  # the cavalry was nudged between the sessions
        third.step(Chat("&lt;Alice&gt; - my turn"))
        # Named so that name order is not playing order.
        return [_write(tmp_path, "turn-b.vlog", first), _write(tmp_path, "turn-a.vlog", second),
                _write(tmp_path, "turn-c.vlog", third)]

    return build


def test_series_is_ordered_by_continuity_then_by_name(
        series: Callable[[], list[Path]]) -> None:
    first, second, third = series()
    report = check_series_files([third, second, first])
    assert report.files == [str(first), str(second), str(third)]


def test_broken_series_reports_the_nudged_piece_from_where_to_where(
        series: Callable[[], list[Path]]) -> None:
    first, second, third = series()
    report = check_series_files([first.parent], open_module(EXAMPLE / "example.vmod"))
    (found,) = report.breaks
    assert (found.after, found.before) == (str(second), str(third))
    (difference,) = found.differences
    assert (difference.piece, difference.piece_id, difference.kind) == (
        "Blue Cavalry", CAVALRY, "moved")
    assert difference.from_ == Place(map=MAP, x=100, y=100, location="Hill A")
    assert difference.to == Place(map=MAP, x=110, y=100, location="Hill A")


def test_series_json_has_files_in_order_and_breaks_with_from_and_to(
        series: Callable[[], list[Path]]) -> None:
    paths = series()
    data = check_series_files(paths).model_dump(mode="json", by_alias=True)
    assert list(data) == ["files", "breaks"]
    (found,) = data["breaks"]
    assert set(found) == {"after", "before", "differences", "concealed"}
    assert found["differences"][0]["from"] == {"map": MAP, "x": 100, "y": 100,
                                               "location": None}


def test_drawn_card_and_undone_move_leave_the_series_continuous(
        series: Callable[[], list[Path]]) -> None:
    first, second, _ = series()
    assert check_series_files([first, second]).breaks == []


def test_pieces_with_new_ids_are_matched_by_gpid_and_name(tmp_path: Path) -> None:
    earlier = read_series_log(_write(tmp_path, "1.vlog", _game(
        {INFANTRY: HILL_A, CAVALRY: WOOD_D}, CARDS)))
    renumbered = GameBuilder()
    renumbered.place(basic_piece_type("Red Infantry"), f"{MAP};300;150;1;0", "91")
    renumbered.place(basic_piece_type("Blue Cavalry"), f"{MAP};300;350;3;0", "92")
    later = read_series_log(_write(tmp_path, "2.vlog", renumbered))
    differences = compare_positions(earlier.end, later.start)
    moved_ones = [(d.piece, d.piece_id, d.previous_id, d.kind) for d in differences
                  if d.kind == "moved"]
    assert moved_ones == [("Red Infantry", "91", INFANTRY, "moved")]
    assert sorted(d.piece for d in differences if d.kind == "missing") == [
        "Card 1", "Card 2", "Card 3"]


def test_a_position_set_up_afresh_with_ids_shuffled_is_no_difference(tmp_path: Path) -> None:
    """The next file set up again by hand (or by a tool) numbers its pieces anew: an id
    that names another kind of piece is no match, and two pieces alike that swapped ids
    are where pieces like them stood. Only the one piece truly moved is reported."""
    earlier = read_series_log(_write(tmp_path, "1.vlog", _game(
        {INFANTRY: HILL_A, CAVALRY: WOOD_D}, CARDS)))
    afresh = GameBuilder()
    afresh.place(basic_piece_type("Red Infantry"), _unit_state(HILL_A, "1"), CAVALRY)
    afresh.place(basic_piece_type("Blue Cavalry"), _unit_state(FORD_B, "3"), INFANTRY)
    for number, card in enumerate(reversed(CARDS), 1):  # card ids shuffled among cards
        afresh.place(basic_piece_type(f"Card {4 - number}"), _card_state(DECK_AT), card)
    afresh.place(DECK_TYPE, _deck_state(*CARDS), DECK)
    later = read_series_log(_write(tmp_path, "2.vlog", afresh))
    differences = compare_positions(earlier.end, later.start)
    assert [(d.piece, d.piece_id, d.previous_id, d.kind, d.from_ and d.from_.x,
             d.to and d.to.x) for d in differences] == [
        ("Blue Cavalry", INFANTRY, CAVALRY, "moved", 300, 300)]
    assert differences[0].from_ is not None and differences[0].to is not None
    assert (differences[0].from_.y, differences[0].to.y) == (350, 150)


def test_piece_added_between_logs_is_reported(tmp_path: Path) -> None:
    base: Positions = {INFANTRY: HILL_A, CAVALRY: WOOD_D}
    earlier = read_series_log(_write(tmp_path, "1.vlog", _game(base, CARDS)))
    extra = _game(base, CARDS)
    extra.place(basic_piece_type("Red Reinforcement"), f"{MAP};300;150;2;0", "40")
    later = read_series_log(_write(tmp_path, "2.vlog", extra))
    (difference,) = check_series([earlier, later]).breaks[0].differences
    assert (difference.piece, difference.kind, difference.from_) == (
        "Red Reinforcement", "added", None)


@pytest.mark.corpus
def test_corpus_vasl_logs_split_in_two_continue_each_other() -> None:
    folder = CORPUS / "vasl-templates"
    report = check_series_files([folder / "multiple-1b.vlog", folder / "multiple-1a.vlog"])
    assert [Path(name).name for name in report.files] == ["multiple-1a.vlog",
                                                         "multiple-1b.vlog"]
    assert report.breaks == []


def test_folder_without_logs_is_an_error(tmp_path: Path) -> None:
    with pytest.raises(AdjudicatorError, match=r"no \.vlog or \.vsav"):
        series_files([tmp_path])


def test_garbage_file_in_a_series_is_a_format_error_naming_it(tmp_path: Path) -> None:
    garbage = tmp_path / "garbage.vlog"
    garbage.write_bytes(b"not a zip")
    with pytest.raises(VassalFormatError, match=r"garbage\.vlog"):
        check_series_files([garbage])
