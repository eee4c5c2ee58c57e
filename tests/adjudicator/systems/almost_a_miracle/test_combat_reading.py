"""Battles read from steps as VASSAL logs them (read_battles.py): the entry, each roll as
its own step, the removals, the loser's retreat; then judged by every family."""

from __future__ import annotations

from adjudicator.replay import Step
from adjudicator.replay.dice import Roll
from adjudicator.systems.almost_a_miracle.actions import (
    BattleEnded,
    BattleJoined,
    EndeavorTaken,
    ForceMoved,
    LossTaken,
    Retreated,
)
from adjudicator.systems.almost_a_miracle.data import bundled_data
from adjudicator.systems.almost_a_miracle.interpret import Reader
from adjudicator.systems.almost_a_miracle.reading import Shown
from adjudicator.systems.almost_a_miracle.referee import SIDE_WORDS
from adjudicator.systems.almost_a_miracle.state import AaMState, Entity
from adjudicator.systems.common.actions import Action
from adjudicator.systems.common.places import Place, PlaceKind
from adjudicator.systems.common.steps import StepReader, roster_words
from adjudicator.systems.common.tracker import Placed, Relocation
from tests.adjudicator.systems.almost_a_miracle.rulekit import context, done, ids, judged

SHOWN = Shown("1776", "June", "Endeavors")
Move = tuple[str, str | None, str | None, str | None, str | None]
"""(piece, entity before, Area before, entity after, Area after)."""


class Table:
    """A game being read step by step."""

    def __init__(self, *pieces: tuple[str, str, str]) -> None:
        data = bundled_data()
        kinds = {key: str(kind.side) for key, kind in data.unit_kinds.items()}
        leaders = {key: str(leader.side) for key, leader in data.leaders.items()}

        def side_of(entity: Entity) -> str | None:
            if entity.kind == "sp":
                return kinds.get(entity.key)
            if entity.kind == "leader":
                return leaders.get(entity.key)
            return entity.key if entity.key in SIDE_WORDS else None

        self.state = AaMState()
        for piece, entity_id, area in pieces:
            entity = Entity.parse(entity_id)
            assert entity is not None
            self.state.pieces[piece] = (entity, Place(PlaceKind.SPACE, area))
        self.reader = Reader(self.state, side_of)
        self.steps: StepReader[Entity, str | None] = StepReader(
            side_of=roster_words(SIDE_WORDS), is_card=lambda entity: False)
        self.index = 0
        self.actions: list[Action] = []

    def play(self, side: str, *moves: Move, roll: int | None = None) -> list[Action]:
        """One step: a player's roll of 1d6, or his pieces moved, removed or replaced."""
        self.index += 1
        relocations = [Relocation(piece, piece, _placed(before, origin), _placed(after, dest))
                       for piece, before, origin, after, dest in moves]
        for relocation in relocations:
            self.state.apply(relocation)
        rolls = (Roll("1d6", (roll,), roll),) if roll is not None else ()
        view = self.steps.read(Step(index=self.index, side=side, rolls=rolls), relocations)
        found = self.reader.step(view, SHOWN, side, "endeavors")
        self.actions += found
        return found


def _placed(entity_id: str | None, area: str | None) -> Placed[Entity] | None:
    if entity_id is None:
        return None
    entity = Entity.parse(entity_id)
    assert entity is not None
    return Placed(entity, Place(PlaceKind.SPACE, area) if area else None)


def of(actions: list[Action], kind: type[Action]) -> list[Action]:
    return [action for action in actions if isinstance(action, kind)]


def battle_in_newport() -> Table:
    """60 British regulars under Clinton attack 20 Continental regulars under Greene in
    Newport; the British casualty total is 3 higher (5 against 2): the British lose
    max(1, 2 - 3) = 1 SP, the Continentals 6 + 3 = 9 (AaM 11.2.4)."""
    table = Table(("b1", "sp:brit_regular:60", "NE13"), ("cl", "leader:clinton", "NE13"),
                  ("c1", "sp:cont_regular:20", "NE10"), ("gr", "leader:greene", "NE10"),
                  ("c9", "sp:cont_regular:5", "NE14"), ("hz", "leader:heath", "NE14"))
    table.play("British", roll=2)
    table.play("British", ("b1", "sp:brit_regular:60", "NE13", "sp:brit_regular:60", "NE10"),
               ("cl", "leader:clinton", "NE13", "leader:clinton", "NE10"))
    for side, die in (("British", 4), ("Continental", 3), ("British", 5),
                      ("Continental", 2)):
        table.play(side, roll=die)
    return table


def test_a_battle_read_from_its_steps_is_legal() -> None:
    """The loser takes its casualties, then retreats into an adjacent Area (AaM 11.2.4,
    11.4); the retreat is no endeavor of the Continental player."""
    table = battle_in_newport()
    assert len(of(table.actions, BattleJoined)) == 1
    joined = of(table.actions, BattleJoined)[0]
    assert isinstance(joined, BattleJoined)
    assert (joined.attacker.strength, joined.defender.strength) == (60, 20)
    losses = table.play("British", ("b1", "sp:brit_regular:60", "NE10", None, None),
                        ("b2", None, None, "sp:brit_regular:59", "NE10"),
                        ("c1", "sp:cont_regular:20", "NE10", None, None),
                        ("c2", None, None, "sp:cont_regular:11", "NE10"))
    assert sorted((loss.side, loss.strength) for loss in of(losses, LossTaken)
                  if isinstance(loss, LossTaken)) == [("british", 1), ("continental", 9)]
    retreat = table.play("Continental",
                         ("c2", "sp:cont_regular:11", "NE10", "sp:cont_regular:11", "NE9"),
                         ("gr", "leader:greene", "NE10", "leader:greene", "NE9"))
    assert of(retreat, Retreated) and not of(retreat, EndeavorTaken)
    assert [m.within for m in of(retreat, ForceMoved) if isinstance(m, ForceMoved)] == ["retreat"]
    table.play("Continental", roll=1)
    after = table.play("Continental",
                       ("c9", "sp:cont_regular:5", "NE14", "sp:cont_regular:5", "NE13"),
                       ("hz", "leader:heath", "NE14", "leader:heath", "NE13"))
    assert isinstance(after[0], BattleEnded)
    assert of(after, EndeavorTaken), "the next endeavor is read as before"
    ended = after[0]
    assert ended.loser == "continental"
    outcomes = judged(ended, context())
    assert not ids(outcomes)
    assert {"AAM-CBT-10", "AAM-CBT-16", "AAM-RET-07"} <= done(outcomes)


def test_the_attacker_going_on_after_the_battle_is_found_at_its_move() -> None:
    """AaM 10.3: "Combat ends the endeavor." The British force leaves Newport after the
    Continentals retreat."""
    table = battle_in_newport()
    table.play("British", ("b1", "sp:brit_regular:60", "NE10", "sp:brit_regular:59", "NE10"),
               ("c1", "sp:cont_regular:20", "NE10", "sp:cont_regular:11", "NE10"))
    table.play("Continental",
               ("c1", "sp:cont_regular:11", "NE10", "sp:cont_regular:11", "NE9"),
               ("gr", "leader:greene", "NE10", "leader:greene", "NE9"))
    on = table.play("British", ("b1", "sp:brit_regular:59", "NE10", "sp:brit_regular:59", "NE13"),
                    ("cl", "leader:clinton", "NE10", "leader:clinton", "NE13"))
    assert not of(on, EndeavorTaken), "the same endeavor going on"
    closing = table.play("Continental", roll=3)
    assert not of(closing, BattleEnded)
    end = table.play("Continental", ("hz", "leader:heath", "NE14", "leader:heath", "NE19"))
    ended = next(a for a in end if isinstance(a, BattleEnded))
    outcomes = judged(ended, context())
    assert "AAM-CBT-16" in ids(outcomes)
    finding = next(o for o in outcomes if getattr(o, "rule_id", "") == "AAM-CBT-16")
    assert finding.step == on[0].step


def test_losses_no_casualty_roll_gives_are_found_at_the_removal() -> None:
    """AaM 11.2.4: with 60 against 20 a Continental loss of 4 with a British loss of 1 is
    no result (the British higher: at least 7; a tie: 1 each)."""
    table = battle_in_newport()
    removal = table.play("British",
                         ("c1", "sp:cont_regular:20", "NE10", "sp:cont_regular:16", "NE10"),
                         ("b1", "sp:brit_regular:60", "NE10", "sp:brit_regular:59", "NE10"))
    table.play("Continental",
               ("c1", "sp:cont_regular:16", "NE10", "sp:cont_regular:16", "NE9"),
               ("gr", "leader:greene", "NE10", "leader:greene", "NE9"))
    table.play("Continental", roll=6)
    end = table.play("Continental", ("hz", "leader:heath", "NE14", "leader:heath", "NE19"))
    ended = next(a for a in end if isinstance(a, BattleEnded))
    outcomes = judged(ended, context())
    assert "AAM-CBT-10" in ids(outcomes)
    finding = next(o for o in outcomes if getattr(o, "rule_id", "") == "AAM-CBT-10")
    assert finding.step == removal[0].step


def test_an_overrun_is_no_battle() -> None:
    """AaM 10.4.1, 10.4.7: 60 SP enter an Area with 3 enemy SP: they are eliminated with
    no roll; overrun is not combat."""
    table = Table(("b1", "sp:brit_regular:60", "NE13"), ("cl", "leader:clinton", "NE13"),
                  ("c1", "sp:cont_regular:3", "NE10"), ("hz", "leader:heath", "NE1"))
    table.play("British", roll=2)
    table.play("British", ("b1", "sp:brit_regular:60", "NE13", "sp:brit_regular:60", "NE10"),
               ("cl", "leader:clinton", "NE13", "leader:clinton", "NE10"))
    table.play("British", ("c1", "sp:cont_regular:3", "NE10", None, None))
    table.play("British", ("b1", "sp:brit_regular:60", "NE10", "sp:brit_regular:60", "NE14"),
               ("cl", "leader:clinton", "NE10", "leader:clinton", "NE14"))
    table.play("Continental", roll=4)
    table.play("Continental", ("hz", "leader:heath", "NE1", "leader:heath", "NE5"))
    assert not of(table.actions, BattleJoined)
    ended = [a for a in of(table.actions, BattleEnded) if isinstance(a, BattleEnded)]
    assert len(ended) == 1 and not ended[0].fought
    assert not ids(judged(ended[0], context()))


def test_a_retreat_before_combat_is_read_with_its_roll() -> None:
    """AaM 11.3.1: the defender rolls, then retreats before combat; the attacker may go on
    (AaM 11.3.3)."""
    table = Table(("b1", "sp:brit_regular:60", "NE13"), ("cl", "leader:clinton", "NE13"),
                  ("c1", "sp:cont_regular:20", "NE10"), ("gr", "leader:greene", "NE10"),
                  ("hz", "leader:heath", "NE14"))
    table.play("British", roll=2)
    table.play("British", ("b1", "sp:brit_regular:60", "NE13", "sp:brit_regular:60", "NE10"),
               ("cl", "leader:clinton", "NE13", "leader:clinton", "NE10"))
    table.play("Continental", roll=2)
    retreat = table.play("Continental",
                         ("c1", "sp:cont_regular:20", "NE10", "sp:cont_regular:20", "NE9"),
                         ("gr", "leader:greene", "NE10", "leader:greene", "NE9"))
    moves = of(retreat, Retreated)
    assert moves and isinstance(moves[0], Retreated) and moves[0].before_combat
    table.play("British", ("b1", "sp:brit_regular:60", "NE10", "sp:brit_regular:60", "NE13"),
               ("cl", "leader:clinton", "NE10", "leader:clinton", "NE13"))
    end = table.play("Continental", ("hz", "leader:heath", "NE14", "leader:heath", "NE19"))
    ended = next(a for a in end if isinstance(a, BattleEnded))
    assert ended.before_combat and not ended.fought
    outcomes = judged(ended, context())
    assert "AAM-CBT-16" not in ids(outcomes)
    assert "AAM-RET-02" in done(outcomes)


def test_a_reacting_force_is_the_attacker() -> None:
    """AaM 11.2: "The active player's force is the attacker (exception: Reaction Move)."
    Greene reacts from Providence into Worcester, which the British just entered."""
    table = Table(("b1", "sp:brit_regular:60", "NE13"), ("cl", "leader:clinton", "NE13"),
                  ("c1", "sp:cont_regular:20", "NE9"), ("gr", "leader:greene", "NE9"))
    table.play("British", roll=2)
    table.play("British", ("b1", "sp:brit_regular:60", "NE13", "sp:brit_regular:60", "NE14"),
               ("cl", "leader:clinton", "NE13", "leader:clinton", "NE14"))
    table.play("Continental", roll=1)
    table.play("Continental", ("c1", "sp:cont_regular:20", "NE9", "sp:cont_regular:20", "NE14"),
               ("gr", "leader:greene", "NE9", "leader:greene", "NE14"))
    shown = table.play("Continental", roll=4)
    joined = next(a for a in shown if isinstance(a, BattleJoined))
    assert (joined.side, joined.attacker.strength, joined.defender.strength) == (
        "continental", 20, 60)


def test_a_retreat_before_the_casualties_are_removed_is_after_combat() -> None:
    """AaM 11.2.3: the loser retreats "after casualties are determined". When the dice are
    all rolled before the loser leaves and takes its losses where it went, the move is the
    retreat after combat (not before), and the losses count where they are taken."""
    table = battle_in_newport()
    retreat = table.play("Continental",
                         ("c1", "sp:cont_regular:20", "NE10", "sp:cont_regular:20", "NE9"),
                         ("gr", "leader:greene", "NE10", "leader:greene", "NE9"))
    moves = [m for m in of(retreat, Retreated) if isinstance(m, Retreated)]
    assert moves and not moves[0].before_combat
    table.play("Continental", ("c1", "sp:cont_regular:20", "NE9", "sp:cont_regular:11", "NE9"))
    table.play("British", ("b1", "sp:brit_regular:60", "NE10", "sp:brit_regular:59", "NE10"))
    end = table.play("Continental", ("hz", "leader:heath", "NE14", "leader:heath", "NE19"))
    ended = next(a for a in end if isinstance(a, BattleEnded))
    assert (ended.lost("british"), ended.lost("continental")) == (1, 9)
    outcomes = judged(ended, context())
    assert "AAM-CBT-10" in done(outcomes)
    assert not ids(outcomes)
