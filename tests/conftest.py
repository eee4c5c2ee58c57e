"""Shared test fixtures: where the real VASSAL corpus lives, and a guard against logged errors.

The corpus (`../shared/vassal/corpus`, read in place) and the other shared files beside it
(rule digests, maps, `vassal/FORMAT.md`) are not part of the repository. Without them the
tests that read them skip, each with the same reason; `ADJUDICATOR_CORPUS` points at a
corpus elsewhere; on CI (`CI=true`) a missing corpus is a failure, never a skip.

A test that reads the corpus asks for its files with `corpus_file(relative)` (or
`shared_file` for the other shared files), or carries the `corpus` marker (a whole module:
`pytestmark = pytest.mark.corpus`) when it uses `CORPUS`, `corpus_games()` or
`corpus_modules()` directly.
"""

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
CORPUS = Path(os.environ.get("ADJUDICATOR_CORPUS") or SHARED / "vassal" / "corpus")
"""The corpus: `ADJUDICATOR_CORPUS` when set, else `../shared/vassal/corpus`."""
CORPUS_MISSING = (f"the VASSAL corpus is not at {CORPUS} (clone ../shared beside the "
                  "repository, or set ADJUDICATOR_CORPUS)")
"""The one reason every corpus test gives when it skips."""

GAME_SUFFIXES = (".vsav", ".vlog")
MODULE_NAMES = ("buildFile", "buildFile.xml")


def on_ci() -> bool:
    """Whether this run is CI's (`CI=true`), where nothing may be skipped for a missing
    corpus."""
    return os.environ.get("CI", "").lower() == "true"


def corpus_present() -> bool:
    """Whether the corpus folder is there."""
    return CORPUS.is_dir()


def corpus_games() -> list[Path]:
    """Every corpus save and log, sorted (read in place, never copied); none without the
    corpus (tests parametrized over them carry the `corpus` marker)."""
    return sorted(p for p in CORPUS.rglob("*") if p.suffix in GAME_SUFFIXES)


def corpus_modules() -> list[Path]:
    """Every corpus module definition (bare buildFile / buildFile.xml)."""
    return sorted(p for p in CORPUS.rglob("*") if p.name in MODULE_NAMES)


def _missing(what: str) -> None:
    if on_ci():
        pytest.fail(f"{what} is missing on CI ({CORPUS_MISSING})")
    pytest.skip(CORPUS_MISSING if not corpus_present() else f"{what} is missing",
                allow_module_level=True)


def require_pillow() -> None:
    """Pillow (the `images` extra, in the `dev` extra `dev.py` installs): a test of image
    downscaling is skipped without it, saying so, and fails on CI, where it is installed."""
    try:
        import PIL  # noqa: F401  (only whether it imports)
    except ImportError:
        reason = "Pillow is not installed (pip install -e '.[images]'): nothing to downscale with"
        if on_ci():
            pytest.fail(f"CI=true: {reason}")
        pytest.skip(reason)


def require_corpus() -> Path:
    """The corpus folder; the test is skipped without it (the one reason), failed on CI."""
    if not corpus_present():
        _missing("the VASSAL corpus")
    return CORPUS


def corpus_file(relative: str) -> Path:
    """A corpus file by its path in the corpus; the test (or, called at import, its whole
    module) is skipped when the corpus is absent, and fails instead on CI (`CI=true`)."""
    path = CORPUS / relative
    if not path.is_file():
        _missing(f"the corpus file {path}")
    return path


def shared_file(relative: str) -> Path:
    """A file of `../shared` other than the corpus (a rule digest, a map, FORMAT.md), by its
    path there; skipped or failed as `corpus_file`."""
    path = SHARED / relative
    if not path.is_file():
        if on_ci():
            pytest.fail(f"the shared file {path} is missing on CI")
        pytest.skip(f"the shared files are not at {SHARED} (clone ../shared beside the "
                    "repository)", allow_module_level=True)
    return path


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line("markers", "corpus: reads the real VASSAL corpus (skipped "
                            "without it, failed on CI)")


@pytest.hookimpl(tryfirst=True)
def pytest_runtest_setup(item: pytest.Item) -> None:
    """Skip a `corpus` test without the corpus, with the one reason (fail it on CI)."""
    if item.get_closest_marker("corpus") is not None and not corpus_present():
        if on_ci():
            pytest.fail(f"CI=true: {CORPUS_MISSING}")
        pytest.skip(CORPUS_MISSING)


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
