"""Benedict Arnold's treason (digest LDR-16, W-8; WfA 11.13, 19.13) on typed actions and the
fixture's made-up map: Albany–Saratoga one space, Albany–Highlands–New York City two."""

from __future__ import annotations

from fractions import Fraction

import pytest

from adjudicator.findings import Severity
from adjudicator.systems.war_for_america.actions import BRITISH, ArnoldDefected
from adjudicator.systems.war_for_america.rules import RULES
from adjudicator.systems.war_for_america.rules.arnold import FAMILY, judge
from adjudicator.systems.war_for_america.state import WfAState
from tests.adjudicator.systems.war_for_america.test_rules_forces import (
    applied,
    computed,
    context,
    found,
    on,
)


def _world() -> WfAState:
    state = WfAState()
    on(state, "saratoga", "sp:british:3")
    on(state, "new_york_city", "sp:british:5", "leader:arnold")
    return state


def _defected(destination: str = "new_york_city", roll: int | None = 5,
              origin: str | None = "albany") -> ArnoldDefected:
    return ArnoldDefected(step=9, side=BRITISH, origin=origin, destination=destination,
                          roll=roll)


def test_the_family_is_registered() -> None:
    assert FAMILY in RULES.families and FAMILY.checks == {"WFA-LDR-16"}


@pytest.mark.parametrize(("year", "illegal"), [(1779, True), (1780, False), (1781, False)])
def test_19_13_no_treason_before_1780(year: int, illegal: bool) -> None:
    """19.13: "In the Early Spring Turn of 1780 ... the British player rolls a D12"."""
    out = list(judge(_defected("saratoga"), context(_world(), year=year)))
    assert bool([f for f in found(out, "WFA-LDR-16") if "1780" in f.message]) is illegal
    assert applied(out, "WFA-LDR-16")


@pytest.mark.parametrize(("roll", "illegal"), [(2, False), (7, False), (8, True), (12, True)])
def test_19_13_he_defects_on_2_to_7(roll: int, illegal: bool) -> None:
    """19.13: "If the result is '2-7', the counter is flipped"; W-8: 7/12 a roll."""
    out = list(judge(_defected("saratoga", roll=roll), context(_world(), year=1780)))
    assert bool(found(out, "WFA-LDR-16")) is illegal
    (shown,) = computed(out, "WFA-LDR-16")
    assert shown.probabilities["defects"] == Fraction(7, 12)


def test_a_treason_with_no_d12_seen_is_unchecked_never_illegal() -> None:
    out = list(judge(_defected("saratoga", roll=None), context(_world(), year=1780)))
    assert not found(out, "WFA-LDR-16")
    assert found(out, "WFA-LDR-16", Severity.UNCHECKED)


def test_19_13_placed_with_the_closest_british_sp() -> None:
    """Saratoga's SP are one space from Albany, New York City's two: placing him at New
    York City is a check (the rulebook does not say how to count), Saratoga is silent."""
    far = list(judge(_defected("new_york_city"), context(_world(), year=1780)))
    (check,) = found(far, "WFA-LDR-16", Severity.CHECK)
    assert check.expected == "Saratoga" and check.observed == "New York City"
    near = list(judge(_defected("saratoga"), context(_world(), year=1780)))
    assert not found(near, "WFA-LDR-16", Severity.CHECK)


def test_closeness_from_off_the_map_is_unchecked() -> None:
    out = list(judge(_defected("saratoga", origin=None), context(_world(), year=1780)))
    assert found(out, "WFA-LDR-16", Severity.UNCHECKED)
    assert not found(out, "WFA-LDR-16", Severity.CHECK)
