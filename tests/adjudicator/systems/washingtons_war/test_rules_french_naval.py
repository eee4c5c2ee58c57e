"""The French Navy moves only in the French Naval Phase (WW 5.5, 12.3; WW-NAVY-01)."""

from __future__ import annotations

from pathlib import Path

import pytest

from adjudicator.systems.common.places import Place, PlaceKind, box
from adjudicator.systems.washingtons_war.actions import NavyMoved
from adjudicator.systems.washingtons_war.procedure import FRENCH_NAVAL, STRATEGY
from tests.adjudicator.systems.washingtons_war.phasekit import scenario_report
from tests.adjudicator.systems.washingtons_war.rulekit import Position, applied, violations

CAROLINAS, CHESAPEAKE = Place(PlaceKind.ZONE, "Carolinas"), Place(PlaceKind.ZONE, "Chesapeake")


def moved(origin: Place | None, destination: Place | None, phase: str | None) -> NavyMoved:
    return NavyMoved(step=5, origin=origin, destination=destination, phase=phase)


@pytest.mark.parametrize(("phase", "severity"), [
    (FRENCH_NAVAL, None), (STRATEGY, "illegal"), (None, "unchecked")])
def test_ww_5_5_between_blockade_zones_only_in_the_french_naval_phase(
        phase: str | None, severity: str | None) -> None:
    action, ctx = moved(CAROLINAS, CHESAPEAKE, phase), Position().context()
    for kind in ("illegal", "unchecked"):
        expected = {("WW-NAVY-01", 5)} if kind == severity else set()
        assert violations(action, ctx, kind) == expected
    assert ("WW-NAVY-01" in applied(action, ctx)) is (severity != "unchecked")


def test_ww_12_2_b_i_its_first_placement_is_not_a_move() -> None:
    action = moved(box("fr_reinforcements"), CAROLINAS, STRATEGY)
    assert violations(action, Position().context()) == set()


def test_the_french_naval_phase_is_inferred_from_the_navy_s_move(tmp_path: Path) -> None:
    report = scenario_report("french-naval-phase", tmp_path)
    assert [f for f in report.findings if f.rule_id == "WW-NAVY-01"] == []
    assert "WW-NAVY-01" in report.coverage.checked
