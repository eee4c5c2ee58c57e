"""The French forces (WW 12.2.C, 9.63): counted as American, never returned once
eliminated; each case on a made-up position."""

from __future__ import annotations

from dataclasses import replace

import pytest

from adjudicator.systems.common.places import Place, PlaceKind
from adjudicator.systems.washingtons_war.actions import ImpulseReckoned
from adjudicator.systems.washingtons_war.data import Nationality, Side
from adjudicator.systems.washingtons_war.procedure import Arrival, Battle, Impulse, Use
from tests.adjudicator.systems.washingtons_war.rulekit import Position, applied, violations

AM_BOX = Place(PlaceKind.CARDS, "am_reinforcement")
FR = Nationality.FR


def french_arrive(*, from_stock: int, allied_before: bool | None) -> ImpulseReckoned:
    """Three French CUs come onto Newport (from stock, or from the American box)."""
    arrival = Arrival(step=3, space="newport", cu=((FR, 3),),
                      from_stock=((FR, from_stock),) if from_stock else ())
    impulse = Impulse(side=Side.AM, card="fixture_ops_3_a", destination=AM_BOX, step=2,
                      player=None, use=Use.REINFORCE, arrivals=(arrival,))
    return ImpulseReckoned(step=2, side="AM", impulse=impulse, before=None, after=None,
                           allied_before=allied_before, european_war=True,
                           washington_lost=False)


NEWPORT = Position({"newport": ["cu:FR:3", "general:rochambeau"]})


@pytest.mark.parametrize(("action", "expected"), [
    pytest.param(french_arrive(from_stock=3, allied_before=True), {("WW-BAT-15", 2)},
                 id="WW 12.2.C: eliminated French CUs can never be returned to play"),
    pytest.param(french_arrive(from_stock=0, allied_before=True), set(),
                 id="WW 12.2.B.ii: French CUs waiting in the American box may come"),
    pytest.param(french_arrive(from_stock=3, allied_before=False), set(),
                 id="WW 12.2.B.ii: the French CUs enter with the alliance"),
])
def test_french_cus_enter_once(action: ImpulseReckoned, expected: set[tuple[str, int]]) -> None:
    assert {v for v in violations(action, NEWPORT.context()) if v[0] == "WW-BAT-15"} == expected


def test_an_unknown_alliance_leaves_a_french_return_unchecked() -> None:
    action = french_arrive(from_stock=3, allied_before=None)
    ctx = NEWPORT.context()
    assert ("WW-BAT-15", 2) in violations(action, ctx, "unchecked")
    assert "WW-BAT-15" not in applied(action, ctx)


def test_french_forces_in_a_battle_are_counted_as_american() -> None:
    """WW 12.2.C: a battle at Newport with Rochambeau's French: applied (their CUs count
    for the Americans, `cus_of`); a battle with none: not."""
    battle = Battle(space="newport", attacker=Side.BR, general="howe",
                    entered_from=frozenset({"boston"}), step=3)
    action = replace(french_arrive(from_stock=0, allied_before=True),
                     impulse=Impulse(side=Side.BR, card="fixture_ops_3_b",
                                     destination=Place(PlaceKind.DISCARD), step=2,
                                     player=None, use=Use.ACTIVATE, battles=(battle,)))
    ctx = Position({"newport": ["cu:FR:3", "cu:AM:1", "general:howe", "cu:BR:4"]}).context()
    assert ctx.state.space("newport").cus_of(Side.AM) == 4
    assert "WW-FA-07" in applied(action, ctx)
    plain = Position({"newport": ["cu:AM:1", "general:howe", "cu:BR:4"]}).context()
    assert "WW-FA-07" not in applied(action, plain)
