"""The Blockaded Zone (WW 12.3) and what it never touches (WW 12.2 Important Note), on
made-up positions; the pytest id is the citation."""

from __future__ import annotations

from dataclasses import replace

import pytest

from adjudicator.systems.common.actions import Action
from adjudicator.systems.common.places import Place, PlaceKind
from adjudicator.systems.washingtons_war.data import Side
from tests.adjudicator.systems.washingtons_war.rulekit import Position, applied, violations
from tests.adjudicator.systems.washingtons_war.test_rules_pc import ops_card
from tests.adjudicator.systems.washingtons_war.test_rules_reactions import retreat
from tests.adjudicator.systems.washingtons_war.test_rules_reinforcements import (
    BR_BOX,
    BR_CU,
    FR_CU,
    arrival,
    cards_in,
    reinforce,
)

NEW_ENGLAND = Place(PlaceKind.ZONE, "New England")
LOST_NAVY = Place.unresolved("somewhere off the map")
BOSTON_FIGHT = ["general:howe", "cu:BR:2", "general:washington", "cu:AM:5", "pc:BR"]


def by_sea(origin: str, destination: str) -> Action:
    """Howe, beaten defending a port, retreats by sea at step 9."""
    return replace(retreat("howe", origin, destination, destination, attacker=False,
                           side=Side.BR), by_sea=True)


def br_reinforcement(space: str) -> Action:
    return reinforce(Side.BR, "fixture_ops_1_b", arrival(space, cu=3, nationality=BR_CU))


@pytest.mark.parametrize(("position", "action", "expected"), [
    pytest.param(Position({**cards_in(BR_BOX, "fixture_ops_1_b"), "boston": ["cu:BR:3"],
                           NEW_ENGLAND: ["navy"]}),
                 br_reinforcement("boston"), {("WW-REIN-03", 2), ("WW-NAVY-02", 2)},
                 id="WW 12.3: a blockaded port cannot receive British reinforcements"),
    pytest.param(Position({**cards_in(BR_BOX, "fixture_ops_1_b"), "new_york": ["cu:BR:3"],
                           NEW_ENGLAND: ["navy"]}),
                 br_reinforcement("new_york"), set(),
                 id="WW 12.3: a port of another zone is not blockaded"),
    pytest.param(Position({"boston": BOSTON_FIGHT, NEW_ENGLAND: ["navy"]}),
                 by_sea("boston", "new_york"), {("WW-RET-04", 9), ("WW-NAVY-02", 9)},
                 id="WW 12.3, 9.62: no British retreat by sea from a blockaded port"),
    pytest.param(Position({"boston": BOSTON_FIGHT}), by_sea("boston", "new_york"), set(),
                 id="WW 9.62: retreat by sea with no French Navy about"),
])
def test_blockade_forbids(position: Position, action: Action,
                          expected: set[tuple[str, int]]) -> None:
    assert violations(action, position.context()) == expected


def test_a_navy_the_binding_cannot_place_leaves_the_blockade_unchecked_not_illegal() -> None:
    ctx = Position({**cards_in(BR_BOX, "fixture_ops_1_b"), "boston": ["cu:BR:3"],
                    LOST_NAVY: ["navy"]}).context()
    action = br_reinforcement("boston")
    assert ("WW-NAVY-02", 2) not in violations(action, ctx)
    assert ("WW-NAVY-02", 2) in violations(action, ctx, "unchecked")
    assert "WW-NAVY-02" not in applied(action, ctx)


def test_blockades_have_no_effect_on_placing_pcs() -> None:
    """WW 12.2 Important Note: "Blockades have no effect on PC placement, flipping, removal
    or isolation" — a British OPS placement in blockaded Boston, next to British New York
    (ports are adjacent for the British, WW 10.11.B), is legal and the rule is applied."""
    ctx = Position({"boston": ["pc:BR"], "new_york": ["pc:BR"],
                    NEW_ENGLAND: ["navy"]}).context()
    action = ops_card(Side.BR, "fixture_ops_1_b", [("boston", None, Side.BR)])
    assert violations(action, ctx) == set()
    assert {"WW-PC-09", "WW-PC-05"} <= applied(action, ctx)


def test_french_pieces_placed_in_a_british_impulse_are_not_british_reinforcements() -> None:
    """WW 12.3: "No port in the Blockaded Zone may receive British Reinforcements (8.1)" —
    Rochambeau and French CUs placed in a blockaded port during a British impulse (the
    French Alliance, WW 12.2.B.ii) are not British reinforcements."""
    ctx = Position({"boston": ["general:rochambeau", "cu:FR:5"],
                    NEW_ENGLAND: ["navy"]}).context()
    action = reinforce(Side.BR, "fixture_ops_1_b",
                       arrival("boston", ["rochambeau"], cu=5, nationality=FR_CU))
    assert ("WW-NAVY-02", 1) not in violations(action, ctx)


def test_british_pieces_an_event_places_in_a_blockaded_port_are_unchecked() -> None:
    """WW 12.3 forbids British Reinforcements (8.1); CUs an Event's text places may not be
    WW 8.1 reinforcements, and the card list lacks the texts: unchecked, not illegal."""
    ctx = Position({"boston": ["cu:BR:3"], NEW_ENGLAND: ["navy"]}).context()
    action = reinforce(Side.BR, "joseph_brant", arrival("boston", cu=3, nationality=BR_CU))
    assert ("WW-NAVY-02", 2) not in violations(action, ctx)
    assert ("WW-NAVY-02", 2) in violations(action, ctx, "unchecked")
