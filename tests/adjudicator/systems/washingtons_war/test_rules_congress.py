"""Dispersing the Continental Congress (WW 7.7; WW-CONG-01, WW-CONG-02), from the
rulebook's text: legal and illegal, with each exception."""

from __future__ import annotations

from pathlib import Path

import pytest

from adjudicator.findings import Severity
from adjudicator.systems.common.places import Place, PlaceKind
from adjudicator.systems.washingtons_war.actions import ImpulseEnded
from adjudicator.systems.washingtons_war.data import Nationality, Side
from adjudicator.systems.washingtons_war.procedure import Activation, Battle, Impulse, Leg, Use
from adjudicator.systems.washingtons_war.rules.context import Context
from adjudicator.systems.washingtons_war.state import CONGRESS_DISPERSED
from tests.adjudicator.systems.washingtons_war.phasekit import scenario_report
from tests.adjudicator.systems.washingtons_war.rulekit import Position, applied, violations

DISCARD = Place(PlaceKind.DISCARD)


def congress_findings(action: ImpulseEnded, ctx: Context) -> set[tuple[str, int]]:
    """The illegal findings of this family only (other families judge impulses too)."""
    return {v for v in violations(action, ctx) if v[0].startswith("WW-CONG-")}


def impulse(side: Side, *, legs: tuple[Leg, ...] = (),
            battles: tuple[Battle, ...] = ()) -> ImpulseEnded:
    activations = (Activation(general=legs[0].general, step=3, legs=legs),) if legs else ()
    played = Impulse(side=side, card="fixture_ops_3_b", destination=DISCARD, step=2,
                     player=None, use=Use.ACTIVATE, activations=activations,
                     battles=battles)
    return ImpulseEnded(step=2, side=side.value, impulse=played)


def clinton_into_philadelphia(*, carried: int = 3, american_cus: int = 0) -> ImpulseEnded:
    leg = Leg(step=3, general="clinton", origin="new_brunswick", destination="philadelphia",
              carried=((Nationality.BR, carried),) if carried else (),
              enemy_cus_at_destination=american_cus)
    return impulse(Side.BR, legs=(leg,))


# ------------------------------------------------------------------ WW-CONG-01


def test_ww_7_7_a_british_army_entering_the_congress_space_disperses_it() -> None:
    dispersed = Position({"philadelphia": ["general:clinton", "cu:BR:3"],
                          CONGRESS_DISPERSED: ["congress"]}).context()
    assert congress_findings(clinton_into_philadelphia(), dispersed) == set()
    assert "WW-CONG-01" in applied(clinton_into_philadelphia(), dispersed)
    kept = Position({"philadelphia": ["general:clinton", "cu:BR:3", "congress"]}).context()
    assert congress_findings(clinton_into_philadelphia(), kept) == {("WW-CONG-01", 3)}


def test_ww_7_7_american_cus_with_the_congress_mean_a_battle_not_a_dispersal() -> None:
    guarded = Position({"philadelphia": ["general:clinton", "cu:BR:3", "congress",
                                         "cu:AM:2"]}).context()
    assert congress_findings(clinton_into_philadelphia(american_cus=2), guarded) == set()


def test_ww_7_7_a_lone_general_is_no_army() -> None:
    ctx = Position({"philadelphia": ["general:clinton", "congress"]}).context()
    assert "WW-CONG-01" not in applied(clinton_into_philadelphia(carried=0), ctx)


# ------------------------------------------------------------------ WW-CONG-02


def battle_at_philadelphia(*, fought: bool = True, rbb: bool = False) -> ImpulseEnded:
    battle = Battle(space="philadelphia", attacker=Side.BR, general="clinton",
                    entered_from=frozenset({"new_brunswick"}), step=4,
                    attacker_rolls=1 if fought else 0, losses=not fought and not rbb,
                    rbb=rbb, congress=True)
    return impulse(Side.BR, battles=(battle,))


@pytest.mark.parametrize("fought", [True, False], ids=["battle", "overrun"])
def test_ww_7_7_a_battle_or_overrun_the_americans_lose_disperses_it(fought: bool) -> None:
    kept = Position({"philadelphia": ["general:clinton", "cu:BR:3", "congress"]}).context()
    assert congress_findings(battle_at_philadelphia(fought=fought), kept) == {
        ("WW-CONG-02", 4)}
    dispersed = Position({"philadelphia": ["general:clinton", "cu:BR:3"],
                          CONGRESS_DISPERSED: ["congress"]}).context()
    assert congress_findings(battle_at_philadelphia(fought=fought), dispersed) == set()


def test_ww_7_7_the_americans_beaten_disperse_it_whatever_the_winner_has_left() -> None:
    # "the American forces are eliminated or forced to retreat": the British winner's own
    # losses do not matter, even when only his General is left.
    alone = Position({"philadelphia": ["general:clinton", "congress"]}).context()
    assert congress_findings(battle_at_philadelphia(), alone) == {("WW-CONG-02", 4)}


def test_ww_7_7_an_american_win_keeps_the_congress() -> None:
    held = Position({"philadelphia": ["general:washington", "cu:AM:3", "congress"]}).context()
    assert congress_findings(battle_at_philadelphia(), held) == set()


def test_a_retreat_before_battle_is_not_judged() -> None:
    ctx = Position({"philadelphia": ["general:clinton", "cu:BR:3", "congress"]}).context()
    assert "WW-CONG-02" not in applied(battle_at_philadelphia(fought=False, rbb=True), ctx)


# ------------------------------------------------------------------ through the log


@pytest.mark.parametrize(("name", "expected"), [
    ("congress-dispersed-by-army", set()),
    # The Congress is no General or CU: its staying is WW 7.7's, not the stacking limit's
    # (WW 3.0: "no space may contain Generals and/or CUs of both sides").
    ("illegal-congress-not-dispersed", {("WW-CONG-01", 2)}),
])
def test_congress_scenarios(name: str, expected: set[tuple[str, int]],
                            tmp_path: Path) -> None:
    report = scenario_report(name, tmp_path)
    assert {(f.rule_id, f.step) for f in report.findings
            if f.severity is Severity.ILLEGAL} == expected


def test_ww_7_7_the_americans_eliminated_disperse_it_whatever_the_british_have_left() -> None:
    """WW 7.7: "If a battle ... takes place in the space occupied by the Continental
    Congress and the American forces are eliminated ... the Continental Congress is
    dispersed" — also when the British winner has no CU left."""
    kept = Position({"philadelphia": ["general:clinton", "congress"]}).context()
    assert congress_findings(battle_at_philadelphia(), kept) == {("WW-CONG-02", 4)}
    dispersed = Position({"philadelphia": ["general:clinton"],
                          CONGRESS_DISPERSED: ["congress"]}).context()
    assert congress_findings(battle_at_philadelphia(), dispersed) == set()


def test_ww_7_7_an_american_general_left_without_cus_is_unclear() -> None:
    ctx = Position({"philadelphia": ["general:washington", "congress"]}).context()
    assert congress_findings(battle_at_philadelphia(), ctx) == set()
    assert ("WW-CONG-02", 4) in violations(battle_at_philadelphia(), ctx, "unchecked")
