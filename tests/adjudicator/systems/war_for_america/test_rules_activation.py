"""The activation D6 and the MP it gives (digest LDR-01, LDR-02, MOV-01, MOV-02, MOV-14;
W-3), on the fixture data (Washington command 4, Burgoyne 3 — made-up values)."""

from __future__ import annotations

import pytest

from adjudicator.findings import Severity
from adjudicator.systems.war_for_america.actions import (
    BRITISH,
    COLONIAL,
    Activation,
    ForceActivated,
)
from adjudicator.systems.war_for_america.rules.activation import judge
from adjudicator.systems.war_for_america.state import WfAState
from tests.adjudicator.systems.war_for_america.test_rules_forces import (
    applied,
    computed,
    context,
    found,
    on,
)


def _activate(side: str, space: str, units: tuple[str, ...], rolls: tuple[int, ...],
              sp: int | None = None) -> ForceActivated:
    total = sum(int(u.rsplit(":", 1)[1]) for u in units if u.startswith("sp:"))
    return ForceActivated(step=3, side=side, kind=Activation.MOVE, space=space,
                          units=units, sp=total if sp is None else sp, rolls=rolls)


@pytest.mark.parametrize(("roll", "mp"), [(1, 1), (2, 1), (3, 1), (4, 2), (5, 3), (6, 4)],
                         ids=lambda v: str(v))
def test_12_2_no_leader_d6_minus_2_at_least_1(roll: int, mp: int) -> None:
    out = list(judge(_activate(BRITISH, "boston", ("sp:british:3",), (roll,)), context()))
    (mps,) = computed(out, "WFA-MOV-01")
    assert mps.result["mp"] == mp and mps.result["expected_mp"] == "2"
    assert applied(out, "WFA-MOV-01")


@pytest.mark.parametrize(("roll", "mp"), [(1, 3), (6, 8)])
def test_12_1_a_leader_alone_d6_plus_2(roll: int, mp: int) -> None:
    out = list(judge(_activate(BRITISH, "boston", ("leader:burgoyne",), (roll,)), context()))
    (mps,) = computed(out, "WFA-MOV-02")
    assert mps.result["mp"] == mp


@pytest.mark.parametrize(("roll", "mp"), [(3, 4), (4, 2)], ids=["12.6-at-command",
                                                                  "12.7-above-command"])
def test_12_6_a_leader_at_or_under_his_command_gives_4_else_2(roll: int, mp: int) -> None:
    out = list(judge(_activate(BRITISH, "boston", ("leader:burgoyne", "sp:british:5"),
                               (roll,)), context()))
    (mps,) = computed(out, "WFA-LDR-01")
    assert mps.result["mp"] == mp
    assert mps.result["p_4_mp"] == "1/2"   # W-3: command 3, P(4 MP) = 1/2


@pytest.mark.parametrize(("rolls", "mp"), [((6, 2), 4), ((6, 6), 2), ((6, 5), 2), ((4,), 4)],
                         ids=["6-then-2", "two-sixes", "6-then-5", "4"])
def test_11_10_washington_re_rolls_a_6(rolls: tuple[int, ...], mp: int) -> None:
    out = list(judge(_activate(COLONIAL, "philadelphia",
                               ("leader:washington", "sp:continental:3"), rolls), context()))
    (mps,) = computed(out, "WFA-LDR-01")
    assert mps.result["mp"] == mp
    assert mps.result["p_4_mp"] == "7/9"   # W-3: Washington with command 4
    assert applied(out, "WFA-LDR-02") and not found(out, "WFA-LDR-02", Severity.REMINDER)


def test_11_10_washingtons_6_not_re_rolled_is_a_reminder() -> None:
    out = list(judge(_activate(COLONIAL, "philadelphia",
                               ("leader:washington", "sp:continental:3"), (6,)), context()))
    assert found(out, "WFA-LDR-02", Severity.REMINDER)
    assert computed(out, "WFA-LDR-01")[0].result["mp"] == 2


def test_18_1_winter_in_the_north_gives_2_mp_whatever_the_die() -> None:
    out = list(judge(_activate(BRITISH, "boston", ("sp:british:3",), (6,)),
                     context(winter=True)))
    assert computed(out, "WFA-MOV-01")[0].result["mp"] == 2
    south = list(judge(_activate(BRITISH, "charleston", ("sp:british:3",), (6,)),
                       context(winter=True)))
    assert computed(south, "WFA-MOV-01")[0].result["mp"] == 4   # the South moves normally


def test_no_die_seen_is_unchecked_not_illegal() -> None:
    out = list(judge(_activate(BRITISH, "boston", ("sp:british:3",), ()), context()))
    assert found(out, "WFA-MOV-01", Severity.UNCHECKED)
    assert not [o for o in out if getattr(o, "severity", None) is Severity.ILLEGAL]


def test_an_unknown_command_value_is_unchecked() -> None:
    out = list(judge(_activate(COLONIAL, "norfolk", ("leader:destaing", "sp:french:2"), (2,)),
                     context()))
    assert found(out, "WFA-LDR-01", Severity.UNCHECKED)


def test_11_21_detached_units_must_roll_for_movement() -> None:
    state = WfAState()
    on(state, "albany", "army:w")
    rolled = list(judge(_activate(COLONIAL, "albany", ("sp:continental:2",), (4,)),
                        context(state)))
    assert applied(rolled, "WFA-MOV-14") and not found(rolled, "WFA-MOV-14",
                                                       Severity.REMINDER)
    unrolled = list(judge(_activate(COLONIAL, "albany", ("sp:continental:2",), ()),
                          context(state)))
    assert found(unrolled, "WFA-MOV-14", Severity.REMINDER)
    army = list(judge(_activate(COLONIAL, "albany", ("army:w",), ()), context(state)))
    assert not applied(army, "WFA-MOV-14")
