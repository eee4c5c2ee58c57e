"""Benchmark: replaying logs, against the bare reading of the same file as the peer.

    .venv/bin/python bench/replay.py [--steps 10000] [--repeat 3]

Replays (read + `adjudicator.replay.replay`, dice included) two logs:

* a generated log of `--steps` steps, written by `GameBuilder` into a temporary folder on
  the bundled example's made-up map and module: moves with their reports, dice rolls, undos
  and two-piece moves, over 120 made-up pieces;
* the largest log of `../shared/vassal/corpus` (with the module beside it, if any).

For each it prints the time of `read_save` alone (the peer, measured in the same run),
of read + replay, their ratio, steps per second and the peak memory (tracemalloc, in a
separate run from the timing so tracing does not slow the timed runs). The target is the
generated 10,000-step log in under 2 s; PASS/MISS is printed, not asserted.
"""

from __future__ import annotations

import argparse
import gc
import random
import sys
import tempfile
import time
import tracemalloc
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from adjudicator.replay import replay
from vmod_schema.builder import GameBuilder, moved
from vmod_schema.buildfile import Module, open_module
from vmod_schema.commands import ChangeGlobalProperty, Chat, Command
from vmod_schema.savefile import read_save

REPO = Path(__file__).resolve().parents[1]
CORPUS = REPO.parent / "shared" / "vassal" / "corpus"
EXAMPLE_MODULE = REPO / "fixtures" / "example" / "example.vmod"
TARGET_SECONDS = 2.0
MAP = "Main Map"
PLACES = {"Hill A": (100, 100), "Ford B": (300, 150), "Village C": (500, 100),
          "Wood D": (300, 350)}
PLAYERS = (("bench-red-password", "Alice", "Red"), ("bench-blue-password", "Bob", "Blue"))


def generate_log(path: Path, steps: int, *, seed: int = 1) -> Path:
    """Write a made-up log of `steps` steps: moves, rolls, undos, two-piece moves."""
    rng = random.Random(seed)
    game = GameBuilder()
    for user_id, name, side in PLAYERS:
        game.add_player(user_id, name, side)
    game.select_board(MAP, "Example Board")
    where: dict[str, tuple[str, int, int]] = {}
    for number in range(120):
        x, y = 20 + (number % 12) * 60, 20 + (number // 12) * 55
        where[game.place_piece(f"Unit {number}", MAP, x, y, gpid=str(number % 3 + 1))] = (
            MAP, x, y)
    units = list(where)
    last_roll = ""
    undone: dict[str, tuple[str, int, int]] = {}  # where the last step's movers were
    while len(game.steps) < steps:
        user_id, player, _ = PLAYERS[len(game.steps) % 2]
        kind = len(game.steps) % 10
        if kind in (3, 7):
            value = str(rng.randint(1, 6))
            game.step(Chat(f"*** 1d6 = {value} *** &lt;{player}&gt;"),
                      ChangeGlobalProperty("1d6_result", last_roll, value, "Module"))
            last_roll = value
            undone = {}
        elif kind == 9 and game.steps:
            game.undo()
            where.update(undone)
            undone = {}
        else:
            movers = rng.sample(units, 2 if kind == 5 else 1)
            commands: list[Command] = []
            undone = {unit: where[unit] for unit in movers}
            for unit in movers:
                place, (x, y) = rng.choice(list(PLACES.items()))
                target = (MAP, x + rng.randint(-5, 5), y + rng.randint(-5, 5))
                commands += [moved(unit, target, where[unit], player=user_id),
                             Chat(f"* Unit moves somewhere -> {place} *")]
                where[unit] = target
            game.step(*commands)
    return game.write(path)


def largest_corpus_log() -> Path | None:
    """The biggest `.vlog` of the corpus, or None when the corpus is not there."""
    logs = sorted(CORPUS.rglob("*.vlog"), key=lambda p: p.stat().st_size)
    return logs[-1] if logs else None


def module_beside(path: Path) -> Module | None:
    """The module definition next to a corpus game, if any."""
    for name in ("buildFile", "buildFile.xml"):
        candidate = path.parent / name
        if candidate.exists():
            return open_module(candidate)
    return None


def best_of(repeat: int, work: Callable[[], object]) -> float:
    """The fastest of `repeat` runs, in seconds (garbage collected before each)."""
    times: list[float] = []
    for _ in range(repeat):
        gc.collect()
        start = time.perf_counter()
        work()
        times.append(time.perf_counter() - start)
    return min(times)


def peak_memory(work: Callable[[], object]) -> int:
    """Peak traced memory of one run, in bytes."""
    gc.collect()
    tracemalloc.start()
    try:
        work()
        return tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()


@dataclass
class Result:
    """One file's numbers."""

    label: str
    steps: int
    read: float
    total: float
    peak: int

    def line(self) -> str:
        """One line of the report."""
        rate = self.steps / self.total if self.total else float("inf")
        return (f"{self.label:<28} {self.steps:>6} steps  read {self.read * 1000:8.1f} ms  "
                f"read+replay {self.total * 1000:8.1f} ms  ratio {self.total / self.read:5.1f}x"
                f"  {rate:>9.0f} steps/s  peak {self.peak / 2**20:6.1f} MiB")


def measure(label: str, path: Path, module: Module | None, repeat: int) -> Result:
    """Time read_save alone and read + replay of one file; then trace its memory."""
    steps = len(read_save(path).steps)
    read = best_of(repeat, lambda: read_save(path))
    total = best_of(repeat, lambda: replay(read_save(path), module))
    peak = peak_memory(lambda: replay(read_save(path), module))
    return Result(label, steps, read, total, peak)


def main(argv: list[str] | None = None) -> int:
    """Run the benchmark and print its report."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--steps", type=int, default=10_000)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args(argv)
    module = open_module(EXAMPLE_MODULE)
    results: list[Result] = []
    with tempfile.TemporaryDirectory(prefix="adjudicator-bench-") as folder:
        generated = generate_log(Path(folder) / "generated.vlog", args.steps)
        results.append(measure(f"generated ({args.steps} steps)", generated, module,
                               args.repeat))
    corpus = largest_corpus_log()
    if corpus is not None:
        results.append(measure(f"corpus {corpus.name}", corpus, module_beside(corpus),
                               args.repeat))
    else:
        print(f"corpus not found at {CORPUS}: skipped")
    print(f"python {sys.version.split()[0]}; best of {args.repeat}; "
          "peer = read_save of the same file (ratio = read+replay / read)")
    for result in results:
        print(result.line())
    verdict = "PASS" if results[0].total < TARGET_SECONDS else "MISS"
    print(f"target: generated log read+replay under {TARGET_SECONDS:.0f} s: {verdict} "
          f"({results[0].total:.2f} s)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
