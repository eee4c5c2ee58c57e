"""The package installs anywhere: the demo's example ships inside it (byte-for-byte copies
of the repository's fixtures), and a wheel installed into a fresh virtual environment runs
`adjudicator demo` from an empty folder."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import venv
from pathlib import Path

import pytest

from adjudicator import __version__
from adjudicator.demo import DEMO_GAMES, EXAMPLE
from tests.conftest import REPO

EXAMPLES = EXAMPLE.parent
"""`adjudicator/examples/`: one folder per fixture folder of the same name."""


def _example_files(folder: Path = EXAMPLE) -> list[Path]:
    return sorted(p.relative_to(folder) for p in folder.rglob("*") if p.is_file()
                  and "__pycache__" not in p.parts)


@pytest.mark.parametrize("name", ["washingtons-war", "american-revolution"])
def test_the_packaged_example_is_a_copy_of_the_fixtures(name: str) -> None:
    files = _example_files(EXAMPLES / name)
    assert files, "the packaged example is empty"
    for relative in files:
        fixture = REPO / "fixtures" / name / relative
        assert fixture.is_file(), f"{relative} has no fixture of that name"
        assert (EXAMPLES / name / relative).read_bytes() == fixture.read_bytes(), (
            f"adjudicator/examples/{name}/{relative} differs from "
            f"fixtures/{name}/{relative}: copy it again")


def test_nothing_else_is_packaged_as_an_example() -> None:
    assert sorted(p.name for p in EXAMPLES.iterdir() if p.name != "__pycache__") == [
        "american-revolution", "washingtons-war"]


def test_the_packaged_example_holds_what_the_demo_needs() -> None:
    files = {str(p) for p in _example_files()}
    assert {"washingtons-war-fixture.vmod", "binding.toml", "data/fixture-data.toml"} <= files
    assert {f"games/{name}.vlog" for name in DEMO_GAMES} <= files


def _run(args: list[str | Path], cwd: Path, env: dict[str, str] | None = None
         ) -> subprocess.CompletedProcess[str]:
    return subprocess.run([str(a) for a in args], cwd=cwd, env=env, capture_output=True,
                          text=True, check=False)


@pytest.mark.slow
def test_a_wheel_in_a_fresh_environment_runs_the_demo_from_an_empty_folder(
        tmp_path: Path) -> None:
    wheels = tmp_path / "wheels"
    built = _run([sys.executable, "-m", "pip", "wheel", "--no-deps", "--quiet", "-w", wheels,
                  REPO], cwd=tmp_path)
    assert built.returncode == 0, built.stderr
    (wheel,) = wheels.glob("vassal_adjudicator-*.whl")
    env_dir = tmp_path / "venv"
    venv.EnvBuilder(with_pip=True, system_site_packages=False).create(env_dir)
    bin_dir = env_dir / ("Scripts" if os.name == "nt" else "bin")
    python = bin_dir / ("python.exe" if os.name == "nt" else "python")
    installed = _run([python, "-m", "pip", "install", "--quiet", wheel], cwd=tmp_path)
    assert installed.returncode == 0, installed.stderr
    empty = tmp_path / "empty"
    empty.mkdir()
    env = {key: value for key, value in os.environ.items()
           if key not in ("PYTHONPATH", "VIRTUAL_ENV")}
    adjudicator = bin_dir / "adjudicator"
    version = _run([adjudicator, "--version"], cwd=empty, env=env)
    assert version.stdout.strip() == f"adjudicator {__version__}", version.stderr
    located = _run([python, "-c", "import adjudicator; print(adjudicator.__file__)"],
                   cwd=empty, env=env)
    assert Path(located.stdout.strip()).is_relative_to(env_dir), located.stdout
    demo = _run([adjudicator, "demo"], cwd=empty, env=env)
    assert demo.returncode == 0, demo.stderr
    out = empty / "adjudicator-demo"
    for name in DEMO_GAMES:
        report = json.loads((out / f"{name}.vlog.adjudication.json").read_text())
        assert report["source"]["path"] == f"{name}.vlog"
        assert (out / f"{name}.vlog.adjudication.md").is_file()
        assert (out / f"{name}.vlog.adjudication.html").is_file()
    assert "no rule broken" in next(line for line in demo.stdout.splitlines()
                                    if line.startswith("opening-turn.vlog"))
    series = json.loads((out / "pbem-series" / "series.json").read_text())
    assert len(series["files"]) == 6 and len(series["forks"]) == 2
    assert sorted(p.name for p in empty.iterdir()) == ["adjudicator-demo"]
