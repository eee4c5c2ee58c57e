"""Running an audit: find the files, check each (from the cache when it can, else on the
executor), write each file's sidecars, and hand every result to the caller as it comes.

`collect_files(paths)` walks folders recursively for saves and logs (our own sidecars and
hidden files left out). `check_all(files, ...)` is what `adjudicator audit` runs: the
configuration of each file is the `--config` file, else the nearest `adjudicator.toml` from
its folder up to the audited folder, with the command-line options laid over it
(`adjudicator.folders.ConfigResolver`, as the watcher does); reports are cached by
content and configuration (`ReportCache`), as the watcher's are.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, replace
from pathlib import Path

from adjudicator.audit.cache import ReportCache
from adjudicator.audit.executor import FileExecutor
from adjudicator.audit.summary import CheckedFile
from adjudicator.check import file_sha256, unreadable_report
from adjudicator.errors import AdjudicatorError
from adjudicator.folderconfig import FolderConfig
from adjudicator.folders import (
    Checking,
    ConfigResolver,
    game_files,
    is_game_file,
    sidecar_folder,
)
from adjudicator.report.models import Report
from adjudicator.report.sidecar import FolderRepair, write_sidecars
from vmod_schema.files import printable_path


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


OnResult = Callable[[CheckedFile], None]


def check_all(files: AuditFileSet, resolvers: Resolvers, *, executor: FileExecutor,
              cache: ReportCache | None, reuse: bool = True, write: bool = True,
              sidecar_dir: Path | None = None,
              on_result: OnResult | None = None) -> list[CheckedFile]:
    """Check every file (cached reports reused unless `reuse` is false; new reports are
    cached), write its sidecars (formats from its configuration; beside it, or under
    `sidecar_dir` mirroring the sub-folders of its audited folder), and return the results
    in the order they completed.

    A file whose sidecars cannot be written is still in the results, without sidecars.
    """
    results: list[CheckedFile] = []

    def done(item: CheckedFile) -> None:
        results.append(item)
        if on_result is not None:
            on_result(item)

    roots = dict(files.files)
    repair = FolderRepair()

    def finish(path: Path, report: Report, config: FolderConfig, cached: bool) -> None:
        out_dir = sidecar_folder(path, roots[path], sidecar_dir)
        if write:
            repair.before_writing(out_dir if out_dir is not None else path.parent)
        checked = _finish(path, report, config, write=write, cached=cached, out_dir=out_dir)
        root = roots[path]
        sidecar_base = root if sidecar_dir is None else sidecar_dir
        done(replace(checked, label=audit_label(path, root, full=config.full_paths),
                     sidecar_labels=tuple(audit_label(s, sidecar_base, full=config.full_paths)
                                          for s in checked.sidecars)))

    pending: dict[Path, tuple[Checking, str]] = {}
    for path, root in files.files:
        checking = resolvers.checking(path, root)
        try:
            sha256 = file_sha256(path)
        except OSError as error:
            report = unreadable_report(None, source=path, module=None, sha256="",
                                       error=f"{printable_path(path)}: cannot read the file: "
                                       f"{error.strerror}",
                                       full_paths=checking.config.full_paths)
            finish(path, report, checking.config, False)
            continue
        cached = (cache.get(sha256, checking.key, path,
                            full_paths=checking.config.full_paths)
                  if cache is not None and reuse else None)
        if cached is not None:
            finish(path, cached, checking.config, True)
        else:
            pending[path] = (checking, sha256)
    for path, report in executor.map_files(_items(pending)):
        checking, _ = pending[path]
        if cache is not None:
            cache.put(report, checking.key)
        finish(path, report, checking.config, False)
    return results


def _items(pending: Mapping[Path, tuple[Checking, str]]) -> Iterator[tuple[Path,
                                                                          FolderConfig]]:
    for path, (checking, _) in pending.items():
        yield path, checking.config


def _finish(path: Path, report: Report, config: FolderConfig, *, write: bool,
            cached: bool, out_dir: Path | None) -> CheckedFile:
    sidecars: Sequence[Path] = ()
    if write:
        try:
            sidecars = write_sidecars(report, path, config.formats, out_dir=out_dir)
        except OSError:
            sidecars = ()
    return CheckedFile(path=path, report=report, sidecars=tuple(sidecars),
                       module=config.module, cached=cached)


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
    "CheckedFile",
    "Resolvers",
    "audit_label",
    "check_all",
    "collect_files",
    "configuration_errors",
]
