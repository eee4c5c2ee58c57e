#!/usr/bin/env python3
"""Set up the project's virtual environment when needed, then run one job in it.

    python3 dev.py example   # check the bundled Washington's War games, write their reports
    python3 dev.py test      # lint, type-check and run the whole test suite

Needs only Python >= 3.11. The first run creates `.venv` and installs the project
(editable) with its development tools; later runs reinstall only when
`pyproject.toml` has changed.
"""

from __future__ import annotations

import hashlib
import os
import subprocess
import sys
import venv
from pathlib import Path

ROOT = Path(__file__).resolve().parent
VENV = ROOT / ".venv"
STAMP = VENV / ".installed-from"
DEMO_OUT = ROOT / "adjudicator-demo"


def venv_python() -> Path:
    """Return the interpreter inside `.venv`."""
    scripts = "Scripts" if os.name == "nt" else "bin"
    return VENV / scripts / ("python.exe" if os.name == "nt" else "python")


def ensure_environment() -> Path:
    """Create `.venv` and install the project into it unless already up to date."""
    wanted = hashlib.sha256((ROOT / "pyproject.toml").read_bytes()).hexdigest()
    python = venv_python()
    if python.exists() and STAMP.exists() and STAMP.read_text().strip() == wanted:
        return python
    if not python.exists():
        print("creating .venv ...", file=sys.stderr)
        venv.EnvBuilder(with_pip=True).create(VENV)
    print("installing the project and its tools into .venv ...", file=sys.stderr)
    status = subprocess.run(
        [str(python), "-m", "pip", "install", "--quiet", "--disable-pip-version-check",
         "-e", f"{ROOT}[dev]"],
    ).returncode
    if status != 0:
        raise SystemExit(f"dev.py: installing the project into .venv failed (status {status})")
    STAMP.write_text(wanted)
    return python


def run(python: Path, *args: str) -> int:
    """Run `python -m ARGS...` from the project root and return its exit status."""
    return subprocess.run([str(python), "-m", *args], cwd=ROOT).returncode


def main(argv: list[str]) -> int:
    job = argv[1] if len(argv) > 1 else "help"
    if job not in ("example", "test"):
        print(__doc__)
        return 0 if job == "help" else 2
    python = ensure_environment()
    if job == "example":
        # Relative to the project root (`run`'s folder): the demo prints, and its series
        # report records, paths under `adjudicator-demo/`, as the README shows them.
        return run(python, "adjudicator", "demo", "--out", DEMO_OUT.relative_to(ROOT).as_posix())
    for step in (
        ("ruff", "check", "."),
        ("mypy",),
        ("pytest", *argv[2:]),
    ):
        status = run(python, *step)
        if status != 0:
            print(f"dev.py test: `{' '.join(step)}` failed with status {status}", file=sys.stderr)
            return status
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
