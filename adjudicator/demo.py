"""`adjudicator demo`: a PBEM series' continuity and whole-game dice, then the bundled
Washington's War example games checked.

The examples ship inside the package (`adjudicator/examples/`), so the demo works after a
plain `pip install`, from any folder. They are byte-for-byte copies of repository fixtures
(a test keeps them so), copied into the output folder and read there, so the reports land
beside them and the package folder is never written to.

- `american-revolution/`: a PBEM series, The American Revolution's After Action Report
  (the rulebook's four turns, played on the fixture module, a made-up map) mailed as one
  log per turn, with two made-up extra sends: a 1777 sent again with an initiative
  mistake, and a first send of 1778 in which a roll was undone and rolled again. `series`
  orders the six logs, finds both forks and the re-roll, and pools each player's dice
  across the game.
- `washingtons-war/`: the fixture module (real space names, a made-up layout), its
  binding, its made-up data file and three games built from the repository's scenarios (a
  legal opening turn and two games with mistakes), each checked.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import TYPE_CHECKING

from adjudicator.check import adjudicate
from adjudicator.errors import AdjudicatorError
from adjudicator.report import Report, ReportFormat, write_sidecars
from vmod_schema.files import atomic_write

if TYPE_CHECKING:
    from adjudicator.audit.series import SeriesFindings

EXAMPLE = Path(__file__).resolve().parent / "examples" / "washingtons-war"
"""The packaged example: module, binding, data file and games."""
EXAMPLE_MODULE = EXAMPLE / "washingtons-war-fixture.vmod"
EXAMPLE_BINDING = EXAMPLE / "binding.toml"
EXAMPLE_DATA = EXAMPLE / "data" / "fixture-data.toml"
EXAMPLE_GAMES = EXAMPLE / "games"
DEMO_GAMES = ("opening-turn", "illegal-carleton-too-far", "illegal-two-things")
"""A legal opening turn, and two games with mistakes to show findings."""
SERIES_EXAMPLE = EXAMPLE.parent / "american-revolution"
"""The packaged PBEM series: its module and its logs (`games/`)."""
SERIES_MODULE = SERIES_EXAMPLE / "american-revolution-fixture.vmod"
SERIES_FOLDER = "pbem-series"
"""Where in the demo's output folder the series' logs and its report go."""


def run_series_demo(out: Path) -> tuple[SeriesFindings, list[Path]]:
    """Copy the packaged PBEM series into `out/pbem-series/`, find its order, forks,
    re-rolls and whole-game dice, and write `series.txt` and `series.json` beside the
    logs; returns the findings and the files written.

    Raises:
        AdjudicatorError: the packaged series is missing (a broken install).
        OSError: `out` cannot be created or written.
    """
    from adjudicator.audit.series import find_in_series
    from vmod_schema.buildfile import open_module

    games = SERIES_EXAMPLE / "games"
    if not games.is_dir():
        raise AdjudicatorError("the packaged PBEM series is missing (reinstall the package)",
                               file=games)
    folder = out / SERIES_FOLDER
    folder.mkdir(parents=True, exist_ok=True)
    for log in sorted(games.glob("*.vlog")):
        shutil.copyfile(log, folder / log.name)
    found = find_in_series([folder], open_module(SERIES_MODULE))
    text, data = folder / "series.txt", folder / "series.json"
    atomic_write(text, ("\n".join(found.lines()) + "\n").encode("utf-8"))
    atomic_write(data, (json.dumps(found.json(), indent=2, ensure_ascii=False) + "\n"
                        ).encode("utf-8"))
    return found, [text, data]


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
