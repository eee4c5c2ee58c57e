"""Reinforcement rules (WW 8.1, 8.2, 12.2.B.ii, 12.3) on the rulebook's sentences, each
judged on a made-up position; the pytest id is the citation."""

from __future__ import annotations

from collections.abc import Sequence

import pytest

from adjudicator.systems.common.places import Place, PlaceKind
from adjudicator.systems.washingtons_war.actions import ImpulseEnded
from adjudicator.systems.washingtons_war.data import Nationality, Side
from adjudicator.systems.washingtons_war.procedure import Arrival, Impulse, Use
from adjudicator.systems.washingtons_war.state import BR_REINFORCEMENTS, FR_REINFORCEMENTS
from tests.adjudicator.systems.washingtons_war.rulekit import Position, violations

AM_BOX = Place(PlaceKind.CARDS, "am_reinforcement")
BR_BOX = Place(PlaceKind.CARDS, "br_reinforcement")
NEW_ENGLAND = Place(PlaceKind.ZONE, "New England")
AM_CU, BR_CU, FR_CU = Nationality.AM, Nationality.BR, Nationality.FR


def arrival(space: str, generals: Sequence[str] = (), cu: int = 0,
            nationality: Nationality = AM_CU, stock: int = 0,
            present: Sequence[str] = ()) -> Arrival:
    return Arrival(step=2, space=space, generals=tuple(generals),
                   cu=((nationality, cu),) if cu else (),
                   from_stock=((nationality, stock),) if stock else (),
                   present=tuple(present))


def reinforce(side: Side, card: str, *arrivals: Arrival) -> ImpulseEnded:
    """An OPS card played into the side's Reinforcement Card box at step 1."""
    impulse = Impulse(side=side, card=card, destination=AM_BOX if side is Side.AM else BR_BOX,
                      step=1, player=None, use=Use.REINFORCE, arrivals=arrivals)
    return ImpulseEnded(step=1, side=side.value, impulse=impulse)


def cards_in(box: Place, card: str) -> dict[str | Place, list[str]]:
    return {box: [f"card:{card}"]}


CASES = [
    pytest.param(
        Position({**cards_in(AM_BOX, "fixture_ops_3_a"), "augusta": ["cu:AM:3"]}),
        reinforce(Side.AM, "fixture_ops_3_a", arrival("augusta", cu=3, stock=3)), set(),
        id="WW 8.2.C: 3 CUs from stock with a 3 OPS card"),
    pytest.param(
        Position({**cards_in(AM_BOX, "fixture_ops_3_a"), "augusta": ["cu:AM:2"]}),
        reinforce(Side.AM, "fixture_ops_3_a", arrival("augusta", cu=2, stock=2)),
        {("WW-REIN-05", 2)}, id="WW 8.2.C: as many CUs as the number on the OPS card"),
    pytest.param(
        Position({**cards_in(AM_BOX, "fixture_ops_3_a"), "augusta": ["cu:AM:2"],
                  "camden": ["cu:AM:1"]}),
        reinforce(Side.AM, "fixture_ops_3_a", arrival("augusta", cu=2, stock=2),
                  arrival("camden", cu=1, stock=1)),
        {("WW-REIN-05", 2)}, id="WW 8.2.C: just one space guys"),
    pytest.param(
        Position({**cards_in(AM_BOX, "fixture_ops_1_a"), "augusta": ["cu:AM:1", "pc:BR"]}),
        reinforce(Side.AM, "fixture_ops_1_a", arrival("augusta", cu=1, stock=1)),
        {("WW-REIN-05", 2)}, id="WW 8.2.C: not into a space with a British PC"),
    pytest.param(
        Position({**cards_in(AM_BOX, "fixture_ops_1_a"),
                  "newport": ["cu:AM:3", "general:gates"]}),
        reinforce(Side.AM, "fixture_ops_1_a",
                  arrival("newport", ["gates"], cu=1, stock=1, present=["greene"])), set(),
        id="WW 8.2.C: the new General takes the old one's place"),
    pytest.param(
        Position({**cards_in(AM_BOX, "fixture_ops_1_a"),
                  "lexington_and_concord": ["cu:AM:6", "general:washington",
                                            "general:gates"]}),
        reinforce(Side.AM, "fixture_ops_1_a",
                  arrival("lexington_and_concord", ["gates"], cu=1, stock=1,
                          present=["washington"])),
        {("WW-REIN-05", 2)}, id="WW 8.2.C: no General brought into Washington's space"),
    pytest.param(
        Position({**cards_in(BR_BOX, "fixture_ops_1_b"),
                  "norfolk": ["cu:BR:5", "cu:BR:3", "general:clinton", "pc:BR"]}),
        reinforce(Side.BR, "fixture_ops_1_b", arrival("norfolk", ["clinton"], 8, BR_CU)),
        set(), id="WW 8.1.C Clarification: more than 5 CUs may be brought on"),
    pytest.param(
        Position({**cards_in(BR_BOX, "fixture_ops_1_b"), "norfolk": ["cu:BR:3"]}),
        reinforce(Side.BR, "fixture_ops_1_b", arrival("norfolk", cu=3, nationality=BR_CU,
                                                      stock=3)),
        {("WW-REIN-03", 2)}, id="WW 8.1.C: British CUs come from the Reinforcements Box"),
    pytest.param(
        Position({**cards_in(BR_BOX, "fixture_ops_1_b"), "hartford": ["cu:BR:3"]}),
        reinforce(Side.BR, "fixture_ops_1_b", arrival("hartford", cu=3, nationality=BR_CU)),
        {("WW-REIN-03", 2)}, id="WW 8.1.C: British reinforcements go to a port"),
    pytest.param(
        Position({**cards_in(BR_BOX, "fixture_ops_1_b"), "boston": ["cu:BR:3"],
                  NEW_ENGLAND: ["navy"]}),
        reinforce(Side.BR, "fixture_ops_1_b", arrival("boston", cu=3, nationality=BR_CU)),
        {("WW-REIN-03", 2), ("WW-NAVY-02", 2)},
        id="WW 12.3: no British reinforcements into the Blockaded Zone"),
    pytest.param(
        Position({**cards_in(BR_BOX, "fixture_ops_1_b"), "norfolk": ["cu:BR:3"],
                  NEW_ENGLAND: ["navy"]}),
        reinforce(Side.BR, "fixture_ops_1_b", arrival("norfolk", cu=3, nationality=BR_CU)),
        set(), id="WW 12.3: British reinforcements into a port of another zone"),
    pytest.param(
        Position({**cards_in(AM_BOX, "fixture_ops_1_a"),
                  "wilmington_de": ["cu:FR:5", "general:rochambeau"]}),
        reinforce(Side.AM, "fixture_ops_1_a",
                  arrival("wilmington_de", ["rochambeau"], 5, FR_CU)), set(),
        id="WW 12.2.B.ii: all the French forces with an OPS card of any value"),
    pytest.param(
        Position({**cards_in(AM_BOX, "fixture_ops_1_a"),
                  "wilmington_de": ["cu:FR:3", "general:rochambeau"],
                  FR_REINFORCEMENTS: ["cu:FR:2"]}),
        reinforce(Side.AM, "fixture_ops_1_a",
                  arrival("wilmington_de", ["rochambeau"], 3, FR_CU)), {("WW-REIN-06", 2)},
        id="WW 12.2.B.ii: if any French forces come, all must"),
    pytest.param(
        Position({**cards_in(AM_BOX, "fixture_ops_1_a"),
                  "hartford": ["cu:FR:5", "general:rochambeau"]}),
        reinforce(Side.AM, "fixture_ops_1_a", arrival("hartford", ["rochambeau"], 5, FR_CU)),
        {("WW-REIN-06", 2)}, id="WW 12.2.B.ii: the French forces go to a port"),
]


@pytest.mark.parametrize(("position", "action", "expected"), CASES)
def test_reinforcement_rules_judge_the_rulebook_sentences(
        position: Position, action: ImpulseEnded, expected: set[tuple[str, int]]) -> None:
    assert violations(action, position.context()) == expected


def test_british_cus_left_in_the_box_are_allowed() -> None:
    """WW 8.1.C Clarifications: some CUs may be left in the Reinforcement Box."""
    position = Position({**cards_in(BR_BOX, "fixture_ops_1_b"), "norfolk": ["cu:BR:3"],
                         BR_REINFORCEMENTS: ["cu:BR:5"]})
    action = reinforce(Side.BR, "fixture_ops_1_b", arrival("norfolk", cu=3,
                                                           nationality=BR_CU))
    assert violations(action, position.context()) == set()
