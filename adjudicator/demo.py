"""`adjudicator demo`: check the bundled Washington's War fixture games.

The games are the repository's scenario files (`fixtures/washingtons-war/scenarios`),
written as real VASSAL logs into the output folder and checked with the fixture module and
its made-up data file; the sidecar reports land beside them.
"""

from __future__ import annotations

from pathlib import Path

from adjudicator.check import adjudicate
from adjudicator.errors import AdjudicatorError
from adjudicator.report import Report, ReportFormat, write_sidecars
from adjudicator.scenario import build_scenario_log, load_scenario

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures" / "washingtons-war"
DEMO_SCENARIOS = ("opening-turn", "illegal-carleton-too-far", "illegal-two-things")
"""A legal opening turn, and two games with mistakes to show findings."""


def run_demo(out: Path, *, scenarios: tuple[str, ...] = DEMO_SCENARIOS
             ) -> list[tuple[Report, list[Path]]]:
    """Build each demo game into `out`, check it, write JSON, Markdown and HTML reports.

    Raises:
        AdjudicatorError: the fixtures are not beside the package (not a source checkout).
    """
    folder = FIXTURES / "scenarios"
    if not folder.is_dir():
        raise AdjudicatorError("the demo needs the repository's fixtures folder", file=folder)
    results = []
    for name in scenarios:
        path = folder / f"{name}.toml"
        scenario = load_scenario(path)
        game = build_scenario_log(path, out / f"{name}.vlog")
        report = adjudicate(game, game="ww", module_path=(path.parent / scenario.module),
                            data_files=[path.parent / data for data in scenario.data])
        written = write_sidecars(report, game, list(ReportFormat))
        results.append((report, written))
    return results
