"""Running per-file work over many files: a local process pool by default, or a Dask
cluster (`dask://HOST:PORT`, the optional `distributed` extra).

Audits and the watcher map one function over files, so where it runs is a detail:
`open_executor(spec, jobs)` gives a `FileExecutor` whose `run(task, items)` yields each
item's result as it completes (an audit's items are batches of files,
`adjudicator.audit.work`), and whose `map_files` yields each file's report (`check_file`,
the watcher's), keeping at most a few items per worker in flight (memory stays flat
however many files there are).

Hostile files cannot stop the run. Each local worker runs under the memory ceiling every
command runs under (`adjudicator.ceilings`: its address space may grow by at most
`ADJUDICATOR_MEMORY_LIMIT` from its start), and checks each file under the time ceiling
(`check_file`), so a file that would need more fails in its worker (reported for that file)
instead of exhausting the machine. A worker that
dies anyway is replaced; the items it was checking are split into single files
(`split`) and checked again one at a time in a fresh worker, so only the file that kills
a worker is reported as having done so (`died`).

Nothing outlives the process that started the workers, even a `kill -9` of it. Each worker
watches a *lifeline*: the read end of a pipe whose write end only that process holds. When it
dies, the kernel closes the write end, the worker reads end-of-file and exits. (A parent-death
signal would not do: a worker's parent is the forkserver, not the process that wants it.)
With the workers gone the forkserver and the resource tracker see their own pipes close and
exit too.
"""

from __future__ import annotations

import contextlib
import multiprocessing
import os
import sys
import threading
from abc import ABC, abstractmethod
from collections.abc import Callable, Iterable, Iterator, Sequence
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from concurrent.futures.process import BrokenProcessPool
from functools import partial
from multiprocessing.connection import Connection
from pathlib import Path
from types import TracebackType
from typing import Any, TypeVar

from adjudicator.ceilings import cap_process_memory, memory_ceiling
from adjudicator.errors import AdjudicatorError
from adjudicator.folderconfig import FolderConfig
from adjudicator.report.models import Report

IN_FLIGHT_PER_WORKER = 4
WORKER_DIED = ("checking this file stopped the worker process (it ran out of memory or "
               "crashed); nothing was judged")

Item = tuple[Path, FolderConfig]
Task = Callable[[Path, FolderConfig], Report]
"""What `map_files` maps over the files: `check_file` (a picklable module-level
function)."""
PRELOADED = ["adjudicator.audit.job", "adjudicator.audit.work"]
"""What the forkserver imports once for all its workers (every game system)."""


def check_file(path: Path, config: FolderConfig) -> Report:
    """`adjudicator.audit.job.check_file`, imported where it runs: the process that
    starts the workers need not import every game system."""
    from adjudicator.audit.job import check_file as check

    return check(path, config)


def _ready() -> None:
    """Nothing: submitted once per worker to start it early (`LocalExecutor.start`)."""
T = TypeVar("T")
R = TypeVar("R")


def _alone(item: T) -> Sequence[T]:
    return (item,)


def _call(task: Task, item: Item) -> Report:
    return task(*item)


def _died_report(item: Item) -> Report:
    from adjudicator.check import unreadable_report

    path, config = item
    return unreadable_report(None, source=path, module=config.module, error=WORKER_DIED,
                             full_paths=config.full_paths)


class FileExecutor(ABC):
    """Runs per-file work somewhere and yields the results as they complete."""

    task: Task = staticmethod(check_file)
    """What `map_files` runs on each file."""

    @abstractmethod
    def run(self, task: Callable[[T], R], items: Iterable[T], *,
            died: Callable[[T], R], split: Callable[[T], Sequence[T]] = _alone
            ) -> Iterator[tuple[T, R]]:
        """Run `task` (picklable) on every item; yield (item, result) in completion order.
        Items a dead worker had are `split` and each part run alone; a part that kills
        its worker again gets `died(part)`."""

    def map_files(self, items: Iterable[Item]) -> Iterator[tuple[Path, Report]]:
        """Check every (file, configuration); yield (file, report) in completion order."""
        for item, report in self.run(partial(_call, self.task), items, died=_died_report):
            yield item[0], report

    @abstractmethod
    def close(self) -> None:
        """Release the workers."""

    def __enter__(self) -> FileExecutor:
        return self

    def __exit__(self, kind: type[BaseException] | None, error: BaseException | None,
                 trace: TracebackType | None) -> None:
        self.close()


_lifeline: tuple[Connection, Connection] | None = None
"""This process's lifeline (read end, write end); the write end never leaves it."""
_lifeline_lock = threading.Lock()
LIFELINE_EXIT = 70
"""A worker's exit status when the process that started it is gone."""


def lifeline() -> Connection:
    """The read end of this process's lifeline, for its workers: it reaches end-of-file when
    this process ends, however it ends. Made once per process. (Workers must not be forked
    from this process, which would copy the write end into them; `_context` never does.)"""
    global _lifeline
    with _lifeline_lock:
        if _lifeline is None or _lifeline[1].closed:
            _lifeline = multiprocessing.Pipe(duplex=False)
        return _lifeline[0]


def _exit_with(line: Connection) -> None:
    """Block until the lifeline's write end is closed, then end this process at once
    (`os._exit`: what the worker was doing has no one left to report to)."""
    with contextlib.suppress(EOFError, OSError):
        while True:
            line.recv_bytes()  # nothing is ever sent: this returns only by raising
    os._exit(LIFELINE_EXIT)


def _start_worker(limit: int | None, line: Connection | None) -> None:
    """Worker initializer: die with the process that started the pool (`line`), and cap
    the address space."""
    if line is not None:
        threading.Thread(target=_exit_with, args=(line,), name="adjudicator-lifeline",
                         daemon=True).start()
    if limit is not None:
        cap_process_memory(limit)


def _context() -> Any:
    """Forked from a clean server process where available (the watcher has threads, which
    a plain fork would copy half-way), with the checking code preloaded."""
    if sys.platform.startswith("linux"):
        context = multiprocessing.get_context("forkserver")
        context.set_forkserver_preload(PRELOADED)
        return context
    return multiprocessing.get_context("spawn")


class LocalExecutor(FileExecutor):
    """A local process pool (`jobs` workers); `jobs=0` checks in this process."""

    def __init__(self, jobs: int, *, memory_limit: int | None = None,
                 task: Task = check_file) -> None:
        """`memory_limit`: what a worker may add to its address space (bytes; default
        the memory ceiling, `adjudicator.ceilings.memory_ceiling`)."""
        self.jobs = jobs
        self.memory_limit = memory_limit if memory_limit is not None else memory_ceiling()
        self.task = task
        self._pool: ProcessPoolExecutor | None = None

    def start(self) -> None:
        """Start the workers now, without waiting for them: they import the checking code
        while this process gets the files ready. (Starting one waits for the forkserver's
        imports, so a thread of this process does it.)"""
        if self.jobs <= 0 or self._pool is not None:
            return
        pool = self._pool = self._new_pool(self.jobs)

        def spawn() -> None:
            with contextlib.suppress(RuntimeError):  # closed meanwhile
                for _ in range(self.jobs):
                    pool.submit(_ready)

        threading.Thread(target=spawn, name="adjudicator-start-workers", daemon=True).start()

    def _new_pool(self, workers: int) -> ProcessPoolExecutor:
        return ProcessPoolExecutor(max_workers=workers, mp_context=_context(),
                                   initializer=_start_worker,
                                   initargs=(self.memory_limit, lifeline()))

    def run(self, task: Callable[[T], R], items: Iterable[T], *,
            died: Callable[[T], R], split: Callable[[T], Sequence[T]] = _alone
            ) -> Iterator[tuple[T, R]]:
        if self.jobs <= 0:
            for item in items:
                yield item, task(item)
            return
        if self._pool is None:
            self._pool = self._new_pool(self.jobs)
        pending: dict[Future[R], T] = {}
        source = iter(items)
        exhausted = False
        while True:
            while not exhausted and len(pending) < self.jobs * IN_FLIGHT_PER_WORKER:
                try:
                    item = next(source)
                except StopIteration:
                    exhausted = True
                    break
                pending[self._pool.submit(task, item)] = item
            if not pending:
                return
            done, _ = wait(pending, return_when=FIRST_COMPLETED)
            broken: list[T] = []
            for future in done:
                item = pending.pop(future)
                try:
                    yield item, future.result()
                except BrokenProcessPool:
                    broken.append(item)
            if broken:
                broken += list(pending.values())
                pending.clear()
                self._pool.shutdown(wait=False, cancel_futures=True)
                self._pool = self._new_pool(self.jobs)
                yield from self._one_by_one(task, [part for item in broken
                                                   for part in split(item)], died)

    def _one_by_one(self, task: Callable[[T], R], items: list[T],
                    died: Callable[[T], R]) -> Iterator[tuple[T, R]]:
        """Run the items a dead worker had, each alone in a fresh worker."""
        for item in items:
            with self._new_pool(1) as alone:
                try:
                    yield item, alone.submit(task, item).result()
                except BrokenProcessPool:
                    yield item, died(item)

    def close(self) -> None:
        if self._pool is not None:
            self._pool.shutdown(wait=True, cancel_futures=True)
            self._pool = None


class DaskExecutor(FileExecutor):
    """The same work on a Dask distributed cluster (`pip install vassal-adjudicator[distributed]`).

    The files must be readable at the same paths by the cluster's workers (a shared
    folder): an audit's workers also write the sidecars and use the cache there
    (`adjudicator.audit.work`); the watcher's `map_files` only returns reports. A worker
    that dies is Dask's to retry.
    """

    def __init__(self, address: str | Any, *, in_flight: int = 64) -> None:
        try:
            from distributed import Client
        except ImportError:
            raise AdjudicatorError(
                "the dask executor needs the optional extra: pip install "
                "'vassal-adjudicator[distributed]'") from None
        self._client = Client(address)  # type: ignore[no-untyped-call]
        self.in_flight = in_flight

    def run(self, task: Callable[[T], R], items: Iterable[T], *,
            died: Callable[[T], R], split: Callable[[T], Sequence[T]] = _alone
            ) -> Iterator[tuple[T, R]]:
        from distributed import as_completed

        source = iter(items)
        submitted: dict[object, T] = {}

        def submit(item: T) -> Any:
            future = self._client.submit(task, item, pure=False)
            submitted[future.key] = item
            return future

        # range first: zip stops on it without pulling one item too many from `source`.
        first = [submit(item) for _, item in zip(range(self.in_flight), source,
                                                  strict=False)]
        if not first:
            return
        flow = as_completed(first)  # type: ignore[no-untyped-call]
        for future in flow:
            yield submitted.pop(future.key), future.result()
            try:
                following = next(source)
            except StopIteration:
                continue
            flow.add(submit(following))  # type: ignore[no-untyped-call]

    def close(self) -> None:
        self._client.close()  # type: ignore[no-untyped-call]


def open_executor(spec: str | None, jobs: int) -> FileExecutor:
    """`None`/`local`: a local pool of `jobs` workers (0: in this process);
    `dask://HOST:PORT` (or `tcp://…`): a Dask scheduler.

    Raises:
        AdjudicatorError: an unknown executor, or dask requested but not installed.
    """
    if spec is None or spec == "local":
        return LocalExecutor(jobs)
    if spec.startswith("dask://"):
        return DaskExecutor("tcp://" + spec.removeprefix("dask://"))
    if spec.startswith("tcp://"):
        return DaskExecutor(spec)
    raise AdjudicatorError(f"unknown executor {spec!r}; use local or dask://HOST:PORT")
