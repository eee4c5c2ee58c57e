"""Helpers both games' data tests share: writing a user data file, the error a bad one
gives, and filling one line of a data template."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path

import pytest

from adjudicator.errors import GameDataError


def write(tmp_path: Path, text: str, name: str = "my-data.toml") -> Path:
    """A user data file with `text` in `tmp_path`."""
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def problem_of(load: Callable[[Sequence[Path]], object], tmp_path: Path, text: str,
               name: str = "my-data.toml") -> GameDataError:
    """The error `load` raises for a user file `name` holding `text`."""
    with pytest.raises(GameDataError) as caught:
        load([write(tmp_path, text, name)])
    return caught.value


def fill(template: str, table: str, key: str, value: str) -> str:
    """Uncomment `# key = ` (or `# flag = true`) in `[table]` of the template and give it a
    value."""
    lines = template.splitlines()
    start = next(i for i, line in enumerate(lines) if line.split("  #")[0] == f"[{table}]")
    at = next(i for i in range(start + 1, len(lines))
              if lines[i] == f"# {key} = " or lines[i].startswith(f"# {key} = true"))
    lines[at] = f"{key} = {value}"
    return "\n".join(lines)
