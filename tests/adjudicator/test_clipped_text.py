"""Huge text from a file (an 85 MB chat line, a piece named by a whole document) is cut in
every report, with a note of how much was cut (`adjudicator.replay.clip`)."""

from __future__ import annotations

import random
import string
from pathlib import Path

from typer.testing import CliRunner

from adjudicator.cli import app
from adjudicator.scenario import build_scenario_log
from tests.conftest import REPO

WW = REPO / "fixtures" / "washingtons-war"
SCENARIO = WW / "scenarios" / "arnold-line.toml"
MODULE = WW / "module" / "buildFile.xml"
HUGE = 2_000_000


def _noise() -> str:
    """Text that does not compress past the zip-bomb ratio."""
    return "".join(random.Random(7).choices(string.ascii_letters + " ", k=HUGE))


def test_a_huge_chat_line_is_cut_in_every_sidecar(tmp_path: Path) -> None:
    text = (SCENARIO.read_text(encoding="utf-8")
            .replace('"../', f'"{SCENARIO.parent.parent}/')
            .replace('["setups/', f'["{SCENARIO.parent}/setups/'))
    text += f'\n[[actions]]\ndo = "chat"\nplayer = "British"\ntext = "{_noise()}"\n'
    written = tmp_path / "spam.toml"
    written.write_text(text, encoding="utf-8")
    log = build_scenario_log(written, tmp_path / "spam.vlog")
    result = CliRunner().invoke(app, ["check", str(log), "-g", "ww", "-m", str(MODULE),
                                      "-f", "json,md,html,discord"])
    assert result.exit_code == 0, result.output
    for sidecar in tmp_path.glob("spam.vlog.adjudication.*"):
        text = sidecar.read_text(encoding="utf-8")
        assert len(text) < HUGE // 4, sidecar.name
    for fmt in ("html", "json"):
        text = (tmp_path / f"spam.vlog.adjudication.{fmt}").read_text(encoding="utf-8")
        assert "more characters cut" in text, fmt
