"""A War for America scenario log, replayed, becomes the expected typed actions; the board
becomes the expected state (where each unit, leader, fleet and marker is)."""

from __future__ import annotations

from pathlib import Path
from typing import TypeVar

import pytest

from adjudicator.binding import Binding, load_binding
from adjudicator.replay import Board, Step, iter_steps
from adjudicator.scenario import build_scenario_log
from adjudicator.systems.common.actions import Action, CardPlay, Roll
from adjudicator.systems.common.places import Place, PlaceKind, box, space
from adjudicator.systems.common.tracker import PieceTracker, Placed, Relocation, classifier
from adjudicator.systems.war_for_america.actions import (
    ActionCardPlayed,
    ApMarkerMoved,
    ArmyCreated,
    BattleLosses,
    CardDrawn,
    Combat,
    EnemyEntered,
    FleetMoved,
    ForceActivated,
    ForceMoved,
    FortBuilt,
    InitiativeDie,
    LossTaken,
    MagazinePlaced,
    MagazineRemoved,
    NavalTransport,
    Overrun,
    PwChanged,
    RetreatBeforeCombat,
    Retreated,
    RoundMarkerMoved,
    TurnMarkerMoved,
    UnitsRaised,
)
from adjudicator.systems.war_for_america.interpret import Interpreter
from adjudicator.systems.war_for_america.state import Entity, WfAState
from tests.conftest import REPO
from vmod_schema.buildfile import open_module
from vmod_schema.savefile import read_save

A = TypeVar("A", bound=Action)
WFA = REPO / "fixtures" / "war-for-america"
SCENARIOS = WFA / "scenarios"


def fixture_binding() -> Binding:
    """The committed binding of the fixture module (drafted from the fixture data)."""
    return load_binding(WFA / "binding.toml")


def interpret(scenario: Path, tmp_path: Path) -> tuple[list[Action], WfAState]:
    """Replay a scenario's log through the tracker and the interpreter."""
    log = build_scenario_log(scenario, tmp_path / f"{scenario.stem}.vlog")
    module = open_module(WFA / "module" / "buildFile.xml")
    tracker: PieceTracker[Entity] = PieceTracker(fixture_binding(), classifier(Entity))
    state = WfAState()
    interpreter = Interpreter(state)
    actions: list[Action] = []
    board = Board.for_module(module)
    for step in iter_steps(read_save(log), module, board=board):
        if step.index == 0:
            interpreter.begin(tracker.scan(board))
        else:
            actions += interpreter.step(step, tracker.update(step, board))
    return actions, state


@pytest.fixture(scope="module")
def opening(tmp_path_factory: pytest.TempPathFactory) -> tuple[list[Action], WfAState]:
    return interpret(SCENARIOS / "opening-pulses.toml", tmp_path_factory.mktemp("wfa"))


def _of(actions: list[Action], kind: type[A]) -> list[A]:
    return [a for a in actions if isinstance(a, kind)]


def test_the_opening_pulses_become_the_expected_actions_in_order(
        opening: tuple[list[Action], WfAState]) -> None:
    actions, _ = opening
    kinds = [type(a).__name__ for a in actions if not isinstance(a, Roll)]
    assert kinds == [
        "ApMarkerMoved", "ForceActivated", "ForceMoved", "EnemyEntered", "Combat",
        "LossTaken", "BattleLosses", "ApMarkerMoved", "ActionCardPlayed", "ForceActivated",
        "ForceMoved", "RoundMarkerMoved", "InitiativeDie", "InitiativeDie", "PwChanged"]


def test_markers_moves_and_dice_carry_their_values(
        opening: tuple[list[Action], WfAState]) -> None:
    actions, _ = opening
    (british_ap, colonial_ap) = _of(actions, ApMarkerMoved)
    assert (british_ap.step, british_ap.side, british_ap.before, british_ap.after) == (
        1, "british", 2, 1)
    assert colonial_ap.side == "colonial"
    first, second = _of(actions, ForceActivated)
    # The leaderless force's D6 rolled just before its move (WfA 12.2).
    assert (first.side, first.space, first.rolls, first.units) == (
        "british", "boston", (6,), ("sp:british:3",))
    assert (second.side, second.space, second.rolls) == ("colonial", "albany", (3,))
    move = _of(actions, ForceMoved)[0]
    assert (move.step, move.origin, move.destination, move.sp) == (3, "boston", "newport", 3)
    (entered,) = _of(actions, EnemyEntered)
    assert (entered.space, entered.sp, entered.enemy_sp) == ("newport", 3, 2)
    (combat,) = _of(actions, Combat)
    # Both D12 are two dice (WfA 2.0): 4+3 and 2+2.
    assert (combat.step, combat.side, combat.attacker_roll, combat.defender_roll) == (
        5, "british", 7, 4)
    (loss,) = _of(actions, LossTaken)
    assert (loss.step, loss.side, loss.space, loss.sp) == (6, "colonial", "newport", 2)
    assert loss.cause == "combat"
    (card,) = _of(actions, ActionCardPlayed)
    assert isinstance(card, CardPlay)
    assert (card.step, card.side, card.destination.kind) == (8, "colonial", PlaceKind.DISCARD)
    assert [(d.side, d.value) for d in _of(actions, InitiativeDie)] == [
        ("british", 5), ("colonial", 2)]
    (round_moved,) = _of(actions, RoundMarkerMoved)
    assert round_moved.round == 2
    (pw,) = _of(actions, PwChanged)
    assert (pw.side, pw.before, pw.after) == ("colonial", 13, 12)


def test_the_state_holds_every_unit_marker_and_card_where_the_board_shows_it(
        opening: tuple[list[Action], WfAState]) -> None:
    _, state = opening
    assert state.space("boston").sp == {"british": 5}
    assert state.space("newport").sp == {"british": 3}
    assert state.space("saratoga").sp_of("colonial") == 3
    assert state.space("albany").total_sp == 0
    assert state.space("philadelphia").sp == {"continental": 2, "militia": 1}
    assert state.space("new_york_city").garrisons == {"british": 1}
    assert state.at(box("europe_box")).sp == {"british": 2}
    assert state.fleet_at["channel_fleet"] == box("europe_box")
    assert state.track_value("pw:british") == 2
    assert state.track_value("pw:colonial") == 12
    assert state.track_value("ap:british") == 1
    assert state.track_value("year") == 1775
    assert state.track_value("round") == 2
    assert state.hand_size["colonial"] == 1 and state.hand_size["british"] == 1
    assert [space_id for space_id, _ in state.spaces()] != []
    assert space("newport") in state.holdings


def _placed(kind: str, place: object) -> Placed[Entity]:
    entity = Entity.parse(kind)
    assert entity is not None
    return Placed(entity, place)  # type: ignore[arg-type]


def test_sp_exchanged_for_others_of_the_same_nation_is_no_loss_and_no_levy() -> None:
    state = WfAState()
    interpreter = Interpreter(state)
    five = Relocation("1", "British SP 5", None, _placed("sp:british:5", space("boston")))
    interpreter.begin([five])
    swap = [Relocation("1", "British SP 5", five.after, None),
            Relocation("2", "British SP 2", None, _placed("sp:british:2", space("boston"))),
            Relocation("3", "British SP 3", None, _placed("sp:british:3", space("boston")))]
    assert interpreter.step(Step(index=1, side="British"), swap) == []
    assert state.space("boston").sp == {"british": 5}
    # A levy: new Continentals (WfA 10.2) are raised, a net gain.
    levy = [Relocation("4", "Continental SP 2", None,
                       _placed("sp:continental:2", space("albany")))]
    (raised,) = interpreter.step(Step(index=2, side="Colonial"), levy)
    assert isinstance(raised, UnitsRaised)
    assert (raised.kind.value, raised.place, raised.sp) == ("continental_levy", "albany", 2)


def test_europe_box_fleets_forts_and_magazines_are_recognised() -> None:
    state = WfAState()
    interpreter = Interpreter(state, fleet_side={"british_3": "british"})
    europe = box("europe_box")
    sp = Relocation("1", "British SP 2", None, _placed("sp:british:2", europe))
    fleet = Relocation("2", "British Fleet 3", None, _placed("fleet:british_3", europe))
    interpreter.begin([sp, fleet])
    landed = interpreter.step(Step(index=1, side="British"), [
        Relocation("1", "British SP 2", sp.after, _placed("sp:british:2", space("boston")))])
    # A move from the Europe Box is a placement, not a levy (WfA 8.5-8.8).
    (transport,) = landed
    assert isinstance(transport, NavalTransport)
    assert (transport.origin, transport.destination, transport.sp, transport.reinforcement) == (
        "europe_box", "boston", 2, True)
    # New SP put in the Europe Box are reinforcements (WfA 8.1).
    (arrived,) = interpreter.step(Step(index=9, side="British"), [
        Relocation("9", "German SP 3", None, _placed("sp:german:3", europe))])
    assert isinstance(arrived, UnitsRaised)
    assert (arrived.kind.value, arrived.place, arrived.sp) == ("reinforcement", "europe_box", 3)
    sailed = interpreter.step(Step(index=2, side="British"), [
        Relocation("2", "British Fleet 3", fleet.after,
                   _placed("fleet:british_3", space("halifax")))])
    assert [(type(a), getattr(a, "destination", None)) for a in sailed] == [
        (FleetMoved, "halifax")]
    build = _placed("fort:colonial:build", space("albany"))
    (placed,) = interpreter.step(Step(index=3, side="Colonial"),
                                 [Relocation("5", "Colonial Fort (Build)", None, build)])
    assert isinstance(placed, FortBuilt) and not placed.completed
    (flipped,) = interpreter.step(Step(index=4, side="Colonial"), [
        Relocation("5", "Colonial Fort", build, _placed("fort:colonial:complete",
                                                        space("albany")))])
    assert isinstance(flipped, FortBuilt) and flipped.completed
    assert state.space("albany").forts == [("colonial", "complete")]
    magazine = _placed("magazine:british", space("boston"))
    (put,) = interpreter.step(Step(index=5, side="British"),
                              [Relocation("6", "British Magazine", None, magazine)])
    assert isinstance(put, MagazinePlaced) and put.side == "british"
    (taken,) = interpreter.step(Step(index=6, side="Colonial"), [
        Relocation("6", "Colonial Magazine", magazine,
                   _placed("magazine:colonial", space("boston")))])
    assert isinstance(taken, MagazineRemoved) and taken.captured and taken.side == "british"


def test_the_defender_leaving_before_the_dice_retreats_before_combat_after_them_retreats(
        ) -> None:
    from adjudicator.replay.dice import Roll as DiceRoll

    state = WfAState()
    interpreter = Interpreter(state)
    militia = Relocation("1", "Militia SP 2", None, _placed("sp:militia:2", space("newport")))
    british = Relocation("2", "British SP 3", None, _placed("sp:british:3", space("boston")))
    interpreter.begin([militia, british])
    moved = interpreter.step(Step(index=1, side="British"), [
        Relocation("2", "British SP 3", british.after, _placed("sp:british:3",
                                                                 space("newport")))])
    assert [type(a) for a in moved] == [ForceActivated, ForceMoved, EnemyEntered]
    away = Relocation("1", "Militia SP 2", militia.after,
                      _placed("sp:militia:2", space("new_london")))
    (before,) = interpreter.step(Step(index=2, side="Colonial"), [away])
    assert isinstance(before, RetreatBeforeCombat)
    assert (before.side, before.origin, before.destination) == ("colonial", "newport",
                                                               "new_london")
    # Again, this time the dice are rolled first: the militia's move is a retreat.
    back = Relocation("1", "Militia SP 2", away.after, _placed("sp:militia:2",
                                                                 space("newport")))
    interpreter.begin([back])
    onward = Relocation("2", "British SP 3", _placed("sp:british:3", space("newport")),
                        _placed("sp:british:3", space("new_london")))
    interpreter.step(Step(index=3, side="British"), [onward])
    again = Relocation("2", "British SP 3", onward.after,
                       _placed("sp:british:3", space("newport")))
    assert EnemyEntered in {type(a) for a in interpreter.step(
        Step(index=4, side="British"), [again])}
    interpreter.step(Step(index=5, side="British",
                          rolls=(DiceRoll("2d6", (5, 4), 9),)), [])
    (combat,) = [a for a in interpreter.step(
        Step(index=6, side="Colonial", rolls=(DiceRoll("2d6", (1, 2), 3),)), [])
        if isinstance(a, Combat)]
    assert (combat.attacker_roll, combat.defender_roll) == (9, 3)
    over, after = interpreter.step(Step(index=7, side="Colonial"), [Relocation(
        "1", "Militia SP 2", back.after, _placed("sp:militia:2", space("new_london")))])
    # The battle is over when the loser retreats (WfA 13.0 Steps 8-9): nothing was lost.
    assert isinstance(over, BattleLosses)
    assert (over.space, over.side, over.retreated, over.removed) == (
        "newport", "british", "colonial", ())
    assert over.before == (("british", 3), ("militia", 2))
    assert isinstance(after, Retreated) and after.origin == "newport"
    assert after.attacker is False


def test_a_force_takes_its_sides_dice_water_lines_and_key_spaces_from_the_data() -> None:
    from adjudicator.replay.dice import Roll as DiceRoll

    state = WfAState()
    interpreter = Interpreter(state, leader_side={"washington": "colonial"},
                              water_lines=[("philadelphia", "wilmington_de")],
                              key_spaces={"wilmington_de": True})
    leader = Relocation("1", "George Washington", None,
                        _placed("leader:washington", space("philadelphia")))
    troops = Relocation("2", "Continental SP 3", None,
                        _placed("sp:continental:3", space("philadelphia")))
    enemy = Relocation("3", "British SP 2", None, _placed("sp:british:2",
                                                           space("wilmington_de")))
    interpreter.begin([leader, troops, enemy])
    # Washington's 6 is re-rolled (WfA 11.10): both dice belong to the activation.
    for index, value in ((1, 6), (2, 4)):
        interpreter.step(Step(index=index, side="Colonial",
                              rolls=(DiceRoll("1d6", (value,), value),)), [])
    actions = interpreter.step(Step(index=3, side="Colonial"), [
        Relocation("1", "George Washington", leader.after,
                   _placed("leader:washington", space("wilmington_de"))),
        Relocation("2", "Continental SP 3", troops.after,
                   _placed("sp:continental:3", space("wilmington_de")))])
    activated, moved, entered = actions
    assert isinstance(activated, ForceActivated)
    assert (activated.leader, activated.rolls, activated.sp) == ("washington", (6, 4), 3)
    assert isinstance(moved, ForceMoved) and moved.water
    assert isinstance(entered, EnemyEntered) and entered.key is True


def test_a_card_drawn_and_an_army_created_with_its_units_on_the_army_card(
        tmp_path: Path) -> None:
    actions, state = interpret(SCENARIOS / "illegal-army-created-in-1775.toml", tmp_path)
    (drawn,) = _of(actions, CardDrawn)
    assert (drawn.step, drawn.side, drawn.card) == (1, "colonial", "fixture_card_8")
    (created,) = _of(actions, ArmyCreated)
    assert (created.step, created.side, created.army, created.space, created.leader) == (
        5, "colonial", "w", "philadelphia", "washington")
    assert state.army_at["w"] == space("philadelphia")
    assert state.leader_at["washington"] == box("army_w")
    assert state.at(box("army_w")).sp == {"continental": 5, "militia": 1}
    assert state.space("philadelphia").total_sp == 0
    assert state.hand_size["colonial"] == 1


def test_the_defender_removed_before_any_die_is_overrun_and_a_new_season_is_read() -> None:
    state = WfAState()
    interpreter = Interpreter(state)
    militia = Relocation("1", "Militia SP 1", None, _placed("sp:militia:1", space("lewes")))
    british = Relocation("2", "British SP 5", None, _placed("sp:british:5",
                                                             space("wilmington_de")))
    season = Relocation("3", "Season", None, _placed("season", box("x")))
    interpreter.begin([militia, british])
    entered = interpreter.step(Step(index=1, side="British"), [Relocation(
        "2", "British SP 5", british.after, _placed("sp:british:5", space("lewes")))])
    assert EnemyEntered in {type(a) for a in entered}
    # 5:1 is short of 8:1, but the log only shows the militia gone before any die.
    overrun, loss = interpreter.step(Step(index=2, side="Colonial"),
                                     [Relocation("1", "Militia SP 1", militia.after, None)])
    assert isinstance(overrun, Overrun)
    assert (overrun.side, overrun.space, overrun.sp, overrun.enemy_sp, overrun.removed) == (
        "british", "lewes", 5, 1, ("sp:militia",))
    assert isinstance(loss, LossTaken) and loss.cause == "overrun"
    # The Seasonal marker moving to a box of the STRT is a new turn's season (WfA 3.1).
    (turn,) = interpreter.step(Step(index=3, side="British"), [Relocation(
        "3", "Season", season.after, _placed("season", Place(PlaceKind.TRACK,
                                                             "season_late_spring")))])
    assert isinstance(turn, TurnMarkerMoved) and turn.season == "late_spring"


@pytest.mark.parametrize("season, shown", [("season_winter", True), ("season_fall", False)],
                         ids=["WfA-18.3-winter", "WfA-18.3-not-winter"])
def test_attrition_is_read_only_in_a_winter_turn_after_the_step_is_announced(
        season: str, shown: bool) -> None:
    state = WfAState()
    interpreter = Interpreter(state, winter_seasons=["winter"])
    marker = Relocation("1", "Season", None, _placed("season", Place(PlaceKind.TRACK, season)))
    five = Relocation("2", "Continental SP 5", None, _placed("sp:continental:5",
                                                             space("albany")))
    interpreter.begin([marker, five])
    said = interpreter.step(Step(index=1, side="Colonial",
                                 chat=("<Abigail> Continental attrition",)), [])
    assert [(type(a).__name__, getattr(a, "kind", None)) for a in said] == (
        [("WinterStep", "attrition")] if shown else [])
    (loss,) = interpreter.step(Step(index=2, side="Colonial"),
                               [Relocation("2", "Continental SP 5", five.after, None)])
    assert isinstance(loss, LossTaken)
    assert loss.cause == ("attrition" if shown else "")


def test_a_europe_box_stack_lands_as_one_transport_with_its_d6() -> None:
    """WfA 8.5, 8.7 (TRN-06): one D6 per stack for the MP of its voyage."""
    from adjudicator.replay.dice import Roll as DiceRoll

    state = WfAState()
    interpreter = Interpreter(state)
    europe = box("europe_box")
    two = Relocation("1", "British SP 2", None, _placed("sp:british:2", europe))
    three = Relocation("2", "German SP 3", None, _placed("sp:german:3", europe))
    interpreter.begin([two, three])
    interpreter.step(Step(index=1, side="British", rolls=(DiceRoll("1d6", (4,), 4),)), [])
    landed = interpreter.step(Step(index=2, side="British"), [
        Relocation("1", "British SP 2", two.after, _placed("sp:british:2", space("boston"))),
        Relocation("2", "German SP 3", three.after, _placed("sp:german:3", space("boston")))])
    (transport,) = landed
    assert isinstance(transport, NavalTransport)
    assert (transport.destination, transport.sp, transport.roll, transport.units) == (
        "boston", 5, 4, ("sp:british:2", "sp:german:3"))
    # The die is used: a later stack without its own D6 shows none.
    one = Relocation("3", "British SP 1", None, _placed("sp:british:1", europe))
    interpreter.step(Step(index=3, side="British"), [one])
    (later,) = interpreter.step(Step(index=4, side="British"), [
        Relocation("3", "British SP 1", one.after, _placed("sp:british:1", space("halifax")))])
    assert isinstance(later, NavalTransport) and later.roll is None
