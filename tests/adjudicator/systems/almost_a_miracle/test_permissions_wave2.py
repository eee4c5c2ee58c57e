"""Movement, stacking, fort and siege permissions and the subordinates' Area judged by hand
(AaM 4.2.2, 4.3.2, 4.7.4, 9.0, 10.2.2, 10.5.2): each permitted play judged legal, and
AAM-MOV-09's forbidden one illegal."""

from __future__ import annotations

from dataclasses import replace

from adjudicator.systems.almost_a_miracle.actions import (
    Arrived,
    BattleEnded,
    BattleJoined,
    BattleSide,
    DiceRolled,
    EndeavorTaken,
    ForceMoved,
    SeaMoved,
    SiegeMarked,
    SiegeRecord,
    SiegeSurrendered,
)
from adjudicator.systems.almost_a_miracle.data import AaMData, load_data
from adjudicator.systems.almost_a_miracle.procedure import AaMProcedure, SupplyRecord
from adjudicator.systems.almost_a_miracle.rules.context import Context
from adjudicator.systems.common.outcomes import Outcome
from adjudicator.systems.common.sequencer import Position, Unit
from tests.adjudicator.systems.almost_a_miracle.movekit import data_with, move
from tests.adjudicator.systems.almost_a_miracle.rulekit import (
    context,
    done,
    ids,
    judged,
    position,
)
from tests.conftest import REPO

TICONDEROGA, BOSTON = "Y39", "NE13"
FIXTURE_DATA = REPO / "fixtures" / "almost-a-miracle" / "data" / "fixture.toml"


def fixture_data() -> AaMData:
    """The fixture's made-up data (leaders' Audacity among it)."""
    return load_data([FIXTURE_DATA])


# AAM-MOV-09


def test_mov09_subordinates_from_the_commanders_area_move_with_him() -> None:
    """10.2.2: "The activated commanding Leader [...] in an Area may have any number of
    subordinate leaders [...] and their troops move and fight along with him that start the
    endeavor there." """
    data = data_with(connections=(("NE50", "NE51", "road"),), terrain={"NE50": "clear",
                                                                        "NE51": "clear"})
    force = move("NE50", "NE51", leaders=("howe", "clinton"), pieces=("h", "c", "s"))
    state = position(("leader:howe", "NE51"), ("leader:clinton", "NE51"),
                     ("sp:brit_regular:5", "NE51"))
    outcomes = judged(force, context(data=data, state=state))
    assert "AAM-MOV-09" in done(outcomes)
    assert "AAM-MOV-09" not in ids(outcomes)


def test_mov09_a_subordinate_from_another_area_is_illegal() -> None:
    """10.2.2: "This is for the Area that they are in only." Clinton and 5 SP from a second
    Area join the force in the step it moves."""
    data = data_with(connections=(("NE52", "NE51", "road"),), terrain={"NE52": "clear",
                                                                        "NE51": "clear"})
    joined = replace(move("NE52", "NE51", leaders=("clinton",), pieces=("c", "s")), joins=True)
    state = position(("leader:howe", "NE51"), ("leader:clinton", "NE51"),
                     ("sp:brit_regular:10", "NE51"))
    assert "AAM-MOV-09" in ids(judged(joined, context(data=data, state=state)))
    troops = replace(move("NE52", "NE51", leaders=(), pieces=("s",)), joins=True)
    assert "AAM-MOV-09" not in ids(judged(troops, context(data=data, state=state)))


# AAM-STK-02


def test_stk02_any_number_of_leaders_and_trains_move_together() -> None:
    """9.0: "There is no limit to the number of Leaders and/or baggage trains that may be in
    or move through an Area." """
    force = move("NE50", "NE51", leaders=("howe", "clinton", "percy", "grant"), trains=3,
                 pieces=("h", "c", "p", "g", "t1", "t2", "t3", "s"))
    state = position(("leader:howe", "NE51"), ("leader:clinton", "NE51"),
                     ("leader:percy", "NE51"), ("leader:grant", "NE51"),
                     ("bt:british", "NE51"), ("bt:british", "NE51"), ("bt:british", "NE51"),
                     ("sp:brit_regular:5", "NE51"))
    outcomes = judged(force, context(state=state))
    assert "AAM-STK-02" in done(outcomes)
    assert not {"AAM-STK-01", "AAM-STK-02"} & ids(outcomes)


# AAM-MOV-16


def test_mov16_embarking_and_landing_read_no_random_event() -> None:
    """10.5.2: "Embarking or debarking troops in a port does not cause an Endeavor Random
    Events check." """
    for embark in (True, False):
        moved = SeaMoved(step=5, side="british", pieces=("a",), leaders=("howe",),
                         sp=(("brit_regular", 10),), trains=0, area="Y13", embark=embark,
                         die=2)
        assert "AAM-MOV-16" in done(judged(moved, context()))


# AAM-FORT-09


def test_fort09_a_city_besieged_with_more_than_thirty_sps_inside() -> None:
    """4.2.2: "Cities may hold an unlimited number of troops." (a fort holds up to 30 SPs,
    4.2.1: the same siege on a fort is illegal)."""
    laid = SiegeMarked(step=9, side="british", area=BOSTON, before=0, after=1,
                       besieger="british")
    city = position(("sp:cont_regular:40", BOSTON), ("sp:brit_regular:45", BOSTON),
                    ("siege:1", BOSTON))
    outcomes = judged(laid, context(state=city))
    assert "AAM-FORT-09" in done(outcomes)
    assert "AAM-FORT-12" not in ids(outcomes)
    fort = position(("sp:cont_regular:40", TICONDEROGA), ("sp:brit_regular:85", TICONDEROGA),
                    ("siege:1", TICONDEROGA))
    on_fort = replace(laid, area=TICONDEROGA)
    assert "AAM-FORT-12" in ids(judged(on_fort, context(state=fort)))


# AAM-SIEGE-03


def test_siege03_the_besiegers_friends_move_into_and_through() -> None:
    """4.3.2: "If a friendly force is besieging a fort/city, friendly forces may move into
    and through that Area as though there were no enemy forces there." """
    state = position(("sp:cont_regular:20", BOSTON), ("sp:brit_regular:35", BOSTON),
                     ("siege:1", BOSTON), ("leader:clinton", "NE14"),
                     ("sp:brit_regular:3", "NE14"))
    through = move("NE12", "NE14", path=("NE12", BOSTON, "NE14"), leaders=("clinton",),
                   sp=(("brit_regular", 3),))
    outcomes = judged(through, context(state=state))
    assert "AAM-SIEGE-03" in done(outcomes)
    assert not {"AAM-MOV-12", "AAM-MOV-13", "AAM-SIEGE-03"} & ids(outcomes)


def test_siege03_a_relief_force_is_no_friend_of_the_besiegers() -> None:
    """4.3.2 is for the besieger's friends; a force of the besieged side entering is a relief
    force (4.4), not judged under it."""
    state = position(("sp:cont_regular:20", BOSTON), ("sp:brit_regular:35", BOSTON),
                     ("sp:cont_regular:10", BOSTON), ("siege:1", BOSTON))
    relief = move("NE12", BOSTON, leaders=("greene",), sp=(("cont_regular", 10),),
                  side="continental")
    assert "AAM-SIEGE-03" not in done(judged(relief, context(state=state)))


# AAM-SIEGE-12


def test_siege12_a_fort_at_level_two_may_surrender_or_stand_the_assault() -> None:
    """4.7.4: "If a fort *starts* the Siege Resolution Phase with a Siege Level 2 marker on
    it, the besieged player has two choices: he may surrender, or he may elect to stand the
    final assault." """
    state = position(("sp:brit_regular:40", TICONDEROGA), ("siege:2", TICONDEROGA))
    surrendered = SiegeSurrendered(step=9, side="british", area=TICONDEROGA, level=2,
                                   besieger="british", turn="1776-06",
                                   garrison=(("cont_regular", 10),),
                                   besiegers=(("brit_regular", 40),), surrendered=10,
                                   besieger_removed=1)
    assert "AAM-SIEGE-12" in done(judged(surrendered, context(phase="siege", state=state)))
    stood = SiegeMarked(step=9, side="british", area=TICONDEROGA, before=2, after=0,
                        besieger="british", garrison=(("cont_regular", 10),),
                        besiegers=(("brit_regular", 40),),
                        dice=(("british", 5), ("continental", 2)))
    after = position(("sp:brit_regular:40", TICONDEROGA))
    assert "AAM-SIEGE-12" in done(judged(stood, context(phase="siege", state=after)))


# AAM-MOV-25, AAM-MOV-26


def landing(area: str, die: int | None = None, *, leaders: tuple[str, ...] = ("howe",),
            embark: bool = False) -> SeaMoved:
    return SeaMoved(step=5, side="british", pieces=("a",), leaders=leaders,
                    sp=(("brit_regular", 10),), trains=0, area=area, embark=embark, die=die)


def test_mov25_26_philadelphia_with_no_continentals_next_to_it() -> None:
    """10.5.12: "The Delaware River is wide enough so that sea movement can be made to the
    port of Philadelphia"; "If any type of Continental units are in Areas next to
    Philadelphia [...] roll a single die": with none there, no roll is owed."""
    data = data_with(connections=(("P20", "P19", "road"), ("P20", "M18", "road")))
    outcomes = judged(landing("P20"), context(data=data, state=position()))
    assert {"AAM-MOV-25", "AAM-MOV-26"} <= done(outcomes)


def test_mov25_continentals_next_to_philadelphia() -> None:
    """10.5.12: "On a roll of 5 or 6, the movement is repulsed": a landing after a 2 is
    legal; after a 5 it is unchecked (which Areas carry the Invasion Defense symbol is not
    in the data), never illegal."""
    data = data_with(connections=(("P20", "P19", "road"),))
    state = position(("sp:cont_regular:5", "P19"))
    assert "AAM-MOV-25" in done(judged(landing("P20", 2), context(data=data, state=state)))
    five = judged(landing("P20", 5), context(data=data, state=state))
    assert "AAM-MOV-25" in ids(five, "unchecked")
    assert "AAM-MOV-25" not in ids(five)


# AAM-MOV-42


def scenario_two(turn: str) -> Context:
    """A context in a log whose first month is April 1776 (Scenario 2)."""
    return context(turn=turn, proc=AaMProcedure(first_turn="1776-04"))


def test_mov42_halifax_troops_wait_for_june_1776() -> None:
    """17.2.2: "The British troops in Halifax, having evacuated Boston, are refitting, and
    may not move until the June turn." """
    out = move("C33", "C32", leaders=("howe",))
    may = judged(out, scenario_two("1776-05"))
    assert "AAM-MOV-42" in ids(may)
    june = judged(out, scenario_two("1776-06"))
    assert "AAM-MOV-42" not in ids(june)
    other = move("C33", "C32", leaders=("carleton",))
    assert "AAM-MOV-42" in done(judged(other, scenario_two("1776-05")))
    embark = landing("C33", 2, embark=True)
    assert "AAM-MOV-42" in ids(judged(embark, scenario_two("1776-04")))
    other_game = judged(out, context(phase="endeavors", turn="1776-05"))
    assert "AAM-MOV-42" not in ids(other_game)


def test_mov42_the_at_sea_group_lands_at_quebec_in_may() -> None:
    """17.2.2: "These troops must land in Quebec as the first endeavor on the May turn." """
    group = ("burgoyne", "phillips", "st_leger")
    at_quebec = landing("C24", leaders=group)
    assert "AAM-MOV-42" in done(judged(at_quebec, scenario_two("1776-05")))
    elsewhere = landing("C33", leaders=group)
    assert "AAM-MOV-42" in ids(judged(elsewhere, scenario_two("1776-05")))


# AAM-MOV-36, AAM-MOV-37


def reacting(die: int) -> ForceMoved:
    return replace(move("Y16", "Y20", leaders=("greene",), sp=(("cont_regular", 5),),
                        side="continental", die=die, step=7), within="reaction")


def test_mov36_a_reaction_on_a_die_within_audacity() -> None:
    """10.10.2: "if the result is equal to or lower than the force's commanding Leader's
    Audacity value, then the entire force in the Area must react move" (Greene: Audacity 3
    in the fixture's data). A higher die is AAM-END-05's finding, not this rule's: the move
    may be the side's own endeavor (8.1.1)."""
    data = fixture_data()
    audacity = data.leaders["greene"].audacity
    assert audacity is not None
    within = judged(reacting(audacity), context(data=data))
    assert "AAM-MOV-36" in done(within)
    over = judged(reacting(audacity + 1), context(data=data))
    assert "AAM-MOV-36" not in done(over) | ids(over)
    assert "AAM-END-05" in ids(over)


def test_mov37_a_winter_reaction_rolls_winter_attrition() -> None:
    """10.10.5: "A Reaction Movement attempt (successful or not) during Winter turns
    triggers an immediate Winter Attrition roll (Case 5.4.4)." """
    proc = AaMProcedure(reacted=7, supply=SupplyRecord(winter_owed=("continental", 7)))
    roll = DiceRolled(step=8, side="continental", button="2d6", dice=(3, 4))
    assert "AAM-MOV-37" in done(judged(roll, context(turn="1777-01", proc=proc)))
    assert "AAM-MOV-37" not in done(judged(roll, context(turn="1777-06", proc=proc)))
    british = replace(roll, side="british")
    assert "AAM-MOV-37" not in done(judged(british, context(turn="1777-01", proc=proc)))


# AAM-MOV-30


def militia_after_entry(*held: tuple[str, str]) -> list[Outcome]:
    data = fixture_data()
    entered = move("Y20", "NE1", leaders=("howe",), sp=(("brit_regular", 10),),
                   pieces=("p0", "p1"))  # the position's ids
    proc = AaMProcedure(leg=entered, route=("Y20", "NE1"))
    state = position(("leader:howe", "NE1"), ("sp:brit_regular:10", "NE1"),
                     ("sp:ne_militia:3", "NE1"), *held)
    placed = Arrived(step=7, side="continental", area="NE1", pieces=("m",),
                     sp=(("ne_militia", 3),))
    return judged(placed, context(data=data, state=state, proc=proc))


def test_mov30_militia_generated_on_the_first_entry() -> None:
    """10.7.1: "Continental militia is immediately generated and placed onboard for that
    colony" when British regulars enter a colony that had none."""
    assert "AAM-MOV-30" in done(militia_after_entry())


def test_mov30_no_second_generation_while_regulars_remain() -> None:
    """10.7.5: "The entry of British Regular SPs into the colony later while British
    Regulars are still in the colony does not trigger another special generation of
    militia." """
    outcomes = militia_after_entry(("sp:brit_regular:5", "NE13"))
    assert "AAM-MOV-30" in ids(outcomes)


# AAM-SIEGE-10


def test_siege10_the_player_besieging_the_most_summons_first() -> None:
    """4.7.1: "The player laying siege to the most cities/forts makes his 'summons' first."
    The Continentals besiege Boston; the British besiege Ticonderoga and Albany."""
    state = position(("sp:cont_regular:30", BOSTON), ("sp:brit_regular:20", BOSTON),
                     ("siege:1", BOSTON),
                     ("sp:brit_regular:40", TICONDEROGA), ("sp:cont_regular:10", TICONDEROGA),
                     ("siege:1", TICONDEROGA))
    to_continentals = SiegeSurrendered(step=9, side="continental", area=BOSTON, level=1,
                                       besieger="continental", turn="1776-06",
                                       garrison=(("brit_regular", 20),), besiegers=(),
                                       surrendered=20, besieger_removed=0)
    tie = judged(to_continentals, context(phase="siege", state=state))
    assert "AAM-SIEGE-10" in done(tie)
    more = position(("sp:cont_regular:30", BOSTON), ("sp:brit_regular:20", BOSTON),
                    ("siege:1", BOSTON),
                    ("sp:brit_regular:40", TICONDEROGA), ("sp:cont_regular:10", TICONDEROGA),
                    ("siege:1", TICONDEROGA),
                    ("sp:brit_regular:40", "Y55"), ("sp:cont_regular:10", "Y55"),
                    ("siege:1", "Y55"))
    first = judged(to_continentals, context(phase="siege", state=more))
    assert "AAM-SIEGE-10" in ids(first, "reminder")
    to_british = replace(to_continentals, side="british", area=TICONDEROGA,
                         besieger="british", garrison=(("cont_regular", 10),))
    assert "AAM-SIEGE-10" in done(judged(to_british, context(phase="siege", state=more)))


# AAM-SIEGE-06


def test_siege06_a_relief_battle_below_the_ratio_breaks_the_siege() -> None:
    """4.4.3: the siege is broken if the relief force's casualties "leave it with less than
    the required ratio"; 4.4.4: "The siege marker is removed." A Continental force entered
    besieged Ticonderoga this month (a relief force); the endeavor ends."""
    record = SiegeRecord(TICONDEROGA, "british", 1, ("1776-06", "endeavors"))
    relief = AaMProcedure(sieges=(record,),
                          entered=frozenset({(TICONDEROGA, "continental", "1776-06")}),
                          position=Position(last=Unit(side="continental", step=8, number=1)))
    ended = EndeavorTaken(step=12, side="british", kind="pass", passed=True)
    kept = position(("sp:brit_regular:8", TICONDEROGA), ("sp:cont_regular:20", TICONDEROGA),
                    ("siege:1", TICONDEROGA))
    assert "AAM-SIEGE-06" in ids(judged(ended, context(state=kept, proc=relief)))
    held = position(("sp:brit_regular:40", TICONDEROGA), ("sp:cont_regular:20", TICONDEROGA),
                    ("siege:1", TICONDEROGA))
    assert "AAM-SIEGE-06" in done(judged(ended, context(state=held, proc=relief)))
    lifted = replace(relief, lifted=frozenset({(TICONDEROGA, "1776-06")}))
    broken = position(("sp:cont_regular:20", TICONDEROGA), ("sp:brit_regular:8", "VT7"))
    assert "AAM-SIEGE-06" in done(judged(ended, context(state=broken, proc=lifted)))


# AAM-MOV-11


def test_mov11_the_c_in_c_commands_the_larger_force_after_a_battle() -> None:
    """10.2.1: "If a battle occurs and a C-in-C's force becomes smaller than another
    subordinate Leader's force, transfer forces to the C-in-C's command so that it is
    larger." Howe alone: his force is all of it; with Clinton there, a reminder (who
    commands which SPs is not shown)."""
    data = fixture_data()
    joined = BattleJoined(step=5, side="british", area="Y20",
                          attacker=BattleSide(side="british"),
                          defender=BattleSide(side="continental"))
    alone = BattleEnded(step=9, side="british", joined=joined, last_step=8, left=(
        BattleSide(side="british", sp=(("brit_regular", 30),), leaders=("howe",)),))
    assert "AAM-MOV-11" in done(judged(alone, context(data=data)))
    shared = replace(alone, left=(BattleSide(side="british", sp=(("brit_regular", 30),),
                                             leaders=("howe", "clinton")),))
    assert "AAM-MOV-11" in ids(judged(shared, context(data=data)), "reminder")
