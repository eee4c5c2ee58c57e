"""The combat family judged by hand (AaM 10.3, 11.2.2-11.2.7), on battles written from the
rulebook."""

from __future__ import annotations

from fractions import Fraction

from tests.adjudicator.systems.almost_a_miracle.battlekit import (
    british,
    computed,
    continental,
    ended,
    joined,
    loss,
    moved_on,
    retreat,
    rolls,
    with_data,
)
from tests.adjudicator.systems.almost_a_miracle.rulekit import context, done, ids, judged

BIG = joined(british(60), continental(20))
"""60 British SP attack 20: no surprise roll (AaM 11.2.2), so the losses are judged."""


# AAM-CBT-08, -09, -10: the computations when the battle shows


def test_cbt08_the_odds_drm_of_the_rulebook_example() -> None:
    """AaM 11.2.3: "30 SPs attacking 6 SPs would give an odds ratio of 5:1 [...] The
    attacker thus would add 4 to his DR." Digest N1: P(attacker wins) = 11/12; the
    defender's expected loss is 17/6."""
    outcomes = judged(joined(british(30), continental(6)), context())
    odds = computed(outcomes, "odds")
    assert odds.result == {"attacker_drm": 4, "defender_drm": 0}
    assert computed(outcomes, "battle_winner").probabilities["attacker_wins"] == Fraction(11, 12)
    casualties = computed(outcomes, "casualties")
    assert casualties.result["defender_expected"] == "17/6"
    assert casualties.probabilities["defender_loses_6"] == Fraction(1, 6)
    assert computed(outcomes, "surprise").probabilities["surprise"] == Fraction(1, 6)
    assert "AAM-CBT-08" in done(outcomes)


def test_cbt08_reversed_odds_favour_the_defender() -> None:
    """AaM 11.2.3: "6 SPs attacking 30 SPs, it would produce an odds ratio of 1:5 [...]
    the defender would add four to his DR."""
    odds = computed(judged(joined(british(6), continental(30)), context()), "odds")
    assert odds.result == {"attacker_drm": 0, "defender_drm": 4}


# AAM-CBT-10: the losses against the casualty arithmetic


def test_cbt10_losses_from_one_difference_are_legal() -> None:
    """AaM 11.2.4: the higher total loses 1 SP per ten (or fraction) of the opponent's SPs
    minus the difference, at least 1; the lower total the same plus the difference. 60
    against 20, British higher by 2: the British lose max(1, 2 - 2) = 1, the Continentals
    6 + 2 = 8."""
    battle = ended(BIG, losses=(loss("british", ("brit_regular", 1)),
                                loss("continental", ("cont_regular", 8))),
                   retreats=(retreat("continental", sp=(("cont_regular", 12),)),))
    outcomes = judged(battle, context())
    assert "AAM-CBT-10" in done(outcomes)
    assert "AAM-CBT-10" not in ids(outcomes)


def test_cbt10_a_tie_costs_each_side_one() -> None:
    """AaM 11.2.4: "Tie: Both players lose 1 SP." """
    battle = ended(BIG, losses=(loss("british", ("brit_regular", 1)),
                                loss("continental", ("cont_regular", 1))))
    assert "AAM-CBT-10" in done(judged(battle, context()))


def test_cbt10_a_pair_no_difference_gives_is_illegal_at_the_removal() -> None:
    """AaM 11.2.4: with 60 against 20 the British, when higher, lose 1 and the
    Continentals at least 7; when lower the British lose at least 3. 1 and 5 is no
    result."""
    battle = ended(BIG, losses=(loss("british", ("brit_regular", 1), step=10),
                                loss("continental", ("cont_regular", 5), step=11)))
    outcomes = judged(battle, context())
    assert "AAM-CBT-10" in ids(outcomes)
    finding = next(o for o in outcomes if getattr(o, "rule_id", "") == "AAM-CBT-10")
    assert finding.step == 11
    assert finding.observed == "1/5"


def test_cbt10_a_side_wiped_out_may_lose_more_than_the_roll() -> None:
    """AaM 11.4.1 / 11.5.4: a loser unable to retreat or in a Catastrophe loses everything;
    the casualty roll is then only a floor."""
    battle = ended(BIG, losses=(loss("british", ("brit_regular", 1)),
                                loss("continental", ("cont_regular", 20))))
    assert "AAM-CBT-10" in done(judged(battle, context()))


def test_cbt10_with_a_surprise_possible_the_losses_are_unchecked() -> None:
    """AaM 11.2.2: both forces under 50 SPs roll for surprise, whose effects are on the
    Player's Aid Card: the losses cannot be checked without them."""
    battle = ended(joined(british(30), continental(6)),
                   losses=(loss("british", ("brit_regular", 1)),
                           loss("continental", ("cont_regular", 2))))
    outcomes = judged(battle, context())
    assert "AAM-CBT-10" in ids(outcomes, "unchecked")
    assert "AAM-CBT-10" not in ids(outcomes)


# AAM-CBT-12: the split between militia and regulars


MIXED = joined(british(60), continental(10, 10))


def test_cbt12_an_even_split_is_legal_and_the_odd_sp_either_way() -> None:
    """AaM 11.2.6: "Losses must be evenly divided between militia [...] and regulars if
    both are present to the greatest extent possible (although any remaining fraction may
    be taken as a militia casualty)." 9 lost: 4 regular and 5 militia, or 5 and 4."""
    for regular, militia in ((4, 5), (5, 4)):
        battle = ended(MIXED, losses=(loss("british", ("brit_regular", 1)),
                                      loss("continental", ("cont_regular", regular),
                                           ("ne_militia", militia))))
        assert "AAM-CBT-12" in done(judged(battle, context()))
        assert "AAM-CBT-12" not in ids(judged(battle, context()))


def test_cbt12_all_losses_from_the_militia_is_illegal() -> None:
    """AaM 11.2.6: 8 lost by a force of 10 regulars and 10 militia, all 8 from the militia,
    is not an even division."""
    battle = ended(MIXED, losses=(loss("british", ("brit_regular", 1)),
                                  loss("continental", ("ne_militia", 8))))
    assert "AAM-CBT-12" in ids(judged(battle, context()))


def test_cbt12_when_one_kind_runs_out_the_other_takes_the_rest() -> None:
    """AaM 11.2.6 example: "the Continental player's net loss is 5. He has 2 militia SPs
    and 4 regular SPs. He eliminates the 2 militia SPs" and 3 regulars."""
    battle = ended(joined(british(60), continental(4, 2)),
                   losses=(loss("british", ("brit_regular", 1)),
                           loss("continental", ("cont_regular", 3), ("ne_militia", 2))))
    assert "AAM-CBT-12" not in ids(judged(battle, context()))


# AAM-CBT-14: the leader lost on a natural 1


def test_cbt14_a_natural_one_without_a_leader_lost_is_illegal() -> None:
    """AaM 11.2.7: "If the unmodified casualty DR is a 1, the affected side loses the
    Leader in the battle with the highest audacity rating." The British casualty die (their
    second) is a 1, and neither Clinton nor Percy is removed."""
    battle = ended(joined(british(60, leaders=("clinton", "percy")), continental(20)),
                   rolls=rolls((4, 1), (3, 5)),
                   losses=(loss("british", ("brit_regular", 1)),
                           loss("continental", ("cont_regular", 8))))
    assert "AAM-CBT-14" in ids(judged(battle, context()))


def test_cbt14_a_leader_lost_after_a_natural_one_is_legal() -> None:
    """AaM 11.2.7: Percy removed after the natural 1 (the ratings are not in the data, so
    which leader is not judged)."""
    battle = ended(joined(british(60, leaders=("clinton", "percy")), continental(20)),
                   rolls=rolls((4, 1), (3, 5)),
                   losses=(loss("british", ("brit_regular", 1), leaders=("percy",)),
                           loss("continental", ("cont_regular", 8))))
    outcomes = judged(battle, context())
    assert "AAM-CBT-14" not in ids(outcomes)


def test_cbt14_the_c_in_c_is_never_lost_this_way() -> None:
    """AaM 11.2.7: "The one exception to this is the Commander-in-Chief, who may not be
    lost this way": Washington alone keeps his command after a natural 1."""
    battle = ended(joined(british(60), continental(20, leaders=("washington",))),
                   rolls=rolls((4, 6), (3, 1)),
                   losses=(loss("british", ("brit_regular", 1)),
                           loss("continental", ("cont_regular", 8))))
    outcomes = judged(battle, context())
    assert "AAM-CBT-14" in done(outcomes)
    assert "AAM-CBT-14" not in ids(outcomes)


def test_cbt14_the_highest_audacity_goes_when_the_ratings_are_known() -> None:
    """AaM 11.2.7: the leader lost is the one "with the highest audacity rating"."""
    data = with_data(leaders={"clinton": {"audacity": 2}, "percy": {"audacity": 4}})
    battle = ended(joined(british(60, leaders=("clinton", "percy")), continental(20)),
                   rolls=rolls((4, 1), (3, 5)),
                   losses=(loss("british", ("brit_regular", 1), leaders=("clinton",)),
                           loss("continental", ("cont_regular", 8))))
    assert "AAM-CBT-14" in ids(judged(battle, context(data=data)))
    fine = ended(battle.joined, rolls=battle.rolls,
                 losses=(loss("british", ("brit_regular", 1), leaders=("percy",)),
                         battle.losses[1]))
    assert "AAM-CBT-14" in done(judged(fine, context(data=data)))


# AAM-CBT-07: no surprise roll with a side of 50 SPs or more


def test_cbt07_a_surprise_roll_with_60_sp_attacking_is_illegal() -> None:
    """AaM 11.2.2: "A Surprise check is only rolled for if both the attacking and defending
    force are less than 50 SPs." The attacker's three dice (surprise, winner, casualties)."""
    battle = ended(BIG, rolls=rolls((6, 4, 3), (2, 5)),
                   losses=(loss("british", ("brit_regular", 1)),
                           loss("continental", ("cont_regular", 1))))
    assert "AAM-CBT-07" in ids(judged(battle, context()))
    legal = ended(BIG, rolls=rolls((4, 3), (2, 5)), losses=battle.losses)
    assert "AAM-CBT-07" in done(judged(legal, context()))


# AAM-CBT-16: combat ends the endeavor


def test_cbt16_the_attacker_moving_on_after_combat_is_illegal() -> None:
    """AaM 10.3: "It must then engage in combat. Combat ends the endeavor." """
    battle = ended(BIG, rolls=rolls((4, 3), (2, 5)),
                   losses=(loss("british", ("brit_regular", 1)),
                           loss("continental", ("cont_regular", 1))),
                   retreats=(retreat("continental"),), moved_on=(moved_on("british"),))
    outcomes = judged(battle, context())
    assert "AAM-CBT-16" in ids(outcomes)
    finding = next(o for o in outcomes if getattr(o, "rule_id", "") == "AAM-CBT-16")
    assert finding.step == 12


def test_cbt16_the_attacker_staying_is_legal() -> None:
    """AaM 10.3: the attacker stays in the Area after the combat."""
    battle = ended(BIG, rolls=rolls((4, 3), (2, 5)),
                   losses=(loss("british", ("brit_regular", 1)),
                           loss("continental", ("cont_regular", 1))),
                   retreats=(retreat("continental"),))
    assert "AAM-CBT-16" in done(judged(battle, context()))


def test_cbt16_moving_on_after_a_retreat_before_combat_is_legal() -> None:
    """AaM 11.3.3: "The attacker may continue to move his force (if he has remaining MPs to
    do so), even into the Area to which the defending player retreated." """
    battle = ended(BIG, rolls=rolls((), (2,)),
                   retreats=(retreat("continental", before=True),),
                   moved_on=(moved_on("british"),))
    assert "AAM-CBT-16" not in ids(judged(battle, context()))


def test_cbt09_the_winner_is_unchecked_without_the_battle_winner_table() -> None:
    """AaM 11.2.3: the Battle Winner Determination Table's DRMs are on the Player's Aid
    Card."""
    battle = ended(BIG, rolls=rolls((4, 3), (2, 5)),
                   losses=(loss("british", ("brit_regular", 1)),
                           loss("continental", ("cont_regular", 1))))
    assert "AAM-CBT-09" in ids(judged(battle, context()), "unchecked")
