"""Scenario logs, replayed through the interpreter the referee builds from the fixture
data (`referee.interpreter_for`), give the actions the rule families asked for: where the
attacker came from and who retreated (WfA 13.3), a surrender with its regulars (13.9,
digest §8 A-15), each side's battle losses (13.0 Step 8), the British Withdrawal (13.14)
and a Leader Muster pulled one group at a time (12.9)."""

from __future__ import annotations

from pathlib import Path
from typing import TypeVar

import pytest

from adjudicator.binding import load_binding
from adjudicator.replay import Board, iter_steps
from adjudicator.scenario import build_scenario_log
from adjudicator.systems.common.actions import Action
from adjudicator.systems.common.tracker import PieceTracker, classifier
from adjudicator.systems.war_for_america.actions import (
    BattleLosses,
    Combat,
    DMarkerPlaced,
    ForceActivated,
    FreeAction,
    FreeKind,
    LeaderMustered,
    LossTaken,
    MajorVictoryMarked,
    Retreated,
    Surrendered,
    WinterStep,
)
from adjudicator.systems.war_for_america.data import load_data
from adjudicator.systems.war_for_america.referee import interpreter_for
from adjudicator.systems.war_for_america.state import Entity, WfAState
from tests.conftest import REPO
from vmod_schema.buildfile import open_module
from vmod_schema.savefile import read_save

A = TypeVar("A", bound=Action)
WFA = REPO / "fixtures" / "war-for-america"


def interpret(name: str, tmp_path: Path) -> list[Action]:
    """Every action of a scenario's log, the battle still open at its end closed too."""
    log = build_scenario_log(WFA / "scenarios" / f"{name}.toml", tmp_path / f"{name}.vlog")
    module = open_module(WFA / "module" / "buildFile.xml")
    tracker: PieceTracker[Entity] = PieceTracker(load_binding(WFA / "binding.toml"),
                                                 classifier(Entity))
    interpreter = interpreter_for(load_data([WFA / "data" / "fixture.toml"]), WfAState())
    board = Board.for_module(module)
    actions: list[Action] = []
    last = 0
    for step in iter_steps(read_save(log), module, board=board):
        if step.index == 0:
            interpreter.begin(tracker.scan(board))
        else:
            actions += interpreter.step(step, tracker.update(step, board))
            last = step.index
    return actions + interpreter.close(last)


def only(actions: list[Action], kind: type[A]) -> A:
    (found,) = [a for a in actions if isinstance(a, kind)]
    return found


def test_the_beaten_attacker_goes_back_where_it_came_from_marked_d(tmp_path: Path) -> None:
    actions = interpret("int-attacker-retreats-to-its-entry-space", tmp_path)
    combat = only(actions, Combat)
    assert (combat.step, combat.space, combat.entered_from) == (5, "albany", "saratoga")
    retreat = only(actions, Retreated)
    assert (retreat.step, retreat.side, retreat.destination, retreat.attacker) == (
        6, "british", "saratoga", True)
    over = only(actions, BattleLosses)
    assert (over.step, over.retreated, over.removed) == (6, "british", ())
    marker = only(actions, DMarkerPlaced)
    assert (marker.step, marker.side, marker.space) == (7, "british", "saratoga")


def test_the_force_removed_and_the_victors_flag_are_a_surrender(tmp_path: Path) -> None:
    actions = interpret("int-surrender-with-a-major-victory", tmp_path)
    flag = only(actions, MajorVictoryMarked)
    assert (flag.step, flag.side, flag.place) == (8, "british", "year_1775")
    surrendered = only(actions, Surrendered)
    # The 5 SP removed after the 3 lost in Step 8: the surrender's regulars.
    assert (surrendered.step, surrendered.side, surrendered.space, surrendered.regular_sp) == (
        8, "colonial", "albany", 5)
    over = only(actions, BattleLosses)
    assert over.before == (("british", 8), ("continental", 8))
    assert (over.removed, over.surrendered, over.retreated) == (
        (("continental", 8),), "colonial", None)


def test_british_and_german_sp_sent_to_the_caribbean_in_winter_are_the_withdrawal(
        tmp_path: Path) -> None:
    actions = interpret("int-illegal-germans-in-the-withdrawal", tmp_path)
    moves = [(a.step, a.kind, a.origin, a.destination, a.units) for a in actions
             if isinstance(a, FreeAction)]
    assert moves == [
        (1, FreeKind.BRITISH_WITHDRAWAL, "quebec", "st_lucia", ("sp:british:3",)),
        (2, FreeKind.BRITISH_WITHDRAWAL, "montreal", "windward_isles", ("sp:german:2",))]
    assert not any(isinstance(a, ForceActivated) for a in actions)


@pytest.mark.parametrize("name", ["int-leader-muster"], ids=["WfA-12.9"])
def test_a_second_group_pulled_onto_the_leader_makes_the_ap_a_muster(name: str,
                                                                     tmp_path: Path) -> None:
    actions = interpret(name, tmp_path)
    mustered = only(actions, LeaderMustered)
    assert (mustered.step, mustered.leader, mustered.space, mustered.pulled) == (
        4, "grant", "new_haven", (("new_london", 2), ("highlands", 3)))
    # The first pull was read as the AP's force; the second is no second force (9.3).
    assert len([a for a in actions if isinstance(a, ForceActivated)]) == 1


@pytest.mark.parametrize("name", ["int2-winter-attrition-and-quartering"], ids=["WfA-18.3-18.7"])
def test_losses_after_an_announced_winter_step_are_its_attrition_or_quartering(
        name: str, tmp_path: Path) -> None:
    actions = interpret(name, tmp_path)
    shown = [(a.step, a.kind) for a in actions if isinstance(a, WinterStep)]
    assert shown == [(1, "attrition"), (3, "quartering")]
    losses = [(a.step, a.side, a.space, a.sp, a.cause) for a in actions
              if isinstance(a, LossTaken)]
    assert losses == [(2, "colonial", "albany", 4, "attrition"),
                      (4, "british", "saratoga", 1, "quartering")]
