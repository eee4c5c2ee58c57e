"""The movement family judged by hand (AaM 10.1-10.4, 10.6, 10.8, 14.1.1), on a hand-made
line of Areas NE50-NE55 whose boundaries and terrain each test gives."""

from __future__ import annotations

from adjudicator.systems.almost_a_miracle.actions import EndeavorTaken
from adjudicator.systems.almost_a_miracle.procedure import AaMProcedure
from adjudicator.systems.common.outcomes import Computed, Outcome
from tests.adjudicator.systems.almost_a_miracle.movekit import data_with, move
from tests.adjudicator.systems.almost_a_miracle.rulekit import (
    context,
    done,
    ids,
    judged,
    position,
)

LINE = tuple(f"NE5{n}" for n in range(6))


def line(kinds: tuple[str, ...] = ("land",) * 5) -> list[tuple[str, str, str]]:
    """Boundaries NE50-NE51, NE51-NE52, ... of the given kinds."""
    return [(LINE[n], LINE[n + 1], kind) for n, kind in enumerate(kinds)]


CLEAR = {area: "clear" for area in LINE}


# AAM-MOV-01: 10.1.1 "A force moves as fast as its slowest component, so a force with cavalry
# and a baggage train would move 4 movement points (the speed of the baggage train)."

def test_mov01_cavalry_with_a_train_moves_four_mp() -> None:
    """10.1.1: cavalry (12 MP) with a baggage train moves 4 MP: five clear Areas are too far."""
    data = data_with(terrain=CLEAR, connections=line(), mp={"brit_cavalry": 12},
                     tec={"clear": 1})
    far = move("NE50", "NE55", path=LINE, sp=(("brit_cavalry", 5),), trains=1)
    assert "AAM-MOV-01" in ids(judged(far, context(data=data)))
    near = move("NE50", "NE54", path=LINE[:5], sp=(("brit_cavalry", 5),), trains=1)
    assert "AAM-MOV-01" in done(judged(near, context(data=data)))


def test_mov01_without_the_train_the_cavalry_goes_on() -> None:
    """10.1.1: without the baggage train, the cavalry's own 12 MP count."""
    data = data_with(terrain=CLEAR, connections=line(), mp={"brit_cavalry": 12},
                     tec={"clear": 1})
    far = move("NE50", "NE55", path=LINE, sp=(("brit_cavalry", 5),))
    outcomes = judged(far, context(data=data))
    assert "AAM-MOV-01" in done(outcomes)
    assert "AAM-MOV-01" not in ids(outcomes)


def test_mov01_drag_waypoints_are_joined_by_the_cheapest_way() -> None:
    """10.1: "move through a continuous line of Areas": a drag from NE50 straight to NE52
    went through NE51 (the cheapest way)."""
    data = data_with(terrain=CLEAR, connections=line(), mp={"brit_regular": 2},
                     tec={"clear": 1})
    assert "AAM-MOV-01" in done(judged(move("NE50", "NE52"), context(data=data)))
    assert "AAM-MOV-01" in ids(judged(move("NE50", "NE53"), context(data=data)))


def test_mov01_the_finding_names_the_cheapest_way_area_by_area() -> None:
    """The finding and the computation name the Areas a drag from NE50 to NE53 was priced
    through (the cheapest way: the log shows only the ends), and each step's MP."""
    data = data_with(terrain=CLEAR, connections=line(), mp={"brit_regular": 2},
                     tec={"clear": 1})
    outcomes = judged(move("NE50", "NE53"), context(data=data))
    # The hand-made Areas are named as their ids: a finding says `NE50 NE50`.
    route = ("NE50 NE50 → NE51 NE51 (1) → NE52 NE52 (1) → NE53 NE53 (1), by the cheapest "
             "route the rules allow (the log shows only its ends)")
    (finding,) = [o for o in outcomes if getattr(o, "rule_id", "") == "AAM-MOV-01"
                  and hasattr(o, "message")]
    assert finding.message.startswith(f"the force moved {route}: the cheapest way costs at "
                                      "least 3 MP")
    (priced,) = [o for o in outcomes if isinstance(o, Computed)]
    assert priced.summary == f"the path {route} costs at least 3 MP against 2"
    assert priced.inputs["legs"] == (
        {"from": "NE50 NE50", "to": "NE51 NE51", "mp": 1, "shown": False},
        {"from": "NE51 NE51", "to": "NE52 NE52", "mp": 1, "shown": False},
        {"from": "NE52 NE52", "to": "NE53 NE53", "mp": 1, "shown": True})


def test_mov01_unknown_costs_leave_the_move_unchecked() -> None:
    """10.1.2: other costs are on the Terrain Effects Chart (PAC): without it, a clear move
    is not judged."""
    data = data_with(terrain=CLEAR, connections=line(), mp={"brit_regular": 6})
    outcomes = judged(move("NE50", "NE52"), context(data=data))
    assert "AAM-MOV-01" in ids(outcomes, "unchecked")
    assert "AAM-MOV-01" not in ids(outcomes)


def test_mov01_a_weather_marker_leaves_a_short_move_unchecked() -> None:
    """8.3.3: the effects of each type of weather are on the PAC."""
    data = data_with(terrain=CLEAR, connections=line(), mp={"brit_regular": 6},
                     tec={"clear": 1})
    state = position(("weather:rain", "NE10"))
    outcomes = judged(move("NE50", "NE52"), context(data=data, state=state))
    assert "AAM-MOV-01" in ids(outcomes, "unchecked")


# AAM-MOV-02: 10.1.2 "moving into an Area across a river boundary that doesn't include a
# road, for example, consumes 2 MPs."

def test_mov02_two_rivers_without_a_road_cost_four() -> None:
    """10.1.2: two river boundaries without a road cost 4 MP, more than 3 (even without the
    Terrain Effects Chart)."""
    data = data_with(terrain=CLEAR, connections=line(("river", "river")),
                     mp={"brit_regular": 3})
    assert "AAM-MOV-02" in ids(judged(move("NE50", "NE52", path=LINE[:3]),
                                      context(data=data)))


def test_mov02_a_road_across_the_river_is_not_two_mp() -> None:
    """10.1.2: the river costs 2 only where the boundary does not include a road."""
    data = data_with(terrain=CLEAR, connections=line(("river road", "river road")),
                     mp={"brit_regular": 3}, tec={"clear": 1, "road": 1})
    outcomes = judged(move("NE50", "NE52", path=LINE[:3]), context(data=data))
    assert "AAM-MOV-02" not in ids(outcomes)
    assert "AAM-MOV-01" in done(outcomes)


# AAM-MOV-28: 10.6.1a "Wilderness and Mountain terrain (without roads) cost 4 MP to enter,
# unless the moving force enters a Wilderness Area by moving from an Area bordered by the
# same river or waterway; in this case, the cost is 2 MPs."

def test_mov28_wilderness_without_a_road_costs_four() -> None:
    """10.6.1a: clear 1 then Wilderness 4 is 5 MP, more than 4."""
    data = data_with(terrain={**CLEAR, "NE52": "wilderness"}, connections=line(),
                     mp={"brit_regular": 4}, tec={"clear": 1})
    assert "AAM-MOV-28" in ids(judged(move("NE50", "NE52", path=LINE[:3]),
                                      context(data=data)))


def test_mov28_the_same_river_makes_wilderness_two() -> None:
    """10.6.1a: from an Area bordered by the same river, Wilderness costs 2: 1 + 2 = 3."""
    data = data_with(terrain={**CLEAR, "NE52": "wilderness"},
                     connections=line(("land", "same_river")), mp={"brit_regular": 4},
                     tec={"clear": 1})
    outcomes = judged(move("NE50", "NE52", path=LINE[:3]), context(data=data))
    assert "AAM-MOV-28" not in ids(outcomes)
    assert {"AAM-MOV-01", "AAM-MOV-28"} <= done(outcomes)


def test_mov28_the_same_river_does_not_help_into_mountains() -> None:
    """10.6.1a (rulebook over the digest's 6.8): the 2 MP is for a Wilderness Area only."""
    data = data_with(terrain={**CLEAR, "NE52": "mountain"},
                     connections=line(("land", "same_river")), mp={"brit_regular": 4},
                     tec={"clear": 1})
    assert "AAM-MOV-28" in ids(judged(move("NE50", "NE52", path=LINE[:3]),
                                      context(data=data)))


def test_mov28_a_road_into_wilderness_is_not_four() -> None:
    """10.6.1a: the 4 MP is for Wilderness "without roads"."""
    data = data_with(terrain={**CLEAR, "NE52": "wilderness"},
                     connections=line(("land", "road")), mp={"brit_regular": 4},
                     tec={"clear": 1, "wilderness+road": 1})
    assert "AAM-MOV-28" not in ids(judged(move("NE50", "NE52", path=LINE[:3]),
                                          context(data=data)))


# AAM-MOV-10: 10.2.3 "Leaders moving on their own (without SPs or baggage trains) have a
# movement allowance of 12 movement points."

def test_mov10_a_lone_leader_has_twelve_mp() -> None:
    """10.2.3: 12 clear Areas are in reach of a lone leader, 13 are not."""
    areas = tuple(f"NE6{n}" if n < 10 else f"NE7{n - 10}" for n in range(14))
    connections = [(areas[n], areas[n + 1], "land") for n in range(13)]
    data = data_with(terrain=dict.fromkeys(areas, "clear"), connections=connections,
                     tec={"clear": 1})
    twelve = move(areas[0], areas[12], path=(areas[0], areas[12]), sp=())
    assert "AAM-MOV-10" in done(judged(twelve, context(data=data)))
    thirteen = move(areas[0], areas[13], path=(areas[0], areas[13]), sp=())
    assert "AAM-MOV-10" in ids(judged(thirteen, context(data=data)))


# AAM-MOV-03: 10.1.3 "Where four boundary lines intersect, a player may NOT move across the
# intersection."

def test_mov03_no_move_across_a_four_boundary_point() -> None:
    """10.1.3: NE50 and NE52 touch only at a four-boundary point."""
    data = data_with(terrain=CLEAR, connections=[("NE50", "NE52", "quadripoint")],
                     mp={"brit_regular": 6}, tec={"clear": 1})
    assert "AAM-MOV-03" in ids(judged(move("NE50", "NE52"), context(data=data)))


def test_mov03_going_round_the_point_is_legal() -> None:
    """10.1.3: the same two Areas, reached round the point through NE51."""
    data = data_with(terrain=CLEAR, connections=[("NE50", "NE52", "quadripoint"),
                                                 *line(("land", "land"))],
                     mp={"brit_regular": 6}, tec={"clear": 1})
    outcomes = judged(move("NE50", "NE52"), context(data=data))
    assert "AAM-MOV-03" not in ids(outcomes)
    assert "AAM-MOV-01" in done(outcomes)


# AAM-MOV-05: 10.1.5 "Lake Champlain, Lake George, and the St. Lawrence River cannot be
# crossed except where Crossing Arrows are present."

def test_mov05_a_lake_is_crossed_only_at_an_arrow() -> None:
    """10.1.5: across the lake with no arrow: illegal; at the arrow: legal."""
    lake = data_with(terrain=CLEAR, connections=[("NE50", "NE51", "lake")],
                     mp={"brit_regular": 6}, tec={"clear": 1})
    assert "AAM-MOV-05" in ids(judged(move("NE50", "NE51"), context(data=lake)))
    arrow = data_with(terrain=CLEAR, connections=[("NE50", "NE51", "lake crossing_arrow")],
                      mp={"brit_regular": 6}, tec={"clear": 1})
    outcomes = judged(move("NE50", "NE51"), context(data=arrow))
    assert "AAM-MOV-05" not in ids(outcomes)
    assert "AAM-MOV-04" in done(outcomes)


# AAM-MOV-04: 10.1.4 "the unit or stack must begin in an Area the crossing arrow connects
# ... To move across a blue Crossing Arrow costs a total of 4 MPs, regardless of the type of
# terrain on the other side."

def test_mov04_an_arrow_crossed_mid_move_is_illegal() -> None:
    """10.1.4: the arrow NE51-NE52 crossed after moving into NE51."""
    data = data_with(terrain=CLEAR, connections=line(("land", "crossing_arrow")),
                     mp={"brit_regular": 8}, tec={"clear": 1})
    assert "AAM-MOV-04" in ids(judged(move("NE50", "NE52", path=LINE[:3]),
                                      context(data=data)))


def test_mov04_an_arrow_costs_four_whatever_the_terrain_and_the_force_may_go_on() -> None:
    """10.1.4: 4 MP into wilderness across the arrow, then 1 more (digest A34): 5 of 5."""
    data = data_with(terrain={**CLEAR, "NE51": "wilderness"},
                     connections=line(("crossing_arrow", "land")), mp={"brit_regular": 5},
                     tec={"clear": 1})
    outcomes = judged(move("NE50", "NE52", path=LINE[:3]), context(data=data))
    assert ids(outcomes) & {"AAM-MOV-01", "AAM-MOV-04", "AAM-MOV-28"} == set()
    assert {"AAM-MOV-01", "AAM-MOV-04"} <= done(outcomes)


# AAM-MOV-27: 10.6 "All British SPs of any kind, all French units, and Continental Regular SPs
# may not enter swamp Areas except across boundaries that are crossed by a road."

def test_mov27_british_into_a_swamp_only_by_road() -> None:
    """10.6: British SPs into a swamp across a plain boundary: illegal; by road: legal."""
    plain = data_with(terrain={**CLEAR, "NE51": "swamp"}, connections=line(("land",)),
                      mp={"brit_regular": 6}, tec={"clear": 1, "swamp": 2})
    assert "AAM-MOV-27" in ids(judged(move("NE50", "NE51"), context(data=plain)))
    road = data_with(terrain={**CLEAR, "NE51": "swamp"}, connections=line(("road",)),
                     mp={"brit_regular": 6}, tec={"clear": 1, "swamp+road": 1})
    assert "AAM-MOV-27" not in ids(judged(move("NE50", "NE51"), context(data=road)))


def test_mov27_continental_regulars_barred_and_militia_exempt() -> None:
    """10.6: Continental Regular SPs are barred; Continental militia are not named."""
    data = data_with(terrain={**CLEAR, "NE51": "swamp"}, connections=line(("land",)),
                     mp={"cont_regular": 6, "ne_militia": 6}, tec={"clear": 1, "swamp": 2})
    regulars = move("NE50", "NE51", side="continental", leaders=("greene",),
                    sp=(("cont_regular", 5),))
    assert "AAM-MOV-27" in ids(judged(regulars, context(data=data)))
    militia = move("NE50", "NE51", side="continental", leaders=("greene",),
                   sp=(("ne_militia", 5),))
    outcomes = judged(militia, context(data=data))
    assert "AAM-MOV-27" not in ids(outcomes)
    assert "AAM-MOV-01" in done(outcomes)


# AAM-MOV-12: 10.3 "A force moving must stop if it enters an Area containing an enemy force.
# This ends its movement portion of the endeavor." 4.3.2: "If a friendly force is besieging a
# fort/city, friendly forces may move into and through that Area as though there were no
# enemy forces there."

def test_mov12_a_force_stops_where_the_enemy_is() -> None:
    """10.3: the British went on through NE51, held by 10 Continental SPs."""
    state = position(("sp:cont_regular:10", "NE51"))
    outcomes = judged(move("NE50", "NE52", path=LINE[:3], sp=(("brit_regular", 20),)),
                      context(state=state))
    assert "AAM-MOV-12" in ids(outcomes)


def test_mov12_through_a_friendly_siege_is_legal() -> None:
    """4.3.2: the enemy in NE51 is besieged: the force moves through."""
    state = position(("sp:cont_regular:10", "NE51"), ("siege:1", "NE51"))
    outcomes = judged(move("NE50", "NE52", path=LINE[:3], sp=(("brit_regular", 20),)),
                      context(state=state))
    assert "AAM-MOV-12" not in ids(outcomes)
    assert "AAM-MOV-12" in done(outcomes)


def test_mov12_entering_the_enemy_at_the_end_is_legal() -> None:
    """10.3: the force stops in the Area with the enemy: it must then fight."""
    state = position(("sp:cont_regular:10", "NE52"))
    outcomes = judged(move("NE50", "NE52", path=LINE[:3], sp=(("brit_regular", 20),)),
                      context(state=state))
    assert "AAM-MOV-12" not in ids(outcomes)


def test_mov12_a_next_leg_from_the_enemy_area_without_a_battle_is_illegal() -> None:
    """10.3: the force moved into NE51 (with the enemy) and then on, with no roll between;
    after a roll (a battle, a retreat before combat, 11.3.3) it may go on."""
    first = move("NE50", "NE51", sp=(("brit_regular", 20),), pieces=("a", "b"))
    state = position(("sp:cont_regular:10", "NE51"))
    then = move("NE51", "NE52", sp=(("brit_regular", 20),), pieces=("a", "b"), step=4)
    proc = AaMProcedure(leg=first, route=("NE50", "NE51"), activated=frozenset({"howe"}))
    assert "AAM-MOV-12" in ids(judged(then, context(state=state, proc=proc)))
    rolled = AaMProcedure(leg=first, route=("NE50", "NE51"), activated=frozenset({"howe"}),
                          rolled=True)
    assert "AAM-MOV-12" not in ids(judged(then, context(state=state, proc=rolled)))


# AAM-MOV-13: 10.4.1 "If a friendly force enters an Area with no enemy fort or city and
# containing only 1 to 3 enemy SPs, and the moving force has enough SPs to achieve an attack
# odds of at least 6:1, then the enemy force is eliminated."

def test_mov13_six_to_one_overruns_and_goes_on() -> None:
    """10.4.1: 18 SPs against 3, no city: the force overruns them and goes on."""
    data = data_with(cities={"NE51": False})
    state = position(("sp:cont_regular:3", "NE51"))
    outcomes = judged(move("NE50", "NE52", path=LINE[:3], sp=(("brit_regular", 18),)),
                      context(data=data, state=state))
    assert "AAM-MOV-13" in done(outcomes)
    assert ids(outcomes) & {"AAM-MOV-12", "AAM-MOV-13"} == set()


def test_mov13_under_six_to_one_is_no_overrun() -> None:
    """10.4.1: 17 SPs against 3 are under 6:1."""
    data = data_with(cities={"NE51": False})
    state = position(("sp:cont_regular:3", "NE51"))
    outcomes = judged(move("NE50", "NE52", path=LINE[:3], sp=(("brit_regular", 17),)),
                      context(data=data, state=state))
    assert "AAM-MOV-13" in ids(outcomes)


def test_mov13_no_overrun_where_there_is_a_city() -> None:
    """10.4.1: "an Area with no enemy fort or city"; with the city not known: unchecked."""
    state = position(("sp:cont_regular:2", "NE51"))
    city = data_with(cities={"NE51": True})
    outcomes = judged(move("NE50", "NE52", path=LINE[:3], sp=(("brit_regular", 30),)),
                      context(data=city, state=state))
    assert "AAM-MOV-12" in ids(outcomes)
    unknown = judged(move("NE50", "NE52", path=LINE[:3], sp=(("brit_regular", 30),)),
                     context(state=state))
    assert "AAM-MOV-13" in ids(unknown, "unchecked")
    assert ids(unknown) & {"AAM-MOV-12", "AAM-MOV-13"} == set()


def test_mov13_the_overrun_costs_mp() -> None:
    """10.4.2: the force pays 1, 2 or 3 MP: 1 + (1 + 3) + 1 = 6 MP, more than 5."""
    data = data_with(terrain=CLEAR, connections=line(), mp={"brit_regular": 5},
                     tec={"clear": 1}, cities={"NE51": False})
    state = position(("sp:cont_regular:3", "NE51"))
    outcomes = judged(move("NE50", "NE53", path=LINE[:4], sp=(("brit_regular", 20),)),
                      context(data=data, state=state))
    assert "AAM-MOV-01" in ids(outcomes)
    shorter = judged(move("NE50", "NE52", path=LINE[:3], sp=(("brit_regular", 20),)),
                     context(data=data, state=state))
    assert "AAM-MOV-01" in done(shorter)


# AAM-MOV-07, -08: 10.2 "Colonels Limited to activating up to 15 SPs for movement. One or
# Two-star Generals Limited to activating up to 40 SPs" and 10.2.4 "A force of between 41 and
# 80 SPs requires two 2-star or greater generals to move. A force of 81 SPs or more requires
# three 2-star or greater generals to move. In both cases, a single 1-star general may be used
# in lieu of a single 2-star."

def test_mov08_one_leader_never_moves_more_than_forty() -> None:
    """10.2.4: 45 SPs with one leader, whatever his rank."""
    outcomes = judged(move("NE50", "NE51", sp=(("brit_regular", 45),)), context())
    assert "AAM-MOV-08" in ids(outcomes)


def test_mov08_two_generals_move_forty_one_to_eighty() -> None:
    """10.2.4: two 2-star generals, or a 2-star and a 1-star, move 45 SPs; two 1-stars do
    not."""
    two = data_with(ranks={"howe": "2-star", "clinton": "2-star"})
    force = move("NE50", "NE51", leaders=("howe", "clinton"), sp=(("brit_regular", 45),))
    assert "AAM-MOV-08" in done(judged(force, context(data=two)))
    lieu = data_with(ranks={"howe": "2-star", "clinton": "1-star"})
    assert "AAM-MOV-08" in done(judged(force, context(data=lieu)))
    ones = data_with(ranks={"howe": "1-star", "clinton": "1-star"})
    assert "AAM-MOV-08" in ids(judged(force, context(data=ones)))


def test_mov08_eighty_one_need_three_generals() -> None:
    """10.2.4: 90 SPs with two leaders: illegal; with two 2-stars and a 1-star: legal."""
    two = move("NE50", "NE51", leaders=("howe", "clinton"), sp=(("brit_regular", 90),))
    assert "AAM-MOV-08" in ids(judged(two, context()))
    data = data_with(ranks={"howe": "C-in-C", "clinton": "2-star", "percy": "1-star"})
    three = move("NE50", "NE51", leaders=("howe", "clinton", "percy"),
                 sp=(("brit_regular", 90),))
    assert "AAM-MOV-08" in done(judged(three, context(data=data)))


def test_mov07_a_colonel_activates_fifteen() -> None:
    """10.2: a Colonel alone moves 15 SPs, not 16; a general moves 16."""
    colonel = data_with(ranks={"howe": "colonel"})
    assert "AAM-MOV-07" in done(judged(move("NE50", "NE51", sp=(("brit_regular", 15),)),
                                       context(data=colonel)))
    assert "AAM-MOV-07" in ids(judged(move("NE50", "NE51", sp=(("brit_regular", 16),)),
                                      context(data=colonel)))
    general = data_with(ranks={"howe": "1-star"})
    assert "AAM-MOV-07" in done(judged(move("NE50", "NE51", sp=(("brit_regular", 16),)),
                                       context(data=general)))


def test_mov07_unknown_ranks_leave_it_unchecked() -> None:
    """10.2: the ranks are printed on the counters: 20 SPs under an unrated leader."""
    outcomes = judged(move("NE50", "NE51", leaders=("percy",), sp=(("brit_regular", 20),)),
                      context())
    assert "AAM-MOV-07" in ids(outcomes, "unchecked")


def test_a_retreat_from_the_area_entered_is_not_the_endeavors_move() -> None:
    """11.3: the defender retreats all its forces; command limits are for activation."""
    attack = move("NE50", "NE51", sp=(("brit_regular", 20),))
    retreat = move("NE51", "NE52", side="continental", leaders=("greene",),
                   sp=(("cont_regular", 60),), pieces=("c",), step=4)
    outcomes = judged(retreat, context(proc=AaMProcedure(leg=attack)))
    assert "AAM-MOV-08" not in ids(outcomes)


# AAM-MOV-32: 10.8.1 "Md/De militia may not enter New Jersey, New York, or points further
# north; PA militia may not enter New England or Canada; NY/NJ militia may not enter Maryland,
# Delaware, or points further south; NE militia may not enter Pennsylvania, Delaware, or
# points further south."

def cont(origin: str, destination: str, kind: str) -> list[Outcome]:
    force = move(origin, destination, side="continental", leaders=("greene",),
                 sp=((kind, 4),))
    return list(judged(force, context()))


def test_mov32_militia_outside_their_colonies() -> None:
    """10.8.1: each militia into a barred colony (Vermont counts as New York)."""
    assert "AAM-MOV-32" in ids(cont("M7", "Y7", "md_de_militia"))
    assert "AAM-MOV-32" in ids(cont("M7", "VT1", "md_de_militia"))
    assert "AAM-MOV-32" in ids(cont("Y13", "NE13", "pa_militia"))
    assert "AAM-MOV-32" in ids(cont("P20", "M18", "ny_nj_militia"))
    assert "AAM-MOV-32" in ids(cont("Y13", "P20", "ne_militia"))


def test_mov32_militia_where_they_may_go() -> None:
    """10.8.1: PA militia into New York, NY/NJ militia into Pennsylvania, NE militia into New
    York, Md/De militia into Pennsylvania."""
    for origin, destination, kind in (("P20", "Y13", "pa_militia"),
                                      ("Y13", "P20", "ny_nj_militia"),
                                      ("NE13", "Y27", "ne_militia"),
                                      ("M7", "P20", "md_de_militia")):
        outcomes = cont(origin, destination, kind)
        assert "AAM-MOV-32" in done(outcomes), kind
        assert "AAM-MOV-32" not in ids(outcomes), kind


def test_mov32_an_area_of_no_known_colony_is_unchecked() -> None:
    """10.8.1: the colony of an Area the data does not place is not known."""
    outcomes = cont("M7", "ZZ4", "md_de_militia")
    assert "AAM-MOV-32" in ids(outcomes, "unchecked")


# AAM-MOV-33: 10.8.2 "Loyalist militia is restricted to ... Canada, New York, and New
# England". AAM-MOV-34: 10.8.3 "Canadian militia may not leave Canada."

def test_mov33_loyalists_stay_in_canada_new_york_and_new_england() -> None:
    """10.8.2: into Pennsylvania: illegal; into New England: legal."""
    out = judged(move("Y13", "P20", sp=(("loyalist_militia", 3),)), context())
    assert "AAM-MOV-33" in ids(out)
    inside = judged(move("Y13", "NE13", sp=(("loyalist_militia", 3),)), context())
    assert "AAM-MOV-33" in done(inside)


def test_mov34_canadian_militia_stay_in_canada() -> None:
    """10.8.3: into New York: illegal; within Canada: legal."""
    assert "AAM-MOV-34" in ids(judged(move("C7", "Y27", sp=(("canadian_militia", 3),)),
                                      context()))
    assert "AAM-MOV-34" in done(judged(move("C7", "C24", sp=(("canadian_militia", 3),)),
                                       context()))


# AAM-MOV-38: 14.1.1 "French SPs must always remain together and are always considered a
# separate force for movement."

def test_mov38_french_move_apart_from_continentals() -> None:
    """14.1.1: French with Continental regulars: illegal; the French alone: legal."""
    mixed = move("Y13", "Y14", side="continental", leaders=("greene",),
                 sp=(("french_regular", 5), ("cont_regular", 5)))
    assert "AAM-MOV-38" in ids(judged(mixed, context()))
    alone = move("Y13", "Y14", side="continental", leaders=("greene",),
                 sp=(("french_regular", 5),))
    assert "AAM-MOV-38" in done(judged(alone, context()))


def test_mov38_french_remain_together() -> None:
    """14.1.1: 5 French SPs moved and 3 stayed behind: judged when the endeavor ends (the
    3 may be dragged after the 5), or at once outside the Endeavors Phase."""
    state = position(("sp:french_regular:3", "Y13"), ("sp:french_regular:5", "Y14"))
    split = move("Y13", "Y14", side="continental", leaders=("greene",),
                 sp=(("french_regular", 5),))
    assert "AAM-MOV-38" not in ids(judged(split, context(state=state)))
    ended = EndeavorTaken(step=9, side="british", kind="pass", passed=True)
    after = context(state=state, proc=AaMProcedure(force=split, first=split))
    assert "AAM-MOV-38" in ids(judged(ended, after))
    assert "AAM-MOV-38" in ids(judged(split, context(state=state, phase=None)))


# AAM-MOV-41: 17.0 "only Virginia Areas with a land border to a Maryland Area are in play".

def test_mov41_virginia_areas_bordering_maryland_only() -> None:
    """17.0: V46 borders M7: in play; V50 borders only V46: not in play; with the map
    incomplete, V50 is unchecked."""
    connections = [("M7", "V46", "river"), ("V46", "V50", "road")]
    data = data_with(connections=connections)
    assert "AAM-MOV-41" in done(judged(move("M7", "V46"), context(data=data)))
    assert "AAM-MOV-41" in ids(judged(move("V46", "V50"), context(data=data)))
    partial = data_with(connections=connections, complete=False)
    assert "AAM-MOV-41" in ids(judged(move("V46", "V50"), context(data=partial)),
                               "unchecked")


# AAM-MOV-29: 10.7 "If a British force containing regulars enters a colony where previously
# there were no British Regulars, the movement of that force is temporarily halted in the
# first Area of that colony that it moved into." 10.7.6: the same for Continentals into
# Canada.

def test_mov29_an_invading_force_halts_in_the_first_area() -> None:
    """10.7: from Canada into New York and on: a reminder; stopping in the first Area:
    legal; with British regulars already in New York: no halt."""
    going_on = move("C3", "Y27", path=("C3", "Y39", "Y27"), sp=(("brit_regular", 10),))
    assert "AAM-MOV-29" in ids(judged(going_on, context()), "reminder")
    halted = move("C3", "Y39", sp=(("brit_regular", 10),))
    assert "AAM-MOV-29" in done(judged(halted, context()))
    held = position(("sp:brit_regular:5", "Y13"))
    outcomes = judged(going_on, context(state=held))
    assert "AAM-MOV-29" not in ids(outcomes, "reminder") | done(outcomes)


def test_mov29_a_force_without_regulars_invades_nothing() -> None:
    """10.7: "a British force containing regulars": Loyalist militia alone do not."""
    loyalists = move("C3", "Y27", path=("C3", "Y39", "Y27"), sp=(("loyalist_militia", 5),))
    outcomes = judged(loyalists, context())
    assert "AAM-MOV-29" not in ids(outcomes, "reminder") | done(outcomes)


def test_mov31_continental_regulars_into_canada() -> None:
    """10.7.6: Continental regulars from New York into Canada and on: a reminder."""
    force = move("Y39", "C7", path=("Y39", "C3", "C7"), side="continental",
                 leaders=("greene",), sp=(("cont_regular", 10),))
    assert "AAM-MOV-31" in ids(judged(force, context()), "reminder")
    halted = move("Y39", "C3", side="continental", leaders=("greene",),
                  sp=(("cont_regular", 10),))
    assert "AAM-MOV-31" in done(judged(halted, context()))
