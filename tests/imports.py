"""What a Python file imports, read from its source (for the layer tests)."""

from __future__ import annotations

import ast
from pathlib import Path


def imported_modules(path: Path) -> set[str]:
    """Every module the file names in an import, wherever it stands (at the top, inside a
    function): `import a.b` gives `a.b`, `from a.b import c` gives `a.b`."""
    names: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module:
            names.add(node.module)
    return names
