"""Shared test fixtures: where the real VASSAL corpus lives, and a guard against logged errors."""

from __future__ import annotations

import importlib.util
import logging
import os
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType

import pytest

REPO = Path(__file__).resolve().parents[1]
SHARED = REPO.parent / "shared"
CORPUS = SHARED / "vassal" / "corpus"

GAME_SUFFIXES = (".vsav", ".vlog")
MODULE_NAMES = ("buildFile", "buildFile.xml")


def corpus_games() -> list[Path]:
    """Every corpus save and log, sorted (read in place, never copied)."""
    return sorted(p for p in CORPUS.rglob("*") if p.suffix in GAME_SUFFIXES)


def corpus_modules() -> list[Path]:
    """Every corpus module definition (bare buildFile / buildFile.xml)."""
    return sorted(p for p in CORPUS.rglob("*") if p.name in MODULE_NAMES)


def corpus_file(relative: str) -> Path:
    """A corpus file by its path in the corpus; the test is skipped when the corpus is
    absent, and fails instead on CI (`CI=true`)."""
    path = CORPUS / relative
    if not path.is_file():
        if os.environ.get("CI", "").lower() == "true":
            pytest.fail(f"the corpus file {path} is missing on CI")
        pytest.skip(f"the VASSAL corpus is not here ({path})")
    return path


def corpus_id(path: Path) -> str:
    """A readable test id: the path relative to the corpus folder."""
    return str(path.relative_to(CORPUS))


def module_for(game: Path) -> Path | None:
    """The buildFile that sits beside a corpus game, if any."""
    for name in MODULE_NAMES:
        candidate = game.parent / name
        if candidate.exists():
            return candidate
    return None


def load_script(path: Path) -> ModuleType:
    """Import a stand-alone script (e.g. a fixture builder) by its path."""
    spec = importlib.util.spec_from_file_location(path.stem, path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def zip_entries(path: Path) -> dict[str, bytes]:
    """Every entry of a zip file by name (to compare two files' contents)."""
    from vmod_schema.archive import Archive

    with Archive.open(path) as archive:
        return {name: archive.read(name) for name in archive.names()}


class _RaiseOnError(logging.Handler):
    def __init__(self) -> None:
        super().__init__(level=logging.ERROR)
        self.records: list[logging.LogRecord] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.records.append(record)


@pytest.fixture(autouse=True)
def fail_on_logged_error() -> Iterator[None]:
    """Fail any test during which library code logs an ERROR it did not expect."""
    handler = _RaiseOnError()
    root = logging.getLogger()
    root.addHandler(handler)
    try:
        yield
    finally:
        root.removeHandler(handler)
    if handler.records:
        messages = "; ".join(record.getMessage() for record in handler.records)
        pytest.fail(f"library logged an error: {messages}")
