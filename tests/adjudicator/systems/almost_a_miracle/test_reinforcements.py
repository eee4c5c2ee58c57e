"""The Reinforcement Phase judged by hand (AaM 6.0-6.6, 7.1.3): each rule with a legal and
an illegal play written from the rulebook."""

from __future__ import annotations

from adjudicator.systems.almost_a_miracle.actions import Arrived, Left
from adjudicator.systems.almost_a_miracle.data import AaMData, bundled_data
from adjudicator.systems.almost_a_miracle.procedure import AaMProcedure
from adjudicator.systems.almost_a_miracle.state import AaMState, Entity
from adjudicator.systems.common.actions import PhaseChange
from adjudicator.systems.common.places import Place, PlaceKind
from adjudicator.systems.common.sequence import Knowledge
from tests.adjudicator.systems.almost_a_miracle.rulekit import (
    context,
    done,
    ids,
    judged,
    position,
)

C, B = "continental", "british"


def arrived(area: str, *, side: str = C, sp: tuple[tuple[str, int], ...] = (),
            leaders: tuple[str, ...] = (), trains: int = 0, die: int | None = None) -> Arrived:
    return Arrived(step=7, side=side, area=area, pieces=("new",), sp=sp, leaders=leaders,
                   trains=trains, die=die)


def off_map(state: AaMState, entity_id: str) -> AaMState:
    """Put a piece off the map (on the Turn Record Track)."""
    entity = Entity.parse(entity_id)
    assert entity is not None
    state.pieces[f"off-{entity_id}"] = (entity, Place(PlaceKind.TRACK, "turn"))
    return state


def complete_map(**areas: dict[str, object]) -> AaMData:
    data = bundled_data()
    changed = {key: data.areas[key].model_copy(update=update) for key, update in areas.items()}
    return data.model_copy(update={
        "areas": {**data.areas, **changed},
        "map_status": data.map_status.model_copy(update={"areas_complete": True})})



# AAM-REINF-06 ------------------------------------------------------------------------


def test_reinforcements_are_placed_in_the_reinforcement_phase() -> None:
    """6.1: reinforcements [...] "will be placed on the map during the Reinforcement
    Phase"."""
    state = position(("sp:cont_regular:2", "NE14"))
    outcomes = judged(arrived("NE14", sp=(("cont_regular", 2),)),
                      context(phase="reinforcement", state=state))
    assert "AAM-REINF-06" in done(outcomes)
    assert ids(outcomes) == set()


def test_reinforcements_placed_in_the_attrition_phase_are_illegal() -> None:
    """6.1: placed "during the Reinforcement Phase", not the Attrition Phase."""
    state = position(("sp:cont_regular:2", "NE14"))
    outcomes = judged(arrived("NE14", sp=(("cont_regular", 2),)),
                      context(phase="attrition", state=state))
    assert ids(outcomes) == {"AAM-REINF-06"}


def test_returning_with_the_boo_in_the_logistics_phase_is_legal_elsewhere_not() -> None:
    """15.4.2: returning POW SPs "enter with the BoO when it returns to the map" (7.1.2:
    the BoO is placed in the Logistics and Engineering Phase)."""
    state = position(("sp:brit_regular:3", "Y13"), ("boo:british", "Y13"))
    legal = judged(arrived("Y13", side=B, sp=(("brit_regular", 3),)),
                   context(phase="logistics", state=state))
    assert "AAM-REINF-06" in done(legal)
    state = position(("sp:brit_regular:3", "NE13"), ("boo:british", "Y13"))
    illegal = judged(arrived("NE13", side=B, sp=(("brit_regular", 3),)),
                     context(phase="logistics", state=state))
    assert ids(illegal) == {"AAM-REINF-06"}


def test_regulars_in_the_endeavors_phase_are_unchecked_militia_untouched() -> None:
    """8.3: an Endeavor Random Event (its table on the PAC) may bring troops; 10.7: militia
    are generated during endeavors."""
    state = position(("sp:cont_regular:2", "NE14"))
    outcomes = judged(arrived("NE14", sp=(("cont_regular", 2),)),
                      context(phase="endeavors", state=state))
    assert ids(outcomes, "unchecked") == {"AAM-REINF-06"}
    assert ids(outcomes) == set()
    militia = judged(arrived("NE14", sp=(("ne_militia", 2),)),
                     context(phase="endeavors", state=state))
    assert ids(militia) == set()


def test_the_french_are_not_judged_as_reinforcements() -> None:
    """14.1: the French Field Force enters when the markers reach the FI turn."""
    state = position(("sp:french_regular:20", "NE10"))
    outcomes = judged(arrived("NE10", sp=(("french_regular", 20),)),
                      context(phase="siege", state=state))
    assert "AAM-REINF-06" not in ids(outcomes)


# AAM-REINF-08, -12 -----------------------------------------------------------------


def test_continental_regulars_do_not_arrive_where_british_troops_are() -> None:
    """6.1.2: "If the arrival location of Continental Regular SPs is occupied by British
    troops, the reinforcements are entered at any other settlement/city in the same
    colony"."""
    bad = position(("sp:cont_regular:2", "Y10"), ("sp:brit_regular:4", "Y10"))
    assert "AAM-REINF-08" in ids(judged(arrived("Y10", sp=(("cont_regular", 2),)),
                                        context(phase="reinforcement", state=bad)))
    good = position(("sp:cont_regular:2", "Y10"), ("sp:brit_regular:4", "Y13"))
    assert "AAM-REINF-08" in done(judged(arrived("Y10", sp=(("cont_regular", 2),)),
                                         context(phase="reinforcement", state=good)))


def test_british_regulars_do_not_arrive_where_continental_troops_are() -> None:
    """6.1.5: "If the arrival location of regular British SPs is occupied by Continental
    troops, the reinforcements are moved to the next turn"."""
    bad = position(("sp:brit_regular:5", "Y13"), ("sp:cont_regular:4", "Y13"))
    assert "AAM-REINF-12" in ids(judged(arrived("Y13", side=B, sp=(("brit_regular", 5),)),
                                        context(phase="reinforcement", state=bad)))
    good = position(("sp:brit_regular:5", "Y13"), ("sp:brit_regular:4", "Y13"))
    assert "AAM-REINF-12" in done(judged(arrived("Y13", side=B, sp=(("brit_regular", 5),)),
                                         context(phase="reinforcement", state=good)))


# AAM-REINF-10 ----------------------------------------------------------------------


def test_with_the_continental_boo_off_the_board_regulars_arrive_in_a_capital() -> None:
    """6.1.3: "If this unit is off the board (for any reason), Continental regulars and
    non-militia leaders arrive in any Colonial capital"."""
    data = complete_map(NE14={"capital": None})
    capital = off_map(position(("sp:cont_regular:2", "NE13")), "boo:continental")
    assert "AAM-REINF-10" in done(judged(arrived("NE13", sp=(("cont_regular", 2),)),
                                         context(phase="reinforcement", state=capital,
                                                 data=data)))
    elsewhere = off_map(position(("sp:cont_regular:2", "NE14")), "boo:continental")
    assert "AAM-REINF-10" in ids(judged(arrived("NE14", sp=(("cont_regular", 2),)),
                                        context(phase="reinforcement", state=elsewhere,
                                                data=data)))
    unknown = judged(arrived("NE14", sp=(("cont_regular", 2),)),
                     context(phase="reinforcement", state=elsewhere))
    assert ids(unknown, "unchecked") >= {"AAM-REINF-10"} and not ids(unknown)


# AAM-REINF-14 ----------------------------------------------------------------------


def test_brant_and_the_indians_are_not_available_before_january_1777() -> None:
    """6.1.6: "This Indian Leader and the Indian units are not available until January
    1777"."""
    state = position(("sp:indian:2", "I7"), ("leader:brant", "I7"))
    early = judged(arrived("I7", side=B, sp=(("indian", 2),), leaders=("brant",)),
                   context(phase="reinforcement", turn="1776-12", state=state))
    assert "AAM-REINF-14" in ids(early)
    on_time = judged(arrived("I7", side=B, sp=(("indian", 2),), leaders=("brant",)),
                     context(phase="reinforcement", turn="1777-01", state=state))
    assert "AAM-REINF-14" in done(on_time)


# AAM-REINF-13 ----------------------------------------------------------------------


def test_a_british_boo_in_quebec_receives_nothing_from_december_to_april() -> None:
    """7.1.3: nor may the BoO, "if in Quebec, receive reinforcements or supply wagons"
    during December through April."""
    state = position(("boo:british", "C24"), ("bt:british", "C24"))
    winter = judged(arrived("C24", side=B, trains=1),
                    context(phase="reinforcement", turn="1777-04", state=state))
    assert "AAM-REINF-13" in ids(winter)
    summer = judged(arrived("C24", side=B, trains=1),
                    context(phase="reinforcement", turn="1777-05", state=state))
    assert "AAM-REINF-13" in done(summer)


# AAM-REINF-19, -18, -16, FR-08 ----------------------------------------------------------


def test_new_baggage_trains_go_on_the_owners_boo() -> None:
    """6.4: baggage trains in the Available box "may be placed in their respective side's
    BoO"."""
    on = position(("boo:continental", "NE14"), ("bt:continental", "NE14"))
    assert "AAM-REINF-19" in done(judged(arrived("NE14", trains=1),
                                         context(phase="reinforcement", state=on)))
    away = position(("boo:continental", "NE14"), ("bt:continental", "NE13"))
    assert "AAM-REINF-19" in ids(judged(arrived("NE13", trains=1),
                                        context(phase="reinforcement", state=away)))


def test_no_new_trains_while_the_boo_is_off_the_board() -> None:
    """7.1 Gameplay Note: with the BoO off the board "the player will not be able to bring
    back any baggage trains"."""
    state = off_map(position(("bt:continental", "NE13")), "boo:continental")
    assert "AAM-REINF-19" in ids(judged(arrived("NE13", trains=1),
                                        context(phase="reinforcement", state=state)))


def test_the_continental_limit_is_five() -> None:
    """6.3.2: "The baggage train limit is 5"; 6.3.1: if the number on the board is equal to
    or larger than the limit, none may be placed."""
    five = position(("boo:continental", "NE14"),
                    *((("bt:continental", "NE14"),) * 4), ("bt:continental:mag", "Y27"))
    assert "AAM-REINF-18" in done(judged(arrived("NE14", trains=1),
                                         context(phase="reinforcement", state=five)))
    eight = position(("boo:continental", "NE14"), *((("bt:continental", "NE14"),) * 8))
    assert "AAM-REINF-18" in ids(judged(arrived("NE14", trains=1),
                                        context(phase="reinforcement", state=eight)))


def test_six_continental_trains_need_the_french_intervention() -> None:
    """6.3.2: the limit rises "to 7 permanently following the first French Intervention":
    unknown intervention leaves the sixth train unchecked, a known one makes it legal."""
    six = position(("boo:continental", "NE14"), *((("bt:continental", "NE14"),) * 6))
    unknown = judged(arrived("NE14", trains=1), context(phase="reinforcement", state=six))
    assert ids(unknown, "unchecked") == {"AAM-REINF-18"} and not ids(unknown)
    after = judged(arrived("NE14", trains=1),
                   context(phase="reinforcement", state=six,
                           proc=AaMProcedure(french_entry="1778-07")))
    assert {"AAM-REINF-18", "AAM-FR-08"} <= done(after)


def test_trains_already_over_the_limit_are_not_removed_but_none_are_added() -> None:
    """6.3.1: "if he is over the limit, he is not required to remove baggage trains"; the
    ninth British train is never legal (the maximum is 8)."""
    nine = position(("boo:british", "Y13"), *((("bt:british", "Y13"),) * 9))
    assert "AAM-REINF-16" in ids(judged(arrived("Y13", side=B, trains=1),
                                        context(phase="reinforcement", state=nine)))


def test_the_british_limit_from_controlled_ports() -> None:
    """6.3.1 Example: New York city, Halifax, Philadelphia and Quebec give seven."""
    data = complete_map()
    ports = position(("boo:british", "Y13"), ("sp:brit_regular:5", "Y13"),
                     ("sp:brit_regular:5", "C33"), ("sp:brit_regular:5", "P20"),
                     ("sp:brit_regular:5", "C24"), *((("bt:british", "Y13"),) * 7))
    assert "AAM-REINF-16" in done(judged(arrived("Y13", side=B, trains=1),
                                         context(phase="reinforcement", state=ports,
                                                 data=data)))
    ports.pieces["extra"] = (Entity("bt", "british"), Place(PlaceKind.SPACE, "Y13"))
    assert "AAM-REINF-16" in ids(judged(arrived("Y13", side=B, trains=1),
                                        context(phase="reinforcement", state=ports,
                                                data=data)))


def test_the_british_limit_is_two_less_after_the_french_intervention() -> None:
    """6.3.1: "Following the first French Intervention, the calculated baggage train limit
    is permanently reduced by 2"."""
    seven = position(("boo:british", "Y13"), *((("bt:british", "Y13"),) * 7))
    outcomes = judged(arrived("Y13", side=B, trains=1),
                      context(phase="reinforcement", state=seven,
                              proc=AaMProcedure(french_entry="1778-07")))
    assert "AAM-FR-08" in ids(outcomes)


# AAM-REINF-20, -21 ------------------------------------------------------------------


def test_militia_are_generated_in_a_settlement_of_their_colony() -> None:
    """6.5: place the militia "in any friendly-controlled or not under siege settlement or
    city in the colony"."""
    state = position(("sp:ne_militia:3", "NE14"))
    outcomes = judged(arrived("NE14", sp=(("ne_militia", 3),)),
                      context(phase="reinforcement", turn="1776-06", state=state))
    assert "AAM-REINF-21" in done(outcomes)
    assert ids(outcomes, "unchecked") == {"AAM-REINF-20"}  # the table is on the PAC


def test_militia_outside_their_colony_are_illegal() -> None:
    """6.5: "in the colony"."""
    state = position(("sp:pa_militia:3", "NE14"))
    outcomes = judged(arrived("NE14", sp=(("pa_militia", 3),)),
                      context(phase="reinforcement", turn="1776-06", state=state))
    assert "AAM-REINF-21" in ids(outcomes)


def test_militia_in_a_british_controlled_or_besieged_place_are_illegal() -> None:
    """6.5: "If all settlements and cities in a colony are British-controlled or under
    siege, no Continental militia for that colony may be placed"."""
    held = position(("sp:ne_militia:3", "NE13"), ("sp:brit_regular:8", "NE13"))
    assert "AAM-REINF-21" in ids(judged(arrived("NE13", sp=(("ne_militia", 3),)),
                                        context(phase="reinforcement", turn="1776-06",
                                                state=held)))
    sieged = position(("sp:ne_militia:3", "NE13"), ("siege:2", "NE13"))
    assert "AAM-REINF-21" in ids(judged(arrived("NE13", sp=(("ne_militia", 3),)),
                                        context(phase="reinforcement", turn="1776-06",
                                                state=sieged)))


def test_militia_in_another_month_are_unchecked() -> None:
    """6.5: generation is in "March, June, September, and December"; others come only from
    the schedule or an event (neither printed)."""
    state = position(("sp:ne_militia:3", "NE14"))
    outcomes = judged(arrived("NE14", sp=(("ne_militia", 3),)),
                      context(phase="reinforcement", turn="1776-07", state=state))
    assert ids(outcomes, "unchecked") == {"AAM-REINF-20"} and not ids(outcomes)


# AAM-REINF-07 ----------------------------------------------------------------------


def _militia_leader() -> AaMData:
    data = bundled_data()
    stark = data.leaders["stark"].model_copy(update={"category": "militia",
                                                     "home_colony": "ne"})
    return data.model_copy(update={"leaders": {**data.leaders, "stark": stark}})


def test_a_militia_leader_goes_onto_militia_of_his_colony() -> None:
    """6.1.1: "Continental Militia Leaders are placed on any force which contains militia
    from their colony"."""
    data = _militia_leader()
    state = position(("leader:stark", "NE19"), ("sp:ne_militia:4", "NE19"))
    assert "AAM-REINF-07" in done(judged(arrived("NE19", leaders=("stark",)),
                                         context(phase="reinforcement", state=state,
                                                 data=data)))
    alone = position(("leader:stark", "NE19"))
    assert "AAM-REINF-07" in ids(judged(arrived("NE19", leaders=("stark",)),
                                        context(phase="reinforcement", state=alone,
                                                data=data)))


def test_a_militia_leader_on_another_force_is_unchecked() -> None:
    """6.1.1: else "the militia Leader may be placed on the closest Continental force"
    (which is closest needs the map)."""
    data = _militia_leader()
    state = position(("leader:stark", "NE19"), ("sp:cont_regular:4", "NE19"))
    outcomes = judged(arrived("NE19", leaders=("stark",)),
                      context(phase="reinforcement", state=state, data=data))
    assert "AAM-REINF-07" in ids(outcomes, "unchecked") and not ids(outcomes)


# AAM-REINF-01, -05 ------------------------------------------------------------------


def left(area: str, side: str = B) -> Left:
    return Left(step=5, side=side, area=area, pieces=("old",), sp=(("brit_regular", 4),))


def test_withdrawals_come_from_areas_not_under_siege() -> None:
    """6.2.5: "the player removes the number and type of SPs called for from any map Area
    that is not under siege"."""
    sieged = position(("siege:1", "NE13"))
    assert "AAM-REINF-05" in ids(judged(left("NE13"),
                                        context(phase="reinforcement", state=sieged)))
    free = position(("sp:brit_regular:2", "Y13"))
    assert "AAM-REINF-05" in done(judged(left("Y13"),
                                         context(phase="reinforcement", state=free)))


def test_withdrawals_come_before_reinforcements() -> None:
    """6.2.2: "Withdrawals are performed first, and then reinforcements"."""
    late = judged(left("Y13"), context(phase="reinforcement", state=AaMState(),
                                       proc=AaMProcedure(reinforced=frozenset({B}))))
    assert ids(late, "reminder") == {"AAM-REINF-01"}
    first = judged(left("Y13"), context(phase="reinforcement", state=AaMState()))
    assert "AAM-REINF-01" in done(first)


# AAM-REINF-22 ----------------------------------------------------------------------


def _leaving(turn: str = "1776-06") -> PhaseChange:
    return PhaseChange(step=9, turn=turn, phase="logistics", knowledge=Knowledge.SHOWN,
                       reason="shown", previous="reinforcement")


def test_the_political_events_roll_ends_the_reinforcement_phase() -> None:
    """6.6: "Each turn, at the end of the Reinforcement Phase, one player makes a 2d6 roll
    on the Political Events Table"."""
    missed = judged(_leaving(), context(phase="logistics"))
    assert ids(missed, "reminder") == {"AAM-REINF-22"}
    rolled = judged(_leaving(), context(phase="logistics",
                                        proc=AaMProcedure(political_rolled=True)))
    assert "AAM-REINF-22" in done(rolled)


def test_july_1777_has_its_automatic_event() -> None:
    """6.1.6: if the Indian Uprising "has not been rolled by July 1777, this event is the
    automatic Political Event for that month"."""
    assert "AAM-REINF-22" in done(judged(_leaving("1777-07"), context(phase="logistics")))


def test_july_1777_ends_with_brant_on_the_board() -> None:
    """6.1.6: "If the Indian Uprising Political Event has not been rolled by July 1777, this
    event is the automatic Political Event for that month and Brant, along with 2 SPs of
    Indians, is placed in an Iroquois Nation Area"."""
    missing = judged(_leaving("1777-07"), context(phase="logistics", turn="1777-07"))
    assert ids(missing, "reminder") == {"AAM-REINF-14"}
    placed = judged(_leaving("1777-07"), context(
        phase="logistics", turn="1777-07",
        state=position(("leader:brant", "I7"), ("sp:indian:2", "I7"))))
    assert "AAM-REINF-14" in done(placed)


def test_permissions_are_judged_from_the_schedule() -> None:
    """6.2.1: "If there are insufficient SPs available to withdraw, ignore the unavailable
    amount": judged against the Reinforcement Schedule, so no longer never-from-a-log."""
    from adjudicator.systems.almost_a_miracle.referee import NOT_CHECKABLE

    assert "AAM-REINF-02" not in NOT_CHECKABLE
    assert "AAM-REINF-17" not in NOT_CHECKABLE
    assert "AAM-REINF-06" not in NOT_CHECKABLE


def _example_table() -> AaMData:
    """6.5's example: under June, MD/DE 0 → 4, PA 3 → 5, NY/NJ 5 → 12, NE 1 → 7."""
    data = bundled_data()
    rows = tuple({"month": "June", "colony": colony, "dr": dr, "militia_sp": sp}
                 for colony, dr, sp in (("MD/DE", 0, 4), ("PA", 3, 5), ("NY/NJ", 5, 12),
                                        ("NE", 1, 7)))
    table = data.tables["militia_generation_table"].model_copy(update={"rows": rows})
    return data.model_copy(update={"tables": {**data.tables,
                                              "militia_generation_table": table}})


def test_the_militia_generated_follow_the_table() -> None:
    """6.5 Example: "The Continental player rolls a 1 for MD/DE (reduced to a 0 because of
    British major victory) [...] The zero for MD/DE under the June column of the Militia
    Generation table yields 4 militia so he places them in Wilmington (M18)"."""
    data = _example_table()
    proc = AaMProcedure(phase_dice=(1,))
    state = position(("sp:md_de_militia:4", "M18"), ("mv:british", "M18"))
    four = judged(arrived("M18", sp=(("md_de_militia", 4),)),
                  context(phase="reinforcement", turn="1778-06", state=state, data=data,
                          proc=proc))
    assert "AAM-REINF-20" in done(four)
    state = position(("sp:md_de_militia:5", "M18"), ("mv:british", "M18"))
    five = judged(arrived("M18", sp=(("md_de_militia", 5),)),
                  context(phase="reinforcement", turn="1778-06", state=state, data=data,
                          proc=proc))
    assert "AAM-REINF-20" in ids(five)


def test_militia_split_between_places_count_together() -> None:
    """6.5 Example: "The Continental player puts 3 SP of militia into Philadelphia, and 2 SP
    into Lancaster" (5 for a modified 3): a third place with more is too many."""
    data = _example_table()
    proc = AaMProcedure(phase_dice=(4,), militia_placed=(("pa_militia", 3),
                                                         ("pa_militia", 2)))
    state = position(("sp:pa_militia:1", "P19"), ("mv:british", "P19"))
    outcomes = judged(arrived("P19", sp=(("pa_militia", 1),)),
                      context(phase="reinforcement", turn="1778-06", state=state, data=data,
                              proc=proc))
    assert "AAM-REINF-20" in ids(outcomes)


def test_pieces_placed_while_the_phase_marker_shows_its_first_setting_are_the_set_up() -> None:
    """17.0: the players set up before play; until the phase marker moves, pieces put on
    the map are not judged as reinforcements."""
    state = position(("sp:cont_regular:2", "NE14"))
    opening = judged(arrived("NE14", sp=(("cont_regular", 2),)),
                     context(phase="attrition", state=state,
                             proc=AaMProcedure(phases_shown=1)))
    assert "AAM-REINF-06" not in ids(opening)
    moved_on = judged(arrived("NE14", sp=(("cont_regular", 2),)),
                      context(phase="attrition", state=state,
                              proc=AaMProcedure(phases_shown=2)))
    assert "AAM-REINF-06" in ids(moved_on)


def test_militia_after_the_political_events_roll_are_unchecked() -> None:
    """6.6: the Political Events result "is applied immediately" (its table on the PAC)."""
    state = position(("sp:pa_militia:3", "NE14"))
    outcomes = judged(arrived("NE14", sp=(("pa_militia", 3),)),
                      context(phase="reinforcement", turn="1776-06", state=state,
                              proc=AaMProcedure(political_rolled=True)))
    assert not ids(outcomes) and "AAM-REINF-21" in ids(outcomes, "unchecked")


def _dated(**turns: tuple[str | None, str | None]) -> AaMData:
    data = bundled_data()
    leaders = {key: data.leaders[key].model_copy(update={"turn_of_entry": entry,
                                                         "turn_of_withdrawal": leaving})
               for key, (entry, leaving) in turns.items()}
    return data.model_copy(update={"leaders": {**data.leaders, **leaders}})


def test_a_leader_does_not_arrive_before_his_turn_of_entry() -> None:
    """6.1: scheduled reinforcements arrive "this turn"; the Turn of Entry is printed on
    the leader's counter (1.2)."""
    data = _dated(knox=("1775-11", None))
    state = position(("leader:knox", "NE14"), ("sp:cont_regular:5", "NE14"))
    early = judged(arrived("NE14", leaders=("knox",)),
                   context(phase="reinforcement", turn="1775-08", state=state, data=data))
    assert "AAM-REINF-06" in ids(early)
    due = judged(arrived("NE14", leaders=("knox",)),
                 context(phase="reinforcement", turn="1775-11", state=state, data=data))
    assert "AAM-REINF-06" in done(due) and "AAM-REINF-06" not in ids(due)


def test_a_leader_is_withdrawn_on_his_turn_of_withdrawal() -> None:
    """6.2: "A '▲' on the Reinforcement Schedule (Module 18.0) means the Leader or force to
    the right is withdrawn this turn during the Reinforcement Phase. Leaders have this
    (month/year) also printed on the back side of their counters."; 16.3: the British may
    refuse the withdrawals in the Alternate History Duration game."""
    data = _dated(clinton=(None, "1778-10"))
    state = position(("leader:clinton", "Y13"))
    stayed = judged(_leaving("1778-10"), context(phase="logistics", state=state, data=data,
                                                 proc=AaMProcedure(political_rolled=True)))
    assert ids(stayed, "reminder") == {"AAM-REINF-01"}
    refused = judged(_leaving("1778-10"), context(phase="logistics", state=state, data=data,
                                                  options=("alternate-history",),
                                                  proc=AaMProcedure(political_rolled=True)))
    assert not ids(refused, "reminder")
    gone = judged(_leaving("1778-10"), context(phase="logistics", data=data,
                                               proc=AaMProcedure(political_rolled=True)))
    assert not ids(gone, "reminder")


def test_no_more_sp_on_the_board_than_the_counter_mix() -> None:
    """2.0: "The counter mix is the maximum SP level that any type of unit can ever be on
    the board. If reinforcements are called for and the counter mix cannot provide them,
    they are lost.\""""
    data = bundled_data()
    indian = data.unit_kinds["indian"].model_copy(update={"sp_counter_mix": 20})
    data = data.model_copy(update={"unit_kinds": {**data.unit_kinds, "indian": indian}})
    over = position(("sp:indian:20", "I7"), ("sp:indian:2", "Y50"))
    assert "AAM-REINF-15" in ids(judged(arrived("Y50", side=B, sp=(("indian", 2),)),
                                        context(phase="reinforcement", turn="1777-07",
                                                state=over, data=data)))
    within = position(("sp:indian:18", "I7"), ("sp:indian:2", "Y50"))
    assert "AAM-REINF-15" in done(judged(arrived("Y50", side=B, sp=(("indian", 2),)),
                                         context(phase="reinforcement", turn="1777-07",
                                                 state=within, data=data)))
