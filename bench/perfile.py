"""Benchmark: the fixed cost of each file, for a tournament's thousand small logs.

    .venv/bin/python bench/perfile.py [--files 1000] [--sample 30] [--jobs 2]

Copies the first 20 bundled Washington's War games (`fixtures/washingtons-war/games`)
into a temporary folder, repeated to `--files` files, with a folder configuration naming
the fixture's module, binding and data, then checks them (JSON sidecars) four ways:

* **one process per file**: `adjudicator check FILE ...` run `--sample` times (files/s of
  the sample stands for all: a thousand processes would take minutes);
* **one process for all**: `adjudicator check FOLDER ...` (issue 12's `check FILES...`);
* **audit pool**: `adjudicator audit FOLDER --jobs N --no-cache` (the summary included);
* **warm, in process**: `adjudicate` + `write_sidecars` of every file in this process,
  after one warm-up pass over the 20 games; the same files' read + replay alone
  (`read_save` + `iter_steps` on the module's board) is the peer, so the difference is
  the fixed cost each file pays beyond replaying it.

Prints files per second for each, and the warm milliseconds per file. Target (issue 12,
PASS/MISS printed, never asserted): at most 15 ms per small log in a warm process.
"""

from __future__ import annotations

import argparse
import shutil
import subprocess
import sys
import tempfile
import time
from collections import deque
from collections.abc import Sequence
from pathlib import Path

from adjudicator.check import adjudicate
from adjudicator.replay import Board, iter_steps
from adjudicator.report import ReportFormat, write_sidecars
from vmod_schema.buildfile import open_module_once
from vmod_schema.savefile import read_save

REPO = Path(__file__).resolve().parents[1]
WW = REPO / "fixtures" / "washingtons-war"
MODULE = WW / "washingtons-war-fixture.vmod"
BINDING = WW / "binding.toml"
DATA = WW / "data" / "fixture-data.toml"
GAMES = 20
TARGET_MS = 15.0
OPTIONS = ("-g", "ww", "-m", str(MODULE), "-b", str(BINDING), "-d", str(DATA),
           "--format", "json")


def make_files(folder: Path, count: int) -> list[Path]:
    """`count` copies of the first 20 bundled games, with their folder configuration."""
    games = sorted((WW / "games").glob("*.vlog"))[:GAMES]
    folder.mkdir(parents=True)
    (folder / "adjudicator.toml").write_text(
        f'game = "ww"\nmodule = "{MODULE}"\nbinding = "{BINDING}"\ndata = ["{DATA}"]\n'
        'formats = ["json"]\n', encoding="utf-8")
    files = []
    for number in range(count):
        game = games[number % len(games)]
        files.append(Path(shutil.copyfile(game, folder / f"{number:04d}-{game.name}")))
    return files


def timed(command: Sequence[str]) -> float:
    """Wall seconds of one process (its output discarded; exit statuses 0-4 are results)."""
    start = time.perf_counter()
    done = subprocess.run(command, cwd=REPO, stdout=subprocess.DEVNULL,
                          stderr=subprocess.PIPE, text=True, check=False)
    seconds = time.perf_counter() - start
    if done.returncode > 4:
        raise SystemExit(f"{' '.join(command[:4])}...: exit {done.returncode}\n{done.stderr}")
    return seconds


def warm_in_process(files: Sequence[Path], out: Path) -> tuple[float, float]:
    """Seconds per file of checking, and of reading + replaying alone, in this process."""
    module = open_module_once(MODULE)

    def check(path: Path) -> None:
        report = adjudicate(path, game="ww", module_path=MODULE, data_files=[DATA],
                            binding_file=BINDING)
        write_sidecars(report, path, [ReportFormat.JSON], out_dir=out)

    def replay(path: Path) -> None:
        board = Board.for_module(module, history_limit=8)
        deque(iter_steps(read_save(path), module, board=board), maxlen=0)  # run it through

    for path in files[:GAMES]:  # warm-up: imports, caches
        check(path)
        replay(path)
    start = time.perf_counter()
    for path in files:
        check(path)
    checking = (time.perf_counter() - start) / len(files)
    start = time.perf_counter()
    for path in files:
        replay(path)
    return checking, (time.perf_counter() - start) / len(files)


def main(argv: list[str] | None = None) -> int:
    """Run the four ways and print files per second."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--files", type=int, default=1000)
    parser.add_argument("--sample", type=int, default=30,
                        help="Files checked one process each.")
    parser.add_argument("--jobs", type=int, default=2, help="Audit pool workers.")
    args = parser.parse_args(argv)
    python = sys.executable
    with tempfile.TemporaryDirectory(prefix="adjudicator-perfile-") as tmp:
        root = Path(tmp)
        files = make_files(root / "games", args.files)
        sample = files[:args.sample]
        per_process = sum(timed([python, "-m", "adjudicator", "check", str(path), *OPTIONS,
                                 "--out", str(root / "single")]) for path in sample)
        together = timed([python, "-m", "adjudicator", "check", str(root / "games"),
                          *OPTIONS, "--out", str(root / "together")])
        pooled = timed([python, "-m", "adjudicator", "audit", str(root / "games"),
                        "--jobs", str(args.jobs), "--no-cache", "--cache", str(root / "cache"),
                        "--sidecars", str(root / "audit"), "--out", str(root / "summary")])
        checking, replaying = warm_in_process(files, root / "warm")
    rows = [("one process per file", len(sample) / per_process, per_process / len(sample)),
            ("one process for all (check DIR)", len(files) / together, together / len(files)),
            (f"audit pool (--jobs {args.jobs})", len(files) / pooled, pooled / len(files)),
            ("warm, in process", 1 / checking, checking),
            ("  peer: read + replay alone", 1 / replaying, replaying)]
    print(f"python {sys.version.split()[0]}; {len(files)} files (the first {GAMES} bundled WW "
          f"games repeated); one process per file over {len(sample)} of them")
    for label, rate, seconds in rows:
        print(f"{label:<34} {rate:8.1f} files/s  {seconds * 1000:8.1f} ms/file")
    print(f"one process for all is {per_process / len(sample) / (together / len(files)):.1f}x "
          f"faster per file than one process per file; audit pool "
          f"{per_process / len(sample) / (pooled / len(files)):.1f}x")
    fixed = checking - replaying
    verdict = "PASS" if checking * 1000 <= TARGET_MS else "MISS"
    print(f"target: at most {TARGET_MS:.0f} ms per small log warm: {verdict} "
          f"({checking * 1000:.1f} ms per file, of which {fixed * 1000:.1f} ms beyond "
          "reading and replaying it)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
