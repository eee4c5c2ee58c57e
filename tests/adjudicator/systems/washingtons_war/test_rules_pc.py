"""Political control rules (WW 7.2.B, 10.11, 10.2.2) on the rulebook's own examples and
sentences, each judged on a made-up position; the pytest id is the citation."""

from __future__ import annotations

from collections.abc import Sequence

import pytest

from adjudicator.systems.common.places import Place, PlaceKind
from adjudicator.systems.washingtons_war.actions import ImpulseEnded, PcChanged
from adjudicator.systems.washingtons_war.data import Side
from adjudicator.systems.washingtons_war.procedure import (
    POLITICAL_CONTROL,
    Activation,
    Impulse,
    PcChange,
    Use,
)
from adjudicator.systems.washingtons_war.state import CONGRESS_DISPERSED
from tests.adjudicator.systems.washingtons_war.rulekit import Position, applied, violations

AM, BR = Side.AM, Side.BR
DISCARD = Place(PlaceKind.DISCARD)
NEW_ENGLAND = Place(PlaceKind.ZONE, "New England")
Change = tuple[str, Side | None, Side | None]


def _changes(changes: Sequence[Change]) -> tuple[PcChange, ...]:
    return tuple(PcChange(number, space, before, after)
                 for number, (space, before, after) in enumerate(changes, start=1))


def ops_card(side: Side, card: str, changes: Sequence[Change]) -> ImpulseEnded:
    """An OPS card played for PC actions, its changes at steps 1, 2, …"""
    pcs = _changes(changes)
    impulse = Impulse(side=side, card=card, destination=DISCARD, step=0, player=None,
                      use=Use.PC, pcs=pcs, pc_before=tuple((c.space, c.before) for c in pcs))
    return ImpulseEnded(step=0, side=side.value, impulse=impulse)


def campaign(card: str, landing: Sequence[Change], generals: Sequence[str] = ()
             ) -> ImpulseEnded:
    """A British Campaign card: Generals activated at steps 11, 12, … and Landing Party
    changes at steps 1, 2, …"""
    impulse = Impulse(side=BR, card=card, destination=DISCARD, step=0, player=None,
                      use=Use.CAMPAIGN, landing_party=_changes(landing),
                      activations=tuple(Activation(g, 11 + n) for n, g in enumerate(generals)))
    return ImpulseEnded(step=0, side="BR", impulse=impulse)


def phase_change(space: str, before: Side | None, after: Side | None,
                 phase: str | None = POLITICAL_CONTROL) -> PcChanged:
    """A PC change with no card being played, in the Political Control Phase (or with the
    phase unknown: `phase=None`)."""
    return PcChanged(step=1, change=PcChange(1, space, before, after), impulse=None,
                     phase=phase)


MONTREAL_EXAMPLE = [("montreal", "oswego"), ("oswego", "fort_stanwix"),
                    ("montreal", "ticonderoga")]

CASES = [
    pytest.param(
        Position({"montreal": ["pc:BR"], "oswego": ["pc:BR"], "fort_stanwix": ["pc:BR"]},
                 MONTREAL_EXAMPLE),
        ops_card(BR, "fixture_ops_2_a", [("oswego", None, BR), ("fort_stanwix", None, BR)]),
        {("WW-PC-05", 2)},
        id="WW 10.11.B example: Oswego next to Montreal, not Fort Stanwix next to Oswego"),
    pytest.param(
        Position({"montreal": ["pc:BR"], "oswego": ["pc:BR"], "ticonderoga": ["pc:BR"]},
                 MONTREAL_EXAMPLE),
        ops_card(BR, "fixture_ops_2_a", [("oswego", None, BR), ("ticonderoga", None, BR)]),
        set(), id="WW 10.11.B example: the second PC placed elsewhere, next to Montreal"),
    pytest.param(
        Position({"boston": ["pc:BR"], "st_marys": ["pc:BR"]}),
        ops_card(BR, "fixture_ops_1_a", [("st_marys", None, BR)]), set(),
        id="WW 10.11.B Important: for the British all ports are adjacent"),
    pytest.param(
        Position({"montreal": ["pc:BR"], "augusta": ["pc:BR", "general:howe", "cu:BR:1"]},
                 MONTREAL_EXAMPLE),
        ops_card(BR, "fixture_ops_1_a", [("augusta", None, BR)]), set(),
        id="WW 10.11.B.iii: with a British Army, a PC anywhere"),
    pytest.param(
        Position({"boston": ["pc:BR"], "augusta": ["pc:BR", "general:howe"]}),
        ops_card(BR, "fixture_ops_1_a", [("augusta", AM, BR)]), {("WW-PC-06", 1)},
        id="WW 10.11.B.iii: no flip with a General and no CU"),
    pytest.param(
        Position({"montreal": ["pc:BR"], "oswego": ["pc:BR", "congress"]},
                 MONTREAL_EXAMPLE),
        ops_card(BR, "fixture_ops_1_a", [("oswego", None, BR)]), {("WW-PC-05", 1)},
        id="WW 10.11.B.ii: no British placement with an American Unit there"),
    pytest.param(
        Position({"augusta": ["pc:AM"], "eutaw_springs": ["pc:AM"],
                  "yorktown": ["pc:AM", "general:lafayette"]}),
        ops_card(AM, "fixture_ops_3_a", [("augusta", None, AM), ("eutaw_springs", None, AM),
                                         ("yorktown", BR, AM)]), set(),
        id="WW 10.11.A.i example: 3 OPS place two PCs and flip one"),
    pytest.param(
        Position({"augusta": ["pc:AM"], "eutaw_springs": ["pc:AM"], "camden": ["pc:AM"],
                  "ninety_six": ["pc:AM"]}),
        ops_card(AM, "fixture_ops_3_a", [("augusta", None, AM), ("eutaw_springs", None, AM),
                                         ("camden", None, AM), ("ninety_six", None, AM)]),
        {("WW-OPS-05", 4)}, id="WW 10.11.A.i: no fourth PC action with a 3 OPS card"),
    pytest.param(
        Position({"augusta": ["pc:AM", "cu:BR:1"]}),
        ops_card(AM, "fixture_ops_1_a", [("augusta", None, AM)]), {("WW-PC-02", 1)},
        id="WW 10.11.A.ii: no American placement where a British CU is"),
    pytest.param(
        Position({"yorktown": ["pc:AM", "general:lafayette"]}),
        ops_card(AM, "fixture_ops_1_a", [("yorktown", BR, AM)]), set(),
        id="WW 10.11.A.iii: a flip where an American General is, with no CUs"),
    pytest.param(
        Position({"yorktown": ["pc:AM", "cu:AM:2"]}),
        ops_card(AM, "fixture_ops_1_a", [("yorktown", BR, AM)]), {("WW-PC-03", 1)},
        id="WW 10.11.A.iii: no flip without an American General"),
    pytest.param(
        Position({"augusta": ["pc:AM"], CONGRESS_DISPERSED: ["congress"]}),
        ops_card(AM, "fixture_ops_1_a", [("augusta", None, AM)]), {("WW-CONG-04", 1)},
        id="WW 10.11.A.iv: no placement with an OPS card while the Congress is dispersed"),
    pytest.param(
        Position({"yorktown": ["pc:AM", "general:lafayette"],
                  CONGRESS_DISPERSED: ["congress"]}),
        ops_card(AM, "fixture_ops_1_a", [("yorktown", BR, AM)]), set(),
        id="WW 10.11.A.iv: flips still allowed while the Congress is dispersed"),
    pytest.param(
        Position({"ticonderoga": ["pc:AM", "general:washington", "cu:AM:5"]}),
        phase_change("ticonderoga", None, AM), set(),
        id="WW 10.2.2: a PC where the player has an Army"),
    pytest.param(
        Position({"barnstable": ["pc:BR", "general:howe", "cu:BR:5"]}),
        phase_change("barnstable", AM, BR), set(),
        id="WW 10.2.2: an enemy PC flipped where the player has an Army, not adjacent"),
    pytest.param(
        Position({"ticonderoga": ["pc:AM", "general:washington"]}),
        phase_change("ticonderoga", None, AM), {("WW-POL-01", 1)},
        id="WW 10.2.2: not where a friendly General has no CUs"),
    pytest.param(
        Position({"augusta": ["pc:BR", "cu:BR:1"]}),
        phase_change("augusta", None, BR), {("WW-POL-01", 1)},
        id="WW 10.2.2: not where CUs have no General"),
    pytest.param(
        Position({"eutaw_springs": ["pc:BR"]}),
        phase_change("eutaw_springs", None, BR), {("WW-POL-01", 1)},
        id="WW 5.6 and 10.2.2: not where the player has no Army"),
    pytest.param(
        Position({"barnstable": ["pc:BR"], "boston": ["pc:BR"]}),
        campaign("major_campaign", [("barnstable", AM, BR)], ["howe", "carleton"]), set(),
        id="WW 7.2.B (a): a Landing Party flips an American PC in a port, third activation"),
    pytest.param(
        Position({"st_marys": ["pc:BR"]}),
        campaign("minor_campaign", [("st_marys", None, BR)], ["howe"]), set(),
        id="WW 7.2.B (b): a Landing Party places a British PC in an empty port"),
    pytest.param(
        Position({"barnstable": ["pc:BR"]}),
        campaign("minor_campaign", [("barnstable", AM, BR)], ["howe", "carleton"]),
        {("WW-CAMP-01", 11)},
        id="WW 7.2.A-B: a Minor Campaign's two activations leave no Landing Party"),
    pytest.param(
        Position({"charleston": ["pc:BR"]}),
        campaign("major_campaign", [("charleston", AM, BR)]), {("WW-CAMP-04", 1)},
        id="WW 7.2.B: no Landing Party in a fortified port"),
    pytest.param(
        Position({"barnstable": ["pc:BR"], NEW_ENGLAND: ["navy"]}),
        campaign("major_campaign", [("barnstable", AM, BR)]),
        {("WW-CAMP-04", 1), ("WW-NAVY-02", 1)},
        id="WW 7.2.B and 12.3: no Landing Party flip in the Blockaded Zone"),
    pytest.param(
        Position({"newport": ["pc:BR", "general:greene"]}),
        campaign("major_campaign", [("newport", AM, BR)]), {("WW-CAMP-04", 1)},
        id="WW 7.2.B (a): no Landing Party flip where an American General is"),
    pytest.param(
        Position({"falmouth": ["pc:BR", "cu:BR:1"]}),
        campaign("major_campaign", [("falmouth", None, BR)]), {("WW-CAMP-04", 1)},
        id="WW 7.2.B (b): a Landing Party places only in an empty port"),
    pytest.param(
        Position({"barnstable": ["pc:BR"], "st_marys": ["pc:BR"]}),
        campaign("major_campaign", [("barnstable", AM, BR), ("st_marys", None, BR)]),
        {("WW-CAMP-04", 2)}, id="WW 7.2.B: only one Landing Party per Campaign card"),
]


@pytest.mark.parametrize(("position", "action", "expected"), CASES)
def test_political_control_rules_judge_the_rulebook_examples(
        position: Position, action: ImpulseEnded | PcChanged,
        expected: set[tuple[str, int]]) -> None:
    assert violations(action, position.context()) == expected


def test_a_pc_with_no_card_and_the_phase_unknown_is_unchecked_not_guessed() -> None:
    ctx = Position({"augusta": ["pc:AM"]}).context()
    action = phase_change("augusta", None, AM, phase=None)
    assert violations(action, ctx) == set()
    assert violations(action, ctx, "unchecked") == {("WW-POL-01", 1)}


def test_a_placement_that_may_be_the_phases_is_unchecked_while_the_congress_is_away(
        ) -> None:
    """WW 10.11.A.iv forbids the card's placement, WW 10.2.2 allows the phase's: after
    the last card, in a space holding an American Army, the log cannot tell which."""
    ctx = Position({"ticonderoga": ["pc:AM", "general:washington", "cu:AM:5"],
                    CONGRESS_DISPERSED: ["congress"]}).context()
    change = PcChange(1, "ticonderoga", None, AM, maybe_phase=True)
    impulse = Impulse(side=AM, card="fixture_ops_1_a", destination=DISCARD, step=0,
                      player=None, use=Use.PC, pcs=(change,))
    action = ImpulseEnded(step=0, side="AM", impulse=impulse)
    assert violations(action, ctx) == set()
    assert violations(action, ctx, "unchecked") == {("WW-CONG-04", 1)}


def test_the_dispersed_congress_is_reported_once_not_also_as_pc_04() -> None:
    ctx = Position({"augusta": ["pc:AM"], CONGRESS_DISPERSED: ["congress"]}).context()
    action = ops_card(AM, "fixture_ops_1_a", [("augusta", None, AM)])
    assert {rule for rule, _ in violations(action, ctx)} == {"WW-CONG-04"}
    assert {"WW-PC-04", "WW-CONG-04"} <= applied(action, ctx)
