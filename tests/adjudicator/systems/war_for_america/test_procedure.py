"""War for America's sequence of play driven with typed actions (WfA 6.0–6.6, 7.0, 9.1–9.11,
18.1; digest §2, X-10, X-11, X-12, W-7)."""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction

import pytest

from adjudicator.systems.common.actions import Action, PhaseChange
from adjudicator.systems.common.places import Place, PlaceKind
from adjudicator.systems.common.sequence import Knowledge
from adjudicator.systems.war_for_america.actions import (
    BRITISH,
    COLONIAL,
    LEADER_POOL,
    ActionCardPlayed,
    Activation,
    AdministrationStep,
    CardUse,
    FleetMoved,
    ForceActivated,
    ForceMoved,
    FreeAction,
    FreeKind,
    InitiativeDie,
    LakeNavyMoved,
    LeaderPlaced,
    LeaderTransferred,
    MagazineRemoved,
    Pass,
    RaiseKind,
    RetreatBeforeCombat,
    RoundMarkerMoved,
    TurnMarkerMoved,
    UnitsRaised,
    WinterStep,
    opponent,
)
from adjudicator.systems.war_for_america.procedure import (
    ACTION_CYCLE,
    ADMINISTRATION,
    DIGEST_CALENDAR,
    REINFORCEMENT,
    SETUP,
    SPRING_BOX,
    WINTER_BOX,
    WINTER_STEPS,
    Advance,
    Calendar,
    CycleEnded,
    PulseClosed,
    PulseOpened,
    RoundOpened,
    Sequencer,
    TurnBegan,
    WfAProcedure,
    rounds_distribution,
    winter_march,
)


class Log:
    """Typed actions numbered as steps, fed one at a time to the machine."""

    def __init__(self, start: WfAProcedure | None = None) -> None:
        self.sequencer = Sequencer()
        self.proc = start if start is not None else WfAProcedure.at_start()
        self.steps = 0
        self.advances: list[Advance] = []

    def feed(self, *actions: Action) -> list[Advance]:
        found = []
        for action in actions:
            advance = self.sequencer.advance(self.proc, action)
            self.proc = advance.after
            self.advances.append(advance)
            found.append(advance)
        return found

    def step(self) -> int:
        self.steps += 1
        return self.steps

    def activate(self, side: str, space: str = "boston") -> Advance:
        return self.feed(ForceActivated(step=self.step(), side=side, kind=Activation.MOVE,
                                        space=space))[0]

    def dice(self, british: int, colonial: int) -> list[Advance]:
        return self.feed(InitiativeDie(step=self.step(), side=BRITISH, value=british),
                         InitiativeDie(step=self.step(), side=COLONIAL, value=colonial))

    def round(self, british: int, colonial: int) -> None:
        """A round: the dice, the winner's AP, the other's AP."""
        self.dice(british, colonial)
        first = BRITISH if british > colonial else COLONIAL
        self.activate(first)
        self.activate(opponent(first))

    def markers(self, year: int, season: str) -> Advance:
        return self.feed(TurnMarkerMoved(step=self.step(), year=year, season=season))[0]

    def facts(self, kind: type) -> list[Action]:
        return [fact for advance in self.advances for fact in advance.facts
                if isinstance(fact, kind)]


def turn_one(log: Log) -> None:
    """Turn 1 (X-11): British AP, Colonial AP, initiative, the 2nd round."""
    log.activate(BRITISH)
    log.activate(COLONIAL)
    log.round(2, 5)


def pulses(log: Log) -> Sequence[tuple[str, int | None, int]]:
    return [(f.pulse.side, f.pulse.round, f.pulse.number)
            for f in log.facts(PulseOpened) if isinstance(f, PulseOpened)]


def test_game_start_is_1775_first_season_turn_one_with_two_rounds() -> None:
    """X-10 (WfA 6.0, 6.1): Year 1775, the first Seasonal box, AP markers on 2."""
    start = WfAProcedure.at_start()
    sequencer = Sequencer()
    assert (start.year, start.season, start.first_turn) == (1775, DIGEST_CALENDAR.first, True)
    assert start.moment.phase == SETUP
    assert sequencer.limit(start) == 2


def test_turn_one_runs_british_colonial_then_an_initiative_round_then_administration() -> None:
    """X-11 (WfA 6.4–6.6): two rounds, the first without dice, then Administration."""
    log = Log()
    log.feed(UnitsRaised(step=log.step(), side=BRITISH, kind=RaiseKind.REINFORCEMENT,
                         place="europe_box"))
    first = log.activate(BRITISH)
    assert first.placement.phase == ACTION_CYCLE and first.placement.round == 1
    log.activate(COLONIAL)
    log.dice(3, 3)  # a Turn 1 tie: re-rolled (6.5), same round
    log.dice(2, 5)
    log.activate(COLONIAL)
    log.activate(BRITISH)
    admin = log.feed(AdministrationStep(step=log.step(), kind="victory_check"))[0]
    assert pulses(log) == [(BRITISH, 1, 1), (COLONIAL, 1, 2), (COLONIAL, 2, 1),
                           (BRITISH, 2, 2)]
    ended = log.facts(CycleEnded)
    assert len(ended) == 1 and isinstance(ended[0], CycleEnded) and ended[0].rounds == 2
    assert admin.placement.phase == ADMINISTRATION
    rounds = [f for f in log.facts(RoundOpened) if isinstance(f, RoundOpened)]
    assert [(r.round, r.initiative.pairs if r.initiative else 0) for r in rounds] == [
        (1, 0), (2, 1), (2, 2)]
    began = log.markers(1775, "spring")
    assert began.placement.phase == REINFORCEMENT
    assert log.proc.first_turn is False and log.sequencer.limit(log.proc) == 4
    turns = [f for f in log.facts(TurnBegan) if isinstance(f, TurnBegan)]
    assert turns[-1].expected == (1775, "spring") and turns[-1].shown


def test_back_to_back_pulses_across_rounds() -> None:
    """WfA 9.1 Note: the second mover of a round may win the next initiative."""
    log = Log(WfAProcedure.at_start())
    turn_one(log)
    log.markers(1775, "spring")
    log.round(6, 1)  # British, Colonial
    log.round(1, 6)  # Colonial, British
    assert pulses(log)[-4:] == [(BRITISH, 1, 1), (COLONIAL, 1, 2), (COLONIAL, 2, 1),
                                (BRITISH, 2, 2)]


def test_a_tie_after_turn_one_ends_the_cycle_after_its_round() -> None:
    """WfA 9.1, 20.4, digest W-7: the tie round is the last; the most recent winner (A-4)
    is due first."""
    log = Log()
    turn_one(log)
    log.markers(1775, "spring")
    log.round(6, 1)
    log.dice(4, 4)
    opened = log.activate(BRITISH)
    fact = next(f for f in opened.facts if isinstance(f, PulseOpened))
    assert fact.expected == BRITISH and fact.rule == "WFA-SEQ-04"
    log.activate(COLONIAL)
    log.feed(AdministrationStep(step=log.step(), kind="victory_check"))
    ended = [f for f in log.facts(CycleEnded) if isinstance(f, CycleEnded)]
    assert ended[-1].rounds == 2 and "tie" in ended[-1].reason


def test_a_tie_in_a_turns_first_round_looks_back_to_the_previous_turns_winner() -> None:
    """Digest §8 A-4: the last initiative winner is the previous turn's in round 1."""
    log = Log()
    turn_one(log)  # the Colonials won Turn 1's initiative
    log.markers(1775, "spring")
    log.dice(2, 2)
    opened = log.activate(BRITISH)
    fact = next(f for f in opened.facts if isinstance(f, PulseOpened))
    assert fact.expected == COLONIAL


def test_winter_has_two_rounds_then_its_end_of_winter_steps() -> None:
    """WfA 9.8, 7.0 Winter Turns Only, 18.4."""
    log = Log(WfAProcedure(year=1777, season="winter", first_turn=False, round=0,
                           moment=WfAProcedure.at_start().moment))
    log.round(5, 2)
    log.round(2, 5)
    step = log.feed(WinterStep(step=log.step(), kind="attrition"))[0]
    assert step.placement.phase == WINTER_STEPS and step.placement.winter is True
    ended = [f for f in log.facts(CycleEnded) if isinstance(f, CycleEnded)]
    assert ended and ended[0].rounds == 2 and "2 Action Rounds" in ended[0].reason


def test_a_log_begun_mid_turn_knows_no_phase_then_no_round() -> None:
    """Nothing shows the phase at first: unknown, with why; then a pulse: the Action
    Cycle, but which round cannot be known."""
    log = Log(WfAProcedure())
    raised = log.feed(UnitsRaised(step=log.step(), side=COLONIAL, kind=RaiseKind.MILITIA,
                                  place="boston"))[0]
    assert raised.placement.phase is None and raised.placement.knowledge is Knowledge.UNKNOWN
    assert "not shown" in raised.placement.reason
    moved = log.feed(ForceMoved(step=log.step(), side=BRITISH, origin="a", destination="b",
                                units=("u1",)))[0]
    assert moved.placement.phase == ACTION_CYCLE and moved.placement.round is None
    assert "round is unknown" in moved.placement.reason
    assert moved.placement.pulse is not None and moved.placement.pulse.side == BRITISH


def test_free_actions_and_reactions_do_not_open_a_pulse() -> None:
    """WfA 9.10: free actions are outside the AP system; a retreat before combat and a
    defensive card belong to the mover's AP."""
    log = Log()
    log.activate(BRITISH)
    rbc = log.feed(RetreatBeforeCombat(step=log.step(), side=COLONIAL, origin="a",
                                       destination="b", roll=1))[0]
    card = log.feed(ActionCardPlayed(step=log.step(), side=COLONIAL, card="c25", name="x",
                                     origin=Place(PlaceKind.HAND, COLONIAL),
                                     destination=Place(PlaceKind.DISCARD),
                                     use=CardUse.DEFENSIVE))[0]
    fleet = log.feed(FleetMoved(step=log.step(), side=BRITISH, fleet="f1", origin="a",
                                destination="b", roll=4))[0]
    assert rbc.placement.free and rbc.placement.pulse is not None
    assert rbc.placement.pulse.side == BRITISH
    assert card.placement.pulse is not None and card.placement.pulse.side == BRITISH
    assert fleet.placement.free and pulses(log) == [(BRITISH, 1, 1)]
    assert log.proc.pulse is not None and log.proc.pulse.cards == ((COLONIAL, "c25"),)


def test_without_logged_markers_a_roll_after_the_cycle_begins_the_next_turn() -> None:
    """The markers never logged: play after the cycle's end is the next turn (inferred)."""
    log = Log(WfAProcedure(year=1776, season="fall", first_turn=False, round=0,
                           moment=WfAProcedure.at_start().moment))
    for _ in range(4):
        log.round(5, 2)
    log.dice(3, 1)
    turns = [f for f in log.facts(TurnBegan) if isinstance(f, TurnBegan)]
    assert len(turns) == 1 and not turns[0].shown
    assert (log.proc.year, log.proc.season, log.proc.round) == (1776, "winter", 1)
    assert log.sequencer.limit(log.proc) == 2


def test_a_second_activation_after_a_complete_round_is_a_new_round_without_dice() -> None:
    log = Log()
    turn_one(log)
    log.markers(1775, "spring")
    log.round(6, 1)
    log.activate(COLONIAL)  # Colonial again, no dice: round 2 inferred
    rounds = [f for f in log.facts(RoundOpened) if isinstance(f, RoundOpened)]
    assert rounds[-1].round == 2 and rounds[-1].initiative is None
    assert rounds[-1].dice_logged


def test_passing_both_sides_ends_the_round_softly() -> None:
    """WfA 9.6, A-5: both passing ends the cycle, but later APs are not over-the-limit."""
    log = Log()
    turn_one(log)
    log.markers(1775, "spring")
    log.dice(5, 1)
    log.feed(Pass(step=log.step(), side=BRITISH), Pass(step=log.step(), side=COLONIAL))
    log.dice(5, 1)
    assert log.proc.over is not None and log.proc.soft_over


@pytest.mark.parametrize(("first_turn", "winter", "expected"), [
    (False, False, {1: Fraction(1, 6), 2: Fraction(5, 36), 3: Fraction(25, 216),
                    4: Fraction(125, 216)}),
    (False, True, {1: Fraction(1, 6), 2: Fraction(5, 6)}),
    (True, False, {2: Fraction(1)}),
])
def test_rounds_played_w7(first_turn: bool, winter: bool,
                          expected: dict[int, Fraction]) -> None:
    """Digest W-7."""
    found = rounds_distribution(first_turn=first_turn, winter=winter)
    assert found == expected and sum(found.values()) == 1


def test_winter_march_x12() -> None:
    """X-12 (WfA 18.1): 2 MP from New England (or Canada, A-36) in Winter; Virginia's
    Tidewater unaffected; no limit outside Winter."""
    assert winter_march(winter=True, region="new_england") == 2
    assert winter_march(winter=True, region="canada") == 2
    assert winter_march(winter=True, region="tidewater") is None
    assert winter_march(winter=False, region="new_england") is None


def test_calendar_wraps_the_year_and_reads_the_track_colours() -> None:
    assert DIGEST_CALENDAR.following(1777, "winter") == (1778, "early_spring")
    assert DIGEST_CALENDAR.following(1777, "fall") == (1777, "winter")
    assert DIGEST_CALENDAR.following(1777, "nonsense") is None
    calendar = Calendar.from_track([("es", "Early Spring", "green"), ("s", "Spring", "green"),
                                    ("ls", "Late Summer", "yellow"), ("w", "Winter", "blue")],
                                   winter=WINTER_BOX, spring=SPRING_BOX)
    spring, later, _, winter = calendar.seasons
    assert spring.early_spring and not later.early_spring and winter.winter
    assert not spring.winter


def test_reinforcements_after_the_cycle_without_markers_start_the_next_turn() -> None:
    log = Log(WfAProcedure(year=1776, season="winter", first_turn=False, round=0,
                           moment=WfAProcedure.at_start().moment))
    log.round(5, 2)
    log.round(5, 2)
    placed = log.feed(UnitsRaised(step=log.step(), side=BRITISH,
                                  kind=RaiseKind.REINFORCEMENT, place="europe_box"))[0]
    assert placed.placement.phase == REINFORCEMENT
    assert (log.proc.year, log.proc.season) == (1777, "early_spring")


def test_play_moves_past_a_shown_phase_forward_never_back() -> None:
    """A phase the log shows wins over inference, except that an AP shows the Action
    Cycle has begun; each inferred change is a `PhaseChange` fact."""
    log = Log(WfAProcedure(year=1776, season="fall", first_turn=False, round=0))
    log.feed(PhaseChange(step=log.step(), turn=None, phase=REINFORCEMENT,
                         knowledge=Knowledge.SHOWN, reason="the phase marker shows it"))
    moved = log.activate(BRITISH)
    assert moved.placement.phase == ACTION_CYCLE and moved.placement.round == 1
    changes = [f for f in moved.facts if isinstance(f, PhaseChange)]
    assert [(c.phase, c.previous, c.forward) for c in changes] == [
        (ACTION_CYCLE, REINFORCEMENT, True)]
    log.markers(1776, "fall")  # the log keeps the Turn Record Track
    log.feed(PhaseChange(step=log.step(), turn=None, phase=ADMINISTRATION,
                         knowledge=Knowledge.SHOWN, reason="the phase marker shows it"))
    late = log.activate(COLONIAL)
    assert late.placement.phase == ADMINISTRATION and late.placement.pulse is None


def test_closing_the_log_closes_the_pulse_under_way() -> None:
    log = Log()
    log.activate(BRITISH)
    closed = log.sequencer.close(log.proc, log.step())
    assert [type(f) for f in closed.facts] == [PulseClosed]
    assert closed.after.pulse is None


def test_a_leader_from_the_pool_spends_the_pulse() -> None:
    """WfA 11.1: activating a leader from the Leader Pool costs the AP."""
    log = Log()
    placed = log.feed(LeaderPlaced(step=log.step(), side=BRITISH, leader="howe",
                                   space="boston", origin=LEADER_POOL))[0]
    assert placed.placement.pulse is not None and placed.placement.pulse.side == BRITISH
    assert log.proc.pulse is not None and log.proc.pulse.main is Activation.LEADER_FROM_POOL


def test_a_tie_ends_the_cycle_even_when_the_round_number_is_unknown() -> None:
    """WfA 9.1, 20.4 in a log begun mid-cycle: the tie round is the last."""
    log = Log(WfAProcedure())
    log.activate(BRITISH)
    log.dice(3, 3)
    log.activate(BRITISH)
    log.activate(COLONIAL)
    log.feed(AdministrationStep(step=log.step(), kind="victory_check"))
    ended = [f for f in log.facts(CycleEnded) if isinstance(f, CycleEnded)]
    assert len(ended) == 1 and ended[0].rounds is None and "tie" in ended[0].reason


# --- actions read in their phase -----------------------------------------------------------


def _lone_leader(log: Log, side: str = BRITISH) -> Advance:
    return log.feed(ForceMoved(step=log.step(), side=side, origin="boston",
                               destination="new_york", units=("leader:howe",), sp=0))[0]


def test_8_1_leaders_moved_alone_in_the_reinforcement_phase_are_transferred() -> None:
    """WfA 8.1: in the Reinforcement Phase leaders "can be transferred"; no AP is spent, so
    no pulse opens, and the transfer is judged as such (LDR-09), not as a move (12.1)."""
    log = Log()
    turn_one(log)
    log.markers(1775, "spring")
    moved = _lone_leader(log)
    assert isinstance(moved.action, LeaderTransferred)
    assert moved.action.leaders == ("leader:howe",) and moved.action.certain
    assert moved.placement.phase == REINFORCEMENT and moved.placement.pulse is None
    assert pulses(log)[-1] == (BRITISH, 2, 2) and log.proc.pulse is None


def test_8_1_a_transfer_after_the_cycle_without_markers_begins_the_next_turn() -> None:
    log = Log(WfAProcedure(year=1776, season="winter", first_turn=False, round=0,
                           moment=WfAProcedure.at_start().moment))
    log.round(5, 2)
    log.round(5, 2)
    moved = _lone_leader(log, COLONIAL)
    assert isinstance(moved.action, LeaderTransferred)
    assert moved.placement.phase == REINFORCEMENT
    assert (log.proc.year, log.proc.season) == (1777, "early_spring")
    assert len(log.facts(CycleEnded)) == 1


def test_a_lone_leaders_move_in_the_cycle_is_his_ap() -> None:
    """In the Action Cycle a leader alone moves by his AP (WfA 12.1): a ForceMoved that
    opens the pulse."""
    log = Log()
    turn_one(log)
    log.markers(1775, "spring")
    log.dice(5, 2)
    moved = _lone_leader(log)
    assert isinstance(moved.action, ForceMoved)
    assert moved.placement.pulse is not None and moved.placement.pulse.side == BRITISH


def test_a_transfer_in_a_log_without_dice_is_not_certain() -> None:
    """With no initiative dice ever logged, a lone leader's move before any AP may be the
    first AP; the transfer is read but marked uncertain (LDR-09 then unchecked)."""
    log = Log(WfAProcedure(year=1776, season="fall", first_turn=False, round=0,
                           moment=WfAProcedure.at_start().moment))
    log.markers(1776, "winter")
    moved = _lone_leader(log)
    assert isinstance(moved.action, LeaderTransferred) and not moved.action.certain


def _last_round_of_winter(log: Log) -> None:
    log.markers(1775, "winter")
    log.round(5, 2)
    log.round(1, 4)  # the 2nd and last Winter round: Colonial, then British


def test_14_18_fleets_moved_after_the_last_ap_are_placed_at_no_cost() -> None:
    """WfA 14.18: a fleet not based by the deadline "is placed in the Europe Box"; 14.22:
    fleets left in the Caribbean are "moved at no cost". After the cycle's last AP such a
    move is forced: no D6, no AP, and never a pulse beyond the cycle."""
    log = Log()
    turn_one(log)
    _last_round_of_winter(log)
    other = log.feed(FleetMoved(step=log.step(), side=COLONIAL, fleet="destaing",
                                origin="newport", destination="europe_box"))[0]
    assert isinstance(other.action, FleetMoved) and other.action.forced
    own = log.feed(FleetMoved(step=log.step(), side=BRITISH, fleet="graves",
                              origin="new_york", destination="europe_box"))[0]
    assert isinstance(own.action, FleetMoved) and own.action.forced
    assert len(log.facts(PulseOpened)) == 8
    assert all(not f.beyond for f in log.facts(PulseOpened) if isinstance(f, PulseOpened))


def test_a_fleet_rolled_for_in_the_last_ap_still_moves_in_it() -> None:
    """The last pulse's own fleet with its D6 is that AP's free fleet move (WfA 9.10,
    14.2), not a forced one."""
    log = Log()
    turn_one(log)
    _last_round_of_winter(log)
    sailed = log.feed(FleetMoved(step=log.step(), side=BRITISH, fleet="graves",
                                 origin="new_york", destination="halifax", roll=4))[0]
    assert isinstance(sailed.action, FleetMoved) and not sailed.action.forced
    assert sailed.placement.pulse is not None and sailed.placement.pulse.side == BRITISH


def test_fleets_moved_in_the_end_of_winter_steps_are_forced() -> None:
    log = Log()
    turn_one(log)
    log.markers(1775, "winter")
    log.feed(WinterStep(step=log.step(), kind="attrition"))
    moved = log.feed(FleetMoved(step=log.step(), side=BRITISH, fleet="graves",
                                origin="new_york", destination="europe_box", roll=3))[0]
    assert isinstance(moved.action, FleetMoved) and moved.action.forced
    assert moved.placement.phase == WINTER_STEPS


def test_a_leaders_only_activation_in_the_reinforcement_phase_spends_no_ap() -> None:
    """The interpreter reads a lone leader's drag as an activation and a move; in the
    Reinforcement Phase neither is an AP (WfA 8.1): no pulse, the transfer is judged."""
    log = Log()
    turn_one(log)
    log.markers(1775, "spring")
    (activated,) = log.feed(ForceActivated(step=log.step(), side=BRITISH,
                                           kind=Activation.MOVE, space="boston",
                                           units=("leader:howe",), sp=0))
    assert activated.action is None and log.proc.pulse is None
    moved = _lone_leader(log)
    assert isinstance(moved.action, LeaderTransferred)
    assert log.proc.pulse is None and log.proc.moment.phase == REINFORCEMENT


def test_the_round_marker_numbers_the_rounds_of_a_log_begun_mid_game() -> None:
    """A log begun in a Winter Turn: the Action Round marker's box tells which round the
    dice open, so the cycle's end after the 2nd Winter round is known (WfA 9.8)."""
    log = Log(WfAProcedure(year=1776, season="winter", first_turn=False))
    log.feed(RoundMarkerMoved(step=log.step(), round=2))
    log.round(5, 2)
    assert log.proc.round == 2
    log.feed(Pass(step=log.step(), side=BRITISH))  # an AP beyond the cycle
    ended = [f for f in log.facts(CycleEnded) if isinstance(f, CycleEnded)]
    assert len(ended) == 1 and ended[0].rounds == 2


def test_a_round_marker_after_the_rounds_dice_numbers_that_round() -> None:
    log = Log(WfAProcedure(year=1776, season="fall", first_turn=False))
    log.dice(5, 2)
    log.feed(RoundMarkerMoved(step=log.step(), round=3))
    assert log.proc.round == 3
    log.feed(RoundMarkerMoved(step=log.step(), round=1))  # a known number is kept
    assert log.proc.round == 3


def _card_out(log: Log, side: str) -> Advance:
    return log.feed(ActionCardPlayed(step=log.step(), side=side, card="c7", name="x",
                                     origin=Place(PlaceKind.HAND, side),
                                     destination=Place(PlaceKind.DISCARD)))[0]


def test_20_10_a_card_out_of_a_hand_before_the_turns_dice_is_a_discard() -> None:
    """20.10: in the Early Spring "both players discard any unwanted cards face up": in a
    log that shows the initiative dice, a card leaving a hand before them opens no AP."""
    log = Log()
    turn_one(log)  # the dice of Turn 1's second round are in the log
    log.markers(1776, "early_spring")
    out = _card_out(log, COLONIAL)
    assert out.placement.phase == REINFORCEMENT and out.placement.pulse is None
    assert log.proc.pulse is None
    log.dice(5, 2)
    assert pulses(log)[-1] == (BRITISH, 2, 2)  # no Colonial pulse was opened
    first = log.activate(BRITISH)
    assert first.placement.pulse is not None and first.placement.pulse.side == BRITISH


def test_a_card_before_any_ap_in_a_log_without_dice_opens_the_ap() -> None:
    """Without initiative dice in the log, the AP may begin with the card: it is kept
    with the pulse (9.9: a card played in one's AP), as before."""
    log = Log(WfAProcedure(year=1776, season="fall", first_turn=False))
    log.markers(1776, "winter")
    out = _card_out(log, BRITISH)
    assert out.placement.pulse is not None and out.placement.pulse.side == BRITISH


def test_free_moves_in_the_reinforcement_phase_open_no_ap_once_dice_are_logged() -> None:
    """19.1: the Lake Navies "appear in the Fall Turn in 1776"; 15.8: repaired fleets come
    back in the Reinforcement Phase. In a log that shows initiative dice no AP begins
    before them, so such moves open no pulse and the rounds keep their numbers."""
    log = Log()
    turn_one(log)
    log.markers(1776, "fall")
    navy = log.feed(LakeNavyMoved(step=log.step(), side=COLONIAL, navy="colonial",
                                  origin="colonial_leader_pool", destination="ticonderoga"))[0]
    fleet = log.feed(FleetMoved(step=log.step(), side=BRITISH, fleet="graves",
                                origin="europe_box", destination="halifax", roll=3))[0]
    assert navy.placement.pulse is None and fleet.placement.pulse is None
    assert navy.placement.phase == REINFORCEMENT == fleet.placement.phase
    log.round(5, 2)
    assert pulses(log)[-2:] == [(BRITISH, 1, 1), (COLONIAL, 1, 2)]


def test_18_9_magazines_removed_after_the_last_winter_ap_open_no_ap() -> None:
    """18.9: "At the end of every Winter Turn, all magazines are removed": after the
    cycle's last AP, with the turn markers logged, that is no AP beyond the cycle."""
    log = Log()
    turn_one(log)
    _last_round_of_winter(log)
    removed = log.feed(MagazineRemoved(step=log.step(), side=COLONIAL, space="albany"))[0]
    assert not [f for f in removed.facts if isinstance(f, (PulseOpened, RoundOpened))]
    assert all(not f.beyond for f in log.facts(PulseOpened) if isinstance(f, PulseOpened))


def test_18_11_the_withdrawal_after_the_last_winter_ap_opens_no_ap() -> None:
    """18.11: "the '12' SP are immediately moved to the Caribbean in this phase" (the end
    of the Winter Turn); a free action (9.10) never opens an AP beyond the cycle."""
    log = Log()
    turn_one(log)
    _last_round_of_winter(log)
    moved = log.feed(FreeAction(step=log.step(), side=COLONIAL, kind=FreeKind.SIX_NATIONS),
                     FreeAction(step=log.step(), side=BRITISH,
                                kind=FreeKind.BRITISH_WITHDRAWAL))
    assert not [f for a in moved for f in a.facts if isinstance(f, (PulseOpened, RoundOpened))]


def test_a_closed_pulse_points_at_its_last_action_not_at_what_followed() -> None:
    """A position judged as an AP closes was left by the AP's last action (a move), not
    by the next AP's first step: `PulseClosed.left_at`."""
    log = Log()
    log.activate(BRITISH, "boston")
    moved = log.step()
    log.feed(ForceMoved(step=moved, side=BRITISH, origin="boston", destination="newport",
                        units=("sp:british:3",)))
    log.activate(COLONIAL)
    closed = [f for f in log.facts(PulseClosed) if isinstance(f, PulseClosed)]
    assert closed[0].step == moved + 1 and closed[0].left_at == moved
