"""Retreats, surrender and the 'D' marker (digest §4.4 CBT-13..16, 20; WfA 13.1-13.8,
16.8-16.9, 16.13) on typed actions and a built position (the fixture's made-up map)."""

from __future__ import annotations

from adjudicator.findings import Severity
from adjudicator.systems.common.places import Place, PlaceKind
from adjudicator.systems.war_for_america.actions import (
    BRITISH,
    COLONIAL,
    Overrun,
    Rallied,
    Retreated,
    Surrendered,
)
from adjudicator.systems.war_for_america.procedure import Pulse
from adjudicator.systems.war_for_america.rules import RULES
from adjudicator.systems.war_for_america.rules.retreat import FAMILY, judge
from tests import rulekit
from tests.adjudicator.systems.war_for_america.test_rules_combat import (
    applied,
    context,
    holding,
    illegal,
    unchecked,
)

found = rulekit.rule_ids


def retreat(origin: str, destination: str, side: str = COLONIAL, *,
            by_sea: bool = False, attacker: bool | None = None,
            entered_from: str | None = None) -> Retreated:
    return Retreated(step=7, side=side, origin=origin, destination=destination, by_sea=by_sea,
                     attacker=attacker, entered_from=entered_from)


def test_the_family_is_registered() -> None:
    assert FAMILY in RULES.families and "WFA-CBT-11" not in FAMILY.checks


def test_a_retreat_one_space_to_a_vacant_space_is_legal_13_1() -> None:
    ctx = context({"saratoga": holding(sp={"continental": 3})})
    outcomes = list(judge(retreat("albany", "saratoga"), ctx))
    assert illegal(outcomes) == []
    assert "WFA-CBT-13" in applied(outcomes)
    assert "WFA-CBT-13" in unchecked(outcomes)  # the attacker's entry space is not known


def test_the_attacker_retreats_to_the_space_he_last_moved_from_13_3() -> None:
    """WfA 13.3: "The attacker must retreat to the space from which he last moved"."""
    back = list(judge(retreat("albany", "saratoga", BRITISH, attacker=True,
                              entered_from="saratoga"), context({})))
    assert illegal(back) == [] and "WFA-CBT-13" in applied(back)
    assert "WFA-CBT-13" not in unchecked(back)
    elsewhere = list(judge(retreat("albany", "highlands", BRITISH, attacker=True,
                                   entered_from="saratoga"), context({})))
    assert illegal(elsewhere) == ["WFA-CBT-13"]


def test_the_defender_may_not_retreat_where_the_attacker_came_from_13_3() -> None:
    """WfA 13.3: "The defender cannot retreat to the adjacent space from which the attacker
    moved"; any other free space one space away is legal."""
    there = list(judge(retreat("albany", "saratoga", attacker=False,
                               entered_from="saratoga"), context({})))
    assert illegal(there) == ["WFA-CBT-13"]
    other = list(judge(retreat("albany", "highlands", attacker=False,
                               entered_from="saratoga"), context({})))
    assert illegal(other) == [] and "WFA-CBT-13" in applied(other)


def test_a_retreat_of_two_spaces_is_illegal_13_1() -> None:
    ctx = context({"ticonderoga": holding(sp={"continental": 3})})
    assert illegal(list(judge(retreat("albany", "ticonderoga"), ctx))) == ["WFA-CBT-13"]


def test_a_retreat_into_enemy_sp_is_illegal_13_3() -> None:
    ctx = context({"saratoga": holding(sp={"continental": 3, "british": 1})})
    assert illegal(list(judge(retreat("albany", "saratoga"), ctx))) == ["WFA-CBT-13"]


def test_a_retreat_onto_an_enemy_garrison_is_illegal_16_8() -> None:
    ctx = context({"saratoga": holding(sp={"continental": 3}, garrisons={"british": 1})})
    assert illegal(list(judge(retreat("albany", "saratoga"), ctx))) == ["WFA-CBT-13"]


def test_colonial_units_never_retreat_by_sea_16_9() -> None:
    ctx = context({"newport": holding(sp={"continental": 2})})
    assert illegal(list(judge(retreat("boston", "newport", by_sea=True), ctx))) == [
        "WFA-CBT-16"]


def test_a_colonial_retreat_by_sea_with_a_card_played_is_unchecked() -> None:
    pulse = Pulse(side=BRITISH, step=1, round=1, number=1, cards=((COLONIAL, "card_25"),))
    ctx = context({"newport": holding(sp={"continental": 2})}, pulse=pulse)
    outcomes = list(judge(retreat("boston", "newport", by_sea=True), ctx))
    assert illegal(outcomes) == [] and "WFA-CBT-16" in unchecked(outcomes)


def test_a_british_retreat_by_sea_needs_a_fleet_13_5() -> None:
    ctx = context({"newport": holding(sp={"british": 3})})
    assert illegal(list(judge(retreat("boston", "newport", BRITISH, by_sea=True), ctx))) == [
        "WFA-CBT-16"]


def test_a_british_retreat_by_sea_with_a_fleet_is_legal_13_6() -> None:
    ctx = context({"newport": holding(sp={"british": 3}, fleets=["channel_fleet"])})
    outcomes = list(judge(retreat("boston", "newport", BRITISH, by_sea=True), ctx))
    assert illegal(outcomes) == [] and "WFA-CBT-16" in applied(outcomes)


def test_a_fleet_in_the_obz_covering_the_space_counts_13_5() -> None:
    ctx = context({"newport": holding(sp={"british": 3})})
    ctx.state.holdings[Place(PlaceKind.ZONE, "new_england_obz")] = holding(
        fleets=["channel_fleet"])
    assert illegal(list(judge(retreat("boston", "newport", BRITISH, by_sea=True), ctx))) == []


def test_a_surrender_with_no_free_neighbour_is_consistent_13_4() -> None:
    # Saratoga's neighbours in the fixture: Ticonderoga and Albany, both held by the enemy.
    ctx = context({"ticonderoga": holding(sp={"british": 2}),
                   "albany": holding(sp={"british": 5})})
    outcomes = list(judge(Surrendered(step=9, side=COLONIAL, space="saratoga"), ctx))
    assert "WFA-CBT-15" in applied(outcomes) and illegal(outcomes) == []


def test_a_surrender_with_free_neighbours_is_never_illegal_but_unchecked() -> None:
    ctx = context({})
    outcomes = list(judge(Surrendered(step=9, side=COLONIAL, space="saratoga"), ctx))
    assert illegal(outcomes) == [] and "WFA-CBT-15" in unchecked(outcomes)


def test_a_d_marker_rallied_in_the_opponents_ap_is_illegal_13_2() -> None:
    british_ap = Pulse(side=BRITISH, step=1, round=1, number=1)
    ctx = context({}, pulse=british_ap)
    assert illegal(list(judge(Rallied(step=3, side=COLONIAL, space="albany"), ctx))) == [
        "WFA-CBT-14"]
    colonial_ap = Pulse(side=COLONIAL, step=1, round=1, number=2)
    ctx = context({}, pulse=colonial_ap)
    outcomes = list(judge(Rallied(step=3, side=COLONIAL, space="albany"), ctx))
    assert illegal(outcomes) == [] and "WFA-CBT-14" in applied(outcomes)


def test_a_magazine_left_behind_by_a_retreat_is_destroyed_16_13() -> None:
    ctx = context({"albany": holding(sp={"british": 4}, magazines=[COLONIAL]),
                   "saratoga": holding(sp={"continental": 3})})
    outcomes = list(judge(retreat("albany", "saratoga"), ctx))
    assert found(outcomes, Severity.REMINDER) == ["WFA-CBT-20"]


def test_an_overrun_destroys_the_defenders_magazine_16_13() -> None:
    ctx = context({"albany": holding(sp={"british": 10}, magazines=[COLONIAL])})
    outcomes = list(judge(Overrun(step=4, side=BRITISH, space="albany"), ctx))
    assert found(outcomes, Severity.REMINDER) == ["WFA-CBT-20"]
    ctx = context({"albany": holding(sp={"british": 10})})
    assert found(list(judge(Overrun(step=4, side=BRITISH, space="albany"), ctx)),
                 Severity.REMINDER) == []
