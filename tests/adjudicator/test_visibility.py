"""Hidden information stays hidden: masked, invisible and hand pieces as the opponent sees them."""

from __future__ import annotations

import json
from collections import deque
from pathlib import Path
from types import ModuleType
from typing import Any, ClassVar

import pytest
from typer.testing import CliRunner, Result

from adjudicator.check import judge_save
from adjudicator.cli import app
from adjudicator.findings import Finding, Severity
from adjudicator.folderconfig import FolderConfig, load_folder_config
from adjudicator.folders import config_key
from adjudicator.inspect import inspect_path
from adjudicator.reading.reader import FileReader
from adjudicator.replay import Board, Step, iter_steps
from adjudicator.replay.series import check_series_files
from adjudicator.replay.visibility import (
    OPPONENT,
    REVEAL,
    Concealment,
    ConcealmentLog,
    Viewpoint,
    counted_text,
    redact_text,
    shown_name,
    sight,
)
from adjudicator.systems.common.catalog import Catalog, CatalogEntry, RuleSeverity
from adjudicator.systems.common.system import Verdict
from tests.conftest import REPO, corpus_file, load_script, zip_entries
from vmod_schema.buildfile import open_module
from vmod_schema.commands import decode_command
from vmod_schema.savefile import read_save

HIDDEN = REPO / "fixtures" / "hidden"
MODULE = HIDDEN / "hidden.vmod"
PART_1 = HIDDEN / "part-1.vlog"
PART_2 = HIDDEN / "part-2.vlog"
PASSWORDS = ("hidden-red-secret", "hidden-blue-secret")


def _builder() -> ModuleType:
    return load_script(REPO / "fixtures" / "build_hidden.py")


def _final_board(path: Path, module_path: Path = MODULE) -> Board:
    """The board after replaying every step of `path`."""
    module = open_module(module_path)
    board = Board.for_module(module)
    deque(iter_steps(read_save(path), module, board=board), maxlen=0)
    return board


def _by_name(board: Board, name: str) -> str:
    return next(item.id for item in board.pieces() if item.name == name)


# ---------------------------------------------------------------------------- the fixture


def test_committed_hidden_fixture_equals_a_fresh_build(tmp_path: Path) -> None:
    _builder().main(tmp_path)
    for name in ("hidden.vmod", "part-1.vlog", "part-2.vlog"):
        assert zip_entries(tmp_path / name) == zip_entries(HIDDEN / name), name


def test_the_fixture_module_has_a_private_hand_per_side() -> None:
    board = Board.for_module(open_module(MODULE))
    assert board.private_maps["Red Hand"] == {"Red"}
    assert board.private_maps["Blue Hand"] == {"Blue"}
    assert "Field" not in board.private_maps


# ---------------------------------------------------------------------------- sight


def test_each_kind_of_concealment_at_the_end_of_the_first_session() -> None:
    board = _final_board(PART_1)
    seen = {name: sight(board, _by_name(board, name)) for name in (
        "Red Scout", "Blue Spy", "Blue Ambushers", "Red Guard", "Card: Ambush",
        "Card: Forced March", "Card: Feint", "Card: Supply")}
    assert seen["Red Scout"].concealment is Concealment.MASKED
    assert seen["Red Scout"].name == "?"
    assert seen["Blue Ambushers"].name == "Hidden Force"
    assert seen["Blue Spy"].concealment is Concealment.HIDDEN
    assert seen["Blue Spy"].name is None
    assert seen["Red Guard"].shown and seen["Red Guard"].name == "Red Guard"
    assert seen["Card: Ambush"].shown  # played: on the field, face up
    assert (seen["Card: Forced March"].concealment, seen["Card: Forced March"].holder) == (
        Concealment.PRIVATE, "Red Hand")
    assert seen["Card: Feint"].holder == "Blue Hand"
    assert seen["Card: Supply"].holder == "Orders"  # in the face-down deck


def test_reveal_shows_every_piece_by_its_own_name() -> None:
    board = _final_board(PART_1)
    for item in board.pieces():
        assert shown_name(board, item, REVEAL) == item.name


def test_a_side_sees_its_own_hand_and_masks_but_not_the_others() -> None:
    board = _final_board(PART_1)
    red, blue = Viewpoint(side="Red"), Viewpoint(side="Blue")
    assert shown_name(board, _by_name(board, "Card: Forced March"), red) == "Card: Forced March"
    assert shown_name(board, _by_name(board, "Card: Forced March"), blue) is None
    assert shown_name(board, _by_name(board, "Red Scout"), red) == "Red Scout"
    assert shown_name(board, _by_name(board, "Red Scout"), blue) == "?"
    assert shown_name(board, _by_name(board, "Blue Spy"), blue) == "Blue Spy"
    assert shown_name(board, _by_name(board, "Blue Spy"), red) is None


def test_side_based_access_compares_the_side_not_a_user() -> None:
    board = Board()
    board.restore([decode_command(command) for command in (
        "MapBoardPicker\tMain Board\t0\t0",  # the file's first map: public
        "+/7/obs;70,130;back.png;Mask;Gback.png;Unit;sides:Red\tpiece;;;;Secret/"
        "Blue;\tMap;1;2")])
    assert shown_name(board, "7") == "Unit"
    assert shown_name(board, "7", Viewpoint(side="Red")) == "Secret"
    assert shown_name(board, "7", Viewpoint(side="Blue")) == "Unit"


def test_sight_and_its_label_never_hold_the_mask_owner() -> None:
    board = _final_board(PART_1)
    for item in board.pieces():
        seen = sight(board, item)
        text = f"{seen!r} {seen.label()}"
        assert not any(password in text for password in PASSWORDS)


def test_counted_text_names_each_holder_once() -> None:
    assert counted_text({"Union Hand": 3, "Draw": 1}) == "3 pieces in Union Hand, 1 piece in Draw"
    assert counted_text({"Red Hand": 1, "hidden": 2}) == "1 piece in Red Hand, 2 hidden pieces"


# ---------------------------------------------------------------------------- the log


def test_concealment_log_follows_masking_during_play() -> None:
    module = open_module(MODULE)
    board = Board.for_module(module)
    log = ConcealmentLog()
    for step in iter_steps(read_save(PART_1), module, board=board):
        log.add(step, board)
    assert "Red Scout" not in log.concealed_at(0)  # masked only in step 1
    assert log.concealed_at(1)["Red Scout"] == "?"
    assert "Blue Spy" not in log.concealed_at(2)
    assert log.concealed_at(3)["Blue Spy"] == "a hidden piece"
    assert log.concealed_at(0)["Card: Ambush"] == "a piece in Red Hand"
    assert "Card: Ambush" not in log.concealed_at(5)  # played face up in step 5
    assert log.concealed_at(0)["Card: Feint"] == "a piece in Orders"
    assert log.concealed_at(6)["Card: Feint"] == "a piece in Blue Hand"
    assert log.concealed_at(0)["Blue Ambushers"] == "Hidden Force"


def test_findings_about_concealed_pieces_do_not_name_them() -> None:
    module = open_module(MODULE)
    board = Board.for_module(module)
    log = ConcealmentLog()
    for step in iter_steps(read_save(PART_1), module, board=board):
        log.add(step, board)
    finding = Finding(game="x", rule_id="R", rule="R 1", severity=Severity.ILLEGAL, step=2,
                      message="Red Scout moved two spaces past Red Guard",
                      pieces=("Red Scout", "Red Guard"), observed="Red Scout at Ford B")
    early = finding.model_copy(update={"step": 0})
    late, before = log.redact([finding, early])
    assert late.message == "? moved two spaces past Red Guard"
    assert late.pieces == ("?", "Red Guard")
    assert late.observed == "? at Ford B"
    assert before.message == finding.message  # not yet masked at step 0
    revealing = ConcealmentLog(REVEAL)
    assert revealing.redact([finding]) == [finding]


def test_redaction_replaces_whole_names_only() -> None:
    names = {"Scout": "?"}
    assert redact_text("Scout and Scouting party", names) == "? and Scouting party"


# ---------------------------------------------------------------------------- inspect


def test_inspect_steps_show_what_the_opponent_sees() -> None:
    result = inspect_path(PART_1, MODULE)
    assert isinstance(result, tuple)
    game, steps = result
    moves = {step.index: [(m.piece, m.piece_id) for m in step.moves] for step in steps}
    assert moves[2] == [("?", None)]  # the masked Scout, without its id
    assert moves[4] == []  # the hidden Spy's move is not shown
    assert moves[5] == [("Card: Ambush", "110")]
    assert moves[6] == [] and steps[6].concealed == {"Blue Hand": 1}
    assert "Village C" not in game.locations and game.locations.get("Wood D") == 1


def test_inspect_with_reveal_shows_every_move() -> None:
    result = inspect_path(PART_1, MODULE, view=REVEAL)
    assert isinstance(result, tuple)
    _, steps = result
    assert [m.piece for m in steps[2].moves] == ["Red Scout"]
    assert [m.piece for m in steps[4].moves] == ["Blue Spy"]
    assert [m.piece for m in steps[6].moves] == ["Card: Feint"]
    assert all(not step.concealed for step in steps)


def test_the_default_viewpoint_is_the_opponent() -> None:
    assert Viewpoint() == OPPONENT and not OPPONENT.reveal and OPPONENT.side is None


# ---------------------------------------------------------------------------- the corpus


@pytest.mark.parametrize("name", ["1861-3-5.vsav", "1862-3-5.vsav"])
def test_for_the_people_hands_and_draw_deck_are_only_counted(name: str) -> None:
    board = _final_board(corpus_file(f"ForThePeople/{name}"),
                         corpus_file("ForThePeople/buildFile.xml"))
    assert {"Confederate Hand", "Union Hand"} <= set(board.private_maps)
    holders = [sight(board, item).holder for item in board.pieces()]
    assert holders.count("Confederate Hand") == 7 and holders.count("Union Hand") == 7
    assert holders.count("Draw") > 100  # the face-down strategy card deck
    assert all(shown_name(board, item, REVEAL) == item.name for item in board.pieces())
    assert all(sight(board, item, Viewpoint(side="Union")).holder != "Union Hand"
               for item in board.pieces())


def test_paths_of_glory_has_masks_none_masked_at_the_start() -> None:
    board = _final_board(corpus_file("PathsOfGlory/Classic10-8.vsav"),
                         corpus_file("PathsOfGlory/buildFile.xml"))
    from vmod_schema.traits import Mask
    assert any(item.piece.find(Mask) for item in board.pieces())
    assert all(sight(board, item).concealment is not Concealment.MASKED
               for item in board.pieces())


# ---------------------------------------------------------------------------- series


def test_series_counts_hand_and_hidden_differences_and_masks_the_rest() -> None:
    report = check_series_files([PART_1, PART_2], open_module(MODULE))
    (found,) = report.breaks
    assert [(d.piece, d.piece_id) for d in found.differences] == [
        ("?", None), ("Red Guard", "104")]
    assert found.concealed == {"hidden": 1, "Red Hand": 2}
    text = report.model_dump_json()
    for secret in ("Red Scout", "Blue Spy", "Forced March", "Storm", *PASSWORDS):
        assert secret not in text


def test_series_with_reveal_lists_every_difference() -> None:
    report = check_series_files([PART_1, PART_2], open_module(MODULE), reveal=True)
    (found,) = report.breaks
    assert {d.piece for d in found.differences} == {
        "Red Scout", "Blue Spy", "Red Guard", "Card: Forced March", "Card: Storm"}
    assert found.concealed == {}


# ---------------------------------------------------------------------------- the CLI


def _run(*args: str | Path) -> Result:
    result = CliRunner().invoke(app, [str(arg) for arg in args])
    assert result.exit_code == 0, result.output
    assert not any(password in result.output for password in PASSWORDS)
    return result


def test_cli_inspect_steps_hides_by_default_and_reveals_on_request() -> None:
    hidden = _run("inspect", PART_1, "--module", MODULE, "--steps").output
    assert "?: Hill A -> Ford B" in hidden
    assert "1 piece in Blue Hand (concealed)" in hidden
    for secret in ("Red Scout", "Blue Spy", "Feint"):
        assert secret not in hidden
    shown = _run("inspect", PART_1, "--module", MODULE, "--steps", "--reveal").output
    for name in ("Red Scout: Hill A -> Ford B", "Blue Spy: Village C -> Wood D", "Feint"):
        assert name in shown


def test_cli_inspect_steps_json_drops_a_masked_piece_id() -> None:
    data = json.loads(_run("inspect", PART_1, "--module", MODULE, "--steps", "--json").stdout)
    moves = {step["index"]: step["moves"] for step in data["steps"]}
    assert [(m["piece"], m["piece_id"]) for m in moves[2]] == [("?", None)]
    assert data["steps"][6]["concealed"] == {"Blue Hand": 1}


def test_cli_series_counts_concealed_pieces_and_reveals_on_request() -> None:
    hidden = _run("series", HIDDEN, "--module", MODULE).output
    assert "1 hidden piece, 2 pieces in Red Hand (concealed: not named)" in hidden
    assert "Forced March" not in hidden and "Red Scout" not in hidden
    shown = _run("series", HIDDEN, "--module", MODULE, "--reveal").output
    assert "Card: Forced March" in shown and "Red Scout" in shown


def test_cli_series_of_for_the_people_does_not_list_the_draw_deck() -> None:
    saves = [corpus_file("ForThePeople/1861-3-5.vsav"),
             corpus_file("ForThePeople/1862-3-5.vsav")]
    module = corpus_file("ForThePeople/buildFile.xml")
    hidden = _run("series", *saves, "--module", module).output
    assert "Pre-War Treachery" not in hidden
    assert "12 pieces in Draw" in hidden
    assert "Buell" in hidden  # generals on the map are public
    shown = _run("series", *saves, "--module", module, "--reveal").output
    assert "24 - Pre-War Treachery: Draw" in shown


# ---------------------------------------------------------------------------- undos


def _undos(view: Viewpoint) -> list[str]:
    module = open_module(MODULE)
    save = read_save(PART_1)
    board = Board.for_module(module)
    reader = FileReader(save, view=view)
    for step in iter_steps(save, module, board=board):
        reader.add(step, board)
    (undo,) = reader.finish(board).undos
    assert undo.undoes == 7
    return undo.took_back


def test_what_an_undo_took_back_is_shown_as_the_opponent_sees_it() -> None:
    assert _undos(OPPONENT) == ["?: Ford B -> Village C", "1 piece in Blue Hand moved (concealed)"]


def test_what_an_undo_took_back_names_every_piece_with_reveal() -> None:
    assert _undos(REVEAL) == ["Red Scout: Ford B -> Village C", "Blue Spy: Wood D -> Hill A",
                              "Card: Supply: Orders -> offboard"]


# ---------------------------------------------------------------------------- check


class _NamingReferee:
    """A referee that names pieces in findings, as a game's referee does from the board."""

    def __init__(self) -> None:
        self.findings: list[Finding] = []

    def start(self, step: Step, board: Board) -> None:
        self.step(step, board)

    def step(self, step: Step, board: Board) -> None:
        names = sorted(board[move.piece_id].name for move in step.moves)
        if step.index in (0, 2, 4, 6):
            message = f"step {step.index}: " + (", ".join(names) or "Card: Forced March")
            self.findings.append(Finding(
                game="hidden", rule_id="H-1", rule="H 1", severity=Severity.CHECK,
                step=step.index, message=message, pieces=tuple(names)))

    def finish(self) -> Verdict:
        return Verdict(findings=self.findings, checked={"H-1"})


class _HiddenSystem:
    id: ClassVar[str] = "hidden"
    name: ClassVar[str] = "Hidden Skirmish"
    aliases: ClassVar[tuple[str, ...]] = ()
    module_names: ClassVar[tuple[str, ...]] = ()

    def catalog(self) -> Catalog[Any]:
        return Catalog([CatalogEntry(id="H-1", citation="H 1", severity=(RuleSeverity.CHECK,),
                                     summary="names pieces")])


def _judged(view: Viewpoint) -> list[str]:
    module = open_module(MODULE)
    report = judge_save(read_save(PART_1), PART_1, system=_HiddenSystem(),  # type: ignore[arg-type]
                        referee=_NamingReferee(), module=module, module_path=MODULE, view=view)
    assert not any(p in report.model_dump_json() for p in PASSWORDS)
    return [finding.message for finding in report.findings if finding.rule_id == "H-1"]


def test_check_findings_name_concealed_pieces_as_the_opponent_sees_them() -> None:
    assert _judged(OPPONENT) == ["step 0: a piece in Red Hand", "step 2: ?",
                                 "step 4: a hidden piece", "step 6: a piece in Blue Hand"]


def test_check_findings_with_reveal_name_every_piece() -> None:
    assert _judged(REVEAL) == ["step 0: Card: Forced March", "step 2: Red Scout",
                               "step 4: Blue Spy", "step 6: Card: Feint"]


def test_cli_check_hides_by_default_and_reveals_on_request(tmp_path: Path) -> None:
    def sidecars(*extra: str) -> str:
        out = tmp_path / ("shown" if extra else "hidden")
        result = CliRunner().invoke(app, ["check", str(PART_1), "-g", "ww", "-m", str(MODULE),
                                          "-f", "json,md,html", "-o", str(out), *extra])
        assert result.exit_code == 3, result.output  # not a Washington's War game
        return "".join(path.read_text("utf-8") for path in sorted(out.iterdir()))

    hidden = sidecars()
    for secret in ("Card: Feint", "Card: Supply", "Forced March", *PASSWORDS):
        assert secret not in hidden
    assert "?: Ford B -> Village C" in hidden  # the undo's took_back
    shown = sidecars("--reveal")
    assert "Card: Feint" in shown and "Red Scout: Ford B -> Village C" in shown
    assert not any(password in shown for password in PASSWORDS)


# ---------------------------------------------------------------------------- audit


def test_a_folder_configuration_may_reveal(tmp_path: Path) -> None:
    config = tmp_path / "adjudicator.toml"
    config.write_text("reveal = true\n", "utf-8")
    assert load_folder_config(config).reveal
    assert not FolderConfig().reveal
    assert config_key(FolderConfig(reveal=True)) != config_key(FolderConfig())


def test_cli_audit_hides_by_default_and_reveals_on_request(tmp_path: Path) -> None:
    def summary(*extra: str) -> str:
        out = tmp_path / ("shown" if extra else "hidden")
        _run("audit", HIDDEN, "--module", MODULE, "--out", out, "--sidecars", out / "sidecars",
             "--format", "json,md", "--no-cache", "--cache", tmp_path / "cache", "--jobs", "0",
             *extra)  # sidecars and cache in the test's folder, not beside the fixture
        return "".join(path.read_text("utf-8") for path in sorted(out.glob("audit.*")))

    hidden = summary()
    assert "1 hidden piece, 2 pieces in Red Hand also differ, not named" in hidden
    for secret in ("Red Scout", "Blue Spy", "Forced March", "Card: Supply"):
        assert secret not in hidden
    assert "Red Scout: Ford B -> Village C" in summary("--reveal")  # the undo, named
