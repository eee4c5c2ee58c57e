"""The format layer knows VASSAL and nothing of games: it never imports `adjudicator`."""

from __future__ import annotations

import ast
from pathlib import Path

from tests.conftest import REPO


def _imported_modules(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module:
            names.add(node.module)
    return names


def test_vmod_schema_never_imports_adjudicator() -> None:
    offenders = {
        str(path.relative_to(REPO)): sorted(n for n in _imported_modules(path)
                                            if n.split(".")[0] == "adjudicator")
        for path in (REPO / "vmod_schema").rglob("*.py")
    }
    assert {k: v for k, v in offenders.items() if v} == {}


def test_only_the_cli_imports_typer() -> None:
    users = [str(path.relative_to(REPO)) for path in (REPO / "adjudicator").rglob("*.py")
             if "typer" in _imported_modules(path)]
    assert users == ["adjudicator/cli.py"]
