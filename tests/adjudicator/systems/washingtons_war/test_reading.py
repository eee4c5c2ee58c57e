"""How a Washington's War step is read (`interpret.READER`): the roster's side, cards."""

from __future__ import annotations

import pytest

from adjudicator.replay import Step
from adjudicator.systems.common.places import Place, PlaceKind, hand, space
from adjudicator.systems.common.tracker import Placed, Relocation
from adjudicator.systems.washingtons_war.data import Side
from adjudicator.systems.washingtons_war.interpret import READER, roster_side
from adjudicator.systems.washingtons_war.state import Entity


@pytest.mark.parametrize(("name", "side"), [
    ("British", Side.BR), ("BR", Side.BR), ("UK", Side.BR), ("Crown forces", Side.BR),
    ("Royalist", Side.BR), ("American", Side.AM), ("am", Side.AM), ("US", Side.AM),
    ("Patriots", Side.AM), ("Continentals", Side.AM), ("Rebels", Side.AM),
    (" british ", Side.BR), ("Observer", None), ("", None), (None, None)])
def test_a_roster_side_name_is_read_as_a_ww_side(name: str | None, side: Side | None) -> None:
    assert roster_side(name) is side
    assert READER.read(Step(index=1, side=name), []).side is side


def test_cards_are_read_apart_from_pieces() -> None:
    card = Relocation("c", "Card", Placed(Entity("card", "x"), hand("BR")),
                      Placed(Entity("card", "x"), Place(PlaceKind.DISCARD)))
    cu = Relocation("u", "CU", Placed(Entity("cu", "BR", 5), space("boston")),
                    Placed(Entity("cu", "BR", 5), space("salem")))
    view = READER.read(Step(index=2, side="British"), [cu, card])
    assert (view.cards, view.pieces) == ([card], [cu])
