"""Writing a report beside its file: `game.vlog` → `game.vlog.adjudication.json` (and
`.md`/`.html`/`.discord.md` when asked), as one consistent *sidecar set*.

A file's sidecars are a set: after any crash a reader finds either the whole old set or
the whole new one, never a new JSON beside an old Markdown. The protocol (`write_sidecars`):

1. **Stamp.** Every sidecar names the content it reports on: the JSON's `source.sha256`,
   and a last line `<!-- adjudication-set sha256=… -->` in Markdown and HTML, or
   `-# adjudication-set sha256=…` in the Discord summary (Discord shows it as small
   grey text, where it would show a comment as is; `sidecar_sha256` reads any). A set
   is consistent when all its sidecars name the same sha256, and current when that is
   the file's sha256 (`sidecar_set_current`).
2. **Temps.** Each sidecar is written to a hidden temp beside its target,
   `.NAME.adjudication.FMT.tmp-PID-TOKEN`, flushed and fsynced (a name too long for the
   file system is replaced by a digest in temps and journals).
3. **Journal.** Only when every temp is complete, a journal `.NAME.adjudication.set`
   (JSON: writer pid, the renames to make, the sidecars of formats no longer asked for, to
   remove) is written atomically (temp, fsync, rename) and the folder fsynced: from
   here on the new set is committed.
4. **Renames** in a fixed order, HTML, Discord, Markdown, then JSON last (a reader that waits for
   the JSON finds the others already in place), then the stale formats removed, the folder
   fsynced and the journal deleted.

Recovery (`recover_sidecar_sets`, run by the watcher at startup, and by `check` and `audit`
before they first write in a folder, through `FolderRepair`): a journal left by a
writer that is no longer running is rolled forward (its renames are idempotent: a temp
already renamed is skipped), so a crash after step 3 ends with the new set; temps of
writers that are no longer running are removed, so a crash before step 3 ends with the old
set and no temp left behind. Temps and journals of a live writer are left alone.

**Batches** (`SidecarBatch`, what `audit`'s workers use): the same protocol, each stage
made for every file of a batch before the next, with one file-system sync per stage
instead of fsyncs per file: (1) every file's temps and journal temp written, then synced
together; (2) the journal temps renamed to their journals, then synced: the commit point
of the whole batch; (3) the sidecars renamed into place and the stale formats removed,
then synced; (4) the journals deleted. A crash leaves each file of the batch with its old
set (before 2: temps and journal temps are removed by recovery) or its new one (after 2:
the journals are rolled forward), and never a journal or a sidecar whose bytes were not
yet on disk under its final name. On Linux a stage's sync is one `syncfs` per file system
touched, elsewhere an `fsync` of every file and folder.
"""

from __future__ import annotations

import contextlib
import ctypes
import errno
import hashlib
import json
import os
import re
import secrets
import sys
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from enum import StrEnum
from pathlib import Path

from adjudicator.errors import AdjudicatorError
from adjudicator.report.jsonstream import json_chunks
from adjudicator.report.models import Report
from vmod_schema.files import open_regular

SUFFIX = ".adjudication"
MARKDOWN_UNCHECKED = 15
"""Unchecked rules listed in a Markdown sidecar (the JSON has them all)."""
JOURNAL_SUFFIX = f"{SUFFIX}.set"
STAMP_PREFIX = "<!-- adjudication-set sha256="
DISCORD_STAMP_PREFIX = "-# adjudication-set sha256="
RENAME_ORDER = ("html", "discord", "md", "json")
"""The order sidecars are renamed into place: JSON last."""
_TEMP = re.compile(r"^\..+\.tmp-(?P<pid>\d+)-[0-9a-f]+$")
_STAMP = re.compile(r"(?:<!-- |(?<![^\n])-# )adjudication-set sha256=(?P<sha>[0-9a-f]*)"
                    r"(?: -->)?\s*\Z")
_TAIL = 200
NAME_MAX = 255
"""Bytes in a file name (Linux, macOS)."""


class ReportFormat(StrEnum):
    """The sidecar formats `check` can write."""

    JSON = "json"
    MARKDOWN = "md"
    HTML = "html"
    DISCORD = "discord"
    """Only the Markdown report's summary, sized for one Discord message."""

    @property
    def extension(self) -> str:
        """The sidecar's file name ending, after `.adjudication.`."""
        return "discord.md" if self is ReportFormat.DISCORD else self.value


def parse_formats(text: str) -> list[ReportFormat]:
    """The formats named in `json,md,html,discord`.

    Raises:
        AdjudicatorError: an unknown format.
    """
    try:
        return [ReportFormat(part.strip()) for part in text.split(",") if part.strip()]
    except ValueError:
        known = ", ".join(f.value for f in ReportFormat)
        raise AdjudicatorError(f"unknown report format in {text!r}; use {known}") from None


def render(report: Report, fmt: ReportFormat, *, images: bool = True) -> str:
    """The report's text in one format (`images=False`: the HTML page without the
    module's board images)."""
    if fmt is ReportFormat.JSON:
        # The sidecar's own stream (`json_chunks`): spilled items copied, not parsed back.
        return b"".join(sidecar_chunks(report, fmt)).decode("utf-8")
    # The text renderers (and what they import) load only when a text format is asked for.
    from adjudicator.report.markdown import DISCORD_LIMIT, render_markdown, render_summary

    if fmt is ReportFormat.MARKDOWN:
        return render_markdown(report, max_unchecked=MARKDOWN_UNCHECKED)
    if fmt is ReportFormat.DISCORD:
        # The stamp line is part of the file a player pastes: the whole file fits.
        stamp = len(_stamp(report, fmt)) + 1
        return render_summary(report, limit=DISCORD_LIMIT - stamp)
    # The replay page's renderer (SVG map, layout) loads only when HTML is asked for.
    from adjudicator.report.html import render_html

    return render_html(report, images=images)


def sidecar_chunks(report: Report, fmt: ReportFormat, *, images: bool = True
                   ) -> Iterator[bytes]:
    """The sidecar's bytes as written, in chunks (`stamped`, UTF-8). The JSON is streamed
    (`adjudicator.report.jsonstream`): a long log's JSON sidecar (tens of MB) is never held
    whole, nor its computations as models (issue 24)."""
    if fmt is ReportFormat.JSON:
        yield from json_chunks(report)
        yield b"\n"
        return
    yield stamped(report, fmt, images=images).encode("utf-8")


def stamped(report: Report, fmt: ReportFormat, *, images: bool = True) -> str:
    """The sidecar's text: the rendering, plus (Markdown, HTML) the set stamp naming the
    reported content's sha256 (the JSON names it in `source.sha256`)."""
    text = render(report, fmt, images=images)
    if fmt is ReportFormat.JSON:
        return text
    if not text.endswith("\n"):
        text += "\n"
    return f"{text}{_stamp(report, fmt)}"


def _stamp(report: Report, fmt: ReportFormat) -> str:
    """The set stamp line of a Markdown, HTML or Discord sidecar."""
    if fmt is ReportFormat.DISCORD:
        return f"{DISCORD_STAMP_PREFIX}{report.source.sha256}\n"
    return f"{STAMP_PREFIX}{report.source.sha256} -->\n"


def sidecar_path(source: Path, fmt: ReportFormat, out_dir: Path | None = None) -> Path:
    """Where the sidecar of `source` goes: beside it, or in `out_dir`."""
    folder = out_dir if out_dir is not None else source.parent
    return folder / f"{source.name}{SUFFIX}.{fmt.extension}"


def journal_path(source: Path, out_dir: Path | None = None) -> Path:
    """The journal of a set being committed for `source` (absent when none is)."""
    folder = out_dir if out_dir is not None else source.parent
    return folder / _hidden(source.name, JOURNAL_SUFFIX)


def is_sidecar_name(name: str) -> bool:
    """Whether a file name is one of ours: a sidecar, a journal or a temp of either."""
    return (SUFFIX in name and (name.endswith(tuple(f"{SUFFIX}.{f.extension}"
                                                          for f in ReportFormat))
                                or name.endswith(JOURNAL_SUFFIX)
                                or _TEMP.match(name) is not None))


def write_sidecars(report: Report, source: Path, formats: Sequence[ReportFormat], *,
                   out_dir: Path | None = None, images: bool = True) -> list[Path]:
    """Write the report in each format as one consistent set (see the module docstring);
    sidecars of `source` in formats not asked for are removed (they would be stale).
    Returns the paths written.

    Raises:
        OSError: the sidecars cannot be written (no temp is left behind; the old set
            stands).
    """
    folder = out_dir if out_dir is not None else source.parent
    folder.mkdir(parents=True, exist_ok=True)
    chosen = sorted(dict.fromkeys(formats), key=lambda f: RENAME_ORDER.index(f.value))
    temps: list[tuple[Path, Path]] = []
    journal_temp: Path | None = None
    try:
        for fmt in chosen:
            target = sidecar_path(source, fmt, out_dir)
            if len(os.fsencode(target.name)) > NAME_MAX:  # found before anything is renamed
                raise OSError(errno.ENAMETOOLONG, os.strerror(errno.ENAMETOOLONG), str(target))
            temp = _temp_beside(target)
            temps.append((temp, target))
            _write_new(temp, sidecar_chunks(report, fmt, images=images), sync=True)
        stale = [sidecar_path(source, fmt, out_dir) for fmt in ReportFormat
                 if fmt not in chosen]
        journal = journal_path(source, out_dir)
        entry = {"pid": os.getpid(),
                 "renames": [[temp.name, target.name] for temp, target in temps],
                 "remove": [path.name for path in stale if _exists(path)]}
        journal_temp = _temp_beside(journal)
        _write_new(journal_temp, [json.dumps(entry).encode("ascii")], sync=True)
        os.replace(journal_temp, journal)
        _fsync_folder(folder)
    except BaseException:
        for temp, _ in temps:
            temp.unlink(missing_ok=True)
        if journal_temp is not None:
            journal_temp.unlink(missing_ok=True)
        raise
    _roll_forward(folder, journal)
    return [target for _, target in temps]


@dataclass(slots=True)
class _Staged:
    """One file's set in a batch: its temps and journal temp are written."""

    folder: Path
    journal: Path
    journal_temp: Path
    temps: list[tuple[Path, Path]]

    def discard(self) -> None:
        for temp, _ in self.temps:
            temp.unlink(missing_ok=True)
        self.journal_temp.unlink(missing_ok=True)


class SidecarBatch:
    """Many files' sidecar sets committed together (module docstring: **Batches**).

    `add` writes a file's temps and journal temp (not synced yet); `commit` makes every set
    added since the last commit current, with three syncs for the whole batch.
    """

    def __init__(self) -> None:
        self._staged: list[_Staged] = []

    def add(self, report: Report, source: Path, formats: Sequence[ReportFormat], *,
            out_dir: Path | None = None, images: bool = True) -> list[Path]:
        """Stage the report's set (sidecars of formats not asked for will be removed);
        the sidecars the next `commit` puts in place.

        Raises:
            OSError: they cannot be written (nothing of this set is left behind).
        """
        folder = out_dir if out_dir is not None else source.parent
        folder.mkdir(parents=True, exist_ok=True)
        chosen = sorted(dict.fromkeys(formats), key=lambda f: RENAME_ORDER.index(f.value))
        journal = journal_path(source, out_dir)
        staged = _Staged(folder, journal, _temp_beside(journal), [])
        try:
            for fmt in chosen:
                target = sidecar_path(source, fmt, out_dir)
                if len(os.fsencode(target.name)) > NAME_MAX:
                    raise OSError(errno.ENAMETOOLONG, os.strerror(errno.ENAMETOOLONG),
                                  str(target))
                temp = _temp_beside(target)
                staged.temps.append((temp, target))
                _write_new(temp, sidecar_chunks(report, fmt, images=images))
            stale = [sidecar_path(source, fmt, out_dir) for fmt in ReportFormat
                     if fmt not in chosen]
            entry = {"pid": os.getpid(),
                     "renames": [[temp.name, target.name] for temp, target in staged.temps],
                     "remove": [path.name for path in stale if _exists(path)]}
            _write_new(staged.journal_temp, [json.dumps(entry).encode("ascii")])
        except BaseException:
            staged.discard()
            raise
        self._staged.append(staged)
        return [target for _, target in staged.temps]

    def commit(self) -> set[int]:
        """Put every staged set in place; the sets (by order of `add`, from 0 after the
        last commit) that could not be committed, and were left as they were."""
        staged, self._staged = self._staged, []
        failed: set[int] = set()
        if not staged:
            return failed
        try:
            sync_paths([p for item in staged for p in (*(t for t, _ in item.temps),
                                                        item.journal_temp)],
                       {item.folder for item in staged})
        except OSError:
            for item in staged:
                item.discard()
            return set(range(len(staged)))
        committed: list[_Staged] = []
        for number, item in enumerate(staged):
            try:
                os.replace(item.journal_temp, item.journal)
            except OSError:
                item.discard()
                failed.add(number)
                continue
            committed.append(item)
        folders = {item.folder for item in committed}
        # The commit point: a journal on disk means its set is rolled forward.
        sync_paths([], folders)
        for item in committed:
            _apply(item.folder, item.journal)
        sync_paths([], folders)
        for item in committed:
            item.journal.unlink(missing_ok=True)
        return failed


def sync_paths(files: Iterable[Path], folders: Iterable[Path]) -> None:
    """Make the files' bytes and the folders' entries durable: one `syncfs` per file system
    (Linux), else an `fsync` of each file and folder.

    Raises:
        OSError: a file cannot be synced.
    """
    folders = sorted(set(folders))
    syncfs = _syncfs()
    if syncfs is not None:
        devices: dict[int, Path] = {}
        for folder in folders:
            with contextlib.suppress(OSError):
                devices.setdefault(os.stat(folder).st_dev, folder)
        for folder in devices.values():
            descriptor = os.open(folder, os.O_RDONLY)
            try:
                if syncfs(descriptor) != 0:
                    code = ctypes.get_errno()
                    raise OSError(code, os.strerror(code), str(folder))
            finally:
                os.close(descriptor)
        return
    for path in files:
        descriptor = os.open(path, os.O_RDONLY)
        try:
            os.fsync(descriptor)
        finally:
            os.close(descriptor)
    for folder in folders:
        _fsync_folder(folder)


def _syncfs() -> Callable[[int], int] | None:
    """Linux's `syncfs(2)` (None elsewhere, or when the C library lacks it)."""
    if not sys.platform.startswith("linux"):
        return None
    try:
        function: Callable[[int], int] = ctypes.CDLL(None, use_errno=True).syncfs
    except (OSError, AttributeError):
        return None
    return function


def recover_sidecar_sets(folder: Path, *, recursive: bool = False) -> list[Path]:
    """Finish or undo the sidecar sets a killed writer left in `folder` (and its
    sub-folders when `recursive`): journals rolled forward, temps removed. Only files of
    writers no longer running are touched. Returns the journals rolled forward.
    """
    rolled: list[Path] = []
    for here in _folders(folder, recursive):
        try:
            names = sorted(os.listdir(here))
        except OSError:
            continue
        for name in names:
            if name.startswith(".") and name.endswith(JOURNAL_SUFFIX):
                journal = here / name
                owner = _journal_owner(journal)
                if owner is None or not _alive(owner):
                    _roll_forward(here, journal)
                    rolled.append(journal)
        for name in names:
            found = _TEMP.match(name)
            if found is not None and SUFFIX in name and not _alive(int(found["pid"])):
                (here / name).unlink(missing_ok=True)
    return rolled


class FolderRepair:
    """Repairs the sets a killed writer left in a folder, once per folder, before the first
    set is written there (`check` and `audit`; the watcher repairs its folder at start)."""

    def __init__(self) -> None:
        self._done: set[Path] = set()

    def before_writing(self, folder: Path) -> list[Path]:
        """Recover `folder` unless already done; the journals rolled forward."""
        if folder in self._done:
            return []
        self._done.add(folder)
        return recover_sidecar_sets(folder)


def present_formats(source: Path, out_dir: Path | None = None) -> list[ReportFormat]:
    """The formats `source` already has a sidecar in."""
    return [fmt for fmt in ReportFormat if _exists(sidecar_path(source, fmt, out_dir))]


def sidecar_sha256(path: Path) -> str | None:
    """The sha256 of the content a sidecar reports on (None: missing, unreadable or not
    stamped)."""
    try:
        if path.suffix == f".{ReportFormat.JSON.value}":
            source = json.loads(_read(path)).get("source", {})
            sha = source.get("sha256") if isinstance(source, dict) else None
            return sha if isinstance(sha, str) else None
        with open_regular(path) as handle:
            size = handle.seek(0, os.SEEK_END)
            handle.seek(max(0, size - _TAIL))
            tail = handle.read().decode("utf-8", "replace")
    except (OSError, ValueError, AttributeError):
        return None
    found = _STAMP.search(tail)
    return found["sha"] if found is not None else None


def sidecar_set_current(source: Path, sha256: str, formats: Iterable[ReportFormat], *,
                        out_dir: Path | None = None) -> bool:
    """Whether `source` has a whole, consistent set in these formats reporting on content
    `sha256`, with no commit pending."""
    if journal_path(source, out_dir).exists():
        return False
    return all(sidecar_sha256(sidecar_path(source, fmt, out_dir)) == sha256
               for fmt in formats)


def _read(path: Path) -> bytes:
    """A sidecar's or journal's bytes; a FIFO, device or socket put in its place is
    refused (`OSError`), never waited on."""
    with open_regular(path) as handle:
        return handle.read()


def _exists(path: Path) -> bool:
    """Whether a file is there; False for a name too long to exist (a sidecar suffix
    longer than the one that was written, e.g. `.discord.md` beside `.html`)."""
    try:
        return path.exists()
    except OSError:
        return False


def _temp_beside(target: Path) -> Path:
    return target.with_name(_hidden(target.name,
                                    f".tmp-{os.getpid()}-{secrets.token_hex(4)}"))


def _hidden(name: str, tail: str) -> str:
    """`.NAME` + `tail`; when that is too long for a file name (a sidecar name near the
    limit), a digest of NAME stands for it (the journal records the real names)."""
    hidden = f".{name}{tail}"
    if len(os.fsencode(hidden)) <= NAME_MAX:
        return hidden
    digest = hashlib.sha256(os.fsencode(name)).hexdigest()[:16]
    return f".{digest}{SUFFIX}{tail}"


def _write_new(path: Path, chunks: Iterable[bytes], *, sync: bool = False) -> None:
    """Write a new file chunk by chunk (a streamed sidecar is never held whole); synced
    when asked (a batch syncs all its files at once)."""
    descriptor = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o644)
    with os.fdopen(descriptor, "wb") as stream:
        for chunk in chunks:
            stream.write(chunk)
        if sync:
            stream.flush()
            os.fsync(stream.fileno())


def _fsync_folder(folder: Path) -> None:
    try:
        descriptor = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        with contextlib.suppress(OSError):  # some file systems cannot sync a folder
            os.fsync(descriptor)
    finally:
        os.close(descriptor)


def _roll_forward(folder: Path, journal: Path) -> None:
    """Make the journal's renames and removals (idempotent), then delete it."""
    if _apply(folder, journal):
        _fsync_folder(folder)
    journal.unlink(missing_ok=True)


def _apply(folder: Path, journal: Path) -> bool:
    """Make the journal's renames and removals (idempotent); False (the journal deleted)
    when it cannot be read."""
    try:
        entry = json.loads(_read(journal))
        renames = [(str(temp), str(target)) for temp, target in entry["renames"]]
        removals = [str(name) for name in entry.get("remove", [])]
    except (OSError, ValueError, KeyError, TypeError):
        # A journal is written whole (temp + rename) or not at all: an unreadable one
        # was not ours to finish; drop it.
        journal.unlink(missing_ok=True)
        return False
    for temp, target in renames:
        if (folder / temp).exists():
            os.replace(folder / temp, folder / target)
    for name in removals:
        (folder / name).unlink(missing_ok=True)
    return True


def _journal_owner(journal: Path) -> int | None:
    try:
        pid = json.loads(_read(journal)).get("pid")
    except (OSError, ValueError, AttributeError):
        return None
    return pid if isinstance(pid, int) else None


def _alive(pid: int) -> bool:
    """Whether a process with this id runs (this process counts as dead: a writer of our
    own does not leave files behind between calls)."""
    if pid == os.getpid():
        return False
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except (PermissionError, OSError):
        return True
    return True


def _folders(folder: Path, recursive: bool) -> Iterable[Path]:
    yield folder
    if recursive:
        for root, dirs, _ in os.walk(folder):
            dirs.sort()
            for name in dirs:
                yield Path(root) / name
