"""Checking one file for `watch` and `audit`: a pure function of the file's bytes and the
folder's configuration, safe to map over processes or a cluster.

`check_file(path, config)` never raises for a bad file, and runs under the memory and
time ceilings (`adjudicator.ceilings`): a file that cannot be read, a file
whose game no system knows, and even an internal error each give a report saying so, so a
watcher or an audit goes on with the next file. Which game: the configuration's `game`,
else the module named in the file's metadata (`recognise_system`), else a binding file in
the folder that names its game and module; a file no system claims is still read and
reported (`no-system`).
"""

from __future__ import annotations

import logging
import tomllib
from collections.abc import Callable
from pathlib import Path

from adjudicator.ceilings import OVER_MEMORY, OVER_TIME, CeilingExceeded, one_file
from adjudicator.check import file_sha256, judge_save, unreadable_report
from adjudicator.errors import AdjudicatorError
from adjudicator.folderconfig import FolderConfig
from adjudicator.replay import Board, Step
from adjudicator.replay.chatdice import chat_patterns
from adjudicator.replay.visibility import viewpoint
from adjudicator.report.models import Report
from adjudicator.systems import find_system, fold_name, recognise_system
from adjudicator.systems.common.system import GameSystem
from vmod_schema.archive import Limits
from vmod_schema.buildfile import open_module_once
from vmod_schema.errors import VassalFormatError
from vmod_schema.files import printable_path
from vmod_schema.savefile import SaveFile, read_save

log = logging.getLogger(__name__)

INTERNAL_ERROR = "internal error while checking (a bug: please report it)"
TRANSIENT_PROBLEMS = (OVER_MEMORY, OVER_TIME, INTERNAL_ERROR)
"""Problems that are not a property of the file's bytes (a later run may succeed): their
reports are never cached."""

BINDING_GLOBS = ("binding.toml", "*.binding.toml")
"""Binding files a folder may hold; their `game` and `module` keys say which files they
are for."""


Observer = Callable[[Step, Board], None]


def check_file(path: Path, config: FolderConfig, *, limits: Limits | None = None,
               observe: Observer | None = None, sha256: str | None = None) -> Report:
    """Read and (when its game is known) judge one save or log; never raises for the file.

    `observe` is shown every replayed step with the board (`judge_save`); `sha256`, the
    file's, when the caller has it already."""
    try:
        sha256 = sha256 or file_sha256(path)
    except OSError as error:
        return unreadable_report(None, source=path, module=config.module,
                                 error=f"{printable_path(path)}: cannot read the file: "
                                 f"{error.strerror}", sha256="",
                                 full_paths=config.full_paths)
    try:
        with one_file(path):
            save = read_save(path, limits=limits)
            return _judge(save, path, config, sha256, observe)
    except CeilingExceeded as error:
        return unreadable_report(None, source=path, module=config.module, sha256=sha256,
                                 error=str(error), full_paths=config.full_paths)
    except VassalFormatError as error:
        return unreadable_report(None, source=path, module=config.module, error=str(error),
                                 sha256=sha256, full_paths=config.full_paths)
    except AdjudicatorError as error:
        return unreadable_report(None, source=path, module=config.module, sha256=sha256,
                                 error=f"cannot check it with this configuration: {error}",
                                 full_paths=config.full_paths)
    except Exception as error:  # one file must never stop a watcher
        # The error's own text may quote the file (a concealed piece's name): the report
        # names its type only; --debug logs the traceback.
        log.exception("internal error checking %s", printable_path(path))
        return unreadable_report(None, source=path, module=config.module, sha256=sha256,
                                 error=f"{INTERNAL_ERROR}: {type(error).__name__}",
                                 full_paths=config.full_paths)


def _judge(save: SaveFile, path: Path, config: FolderConfig, sha256: str,
           observe: Observer | None = None) -> Report:
    module_name = save.moduledata.name if save.moduledata is not None else None
    system, binding = choose_system(config, module_name, path.parent)
    module = open_module_once(config.module) if config.module is not None else None
    patterns = chat_patterns(config.dice, config.dice_patterns)
    referee = (system.referee(module=module, data_files=config.data, binding_file=binding,
                              options=config.options)
               if system is not None else None)
    return judge_save(save, path, system=system, referee=referee, module=module,
                      module_path=config.module, chat_patterns=patterns, sha256=sha256,
                      full_paths=config.full_paths, view=viewpoint(reveal=config.reveal),
                      observe=observe)


def choose_system(config: FolderConfig, module_name: str | None,
                  folder: Path) -> tuple[GameSystem | None, Path | None]:
    """The game system for a file, and the binding file to use.

    Raises:
        AdjudicatorError: the configuration names an unknown game.
    """
    if config.game is not None:
        return find_system(config.game), config.binding
    system = recognise_system(module_name)
    if system is not None:
        return system, config.binding or folder_binding(folder, module_name, system.id)
    if config.binding is not None:
        game = _binding_game(config.binding)
        return (find_system(game), config.binding) if game else (None, None)
    binding = folder_binding(folder, module_name, None)
    if binding is not None:
        game = _binding_game(binding)
        if game:
            return find_system(game), binding
    return None, None


def folder_binding(folder: Path, module_name: str | None, game: str | None) -> Path | None:
    """A binding file in the folder for this module (or, when the folder has exactly one,
    that one), whose game is `game` when given."""
    candidates = sorted({p for pattern in BINDING_GLOBS for p in folder.glob(pattern)
                         if p.is_file()})
    fitting = []
    for candidate in candidates:
        header = _binding_header(candidate)
        if game is not None and header.get("game") != game:
            continue
        named = header.get("module")
        if module_name and isinstance(named, str) and fold_name(named) == fold_name(
                module_name):
            return candidate
        fitting.append(candidate)
    return fitting[0] if len(fitting) == 1 else None


def _binding_header(path: Path) -> dict[str, object]:
    try:
        return tomllib.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError):
        return {}


def _binding_game(path: Path) -> str | None:
    game = _binding_header(path).get("game")
    return game if isinstance(game, str) else None
