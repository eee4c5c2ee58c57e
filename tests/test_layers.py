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
    assert users and all(user.startswith("adjudicator/cli/") for user in users)


def test_every_public_name_of_vmod_schema_resolves_lazily() -> None:
    import vmod_schema

    assert set(vmod_schema.__all__) == set(vmod_schema._LAZY)
    for name in vmod_schema.__all__:
        assert getattr(vmod_schema, name) is not None


def test_reading_a_save_does_not_load_pydantic() -> None:
    import subprocess
    import sys

    code = ("import sys; import vmod_schema.savefile; "
            "print('pydantic' in sys.modules, 'vmod_schema.buildfile' in sys.modules, "
            "'vmod_schema.module' in sys.modules)")
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                            check=True, cwd=REPO)
    assert result.stdout.split() == ["False", "False", "False"]
