"""Sea moves, the Transit Area and magazines judged by hand (AaM 10.5, 10.1.6, 5.4.1a)."""

from __future__ import annotations

from adjudicator.systems.almost_a_miracle.actions import (
    MagazineMoved,
    SeaMoved,
    TransitMoved,
)
from adjudicator.systems.almost_a_miracle.procedure import AaMProcedure, SupplyRecord
from adjudicator.systems.almost_a_miracle.state import Entity
from adjudicator.systems.common.places import Place, PlaceKind
from tests.adjudicator.systems.almost_a_miracle.movekit import data_with, move
from tests.adjudicator.systems.almost_a_miracle.rulekit import (
    context,
    done,
    ids,
    judged,
    position,
)


def sea(area: str = "Y13", *, embark: bool = True, sp: int = 10, trains: int = 0,
        leaders: tuple[str, ...] = ("howe",), die: int | None = 2,
        pieces: tuple[str, ...] = ("a", "b")) -> SeaMoved:
    return SeaMoved(step=5, side="british", pieces=pieces, leaders=leaders,
                    sp=(("brit_regular", sp),) if sp else (), trains=trains, area=area,
                    embark=embark, die=die)


# AAM-MOV-15: 10.5.1 "The British player does not have to activate a Leader if only 12 or
# less SPs are embarking. If more than 12 SPs are embarking, then the ranking Leader in
# command in the Area must activate and accompany the embarking troops."

def test_mov15_twelve_sps_embark_without_a_leader() -> None:
    """10.5.1: 12 SPs and no leader: no activation needed."""
    assert "AAM-MOV-15" in done(judged(sea(sp=12, leaders=(), die=None), context()))


def test_mov15_more_than_twelve_need_a_leader() -> None:
    """10.5.1: 13 SPs with no leader."""
    assert "AAM-MOV-15" in ids(judged(sea(sp=13, leaders=(), die=None), context()))


def test_mov15_the_leader_must_activate() -> None:
    """10.5.1, 8.1.1: Percy (Audacity 3) rolls 3: activated; 4: not."""
    data = data_with()
    rated = data.model_copy(update={"leaders": {
        **data.leaders, "percy": data.leaders["percy"].model_copy(update={"audacity": 3})}})
    assert "AAM-MOV-15" in done(judged(sea(sp=20, leaders=("percy",), die=3),
                                       context(data=rated)))
    assert "AAM-MOV-15" in ids(judged(sea(sp=20, leaders=("percy",), die=4),
                                      context(data=rated)))


def test_mov15_an_ice_roll_in_new_york_leaves_the_die_unread() -> None:
    """10.5.12: in January the New York ports roll too: the die may be the ice roll."""
    data = data_with()
    rated = data.model_copy(update={"leaders": {
        **data.leaders, "percy": data.leaders["percy"].model_copy(update={"audacity": 3})}})
    outcomes = judged(sea(sp=20, leaders=("percy",), die=5),
                      context(data=rated, turn="1777-01"))
    assert "AAM-MOV-15" in ids(outcomes, "unchecked")


# AAM-MOV-17: 10.5.3 "Up to 100 SPs in a port Area may be embarked." 10.5.4 "Baggage trains
# can be moved and count as 3 SPs of troops toward the embarking limits."

def test_mov17_one_hundred_embark_and_a_train_counts_three() -> None:
    """10.5.3-10.5.4: 97 SPs and a train are 100; 98 and a train are 101."""
    assert "AAM-MOV-17" in done(judged(sea(sp=97, trains=1), context()))
    assert "AAM-MOV-17" in ids(judged(sea(sp=98, trains=1), context()))


def test_mov17_only_from_a_port() -> None:
    """10.5.3: "in a port Area": New York City is one; an Area the data says is no port is
    not; one the data does not describe is unchecked."""
    data = data_with()
    inland = data.model_copy(update={"areas": {
        **data.areas, "Y27": data.areas["Y27"].model_copy(update={"port": False})}})
    assert "AAM-MOV-17" in ids(judged(sea("Y27"), context(data=inland)))
    assert "AAM-MOV-17" in ids(judged(sea("Y7"), context()), "unchecked")


# AAM-MOV-19: 10.5.8 "As long as there are British forces in the "At Sea" box, no other
# British forces may be embarked."

def test_mov19_no_second_force_at_sea() -> None:
    """10.5.8: Clinton's force is At Sea when Howe's embarks."""
    state = position()
    state.pieces["c"] = (Entity("leader", "clinton"), Place(PlaceKind.BOX, "at_sea"))
    state.pieces["a"] = (Entity("leader", "howe"), Place(PlaceKind.BOX, "at_sea"))
    assert "AAM-MOV-19" in ids(judged(sea(), context(state=state)))
    alone = position()
    alone.pieces["a"] = (Entity("leader", "howe"), Place(PlaceKind.BOX, "at_sea"))
    assert "AAM-MOV-19" in done(judged(sea(), context(state=alone)))


# AAM-MOV-18: 10.5.7 "They may be landed at a single port Area (British player's choice) the
# next turn as the sole action of any British endeavor."

def test_mov18_landing_next_turn_at_a_port() -> None:
    """10.5.7: landing at New York City a month after embarking: legal."""
    assert "AAM-MOV-18" in done(judged(sea(embark=False), context()))


def test_mov18_no_landing_the_turn_of_embarkation() -> None:
    """10.5.7: "the next turn": the pieces embarked this month."""
    proc = AaMProcedure(embarked=frozenset({"a"}))
    assert "AAM-MOV-18" in ids(judged(sea(embark=False), context(proc=proc)))


def test_mov18_one_port_per_endeavor() -> None:
    """10.5.7: "multiple endeavors to land troops at different ports"."""
    there = sea("NE13", embark=False, pieces=("c",))
    here = sea("Y13", embark=False)
    assert "AAM-MOV-18" in ids(judged(here, context(step_actions=(here, there))))


def test_mov18_an_unopposed_landing_is_at_a_port() -> None:
    """10.5.7: at a port; with enemy SPs there it is an amphibious landing (10.5.10)."""
    data = data_with()
    inland = data.model_copy(update={"areas": {
        **data.areas, "Y27": data.areas["Y27"].model_copy(update={"port": False})}})
    assert "AAM-MOV-18" in ids(judged(sea("Y27", embark=False), context(data=inland)))
    held = position(("sp:cont_regular:5", "Y27"))
    outcomes = judged(sea("Y27", embark=False), context(data=inland, state=held))
    assert "AAM-MOV-18" not in ids(outcomes)


# AAM-MOV-20: 10.5.9 "British forces which land unopposed are considered moved and may not
# conduct further endeavors that turn."

def test_mov20_landed_forces_do_not_move_again() -> None:
    """10.5.9: a piece that landed this month moves again: illegal; another force: legal."""
    proc = AaMProcedure(landed=frozenset({"a"}))
    assert "AAM-MOV-20" in ids(judged(move("Y13", "Y20", pieces=("a",)), context(proc=proc)))
    assert "AAM-MOV-20" in done(judged(move("Y13", "Y20", pieces=("z",)),
                                       context(proc=proc)))


# AAM-MOV-23: 10.5.12 "Quebec: Not available (frozen over) December through March."

def test_mov23_quebec_is_frozen_december_to_march() -> None:
    """10.5.12: landing at Quebec in March: illegal; in April: legal (the BoO's Dec-Apr of
    7.1.3 is not this rule)."""
    assert "AAM-MOV-23" in ids(judged(sea("C24", embark=False), context(turn="1776-03")))
    assert "AAM-MOV-23" in done(judged(sea("C24", embark=False), context(turn="1776-04")))


# AAM-MOV-06: 10.1.6 "Units can use the Transit Area to move between Areas C7 and C8 to I7,
# Y48, or Y49 ... Next turn they are eligible to be moved (when activated) from the Transit
# Area to the desired destination Area (which could be back to where they started)."

def transit(area: str, *, entering: bool) -> TransitMoved:
    return TransitMoved(step=5, side="british", pieces=("a",), leaders=("carleton",),
                        sp=(("brit_regular", 5),), area=area, entering=entering)


def test_mov06_into_the_transit_area_from_its_ends_only() -> None:
    """10.1.6: from Montreal (C7): legal; from Albany: illegal."""
    assert "AAM-MOV-06" in done(judged(transit("C7", entering=True), context()))
    assert "AAM-MOV-06" in ids(judged(transit("Y27", entering=True), context()))


def test_mov06_out_next_turn_even_back_where_it_began() -> None:
    """10.1.6: out to Montreal the month after entering from it: legal; the same month:
    illegal; out to Albany: illegal."""
    assert "AAM-MOV-06" in done(judged(transit("C7", entering=False), context()))
    proc = AaMProcedure(transit=frozenset({"a"}))
    assert "AAM-MOV-06" in ids(judged(transit("Y49", entering=False), context(proc=proc)))
    assert "AAM-MOV-06" in ids(judged(transit("Y27", entering=False), context()))


# AAM-MOV-40: 5.4.1a / 10.5.4 "Magazines cannot be moved by sea."

def test_mov40_a_magazine_never_moves_a_train_does() -> None:
    """5.4.1a: a magazine moved: illegal; a baggage train with a force: legal."""
    mag = MagazineMoved(step=5, side="british", piece="m", origin="Y13", destination="Y20")
    assert "AAM-MOV-40" in ids(judged(mag, context()))
    assert "AAM-MOV-40" in done(judged(move("Y13", "Y20", trains=1), context()))


# AAM-MOV-39: 13.1.4 the Royal Governor "never moves or retreats".

def test_mov39_the_governor_never_moves() -> None:
    """13.1.4: the governor moved: illegal; a force leaving his Area without him: legal."""
    from adjudicator.systems.almost_a_miracle.actions import GovernorPlaced

    moved = GovernorPlaced(step=5, side="british", piece="g", area="P19", origin="P20")
    assert "AAM-MOV-39" in ids(judged(moved, context()))
    state = position(("governor", "P20"))
    assert "AAM-MOV-39" in done(judged(move("P20", "P19"), context(state=state)))


# AAM-MOV-22: 10.5.11 "On a roll of 5 or 6, the French Navy has obtained sea control for the
# remainder of the turn and no British force may be embarked."

def test_mov22_no_embarkation_under_french_sea_control() -> None:
    """10.5.11: the French took sea control this month: embarking is illegal; with the
    French on the map and no sea control (or last month's), it is legal."""
    french = position(("sp:french_regular:5", "P20"))
    proc = AaMProcedure(supply=SupplyRecord(french_sea="1776-06"))
    assert "AAM-MOV-22" in ids(judged(sea(sp=5), context(state=french, proc=proc)))
    assert "AAM-MOV-22" in done(judged(sea(sp=5), context(state=french)))
    last_month = AaMProcedure(supply=SupplyRecord(french_sea="1776-05"))
    assert "AAM-MOV-22" in done(judged(sea(sp=5), context(state=french, proc=last_month)))


# AAM-MOV-24: 10.5.12 "New York and Staten Island: If attempting Sea Movement from December
# through March, roll a single die. On a roll of 4 through 6, Sea Movement into either of
# these ports is not possible ... If attempting to enter the port, the force must remain At
# Sea this turn. If attempting to leave, the attempt fails."

def test_mov24_new_york_ice_in_winter() -> None:
    """10.5.12: a landing at New York City in February after a 3: legal; after a 4:
    illegal; leaving after a 6: illegal; with no roll: unchecked; in June: no roll."""
    winter = context(turn="1777-02")
    assert "AAM-MOV-24" in done(judged(sea(embark=False, die=3), winter))
    assert "AAM-MOV-24" in ids(judged(sea(embark=False, die=4), winter))
    assert "AAM-MOV-24" in ids(judged(sea(sp=10, die=6), winter))
    assert "AAM-MOV-24" in ids(judged(sea(embark=False, die=None), winter), "unchecked")
    summer = judged(sea(embark=False, die=None), context(turn="1777-06"))
    assert "AAM-MOV-24" not in ids(summer) | ids(summer, "unchecked") | done(summer)


def test_mov24_staten_island_too_and_an_activation_die_is_not_read() -> None:
    """10.5.12: Staten Island is the same; 20 SPs embarking roll for activation too."""
    winter = context(turn="1777-12")
    assert "AAM-MOV-24" in ids(judged(sea("Y12", embark=False, die=5), winter))
    assert "AAM-MOV-24" in ids(judged(sea(sp=20, die=5), winter), "unchecked")


# AAM-MOV-21: 10.5.10 "These landings can only be made into an Area that has a road or
# Settlement in it."

def test_mov21_an_amphibious_landing_needs_a_road_or_a_settlement() -> None:
    """10.5.10: into an enemy-held Area with a road: legal; with neither road nor
    settlement on a complete map: illegal; with nothing known: unchecked."""
    held = position(("sp:cont_regular:5", "NE51"))
    road = data_with(connections=[("NE50", "NE51", "road")])
    assert "AAM-MOV-21" in done(judged(sea("NE51", embark=False),
                                       context(data=road, state=held)))
    bare = data_with(connections=[("NE50", "NE51", "land")], cities={"NE51": False})
    bare = bare.model_copy(update={"areas": {
        **bare.areas, "NE51": bare.areas["NE51"].model_copy(update={"settlement": False})}})
    assert "AAM-MOV-21" in ids(judged(sea("NE51", embark=False),
                                      context(data=bare, state=held)))
    unknown = data_with(connections=[("NE50", "NE51", "land")], complete=False)
    assert "AAM-MOV-21" in ids(judged(sea("NE51", embark=False),
                                      context(data=unknown, state=held)), "unchecked")
