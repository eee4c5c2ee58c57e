"""Pausing Python's cyclic garbage collector while a file is read or replayed in bulk.

Reading a save and replaying a long log allocate millions of small objects that form no
reference cycle (commands, pieces, positions) and mostly live until the end. Each of
them counts towards the collector's thresholds, so a long replay triggers collections
that walk the ever-growing heap, and find nothing: about a third of a 100,000-step replay
(`bench/replay.py` measures it). Reference counting still frees everything as usual
while the collector is paused; only cycles wait until it runs again.
"""

from __future__ import annotations

import gc
from collections.abc import Iterator
from contextlib import contextmanager


@contextmanager
def paused_collection() -> Iterator[None]:
    """Keep the cyclic collector off inside the block, then restore it as it was.

    Nested blocks are free: only the outermost turns the collector back on. Cycles made
    inside the block are collected by the collector's next run after it.
    """
    if not gc.isenabled():
        yield
        return
    gc.disable()
    try:
        yield
    finally:
        gc.enable()
