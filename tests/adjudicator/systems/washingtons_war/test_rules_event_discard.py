"""An Event card discarded for one minor action (WW 6.32.B, 10.12.B) and the OPS card that
cannot remove a PC (WW 6.32.B Play Note), on made-up positions; the pytest id is the
citation. Lines between spaces are made up (the rulebook has no map)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

import pytest

from adjudicator.systems.common.mapgraph import Connection, MapGraph
from adjudicator.systems.common.places import Place, PlaceKind
from adjudicator.systems.washingtons_war.actions import ImpulseEnded
from adjudicator.systems.washingtons_war.data import Side
from adjudicator.systems.washingtons_war.data.vocabulary import CardFlag
from adjudicator.systems.washingtons_war.procedure import Impulse, PcChange, Use
from adjudicator.systems.washingtons_war.rules import event_discard
from adjudicator.systems.washingtons_war.rules.context import Context
from tests.adjudicator.systems.washingtons_war.rulekit import data, state_of

AM, BR = Side.AM, Side.BR
DISCARD = Place(PlaceKind.DISCARD)
KNOX = "henry_knox"
LINES = [("philadelphia", "trenton"), ("trenton", "new_brunswick"),
         ("new_brunswick", "perth_amboy"), ("philadelphia", "lancaster")]
Change = tuple[str, Side | None, Side | None]


def context(pieces: dict[str | Place, list[str]], *, knox_flag: CardFlag | None = None
            ) -> Context:
    """A position on a complete made-up map; Henry Knox may be given a (made-up) flag."""
    records = data()
    if knox_flag is not None:
        cards = {**records.cards, KNOX: records.cards[KNOX].model_copy(
            update={"flag": knox_flag})}
        records = records.model_copy(update={"cards": cards})
    lines = [Connection(a, b, "normal") for a, b in LINES]
    spaces = sorted({s for line in lines for s in (line.a, line.b)} | set(records.spaces))
    return Context(records, state_of(pieces), MapGraph(spaces, lines, complete=True))


def played(side: Side, card: str, changes: Sequence[Change], *,
           exchanged: bool = False) -> ImpulseEnded:
    pcs = tuple(PcChange(n, space, before, after)
                for n, (space, before, after) in enumerate(changes, start=1))
    impulse = Impulse(side=side, card=card, destination=DISCARD, step=0, player=None,
                      use=Use.DISCARD, pcs=pcs, exchanged=exchanged,
                      pc_before=tuple((c.space, c.before) for c in pcs))
    return ImpulseEnded(step=0, side=side.value, impulse=impulse)


def found(action: ImpulseEnded, ctx: Context, severity: str = "illegal") -> set[tuple[str, int]]:
    return {(o.rule_id, o.step) for o in event_discard.judge(action, ctx)
            if getattr(o, "severity", None) is not None and o.severity.value == severity}


PHILLY = {"philadelphia": ["pc:AM"]}


@pytest.mark.parametrize(("pieces", "action", "expected"), [
    pytest.param({**PHILLY, "trenton": ["pc:AM"]},
                 played(AM, KNOX, [("trenton", None, AM)], exchanged=True), set(),
                 id="WW 6.32.B (ii): place one PC adjacent to a friendly PC"),
    pytest.param({**PHILLY, "perth_amboy": ["pc:AM"]},
                 played(AM, KNOX, [("perth_amboy", None, AM)], exchanged=True),
                 {("WW-PC-07", 1)},
                 id="WW 10.12.B: adjacency to a friendly PC applies to both sides"),
    pytest.param({**PHILLY, "trenton": ["pc:AM"], "lancaster": ["pc:AM"]},
                 played(AM, KNOX, [("trenton", None, AM), ("lancaster", None, AM)],
                        exchanged=True), {("WW-CARD-05", 2)},
                 id="WW 6.32.B: one of the following actions"),
    pytest.param(PHILLY, played(AM, KNOX, [("trenton", BR, None)], exchanged=True), set(),
                 id="WW 6.32.B (iii): remove one enemy PC adjacent to a friendly PC"),
    pytest.param({**PHILLY, "trenton": ["cu:BR:1"]},
                 played(AM, KNOX, [("trenton", BR, None)], exchanged=True), {("WW-PC-07", 1)},
                 id="WW 6.32.B (iii): not from a space with an enemy CU"),
    pytest.param({**PHILLY, "trenton": ["general:greene"]},
                 played(AM, KNOX, [("trenton", BR, None)], exchanged=True), set(),
                 id="WW 6.32.B (iii), digest A14: an American removal where his General "
                    "stands is unchecked, not illegal"),
    pytest.param({"new_brunswick": ["pc:BR"], "trenton": ["pc:AM", "general:greene"]},
                 played(BR, KNOX, [("trenton", AM, None)], exchanged=True), {("WW-PC-07", 1)},
                 id="WW 6.32.B (iii): no British removal where an American General is"),
    pytest.param({**PHILLY, "trenton": ["pc:AM", "cu:BR:2"]},
                 played(AM, KNOX, [("trenton", None, AM)], exchanged=True), {("WW-PC-07", 1)},
                 id="WW 6.32.B (ii), 10.11.A.ii: no American PC where British CUs are"),
    pytest.param({**PHILLY, "trenton": ["pc:AM"]},
                 played(AM, KNOX, [("trenton", BR, None), ("trenton", None, AM)],
                        exchanged=True), {("WW-PC-07", 2)},
                 id="WW 10.11.A.iii: a flip (made as remove, then place) needs a General"),
    pytest.param({"new_brunswick": ["pc:BR"], "trenton": ["pc:BR"]},
                 played(BR, KNOX, [("trenton", None, BR)], exchanged=True), set(),
                 id="WW 6.32.C example: the British discard Knox and place a PC"),
])
def test_a_discarded_event_allows_one_minor_action(
        pieces: dict[str | Place, list[str]], action: ImpulseEnded,
        expected: set[tuple[str, int]]) -> None:
    assert found(action, context(pieces)) == expected


def test_an_event_that_may_be_its_own_text_is_unchecked_not_illegal() -> None:
    """Not exchanged, no flag known: two placements may be the event's text (WW 10.12.A)."""
    pieces: dict[str | Place, list[str]] = {**PHILLY, "trenton": ["pc:AM"],
                                            "lancaster": ["pc:AM"]}
    action = played(AM, KNOX, [("trenton", None, AM), ("lancaster", None, AM)])
    assert found(action, context(pieces)) == set()
    assert ("WW-CARD-05", 2) in found(action, context(pieces), "unchecked")


def test_an_event_bearing_the_opponents_flag_must_have_been_discarded() -> None:
    """WW 6.32.A: the British must discard an American-flag Event (Knox's flag made up)."""
    pieces: dict[str | Place, list[str]] = {"perth_amboy": ["pc:BR"]}
    action = played(BR, KNOX, [("perth_amboy", None, BR)])
    assert found(action, context(pieces, knox_flag=CardFlag.AM)) == {("WW-PC-07", 1)}
    assert found(action, context(pieces, knox_flag=CardFlag.BR)) == set()


@pytest.mark.parametrize(("change", "expected"), [
    pytest.param(("trenton", BR, None), {("WW-CARD-06", 1)},
                 id="WW 6.32.B Play Note: an OPS card cannot remove an enemy PC"),
    pytest.param(("trenton", BR, AM), set(), id="WW 10.11.A.iii: an OPS card flips a PC"),
])
def test_an_ops_card_never_removes_a_pc(change: Change, expected: set[tuple[str, int]]
                                        ) -> None:
    pieces: dict[str | Place, list[str]] = {**PHILLY, "trenton": ["general:greene"]}
    action = played(AM, "fixture_ops_1_a", [change])
    action = replace(action, impulse=replace(action.impulse, use=Use.PC))
    assert found(action, context(pieces)) == expected
