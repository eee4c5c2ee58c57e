"""Soak test of `adjudicator watch`: many files dropped into a watched folder, as PBEM
players and a flaky network would drop them.

    .venv/bin/python bench/soak.py                     # 1,000 files
    .venv/bin/python bench/soak.py --files 200 --interval 0.01 --jobs 2

A watcher runs in its own process (`adjudicator watch FOLDER --jobs N`, plain output) on a
fresh folder whose `adjudicator.toml` names the Washington's War fixture module, binding
and data. A writer drops the files at random intervals (exponential, mean `--interval`):
copies of the fixture games (and the example log, a game without a system) under new
names, each made unique by a zip comment (so each is really checked, not a cache hit),
as `.vlog` or `.VSAV`. Of them:

- 10% are bad: truncated at a random byte (never a whole zip: settled after the grace
  interval) or corrupted (bytes overwritten inside the archive);
- 10% are written slowly, in chunks with pauses, the way VASSAL saves in place;
- 5% are rewritten with another game's content a while after they first settle (the new
  content must be checked again);
- a few have hostile names (bytes that are not UTF-8, spaces, unicode, a leading dash).

At the end (when every file's sidecars report on its last content, or after `--timeout`)
it checks, and exits 1 when any fails:

- every file has exactly one up-to-date sidecar set: its JSON and Markdown both name the
  file's current sha256, no other sidecar format, no pending journal;
- no temp file is left in the folder;
- the watcher is alive, and then stops with exit 0 on SIGTERM;
- no input changed: each file's hash is the one the writer last wrote;
- memory stayed bounded: the peak RSS of the watcher's process tree (it and its workers,
  sampled every 0.1 s) under `--memory-mb`.

Figures printed: files per second (files over the time from the first drop to the last
sidecar), the latency from a file settling (its last write plus the settle interval) to
its JSON sidecar (median, p95, max; target p95 under 1 s) for the whole files and, apart,
for the bad ones (which wait for the grace interval), and the peak RSS. Latency is read
from the JSON sidecar's modification time, on the same clock as the writer's.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import random
import signal
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
WW = REPO / "fixtures" / "washingtons-war"
EXAMPLE = REPO / "fixtures" / "example" / "example.vlog"
SETTLE = 0.25
LAUNCH = ("import typer; from adjudicator.cli.watch import watch; app = typer.Typer(); "
          "app.command()(watch); app()")
HOSTILE = [b"bad \xff\xfe name", b"two  spaces here", "Ünïcødé 🎲 ход".encode(), b"-dash",
           b"--help", b"  leading spaces"]
FORMATS = ("json", "md")


@dataclass(slots=True)
class Dropped:
    """A file the writer dropped: its last content's hash and when that was written."""

    path: Path
    sha256: str
    written_at: float
    bad: bool
    rewritten: bool = False


@dataclass(slots=True)
class SoakResult:
    """What the soak found."""

    files: int
    seconds: float
    latencies: list[float] = field(default_factory=list)
    bad_latencies: list[float] = field(default_factory=list)
    peak_rss_mb: float = 0.0
    failures: list[str] = field(default_factory=list)
    watcher_exit: int | None = None

    @property
    def files_per_second(self) -> float:
        return self.files / self.seconds if self.seconds > 0 else 0.0


def unique(data: bytes, tag: str) -> bytes:
    """The zip with a comment naming `tag`: the same game, different bytes."""
    if len(data) >= 22 and data[-22:-18] == b"PK\x05\x06" and data[-2:] == b"\0\0":
        comment = tag.encode()
        return data[:-2] + len(comment).to_bytes(2, "little") + comment
    return data


def damaged(data: bytes, rng: random.Random) -> bytes:
    """Truncated at a random byte, or with bytes overwritten inside the archive."""
    if rng.random() < 0.5:
        return data[:rng.randrange(1, len(data) - 22)]
    broken = bytearray(data)
    at = rng.randrange(30, max(31, len(data) - 60))
    broken[at:at + 16] = rng.randbytes(16)
    return bytes(broken)


def sha(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


class Writer:
    """Drops the files (in its own threads) and remembers what it last wrote to each."""

    def __init__(self, folder: Path, count: int, interval: float, seed: int) -> None:
        self.folder = folder
        self.count = count
        self.interval = interval
        self.rng = random.Random(seed)
        self.sources = [p.read_bytes() for p in sorted((WW / "games").glob("*.vlog"))]
        self.sources.append(EXAMPLE.read_bytes())
        self.dropped: dict[Path, Dropped] = {}
        self.lock = threading.Lock()
        self.threads: list[threading.Thread] = []
        self.first_drop = 0.0

    def run(self) -> None:
        hostile = self.rng.sample(range(self.count), min(len(HOSTILE), self.count))
        for index in range(self.count):
            time.sleep(self.rng.expovariate(1 / self.interval))
            if not self.first_drop:
                self.first_drop = time.time()
            suffix = self.rng.choice([b".vlog", b".vlog", b".VSAV"])
            stem = (HOSTILE[hostile.index(index)] + b" " if index in hostile else b"") + \
                f"game-{index:04d}".encode()
            path = self.folder / os.fsdecode(stem + suffix)
            data = unique(self.rng.choice(self.sources), f"soak {index}")
            bad = self.rng.random() < 0.10
            if bad:
                data = damaged(data, self.rng)
            roll = self.rng.random()
            if roll < 0.10:
                self._spawn(self._write_slowly, path, data, bad)
            else:
                self._write(path, data, bad)
            if roll > 0.95:
                later = unique(self.rng.choice(self.sources), f"soak {index} rewritten")
                self._spawn(self._rewrite, path, later, self.rng.uniform(0.6, 2.0))
        for thread in self.threads:
            thread.join()

    def _spawn(self, target: object, *args: object) -> None:
        thread = threading.Thread(target=target, args=args)  # type: ignore[arg-type]
        thread.start()
        self.threads.append(thread)

    def _write(self, path: Path, data: bytes, bad: bool, *, rewritten: bool = False) -> None:
        with open(path, "wb") as stream:
            stream.write(data)
        self._record(path, data, bad, rewritten)

    def _write_slowly(self, path: Path, data: bytes, bad: bool) -> None:
        rng = random.Random(path.name)
        with open(path, "wb") as stream:
            for start in range(0, len(data), 512):
                stream.write(data[start:start + 512])
                stream.flush()
                time.sleep(rng.uniform(0.02, 0.15))
        self._record(path, data, bad, False)

    def _rewrite(self, path: Path, data: bytes, delay: float) -> None:
        time.sleep(delay)
        while path not in self.dropped:  # still being written slowly: rewrite after
            time.sleep(0.05)
        self._write(path, data, False, rewritten=True)

    def _record(self, path: Path, data: bytes, bad: bool, rewritten: bool) -> None:
        with self.lock:
            self.dropped[path] = Dropped(path, sha(data), time.time(), bad, rewritten)


class RssSampler:
    """Peak RSS of a process and its descendants, sampled from /proc (Linux)."""

    def __init__(self, pid: int, every: float = 0.1) -> None:
        self.pid = pid
        self.every = every
        self.peak_kb = 0
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, daemon=True)

    def start(self) -> None:
        self._thread.start()

    def stop(self) -> None:
        self._stop.set()
        self._thread.join()

    def _run(self) -> None:
        while not self._stop.wait(self.every):
            self.peak_kb = max(self.peak_kb, sum(_rss_kb(p) for p in _tree(self.pid)))


def _tree(root: int) -> list[int]:
    parents: dict[int, int] = {}
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                stat = Path(f"/proc/{entry}/stat").read_text()
            except OSError:
                continue
            parents[int(entry)] = int(stat.rsplit(")", 1)[1].split()[1])
    found, frontier = [root], [root]
    while frontier:
        frontier = [pid for pid, parent in parents.items() if parent in frontier]
        found += frontier
    return found


def _rss_kb(pid: int) -> int:
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    except OSError:
        pass
    return 0


def sidecar(path: Path, fmt: str) -> Path:
    return path.parent / f"{path.name}.adjudication.{fmt}"


def reported_sha(path: Path, fmt: str) -> str | None:
    """The content a sidecar reports on (imported late: the soak's writer needs none of
    the adjudicator)."""
    from adjudicator.report.sidecar import sidecar_sha256

    return sidecar_sha256(sidecar(path, fmt))


def current(item: Dropped) -> bool:
    return all(reported_sha(item.path, fmt) == item.sha256 for fmt in FORMATS)


def write_config(folder: Path) -> None:
    (folder / "adjudicator.toml").write_text(
        f'game = "ww"\nmodule = {json.dumps(str(WW / "washingtons-war-fixture.vmod"))}\n'
        f'binding = {json.dumps(str(WW / "binding.toml"))}\n'
        f'data = [{json.dumps(str(WW / "data" / "fixture-data.toml"))}]\n'
        f'formats = {json.dumps(list(FORMATS))}\n')


def run_soak(folder: Path, *, files: int, interval: float, jobs: int, seed: int,
             timeout: float, memory_mb: float, log: Path | None = None) -> SoakResult:
    """Run the soak in `folder` (empty, or missing); see the module docstring."""
    folder.mkdir(parents=True, exist_ok=True)
    write_config(folder)
    cache = folder.parent / f"{folder.name}-cache"
    output = open(log or os.devnull, "wb")  # noqa: SIM115 - closed below
    watcher = subprocess.Popen(
        [sys.executable, "-c", LAUNCH, str(folder), "--jobs", str(jobs), "--cache",
         str(cache), "--settle", str(SETTLE)], stdout=output, stderr=output, cwd=REPO)
    sampler = RssSampler(watcher.pid)
    sampler.start()
    result = SoakResult(files=files, seconds=0.0)
    try:
        time.sleep(1.0)  # the watcher's imports and its worker pool
        writer = Writer(folder, files, interval, seed)
        writer.run()
        deadline = time.monotonic() + timeout
        pending = list(writer.dropped.values())
        while pending and time.monotonic() < deadline:
            pending = [item for item in pending if not current(item)]
            time.sleep(0.1)
        _judge(folder, writer, result, pending)
        if watcher.poll() is not None:
            result.failures.append(f"the watcher died (exit {watcher.returncode})")
    finally:
        sampler.stop()
        if watcher.poll() is None:
            watcher.send_signal(signal.SIGTERM)
            try:
                result.watcher_exit = watcher.wait(timeout=60)
            except subprocess.TimeoutExpired:
                watcher.kill()
                result.watcher_exit = watcher.wait()
        output.close()
    if result.watcher_exit != 0:
        result.failures.append(f"the watcher did not stop cleanly (exit {result.watcher_exit})")
    result.peak_rss_mb = sampler.peak_kb / 1024
    if result.peak_rss_mb > memory_mb:
        result.failures.append(f"peak RSS {result.peak_rss_mb:.0f} MB over {memory_mb:.0f} MB")
    return result


def _judge(folder: Path, writer: Writer, result: SoakResult, pending: list[Dropped]) -> None:
    failures = result.failures
    for item in pending:
        failures.append(f"{item.path.name!r}: no up-to-date sidecar set")
    last_sidecar = writer.first_drop
    for item in writer.dropped.values():
        data = item.path.read_bytes()
        if sha(data) != item.sha256:
            failures.append(f"{item.path.name!r}: the input changed")
        journal = folder / f".{item.path.name}.adjudication.set"
        extra = sidecar(item.path, "html")
        if journal.exists() or extra.exists():
            failures.append(f"{item.path.name!r}: a pending journal or a stale sidecar")
        try:
            done = sidecar(item.path, "json").stat().st_mtime_ns / 1e9
        except OSError:
            continue
        last_sidecar = max(last_sidecar, done)
        latency = done - item.written_at - SETTLE
        (result.bad_latencies if item.bad else result.latencies).append(latency)
    temps = [name for name in os.listdir(folder) if ".tmp-" in name]
    if temps:
        failures.append(f"temp files left: {temps[:3]}")
    expected = {item.path.name for item in writer.dropped.values()}
    games = {name for name in os.listdir(folder)
             if name.lower().endswith((".vlog", ".vsav"))}
    if games != expected:
        failures.append(f"unexpected game files: {sorted(games ^ expected)[:3]}")
    result.seconds = last_sidecar - writer.first_drop


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))] if ordered else 0.0


def figures(result: SoakResult) -> str:
    """The figures, one per line."""
    def spread(values: list[float]) -> str:
        if not values:
            return "none"
        return (f"median {statistics.median(values) * 1000:.0f} ms, p95 "
                f"{percentile(values, 0.95) * 1000:.0f} ms, max {max(values) * 1000:.0f} ms "
                f"({len(values)} files)")

    p95 = percentile(result.latencies, 0.95)
    return "\n".join([
        f"files: {result.files} in {result.seconds:.1f} s: {result.files_per_second:.1f} "
        "files/s (first drop to last sidecar)",
        f"latency settled -> sidecar: {spread(result.latencies)} "
        f"[{'PASS' if p95 < 1.0 else 'MISS'}: p95 < 1 s]",
        f"latency of bad files (wait for the grace interval): {spread(result.bad_latencies)}",
        f"peak RSS (watcher and workers): {result.peak_rss_mb:.0f} MB",
        f"watcher exit on SIGTERM: {result.watcher_exit}",
        f"failures: {len(result.failures)}",
        *(f"  {failure}" for failure in result.failures[:20]),
    ])


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--files", type=int, default=1000)
    parser.add_argument("--interval", type=float, default=0.02,
                        help="mean seconds between two drops")
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--seed", type=int, default=8)
    parser.add_argument("--timeout", type=float, default=120.0)
    parser.add_argument("--memory-mb", type=float, default=1024.0)
    parser.add_argument("--keep", type=Path, help="soak in this folder and keep it")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="adjudicator-soak-") as scratch:
        folder = args.keep if args.keep is not None else Path(scratch) / "watched"
        result = run_soak(folder, files=args.files, interval=args.interval, jobs=args.jobs,
                          seed=args.seed, timeout=args.timeout, memory_mb=args.memory_mb,
                          log=Path(scratch) / "watch.log")
        print(figures(result))
    return 1 if result.failures else 0


if __name__ == "__main__":
    sys.exit(main())
