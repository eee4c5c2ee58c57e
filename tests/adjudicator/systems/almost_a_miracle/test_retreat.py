"""The retreat and Major Victory families judged by hand (AaM 11.3, 11.4, 11.5, 11.5.1,
11.5.4), on battles written from the rulebook."""

from __future__ import annotations

from adjudicator.systems.almost_a_miracle.actions import BattleEnded, BattleSide
from tests.adjudicator.systems.almost_a_miracle.battlekit import (
    BATTLE_AREA,
    british,
    continental,
    ended,
    force,
    joined,
    loss,
    retreat,
    rolls,
    with_data,
)
from tests.adjudicator.systems.almost_a_miracle.rulekit import (
    context,
    done,
    ids,
    judged,
    position,
)

RATED = with_data(leaders={"greene": {"tactical": 3}})
OPEN = with_data(leaders={"greene": {"tactical": 3}}, no_walls=(BATTLE_AREA,))
"""The battle's Area with no city nor fort: the loser's force is all outside."""
"""Greene with a Tactical rating of 3."""


def before_combat(die: int | None, defender: BattleSide | None = None, *,
                  destination: str = "NE9", left: tuple[BattleSide, ...] = ()) -> BattleEnded:
    """British 30 SP enter the Continentals' Area, who retreat before combat on `die`."""
    defender = defender or continental(10)
    battle = joined(british(30), defender)
    return ended(battle, rolls=rolls((), (die,)) if die is not None else (),
                 retreats=(retreat("continental", destination, before=True,
                                   sp=defender.sp, leaders=defender.leaders),),
                 left=left)


# AAM-RET-01: retreat before combat


def test_ret01_a_roll_within_the_tactical_rating_retreats() -> None:
    """AaM 11.3.1: "Roll the die; if the result is equal to or less than the tactical
    rating of his highest-ranking Leader in the Area, he may retreat into one Area that he
    can legally enter." Greene (3) rolls a 3."""
    outcomes = judged(before_combat(3), context(data=RATED))
    assert "AAM-RET-01" in done(outcomes)
    assert "AAM-RET-01" not in ids(outcomes)


def test_ret01_a_retreat_after_a_failed_roll_is_illegal() -> None:
    """AaM 11.3.1: Greene (3) rolls a 5 and the force retreats anyway."""
    outcomes = judged(before_combat(5), context(data=RATED))
    assert "AAM-RET-01" in ids(outcomes)


def test_ret01_a_retreat_without_a_roll_is_illegal() -> None:
    """AaM 11.3.1: the retreat is made on a die roll."""
    assert "AAM-RET-01" in ids(judged(before_combat(None), context(data=RATED)))


def test_ret01_without_a_leader_no_retreat_before_combat() -> None:
    """AaM 11.3: "A player may attempt to retreat his forces (if led by a Leader)"."""
    outcomes = judged(before_combat(1, continental(10, leaders=())), context(data=RATED))
    assert "AAM-RET-01" in ids(outcomes)


def test_ret01_unknown_ratings_leave_the_roll_unchecked() -> None:
    """The Tactical ratings are printed on the counters, not in the rulebook."""
    outcomes = judged(before_combat(5), context())
    assert "AAM-RET-01" in ids(outcomes, "unchecked")
    assert "AAM-RET-01" not in ids(outcomes)


def test_ret01_indians_retreat_into_wilderness_with_no_roll_and_no_leader() -> None:
    """AaM 11.3.6: "If the defending force is composed solely of Indian SPs, and there is
    an adjacent Wilderness or Mountain Area which they can legally enter, the British
    player may automatically retreat the force [...] regardless of the presence of a
    Leader"."""
    indians = force("british", ("indian", 6))
    battle = joined(continental(30), indians)
    data = with_data(terrain={"NE9": "wilderness"})
    retreating = ended(battle, retreats=(retreat("british", "NE9", before=True,
                                                 sp=(("indian", 6),), leaders=()),))
    outcomes = judged(retreating, context(data=data))
    assert "AAM-RET-01" in done(outcomes)
    assert "AAM-RET-01" not in ids(outcomes)
    into_clear = judged(retreating, context(data=with_data(terrain={"NE9": "clear"})))
    assert "AAM-RET-01" in ids(into_clear)
    unknown = judged(retreating, context())
    assert "AAM-RET-01" in ids(unknown, "unchecked")
    assert "AAM-RET-01" not in ids(unknown)


def test_ret01_swamp_foxes_need_no_roll() -> None:
    """AaM 11.3.5: a force "composed solely of Continental militia SPs" may retreat into a
    swamp "without having to make a retreat DR check (even if the commanding Leader's
    tactical rating is zero)"."""
    militia = continental(0, 8, leaders=("stark",))
    data = with_data(terrain={"NE9": "swamp"}, leaders={"stark": {"tactical": 0}})
    outcomes = judged(before_combat(6, militia), context(data=data))
    assert "AAM-RET-01" not in ids(outcomes)


# AAM-RET-02: all of the force retreats before combat


def test_ret02_part_of_the_force_left_behind_is_illegal() -> None:
    """AaM 11.3.2: "He must retreat all of his forces in the Area which can retreat." """
    behind = (continental(4, leaders=()),)
    outcomes = judged(before_combat(2, left=behind), context(data=OPEN))
    assert "AAM-RET-02" in ids(outcomes)
    # where a city or fort may be, the SPs left may be its garrison (AaM 4.2.4-4.2.5)
    walls = judged(before_combat(2, left=behind), context(data=RATED))
    assert "AAM-RET-02" in ids(walls, "unchecked")
    whole = judged(before_combat(2, left=(continental(0, leaders=()),)), context(data=RATED))
    assert "AAM-RET-02" in done(whole)
    assert "AAM-RET-02" not in ids(whole)


# AAM-RET-07: the loser's retreat after combat

LOST = joined(british(60), continental(20))


def after_combat(*retreats_, left: tuple[BattleSide, ...] = ()) -> BattleEnded:
    return ended(LOST, rolls=rolls((4, 3), (2, 5)),
                 losses=(loss("british", ("brit_regular", 1)),
                         loss("continental", ("cont_regular", 1))),
                 retreats=retreats_ or (retreat("continental"),), left=left)


def test_ret07_retreat_into_an_enemy_occupied_area_is_illegal() -> None:
    """AaM 11.4: the loser retreats "to an adjacent Area that is not: occupied by enemy
    forces"."""
    state = position(("sp:brit_regular:5", "NE9"))
    outcomes = judged(retreat("continental", "NE9"), context(state=state))
    assert "AAM-RET-07" in ids(outcomes)


def test_ret07_retreat_into_an_adjacent_empty_area_is_legal() -> None:
    """AaM 11.4: an adjacent Area free of the enemy."""
    data = with_data(connections=(("NE10", "NE9", "land"),), complete=True)
    outcomes = judged(retreat("continental", "NE9"), context(data=data))
    assert "AAM-RET-07" in done(outcomes)
    assert "AAM-RET-07" not in ids(outcomes)


def test_ret07_a_retreat_to_an_area_not_adjacent_is_illegal() -> None:
    """AaM 11.4: "to an adjacent Area" (the map's connections complete)."""
    data = with_data(connections=(("NE10", "NE9", "land"),), complete=True)
    assert "AAM-RET-07" in ids(judged(retreat("continental", "NE14"), context(data=data)))
    moved_far = retreat("continental", "NE14", path=("NE10", "NE9", "NE14"))
    assert "AAM-RET-07" in ids(judged(moved_far, context()))


def test_ret07_adjacency_unknown_is_unchecked() -> None:
    """The printed map's adjacencies are data a user supplies."""
    outcomes = judged(retreat("continental", "NE9"), context())
    assert "AAM-RET-07" in ids(outcomes, "unchecked")


def test_ret07_rivers_in_rain_and_flood() -> None:
    """AaM 11.4: not "across a river boundary during rain unless crossed by a road, or
    across any river boundary during flood (whether a road crosses it or not)"."""
    river = with_data(connections=(("NE10", "NE9", "river"),))
    bridged = with_data(connections=(("NE10", "NE9", "river_road"),))
    rain = position(("weather:rain", "NE13"))
    flood = position(("weather:flood", "NE13"))
    assert "AAM-RET-07" in ids(judged(retreat("continental"), context(data=river, state=rain)))
    assert "AAM-RET-07" not in ids(judged(retreat("continental"),
                                          context(data=bridged, state=rain)))
    assert "AAM-RET-07" in ids(judged(retreat("continental"),
                                      context(data=bridged, state=flood)))
    clear = judged(retreat("continental"), context(data=river))
    assert "AAM-RET-07" in done(clear)
    assert "AAM-RET-07" not in ids(clear)


def test_ret07_the_loser_leaves_nothing_behind() -> None:
    """AaM 11.4: "All of the loser's remaining Leaders, SPs, and baggage trains must
    retreat"."""
    outcomes = judged(after_combat(left=(continental(3, leaders=()),)), context(data=OPEN))
    assert "AAM-RET-07" in ids(outcomes)
    assert "AAM-RET-07" not in ids(judged(after_combat(), context()))


def test_ret07_the_loser_retreats_into_one_area() -> None:
    """AaM 11.4: the loser retreats "to an adjacent Area": all of it to the same one."""
    split = after_combat(retreat("continental", "NE9"), retreat("continental", "NE14", step=12))
    assert "AAM-RET-07" in ids(judged(split, context()))


# AAM-MV-01, -02, -06: Major Victory and Catastrophe


def fought(attacker: BattleSide, defender: BattleSide, marker: str | None, *,
           retreating: bool = True, area: str = "NE10") -> BattleEnded:
    battle = joined(attacker, defender, area=area)
    return ended(battle, rolls=rolls((4, 3), (2, 5)),
                 losses=(loss(attacker.side, (attacker.sp[0][0], 1)),
                         loss(defender.side, (defender.sp[0][0], 1))),
                 retreats=(retreat(defender.side, sp=defender.sp,
                                   leaders=defender.leaders),) if retreating else (),
                 left=() if retreating else (attacker, BattleSide(side=defender.side)),
                 major_victory=marker)


def test_mv01_a_battle_of_15_a_side_flips_the_marker_to_the_winner() -> None:
    """AaM 11.5: "In any battle or siege in which both sides have 15 or more SPs [...] the
    marker is adjusted to reflect a Major Victory for the 'winner.' Remember that the
    winner is the side that doesn't retreat"."""
    flipped = judged(fought(british(15), continental(15), "british"), context())
    assert "AAM-MV-01" in done(flipped)
    left = judged(fought(british(15), continental(15), "continental"), context())
    assert "AAM-MV-01" in ids(left, "reminder")


def test_mv01_a_smaller_battle_is_no_major_victory() -> None:
    """AaM 11.5: 40 against 14 is not 15 or more on both sides."""
    outcomes = judged(fought(british(40), continental(14), "continental"), context())
    assert "AAM-MV-01" not in ids(outcomes, "reminder")


def test_mv02_three_indian_sp_make_a_major_victory() -> None:
    """AaM 11.5.1: "Any victory by a force containing at least 3 SPs of Indians [...] is
    also considered a Major Victory." """
    outcomes = judged(fought(british(5, indians=3), continental(10), "continental"), context())
    assert "AAM-MV-02" in ids(outcomes, "reminder")
    assert "AAM-MV-02" in done(judged(fought(british(5, indians=3), continental(10),
                                             "british"), context()))


def test_mv06_a_loser_of_50_sp_against_a_major_victory_cannot_retreat() -> None:
    """AaM 11.5.4: "The losing player's force involved contained 50 or more SPs and the
    battle resulted in a Major Victory for the other side": it "surrenders as if it had
    lost a Siege Combat"."""
    outcomes = judged(fought(british(30), continental(50), "british"), context())
    assert "AAM-MV-06" in ids(outcomes)
    surrendered = judged(fought(british(30), continental(50), "british", retreating=False),
                         context())
    assert "AAM-MV-06" in done(surrendered)
    smaller = judged(fought(british(30), continental(49), "british"), context())
    assert "AAM-MV-06" not in ids(smaller)


def test_mv06_a_loser_without_supply_in_wilderness_surrenders() -> None:
    """AaM 11.5.4: "The losing force has no baggage trains or a magazine and is in a
    Wilderness or Mountain Area." With a baggage train it may retreat."""
    data = with_data(terrain={"NE10": "wilderness"})
    outcomes = judged(fought(british(10), continental(5), None), context(data=data))
    assert "AAM-MV-06" in ids(outcomes)
    supplied = judged(fought(british(10), continental(5, trains=1), None), context(data=data))
    assert "AAM-MV-06" not in ids(supplied)


def test_ret07_a_leader_alone_escaping_is_not_judged_as_a_retreat() -> None:
    """AaM 11.4.5: leaders left alone "escape and are placed with the nearest unbesieged
    friendly force": not necessarily an adjacent Area."""
    data = with_data(connections=(("NE10", "NE9", "land"),), complete=True)
    escape = retreat("continental", "NE14", sp=())
    assert "AAM-RET-07" not in ids(judged(escape, context(data=data)))


def test_ret07_the_loser_staying_in_the_area_is_illegal() -> None:
    """AaM 11.2.3: "The side with the lower total must retreat to an adjacent Area after
    casualties are determined." Both sides still in the Area: the loser stayed."""
    staying = ended(LOST, rolls=rolls((4, 3), (2, 5)),
                    losses=(loss("british", ("brit_regular", 1)),
                            loss("continental", ("cont_regular", 1))),
                    left=(british(59), continental(19)))
    assert "AAM-RET-07" in ids(judged(staying, context()))
    wiped = ended(LOST, rolls=staying.rolls, losses=staying.losses,
                  left=(british(59), continental(0, leaders=())))
    assert "AAM-RET-07" not in ids(judged(wiped, context()))


def test_ret02_militia_left_behind_may_be_barred_from_the_area() -> None:
    """AaM 11.3.2 retreats "all of his forces in the Area which can retreat"; militia may
    not enter every Area (AaM 10.8): left behind, they are unchecked, not illegal."""
    militia = (continental(0, 4, leaders=()),)
    outcomes = judged(before_combat(2, continental(10, 4), left=militia), context(data=RATED))
    assert "AAM-RET-02" not in ids(outcomes)
    assert "AAM-RET-02" in ids(outcomes, "unchecked")


def test_ret06_the_indian_leader_rolls_to_escape_after_the_free_retreat() -> None:
    """AaM 11.3.6: "If this option is chosen, the British player must roll to escape (Case
    11.4.5) for the Indian Leader." """
    indians = force("british", ("indian", 6), leaders=("brant",))
    data = with_data(terrain={"NE9": "wilderness"})
    going = retreat("british", "NE9", before=True, sp=(("indian", 6),), leaders=("brant",))
    no_roll = ended(joined(continental(30), indians), retreats=(going,))
    assert "AAM-RET-06" in ids(judged(no_roll, context(data=data)), "reminder")
    rolled = ended(joined(continental(30), indians), retreats=(going,),
                   rolls=(("british", 12, (2,)),))
    assert "AAM-RET-06" in done(judged(rolled, context(data=data)))


def test_ret10_a_leader_alone_escapes_only_within_his_tactical_rating() -> None:
    """AaM 11.4.5: "If the DR is equal to or less than their tactical rating, they escape
    [...] If the DR is greater than their tactical rating, they are captured"."""
    def alone(die: int) -> BattleEnded:
        return ended(LOST, rolls=(*rolls((4, 3), (2, 5)), ("continental", 10, (die,))),
                     losses=(loss("british", ("brit_regular", 1), step=8),
                             loss("continental", ("cont_regular", 20), step=9)),
                     retreats=(retreat("continental", "NE14", sp=()),))
    assert "AAM-RET-10" in ids(judged(alone(5), context(data=RATED)))
    escaped = judged(alone(3), context(data=RATED))
    assert "AAM-RET-10" in done(escaped)
    assert "AAM-RET-10" not in ids(escaped)


def test_ret01_swamp_foxes_under_a_known_militia_leader_are_legal() -> None:
    """AaM 11.3.5: "If the defending force is commanded by a Continental militia Leader and
    composed solely of Continental militia SPs [...] without having to make a retreat DR
    check (even if the commanding Leader's tactical rating is zero)"; a regular leader's
    militia need the roll."""
    militia = continental(0, 8, leaders=("stark",))
    fox = with_data(terrain={"NE9": "swamp"},
                    leaders={"stark": {"tactical": 0, "category": "militia"}})
    assert "AAM-RET-01" in done(judged(before_combat(6, militia), context(data=fox)))
    regular = with_data(terrain={"NE9": "swamp"},
                        leaders={"stark": {"tactical": 0, "category": "regular"}})
    assert "AAM-RET-01" in ids(judged(before_combat(6, militia), context(data=regular)))


def test_mv04_an_overrun_never_turns_the_marker() -> None:
    """AaM 10.4.7: "Overrun is not considered Combat and thus not eligible for a Major
    Victory." 60 SP overrun 3 SP with no roll."""
    run = joined(british(60), continental(3, leaders=()))
    turned = ended(run, losses=(loss("continental", ("cont_regular", 3), step=6),),
                   major_victory="british", marker_turned=((7, "british"),))
    outcomes = judged(turned, context())
    assert "AAM-MV-04" in ids(outcomes)
    assert next(o for o in outcomes if getattr(o, "rule_id", "") == "AAM-MV-04").step == 7
    left = ended(run, losses=turned.losses, major_victory="continental")
    assert "AAM-MV-04" in done(judged(left, context()))
    assert "AAM-MV-04" not in ids(judged(left, context()))
