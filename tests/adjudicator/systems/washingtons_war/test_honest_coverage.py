"""A report never claims a rule checked whose inputs could not be resolved (issue 7).

Each case is a fixture game that is illegal when judged with the right module and binding;
without them it must not come back clean: the unresolved locations are findings of their
own, the rules that needed them are not counted as checked, and no `illegal` verdict rests
on a piece whose position is unknown.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from adjudicator.check import adjudicate
from adjudicator.cli import app
from adjudicator.findings import Severity
from adjudicator.report.models import ReportStatus
from adjudicator.systems.common.referee import LOCATION_RULE
from tests.conftest import REPO

WW = REPO / "fixtures" / "washingtons-war"
MODULE = WW / "washingtons-war-fixture.vmod"
DATA = WW / "data" / "fixture-data.toml"
BINDING = WW / "binding.toml"
ILLEGAL = sorted(p for p in (WW / "games").glob("illegal-*.vlog"))


def _binding_without(tmp_path: Path, location: str) -> Path:
    lines = [line for line in BINDING.read_text(encoding="utf-8").splitlines()
             if not line.startswith(f'"{location}" =')]
    assert len(lines) < len(BINDING.read_text(encoding="utf-8").splitlines())
    path = tmp_path / "binding.toml"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


@pytest.mark.parametrize("game", ILLEGAL, ids=lambda p: p.stem)
def test_without_the_module_an_illegal_game_is_never_clean(game: Path) -> None:
    report = adjudicate(game, game="ww", data_files=[DATA], binding_file=BINDING)
    assert report.count("illegal") == 0
    assert report.status is ReportStatus.NOTHING_CHECKED
    assert report.coverage.checked == []
    located = [f for f in report.findings if f.rule_id == LOCATION_RULE[0]]
    assert located and all(f.severity is Severity.UNCHECKED for f in located)


def test_without_the_module_check_exits_4_even_with_fail_on_illegal(tmp_path: Path) -> None:
    game = WW / "games" / "illegal-carleton-too-far.vlog"
    result = CliRunner().invoke(app, ["check", str(game), "--game", "ww", "--data", str(DATA),
                                      "--binding", str(BINDING), "--out", str(tmp_path),
                                      "--fail-on-illegal"])
    assert result.exit_code == 4, result.output
    assert "no rule broken" not in result.output


def test_a_binding_lacking_one_space_withholds_the_verdicts_that_need_it(
        tmp_path: Path) -> None:
    """Washington moves to Hartford, which the binding no longer knows: the step's move is
    an unchecked finding naming him and the raw location, and the one-thing rule the
    full binding breaks (WW-SEQ-06) is not claimed checked."""
    game = WW / "games" / "illegal-two-things.vlog"
    report = adjudicate(game, game="ww", module_path=MODULE, data_files=[DATA],
                        binding_file=_binding_without(tmp_path, "Hartford"))
    assert report.count("illegal") == 0
    moved = [f for f in report.findings if f.rule_id == LOCATION_RULE[0] and f.step == 2]
    assert {f.pieces for f in moved} == {("Washington",), ("American CU 5",)}
    assert all("'Hartford'" in f.message for f in moved)
    assert "WW-SEQ-06" not in report.coverage.checked
    assert "steps 0, 2" in (report.coverage.unchecked.get("WW-SEQ-06")
                            or report.coverage.partial["WW-SEQ-06"])
    assert report.status is ReportStatus.PARTLY_JUDGED


def test_with_the_full_binding_the_same_game_is_judged_illegal() -> None:
    game = WW / "games" / "illegal-two-things.vlog"
    report = adjudicate(game, game="ww", module_path=MODULE, data_files=[DATA],
                        binding_file=BINDING)
    assert [(f.rule_id, f.step) for f in report.findings
            if f.severity is Severity.ILLEGAL] == [("WW-SEQ-06", 3)]
    assert "WW-SEQ-06" in report.coverage.checked
    assert report.status is ReportStatus.JUDGED


def test_rules_no_log_can_show_say_so_instead_of_not_implemented() -> None:
    from adjudicator.rule_status import rule_statuses
    from adjudicator.systems.washingtons_war.referee import NOT_CHECKABLE

    statuses = {status.rule_id: status for status in rule_statuses("ww")}
    for rule_id, why in NOT_CHECKABLE.items():
        assert not statuses[rule_id].checked
        assert statuses[rule_id].reason == why
        assert "not implemented" not in why
