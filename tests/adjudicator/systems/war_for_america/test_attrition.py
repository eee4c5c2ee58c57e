"""WfA winter losses (digest 6.6): worked example W-6, X-7 and X-8."""

from __future__ import annotations

from fractions import Fraction as F

import pytest

from adjudicator.systems.war_for_america.attrition import (
    attrition_applies,
    attrition_loss,
    quartering,
)
from adjudicator.systems.war_for_america.data.tables import WfATables


def test_x7_winter_1777_at_albany() -> None:
    assert attrition_loss(12, F(2, 3)) == 8
    assert attrition_loss(7, F(1, 4)) == 1, "rounded down"
    with pytest.raises(ValueError, match="1/4 to 3/4"):
        attrition_loss(12, F(9, 10))
    assert not attrition_applies(1776) and attrition_applies(1777)


def test_x8_saratoga_and_its_magazine(tables: WfATables) -> None:
    saratoga = quartering(tables, 9, "circle")
    assert (saratoga.limit, saratoga.excess, saratoga.lost) == (5, 4, 2)
    assert quartering(tables, 9, "circle", magazine=True).lost == 0


def test_w6_both_sides_on_a_coastal_key_space(tables: WfATables) -> None:
    british = quartering(tables, 14, "key_coastal", shared=True)
    colonial = quartering(tables, 6, "key_coastal", shared=True)
    assert british.limit == 10 and british.lost == 2 and colonial.lost == 0
    assert quartering(tables, 30, "coastal").lost == 7
