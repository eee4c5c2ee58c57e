"""Optional rules: a game declares them, a folder or a run switches them on, and a report
says which are not in use (rules of an option off are never judged)."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner, Result

from adjudicator.audit.job import check_file
from adjudicator.cli import app
from adjudicator.folderconfig import FolderConfig, load_folder_config
from adjudicator.folders import config_key
from adjudicator.systems import find_system
from adjudicator.systems.common.referee import ActionReferee
from tests.conftest import REPO

AR = REPO / "fixtures" / "american-revolution"
GAME = AR / "games" / "smoke-first-turn-opens.vlog"
FIXTURE = ("--module", AR / "american-revolution-fixture.vmod", "--binding",
           AR / "binding.toml", "--data", AR / "data" / "fixture.toml")


def _run(*args: str | Path) -> Result:
    return CliRunner().invoke(app, [str(arg) for arg in args])


def _unchecked(out: Path) -> dict[str, str]:
    (report,) = out.glob("*.adjudication.json")
    unchecked: dict[str, str] = json.loads(report.read_text("utf-8"))["coverage"]["unchecked"]
    return unchecked


def test_a_folder_configuration_names_the_options_in_use(tmp_path: Path) -> None:
    config = tmp_path / "adjudicator.toml"
    config.write_text('options = ["forage", "massacre"]\n', "utf-8")
    assert load_folder_config(config).options == ("forage", "massacre")
    assert FolderConfig().options == ()
    assert config_key(FolderConfig(options=("forage",))) != config_key(FolderConfig())


def test_the_report_says_which_optional_rules_are_not_in_use(tmp_path: Path) -> None:
    off = tmp_path / "off"
    result = _run("check", GAME, "--game", "ar", *FIXTURE, "--out", off)
    assert result.exit_code == 0, result.output
    reason = _unchecked(off)["AR-FORT-05"]
    assert reason.startswith("optional rule Fortresses & Sieges (AR 28) is not in use")
    assert "--option fortresses" in reason
    on = tmp_path / "on"
    assert _run("check", GAME, "--game", "ar", *FIXTURE, "--out", on,
                "--option", "fortresses").exit_code == 0
    assert "not in use" not in _unchecked(on).get("AR-FORT-05", "")
    assert "not in use" in _unchecked(on)["AR-FORG-01"]


def test_an_unknown_option_is_bad_input_naming_the_known_ones(tmp_path: Path) -> None:
    result = _run("check", GAME, "--game", "ar", "--out", tmp_path, "--option", "cavalry")
    assert result.exit_code == 2
    assert "no optional rule 'cavalry' in ar" in result.output
    assert "fortresses" in result.output
    result = _run("check", GAME, "--game", "ww", "--out", tmp_path, "--option", "forage")
    assert result.exit_code == 2
    assert "no optional rule 'forage' in ww; the game has no optional rules" in result.output


def test_an_audit_checks_with_the_folder_options(tmp_path: Path) -> None:
    config = FolderConfig(game="ar", module=AR / "american-revolution-fixture.vmod",
                          binding=AR / "binding.toml", data=(AR / "data" / "fixture.toml",),
                          options=("forage",))
    report = check_file(GAME, config)
    assert "not in use" not in report.coverage.unchecked.get("AR-FORG-01", "")
    assert "not in use" in report.coverage.unchecked["AR-FORT-01"]


def test_rules_of_an_option_off_are_never_judged() -> None:
    referee = find_system("ar").referee(module=None)
    assert isinstance(referee, ActionReferee)
    names = [rule.name for rule in referee.optional_rules]
    assert names[:2] == ["fortresses", "partisans"]
    governed = {rule_id for rule in referee.optional_rules for rule_id in rule.rules}
    assert governed <= {rule.id for rule in find_system("ar").catalog()}
    referee.use_options(["forage"])
    assert referee.options == frozenset({"forage"})


def test_rules_lists_the_optional_rules_and_those_in_use() -> None:
    result = _run("rules", "ar", "--option", "forage")
    assert result.exit_code == 0, result.output
    tail = result.output.split("Optional rules")[1]
    assert "fortresses           Fortresses & Sieges (AR 28)\n" in tail
    assert "forage               Forage (AR 36)  (in use)" in tail
    assert "Optional rules" not in _run("rules", "ww").output
