"""Skirmish, a made-up toy game defined only under `tests/toygame`, registered here and run
through every command: the proof that a game needs its package and nothing else (issue
19). Its rules are in the package docstring; the scenarios in `scenarios/` are logs written
by the project's writer and read by the code that reads real files."""

from __future__ import annotations

import json
import tomllib
from pathlib import Path

import pytest
from typer.testing import CliRunner, Result

from adjudicator.cli import app
from adjudicator.report import Report
from adjudicator.scenario import build_scenario_log, load_scenario
from adjudicator.systems import SYSTEMS, GameEntry, find_system, recognise_system
from tests.conftest import REPO
from tests.imports import imported_modules
from tests.toygame import Skirmish

HERE = Path(__file__).resolve().parent
EXAMPLE = REPO / "fixtures" / "example"
MODULE = EXAMPLE / "example.vmod"
TOY = GameEntry("toy", ("skirmish",), ("example skirmish",), "tests.toygame:Skirmish")
"""Skirmish's registry line, as a real game's stands in `SYSTEMS` (its package itself
imports nothing above the toolkit, the registry included)."""


@pytest.fixture(autouse=True)
def registered(monkeypatch: pytest.MonkeyPatch) -> None:
    """Skirmish joins the registry (the one line a real game adds to `SYSTEMS`)."""
    monkeypatch.setattr("adjudicator.systems.SYSTEMS", (*SYSTEMS, TOY))


def _run(*args: str | Path) -> Result:
    return CliRunner().invoke(app, [str(arg) for arg in args])


def _log(tmp_path: Path, name: str) -> Path:
    return build_scenario_log(HERE / "scenarios" / f"{name}.toml", tmp_path / f"{name}.vlog")


def test_the_registry_finds_the_toy_by_id_alias_and_module_name() -> None:
    assert isinstance(find_system("skirmish"), Skirmish)
    assert isinstance(recognise_system("Example Skirmish"), Skirmish)


@pytest.mark.parametrize("name", ["legal-turn", "illegal-moves"])
def test_check_reports_exactly_what_each_scenario_expects(tmp_path: Path, name: str) -> None:
    log = _log(tmp_path, name)
    result = _run("check", log, "--game", "toy", "--module", MODULE)
    assert result.exit_code == 0, result.output
    report = Report.model_validate_json(
        (tmp_path / f"{name}.vlog.adjudication.json").read_text(encoding="utf-8"))
    expected = {(e.rule_id, e.step, e.severity) for e in load_scenario(
        HERE / "scenarios" / f"{name}.toml").expect}
    found = {(f.rule_id, f.step, str(f.severity)) for f in report.findings
             if f.rule_id.startswith("TOY-")}
    assert found == expected
    assert all(f.rule.startswith("Toy ") for f in report.findings
               if f.rule_id.startswith("TOY-"))


def test_a_battle_is_computed_exactly_and_a_user_file_supplies_the_missing_strength(
        tmp_path: Path) -> None:
    log = _log(tmp_path, "illegal-moves")
    assert _run("check", log, "--game", "toy", "--module", MODULE).exit_code == 0
    report = Report.model_validate_json(
        (tmp_path / "illegal-moves.vlog.adjudication.json").read_text(encoding="utf-8"))
    (odds,) = report.computations
    assert (odds.step, odds.probabilities["attacker wins"].fraction) == (3, "5/12")
    strengths = tmp_path / "strengths.toml"
    strengths.write_text("[units.red_art]\nstrength = 3\n", encoding="utf-8")
    assert _run("check", log, "--game", "toy", "--module", MODULE, "--data", strengths,
                "--out", tmp_path / "out").exit_code == 0
    report = Report.model_validate_json(
        (tmp_path / "out" / "illegal-moves.vlog.adjudication.json").read_text(encoding="utf-8"))
    assert not [f for f in report.findings if f.rule_id == "TOY-CBT-01"]
    # 3 (artillery) against 2 (cavalry): the attacker wins on 1d6+3 > 1d6+2, 21/36.
    assert [(c.step, c.probabilities["attacker wins"].fraction)
            for c in report.computations] == [(3, "5/12"), (4, "7/12")]


def test_rules_lists_the_toy_catalog_with_its_citations() -> None:
    result = _run("rules", "toy")
    assert result.exit_code == 0, result.output
    for rule, citation in (("TOY-SEQ-01", "Toy 3.1"), ("TOY-MOV-01", "Toy 4.1"),
                           ("TOY-STK-01", "Toy 4.3"), ("TOY-CBT-01", "Toy 5.1")):
        line = next(line for line in result.stdout.splitlines() if line.startswith(rule))
        assert citation in line


def test_the_data_template_asks_for_the_one_missing_fact_and_parses() -> None:
    result = _run("data", "template", "toy")
    assert result.exit_code == 0, result.output
    assert "[units.red_art]  # Red Artillery" in result.stdout
    assert "# strength = " in result.stdout
    assert tomllib.loads(result.stdout) == {"units": {"red_art": {}}}


def test_bind_drafts_the_example_modules_names_from_the_toys_words() -> None:
    result = _run("bind", MODULE, "--game", "toy")
    assert result.exit_code == 0, result.output
    binding = tomllib.loads(result.stdout)
    assert binding["pieces"] == {"Red Infantry": "unit:red_inf",
                                 "Red Artillery": "unit:red_art",
                                 "Blue Cavalry": "unit:blue_cav"}
    assert binding["locations"]["Reserve Box"] == "box:reserve"
    assert binding["properties"] == {"turn": "Turn"}


def test_odds_are_generated_from_the_toys_question() -> None:
    result = _run("odds", "toy", "battle", "--attacker-strength", "3",
                  "--defender-strength", "2", "--json")
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout) == {"attacker_wins": "7/12", "defender_wins": "5/12"}
    bad = _run("odds", "toy", "battle", "--attacker-strength", "9",
               "--defender-strength", "2")
    assert bad.exit_code == 2 and "--attacker-strength" in bad.output


def test_the_bundled_example_log_is_judged_by_the_toy(tmp_path: Path) -> None:
    """The example game: Red moves, Blue's first move is undone, then Blue attacks Ford B."""
    result = _run("check", EXAMPLE / "example.vlog", "--game", "toy", "--module", MODULE,
                  "--out", tmp_path)
    assert result.exit_code == 0, result.output
    report = Report.model_validate_json(
        (tmp_path / "example.vlog.adjudication.json").read_text(encoding="utf-8"))
    assert not [f for f in report.findings if f.severity == "illegal"]
    assert [c.summary for c in report.computations] == ["battle in Ford B: 2 against 2"]


def test_the_toy_builds_on_the_toolkit_alone() -> None:
    """Its package imports the toolkit (`systems.common`) and the layers below it, its own
    modules, and nothing of another game, the CLI, the reports, audit or watch."""
    allowed = ("adjudicator.systems.common", "adjudicator.binding", "adjudicator.replay",
               "adjudicator.findings", "adjudicator.errors", "vmod_schema", "tests.toygame")
    imported = {name for path in HERE.rglob("*.py") if not path.name.startswith("test_")
                for name in imported_modules(path)}
    ours = {name for name in imported if name.split(".")[0] in ("adjudicator", "vmod_schema",
                                                               "tests")}
    assert ours and all(name.startswith(allowed) for name in ours), sorted(
        name for name in ours if not name.startswith(allowed))
