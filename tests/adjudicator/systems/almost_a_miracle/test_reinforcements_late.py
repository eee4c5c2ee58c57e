"""Loyalist recruitment (AaM 12), victory (13), the French (14), the set-ups and the game's
length (17.0, 13.4, 16.3) judged by hand: a legal and an illegal play each."""

from __future__ import annotations

from adjudicator.systems.almost_a_miracle.actions import Arrived, Left, PrisonerReleased
from adjudicator.systems.almost_a_miracle.data import AaMData, bundled_data
from adjudicator.systems.almost_a_miracle.procedure import AaMProcedure
from adjudicator.systems.almost_a_miracle.referee import AaMReferee
from adjudicator.systems.almost_a_miracle.rules.optional import OPTIONAL_RULES
from adjudicator.systems.almost_a_miracle.rules.setup import scenario_starting
from adjudicator.systems.almost_a_miracle.state import AaMState, Entity
from adjudicator.systems.common.actions import PhaseChange
from adjudicator.systems.common.places import Place, PlaceKind
from adjudicator.systems.common.sequence import Knowledge
from adjudicator.systems.common.sequencer import NewTurn
from tests.adjudicator.systems.almost_a_miracle.rulekit import (
    context,
    done,
    ids,
    judged,
    position,
)

B = "british"


def recruit(area: str, sp: int = 1, *, kind: str = "loyalist_militia",
            die: int | None = 2) -> Arrived:
    return Arrived(step=4, side=B, area=area, pieces=("new",), sp=((kind, sp),), die=die)


def rated(**audacity: int) -> AaMData:
    data = bundled_data()
    leaders = {key: data.leaders[key].model_copy(update={"audacity": value})
               for key, value in audacity.items()}
    return data.model_copy(update={"leaders": {**data.leaders, **leaders}})


# AAM-LOY-01 ------------------------------------------------------------------------


def test_recruitment_needs_a_successful_activation() -> None:
    """8.1: a Leader "must be successfully activated before it can move, recruit, or
    fight"; 8.1.1: the DR must be equal to or lower than his audacity."""
    state = position(("leader:johnson", "I7"), ("sp:loyalist_militia:1", "I7"))
    data = rated(johnson=3)
    failed = judged(recruit("I7", die=5), context(state=state, data=data))
    assert "AAM-LOY-01" in ids(failed)
    activated = judged(recruit("I7", die=3), context(state=state, data=data))
    assert "AAM-LOY-01" not in ids(activated)


def test_no_recruiting_with_continentals_in_the_area() -> None:
    """12.1: the leader's Area must not be "adjacent to (or contains) any Continental
    forces"."""
    state = position(("leader:johnson", "I7"), ("sp:loyalist_militia:1", "I7"),
                     ("sp:cont_regular:3", "I7"))
    assert "AAM-LOY-01" in ids(judged(recruit("I7"), context(state=state)))


def test_no_recruiting_outside_canada_tryon_and_the_iroquois() -> None:
    """12.1: "an Area of Canada (with a settlement, fort, or city), Tyron County, or
    Iroquois Nation"."""
    state = position(("leader:howe", "P20"), ("sp:loyalist_militia:1", "P20"))
    assert "AAM-LOY-01" in ids(judged(recruit("P20"), context(state=state)))


def test_recruiting_next_to_continentals_is_illegal_with_the_map() -> None:
    """12.1: "not adjacent to (or contains) any Continental forces"."""
    data = bundled_data()
    link = type(data.connections[0])(a="I7", b="Y50", kind="land", source=("test",)) \
        if data.connections else None
    assert link is not None
    data = data.model_copy(update={
        "connections": (link,),
        "map_status": data.map_status.model_copy(update={"connections_complete": True,
                                                          "areas_complete": True})})
    data = data.model_copy(update={"leaders": rated(johnson=3).leaders})
    near = position(("leader:johnson", "I7"), ("sp:loyalist_militia:1", "I7"),
                    ("sp:cont_regular:3", "Y50"))
    assert "AAM-LOY-01" in ids(judged(recruit("I7"), context(state=near, data=data)))
    clear = position(("leader:johnson", "I7"), ("sp:loyalist_militia:1", "I7"))
    assert "AAM-LOY-01" in done(judged(recruit("I7"), context(state=clear, data=data)))


# AAM-LOY-02 ------------------------------------------------------------------------


def test_canadian_and_loyalist_militia_are_not_interchangeable() -> None:
    """12.1: Canadian militia ("C") "are not interchangeable with non-Canadian Loyalist
    Militia" ("L")."""
    canada = position(("leader:carleton", "C24"))
    assert "AAM-LOY-02" in ids(judged(recruit("C24"), context(state=canada)))
    assert "AAM-LOY-02" in done(judged(recruit("C24", kind="canadian_militia"),
                                       context(state=canada)))


# AAM-LOY-03 ------------------------------------------------------------------------


def test_two_sp_only_for_johnson() -> None:
    """12.2: 2 SPs only if "The recruiting Leader is Johnson"."""
    state = position(("leader:st_leger", "I7"), ("mv:british", "I7"))
    if "st_leger" not in bundled_data().leaders:
        state = position(("leader:howe", "I7"), ("mv:british", "I7"))
    assert "AAM-LOY-03" in ids(judged(recruit("I7", 2), context(state=state)))


def test_johnson_needs_the_major_victory_marker_british_and_tryon_county() -> None:
    """12.2: "The Major Victory marker is on its British side" and "The recruiting Leader is
    located in a Tryon County Area"."""
    continental_mv = position(("leader:johnson", "Y29"), ("mv:continental", "Y29"))
    assert "AAM-LOY-03" in ids(judged(recruit("Y29", 2), context(state=continental_mv)))
    canada = position(("leader:johnson", "C7"), ("mv:british", "C7"))
    assert "AAM-LOY-03" in ids(judged(recruit("C7", 2, kind="canadian_militia"),
                                      context(state=canada)))
    data = bundled_data()
    tryon = data.model_copy(update={"areas": {
        **data.areas, "Y29": data.areas["Y29"].model_copy(update={"region": "tryon"})}})
    legal = position(("leader:johnson", "Y29"), ("mv:british", "Y29"))
    assert "AAM-LOY-03" in done(judged(recruit("Y29", 2), context(state=legal, data=tryon)))


# AAM-LOY-04 ------------------------------------------------------------------------


def test_the_loyalist_uprising_goes_in_tryon_county_free_of_continentals() -> None:
    """8.3.4: 3 SPs of Loyalists in one Tryon County Area free of Continental forces."""
    held = position(("sp:loyalist_militia:3", "Y29"), ("sp:cont_regular:1", "Y29"))
    assert "AAM-LOY-04" in ids(judged(recruit("Y29", 3, die=None), context(state=held)))
    pa = position(("sp:loyalist_militia:3", "P38"))
    assert "AAM-LOY-04" in ids(judged(recruit("P38", 3, die=None), context(state=pa)))
    data = bundled_data()
    tryon = data.model_copy(update={"areas": {
        **data.areas, "Y29": data.areas["Y29"].model_copy(update={"region": "tryon"})}})
    free = position(("sp:loyalist_militia:3", "Y29"))
    assert "AAM-LOY-04" in done(judged(recruit("Y29", 3, die=None),
                                       context(state=free, data=tryon)))


# AAM-VIC-03, -01, -04 --------------------------------------------------------------------


def after(turn: str) -> AaMProcedure:
    return AaMProcedure(month_shown=turn)


def month(turn: str, step: int = 30) -> NewTurn:
    return NewTurn(step=step, turn=turn, reason="the Year and Month")


def test_no_british_outside_canada_after_august_1776_ends_the_game() -> None:
    """13.2: "After August 1776, if at the conclusion of a turn there are no British SPs
    (regular or militia) on the board, except in Canada, the game ends immediately"."""
    only_canada = position(("sp:brit_regular:9", "C24"), ("sp:cont_regular:9", "Y13"))
    assert "AAM-VIC-03" in ids(judged(month("1776-10"), context(
        state=only_canada, proc=after("1776-09"))))
    early = judged(month("1776-08"), context(state=only_canada, proc=after("1776-07")))
    assert "AAM-VIC-03" not in ids(early)
    holding = position(("sp:brit_regular:9", "Y13"), ("sp:cont_regular:9", "Y10"))
    outcomes = judged(month("1776-10"), context(state=holding, proc=after("1776-09")))
    assert "AAM-VIC-03" in done(outcomes) and "AAM-VIC-01" in done(outcomes)
    first = judged(month("1777-03"), context(state=only_canada))
    assert "AAM-VIC-03" not in ids(first)  # the log's first month: no month ended yet


def test_british_at_sea_leave_the_automatic_victory_unchecked() -> None:
    """13.2: "on the board": the At Sea box is not said to be (digest A62)."""
    state = position(("sp:cont_regular:9", "Y10"))
    state.pieces["sea"] = (Entity("sp", "brit_regular", 10), Place(PlaceKind.BOX, "at_sea"))
    outcomes = judged(month("1777-02"), context(state=state, proc=after("1777-01")))
    assert ids(outcomes, "unchecked") >= {"AAM-VIC-03"} and "AAM-VIC-03" not in ids(outcomes)


def test_the_kings_peace_fails_with_a_capital_held_by_continentals() -> None:
    """13.1.1: "The British are in sole control of the colonial capital(s)"; 13.3.1: the
    King's Peace in all four colonies wins at once."""
    state = position(("sp:brit_regular:9", "Y13"), ("sp:cont_regular:9", "NE13"))
    outcomes = judged(month("1777-02"), context(state=state, proc=after("1777-01")))
    assert "AAM-VIC-04" in done(outcomes)


# AAM-FR-02, -04 --------------------------------------------------------------------


def test_the_french_enter_at_a_coastal_area() -> None:
    """14.1.5: "placed in any friendly coastal Area on their turn of arrival"."""
    port = judged(Arrived(step=2, side="continental", area="NE10", pieces=("f",),
                          sp=(("french_regular", 20),)),
                  context(phase="reinforcement", state=position(("sp:french_regular:20",
                                                                 "NE10"))))
    assert "AAM-FR-02" in done(port)
    inland = judged(Arrived(step=2, side="continental", area="NE14", pieces=("f",),
                            sp=(("french_regular", 20),)),
                    context(phase="reinforcement", state=position(("sp:french_regular:20",
                                                                   "NE14"))))
    assert ids(inland, "unchecked") >= {"AAM-FR-02"}


def test_the_french_leave_within_eight_turns() -> None:
    """14.1.7: "The French Field Force exits the Campaign Game a number of turns equal to a
    roll of 1d6 + 2"."""
    state = position(("sp:french_regular:20", "NE10"), ("sp:brit_regular:5", "Y13"))
    proc = AaMProcedure(french_entry="1778-10", first_turn="1775-06")
    assert "AAM-FR-04" in ids(judged(month("1779-08"), context(state=state, proc=proc)))
    assert "AAM-FR-04" in done(judged(month("1779-06"), context(state=state, proc=proc)))


# AAM-SCN-01, -02, -03, VIC-06 ---------------------------------------------------------


def test_campaign_scenarios_end_in_november_1779() -> None:
    """17.0: "All campaign scenarios end on the November 1779 turn"."""
    assert "AAM-SCN-03" in ids(judged(month("1779-12"), context()))
    assert "AAM-SCN-03" in done(judged(month("1779-11"), context()))


def test_the_historical_duration_plays_to_october_1781() -> None:
    """13.4: players may "play the Campaign past November 1779 (to the 'real' war's end in
    October of 1781)"."""
    outcomes = judged(month("1780-03"), context(options=("historical-duration",)))
    assert {"AAM-SCN-03", "AAM-VIC-06"} <= done(outcomes) and not ids(outcomes)
    assert "AAM-SCN-03" in ids(judged(month("1781-11"),
                                      context(options=("historical-duration",))))


def _opening(*extra: tuple[str, str]) -> AaMState:
    """The 1775 set-up as data/scenarios.json lists it (Canada: Quebec), every force,
    leader, BoO and magazine in its Area (AAM-SCN-01 compares them Area by Area)."""
    scenario = scenario_starting("1775-06")
    assert scenario is not None
    pieces: list[tuple[str, str]] = []
    for side, setup in scenario["sides"].items():
        for placement in setup["placements"]:
            area = placement["area"] or "C24"
            pieces += [(f"sp:{u['unit']}:{u['sp']}", area) for u in placement["units"]]
            pieces += [(f"leader:{leader}", area) for leader in placement["leaders"]]
        pieces.append((f"boo:{side}", setup["boo"]))
        pieces += [(f"bt:{side}:mag", area) for area in setup["magazines"]]
    return position(*pieces, *extra)


def test_the_opening_position_matches_the_1775_set_up() -> None:
    """17.1: the June 1775 set-up (193 Continental regular SP, 29 militia, 90 British
    regular SP and 1 cavalry, by the set-up's checksums)."""
    assert "AAM-SCN-01" in done(judged(month("1775-06", 0), context(state=_opening())))
    later = AaMProcedure(first_turn="1775-06")
    assert "AAM-SCN-01" not in done(judged(month("1776-04"), context(state=_opening(),
                                                                    proc=later)))
    extra = _opening(("sp:brit_regular:10", "NE13"))
    assert "AAM-SCN-01" in ids(judged(month("1775-06", 0), context(state=extra)))
    going_on = _opening(("sp:brit_regular:10", "NE13"), ("leader:cornwallis", "NE13"))
    assert "AAM-SCN-01" not in ids(judged(month("1775-06", 0), context(state=going_on)))


def test_set_up_baggage_trains_within_the_listed_count() -> None:
    """17.1.1: the Continental set-up lists 3 baggage trains (limit 5)."""
    three = _opening(*((("bt:continental", "NE13"),) * 3))
    assert "AAM-SCN-02" in done(judged(month("1775-06", 0), context(state=three)))
    four = _opening(*((("bt:continental", "NE13"),) * 4))
    assert "AAM-SCN-02" in ids(judged(month("1775-06", 0), context(state=four)))


def test_the_optional_rules_are_declared_for_the_referee() -> None:
    """16.1-16.3, 13.4 and 17.0's Battle Scenarios: each has a switch."""
    names = {rule.name for rule in OPTIONAL_RULES}
    assert names == {"backwoods-generals", "simplified-attrition", "alternate-history",
                     "historical-duration", "battle-scenario"}
    assert AaMReferee.optional_rules == OPTIONAL_RULES


# AAM-VIC-05, AAM-FR-07 ----------------------------------------------------------------


def washington_left(to: str) -> Left:
    return Left(step=8, side="continental", area="P19", pieces=("w",), sp=(),
                leaders=("washington",), to=(("washington", to),))


def test_washington_cannot_be_killed() -> None:
    """13.3.2: "If Washington is captured, they win the game immediately. (Washington
    cannot be killed.)\""""
    assert "AAM-VIC-05" in ids(judged(washington_left("box:eliminated"), context()))
    assert "AAM-VIC-05" not in ids(judged(washington_left("box:eliminated"),
                                          context(phase="attrition")))  # AAM-SUP-07's
    assert "AAM-VIC-05" in ids(judged(washington_left(""), context()))
    assert "AAM-VIC-05" in done(judged(washington_left("box:leader_pow_continental"),
                                       context()))


def test_a_sick_destaing_returns_to_the_french_field_force() -> None:
    """14.2.3: "he returns to the French Field Force, not the Continental BoO"."""
    proc = AaMProcedure(french_entry="1778-10")
    away = position(("sp:french_regular:20", "NE10"), ("leader:destaing", "P19"),
                    ("boo:continental", "P19"))
    back = Arrived(step=3, side="continental", area="P19", pieces=("d",), sp=(),
                   leaders=("destaing",))
    assert "AAM-FR-07" in ids(judged(back, context(phase="reinforcement", turn="1779-01",
                                                   state=away, proc=proc)))
    home = position(("sp:french_regular:20", "NE10"), ("leader:destaing", "NE10"))
    with_them = Arrived(step=3, side="continental", area="NE10", pieces=("d",), sp=(),
                        leaders=("destaing",))
    assert "AAM-FR-07" in done(judged(with_them, context(phase="reinforcement",
                                                         turn="1779-01", state=home,
                                                         proc=proc)))


# AAM-REINF-04, AAM-POW-07, AAM-POW-06, AAM-FR-03 ---------------------------------------


def released(to: str) -> PrisonerReleased:
    return PrisonerReleased(step=6, side="british", leader="burgoyne", piece="b",
                            origin="box:leader_pow_british", to=to)


def test_a_captured_leader_is_not_withdrawn_until_exchanged() -> None:
    """6.2.4: "If a Leader is captured, his withdrawal is delayed until he is exchanged"."""
    outcomes = judged(released("box:eliminated"), context(phase="reinforcement"))
    assert ids(outcomes) == {"AAM-REINF-04", "AAM-POW-07"}
    assert not ids(judged(released("box:eliminated"), context(phase="endeavors")))
    assert not ids(judged(released("box:turn_track"), context(phase="reinforcement")))


def in_box(state: AaMState, leader: str, box: str) -> AaMState:
    state.pieces[f"pow-{leader}"] = (Entity("leader", leader), Place(PlaceKind.BOX, box))
    return state


def ranked(**ranks: str) -> AaMData:
    data = bundled_data()
    leaders = {key: data.leaders[key].model_copy(update={"rank": rank})
               for key, rank in ranks.items()}
    return data.model_copy(update={"leaders": {**data.leaders, **leaders}})


def test_a_possible_leader_exchange_must_occur() -> None:
    """15.5: "colonel for colonel, 1-star general for 1-star general, 2-star general for
    2-star general"; 15.5.3: "When a Leader exchange is possible, it must occur"."""
    data = ranked(prescott="1-star", sullivan="1-star", stirling="2-star")
    leaving = PhaseChange(step=9, turn="1777-03", phase="logistics", knowledge=Knowledge.SHOWN,
                          reason="shown", previous="reinforcement")
    both = in_box(in_box(AaMState(), "prescott", "leader_pow_british"), "sullivan",
                  "leader_pow_continental")
    assert ids(judged(leaving, context(phase="logistics", state=both, data=data)),
               "reminder") >= {"AAM-POW-06"}
    unequal = in_box(in_box(AaMState(), "prescott", "leader_pow_british"), "stirling",
                     "leader_pow_continental")
    assert "AAM-POW-06" in done(judged(leaving, context(phase="logistics", state=unequal,
                                                        data=data)))


def test_british_at_sea_must_land_when_the_french_come() -> None:
    """14.1.6: "If there is a British Force in the 'At Sea' box at the beginning of the turn
    in which French Intervention occurs, this force must immediately land"."""
    arrival = Arrived(step=2, side="continental", area="NE10", pieces=("f",),
                      sp=(("french_regular", 20),))
    state = position(("sp:french_regular:20", "NE10"))
    state.pieces["sea"] = (Entity("sp", "brit_regular", 10), Place(PlaceKind.BOX, "at_sea"))
    assert ids(judged(arrival, context(phase="reinforcement", state=state)),
               "reminder") >= {"AAM-FR-03"}
    clear = position(("sp:french_regular:20", "NE10"))
    assert "AAM-FR-03" in done(judged(arrival, context(phase="reinforcement", state=clear)))
