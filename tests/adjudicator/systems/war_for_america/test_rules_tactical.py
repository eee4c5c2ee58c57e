"""Tactical Commanders, the small unit leaders (digest LDR-13; WfA 11.26-11.27), on typed
actions over positions built on the fixture data."""

from __future__ import annotations

from adjudicator.findings import Severity
from adjudicator.systems.common.places import box
from adjudicator.systems.war_for_america.actions import (
    BRITISH,
    BattleLosses,
    LossTaken,
    TacticalCommanderPlaced,
)
from adjudicator.systems.war_for_america.rules import RULES
from adjudicator.systems.war_for_america.rules.tactical import FAMILY, judge
from adjudicator.systems.war_for_america.state import Entity
from tests.adjudicator.systems.war_for_america.test_rules_control import (
    Board,
    applied,
    violations,
)


def _placed(place: str = "boston", origin: str | None = None) -> TacticalCommanderPlaced:
    return TacticalCommanderPlaced(step=4, side=BRITISH, nation="british", place=place,
                                   origin=origin)


def test_the_family_is_registered_and_tc_counters_parse() -> None:
    assert FAMILY in RULES.families and FAMILY.checks == {"WFA-LDR-13"}
    tc = Entity.parse("tc:german")
    assert tc is not None and tc.side == BRITISH and tc.entity_id == "tc:german"
    assert Entity.parse("tc:martian") is None


def test_11_26_attached_to_an_sp_of_the_same_colour() -> None:
    """"They are attached to a single SP of the same colour": British SP here, legal;
    only German SP, illegal."""
    board = Board().put("sp:british:2", "boston").put("tc:british", "boston")
    legal = list(judge(_placed(), board.ctx(pulse=BRITISH, cards=("fixture_card_21",))))
    assert not violations(legal, "WFA-LDR-13") and applied(legal, "WFA-LDR-13")
    assert not violations(legal, "WFA-LDR-13", Severity.CHECK)
    german = Board().put("sp:german:2", "boston").put("tc:british", "boston")
    assert violations(list(judge(_placed(), german.ctx(pulse=BRITISH))), "WFA-LDR-13")


def test_11_26_one_tc_to_a_single_sp() -> None:
    board = Board().put("sp:british:1", "boston").put("tc:british", "boston", count=2)
    (finding,) = violations(list(judge(_placed(), board.ctx(pulse=BRITISH))), "WFA-LDR-13")
    assert finding.observed == "2" and finding.expected == "at most 1"


def test_11_26_on_an_army_card() -> None:
    board = Board().put("sp:british:5", box("army_r")).put("tc:british", box("army_r"))
    out = list(judge(_placed("army_r"), board.ctx(pulse=BRITISH, cards=("fixture_card_21",))))
    assert not violations(out, "WFA-LDR-13")


def test_11_26_once_eliminated_tc_never_return() -> None:
    board = Board().put("sp:british:2", "boston").put("tc:british", "boston")
    out = list(judge(_placed(origin="removed"), board.ctx(pulse=BRITISH)))
    assert any("never return" in f.message for f in violations(out, "WFA-LDR-13"))


def test_11_26_a_card_brings_it_in_else_a_check_and_with_no_pulse_unchecked() -> None:
    board = Board().put("sp:british:2", "boston").put("tc:british", "boston")
    assert violations(list(judge(_placed(), board.ctx(pulse=BRITISH))), "WFA-LDR-13",
                      Severity.CHECK)
    assert violations(list(judge(_placed(), board.ctx(pulse=None))), "WFA-LDR-13",
                      Severity.UNCHECKED)


def test_11_26_the_tc_is_destroyed_with_its_sp() -> None:
    """After a battle or another loss, a TC left without SP of its colour is reminded; a
    loss in the middle of a battle waits for the battle's end."""
    board = Board().put("sp:german:2", "boston").put("tc:british", "boston")
    over = BattleLosses(step=9, side=BRITISH, space="boston")
    assert violations(list(judge(over, board.ctx())), "WFA-LDR-13", Severity.REMINDER)
    attrition = LossTaken(step=9, side=BRITISH, space="boston", sp=1, cause="attrition")
    assert violations(list(judge(attrition, board.ctx())), "WFA-LDR-13", Severity.REMINDER)
    in_battle = LossTaken(step=9, side=BRITISH, space="boston", sp=1, cause="combat")
    assert list(judge(in_battle, board.ctx())) == []
    kept = Board().put("sp:british:1", "boston").put("tc:british", "boston")
    assert list(judge(over, kept.ctx())) == []
