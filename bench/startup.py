"""Benchmark: what a whole process costs, against peers run by the same interpreter.

    .venv/bin/python bench/startup.py [--repeat 15]

Each figure is the median (and best) wall time of `--repeat` fresh processes, the peer's
runs interleaved with ours so that a busy machine slows both alike:

* `adjudicator --help` against the `--help` of a minimal two-command typer app (written
  to a temporary file): target at most 1.5x;
* `adjudicator inspect --json` of the Paths of Glory save against the bare floor in a
  process of its own: unzip `savedGame`, `decode_payload` (XOR), `str.split` on ESC, then
  each token on `/`, TAB and `;`: target at most 2x;
* `python -c pass`, the interpreter alone, for scale.

PASS/MISS is printed, never asserted; the exit status is 0. `bench/decode.py` prints the
same figures after its in-process table.
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from bytecode import as_installed

REPO = Path(__file__).resolve().parents[1]
CORPUS = REPO.parent / "shared" / "vassal" / "corpus"
POG = CORPUS / "PathsOfGlory" / "Historical10-8.vsav"
HELP_TARGET = 1.5
INSPECT_TARGET = 2.0

MINIMAL_APP = '''import typer

app = typer.Typer()


@app.command()
def one(count: int = 1) -> None:
    """The first command."""


@app.command()
def two(name: str = "") -> None:
    """The second command."""


app()
'''

FLOOR = '''import sys
import zipfile

from vmod_schema.obfuscation import decode_payload

with zipfile.ZipFile(sys.argv[1]) as archive:
    raw = archive.read("savedGame")
fields = 0
for token in decode_payload(raw).text.split("\\x1b"):
    for part in token.split("/"):
        for level in part.split("\\t"):
            fields += len(level.split(";"))
print(fields)
'''


@dataclass(frozen=True, slots=True)
class Timing:
    """Wall times of one command's fresh processes."""

    label: str
    seconds: tuple[float, ...]

    @property
    def median(self) -> float:
        """The median run."""
        return statistics.median(self.seconds)

    @property
    def best(self) -> float:
        """The fastest run."""
        return min(self.seconds)


def wall(command: Sequence[str]) -> float:
    """Seconds one process takes, start to exit (its output discarded)."""
    start = time.perf_counter()
    subprocess.run(command, cwd=REPO, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                   check=False)
    return time.perf_counter() - start


def paired(ours: tuple[str, Sequence[str]], peer: tuple[str, Sequence[str]],
           repeat: int) -> tuple[Timing, Timing]:
    """Time two commands `repeat` times each, alternately (one warm-up run each first)."""
    wall(ours[1])
    wall(peer[1])
    mine: list[float] = []
    theirs: list[float] = []
    for _ in range(repeat):
        mine.append(wall(ours[1]))
        theirs.append(wall(peer[1]))
    return Timing(ours[0], tuple(mine)), Timing(peer[0], tuple(theirs))


def ratio_line(ours: Timing, peer: Timing, target: float) -> str:
    """`ours vs peer: median ratio (best ratio), PASS/MISS against target`."""
    ratio = ours.median / peer.median
    verdict = "PASS" if ratio <= target else "MISS"
    return (f"{ours.label:<34} {ours.median * 1000:7.0f} ms (best {ours.best * 1000:5.0f})  "
            f"vs {peer.label:<30} {peer.median * 1000:7.0f} ms (best {peer.best * 1000:5.0f})"
            f"  ratio {ratio:4.2f}x (best/best {ours.best / peer.best:4.2f}x)  "
            f"target <= {target}x: {verdict}")


def startup_figures(repeat: int) -> list[str]:
    """The report's lines: interpreter, `--help` against typer, `inspect` against the floor."""
    python = sys.executable
    lines: list[str] = []
    with tempfile.TemporaryDirectory(prefix="adjudicator-startup-") as folder:
        minimal = Path(folder) / "minimal.py"
        minimal.write_text(MINIMAL_APP, encoding="utf-8")
        floor = Path(folder) / "floor.py"
        floor.write_text(FLOOR, encoding="utf-8")
        bare, _ = paired(("python -c pass", [python, "-c", "pass"]),
                         ("python -c pass", [python, "-c", "pass"]), repeat)
        lines.append(f"{'python -c pass':<34} {bare.median * 1000:7.0f} ms "
                     f"(best {bare.best * 1000:5.0f})")
        ours, peer = paired(("adjudicator --help", [python, "-m", "adjudicator", "--help"]),
                            ("minimal typer app --help", [python, str(minimal), "--help"]),
                            repeat)
        lines.append(ratio_line(ours, peer, HELP_TARGET))
        if POG.is_file():
            ours, peer = paired(
                ("adjudicator inspect --json PoG", [python, "-m", "adjudicator", "inspect",
                                                    "--json", str(POG)]),
                ("unzip+XOR+split floor", [python, str(floor), str(POG)]), repeat)
            lines.append(ratio_line(ours, peer, INSPECT_TARGET))
        else:
            lines.append(f"corpus not found at {CORPUS}: inspect vs floor skipped")
    return lines


def main(argv: list[str] | None = None) -> int:
    """Print the startup figures."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=15)
    args = parser.parse_args(argv)
    print(as_installed())
    print(f"python {sys.version.split()[0]}; whole processes, {args.repeat} runs each, "
          "ours and the peer's interleaved; medians (best)")
    for line in startup_figures(args.repeat):
        print(line)
    return 0


if __name__ == "__main__":
    sys.exit(main())
