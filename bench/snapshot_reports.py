"""Snapshot every report the tool writes, so a speed change can be shown to change none.

    .venv/bin/python bench/snapshot_reports.py OUT_DIR
    diff -r BEFORE_DIR AFTER_DIR          # byte-identical, or the change altered a report

For every bundled game (`fixtures/washingtons-war/games`, `fixtures/war-for-america/games`
and `fixtures/american-revolution/games` with each game's scenarios written as logs,
`fixtures/example`, `fixtures/hidden`,
`adjudicator/examples`) and every save and log of `../shared/vassal/corpus`, it writes the
JSON, Markdown and HTML sidecars exactly as `adjudicator check` writes them (`adjudicate`
then `write_sidecars`), once per game system and once more:

* `check/<game>/`: judged as that game (`--game ww`, `--game wfa`, ...) with the folder's
  module, binding and data from its `adjudicator.toml` where it names that game or none
  (other games' files give their not-this-game report);
* `read/`: read by no game system, as `audit` reads a file it cannot tell the game of.

Sidecars go under OUT_DIR, in the file's folder relative to the repository or the corpus.
A file that cannot be read at all is recorded in `ERRORS.txt` with its one-line error.
Nothing in a report is volatile (no time is written), so nothing is normalised.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from adjudicator.check import adjudicate, judge_save
from adjudicator.errors import AdjudicatorError
from adjudicator.folderconfig import CONFIG_NAME, load_folder_config
from adjudicator.replay.chatdice import chat_patterns
from adjudicator.replay.visibility import viewpoint
from adjudicator.report import ReportFormat, write_sidecars
from adjudicator.systems import SYSTEMS
from vmod_schema.buildfile import open_module
from vmod_schema.errors import VassalFormatError
from vmod_schema.savefile import read_save

REPO = Path(__file__).resolve().parents[1]
CORPUS = REPO.parent / "shared" / "vassal" / "corpus"
BUNDLED = ("fixtures/washingtons-war/games", "fixtures/war-for-america/games",
           "fixtures/american-revolution/games", "fixtures/almost-a-miracle/games",
           "fixtures/example", "fixtures/hidden", "adjudicator/examples")
FORMATS = [ReportFormat.JSON, ReportFormat.MARKDOWN, ReportFormat.HTML]
SUFFIXES = {".vlog", ".vsav"}


def snapshot_files() -> list[tuple[Path, Path]]:
    """Every (file, its folder's name under the snapshot) to snapshot, in a fixed order."""
    found: list[tuple[Path, Path]] = []
    for folder in BUNDLED:
        for path in sorted((REPO / folder).rglob("*")):
            if path.suffix.lower() in SUFFIXES and path.is_file():
                found.append((path, path.parent.relative_to(REPO)))
    if CORPUS.is_dir():
        for path in sorted(CORPUS.rglob("*")):
            if path.suffix.lower() in SUFFIXES and path.is_file():
                found.append((path, Path("corpus") / path.parent.relative_to(CORPUS)))
    return found


def snapshot(out: Path) -> int:
    """Write every file's sidecars under `out`; return how many files were snapshotted."""
    errors: list[str] = []
    files = snapshot_files()
    for path, folder in files:
        config_file = path.parent / CONFIG_NAME
        config = load_folder_config(config_file) if config_file.is_file() else None
        module_path = config.module if config is not None else None
        presets = ("vasl",) if "vasl" in path.parent.name else ()
        patterns = chat_patterns(presets, None)
        try:
            for system in SYSTEMS:
                own = config is not None and config.game in (None, system.id)
                report = adjudicate(path, game=system.id, module_path=module_path,
                                    data_files=list(config.data) if own and config else [],
                                    binding_file=config.binding if own and config else None,
                                    view=viewpoint(reveal=False), chat_patterns=patterns,
                                    options=config.options if own and config else ())
                write_sidecars(report, path, FORMATS,
                               out_dir=_made(out / "check" / system.id / folder))
            module = open_module(module_path) if module_path is not None else None
            reading = judge_save(read_save(path), path, system=None, referee=None,
                                 module=module, module_path=module_path,
                                 chat_patterns=patterns)
            write_sidecars(reading, path, FORMATS, out_dir=_made(out / "read" / folder))
        except (VassalFormatError, AdjudicatorError, OSError) as error:
            errors.append(f"{folder / path.name}: {error}")
    (out / "ERRORS.txt").write_text("".join(f"{line}\n" for line in errors), encoding="utf-8")
    return len(files)


def _made(folder: Path) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    return folder


def main(argv: list[str] | None = None) -> int:
    """Write the snapshot into the folder named on the command line."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("out", type=Path, help="An empty or new folder for the snapshot.")
    args = parser.parse_args(argv)
    args.out.mkdir(parents=True, exist_ok=True)
    count = snapshot(args.out)
    print(f"snapshotted {count} files into {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
