"""WfA effective SP and odds (digest 6.1-6.2): worked examples W-1, W-2 and X-1, X-2."""

from __future__ import annotations

import pytest

from adjudicator.systems.war_for_america.data.tables import WfATables
from adjudicator.systems.war_for_america.effective import attacking_sp, defending_sp
from adjudicator.systems.war_for_america.odds import (
    attack_allowed,
    combat_odds,
    fleet_odds_modifiers,
    overrun,
)


def test_x1_odds_are_rounded_in_favour_of_the_defender(tables: WfATables) -> None:
    # WfA 13.0 Step 3: "A '2' or '3' unit attacking a '4' unit is attacking at odds of 1:2.
    # A '1' unit attacking a '3' is attacking at odds of 1:3."
    assert [str(combat_odds(a, d)) for a, d in ((2, 4), (3, 4), (1, 3))] == ["1:2", "1:2", "1:3"]
    assert attack_allowed(tables, combat_odds(1, 3)), "1:3 is the legal minimum"
    assert not attack_allowed(tables, combat_odds(1, 4))
    assert str(combat_odds(5, 2)) == "2:1" and str(combat_odds(3, 7)) == "1:3"


def test_w1_defender_halving_odds_and_attacker_cap(tables: WfATables) -> None:
    defender = defending_sp(tables, 13, 1)
    assert defender.effective == 7 and "halved" in defender.notes[0]  # 2 + (13 - 2) // 2
    attacker = attacking_sp(tables, 14, 3)
    assert attacker.effective == 14
    odds = combat_odds(attacker.effective, defender.effective)
    assert str(odds) == "2:1" and attack_allowed(tables, odds)
    assert not overrun(tables, 14, 7).overrun


def test_rank_limits_by_stars(tables: WfATables) -> None:
    assert defending_sp(tables, 25, 2).effective == 10 + 15 // 2
    assert defending_sp(tables, 25, 3).effective == 20
    assert defending_sp(tables, 25, None).effective == 10, "WfA 11.8"
    one_star = defending_sp(tables, 30, 1)
    assert one_star.effective == 2 + 14, "digest A-44: no 10-SP cap"
    assert "A-44" in one_star.notes[-1] and "gives 10" in one_star.notes[-1]
    assert len(defending_sp(tables, 25, 2).notes) == 1
    assert attacking_sp(tables, 12, None).effective == 10
    with pytest.raises(ValueError, match="at most 10 SP"):
        attacking_sp(tables, 11, 2)
    with pytest.raises(ValueError, match="1 to 3"):
        defending_sp(tables, 3, 4)


def test_w2_overrun_militia_and_fort(tables: WfATables) -> None:
    assert overrun(tables, 10, 1).overrun, "10 >= 8 x 1"
    assert not overrun(tables, 10, 2).overrun, "1 militia SP deployed: 10 < 16"
    assert str(combat_odds(10, 2)) == "5:1"
    fort = defending_sp(tables, 2, None, fort=True)
    assert fort.effective == 4 and "fort" in fort.notes[-1]  # the fort doubles to 4
    assert str(combat_odds(10, fort.effective)) == "2:1"
    assert not overrun(tables, 100, 1, ground="fortress").overrun, "WfA 12.14"
    assert not overrun(tables, 100, 1, ground="caribbean").overrun
    garrison = overrun(tables, 1, 0, ground="fort", lone_garrison=True)
    assert garrison.overrun and garrison.check, "digest A-22"
    assert defending_sp(tables, 3, None, fort=True).effective == 3, "3 SP gain nothing"


def test_fleet_odds_modifiers(tables: WfATables) -> None:
    assert fleet_odds_modifiers(tables, 6, 4) == ("odds_1_5",)  # W-5: r = 1.5
    assert fleet_odds_modifiers(tables, 5, 4) == ()
    assert fleet_odds_modifiers(tables, 2, 4) == ("odds_1_2",)
    with pytest.raises(ValueError):
        combat_odds(0, 3)
