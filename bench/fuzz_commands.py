"""The long fuzz run of every command (issue 18, part 6): mutants of real saves and logs,
checked, audited, watched, ordered in series and inspected, with and without the module.

    .venv/bin/python bench/fuzz_commands.py                        # 10,000 files, seed 18
    .venv/bin/python bench/fuzz_commands.py --files 500 --seed 7 --parallel 2
    .venv/bin/python bench/fuzz_commands.py --files 200 --keep /tmp/failures

Mutants (`tests/fuzzkit.py`) are made from a fixed seed from the fixture games (the
hidden-information logs, Washington's War, War for America, the example) and, when it is
there, the corpus (`../shared/vassal/corpus` or `ADJUDICATOR_CORPUS`, read in place): bytes
of the zip flipped or cut, or the decoded payload text mangled (huge numbers and property
counts, deep nesting, repeated traits and commands, a chat line of up to 85 MB in one file
of `--huge-every`, duplicated chat lines, a piece named by a whole HTML document) and
encoded again, under odd file names (spaces, unicode, a leading dash, bytes that are not
UTF-8, HTML). Rounds of `--round` files are written to a temp folder and run in batches:
per game, `check` (all four formats, with `--module`, binding and data and without),
`audit` (`--jobs 0` with the module, worker processes without), `watch --once`, `series`,
and `inspect` on one file in `--inspect-every`; then `bind` on mutated modules, `rules`,
`data`, `odds` on mutated data files and huge numbers, `schema`, some writing to
`/dev/full`; and `inspect` and `check` on a FIFO named like a log.

Every process is judged: no traceback; an exit status in the command's documented set; a
peak RSS (`wait4` and `/proc` polling of its process tree) under 1 GB, killed past 1.5 GB or
`--timeout`; no written file over 16 MB; no password of the seed and no name of a piece it
conceals from the opponent in stdout, stderr or any file written (sidecars, summaries,
cache). A batch that fails is re-run file by file (at most `--isolate` files) to name the
file. Figures printed: files, processes, tracebacks, the max peak RSS, exit statuses per
command, leaks, wall time, and each failure class with examples. Exit status 1 when any
promise was broken (a benchmark that finds bugs says so), else 0.
"""

from __future__ import annotations

import argparse
import os
import random
import shutil
import stat
import sys
import tempfile
import time
from collections import Counter, defaultdict
from pathlib import Path

from tests import fuzzkit

DEFAULT_SEED = 18
"""The fixed seed of the 10,000-file run (issue 18)."""
REPO = Path(__file__).resolve().parents[1]
CORPUS = Path(os.environ.get("ADJUDICATOR_CORPUS") or REPO.parent / "shared" / "vassal"
              / "corpus")


def parse_args(argv: list[str]) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--files", type=int, default=10_000, help="mutants to make")
    parser.add_argument("--seed", type=int, default=DEFAULT_SEED, help="random seed")
    parser.add_argument("--round", type=int, default=500, help="mutants per round")
    parser.add_argument("--batch", type=int, default=200, help="files per check process")
    parser.add_argument("--inspect-every", type=int, default=10,
                        help="one inspect process per this many mutants")
    parser.add_argument("--huge-every", type=int, default=250,
                        help="one mutant in this many may grow to 85 MB")
    parser.add_argument("--parallel", type=int, default=2, help="processes at a time")
    parser.add_argument("--timeout", type=float, default=900, help="seconds per process")
    parser.add_argument("--isolate", type=int, default=60,
                        help="files re-run alone to find which of a failed batch fails")
    parser.add_argument("--keep", type=Path, help="copy the failing mutants here")
    parser.add_argument("--no-corpus", action="store_true", help="fixture games only")
    parser.add_argument("--examples", type=int, default=4, help="examples per failure class")
    parser.add_argument("--progress", action="store_true", help="print every process")
    parser.add_argument("--write", metavar="TAG", nargs="+",
                        help="only write these mutants (m00245 ...) of the run to --keep, "
                             "described, and exit: a failure's repro (give the run's --seed "
                             "and --huge-every; the corpus must be there as it was)")
    parser.add_argument("--failures", type=Path,
                        help="also write every failure here, one a line, as it is found")
    return parser.parse_args(argv)


def seeds(use_corpus: bool) -> list[fuzzkit.Seed]:
    found = fuzzkit.fixture_seeds()
    if use_corpus and CORPUS.is_dir():
        found += fuzzkit.corpus_seeds(CORPUS)
    elif use_corpus:
        print(f"no corpus at {CORPUS}: fixture games only", file=sys.stderr)
    return found


def fifo_runs(work: Path) -> list[fuzzkit.Run]:
    folder = work / "fifo"
    folder.mkdir(parents=True, exist_ok=True)
    fifo = folder / "x.vlog"
    if not fifo.exists():
        os.mkfifo(fifo)
    assert stat.S_ISFIFO(fifo.stat().st_mode)
    return [fuzzkit.run("fifo-inspect", ["inspect", str(fifo)], workdir=folder, timeout=30),
            fuzzkit.run("fifo-check", ["check", "-g", "ww", "-o", str(folder / "out"),
                                       str(fifo)], workdir=folder, timeout=30,
                        outputs=[folder / "out"])]


def main(argv: list[str]) -> int:
    args = parse_args(argv)
    for stream in (sys.stdout, sys.stderr):  # file names that are not UTF-8
        stream.reconfigure(errors="backslashreplace")  # type: ignore[union-attr]
    started = time.monotonic()
    pool = seeds(not args.no_corpus)
    for seed in pool:
        fuzzkit.seed_secrets(seed)  # the oracle: read every seed once
    concealing = sum(1 for seed in pool if fuzzkit.seed_secrets(seed).concealed)
    print(f"{len(pool)} seeds ({concealing} with concealed pieces), {args.files:,} mutants, "
          f"seed {args.seed}", flush=True)
    rng = random.Random(args.seed)
    if args.write:
        return write_only(args, pool, rng)
    runs: list[fuzzkit.Run] = []
    failures: list[fuzzkit.Failure] = []
    isolated: list[fuzzkit.Failure] = []
    kinds: Counter[str] = Counter()
    described: dict[str, str] = {}
    made = 0
    isolated_before: set[str] = set()
    with tempfile.TemporaryDirectory(prefix="fuzz-commands-") as temp:
        root = Path(temp)
        for number in range(0, args.files, args.round):
            count = min(args.round, args.files - number)
            mutants = []
            for index in range(number, number + count):
                mutants.append(draw(index, pool, rng, args))
            made += len(mutants)
            kinds.update(m.kind for m in mutants)
            work = root / f"round-{number // args.round:04d}"
            plan = fuzzkit.Plan(batch=args.batch, inspect_every=args.inspect_every,
                                timeout=args.timeout, isolate=args.isolate,
                                isolated=isolated_before)
            campaign = fuzzkit.run_campaign(mutants, work, plan, progress=args.progress,
                                            parallel=args.parallel)
            args.isolate = plan.isolate
            isolated_before = plan.isolated
            runs += campaign.runs
            failures += campaign.failures
            isolated += campaign.isolated
            record(args.failures, campaign.failures + campaign.isolated)
            involved = {tag for f in campaign.failures + campaign.isolated for tag in f.mutants}
            for mutant in mutants:
                if mutant.tag in involved:
                    described[mutant.tag] = mutant.describe()
                    if args.keep is not None:
                        args.keep.mkdir(parents=True, exist_ok=True)
                        (args.keep / f"{mutant.tag}{mutant.seed.path.suffix}").write_bytes(
                            mutant.data)
            print(f"round {number // args.round}: {made:,} files, {len(runs):,} processes, "
                  f"{len(failures):,} failures ({fuzzkit.summarise(failures)}), "
                  f"{time.monotonic() - started:.0f} s", flush=True)
            shutil.rmtree(work, ignore_errors=True)
        other = root / "other"
        for label, command, outputs, stdout_to, detail in fuzzkit.other_runs(
                rng, other, max(10, args.files // 20), fuzzkit.CI_BUDGET):
            result = fuzzkit.run(label, command, workdir=other / "runs", outputs=outputs,
                                 stdout_to=stdout_to, timeout=args.timeout)
            runs.append(result)
            for failure in fuzzkit.check_run(result, {}, other, seeds=[]):
                failures.append(fuzzkit.Failure(failure.kind, failure.run,
                                                f"{failure.detail} — {' '.join(command)} "
                                                f"({detail})"))
        for result in fifo_runs(root):
            runs.append(result)
            failures += fuzzkit.check_run(result, {}, root, seeds=[])
    report(args, made, kinds, runs, failures, isolated, described,
           time.monotonic() - started)
    return 1 if failures else 0


def draw(index: int, pool: list[fuzzkit.Seed], rng: random.Random,
         args: argparse.Namespace) -> fuzzkit.Mutant:
    """Mutant number `index` (drawn in order from the run's generator)."""
    budget = (fuzzkit.BENCH_BUDGET if rng.randrange(args.huge_every) == 0
              else fuzzkit.CI_BUDGET)
    return fuzzkit.make_mutant(index, rng.choice(pool), rng, budget)


def write_only(args: argparse.Namespace, pool: list[fuzzkit.Seed], rng: random.Random) -> int:
    """Write the mutants `--write` names to `--keep` (the run's own, from its seed)."""
    wanted = {int(tag.lstrip("m")) for tag in args.write}
    folder = args.keep or Path.cwd()
    folder.mkdir(parents=True, exist_ok=True)
    for index in range(max(wanted) + 1):
        mutant = draw(index, pool, rng, args)
        if index in wanted:
            target = folder / f"{mutant.tag}{mutant.seed.path.suffix}"
            target.write_bytes(mutant.data)
            print(f"{target}: {mutant.describe()}")
    return 0


def record(path: Path | None, failures: list[fuzzkit.Failure]) -> None:
    """Append the failures to `path` (none is a password: the oracles never print one)."""
    if path is not None:
        with path.open("a", encoding="utf-8", errors="backslashreplace") as handle:
            handle.writelines(f"{failure}\n" for failure in failures)


def report(args: argparse.Namespace, made: int, kinds: Counter[str], runs: list[fuzzkit.Run],
           failures: list[fuzzkit.Failure], isolated: list[fuzzkit.Failure],
           described: dict[str, str], seconds: float) -> None:
    statuses: dict[str, Counter[str]] = defaultdict(Counter)
    for result in runs:
        statuses[result.command][str(result.status) if result.killed is None
                                 else "killed"] += 1
    peak = max(runs, key=lambda r: r.peak_rss)
    classes = fuzzkit.summarise(failures)
    print()
    print(f"files            {made:,} (seed {args.seed})")
    print(f"mutations        {', '.join(f'{k} {n}' for k, n in kinds.most_common())}")
    print(f"processes        {len(runs):,}")
    print(f"tracebacks       {classes.get('traceback', 0)}")
    print(f"max peak RSS     {peak.peak_rss >> 20} MB ({peak.label})")
    over = sum(1 for r in runs if r.peak_rss > fuzzkit.CEILING)
    print(f"over 1 GB        {over} processes")
    print("exit statuses    " + "; ".join(
        f"{command}: " + ", ".join(f"{status}×{n}" for status, n in sorted(seen.items()))
        for command, seen in sorted(statuses.items())))
    print(f"leaks            passwords {classes.get('password', 0)}, concealed names "
          f"{classes.get('concealed', 0)} (+{classes.get('concealed-unreadable', 0)} in "
          "files the oracle cannot read)")
    leaking = {tag for f in failures if f.kind in ("password", "concealed")
               for tag in f.mutants}
    channels: Counter[str] = Counter()
    for failure in failures:
        if failure.kind in ("password", "concealed"):
            command = failure.run.split("-")[0]
            mode = ("without --module" if failure.run.endswith("nomod")
                    else "with --module" if failure.run.endswith("mod") else "")
            where = failure.detail.rsplit(" in ", 1)[-1]
            output = ("stdout" if where in ("stdout", "stderr") else
                      "summary" if where.startswith("audit.") else
                      where.split(".adjudication.", 1)[-1] if ".adjudication." in where
                      else "cache")
            channels[f"{command} {mode} → {output}"] += 1
    print("leaks by channel " + "; ".join(f"{k}: {n}" for k, n in sorted(channels.items())))
    print(f"leaking files    {len(leaking)} mutants with a confirmed leak")
    print(f"wall time        {seconds:.0f} s")
    print(f"failures         {len(failures)} ({classes})")
    by_class: dict[str, list[fuzzkit.Failure]] = defaultdict(list)
    for failure in failures:
        by_class[failure.kind].append(failure)
    for kind, members in sorted(by_class.items()):
        print(f"\n== {kind}: {len(members)}")
        for failure in members[: args.examples]:
            print(f"  {failure}")
            for tag in failure.mutants[:2]:
                if tag in described:
                    print(f"      {described[tag]}")
    if isolated:
        print(f"\n== re-run alone: {len(isolated)} files fail by themselves")
        for failure in isolated[: args.examples * 4]:
            print(f"  {failure}")


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
