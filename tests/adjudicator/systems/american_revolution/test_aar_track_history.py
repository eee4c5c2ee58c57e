"""The After Action Report's track history (digest 7.3): the AAR logs (scenarios
`aar-1775.toml` .. `aar-1778.toml`, each turn from the position the last one ended in),
replayed through the referee, leave Revolutionary Progress, the Balance of Power and the
seven Loyalty markers where the AAR's turns left them, and each side collected the AAR's
political points in the turn's Political Phase."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

from adjudicator.systems.american_revolution.actions import PointsShown
from adjudicator.systems.american_revolution.procedure import POLITICAL
from adjudicator.systems.american_revolution.referee import ARReferee
from adjudicator.systems.common.actions import Action
from tests.adjudicator.systems.scenariokit import check_scenario
from tests.conftest import REPO

AR = REPO / "fixtures" / "american-revolution"
DATA = AR / "data" / "fixture.toml"

DONT_TREAD, CONGRESS, DECLARATION = 0, 1, 2
"""Revolutionary Progress levels (digest 5.6)."""
REGIONS = ("new_england", "mid_atlantic", "virginia", "deep_south", "west", "florida", "canada")

# Digest 7.3: after each turn, RP, BoP and the Loyalty of NE, MA, VA, DS, West, FL, CA.
TRACKS = {
    1775: (DONT_TREAD, 1, (3, 1, 3, 2, 0, -1, -1)),
    1776: (CONGRESS, 0, (3, 0, 3, 2, 0, -1, 0)),
    1777: (DECLARATION, -1, (3, 0, 3, 2, -1, -1, -1)),
    1778: (DECLARATION, 0, (2, 1, 2, 1, -1, -2, -1)),
}
# Digest 7.3, the PP history: (town PP, dice) of (US, GB) collected in each turn's Political
# Phase, as the AAR played them on the printed map.
AAR_POINTS = {1775: ((25, 3), (23, 5)), 1776: ((43, 6), (20, 10)), 1777: ((37, 7), (22, 9)),
              1778: ((29, 13), (21, 9 + 4))}
# The town PP the FIXTURE's position gives (its made-up placements within the set-up's
# regions and its made-up routes differ from the printed map's): (US, GB).
FIXTURE_TOWNS = {1775: (30, 22), 1776: (42, 19), 1777: (36, 23), 1778: (32, 24)}
# The logs roll the AAR's dice, but for the British in 1775 (3 + 3 rather than 5, so that the
# fixture's 22 town PP still give the AAR's 28, which its purchases spend to the last point).
DICE = {year: (us[1], 6 if year == 1775 else gb[1]) for year, (us, gb) in AAR_POINTS.items()}
POINTS = {year: (FIXTURE_TOWNS[year][0] + DICE[year][0], FIXTURE_TOWNS[year][1] + DICE[year][1])
          for year in AAR_POINTS}
"""What each side records: the fixture's town PP plus the dice (the referee's own income
check, AR-PP-01, holds the logs to it)."""


@dataclass
class Watch:
    """The referee of the last check, and the PP each side was shown to hold in a Political
    Phase."""

    referee: ARReferee | None = None
    political: dict[str, int] = field(default_factory=dict)
    start: Counter[Any] = field(default_factory=Counter)


@pytest.fixture
def watch(monkeypatch: pytest.MonkeyPatch) -> Iterator[Watch]:
    """Records the AR referee a check builds and the PP it reads in the Political Phase."""
    seen = Watch()
    init = ARReferee.__init__
    judge = ARReferee.judge_in_turn
    begin = ARReferee.begin

    def recording_init(self: ARReferee, *args: Any, **kwargs: Any) -> None:
        init(self, *args, **kwargs)
        seen.referee = self

    def recording_judge(self: ARReferee, actions: Sequence[Action],
                        step_actions: tuple[Action, ...] | None = None) -> None:
        for action in actions:
            if isinstance(action, PointsShown) and action.side is not None \
                    and self.procedure.phase == POLITICAL:
                seen.political[action.side] = action.after
        judge(self, actions, step_actions)

    def recording_begin(self: ARReferee, *args: Any, **kwargs: Any) -> None:
        begin(self, *args, **kwargs)
        seen.start = Counter(self.state.pieces.values())

    monkeypatch.setattr(ARReferee, "__init__", recording_init)
    monkeypatch.setattr(ARReferee, "begin", recording_begin)
    monkeypatch.setattr(ARReferee, "judge_in_turn", recording_judge)
    yield seen


@pytest.mark.parametrize("year", sorted(TRACKS))
def test_the_aar_turn_leaves_the_tracks_where_the_aar_did(year: int, watch: Watch,
                                                          tmp_path: Path) -> None:
    check_scenario(AR / "scenarios" / f"aar-{year}.toml", tmp_path, game="ar",
                   data_files=[DATA], binding_file=AR / "binding.toml")
    referee = watch.referee
    assert referee is not None
    rp, bop, loyalty = TRACKS[year]
    state = referee.state
    assert state.level("rp") == rp
    assert state.level("bop") == bop
    assert tuple(state.level("loyalty", region) for region in REGIONS) == loyalty


@pytest.mark.parametrize("year", sorted(POINTS))
def test_each_side_collects_the_aars_political_points(year: int, watch: Watch,
                                                      tmp_path: Path) -> None:
    check_scenario(AR / "scenarios" / f"aar-{year}.toml", tmp_path, game="ar",
                   data_files=[DATA], binding_file=AR / "binding.toml")
    assert (watch.political.get("US"), watch.political.get("GB")) == POINTS[year]


@pytest.mark.parametrize("year", [1776, 1777, 1778])
def test_each_turn_starts_where_the_last_one_ended(year: int, watch: Watch,
                                                   tmp_path: Path) -> None:
    """`setups/aar-after-<year - 1>.toml` is the board `aar-<year - 1>.toml` ended with:
    every piece, marker and track marker in the same place and on the same side."""
    check_scenario(AR / "scenarios" / f"aar-{year - 1}.toml", tmp_path, game="ar",
                   data_files=[DATA], binding_file=AR / "binding.toml")
    assert watch.referee is not None
    ended = Counter(watch.referee.state.pieces.values())
    check_scenario(AR / "scenarios" / f"aar-{year}.toml", tmp_path, game="ar",
                   data_files=[DATA], binding_file=AR / "binding.toml")
    assert ended and watch.start == ended
