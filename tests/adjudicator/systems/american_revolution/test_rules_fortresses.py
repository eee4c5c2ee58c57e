"""Fortresses & Sieges (AR 28) and Honors of War (AR 38): the bookkeeping between steps,
the reading of fortress and siege markers, the siege computation (digest 6.5, Example G)
and the option switch."""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

from adjudicator.report import Report
from adjudicator.systems.american_revolution import fortress_ledger as ledger
from adjudicator.systems.american_revolution.actions import (
    DiceRolled,
    FortressTaken,
    MapMarkerPlaced,
    MapMarkerRemoved,
    MapMarkerStranded,
    PointsShown,
)
from adjudicator.systems.american_revolution.attrition import siege_attack
from adjudicator.systems.american_revolution.fire import BattleSide, BattleUnit, Hits
from adjudicator.systems.american_revolution.read_markers import _judged_locale
from adjudicator.systems.american_revolution.state import Entity
from tests.adjudicator.systems.scenariokit import check_scenario
from tests.conftest import REPO

AR = REPO / "fixtures" / "american-revolution"
T, P = "1776", "campaign_1"
SIDES = {"gb_detachment": "GB", "us_regular": "US", "arnold": "US", "us_fleet": "US"}


def owner(entity: Entity) -> str | None:
    return SIDES.get(entity.key)


def siege(step: int = 7, side: str | None = "US") -> MapMarkerPlaced:
    return MapMarkerPlaced(step=step, side=side, kind="siege", key="", locale="ticonderoga")


def report(name: str, tmp_path: Path) -> Report:
    return check_scenario(AR / "scenarios" / f"{name}.toml", tmp_path, game="ar",
                          data_files=[AR / "data" / "fixture.toml"],
                          binding_file=AR / "binding.toml")


# ---------------------------------------------------------------------- the ledger


def test_a_siege_paid_before_it_is_placed_waits_for_nothing() -> None:
    paid = ledger.paid(ledger.MarkerLedger(), PointsShown(step=6, side="US", before=10,
                                                          after=7), T, P)
    placed = ledger.placed(paid, siege(), "US", T, P, engineers=0)
    assert placed.waiting == ()
    assert placed.besieger("ticonderoga") == "US"
    assert placed.credit_of("US", T, P) == 0


def test_a_siege_unpaid_waits_until_points_are_spent_in_the_same_phase() -> None:
    placed = ledger.placed(ledger.MarkerLedger(), siege(), "US", T, P, engineers=0)
    assert [w.what for w in placed.in_phase("cost", T, P)] == ["cost"]
    later = ledger.paid(placed, PointsShown(step=8, side="US", before=10, after=7), T, P)
    assert later.in_phase("cost", T, P) == []
    other_phase = ledger.paid(placed, PointsShown(step=8, side="US", before=10, after=7), T,
                              "campaign_2")
    assert other_phase.in_phase("cost", T, P) != []


def test_points_spent_on_something_else_do_not_pay_for_a_siege() -> None:
    placed = ledger.placed(ledger.MarkerLedger(), siege(), "US", T, P, engineers=0)
    assert ledger.paid(placed, PointsShown(step=8, side="US", before=10, after=8), T,
                       P).in_phase("cost", T, P) != []


def test_engineers_pay_for_one_marker_each() -> None:
    first = ledger.placed(ledger.MarkerLedger(), siege(), "US", T, P, engineers=1)
    assert first.waiting == () and first.engineers_used("US", T, P) == 1
    second = ledger.placed(first, siege(step=9), "US", T, P, engineers=1)
    assert [w.step for w in second.waiting] == [9]


def test_a_fortress_taken_awaits_the_winners_die() -> None:
    taken = ledger.taken(ledger.MarkerLedger(), FortressTaken(
        step=6, side="US", locale="ticonderoga", loser="GB", pieces=("p1",)), frozenset(),
        T, P)
    fate = taken.fate("ticonderoga")
    assert fate is not None and fate.die is None
    rolled = ledger.rolled(taken, DiceRolled(step=7, side="US", button="1d6", dice=(5,)))
    fate = rolled.fate("ticonderoga")
    assert fate is not None and (fate.die, fate.die_step) == (5, 7)
    removed = ledger.removed(rolled, MapMarkerRemoved(step=8, side="US", kind="fortress",
                                                      key="", locale="ticonderoga"))
    assert removed.fate("ticonderoga") is None


def test_attackers_or_besiegers_leaving_take_no_fortress() -> None:
    leaving = FortressTaken(step=6, side="GB", locale="ticonderoga", loser="US",
                            pieces=("p1",))
    assert ledger.taken(ledger.MarkerLedger(), leaving, frozenset({"p1"}), T, P).waiting == ()
    besieged = ledger.placed(ledger.MarkerLedger(), siege(), "US", T, P, engineers=1)
    assert ledger.taken(besieged, leaving, frozenset(), T, P).fate("ticonderoga") is None
    marched = FortressTaken(step=6, side="US", locale="ticonderoga", loser="GB",
                            pieces=("p2",), marched=True)
    assert ledger.taken(ledger.MarkerLedger(), marched, frozenset(), T, P).waiting == ()


def test_a_stranded_marker_removed_waits_no_more() -> None:
    stranded = ledger.stranded(ledger.MarkerLedger(), MapMarkerStranded(
        step=4, kind="fortress", locale="ticonderoga"), T, P)
    assert stranded.in_phase("stranded", T, P)
    assert ledger.removed(stranded, MapMarkerRemoved(
        step=5, side="GB", kind="fortress", key="", locale="ticonderoga")).waiting == ()


# ---------------------------------------------------------------------- reading the markers


FORT, SIEGE = Entity("fortress"), Entity("siege")
GB_DET, US_REG, ARNOLD, US_FLEET = (Entity("unit", "gb_detachment"), Entity("unit", "us_regular"),
                                    Entity("leader", "arnold"), Entity("unit", "us_fleet"))


def kinds(actions: list[object]) -> list[str]:
    return [type(a).__name__ + ":" + str(getattr(a, "kind", getattr(a, "loser", "")))
            for a in actions]


def test_a_fortress_whose_garrison_marches_off_is_stranded() -> None:
    found = _judged_locale(4, "ticonderoga", [FORT, GB_DET], [FORT], owner,
                           [("p", GB_DET, True)])
    assert kinds(found) == ["MapMarkerStranded:fortress"]


def test_a_lone_leader_or_a_fleet_is_not_a_garrison() -> None:
    assert _judged_locale(4, "x", [FORT, US_REG, ARNOLD], [FORT, ARNOLD], owner, []) == []
    found = _judged_locale(4, "x", [FORT, US_REG, US_FLEET], [FORT, US_FLEET], owner, [])
    assert kinds(found) == ["MapMarkerStranded:fortress"]


def test_a_garrison_eliminated_under_the_enemy_is_a_fortress_taken() -> None:
    found = _judged_locale(6, "x", [FORT, GB_DET, US_REG], [FORT, US_REG], owner,
                           [("p", GB_DET, False)])
    assert kinds(found) == ["FortressTaken:GB"]


def test_a_siege_without_besiegers_is_stranded() -> None:
    found = _judged_locale(8, "x", [FORT, SIEGE, GB_DET, US_REG], [FORT, SIEGE, GB_DET], owner,
                           [("p", US_REG, True)])
    assert "MapMarkerStranded:siege" in kinds(found)


# ---------------------------------------------------------------------- digest 6.5, Example G


def test_example_g_four_dice_on_a_protected_garrison() -> None:
    odds = siege_attack(BattleSide((BattleUnit(2, 2), BattleUnit(2, 2))), [BattleUnit(1, 1)],
                        fortress_cf=0, besieged=False)
    table = odds.round_on_garrison
    assert table.p(Hits(0, 0)) == Fraction(625, 1296)
    assert table.p(Hits(0, 1)) == Fraction(500, 1296)
    assert 1 - table.p(Hits(0, 0)) == Fraction(671, 1296)
    assert odds.captured == odds.destroyed == odds.battle.attacker / 2


def test_example_g_with_a_siege_the_normal_table_applies() -> None:
    odds = siege_attack(BattleSide((BattleUnit(2, 2), BattleUnit(2, 2))), [BattleUnit(1, 1)],
                        fortress_cf=0, besieged=True)
    assert odds.round_on_garrison.p(Hits(0, 0)) == Fraction(16, 81)


def test_a_siege_attack_reports_its_odds(tmp_path: Path) -> None:
    found = [c for c in report("fort-legal-siege-attack-phase-2", tmp_path).computations
             if c.kind == "siege attack"]
    assert [c.step for c in found] == [10]
    assert found[0].probabilities["fortress captured"] == found[0].probabilities[
        "fortress destroyed"]


def test_the_fortress_roll_is_reported(tmp_path: Path) -> None:
    found = [c for c in report("fort-legal-fortress-destroyed", tmp_path).computations
             if c.kind == "fortress fate"]
    assert [(c.step, c.result["fate"]) for c in found] == [(7, "destroyed")]
    assert found[0].probabilities["captured"].fraction == "1/2"


# ---------------------------------------------------------------------- the option


def test_without_the_option_the_fortress_rules_are_reported_not_in_use(tmp_path: Path) -> None:
    got = report("fort-off-unpaid-siege-not-judged-but-combat-owed", tmp_path)
    assert not [f for f in got.findings if f.rule_id.startswith(("AR-FORT", "AR-HON"))]
    assert "not in use" in got.coverage.unchecked["AR-FORT-05"]
    assert "not in use" in got.coverage.unchecked["AR-HON-01"]
    assert "AR-FORT-05" not in got.coverage.checked


def test_with_the_option_the_fortress_rules_are_checked(tmp_path: Path) -> None:
    got = report("fort-legal-siege-paid", tmp_path)
    assert "AR-FORT-05" in got.coverage.checked
