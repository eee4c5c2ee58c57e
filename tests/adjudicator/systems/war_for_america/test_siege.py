"""WfA siege odds (digest 6.5): worked example W-4 with hypothetical thresholds."""

from __future__ import annotations

from fractions import Fraction as F

import pytest

from adjudicator.systems.war_for_america.data.tables import WfATables
from adjudicator.systems.war_for_america.siege import (
    siege_modifier,
    siege_odds,
    surrender_chance,
    surrender_within,
    threshold_table,
)
from tests.adjudicator.systems.war_for_america.conftest import threshold_siege

W4 = {8: (F(15, 36), F(33, 36)), 10: (F(6, 36), F(26, 36)), 11: (F(3, 36), F(21, 36)),
      12: (F(1, 36), F(15, 36))}


@pytest.mark.parametrize("t", sorted(W4))
def test_w4_thresholds_with_and_without_the_mortar(tables: WfATables, t: int) -> None:
    plain, mortar = W4[t]
    assert surrender_chance(threshold_siege(t), siege_modifier(tables)) == plain
    assert surrender_chance(threshold_siege(t), siege_modifier(tables, mortar=True)) == mortar


def test_w4_mortar_over_two_action_phases(tables: WfATables) -> None:
    odds = siege_odds(threshold_table(12), siege_modifier(tables, mortar=True), rolls=2)
    assert odds.per_roll == F(5, 12)
    assert odds.within == (F(5, 12), F(95, 144))
    assert surrender_within(F(1, 2), 0) == 0
    assert siege_modifier(tables, card_drm=1, mortar=True) == 5
