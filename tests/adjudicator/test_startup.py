"""Startup loads only what runs (issue 12): `adjudicator --help` imports no command's code,
no game system, no report or replay code and no pydantic; a command imports its own.

Measured with `python -X importtime`, which lists every module a process imports (these
tests never time anything)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

FORBIDDEN = ("adjudicator.systems", "adjudicator.report", "adjudicator.replay",
             "adjudicator.check", "adjudicator.audit", "adjudicator.watch",
             "adjudicator.reading", "adjudicator.folders", "adjudicator.inspect",
             "adjudicator.findings", "adjudicator.cli.options",
             "adjudicator.cli.check", "adjudicator.cli.odds", "adjudicator.cli.catalog",
             "vmod_schema", "pydantic", "lxml", "watchdog")
"""Modules (and their sub-modules) that listing the commands must not import."""
COMMAND_CODE = tuple(name for name in FORBIDDEN if name not in ("pydantic",))
"""What running `version` must not load (typer itself loads pydantic to run a command)."""


RUN_AND_LIST = """
import contextlib, sys
from adjudicator.cli import main
out, sys.argv = sys.argv[1], ["adjudicator", *sys.argv[2:]]
with contextlib.suppress(SystemExit):
    main()
with open(out, "w", encoding="utf-8") as listing:
    listing.write("\\n".join(sorted(sys.modules)))
"""
"""Run the CLI with the given arguments, then write every module it had loaded (those
imported with `importlib` too, which `-X importtime` does not list)."""


def loaded_by(tmp_path: Path, *args: str) -> set[str]:
    """The modules loaded by a fresh process that runs `adjudicator ARGS`."""
    listing = tmp_path / "modules.txt"
    done = subprocess.run([sys.executable, "-c", RUN_AND_LIST, str(listing), *args],
                          capture_output=True, text=True, check=False, timeout=120)
    assert listing.is_file(), done.stderr[-2000:]
    return set(listing.read_text(encoding="utf-8").splitlines())


def _forbidden(modules: set[str], forbidden: tuple[str, ...] = FORBIDDEN) -> list[str]:
    return sorted(m for m in modules
                  if any(m == f or m.startswith(f"{f}.") for f in forbidden))


def test_help_imports_no_command_code_by_importtime() -> None:
    # The check: `python -X importtime -m adjudicator --help`.
    done = subprocess.run([sys.executable, "-X", "importtime", "-m", "adjudicator", "--help"],
                          capture_output=True, text=True, check=False, timeout=120)
    assert done.returncode == 0, done.stderr[-2000:]
    modules = {line.rsplit("|", 1)[1].strip() for line in done.stderr.splitlines()
               if line.startswith("import time:") and line.count("|") == 2}
    assert "adjudicator.cli" in modules and "Commands" in done.stdout
    assert _forbidden(modules) == []


@pytest.mark.parametrize("args", [("--help",), (), ("-h",)], ids=["--help", "none", "-h"])
def test_listing_the_commands_loads_no_command_code(tmp_path: Path,
                                                    args: tuple[str, ...]) -> None:
    modules = loaded_by(tmp_path, *args)
    assert "adjudicator.cli.lazy" in modules
    assert _forbidden(modules) == []


def test_importing_the_package_loads_no_game_system(tmp_path: Path) -> None:
    modules = loaded_by(tmp_path, "version")
    assert _forbidden(modules, COMMAND_CODE) == []


def test_a_command_loads_its_own_code_and_not_the_others(tmp_path: Path) -> None:
    modules = loaded_by(tmp_path, "rules", "ww", "--json")
    assert {"adjudicator.cli.catalog", "adjudicator.systems.washingtons_war"} <= modules
    assert _forbidden(modules, ("adjudicator.cli.check", "adjudicator.cli.odds",
                                "adjudicator.cli.audit", "adjudicator.cli.watch",
                                "adjudicator.watch", "adjudicator.folders",
                                "adjudicator.audit.run")) == []


def test_the_bad_input_status_commands_share_is_the_reports_one() -> None:
    from adjudicator.cli.options import BAD_INPUT
    from adjudicator.report.exit import ExitStatus

    assert BAD_INPUT == ExitStatus.BAD_INPUT


def test_inspect_loads_no_game_system(tmp_path: Path) -> None:
    game = Path(__file__).resolve().parents[2] / "fixtures" / "example" / "example.vlog"
    modules = loaded_by(tmp_path, "inspect", "--json", str(game))
    assert "adjudicator.inspect" in modules
    assert _forbidden(modules, ("adjudicator.systems", "adjudicator.check",
                                "adjudicator.audit", "adjudicator.reading",
                                "adjudicator.report")) == []
