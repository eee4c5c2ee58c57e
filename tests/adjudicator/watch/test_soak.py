"""The soak of `bench/soak.py`, small enough for CI: files dropped at random intervals into
a watched folder (bad ones, slow ones, rewritten ones, hostile names) all end with one
up-to-date sidecar set, the watcher alive and stopping cleanly, inputs unchanged, memory
bounded. Its figures are printed, never asserted (tests never time things)."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

import pytest

from tests.conftest import REPO

FILES = 120
MEMORY_MB = 1024.0
"""A bound far above what the watcher and its workers need (about 200 MB): a leak of the
per-file kind would cross it in a longer run, a stuck decompression at once."""


def load_soak() -> ModuleType:
    """`bench/soak.py` as a module (registered: its dataclasses need it)."""
    spec = importlib.util.spec_from_file_location("bench_soak", REPO / "bench" / "soak.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


@pytest.mark.slow
def test_many_files_dropped_into_a_watched_folder_each_get_one_current_sidecar_set(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    soak = load_soak()
    result = soak.run_soak(tmp_path / "watched", files=FILES, interval=0.02, jobs=2, seed=3,
                           timeout=60.0, memory_mb=MEMORY_MB, log=tmp_path / "watch.log")
    with capsys.disabled():
        print("\n" + soak.figures(result))
    assert result.failures == [], (tmp_path / "watch.log").read_text(errors="replace")[-2000:]
    assert len(result.latencies) + len(result.bad_latencies) == FILES
    assert result.bad_latencies, "the soak dropped no bad file"
