"""Benchmark: fully parsing saves and logs, against a bare split of the same text.

What it measures, per file (by default every .vsav/.vlog of ../shared/vassal/corpus):

- **baseline**: the cheapest thing that touches the same text. A plain `zipfile` read of
  the `savedGame` entry, deobfuscation with the project's own `decode_payload`, then
  `str.split` of the text on ESC, each resulting token on `/`, each of those on TAB and
  each of those on `;` (so a piece's type and state are split one level deep). No escape
  handling, no objects.
- **full parse**: `read_save(path, decode_pieces=True)` (safe zip read, payload, metadata,
  the whole command tree, every AddPiece decoded into its trait chain), then, because trait
  fields are parsed lazily, for every piece `Piece.properties()` and `Piece.name`, and for
  every trait `Trait.type_fields()` (its `;`-fields). The parsed `SaveFile` is kept alive
  until the clock stops, so freeing it is not timed.

Time is the median of `--repeat` runs (`time.perf_counter`, baseline and full parse
interleaved, after one untimed warm-up of each). Memory is measured in separate runs,
never while timing: the peak RSS (Linux `VmHWM`, else `ru_maxrss`) of a fresh subprocess
that imports the code and parses the file once (interpreter and imports included; "start"
is the peak RSS before the parse), and the `tracemalloc` peak of the parse in this process
(Python allocations only, the parsed result kept alive).

Targets (Paths of Glory saves): full parse within 2x the baseline, peak RSS under 60 MB.
They are printed as PASS/MISS; the exit status is 0 either way.

Peer: where a Python >= 3.12 runs, pywargame (PyPI) is installed once into
`bench/.venv-peer` and timed on the same file in fresh subprocesses, one run each:
`SaveIO.readSave` (unzip + decode + split on ESC), `readSave` plus
`WithTraits.decodeAdd2` on every AddPiece line (its parse into trait objects, the closest
to our full parse), and `SaveIO.dumpSave(details=True)` with its output sent to /dev/null.
The ratio ours/theirs compares our full parse in a fresh process with theirs.

Unless `--no-process`, it then compares the two parses as whole processes (interpreter,
imports and parse, each in a fresh process, interleaved) on the same file, and prints the
startup figures of `bench/startup.py`: `adjudicator --help` against a minimal typer app,
and `adjudicator inspect --json` of the Paths of Glory save against the bare floor.

Run it from the repository root::

    .venv/bin/python bench/decode.py                       # every corpus file, peer too
    .venv/bin/python bench/decode.py --repeat 1 --no-peer --files path/to/game.vsav
    .venv/bin/python bench/decode.py --files path/to/game.vsav --profile
"""

from __future__ import annotations

import argparse
import cProfile
import gc
import glob
import json
import os
import pstats
import resource
import shutil
import statistics
import subprocess
import sys
import time
import tracemalloc
import zipfile
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

from vmod_schema.commands import ESC, AddPiece
from vmod_schema.errors import VassalFormatError
from vmod_schema.obfuscation import decode_payload
from vmod_schema.savefile import SaveFile, read_save

BENCH_DIR = Path(__file__).resolve().parent
CORPUS = BENCH_DIR.parent.parent / "shared" / "vassal" / "corpus"
PEER_VENV = BENCH_DIR / ".venv-peer"
PEER_PACKAGE = "pywargame"
TIME_TARGET = 2.0
"""The full parse of a Paths of Glory save should take at most this many baselines."""
MEMORY_TARGET_MB = 60.0
"""... and its fresh process should peak below this RSS."""
TARGET_DIR = "PathsOfGlory"
PEER_TIMEOUT_S = 600

FULL_PARSE = ("read_save(decode_pieces=True) [zip, payload, metadata, command tree, "
              "trait chains] + Piece.properties() + Piece.name + Trait.type_fields() "
              "for every trait")
BASELINE = ("zipfile read of savedGame + decode_payload + str.split on ESC, "
            "then each token on '/', TAB and ';'")


# --------------------------------------------------------------------------- the two parses


def baseline_split(path: Path) -> int:
    """Unzip, deobfuscate and split the text with `str.split`; return the field count."""
    with zipfile.ZipFile(path) as archive:
        raw = archive.read("savedGame")
    text = decode_payload(raw).text
    fields = 0
    for token in text.split(ESC):
        for part in token.split("/"):
            for level in part.split("\t"):
                fields += len(level.split(";"))
    return fields


@dataclass(frozen=True, slots=True)
class ParseCounts:
    """What a full parse went through."""

    commands: int
    pieces: int
    traits: int


def full_parse(path: Path) -> tuple[SaveFile, ParseCounts]:
    """Read the file and parse every command, piece and trait field (see module doc)."""
    save = read_save(path, decode_pieces=True)
    commands = pieces = traits = 0
    for top in save.top_level:
        for command in top.walk():
            commands += 1
            if not isinstance(command, AddPiece):
                continue
            piece = command.piece()
            piece.properties()
            _ = piece.name
            for trait in piece.traits:
                trait.type_fields()
            pieces += 1
            traits += len(piece.traits)
    return save, ParseCounts(commands, pieces, traits)


KINDS: dict[str, Callable[[Path], object]] = {"baseline": baseline_split, "full": full_parse}


# --------------------------------------------------------------------------- measuring


def peak_rss_mb() -> float:
    """This process's peak resident set size in MB.

    On Linux this is `VmHWM` from /proc/self/status: `ru_maxrss` is not used there because
    a child started by vfork + exec inherits its parent's high-water mark in it.
    """
    status = Path("/proc/self/status")
    if status.exists():
        for line in status.read_text().splitlines():
            if line.startswith("VmHWM:"):
                return int(line.split()[1]) / 1024
    maxrss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    # ru_maxrss is in kilobytes on Linux and in bytes on macOS.
    return maxrss / (1024 * 1024) if sys.platform == "darwin" else maxrss / 1024


def median_times(path: Path, repeat: int) -> dict[str, float]:
    """Median seconds of each kind, runs interleaved, after one untimed warm-up each."""
    times: dict[str, list[float]] = {kind: [] for kind in KINDS}
    for run in range(repeat + 1):
        for kind, parse in KINDS.items():
            gc.collect()
            start = time.perf_counter()
            result = parse(path)
            elapsed = time.perf_counter() - start
            del result
            if run:
                times[kind].append(elapsed)
    return {kind: statistics.median(values) for kind, values in times.items()}


def tracemalloc_peak_mb(parse: Callable[[Path], object], path: Path) -> float:
    """Peak traced Python allocation of one parse, result kept alive (an untimed run)."""
    gc.collect()
    tracemalloc.start()
    try:
        result = parse(path)
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    del result
    return peak / (1024 * 1024)


@dataclass(frozen=True, slots=True)
class ProcessRun:
    """One parse in a fresh process: its time and its RSS before and at the peak."""

    seconds: float
    rss_start_mb: float
    rss_peak_mb: float


def run_child(kind: str, path: Path) -> ProcessRun:
    """Parse `path` once in a fresh interpreter (this script with `--child`)."""
    completed = subprocess.run(
        [sys.executable, str(Path(__file__).resolve()), "--child", kind, str(path)],
        capture_output=True, text=True, check=True)
    return ProcessRun(**json.loads(completed.stdout))


def child_main(kind: str, path: Path) -> None:
    """The `--child` mode: parse once, print a `ProcessRun` as JSON."""
    start_rss = peak_rss_mb()
    start = time.perf_counter()
    result = KINDS[kind](path)
    seconds = time.perf_counter() - start
    peak = peak_rss_mb()
    del result
    print(json.dumps({"seconds": seconds, "rss_start_mb": start_rss, "rss_peak_mb": peak}))


# --------------------------------------------------------------------------- our table


@dataclass(frozen=True, slots=True)
class FileResult:
    """All measurements of one file."""

    path: Path
    label: str
    size: int
    counts: ParseCounts
    baseline_s: float
    full_s: float
    baseline_rss: ProcessRun
    full_rss: ProcessRun
    full_traced_mb: float

    @property
    def ratio(self) -> float:
        """Full-parse median over baseline median."""
        return self.full_s / self.baseline_s

    @property
    def is_target(self) -> bool:
        """Whether the targets apply to this file (a Paths of Glory save)."""
        return TARGET_DIR in self.path.parts


def measure(path: Path, label: str, repeat: int) -> FileResult:
    """Time and size both parses of one file."""
    medians = median_times(path, repeat)
    _, counts = full_parse(path)
    return FileResult(
        path=path, label=label, size=path.stat().st_size, counts=counts,
        baseline_s=medians["baseline"], full_s=medians["full"],
        baseline_rss=run_child("baseline", path), full_rss=run_child("full", path),
        full_traced_mb=tracemalloc_peak_mb(full_parse, path))


def print_table(results: Sequence[FileResult], repeat: int) -> None:
    """The results table, then the verdicts for the target files."""
    print(f"baseline   = {BASELINE}")
    print(f"full parse = {FULL_PARSE}")
    print(f"times: median of {repeat} in-process runs; RSS: peak of a fresh process parsing "
          f"once (start = after imports, before the parse); traced: tracemalloc peak of "
          f"the full parse")
    print()
    header = (f"{'file':<36} {'size MB':>7} {'pieces':>6} {'traits':>6} {'base ms':>8} "
              f"{'full ms':>8} {'ratio':>6} {'RSS base':>8} {'RSS full':>8} {'start':>6} "
              f"{'traced':>6}")
    print(header)
    print("-" * len(header))
    for r in results:
        print(f"{r.label[:36]:<36} {r.size / 1e6:>7.2f} {r.counts.pieces:>6} "
              f"{r.counts.traits:>6} {r.baseline_s * 1e3:>8.1f} {r.full_s * 1e3:>8.1f} "
              f"{r.ratio:>5.2f}x {r.baseline_rss.rss_peak_mb:>8.1f} "
              f"{r.full_rss.rss_peak_mb:>8.1f} {r.full_rss.rss_start_mb:>6.1f} "
              f"{r.full_traced_mb:>6.1f}")
    print("(memory columns in MB)")
    for r in results:
        if not r.is_target:
            continue
        speed = "PASS" if r.ratio <= TIME_TARGET else "MISS"
        memory = "PASS" if r.full_rss.rss_peak_mb < MEMORY_TARGET_MB else "MISS"
        print(f"target {r.label}: time {speed} ({r.ratio:.2f}x baseline, target "
              f"<= {TIME_TARGET:.0f}x); memory {memory} (peak RSS {r.full_rss.rss_peak_mb:.1f} "
              f"MB, target < {MEMORY_TARGET_MB:.0f} MB; tracemalloc {r.full_traced_mb:.1f} MB)")


# --------------------------------------------------------------------------- the peer

PEER_DRIVER = r"""
import contextlib, json, os, resource, sys, time
from importlib.metadata import version
from pywargame.vassal import SaveIO
from pywargame.vassal.withtraits import WithTraits

def peak_rss_kb():
    # VmHWM, not ru_maxrss, which a vfork + exec child inherits from its parent.
    if os.path.exists("/proc/self/status"):
        with open("/proc/self/status") as status:
            for line in status:
                if line.startswith("VmHWM:"):
                    return int(line.split()[1])
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss

mode, path = sys.argv[1], sys.argv[2]
rss_start = peak_rss_kb()
pieces = traits = 0
with open(os.devnull, "w") as sink, contextlib.redirect_stdout(sink):
    start = time.perf_counter()
    if mode == "dumpSave":
        SaveIO.dumpSave(path, details=True)
    else:
        key, lines = SaveIO.readSave(path)
        if mode == "decodeAdd2":
            for line in lines:
                line = line.replace("\x1b", "")
                if line.startswith("+"):
                    _, decoded = WithTraits.decodeAdd2(line)
                    pieces += 1
                    traits += len(decoded)
    seconds = time.perf_counter() - start
rss_peak = peak_rss_kb()
print(json.dumps({"seconds": seconds, "rss_start_kb": rss_start, "rss_peak_kb": rss_peak,
                  "pieces": pieces, "traits": traits, "version": version("pywargame")}))
"""

PEER_MODES = {
    "readSave": "SaveIO.readSave (unzip + decode + split on ESC)",
    "decodeAdd2": "readSave + WithTraits.decodeAdd2 per AddPiece (pieces -> traits)",
    "dumpSave": "SaveIO.dumpSave(details=True), output to /dev/null",
}


class PeerSkipped(Exception):
    """The peer cannot run here; the message says why."""


def _runs(python: str) -> bool:
    try:
        completed = subprocess.run(
            [python, "-c", "import sys; print(sys.version_info >= (3, 12))"],
            capture_output=True, text=True, timeout=30)
    except (OSError, subprocess.TimeoutExpired):
        return False
    return completed.returncode == 0 and completed.stdout.strip() == "True"


def find_python312() -> str:
    """A Python >= 3.12 that actually runs: on PATH first, then under ~/.pyenv/versions."""
    candidates = [found for name in ("python3.12", "python3.13", "python3.14")
                  if (found := shutil.which(name))]
    pyenv = Path.home() / ".pyenv" / "versions"
    candidates += sorted(glob.glob(str(pyenv / "3.1[2-9]*" / "bin" / "python3")))
    for candidate in candidates:
        if _runs(candidate):
            return candidate
    raise PeerSkipped("no Python >= 3.12 found (tried python3.12/3.13/3.14 on PATH and "
                      "~/.pyenv/versions/3.1[2-9]*)")


def _peer_python() -> Path:
    return PEER_VENV / ("Scripts/python.exe" if os.name == "nt" else "bin/python")


def ensure_peer_venv() -> Path:
    """The peer venv's interpreter, creating the venv and installing pywargame once."""
    python = _peer_python()
    if python.exists() and subprocess.run(
            [str(python), "-c", f"import {PEER_PACKAGE}"], capture_output=True).returncode == 0:
        return python
    base = find_python312()
    print(f"creating {PEER_VENV} with {base} and installing {PEER_PACKAGE}...", file=sys.stderr)
    steps = [[base, "-m", "venv", str(PEER_VENV)],
             [str(python), "-m", "pip", "install", "--quiet", PEER_PACKAGE]]
    for step in steps:
        try:
            completed = subprocess.run(step, capture_output=True, text=True,
                                       timeout=PEER_TIMEOUT_S)
        except subprocess.TimeoutExpired:
            raise PeerSkipped(f"{' '.join(step[1:])} timed out") from None
        if completed.returncode != 0:
            lines = (completed.stderr or completed.stdout).strip().splitlines()
            raise PeerSkipped(f"{' '.join(step[1:])} failed: {lines[-1] if lines else '?'}")
    return python


@dataclass(frozen=True, slots=True)
class PeerRun:
    """One pywargame run in a fresh process."""

    mode: str
    seconds: float
    rss_peak_mb: float
    pieces: int
    traits: int
    version: str


def run_peer(python: Path, mode: str, path: Path) -> PeerRun:
    """Run pywargame once on `path` in a fresh process."""
    try:
        completed = subprocess.run([str(python), "-c", PEER_DRIVER, mode, str(path)],
                                   capture_output=True, text=True, timeout=PEER_TIMEOUT_S)
    except subprocess.TimeoutExpired:
        raise PeerSkipped(f"pywargame {mode} took over {PEER_TIMEOUT_S} s") from None
    if completed.returncode != 0:
        lines = completed.stderr.strip().splitlines()
        raise PeerSkipped(f"pywargame {mode} failed: {lines[-1] if lines else '?'}")
    data = json.loads(completed.stdout.strip().splitlines()[-1])
    return PeerRun(mode, data["seconds"], data["rss_peak_kb"] / 1024, data["pieces"],
                   data["traits"], data["version"])


def print_peer(result: FileResult) -> None:
    """Time pywargame on the same file and print our ratio to it, or why it was skipped."""
    try:
        python = ensure_peer_venv()
        runs = [run_peer(python, mode, result.path) for mode in PEER_MODES]
    except PeerSkipped as skipped:
        print(f"peer skipped: {skipped}")
        return
    ours = result.full_rss
    print()
    print(f"peer: pywargame {runs[0].version} on {result.label}, one run each in a fresh "
          f"process (ours likewise: full parse {ours.seconds:.3f} s, peak RSS "
          f"{ours.rss_peak_mb:.1f} MB)")
    for run in runs:
        parsed = f", {run.pieces} pieces, {run.traits} traits" if run.pieces else ""
        time_ratio = ours.seconds / run.seconds
        memory_ratio = ours.rss_peak_mb / run.rss_peak_mb
        print(f"  {PEER_MODES[run.mode]:<66} {run.seconds:>7.3f} s  peak RSS "
              f"{run.rss_peak_mb:>6.1f} MB{parsed}   ours/theirs: time {time_ratio:.3f}x, "
              f"memory {memory_ratio:.2f}x")


# --------------------------------------------------------------------------- entry point


def print_whole_processes(result: FileResult, repeat: int) -> None:
    """Both parses as whole processes (interpreter, imports and parse: what a user waits
    for), interleaved, then the startup figures of `bench/startup.py`."""
    from startup import paired, ratio_line, startup_figures  # bench/startup.py

    script = str(Path(__file__).resolve())
    ours, peer = paired(
        ("full parse, whole process", [sys.executable, script, "--child", "full",
                                       str(result.path)]),
        ("baseline, whole process", [sys.executable, script, "--child", "baseline",
                                     str(result.path)]), repeat)
    print(f"\nwhole processes on {result.label} ({repeat} runs each, interleaved; "
          "medians (best)); in process the ratio is "
          f"{result.ratio:.2f}x:")
    print(ratio_line(ours, peer, TIME_TARGET))
    print("startup (bench/startup.py):")
    for line in startup_figures(repeat):
        print(line)


def print_profile(path: Path, top: int = 20) -> None:
    """cProfile of one full parse of `path`: the top functions by own time."""
    profile = cProfile.Profile()
    profile.enable()
    result = full_parse(path)
    profile.disable()
    del result
    print()
    print(f"profile of the full parse of {path}:")
    pstats.Stats(profile, stream=sys.stdout).sort_stats("tottime").print_stats(top)


def corpus_files(root: Path) -> list[Path]:
    """Every .vsav and .vlog under `root`, sorted."""
    return sorted(p for p in root.rglob("*") if p.suffix in (".vsav", ".vlog"))


def _label(path: Path, root: Path) -> str:
    try:
        return str(path.resolve().relative_to(root.resolve()))
    except ValueError:
        return path.name


def main(argv: Sequence[str] | None = None) -> int:
    """Parse the arguments, measure every file, print the tables; always returns 0."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    parser.add_argument("--repeat", type=int, default=5, help="timed runs per file (median)")
    parser.add_argument("--files", type=Path, nargs="+", help="files instead of the corpus")
    parser.add_argument("--corpus", type=Path, default=CORPUS, help="corpus folder")
    parser.add_argument("--no-peer", action="store_true", help="do not run pywargame")
    parser.add_argument("--no-process", action="store_true",
                        help="skip the whole-process comparisons and startup figures")
    parser.add_argument("--profile", action="store_true",
                        help="also print a cProfile of the full parse of the target file")
    parser.add_argument("--child", nargs=2, metavar=("KIND", "PATH"), help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.child:
        child_main(args.child[0], Path(args.child[1]))
        return 0
    files = args.files or corpus_files(args.corpus)
    if not files:
        print(f"no .vsav or .vlog files under {args.corpus}", file=sys.stderr)
        return 0
    results = []
    for path in files:
        print(f"measuring {path}...", file=sys.stderr)
        try:
            results.append(measure(path, _label(path, args.corpus), max(1, args.repeat)))
        except VassalFormatError as error:
            print(f"skipped {path}: {error}")
    if not results:
        return 0
    print_table(results, max(1, args.repeat))
    # The peer and the profile run on the Paths of Glory save, else on the largest file.
    subject = next((r for r in results if r.path.name == "Historical10-8.vsav"),
                   max(results, key=lambda r: r.size))
    if not args.no_peer:
        print_peer(subject)
    if not args.no_process:
        print_whole_processes(subject, max(3, args.repeat))
    if args.profile:
        print_profile(subject.path)
    return 0


if __name__ == "__main__":
    sys.exit(main())
