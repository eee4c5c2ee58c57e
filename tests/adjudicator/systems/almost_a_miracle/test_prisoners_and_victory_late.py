"""The game's end (AaM 13.1.1, 13.1.3), the long games' victory conditions (13.4, 16.3),
prisoners (15.1-15.4) and the French entry (14.1, 14.1.2) judged by hand: a legal and an
illegal play each, written from the rulebook."""

from __future__ import annotations

from adjudicator.systems.almost_a_miracle.actions import Arrived, Boxed, SiegeMarked
from adjudicator.systems.almost_a_miracle.data import AaMData, bundled_data
from adjudicator.systems.almost_a_miracle.procedure import AaMProcedure
from adjudicator.systems.almost_a_miracle.state import AaMState, Entity
from adjudicator.systems.common.outcomes import Computed
from adjudicator.systems.common.places import Place, PlaceKind
from adjudicator.systems.common.sequencer import LogEnded, NewTurn
from tests.adjudicator.systems.almost_a_miracle.rulekit import (
    context,
    done,
    ids,
    judged,
    position,
)

C, B = "continental", "british"


def complete() -> AaMData:
    """The bundled data with its map taken as complete (as a user's data file makes it)."""
    data = bundled_data()
    status = data.map_status.model_copy(update={"areas_complete": True})
    return data.model_copy(update={"map_status": status})


def peace_in_ne_and_pa() -> AaMState:
    """The King's Peace in New England (Boston, Newport) and Pennsylvania (Philadelphia):
    British in the capitals, a Royal Governor in each colony, no Continental regulars."""
    state = position(("sp:brit_regular:10", "NE13"), ("sp:brit_regular:5", "NE10"),
                     ("governor", "NE13"), ("sp:brit_regular:5", "P20"), ("governor", "P20"),
                     ("sp:cont_regular:10", "Y13"))
    return state


def month(turn: str) -> NewTurn:
    return NewTurn(step=30, turn=turn, reason="the Year and Month")


# AAM-VIC-02 ------------------------------------------------------------------------------


def test_the_game_ends_with_the_kings_peace_in_two_colonies_a_british_win() -> None:
    """13.1.1: "Winning the Campaign Game requires establishing 'the King's Peace' in at
    least two colonies at the end of the game"."""
    outcomes = judged(LogEnded(step=40), context(
        data=complete(), state=peace_in_ne_and_pa(),
        proc=AaMProcedure(month_shown="1779-11")))
    winner = [o for o in outcomes if isinstance(o, Computed) and o.kind == "winner"]
    assert winner and winner[0].result["winner"] == "british"
    assert "AAM-VIC-02" in done(outcomes)


def test_the_game_ends_with_one_colony_a_continental_win() -> None:
    """13.1.3: "If the British Player cannot establish his King's Peace Victory Condition at
    the end of the game, the Continental player wins the game"."""
    state = peace_in_ne_and_pa()
    state.pieces["ra"] = (Entity("sp", "cont_regular", 2), Place(PlaceKind.SPACE, "P19"))
    outcomes = judged(LogEnded(step=40), context(
        data=complete(), state=state, proc=AaMProcedure(month_shown="1779-11")))
    winner = [o for o in outcomes if isinstance(o, Computed) and o.kind == "winner"]
    assert winner and winner[0].result["winner"] == "continental"


def test_a_log_ending_before_the_last_month_is_no_game_end() -> None:
    """17.0: "All campaign scenarios end on the November 1779 turn"."""
    outcomes = judged(LogEnded(step=40), context(
        data=complete(), state=peace_in_ne_and_pa(),
        proc=AaMProcedure(month_shown="1778-05")))
    assert not any(isinstance(o, Computed) for o in outcomes)
    assert "AAM-VIC-02" not in done(outcomes)


# AAM-VIC-06, AAM-VIC-07, AAM-OPT-03 -------------------------------------------------------


def test_historical_duration_two_colonies_after_october_1778_win_at_once() -> None:
    """13.4: after October 1778 the British "can achieve Automatic Victory with the King's
    Peace in two colonies"."""
    ctx = context(data=complete(), state=peace_in_ne_and_pa(),
                  proc=AaMProcedure(month_shown="1778-11"), options=("historical-duration",))
    assert "AAM-VIC-06" in ids(judged(month("1778-12"), ctx))
    before = context(data=complete(), state=peace_in_ne_and_pa(),
                     proc=AaMProcedure(month_shown="1778-09"),
                     options=("historical-duration",))
    assert "AAM-VIC-06" not in ids(judged(month("1778-10"), before))


def test_historical_duration_one_colony_wins_at_the_end() -> None:
    """13.4: "The British player need only achieve the King's Peace in one colony at the
    game's end" (the game then ends in October 1781)."""
    state = peace_in_ne_and_pa()
    state.pieces["ra"] = (Entity("sp", "cont_regular", 2), Place(PlaceKind.SPACE, "P19"))
    outcomes = judged(LogEnded(step=40), context(
        data=complete(), state=state, proc=AaMProcedure(month_shown="1781-10"),
        options=("historical-duration",)))
    winner = [o for o in outcomes if isinstance(o, Computed) and o.kind == "winner"]
    assert winner and winner[0].result["winner"] == "british"
    assert "AAM-VIC-06" in done(outcomes)


def test_alternate_history_keeps_the_original_conditions() -> None:
    """16.3: "the original requirements for the King's Peace are in effect for the entire
    game; they do not 'expire' in October 1778"."""
    ctx = context(data=complete(), state=peace_in_ne_and_pa(),
                  proc=AaMProcedure(month_shown="1778-11"),
                  options=("alternate-history", "historical-duration"))
    outcomes = judged(month("1778-12"), ctx)
    assert not ids(outcomes) & {"AAM-VIC-04", "AAM-VIC-06"}
    assert {"AAM-VIC-07", "AAM-OPT-03"} <= done(outcomes)


# AAM-POW-01 .. -05 ----------------------------------------------------------------------


def boxed(key: str, origin: str, destination: str, *, side: str = C, kind: str = "sp",
          value: int = 2) -> Boxed:
    area = next((p.split(":", 1)[1] for p in (origin, destination) if p.startswith("space:")),
                None)
    return Boxed(step=5, side=side, piece="x", kind=kind, key=key, value=value, origin=origin,
                 destination=destination, area=area)


def test_only_regulars_are_taken_prisoner() -> None:
    """15.1: "Only regulars who are taken prisoner are kept track of. Militiamen were
    usually paroled to their homes"."""
    state = position(("sp:brit_regular:10", "Y13"))
    militia = judged(boxed("ny_nj_militia", "space:Y13", "box:leader_pow_continental"),
                     context(state=state))
    assert "AAM-POW-01" in ids(militia)
    regulars = judged(boxed("cont_regular", "space:Y13", "box:leader_pow_continental"),
                      context(state=state))
    assert "AAM-POW-01" in done(regulars) and not ids(regulars)


def test_cavalry_come_back_as_infantry() -> None:
    """15.1.4: "Both cavalry and infantry regular SPs are recorded as infantry, and when a
    prisoner exchange occurs are returned as infantry"."""
    state = position(("boo:continental", "P19"))
    cavalry = judged(boxed("cont_cavalry", "box:leader_pow_continental", "space:P19"),
                     context(phase="reinforcement", state=state))
    assert "AAM-POW-02" in ids(cavalry)
    infantry = judged(boxed("cont_regular", "box:leader_pow_continental", "space:P19"),
                      context(phase="reinforcement", state=state))
    assert {"AAM-POW-02", "AAM-POW-05"} <= done(infantry) and not ids(infantry)


def test_returning_prisoners_go_on_their_boo() -> None:
    """15.4.2: "Returning POW SPs are immediately placed on their respective BoO. If the BoO
    is not on the board, they enter with the BoO when it returns to the map"."""
    state = position(("boo:continental", "P19"))
    away = judged(boxed("cont_regular", "box:leader_pow_continental", "space:P20"),
                  context(phase="reinforcement", state=state))
    assert "AAM-POW-05" in ids(away)
    no_base = judged(boxed("cont_regular", "box:leader_pow_continental", "space:P20"),
                     context(phase="reinforcement", state=AaMState()))
    assert "AAM-POW-05" in ids(no_base)


def test_nothing_lost_at_sea_to_the_french_navy_becomes_a_prisoner() -> None:
    """15.1.5: "None of the SPs eliminated for being at sea when the French Navy is in
    American waters (Case 14.1.6) are placed on the POW track, nor are the accompanying
    Leaders placed in the Leader POW box"."""
    french = position(("sp:french_regular:5", "P20"))
    taken = judged(boxed("clinton", "box:at_sea", "box:leader_pow_british", side=B,
                         kind="leader", value=0), context(state=french))
    assert "AAM-POW-03" in ids(taken)
    lost = judged(boxed("brit_regular", "box:at_sea", "box:eliminated", side=B),
                  context(state=french))
    assert "AAM-POW-03" in done(lost)
    no_french = judged(boxed("clinton", "box:at_sea", "box:leader_pow_british", side=B,
                             kind="leader", value=0), context(state=AaMState()))
    assert "AAM-POW-03" not in ids(no_french)


def test_a_leader_is_captured_only_where_the_enemy_is() -> None:
    """15.2: leaders who fail their escape roll, lose a Final Assault, or are "in an Area
    without any friendly SPs when an enemy force enters that Area" are captured."""
    enemy = position(("sp:brit_regular:20", "Y39"))
    taken = judged(boxed("montgomery", "space:Y39", "box:leader_pow_continental",
                         kind="leader", value=0), context(state=enemy))
    assert "AAM-POW-04" in done(taken)
    alone = judged(boxed("montgomery", "space:Y39", "box:leader_pow_continental",
                         kind="leader", value=0),
                   context(state=position(("sp:cont_regular:5", "Y39"))))
    assert "AAM-POW-04" in ids(alone)


# AAM-FR-01, AAM-FR-06 -------------------------------------------------------------------


def french_arrive(area: str = "P20") -> Arrived:
    return Arrived(step=9, side=C, area=area, pieces=("f",), sp=(("french_regular", 5),))


def test_the_french_enter_once_the_marker_can_be_reached() -> None:
    """14.1: "The French Field Force enters when the Month/Year Markers reach the turn with
    the French Intervention Marker" (17.3: October 1778; 11.5.3: one turn earlier a month
    at most)."""
    proc = AaMProcedure(first_turn="1777-06")
    late = judged(french_arrive(), context(phase="reinforcement", turn="1778-10", proc=proc))
    assert "AAM-FR-01" in done(late)
    early = judged(french_arrive(), context(phase="reinforcement", turn="1777-09", proc=proc))
    assert "AAM-FR-01" in ids(early, "unchecked") and "AAM-FR-01" not in ids(early)


def test_the_french_defend_with_the_continentals() -> None:
    """14.1.2: the French "may defend and conduct sieges jointly with Continental forces in
    the same Area"."""
    state = position(("sp:french_regular:1", "Y39"), ("sp:cont_regular:10", "Y39"),
                     ("sp:brit_regular:23", "Y39"))
    outcomes = judged(SiegeMarked(step=6, side=B, area="Y39", before=0, after=1,
                                  besieger=B),
                      context(state=state))
    assert "AAM-FR-06" in done(outcomes)


# AAM-FR-05, AAM-SCN-04, AAM-VIC-08 --------------------------------------------------------


def charted() -> AaMData:
    """A Reinforcement Chart whose French enter in July 1778 (made-up fixture row)."""
    data = bundled_data()
    table = data.tables["reinforcement_schedule"].model_copy(update={"rows": (
        {"turn": "1778-07", "side": C, "unit": "french_regular", "sp": 20, "area": "NE10"},)})
    return data.model_copy(update={"tables": {**data.tables, "reinforcement_schedule": table}})


def test_the_1778_french_enter_as_the_chart_says() -> None:
    """14.1.8: "1778 Scenario Only The French enter and exit the game as per the
    Reinforcement Chart"."""
    proc = AaMProcedure(first_turn="1778-05")
    on_time = judged(french_arrive("NE10"), context(phase="reinforcement", turn="1778-07",
                                                    data=charted(), proc=proc))
    assert "AAM-FR-05" in done(on_time) and "AAM-FR-05" not in ids(on_time)
    early = judged(french_arrive("NE10"), context(phase="reinforcement", turn="1778-06",
                                                  data=charted(), proc=proc))
    assert "AAM-FR-05" in ids(early)


def test_a_battle_scenario_ends_in_december_of_its_first_year() -> None:
    """17.0: Battle Scenarios; 17.3.3: "Battle Scenario ends December 1777"."""
    proc = AaMProcedure(first_turn="1777-06")
    options = ("battle-scenario",)
    assert "AAM-SCN-04" in done(judged(month("1777-12"), context(proc=proc, options=options)))
    assert "AAM-SCN-04" in ids(judged(month("1778-01"), context(proc=proc, options=options)))
    assert "AAM-SCN-04" not in ids(judged(month("1778-01"), context(proc=proc)))


def test_only_the_1778_battle_scenario_sees_the_french() -> None:
    """17.0: "Only in the 1778 Battle scenario does the Continental player roll for French
    Intervention"."""
    options = ("battle-scenario",)
    other = judged(french_arrive(), context(phase="reinforcement", turn="1777-10",
                                            proc=AaMProcedure(first_turn="1777-06"),
                                            options=options))
    assert "AAM-SCN-04" in ids(other)
    in_1778 = judged(french_arrive(), context(phase="reinforcement", turn="1778-07",
                                              proc=AaMProcedure(first_turn="1778-05"),
                                              options=options))
    assert "AAM-SCN-04" in done(in_1778)


def test_the_1777_battle_scenario_winner() -> None:
    """17.3.3: "British Victory: Control Albany, Oswego, Newport, New York City, and all
    cities in Canada. Continental Victory: Prevent British Victory"."""
    state = position(("sp:brit_regular:5", "Y27"), ("sp:brit_regular:5", "Y49"),
                     ("sp:brit_regular:5", "NE10"), ("sp:cont_regular:5", "P19"))
    outcomes = judged(LogEnded(step=40), context(
        state=state, proc=AaMProcedure(first_turn="1777-06", month_shown="1777-12"),
        options=("battle-scenario",)))
    winner = [o for o in outcomes if isinstance(o, Computed) and o.kind == "battle_winner"]
    assert winner and winner[0].result["winner"] == "continental"  # New York City not held
    assert "AAM-VIC-08" in done(outcomes)
