"""Benchmark: `adjudicator check` on long Washington's War logs, against replay alone.

    .venv/bin/python bench/check.py                     # 1,000, 10,000 and 100,000 steps
    .venv/bin/python bench/check.py --quick             # 1,000 and 10,000 steps only
    .venv/bin/python bench/check.py --steps 1000,50000 --repeat 1 --timeout 120

Generates, into a temporary folder, legal Washington's War logs of each size on the fixture
module (`fixtures/washingtons-war/`): the standard set-up (`scenarios/t1-setup.toml`, written
by `adjudicator.scenario.build_scenario_log`), then the two sides alternate impulses. The
British play Fixture OPS 2 B and move Howe with 5 CUs Boston <-> Barnstable; the Americans
play Fixture OPS 3 A and move Washington with 5 CUs Lexington and Concord <-> Hartford (one
Strategy rating each, one adjacent space, no enemy there); each card then goes back from
the discard pile to its hand, so the cards never run out. About every 25 steps a move is
undone and made again; every third American impulse rolls 1d6. The steps after the set-up
are written through `GameBuilder` the way `build_scenario_log` writes them (the scenario
builder keeps a copy of every piece per action for its undo, 1.8 GB at 100,000 steps).
The smallest log is checked once for legality: it should have no illegal finding, else a
WARNING names the first three (the generator or the referee needs fixing).
Generation time is not measured.

Measured for each size, each in a fresh process as a user sees it (wall time, peak RSS of
that process, read by a tiny Python wrapper as its `RUSAGE_CHILDREN` `ru_maxrss`):

- **check**: `python -m adjudicator check LOG --game ww --module … --binding … --data …
  --format json --out TMP` (the JSON sidecar written, as usual);
- **replay** (the peer): `read_save`, `open_module`, `Board.for_module` (with the undo
  history `check` keeps) and `adjudicator.replay.iter_steps` streamed over the log: the
  work `check` does before and besides judging;
- **without judging**: the same check with no game system (`judge_save` with no referee,
  then the JSON sidecar): the CLI's imports, the replay, the reading, the concealment log,
  the replay trace and the report. Check less this is the game's referee alone, and the
  report says how much of each ratio target is left for it;
- **start**: `python -c "import adjudicator.cli"`, the floor every command pays.

Every job runs with the repository as its working directory, so it imports the code of the
checkout this file is in.

Times are the best of `--repeat` runs (a job whose first run takes over 10 s runs once);
a run over `--timeout` seconds is stopped and reported as timed out. Per-step cost is
(check - start) / steps; it is flat when the largest size's cost per step is within 1.5x
the smallest's. Targets (PASS/MISS printed, never asserted; the exit status is 0):
check within 1.5x replay alone at 10,000 steps and 2x at 100,000, and 100,000 steps checked
with a peak RSS under 150 MB (issue 24: `targets`, which every game's benchmark prints); for
Washington's War also 10,000 steps checked in under 2 s and 100,000 in under 20 s.
"""

from __future__ import annotations

import argparse
import json
import os
import signal
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Collection, Mapping, Sequence
from dataclasses import dataclass
from itertools import pairwise
from pathlib import Path

from bytecode import as_installed

from adjudicator.scenario import ModuleIndex, build_scenario_log
from vmod_schema.builder import GameBuilder
from vmod_schema.buildfile import Module, open_module
from vmod_schema.commands import (
    AddPiece,
    ChangeGlobalProperty,
    Chat,
    Command,
    MovePiece,
    PlayerJoin,
    SelectBoards,
    SetGlobalProperty,
)
from vmod_schema.pieces import decode_piece
from vmod_schema.savefile import GameFileInfo, SaveFile, read_save

REPO = Path(__file__).resolve().parents[1]
FIXTURE = REPO / "fixtures" / "washingtons-war"
MODULE = FIXTURE / "washingtons-war-fixture.vmod"
BINDING = FIXTURE / "binding.toml"
DATA = FIXTURE / "data" / "fixture-data.toml"
SETUP = FIXTURE / "scenarios" / "t1-setup.toml"
SIZES = (1_000, 10_000, 100_000)
QUICK_SIZES = (1_000, 10_000)
RATIO_TARGETS = {10_000: 1.5, 100_000: 2.0}
"""check should take at most this many times replay alone at this many steps (issue 24,
for every game)."""
SECONDS_TARGETS = {10_000: 2.0, 100_000: 20.0}
"""Whole-process seconds to check a log of this many steps."""
MEMORY_TARGET_MB = 150.0
MEMORY_TARGET_STEPS = 100_000
FLAT_LIMIT = 1.5
"""Largest over smallest µs per step still counted as flat."""
ONCE_AFTER_S = 10.0
"""A job whose first run takes longer is not repeated."""
UNDO_EVERY = 25
PLAYERS = {"British": "Bea", "American": "Al"}
IMPULSES = (
    # side, card, General and his CUs, the two adjacent spaces he shuttles between
    ("British", "Fixture OPS 2 B", ("Howe", "British CU 5"), ("Boston", "Barnstable")),
    ("American", "Fixture OPS 3 A", ("Washington", "American CU 5"),
     ("Lexington and Concord", "Hartford")),
)

Position = tuple[str, int, int]

# --------------------------------------------------------------------------- the logs


@dataclass
class _Mover:
    piece_id: str
    name: str
    at: Position


class WWLogWriter:
    """Continues the standard set-up with the benchmark's impulses, step by step.

    `wanted` (the pieces to move) and `players` (side -> name) default to this benchmark's;
    bench/check_wfa.py passes War for America's."""

    description = "bench/check.py"
    """The written log's description."""

    def __init__(self, setup: SaveFile, module: Module, wanted: Collection[str] | None = None,
                 players: Mapping[str, str] = PLAYERS) -> None:
        self.module = module
        self.index = ModuleIndex(module)
        self.game = GameBuilder()
        self.players = players
        self.movers: dict[str, _Mover] = {}
        if wanted is None:
            wanted = {name for _, card, group, _ in IMPULSES for name in (card, *group)}
        for command in setup.restore_commands():
            if isinstance(command, AddPiece):
                self.game.pieces[command.id] = command
                piece = decode_piece(command.type, command.state)
                if piece.name in wanted and piece.name not in self.movers:
                    self.movers[piece.name] = _Mover(command.id, piece.name, (
                        piece.map_id or "null", piece.x or 0, piece.y or 0))
            elif isinstance(command, PlayerJoin):
                self.game.roster.append(command)
            elif isinstance(command, SelectBoards):
                self.game.boards.append(command)
            elif isinstance(command, SetGlobalProperty):
                self.game.properties.append(command)
        if missing := set(wanted) - set(self.movers):
            raise SystemExit(f"the set-up lacks {sorted(missing)}")
        self.users = {join.side: join.user_id for join in setup.players()}
        self.hands = {name: mover.at for name, mover in self.movers.items()}
        self.last_roll = ""
        self._before: list[tuple[_Mover, Position]] = []

    def place(self, name: str) -> Position:
        spot = self.index.lookup(name)
        if spot is None:
            raise SystemExit(f"no place {name!r} in the fixture module")
        return spot.map_id, spot.x, spot.y

    def move(self, side: str, names: Sequence[str], target: Position,
             chat: str | None) -> None:
        """One drag of `names` (the first leads), as the scenario builder writes it."""
        commands: list[Command] = []
        under = "null"
        self._before = []
        for name in names:
            mover = self.movers[name]
            (old_map, old_x, old_y), (new_map, new_x, new_y) = mover.at, target
            commands.append(MovePiece(mover.piece_id, new_map, str(new_x), str(new_y), under,
                                      old_map, str(old_x), str(old_y), "null",
                                      player=self.users[side]))
            under = mover.piece_id
            self._before.append((mover, mover.at))
            mover.at = target
        if chat is not None:
            commands.append(Chat(chat))
        self.game.step(*commands)

    def roll(self, side: str, value: int) -> None:
        self.game.step(Chat(f"*** 1d6 = {value} *** &lt;{self.players[side]}&gt;"),
                       ChangeGlobalProperty("1d6_result", self.last_roll, str(value),
                                            "Module"))
        self.last_roll = str(value)
        self._before = []

    def undo(self) -> None:
        self.game.undo()
        for mover, at in self._before:
            mover.at = at
        self._before = []

    def write(self, path: Path) -> Path:
        module = self.module
        info = GameFileInfo(module_name=module.name, module_version=module.version,
                            vassal_version=module.vassal_version or "3.7.12",
                            description=self.description, date_saved_ms=1_700_000_000_000)
        return self.game.write(path, info=info, key=0x2A)


def scenario_save(folder: Path, source: str, module: Path, players: Mapping[str, str], *,
                  setup_files: Sequence[Path] = (),
                  setup: Sequence[tuple[str, str]] = ()) -> Path:
    """A set-up as a save, written by the project's scenario builder (`setup_files`, or
    pieces and where they stand)."""
    scenario = folder / "setup.toml"
    scenario.write_text("\n".join([
        f"source = {json.dumps(source)}",
        f"module = {json.dumps(str(module))}",
        *([f"setup_files = [{', '.join(json.dumps(str(f)) for f in setup_files)}]"]
          if setup_files else []),
        *(["setup = [",
           *(f"  {{ piece = {json.dumps(piece)}, at = {json.dumps(at)} }},"
             for piece, at in setup),
           "]"] if setup else []),
        "[players]",
        *(f"{side} = {json.dumps(name)}" for side, name in players.items()),
    ]) + "\n", encoding="utf-8")
    return build_scenario_log(scenario, folder / "setup.vsav")


def write_setup(folder: Path) -> Path:
    """The standard set-up as a save."""
    return scenario_save(folder, "bench/check.py: the standard set-up", MODULE, PLAYERS,
                         setup_files=[SETUP])


def generate_log(path: Path, steps: int, setup: SaveFile, module: Module) -> Path:
    """Write a legal log of exactly `steps` steps (see the module docstring)."""
    writer = WWLogWriter(setup, module)
    game = writer.game
    turn = 0
    since_undo = 0
    while len(game.steps) < steps:
        side, card, group, (home, away) = IMPULSES[turn % 2]
        there = (turn // 2) % 2 == 1  # the General is at `away`, going home
        origin, destination = (away, home) if there else (home, away)
        script: list[tuple[str, int]] = [("play", 0), ("move", 0)]
        if since_undo >= UNDO_EVERY:
            script += [("undo", 0), ("move", 0)]
        if side == "American" and turn % 6 == 5:
            script.append(("roll", (turn // 6) % 6 + 1))
        script.append(("recycle", 0))
        for action, value in script:
            if len(game.steps) >= steps:
                break
            since_undo += 1
            if action == "play":
                writer.move(side, [card], writer.place("Discard"), None)
            elif action == "move":
                writer.move(side, group, writer.place(destination),
                            f"* {', '.join(group)} moves {origin} -> {destination} *")
            elif action == "undo":
                writer.undo()
                since_undo = 0
            elif action == "roll":
                writer.roll(side, value)
            else:
                hand = f"{side} Hand"
                writer.move(side, [card], writer.hands[card],
                            f"* {card} moves Discard -> {hand} *")
        turn += 1
    return writer.write(path)


# --------------------------------------------------------------------------- measuring

WRAPPER = """
import json, resource, subprocess, sys, time
command, timeout = json.loads(sys.argv[1]), float(sys.argv[2])
start = time.perf_counter()
try:
    done = subprocess.run(command, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                          timeout=timeout)
    code, error = done.returncode, done.stderr.decode(errors="replace")[-1500:]
except subprocess.TimeoutExpired:
    code, error = None, "timed out"
wall = time.perf_counter() - start
rss = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
print(json.dumps({"wall": wall, "rss": rss, "code": code, "error": error}))
"""
"""Runs one job and reports its wall time and peak RSS. A wrapper rather than this process:
a child forked from a big parent inherits the parent's `ru_maxrss` across exec, and this
process holds the generated logs' builders."""

REPLAY_JOB = """
import sys
from adjudicator.check import BOARD_HISTORY
from adjudicator.replay import Board, iter_steps
from vmod_schema.buildfile import open_module
from vmod_schema.savefile import read_save
save = read_save(sys.argv[1])
module = open_module(sys.argv[2])
board = Board.for_module(module, history_limit=BOARD_HISTORY)
count = sum(1 for _ in iter_steps(save, module, board=board))
"""

UNJUDGED_JOB = """
import sys
from pathlib import Path
import adjudicator.cli
from adjudicator.check import judge_save
from adjudicator.report import ReportFormat, write_sidecars
from vmod_schema.buildfile import open_module
from vmod_schema.savefile import read_save
log, module, out = Path(sys.argv[1]), Path(sys.argv[2]), Path(sys.argv[3])
report = judge_save(read_save(log), log, system=None, referee=None,
                    module=open_module(module), module_path=module)
write_sidecars(report, log, [ReportFormat.JSON], out_dir=out)
"""
"""Everything `check` does but judging: the CLI's imports, the replay, the reading (undos,
rolls), the concealment log, the replay trace and the JSON report, with no game system (as
`audit` reads a file of a game it does not know). Between it and `check` lies the game's
referee alone: its imports, its judging, its findings and computations."""


@dataclass
class Run:
    """One job's best run: seconds and peak RSS in MB; `failed` says why there is none."""

    seconds: float = 0.0
    peak_mb: float = 0.0
    failed: str | None = None


def run_once(command: Sequence[str], timeout: float) -> Run:
    """One run of `command` in a fresh process, through the wrapper."""
    wrapper = subprocess.Popen(
        [sys.executable, "-c", WRAPPER, json.dumps(list(command)), str(timeout)],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, cwd=REPO,
        start_new_session=True)
    try:
        out, err = wrapper.communicate(timeout=timeout + 30)
    except subprocess.TimeoutExpired:
        os.killpg(wrapper.pid, signal.SIGKILL)
        wrapper.communicate()
        return Run(failed="timed out")
    try:
        report = json.loads(out)
    except json.JSONDecodeError:
        return Run(failed=f"wrapper failed: {err.strip()[-300:]}")
    if report["code"] is None:
        return Run(failed="timed out")
    if report["code"] != 0:
        return Run(failed=f"exit {report['code']}: {report['error'].strip()[-300:]}")
    kb = report["rss"] / 1024 if sys.platform == "darwin" else report["rss"]
    return Run(report["wall"], kb / 1024)


def best_run(command: Sequence[str], repeat: int, timeout: float) -> Run:
    """The fastest of `repeat` runs (the largest peak RSS); one run if it is slow."""
    best = run_once(command, timeout)
    for _ in range(repeat - 1):
        if best.failed is not None or best.seconds > ONCE_AFTER_S:
            break
        run = run_once(command, timeout)
        if run.failed is not None:
            return run
        best = Run(min(best.seconds, run.seconds), max(best.peak_mb, run.peak_mb))
    return best


@dataclass
class Size:
    """The numbers of one log size."""

    steps: int
    check: Run
    replay: Run
    unjudged: Run | None = None
    """`UNJUDGED_JOB`: check with no game system (None: not measured)."""

    def ratio(self) -> float | None:
        if self.check.failed or self.replay.failed or not self.replay.seconds:
            return None
        return self.check.seconds / self.replay.seconds

    def us_per_step(self, floor: float) -> float | None:
        if self.check.failed:
            return None
        return (self.check.seconds - floor) / self.steps * 1e6


def legality(out: Path, steps: int, generator: str = "bench/check.py") -> None:
    """Print the illegal findings of the first check's JSON sidecar."""
    sidecars = sorted(out.glob("*.json"))
    if not sidecars:
        print(f"WARNING: no sidecar for the {steps:,}-step log: legality not known")
        return
    findings = json.loads(sidecars[0].read_text(encoding="utf-8"))["findings"]
    illegal = [f for f in findings if f["severity"] == "illegal"]
    print(f"legality: {len(illegal)} illegal findings in the {steps:,}-step log "
          f"({len(findings)} findings in all)")
    if illegal:
        print("WARNING: the generated game should be legal; fix the generator "
              f"({generator}) or the referee. First findings:")
        for finding in illegal[:3]:
            print(f"  step {finding['step']} {finding['rule_id']}: {finding['message']}")


# --------------------------------------------------------------------------- the report


def cell(value: float | None, form: str, failed: str | None = None) -> str:
    if value is None:
        return "timed out" if failed == "timed out" else "failed" if failed else "-"
    return format(value, form)


def report(sizes: Sequence[Size], start: Run, repeat: int,
           seconds: Mapping[int, float] | None = None) -> None:
    """Every game's benchmark prints this: the table, the cost of each step added between
    sizes, and the targets (`seconds`: whole-process seconds by size, for this game)."""
    table(sizes, start, repeat)
    marginal(sizes)
    flat_target(sizes, start)
    targets(sizes, seconds)
    referee_share(sizes)


def referee_share(sizes: Sequence[Size]) -> None:
    """What the ratio targets leave the game's referee: check with no game system
    (`UNJUDGED_JOB`) against replay alone, and the referee's own cost per step (check less
    that), beside what each target would allow it, all from this run."""
    print()
    for size in sizes:
        target = RATIO_TARGETS.get(size.steps)
        unjudged = size.unjudged
        if target is None or unjudged is None:
            continue
        runs = (size.check, size.replay, unjudged)
        failed = next((run.failed for run in runs if run.failed), None)
        if failed is not None or not size.replay.seconds:
            print(f"without judging, {size.steps:,} steps: unknown ({failed})")
            continue
        floor = unjudged.seconds / size.replay.seconds
        referee = (size.check.seconds - unjudged.seconds) / size.steps * 1e6
        allowed = (target * size.replay.seconds - unjudged.seconds) / size.steps * 1e6
        room = (f"{allowed:.0f} µs per step for the referee" if allowed > 0
                else "nothing for the referee: no referee, however fast, meets it")
        print(f"without judging, {size.steps:,} steps: {unjudged.seconds:.2f} s, "
              f"{floor:.1f}x replay alone (reading, concealment, trace, JSON report; no "
              f"game system); the referee adds {referee:.0f} µs per step, and "
              f"the {target:g}x target leaves {room}")


def marginal(sizes: Sequence[Size]) -> None:
    """The cost of each step added between two sizes, of check and of replay alone: the
    fixed costs (reading the module, the data, the binding) left out."""
    for small, large in pairwise(sizes):
        added = large.steps - small.steps
        runs = [(label, a, b) for label, a, b in (("check", small.check, large.check),
                                                  ("replay", small.replay, large.replay))
                if not a.failed and not b.failed]
        if not runs:
            continue
        print(f"each step added {small.steps:,} -> {large.steps:,}: " + ", ".join(
            f"{label} {(b.seconds - a.seconds) / added * 1e6:.0f} µs, "
            f"{(b.peak_mb - a.peak_mb) * 1024 / added:.1f} KB" for label, a, b in runs))


def flat_target(sizes: Sequence[Size], start: Run) -> None:
    """The target: per-step cost flat from the smallest size to the largest."""
    print()
    if len(sizes) < 2:
        print("target: per-step cost flat: - (one size only)")
        return
    first, last = sizes[0], sizes[-1]
    small, large = first.us_per_step(start.seconds), last.us_per_step(start.seconds)
    if small is None or large is None or small <= 0:
        why = first.check.failed or last.check.failed or "no per-step cost"
        verdict = "MISS"
    else:
        growth = large / small
        verdict = "PASS" if growth <= FLAT_LIMIT else "MISS"
        why = f"{large:.0f} vs {small:.0f} µs/step, {growth:.2f}x"
    print(f"target: per-step cost at {last.steps:,} steps within {FLAT_LIMIT}x that at "
          f"{first.steps:,}: {verdict} ({why})")


def table(sizes: Sequence[Size], start: Run, repeat: int) -> None:
    """The figures of every size, the runs that failed, and whether per-step cost is flat."""
    floor = start.seconds
    print(f"\npython {sys.version.split()[0]}; best of {repeat} (once when over "
          f"{ONCE_AFTER_S:.0f} s); start floor (import adjudicator.cli) "
          f"{floor:.3f} s, {start.peak_mb:.0f} MB; peer = replay alone")
    print(f"{'steps':>8} {'check s':>10} {'replay s':>10} {'ratio':>7} {'µs/step':>9} "
          f"{'check MB':>9} {'replay MB':>10}")
    for size in sizes:
        check, replay = size.check, size.replay
        print(f"{size.steps:>8,} "
              f"{cell(None if check.failed else check.seconds, '.2f', check.failed):>10} "
              f"{cell(None if replay.failed else replay.seconds, '.2f', replay.failed):>10} "
              f"{cell(size.ratio(), '.1f') + 'x' if size.ratio() else '-':>7} "
              f"{cell(size.us_per_step(floor), '.0f'):>9} "
              f"{cell(None if check.failed else check.peak_mb, '.0f'):>9} "
              f"{cell(None if replay.failed else replay.peak_mb, '.0f'):>10}")
    for size in sizes:
        for label, run in (("check", size.check), ("replay", size.replay)):
            if run.failed and run.failed != "timed out":
                print(f"  {label} of {size.steps:,} steps failed: {run.failed}")
    rates = [(s.steps, s.us_per_step(floor)) for s in sizes]
    known = [(steps, rate) for steps, rate in rates if rate is not None]
    if len(sizes) > 1:
        first, last = sizes[0].steps, sizes[-1].steps
        if len(known) == len(rates) and known[0][1]:
            growth = known[-1][1] / known[0][1]
            flat = "flat" if growth <= FLAT_LIMIT else "NOT flat"
            print(f"per-step cost {last:,} vs {first:,} steps: {growth:.2f}x ({flat}; "
                  f"flat means <= {FLAT_LIMIT}x)")
        else:
            print(f"per-step cost {last:,} vs {first:,} steps: unknown (a run failed)")


def targets(sizes: Sequence[Size], seconds: Mapping[int, float] | None = None) -> None:
    """The targets of issue 24, PASS or MISS, for the sizes measured: the ratio against
    replay alone, and the peak memory; `seconds`: whole-process seconds by size too."""
    print()
    for size in sizes:
        target = RATIO_TARGETS.get(size.steps)
        if target is None:
            continue
        ratio = size.ratio()
        verdict = "PASS" if ratio is not None and ratio <= target else "MISS"
        why = f"{ratio:.1f}x" if ratio is not None else size.check.failed or size.replay.failed
        print(f"target: check within {target:g}x replay alone at {size.steps:,} "
              f"steps: {verdict} ({why})")
    for size in sizes:
        limit = (seconds or {}).get(size.steps)
        if limit is None:
            continue
        run = size.check
        verdict = "PASS" if not run.failed and run.seconds < limit else "MISS"
        why = run.failed or f"{run.seconds:.2f} s"
        print(f"target: {size.steps:,} steps checked in under {limit:.0f} s: {verdict} ({why})")
    for size in sizes:
        if size.steps != MEMORY_TARGET_STEPS:
            continue
        run = size.check
        verdict = "PASS" if not run.failed and run.peak_mb < MEMORY_TARGET_MB else "MISS"
        why = run.failed or f"{run.peak_mb:.0f} MB"
        print(f"target: {size.steps:,} steps checked with a peak under "
              f"{MEMORY_TARGET_MB:.0f} MB: {verdict} ({why})")


def parse_sizes(text: str) -> list[int]:
    try:
        sizes = sorted({int(part.replace("_", "")) for part in text.split(",") if part})
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a list of step counts: {text!r}") from None
    if not sizes or sizes[0] < 1:
        raise argparse.ArgumentTypeError("step counts must be positive")
    return sizes


@dataclass(frozen=True)
class Bench:
    """What one game's benchmark generates and runs (this file's: Washington's War)."""

    name: str
    """The game's id, and the log files' prefix and the temporary folder's (`ww`, `wfa`)."""
    module: Path
    binding: Path
    data: Path
    write_setup: Callable[[Path], Path]
    generate_log: Callable[[Path, int, SaveFile, Module], Path]
    generator: str
    """The script named in a legality warning."""
    every_size_legal: bool = False
    """Read every size's sidecar for illegal findings (else the smallest only)."""

    def check_command(self, log: Path, out: Path) -> list[str]:
        """`adjudicator check` of one log with the fixture's module, binding and data, its
        JSON sidecar into `out`."""
        return [sys.executable, "-m", "adjudicator", "check", str(log), "--game", self.name,
                "--module", str(self.module), "--binding", str(self.binding),
                "--data", str(self.data), "--format", "json", "--out", str(out)]


def measure(bench: Bench, argv: list[str] | None = None
            ) -> tuple[list[Size], Run, int]:
    """Parse the command line, generate the logs, run check, replay and the start floor:
    each size's runs, the start floor and the repeat count."""
    parser = argparse.ArgumentParser(description=(sys.modules["__main__"].__doc__
                                                  or "").splitlines()[0])
    parser.add_argument("--steps", type=parse_sizes, default=list(SIZES),
                        help="comma-separated log sizes (default 1000,10000,100000)")
    parser.add_argument("--quick", action="store_true",
                        help=f"only {' and '.join(f'{s:,}' for s in QUICK_SIZES)} steps")
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--timeout", type=float, default=300.0,
                        help="seconds before one run is stopped (default 300)")
    args = parser.parse_args(argv)
    print(as_installed())
    wanted: list[int] = list(QUICK_SIZES) if args.quick else args.steps
    module = open_module(bench.module)
    sizes: list[Size] = []
    with tempfile.TemporaryDirectory(prefix=f"adjudicator-bench-check-{bench.name}-") as name:
        folder = Path(name)
        setup = read_save(bench.write_setup(folder))
        logs: dict[int, Path] = {}
        for steps in wanted:
            started = time.perf_counter()
            logs[steps] = bench.generate_log(folder / f"{bench.name}-{steps}.vlog", steps,
                                             setup, module)
            print(f"generated {steps:,} steps in {time.perf_counter() - started:.1f} s "
                  f"({logs[steps].stat().st_size / 1024:,.0f} KB)", flush=True)
        start = best_run([sys.executable, "-c", "import adjudicator.cli"], args.repeat,
                         args.timeout)
        if start.failed:
            print(f"start floor failed: {start.failed}")
        for steps, log in logs.items():
            out = folder / f"out-{steps}"
            check = best_run(bench.check_command(log, out), args.repeat, args.timeout)
            if bench.every_size_legal or steps == wanted[0]:
                legality(out, steps, bench.generator)
            replay = best_run([sys.executable, "-c", REPLAY_JOB, str(log), str(bench.module)],
                              args.repeat, args.timeout)
            unjudged = best_run([sys.executable, "-c", UNJUDGED_JOB, str(log),
                                 str(bench.module), str(folder / f"unjudged-{steps}")],
                                args.repeat, args.timeout)
            sizes.append(Size(steps, check, replay, unjudged))
            print(f"measured {steps:,} steps", flush=True)
    return sizes, start, args.repeat


WW = Bench("ww", MODULE, BINDING, DATA, write_setup, generate_log, "bench/check.py")


def main(argv: list[str] | None = None) -> int:
    """Generate the logs, run the jobs, print the report."""
    sizes, start, repeat = measure(WW, argv)
    report(sizes, start, repeat, SECONDS_TARGETS)
    return 0


if __name__ == "__main__":
    sys.exit(main())
