"""The `adjudicator` command line, end to end: `inspect` and `series`."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner, Result

from adjudicator.cli import app
from tests.conftest import CORPUS, REPO, corpus_games, corpus_id, corpus_modules
from tests.manifest import game_expectation

EXAMPLE = REPO / "fixtures" / "example"
EXAMPLE_LOG = EXAMPLE / "example.vlog"
EXAMPLE_MODULE = EXAMPLE / "example.vmod"
PASSWORDS = ("example-red-secret", "example-blue-secret")
GAME_KEYS = {"kind", "commands", "pieces", "locations"}


def _run(*args: str | Path) -> Result:
    return CliRunner().invoke(app, [str(arg) for arg in args])


def _json(*args: str | Path) -> dict[str, Any]:
    result = _run(*args, "--json")
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert isinstance(data, dict)
    return data


# ---------------------------------------------------------------------------- inspect


def test_inspect_json_of_the_example_names_its_pieces_and_locations() -> None:
    data = _json("inspect", EXAMPLE_LOG, "--module", EXAMPLE_MODULE)
    assert set(data) >= GAME_KEYS
    assert (data["kind"], data["pieces"]) == ("log", 3)
    assert data["locations"] == {"Ford B": 2, "Reserve Box": 1}


@pytest.mark.corpus
@pytest.mark.parametrize("path", corpus_games(), ids=corpus_id)
def test_inspect_json_of_a_corpus_game_counts_the_manifest_pieces(path: Path) -> None:
    data = _json("inspect", path)
    assert set(data) >= GAME_KEYS
    assert data["kind"] == ("log" if path.suffix == ".vlog" else "save")
    assert data["pieces"] == game_expectation(path.name).pieces["piece"]


@pytest.mark.corpus
@pytest.mark.parametrize("path", corpus_modules(), ids=corpus_id)
def test_inspect_json_of_a_corpus_module_is_a_module_summary(path: Path) -> None:
    data = _json("inspect", path)
    assert data["kind"] == "module"
    assert {"maps", "dice_buttons", "special_dice_buttons"} <= set(data)


def test_inspect_steps_json_has_each_step_with_moves_rolls_undone_and_chat() -> None:
    data = _json("inspect", EXAMPLE_LOG, "--module", EXAMPLE_MODULE, "--steps")
    steps = data["steps"]
    assert isinstance(steps, list)
    assert [step["index"] for step in steps] == list(range(10))
    for step in steps:
        assert {"index", "player", "moves", "rolls", "undone", "chat"} <= set(step)
    assert steps[1]["moves"] == [{"piece": "Red Infantry", "piece_id": steps[1]["moves"][0][
        "piece_id"], "from": "Hill A", "to": "Ford B", "map": "Main Map", "x": 300, "y": 150}]
    (roll,) = steps[2]["rolls"]
    assert {key: roll[key] for key in ("button", "player", "count", "sides", "dice", "total")
            } == {"button": "1d6", "player": "Alice", "count": 1, "sides": 6, "dice": [4],
                  "total": 4}
    assert steps[2]["player"] == "Alice"
    assert [step["index"] for step in steps if step["undone"]] == [3, 7]
    assert steps[9]["reroll_of"] == 7


def test_inspect_steps_text_shows_one_line_per_step_with_the_roll_and_reroll() -> None:
    result = _run("inspect", EXAMPLE_LOG, "--module", EXAMPLE_MODULE, "--steps")
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    table = lines[lines.index("step  player            what") + 1:]
    assert len(table) == 10
    assert "Red Infantry: Hill A -> Ford B" in table[1]
    assert "roll 1d6: 4 by Alice" in table[2] and "Alice (Red)" in table[2]
    assert "[undone]" in table[3] and "undo of step 3" in table[4]
    assert "[re-roll of step 7]" in table[9]


@pytest.mark.parametrize("name", ["missing.vlog", "garbage.vlog", "badzip.vsav"])
def test_unreadable_file_exits_2_with_one_line_naming_it(tmp_path: Path, name: str) -> None:
    path = tmp_path / name
    if name == "garbage.vlog":
        path.write_text("garbage")
    elif name == "badzip.vsav":
        path.write_bytes(b"PK\x03\x04broken")
    commands: list[list[str | Path]] = [["inspect", path],
                                        ["inspect", path, "--steps", "--json"],
                                        ["series", path]]
    for command in commands:
        result = _run(*command)
        assert result.exit_code == 2, result.output
        assert result.stdout == ""
        (line,) = result.stderr.splitlines()
        assert name in line and "Traceback" not in line


def test_passwords_never_appear_in_any_output(tmp_path: Path) -> None:
    runs: list[list[str | Path]] = [
        ["inspect", EXAMPLE_LOG], ["inspect", EXAMPLE_LOG, "--json"],
        ["inspect", EXAMPLE_LOG, "--steps"], ["inspect", EXAMPLE_LOG, "--steps", "--json"],
        ["inspect", EXAMPLE_LOG, "--module", EXAMPLE_MODULE, "--steps", "--json"],
        ["series", EXAMPLE_LOG], ["series", EXAMPLE_LOG, "--json"],
        ["inspect", EXAMPLE_LOG, "--module", tmp_path / "missing.vmod"],
    ]
    for args in runs:
        result = _run(*args)
        for password in PASSWORDS:
            assert password not in result.stdout, args
            assert password not in result.stderr, args


# ---------------------------------------------------------------------------- series


@pytest.mark.corpus
def test_series_json_lists_files_in_playing_order_and_no_breaks() -> None:
    folder = CORPUS / "vasl-templates"
    data = _json("series", folder / "multiple-1b.vlog", folder / "multiple-1a.vlog")
    assert [Path(name).name for name in data["files"]] == ["multiple-1a.vlog",
                                                          "multiple-1b.vlog"]
    assert data["breaks"] == []


@pytest.mark.corpus
def test_series_of_a_folder_reports_its_breaks_as_text_and_json() -> None:
    folder = CORPUS / "vasl-templates"
    result = _run("series", folder)
    assert result.exit_code == 0, result.output
    assert "break: " in result.stdout
    assert "Allied Turn 1 - RPh: (not there) -> Main Map (151, 147)" in result.stdout
    data = _json("series", folder)
    breaks = data["breaks"]
    assert isinstance(breaks, list) and breaks
    for found in breaks:
        assert set(found) == {"after", "before", "differences", "concealed"}
        for difference in found["differences"]:
            assert {"piece", "from", "to", "kind"} <= set(difference)


@pytest.mark.corpus
def test_series_of_one_continuous_pair_says_so() -> None:
    folder = CORPUS / "vasl-templates"
    result = _run("series", folder / "multiple-1a.vlog", folder / "multiple-1b.vlog")
    assert result.exit_code == 0, result.output
    assert "continuous" in result.stdout


def test_inspect_reads_vasl_dice_from_chat_with_the_preset() -> None:
    from tests.conftest import corpus_file

    log = corpus_file("vasl-templates/3d6.vlog")
    plain = _run("inspect", log, "--steps")
    assert plain.exit_code == 0 and "roll IFT DR" not in plain.stdout
    result = _run("inspect", log, "--steps", "--dice", "vasl")
    assert result.exit_code == 0, result.output
    assert "roll IFT DR: 6,6 = 12 by test" in result.stdout
    assert result.stdout.count("roll 3d6") == 2, "the default-format rolls are not doubled"
    bad = _run("inspect", log, "--dice", "nope")
    assert bad.exit_code == 2 and "unknown chat dice preset 'nope'" in bad.output


@pytest.mark.parametrize("command", [("inspect",), ("inspect", "--json"), ("series",),
                                     ("check", "--game", "ww"), ("audit",)])
def test_a_file_name_that_is_not_utf8_is_printed_escaped_never_a_traceback(
        tmp_path: Path, command: tuple[str, ...]) -> None:
    import os
    import shutil
    import subprocess
    import sys

    folder = tmp_path / "games"
    folder.mkdir()
    name = os.fsdecode(b"bad\xff.vlog")
    shutil.copy(EXAMPLE_LOG, folder / name)
    target = folder if command[0] in ("series", "audit") else folder / name
    extra = (["--out", str(tmp_path / "summary"), "--sidecars", str(tmp_path / "side"),
              "--no-cache"] if command[0] == "audit" else [])
    result = subprocess.run(
        [sys.executable, "-m", "adjudicator", *command, os.fsencode(target), *extra],
        capture_output=True, cwd=REPO,
        env={**os.environ, "PYTHONIOENCODING": "utf-8:strict"})
    assert b"Traceback" not in result.stderr, result.stderr.decode("utf-8", "replace")
    assert result.returncode in (0, 3), result.stderr.decode("utf-8", "replace")
    out = (result.stdout + result.stderr).decode("utf-8")  # valid UTF-8 throughout
    assert "xff.vlog" in out or command[0] == "audit"
