"""Whole-process benchmarks run the code as an installed package runs it: from bytecode.

`pip install` compiles a package's modules, and Python caches the bytecode of a checkout's
modules the first time it imports them, unless `PYTHONDONTWRITEBYTECODE` is set. A
benchmark run where it is set (some sandboxes and CI images set it) would compile every
module from source in every process it starts: about 150 ms of a small file's check,
which no user pays. `as_installed()` compiles the project's packages once (`compileall`,
into their `__pycache__`, which git ignores) and lets the processes the benchmark starts
use the cache.
"""

from __future__ import annotations

import compileall
import os
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
PACKAGES = ("adjudicator", "vmod_schema")


def as_installed() -> str:
    """Compile the project's packages and let child processes read their bytecode; the
    line to print about it."""
    for package in PACKAGES:
        compileall.compile_dir(REPO / package, quiet=1)
    was_set = os.environ.pop("PYTHONDONTWRITEBYTECODE", None) is not None
    return ("bytecode: compiled and cached, as an installed package runs"
            + (" (PYTHONDONTWRITEBYTECODE was set: unset for the processes measured)"
               if was_set else ""))
