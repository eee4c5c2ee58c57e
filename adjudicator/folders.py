"""Which files a watched or audited folder holds for us, where their sidecars go, and what
each is checked with (its configuration and that configuration's cache key).

Ours: `.vlog` and `.vsav` files (any case), except hidden files (temps of other programs)
and our own sidecars, journals and temps. Sidecars go beside each file, or under `--out`,
mirroring the sub-folders of a recursive watch. A file's configuration is the `--config`
file when given, else the nearest `adjudicator.toml` from the file's folder up to the
watched (or audited) folder, else defaults; command-line options are laid over it.

`watch` and `audit` both walk folders this way (and `adjudicator check FOLDER` finds its
files with `game_files`), so this sits below both.
"""

from __future__ import annotations

import hashlib
import os
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field
from pathlib import Path

from adjudicator import __version__
from adjudicator.errors import AdjudicatorError
from adjudicator.folderconfig import CONFIG_NAME, FolderConfig, load_folder_config, with_options
from adjudicator.replay.visibility import CONCEALMENT_RULES
from adjudicator.report.sidecar import is_sidecar_name
from vmod_schema.files import special_kind

GAME_SUFFIXES = (".vlog", ".vsav")


def is_game_file(path: Path) -> bool:
    """Whether the watcher checks this file (by its name only)."""
    name = path.name
    return (name.lower().endswith(GAME_SUFFIXES) and not name.startswith(".")
            and not is_sidecar_name(name))


def game_files(root: Path, *, recursive: bool,
               refused: Callable[[Path, str], None] | None = None) -> Iterator[Path]:
    """The game files in `root` (and its sub-folders when `recursive`), sorted per folder.
    Folders that cannot be listed are skipped. Only regular files are game files (looked at
    with `stat`, never opened): each other file with a game's name (a FIFO, socket or
    device named `x.vlog`) goes to `refused` with what it is."""
    for folder, dirs, files in os.walk(root):
        dirs[:] = sorted(d for d in dirs if not d.startswith(".")) if recursive else []
        for name in sorted(files):
            path = Path(folder) / name
            if not is_game_file(path):
                continue
            kind = non_regular(path)
            if kind is None:
                yield path
            elif refused is not None and kind != "gone":
                refused(path, kind)


def non_regular(path: Path) -> str | None:
    """What `path` is when it is not a regular file ("a FIFO", "a socket", "a device",
    "a folder"; "gone" when it cannot be looked at); None for a regular file."""
    try:
        mode = os.stat(path).st_mode
    except OSError:
        return "gone"
    return special_kind(mode)


def sidecar_folder(path: Path, root: Path, out: Path | None) -> Path | None:
    """Where `path`'s sidecars go: None (beside it) without `--out`, else `out` plus the
    file's sub-folder under `root`."""
    if out is None:
        return None
    try:
        relative = path.parent.relative_to(root)
    except ValueError:
        return out
    return out / relative


def _file_digest(path: Path | None) -> str:
    if path is None:
        return "-"
    try:
        return hashlib.sha256(path.read_bytes()).hexdigest()[:16]
    except OSError:
        return f"missing:{path}"


def config_key(config: FolderConfig) -> str:
    """A digest of everything besides the file that a report depends on."""
    parts = [__version__, f"concealment-{CONCEALMENT_RULES}", config.game or "-",
             _file_digest(config.module),
             _file_digest(config.binding), *(_file_digest(p) for p in config.data),
             ",".join(config.dice), _file_digest(config.dice_patterns),
             *(["full-paths"] if config.full_paths else []),
             *(["reveal"] if config.reveal else []),
             *([f"options-{','.join(sorted(config.options))}"] if config.options else [])]
    return hashlib.sha256("\x1f".join(parts).encode()).hexdigest()[:16]


@dataclass(frozen=True, slots=True)
class Checking:
    """What a file is checked with: its configuration and that configuration's cache key;
    `error` when the configuration could not be read (the file's report says so)."""

    config: FolderConfig
    key: str
    error: str | None = None


@dataclass(slots=True)
class ConfigResolver:
    """Each file's configuration, read once per `adjudicator.toml` version."""

    root: Path
    explicit: Path | None = None
    overrides: Mapping[str, object] = field(default_factory=dict)
    _known: dict[tuple[Path | None, int], Checking] = field(default_factory=dict)

    def for_file(self, path: Path) -> Checking:
        """The checking of `path` (never raises: a bad configuration is an `error`)."""
        source = self.explicit if self.explicit is not None else self._nearest(path.parent)
        stamp = _mtime_ns(source)
        known = self._known.get((source, stamp))
        if known is not None:
            return known
        try:
            base = load_folder_config(source) if source is not None else FolderConfig()
            config = with_options(base, **self.overrides)
            checking = Checking(config, config_key(config))
        except AdjudicatorError as error:  # a bad configuration is that file's report
            checking = Checking(FolderConfig(), "", error=str(error))
        self._known[(source, stamp)] = checking
        return checking

    def _nearest(self, folder: Path) -> Path | None:
        here = folder
        while True:
            candidate = here / CONFIG_NAME
            if candidate.is_file():
                return candidate
            if here == self.root or here.parent == here:
                return None
            try:
                here.relative_to(self.root)
            except ValueError:
                return None
            here = here.parent


def _mtime_ns(path: Path | None) -> int:
    if path is None:
        return 0
    try:
        return path.stat().st_mtime_ns
    except OSError:
        return -1
