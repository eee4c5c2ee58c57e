"""Benchmark: the fixed cost of each file, for a tournament's thousand small logs.

    .venv/bin/python bench/perfile.py [--files 1000] [--sample 30] [--jobs 2] [--repeat 15]
    .venv/bin/python bench/perfile.py --fixed-only     # the two issue-24 figures alone

Copies the first 20 bundled Washington's War games (`fixtures/washingtons-war/games`)
into a temporary folder, repeated to `--files` files, with a folder configuration naming
the fixture's module, binding and data, then checks them (JSON sidecars) four ways:

* **one process per file**: `adjudicator check FILE ...` run `--sample` times (files/s of
  the sample stands for all: a thousand processes would take minutes);
* **one process for all**: `adjudicator check FOLDER ...` (issue 12's `check FILES...`);
* **audit pool**: `adjudicator audit FOLDER --jobs N --no-cache` (the summary included);
* **warm, in process**: `adjudicate` + `write_sidecars` of every file in this process,
  after one warm-up pass over the 20 games; the same files' read + replay alone
  (`read_save` + `iter_steps` on the module's board), file by file interleaved with the
  checks, is the peer, so the difference is the fixed cost each file pays beyond
  replaying it.

Prints files per second for each, and the warm milliseconds per file. Then one small file
in its own process against `adjudicator --version`, by CPU time (user + system of each
child, so a busy machine's waiting does not count): `--repeat` fresh processes of each,
interleaved, medians; and the same small file checked with no game system
(`check.UNJUDGED_JOB`), so the game's own part of the cost (its package's imports, its
data, its referee) is shown beside what the target leaves it. Targets (issues 12 and 24,
PASS/MISS printed, never asserted): one small log in its own process at most 4x the CPU of
`adjudicator --version`, and at most 15 ms per small log in a warm process.
"""

from __future__ import annotations

import argparse
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections import deque
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from bytecode import as_installed
from check import UNJUDGED_JOB

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
SMALL = WW / "games" / "battle-and-retreat.vlog"
"""The small file checked in its own process: 5 logged steps, 2.5 KB."""
CPU_TARGET = 4.0
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


def cpu(command: Sequence[str]) -> float:
    """CPU seconds (user + system) of one process (output discarded; exit statuses 0-4
    are results)."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    done = subprocess.run(command, cwd=REPO, stdout=subprocess.DEVNULL,
                          stderr=subprocess.PIPE, text=True, check=False)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if done.returncode > 4:
        raise SystemExit(f"{' '.join(command[:4])}...: exit {done.returncode}\n{done.stderr}")
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def cpu_against_version(out: Path, repeat: int
                        ) -> tuple[list[float], list[float], list[float]]:
    """CPU seconds of `adjudicator check SMALL`, of `adjudicator --version` and of the same
    check with no game system (`check.UNJUDGED_JOB`), each `repeat` fresh processes,
    interleaved (one warm-up run each first)."""
    python = sys.executable
    check = [python, "-m", "adjudicator", "check", str(SMALL), *OPTIONS, "--out", str(out)]
    version = [python, "-m", "adjudicator", "--version"]
    unjudged = [python, "-c", UNJUDGED_JOB, str(SMALL), str(MODULE), str(out / "unjudged")]
    commands = (check, version, unjudged)
    for command in commands:
        cpu(command)
    runs: tuple[list[float], list[float], list[float]] = ([], [], [])
    for _ in range(repeat):
        for command, times in zip(commands, runs, strict=True):
            times.append(cpu(command))
    return runs


@dataclass(slots=True)
class Warm:
    """Seconds per file of checking and of reading + replaying alone, wall and CPU."""

    check_wall: float = 0.0
    check_cpu: float = 0.0
    replay_wall: float = 0.0
    replay_cpu: float = 0.0


def warm_in_process(files: Sequence[Path], out: Path) -> Warm:
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
    warm = Warm()
    for path in files:  # interleaved, file by file, so a busy moment slows both alike
        wall, cpu_time = time.perf_counter(), time.process_time()
        check(path)
        middle, middle_cpu = time.perf_counter(), time.process_time()
        replay(path)
        warm.check_wall += middle - wall
        warm.check_cpu += middle_cpu - cpu_time
        warm.replay_wall += time.perf_counter() - middle
        warm.replay_cpu += time.process_time() - middle_cpu
    for name in ("check_wall", "check_cpu", "replay_wall", "replay_cpu"):
        setattr(warm, name, getattr(warm, name) / len(files))
    return warm


def main(argv: list[str] | None = None) -> int:
    """Run the four ways and print files per second, then the fixed-cost figures."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--files", type=int, default=None,
                        help="Files (default 1000; 200 with --fixed-only).")
    parser.add_argument("--sample", type=int, default=30,
                        help="Files checked one process each.")
    parser.add_argument("--jobs", type=int, default=2, help="Audit pool workers.")
    parser.add_argument("--repeat", type=int, default=15,
                        help="Fresh processes of each for the CPU figures.")
    parser.add_argument("--fixed-only", action="store_true",
                        help="Only the CPU ratio and the warm figures (--files 200 default).")
    args = parser.parse_args(argv)
    print(as_installed())
    python = sys.executable
    if args.files is None:
        args.files = 200 if args.fixed_only else 1000
    with tempfile.TemporaryDirectory(prefix="adjudicator-perfile-") as tmp:
        root = Path(tmp)
        files = make_files(root / "games", args.files)
        print(f"python {sys.version.split()[0]}; {len(files)} files (the first {GAMES} "
              f"bundled WW games repeated)")
        if not args.fixed_only:
            sample = files[:args.sample]
            per_process = sum(timed([python, "-m", "adjudicator", "check", str(path),
                                     *OPTIONS, "--out", str(root / "single")])
                              for path in sample)
            together = timed([python, "-m", "adjudicator", "check", str(root / "games"),
                              *OPTIONS, "--out", str(root / "together")])
            pooled = timed([python, "-m", "adjudicator", "audit", str(root / "games"),
                            "--jobs", str(args.jobs), "--no-cache", "--cache",
                            str(root / "cache"), "--sidecars", str(root / "audit"),
                            "--out", str(root / "summary")])
        checks, versions, unjudged = cpu_against_version(root / "small", args.repeat)
        warm = warm_in_process(files, root / "warm")
    if not args.fixed_only:
        rows = [("one process per file", len(sample) / per_process, per_process / len(sample)),
                ("one process for all (check DIR)", len(files) / together,
                 together / len(files)),
                (f"audit pool (--jobs {args.jobs})", len(files) / pooled, pooled / len(files)),
                ("warm, in process", 1 / warm.check_wall, warm.check_wall),
                ("  peer: read + replay alone", 1 / warm.replay_wall, warm.replay_wall)]
        print(f"wall time; one process per file over {len(sample)} of them")
        for label, rate, seconds in rows:
            print(f"{label:<34} {rate:8.1f} files/s  {seconds * 1000:8.1f} ms/file")
        print(f"one process for all is {per_process / len(sample) / (together / len(files)):.1f}"
              f"x faster per file than one process per file; audit pool "
              f"{per_process / len(sample) / (pooled / len(files)):.1f}x")
    ours, peer = statistics.median(checks), statistics.median(versions)
    ratio = ours / peer
    print(f"CPU of one small file in its own process ({SMALL.name}), {args.repeat} runs each, "
          "interleaved, medians (best):")
    print(f"  adjudicator check FILE      {ours * 1000:7.0f} ms (best {min(checks) * 1000:5.0f})")
    print(f"  peer: adjudicator --version {peer * 1000:7.0f} ms (best {min(versions) * 1000:5.0f})")
    bare = statistics.median(unjudged)
    print(f"  without judging (no game)   {bare * 1000:7.0f} ms (best {min(unjudged) * 1000:5.0f})"
          f"  {bare / peer:.2f}x --version")
    verdict = "PASS" if ratio <= CPU_TARGET else "MISS"
    print(f"target: one small file at most {CPU_TARGET:.0f}x the CPU of --version: {verdict} "
          f"({ratio:.2f}x; best/best {min(checks) / min(versions):.2f}x)")
    left = CPU_TARGET * peer - bare
    print(f"  the game's part (its package imported, its data read, its referee built and "
          f"judging): {(ours - bare) * 1000:.0f} ms; the target leaves it "
          + (f"{left * 1000:.0f} ms" if left > 0 else "nothing"))
    print("warm, in process, per file (check and read + replay alone, interleaved):")
    for label, ours, peer in (("wall", warm.check_wall, warm.replay_wall),
                              ("CPU", warm.check_cpu, warm.replay_cpu)):
        verdict = "PASS" if ours * 1000 <= TARGET_MS else "MISS"
        print(f"  {label:<4} {ours * 1000:6.1f} ms against {peer * 1000:5.1f} ms "
              f"({ours / peer:.2f}x; {(ours - peer) * 1000:.1f} ms beyond reading and "
              f"replaying)  target <= {TARGET_MS:.0f} ms: {verdict}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
