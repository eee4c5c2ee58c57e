"""What reading one file may cost: the memory and time ceilings every command runs under.

Any file a player sends is hostile. The readers bound every count, length and depth they
read (`vmod_schema.archive.Limits`), and behind them two ceilings stop what a bound missed:

- **memory**: the process's address space may grow by at most `memory_ceiling()` bytes
  beyond what it held when the command started (`RLIMIT_AS`, POSIX). An allocation past it
  raises `MemoryError` in the file's own code, which `one_file` turns into `OverMemory`;
- **time**: one file may take at most `time_ceiling()` seconds (wall clock: a `SIGALRM`
  timer in the main thread, and in any thread a deadline the replay checks at each step),
  past which `OverTime` is raised in the file's own code.

`check`, `inspect`, `series`, `bind` and `audit --jobs 0` run under both in their own
process (`adjudicator.cli.main` caps the process, each command times each file); the
workers of `watch` and `audit` under the same two, one worker and one file at a time. A
file past a ceiling gets the `unreadable` report (or, for commands that write no report, one
line and exit status 2) naming the ceiling and how to raise it:

- `ADJUDICATOR_MEMORY_LIMIT`: MiB (default 3072; `0`: no ceiling);
- `ADJUDICATOR_TIME_LIMIT`: seconds per file (default 300; `0`: no ceiling).
"""

from __future__ import annotations

import os
import signal
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from types import FrameType

from adjudicator.errors import AdjudicatorError

MEMORY_CEILING_MIB = 3072
"""Address space a command may add (MiB): ten times what the largest real save needs and
six times what a legal 100,000-step log does (bench/check_wfa.py), far below what a
decompression bomb or an unbounded count would take."""
TIME_CEILING_SECONDS = 300.0
"""Seconds one file may take: a 100,000-step legal log takes about 22 s
(bench/check_wfa.py)."""
MEMORY_VARIABLE = "ADJUDICATOR_MEMORY_LIMIT"
TIME_VARIABLE = "ADJUDICATOR_TIME_LIMIT"
MIB = 1024 ** 2
OVER_MEMORY = "checking it needs more memory than the limit allows"
OVER_TIME = "checking it took longer than the limit allows"


class CeilingExceeded(AdjudicatorError):
    """Reading or checking a file went past a ceiling; nothing of it was judged."""


class OverMemory(CeilingExceeded):
    """The file needs more memory than the ceiling allows."""


class OverTime(CeilingExceeded):
    """The file takes longer than the ceiling allows."""


def _setting(variable: str, default: float) -> float | None:
    """A ceiling from the environment (`0`: none); the default when unset or not a
    number."""
    text = os.environ.get(variable, "").strip()
    try:
        value = float(text) if text else default
    except ValueError:
        value = default
    return value if value > 0 else None


def memory_ceiling() -> int | None:
    """Bytes of address space a command may add (None: no ceiling)."""
    mib = _setting(MEMORY_VARIABLE, MEMORY_CEILING_MIB)
    return int(mib * MIB) if mib is not None else None


def time_ceiling() -> float | None:
    """Seconds one file may take (None: no ceiling)."""
    return _setting(TIME_VARIABLE, TIME_CEILING_SECONDS)


def memory_text(limit: int | None = None) -> str:
    """The memory ceiling as a report names it."""
    limit = memory_ceiling() if limit is None else limit
    amount = f"{limit / 1024 ** 3:g} GiB" if limit and limit % (1024 ** 3) == 0 else (
        f"{(limit or 0) // MIB} MiB")
    return f"{amount} of memory; {MEMORY_VARIABLE} (MiB) raises it"


def time_text(seconds: float | None = None) -> str:
    """The time ceiling as a report names it."""
    seconds = time_ceiling() if seconds is None else seconds
    return f"{seconds or 0:g} s per file; {TIME_VARIABLE} (seconds) raises it"


def over_memory(file: str | Path | None = None) -> OverMemory:
    """The error of a file (or, without one, of the command) past the memory ceiling."""
    if file is None:
        return OverMemory(f"the command needs more memory than the limit allows "
                          f"({memory_text()})")
    return OverMemory(f"{OVER_MEMORY} ({memory_text()}); nothing was judged", file=file)


def over_time(file: str | Path | None = None) -> OverTime:
    """The error of a file past the time ceiling."""
    return OverTime(f"{OVER_TIME} ({time_text()}); nothing was judged", file=file)


def _used_address_space() -> int:
    """The process's address space now (bytes; 0 where it cannot be told)."""
    try:
        with open("/proc/self/statm", "rb") as handle:
            pages = int(handle.read().split()[0])
        return pages * os.sysconf("SC_PAGE_SIZE")
    except (OSError, ValueError, IndexError):
        return 0


def cap_process_memory(limit: int | None = None) -> int | None:
    """Let this process's address space grow by at most `limit` bytes (default
    `memory_ceiling()`) from now on: the soft `RLIMIT_AS`, never above the hard one and
    never below what is used. Returns the cap set (None: none, or not on this system)."""
    limit = memory_ceiling() if limit is None else limit
    if limit is None:
        return None
    try:
        import resource
    except ImportError:  # not POSIX: no cap
        return None
    try:
        _, hard = resource.getrlimit(resource.RLIMIT_AS)
        cap = _used_address_space() + limit
        if hard != resource.RLIM_INFINITY:
            cap = min(cap, hard)
        resource.setrlimit(resource.RLIMIT_AS, (cap, hard))
    except (ValueError, OSError):
        return None
    return cap


_DEADLINE = threading.local()
"""The running file's deadline in this thread (`file_time`), for `check_deadline`."""


def check_deadline() -> None:
    """Raise `OverTime` if the file being read in this thread is past its deadline: the
    replay calls it once a step, so a thread no timer's signal reaches (the watcher's
    dispatcher with `--jobs 0`) still stops a long file."""
    deadline: tuple[float, str | Path | None] | None = getattr(_DEADLINE, "value", None)
    if deadline is not None and time.monotonic() > deadline[0]:
        raise over_time(deadline[1])


@contextmanager
def file_time(file: str | Path | None = None,
              seconds: float | None = None) -> Iterator[None]:
    """Raise `OverTime` (naming `file`) in the code inside once it has run `seconds`
    (default `time_ceiling()`): in the main thread by a timer's signal, which stops even a
    blocking read; in any thread at the next step of a replay (`check_deadline`). Nested
    uses keep the outer ceiling; with no ceiling it does nothing."""
    seconds = time_ceiling() if seconds is None else seconds
    if seconds is None or getattr(_DEADLINE, "value", None) is not None:
        yield
        return
    _DEADLINE.value = (time.monotonic() + seconds, file)
    try:
        if (threading.current_thread() is not threading.main_thread()
                or not hasattr(signal, "setitimer")
                or signal.getitimer(signal.ITIMER_REAL)[0] > 0):
            yield
            return

        def expire(signum: int, frame: FrameType | None) -> None:
            raise over_time(file)

        previous = signal.signal(signal.SIGALRM, expire)
        signal.setitimer(signal.ITIMER_REAL, seconds)
        try:
            yield
        finally:
            signal.setitimer(signal.ITIMER_REAL, 0)
            signal.signal(signal.SIGALRM, previous)
    finally:
        _DEADLINE.value = None


@contextmanager
def one_file(file: str | Path | None = None,
             seconds: float | None = None) -> Iterator[None]:
    """Read or check one file under both ceilings: past the time ceiling `OverTime`, past
    the memory ceiling (a `MemoryError`) `OverMemory`, each naming `file`."""
    try:
        with file_time(file, seconds):
            yield
    except MemoryError:
        raise over_memory(file) from None
