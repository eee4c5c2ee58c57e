"""The rulebook's, designer's notes' and FAQ's examples (digest 7.1) that are pure
computations, each against the package's exact answers (`fire.py`, `rabble.py`,
`attrition.py`, `whatif.py`) or its data. The examples that are plays are scenarios
(`fixtures/american-revolution/scenarios/example-*.toml`), legal and illegal, each checked
by the scenario tests.

FAQ-23 ("the top unit of a stack may be any unit") has no scenario and no test: a VASSAL log
records which pieces move and where, not which piece of a stack lies on top, so no play in
a log can keep to it or break it."""

from __future__ import annotations

from fractions import Fraction as F

import pytest

from adjudicator.binding import match_names
from adjudicator.systems.american_revolution.attrition import (
    EnlistmentKind,
    Route,
    SupplyKind,
    check_move,
    forced_march_losses,
    must_check_enlistment,
    reach_chance,
    route_cost,
    supply_losses,
)
from adjudicator.systems.american_revolution.binding import piece_entities
from adjudicator.systems.american_revolution.data import bundled_data
from adjudicator.systems.american_revolution.fire import (
    STANDARD_CF,
    Firer,
    UnitKind,
    check_hits,
    fire_dice,
    initiative_modifiers,
)
from adjudicator.systems.american_revolution.rabble import RabbleTable, contest, us_dice
from adjudicator.systems.american_revolution.whatif import MoveQuestion, answer_move

ROAD, TRAIL = route_cost(Route.ROAD), route_cost(Route.TRAIL)


def test_rb02_franklin_is_worth_three_to_the_american_and_one_to_the_british() -> None:
    """AR 7.10, 9.2: Adams, Franklin, Jefferson and Paine are 3 points committed by the
    American, 1 by the British."""
    markers = bundled_data().markers
    for name in ("franklin", "adams", "jefferson", "paine"):
        assert (markers[name].rr_us, markers[name].rr_gb) == (3, 1)
    # Franklin against Franklin: 3 + d6 against 1 + d6 (digest 6.6 D: Δ = 2).
    odds = contest(markers["franklin"].rr_us or 0, markers["franklin"].rr_gb or 0)
    assert (odds.us, odds.tie, odds.gb) == (F(26, 36), F(4, 36), F(6, 36))


def test_rb05_movement_allowance_is_the_die_plus_the_commanders_value() -> None:
    """AR 16.12: a commander with value 2 rolls 3: 5 MP; five roads (5), or two roads and a
    trail (4, 1 MP left), but not six roads."""
    assert check_move([ROAD] * 5, 3, 2).legal
    two_and_trail = check_move([ROAD, ROAD, TRAIL], 3, 2)
    assert two_and_trail.legal and two_and_trail.left == 1
    assert not check_move([ROAD] * 6, 3, 2).legal
    assert reach_chance(4, 2) == F(5, 6)
    answer = answer_move(MoveQuestion(roads=2, trails=1, leader=2, die=3), None)
    assert (answer.cost, answer.allowance, answer.legal, answer.mp_left) == (4, 5, True, 1)
    assert answer_move(MoveQuestion(roads=6, leader=2, die=3), None).legal is False


def test_rb07_an_indian_fires_two_dice_in_a_wilderness_or_indian_locale() -> None:
    """AR 18.12: "an Indian unit with a fire (combat) factor of 1 ... would roll two dice"."""
    assert fire_dice([Firer(UnitKind.INDIAN, 1)], wilderness=True).total == 2
    assert fire_dice([Firer(UnitKind.INDIAN, 1)]).total == 1


def test_rb08_unfed_units_are_lost_on_one_to_three() -> None:
    """AR 19.2-19.3: three British units in a PV-2 New England locale, the region
    pro-American: two are fed, the third rolls and is lost on 1-3."""
    distribution = supply_losses([SupplyKind.REGULAR])
    assert distribution.p(1) == F(1, 2)


def test_rb09_grenadier_regular_and_light_as_the_designers_notes_give_them() -> None:
    """Designer's notes: a Grenadier is CF 3 for 4 PP, a Regular CF 2 for 3 PP; a Light is
    CF 1, 2 in a wilderness, and a light-only force pays 1 MP for a trail."""
    data = bundled_data()
    assert data.formations["gb_grenadier"].cf == 3 and data.costs["grenadier"].cost == 4
    assert data.formations["gb_regular"].cf == 2 and data.costs["gb_regular"].cost == 3
    assert data.formations["gb_light"].cf == 1
    assert fire_dice([Firer(UnitKind.LIGHT, 1)], wilderness=True).total == 2
    assert route_cost(Route.TRAIL, light_only=True) == 1


def test_faq01_tactics_committed_to_initiative_may_also_add_fire_dice() -> None:
    """FAQ: the same Tactics markers add to the initiative roll and later to the fire."""
    (modifier,) = initiative_modifiers(tactics=2, leadership=2)
    assert modifier.value == 2
    assert fire_dice([Firer(UnitKind.REGULAR, 2)], tactics=2).total == 4


def test_faq02_fort_detroit_is_in_the_west() -> None:
    data = bundled_data()
    region = data.region_of("fort_detroit")
    assert region is not None and region.id == "west"


def test_faq08_three_regulars_are_three_two_cf_brigades() -> None:
    assert STANDARD_CF[UnitKind.REGULAR][0] == 2
    assert fire_dice([Firer(UnitKind.REGULAR, 2)] * 3).total == 6


def test_faq09_british_guards_are_mobilized_as_a_grenadier() -> None:
    """FAQ: "Guards are a Grenadier unit": the Grenadier formation is also called British
    Guards, so a module's "British Guards" piece binds to it (CF 3, 4 PP like any
    Grenadier)."""
    data = bundled_data()
    grenadier = data.formations["gb_grenadier"]
    assert "British Guards" in grenadier.aliases
    assert grenadier.cf == 3 and data.costs["grenadier"].cost == 4
    matched, unmatched, _ = match_names(["British Guards", "British Grenadier"],
                                        piece_entities(data))
    assert unmatched == []
    assert matched == {"British Guards": "unit:gb_grenadier",
                       "British Grenadier": "unit:gb_grenadier"}


def test_faq12_a_fleet_forced_marching_rolls_for_every_carried_unit() -> None:
    """FAQ: all carried units roll forced-march attrition, marines included: 4 carried
    units lose none with (5/6)^4."""
    assert forced_march_losses(4).p(0) == F(625, 1296)


def test_faq13_the_six_is_taken_first_and_the_five_may_not_be_wasted() -> None:
    """FAQ: a 6 and a 5 against several defenders: the 6 removes a unit, the 5 disrupts a
    survivor; the owner may not put both on one unit to waste the 5."""
    assert check_hits(sixes=1, fives=1, fresh=2, disrupted=0, removed=1, flipped=1).fits
    assert not check_hits(sixes=1, fives=1, fresh=2, disrupted=0, removed=1, flipped=0).fits
    # Against a lone unit the 5 has nothing left to hit.
    assert check_hits(sixes=1, fives=1, fresh=1, disrupted=0, removed=1, flipped=0).fits


def test_faq15_a_disrupted_leader_has_no_value_for_tactics() -> None:
    """FAQ: a disrupted leader's leadership is 0, so that side cannot spend Tactics."""
    with pytest.raises(ValueError, match=r"18\.4"):
        initiative_modifiers(tactics=1, leadership=0)


def test_faq22_only_american_militia_check_enlistment() -> None:
    """FAQ: British militia never check; American militia only with no enemy in their
    region (AR 20.3)."""
    assert not must_check_enlistment(EnlistmentKind.OTHER)
    assert must_check_enlistment(EnlistmentKind.US_MILITIA, enemy_in_region=False)
    assert not must_check_enlistment(EnlistmentKind.US_MILITIA, enemy_in_region=True)


def test_aar_t4_balance_of_power_uses_two_american_dice_after_the_declaration() -> None:
    """AR 12.5 (the AAR's 1778 BoP roll): 2d6 for the American on the BoP table only."""
    assert us_dice(RabbleTable.BALANCE, 2) == 2
    assert us_dice(RabbleTable.PROGRESS, 2) == 1
    odds = contest(3, 2, dice_us=2)
    assert (odds.us, odds.tie, odds.gb) == (F(49, 54), F(5, 108), F(5, 108))
