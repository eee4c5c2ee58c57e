"""The rules of the Reinforcement Phase that read the Reinforcement Schedule (AaM 6.1.2,
6.1.4, 6.2.1, 6.2.3; the fixture's made-up schedule) and the baggage train limit's
permissions (6.3.1, 5.4.7d), judged by hand: each with a legal and an illegal play."""

from __future__ import annotations

from functools import cache

from adjudicator.systems.almost_a_miracle.actions import Arrived, Left
from adjudicator.systems.almost_a_miracle.data import AaMData, load_data
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
from tests.conftest import REPO

DATA = REPO / "fixtures" / "almost-a-miracle" / "data" / "fixture.toml"
C, B = "continental", "british"


@cache
def fixture() -> AaMData:
    """The fixture's data: its made-up schedule (1777-05: 10 "(P)" SP at Quebec; 1778-06:
    10 British regular SP withdrawn; 1776-11: Howe withdrawn)."""
    return load_data([DATA])


def shown(proc: AaMProcedure, *steps: tuple[str, int]) -> AaMProcedure:
    """A procedure that has seen these Reinforcement Phase steps (label, log step)."""
    return AaMProcedure(phase_steps=tuple(("reinforcement", label, None, step)
                                          for label, step in steps), phases_shown=3)


def leaving(turn: str) -> PhaseChange:
    return PhaseChange(step=20, turn=turn, phase="logistics", knowledge=Knowledge.SHOWN,
                       reason="shown", previous="reinforcement")


def arrived(area: str, side: str, sp: tuple[tuple[str, int], ...],
            origins: tuple[str, ...] = ()) -> Arrived:
    return Arrived(step=9, side=side, area=area, pieces=("new",), sp=sp, origins=origins)


def boxed(state: AaMState, entity_id: str, box: str) -> AaMState:
    entity = Entity.parse(entity_id)
    assert entity is not None
    state.pieces[f"box-{entity_id}"] = (entity, Place(PlaceKind.BOX, box))
    return state


# AAM-REINF-09 ------------------------------------------------------------------------


def test_monthly_regulars_do_not_arrive_while_the_boo_is_off_the_map() -> None:
    """6.1.2: "The monthly 2 Continental Regular SP reinforcements placed at their BoO does
    not arrive on turns in which the BoO is not on the map"."""
    state = boxed(position(("sp:cont_regular:2", "P20")), "boo:continental", "turn_track")
    outcomes = judged(arrived("P20", C, (("cont_regular", 2),)),
                      context(phase="reinforcement", turn="1776-07", data=fixture(),
                              state=state, proc=AaMProcedure(phases_shown=3)))
    assert "AAM-REINF-09" in ids(outcomes)


def test_monthly_regulars_arrive_at_the_boo_on_the_map() -> None:
    """6.1.2: the monthly 2 SPs are "placed at their BoO"."""
    state = position(("sp:cont_regular:2", "P19"), ("boo:continental", "P19"))
    outcomes = judged(arrived("P19", C, (("cont_regular", 2),)),
                      context(phase="reinforcement", turn="1776-07", data=fixture(),
                              state=state, proc=AaMProcedure(phases_shown=3)))
    assert "AAM-REINF-09" in done(outcomes)
    assert ids(outcomes) == set()


def test_scheduled_regulars_arrive_in_a_capital_while_the_boo_is_off() -> None:
    """6.1.3: with the BoO off the board, "Continental regulars [...] arrive in any Colonial
    capital": January 1777's scheduled 4 cavalry SPs are not the monthly 2."""
    state = boxed(position(("sp:cont_cavalry:4", "P20")), "boo:continental", "turn_track")
    outcomes = judged(arrived("P20", C, (("cont_cavalry", 4),)),
                      context(phase="reinforcement", turn="1777-01", data=fixture(),
                              state=state, proc=AaMProcedure(phases_shown=3)))
    assert "AAM-REINF-09" in done(outcomes)
    assert "AAM-REINF-09" not in ids(outcomes)


def test_returning_troops_are_not_the_monthly_regulars() -> None:
    """6.1: "All Leaders and SPs that had surrendered and are slotted to arrive this turn
    (on the Turn Record Track)" are placed too: not counted against 6.1.2."""
    state = boxed(position(("sp:cont_regular:2", "P20")), "boo:continental", "turn_track")
    outcomes = judged(arrived("P20", C, (("cont_regular", 2),), ("box:turn_track",)),
                      context(phase="reinforcement", turn="1776-07", data=fixture(),
                              state=state, proc=AaMProcedure(phases_shown=3)))
    assert "AAM-REINF-09" not in ids(outcomes)


# AAM-REINF-11 ------------------------------------------------------------------------


def test_provincials_whose_space_continentals_hold_are_not_placed_elsewhere() -> None:
    """6.1.4: "If arriving British Regular SPs are denoted with a "(P)", and their arrival
    space is occupied by Continental forces, these reinforcements are lost permanently"."""
    state = position(("sp:cont_regular:5", "C24"), ("sp:brit_regular:10", "C33"))
    outcomes = judged(arrived("C33", B, (("brit_regular", 10),)),
                      context(phase="reinforcement", turn="1777-05", data=fixture(),
                              state=state, proc=AaMProcedure(phases_shown=3)))
    assert "AAM-REINF-11" in ids(outcomes)


def test_provincials_lost_and_none_placed_is_legal() -> None:
    """6.1.4: the "(P)" SPs are lost: the phase ends with none of them placed."""
    state = position(("sp:cont_regular:5", "C24"))
    outcomes = judged(leaving("1777-05"), context(phase="reinforcement", turn="1777-05",
                                                  data=fixture(), state=state,
                                                  proc=AaMProcedure(phases_shown=3)))
    assert "AAM-REINF-11" in done(outcomes)


def test_provincials_arrive_where_no_continentals_are() -> None:
    """6.1.4 applies only when the arrival space "is occupied by Continental forces"."""
    state = position(("sp:brit_regular:10", "C24"))
    outcomes = judged(arrived("C24", B, (("brit_regular", 10),)),
                      context(phase="reinforcement", turn="1777-05", data=fixture(),
                              state=state, proc=AaMProcedure(phases_shown=3)))
    assert "AAM-REINF-11" not in ids(outcomes)


# AAM-REINF-02 ------------------------------------------------------------------------


def test_a_withdrawal_short_for_want_of_sps_is_legal() -> None:
    """6.2.1: "If there are insufficient SPs available to withdraw, ignore the unavailable
    amount" (June 1778: 10 British regular SP withdrawn; only 4 were on the map)."""
    state = position(("leader:clinton", "Y13"))
    proc = shown(AaMProcedure(), ("withdrawal:brit_regular:4", 5))
    outcomes = judged(leaving("1778-06"), context(phase="reinforcement", turn="1778-06",
                                                  data=fixture(), state=state, proc=proc))
    assert "AAM-REINF-02" in done(outcomes)


def test_a_withdrawal_short_with_sps_still_available_is_reminded() -> None:
    """6.2.1: only "the unavailable amount" is ignored; 6.2.5 from "any map Area that is not
    under siege"."""
    state = position(("sp:brit_regular:8", "Y13"))
    proc = shown(AaMProcedure(), ("withdrawal:brit_regular:4", 5))
    outcomes = judged(leaving("1778-06"), context(phase="reinforcement", turn="1778-06",
                                                  data=fixture(), state=state, proc=proc))
    assert "AAM-REINF-02" in ids(outcomes, "reminder")


def test_sps_under_siege_are_not_available_to_withdraw() -> None:
    """6.2.5: "from any map Area that is not under siege"."""
    state = position(("sp:brit_regular:8", "Y13"), ("siege:1", "Y13"))
    proc = shown(AaMProcedure(), ("withdrawal:brit_regular:4", 5))
    outcomes = judged(leaving("1778-06"), context(phase="reinforcement", turn="1778-06",
                                                  data=fixture(), state=state, proc=proc))
    assert "AAM-REINF-02" in done(outcomes)


# AAM-REINF-03 ------------------------------------------------------------------------


def test_a_killed_leaders_withdrawal_is_made_good() -> None:
    """6.2.3: "If a Leader has been killed, the withdrawal is not canceled; you must remove
    another Leader with the same or better Tactical Rating" (Howe 3, Cornwallis 3)."""
    state = boxed(AaMState(), "leader:howe", "eliminated")
    proc = shown(AaMProcedure(), ("leader_out:cornwallis", 5))
    outcomes = judged(leaving("1776-11"), context(phase="reinforcement", turn="1776-11",
                                                  data=fixture(), state=state, proc=proc))
    assert "AAM-REINF-03" in done(outcomes)


def test_a_killed_leaders_withdrawal_by_a_worse_leader_is_illegal() -> None:
    """6.2.3: the same "or better Tactical Rating" (Clinton 2 for Howe 3)."""
    state = boxed(AaMState(), "leader:howe", "eliminated")
    proc = shown(AaMProcedure(), ("leader_out:clinton", 5))
    outcomes = judged(leaving("1776-11"), context(phase="reinforcement", turn="1776-11",
                                                  data=fixture(), state=state, proc=proc))
    assert "AAM-REINF-03" in ids(outcomes)


def test_a_captured_leaders_withdrawal_waits() -> None:
    """6.2.4: "If a Leader is captured, his withdrawal is delayed until he is exchanged"."""
    state = boxed(AaMState(), "leader:howe", "leader_pow_british")
    outcomes = judged(leaving("1776-11"), context(phase="reinforcement", turn="1776-11",
                                                  data=fixture(), state=state,
                                                  proc=shown(AaMProcedure())))
    assert "AAM-REINF-03" not in ids(outcomes) | done(outcomes)


# AAM-REINF-17, AAM-SUP-16 --------------------------------------------------------------


def test_trains_over_the_limit_need_not_be_removed() -> None:
    """6.3.1: "if he is over the limit, he is not required to remove baggage trains/
    magazines from the board" (6 Continental trains, limit 5)."""
    state = position(*((f"bt:{C}", "P19") for _ in range(6)), ("sp:cont_regular:5", "P19"))
    outcomes = judged(leaving("1776-06"), context(phase="reinforcement", data=fixture(),
                                                  state=state, proc=shown(AaMProcedure())))
    assert "AAM-REINF-17" in done(outcomes)
    assert "AAM-REINF-17" not in ids(outcomes, "reminder") | ids(outcomes)


def test_a_train_over_the_limit_may_be_taken_off() -> None:
    """6.3.1: removing one to reflect the limit is allowed, not required."""
    state = position(*((f"bt:{C}", "P19") for _ in range(5)))
    outcomes = judged(Left(step=8, side=C, area="P19", pieces=("t",), sp=(), trains=1),
                      context(phase="reinforcement", data=fixture(), state=state,
                              proc=shown(AaMProcedure())))
    assert "AAM-REINF-17" in done(outcomes)


def test_placing_over_the_limit_is_still_illegal() -> None:
    """6.3.1: "If the number on the board is equal to or larger than the limit, then the
    [...] player may not place any baggage trains from the available pool" (7 on the board,
    at the highest limit, 6.3.2)."""
    state = position(*((f"bt:{C}", "P19") for _ in range(8)), ("boo:continental", "P19"))
    outcomes = judged(Arrived(step=9, side=C, area="P19", pieces=("t",), sp=(), trains=1),
                      context(phase="reinforcement", data=fixture(), state=state,
                              proc=shown(AaMProcedure())))
    assert "AAM-REINF-18" in ids(outcomes)


def test_a_capture_does_not_lower_the_limit() -> None:
    """5.4.7d: "Losing a baggage train or magazine to capture does not reduce a player's
    baggage train/magazine limit": 4 on the board, one taken by the British, a fifth
    placed."""
    state = position(*((f"bt:{C}", "P19") for _ in range(5)), ("boo:continental", "P19"),
                     (f"bt:{B}:captured", "Y13"))
    outcomes = judged(Arrived(step=9, side=C, area="P19", pieces=("t",), sp=(), trains=1),
                      context(phase="reinforcement", data=fixture(), state=state,
                              proc=shown(AaMProcedure())))
    assert {"AAM-SUP-16", "AAM-REINF-18"} <= done(outcomes)
    assert ids(outcomes) == set()


# AAM-REINF-23 ------------------------------------------------------------------------


def test_leaders_exchanged_rank_for_rank() -> None:
    """15.5: "Leaders are also exchanged on an equal basis (i.e. colonel for colonel, 1-star
    general for 1-star general, 2-star general for 2-star general)" (Percy and Greene are
    1-star generals in the fixture)."""
    proc = shown(AaMProcedure(), ("exchange:percy", 5), ("exchange:greene", 6))
    outcomes = judged(leaving("1777-06"), context(phase="reinforcement", turn="1777-06",
                                                  data=fixture(), proc=proc))
    assert "AAM-REINF-23" in done(outcomes)


def test_leaders_exchanged_of_unequal_rank_are_reminded() -> None:
    """15.5: "on an equal basis"; 15.5.2: other trades only "on whatever basis is amenable
    to the parties involved" (Clinton, 2-star, for Greene, 1-star)."""
    proc = shown(AaMProcedure(), ("exchange:clinton", 5), ("exchange:greene", 6))
    outcomes = judged(leaving("1777-06"), context(phase="reinforcement", turn="1777-06",
                                                  data=fixture(), proc=proc))
    assert "AAM-REINF-23" in ids(outcomes, "reminder")


def test_a_leader_put_back_from_the_pow_box_is_an_exchange() -> None:
    """15.4: the exchange is made in the Reinforcement Phase; the leader may go back on
    the map."""
    from adjudicator.systems.almost_a_miracle.phase_steps import step_labels

    back = Arrived(step=5, side=B, area="Y13", pieces=("p",), sp=(), leaders=("percy",),
                   origins=("box:leader_pow_british",))
    assert "exchange:percy" in step_labels(back, "reinforcement")


def test_returning_pows_on_the_british_boo_are_not_the_provincials() -> None:
    """15.4.2: "Returning POW SPs are immediately placed on their respective BoO": SPs put
    on the British BoO are not counted against 6.1.4."""
    state = position(("sp:cont_regular:5", "C24"), ("sp:brit_regular:3", "Y13"),
                     ("boo:british", "Y13"))
    outcomes = judged(arrived("Y13", B, (("brit_regular", 3),)),
                      context(phase="reinforcement", turn="1777-05", data=fixture(),
                              state=state, proc=AaMProcedure(phases_shown=3)))
    assert "AAM-REINF-11" not in ids(outcomes)


def test_sps_after_the_political_events_roll_are_not_judged_against_the_schedule() -> None:
    """6.6: the Political Event's result is carried out at once: it may place SPs."""
    state = boxed(position(("sp:cont_regular:2", "P20")), "boo:continental", "turn_track")
    proc = AaMProcedure(phases_shown=3, political_rolled=True)
    outcomes = judged(arrived("P20", C, (("cont_regular", 2),)),
                      context(phase="reinforcement", turn="1776-07", data=fixture(),
                              state=state, proc=proc))
    assert "AAM-REINF-09" not in ids(outcomes)


def test_reinforcements_of_the_month_are_not_available_to_withdraw() -> None:
    """6.2.2: "Withdrawals are performed first, and then reinforcements": SPs that arrived
    after the withdrawal were not there to withdraw."""
    state = position(("sp:brit_regular:10", "C33"))
    proc = shown(AaMProcedure(), ("withdrawal:brit_regular:3", 5),
                 ("arrival:brit_regular:10:C33:new", 6))
    outcomes = judged(leaving("1778-06"), context(phase="reinforcement", turn="1778-06",
                                                  data=fixture(), state=state, proc=proc))
    assert "AAM-REINF-02" in done(outcomes)


def test_a_leader_withdrawn_into_the_eliminated_box_was_not_killed() -> None:
    """6.2: the leader due is withdrawn this turn; put in the Eliminated box he is not a
    killed leader needing a substitute (6.2.3)."""
    state = boxed(AaMState(), "leader:howe", "eliminated")
    proc = shown(AaMProcedure(), ("leader_out:howe", 5))
    outcomes = judged(leaving("1776-11"), context(phase="reinforcement", turn="1776-11",
                                                  data=fixture(), state=state, proc=proc))
    assert "AAM-REINF-03" not in ids(outcomes)
