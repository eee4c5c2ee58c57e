"""Running an audit: find the files, hand them in batches to the executor's workers (each
file from the cache when it can, else checked; its sidecars written; a small digest sent
back, `adjudicator.audit.work`), and hand every result to the caller as it comes.

`collect_files(paths)` walks folders recursively for saves and logs (our own sidecars and
hidden files left out). `check_all(files, ...)` is what `adjudicator audit` runs: the
configuration of each file is the `--config` file, else the nearest `adjudicator.toml` from
its folder up to the audited folder, with the command-line options laid over it
(`adjudicator.folders.ConfigResolver`, as the watcher does); reports are cached by
content and configuration (`ReportCache`), as the watcher's are. The process that runs
the audit reads no game file: it resolves configurations, repairs the sidecar folders
once (`FolderRepair`) and names the files.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path, PurePath

from adjudicator.audit.cache import ReportCache
from adjudicator.audit.executor import WORKER_DIED, FileExecutor, LocalExecutor
from adjudicator.audit.summary import AuditedFile, CheckedFile
from adjudicator.audit.work import AuditJob, FileOutcome, audit_files, died
from adjudicator.errors import AdjudicatorError
from adjudicator.folderconfig import FolderConfig
from adjudicator.folders import (
    Checking,
    ConfigResolver,
    game_files,
    is_game_file,
    sidecar_folder,
)
from adjudicator.report.sidecar import FolderRepair, recover_sidecar_sets
from vmod_schema.files import printable_path

BATCH_FILES = 8
"""Files per batch at most (their sidecar sets are committed together); fewer when there
are too few files to give each local worker several batches."""
BATCHES_PER_WORKER = 4


@dataclass(frozen=True, slots=True)
class AuditFileSet:
    """The files to audit and the folder each was found under (its configuration is looked
    for from the file's folder up to that root)."""

    files: tuple[tuple[Path, Path], ...]
    """(file, root) pairs, absolute, without duplicates, in the order found."""


def collect_files(paths: Iterable[Path]) -> AuditFileSet:
    """The saves and logs named, folders walked recursively.

    Raises:
        AdjudicatorError: a path does not exist, or no save or log was found.
    """
    found: dict[Path, Path] = {}
    for given in paths:
        path = given.absolute()
        if path.is_dir():
            for file in game_files(path, recursive=True):
                found.setdefault(file, path)
        elif path.is_file():
            if not is_game_file(path):
                raise AdjudicatorError(f"{printable_path(given)}: not a .vlog or .vsav file")
            found.setdefault(path, path.parent)
        else:
            raise AdjudicatorError(f"{printable_path(given)}: no such file or folder")
    if not found:
        raise AdjudicatorError("no .vlog or .vsav file found in "
                               + ", ".join(printable_path(p) for p in paths))
    return AuditFileSet(tuple(found.items()))


@dataclass(slots=True)
class Resolvers:
    """One configuration resolver per audited root (they share options)."""

    explicit: Path | None
    overrides: Mapping[str, object]
    _by_root: dict[Path, ConfigResolver]

    @classmethod
    def create(cls, explicit: Path | None, overrides: Mapping[str, object]) -> Resolvers:
        return cls(explicit, dict(overrides), {})

    def checking(self, path: Path, root: Path) -> Checking:
        """What `path` is checked with (never raises: a bad configuration is an error)."""
        resolver = self._by_root.get(root)
        if resolver is None:
            resolver = ConfigResolver(root, self.explicit, self.overrides)
            self._by_root[root] = resolver
        return resolver.for_file(path)


def configuration_errors(files: AuditFileSet, resolvers: Resolvers) -> list[str]:
    """Every distinct configuration error of the files (empty when all can be read)."""
    errors: dict[str, None] = {}
    for path, root in files.files:
        checking = resolvers.checking(path, root)
        if checking.error is not None:
            errors.setdefault(checking.error)
    return list(errors)


OnResult = Callable[[AuditedFile], None]
Batch = tuple[AuditJob, ...]


def check_all(files: AuditFileSet, resolvers: Resolvers, *, executor: FileExecutor,
              cache: ReportCache | None, reuse: bool = True, write: bool = True,
              sidecar_dir: Path | None = None,
              on_result: OnResult | None = None) -> list[AuditedFile]:
    """Check every file (cached reports reused unless `reuse` is false; new reports are
    cached), write its sidecars (formats from its configuration; beside it, or under
    `sidecar_dir` mirroring the sub-folders of its audited folder), and return the results
    in the order they completed.

    A file whose sidecars cannot be written is still in the results, without sidecars.
    """
    roots = dict(files.files)
    checkings = {path: resolvers.checking(path, root) for path, root in files.files}
    labels = {path: audit_label(path, roots[path], full=checkings[path].config.full_paths)
              for path in roots}
    in_folder = Counter(str(PurePath(label).parent) for label in labels.values())
    jobs = [AuditJob(path=path, config=checkings[path].config,
                     cache_key=checkings[path].key,
                     cache_dir=cache.directory if cache is not None else None, reuse=reuse,
                     write=write, out_dir=sidecar_folder(path, roots[path], sidecar_dir),
                     series=in_folder[str(PurePath(labels[path]).parent)] > 1)
            for path in roots]
    folders = list(dict.fromkeys(job.out_dir if job.out_dir is not None else job.path.parent
                                 for job in jobs))
    if write:
        repair = FolderRepair()
        for folder in folders:
            repair.before_writing(folder)
    results: list[AuditedFile] = []
    broken: list[Batch] = []

    def split(batch: Batch) -> Sequence[Batch]:
        broken.append(batch)
        return [(job,) for job in batch]

    for _, outcomes in executor.run(audit_files, _batches(jobs, executor),
                                    died=_died, split=split):
        for outcome in outcomes:
            item = _audited(outcome, checkings[outcome.path].config, labels[outcome.path],
                            roots[outcome.path], sidecar_dir)
            results.append(item)
            if on_result is not None:
                on_result(item)
    if write and broken:  # a worker died: what it left half-done is finished or removed
        for folder in folders:
            recover_sidecar_sets(folder)
    return results


def _batches(jobs: Sequence[AuditJob], executor: FileExecutor) -> Iterator[Batch]:
    """The jobs in batches of at most `BATCH_FILES`, small enough that each local worker
    gets several (the last batches keep every worker busy to the end)."""
    workers = executor.jobs if isinstance(executor, LocalExecutor) else 0
    size = BATCH_FILES
    if workers > 0:
        size = max(1, min(BATCH_FILES, math.ceil(len(jobs) / (workers *
                                                              BATCHES_PER_WORKER))))
    for start in range(0, len(jobs), size):
        yield tuple(jobs[start:start + size])


def _died(batch: Batch) -> list[FileOutcome]:
    return [died(job, WORKER_DIED) for job in batch]


def _audited(outcome: FileOutcome, config: FolderConfig, label: str, root: Path,
             sidecar_dir: Path | None) -> AuditedFile:
    base = root if sidecar_dir is None else sidecar_dir
    return AuditedFile(path=outcome.path, digest=outcome.digest, sidecars=outcome.sidecars,
                       module=config.module, cached=outcome.cached, label=label,
                       sidecar_labels=tuple(audit_label(s, base, full=config.full_paths)
                                            for s in outcome.sidecars))


def audit_label(path: Path, root: Path, *, full: bool = False) -> str:
    """How the audit summary names a file: relative to the folder it was found under, with
    that folder's name first (`games/turn-3.vlog`), so no home folder is written; the
    absolute path with `full`.

    >>> audit_label(Path("/home/ann/season/games/t3.vlog"), Path("/home/ann/season/games"))
    'games/t3.vlog'
    """
    if full:
        return printable_path(path)
    try:
        inside = path.relative_to(root)
    except ValueError:
        return printable_path(path.name)
    return printable_path(Path(root.name) / inside if root.name else inside)


__all__ = [
    "AuditFileSet",
    "AuditedFile",
    "CheckedFile",
    "Resolvers",
    "audit_label",
    "check_all",
    "collect_files",
    "configuration_errors",
]
