"""The game commands end to end: check, rules, schema, data template, bind and demo."""

from __future__ import annotations

import json
import tomllib
from pathlib import Path

import pytest
from typer.testing import CliRunner, Result

from adjudicator.cli import app
from adjudicator.report import Report
from adjudicator.scenario import build_scenario_log
from tests.conftest import REPO

WW = REPO / "fixtures" / "washingtons-war"
MODULE = WW / "module" / "buildFile.xml"
DATA = WW / "data" / "fixture-data.toml"


def _run(*args: str | Path) -> Result:
    return CliRunner().invoke(app, [str(arg) for arg in args])


def _game(tmp_path: Path, name: str) -> Path:
    return build_scenario_log(WW / "scenarios" / f"{name}.toml", tmp_path / f"{name}.vlog")


def test_check_writes_a_json_sidecar_beside_the_log_that_validates(tmp_path: Path) -> None:
    log = _game(tmp_path, "illegal-carleton-too-far")
    result = _run("check", log, "--game", "ww", "--module", MODULE, "--data", DATA)
    assert result.exit_code == 0, result.output
    assert "1 illegal" in result.stdout
    sidecar = tmp_path / "illegal-carleton-too-far.vlog.adjudication.json"
    report = Report.model_validate_json(sidecar.read_text(encoding="utf-8"))
    assert report.source.path == log.name
    assert {"game", "source", "tool_version", "steps", "findings", "computations",
            "coverage"} <= set(json.loads(sidecar.read_text(encoding="utf-8")))
    assert [f.rule_id for f in report.findings if f.severity == "illegal"] == ["WW-MOV-02"]


def test_check_writes_markdown_and_html_into_out_and_is_repeatable(tmp_path: Path) -> None:
    log = _game(tmp_path, "opening-turn")
    out = tmp_path / "reports"
    args = ("check", log, "-g", "ww", "-m", MODULE, "-d", DATA, "--format", "json,md,html",
            "--out", out)
    assert _run(*args).exit_code == 0
    first = {p.name: p.read_bytes() for p in out.iterdir()}
    assert sorted(first) == [f"opening-turn.vlog.adjudication.{ext}"
                             for ext in ("html", "json", "md")]
    assert _run(*args).exit_code == 0
    assert {p.name: p.read_bytes() for p in out.iterdir()} == first
    assert not list(out.glob(".*"))  # no temporary files left behind


def test_check_can_fail_on_illegal_findings(tmp_path: Path) -> None:
    log = _game(tmp_path, "illegal-six-cus")
    result = _run("check", log, "-g", "ww", "-m", MODULE, "-d", DATA, "--fail-on-illegal")
    assert result.exit_code == 1


def test_check_of_an_unknown_game_or_bad_data_is_one_line_and_status_2(tmp_path: Path) -> None:
    log = _game(tmp_path, "illegal-six-cus")
    result = _run("check", log, "--game", "chess")
    assert result.exit_code == 2
    assert "unknown game 'chess'" in result.stderr and "ww" in result.stderr
    bad = tmp_path / "bad.toml"
    bad.write_text("[generals.howe]\nstrategy = 7\n", encoding="utf-8")
    result = _run("check", log, "--game", "ww", "--data", bad)
    assert result.exit_code == 2
    assert "generals.howe.strategy" in result.stderr and str(bad) in result.stderr
    assert len(result.stderr.strip().splitlines()) == 1


def test_rules_lists_every_catalog_rule_with_its_status() -> None:
    result = _run("rules", "ww", "--json")
    assert result.exit_code == 0, result.output
    statuses = json.loads(result.stdout)
    assert len(statuses) == 146
    by_id = {s["rule_id"]: s for s in statuses}
    assert by_id["WW-MOV-02"]["checked"] is True
    assert by_id["WW-REIN-01"]["checked"] is False and by_id["WW-REIN-01"]["reason"]


def test_schema_is_the_reports_json_schema() -> None:
    result = _run("schema")
    assert result.exit_code == 0
    schema = json.loads(result.stdout)
    assert schema["title"] == "Report"
    assert {"findings", "coverage", "source"} <= set(schema["properties"])


def test_data_template_parses_as_toml_and_names_missing_facts() -> None:
    result = _run("data", "template", "ww")
    assert result.exit_code == 0
    assert "[generals.howe]" in result.stdout
    tomllib.loads(result.stdout)


def test_bind_drafts_a_binding_that_matches_the_fixture_module() -> None:
    result = _run("bind", MODULE, "--game", "ww", "--data", DATA)
    assert result.exit_code == 0, result.output
    binding = tomllib.loads(result.stdout)
    assert binding["pieces"]["Howe"] == "general:howe"
    assert binding["pieces"]["British PC"] == "pc:BR"
    assert binding["locations"]["Lexington and Concord"] == "space:lexington_and_concord"
    assert binding["maps"]["American Hand"] == "hand:AM"
    assert binding["unmatched"]["pieces"] == []


def test_demo_writes_reports_for_the_bundled_games(tmp_path: Path) -> None:
    out = tmp_path / "demo"
    result = _run("demo", "--out", out)
    assert result.exit_code == 0, result.output
    assert (out / "opening-turn.vlog.adjudication.md").is_file()
    lines = result.stdout.splitlines()
    assert "no rule broken" in next(line for line in lines
                                    if line.startswith("opening-turn.vlog"))


def test_demo_leads_with_the_pbem_series_forks_re_roll_and_whole_game_dice(
        tmp_path: Path) -> None:
    """The bundled series: the AR After Action Report's four turns as four logs, with two
    extra sends (1777 again with an initiative mistake; a first 1778 with a roll undone
    and rolled again). The demo finds the order, both forks, the re-roll, and pools each
    player's dice across all six logs (every roll counts, the undone one too)."""
    out = tmp_path / "demo"
    result = _run("demo", "--out", out)
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    assert lines[0].startswith("A PBEM series:")
    folder = out / "pbem-series"
    series = json.loads((folder / "series.json").read_text(encoding="utf-8"))
    names = [Path(name).name for name in series["files"]]
    assert names[:3] == ["aar-1775.vlog", "aar-1776.vlog", "aar-1777.vlog"]
    assert series["breaks"] == []
    forks = {Path(fork["parent"]).name: sorted(Path(c).name for c in fork["children"])
             for fork in series["forks"]}
    assert forks == {
        "aar-1776.vlog": ["aar-1777.vlog", "aar-illegal-1777-initiative.vlog"],
        "aar-1777.vlog": ["aar-1778-first-send.vlog", "aar-1778.vlog"]}
    (reroll,) = series["rerolls"]
    assert (Path(reroll["file"]).name, reroll["player"], reroll["label"], reroll["first"],
            reroll["undo"], reroll["again"], reroll["before"], reroll["after"]) == (
        "aar-1778-first-send.vlog", "Abigail", "3d6", 7, 8, 9, [1, 2, 1], [4, 4, 5])
    dice = {(e["player"], e["label"]): e for e in series["dice"]}
    three = dice[("Abigail", "3d6")]
    # 1777's 3d6 (once), the first send's two (one undone) and the re-send's one.
    assert (three["rolls"], three["undone"], three["rerolls"]) == (3, 1, 1)
    # Whole-game figures: the sum of every file's rolls for the player.
    one = dice[("Banastre", "1d6")]
    assert one["rolls"] == sum(one["faces"].values()) and one["verdict"] == (
        "consistent with fair dice")
    text = (folder / "series.txt").read_text(encoding="utf-8")
    assert "re-roll: " in text and "fork: 2 logs continue" in text
    assert text.splitlines() == [line[2:] for line in lines[1:len(text.splitlines()) + 1]]


def test_the_readmes_series_excerpt_is_what_the_demo_prints(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    readme = (REPO / "README.md").read_text(encoding="utf-8")
    block = readme.split("```text\n", 1)[1].split("```", 1)[0]
    shown = [line for line in block.splitlines() if line.strip() != "…"]
    assert len(shown) > 10
    monkeypatch.chdir(tmp_path)
    result = _run("demo")
    assert result.exit_code == 0, result.output
    printed = result.stdout.splitlines()
    missing = [line for line in shown if line not in printed]
    assert not missing, f"README lines the demo does not print: {missing}"
