"""`adjudicator demo`: check the bundled Washington's War example games.

The example ships inside the package (`adjudicator/examples/washingtons-war`), so the demo
works after a plain `pip install`, from any folder: the fixture module (real space names, a
made-up layout), its binding, its made-up data file and three games built from the
repository's scenarios (a legal opening turn and two games with mistakes). They are
byte-for-byte copies of the files under `fixtures/washingtons-war` (a test keeps them so).
The games are copied into the output folder and checked there, so the sidecar reports land
beside them and the package folder is never written to.
"""

from __future__ import annotations

import shutil
from pathlib import Path

from adjudicator.check import adjudicate
from adjudicator.errors import AdjudicatorError
from adjudicator.report import Report, ReportFormat, write_sidecars

EXAMPLE = Path(__file__).resolve().parent / "examples" / "washingtons-war"
"""The packaged example: module, binding, data file and games."""
EXAMPLE_MODULE = EXAMPLE / "washingtons-war-fixture.vmod"
EXAMPLE_BINDING = EXAMPLE / "binding.toml"
EXAMPLE_DATA = EXAMPLE / "data" / "fixture-data.toml"
EXAMPLE_GAMES = EXAMPLE / "games"
DEMO_GAMES = ("opening-turn", "illegal-carleton-too-far", "illegal-two-things")
"""A legal opening turn, and two games with mistakes to show findings."""


def run_demo(out: Path, *, games: tuple[str, ...] = DEMO_GAMES
             ) -> list[tuple[Report, list[Path]]]:
    """Copy each demo game into `out`, check it, write JSON, Markdown and HTML reports
    beside the copy; returns each game's report and the sidecars written.

    Raises:
        AdjudicatorError: the packaged example is missing (a broken install).
        OSError: `out` cannot be created or written.
    """
    if not EXAMPLE_GAMES.is_dir():
        raise AdjudicatorError("the packaged example games are missing (reinstall the "
                               "package)", file=EXAMPLE_GAMES)
    out.mkdir(parents=True, exist_ok=True)
    results = []
    for name in games:
        game = out / f"{name}.vlog"
        shutil.copyfile(EXAMPLE_GAMES / f"{name}.vlog", game)
        report = adjudicate(game, game="ww", module_path=EXAMPLE_MODULE,
                            binding_file=EXAMPLE_BINDING, data_files=[EXAMPLE_DATA])
        written = write_sidecars(report, game, list(ReportFormat))
        results.append((report, written))
    return results
