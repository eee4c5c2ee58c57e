"""Hidden information is hidden in every line of every output (issue 18, part 3).

Every format the tool writes (the check and watch sidecars: JSON, Markdown, HTML, Discord;
`inspect` and `inspect --steps`, as text and JSON; `series`; `audit`'s summary and sidecars) is
rendered for the hidden-information fixture and for a Washington's War log whose General
is masked, with and without `--module`, and searched for every concealed name and every
password. The same outputs with `--reveal` must name them, so the search could fail.
"""

from __future__ import annotations

import dataclasses
import json
from collections import deque
from collections.abc import Iterator, Sequence
from fractions import Fraction
from pathlib import Path

import pytest
from typer.testing import CliRunner

from adjudicator import folders
from adjudicator.cli import app
from adjudicator.findings import Computation, Finding, Probability, Severity
from adjudicator.folderconfig import FolderConfig
from adjudicator.folders import config_key
from adjudicator.replay import Board, iter_steps
from adjudicator.replay.board import PieceOnBoard
from adjudicator.replay.visibility import (
    CONCEALMENT_RULES,
    MapPrivacy,
    Viewpoint,
    map_privacy,
    redact_computation,
    redact_finding,
    sight,
)
from adjudicator.report.models import Report
from tests.conftest import REPO, corpus_file
from vmod_schema.buildfile import Module, open_module
from vmod_schema.commands import AddPiece, Chat, Command, Compound, LogEntry, decode_command
from vmod_schema.savefile import GameFileInfo, read_save, write_game
from vmod_schema.sequence import join

HIDDEN = REPO / "fixtures" / "hidden"
HIDDEN_MODULE = HIDDEN / "hidden.vmod"
WW = REPO / "fixtures" / "washingtons-war"
WW_MODULE = WW / "washingtons-war-fixture.vmod"
WW_DATA = WW / "data" / "fixture-data.toml"
TOO_FAR = WW / "games" / "illegal-carleton-too-far.vlog"

PASSWORDS = ("hidden-red-secret", "hidden-blue-secret",
             "scenario-british-secret", "scenario-american-secret")
NEVER_SEEN = ("Blue Ambushers", "Forced March", "Card: Rally", "Card: Feint", "Card: Supply",
              "Card: Storm")
"""Pieces of the hidden fixture no opponent ever sees: masked from the start, or in a hand
or the face-down deck in every step of both sessions."""
SEEN_AT_THE_START = ("Red Scout", "Blue Spy")
"""Masked and hidden during the first session: shown only in the starting position (the
replay trace's first frame), named nowhere else."""
MASK = "obs;70,130;back.png;Mask;Gback.png;?;player:;Peek;;false;;"
"""A Mask trait (§6.5) whose mask name is VASSAL's default, `?`."""


def _walk(commands: Sequence[Command]) -> Iterator[Command]:
    for command in commands:
        yield command
        if isinstance(command, Compound):
            yield from _walk(command.children)
        elif isinstance(command, LogEntry):
            yield from _walk([command.command])


def masked_copy(source: Path, out: Path, *, name: str, owner: str) -> Path:
    """Write `source` again with the piece called `name` masked by `owner` from the start,
    and its chat reports saying `?` as VASSAL's do for a masked piece (§5.6)."""
    save = read_save(source)
    ids = {command.id for command in _walk(save.restore_block)
           if isinstance(command, AddPiece) and command.type.endswith(f";{name}")}
    assert ids, name

    def mask(command: Command) -> Command:
        if isinstance(command, Compound):
            return dataclasses.replace(command, children=[mask(c) for c in command.children])
        if isinstance(command, LogEntry):
            return dataclasses.replace(command, command=mask(command.command))
        if isinstance(command, AddPiece) and command.id in ids:
            return AddPiece(command.id, join([MASK, command.type], "\t"),
                            join([join([owner, ""], ";"), command.state], "\t"))
        if isinstance(command, Chat):
            return Chat(command.text.replace(name, "?"))
        return command

    module = save.moduledata
    info = GameFileInfo(module_name=module.name or "" if module else "",
                        module_version=module.version or "" if module else "",
                        date_saved_ms=1_700_000_000_000)
    return write_game(out, [mask(command) for command in save.top_level], info=info)


def _invoke(*args: str | Path, codes: Sequence[int] = (0,)) -> str:
    result = CliRunner().invoke(app, [str(arg) for arg in args], terminal_width=200)
    assert result.exit_code in codes, result.output
    return result.output


def _files(folder: Path) -> dict[str, str]:
    return {path.name: path.read_text("utf-8") for path in sorted(folder.rglob("*"))
            if path.is_file() and not path.name.startswith(".")}


Outputs = dict[str, str]
"""Output label (command, options, file) → its text."""


def _hidden_outputs(out: Path, *, module: bool, reveal: bool) -> Outputs:
    """Every output of the hidden fixture's two logs."""
    extra = [*(["--module", str(HIDDEN_MODULE)] if module else []),
             *(["--reveal"] if reveal else [])]
    outputs: Outputs = {}
    sidecars = out / "check"
    _invoke("check", HIDDEN, "-g", "ww", "-f", "json,md,html,discord", "-o", sidecars,
            *extra, codes=(3,))  # not a Washington's War game: the reading is reported
    outputs.update({f"check {name}": text for name, text in _files(sidecars).items()})
    for part in ("part-1.vlog", "part-2.vlog"):
        for view in ([], ["--steps"], ["--steps", "--json"]):
            outputs[f"inspect {part} {' '.join(view)}"] = _invoke(
                "inspect", HIDDEN / part, *view, *extra)
    outputs["series"] = _invoke("series", HIDDEN, *extra)
    outputs["series --json"] = _invoke("series", HIDDEN, "--json", *extra)
    audit = out / "audit"
    _invoke("audit", HIDDEN, "--out", audit, "--sidecars", audit / "sidecars",
            "--format", "md,html,json", "--jobs", "0", "--no-cache", "--cache",
            out / "cache", *extra)
    outputs.update({f"audit {name}": text for name, text in _files(audit).items()})
    watched = out / "watch"
    _invoke("watch", HIDDEN, "--once", "-o", watched, "-f", "json,md,html,discord", "--jobs",
            "0", "--cache", out / "cache", *extra)  # no game named: the reading alone
    outputs.update({f"watch {name}": text for name, text in _files(watched).items()})
    return outputs


def _masked_outputs(out: Path, *, module: bool, reveal: bool) -> Outputs:
    """Every output of a Washington's War log whose General Carleton is masked."""
    games = out / "games"
    games.mkdir()
    log = masked_copy(TOO_FAR, games / "masked-general.vlog", name="Carleton",
                      owner="scenario-british-secret")
    extra = [*(["--module", str(WW_MODULE)] if module else []),
             *(["--reveal"] if reveal else [])]
    sidecars = out / "check"
    _invoke("check", log, "-g", "ww", "--data", WW_DATA, "-f", "json,md,html,discord",
            "-o", sidecars, *extra, codes=(0, 3, 4))
    outputs = {f"check {name}": text for name, text in _files(sidecars).items()}
    outputs["inspect --steps"] = _invoke("inspect", log, "--steps", *extra)
    outputs["inspect --steps --json"] = _invoke("inspect", log, "--steps", "--json", *extra)
    audit = out / "audit"
    _invoke("audit", games, "-g", "ww", "--data", WW_DATA, "--out", audit, "--sidecars",
            audit / "sidecars", "--format", "md,html,json", "--jobs", "0", "--no-cache",
            "--cache", out / "cache", *extra)
    outputs.update({f"audit {name}": text for name, text in _files(audit).items()})
    return outputs


@pytest.fixture(scope="module")
def rendered(tmp_path_factory: pytest.TempPathFactory) -> dict[tuple[str, bool, bool], Outputs]:
    """(fixture, with a module, revealed) → every output."""
    found: dict[tuple[str, bool, bool], Outputs] = {}
    for module in (False, True):
        for reveal in (False, True):
            key = f"{'module' if module else 'bare'}-{'reveal' if reveal else 'hidden'}"
            found["hidden", module, reveal] = _hidden_outputs(
                tmp_path_factory.mktemp(f"hidden-{key}"), module=module, reveal=reveal)
            found["masked", module, reveal] = _masked_outputs(
                tmp_path_factory.mktemp(f"masked-{key}"), module=module, reveal=reveal)
    return found


def _without_start(label: str, text: str) -> str:
    """An output without the replay trace's starting position (the JSON report's
    `replay.start`; an HTML page embeds the trace, so it is left out whole)."""
    if label.endswith(".adjudication.json"):
        data = json.loads(text)
        if isinstance(data.get("replay"), dict):
            data["replay"]["start"] = []
        return json.dumps(data, ensure_ascii=False)
    return "" if label.endswith(".html") else text


def _leaks(outputs: Outputs, names: Sequence[str], *, start_shown: bool = False) -> list[str]:
    return [f"{name!r} in {label}" for label, text in outputs.items() for name in names
            if name in (_without_start(label, text) if start_shown else text)]


@pytest.mark.parametrize("module", [False, True], ids=["without-module", "with-module"])
def test_no_output_names_a_concealed_piece_of_the_hidden_fixture(
        rendered: dict[tuple[str, bool, bool], Outputs], module: bool) -> None:
    outputs = rendered["hidden", module, False]
    assert len(outputs) >= 28, sorted(outputs)
    assert _leaks(outputs, NEVER_SEEN) == []
    assert _leaks(outputs, SEEN_AT_THE_START, start_shown=True) == []


@pytest.mark.parametrize("module", [False, True], ids=["without-module", "with-module"])
def test_no_output_names_a_masked_general(
        rendered: dict[tuple[str, bool, bool], Outputs], module: bool) -> None:
    outputs = rendered["masked", module, False]
    assert _leaks(outputs, ["Carleton"]) == []


def test_the_masked_general_is_judged_under_its_mask_in_findings_and_computations(
        rendered: dict[tuple[str, bool, bool], Outputs]) -> None:
    outputs = rendered["masked", True, False]
    report = json.loads(outputs["check masked-general.vlog.adjudication.json"])
    (finding,) = [f for f in report["findings"] if f["rule_id"] == "WW-MOV-02"]
    route = "Quebec → Montreal (1) → Ticonderoga (3) → Hartford (1), as the log shows it"
    assert finding["message"].startswith(f"? moved {route}: at least 5 MP")
    [priced] = report["computations"]
    assert priced["summary"] == f"?: {route}: 5 MP of 4"
    assert priced["inputs"]["route"] == ["Quebec", "Montreal", "Ticonderoga", "Hartford"]
    assert [(leg["to"], leg["mp"], leg["shown"]) for leg in priced["inputs"]["legs"]] == [
        ("Montreal", 1, True), ("Ticonderoga", 3, True), ("Hartford", 1, True)]
    assert f"?: {route}: 5 MP of 4" in outputs["check masked-general.vlog.adjudication.md"]


@pytest.mark.parametrize("module", [False, True], ids=["without-module", "with-module"])
def test_reveal_names_the_concealed_pieces_in_the_same_outputs(
        rendered: dict[tuple[str, bool, bool], Outputs], module: bool) -> None:
    hidden = rendered["hidden", module, True]
    steps = hidden["inspect part-1.vlog --steps"]
    assert "Card: Feint" in steps and "Card: Supply" in steps and "Blue Spy" in steps
    assert "Forced March" in hidden["series"] and "Card: Storm" in hidden["series --json"]
    assert "Card: Supply" in hidden["check part-1.vlog.adjudication.md"]  # the undo line
    assert any("Card: Supply" in text for label, text in hidden.items()
               if label.startswith("audit audit."))
    masked = rendered["masked", module, True]
    assert "Carleton" in masked["inspect --steps"]
    if module:
        for suffix in ("json", "md", "html", "discord.md"):
            assert "Carleton" in masked[f"check masked-general.vlog.adjudication.{suffix}"]


def test_without_a_module_a_card_drawn_into_a_hand_is_only_counted(
        rendered: dict[tuple[str, bool, bool], Outputs]) -> None:
    steps = rendered["hidden", False, False]["inspect part-1.vlog --steps"]
    (drawn,) = [line for line in steps.splitlines() if line.strip().startswith("6 ")]
    assert "1 piece in Blue Hand (concealed)" in drawn


def test_no_output_holds_a_password(rendered: dict[tuple[str, bool, bool], Outputs]) -> None:
    leaks = [f"{key} {label}" for key, outputs in rendered.items()
             for label, text in outputs.items() if any(p in text for p in PASSWORDS)]
    assert leaks == []


def test_a_finding_names_no_concealed_piece_in_any_field() -> None:
    finding = Finding(
        game="ww", rule_id="WW-BAT-10", rule="WW 9.45", severity=Severity.UNCHECKED, step=3,
        message="whether Mutinies is a Battle Card", pieces=("Mutinies", "Howe"),
        expected="Mutinies +2", observed="Mutinies +1",
        needs=("whether Mutinies is a Battle Card (+2) or a discarded Event (+1)",))
    redacted = redact_finding(finding, {"Mutinies": "?"})
    assert "Mutinies" not in redacted.model_dump_json()
    assert redacted.needs == ("whether ? is a Battle Card (+2) or a discarded Event (+1)",)


def test_a_map_named_as_a_hand_is_private_even_when_the_file_lists_it_first() -> None:
    board = Board()
    board.restore([decode_command(command) for command in (
        "Red HandBoardPicker\tHand\t0\t0",
        "MainBoardPicker\tMain Board\t0\t0",
        "+/1/piece;;;;Card: Ambush/Red Hand;10;10;;0")])
    assert map_privacy(board, "Red Hand")[0] is MapPrivacy.PRIVATE
    assert sight(board, "1").label() == "a piece in Red Hand"


def test_a_computation_names_no_concealed_piece_in_any_field() -> None:
    computation = Computation(
        game="x", kind="movement_points", step=2, summary="Carleton: Quebec → Hartford",
        inputs={"general": "Carleton", "Carleton's MP": 4, "space": "Quebec"},
        result={"mover": "Carleton and Howe"},
        probabilities={"Carleton wins": Probability.of(Fraction(1, 2))})
    redacted = redact_computation(computation, {"Carleton": "?"})
    assert "Carleton" not in redacted.model_dump_json()
    assert redacted.inputs == {"general": "?", "?'s MP": 4, "space": "Quebec"}
    assert redacted.result == {"mover": "? and Howe"}
    assert list(redacted.probabilities) == ["? wins"]
    # One naming no concealed piece is kept as it is, not copied (long logs hold
    # thousands); the same cleaner serves every line of one set of names.
    assert redact_computation(computation, {"Howe-not": "?"}) is computation
    assert redact_computation(redacted, {"Carleton": "?"}) is redacted


def test_a_report_cached_under_older_concealment_rules_is_not_served(
        monkeypatch: pytest.MonkeyPatch) -> None:
    before = config_key(FolderConfig())
    monkeypatch.setattr(folders, "CONCEALMENT_RULES", CONCEALMENT_RULES + 1)
    assert config_key(FolderConfig()) != before


# ---------------------------------------------------------------------------- no module


def _replayed(save: Path, module: Module | None) -> Board:
    board = Board.for_module(module)
    deque(iter_steps(read_save(save), module, board=board), maxlen=0)
    return board


def test_without_a_module_the_first_map_is_public_and_a_hand_is_private() -> None:
    board = _replayed(HIDDEN / "part-1.vlog", None)
    assert map_privacy(board, "Field") == (MapPrivacy.PUBLIC, frozenset())
    assert map_privacy(board, "Red Hand") == (MapPrivacy.PRIVATE, frozenset({"Red"}))
    assert map_privacy(board, "Player Aids") == (MapPrivacy.UNKNOWN, frozenset())
    assert map_privacy(board, "ConfederateHand")[0] is MapPrivacy.PRIVATE
    seen = {item.name: sight(board, item) for item in board.pieces()}
    assert seen["Card: Forced March"].holder == "Red Hand"
    assert seen["Card: Feint"].holder == "Blue Hand"
    assert seen["Red Guard"].shown and seen["Card: Ambush"].shown  # on the public field
    assert sight(board, _named(board, "Card: Forced March"), Viewpoint(side="Red")).shown


def _named(board: Board, name: str) -> PieceOnBoard:
    return next(item for item in board.pieces() if item.name == name)


def test_what_lies_on_a_map_nothing_tells_about_is_counted() -> None:
    board = Board()
    board.restore([decode_command(command) for command in (
        "MainBoardPicker\tMain Board\t0\t0",
        "+/1/piece;;;;Unit/Main;10;10;;0",
        "+/2/piece;;;;Marker/Side Table;10;10;;0",
        "+/3/return;;;Discard;;\tpiece;;;;Card: Raid/\tSide Table;50;10;;0")])
    assert map_privacy(board, "Main")[0] is MapPrivacy.PUBLIC
    assert [sight(board, piece).label() for piece in ("1", "2", "3")] == [
        "Unit", "a piece in Side Table", "a piece in Side Table"]


@pytest.mark.parametrize("save", ["ForThePeople/1861-3-5.vsav", "ForThePeople/1862-3-5.vsav",
                                  "PathsOfGlory/Classic10-8.vsav"])
def test_without_its_module_a_file_conceals_at_least_what_the_module_does(save: str) -> None:
    # Paths of Glory's hands are named after the sides and hold markers as well as cards.
    path = corpus_file(save)
    bare = _replayed(path, None)
    bound = _replayed(path, open_module(path.parent / "buildFile.xml"))
    pairs = list(zip(bare.pieces(), bound.pieces(), strict=True))
    assert all(sight(bound, item).shown or not sight(bare, bare_item).shown
               for bare_item, item in pairs)
    assert any(not sight(bound, item).shown for _, item in pairs)


def test_why_a_rule_went_unchecked_names_no_masked_general(tmp_path: Path) -> None:
    # The log ends with Clinton's Army facing the enemy and no battle fought: WW-BAT-01 is
    # unchecked, its reason names the army. Clinton is masked from the start to the end.
    log = masked_copy(WW / "games" / "illegal-interception-failed-roll.vlog",
                      tmp_path / "masked.vlog", name="Clinton",
                      owner="scenario-british-secret")
    for reveal in (False, True):
        out = tmp_path / f"reveal-{reveal}"
        _invoke("check", log, "-g", "ww", "--module", WW_MODULE, "--data", WW_DATA,
                "-f", "json,md,html,discord", "-o", out, *(["--reveal"] if reveal else []),
                codes=(0, 4))
        report = Report.model_validate_json(
            (out / "masked.vlog.adjudication.json").read_text(encoding="utf-8"))
        reason = report.coverage.partial.get("WW-BAT-01") or report.coverage.unchecked[
            "WW-BAT-01"]
        texts = _files(out)
        if reveal:
            assert "Clinton's Army" in reason
        else:
            assert "?'s Army" in reason
            assert [name for name, text in texts.items() if "Clinton" in text] == []
